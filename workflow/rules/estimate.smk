# Per-draw estimates: AUL^PU, AUC^PU and the AUC corrected with each MPE prior, one job per (dataset, beta).


rule estimate:
    input:
        scores=rules.score.output[0],
        draws=rules.draws.output[0],
        km=KM_OUTPUT,
        transform_mpe=TRANSFORM_MPE_OUTPUT,
        tice=TICE_OUTPUT,
    output:
        "results/estimates/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/estimate/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/estimate/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
    script:
        "../scripts/estimate.py"

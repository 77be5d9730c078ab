# Per-draw estimates: AUL^PU, AUC^PU and the AUC corrected with each MPE prior, one job per dataset over every
# beta; one file per beta, which later rules read by ESTIMATE_OUTPUT.
ESTIMATE_OUTPUT = "results/estimates/{dataset}/beta{beta}.parquet"


rule estimate:
    input:
        scores=rules.score.output[0],
        draws=every_beta(DRAWS_OUTPUT),
        km=every_beta(KM_OUTPUT),
        transform_mpe=every_beta(TRANSFORM_MPE_OUTPUT),
        tice=every_beta(TICE_OUTPUT),
    output:
        every_beta(ESTIMATE_OUTPUT),
    log:
        "results/logs/estimate/{dataset}.log",
    benchmark:
        "results/benchmarks/estimate/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
    script:
        "../scripts/estimate.py"

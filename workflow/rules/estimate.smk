# Per-draw estimates: AUL^PU, AUC^PU and the AUC corrected with each MPE prior, one job per (dataset, beta), which
# later rules read by ESTIMATE_OUTPUT (Figure 3 reads the paper's priors' own files instead). BBE is read from the
# stored transform here, its one reader (milliseconds a draw; a job of its own would cost more to start).
ESTIMATE_OUTPUT = "results/estimates/{dataset}/beta{beta}.parquet"


rule estimate:
    input:
        scores=rules.score.output[0],
        draws=DRAWS_OUTPUT,
        km=KM_OUTPUT,
        distcurve=DISTCURVE_OUTPUT,
        en=EN_OUTPUT,
        transform=rules.transform.output.scores,
        tice=TICE_OUTPUT,
    output:
        ESTIMATE_OUTPUT,
    log:
        "results/logs/estimate/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/estimate/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        seed=config["seed"],
        bbe=config["mpe"]["bbe"],
    script:
        "../scripts/estimate.py"

# PU draws and per-draw estimates (AUL^PU, AUC^PU, MPE-corrected AUC), one job per (dataset, beta).


rule draws:
    input:
        rules.binarize.output,
    output:
        "results/draws/{dataset}/beta{beta}.parquet",
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        n_draws=config["n_draws"],
        seed=config["seed"],
    log:
        "results/logs/draws/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/draws/{dataset}_beta{beta}.tsv"
    script:
        "../scripts/step.py"


rule estimate:
    input:
        scores=rules.score.output[0],
        draws=rules.draws.output[0],
        mpe=[
            "results/mpe/km/{dataset}/beta{beta}.parquet",
            "results/mpe/distcurve/{dataset}/beta{beta}.parquet",
        ],
    output:
        "results/estimates/{dataset}/beta{beta}.parquet",
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
    log:
        "results/logs/estimate/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/estimate/{dataset}_beta{beta}.tsv"
    script:
        "../scripts/step.py"

# SCAR draws: which positives are labeled, n_draws per (dataset, beta).


rule draws:
    input:
        rules.binarize.output[0],
    output:
        "results/draws/{dataset}/beta{beta}.parquet",
    log:
        "results/logs/draws/{dataset}_beta{beta}.log",
    benchmark:
        "results/benchmarks/draws/{dataset}_beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        n_draws=config["n_draws"],
        seed=config["seed"],
    script:
        "../scripts/draws.py"

# SCAR draws: which positives are labeled, n_draws per (dataset, beta), one job each (a new beta adds its own jobs
# and leaves the others' files alone; each draw is seeded by its own identity); later rules read DRAWS_OUTPUT.
DRAWS_OUTPUT = "results/draws/{dataset}/beta{beta}.parquet"


rule draws:
    input:
        rules.binarize.output[0],
    output:
        DRAWS_OUTPUT,
    log:
        "results/logs/draws/{dataset}/beta{beta}.log",
    benchmark:
        "results/benchmarks/draws/{dataset}/beta{beta}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        beta=lambda w: float(w.beta),
        n_draws=config["n_draws"],
        seed=config["seed"],
    script:
        "../scripts/draws.py"

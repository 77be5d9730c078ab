# SCAR draws: which positives are labeled, n_draws per (dataset, beta), one job per dataset over every beta (a
# job's start-up is seconds, its draws milliseconds); one file per beta, which later rules read by DRAWS_OUTPUT.
DRAWS_OUTPUT = "results/draws/{dataset}/beta{beta}.parquet"


rule draws:
    input:
        rules.binarize.output[0],
    output:
        every_beta(DRAWS_OUTPUT),
    log:
        "results/logs/draws/{dataset}.log",
    benchmark:
        "results/benchmarks/draws/{dataset}.tsv"
    conda:
        "../../environment.yml"
    params:
        dataset=lambda w: w.dataset,
        betas=[float(b) for b in BETAS],
        n_draws=config["n_draws"],
        seed=config["seed"],
    script:
        "../scripts/draws.py"

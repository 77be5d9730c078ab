from pueval.pipeline.steps import cost, run

run(cost, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import km, run

run(km, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import draws, run

run(draws, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

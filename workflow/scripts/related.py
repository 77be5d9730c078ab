from pueval.pipeline.steps import related, run

run(related, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

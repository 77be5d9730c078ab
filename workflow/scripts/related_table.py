from pueval.pipeline.steps import related_table, run

run(related_table, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

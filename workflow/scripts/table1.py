from pueval.pipeline.steps import table1, run

run(table1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import sar_table, run

run(sar_table, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import km_standardized_table

run(km_standardized_table, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

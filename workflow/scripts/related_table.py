from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import related_table

run(related_table, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import sar_table

run(sar_table, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

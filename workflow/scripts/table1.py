from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import table1

run(table1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

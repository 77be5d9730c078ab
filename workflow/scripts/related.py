from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import related

run(related, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

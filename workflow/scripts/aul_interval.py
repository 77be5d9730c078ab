from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import aul_interval

run(aul_interval, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import sar

run(sar, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

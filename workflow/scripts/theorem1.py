from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import theorem1

run(theorem1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

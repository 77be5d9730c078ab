from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import transform

run(transform, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import transform_mpe

run(transform_mpe, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

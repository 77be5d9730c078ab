from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import km_standardized

run(km_standardized, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import km

run(km, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

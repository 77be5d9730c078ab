from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import tice

run(tice, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

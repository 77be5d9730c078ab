from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import bbe

run(bbe, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

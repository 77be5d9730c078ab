from pueval.pipeline.steps import run
from pueval.pipeline.steps.data import score

run(score, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

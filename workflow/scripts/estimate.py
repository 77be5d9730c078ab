from pueval.pipeline.steps import run
from pueval.pipeline.steps.estimate import estimate

run(estimate, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import prior_intervals

run(prior_intervals, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import prior_bootstrap

run(prior_bootstrap, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.draws import draws

run(draws, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import cost

run(cost, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

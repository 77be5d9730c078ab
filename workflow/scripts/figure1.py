from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import figure1

run(figure1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

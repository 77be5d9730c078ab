from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import figure3

run(figure3, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import figure2

run(figure2, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

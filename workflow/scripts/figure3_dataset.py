from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_paper import figure3_dataset

run(figure3_dataset, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

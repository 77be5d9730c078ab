from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import model_selection

run(model_selection, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

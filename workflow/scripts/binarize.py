from pueval.pipeline.steps import run
from pueval.pipeline.steps.data import binarize

run(binarize, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

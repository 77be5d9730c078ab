from pueval.pipeline.steps import run
from pueval.pipeline.steps.jain import jain

run(jain, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

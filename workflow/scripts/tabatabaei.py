from pueval.pipeline.steps import run
from pueval.pipeline.steps.tabatabaei import tabatabaei

run(tabatabaei, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.tabatabaei import tabatabaei_designs

run(tabatabaei_designs, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

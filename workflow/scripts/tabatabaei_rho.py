from pueval.pipeline.steps import run
from pueval.pipeline.steps.tabatabaei import tabatabaei_rho

run(tabatabaei_rho, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

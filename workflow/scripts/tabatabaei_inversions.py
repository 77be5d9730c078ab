from pueval.pipeline.steps import run
from pueval.pipeline.steps.tabatabaei import tabatabaei_inversions

run(tabatabaei_inversions, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import paired_difference

run(paired_difference, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.claesen import claesen

run(claesen, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

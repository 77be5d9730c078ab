from pueval.pipeline.steps import run
from pueval.pipeline.steps.claesen import claesen_scores

run(claesen_scores, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

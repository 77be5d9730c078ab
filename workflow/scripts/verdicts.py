from pueval.pipeline.steps import run
from pueval.pipeline.steps.verdicts import verdicts

run(verdicts, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

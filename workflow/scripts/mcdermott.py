from pueval.pipeline.steps import run
from pueval.pipeline.steps.mcdermott import mcdermott

run(mcdermott, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

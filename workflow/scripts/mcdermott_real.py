from pueval.pipeline.steps import run
from pueval.pipeline.steps.mcdermott import mcdermott_real

run(mcdermott_real, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

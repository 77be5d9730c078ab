from pueval.pipeline.steps import run
from pueval.pipeline.steps.mcdermott import mcdermott_pu

run(mcdermott_pu, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.mcdermott import mcdermott_synthetic

run(mcdermott_synthetic, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

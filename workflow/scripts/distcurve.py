from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import distcurve

run(distcurve, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

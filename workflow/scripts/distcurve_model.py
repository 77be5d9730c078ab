from pueval.pipeline.steps import run
from pueval.pipeline.steps.mpe import distcurve_model

run(distcurve_model, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

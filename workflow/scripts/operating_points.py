from pueval.pipeline.steps import run
from pueval.pipeline.steps.aul_beyond import operating_points

run(operating_points, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

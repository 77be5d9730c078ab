from pueval.pipeline.steps import aul_interval, run

run(aul_interval, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import sar, run

run(sar, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

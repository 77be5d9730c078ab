from pueval.pipeline.steps import tice, run

run(tice, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import jain, run

run(jain, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import binarize, run

run(binarize, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

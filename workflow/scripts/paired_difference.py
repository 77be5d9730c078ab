from pueval.pipeline.steps import paired_difference, run

run(paired_difference, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import estimate, run

run(estimate, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

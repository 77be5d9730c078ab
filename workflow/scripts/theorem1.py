from pueval.pipeline.steps import theorem1, run

run(theorem1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import transform_mpe, run

run(transform_mpe, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

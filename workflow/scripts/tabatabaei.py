from pueval.pipeline.steps import tabatabaei, run

run(tabatabaei, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

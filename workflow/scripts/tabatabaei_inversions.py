from pueval.pipeline.steps import tabatabaei_inversions, run

run(tabatabaei_inversions, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

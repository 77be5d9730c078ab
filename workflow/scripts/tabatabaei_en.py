from pueval.pipeline.steps import tabatabaei_en, run

run(tabatabaei_en, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import tabatabaei_rho, run

run(tabatabaei_rho, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import mcdermott_real, run

run(mcdermott_real, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

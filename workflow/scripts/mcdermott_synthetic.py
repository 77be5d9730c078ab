from pueval.pipeline.steps import mcdermott_synthetic, run

run(mcdermott_synthetic, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import mcdermott, run

run(mcdermott, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

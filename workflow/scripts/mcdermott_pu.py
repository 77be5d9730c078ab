from pueval.pipeline.steps import mcdermott_pu, run

run(mcdermott_pu, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

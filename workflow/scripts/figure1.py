from pueval.pipeline.steps import figure1, run

run(figure1, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import figure3, run

run(figure3, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

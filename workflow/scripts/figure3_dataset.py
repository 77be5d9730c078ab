from pueval.pipeline.steps import figure3_dataset, run

run(figure3_dataset, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import figure2, run

run(figure2, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import claesen, run

run(claesen, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

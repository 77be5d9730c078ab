from pueval.pipeline.steps import claesen_scores, run

run(claesen_scores, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

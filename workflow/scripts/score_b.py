from pueval.pipeline.steps import score, run

run(score, snakemake)  # noqa: F821 (Snakemake injects `snakemake`; model B's capacity and stream come in params)

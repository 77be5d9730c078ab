from pueval.pipeline.steps import distcurve_model, run

run(distcurve_model, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.steps import distcurve, run

run(distcurve, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

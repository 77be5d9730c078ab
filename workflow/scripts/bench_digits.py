from pueval.pipeline.steps import run
from pueval.pipeline.steps.bench import bench_digits

run(bench_digits, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.bench import bench_tables

run(bench_tables, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

from pueval.pipeline.steps import run
from pueval.pipeline.steps.bench import bench_setting

run(bench_setting, snakemake)  # noqa: F821 (Snakemake injects `snakemake`)

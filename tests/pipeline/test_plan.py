"""pueval.pipeline.plan: a dry run's jobs read back, priced by a run's benchmark files."""

from pueval.pipeline import plan

JOB_STATS = """Job stats:
job      count
-----  -------
all          1
km           1
total        2
"""
# Snakemake 9 prints the job stats before the jobs and again after them
DRY_RUN = """Building DAG of jobs...
""" + JOB_STATS + """
[Fri Nov 27 19:05:33 2026]
rule km:
    input: results/data/airfoil.parquet, results/draws/airfoil/beta0.2.parquet
    output: results/mpe/km/airfoil/beta0.2.parquet
    log: results/logs/km/airfoil/beta0.2.log
    jobid: 7
    benchmark: results/benchmarks/km/airfoil/beta0.2.tsv
    reason: Params have changed since last execution: options
    wildcards: dataset=airfoil, beta=0.2
    priority: 10
    resources: tmpdir=/tmp
[Fri Nov 27 19:05:33 2026]
localrule all:
    input: results/table1.csv
    jobid: 0
    reason: Input files updated by another job: results/table1.csv
    resources: tmpdir=/tmp
""" + JOB_STATS


def test_a_dry_runs_jobs_are_read_with_their_wildcards_and_benchmark():
    jobs = plan.planned_jobs(DRY_RUN)
    assert [job.rule for job in jobs] == ["km", "all"]
    assert jobs[0].wildcards == {"dataset": "airfoil", "beta": "0.2"}
    assert jobs[0].benchmark == "results/benchmarks/km/airfoil/beta0.2.tsv"
    assert jobs[1].wildcards == {} and jobs[1].benchmark is None
    assert str(jobs[0]) == "km[dataset=airfoil, beta=0.2]"


def test_a_job_is_priced_by_its_benchmark_file_or_not_at_all(tmp_path):
    job = plan.planned_jobs(DRY_RUN)[0]
    assert plan.job_seconds(job, tmp_path) is None  # the run never ran it
    path = tmp_path / job.benchmark
    path.parent.mkdir(parents=True)
    path.write_text("s\th:m:s\tmax_rss\n3.25\t0:00:03\t10\n1.5\t0:00:01\t10\n")
    assert plan.job_seconds(job, tmp_path) == 4.75
    assert plan.job_seconds(plan.planned_jobs(DRY_RUN)[1], tmp_path) is None

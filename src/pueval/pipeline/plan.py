"""What an edited config makes the pipeline rerun: the jobs of a dry run, read back as values.

``snakemake -n`` prints one block per planned job (``rule X:``, then ``wildcards:``, ``benchmark:`` …).
:func:`planned_jobs` reads them into :class:`Job` values; :func:`job_seconds` prices a job by the benchmark file
an earlier run of it left (the job-seconds that run measured). The end-to-end test replays a table of edits
with it (``tests/test_workflow.py``) and ``benchmarks/edit_cost.py`` prints, for each edit of the default
config, the job-seconds planned against the job-seconds of the work the edit changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pueval.pipeline.summary import benchmark_seconds

_RULE = re.compile(r"^(?:local)?rule (\w+):$")


@dataclass(frozen=True)
class Job:
    """One planned job: its rule, its wildcards and its benchmark file (None: a rule without one)."""

    rule: str
    wildcards: dict[str, str] = field(default_factory=dict, hash=False)
    benchmark: str | None = None

    def __str__(self) -> str:
        named = ", ".join(f"{k}={v}" for k, v in self.wildcards.items())
        return f"{self.rule}[{named}]" if named else self.rule


def planned_jobs(dry_run_output: str) -> list[Job]:
    """The jobs a ``snakemake -n`` printed, in its order.

    Examples
    --------
    >>> out = '''rule km:
    ...     input: results/draws/airfoil/beta0.2.parquet
    ...     wildcards: dataset=airfoil, beta=0.2
    ...     benchmark: results/benchmarks/km/airfoil/beta0.2.tsv
    ... rule all:
    ...     jobid: 0'''
    >>> [str(job) for job in planned_jobs(out)]
    ['km[dataset=airfoil, beta=0.2]', 'all']
    """
    jobs: list[Job] = []
    for block in re.split(r"^(?=\s*(?:local)?rule \w+:\s*$)", dry_run_output, flags=re.M):
        lines = [line.strip() for line in block.splitlines()]
        found = _RULE.match(lines[0]) if lines else None
        if not found:
            continue
        items = dict(line.split(":", 1) for line in lines[1:] if ":" in line)  # a job's lines; then its tables
        wildcards = items.get("wildcards", "").strip()
        jobs.append(Job(found.group(1), dict(w.split("=", 1) for w in wildcards.split(", ")) if wildcards else {},
                        items["benchmark"].strip() if "benchmark" in items else None))
    return jobs


def job_seconds(job: Job, run: Path) -> float | None:
    """The wall seconds the run in folder ``run`` measured for ``job`` (its benchmark file), or None when that
    run has no benchmark of it (a job it never ran, or a rule without benchmark)."""
    if job.benchmark is None:
        return None
    path = Path(run) / job.benchmark
    return benchmark_seconds(path) if path.exists() else None

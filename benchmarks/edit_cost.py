"""What an edit of the default config costs: for each edit, the job-seconds Snakemake plans against the
job-seconds of the work the edit changes (its share), priced by the benchmark files of a complete run.

    cd RUN && uv run python /path/to/benchmarks/edit_cost.py --run . [--mirror ../shared/uci]

``--run`` (RUN) is the folder of a complete default run (a clone where ``snakemake --cores 2`` ran, with its
``.snakemake`` records and ``results/benchmarks``), planned with that folder's own environment (another
installation of pueval is another path to the shipped DistCurve regressor, an input of several rules, so every
job reading it would be planned); each edit is a config file merged over the run's config,
planned by ``snakemake -n`` in that folder (nothing runs, nothing is written there but the override file in a
temporary folder). A planned job is priced by its own benchmark file in the run; a job the run never ran (a
new β's) by the mean of the same rule's jobs on the same dataset.

Each edit names its share: the jobs that read the edited value, or the file of an estimator whose option it is
(declared below, from the rules' params and inputs), or a new β's own jobs. The aggregate tables (a rule whose
one job reads every setting of the run, and ``related``, which reads every β of a dataset) rerun on most edits;
they are counted apart. The target (#59): planned beyond the aggregates within 1.3x the share. The jobs planned
outside both are named.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from pueval.pipeline.plan import Job, job_seconds, planned_jobs

AGGREGATES = {"all", "verdicts", "table1", "figure2", "theorem1", "km_standardized_table", "related", "related_table",
              "aul_interval", "paired_difference", "operating_points", "prior_intervals", "figure3", "sar_table",
              "claesen", "jain", "model_selection"}
"""Rules whose job reads every setting of the run (``related``: every β of its dataset; ``jain`` and
``model_selection``: a study of one job over every dataset of ``run``)."""
PER_SETTING = {"draws", "km", "km_standardized", "transform", "distcurve", "tice", "estimate", "prior_bootstrap"}
"""Rules with one job per (dataset, β)."""


@dataclass
class Edit:
    name: str
    override: dict
    rules: set[str] = field(default_factory=set)  # rules whose jobs are the edit's share
    beta: str | None = None  # or: every job of this new β
    fraction: float = 1.0  # the share of those jobs' seconds that the edit changes (more draws: the new ones)

    def in_share(self, job: Job) -> bool:
        return job.rule in self.rules or (self.beta is not None and job.wildcards.get("beta") == self.beta)


EDITS = [
    Edit("add β 0.3 to `betas`", {"betas": [0.1, 0.2, 0.3, 0.4]}, beta="0.3"),
    Edit("`mpe.bbe.delta` 0.1 → 0.05", {"mpe": {"bbe": {"delta": 0.05}}},
         {"estimate", "sar", "model_selection", "cost", "prior_bootstrap"}),
    Edit("`mpe.tice.k` 5 → 4", {"mpe": {"tice": {"k": 4}}}, {"tice", "estimate", "sar", "cost", "prior_bootstrap"}),
    Edit("`mpe.distcurve.repetitions` 10 → 12", {"mpe": {"distcurve": {"repetitions": 12}}},
         {"distcurve_model", "distcurve", "estimate", "figure3_dataset", "sar", "cost", "prior_bootstrap"}),
    Edit("`figure3.repetitions` 10 → 12", {"figure3": {"repetitions": 12}}, {"figure3_dataset"}),
    Edit("`aul_interval.level` 0.95 → 0.9", {"aul_interval": {"level": 0.9}}, {"aul_interval"}),
    Edit("drop waveform from `run`", {"run": ["abalone", "airfoil", "anuran", "concrete", "landsat", "mushroom",
                                              "pageblock", "spambase"]}),
    # every file of a (dataset, β) holds all its draws: more draws rerun them all (docs/pipeline.md says why); the
    # share is the ten new draws' part of the work that reads the draws
    Edit("`n_draws` 50 → 60", {"n_draws": 60}, PER_SETTING | {"figure3_dataset", "claesen", "related"},
         fraction=10 / 60),
]


def plan(run: Path, override: dict, mirror: str | None) -> list[Job]:
    """The jobs ``snakemake -n`` plans in ``run`` with ``override`` merged over its config."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edit.yaml"
        path.write_text(yaml.safe_dump(override))
        command = [sys.executable, "-m", "snakemake", "-n", "-s", str(run / "Snakefile"), "--directory", str(run),
                   "--configfile", str(path)]
        if mirror:
            command += ["--config", f"uci_mirror={mirror}"]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"snakemake -n failed for {override}:\n{done.stderr[-3000:]}")
    return planned_jobs(done.stdout + done.stderr)  # Snakemake 9 prints the jobs' blocks to stderr


def price(job: Job, run: Path) -> tuple[float | None, bool]:
    """(seconds, estimated?): the job's own benchmark, else the mean of its rule's jobs on its dataset (a new β's
    job), else None (a job the run never ran, such as ``distcurve_model`` where the run read the shipped
    regressor)."""
    seconds = job_seconds(job, run)
    if seconds is not None or "beta" not in job.wildcards:
        return seconds, False
    folder = (run / job.benchmark).parent
    others = [job_seconds(Job(job.rule, benchmark=str(p.relative_to(run))), run) for p in folder.glob("*.tsv")]
    return (statistics.mean(others), True) if others else (None, False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", type=Path, required=True, help="folder of a complete default run")
    parser.add_argument("--mirror", default=None, help="uci_mirror as that run was given it")
    args = parser.parse_args()
    print("| edit | jobs planned | planned, s | aggregates, s | share, s | (planned − aggregates) / share | "
          "planned outside the share |")
    print("|---|---|---|---|---|---|---|")
    for edit in EDITS:
        jobs = [job for job in plan(args.run, edit.override, args.mirror) if job.rule != "all"]
        priced = {job: price(job, args.run) for job in jobs}
        seconds = {job: s or 0.0 for job, (s, _) in priced.items()}
        planned = sum(seconds.values())
        aggregates = sum(s for job, s in seconds.items() if job.rule in AGGREGATES and not edit.in_share(job))
        share = edit.fraction * sum(s for job, s in seconds.items() if edit.in_share(job))
        outside = [str(job) for job in jobs if job.rule not in AGGREGATES and not edit.in_share(job)]
        ratio = f"{(planned - aggregates) / share:.2f}" if share else ("–" if planned == aggregates else "∞")
        notes = [" (new jobs estimated)"] if any(e for _, e in priced.values()) else []
        notes += [f" ({', '.join(sorted({j.rule for j, (s, _) in priced.items() if s is None}))} not priced: the run "
                  "never ran it)"] if any(s is None for s, _ in priced.values()) else []
        print(f"| {edit.name} | {len(jobs)} | {planned:.0f}{''.join(notes)} | {aggregates:.0f} | {share:.0f} | "
              f"{ratio} | {', '.join(outside[:5]) + (' …' if len(outside) > 5 else '') or 'none'} |")


if __name__ == "__main__":
    main()

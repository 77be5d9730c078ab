"""results/run_summary.md: wall time, settings, package versions and seconds per rule of a run."""

from __future__ import annotations

import datetime
import platform
from importlib import metadata
from pathlib import Path

import pandas as pd

PACKAGES = ("snakemake", "numpy", "pandas", "scipy", "scikit-learn", "lightgbm", "numba", "matplotlib",
            "pyarrow", "ucimlrepo")


def benchmark_seconds(path) -> float:
    """The wall seconds of one job's Snakemake benchmark file (column ``s``, summed over its repeats)."""
    return float(pd.read_csv(path, sep="\t")["s"].sum())


def _rule_seconds(benchmarks: Path, started: float) -> pd.Series:
    """Total wall seconds per rule from the benchmark files of the jobs this run ran (written since ``started``)."""
    totals = {}
    for path in sorted(p for p in benchmarks.rglob("*.tsv") if p.stat().st_mtime >= started):
        parts = path.relative_to(benchmarks).parts  # a rule's own file, or its folder of one file per job
        rule = parts[0] if len(parts) > 1 else path.stem
        totals[rule] = totals.get(rule, 0.0) + benchmark_seconds(path)
    return pd.Series(totals, dtype=float).sort_values(ascending=False)


def merge_order(loaded, command_line, base) -> list[str]:
    """The config files of a run in the order they were merged: the Snakefile's ``configfile:`` files, then
    the ``--configfile`` ones (Snakemake lists those first but merges them last), relative to ``base``.

    Examples
    --------
    >>> merge_order(["/p/mine.yaml", "/p/config/a.yaml"], ["/p/mine.yaml"], "/p")
    ['config/a.yaml', 'mine.yaml']
    """
    command_line = [str(f) for f in command_line]
    ordered = [str(f) for f in loaded if str(f) not in command_line] + command_line
    return [str(Path(f).relative_to(base)) if Path(f).is_relative_to(base) else f for f in ordered]


BUDGET_REFERENCE_UNITS = 1130
"""The standing budget in the machine's own units (the job-seconds divided by the reference workload's seconds,
:mod:`pueval.pipeline.reference`): 1.2 × the cost of the full default run of d386d31 in these units, derived once
from that run on one machine: 1,311 job-seconds against a reference of 1.392 s (the mean of two timings before it
and two after), 942 units, × 1.2 = 1,130 (docs/pipeline.md). It restates the team's 2,600 units of the reference
before (1.2 × that run's 2,179 there). Wall time is reported, not judged."""


PARTS = {
    "the AUL paper: Table 1, Figures 1-3, Theorem 1, the cost of section 4.2": (
        "download", "binarize", "draws", "score", "km", "distcurve_model", "transform", "distcurve", "estimate", "table1",
        "figure1", "figure2", "figure3", "theorem1", "cost"),
    "Table 1+: TIcE and KM on standardized features beside the paper's estimators": (
        "tice", "km_standardized", "km_standardized_table"),
    "the four related papers (Jain, Claesen, McDermott, Tabatabaei)": (
        "jain", "claesen", "claesen_scores", "mcdermott", "tabatabaei"),
    "beyond the papers: intervals, two models, operating points, model selection, related estimators, SAR, priors' "
    "intervals": ("score_b", "aul_interval", "paired_difference", "operating_points", "model_selection", "related",
                  "related_table", "sar", "sar_table", "prior_bootstrap", "prior_intervals"),
    "the verdict ledger, from every study's tables": ("verdicts",),
    "pueval bench (its own target, outside the default run; its cost in results/bench/run_summary.md)": (
        "bench_digits", "bench_setting", "bench_tables"),
}
"""Each rule's part of the run (by the name of its benchmark files; a test keeps every rule in one part). The
AUL paper's part holds every dataset's download and binarization, the related papers' too (about 5 s), and the
transform with EN and BBE beside DistCurve (EN's and BBE's own seconds are under 1 % of the transform's)."""


def _part_rows(seconds: pd.Series, reference) -> list[str]:
    """The job-seconds per part (:data:`PARTS`), in seconds and reference units, and how far the parts before
    each row reach, cumulated: which parts alone fill the budget."""
    part_of = {rule: part for part, rules in PARTS.items() for rule in rules}
    totals = seconds.groupby(lambda rule: part_of.get(rule, "other rules")).sum()
    rows, cumulated = [], 0.0
    for part in [*PARTS, "other rules"]:
        if part not in totals:
            continue
        cumulated += totals[part]
        rows.append(f"| {part} | {totals[part]:.0f} | {_normalized(totals[part], reference)} | {cumulated:.0f} | "
                    f"{_normalized(cumulated, reference)} |")
    return ["| part of the run | job seconds | reference units | with the parts above, s | with the parts above, "
            "units |", "|---|---|---|---|---|", *rows]


def _normalized(seconds: float, reference) -> str:
    return f"{seconds / reference.seconds:.0f}" if reference else "–"


def write(path, *, started: float, wall_seconds: float, cores: int | None, config: dict, distance,
          jobs: int | None = None, benchmarks="results/benchmarks", configfiles=(), reference=None) -> None:
    """The summary of the run that started at ``started`` (epoch seconds); earlier jobs' benchmarks are left out.
    ``cores`` is None on a cluster executor, which runs up to ``jobs`` jobs at a time; ``distance`` is Table 1's
    distance to the paper (rule ``table1``'s output); ``configfiles`` the config files merged, in order;
    ``reference`` the reference workload the run timed (a :class:`~pueval.pipeline.reference.Reference`, the
    Snakefile's the mean of its timings at the run's start and end; None: the job-seconds are not normalized)."""
    from pueval.pipeline import reference as workload
    from pueval.pipeline.render import aul_paper

    seconds = _rule_seconds(Path(benchmarks), started)
    total = seconds.sum()
    if reference:
        budget = f"; budget {BUDGET_REFERENCE_UNITS:,} reference units" if BUDGET_REFERENCE_UNITS else ""
        units = [f"- reference workload: {reference.seconds:.3f} s on this machine, {reference.timed()} "
                 f"({workload.composition()}: {reference.parts()})",
                 f"- job seconds in reference units (job seconds / {reference.seconds:.3f} s): "
                 f"{total / reference.seconds:.0f}{budget}"]
    else:
        units = ["- reference workload: not timed (a run that made no job, or a summary written outside a run)"]
    route = f"mirror folder {config['uci_mirror']}" if config.get("uci_mirror") else "ucimlrepo (online)"
    lines = [
        "# Run summary",
        "",
        f"Written by the pipeline at the end of a run on {datetime.date.today().isoformat()}.",
        "",
        f"- wall time: {wall_seconds / 60:.1f} min with "
        f"{f'`--cores {cores}`' if cores else f'a cluster executor, `--jobs {jobs}`'} ({platform.machine()}, "
        f"Python {platform.python_version()})",
        f"- seed {config['seed']}, betas {config['betas']}, {config['n_draws']} draws, "
        f"datasets: {', '.join(config['run'])}",
        f"- data: {route}, verify_checksums {config['verify_checksums']}",
        f"- config files merged, each over the ones before: {', '.join(map(str, configfiles)) or 'none named'}",
        f"- job seconds summed over the rules this run ran: {total:.0f} s",
        *units,
        "",
        aul_paper.distance_markdown(pd.read_csv(distance)),
        *_part_rows(seconds, reference),
        "",
        "| rule | job seconds (sum) | reference units |",
        "|---|---|---|",
        *(f"| {rule} | {s:.0f} | {_normalized(s, reference)} |" for rule, s in seconds.items()),
        "",
        "| package | version |",
        "|---|---|",
        *(f"| {p} | {metadata.version(p)} |" for p in PACKAGES),
        "",
    ]
    Path(path).write_text("\n".join(lines))

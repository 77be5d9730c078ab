"""results/run_summary.md: wall time, settings, package versions and seconds per rule of a run."""

from __future__ import annotations

import datetime
import platform
from importlib import metadata
from pathlib import Path

import pandas as pd

PACKAGES = ("snakemake", "numpy", "pandas", "scipy", "scikit-learn", "lightgbm", "numba", "matplotlib",
            "pyarrow", "ucimlrepo")


def _rule_seconds(benchmarks: Path) -> pd.Series:
    """Total wall seconds per rule from Snakemake's benchmark files."""
    totals = {}
    for path in sorted(benchmarks.rglob("*.tsv")):
        rule = path.parent.name if path.parent != benchmarks else path.stem
        totals[rule] = totals.get(rule, 0.0) + float(pd.read_csv(path, sep="\t")["s"].sum())
    return pd.Series(totals, dtype=float).sort_values(ascending=False)


def write(path, *, wall_seconds: float, cores: int, config: dict, benchmarks="results/benchmarks",
          distance="results/table1_paper_distance.csv") -> None:
    from pueval import paper

    seconds = _rule_seconds(Path(benchmarks))
    lines = [
        "# Run summary",
        "",
        f"Written by the pipeline at the end of a run on {datetime.date.today().isoformat()}.",
        "",
        f"- wall time: {wall_seconds / 60:.1f} min with `--cores {cores}` ({platform.machine()}, "
        f"Python {platform.python_version()})",
        f"- seed {config['seed']}, betas {config['betas']}, {config['n_draws']} draws, "
        f"datasets: {', '.join(config['datasets'])}",
        f"- job seconds summed over all rules: {seconds.sum():.0f} s",
        "",
        paper.distance_markdown(pd.read_csv(distance)),
        "| rule | job seconds (sum) |",
        "|---|---|",
        *(f"| {rule} | {s:.0f} |" for rule, s in seconds.items()),
        "",
        "| package | version |",
        "|---|---|",
        *(f"| {p} | {metadata.version(p)} |" for p in PACKAGES),
        "",
    ]
    Path(path).write_text("\n".join(lines))

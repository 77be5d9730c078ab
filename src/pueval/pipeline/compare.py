"""Are two runs' results the same? Bitwise, except what a run measures rather than computes.

    python -m pueval.pipeline.compare runs/smoke/results runs/slurm-smoke/results

Every file under the first folder is compared with the same file under the second. Measured times
differ between runs by nature, so they are left out: the ``logs/`` and ``benchmarks/`` folders,
``run_summary.md`` and ``bench/run_summary.md``; in Parquet and CSV files the columns whose name holds ``seconds`` (the rest
of such a table must be identical, value for value); and the figures that draw seconds
(:data:`TIMED_FIGURES`). Every other file must be the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

SKIPPED_FOLDERS = ("logs", "benchmarks")
SKIPPED_FILES = ("run_summary.md", "bench/run_summary.md")
TIMED_FIGURES = ("figures/figure3.png", "figures/figure3.pdf", "figures/cost.png", "figures/cost.pdf")


def computed(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame without its measured columns (those whose name holds ``seconds``)."""
    return frame.drop(columns=[c for c in frame.columns if "seconds" in str(c)])


def _table(path: Path) -> pd.DataFrame:
    try:
        return computed(pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path))
    except Exception as error:  # pandas and pyarrow raise many types for an unreadable file
        raise ValueError(f"{path} is unreadable ({type(error).__name__}: {str(error).strip()[:200]})") from None


def _compared(folder: Path) -> list[str]:
    names = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and relative.split("/")[0] not in SKIPPED_FOLDERS and relative not in SKIPPED_FILES \
                and relative not in TIMED_FIGURES:
            names.append(relative)
    return names


def differences(first, second) -> tuple[list[str], int]:
    """(what differs, how many files were compared) between two results folders."""
    first, second = Path(first), Path(second)
    for folder in (first, second):
        if not folder.is_dir():
            raise ValueError(f"{folder} is not a folder")
    mine, theirs = _compared(first), _compared(second)
    found = [f"only in {first}: {name}" for name in sorted(set(mine) - set(theirs))]
    found += [f"only in {second}: {name}" for name in sorted(set(theirs) - set(mine))]
    for name in sorted(set(mine) & set(theirs)):
        a, b = first / name, second / name
        if a.suffix in (".parquet", ".csv"):
            if not _table(a).equals(_table(b)):
                found.append(f"differs (beyond its seconds columns): {name}")
        elif a.read_bytes() != b.read_bytes():
            found.append(f"differs: {name}")
    return found, len(set(mine) & set(theirs))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args(argv)
    try:
        found, compared = differences(args.first, args.second)
    except ValueError as error:
        print(f"compare: error: {error}", file=sys.stderr)
        return 2
    for line in found:
        print(line)
    print(f"{compared} files compared, {len(found)} differences", file=sys.stderr)
    return 1 if found or compared == 0 else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The library at the speed of a sort: AUL^PU, its intervals, the paired difference and DeLong's standard error
of AUC^PU against one ``np.sort`` of the same scores and scikit-learn's ``roc_auc_score``, at 1 M and 10 M rows.

    uv run python benchmarks/library_speed.py [--sizes 1000000 10000000] [--labeled 0.1] [--repeats 3]

Scores are normal, shifted up by 1 on the labeled rows (a ``--labeled`` share of the rows, 0/1 labels).
Each figure is the least wall time of ``--repeats`` calls in this process. Then ``pueval evaluate`` on the
largest size written as CSV and as Parquet (score and label columns, plus ``--extra-columns`` unused
columns), each in a fresh process: its wall seconds and peak memory (the child's VmHWM). Targets:
``aul_pu_score`` ≤ 3× one ``np.sort`` at 10 M rows, the bootstrap interval ≤ 5 s at 10 M (issue #36);
``auc_pu_standard_error`` within 3× of ``aul_pu_score``, ``pueval evaluate`` at 10 M rows ≤ 0.5 GB from CSV
(issue #51).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import pueval


def least(f, repeats: int) -> float:
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--labeled", type=float, default=0.1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--extra-columns", type=int, default=3)
    args = parser.parse_args()
    from sklearn.metrics import roc_auc_score

    print("| rows | labeled | np.sort s | aul_pu_score s (× sort) | roc_auc_score s | normal interval s "
          "| bootstrap interval s (2000) | aul_pu_difference s | auc_pu_standard_error s (× aul_pu_score) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in args.sizes:
        rng = np.random.default_rng(0)
        labels = (rng.random(n) < args.labeled).astype(np.int8)
        scores = rng.normal(size=n) + labels
        other = scores + rng.normal(size=n)
        sort = least(lambda: np.sort(scores), args.repeats)
        aul = least(lambda: pueval.aul_pu_score(labels, scores), args.repeats)
        auc = least(lambda: roc_auc_score(labels, scores), args.repeats)
        normal = least(lambda: pueval.aul_pu_interval(labels, scores), args.repeats)
        boot = least(lambda: pueval.aul_pu_interval(labels, scores, method="bootstrap", random_state=0), 1)
        diff = least(lambda: pueval.aul_pu_difference(labels, scores, other), args.repeats)
        delong = least(lambda: pueval.metrics.auc_pu_standard_error(labels, scores), args.repeats)
        print(f"| {n:,} | {int(labels.sum()):,} | {sort:.3f} | {aul:.3f} ({aul / sort:.1f}×) | {auc:.3f} | "
              f"{normal:.3f} | {boot:.2f} | {diff:.3f} | {delong:.3f} ({delong / aul:.1f}×) |", flush=True)
    cli_memory(labels, scores, args.extra_columns)


def cli_memory(labels, scores, extra: int) -> None:
    import pandas as pd

    rng = np.random.default_rng(1)
    table = pd.DataFrame({"score": np.round(scores, 6), "labeled": labels,
                          **{f"x{k}": np.round(rng.normal(size=labels.size), 6) for k in range(extra)}})
    print(f"\n| pueval evaluate, {labels.size:,} rows, {table.shape[1]} columns | seconds | peak memory |\n|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for suffix in (".csv", ".parquet"):
            path = Path(folder) / f"scores{suffix}"
            table.to_csv(path, index=False) if suffix == ".csv" else table.to_parquet(path)
            start = time.perf_counter()
            child = subprocess.run([sys.executable, "-c", CHILD, str(path)], check=True, capture_output=True,
                                   text=True)
            seconds = time.perf_counter() - start
            peak_kb = int(child.stderr.strip().splitlines()[-1])
            print(f"| {suffix[1:]} ({path.stat().st_size / 1e6:.0f} MB) | {seconds:.1f} | {peak_kb / 1024 ** 2:.2f} GB |",
                  flush=True)


# The child's own peak: VmHWM of its address space (Linux). Its ru_maxrss would not do: a child forked from this
# process, which holds the table, inherits the parent's resident size in ru_maxrss across exec (measured: a child
# of a parent holding 800 MB reported 808 MB of ru_maxrss and a VmHWM of 11 MB).
CHILD = """
import contextlib, io, resource, sys
from pathlib import Path
from pueval import cli
with contextlib.redirect_stdout(io.StringIO()):
    assert cli.main(["evaluate", sys.argv[1]]) == 0
status = Path("/proc/self/status")
peak = [line.split()[1] for line in status.read_text().splitlines() if line.startswith("VmHWM")] if status.exists() \
    else [resource.getrusage(resource.RUSAGE_SELF).ru_maxrss]
print(peak[0], file=sys.stderr)
"""


if __name__ == "__main__":
    main()

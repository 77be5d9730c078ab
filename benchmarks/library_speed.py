"""The library at the speed of a sort: AUL^PU, its intervals and the paired difference against one
``np.sort`` of the same scores and scikit-learn's ``roc_auc_score``, at 1 M and 10 M rows.

    uv run python benchmarks/library_speed.py [--sizes 1000000 10000000] [--labeled 0.1] [--repeats 3]

Scores are normal, shifted up by 1 on the labeled rows (a ``--labeled`` share of the rows, 0/1 labels).
Each figure is the least wall time of ``--repeats`` calls in this process. Targets (issue #36):
``aul_pu_score`` ≤ 3× one ``np.sort`` at 10 M rows, the bootstrap interval ≤ 5 s at 10 M.
"""

from __future__ import annotations

import argparse
import time

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
    args = parser.parse_args()
    from sklearn.metrics import roc_auc_score

    print(f"| rows | labeled | np.sort s | aul_pu_score s (× sort) | roc_auc_score s | normal interval s "
          f"| bootstrap interval s (2000) | aul_pu_difference s |")
    print("|---|---|---|---|---|---|---|---|")
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
        print(f"| {n:,} | {int(labels.sum()):,} | {sort:.3f} | {aul:.3f} ({aul / sort:.1f}×) | {auc:.3f} | "
              f"{normal:.3f} | {boot:.2f} | {diff:.3f} |", flush=True)


if __name__ == "__main__":
    main()

"""The sketch's bin finder on the scores users have: seconds of ``pueval.sketch.summarize`` with equal-width and
quantile edges (``default_edges(sample=...)``, which crowd where skewed scores do) on normal, sigmoid-probability,
heavy-tailed and tie-heavy scores, beside one ``np.searchsorted`` of the same rows on the same edges.

    uv run python benchmarks/sketch_bins.py [--sizes 200000 1000000 10000000] [--bins 10000] [--repeats 3]

Issue #63's case: quantile edges cost rows × bins (21.6 s at 200,000 rows, 314 s at 10⁶ with 10,000 bins); the
target is O(n log B) whatever the edges. Each figure is the least wall time of ``--repeats`` calls.
"""

from __future__ import annotations

import argparse

import numpy as np
from library_speed import least  # benchmarks/ is on the path when a benchmark runs as a script

from pueval.sketch import default_edges, summarize


def kinds_of(z: np.ndarray) -> dict[str, np.ndarray]:
    """The four kinds of scores users have, each an increasing map of ``z`` (the same ranking, ties aside)."""
    return {"normal": z, "sigmoid": 1 / (1 + np.exp(-2 * z)), "heavy-tailed": np.exp(3 * z),
            "tie-heavy": np.round(1 / (1 + np.exp(-2 * z)), 2)}


def kinds(n: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    return kinds_of(rng.standard_normal(n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200_000, 1_000_000, 10_000_000])
    parser.add_argument("--bins", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print("| rows | scores | edges | summarize s | np.searchsorted s |")
    print("|---|---|---|---|---|")
    for n in args.sizes:
        rng = np.random.default_rng(0)
        labels = (rng.random(n) < 0.1).astype(np.int8)
        for kind, scores in kinds(n, rng).items():
            low, high = float(scores.min()), float(scores.max())
            high += (high - low) * 1e-9 or 1.0
            for name, edges in (("equal-width", default_edges(args.bins, low=low, high=high)),
                                ("quantile", default_edges(args.bins, low=low, high=high, sample=scores[:100_000]))):
                took = least(lambda: summarize(labels, scores, edges=edges), args.repeats)
                plain = least(lambda: np.searchsorted(edges, scores, side="right"), args.repeats)
                print(f"| {n:,} | {kind} | {name} ({edges.size - 1:,} bins) | {took:.3f} | {plain:.3f} |", flush=True)


if __name__ == "__main__":
    main()

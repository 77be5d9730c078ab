"""The sketch's interval against the exact one where binning happens: normal, sigmoid-probability, heavy-tailed and
tie-heavy scores of 10⁷ rows, with equal-width edges over the score range and quantile edges from a sample
(``default_edges(sample=...)``).

    uv run python benchmarks/sketch_edges.py [--sizes 1000000 10000000] [--bins 10000] [--sample 100000]

Each population: a latent class y (30 % positive), z ~ N(y, 1), the four kinds of score increasing maps of z
(benchmarks/sketch_bins.py), 10 % of the positives labeled at random (SCAR). Printed per size, kind and edges: the
width of the sketch's widened interval over the exact interval's (``pueval.aul_pu_interval``, Theorem 1's normal
interval on every row), the binned AUL^PU minus the exact one, and the deterministic bound. The widened interval
holds the exact one by construction (valid, conservative); the question is by how much it is wider. The last
run's table is kept in benchmarks/sketch_edges.md (docs/at_scale.md shows it).
"""

from __future__ import annotations

import argparse

import numpy as np
from sketch_bins import kinds_of  # benchmarks/ is on the path when a benchmark runs as a script

import pueval
from pueval.sketch import default_edges, summarize


def edge_schemes(scores: np.ndarray, bins: int, sample: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    low, high = float(scores.min()), float(scores.max())
    return {"equal-width": default_edges(bins, low=low, high=high),
            f"quantile ({sample:,}-row sample)": default_edges(bins, low=low, high=high,
                                                               sample=rng.choice(scores, sample, replace=False))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--bins", type=int, default=10_000)
    parser.add_argument("--sample", type=int, default=100_000)
    args = parser.parse_args()
    print("| rows | scores | edges | width / exact width | binned − exact AUL^PU | bound |")
    print("|---|---|---|---|---|---|")
    for n in args.sizes:
        rng = np.random.default_rng(0)
        y = rng.random(n) < 0.3
        labels = (y & (rng.random(n) < 0.1)).astype(np.int8)
        for kind, scores in kinds_of(rng.standard_normal(n) + y).items():
            low, high = pueval.aul_pu_interval(labels, scores)
            exact = pueval.aul_pu_score(labels, scores)
            for name, edges in edge_schemes(scores, args.bins, args.sample, np.random.default_rng(1)).items():
                found = summarize(labels, scores, edges=edges).result()
                ratio = (found.ci[1] - found.ci[0]) / (high - low)
                print(f"| {n:,} | {kind} | {name}, {edges.size - 1:,} bins | {ratio:.3f} | "
                      f"{found.aul_pu - exact:+.2e} | {found.error_bound:.2e} |", flush=True)


if __name__ == "__main__":
    main()

"""The confidence set for the best (`pueval.select_models`) beside arch's model confidence set (Hansen, Lunde &
Nason) on the same data, at the same level: coverage of the truly best candidate and mean size over SCAR draws.

    uv run --with arch python benchmarks/selection_vs_mcs.py [--draws 200]

arch is a dependency of this benchmark only (`--with arch`), not of pueval. The population is fixed (its scores and
true classes), so each candidate's true AUL over the positives is known exactly; each draw labels n_L positives at
random. arch's MCS takes each labeled row's loss 1 − t_i per candidate (the mean loss is 1 − AUL^PU) with an
i.i.d. bootstrap (block size 1: the labeled rows are a sample, not a series), its `R` statistic (the default) and
`max`, 1,000 resamples; pueval's set uses its default 2,000 Gaussian draws.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

from pueval import metrics
from pueval.selection import select_models


def population(n: int, k: int, spread: float, seed: int):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    base = rng.normal(0, 1, n)
    scores = np.column_stack([(1.0 - spread * j) * y + base + rng.normal(0, 0.6, n) for j in range(k)])
    t = np.column_stack([metrics.t_values(scores[:, j]) for j in range(k)])
    return y, scores, t, t[y].mean(axis=0)


def main() -> None:
    from arch.bootstrap import MCS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=200)
    args = parser.parse_args()
    print("| candidates | spread | n_L | method | coverage of the best | mean size | seconds per draw |")
    print("|---|---|---|---|---|---|---|")
    for k, spread, n_labeled in ((10, 0.06, 60), (10, 0.06, 300), (30, 0.02, 100)):
        y, scores, t, truth = population(4000, k, spread, 0)
        best = int(np.argmax(truth))
        positives = np.flatnonzero(y)
        rng = np.random.default_rng(1)
        found = {name: [0, 0, 0.0] for name in ("pueval", "MCS R", "MCS max")}
        for draw in range(args.draws):
            rows = rng.choice(positives, n_labeled, replace=False)
            labels = np.zeros(y.size, int)
            labels[rows] = 1
            start = time.perf_counter()
            chosen = select_models(labels, scores, level=0.95, random_state=draw)
            found["pueval"][2] += time.perf_counter() - start
            found["pueval"][0] += str(best) in chosen.confidence_set
            found["pueval"][1] += len(chosen.confidence_set)
            losses = 1.0 - t[rows]
            for method in ("R", "max"):
                start = time.perf_counter()
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    mcs = MCS(losses, size=0.05, reps=1000, block_size=1, method=method, bootstrap="stationary",
                              seed=draw)
                    mcs.compute()
                name = f"MCS {method}"
                found[name][2] += time.perf_counter() - start
                kept = set(mcs.included)
                found[name][0] += best in kept
                found[name][1] += len(kept)
        for name, (covered, size, seconds) in found.items():
            print(f"| {k} | {spread} | {n_labeled} | {name} | {covered / args.draws:.3f} | {size / args.draws:.2f} | "
                  f"{seconds / args.draws:.3f} |", flush=True)


if __name__ == "__main__":
    main()

"""The confidence set for the best (`pueval.select_models`) where it is small enough to be wrong: coverage of the
truly best candidate and size, with the population as the unit, beside a random set of the same size and arch's
model confidence set.

    uv run --with arch python benchmarks/selection_coverage.py [--populations 10] [--draws 40] [--mcs-draws 10]

Each population (seeded, 20,000 rows, 40 % positive) holds K = 10 candidates that share a noise term:
candidate j scores (1 − spread·j)·y + base + N(0, 0.6²), so candidate 0 is the truly best (its true AUL over the
positives is computed exactly) and ``spread`` sets how far the others trail, from near ties (0.005) to a clear
winner (0.2). Each draw labels n_L positives at random (SCAR), n_L from 30 to 1,000. Per (spread, n_L): the share of
draws whose set holds candidate 0 (coverage), its mean size, the coverage of a random set of the same size (size/K:
what a set that knows nothing gets), and, on the first ``mcs-draws`` draws of each population, arch's MCS (R
statistic, i.i.d. bootstrap of the labeled rows' losses 1 − t, 1,000 resamples). The coverage interval takes the
populations as units (a t-interval over their coverages): draws of one population share it. arch is a dependency of
this benchmark only.
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np
from scipy import stats

from pueval import metrics
from pueval.selection import select_models

K = 10
SPREADS = (0.005, 0.02, 0.05, 0.2)
LABELED = (30, 100, 300, 1000)


def population(seed: int, spread: float, n: int = 20_000):
    """(y, the (n, K) scores, each candidate's labeled-row t-values (n, K), the true AUL of each over the positives)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    base = rng.normal(0, 1, n)
    scores = np.column_stack([(1.0 - spread * j) * y + base + rng.normal(0, 0.6, n) for j in range(K)])
    t = np.column_stack([metrics.t_values(scores[:, j]) for j in range(K)])
    return y, scores, t, t[y].mean(axis=0)


def mcs_set(losses: np.ndarray, seed: int) -> set[int]:
    from arch.bootstrap import MCS

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mcs = MCS(losses, size=0.05, reps=1000, block_size=1, method="R", bootstrap="stationary", seed=seed)
        mcs.compute()
    return set(int(i) for i in mcs.included)


def interval(values: np.ndarray) -> str:
    """The mean and its 95 % t-interval over the units."""
    low, high = stats.ttest_1samp(values, 0.0).confidence_interval(0.95)
    return f"{values.mean():.3f} [{max(low, 0.0):.3f}, {min(high, 1.0):.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--populations", type=int, default=10)
    parser.add_argument("--draws", type=int, default=40)
    parser.add_argument("--mcs-draws", type=int, default=10)
    args = parser.parse_args()
    print("| spread | n_L | coverage (95 % nominal), populations as units | mean size | random set of that size | "
          "argmax right | MCS R: coverage | MCS R: mean size |")
    print("|---|---|---|---|---|---|---|---|")
    for spread in SPREADS:
        rows = {n_labeled: {"covered": [], "size": [], "random": [], "argmax": [], "mcs": [], "mcs_size": []}
                for n_labeled in LABELED}
        for p in range(args.populations):
            y, scores, t, truth = population(p, spread)
            best = int(np.argmax(truth))
            positives = np.flatnonzero(y)
            for n_labeled in LABELED:
                rng = np.random.default_rng([p, n_labeled])
                covered = sizes = argmax = 0
                mcs_covered = mcs_size = 0
                for d in range(args.draws):
                    chosen = rng.choice(positives, n_labeled, replace=False)
                    labels = np.zeros(y.size, int)
                    labels[chosen] = 1
                    found = select_models(labels, scores, random_state=d)
                    covered += str(best) in found.confidence_set
                    sizes += len(found.confidence_set)
                    argmax += found.best == str(best)
                    if d < args.mcs_draws:
                        kept = mcs_set(1.0 - t[chosen], d)
                        mcs_covered += best in kept
                        mcs_size += len(kept)
                found_rows = rows[n_labeled]
                found_rows["covered"].append(covered / args.draws)
                found_rows["size"].append(sizes / args.draws)
                found_rows["random"].append(sizes / args.draws / K)
                found_rows["argmax"].append(argmax / args.draws)
                if args.mcs_draws:
                    found_rows["mcs"].append(mcs_covered / min(args.mcs_draws, args.draws))
                    found_rows["mcs_size"].append(mcs_size / min(args.mcs_draws, args.draws))
        for n_labeled, found in rows.items():
            mcs = (f"{np.mean(found['mcs']):.3f} | {np.mean(found['mcs_size']):.2f}" if found["mcs"] else "– | –")
            print(f"| {spread:g} | {n_labeled} | {interval(np.array(found['covered']))} | {np.mean(found['size']):.2f} | "
                  f"{np.mean(found['random']):.3f} | {np.mean(found['argmax']):.3f} | {mcs} |", flush=True)


if __name__ == "__main__":
    main()

"""KM's QP solver at work: pairwise steps per draw and microseconds per step, on the pipeline's data.

    uv run python benchmarks/km_steps.py [--datasets mushroom landsat abalone] [--draws 4]

Reads ``results/data/{dataset}.parquet`` and ``results/draws/{dataset}/beta{β}.parquet`` of a default run
(build them with ``snakemake --until draws``). For each dataset, the first ``--draws`` draws at β = 0.1 and
0.4: CPU seconds of KM1+KM2 per draw (Gram matrices excluded: built once per dataset), steps of the SMO
solver per draw (and how they split: s₀'s d(1.05), KM1's bisection, then KM2's on the distances KM1 left) and
µs per step. A step reads two kernel rows (2·8·n bytes): the last column is the time
a compiled loop takes to read two random rows of a Gram matrix (four running sums, so the reads, not
the additions, bound it), that traffic's floor, for comparison.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from pueval.mpe import kernel_embedding as ke
from pueval.pipeline import schemas
from pueval.studies import draws as scar


@njit(cache=True)
def _read_rows(K, rows):  # pragma: no cover - compiled
    """Σ of the rows ``rows`` of K with four interleaved sums: a memory-read floor for a step's two rows."""
    a = b = c = d = 0.0
    n = K.shape[1]
    for r in rows:
        row = K[r]
        for k in range(0, n - 3, 4):
            a += row[k]
            b += row[k + 1]
            c += row[k + 2]
            d += row[k + 3]
    return a + b + c + d


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", nargs="+", default=["mushroom", "landsat", "abalone"])
    parser.add_argument("--draws", type=int, default=4)
    args = parser.parse_args()
    solver = ke._pairwise_smo
    counted = {"steps": 0, "seconds": 0.0}

    def counting(K, diag, Ku, uKu, v, g, eta, max_iter):
        start = time.perf_counter()
        found = solver(K, diag, Ku, uKu, v, g, eta, max_iter)
        counted["seconds"] += time.perf_counter() - start
        counted["steps"] += found[0]
        return found

    ke._pairwise_smo = counting
    warm = np.arange(60.0)[:, None]
    ke.km_thresholds(ke.KernelBank(warm), np.arange(60) < 20)  # compile before timing
    print("| dataset | n | β | CPU s per draw | steps per draw | s₀ / KM1 / KM2 steps | µs per step | two-row floor µs |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.datasets:
        data = schemas.read(f"results/data/{name}.parquet", "data")
        y = data.pop("label").to_numpy()
        bank = ke.KernelBank(data.to_numpy(np.float64))
        K = bank.kernels[2]
        rows = np.random.default_rng(0).integers(0, bank.n, 2000)
        _read_rows(K, rows[:2])
        start = time.perf_counter()
        _read_rows(K, rows)
        floor = 2 * (time.perf_counter() - start) / rows.size * 1e6
        for beta in ("0.1", "0.4"):
            s = scar.label_matrix(schemas.read(f"results/draws/{name}/beta{beta}.parquet", "draws"), y.size)
            counted.update(steps=0, seconds=0.0)
            phases = np.zeros(3)
            start = time.process_time()
            for d in range(args.draws):  # km_thresholds' three phases, their steps counted apart
                curve, delta, n_mixture, n_component = ke.hull_distance(bank, s[d].astype(bool))
                before = counted["steps"]
                nu = ke.thresholds(curve, delta, n_mixture, n_component)
                phases[0] += counted["steps"] - before
                for phase, key in ((1, "sqrt"), (2, "slope")):
                    before = counted["steps"]
                    ke.bisect(curve, nu[key])
                    phases[phase] += counted["steps"] - before
            cpu = (time.process_time() - start) / args.draws
            split = " / ".join(f"{x / args.draws:,.0f}" for x in phases)
            print(f"| {name} | {bank.n:,} | {beta} | {cpu:.3f} | {counted['steps'] / args.draws:,.0f} | {split} | "
                  f"{1e6 * counted['seconds'] / max(counted['steps'], 1):.2f} | {floor:.2f} |", flush=True)


if __name__ == "__main__":
    main()

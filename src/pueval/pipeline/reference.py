"""A fixed reference workload, timed at the start of every run, so that a run's job-seconds can be stated in the
machine's own units: job-seconds divided by the reference's seconds. Machines differ by up to 1.5× from day to
day; a slower code and a slower machine are told apart by this ratio, not by the wall time.

The workload is what the pipeline spends its time on, one of each, on one core, each the least of
:data:`REPEATS` timings (wall seconds; the Snakefile times it in the main process before any job starts):

* ``sort``: ``np.sort`` of :data:`SORT_ROWS` normal float64 values (the rank metrics);
* ``lightgbm``: a LightGBM fit, :data:`LIGHTGBM` (the models and DistCurve's transform);
* ``numba``: a compiled loop over the Gaussian kernel of :data:`KERNEL_ROWS` points in 2-D (KM's inner work),
  compiled before it is timed.

The data are seeded (``REFERENCE_SEED``), so the work is the same on every machine and every run.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np

REPEATS = 5
REFERENCE_SEED = 20210101
SORT_ROWS = 4_000_000
LIGHTGBM = {"rows": 20_000, "features": 10, "rounds": 200, "num_leaves": 15, "learning_rate": 0.1, "threads": 1}
KERNEL_ROWS = 7_000


@dataclass(frozen=True)
class Reference:
    """The reference workload's seconds on this machine: each part's least of :data:`REPEATS`, and their sum."""

    sort: float
    lightgbm: float
    numba: float

    @property
    def seconds(self) -> float:
        return self.sort + self.lightgbm + self.numba

    def as_dict(self) -> dict:
        return asdict(self) | {"seconds": self.seconds}


def composition() -> str:
    """The workload in words, for the run summary."""
    return (f"np.sort of {SORT_ROWS:,} float64; a LightGBM fit of {LIGHTGBM['rounds']} rounds, "
            f"{LIGHTGBM['num_leaves']} leaves on {LIGHTGBM['rows']:,} × {LIGHTGBM['features']} ({LIGHTGBM['threads']} "
            f"thread); a numba loop over the Gaussian kernel of {KERNEL_ROWS:,} points (each the least of {REPEATS})")


def _least(work) -> float:
    best = np.inf
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return float(best)


def _kernel_loop():
    from numba import njit

    @njit(cache=True)
    def kernel_sum(points):
        total = 0.0
        for i in range(points.shape[0]):
            for j in range(points.shape[0]):
                d = (points[i, 0] - points[j, 0]) ** 2 + (points[i, 1] - points[j, 1]) ** 2
                total += np.exp(-d)
        return total

    return kernel_sum


def measure() -> Reference:
    """Time the reference workload on this machine (a few seconds)."""
    import lightgbm

    rng = np.random.default_rng(REFERENCE_SEED)
    values = rng.normal(size=SORT_ROWS)
    X = rng.normal(size=(LIGHTGBM["rows"], LIGHTGBM["features"]))
    y = (X[:, 0] + rng.normal(size=LIGHTGBM["rows"]) > 0).astype(int)
    params = {"objective": "binary", "num_leaves": LIGHTGBM["num_leaves"], "learning_rate": LIGHTGBM["learning_rate"],
              "num_threads": LIGHTGBM["threads"], "verbose": -1, "seed": 0, "deterministic": True}
    points = rng.normal(size=(KERNEL_ROWS, 2))
    kernel_sum = _kernel_loop()
    kernel_sum(points[:10])  # compiled (or loaded from its cache) before it is timed
    return Reference(
        sort=_least(lambda: np.sort(values)),
        lightgbm=_least(lambda: lightgbm.train(params, lightgbm.Dataset(X, y), num_boost_round=LIGHTGBM["rounds"])),
        numba=_least(lambda: kernel_sum(points)),
    )


if __name__ == "__main__":
    found = measure()
    print(f"{found.seconds:.3f} s: " + ", ".join(f"{k} {v:.3f}" for k, v in found.as_dict().items() if k != "seconds"))

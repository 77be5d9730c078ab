"""A fixed reference workload, timed at the start and at the end of every run, so that a run's job-seconds can be
stated in the machine's own units: job-seconds divided by the reference's seconds. A slower code and a slower
machine are told apart by this ratio, not by the wall time.

The workload is a slice of the pipeline's own kinds of work, in about their shares of the default run's
job-seconds, on one core, each part the least of :data:`REPEATS` timings (wall seconds), on seeded synthetic data
(``REFERENCE_SEED``, so the work is the same on every machine and every run). The Snakefile times it in its main
process twice, before any job starts and after the last one ends, and states the run in units of their mean
(:meth:`Reference.mean`): the way the standing budget was derived (the mean of timings before and after the run of
d386d31), and a slow spell at either end moves the yardstick by half (two smoke runs of the same code back to back
timed it at their start at 1.924 and 1.608 s, while their job-seconds were 185 and 178).

The parts:

* ``km``: KM1 and KM2 (the authors' kernel mean embedding, :func:`pueval.studies.mpe_draws.km_draws`) on
  :data:`KM` draws of a small dataset, Gram matrices included: the rules ``km`` and ``km_standardized``, about a
  third of the run, memory-bound NumPy and numba;
* ``transform``: DistCurve's, EN's and BBE's read-outs of the cross-fitted LightGBM transform
  (:func:`pueval.studies.mpe_draws.transform_draws`, the config's default transform options) on
  :data:`TRANSFORM` draws: ``transform`` with its read-outs and the LightGBM fits of Jain's, Figure 3's and the
  scores' rules;
* ``sklearn``: small scikit-learn random forests and logistic regressions (:data:`SKLEARN`): Tabatabaei's,
  SAR-EM's and McDermott's rules, Python overhead per fit;
* ``startup``: a fresh interpreter importing the steps' package (``python -c "import pueval.pipeline.steps"``):
  every job's start, about a tenth of the run.

It replaced a sort of 4·10⁶ floats, one LightGBM fit and a numba loop, which did not follow the work across
machines (NumPy's SIMD sort made one machine's reference ten times faster at sorting than at the pipeline's work).
"""

from __future__ import annotations

import subprocess
import sys
import time
import warnings
from dataclasses import dataclass

import numpy as np

REPEATS = 2
REFERENCE_SEED = 20210101
KM = {"rows": 2_000, "features": 6, "draws": 2}
TRANSFORM = {"rows": 3_000, "features": 8, "draws": 4,
             "options": {"folds": 5, "rounds": 50, "num_leaves": 15, "learning_rate": 0.1}}
SKLEARN = {"rows": 300, "forests": 16, "trees": 10, "logistic": 60}
BETA = 0.2  # the labeled share of the positives in every draw
STARTUP = [sys.executable, "-c", "import pueval.pipeline.steps"]


PARTS = ("km", "transform", "sklearn", "startup")


@dataclass(frozen=True)
class Reference:
    """The reference workload's seconds on this machine: each part's least of :data:`REPEATS`, and their sum;
    ``timings``, for a mean of several timings (:meth:`mean`), each one's seconds."""

    km: float
    transform: float
    sklearn: float
    startup: float
    timings: tuple[float, ...] = ()

    @classmethod
    def mean(cls, *found: Reference) -> Reference:
        """Part by part, the mean of several timings (a run's: at its start and at its end)."""
        if not found:
            raise ValueError("Reference.mean needs at least one timing")
        return cls(**{name: sum(getattr(f, name) for f in found) / len(found) for name in PARTS},
                   timings=tuple(f.seconds for f in found))

    @property
    def seconds(self) -> float:
        return self.km + self.transform + self.sklearn + self.startup

    def parts(self) -> str:
        """The parts' seconds in words, for the run summary."""
        return ", ".join(f"{name} {getattr(self, name):.3f} s" for name in PARTS)

    def timed(self) -> str:
        """How it was timed, for the run summary: once, or the mean of which timings (in the order given)."""
        if len(self.timings) < 2:
            return "timed once"
        return f"the mean of {len(self.timings)} timings, {', '.join(f'{s:.3f}' for s in self.timings)} s"


def composition() -> str:
    """The workload in words, for the run summary."""
    return (f"KM1/KM2 on {KM['draws']} draws of {KM['rows']:,} × {KM['features']}; DistCurve, EN and BBE on the "
            f"cross-fitted LightGBM transform of {TRANSFORM['draws']} draws of {TRANSFORM['rows']:,} × "
            f"{TRANSFORM['features']}; {SKLEARN['forests']} random forests of {SKLEARN['trees']} trees and "
            f"{SKLEARN['logistic']} logistic regressions on {SKLEARN['rows']} rows; a Python start-up importing the "
            f"pipeline's steps (each the least of {REPEATS}, one core)")


def _least(work) -> float:
    best = np.inf
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return float(best)


def _problem(rng: np.random.Generator, rows: int, features: int, draws: int):
    """(X, y, the draws' PU labels): a shifted Gaussian class, ``BETA`` of the positives labeled per draw."""
    X = rng.normal(size=(rows, features))
    y = (X[:, 0] + X[:, 1] + rng.normal(size=rows) > 0.5).astype(np.int64)
    positives = np.flatnonzero(y)
    s = np.zeros((draws, rows), np.int64)
    for d in range(draws):
        s[d, rng.choice(positives, max(2, round(BETA * positives.size)), replace=False)] = 1
    return X, y, s


def measure() -> Reference:
    """Time the reference workload on this machine (a few seconds)."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression

    from pueval.mpe import distance_curve, shipped_regressor
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import mpe_draws

    rng = np.random.default_rng(REFERENCE_SEED)
    km = _problem(rng, KM["rows"], KM["features"], KM["draws"])
    transform = _problem(rng, TRANSFORM["rows"], TRANSFORM["features"], TRANSFORM["draws"])
    forest_X, forest_y, _ = _problem(rng, SKLEARN["rows"], 4, 1)
    options = PriorOptions(distcurve_model=distance_curve.load_regressor(shipped_regressor.PATH),
                           transform=TRANSFORM["options"])

    def sklearn_fits():
        for k in range(SKLEARN["forests"]):
            RandomForestClassifier(SKLEARN["trees"], random_state=k).fit(forest_X, forest_y)
        for k in range(SKLEARN["logistic"]):
            LogisticRegression().fit(forest_X[k:], forest_y[k:])

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mpe_draws.km_draws(*km[:2], km[2][:1], label="reference")  # numba compiled (or its cache read) first
        return Reference(
            km=_least(lambda: mpe_draws.km_draws(*km, label="reference")),
            transform=_least(lambda: mpe_draws.transform_draws(*transform, options, seed=REFERENCE_SEED,
                                                               dataset="reference", beta=BETA)),
            sklearn=_least(sklearn_fits),
            startup=_least(lambda: subprocess.run(STARTUP, check=True, capture_output=True)),
        )


if __name__ == "__main__":
    found = measure()
    print(f"{found.seconds:.3f} s: {found.parts()}")

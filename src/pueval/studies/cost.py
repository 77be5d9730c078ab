"""Cost of the estimators as the data grow (paper Section 4.2).

All rows of one dataset (Mushroom: 8124 rows, 117 one-hot features) are subsampled, stratified, to
each size (beyond the dataset's rows, drawn with replacement: Mushroom at 16,000 repeats its rows,
:func:`pueval.sampling.stratified_resample`); one SCAR draw labels a β-fraction of the positives; we
time KM1+KM2 (Gram matrices included, up to ``km_max_size`` rows), DistCurve (transform, curve and
regressor), EN and BBE (each with the transform it needs), TIcE and AUL^PU, each the minimum of
``repeats`` runs, in CPU seconds of the process (:func:`time.process_time`: what the estimate costs,
whatever else the machine runs beside it; the pipeline's ``cost`` rule runs beside the other jobs).
AUL^PU needs only classifier scores: it is timed on the labeled-vs-unlabeled transform's scores.

Seeds of size n: the rows from (seed, name, "cost", n), the draw from (seed, f"{name}-cost-{n}", β, 0),
the transform from the integer (seed, "cost", n), DistCurve's curve from (seed, "cost", n) and TIcE's
split from (seed, "cost-tice", n).
"""

from __future__ import annotations

import logging
import time

import numpy as np
import pandas as pd

from pueval import metrics, sampling, seeds
from pueval.mpe.priors import PriorOptions
from pueval.seeds import PriorSeeds
from pueval.studies import draws
from pueval.validation import ArgumentError

log = logging.getLogger(__name__)

TIMED = {"DistCurve": "distcurve", "EN": "en", "BBE": "bbe", "TIcE": "tice"}  # row name → method, after KM1+KM2


def _fastest(f, repeats: int):
    """(value, the least CPU seconds of the process over ``repeats`` calls of f); f is deterministic."""
    seconds = []
    for _ in range(repeats):
        start = time.process_time()
        value = f()
        seconds.append(time.process_time() - start)
    return value, min(seconds)


MAX_GROWTH = 4  # sizes up to 4 times the dataset's rows (drawn with replacement beyond them)


def check_sizes(sizes, n_rows: int, name: str) -> None:
    """Refuse sizes above :data:`MAX_GROWTH` times the ``n_rows`` of dataset ``name``."""
    if max(sizes) > MAX_GROWTH * n_rows:
        raise ArgumentError("sizes", f"{max(sizes)} rows asked, more than {MAX_GROWTH} times the {n_rows} of {name}")


def run(X_all: np.ndarray, y_all: np.ndarray, *, name: str, sizes, beta, seed, priors: PriorOptions,
        km_max_size: int, repeats: int = 3) -> pd.DataFrame:
    """One row per (size, method): seconds (the least of ``repeats`` runs) and θ̂ (true θ beside it), for the
    features ``X_all`` and classes ``y_all`` of the dataset ``name``, each method run with ``priors``.

    KM runs up to ``km_max_size`` rows (its five n × n Gram matrices take 40·n² bytes: 10 GB at 16,000).
    Each method is one :class:`~pueval.mpe.priors.PriorEstimator` call, so EN and BBE are timed with the
    transform they need: their time is the transform's plus their own.
    """
    from pueval.mpe import distance_curve as dc  # here: the pipeline's start-up imports check_sizes
    from pueval.mpe import kernel_embedding as ke

    check_sizes(sizes, y_all.size, name)
    if repeats < 1:
        raise ArgumentError("repeats", f"must be at least 1, got {repeats}")
    km = priors.estimator(("km1", "km2"))
    single = {row: priors.estimator((method,)) for row, method in TIMED.items()}
    # load the compiled numba kernels once, so that the first size is not charged for it
    warm = np.arange(60)
    ke.km_thresholds(ke.KernelBank(X_all[:60]), warm < 20)
    dc.distance_curve(warm[20:], warm[:20], rng=np.random.default_rng(0), repetitions=1)
    rows = []
    for size in sizes:
        keep = sampling.stratified_resample(y_all, size, seeds.seed_sequence(seed, name, "cost", size))
        X, y = X_all[keep], y_all[keep]
        labeled = np.zeros(y.size, bool)
        labeled[draws.scar_draws(y, beta, 1, seed=seed, dataset=f"{name}-cost-{size}")[0]] = True
        truth = float(y[~labeled].mean())

        def seeded():
            return PriorSeeds(seeds.int_seed(seed, "cost", size), seeds.rng(seed, "cost", size),
                              seeds.rng(seed, "cost-tice", size))

        found = {}
        if size <= km_max_size:
            thetas, seconds = _fastest(lambda: km(X, labeled, seeded()), repeats)
            found["KM1+KM2"] = (seconds, thetas["km1"], thetas["km2"])
        for row, estimator in single.items():
            thetas, seconds = _fastest(lambda: estimator(X, labeled, seeded()), repeats)
            found[row] = (seconds, thetas[TIMED[row]], np.nan)
        scores = dc.univariate_transform(X, labeled, seed=seeds.int_seed(seed, "cost", size),
                                         **(priors.transform or {}))
        _, seconds = _fastest(lambda: metrics.aul(labeled, scores), repeats)
        found["AUL^PU"] = (seconds, np.nan, np.nan)
        rows += [{"n": y.size, "features": X.shape[1], "method": method, "seconds": seconds, "theta_hat": first,
                  "theta_hat_2": second, "theta": truth} for method, (seconds, first, second) in found.items()]
        log.info("n=%d: %s", y.size, ", ".join(f"{m} {v[0]:.3f} s" for m, v in found.items()))
    return pd.DataFrame(rows)

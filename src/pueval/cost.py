"""Cost of the estimators as the data grow (paper Section 4.2).

All rows of one dataset (Mushroom: 8124 rows, 117 one-hot features) are subsampled, stratified, to
each size (beyond the dataset's rows, drawn with replacement: Mushroom at 16,000 repeats its rows);
one SCAR draw labels a β-fraction of the positives; we time KM1+KM2 (Gram matrices included, up to
``km_max_size`` rows), DistCurve (transform, curve and regressor), EN and BBE (each with the
transform it needs), TIcE and AUL^PU, each the minimum of ``repeats`` runs (the pipeline's ``cost``
rule holds all cores, so no other job runs beside it). AUL^PU needs only classifier scores: it is
timed on the DistCurve transform's scores, which are at hand.
"""

from __future__ import annotations

import logging
import time

import numpy as np
import pandas as pd

from scipy.special import expit

from pueval import draws, metrics, sampling, seeds
from pueval.datasets import Labeling, binarize, stratified_subsample
from pueval.mpe import distance_curve as dc
from pueval.mpe import kernel_embedding as ke
from pueval.mpe.best_bin import bbe_theta
from pueval.mpe.elkan_noto import en_theta
from pueval.mpe.tice import tice_theta

log = logging.getLogger(__name__)


def _fastest(f, repeats: int):
    """(value, the least seconds over ``repeats`` calls of f); f is deterministic."""
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        value = f()
        seconds.append(time.perf_counter() - start)
    return value, min(seconds)


def _rows(y_all: np.ndarray, size: int, seed: np.random.SeedSequence) -> np.ndarray:
    """Rows of a stratified sample of ``size``: without replacement up to the dataset's size, beyond it each
    class's rows drawn with replacement (:func:`pueval.sampling.class_shares` rows per class)."""
    if size <= y_all.size:
        return stratified_subsample(y_all, size, seed)
    rng = np.random.default_rng(seed)
    shares = sampling.class_shares(y_all, size)
    return np.sort(np.concatenate([rng.choice(np.flatnonzero(y_all == c), k, replace=True) for c, k in shares.items()]))


def run(raw: pd.DataFrame, labeling: Labeling, *, sizes, beta, seed, km_options, distcurve_model,
        distcurve_options, bbe_options, tice_options, km_max_size: int, repeats: int = 3) -> pd.DataFrame:
    """One row per (size, method): seconds (the least of ``repeats`` runs) and θ̂ (true θ beside it).

    KM runs up to ``km_max_size`` rows (its five n × n Gram matrices take 40·n² bytes: 10 GB at 16,000).
    EN and BBE are timed with the transform they need (a standalone estimate fits it), so their time is
    the transform's plus their own.
    """
    X_all, y_all = binarize(raw, labeling)
    X_all = X_all.to_numpy()
    if max(sizes) > 4 * y_all.size:
        raise ValueError(f"config key 'cost.sizes': {max(sizes)} rows asked, more than 4 times the "
                         f"{y_all.size} of {labeling.name}")
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    model = dc.load_regressor(distcurve_model)
    # load the compiled numba kernels once, so that the first size is not charged for it
    warm = np.arange(60)
    ke.km_thresholds(ke.KernelBank(X_all[:60]), warm < 20)
    dc.distance_curve(warm[20:], warm[:20], rng=np.random.default_rng(0), repetitions=1)
    rows = []
    for size in sizes:
        keep = _rows(y_all, size, seeds.seed_sequence(seed, labeling.name, "cost", size))
        X, y = X_all[keep], y_all[keep]
        labeled = np.zeros(y.size, bool)
        labeled[draws.scar_draws(y, beta, 1, seed=seed, dataset=f"{labeling.name}-cost-{size}")[0]] = True
        s = labeled.astype(int)
        truth = float(y[~labeled].mean())

        def transform():
            return dc.univariate_transform(X, labeled, seed=seeds.int_seed(seed, "cost", size),
                                           **distcurve_options["transform"])

        def distance():
            return dc.estimate_split(X, labeled, model, transform_seed=seeds.int_seed(seed, "cost", size),
                                     rng=seeds.rng(seed, "cost", size), transform=distcurve_options["transform"],
                                     repetitions=distcurve_options["repetitions"])

        found = {}
        if size <= km_max_size:
            thetas, seconds = _fastest(lambda: ke.km_thresholds(ke.KernelBank(X, **km_options), labeled), repeats)
            found["KM1+KM2"] = (seconds, thetas["km1"], thetas["km2"])
        (theta, scores), seconds = _fastest(distance, repeats)
        found["DistCurve"] = (seconds, theta, np.nan)
        found["EN"] = _timed_estimate(lambda: en_theta(s, expit(transform())), repeats)
        found["BBE"] = _timed_estimate(lambda: bbe_theta(s, transform(), **bbe_options), repeats)
        found["TIcE"] = _timed_estimate(lambda: tice_theta(X, s, rng=seeds.rng(seed, "cost-tice", size),
                                                           **tice_options), repeats)
        _, seconds = _fastest(lambda: metrics.aul(labeled, scores), repeats)
        found["AUL^PU"] = (seconds, np.nan, np.nan)
        rows += [{"n": y.size, "features": X.shape[1], "method": method, "seconds": seconds, "theta_hat": first,
                  "theta_hat_2": second, "theta": truth} for method, (seconds, first, second) in found.items()]
        log.info("n=%d: %s", y.size, ", ".join(f"{m} {v[0]:.3f} s" for m, v in found.items()))
    return pd.DataFrame(rows)


def _timed_estimate(f, repeats: int):
    theta, seconds = _fastest(f, repeats)
    return seconds, theta, np.nan

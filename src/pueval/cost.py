"""Cost of the estimators as the data grow (paper Section 4.2).

All rows of one dataset (Mushroom: 8124 rows, 117 one-hot features) are subsampled, stratified, to
each size; one SCAR draw labels a β-fraction of the positives; we time KM1+KM2 (Gram matrices
included), DistCurve (transform, curve and regressor) and AUL^PU, each the minimum of ``repeats``
runs (the pipeline's ``cost`` rule holds all cores, so no other job runs beside it). AUL^PU needs
only classifier scores: it is timed on the DistCurve transform's scores, which are at hand.
"""

from __future__ import annotations

import logging
import time

import numpy as np
import pandas as pd

from pueval import draws, metrics, seeds
from pueval.datasets import Labeling, binarize, stratified_subsample
from pueval.mpe import distance_curve as dc
from pueval.mpe import kernel_embedding as ke

log = logging.getLogger(__name__)


def _fastest(f, repeats: int):
    """(value, the least seconds over ``repeats`` calls of f); f is deterministic."""
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        value = f()
        seconds.append(time.perf_counter() - start)
    return value, min(seconds)


def run(raw: pd.DataFrame, labeling: Labeling, *, sizes, beta, seed, km_options, distcurve_model,
        distcurve_options, repeats: int = 3) -> pd.DataFrame:
    """One row per (size, method): seconds (the least of ``repeats`` runs) and θ̂ (true θ beside it)."""
    X_all, y_all = binarize(raw, labeling)
    if max(sizes) > y_all.size:
        raise ValueError(f"config key 'cost.sizes': {max(sizes)} rows asked, {labeling.name} has {y_all.size}")
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    model = dc.load_regressor(distcurve_model)
    # load the compiled numba kernels once, so that the first size is not charged for it
    warm = np.arange(60)
    ke.km_thresholds(ke.KernelBank(X_all.to_numpy()[:60]), warm < 20)
    dc.distance_curve(warm[20:], warm[:20], rng=np.random.default_rng(0), repetitions=1)
    rows = []
    for size in sizes:
        keep = stratified_subsample(y_all, size, seeds.seed_sequence(seed, labeling.name, "cost", size))
        X, y = X_all.to_numpy()[keep], y_all[keep]
        labeled = np.zeros(y.size, bool)
        labeled[draws.scar_draws(y, beta, 1, seed=seed, dataset=f"{labeling.name}-cost-{size}")[0]] = True
        truth = float(y[~labeled].mean())

        def km():
            return ke.km_thresholds(ke.KernelBank(X, **km_options), labeled)

        def distance():
            return dc.estimate_split(X, labeled, model, transform_seed=seeds.int_seed(seed, "cost", size),
                                     rng=seeds.rng(seed, "cost", size), transform=distcurve_options["transform"],
                                     repetitions=distcurve_options["repetitions"])

        km_thetas, km_seconds = _fastest(km, repeats)
        (dist_theta, scores), dist_seconds = _fastest(distance, repeats)
        _, aul_seconds = _fastest(lambda: metrics.aul(labeled, scores), repeats)
        rows += [
            {"n": y.size, "features": X.shape[1], "method": "KM1+KM2", "seconds": km_seconds,
             "theta_hat": km_thetas["km1"], "theta_hat_2": km_thetas["km2"], "theta": truth},
            {"n": y.size, "features": X.shape[1], "method": "DistCurve", "seconds": dist_seconds,
             "theta_hat": dist_theta, "theta_hat_2": np.nan, "theta": truth},
            {"n": y.size, "features": X.shape[1], "method": "AUL^PU", "seconds": aul_seconds,
             "theta_hat": np.nan, "theta_hat_2": np.nan, "theta": truth},
        ]
        log.info("n=%d: KM %.1f s, DistCurve %.2f s, AUL^PU %.4f s", y.size, km_seconds, dist_seconds, aul_seconds)
    return pd.DataFrame(rows)

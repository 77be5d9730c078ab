"""The MPE methods that read the cross-fitted labeled-vs-unlabeled transform, on every draw of a job.

One LightGBM transform per draw (:func:`pueval.mpe.distance_curve.univariate_transform`: every row
scored by a model that did not see it) serves three estimators: DistCurve
(:mod:`pueval.mpe.distance_curve`), EN (:mod:`pueval.mpe.elkan_noto`, on the transform's
probabilities) and BBE (:mod:`pueval.mpe.best_bin`). ``seconds`` is DistCurve's whole time, the
transform included; ``seconds_en`` and ``seconds_bbe`` are the time each adds to the shared transform.
"""

from __future__ import annotations

import time

import lightgbm as lgb
import numpy as np
from scipy.special import expit

from pueval import seeds
from pueval.mpe import distance_curve as dc
from pueval.mpe.best_bin import bbe_theta
from pueval.mpe.elkan_noto import en_theta
from pueval.mpe.per_draw import estimate_draws as per_draw


def _timed(f):
    start = time.perf_counter()
    return f(), time.perf_counter() - start


def estimate(X, labeled, model: lgb.Booster, *, transform_seed: int, rng: np.random.Generator, repetitions: int,
             transform: dict | None, bbe: dict) -> tuple[dict, dict]:
    """({"distance", "en", "bbe": θ̂}, {the same: seconds}) for one draw: one transform, three estimators.
    DistCurve's seconds include the transform; EN's and BBE's are what each adds to it."""
    labeled = np.asarray(labeled)
    start = time.perf_counter()
    theta, scores = dc.estimate_split(X, labeled.astype(bool), model, transform=transform, repetitions=repetitions,
                                      transform_seed=transform_seed, rng=rng)
    seconds = {"distance": time.perf_counter() - start}
    en, seconds["en"] = _timed(lambda: en_theta(labeled, expit(scores)))
    found, seconds["bbe"] = _timed(lambda: bbe_theta(labeled, scores, **bbe))
    return {"distance": theta, "en": en, "bbe": found}, seconds


def estimate_draws(X, y: np.ndarray, s: np.ndarray, model: lgb.Booster, *, seed: int, dataset: str, beta: float,
                   repetitions: int, transform: dict | None, bbe: dict):
    """Table of DistCurve, EN and BBE per draw (schema ``transform_mpe`` of :mod:`pueval.schemas`); draw d's
    transform and curve are seeded by (``seed``, ``dataset``, ``beta``, d); ``bbe`` holds delta and gamma."""
    folds = (transform or {}).get("folds", 5)
    s = np.asarray(s)
    if s.sum(axis=1).min() < folds or (1 - s).sum(axis=1).min() < folds:
        raise ValueError(f"config key 'mpe.distcurve.transform.folds': {folds} folds, but a draw of {dataset} at "
                         f"beta={beta:g} has {int(s.sum(axis=1).min())} labeled rows")

    def one(draw, labeled):
        thetas, seconds = estimate(X, labeled, model, rng=seeds.rng(seed, dataset, beta, draw, "curve"),
                                   transform_seed=seeds.int_seed(seed, dataset, beta, draw, "transform"),
                                   repetitions=repetitions, transform=transform, bbe=bbe)
        return {**{f"theta_{m}": v for m, v in thetas.items()}, **{f"seconds_{m}": v for m, v in seconds.items()}}

    return per_draw(y, s, one, label=f"{dataset} beta={beta:g}")

"""Labels selected at random or not (SAR): AUL^PU and the prior-corrected AUC^PU when the labeling
propensity depends on the example.

Theorem 1 of the AUL paper assumes SCAR: every positive is labeled with the same probability. Here
positive i is labeled, independently, with the propensity

    e_i = σ(a + k·z_i),   z_i = (g_i − mean)/sd, the model's score standardized over the positives,

so at strength k > 0 the positives the model ranks high are labeled more often. ``a`` is set so that
the mean propensity over the positives is β (β matched on average; n_L varies from draw to draw);
k = 0 is SCAR. On each draw: AUL^PU against the true AUL, and AUC^PU corrected (Jain et al., Eq. 4,
:func:`pueval.metrics.corrected_auc`, clipped to [0, 1]) with the true θ and with the priors of
DistCurve, EN and BBE (one cross-fitted transform per draw) and TIcE (:class:`pueval.mpe.PriorEstimator`),
against the true AUC. KM is left out: at about 1.5 s per draw it would dominate the run.
"""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd
from scipy.optimize import brentq
from scipy.special import expit

from pueval import metrics, seeds
from pueval.mpe.priors import PriorEstimator
from pueval.seeds import PriorSeeds
from pueval.studies.draws import MIN_LABELED
from pueval.validation import ArgumentError

log = logging.getLogger(__name__)


def intercept(z: np.ndarray, beta: float, strength: float) -> float:
    """``a`` with mean σ(a + k·z) = β over the positives' standardized scores z."""
    if not 0.0 < beta < 1.0:
        raise ValueError(f"beta must lie in (0, 1), got {beta}")
    return float(brentq(lambda a: expit(a + strength * z).mean() - beta, -60.0, 60.0, xtol=1e-12))


def propensities(y: np.ndarray, scores: np.ndarray, beta: float, strength: float) -> np.ndarray:
    """Labeling probability of every row: σ(a + k·z) for the positives, 0 for the negatives.

    >>> y = np.array([1, 1, 1, 1, 0]); g = np.array([0.1, 0.2, 0.3, 0.4, 0.9])
    >>> e = propensities(y, g, 0.5, 2.0)
    >>> round(float(e[y == 1].mean()), 6), bool(e[3] > e[0]), float(e[4])
    (0.5, True, 0.0)
    """
    y, scores = np.asarray(y), np.asarray(scores, dtype=np.float64)
    positive = scores[y == 1]
    sd = positive.std()
    z = (positive - positive.mean()) / (sd if sd > 0 else 1.0)
    e = np.zeros(y.size)
    e[y == 1] = expit(intercept(z, beta, strength) + strength * z)
    return e


def sar_labels(e: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One draw: row i labeled with probability e_i, independently (0/1 int array)."""
    return (rng.random(e.size) < e).astype(np.int64)


def run(X: np.ndarray, y: np.ndarray, scores: np.ndarray, *, dataset: str, beta: float, strengths, n_draws: int,
        seed: int, priors: PriorEstimator) -> pd.DataFrame:
    """Rows of schema ``sar`` (:mod:`pueval.pipeline.schemas`) for every strength and draw of one dataset.

    ``priors`` gives the estimated priors of a draw. Draw d at strength k is seeded by the integer
    s = (``seed``, ``dataset``, "sar", k, d): its labels by s's generator, its priors by
    :meth:`~pueval.seeds.PriorSeeds.of` (s).
    """
    truth = {"aul": float(metrics.aul(y, scores)), "auc": float(metrics.auc(y, scores))}
    rows = []
    for strength in strengths:
        e = propensities(y, scores, beta, strength)
        for d in range(n_draws):
            rng = seeds.rng(seed, dataset, "sar", float(strength), d)
            labeled = sar_labels(e, rng)
            if labeled.sum() < MIN_LABELED:
                raise ArgumentError("beta", f"{beta:g} labels {labeled.sum()} rows of {dataset} in a draw; a draw "
                                            f"needs at least {MIN_LABELED}")
            theta = float(y[labeled == 0].mean())
            auc_pu = float(metrics.auc(labeled, scores))
            draw_seed = seeds.int_seed(seed, dataset, "sar", float(strength), d)
            thetas = {"true": theta, **priors(X, labeled, PriorSeeds.of(draw_seed))}
            found = [("aul", float(metrics.aul(labeled, scores)), truth["aul"])]
            found += [(source, metrics.corrected_auc(auc_pu, prior, clip=True), truth["auc"])
                      for source, prior in thetas.items()]
            rows += [{"dataset": dataset, "beta": beta, "strength": float(strength), "draw": d, "theta": theta,
                      "source": source, "estimate": estimate, "truth": value, "error": estimate - value}
                     for source, estimate, value in found]
        log.info("%s: strength %g, %d draws", dataset, strength, n_draws)
    return pd.DataFrame(rows)


def table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, strength, source), and over all datasets ("all"): bias (mean error), MAE, draws."""
    stats = {"bias": ("error", "mean"), "mae": ("abs_error", "mean"), "draws": ("error", "size")}
    frame = frame.assign(abs_error=frame["error"].abs())
    keys = ["strength", "source"]
    per_dataset = frame.groupby(["dataset", *keys], sort=False).agg(**stats).reset_index()
    overall = frame.groupby(keys, sort=False).agg(**stats).reset_index().assign(dataset="all")
    return pd.concat([per_dataset, overall], ignore_index=True)

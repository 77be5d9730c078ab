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
against the true AUC, on the first ``prior_draws`` draws of each k (the transform and TIcE cost about 0.4 s a
draw, most of the study's time). KM is left out: at about 1.5 s per draw it would dominate the run.

Beside them, the estimates that do not assume SCAR (:mod:`pueval.propensity`), against the true AUL:
``aul_weighted`` weights the labeled rows by 1/e with the true propensities (absolute), ``aul_weighted_half``
with propensities of half the slope (k/2: a misspecified propensity model), ``aul_audit_{m}`` reads an audit
of m unlabeled rows drawn at random (sizes at least the number of unlabeled rows are skipped), with the SCAR
test's p-value, ``aul_sar_em`` weights by SAR-EM's estimated propensities (:func:`pueval.sar_em.sar_em`: the score
as the propensity attribute, the features as the class attributes; on the first ``em_draws`` draws of each k
only, as its EM costs up to a second a draw on few features and far more on many), beside two arms on the same
draws: ``aul_sar_em_standardized`` (every column standardized first: the class model's logistic fit is not
scale-free in practice, with Airfoil's features spanning five orders of magnitude) and
``aul_sar_em_all_attributes`` (standardized, and the class model on every column, the score included: the
authors' default ``classification_attributes``), and ``aul_bounds`` is the range of the AUL at the true Γ (the largest ratio of two
positives' propensities), widened by its 95 % sampling error, with AUL^PU as its estimate. AUL^PU and the
weighted and audited estimates carry their 95 % intervals (``low``, ``high``), so the table gives coverage.
Their :class:`~pueval.propensity.PropensityWarning` (few effective rows at large k) is not logged per draw:
the table's coverage shows its consequence.
"""

from __future__ import annotations

import logging
import warnings

import numpy as np
import pandas as pd
from scipy.optimize import brentq
from scipy.special import expit

from pueval import aul_pu, metrics, propensity, sar_em, seeds
from pueval.distances import standardized
from pueval.mpe.priors import PriorEstimator
from pueval.seeds import PriorSeeds
from pueval.studies.aul_paper import column_name
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

    Examples
    --------
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


LEVEL = 0.95  # of every interval of the study


def without_scar(y: np.ndarray, scores: np.ndarray, labeled: np.ndarray, e: np.ndarray, e_half: np.ndarray,
                 audits: dict[int, np.ndarray], gamma: float, e_em: dict[str, np.ndarray] | None = None) -> list[dict]:
    """The estimates of one draw that do not assume SCAR (the module docstring), each a dict with ``source``,
    ``estimate``, ``low``, ``high`` and ``p_value`` (NaN where it has none); ``audits`` maps an audit size to
    the audited rows; ``e_em``, SAR-EM's propensities by arm (:func:`sar_em_propensities`), when estimated on this
    draw."""
    nan = float("nan")
    found = []
    weightings = [("aul_weighted", e), ("aul_weighted_half", e_half)]
    if e_em is not None:
        weightings += list(e_em.items())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", propensity.PropensityWarning)
        for source, e_used in weightings:
            weighted = propensity.aul_pu_weighted(labeled, scores, e_used, relative=False, level=LEVEL)
            found.append({"source": source, "estimate": weighted.aul, "low": weighted.ci[0], "high": weighted.ci[1],
                          "p_value": nan})
        for size, rows in audits.items():
            audited = np.full(y.size, np.nan)
            audited[rows] = y[rows]
            audit = propensity.aul_pu_audit(labeled, scores, audited, level=LEVEL)
            found.append({"source": f"aul_audit_{size}", "estimate": audit.aul, "low": audit.ci[0],
                          "high": audit.ci[1], "p_value": nan if audit.scar_p_value is None else audit.scar_p_value})
    bounds = propensity.aul_pu_bounds(labeled, scores, gamma, level=LEVEL)
    found.append({"source": "aul_bounds", "estimate": bounds.estimate, "low": bounds.low, "high": bounds.high,
                  "p_value": nan})
    return found


def sar_em_propensities(X: np.ndarray, scores: np.ndarray, labeled: np.ndarray) -> dict[str, np.ndarray]:
    """SAR-EM's propensities (:func:`pueval.sar_em.sar_em`), the score the propensity attribute, in three arms
    (module docstring): ``aul_sar_em`` the raw features as the class attributes, ``aul_sar_em_standardized``
    the same standardized, ``aul_sar_em_all_attributes`` standardized with every column, the score included,
    as the class attributes (the authors' default)."""
    features, score = X.shape[1], [X.shape[1]]
    scaled = standardized(np.c_[X, scores])
    return {"aul_sar_em": sar_em.sar_em(np.c_[X, scores], labeled, score,
                                        classification_attributes=np.arange(features)).propensity,
            "aul_sar_em_standardized": sar_em.sar_em(scaled, labeled, score,
                                                     classification_attributes=np.arange(features)).propensity,
            "aul_sar_em_all_attributes": sar_em.sar_em(scaled, labeled, score).propensity}


def run(X: np.ndarray, y: np.ndarray, scores: np.ndarray, *, dataset: str, beta: float, strengths, n_draws: int,
        seed: int, priors: PriorEstimator, audit_sizes=(), em_draws: int = 0,
        prior_draws: int | None = None) -> pd.DataFrame:
    """Rows of schema ``sar`` (:mod:`pueval.pipeline.schemas`) for every strength and draw of one dataset; the
    estimated priors (and the corrected AUC on each) on draws 0 … ``prior_draws`` − 1 of each strength (every draw
    when None), SAR-EM on draws 0 … ``em_draws`` − 1.

    ``priors`` gives the estimated priors of a draw. Draw d at strength k is seeded by the integer
    s = (``seed``, ``dataset``, "sar", k, d): its labels by s's generator, its priors by
    :meth:`~pueval.seeds.PriorSeeds.of` (s), its audit of m rows by (``seed``, ``dataset``, "sar", k, d,
    "audit", m).
    """
    truth = {"aul": float(metrics.aul(y, scores)), "auc": float(metrics.auc(y, scores))}
    nan = float("nan")
    rows = []
    for strength in strengths:
        e = propensities(y, scores, beta, strength)
        e_half = propensities(y, scores, beta, strength / 2)
        gamma = float(e[y == 1].max() / e[y == 1].min())
        for d in range(n_draws):
            rng = seeds.rng(seed, dataset, "sar", float(strength), d)
            labeled = sar_labels(e, rng)
            if labeled.sum() < MIN_LABELED:
                raise ArgumentError("beta", f"{beta:g} labels {labeled.sum()} rows of {dataset} in a draw; a draw "
                                            f"needs at least {MIN_LABELED}")
            theta = float(y[labeled == 0].mean())
            auc_pu = float(metrics.auc(labeled, scores))
            draw_seed = seeds.int_seed(seed, dataset, "sar", float(strength), d)
            estimated = {column_name(m): theta for m, theta in priors(X, labeled, PriorSeeds.of(draw_seed)).items()} \
                if prior_draws is None or d < prior_draws else {}
            thetas = {"true": theta, **estimated}
            low, high = aul_pu.aul_pu_interval(labeled, scores, LEVEL)
            found = [{"source": "aul", "estimate": float(metrics.aul(labeled, scores)), "truth": truth["aul"],
                      "low": low, "high": high, "p_value": nan}]
            found += [{"source": source, "estimate": metrics.corrected_auc(auc_pu, prior, clip=True),
                       "truth": truth["auc"], "low": nan, "high": nan, "p_value": nan}
                      for source, prior in thetas.items()]
            unlabeled = np.flatnonzero(labeled == 0)
            audits = {int(m): seeds.rng(seed, dataset, "sar", float(strength), d, "audit", int(m)).choice(
                unlabeled, int(m), replace=False) for m in audit_sizes if m < unlabeled.size}
            e_em = sar_em_propensities(X, scores, labeled) if d < em_draws else None
            found += [{**item, "truth": truth["aul"]}
                      for item in without_scar(y, scores, labeled, e, e_half, audits, gamma, e_em)]
            rows += [{"dataset": dataset, "beta": beta, "strength": float(strength), "draw": d, "theta": theta,
                      "source": item["source"], "estimate": item["estimate"], "truth": item["truth"],
                      "error": item["estimate"] - item["truth"], "low": item["low"], "high": item["high"],
                      "p_value": item["p_value"]} for item in found]
        log.info("%s: strength %g, %d draws", dataset, strength, n_draws)
    return pd.DataFrame(rows)


def table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, strength, source), and over all datasets ("all"): bias (mean error), MAE, draws, the
    coverage of the 95 % interval (share of draws with low ≤ truth ≤ high; NaN without one) and the SCAR test's
    rejection rate at 5 % (NaN without one)."""
    stats = {"bias": ("error", "mean"), "mae": ("abs_error", "mean"), "draws": ("error", "size"),
             "coverage": ("covered", "mean"), "rejection": ("rejected", "mean")}
    has_interval, has_test = frame["low"].notna(), frame["p_value"].notna()
    frame = frame.assign(abs_error=frame["error"].abs(),
                         covered=((frame["low"] <= frame["truth"]) & (frame["truth"] <= frame["high"]))
                         .astype(float).where(has_interval),
                         rejected=(frame["p_value"] < 0.05).astype(float).where(has_test))
    keys = ["strength", "source"]
    per_dataset = frame.groupby(["dataset", *keys], sort=False).agg(**stats).reset_index()
    overall = frame.groupby(keys, sort=False).agg(**stats).reset_index().assign(dataset="all")
    return pd.concat([per_dataset, overall], ignore_index=True)

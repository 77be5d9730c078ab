"""Estimators of the related papers as numbers: corrected AUC and AUPRC, ROC and PR bounds, F1 in PU.

Notation of one draw: n rows, n_L labeled (all positive, SCAR), n_U unlabeled, θ the positive
fraction among the unlabeled (a prior: true or from an MPE method). The curves behind the first three
are in :mod:`pueval.curves` (one core for all): each number here is the area of one of them.

* Jain, White & Radivojac (2017), clean positives (their β = 1, α = θ): the AUC of the indirect ROC
  recovery, Eqs. 1–2 (:func:`pueval.curves.corrected_roc_curve`; without clipping it equals the direct
  Eq. 4, :func:`pueval.metrics.corrected_auc`), and the AUPRC of the corrected PR curve, Eqs. 1 and 3
  (:func:`pueval.curves.corrected_pr_curve`).
* Claesen et al. (2015): the areas of the lower and upper ROC and PR curves
  (:func:`pueval.curves.claesen_band`).
* Tabatabaei et al. (2020) F1 at a threshold (predicted positive = score above it):
  F̄1 = 2·S_1/(ρ·M_1 + S), S = n_L, S_1 = labeled predicted positive, M_1 = predicted positive,
  ρ = S/P = n_L/(n_L + θ n_U). Against it the LL score of Lee & Liu, rec̄²/(M_1/M), which needs no
  prior but estimates precision·recall/α, not F1.

Labels take any two values, ``pos_label`` (default 1) marking the labeled (or positive) rows.
"""

from __future__ import annotations

import warnings

import numpy as np
from numpy.typing import ArrayLike

from pueval import curves
from pueval.validation import PosLabel, check_fraction, check_labels

__all__ = ["average_precision", "jain_roc_auc", "jain_auprc", "claesen_bounds", "f1", "tabatabaei_f1", "ll_score"]


def _checked_predicted(s, predicted, name: str = "s", pos_label: PosLabel = 1):
    s = check_labels(s, name=name, pos_label=pos_label)
    predicted = np.asarray(predicted)
    if predicted.shape != s.shape or predicted.dtype != bool:
        raise ValueError(f"predicted must be a boolean array of shape {s.shape}")
    return s, predicted


def average_precision(y: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1) -> float:
    """AUPRC of fully labeled data as average precision, Σ ΔRecall·Precision over tie groups (the area of
    :func:`pueval.curves.pr_curve`).

    Parameters
    ----------
    y : array of shape (n,)
        True classes of two values, ``pos_label`` marking the positives.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a positive.

    Returns
    -------
    float
        The average precision.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    0.8333333333333333
    """
    return curves.pr_curve(check_labels(y, name="y", pos_label=pos_label), scores).area


def jain_roc_auc(s: ArrayLike, scores: ArrayLike, theta: float, *, purity: float = 1.0,
                 pos_label: PosLabel = 1, repair: str = "monotone") -> float:
    """AUC of the ROC curve recovered threshold by threshold (:func:`pueval.curves.corrected_roc_curve`);
    ``purity`` is Jain's β, the share of true positives among the labeled rows; ``repair`` how the recovered
    curve is kept in [0, 1] (``"monotone"``: clipped and non-decreasing, ``"clip"``: clipped only).

    Parameters
    ----------
    s : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float
        θ, the share of positives among the unlabeled rows, in [0, 1).
    purity : float, default 1
        Jain et al.'s β.
    pos_label : default 1
        The label of a labeled row.
    repair : {"monotone", "clip"}, default "monotone"
        How the recovered curve is repaired.

    Returns
    -------
    float
        Jain et al.'s indirect AUC.

    Examples
    --------
    >>> jain_roc_auc([1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], 0.2)
    0.75
    """
    return curves.corrected_roc_curve(s, scores, theta, purity=purity, pos_label=pos_label, repair=repair).area


def jain_auprc(s: ArrayLike, scores: ArrayLike, theta: float, *, purity: float = 1.0,
               pos_label: PosLabel = 1) -> float:
    """AUPRC of the PR curve recovered threshold by threshold (:func:`pueval.curves.corrected_pr_curve`), its
    precision clipped to [0, 1] at every threshold (:func:`pueval.curves.average_precision_area`): the curve's
    warning that points left [0, 1] is not repeated here, where only the area is returned.

    Parameters
    ----------
    s : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float
        θ, the share of positives among the unlabeled rows, in [0, 1).
    purity : float, default 1
        Jain et al.'s β.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    float
        The corrected AUPRC.

    Examples
    --------
    >>> round(jain_auprc([0, 1, 0, 1, 0, 0, 1, 0, 0, 0], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 0.2), 4)
    0.6984
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="corrected precision leaves", category=UserWarning)
        return curves.corrected_pr_curve(s, scores, theta, purity=purity, pos_label=pos_label).area


def claesen_bounds(s: ArrayLike, scores: ArrayLike, theta: float, level: float = 0.95, *,
                   pos_label: PosLabel = 1) -> dict:
    """Lower and upper bounds on AUC and AUPRC, ``{"auc": (lo, hi), "auprc": (lo, hi)}``: the areas of
    :func:`pueval.curves.claesen_band`.

    Parameters
    ----------
    s : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float or (float, float)
        β̂, or an interval of it.
    level : float, default 0.95
        The band's confidence level.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    dict
        ``{"auc": (low, high), "auprc": (low, high)}``.

    Examples
    --------
    >>> found = claesen_bounds([1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], 0.4)
    >>> [round(v, 3) for v in found["auc"]]
    [0.533, 0.933]
    """
    band = curves.claesen_band(s, scores, theta, level, pos_label=pos_label)
    return {"auc": (band.roc_lower.area, band.roc_upper.area), "auprc": (band.pr_lower.area, band.pr_upper.area)}


def f1(y: ArrayLike, predicted: ArrayLike, *, pos_label: PosLabel = 1) -> float:
    """F1 of the predicted positives against fully labeled classes ``y``.

    Parameters
    ----------
    y : array of shape (n,)
        True classes of two values, ``pos_label`` marking the positives.
    predicted : array of shape (n,) of bool
        The predicted positives.
    pos_label : default 1
        The label of a positive.

    Returns
    -------
    float
        F1.

    Examples
    --------
    >>> f1([1, 0, 1, 0], np.array([True, True, False, False]))
    0.5
    """
    y, predicted = _checked_predicted(y, predicted, "y", pos_label)
    tp = float(np.sum(predicted & (y == 1)))
    return float(2.0 * tp / (predicted.sum() + (y == 1).sum()))


def tabatabaei_f1(s: ArrayLike, predicted: ArrayLike, theta: float, *, pos_label: PosLabel = 1) -> float:
    """F̄1 = 2·S_1/(ρ·M_1 + S), ρ = n_L/(n_L + θ·n_U) (module docstring).

    Parameters
    ----------
    s : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    predicted : array of shape (n,) of bool
        The predicted positives.
    theta : float
        θ, the share of positives among the unlabeled rows, in [0, 1).
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    float
        F̄1, Tabatabaei et al.'s estimate of F1.

    Examples
    --------
    >>> round(tabatabaei_f1([1, 0, 1, 0, 0, 1, 0, 0], np.arange(8) < 3, 0.2), 4)
    0.7619
    """
    s, predicted = _checked_predicted(s, predicted, pos_label=pos_label)
    theta = check_fraction(theta, "theta")
    n_l = int(s.sum())
    rho = n_l / (n_l + theta * (s.size - n_l))
    return float(2.0 * np.sum(predicted & (s == 1)) / (rho * predicted.sum() + n_l))


def ll_score(s: ArrayLike, predicted: ArrayLike, *, pos_label: PosLabel = 1) -> float:
    """Lee & Liu: recall² / P(predicted positive), recall from the labeled rows.

    Parameters
    ----------
    s : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    predicted : array of shape (n,) of bool
        The predicted positives.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    float
        Lee & Liu's score.

    Examples
    --------
    >>> round(ll_score([1, 0, 1, 0, 0, 1, 0, 0], np.arange(8) < 3), 4)
    1.1852
    """
    s, predicted = _checked_predicted(s, predicted, pos_label=pos_label)
    if not predicted.any():
        raise ValueError("predicted: no row is predicted positive; the LL score divides by P(predicted positive)")
    recall = float(np.sum(predicted & (s == 1))) / s.sum()
    return float(recall * recall / predicted.mean())

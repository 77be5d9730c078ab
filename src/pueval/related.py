"""Estimators of the related papers: corrected ROC and PR curves, ROC and PR bounds, F1 in PU.

Notation of one draw: n rows, n_L labeled (all positive, SCAR), n_U unlabeled, θ the positive
fraction among the unlabeled (a prior: true or from an MPE method). Curves are evaluated at every
distinct score (a tie group is one threshold; "head" = rows scoring at least the threshold).

* Jain, White & Radivojac (2017), clean positives (their β = 1, α = θ):
  - indirect ROC recovery, Eqs. 1–2: γ(t) = head_L/n_L, η(t) = (η^PU(t) − θγ(t))/(1 − θ), with
    η^PU(t) = head_U/n_U; η is clipped to [0, 1] and made non-decreasing, and the AUC is the
    trapezoid area of the (η, γ) points. Without clipping it equals the direct Eq. 4
    (:func:`pueval.metrics.corrected_auc`).
  - indirect PR recovery, Eqs. 1 and 3 ("corrected AUPRC"): precision over all n rows
    p(t) = α̂·γ(t)/q(t), q(t) = head/n, α̂ = (n_L + θ n_U)/n; AUPRC = Σ Δγ·p (average precision).
* Claesen et al. (2015): bounds on the ROC and PR curves. P_U = round(θ n_U) latent positives;
  a confidence band T_lo ≤ F_L ≤ T_up on the rank CDF of the labeled rows; at each threshold the
  contingency table with the least (greatest) FPR places ⌈T_up·P_U⌉ (⌊T_lo·P_U⌋) surrogate
  positives in the head of U, with the corner cases of their Eq. 11. The band is their bootstrap
  band computed exactly: a bootstrap count of labeled rows in the head is Binomial(n_L, F_L), so
  the pointwise bootstrap quantiles are binomial quantiles.
* Tabatabaei et al. (2020) F1 at a threshold (predicted positive = score above it):
  F̄1 = 2·S_1/(ρ·M_1 + S), S = n_L, S_1 = labeled predicted positive, M_1 = predicted positive,
  ρ = S/P = n_L/(n_L + θ n_U). Against it the LL score of Lee & Liu, rec̄²/(M_1/M), which needs no
  prior but estimates precision·recall/α, not F1.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import binom

from pueval import metrics
from pueval.validation import check_fraction, check_labels, check_level, check_scores


def _checked(s, scores, theta):
    """(s, scores, θ) validated: PU labels of both kinds, finite scores of the same length, θ in [0, 1)."""
    s = check_labels(s)
    return s, check_scores(scores, s.size), check_fraction(theta, "theta")


def _checked_predicted(s, predicted, name: str = "s"):
    s = check_labels(s, name=name)
    predicted = np.asarray(predicted)
    if predicted.shape != s.shape or predicted.dtype != bool:
        raise ValueError(f"predicted must be a boolean array of shape {s.shape}")
    return s, predicted


def _trapezoid(x: np.ndarray, y: np.ndarray) -> float:
    x, y = np.r_[0.0, x], np.r_[0.0, y]
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2.0))


def _average_precision(recall: np.ndarray, precision: np.ndarray) -> float:
    return float(np.sum(np.diff(np.r_[0.0, recall]) * np.clip(precision, 0.0, 1.0)))


def average_precision(y: np.ndarray, scores: np.ndarray) -> float:
    """AUPRC of fully labeled data as average precision, Σ ΔRecall·Precision over tie groups."""
    y = check_labels(y, name="y")
    tp, fp = metrics.head_counts(y, check_scores(scores, y.size))
    return _average_precision(tp / tp[-1], tp / (tp + fp))


def jain_roc_auc(s: np.ndarray, scores: np.ndarray, theta: float) -> float:
    """AUC of the ROC curve recovered threshold by threshold (module docstring)."""
    s, scores, theta = _checked(s, scores, theta)
    head_l, head_u = metrics.head_counts(s, scores)
    gamma, eta_pu = head_l / head_l[-1], head_u / head_u[-1]
    eta = np.maximum.accumulate(np.clip((eta_pu - theta * gamma) / (1.0 - theta), 0.0, 1.0))
    return _trapezoid(eta, gamma)


def jain_auprc(s: np.ndarray, scores: np.ndarray, theta: float) -> float:
    """AUPRC of the PR curve recovered threshold by threshold (module docstring)."""
    s, scores, theta = _checked(s, scores, theta)
    head_l, head_u = metrics.head_counts(s, scores)
    n_l, n_u = head_l[-1], head_u[-1]
    gamma = head_l / n_l
    alpha = (n_l + theta * n_u) / (n_l + n_u)
    return _average_precision(gamma, alpha * gamma / ((head_l + head_u) / (n_l + n_u)))


def surrogate_positives_in_head(head_u, n_u: int, latent: int, wanted) -> np.ndarray:
    """Claesen Eq. 11: surrogate positives in head(U) when ``wanted`` of the ``latent`` should be there."""
    head_u, wanted = np.asarray(head_u), np.asarray(wanted)
    tail_u = n_u - head_u
    return np.where(latent - wanted <= tail_u, np.minimum(head_u, wanted), latent - tail_u)


def claesen_bounds(s: np.ndarray, scores: np.ndarray, theta: float, level: float = 0.95) -> dict:
    """Lower and upper bounds on AUC and AUPRC (module docstring): ``{"auc": (lo, hi), "auprc": (lo, hi)}``."""
    s, scores, theta = _checked(s, scores, theta)
    level = check_level(level)
    head_l, head_u = metrics.head_counts(s, scores)
    n_l, n_u = int(head_l[-1]), int(head_u[-1])
    latent = int(np.clip(round(theta * n_u), 0, n_u - 1))
    cdf = head_l / n_l
    tail = (1.0 - level) / 2.0
    band = {"upper": np.ceil(binom.ppf(1.0 - tail, n_l, cdf) / n_l * latent - 1e-9),
            "lower": np.floor(binom.ppf(tail, n_l, cdf) / n_l * latent + 1e-9)}
    out = {"auc": [], "auprc": []}
    for name in ("lower", "upper"):  # the lower band gives the greatest FPR: the lower curve
        tp_u = surrogate_positives_in_head(head_u, n_u, latent, band[name])
        tp, fp = head_l + tp_u, head_u - tp_u
        tpr, fpr = tp / (n_l + latent), fp / (n_u - latent)
        out["auc"].append(_trapezoid(fpr, tpr))
        out["auprc"].append(_average_precision(tpr, np.divide(tp, tp + fp, out=np.ones(tp.size), where=tp + fp > 0)))
    return {key: tuple(value) for key, value in out.items()}


def f1(y: np.ndarray, predicted: np.ndarray) -> float:
    """F1 of the predicted positives against fully labeled classes ``y``."""
    y, predicted = _checked_predicted(y, predicted, "y")
    tp = float(np.sum(predicted & (y == 1)))
    return 2.0 * tp / (predicted.sum() + (y == 1).sum())


def tabatabaei_f1(s: np.ndarray, predicted: np.ndarray, theta: float) -> float:
    """F̄1 = 2·S_1/(ρ·M_1 + S), ρ = n_L/(n_L + θ·n_U) (module docstring)."""
    s, predicted = _checked_predicted(s, predicted)
    theta = check_fraction(theta, "theta")
    n_l = int(s.sum())
    rho = n_l / (n_l + theta * (s.size - n_l))
    return 2.0 * float(np.sum(predicted & (s == 1))) / (rho * predicted.sum() + n_l)


def ll_score(s: np.ndarray, predicted: np.ndarray) -> float:
    """Lee & Liu: recall² / P(predicted positive), recall from the labeled rows."""
    s, predicted = _checked_predicted(s, predicted)
    if not predicted.any():
        raise ValueError("predicted: no row is predicted positive; the LL score divides by P(predicted positive)")
    recall = float(np.sum(predicted & (s == 1))) / s.sum()
    return recall * recall / predicted.mean()

"""BBE: best bin estimation of the mixture proportion (Garg, Wu, Smola, Balakrishnan, Lipton 2021).

"Mixture Proportion Estimation and PU Learning: A Modern Approach". A classifier f of labeled
(component, n_p rows) against unlabeled (mixture, n_u rows) scores held-out rows; for a threshold t,
q̂_p(t) and q̂_u(t) are the shares of the held-out labeled and unlabeled rows scoring at least t
(the "top bin"). The unlabeled rows are θ positive, so q_u(t) ≥ θ·q_p(t) for every t, with equality
on a bin that holds positives only: θ ≤ q_u(t)/q_p(t). BBE picks the bin by its upper confidence
bound (their Eq. 3) and estimates θ̂ = q̂_u(t̂)/q̂_p(t̂), clipped to [0, 0.999] (``THETA_MAX``).

**The authors' code is the definition** (``BBE_estimator`` and ``DKW_bound`` in acmi-lab/PU_learning
``estimator.py``): the unlabeled scores sorted in decreasing order, u₀ ≥ u₁ ≥ … ≥ u_{n_u−1}, the
candidate thresholds are the u_i after which the sorted scores drop (u_i > u_{i+1}; the lowest score
never), and at such an i

* q̂_u = i/n_u (the code counts the rows before position i, not the i + 1 rows scoring ≥ u_i),
* q̂_p = j/n_p, j the labeled rows scoring ≥ u_i; a candidate needs j > 1 and i > 1,
* the upper bound t + (1 + γ)(√(log(4/δ)/(2 n_p)) + √(log(4/δ)/(2 n_u)))/q̂_p with t = q̂_u/q̂_p
  (``DKW_bound`` as of the repository's newest commit, 5e5e350 of 2024-03-12, and as the paper prints it;
  the code had log(1/δ) before),

and t̂ is the first (highest) candidate of the least bound; without a candidate the code returns 0.
``DKW_bound`` also returns the interval t ∓ (1 + γ)(…)/q̂_p; at t̂ it is BBE's own confidence interval for
θ (:func:`bbe_estimate`, clipped to [0, 1]).
δ = 0.1 and γ = 0.01 by default. The scores here are the cross-fitted LightGBM transform that
DistCurve uses (raw scores: the order of the code's probabilities), so every row is held out.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np

from pueval.mpe import THETA_MAX
from pueval.validation import ArgumentError, check_labels, check_scores

__all__ = ["bbe_theta", "bbe_estimate", "BestBin"]


class BestBin(NamedTuple):
    """BBE's estimate and the interval ``DKW_bound`` gives at its chosen bin (both ends clipped to [0, 1])."""

    theta: float
    lower: float
    upper: float


def bbe_theta(labeled, scores, *, delta: float = 0.1, gamma: float = 0.01) -> float:
    """θ̂ of BBE (:func:`bbe_estimate`'s ``theta``).

    Parameters
    ----------
    labeled : array of shape (n,)
        PU labels, 1 = labeled.
    scores : array of shape (n,)
        Held-out scores of every row.
    delta : float, default 0.1
        The bound's δ.
    gamma : float, default 0.01
        The bound's γ.

    Returns
    -------
    float
        θ̂.

    Examples
    --------
    >>> bbe_theta(np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0]), np.array([.9, .8, .7, .6, .85, .75, .1, .1, .2, .2]))
    0.5
    """
    return bbe_estimate(labeled, scores, delta=delta, gamma=gamma).theta


def bbe_estimate(labeled, scores, *, delta: float = 0.1, gamma: float = 0.01) -> BestBin:
    """θ̂ of BBE from held-out scores of every row and the PU labels (1 = labeled), with the interval
    t̂ ∓ (1 + γ)(√(log(4/δ)/(2 n_p)) + √(log(4/δ)/(2 n_u)))/q̂_p at the chosen bin (``DKW_bound``).

    Parameters
    ----------
    labeled : array of shape (n,)
        PU labels, 1 = labeled.
    scores : array of shape (n,)
        Held-out scores of every row.
    delta : float, default 0.1
        The bound's δ (the interval's level is 1 − δ).
    gamma : float, default 0.01
        The bound's γ.

    Returns
    -------
    BestBin
        ``theta``, ``lower``, ``upper``.

    Examples
    --------
    The one candidate below is u_3 = 0.2 (the scores drop after it; i = 3 > 1): q̂_u = 3/6 as the code
    counts it (4 of the 6 unlabeled rows score ≥ 0.2), q̂_p = 4/4.

    >>> labeled = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    >>> scores = np.array([.9, .8, .7, .6, .85, .75, .1, .1, .2, .2])
    >>> bbe_estimate(labeled, scores).theta
    0.5
    """
    s = check_labels(labeled, name="labeled")
    scores = check_scores(scores, s.size)
    if not 0.0 < delta < 1.0:
        raise ArgumentError("delta", f"must lie in (0, 1), got {delta}")
    if not 0.0 <= gamma < np.inf:
        raise ArgumentError("gamma", f"must be a finite number ≥ 0, got {gamma}")
    u = np.sort(scores[s == 0])[::-1]
    p = np.sort(scores[s == 1])
    n_u, n_p = u.size, p.size
    i = np.flatnonzero(u[:-1] > u[1:])  # where the sorted unlabeled scores drop
    j = n_p - np.searchsorted(p, u[i], side="left")  # labeled rows scoring at least u_i
    keep = (j > 1) & (i > 1)
    if not keep.any():
        warnings.warn("BBE: no top bin holds 2 labeled and 3 unlabeled rows; theta = 0, as the authors' code "
                      "returns (no interval)", RuntimeWarning, stacklevel=3)
        return BestBin(0.0, np.nan, np.nan)
    i, j = i[keep], j[keep]
    estimate = i * 1.0 * n_p / j / n_u
    slack = np.sqrt(np.log(4 / delta) / 2 / n_p) + np.sqrt(np.log(4 / delta) / 2 / n_u)
    bound = slack * (1 + gamma) / (j / n_p)
    best = int(np.argmin(estimate + bound))
    low, high = np.clip([estimate[best] - bound[best], estimate[best] + bound[best]], 0.0, 1.0)
    return BestBin(float(np.clip(estimate[best], 0.0, THETA_MAX)), float(low), float(high))

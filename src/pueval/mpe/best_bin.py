"""BBE: best bin estimation of the mixture proportion (Garg, Wu, Smola, Balakrishnan, Lipton 2021).

"Mixture Proportion Estimation and PU Learning: A Modern Approach". A classifier f of labeled
(component, n_p rows) against unlabeled (mixture, n_u rows) scores held-out rows; for a threshold t,
q̂_p(t) and q̂_u(t) are the shares of the held-out labeled and unlabeled rows scoring at least t
(the "top bin" [t, 1]). The unlabeled rows are θ positive, so q_u(t) ≥ θ·q_p(t) for every t, with
equality on a bin that holds positives only: θ ≤ q_u(t)/q_p(t). BBE picks the bin by its upper
confidence bound (their Eq. 3),

    t̂ = argmin_t  q̂_u(t)/q̂_p(t) + (1 + γ)/q̂_p(t) · (√(log(4/δ)/(2 n_p)) + √(log(4/δ)/(2 n_u))),

and estimates θ̂ = q̂_u(t̂)/q̂_p(t̂), clipped to [0, 0.999] (``THETA_MAX``); γ = 0.01, δ = 0.1 by
default. The thresholds are every distinct held-out score; the scores here are the cross-fitted LightGBM transform that
DistCurve uses, so every row is held out.
"""

from __future__ import annotations

import numpy as np

from pueval.metrics import head_counts
from pueval.mpe import THETA_MAX
from pueval.validation import check_labels, check_scores


def bbe_theta(labeled, scores, *, delta: float = 0.1, gamma: float = 0.01) -> float:
    """θ̂ of BBE from held-out scores of every row and the PU labels (1 = labeled).

    >>> labeled = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    >>> scores = np.array([.9, .8, .7, .6, .85, .75, .1, .1, .2, .2])
    >>> bbe_theta(labeled, scores, delta=0.9, gamma=0.0)  # the top bin [0.6, 1]: 2/6 of U, all of L
    0.3333333333333333
    """
    s = check_labels(labeled, name="labeled")
    scores = check_scores(scores, s.size)
    if not 0.0 < delta < 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta}")
    if not gamma >= 0.0:
        raise ValueError(f"gamma must be non-negative, got {gamma}")
    head_l, head_u = head_counts(s, scores)  # rows scoring ≥ t, for each distinct t in decreasing order
    n_p, n_u = head_l[-1], head_u[-1]
    q_p, q_u = head_l / n_p, head_u / n_u
    slack = np.sqrt(np.log(4.0 / delta) / (2.0 * n_p)) + np.sqrt(np.log(4.0 / delta) / (2.0 * n_u))
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = np.where(q_p > 0, (q_u + (1.0 + gamma) * slack) / q_p, np.inf)
    best = int(np.argmin(bound))
    return float(np.clip(q_u[best] / q_p[best], 0.0, THETA_MAX))

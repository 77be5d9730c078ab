"""EN: the class prior from a labeled-vs-unlabeled classifier (Elkan & Noto 2008, estimator e₁).

Under SCAR a classifier g(x) ≈ P(s = 1 | x) of labeled against unlabeled rows satisfies
g(x) = c·P(y = 1 | x), with the label frequency c = P(s = 1 | y = 1); on labeled rows, all positive,
its mean is c. Elkan and Noto's e₁ is that mean over held-out labeled rows:

    ĉ = (1/n_L) Σ_{i ∈ L} g(x_i),

with g's scores held out (here cross-fitted: every row is scored by a model that did not see it,
the same LightGBM transform DistCurve uses). Then the positives number n_L/ĉ, and the positive
fraction of the unlabeled rows is

    θ̂ = (n_L/ĉ − n_L)/n_U = n_L (1 − ĉ)/(ĉ n_U), clipped to [0, 0.999] (``THETA_MAX``).
"""

from __future__ import annotations

import numpy as np

from pueval.mpe import THETA_MAX
from pueval.validation import check_labels, check_scores

__all__ = ["en_theta", "theta_from_frequency"]


def en_theta(labeled, probabilities) -> float:
    """θ̂ of EN from held-out probabilities P(s = 1 | x) of every row and the PU labels (1 = labeled).

    Parameters
    ----------
    labeled : array of shape (n,)
        PU labels, 1 = labeled.
    probabilities : array of shape (n,)
        Held-out P(s = 1 | x) of every row.

    Returns
    -------
    float
        θ̂, in [0, 0.999].

    Examples
    --------
    >>> en_theta(np.array([1, 1, 0, 0, 0, 0]), np.array([0.5, 0.5, 0.5, 0.0, 0.0, 0.0]))
    0.5
    """
    s = check_labels(labeled, name="labeled")
    g = check_scores(probabilities, s.size, "probabilities")
    if g.min() < 0.0 or g.max() > 1.0:
        raise ValueError("probabilities must lie in [0, 1]")
    c = float(g[s == 1].mean())
    if c == 0.0:
        raise ValueError("probabilities: the labeled rows all score 0, so the label frequency c is 0")
    return theta_from_frequency(c, s)


def theta_from_frequency(c: float, s: np.ndarray) -> float:
    """θ̂ = n_L (1 − c)/(c n_U), clipped to [0, THETA_MAX]: the positives' share of the unlabeled rows of the
    0/1 labels ``s`` when a fraction c > 0 of the positives is labeled (EN and TIcE).

    Parameters
    ----------
    c : float
        The labeled share of the positives, in (0, 1].
    s : array of shape (n,)
        0/1 PU labels.

    Returns
    -------
    float
        θ̂, in [0, 0.999].

    Examples
    --------
    >>> theta_from_frequency(0.5, np.r_[np.ones(20, int), np.zeros(80, int)])
    0.25
    """
    n_l, n_u = int(s.sum()), int((s == 0).sum())
    return float(np.clip(n_l * (1.0 - c) / (c * n_u), 0.0, THETA_MAX))

"""AUL^PU of a user's own scores, with a confidence interval that needs no class prior.

Theorem 1 of the AUL paper: with t_i = (1/n) Σ_j S(g(x_i), g(x_j)) (the share of all rows that row
i outranks, ties and itself counting ½), AUL^PU is the mean of t over the labeled rows, a sample
drawn without replacement from the positives under SCAR, so

    Var[AUL^PU] = (n^P − n^L)/(n^P − 1) · σ²/n^L.

t_i depends on the scores alone, never on the labels, so σ² is estimated from the labeled rows'
t-values without a prior. The finite-population factor needs n^P, which is unknown without a prior:
:func:`aul_pu_interval` drops it (factor 1 ≥ the true one), which makes the normal interval
conservative, most at large β = n^L/n^P. A bootstrap over the labeled rows is offered beside it.
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np

from pueval import metrics
from pueval.validation import check_integer, check_level, check_pu

INTERVAL_METHODS = ("normal", "bootstrap")


def labeled_t_values(labeled, scores) -> np.ndarray:
    """The labeled rows' t-values, t_i = (r_i − ½)/n (:func:`pueval.metrics.t_values`), after checking
    the arguments (at least two labeled rows)."""
    labeled, scores = check_pu(labeled, scores)
    return metrics.t_values(scores)[labeled]


def aul_pu_score(labeled, scores) -> float:
    """AUL^PU (Eq. 4): P(score of a labeled row > score of any row), ties count ½.

    Parameters
    ----------
    labeled : array of shape (n,)
        1 for a labeled positive, 0 for an unlabeled row.
    scores : array of shape (n,)
        The model's scores (higher = more positive).

    Returns
    -------
    float
        The mean of the labeled rows' t-values; unbiased for the AUL under SCAR (Theorem 1).

    Examples
    --------
    The paper's Figure 1a (20 rows, 5 labeled):

    >>> scores = [0.92, 0.82, 0.73, 0.66, 0.6, 0.58, 0.54, 0.5, 0.45, 0.43,
    ...           0.41, 0.39, 0.38, 0.36, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1]
    >>> labeled = [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]
    >>> round(aul_pu_score(labeled, scores), 4)  # t = 0.975, 0.825, 0.675, 0.475, 0.125
    0.615
    """
    return float(labeled_t_values(labeled, scores).mean())


def aul_pu_interval(labeled, scores, level: float = 0.95, *, method: str = "normal", n_boot: int = 2000,
                    random_state=None) -> tuple[float, float]:
    """A confidence interval for the AUL from PU data, without a class prior.

    ``method="normal"``: AUL^PU ± z·s/√n^L, s² the sample variance of the labeled rows' t-values
    (Theorem 1 without its finite-population factor, so conservative). ``method="bootstrap"``:
    the ``level`` percentile interval of the mean of ``n_boot`` resamples of the labeled t-values.
    Both are clipped to [0, 1].

    >>> scores = np.linspace(0, 1, 200)
    >>> labeled = (np.arange(200) % 4 == 0).astype(int)
    >>> low, high = aul_pu_interval(labeled, scores)
    >>> low < aul_pu_score(labeled, scores) < high
    True
    """
    level = check_level(level)
    if method not in INTERVAL_METHODS:
        raise ValueError(f"method must be one of {INTERVAL_METHODS}, got {method!r}")
    check_integer(n_boot, "n_boot", 100)
    t = labeled_t_values(labeled, scores)
    if method == "normal":
        half = NormalDist().inv_cdf(0.5 + level / 2.0) * t.std(ddof=1) / np.sqrt(t.size)
        low, high = t.mean() - half, t.mean() + half
    else:
        rng = np.random.default_rng(random_state)
        means = t[rng.integers(0, t.size, (n_boot, t.size))].mean(axis=1)
        low, high = np.quantile(means, [0.5 - level / 2.0, 0.5 + level / 2.0])
    return float(max(low, 0.0)), float(min(high, 1.0))


def aul_pu_scorer():
    """A scikit-learn scorer of AUL^PU, for model selection on PU data (``GridSearchCV(scoring=...)``).

    The target passed to ``fit`` is the PU label (1 labeled, 0 unlabeled); the estimator's
    ``decision_function`` or ``predict_proba`` gives the scores.

    >>> from sklearn.linear_model import LogisticRegression
    >>> X = np.r_[np.zeros((40, 1)), np.ones((60, 1))] + np.linspace(0, 0.5, 100)[:, None]
    >>> s = np.r_[np.zeros(40), np.arange(60) % 3 == 0].astype(int)
    >>> model = LogisticRegression().fit(X, s)
    >>> 0.5 < aul_pu_scorer()(model, X, s) <= 1.0
    True
    """
    from sklearn.metrics import make_scorer

    return make_scorer(aul_pu_score, response_method=("decision_function", "predict_proba"))

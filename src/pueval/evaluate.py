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

from pueval import metrics, seeds
from pueval.validation import check_labels, check_scores

INTERVAL_METHODS = ("normal", "bootstrap")


def _check_pu(labeled, scores) -> tuple[np.ndarray, np.ndarray]:
    """1-D 0/1 labels of both kinds with at least two labeled rows, and finite scores, one per row."""
    labeled = check_labels(labeled, name="labeled").astype(bool)
    scores = check_scores(scores, labeled.size)
    if labeled.sum() < 2:
        raise ValueError(f"labeled: need at least 2 labeled rows, got {int(labeled.sum())}")
    return labeled, scores


def t_values(labeled, scores) -> np.ndarray:
    """t_i = (r_i − ½)/n of the labeled rows (r_i the mid-rank of row i among all n scores)."""
    labeled, scores = _check_pu(labeled, scores)
    return (metrics.midranks(scores)[labeled] - 0.5) / scores.size


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
    return float(t_values(labeled, scores).mean())


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
    if not (isinstance(level, (float, int)) and 0.0 < level < 1.0):
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    if method not in INTERVAL_METHODS:
        raise ValueError(f"method must be one of {INTERVAL_METHODS}, got {method!r}")
    if not (isinstance(n_boot, (int, np.integer)) and n_boot >= 100):
        raise ValueError(f"n_boot must be an integer ≥ 100, got {n_boot!r}")
    t = t_values(labeled, scores)
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


def coverage_table(frame, level: float):
    """Per (dataset, β, method) and overall per (β, method): nominal level, observed coverage, mean width.

    ``frame`` holds the rows of :func:`coverage` with ``dataset`` and ``beta`` columns.
    """
    import pandas as pd

    stats = {"draws": ("covered", "size"), "coverage": ("covered", "mean"), "mean_width": ("width", "mean")}
    per_setting = frame.groupby(["dataset", "beta", "method"], sort=False).agg(**stats).reset_index()
    overall = frame.groupby(["beta", "method"], sort=False).agg(**stats).reset_index()
    table = pd.concat([per_setting, overall.assign(dataset="all")], ignore_index=True)
    table.insert(3, "level", level)
    return table


def coverage(labeled_draws, scores, truth: float, *, level: float, n_boot: int, seed_of) -> list[dict]:
    """Per draw and interval method: whether the interval contains ``truth`` and its width.

    ``labeled_draws`` is (n_draws, n) PU labels; ``seed_of(d)`` gives the bootstrap seed of draw d.
    """
    rows = []
    for d, labeled in enumerate(np.asarray(labeled_draws)):
        for method in INTERVAL_METHODS:
            low, high = aul_pu_interval(labeled, scores, level, method=method, n_boot=n_boot,
                                        random_state=seed_of(d))
            rows.append({"draw": d, "method": method, "low": low, "high": high, "covered": low <= truth <= high,
                         "width": high - low})
    return rows


def coverage_study(settings, *, seed: int, level: float, n_boot: int):
    """:func:`coverage_table` over many settings: ``settings`` yields (dataset, β, s, scores, y), the
    (n_draws, n) PU labels s of that setting, the scores and the true classes; draw d's bootstrap is
    seeded by (``seed``, dataset, β, d)."""
    import pandas as pd

    rows = []
    for dataset, beta, s, scores, y in settings:
        truth = float(metrics.aul(y, scores))
        found = coverage(s, scores, truth, level=level, n_boot=n_boot,
                         seed_of=lambda d: seeds.int_seed(seed, dataset, beta, d, "aul-interval"))
        rows += [{"dataset": dataset, "beta": beta, **row} for row in found]
    return coverage_table(pd.DataFrame(rows), level)

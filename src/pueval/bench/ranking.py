"""Learners compared across datasets by tests whose outcome depends only on the two learners compared.

:func:`pairwise` runs, for every pair of learners, the Wilcoxon signed-rank test over the datasets (one score
per learner and dataset: the unit is the dataset, not the draw) and adjusts the pairs' p-values by Holm;
:func:`groups` reads the runs of learners that no test separates, in the order of their median scores, for a
critical-difference-style diagram (:func:`pueval.plots.bench_diagram`) drawn from those tests'
non-rejections. Benavoli, Corani & Mangili (JMLR 2016) show why the usual mean-rank post-hoc test is not used:
whether it separates A from B depends on which other learners are in the pool. :func:`mean_rank_test` computes
it anyway (Friedman's average ranks and the Nemenyi critical difference, Demšar 2006), to show what it claims
on the same scores; :func:`bayesian_signed_rank` is the Bayesian cross-check.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
from scipy import stats

from pueval.multitest import holm
from pueval.validation import ArgumentError

__all__ = ["signed_rank_p", "pairwise", "groups", "smallest_holm_p", "mean_rank_test", "bayesian_signed_rank"]


def _table(table) -> pd.DataFrame:
    frame = pd.DataFrame(table)
    if frame.shape[0] < 2 or frame.shape[1] < 2:
        raise ArgumentError("table", "needs at least two datasets (rows) and two learners (columns)")
    if not np.isfinite(frame.to_numpy(dtype=float)).all():
        raise ArgumentError("table", "holds NaN or infinite scores: a learner without a score on a dataset "
                                     "cannot be compared there (drop the row or the learner)")
    return frame.astype(float)


def signed_rank_p(differences) -> float:
    """The two-sided Wilcoxon signed-rank p of paired differences over the datasets, zero differences dropped
    (exact where scipy computes it exactly); 1 when every difference is zero.

    Parameters
    ----------
    differences : array of shape (n,)

    Returns
    -------
    float

    Examples
    --------
    >>> signed_rank_p([0.1, 0.2, 0.05, 0.3, 0.0])  # 4 of 4 non-zero differences positive: 2/16
    0.125
    """
    d = np.asarray(differences, dtype=float)
    nonzero = d[d != 0]
    return float(stats.wilcoxon(nonzero).pvalue) if nonzero.size else 1.0


def pairwise(table, *, level: float = 0.05) -> pd.DataFrame:
    """Every pair (a, b) of the columns of ``table`` (rows: datasets; higher is better): the number of datasets,
    a's wins, the median difference a − b, the two-sided Wilcoxon signed-rank p (exact where scipy computes it
    exactly, zero differences dropped), Holm's p over the pairs, and which learner is ahead at ``level``
    (``"a"``, ``"b"`` or ``""``).

    Parameters
    ----------
    table : DataFrame or mapping
        One row per dataset, one column per learner, finite scores.
    level : float, default 0.05
        The familywise level of the Holm-adjusted tests.

    Returns
    -------
    DataFrame
        One row per pair: a, b, datasets, a_wins, median_difference, p_value, p_holm, ahead.

    Examples
    --------
    >>> table = pd.DataFrame({"x": [0.9, 0.8, 0.85, 0.7, 0.95, 0.6], "y": [0.5, 0.4, 0.6, 0.3, 0.7, 0.2]})
    >>> pairwise(table)[["a", "b", "p_holm", "ahead"]].to_dict("records")
    [{'a': 'x', 'b': 'y', 'p_holm': 0.03125, 'ahead': 'a'}]
    """
    frame = _table(table)
    rows = []
    for a, b in itertools.combinations(frame.columns, 2):
        diff = (frame[a] - frame[b]).to_numpy()
        rows.append({"a": a, "b": b, "datasets": int(diff.size), "a_wins": int((diff > 0).sum()),
                     "median_difference": float(np.median(diff)), "p_value": signed_rank_p(diff)})
    out = pd.DataFrame(rows)
    out["p_holm"] = holm(out["p_value"].tolist())
    out["ahead"] = np.where(out["p_holm"] < level, np.where(out["median_difference"] > 0, "a", "b"), "")
    return out


def smallest_holm_p(datasets: int, learners: int) -> float:
    """The smallest Holm-adjusted p :func:`pairwise` can reach: the exact two-sided Wilcoxon p of ``datasets``
    differences all of one sign, 2·2⁻ⁿ, times the number of pairs of ``learners`` (capped at 1). At or above the
    level, no pair can be separated whatever the scores: the design cannot detect a difference.

    Parameters
    ----------
    datasets : int
        The datasets (the units of each test).
    learners : int
        The learners compared pairwise.

    Returns
    -------
    float

    Examples
    --------
    >>> smallest_holm_p(10, 8)  # 2/1024 × 28 pairs
    0.0546875
    """
    pairs = learners * (learners - 1) // 2
    return min(1.0, 2.0 * 0.5**datasets * pairs)


def groups(table, pairs: pd.DataFrame) -> list[tuple[str, ...]]:
    """The maximal runs of learners, in the order of their median score (best first), within which no pair of
    :func:`pairwise` is separated: the bars of a critical-difference-style diagram (runs of two or more).

    Parameters
    ----------
    table : DataFrame or mapping
        As :func:`pairwise`'s.
    pairs : DataFrame
        :func:`pairwise` of ``table`` (its ``ahead`` column).

    Returns
    -------
    list of tuple of str
        Each run's learners, best first.

    Examples
    --------
    >>> table = pd.DataFrame({"x": [0.9, 0.8, 0.85, 0.7], "y": [0.89, 0.81, 0.84, 0.71]})
    >>> groups(table, pairwise(table))
    [('x', 'y')]
    """
    frame = _table(table)
    order = list(frame.median().sort_values(ascending=False, kind="stable").index)
    separated = {frozenset((r.a, r.b)) for r in pairs.itertuples() if r.ahead}
    runs = []
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and all(frozenset((order[i], order[end + 1])) not in separated
                                           for i in range(start, end + 1)):
            end += 1
        if end > start and not any(s <= start and end <= e for s, e in runs):
            runs.append((start, end))
    return [tuple(order[s:e + 1]) for s, e in runs]


ROPE = 0.01
"""The region of practical equivalence of :func:`bayesian_signed_rank`: score differences within ±0.01."""


def bayesian_signed_rank(table, *, rope: float = ROPE, seed: int = 0, samples: int = 10_000) -> pd.DataFrame:
    """Every pair (a, b) of ``table``'s columns by the Bayesian signed-rank test over the datasets (Benavoli et
    al. 2017; baycomp's ``two_on_multiple``, the ``bench`` extra): the posterior probabilities that a is ahead by
    more than ``rope``, that they are within it, that b is ahead. A cross-check of :func:`pairwise`; its Monte
    Carlo (``samples`` Dirichlet draws) seeded by ``seed``.

    Parameters
    ----------
    table : DataFrame or mapping
        As :func:`pairwise`'s.
    rope : float, default :data:`ROPE`
    seed : int, default 0
    samples : int, default 10,000

    Returns
    -------
    DataFrame
        One row per pair: a, b, p_a_ahead, p_rope, p_b_ahead.

    Examples
    --------
    >>> table = pd.DataFrame({"x": [0.9, 0.8, 0.85, 0.7, 0.95], "y": [0.5, 0.4, 0.6, 0.3, 0.7]})
    >>> bool(bayesian_signed_rank(table, samples=2000)["p_a_ahead"].iloc[0] > 0.9)
    True
    """
    from pueval.extras import require

    baycomp = require("baycomp", "the Bayesian signed-rank cross-check")
    frame = _table(table)
    rows = []
    for a, b in itertools.combinations(frame.columns, 2):
        ahead, equal, behind = baycomp.two_on_multiple(frame[a].to_numpy(), frame[b].to_numpy(), rope=rope,
                                                       random_state=seed, nsamples=samples)
        rows.append({"a": a, "b": b, "p_a_ahead": float(ahead), "p_rope": float(equal), "p_b_ahead": float(behind)})
    return pd.DataFrame(rows)


def mean_rank_test(table, *, level: float = 0.05) -> tuple[pd.Series, float, pd.DataFrame]:
    """(average ranks, best = 1; the Nemenyi critical difference at ``level``; the pairs whose ranks differ by
    more): the mean-rank post-hoc test (Demšar 2006), for comparison only (module docstring).

    Parameters
    ----------
    table : DataFrame or mapping
        As :func:`pairwise`'s.
    level : float, default 0.05

    Returns
    -------
    tuple of (Series, float, DataFrame)
        The average ranks, the critical difference, and per pair its rank difference and whether it exceeds it.

    Examples
    --------
    >>> table = pd.DataFrame({"x": [0.9, 0.8, 0.85, 0.7], "y": [0.5, 0.4, 0.6, 0.3]})
    >>> mean_rank_test(table)[0].tolist()
    [1.0, 2.0]
    """
    frame = _table(table)
    ranks = frame.rank(axis=1, ascending=False).mean()
    k, n = frame.shape[1], frame.shape[0]
    q = stats.studentized_range.ppf(1 - level, k, np.inf) / np.sqrt(2)
    cd = float(q * np.sqrt(k * (k + 1) / (6 * n)))
    rows = [{"a": a, "b": b, "rank_difference": float(ranks[a] - ranks[b]),
             "separated": bool(abs(ranks[a] - ranks[b]) > cd)} for a, b in itertools.combinations(frame.columns, 2)]
    return ranks, cd, pd.DataFrame(rows)

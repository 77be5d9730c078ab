"""pueval.studies.theorem1: observed moments and tails agree with Theorem 1, grouped by dataset and β."""

import numpy as np
import pandas as pd
import pytest

from pueval import metrics
from pueval.studies import theorem1 as theory


def _scar(y, n_labeled, draws, rng):
    positives = np.flatnonzero(y)
    s = np.zeros((draws, y.size), dtype=int)
    for row in s:
        row[rng.choice(positives, n_labeled, replace=False)] = 1
    return s


def test_observed_moments_and_tails_agree_with_theorem_1():
    rng = np.random.default_rng(3)
    y = (rng.random(1500) < 0.4).astype(int)
    g = rng.normal(size=1500) + y
    n_l = 60
    aul_pu = metrics.aul(_scar(y, n_l, 3000, rng), g)
    rows = theory.check(y, g, aul_pu, n_l, epsilons=(0.01, 0.03))
    first = rows[0]
    assert first["mean_aul_pu"] == pytest.approx(first["aul"], abs=4 * first["mean_error_se"])
    assert first["var_observed"] == pytest.approx(first["var_theorem"], rel=0.1)
    for row in rows:
        assert row["tail_observed"] <= row["chebyshev"] + 1e-12
        assert row["chebyshev"] <= row["quarter_bound"] + 1e-12  # σ² ≤ 1/4
        assert row["paper_bound"] == pytest.approx(row["var_theorem"] / row["epsilon"])


def test_table_groups_by_dataset_and_beta():
    rng = np.random.default_rng(4)
    y = np.array([1, 0] * 100)
    g = rng.normal(size=200) + y
    s = _scar(y, 20, 5, rng)
    estimates = pd.DataFrame({"dataset": "x", "beta": 0.2, "draw": range(5), "n_labeled": 20,
                              "aul_pu": metrics.aul(s, g)})
    out = theory.table(estimates, {"x": pd.DataFrame({"label": y, "score": g})}, epsilons=(0.01,))
    assert out[["dataset", "beta", "epsilon", "draws"]].values.tolist() == [["x", 0.2, 0.01, 5]]

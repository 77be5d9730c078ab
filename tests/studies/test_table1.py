"""pueval.studies.table1: errors in long form, Table 1's MAE order and the paper's columns."""

import numpy as np
import pandas as pd
import pytest

from pueval.studies import aul_paper, table1
from tests.synthetic import table1_estimates


def test_errors_long_form():
    err = table1.errors(table1_estimates())
    assert set(err.method) == {"aul", "km1"}
    assert err.loc[err.method == "aul", "error"].round(6).tolist()[:2] == [0.01, -0.03]


def test_table1_mae_order_and_paper_columns():
    table = table1.table1(table1_estimates())
    assert table["dataset"].tolist() == ["airfoil", "airfoil", "abalone", "abalone"]  # the run's order
    assert table["mae_aul"].to_numpy() == pytest.approx([0.02] * 4)
    assert table["mae_auc_km1"].to_numpy() == pytest.approx([0.06] * 4)
    assert list(table.columns[:9]) == ["dataset", "beta", "n", "alpha", "auc", "aul", "mae_auc_km1", "mae_aul",
                                       "paper_n"]
    assert table.loc[2, "paper_mae_aul"] == 0.014 and table.loc[2, "paper_auc"] == 0.807


def test_the_standardized_km_cells_beside_table1s():
    """Restated: per setting, the MAE of the corrected AUC (clipped) with the standardized KM priors, beside the
    paper-faithful cells of the same draws, and each one's distance to the paper's value."""
    from pueval import metrics

    rng = np.random.default_rng(0)
    draws = 6
    estimates = pd.DataFrame({"dataset": "airfoil", "beta": 0.2, "draw": np.arange(draws), "auc": 0.8,
                              "aul": 0.7, "auc_pu": rng.uniform(0.6, 0.75, draws), "aul_pu": rng.uniform(0.6, 0.8, draws),
                              "auc_est_km1": rng.uniform(0.7, 0.9, draws), "auc_est_km2": rng.uniform(0.7, 0.9, draws)})
    standardized = pd.DataFrame({"dataset": "airfoil", "beta": 0.2, "draw": np.arange(draws)[::-1],
                                 "theta_km1": rng.uniform(0.1, 0.4, draws), "theta_km2": rng.uniform(0.1, 0.4, draws)})
    row = table1.km_standardized(estimates, standardized).iloc[0]
    by_draw = standardized.set_index("draw").loc[estimates["draw"]]
    for method in ("km1", "km2"):
        expected = np.mean([abs(min(max(metrics.corrected_auc(a, t, unidentified="raw"), 0.0), 1.0) - 0.8)
                            for a, t in zip(estimates["auc_pu"], by_draw[f"theta_{method}"])])
        assert row[f"mae_auc_{method}_standardized"] == pytest.approx(expected)
        assert row[f"mae_auc_{method}"] == pytest.approx((estimates[f"auc_est_{method}"] - 0.8).abs().mean())
        paper = aul_paper.table1().set_index(["dataset", "beta"]).loc[("airfoil", 0.2), f"mae_auc_{method}"]
        assert row[f"distance_{method}_standardized"] == pytest.approx(abs(expected - paper))
    with pytest.raises(ValueError, match="every draw"):
        table1.km_standardized(estimates, standardized.iloc[:3])

"""pueval.studies.table1: errors in long form, Table 1's MAE order and the paper's columns."""

import pytest

from pueval.studies import table1
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

import numpy as np
import pandas as pd
import pytest

from pueval.pipeline.render import aul_paper, common
from pueval.studies import table1


def _estimates():
    rows = []
    for dataset, auc, aul in (("airfoil", 0.84, 0.67), ("abalone", 0.8, 0.65)):
        for beta in (0.1, 0.4):
            for draw, (e_aul, e_km1) in enumerate([(0.01, -0.05), (-0.03, 0.07)]):
                rows.append(dict(dataset=dataset, beta=beta, n=100, alpha=0.5, auc=auc, aul=aul, draw=draw,
                                 aul_pu=aul + e_aul, auc_est_km1=auc + e_km1))
    return pd.DataFrame(rows)


def test_errors_long_form():
    err = table1.errors(_estimates())
    assert set(err.method) == {"aul", "km1"}
    assert err.loc[err.method == "aul", "error"].round(6).tolist()[:2] == [0.01, -0.03]


def test_table1_mae_order_and_paper_columns():
    table = table1.table1(_estimates())
    assert table["dataset"].tolist() == ["airfoil", "airfoil", "abalone", "abalone"]  # the run's order
    assert table["mae_aul"].to_numpy() == pytest.approx([0.02] * 4)
    assert table["mae_auc_km1"].to_numpy() == pytest.approx([0.06] * 4)
    assert list(table.columns[:9]) == ["dataset", "beta", "n", "alpha", "auc", "aul", "mae_auc_km1", "mae_aul",
                                       "paper_n"]
    assert table.loc[2, "paper_mae_aul"] == 0.014 and table.loc[2, "paper_auc"] == 0.807


def test_markdown_shows_paper_values_beside_ours():
    text = common.markdown(table1.table1(_estimates()))
    assert "| abalone | 0.100 | 100 (4177) | 0.500 (0.498) | 0.800 (0.807)" in text
    assert text.count("\n| ") == 5  # header + 4 rows


def test_figure2_has_one_box_per_dataset_and_method():
    fig = aul_paper.figure2(_estimates(), titles={"airfoil": "Airfoil"})
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Airfoil", "abalone"]  # a title, else the name
    assert len(ax.get_legend().get_texts()) == 2
    means = [line for line in ax.lines if line.get_marker() == "D"]
    assert len(means) == 4
    # boxes in the paper's order (KM1 first, AUL last), each over the datasets
    assert np.isclose(means[0].get_ydata()[0], 0.01)  # abalone, KM1: mean of −0.05 and +0.07
    assert np.isclose(means[2].get_ydata()[0], -0.01)  # abalone, AUL: mean of +0.01 and −0.03


def test_distance_to_the_paper_by_hand():
    table = table1.table1(_estimates())
    distance = table1.distance(table).set_index("check")
    # ours: mae_aul 0.02, mae_auc_km1 0.06 everywhere; paper (abalone 0.1, 0.4; airfoil 0.1, 0.4)
    paper_aul, paper_km1 = [0.014, 0.005, 0.019, 0.009], [0.065, 0.027, 0.110, 0.057]
    assert distance.loc["mean |ours - paper| of mae_aul", "ours"] == pytest.approx(
        np.mean([abs(0.02 - p) for p in paper_aul]))
    assert distance.loc["mean |ours - paper| of mae_auc_km1", "ours"] == pytest.approx(
        np.mean([abs(0.06 - p) for p in paper_km1]))
    assert distance.loc["settings with mae_aul < mae_auc_km1 (of 4)", ["ours", "paper"]].tolist() == [4, 4]
    assert "mean mae_aul / mean mae_auc_distance" not in distance.index  # no Distance column here
    text = aul_paper.distance_markdown(table1.distance(table))
    assert "| settings with mae_aul < mae_auc_km1 (of 4) | 4 | 4 |" in text
    with pytest.raises(ValueError, match="paper's values"):
        table1.distance(table.drop(columns="paper_mae_aul"))


def test_the_docs_list_the_intermediate_files_as_the_schemas_define_them(repo):
    from pueval.pipeline import schemas

    assert schemas.markdown() in (repo / "docs" / "pipeline.md").read_text()

"""pueval.pipeline.render: Table 1's Markdown beside the paper, Figure 2, the distance to the paper,
byte-reproducible figures."""

import time

import matplotlib.pyplot as plt
import numpy as np
import pytest

from pueval.pipeline.render import aul_paper, common
from pueval.pipeline.render import common as render
from pueval.studies import table1
from tests.synthetic import table1_estimates


def test_figures_are_byte_reproducible(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    render.save(fig, [tmp_path / "a.pdf", tmp_path / "a.png"])
    time.sleep(1.1)  # a creation date would now differ
    render.save(fig, [tmp_path / "b.pdf", tmp_path / "b.png"])
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_markdown_shows_paper_values_beside_ours():
    text = common.markdown(table1.table1(table1_estimates()))
    assert "| abalone | 0.100 | 100 (4177) | 0.500 (0.498) | 0.800 (0.807)" in text
    assert text.count("\n| ") == 5  # header + 4 rows


def test_figure2_has_one_box_per_dataset_and_method():
    fig = aul_paper.figure2(table1_estimates(), titles={"airfoil": "Airfoil"})
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Airfoil", "abalone"]  # a title, else the name
    assert len(ax.get_legend().get_texts()) == 2
    means = [line for line in ax.lines if line.get_marker() == "D"]
    assert len(means) == 4
    # boxes in the paper's order (KM1 first, AUL last), each over the datasets
    assert np.isclose(means[0].get_ydata()[0], 0.01)  # abalone, KM1: mean of −0.05 and +0.07
    assert np.isclose(means[2].get_ydata()[0], -0.01)  # abalone, AUL: mean of +0.01 and −0.03


def test_distance_to_the_paper_by_hand():
    table = table1.table1(table1_estimates())
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

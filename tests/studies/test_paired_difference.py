"""pueval.studies.paired_difference: coverage and sign decisions of the paired AUL^PU interval, on draws with a
known truth."""

import numpy as np
import pandas as pd
import pytest

from pueval import metrics
from pueval.studies import paired_difference as study
from pueval.studies.draws import scar_draws


def _masks(indices, n):
    masks = np.zeros((len(indices), n), int)
    np.put_along_axis(masks, indices, 1, axis=1)
    return masks


def test_the_study_counts_coverage_and_decisions_as_restated():
    rng = np.random.default_rng(0)
    y = (rng.random(1500) < 0.4).astype(int)
    a, b = y + rng.normal(0, 0.7, y.size), y + rng.normal(0, 1.0, y.size)
    settings = [("toy", beta, _masks(scar_draws(y, beta, 40, seed=1, dataset="toy"), y.size), y, a, b)
                for beta in (0.1, 0.4)]
    table = study.study(settings, level=0.9)
    truth = metrics.aul(y, a) - metrics.aul(y, b)
    for beta, draws in ((s[1], s[2]) for s in settings):
        rows = pd.DataFrame(study.draw_rows(draws, a, b, truth, level=0.9))
        row = table[(table["dataset"] == "toy") & (table["beta"] == beta)].iloc[0]
        assert row["coverage"] == pytest.approx(((rows["low"] <= truth) & (truth <= rows["high"])).mean())
        assert row["decided_right"] == pytest.approx((rows["low"] > 0).mean())  # A is the better model here
        assert row["decided_wrong"] == pytest.approx((rows["high"] < 0).mean())
        assert row["decided_right"] + row["decided_wrong"] + row["undecided"] == pytest.approx(1.0)
        assert row["true_difference"] == pytest.approx(truth) and row["auc_a"] > row["auc_b"]
    overall = table[table["dataset"] == "all"]
    assert list(overall["beta"]) == [0.1, 0.4] and (overall["draws"] == 40).all()
    assert table["coverage"].min() >= 0.8

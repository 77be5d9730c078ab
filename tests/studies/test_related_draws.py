"""pueval.studies.related_draws: the related papers' estimators over SCAR draws, their table of MAE, coverage and
prior needs."""

import itertools

import numpy as np
import pandas as pd
import pytest

from pueval import metrics, related
from pueval.studies import related_draws
from tests.synthetic import scar_scores


def test_tabatabaei_f1_is_unbiased_over_all_scar_draws_and_ll_is_exact_when_all_are_labeled():
    rng = np.random.default_rng(5)
    y = np.r_[np.ones(7, int), np.zeros(6, int)]
    predicted = rng.random(13) < 0.5
    k = 3
    theta = (7 - k) / (13 - k)
    values = []
    for chosen in itertools.combinations(range(7), k):
        s = np.zeros(13, int)
        s[list(chosen)] = 1
        values.append(related.tabatabaei_f1(s, predicted, theta))
    assert np.mean(values) == pytest.approx(related.f1(y, predicted), rel=1e-12)
    truth = related_draws.truths(y, rng.random(13), predicted)
    assert related.ll_score(y, predicted) == pytest.approx(truth["ll"])


def test_table_reports_mae_coverage_and_prior_needs():
    y, s, scores = scar_scores(6)
    predicted = scores > np.median(scores)
    truth = related_draws.truths(y, scores, predicted)
    rows = related_draws.draw_estimates(s, scores, predicted, {"true": y[s == 0].mean()}, 0.95)
    frame = pd.DataFrame(rows).assign(beta=0.3)
    frame["truth"] = frame["target"].map(truth)
    table = related_draws.table(frame)
    assert set(table.loc[table.needs_prior, "prior"]) == {"true"}
    assert table.loc[~table.needs_prior, "estimator"].str.contains("AUL|LL|AUPRC\\^PU").all()
    claesen = table[table.estimator.str.contains("Claesen")]
    assert claesen["coverage"].notna().all() and (claesen["mean_width"] > 0).all()
    jain = table.set_index("estimator").loc["AUC, Jain indirect ROC"]
    assert jain["mae"] == pytest.approx(abs(related.jain_roc_auc(s, scores, y[s == 0].mean()) - truth["auc"]))


def test_dataset_frame_runs_every_estimator_on_every_draw():
    rng = np.random.default_rng(3)
    y = (rng.random(200) < 0.4).astype(int)
    scores = y + rng.normal(0, 1, 200)
    s = np.zeros((2, 200), int)
    for d in range(2):
        s[d, rng.choice(np.flatnonzero(y), 20, replace=False)] = 1
    estimates = pd.DataFrame({"beta": 0.25, "draw": [0, 1], "theta": (y.sum() - 20) / 180,
                              "theta_km1": [0.3, 0.35]})
    frame = related_draws.dataset_frame(y, scores, [(s, estimates)], dataset="toy", level=0.9, f1_quantile=0.5)
    assert list(frame.columns[:3]) == ["dataset", "beta", "draw"] and set(frame["prior"]) == {"none", "true", "km1"}
    assert frame.groupby("draw").size().tolist() == [4 + 2 * 6] * 2
    truth = related_draws.truths(y, scores, scores > np.quantile(scores, 0.5))
    assert (frame["truth"] == frame["target"].map(truth)).all()
    aul = frame[(frame.estimator == "AUL^PU (this paper)") & (frame.draw == 1)]["estimate"].item()
    assert aul == pytest.approx(metrics.aul(s[1], scores))

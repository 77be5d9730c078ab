"""pueval.studies.sar: the estimates without SCAR, and SAR-EM's weights on the first draws."""

import numpy as np
import pandas as pd
import pytest

from pueval import seeds
from pueval.propensity import aul_pu_weighted


def test_the_sar_study_adds_the_estimates_without_scar():
    from pueval.studies import sar as study

    rng = np.random.default_rng(13)
    y = (rng.random(1500) < 0.4).astype(int)
    scores = y + rng.normal(size=1500)

    def run():
        return study.run(np.zeros((1500, 1)), y, scores, dataset="toy", beta=0.3, strengths=[0, 2], n_draws=3,
                         seed=5, priors=lambda X, labeled, seeds: {}, audit_sizes=[50, 10**6])

    frame = run()
    pd.testing.assert_frame_equal(frame, run())  # seeded by the draw's identity
    assert set(frame["source"]) == {"aul", "true", "aul_weighted", "aul_weighted_half", "aul_audit_50", "aul_bounds"}
    scar = frame[frame["strength"] == 0].set_index(["draw", "source"])["estimate"]
    for d in range(3):  # a constant propensity: the weighted estimates are AUL^PU
        assert scar[(d, "aul_weighted")] == pytest.approx(scar[(d, "aul")], abs=1e-12)
        assert scar[(d, "aul_weighted_half")] == pytest.approx(scar[(d, "aul")], abs=1e-12)
    table = study.table(frame).set_index(["dataset", "strength", "source"])
    assert table.loc[("all", 2.0, "aul_audit_50"), ["coverage", "rejection"]].between(0, 1).all()
    assert np.isnan(table.loc[("all", 2.0, "true"), "coverage"]) and np.isnan(table.loc[("all", 2.0, "aul"), "rejection"])
    bounds = frame[frame["source"] == "aul_bounds"]
    assert (bounds["low"] <= bounds["estimate"]).all() and (bounds["estimate"] <= bounds["high"]).all()


def test_the_sar_study_weights_by_sar_em_on_its_first_draws():
    from pueval.sar_em import sar_em
    from pueval.studies import sar as study

    rng = np.random.default_rng(14)
    x = rng.normal(size=(1200, 2))
    y = (rng.random(1200) < 0.5 + 0.3 * np.tanh(x[:, 0])).astype(int)
    scores = x[:, 0] + y + rng.normal(size=1200)
    frame = study.run(x, y, scores, dataset="toy", beta=0.3, strengths=[0, 2], n_draws=3, seed=5,
                      priors=lambda X, labeled, seeds: {}, em_draws=2)
    em = frame[frame["source"] == "aul_sar_em"]
    assert sorted(map(tuple, em[["strength", "draw"]].to_numpy())) == [(0, 0), (0, 1), (2, 0), (2, 1)]
    # draw 1 at k = 2, restated: its labels, SAR-EM with the score as the propensity attribute, the Hájek weights
    labeled = study.sar_labels(study.propensities(y, scores, 0.3, 2.0), seeds.rng(5, "toy", "sar", 2.0, 1))
    e = sar_em(np.c_[x, scores], labeled, [2], classification_attributes=[0, 1]).propensity
    row = em[(em["strength"] == 2) & (em["draw"] == 1)].iloc[0]
    assert row["estimate"] == pytest.approx(aul_pu_weighted(labeled, scores, e, relative=False).aul)
    # the two other arms, restated: every column standardized, the class model on the features, or on every column
    both = np.c_[x, scores]
    z = (both - both.mean(axis=0)) / both.std(axis=0)
    for source, attributes in (("aul_sar_em_standardized", [0, 1]), ("aul_sar_em_all_attributes", None)):
        e = sar_em(z, labeled, [2], classification_attributes=attributes).propensity
        arm = frame[(frame["source"] == source) & (frame["strength"] == 2) & (frame["draw"] == 1)].iloc[0]
        assert arm["estimate"] == pytest.approx(aul_pu_weighted(labeled, scores, e, relative=False).aul)
    assert (frame["source"] == "aul_sar_em_all_attributes").sum() == 4


def test_the_sar_study_estimates_priors_on_its_first_prior_draws_only():
    from pueval.studies import sar as study

    rng = np.random.default_rng(15)
    y = (rng.random(1000) < 0.4).astype(int)
    scores = y + rng.normal(size=1000)
    calls = []

    def priors(X, labeled, seeded):
        calls.append(int(labeled.sum()))
        return {"fixed": 0.6}

    def run(prior_draws):
        return study.run(np.zeros((1000, 1)), y, scores, dataset="toy", beta=0.3, strengths=[0, 2], n_draws=3,
                         seed=5, priors=priors, prior_draws=prior_draws)

    every, first = run(None), run(2)
    assert len(calls) == 6 + 4  # 2 strengths × 3 draws, then × 2
    fixed = first[first["source"] == "fixed"]
    assert sorted(map(tuple, fixed[["strength", "draw"]].to_numpy())) == [(0, 0), (0, 1), (2, 0), (2, 1)]
    # the draws kept are the same draws: the same labels, the same rows
    kept = every[every["draw"] < 2].reset_index(drop=True)
    pd.testing.assert_frame_equal(first[first["draw"] < 2].reset_index(drop=True), kept)
    assert set(first.loc[first["draw"] == 2, "source"]) == set(every["source"]) - {"fixed"}

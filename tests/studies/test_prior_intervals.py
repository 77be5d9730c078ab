"""pueval.studies.prior_intervals: each bootstrap interval is the library's, seeded by the draw's identity; the
corrected AUC's intervals are the library's on each draw; the coverage table counts as restated by hand."""

import numpy as np
import pandas as pd
import pytest

from pueval import metrics
from pueval.mpe import estimate_priors
from pueval.mpe.priors import PriorOptions
from pueval.seeds import int_seed
from pueval.studies import prior_intervals as study
from tests.synthetic import labeled_draws


def test_bootstrap_draws_are_the_librarys_intervals_seeded_by_each_draws_identity():
    X, y, _, s = labeled_draws(seed=1, n=200)
    options = {"bbe": {"transform": {"folds": 3, "rounds": 10}}, "tice": {}}
    priors = PriorOptions(transform={"folds": 3, "rounds": 10})
    frame = study.bootstrap_draws(X, y, s[:2], ["bbe", "tice"], seed=7, dataset="toy", beta=0.2, n_boot=4,
                                  level=0.8, options=priors)
    assert frame[["draw", "method"]].values.tolist() == [[0, "bbe"], [0, "tice"], [1, "bbe"], [1, "tice"]]
    for draw in (0, 1):
        found = estimate_priors(X, s[draw], ["bbe", "tice"], interval="bootstrap", n_boot=4, level=0.8,
                                random_state=int_seed(7, "prior_intervals", "toy", 0.2, draw), options=options)
        rows = frame[frame["draw"] == draw].set_index("method")
        for method, estimate in found.items():
            assert rows.loc[method, ["theta_hat", "low", "high"]].tolist() == [estimate.theta, *estimate.interval]
            assert rows.loc[method, "theta"] == pytest.approx(y[s[draw] == 0].mean())
    alone = study.bootstrap_draws(X, y, s[:1], ["bbe", "tice"], seed=7, dataset="toy", beta=0.2, n_boot=4,
                                  level=0.8, options=priors)
    pd.testing.assert_frame_equal(alone, frame[frame["draw"] == 0].reset_index(drop=True))
    with pytest.raises(ValueError, match="s: must be"):
        study.bootstrap_draws(X, y, s[0], ["bbe"], seed=7, dataset="toy", beta=0.2, n_boot=4, level=0.8,
                              options=priors)


def _estimates():
    return pd.DataFrame({"dataset": "toy", "beta": [0.1, 0.1, 0.4], "draw": [0, 1, 0], "auc": [0.8, 0.8, 0.8],
                         "auc_pu": [0.7, 0.74, 0.68], "auc_pu_se": [0.02, 0.03, 0.01], "theta": [0.3, 0.3, 0.25],
                         "theta_bbe": [0.35, 0.2, 0.3], "bbe_lower": [0.2, np.nan, 0.28],
                         "bbe_upper": [0.45, np.nan, 0.32]})


def test_theta_rows_take_every_bootstrap_and_bbes_own_interval_where_it_has_one():
    boot = pd.DataFrame({"dataset": "toy", "beta": [0.1], "draw": [1], "method": ["km1"], "theta": [0.3],
                         "theta_hat": [0.33], "low": [0.25], "high": [0.4]})
    rows = study.theta_rows(boot, _estimates())
    assert rows["source"].tolist() == ["km1, bootstrap", "bbe, own (DKW)", "bbe, own (DKW)"]
    assert rows[["draw", "truth", "estimate", "low", "high"]].values.tolist() == [
        [1, 0.3, 0.33, 0.25, 0.4], [0, 0.3, 0.35, 0.2, 0.45], [0, 0.25, 0.3, 0.28, 0.32]]


def test_corrected_auc_rows_are_the_librarys_interval_with_and_without_sampling():
    estimates = _estimates()
    thetas = study.theta_rows(estimates.iloc[:0].assign(method=[], theta_hat=[], low=[], high=[]), estimates)
    rows = study.corrected_auc_rows(estimates, thetas, level=0.9)
    assert rows["source"].tolist() == ["bbe, own (DKW), prior only", "bbe, own (DKW), with sampling"] * 2
    first = rows.iloc[1]
    assert (first["low"], first["high"]) == metrics.corrected_auc_interval(0.7, (0.2, 0.45), standard_error=0.02,
                                                                           level=0.9)
    assert first["estimate"] == metrics.corrected_auc(0.7, 0.35) and first["truth"] == 0.8
    with pytest.raises(ValueError, match="draws that the estimates do not"):
        study.corrected_auc_rows(estimates.iloc[1:], thetas, level=0.9)


def test_the_coverage_table_counts_per_beta_and_over_all():
    frame = pd.DataFrame({"source": ["a"] * 4, "beta": [0.1, 0.1, 0.4, 0.4], "truth": [0.5, 0.5, 0.5, 0.5],
                          "estimate": [0.5, 0.9, 0.5, 0.5], "low": [0.4, 0.6, 0.45, 0.3],
                          "high": [0.6, 1.0, 0.55, 0.4]})
    table = study.coverage_table(frame).set_index("beta")
    assert table.loc[0.1, ["draws", "coverage", "holds_estimate"]].tolist() == [2, 0.5, 1.0]
    assert table.loc[0.4, ["draws", "coverage", "holds_estimate"]].tolist() == [2, 0.5, 0.5]
    assert table.loc["all", ["draws", "coverage", "mean_width"]].tolist() == pytest.approx([4, 0.5, 0.2])

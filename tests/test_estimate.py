"""Per-draw tables: the estimates (truth, AUL^PU, AUC^PU, corrected AUCs) and the MPE runs over draws."""

import numpy as np
import pandas as pd
import pytest

from pueval import metrics
from pueval.pipeline import schemas
from pueval.studies import draw_estimates as estimate
from pueval.studies import mpe_draws
from pueval.mpe import kernel_embedding as ke


def _problem(seed=0, n=120):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.5).astype(int)
    X = rng.normal(size=(n, 2)) + 1.5 * y[:, None]
    s = np.zeros((3, n), int)
    for d in range(3):
        s[d, rng.choice(np.flatnonzero(y), 15, replace=False)] = 1
    return X, y, X[:, 0], s


def test_draw_table_follows_the_estimates_schema_and_clips_the_correction():
    X, y, scores, s = _problem()
    theta = (y.sum() - s.sum(axis=1)) / (y.size - s.sum(axis=1))
    prior = pd.DataFrame({"draw": range(3), "theta": theta, "theta_km1": [0.0, 0.5, 0.999]})
    frame = estimate.draw_table(y, scores, s, [("km", prior)], dataset="toy", beta=0.25)
    rest = ["theta_km2", "auc_est_km2", "theta_distance", "auc_est_distance", "theta_en", "auc_est_en", "theta_bbe",
            "auc_est_bbe", "bbe_lower", "bbe_upper", "theta_tice", "auc_est_tice"]  # the pipeline's other sources
    schemas.check_columns(list(frame.columns) + rest, "estimates", "test")
    assert frame["aul_pu"].tolist() == pytest.approx(metrics.aul(s, scores).tolist())
    expected = np.clip(metrics.corrected_auc(frame["auc_pu"], prior["theta_km1"]), 0, 1)
    assert frame["auc_est_km1"].tolist() == pytest.approx(list(expected))
    assert frame["auc_est_km1"].iloc[2] == 1.0  # θ̂ near 1 blows the correction up: clipped


def test_draw_table_refuses_priors_of_other_draws():
    X, y, scores, s = _problem()
    other = pd.DataFrame({"draw": range(3), "theta": [0.1, 0.2, 0.3], "theta_km1": [0.1, 0.2, 0.3]})
    with pytest.raises(ValueError, match="km was computed on other draws"):
        estimate.draw_table(y, scores, s, [("km", other)], dataset="toy", beta=0.25)


def test_km_over_draws_gives_the_km_schema_and_the_single_draw_values():
    X, y, scores, s = _problem(1)
    frame = mpe_draws.km_draws(X, y, s, label="toy")
    schemas.check_columns(frame.columns, "km", "test")
    bank = ke.KernelBank(X)
    for d in range(3):
        one = ke.km_thresholds(bank, s[d].astype(bool))
        assert (frame.loc[d, "theta_km1"], frame.loc[d, "theta_km2"]) == (one["km1"], one["km2"])
        assert frame.loc[d, "theta"] == pytest.approx(y[s[d] == 0].mean())

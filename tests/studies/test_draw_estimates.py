"""pueval.studies.draw_estimates: the per-draw table (truth, AUL^PU, AUC^PU, corrected AUCs) follows its schema,
clips the correction and refuses priors of other draws."""

import pandas as pd
import pytest

from pueval import metrics
from pueval.pipeline import schemas
from pueval.studies import draw_estimates as estimate
from tests.synthetic import labeled_draws


def test_draw_table_follows_the_estimates_schema_and_clips_the_correction():
    X, y, scores, s = labeled_draws()
    theta = (y.sum() - s.sum(axis=1)) / (y.size - s.sum(axis=1))
    prior = pd.DataFrame({"draw": range(3), "theta": theta, "theta_km1": [0.0, 0.5, 0.999]})
    frame = estimate.draw_table(y, scores, s, [("km", prior)], dataset="toy", beta=0.25)
    rest = ["theta_km2", "auc_est_km2", "theta_distance", "auc_est_distance", "theta_en", "auc_est_en", "theta_bbe",
            "auc_est_bbe", "bbe_lower", "bbe_upper", "theta_tice", "auc_est_tice"]  # the pipeline's other sources
    schemas.check_columns(list(frame.columns) + rest, "estimates", "test")
    assert frame["aul_pu"].tolist() == pytest.approx(metrics.aul(s, scores).tolist())
    expected = metrics.corrected_auc(frame["auc_pu"], prior["theta_km1"], clip=True)
    assert frame["auc_est_km1"].tolist() == pytest.approx(list(expected))
    assert frame["auc_est_km1"].iloc[2] == 1.0  # θ̂ near 1 blows the correction up: clipped


def test_draw_table_refuses_priors_of_other_draws():
    X, y, scores, s = labeled_draws()
    other = pd.DataFrame({"draw": range(3), "theta": [0.1, 0.2, 0.3], "theta_km1": [0.1, 0.2, 0.3]})
    with pytest.raises(ValueError, match="km was computed on other draws"):
        estimate.draw_table(y, scores, s, [("km", other)], dataset="toy", beta=0.25)

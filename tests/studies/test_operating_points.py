"""pueval.studies.operating_points: each part of the study against the truth it is given, and the summary's counts."""

import numpy as np
import pandas as pd
import pytest

from pueval.studies import operating_points as study


def _dataset(seed=0, n=1500):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    scores = y * 1.2 + rng.normal(size=n)  # log-odds-like raw scores
    draws = np.zeros((4, n), int)
    for row in draws:
        positives = np.flatnonzero(y == 1)
        row[rng.choice(positives, positives.size // 5, replace=False)] = 1
    return y, scores, draws


def test_scar_rows_measure_each_draws_threshold_against_the_truth():
    y, scores, draws = _dataset()
    priors = np.array([[0.3, 0.2, 0.4]] * 4)
    points, audits = study.scar_rows("toy", 0.2, draws, y, scores, targets=[0.8], level=0.95, audit_sizes=[50, 10**6],
                                     seed=3, priors=priors)
    assert [p["draw"] for p in points] == [0, 1, 2, 3]
    from pueval import operating_point

    point = operating_point(draws[1], scores, target_recall=0.8)
    assert points[1]["true_recall"] == pytest.approx(np.mean(scores[y == 1] >= point.threshold))
    assert points[1]["true_precision"] == pytest.approx(np.mean(y[scores >= point.threshold]))
    assert (points[1]["precision_low"], points[1]["precision_high"]) == point.precision_bracket  # no prior in it
    with_prior = operating_point(draws[1], scores, target_recall=0.8, theta=0.3, theta_interval=(0.2, 0.4))
    assert (points[1]["prior_low"], points[1]["prior_high"]) == with_prior.precision_interval
    assert points[1]["precision_estimate"] == with_prior.precision_estimate
    plug_in = operating_point(draws[1], scores, target_recall=0.8, theta=0.3, theta_interval=(0.3, 0.3))
    assert (points[1]["plug_in_low"], points[1]["plug_in_high"]) == plug_in.precision_interval
    assert {a["audit_size"] for a in audits} == {50}  # an audit larger than the flagged unlabeled rows is skipped
    again, _ = study.scar_rows("toy", 0.2, draws, y, scores, targets=[0.8], level=0.95, audit_sizes=[50], seed=3,
                               priors=priors)
    assert again == points  # seeded by the draw's identity


def test_sar_rows_show_the_plain_threshold_failing_and_the_audit_holding():
    y, scores, _ = _dataset(seed=1, n=3000)
    rows = pd.DataFrame(study.sar_rows("toy", y, scores, beta=0.2, strengths=[2.0], draws=8, targets=[0.8],
                                       level=0.95, audit_size=300, seed=4))
    reached = rows.assign(ok=rows["true_recall"] >= 0.8).groupby("variant")["ok"].mean()
    assert reached["labeled rows alone"] < 0.3 and reached["audit of 300"] > 0.7


def test_calibration_rows_name_the_platt_model_fitted_on_pu_labels():
    y, scores, draws = _dataset(seed=2, n=4000)
    rows = study.calibration_rows("toy", 0.2, draws[0], scores, level=0.95)
    assert [r["looks_like_p_labeled"] for r in rows] == [False, True]


def test_the_summary_counts_each_part():
    points = pd.DataFrame([{"dataset": "a", "beta": 0.1, "draw": d, "target": 0.9, "refused": False, "true_recall": r,
                            "recall_estimate": r, "true_precision": 0.5, "precision_low": 0.4, "precision_high": h,
                            "theta_within_bound": h > 0.45, "flagged_share": 0.3, "precision_estimate": 0.52,
                            "prior_low": 0.45, "prior_high": 0.55, "plug_in_low": 0.48, "plug_in_high": p}
                           for d, (r, h, p) in enumerate([(0.95, 0.6, 0.53), (0.85, 0.45, 0.49), (0.9, 1.0, 0.55)])]
                          + [{"dataset": "a", "beta": 0.1, "draw": 2, "target": 0.9, "refused": True}])
    audits = pd.DataFrame([{"dataset": "a", "beta": 0.1, "draw": 0, "target": 0.9, "audit_size": 50, "covered": True,
                            "width": 0.2, "random_audit_labels": 120.0}])
    sar_found = pd.DataFrame([{"dataset": "a", "strength": 2.0, "draw": 0, "target": 0.9,
                               "variant": "labeled rows alone", "true_recall": 0.7}])
    calibration = pd.DataFrame([{"dataset": "a", "beta": 0.1, "model": "m", "c": 0.1, "c_low": 0.08, "c_high": 0.12,
                                 "looks_like_p_labeled": False, "bins_above": 0}])
    table = study.summary(points, audits, sar_found, calibration, 0.95, prior_level=0.9)
    scar = table[(table["part"] == "scar") & (table["beta"] == 0.1)].iloc[0]
    assert scar["reached"] == 2 / 3 and scar["in_bracket"] == 2 / 3 and scar["exceptions"] == 1
    assert scar["draws"] == 3 and scar["refused"] == 1
    assert scar["in_bracket_where_theta_within_bound"] == 1.0
    assert table[table["part"] == "sar"].iloc[0]["reached"] == 0.0
    assert set(table["part"]) == {"scar", "audit", "sar", "calibration", "precision"}
    precision = table[table["part"] == "precision"].iloc[0]
    assert precision["uninformative"] == pytest.approx(1 / 3) and precision["informative"] == 2  # the third: 1
    assert precision["in_bracket_informative"] == 0.5  # of the first two, the second misses (0.5 > 0.45)
    assert precision["prior_coverage"] == 1.0 and precision["plug_in_coverage"] == pytest.approx(2 / 3)
    assert precision["bracket_level"] == pytest.approx(0.925) and precision["prior_level"] == pytest.approx(0.85)
    assert precision["estimate_mae"] == pytest.approx(0.02)


def test_a_draw_with_too_few_labeled_rows_for_the_target_is_counted_as_refused():
    y, scores, _ = _dataset()
    few = np.zeros((1, y.size), int)
    few[0, np.flatnonzero(y == 1)[:10]] = 1  # 10 labeled rows: recall 0.9 at 95 % needs 29
    points, _ = study.scar_rows("toy", 0.2, few, y, scores, targets=[0.5, 0.9], level=0.95, audit_sizes=[],
                                seed=3, priors=np.array([[0.3, 0.2, 0.4]]))
    assert [p["refused"] for p in points] == [False, True]

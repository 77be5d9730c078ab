"""pueval.operating: the recall guarantee against its exact law and by simulation, the precision bracket, the
audit's size against a brute-force search, the audited precision's coverage and the calibration check."""

import math
import warnings

import numpy as np
import pytest
from scipy.stats import binom, norm

from pueval import metrics
from pueval.operating import (CalibrationWarning, OperatingPoint, audit_size, calibration_check, operating_curve,
                              operating_point, operating_points)


def _population(rng, n=4000, prior=0.3, shift=1.0):
    y = rng.random(n) < prior
    return y, y * shift + rng.normal(size=n)


@pytest.mark.parametrize("n_labeled, target, level", [(5, 0.5, 0.8), (12, 0.7, 0.9), (30, 0.9, 0.95), (80, 0.8, 0.99)])
def test_the_threshold_is_the_order_statistic_the_binomial_law_gives(n_labeled, target, level):
    """The rule restated plainly: of the labeled scores sorted upwards, the highest j-th with
    P(Binomial(n^L, 1 − r) ≥ j) ≥ level."""
    rng = np.random.default_rng(n_labeled)
    scores = rng.normal(size=200)
    labels = np.zeros(200, int)
    labels[rng.choice(200, n_labeled, replace=False)] = 1
    ordered = np.sort(scores[labels == 1])
    j = max(j for j in range(1, n_labeled + 1) if binom.sf(j - 1, n_labeled, 1 - target) >= level - 1e-12)
    point = operating_point(labels, scores, target_recall=target, level=level)
    assert point.threshold == ordered[j - 1]
    assert point.recall_estimate == pytest.approx((n_labeled - j + 1) / n_labeled)
    assert point.guarantee.startswith("exact")


@pytest.mark.parametrize("digits", [None, 1])
def test_the_true_recall_reaches_the_target_with_the_promised_probability(digits):
    """400 SCAR draws of 40 labeled positives from N(1, 1) (continuous, or rounded to 0.1: ties), the true
    recall P(score ≥ τ | positive) known exactly: at least ``level`` of them reach the target."""
    rng = np.random.default_rng(7)
    target, level, reached = 0.8, 0.9, 0
    for _ in range(400):
        positives = rng.normal(1.0, 1.0, 40)
        others = rng.normal(0.0, 1.0, 200)
        scores = np.r_[positives, others]
        if digits is not None:
            scores = np.round(scores, digits)
        point = operating_point(np.r_[np.ones(40), np.zeros(200)], scores, target_recall=target, level=level)
        tau = point.threshold
        true_recall = norm.sf(tau - 1.0) if digits is None else norm.sf(tau - 0.05 - 1.0)  # rounding: [τ−.05, ∞)
        reached += true_recall >= target
    assert reached / 400 >= level - 3 * math.sqrt(level * (1 - level) / 400)  # within Monte-Carlo error
    assert reached / 400 <= 0.99  # and not far above (the bound is tight, not a sure thing)


def test_the_precision_bracket_holds_the_true_precision_with_known_alpha():
    rng = np.random.default_rng(8)
    held = 0
    for _ in range(100):
        y, scores = _population(rng)
        labels = y & (rng.random(y.size) < 0.3)
        point = operating_point(labels, scores, target_recall=0.8)
        truth = y[scores >= point.threshold].mean()
        low, high = point.precision_bracket
        held += low <= truth <= high
        assert low == (labels & (scores >= point.threshold)).sum() / (scores >= point.threshold).sum()
    assert held >= 95


def test_theta_interval_narrows_the_bracket_and_the_curve_agrees_with_the_point():
    rng = np.random.default_rng(9)
    y, scores = _population(rng)
    labels = y & (rng.random(y.size) < 0.3)
    wide = operating_point(labels, scores, target_recall=0.8)
    narrow = operating_point(labels, scores, target_recall=0.8, theta_interval=(0.2, 0.25))
    assert narrow.precision_bracket[1] < wide.precision_bracket[1] and narrow.theta_max == 0.25
    curve = operating_curve(labels, scores)
    row = curve[curve["threshold"] == wide.threshold].iloc[0]
    assert row["precision_low"] == pytest.approx(wide.precision_bracket[0])
    assert row["precision_high"] == pytest.approx(wide.precision_bracket[1])
    assert row["recall_lower"] >= 0.8


def test_precision_at_a_prior_and_from_its_interval_restated():
    rng = np.random.default_rng(10)
    y, scores = _population(rng)
    labels = y & (rng.random(y.size) < 0.3)
    point = operating_point(labels, scores, target_recall=0.8, theta=0.22, theta_interval=(0.18, 0.26))
    flagged = scores >= point.threshold
    n, n_labeled, q = y.size, labels.sum(), flagged.mean()
    recall = (labels & flagged).sum() / n_labeled  # the labeled share at or above the threshold

    def alpha(theta):
        return (n_labeled + theta * (n - n_labeled)) / n

    assert point.precision_estimate == pytest.approx(alpha(0.22) * recall / q)
    low, high = point.recall_interval
    assert point.precision_interval == pytest.approx((alpha(0.18) * low / q, alpha(0.26) * high / q))
    assert point.precision_interval[1] == point.precision_bracket[1]
    assert point.precision_bracket[0] <= point.precision_interval[0] <= point.precision_estimate
    assert "precision_interval" in point.as_dict() and operating_point(labels, scores).precision_estimate is None


def test_the_precision_interval_covers_where_the_plug_in_one_fails():
    """θ's interval (here exact Clopper-Pearson from an audit of the unlabeled rows) and R's: the interval covers
    at its stated level at least (1 - 0.05 - 0.05); taking θ̂ as exact (its interval a point) under-covers."""
    from scipy.stats import beta

    rng = np.random.default_rng(11)
    covered = plug_in = 0
    for _ in range(200):
        y, scores = _population(rng)
        labels = y & (rng.random(y.size) < 0.3)
        unlabeled = np.flatnonzero(~labels)
        audit = y[rng.choice(unlabeled, 100, replace=False)]
        k = int(audit.sum())
        interval = (float(beta.ppf(0.025, k, 101 - k)) if k else 0.0, float(beta.ppf(0.975, k + 1, 100 - k)))
        theta_hat = k / 100
        point = operating_point(labels, scores, target_recall=0.8, theta=theta_hat, theta_interval=interval)
        naive = operating_point(labels, scores, target_recall=0.8, theta=theta_hat,
                                theta_interval=(theta_hat, theta_hat))
        truth = y[scores >= point.threshold].mean()
        covered += point.precision_interval[0] <= truth <= point.precision_interval[1]
        plug_in += naive.precision_interval[0] <= truth <= naive.precision_interval[1]
    assert covered >= 0.9 * 200 and plug_in < 0.8 * 200


@pytest.mark.parametrize("flagged_unlabeled, flagged, width, level", [(310, 400, 0.1, 0.95), (50, 60, 0.2, 0.9),
                                                                     (1, 5, 0.5, 0.95), (2000, 2100, 0.05, 0.99)])
def test_the_audit_size_is_the_least_m_whose_interval_is_narrow_enough(flagged_unlabeled, flagged, width, level):
    z = norm.ppf(0.5 + level / 2)

    def width_of(m):
        fpc = (flagged_unlabeled - m) / (flagged_unlabeled - 1) if flagged_unlabeled > 1 else 0.0
        return 2 * z * math.sqrt(0.25 / m * fpc) * flagged_unlabeled / flagged

    brute = next(m for m in range(1, flagged_unlabeled + 1) if width_of(m) <= width + 1e-12)
    assert audit_size(flagged_unlabeled, flagged, width, level) == brute


def test_the_audited_precision_covers_the_truth():
    rng = np.random.default_rng(10)
    covered = 0
    for _ in range(200):
        y, scores = _population(rng, n=3000)
        labels = y & (rng.random(y.size) < 0.3)
        audit = np.full(y.size, np.nan)
        rows = rng.choice(np.flatnonzero(~labels), 400, replace=False)
        audit[rows] = y[rows]
        point = operating_point(labels, scores, target_recall=0.8, audited=audit)
        truth = y[scores >= point.threshold].mean()
        low, high = point.audited_precision_interval
        covered += low <= truth <= high
    assert 0.91 <= covered / 200 <= 0.99


def test_with_labels_not_at_random_the_plain_guarantee_fails_and_the_propensities_mend_it():
    """Labeled positives chosen by their scores (the easy ones more often): the plain threshold's recall falls
    short; weighting by the true propensities brings it back near the target."""
    rng = np.random.default_rng(11)
    plain, weighted = [], []
    for _ in range(100):
        y, scores = _population(rng, n=3000)
        e = 1 / (1 + np.exp(-2 * (scores - 1)))
        labels = y & (rng.random(y.size) < e)
        truth = scores[y]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            plain.append(np.mean(truth >= operating_point(labels, scores, target_recall=0.8).threshold))
            weighted.append(np.mean(truth >= operating_point(labels, scores, target_recall=0.8,
                                                             propensity=np.where(labels, e, 1.0)).threshold))
    assert np.mean(np.array(plain) >= 0.8) < 0.2
    assert np.mean(np.array(weighted) >= 0.8) > 0.8


@pytest.mark.parametrize("kwargs, name", [
    ({"target_recall": 1.0}, "target_recall"), ({"target_recall": 0.0}, "target_recall"),
    ({"target_recall": "0.9"}, "target_recall"), ({"level": 1.5}, "level"),
    ({"theta_interval": (0.5, 0.2)}, "theta_interval"),
])
def test_every_bad_argument_is_named(kwargs, name):
    rng = np.random.default_rng(12)
    y, scores = _population(rng, n=500)
    with pytest.raises(ValueError, match=f"^{name}"):
        operating_point(y & (rng.random(500) < 0.5), scores, **kwargs)


def test_too_few_labeled_rows_for_the_target_is_refused_with_the_count_needed():
    scores = np.linspace(0, 1, 100)
    labels = (np.arange(100) % 20 == 0).astype(int)  # 5 labeled rows: 1 − 0.9^5 < 0.95
    with pytest.raises(ValueError, match="an exact guarantee needs at least 29"):
        operating_point(labels, scores, target_recall=0.9)
    table = operating_points(labels, scores, target_recalls=[0.3, 0.9])
    assert np.isfinite(table.loc[0, "threshold"]) and "needs at least 29" in table.loc[1, "refused"]


def test_a_calibrated_model_passes_and_a_model_of_p_labeled_is_named():
    rng = np.random.default_rng(13)
    p = rng.random(20000)
    y = rng.random(20000) < p
    labels = y & (rng.random(20000) < 0.4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found = calibration_check(labels, p)
    assert found.c == pytest.approx(0.4, abs=0.02) and not found.bins["above"].any()
    p_labeled = np.clip(0.4 * p, 0, 1)  # what a Platt fit on PU labels predicts
    with pytest.warns(CalibrationWarning, match="behave as P\\(labeled"):
        assert calibration_check(labels, p_labeled).looks_like_p_labeled
    too_low = p * 0.2  # under-predicting: the labeled share exceeds the prediction in the high bins
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert calibration_check(labels, too_low).bins["above"].any()


def test_the_point_is_a_value_with_a_dict():
    point = OperatingPoint(0.5, 0.9, 0.95, "exact", 0.9, (0.85, 0.95), 1000, 100, 400, 90, 0.4, (0.225, 1.0), 1.0,
                           "the ranking's bound")
    found = point.as_dict()
    assert found["n_flagged_unlabeled"] == 310 and found["precision_bracket"] == (0.225, 1.0)
    with pytest.raises(ValueError, match="^width"):
        point.audit_size(0)


def test_an_audit_of_the_flagged_rows_is_refused_as_a_random_one_and_taken_as_a_flagged_one():
    """Issue #60's case: the flagged unlabeled rows audited and passed as a random audit of all unlabeled rows."""
    from pueval.operating import audited_precision
    from pueval.propensity import aul_pu_audit

    rng = np.random.default_rng(12)
    y, scores = _population(rng)
    labels = y & (rng.random(y.size) < 0.3)
    point = operating_point(labels, scores, target_recall=0.8)
    flagged_unlabeled = np.flatnonzero((scores >= point.threshold) & ~labels)
    audit = np.full(y.size, np.nan)
    rows = rng.choice(flagged_unlabeled, point.audit_size(0.1), replace=False)
    audit[rows] = y[rows]
    with pytest.raises(ValueError, match="audited: .* score above the other unlabeled rows .*flagged_audit"):
        operating_point(labels, scores, target_recall=0.8, audited=audit)
    with pytest.raises(ValueError, match="not a simple random sample"):
        aul_pu_audit(labels, scores, audit)
    found = operating_point(labels, scores, target_recall=0.8, flagged_audit=audit)
    assert found.threshold == point.threshold and found.n_audited_flagged == rows.size
    assert (found.audited_precision, found.audited_precision_interval) == \
        audited_precision(labels, scores, point.threshold, audit)[1:]
    below = audit.copy()
    below[np.flatnonzero((scores < point.threshold) & ~labels)[0]] = 0
    with pytest.raises(ValueError, match="flagged_audit: 1 audited row"):
        operating_point(labels, scores, target_recall=0.8, flagged_audit=below)
    with pytest.raises(ValueError, match="not both"):
        operating_point(labels, scores, target_recall=0.8, flagged_audit=audit, audited=audit)


def test_a_flagged_audit_covers_the_precision_and_a_random_audit_is_not_refused():
    rng = np.random.default_rng(13)
    covered, runs = 0, 100
    for _ in range(runs):
        y, scores = _population(rng)
        labels = y & (rng.random(y.size) < 0.3)
        point = operating_point(labels, scores, target_recall=0.8)
        flagged_unlabeled = np.flatnonzero((scores >= point.threshold) & ~labels)
        audit = np.full(y.size, np.nan)
        rows = rng.choice(flagged_unlabeled, 100, replace=False)
        audit[rows] = y[rows]
        low, high = operating_point(labels, scores, target_recall=0.8, flagged_audit=audit).audited_precision_interval
        covered += low <= y[scores >= point.threshold].mean() <= high
        random_audit = np.full(y.size, np.nan)
        rows = rng.choice(np.flatnonzero(~labels), 200, replace=False)
        random_audit[rows] = y[rows]
        operating_point(labels, scores, target_recall=0.8, audited=random_audit)  # never refused here
    assert covered >= 0.9 * runs


def test_sample_weight_counts_each_row_as_that_many_rows():
    """Whole-number weights give the operating point of the rows repeated, field by field (threshold, recall
    guarantee and interval, counts, bracket, θ bound from the weighted AUC^PU and DeLong error); a zero weight
    drops the row; fractional weights and weights with propensities are refused by name."""
    rng = np.random.default_rng(3)
    n = 600
    y = rng.random(n) < 0.4
    scores = np.round(y + rng.normal(size=n), 1)  # ties, within and across the labeled and unlabeled rows
    labels = (y & (rng.random(n) < 0.5)).astype(int)
    weights = rng.integers(0, 4, n)
    weighted = operating_point(labels, scores, target_recall=0.8, sample_weight=weights, theta=0.3)
    repeated = operating_point(np.repeat(labels, weights), np.repeat(scores, weights), target_recall=0.8, theta=0.3)
    ours, theirs = weighted.as_dict(), repeated.as_dict()
    assert ours.pop("guarantee").startswith("exact") and theirs.pop("guarantee").startswith("exact")
    assert ours.keys() == theirs.keys()
    for key in ours:
        if isinstance(ours[key], str) or ours[key] is None:
            assert ours[key] == theirs[key], key
        else:
            assert ours[key] == pytest.approx(theirs[key], rel=1e-12, abs=1e-12), key
    unweighted = operating_point(labels, scores, target_recall=0.8, theta=0.3)
    assert unweighted.n != weighted.n  # the weights count
    from pueval.validation import ArgumentError

    with pytest.raises(ArgumentError, match="sample_weight: operating_point's exact guarantee counts rows"):
        operating_point(labels, scores, sample_weight=np.full(n, 0.5))
    with pytest.raises(ArgumentError, match="sample_weight: is taken alone"):
        operating_point(labels, scores, sample_weight=weights, propensity=np.full(n, 0.5))


def test_the_weighted_auc_pu_and_its_delong_error_are_those_of_the_rows_repeated():
    rng = np.random.default_rng(4)
    labels = rng.random(300) < 0.3
    scores = np.round(rng.normal(size=300) + labels, 1)
    weights = rng.integers(0, 5, 300)
    auc_value, se = metrics.weighted_auc_pu(labels, scores, weights)
    labels_r, scores_r = np.repeat(labels, weights), np.repeat(scores, weights)
    assert auc_value == pytest.approx(metrics.auc(labels_r, scores_r), rel=1e-12)
    assert se == pytest.approx(metrics.auc_pu_standard_error(labels_r, scores_r), rel=1e-12)
    assert metrics.auc_pu_standard_error(labels, scores, sample_weight=weights) == se

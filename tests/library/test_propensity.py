"""Propensity-weighted AUL^PU (pueval.propensity): the estimator against a plain restatement, its exact expectations
by enumerating every labeling of small problems, its coverage when labels are selected by score; the bounds and
the breakdown Γ against brute force; the audit and its SCAR test."""

import itertools
import warnings

import numpy as np
import pytest

from pueval import aul_pu_difference, aul_pu_interval, aul_pu_score
from pueval.propensity import LabeledWeights, PropensityWarning, aul_pu_bounds, aul_pu_weighted, labeled_weights
from pueval.validation import ArgumentError
from tests.synthetic import sar_population


def _t_plain(scores):
    """t_i = (1/n) Σ_j S(s_i, s_j): 1 if above, ½ if tied (itself included), 0 below; by pairs."""
    s = np.asarray(scores, float)
    return ((s[:, None] > s[None, :]) + 0.5 * (s[:, None] == s[None, :])).sum(axis=1) / s.size


def _small_problem(seed=0, n=9):
    rng = np.random.default_rng(seed)
    scores = np.round(rng.random(n), 1)  # ties on purpose
    positive = np.zeros(n, bool)
    positive[rng.choice(n, 5, replace=False)] = True
    e = np.where(positive, rng.uniform(0.2, 0.9, n), np.nan)  # the unlabeled rows' values are never read
    return scores, positive, e


def _labelings(positive, e):
    """(labeled mask, probability) of every labeling of the positives, each labeled independently with e_i."""
    rows = np.flatnonzero(positive)
    for chosen in itertools.product((0, 1), repeat=rows.size):
        labeled = np.zeros(positive.size, bool)
        labeled[rows[np.array(chosen, bool)]] = True
        p = np.prod([e[r] if c else 1 - e[r] for r, c in zip(rows, chosen)])
        yield labeled, p


def _vertex_range(values, gamma):
    """The range of Σ w·v / Σ w over every vertex of [1, Γ]^m (a linear-fractional function: its extremes)."""
    means = [(np.array(w) * values).sum() / np.sum(w) for w in itertools.product((1.0, gamma), repeat=values.size)]
    return min(means), max(means)


def test_the_estimate_its_variance_and_n_eff_equal_a_plain_restatement():
    scores, positive, e = _small_problem()
    t = _t_plain(scores)
    for labeled, _ in _labelings(positive, e):
        if labeled.sum() < 2:
            continue
        w, tl, el = 1 / e[labeled], t[labeled], e[labeled]
        hajek = (w * tl).sum() / w.sum()
        k = labeled.sum()
        variance_rel = k / (k - 1) * (w ** 2 * (tl - hajek) ** 2).sum() / w.sum() ** 2
        variance_abs = ((1 - el) / el ** 2 * (tl - hajek) ** 2).sum() / w.sum() ** 2
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PropensityWarning)  # tiny problems: few effective rows
            for relative, variance in ((True, variance_rel), (False, variance_abs)):
                found = aul_pu_weighted(labeled, scores, np.nan_to_num(e, nan=0.5), relative=relative,
                                        level=0.9)
                assert found.aul == pytest.approx(hajek, abs=1e-12)
                half = 1.6448536269514722 * np.sqrt(variance)
                assert found.ci == pytest.approx((max(hajek - half, 0), min(hajek + half, 1)), abs=1e-12)
                assert found.n_eff == pytest.approx(w.sum() ** 2 / (w ** 2).sum(), abs=1e-12)
            assert aul_pu_score(labeled, scores, propensity=np.nan_to_num(e, nan=0.5)) == pytest.approx(hajek,
                                                                                                         abs=1e-12)


def test_exact_expectations_over_every_labeling():
    # Horvitz–Thompson: E[Σ_L t_i/e_i] / n^P is the AUL (the mean t of the positives), E[Σ_L 1/e_i] = n^P; the
    # linearized variance Σ_P (1 − e_i)/e_i · (t_i − AUL)² is exactly the variance of Σ_L (t_i − AUL)/e_i, and
    # the absolute variance's sum Σ_L (1 − e_i)/e_i² · (t_i − AUL)² is unbiased for it
    scores, positive, e = _small_problem(seed=3)
    t = _t_plain(scores)
    aul = t[positive].mean()
    linearized = ((1 - e[positive]) / e[positive] * (t[positive] - aul) ** 2).sum()
    expected = dict.fromkeys(("ht", "n_p", "residual", "residual_sq", "variance_sum"), 0.0)
    total = 0.0
    for labeled, p in _labelings(positive, e):
        total += p
        w = 1 / e[labeled]
        residual = (w * (t[labeled] - aul)).sum()
        expected["ht"] += p * (w * t[labeled]).sum() / positive.sum()
        expected["n_p"] += p * w.sum()
        expected["residual"] += p * residual
        expected["residual_sq"] += p * residual ** 2
        weights = LabeledWeights(e[labeled], relative=False)
        if labeled.any():  # the implementation's absolute variance at the true center, times n̂^P²
            expected["variance_sum"] += p * weights.variance(t[labeled], aul) * w.sum() ** 2
    assert total == pytest.approx(1.0, abs=1e-12)
    assert expected["ht"] == pytest.approx(aul, abs=1e-12)
    assert expected["n_p"] == pytest.approx(positive.sum(), abs=1e-12)
    assert expected["residual"] == pytest.approx(0.0, abs=1e-12)
    assert expected["residual_sq"] == pytest.approx(linearized, abs=1e-12)
    assert expected["variance_sum"] == pytest.approx(linearized, abs=1e-12)


def test_a_constant_propensity_gives_aul_pu_and_theorem_1():
    rng = np.random.default_rng(1)
    scores, labeled = rng.normal(size=3000), rng.random(3000) < 0.1
    c, k = 0.4, labeled.sum()
    e = np.full(3000, c)
    assert aul_pu_score(labeled, scores, propensity=e) == pytest.approx(aul_pu_score(labeled, scores), abs=1e-12)
    # relative: the unweighted normal interval; absolute: (1 − c)·σ̂²/n_L, Theorem 1's variance with its
    # finite-population factor (n^P − n_L)/(n^P − 1) at n^P = n_L/c, up to n^P/(n^P − 1)
    assert aul_pu_interval(labeled, scores, propensity=e) == pytest.approx(aul_pu_interval(labeled, scores),
                                                                           abs=1e-12)
    t = _t_plain(scores)[labeled]
    found = aul_pu_weighted(labeled, scores, e, relative=False)
    se = (found.ci[1] - found.ci[0]) / 2 / 1.959963984540054
    assert se ** 2 == pytest.approx((1 - c) * t.var() / k, rel=1e-9)
    n_p = k / c
    assert se ** 2 == pytest.approx((n_p - k) / (n_p - 1) * t.var() / k, rel=1.5 / n_p)
    assert found.n_positive == pytest.approx(n_p) and found.alpha == pytest.approx(n_p / 3000)
    assert found.theta == pytest.approx((n_p - k) / (3000 - k))
    assert found.auc == pytest.approx((found.aul - found.alpha / 2) / (1 - found.alpha))


def test_relative_propensities_need_only_their_ratios():
    rng = np.random.default_rng(2)
    scores, labeled = rng.normal(size=500), rng.random(500) < 0.3
    e = rng.uniform(0.2, 1.0, 500)
    one, half = aul_pu_weighted(labeled, scores, e), aul_pu_weighted(labeled, scores, e / 2)
    assert one.aul == pytest.approx(half.aul, abs=1e-12) and one.ci == pytest.approx(half.ci, abs=1e-12)
    assert one.n_eff == pytest.approx(half.n_eff)


def test_weighting_removes_the_bias_of_labels_selected_by_score():
    rng = np.random.default_rng(4)
    y, scores, e = sar_population(rng)
    truth = _t_plain(scores)[y].mean()
    found = {"plain": [], "relative": [], "absolute": []}
    for _ in range(300):
        labeled = y & (rng.random(y.size) < e)
        found["plain"].append(aul_pu_interval(labeled, scores))
        found["relative"].append(aul_pu_weighted(labeled, scores, e).ci)
        absolute = aul_pu_weighted(labeled, scores, e, relative=False)
        found["absolute"].append(absolute.ci)
    coverage = {k: np.mean([low <= truth <= high for low, high in v]) for k, v in found.items()}
    assert coverage["plain"] < 0.2  # AUL^PU over-states the AUL when the easy positives are labeled
    assert 0.92 <= coverage["absolute"] <= 0.99 and coverage["relative"] >= coverage["absolute"]
    assert abs(absolute.n_positive - y.sum()) < 0.15 * y.sum()  # the prior for free


def test_precision_recall_and_f1_from_the_weighted_confusion_counts():
    scores = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05])
    labeled = np.array([1, 1, 0, 1, 0, 0, 1, 0, 0, 0], bool)
    e = np.array([1.0, 1.0, 1, 0.5, 1, 1, 0.5, 1, 1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PropensityWarning)  # 4 labeled rows
        found = aul_pu_weighted(labeled, scores, e, relative=False, threshold=0.6)
        # TP = 1/1 + 1/1 + 1/0.5 (rows 0, 1, 3, at or above 0.6), FN = 1/0.5 (row 6), 4 rows predicted positive
        tp, fn, predicted = 4.0, 2.0, 4
        assert (found.precision, found.recall, found.f1) == pytest.approx(
            (tp / predicted, tp / (tp + fn), 2 * tp / (predicted + tp + fn)))
        assert found.n_positive == pytest.approx(tp + fn)
        e[0] = 0.5  # now 5 weighted true positives among 4 predicted: a negative false-positive count
        with pytest.warns(PropensityWarning, match="negative false-positive count"):
            impossible = aul_pu_weighted(labeled, scores, e, relative=False, threshold=0.6)
    assert impossible.precision is None and impossible.f1 is None and impossible.recall == pytest.approx(5 / 7)


def test_bad_arguments_are_refused_naming_them():
    labels, scores = np.array([1, 1, 1, 0, 0]), np.array([0.9, 0.8, 0.3, 0.5, 0.1])
    for propensity, message in (([0.5] * 4, "propensity: must be 1-D"), ([0.5, 0, 0.5, 1, 1], "row 1 with 0"),
                                ([0.5, 1.5, 0.5, 1, 1], "must lie in \\(0, 1\\]"),
                                ([0.5, np.nan, 0.5, 1, 1], "row 1 with nan"), (["a"] * 5, "real numbers")):
        with pytest.raises(ArgumentError, match=message):
            aul_pu_weighted(labels, scores, propensity)
    ok = [0.5, 0.5, 0.5, np.nan, -1]  # the unlabeled rows' values are not read
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PropensityWarning)
        assert aul_pu_weighted(labels, scores, ok).n_labeled == 3
        with pytest.raises(ArgumentError, match="relative: must be True or False"):
            aul_pu_weighted(labels, scores, ok, relative="yes")
        for bad in (0, "0.1", True, 1.5):
            with pytest.raises(ArgumentError, match="min_propensity: must be None or lie in"):
                aul_pu_weighted(labels, scores, ok, min_propensity=bad)
        with pytest.raises(ArgumentError, match="threshold: needs absolute propensities"):
            aul_pu_weighted(labels, scores, ok, threshold=0.5)
        with pytest.raises(ValueError, match="only the normal interval"):
            aul_pu_interval(labels, scores, propensity=ok, method="bootstrap")


def test_fragile_weights_and_impossible_absolute_propensities_warn():
    rng = np.random.default_rng(5)
    scores, labeled = rng.normal(size=400), np.arange(400) < 100
    e = np.full(400, 0.5)
    e[0] = 0.001  # one row carries most of the weight: few effective rows
    with pytest.warns(PropensityWarning) as caught:
        aul_pu_weighted(labeled, scores, e)
    messages = " ".join(str(w.message) for w in caught)
    assert "effective labeled rows" in messages and "one labeled row carries 83% of the total weight" in messages
    clipped = aul_pu_weighted(labeled, scores, e, min_propensity=0.1)
    assert clipped.n_eff > 85  # the weight 1/0.1 beside 99 of 1/0.5
    with pytest.warns(PropensityWarning, match="positives among 400 rows"):
        found = aul_pu_weighted(labeled, scores, np.full(400, 0.2), relative=False)  # 500 positives of 400 rows
    assert found.theta is None and found.auc is None


def test_the_paired_difference_with_propensities():
    rng = np.random.default_rng(6)
    y, scores, e = sar_population(rng, 3000)
    other = scores + rng.normal(0, 1.0, y.size)
    labeled = y & (rng.random(y.size) < e)
    plain, constant = aul_pu_difference(labeled, scores, other), aul_pu_difference(labeled, scores, other,
                                                                                   propensity=np.full(y.size, 0.3))
    assert constant.difference == pytest.approx(plain.difference, abs=1e-12)
    assert constant.ci == pytest.approx(plain.ci, abs=1e-12) and constant.p_value == pytest.approx(plain.p_value)
    weighted = aul_pu_difference(labeled, scores, other, propensity=e)
    assert weighted.aul_pu_a == pytest.approx(aul_pu_score(labeled, scores, propensity=e), abs=1e-12)
    assert weighted.difference == pytest.approx(weighted.aul_pu_a - weighted.aul_pu_b, abs=1e-12)
    truth = _t_plain(scores)[y].mean() - _t_plain(other)[y].mean()
    assert weighted.ci[0] <= truth <= weighted.ci[1] and weighted.p_value < 0.01


@pytest.mark.parametrize("seed", range(6))
def test_the_bounds_equal_a_brute_force_over_the_vertices(seed):
    from pueval.propensity import aul_pu_bounds, aul_pu_difference_bounds

    rng = np.random.default_rng(seed)
    n = 14
    scores, other = np.round(rng.random(n), 1), rng.random(n)
    labeled = np.zeros(n, bool)
    labeled[rng.choice(n, 8, replace=False)] = True
    gamma = float(rng.choice([1.0, 1.5, 3.0, 10.0]))
    t, t_other = _t_plain(scores)[labeled], _t_plain(other)[labeled]
    found = aul_pu_bounds(labeled, scores, gamma)
    assert (found.low, found.high) == pytest.approx(_vertex_range(t, gamma), abs=1e-12)
    assert found.estimate == pytest.approx(t.mean(), abs=1e-12)
    paired = aul_pu_difference_bounds(labeled, scores, other, gamma)
    assert (paired.low, paired.high) == pytest.approx(_vertex_range(t - t_other, gamma), abs=1e-12)
    if gamma == 1.0:
        assert found.low == pytest.approx(found.high, abs=1e-12)


def test_the_bounds_contain_the_aul_of_a_labeling_within_their_gamma():
    from pueval.propensity import aul_pu_bounds

    rng = np.random.default_rng(8)
    y, scores, e = sar_population(rng, 4000)
    gamma = e[y].max() / e[y].min()  # the true ratio of the labeling below
    truth = _t_plain(scores)[y].mean()
    inside = []
    for _ in range(100):
        labeled = y & (rng.random(y.size) < e)
        point, widened = aul_pu_bounds(labeled, scores, gamma), aul_pu_bounds(labeled, scores, gamma, level=0.95)
        assert widened.low < point.low <= point.estimate <= point.high < widened.high
        inside.append(widened.low <= truth <= widened.high)
    assert np.mean(inside) >= 0.95


def test_breakdown_gamma_is_where_the_lower_bound_of_the_difference_reaches_zero():
    from pueval.propensity import aul_pu_difference_bounds, breakdown_gamma

    rng = np.random.default_rng(9)
    y = rng.random(600) < 0.4
    better, worse = y + rng.normal(0, 0.8, 600), y + rng.normal(0, 1.2, 600)
    labeled = y & (rng.random(600) < 0.3)
    found = breakdown_gamma(labeled, better, worse)
    assert 1.0 < found < np.inf
    assert aul_pu_difference_bounds(labeled, better, worse, found).low == pytest.approx(0.0, abs=1e-12)
    assert aul_pu_difference_bounds(labeled, better, worse, found * 0.999).low > 0
    assert breakdown_gamma(labeled, worse, better) == 1.0  # B is not beaten at Γ = 1
    assert breakdown_gamma(labeled, better + 10 * labeled, better) == np.inf  # every labeled row favours A


def test_bad_gammas_are_refused():
    from pueval.propensity import aul_pu_bounds

    for gamma in (0.5, np.inf, np.nan, "2", True):
        with pytest.raises(ArgumentError, match="gamma: must be a finite number ≥ 1"):
            aul_pu_bounds([1, 1, 0], [0.3, 0.2, 0.1], gamma)


def test_the_audit_estimate_equals_a_plain_restatement_and_is_exact_in_expectation():
    from pueval.propensity import aul_pu_audit

    rng = np.random.default_rng(10)
    n, m = 11, 3
    scores = np.round(rng.random(n), 1)
    y = np.zeros(n, bool)
    y[[0, 2, 3, 5, 7, 9]] = True
    labeled = np.zeros(n, bool)
    labeled[[0, 2, 5]] = True  # any selection: here not at random
    t = _t_plain(scores)
    unlabeled = np.flatnonzero(~labeled)
    sums, positives, count = 0.0, 0.0, 0
    for sample in itertools.combinations(unlabeled, m):
        audit = np.full(n, np.nan)
        audit[list(sample)] = y[list(sample)]
        numerator = t[labeled].sum() + unlabeled.size / m * (t[list(sample)] * y[list(sample)]).sum()
        n_positive = labeled.sum() + unlabeled.size * y[list(sample)].mean()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PropensityWarning)  # samples without an audited positive
            found = aul_pu_audit(labeled, scores, audit)
        assert found.aul == pytest.approx(numerator / n_positive, abs=1e-12)
        assert found.theta == pytest.approx(y[list(sample)].mean(), abs=1e-12)
        assert found.bias == pytest.approx(t[labeled].mean() - found.aul, abs=1e-12)
        sums, positives, count = sums + numerator, positives + n_positive, count + 1
    assert sums / count == pytest.approx(t[y].sum(), abs=1e-12)  # Σ_P t: unbiased numerator
    assert positives / count == pytest.approx(y.sum(), abs=1e-12)  # n^P: unbiased denominator


def test_the_audit_covers_the_aul_under_any_labeling_and_the_scar_test_holds_its_level():
    from pueval.propensity import aul_pu_audit

    rng = np.random.default_rng(11)
    y, scores, e = sar_population(rng, 3000)
    truth = _t_plain(scores)[y].mean()
    covered, rejected = {"sar": [], "scar": []}, {"sar": [], "scar": []}
    for _ in range(200):
        for kind, propensity in (("sar", e), ("scar", np.full(y.size, 0.3))):
            labeled = y & (rng.random(y.size) < propensity)
            audit = np.full(y.size, np.nan)
            rows = rng.choice(np.flatnonzero(~labeled), 400, replace=False)
            audit[rows] = y[rows]
            found = aul_pu_audit(labeled, scores, audit)
            covered[kind].append(found.ci[0] <= truth <= found.ci[1])
            rejected[kind].append(found.scar_p_value < 0.05)
    assert np.mean(covered["sar"]) >= 0.9 and np.mean(covered["scar"]) >= 0.9
    assert np.mean(rejected["scar"]) <= 0.1 and np.mean(rejected["sar"]) >= 0.8


def test_the_scar_test_is_the_exact_mann_whitney_test():
    # the two-sided exact p-value by enumerating every split of the pooled t-values (no ties)
    from pueval.propensity import aul_pu_audit

    scores = np.array([0.95, 0.9, 0.8, 0.7, 0.65, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05])
    labeled = np.zeros(12, bool)
    labeled[[0, 1, 3, 6]] = True
    audit = np.full(12, np.nan)
    audit[[2, 4, 5, 8, 9]] = [0, 1, 1, 1, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PropensityWarning)
        found = aul_pu_audit(labeled, scores, audit)
    t = _t_plain(scores)
    pooled = np.r_[t[labeled], t[[4, 5, 8]]]

    def u_of(first):
        a, b = pooled[list(first)], np.delete(pooled, list(first))
        return (a[:, None] > b[None, :]).sum()

    observed = u_of(range(4))
    mean = 4 * 3 / 2
    splits = [u_of(c) for c in itertools.combinations(range(7), 4)]
    exact = np.mean([abs(u - mean) >= abs(observed - mean) for u in splits])
    assert found.scar_p_value == pytest.approx(exact, abs=1e-12)


def test_bad_audits_are_refused_naming_the_argument():
    from pueval.propensity import aul_pu_audit

    labels, scores = np.array([1, 1, 0, 0, 0, 0]), np.array([0.9, 0.8, 0.7, 0.3, 0.2, 0.1])
    for audit, message in (([1, np.nan, 0, 1, np.nan, np.nan], "audits 1 labeled row"),
                           ([np.nan, np.nan, 2, 1, np.nan, np.nan], "must hold 1 \\(positive\\), 0"),
                           ([np.nan] * 5, "one value per row"), (["y"] * 6, "one value per row"),
                           ([np.nan, np.nan, 1, np.nan, np.nan, np.nan], "at least 2 audited rows")):
        with pytest.raises(ArgumentError, match=f"audited: .*{message}"):
            aul_pu_audit(labels, scores, audit)
    with pytest.warns(PropensityWarning, match="no audited row is positive"):
        found = aul_pu_audit(labels, scores, [np.nan, np.nan, 0, 0, np.nan, np.nan])
    assert found.scar_p_value is None and found.theta == 0.0


@pytest.mark.parametrize("tiny", [1e-300, 5e-324])
def test_a_tiny_relative_propensity_gives_finite_numbers_not_nan(tiny):
    rng = np.random.default_rng(3)
    y = rng.random(400) < 0.5
    labeled = y & (rng.random(400) < 0.4)
    scores = rng.normal(size=400) + y
    e = np.where(labeled, rng.uniform(0.2, 1.0, 400), 1.0)
    e[np.flatnonzero(labeled)[0]] = tiny  # one row a hundred orders of magnitude rarer: its weight dominates
    with pytest.warns(PropensityWarning):
        found = aul_pu_weighted(labeled, scores, e)
    assert np.isfinite([found.aul, *found.ci, found.n_eff]).all()
    with pytest.raises(ValueError, match="propensity: absolute propensities as small as .* overflow"):
        aul_pu_weighted(labeled, scores, np.where(labeled, 5e-324, 1.0), relative=False)


def test_the_weights_are_those_of_one_over_e_to_the_bit():
    """The scaled weights (a power of two times 1/e) give every scale-free quantity bit for bit as 1/e does."""
    rng = np.random.default_rng(4)
    labeled = rng.random(300) < 0.3
    e = rng.uniform(0.01, 1.0, 300)
    weights = labeled_weights(e, labeled)
    w = 1.0 / e[labeled]
    values = rng.random(int(labeled.sum()))
    assert weights.mean(values) == float((w * values).sum() / w.sum())
    assert weights.n_eff == float(w.sum() ** 2 / (w * w).sum())


def test_the_gamma_bounds_are_finite_for_any_finite_gamma():
    rng = np.random.default_rng(5)
    y = rng.random(500) < 0.5
    labels, scores = y & (rng.random(500) < 0.3), rng.normal(size=500) + y
    for gamma in (1e12, 1e308):
        found = aul_pu_bounds(labels, scores, gamma, level=0.95)
        assert np.isfinite([found.low, found.high]).all() and 0.0 <= found.low <= found.high <= 1.0

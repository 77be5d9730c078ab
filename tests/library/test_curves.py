"""pueval.curves: the curves' points and areas, the indirect curve's repairs, and Claesen et al.'s bounds as curves
(β̂ and its interval, known negatives, a zero-width band, a brute force over latent-positive sets, their code
restated)."""

import itertools

import numpy as np
import pytest
from sklearn import metrics as skm

from pueval import curves, metrics, related
from tests.synthetic import pu_labels


def _ranking(seed=0, n_l=40, n_u=400, theta=0.3, shift=1.2):
    rng = np.random.default_rng(seed)
    latent = int(theta * n_u)
    y = np.r_[np.ones(n_l + latent, int), np.zeros(n_u - latent, int)]
    s = np.r_[np.ones(n_l, int), np.zeros(n_u, int)]
    return s, rng.normal(size=y.size) + shift * y, y


def _per_threshold(curve):
    """A band's ROC points (sorted by FPR, as the authors' code sorts them) back in decreasing threshold order,
    without the origin: (x, y) of threshold k at index k."""
    order = np.argsort(-curve.thresholds[1:], kind="stable")
    return curve.x[1:][order], curve.y[1:][order]


def _authors_roc(s, scores, beta, reference_lower, reference_upper):
    """The ROC bounds of the authors' semisup_metrics.py (claesenm/semisup-metrics 32c4db1), restated row by row:
    rows sorted by decreasing score; at each rank the known positives and unlabeled rows at or above it; the
    band's TPR at that rank times int(beta·n_U) latent positives, floored (lower) or ceiled (upper), placed in
    the head within what fits (surrogates_contingency); the points (FPR, TPR) sorted (roc_from_cts) and their
    area by the code's auc(), here from a first point (0, 0)."""
    import math

    order = sorted(range(len(s)), key=lambda i: scores[i], reverse=True)
    labels = [bool(s[i]) for i in order]
    n_pos, n_unl = sum(labels), len(labels) - sum(labels)
    latent = int(beta * n_unl)
    curves_ = {}
    for name, reference, rounding in (("lower", reference_lower, math.floor), ("upper", reference_upper, math.ceil)):
        points = []
        for rank in range(len(labels)):
            cut_pos = sum(labels[:rank + 1])
            cut_unl = rank + 1 - cut_pos
            tp = min(cut_unl, int(rounding(float(reference(rank)) * latent)))
            tp = max(tp, latent - (n_unl - cut_unl))
            points.append(((cut_unl - tp) / (n_unl - latent), (cut_pos + tp) / (n_pos + latent)))
        points = [(0.0, 0.0)] + sorted(points)
        area = sum(min(y1, y2) * (x2 - x1) + abs(y2 - y1) * (x2 - x1) / 2
                   for (x1, y1), (x2, y2) in zip(points, points[1:]))
        curves_[name] = (np.array(points), area)
    return curves_


def test_the_bounds_grow_with_beta_hat_for_a_better_than_random_ranking():
    """Lemma 4 with the rank CDF as its own band: both curves rise with β̂. With a band of width, the upper
    curve still rises up to β̂ well above the truth (θ = 0.3 here; its TPR only grows with β̂, but its points
    are sorted by FPR as the authors' code sorts them, and far above θ, at β̂ = 0.55 and 0.6, the sorted
    polyline loses area); the lower one need not rise: its TPR (head_L + T_lo·latent)/(n_L + latent) sinks
    towards T_lo < F_L as β̂ grows, which can outweigh the lower FPR (here from β̂ = 0 to 0.05, below)."""
    s, scores, _ = _ranking()
    grid = np.linspace(0.0, 0.6, 13)
    flat = [curves.claesen_band(s, scores, b, band="none") for b in grid]
    for side in ("roc_lower", "roc_upper"):
        assert np.all(np.diff([getattr(b, side).area for b in flat]) >= -1e-3), side  # rounding of counts
    banded = [curves.claesen_band(s, scores, b) for b in grid]
    upper, lower = [b.roc_upper.area for b in banded], [b.roc_lower.area for b in banded]
    assert np.all(np.diff(upper[:11]) >= -1e-12) and all(lo <= hi for lo, hi in zip(lower, upper))
    assert lower[1] < lower[0]  # the counter-example of the docstring


def test_an_interval_of_beta_hat_takes_each_curve_from_its_end():
    s, scores, _ = _ranking(1)
    both = curves.claesen_band(s, scores, (0.2, 0.4))
    low, high = curves.claesen_band(s, scores, 0.2), curves.claesen_band(s, scores, 0.4)
    np.testing.assert_array_equal(both.roc_lower.y, low.roc_lower.y)
    np.testing.assert_array_equal(both.roc_upper.x, high.roc_upper.x)
    assert both.pr_upper.area == high.pr_upper.area
    with pytest.raises(ValueError, match="low end"):
        curves.claesen_band(s, scores, (0.4, 0.2))


def test_a_zero_width_band_is_jains_affine_correction_where_eq_11_does_not_clip():
    """n_L = 10 and 20 latent positives: F_L·latent is an integer, so both curves place the same count."""
    s, scores, _ = _ranking(2, n_l=10, n_u=100, theta=0.2)
    band = curves.claesen_band(s, scores, 0.2, band="none")
    np.testing.assert_array_equal(band.roc_lower.x, band.roc_upper.x)
    head_l, head_u = metrics.head_counts(s, scores)
    gamma, eta_pu = head_l / 10, head_u / 100
    wanted = gamma * 20
    clipped = curves.surrogate_positives_in_head(head_u, 100, 20, wanted) != wanted
    affine = (eta_pu - 0.2 * gamma) / 0.8
    upper_x, _ = _per_threshold(band.roc_upper)
    np.testing.assert_allclose(upper_x[~clipped], affine[~clipped], atol=1e-12)
    assert clipped.any() and not np.allclose(upper_x[clipped], affine[clipped])


def test_whole_curves_against_a_brute_force_over_latent_sets():
    """Every threshold: of the sets of `latent` unlabeled rows, the fewest in the head with at least the band's
    count there (Eq. 8), or the most with at most it (Eq. 9); FPR from that set, as in Theorem 1."""
    rng = np.random.default_rng(4)
    s = np.r_[np.ones(5, int), np.zeros(8, int)]
    scores = rng.permutation(13).astype(float)
    theta, latent = 3 / 8, 3
    band = curves.claesen_band(s, scores, theta, level=0.8)
    head_l, head_u = metrics.head_counts(s, scores)
    order = np.argsort(-scores)
    unlabeled_rank = {row: rank for rank, row in enumerate(order)}
    u_rows = np.flatnonzero(s == 0)
    for k in range(head_l.size):
        in_head = [sum(unlabeled_rank[r] <= k for r in c) for c in itertools.combinations(u_rows, latent)]
        for bound, pick, curve in ((np.ceil(band.cdf_upper[k] * latent - 1e-9), "min", band.roc_upper),
                                   (np.floor(band.cdf_lower[k] * latent + 1e-9), "max", band.roc_lower)):
            if pick == "min":
                feasible = [h for h in in_head if h >= bound]
                tp_u = min(feasible) if feasible else max(in_head)
            else:
                feasible = [h for h in in_head if h <= bound]
                tp_u = max(feasible) if feasible else min(in_head)
            x, y = _per_threshold(curve)
            assert x[k] == pytest.approx((head_u[k] - tp_u) / (8 - latent))
            assert y[k] == pytest.approx((head_l[k] + tp_u) / (5 + latent))


def test_known_negatives_shrink_the_band():
    s, scores, y = _ranking(5, n_l=60, n_u=600, theta=0.3)
    without = curves.claesen_band(s, scores, 0.3)
    rng = np.random.default_rng(0)
    negatives = np.zeros(s.size, bool)
    negatives[rng.choice(np.flatnonzero(y == 0), 200, replace=False)] = True
    latent = int(0.3 * 600)
    with_negatives = curves.claesen_band(s, scores, latent / (600 - 200), known_negatives=negatives)
    width = lambda b: b.roc_upper.area - b.roc_lower.area  # noqa: E731
    assert width(with_negatives) < width(without)
    with pytest.raises(ValueError, match="both labeled positive and known negative"):
        curves.claesen_band(s, scores, 0.3, known_negatives=s.astype(bool))


@pytest.mark.parametrize("seed, theta", [(0, 0.3), (1, 0.45), (2, 0.1)])
def test_the_band_is_the_authors_code_restated(seed, theta):
    """No ties, so a threshold is a row. With the labeled rows' rank CDF as the reference (band="none") and with
    our binomial band handed to the restatement as the reference, both curves and their areas are the code's."""
    rng = np.random.default_rng(seed)
    s = (rng.random(60) < 0.3).astype(int)
    scores = rng.permutation(60) + 8.0 * s * rng.random(60)
    ecdf = np.cumsum(s[np.argsort(-scores)]) / s.sum()  # the known positives' rank CDF at each rank
    for band_kind in ("none", "binomial"):
        band = curves.claesen_band(s, scores, theta, band=band_kind)
        if band_kind == "none":
            restated = _authors_roc(s, scores, theta, ecdf.__getitem__, ecdf.__getitem__)
        else:
            restated = _authors_roc(s, scores, theta, band.cdf_lower.__getitem__, band.cdf_upper.__getitem__)
        for name, curve in (("lower", band.roc_lower), ("upper", band.roc_upper)):
            points, area = restated[name]
            np.testing.assert_allclose(np.c_[curve.x, curve.y], points, atol=1e-12)
            assert curve.area == pytest.approx(area, abs=1e-12)
    assert curves.latent_positives(theta, int((s == 0).sum())) == int(theta * (s == 0).sum())


def test_corrected_precision_never_leaves_the_unit_interval_silently():
    labels = np.r_[np.ones(5, int), np.zeros(45, int)]
    scores = np.r_[np.linspace(1, 0.9, 5), np.linspace(0.95, 0, 45)]
    with pytest.warns(UserWarning, match=r"corrected precision leaves \[0, 1\]"):
        curve = curves.corrected_pr_curve(labels, scores, theta=0.6)
    assert curve.y.max() <= 1.0 and curve.y.min() >= 0.0


def test_numpy_scalars_are_numbers_for_theta_and_purity():
    labels, scores = [1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1]
    assert curves.claesen_band(labels, scores, np.array(0.2)).roc_lower.area == \
        curves.claesen_band(labels, scores, 0.2).roc_lower.area
    assert curves.corrected_roc_curve(labels, scores, 0.2, purity=np.int64(1)).area == \
        curves.corrected_roc_curve(labels, scores, 0.2, purity=1.0).area


def test_the_clip_repair_keeps_steps_back_that_the_monotone_one_removes():
    rng = np.random.default_rng(4)
    s = (rng.random(400) < 0.3).astype(int)
    scores = rng.normal(size=400) + 0.3 * s
    monotone = curves.corrected_roc_curve(s, scores, 0.5, purity=0.8)
    clipped = curves.corrected_roc_curve(s, scores, 0.5, purity=0.8, repair="clip")
    assert (np.diff(monotone.x) >= 0).all() and (np.diff(monotone.y) >= 0).all()
    assert (np.diff(clipped.x) < 0).any() or (np.diff(clipped.y) < 0).any()
    assert clipped.x.min() >= 0 and clipped.y.max() <= 1
    np.testing.assert_array_equal(np.maximum.accumulate(clipped.y), monotone.y)
    with pytest.raises(ValueError, match="repair: must be one of monotone, clip"):
        curves.corrected_roc_curve(s, scores, 0.5, repair="isotonic")


@pytest.mark.parametrize("ties", [False, True])
def test_curve_points_and_areas(ties):
    rng, _, labeled = pu_labels(n=300)
    scores = rng.integers(0, 12, labeled.size) if ties else rng.normal(size=labeled.size) + labeled
    s = labeled.astype(int)
    roc = curves.roc_curve(s, scores)
    fpr, tpr, _ = skm.roc_curve(s, scores, drop_intermediate=False)
    np.testing.assert_allclose(roc.x, fpr)
    np.testing.assert_allclose(roc.y, tpr)
    assert roc.area == pytest.approx(metrics.auc(s, scores), abs=1e-12)
    lift = curves.lift_curve(s, scores)
    assert lift.area == pytest.approx(metrics.aul(s, scores), abs=1e-12)
    assert np.all(np.diff(lift.x) > 0) and lift.x[-1] == 1.0 and lift.thresholds[0] == np.inf
    band = curves.claesen_band(s, scores, 0.3)
    assert (band.roc_lower.area, band.roc_upper.area) == related.claesen_bounds(s, scores, 0.3)["auc"]
    assert curves.corrected_roc_curve(s, scores, 0.3).area == related.jain_roc_auc(s, scores, 0.3)


def test_claesen_surrogate_counts_match_theorem_1_by_brute_force():
    """Eq. 11 against every latent-positive set of the right size: the fewest in the head with at least
    ``wanted`` there (Eq. 8; all of the head if none has), and the most with at most ``wanted`` (Eq. 9)."""
    n_u, latent = 8, 3
    for head_u in range(n_u + 1):
        in_head = [sum(i < head_u for i in c) for c in itertools.combinations(range(n_u), latent)]
        for wanted in range(latent + 1):
            got = int(curves.surrogate_positives_in_head(head_u, n_u, latent, wanted))
            at_least = [h for h in in_head if h >= wanted]
            assert got == (min(at_least) if at_least else max(in_head))
            at_most = [h for h in in_head if h <= wanted]
            assert got == (max(at_most) if at_most else min(in_head))


def test_claesens_band_as_monotone_curves_is_the_tightest_monotone_bound_of_the_authors_points():
    rng = np.random.default_rng(11)
    y = rng.random(600) < 0.4
    scores = np.round(y + rng.normal(size=600), 1)  # ties, as real scores have
    labels = (y & (rng.random(600) < 0.3)).astype(int)
    band = curves.claesen_band(labels, scores, (0.25, 0.35))
    lower, upper = band.monotone_roc()
    for mono, points, pick in ((lower, band.roc_lower, max), (upper, band.roc_upper, min)):
        assert np.array_equal(mono.x, points.x) and np.array_equal(mono.thresholds, points.thresholds)
        n = points.y.size  # restated: the max over the points up to each one (the min over those from it)
        expected = [pick(points.y[: i + 1]) if pick is max else pick(points.y[i:]) for i in range(n)]
        assert mono.y.tolist() == expected and (np.diff(mono.y) >= 0).all()
        assert mono.area == pytest.approx(np.trapezoid(mono.y, mono.x))
    assert (np.diff(band.roc_lower.y) < 0).any()  # the authors' points zigzag here, so the test compares something
    assert band.roc_lower.area <= lower.area <= upper.area <= band.roc_upper.area


def test_the_pu_curves_take_sample_weight_as_repeated_rows():
    """Integer weights give the curves of the repeated rows; the lift's area is aul_pu_score with the weights, the
    ROC's the AUC^PU of the repeated rows; zero weights drop rows; bad weights are named."""
    import pueval

    rng = np.random.default_rng(4)
    scores = np.round(rng.normal(size=120), 1)
    labels = (rng.random(120) < 0.3).astype(int)
    weights = rng.integers(1, 4, 120)
    repeated = np.repeat(np.arange(120), weights)
    for curve in (curves.lift_curve, curves.roc_curve):
        found = curve(labels, scores, sample_weight=weights)
        plain = curve(labels[repeated], scores[repeated])
        np.testing.assert_allclose(found.x, plain.x, atol=1e-12)
        np.testing.assert_allclose(found.y, plain.y, atol=1e-12)
        assert found.area == pytest.approx(plain.area, abs=1e-12)
    assert curves.lift_curve(labels, scores, sample_weight=weights).area == pytest.approx(
        pueval.aul_pu_score(labels, scores, sample_weight=weights), abs=1e-12)
    assert curves.roc_curve(labels, scores, sample_weight=np.ones(120)).area == curves.roc_curve(labels, scores).area
    kept = rng.random(120) < 0.7  # a zero weight drops the row (its score stays a threshold of a repeated point)
    for curve in (curves.lift_curve, curves.roc_curve):
        assert curve(labels, scores, sample_weight=kept * weights).area == pytest.approx(
            curve(labels[kept], scores[kept], sample_weight=weights[kept]).area, abs=1e-12)
    with pytest.raises(ValueError, match="sample_weight: must be finite and ≥ 0"):
        curves.lift_curve(labels, scores, sample_weight=-weights)
    with pytest.raises(ValueError, match="sample_weight: the unlabeled rows' weights sum to 0"):
        curves.roc_curve(labels, scores, sample_weight=labels.astype(float))

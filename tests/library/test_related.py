"""pueval.related: the related papers' estimators (Jain et al.'s Eqs. 1, 2 and 4, Claesen et al.'s bounds, average
precision) against brute force, scikit-learn and exact population expectations, and their bad input."""

import numpy as np
import pytest
from sklearn.metrics import average_precision_score

from pueval import aul_pu, curves, metrics, related
from tests.synthetic import scar_scores


def _population(purity_copies, alpha_copies, seed=0):
    """Labeled rows = k_P copies of every positive and k_N of every negative (β = k_P/(k_P + k_N)); unlabeled
    rows = j_P and j_N copies (α = j_P/(j_P + j_N)): every PU rate is then exactly its mixture."""
    rng = np.random.default_rng(seed)
    pos, neg = rng.normal(1.0, 1.0, 30).round(1), rng.normal(0.0, 1.0, 30).round(1)  # ties included
    (k_p, k_n), (j_p, j_n) = purity_copies, alpha_copies
    scores = np.r_[np.tile(pos, k_p), np.tile(neg, k_n), np.tile(pos, j_p), np.tile(neg, j_n)]
    s = np.r_[np.ones(30 * (k_p + k_n), int), np.zeros(30 * (j_p + j_n), int)]
    return scores, s, pos, neg, k_p / (k_p + k_n), j_p / (j_p + j_n)


@pytest.mark.parametrize("call, message", [
    (lambda rel, s, x, p: rel.jain_roc_auc(s, x, np.nan), "theta"),
    (lambda rel, s, x, p: rel.jain_auprc(s, x, 1.0), "theta"),
    (lambda rel, s, x, p: rel.jain_auprc(s * 2, x, 0.3), "s: no row equals pos_label=1"),
    (lambda rel, s, x, p: rel.jain_roc_auc(s, x[:-1], 0.3), "scores must be 1-D of length"),
    (lambda rel, s, x, p: rel.jain_roc_auc(s, np.where(s, np.nan, x), 0.3), "NaN"),
    (lambda rel, s, x, p: rel.claesen_bounds(s, x, 0.3, level=np.nan), "level"),
    (lambda rel, s, x, p: rel.claesen_bounds(np.zeros_like(s), x, 0.3), "s: no row equals pos_label=1"),
    (lambda rel, s, x, p: rel.tabatabaei_f1(s, p, -0.1), "theta"),
    (lambda rel, s, x, p: rel.tabatabaei_f1(s, p.astype(int), 0.3), "boolean"),
    (lambda rel, s, x, p: rel.ll_score(s, np.zeros_like(p)), "no row is predicted positive"),
])
def test_related_estimators_refuse_bad_input(call, message):
    rng = np.random.default_rng(0)
    s = (rng.random(50) < 0.3).astype(int)
    scores = rng.random(50)
    with pytest.raises(ValueError, match=message):
        call(related, s, scores, scores > 0.5)


@pytest.mark.parametrize("purity_copies, alpha_copies", [((3, 1), (1, 3)), ((19, 1), (2, 3)), ((1, 0), (1, 4))])
def test_eqs_1_2_4_recover_the_truth_on_population_expectations(purity_copies, alpha_copies):
    scores, s, pos, neg, beta, alpha = _population(purity_copies, alpha_copies)
    y_true = np.r_[np.ones(30, int), np.zeros(30, int)]
    truth = metrics.auc(y_true, np.r_[pos, neg])
    assert metrics.corrected_auc(metrics.auc(s, scores), alpha, purity=beta) == pytest.approx(truth, abs=1e-12)
    recovered = curves.corrected_roc_curve(s, scores, alpha, purity=beta)
    true_roc = curves.roc_curve(y_true, np.r_[pos, neg])
    np.testing.assert_allclose(recovered.x, true_roc.x, atol=1e-12)
    np.testing.assert_allclose(recovered.y, true_roc.y, atol=1e-12)
    # Eq. 3, precision over all rows: p = (β n_L + α n_U)·γ / head
    pr = curves.corrected_pr_curve(s, scores, alpha, purity=beta)
    y_all = np.r_[np.ones(30 * purity_copies[0], int), np.zeros(30 * purity_copies[1], int),
                  np.ones(30 * alpha_copies[0], int), np.zeros(30 * alpha_copies[1], int)]
    assert pr.area == pytest.approx(related.average_precision(y_all, scores), abs=1e-12)


def test_purity_is_checked():
    with pytest.raises(ValueError, match="purity: must exceed theta"):
        metrics.corrected_auc(0.7, 0.8, purity=0.75)
    with pytest.raises(ValueError, match=r"purity: must lie in \(0, 1\]"):
        related.jain_roc_auc([1, 0, 1, 0], [4, 3, 2, 1], 0.2, purity=1.2)


def test_head_counts_match_brute_force():
    y, s, scores = scar_scores(0, n=60, ties=True)
    labeled, unlabeled = metrics.head_counts(s, scores)
    for k, t in enumerate(np.sort(np.unique(scores))[::-1]):
        assert labeled[k] == ((scores >= t) & (s == 1)).sum()
        assert unlabeled[k] == ((scores >= t) & (s == 0)).sum()


@pytest.mark.parametrize("ties", [False, True])
def test_average_precision_matches_scikit_learn(ties):
    y, _, scores = scar_scores(1, ties=ties)
    assert related.average_precision(y, scores) == pytest.approx(average_precision_score(y, scores))


def test_jain_indirect_roc_equals_the_direct_formula_without_clipping():
    y, s, scores = scar_scores(2)
    assert related.jain_roc_auc(s, scores, 0.0) == pytest.approx(metrics.auc(s, scores))
    scores = np.round(scores)  # a few thresholds, each with many unlabeled rows
    head_l, head_u = metrics.head_counts(s, scores)
    theta = 0.05
    raw = (head_u / head_u[-1] - theta * head_l / head_l[-1]) / (1 - theta)
    assert (raw >= 0).all() and (np.diff(raw) >= 0).all()  # no clipping in this case
    assert related.jain_roc_auc(s, scores, theta) == pytest.approx(metrics.corrected_auc(metrics.auc(s, scores), theta))


def test_jain_pr_recovery_is_exact_when_every_positive_is_labeled():
    y, _, scores = scar_scores(3, ties=True)
    assert related.jain_auprc(y, scores, 0.0) == pytest.approx(average_precision_score(y, scores))


def test_jain_recovery_is_close_with_the_true_prior_on_a_large_sample():
    y, s, scores = scar_scores(4, n=20000)
    theta = y[s == 0].mean()
    assert related.jain_roc_auc(s, scores, theta) == pytest.approx(metrics.auc(y, scores), abs=0.01)
    assert related.jain_auprc(s, scores, theta) == pytest.approx(related.average_precision(y, scores), abs=0.02)


def test_claesen_bounds_contain_the_truth_with_the_true_prior():
    inside = 0
    for seed in range(10):
        y, s, scores = scar_scores(seed, n=600)
        bounds = related.claesen_bounds(s, scores, y[s == 0].mean(), level=0.95)
        for name, truth in (("auc", metrics.auc(y, scores)), ("auprc", related.average_precision(y, scores))):
            lower, upper = bounds[name]
            assert lower <= upper
            inside += lower <= truth <= upper
    assert inside >= 18
    narrow = related.claesen_bounds(s, scores, y[s == 0].mean(), level=0.5)
    assert narrow["auc"][1] - narrow["auc"][0] < bounds["auc"][1] - bounds["auc"][0]


def test_numpy_scalars_are_accepted_where_a_float_is():
    rng = np.random.default_rng(0)
    s, scores = (rng.random(200) < 0.3).astype(int), rng.random(200)
    assert aul_pu.aul_pu_interval(s, scores, level=np.float32(0.75)) == aul_pu.aul_pu_interval(s, scores, level=0.75)
    assert related.claesen_bounds(s, scores, np.float32(0.25), level=np.float64(0.9)) == \
        related.claesen_bounds(s, scores, 0.25, level=0.9)

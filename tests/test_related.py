import itertools

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import average_precision_score

from pueval import curves, metrics, related
from pueval.studies import related_draws


def _scar(seed, n=400, alpha=0.4, beta=0.3, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < alpha).astype(int)
    scores = rng.normal(1.2 * y, 1.0)
    if ties:
        scores = np.round(scores, 1)
    s = np.zeros(n, int)
    s[rng.choice(np.flatnonzero(y == 1), int(beta * y.sum()), replace=False)] = 1
    return y, s, scores


def test_head_counts_match_brute_force():
    y, s, scores = _scar(0, n=60, ties=True)
    labeled, unlabeled = metrics.head_counts(s, scores)
    for k, t in enumerate(np.sort(np.unique(scores))[::-1]):
        assert labeled[k] == ((scores >= t) & (s == 1)).sum()
        assert unlabeled[k] == ((scores >= t) & (s == 0)).sum()


@pytest.mark.parametrize("ties", [False, True])
def test_average_precision_matches_scikit_learn(ties):
    y, _, scores = _scar(1, ties=ties)
    assert related.average_precision(y, scores) == pytest.approx(average_precision_score(y, scores))


def test_jain_indirect_roc_equals_the_direct_formula_without_clipping():
    y, s, scores = _scar(2)
    assert related.jain_roc_auc(s, scores, 0.0) == pytest.approx(metrics.auc(s, scores))
    scores = np.round(scores)  # a few thresholds, each with many unlabeled rows
    head_l, head_u = metrics.head_counts(s, scores)
    theta = 0.05
    raw = (head_u / head_u[-1] - theta * head_l / head_l[-1]) / (1 - theta)
    assert (raw >= 0).all() and (np.diff(raw) >= 0).all()  # no clipping in this case
    assert related.jain_roc_auc(s, scores, theta) == pytest.approx(metrics.corrected_auc(metrics.auc(s, scores), theta))


def test_jain_pr_recovery_is_exact_when_every_positive_is_labeled():
    y, _, scores = _scar(3, ties=True)
    assert related.jain_auprc(y, scores, 0.0) == pytest.approx(average_precision_score(y, scores))


def test_jain_recovery_is_close_with_the_true_prior_on_a_large_sample():
    y, s, scores = _scar(4, n=20000)
    theta = y[s == 0].mean()
    assert related.jain_roc_auc(s, scores, theta) == pytest.approx(metrics.auc(y, scores), abs=0.01)
    assert related.jain_auprc(s, scores, theta) == pytest.approx(related.average_precision(y, scores), abs=0.02)


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


def test_claesen_bounds_contain_the_truth_with_the_true_prior():
    inside = 0
    for seed in range(10):
        y, s, scores = _scar(seed, n=600)
        bounds = related.claesen_bounds(s, scores, y[s == 0].mean(), level=0.95)
        for name, truth in (("auc", metrics.auc(y, scores)), ("auprc", related.average_precision(y, scores))):
            lower, upper = bounds[name]
            assert lower <= upper
            inside += lower <= truth <= upper
    assert inside >= 18
    narrow = related.claesen_bounds(s, scores, y[s == 0].mean(), level=0.5)
    assert narrow["auc"][1] - narrow["auc"][0] < bounds["auc"][1] - bounds["auc"][0]


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
    y, s, scores = _scar(6)
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

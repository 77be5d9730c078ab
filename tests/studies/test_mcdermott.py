"""pueval.studies.mcdermott: McDermott et al. (2024)'s Theorems 1 and 2 on finite rankings (and where Theorem 2's
AUPRC part fails), the F.1 sampler, the three optimization procedures, the PU labels and the pieces of Section
3.2."""

import numpy as np
import pandas as pd
import pytest
from scipy.stats import t as student_t

from pueval import aul_pu, metrics, related, seeds
from pueval.studies import mcdermott as study


def _ranking(seed, n=60, share=0.3):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < share
    y[:2] = [True, False]
    return rng.normal(size=n) + y, y


def _ap_gain(labels_top_down, position):
    """AP gained by fixing the mistake whose negative sits at ``position`` (from the top) above a positive."""
    y = np.array(labels_top_down, bool)
    scores = -np.arange(y.size, dtype=float)  # top first
    after = scores.copy()
    after[position], after[position + 1] = scores[position + 1], scores[position]
    return study.auprc_rows(np.vstack([scores, after]), y) @ [-1, 1]


def _mistakes_top_down(labels):
    y = np.array(labels, bool)
    return [i for i in range(y.size - 1) if not y[i] and y[i + 1]]


def _toy_features(n=400, seed=8):
    rng = np.random.default_rng(seed)
    sex = rng.random(n) < 0.6
    race = rng.choice(["African-American", "Caucasian", "Other"], n)
    x = rng.normal(size=n)
    y = (x + 0.8 * sex + rng.normal(size=n) > 0.8).astype(int)
    features = pd.DataFrame({"x": x, "sex_Male": sex * 1.0, "sex_Female": (~sex) * 1.0,
                             **{f"race_{r}": (race == r) * 1.0 for r in ("African-American", "Caucasian", "Other")}})
    return features, y


def theorem1_terms(scores: np.ndarray, labels: np.ndarray) -> tuple[float, float]:
    """Their Theorem 1's right-hand sides on a finite ranking: (1 − mean FPR(t), 1 − P(y=0)·mean FPR(t)/P(f ≥ t)),
    t over the positives' scores."""
    scores, labels = np.asarray(scores, float), np.asarray(labels, bool)
    t = scores[labels]
    fpr = (scores[~labels][None, :] >= t[:, None]).mean(1)
    fire = (scores[None, :] >= t[:, None]).mean(1)
    return 1.0 - fpr.mean(), 1.0 - (~labels).mean() * (fpr / fire).mean()


@pytest.mark.parametrize("seed", range(5))
def test_theorem1_is_an_identity_on_finite_rankings(seed):
    scores, y = _ranking(seed)
    auroc, auprc = theorem1_terms(scores, y)
    assert auroc == pytest.approx(metrics.auc(y.astype(int), scores), abs=1e-12)
    assert auprc == pytest.approx(related.average_precision(y.astype(int), scores), abs=1e-12)


def test_the_batch_metrics_are_the_librarys():
    scores, y = _ranking(7, n=80)
    rows = np.vstack([scores, -scores, scores ** 3 + 0.1 * np.arange(80)])
    assert study.auroc_rows(rows, y) == pytest.approx([metrics.auc(y.astype(int), r) for r in rows], abs=1e-12)
    assert study.auprc_rows(rows, y) == pytest.approx([related.average_precision(y.astype(int), r) for r in rows],
                                                      abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_theorem2_every_fix_raises_auroc_by_one_pair(seed):
    scores, y = _ranking(seed, n=50)
    order, found = study.mistakes(scores, y)
    base = study.auroc_rows(scores, y)[0]
    gains = [study.auroc_rows(study.fixed(scores, order, i), y)[0] - base for i in found]
    assert found.size > 3
    assert gains == pytest.approx([1.0 / (y.sum() * (~y).sum())] * found.size, abs=1e-12)


def test_theorem2_auprc_part_fails_on_the_counter_example():
    """Top to bottom: 9 negatives, 51 positives, 1 negative, 1 positive, 20 negatives. The higher fix (the
    first positive past the 9 negatives, precision 1/10) gains less than the lower one (precision 52/62)."""
    labels = study.COUNTER_EXAMPLE
    high, low = _mistakes_top_down(labels)
    assert (high, low) == (8, 60)
    assert _ap_gain(labels, low) > _ap_gain(labels, high)
    n_pos = sum(labels)
    assert _ap_gain(labels, high) == pytest.approx((1 / 10) / (n_pos * 9))  # π/(n_P (r − 1)), r = 10
    assert _ap_gain(labels, low) == pytest.approx((52 / 62) / (n_pos * 61))  # r = 62


@pytest.mark.parametrize("seed", range(6))
def test_theorem2_auprc_part_holds_when_the_higher_fix_has_at_least_the_lower_precision(seed):
    """ΔAP = π/(n_P (r − 1)) for a fix whose positive has rank r and precision π there; so a higher fix (smaller r)
    gains more whenever its π is at least the lower one's, e.g. when precision does not rise with depth."""
    rng = np.random.default_rng(seed)
    labels = list(rng.random(40) < 0.4)
    y = np.array(labels)
    found = _mistakes_top_down(labels)
    n_pos = y.sum()
    for i in found:  # the positive at rank r = i + 2 with t = y[:r].sum() positives down to it: π = t/r
        assert _ap_gain(labels, i) == pytest.approx(y[:i + 2].sum() / (i + 2) / (n_pos * (i + 1)))
    checked = 0
    for a in found:
        for b in found:
            if a < b and y[:a + 2].sum() / (a + 2) >= y[:b + 2].sum() / (b + 2):
                assert _ap_gain(labels, a) > _ap_gain(labels, b)
                checked += 1
    assert checked > 0


def test_aul_is_affine_in_auc_on_one_dataset():
    """AUL = α/2 + (1 − α)·AUC; on PU labels, AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU: AUL^PU weighs mistakes as AUC^PU."""
    scores, y = _ranking(3, n=200)
    alpha = y.mean()
    assert metrics.aul(y.astype(int), scores) == pytest.approx(alpha / 2 + (1 - alpha) * metrics.auc(y.astype(int), scores))
    s = y & (np.random.default_rng(0).random(y.size) < 0.5)
    n_l = s.sum()
    assert aul_pu.aul_pu_score(s.astype(int), scores) == pytest.approx(
        n_l / (2 * s.size) + (s.size - n_l) / s.size * metrics.auc(s.astype(int), scores))


def test_sample_at_auroc_hits_the_target_on_average():
    rng = np.random.default_rng(1)
    found = []
    for _ in range(300):
        scores, y = study.sample_at_auroc(300, 0.8, 0.2, rng)
        assert y.sum() == 60 and scores.min() >= 0 and scores.max() <= 1
        found.append(study.auroc_rows(scores, y)[0])
    assert np.mean(found) == pytest.approx(0.8, abs=0.005)
    with pytest.raises(ValueError, match="prevalence"):
        study.sample_at_auroc(50, 0.8, 0.001, rng)


def test_two_groups_have_mean_score_equal_to_their_prevalence():
    scores, y, group = study.two_groups((400, 400), 0.85, np.random.default_rng(2))
    for g, p in enumerate(study.PREVALENCES):
        assert scores[group == g].mean() == pytest.approx(p) and y[group == g].sum() == round(p * 400)


def test_fix_path_updates_as_a_fresh_search_would():
    scores, y, _ = study.two_groups((200, 200), 0.85, np.random.default_rng(3))
    for arm in ("auroc", "auprc"):
        rng_a, rng_b = np.random.default_rng(4), np.random.default_rng(4)
        path = study.fix_path(scores, y, arm, rng_a, 40)
        naive = [scores]
        for _ in range(40):
            order, found = study.mistakes(naive[-1], y)
            position = found[-1] if arm == "auprc" else rng_b.choice(found)
            naive.append(study.fixed(naive[-1], order, position))
        assert np.array_equal(path, np.array(naive))
        thinned = study.fix_path(scores, y, arm, np.random.default_rng(4), 40, every=10)
        assert np.array_equal(thinned, path[::10])


def test_permute_path_moves_each_sorted_score_at_most_three_places_and_keeps_the_best():
    scores, y, _ = study.two_groups((100, 100), 0.85, np.random.default_rng(5))
    path = study.permute_path(scores, y, "auroc", np.random.default_rng(6), steps=10)
    for before, after in zip(path[:-1], path[1:]):
        assert np.array_equal(np.sort(before), np.sort(after))  # the same scores, re-assigned
        rank_before, rank_after = np.argsort(np.argsort(before)), np.argsort(np.argsort(after))
        assert np.abs(rank_after - rank_before).max() <= study.M3_REACH
    assert study.auroc_rows(path[-1], y)[0] > study.auroc_rows(path[0], y)[0]


def test_pu_labels_label_a_share_of_each_groups_positives():
    y = np.r_[np.ones(40, bool), np.zeros(60, bool), np.ones(8, bool), np.zeros(92, bool)]
    group = np.repeat([0, 1], 100)
    s = study.pu_labels(y, group, (0.5, 0.25), np.random.default_rng(7))
    assert not (s & ~y).any() and s[group == 0].sum() == 20 and s[group == 1].sum() == 2


def test_a_small_synthetic_and_pu_study_run_and_summarize():
    frame = study.synthetic_frame(seed=1, auroc=0.85, datasets=2)
    assert set(frame["method"]) == set(study.METHODS) and set(frame["group"]) == {"higher", "lower"}
    changes = study.end_changes(frame)
    verdict = study.direction(changes)
    assert len(verdict) == 3 and verdict["theirs"].dtype == bool
    pu = study.pu_frame(seed=1, auroc=0.85, datasets=2, size=200, frequencies={"equal": (0.5, 0.5)}, m2_steps=20,
                        m3_steps=3)
    assert set(pu["group"]) == {"higher", "lower", "all"} and pu.groupby("method")["step"].max().to_dict() == \
        {"M2": 20, "M3": 3}


def test_balanced_setting_keeps_the_rows_balances_the_groups_and_puts_the_higher_prevalence_first():
    features, y = _toy_features()
    x, labels, group, prevalence = study.balanced_setting(features, y, ("compas", "sex"), np.random.default_rng(9))
    assert (group == 0).sum() == (group == 1).sum()
    assert x[["race_African-American", "race_Caucasian"]].sum(axis=1).eq(1).all()  # COMPAS keeps two races
    assert prevalence[0] >= prevalence[1] and labels[group == 0].mean() == pytest.approx(prevalence[0])
    with pytest.raises(ValueError, match="attribute"):
        study.group_masks(features, "age", ["old"])


def test_split_rows_is_half_quarter_quarter_within_group_and_class():
    group = np.repeat([0, 1], 200)
    y = np.tile(np.r_[np.ones(40, int), np.zeros(160, int)], 2)
    part = study.split_rows(group, y, np.random.default_rng(10))
    for g in (0, 1):
        for label in (0, 1):
            counts = np.bincount(part[(group == g) & (y == label)], minlength=3)
            assert counts.tolist() == ([20, 10, 10] if label else [80, 40, 40])


def test_models_and_the_spearman_difference():
    features, y = _toy_features(600)
    x, labels, group, _ = study.balanced_setting(features, y, ("adult", "sex"), np.random.default_rng(11))
    models = study.models_frame(x, labels, group, ("adult", "sex"), seed=1, weights=[1, 10], runs=3, splits=3)
    assert len(models) == 18 and models["val_auroc"].between(0, 1).all()
    again = study.models_frame(x, labels, group, ("adult", "sex"), seed=1, weights=[1, 10], runs=3, splits=3)
    other = study.models_frame(x, labels, group, ("compas", "sex"), seed=1, weights=[1, 10], runs=3, splits=3)
    pd.testing.assert_frame_equal(models, again)
    assert not models["val_auroc"].equals(other["val_auroc"])  # each setting its own splits and fits
    found = study.spearman_difference(models)
    assert found["low"] <= found["difference"] <= found["high"] and found["splits"] == 3
    fixed = pd.DataFrame({"split": np.repeat([0, 1], 4), "test_auroc_gap": [1, 2, 3, 4] * 2,
                          "val_auprc": [1, 2, 3, 4] * 2, "val_auroc": [4, 3, 2, 1, 1, 2, 4, 3]})
    found = study.spearman_difference(fixed)
    assert found["difference"] == pytest.approx(np.mean([1 - (-1), 1 - 0.8]))
    values = np.array([2.0, 0.2])  # the two splits' differences: Nadeau and Bengio's variance restated
    half = student_t.ppf(0.975, 1) * np.sqrt((1 / 2 + 1.0) * values.var(ddof=1))
    assert found["high"] - found["difference"] == pytest.approx(half)
    assert found["high_naive"] - found["difference"] == pytest.approx(student_t.ppf(0.975, 1) * values.std(ddof=1)
                                                                       / np.sqrt(2))


@pytest.mark.filterwarnings("ignore::pueval.validation.DegenerateScoresWarning")
def test_models_count_tied_scores_as_one_threshold():
    # every row alike: every model scores all rows the same, so each AUROC is 1/2 and the validation AUPRC the
    # validation prevalence, whatever order a sort leaves tied rows in (the order differs between CPUs)
    features, y = _toy_features(600)
    x, labels, group, _ = study.balanced_setting(features, y, ("adult", "sex"), np.random.default_rng(11))
    alike = pd.DataFrame(np.zeros((len(x), x.shape[1])), columns=x.columns)
    models = study.models_frame(alike, labels, group, ("adult", "sex"), seed=1, weights=[1], runs=2, splits=2)
    assert (models[["val_auroc", "test_auroc_higher", "test_auroc_lower"]] == 0.5).all(axis=None)
    for split, m in models.groupby("split"):
        val = study.split_rows(group, labels, seeds.rng(1, "mcdermott", "adult", "sex", "split", split)) == 1
        assert m["val_auprc"].to_numpy() == pytest.approx(labels[val].mean(), abs=1e-12)


def test_theorem2_frame_fixes_each_mistake_alone_as_scikit_learn_scores_it():
    from sklearn.metrics import average_precision_score, roc_auc_score

    frame = study.theorem2_frame(seed=4, auroc=0.75, datasets=2)
    assert set(frame["dataset"]) == {0, 1}
    for d, part in frame.groupby("dataset"):
        scores, y, _ = study.two_groups((study.M2_SIZE,) * 2, 0.75, seeds.rng(4, "mcdermott", "theorem2", 0.75, d))
        order, found = study.mistakes(scores, y)
        assert list(part["position"]) == list(found)
        for position, auroc_gain, auprc_gain in part[["position", "auroc_gain", "auprc_gain"]].itertuples(index=False):
            swapped = study.fixed(scores, order, position)
            assert auroc_gain == pytest.approx(roc_auc_score(y, swapped) - roc_auc_score(y, scores), abs=1e-14)
            assert auprc_gain == pytest.approx(average_precision_score(y, swapped) - average_precision_score(y, scores),
                                               abs=1e-14)
        assert part["auroc_step"].iloc[0] == pytest.approx(1 / (y.sum() * (~y).sum()))

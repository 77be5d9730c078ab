"""pueval.mpe.tice (TIcE): its lower bound and delta as the authors' code computes them, a plain restatement of
their rules, recovery of c and θ, bad options and input."""

import heapq
import math

import numpy as np
import pytest

from pueval.mpe.tice import lower_bound, pick_delta, tice_c, tice_theta
from tests.synthetic import scar_labels


def _plain_tice(X, s, fold, *, k=5, max_splits=500, min_rows=10, iterations=2, tree_fold=False):
    """TIcE restated plainly from the authors' rules (pueval.mpe.tice's docstring), on boolean masks."""
    Z = X - X.min(axis=0)
    Z = Z / np.where(Z.max(axis=0) > 0, Z.max(axis=0), 1.0)
    piece = (Z >= 0.25).astype(int) + (Z >= 0.5) + (Z >= 0.75)

    def bound(mask, delta, least, c0):
        T = int(mask.sum())
        if T < least:
            return 0.0
        return int(s[mask].sum()) / T - math.sqrt(c0 * (1 - c0) * (1 - delta) / (delta * T))

    c0 = 0.5
    for _ in range(iterations):
        per_fold = []
        for f in range(fold.max() + 1):
            tree, est = fold == f, fold != f
            delta = max(0.025, 1 / (1 + 0.004 * est.sum()))
            best = max(bound(est, 1.0, min_rows, c0), bound(est, delta, min_rows, c0))
            queue = [(-bound(tree, delta, 0, c0), -int(s[tree].sum()), -int(np.flatnonzero(tree)[0]), 0, tree, est,
                      set(range(X.shape[1])))]
            least_labeled, pops, pushed = 1.0, 0, 1
            while queue and pops < max_splits:
                pops += 1
                *_, node_tree, node_est, available = heapq.heappop(queue)
                chosen, chosen_score, useless = None, -1.0, set()
                for a in available:  # in the set's own order: the first of equal scores wins
                    tree_parts = [node_tree & (piece[:, a] == p) for p in range(4)]
                    est_parts = [(node_tree if tree_fold else node_est) & (piece[:, a] == p) for p in range(4)]
                    if max(int(s[m].sum()) for m in est_parts) < least_labeled:
                        useless.add(a)
                        continue
                    score = max(int(s[m].sum()) / (int(m.sum()) + k) if m.any() else 0.0 for m in tree_parts)
                    if score > chosen_score:
                        chosen, chosen_score = (a, tree_parts, est_parts), score
                if chosen is None or chosen_score <= 0 or sum(m.any() for m in chosen[2]) == 1:
                    continue
                a, tree_parts, est_parts = chosen
                for m in est_parts:
                    best = max(best, bound(m, delta, min_rows, c0))
                least_labeled = c0 * (1 - c0) * (1 - delta) / (delta * (1 - best) ** 2)
                parent_labeled = int(s[node_tree].sum())
                for t, e in zip(tree_parts, est_parts):
                    if int(s[e].sum()) > least_labeled and t.sum() > min_rows and parent_labeled not in (0, t.sum()):
                        pushed += 1
                        heapq.heappush(queue, (-bound(t, delta, 0, c0), -int(s[t].sum()), -int(np.flatnonzero(t)[0]),
                                               pushed, t, e, available - {a} - useless))
            per_fold.append(best)
        c0 = sum(per_fold) / len(per_fold)
    return c0


def test_tice_lower_bound_and_delta_follow_the_authors_code():
    # 30 of 100 labeled, δ = 0.1, c₀ = 0.3: 0.3 − √(0.3·0.7·0.9/(0.1·100)); below min_rows the bound is 0
    assert lower_bound(30, 100, 0.1, 10, 0.3) == pytest.approx(0.3 - np.sqrt(0.21 * 0.9 / 10.0))
    assert lower_bound(3, 9, 0.1, 10, 0.3) == 0.0
    assert lower_bound(30, 100, 1.0, 10, 0.5) == 0.3  # δ = 1: the labeled share itself
    assert pick_delta(1000) == pytest.approx(1 / 5) and pick_delta(100_000) == 0.025


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("estimate_rows", ["estimate_fold", "tree_fold"])
def test_tice_equals_a_plain_restatement_of_the_authors_rules(seed, estimate_rows):
    rng = np.random.default_rng(seed)
    y, s, _ = scar_labels(200, 250, 0.3 + 0.05 * seed, rng)
    X = np.c_[y * (1 + seed % 3) + rng.normal(size=y.size), rng.normal(size=(y.size, 2)), rng.integers(0, 2, y.size),
              np.ones(y.size)]  # a binary and a constant column
    X = np.c_[X, X[:, 3]]  # a repeated column: its tie with the original is broken by the set order
    fold = np.random.default_rng(seed).integers(0, 5, y.size)  # tice_c draws the fold ids first
    expected = _plain_tice(X, s, fold, tree_fold=estimate_rows == "tree_fold")
    assert tice_c(X, s, rng=np.random.default_rng(seed), estimate_rows=estimate_rows) == pytest.approx(expected,
                                                                                                       abs=1e-12)


def test_tice_c_is_near_the_true_c_where_a_subset_of_positives_exists():
    found = []
    for seed in range(10):
        rng = np.random.default_rng(seed)
        y, s, theta = scar_labels(4000, 4000, 0.5, rng)
        X = np.c_[3.0 * y + rng.normal(size=y.size), rng.normal(size=(y.size, 3))]
        found.append(tice_c(X, s, rng=rng))
    found = np.array(found)
    # ĉ is the largest of lower bounds: below c = ½ by the bound's width (0.39–0.44 here), never far above
    assert found.max() < 0.52 and 0.38 < found.mean() < 0.5


def test_tice_theta_is_near_theta_on_separable_data():
    rng = np.random.default_rng(3)
    y, s, theta = scar_labels(3000, 3000, 0.4, rng)
    X = np.c_[5.0 * y + rng.normal(size=y.size), rng.normal(size=y.size)]
    assert theta - 0.01 <= tice_theta(X, s, rng=rng) <= theta + 0.1  # a lower bound on c: θ̂ errs high


@pytest.mark.parametrize("options, message", [
    ({"delta": 1.5}, "delta"), ({"folds": 1}, "folds"), ({"max_splits": 0}, "max_splits"),
    ({"min_rows": 0}, "min_rows"), ({"k": 0}, "k"), ({"iterations": 0}, "iterations"),
    ({"estimate_rows": "both"}, "estimate_rows"), ({"folds": 40}, "leave a fold empty")])
def test_tice_refuses_bad_options(options, message):
    rng = np.random.default_rng(0)
    X, s = rng.normal(size=(30, 2)), np.r_[np.ones(10, int), np.zeros(20, int)]
    with pytest.raises(ValueError, match=message):
        tice_c(X, s, rng=rng, **options)


def test_tice_refuses_bad_input():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="labeled must be 1-D of length 5"):
        tice_c(np.zeros((5, 2)), np.array([1, 0]), rng=rng)


def test_groups_give_each_rows_copies_one_fold_and_one_row_per_group_is_the_plain_draw():
    rng = np.random.default_rng(4)
    y, s, _ = scar_labels(300, 300, 0.5, rng)
    X = np.c_[y + rng.uniform(0, 0.3, y.size), rng.normal(size=y.size)]
    plain = tice_c(X, s, rng=np.random.default_rng(1))
    assert tice_c(X, s, rng=np.random.default_rng(1), groups=np.arange(y.size)) == plain
    rows = rng.choice(y.size, y.size)
    grouped = tice_c(X[rows], s[rows], rng=np.random.default_rng(1), groups=rows)
    assert 0 < grouped <= 1
    with pytest.raises(ValueError, match="groups"):
        tice_c(X, s, rng=np.random.default_rng(1), groups=np.arange(3))


@pytest.mark.parametrize("groups, match", [
    (np.array([1, "a"] * 25, dtype=object), "comparable labels"), (np.r_[np.nan, np.arange(49.0)], "NaN"),
    (np.arange(10), "one group per row"),
])
def test_bad_groups_are_named(groups, match):
    from pueval.mpe.tice import tice_c

    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=f"^groups: .*{match}"):
        tice_c(rng.normal(size=(50, 2)), (np.arange(50) % 3 == 0).astype(int), groups=groups, rng=rng)

"""pueval.studies.bagged_networks: Jain et al.'s bagged networks, the joint run against one network at a time."""

import numpy as np
import pytest

from pueval import metrics
from pueval.studies import bagged_networks as bn


def _problem(n=80, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3))
    y = (x[:, 0] - x[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(int)
    s = ((y == 1) & (rng.random(n) < 0.5)).astype(int)
    return x, y, s


@pytest.mark.parametrize("seed", [0, 1])
def test_the_joint_run_equals_one_network_at_a_time(seed):
    x, _, s = _problem(seed=seed)
    joint = bn.oob_scores(x, s, np.random.default_rng(seed), networks=20, max_epochs=60)
    plain = bn.oob_scores_plain(x, s, np.random.default_rng(seed), networks=20, max_epochs=60)
    np.testing.assert_allclose(joint, plain, rtol=0, atol=1e-12)


def test_every_network_stops_on_its_own_validation_set():
    x, _, s = _problem(seed=2)
    # with max_fail 1 a network stops at its first epoch without improvement: scores differ from a long run
    short = bn.oob_scores(x, s, np.random.default_rng(2), networks=20, max_fail=1)
    plain = bn.oob_scores_plain(x, s, np.random.default_rng(2), networks=20, max_fail=1)
    np.testing.assert_allclose(short, plain, rtol=0, atol=1e-12)
    assert not np.allclose(short, bn.oob_scores(x, s, np.random.default_rng(2), networks=20))


def test_bags_hold_each_row_in_training_or_validation_never_both():
    train, held = bn.bags(1000, np.random.default_rng(0), networks=20)
    assert not ((train > 0) & (held > 0)).any()
    assert (train.sum(axis=0) + held.sum(axis=0) == 1000).all()  # n draws with replacement per bag
    distinct = ((train + held) > 0).sum(axis=0)
    assert np.allclose((held > 0).sum(axis=0), np.round(0.25 * distinct))
    assert abs(distinct.mean() / 1000 - (1 - np.exp(-1))) < 0.02  # a bootstrap bag holds 63 % of the rows


def test_out_of_bag_scores_rank_the_true_classes():
    x, y, s = _problem(n=600, seed=3)
    scores = bn.oob_scores(x, s, np.random.default_rng(3))
    assert metrics.auc(y, scores) > 0.85
    shuffled = bn.oob_scores(x, np.random.default_rng(9).permutation(s), np.random.default_rng(3))
    assert metrics.auc(y, shuffled) < 0.7  # labels unrelated to the features teach nothing


def test_bad_labels_are_refused():
    x, _, s = _problem()
    with pytest.raises(ValueError, match="s: must hold both labels"):
        bn.oob_scores(x, np.zeros_like(s), np.random.default_rng(0))
    with pytest.raises(ValueError, match="s: needs one label per row"):
        bn.oob_scores(x, s[:-1], np.random.default_rng(0))
    with pytest.raises(ValueError, match="no out-of-bag score"):
        bn.oob_scores(x, s, np.random.default_rng(0), networks=2)

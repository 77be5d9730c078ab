"""pueval.sampling: the stratified sampler against brute force."""


import numpy as np
import pytest

from pueval import sampling, seeds
from pueval.sampling import stratified_subsample


def test_stratified_subsample_keeps_alpha():
    y = np.array([1] * 897 + [0] * 103)
    keep = stratified_subsample(y, 400, seeds.seed_sequence(1, "x"))
    assert keep.size == 400 and np.unique(keep).size == 400
    assert y[keep].sum() == round(400 * 0.897)
    assert stratified_subsample(y, None, seeds.seed_sequence(1)).size == 1000


def test_stratified_choice_takes_the_asked_rows_of_each_class_without_replacement():
    labels = np.repeat([0, 1, 2], [50, 30, 20])
    chosen = sampling.stratified_choice(labels, {1: 10, 0: 5}, np.random.default_rng(0))
    assert np.all(np.diff(chosen) > 0)
    assert np.bincount(labels[chosen], minlength=3).tolist() == [5, 10, 0]
    with pytest.raises(ValueError, match="sizes: 31 rows of class 1 asked, 30 available"):
        sampling.stratified_choice(labels, {1: 31}, np.random.default_rng(0))


def test_stratified_choice_is_uniform_within_a_class():
    labels = np.r_[np.zeros(4, int), np.ones(3, int)]
    counts = np.zeros(7)
    rng = np.random.default_rng(1)
    for _ in range(6000):
        counts[sampling.stratified_choice(labels, {0: 2, 1: 1}, rng)] += 1
    np.testing.assert_allclose(counts / 6000, [0.5] * 4 + [1 / 3] * 3, atol=0.03)


def test_class_shares_and_fractions():
    labels = np.array([1] * 897 + [0] * 103)
    assert sampling.class_shares(labels, 400) == {1: 359, 0: 41}
    assert sampling.class_fraction(labels, 0.1, at_least=2) == {0: 10, 1: 90}
    assert sampling.class_fraction(np.array([0, 0, 1]), 0.1, at_least=2) == {0: 2, 1: 1}

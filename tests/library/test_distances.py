"""pueval.distances: σ_med against brute force."""

import itertools

import numpy as np
import pytest

from pueval.distances import median_width, squared_distances


def test_median_width_against_brute_force():
    X = np.random.default_rng(2).normal(size=(9, 3))
    pairs = [np.sum((X[i] - X[j]) ** 2) for i, j in itertools.combinations(range(9), 2)]
    everything = [np.sum((X[i] - X[j]) ** 2) for i in range(9) for j in range(9)]
    D = squared_distances(X)
    assert median_width(D, diagonal=False) == pytest.approx(np.sqrt(np.median(pairs)), rel=1e-12)
    assert median_width(D, diagonal=True) == pytest.approx(np.sqrt(np.median(everything)), rel=1e-12)

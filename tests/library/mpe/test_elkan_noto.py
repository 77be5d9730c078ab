"""pueval.mpe.elkan_noto (EN): exact with the true labeling probability, close from a classifier on separated data,
bad probabilities refused."""

import numpy as np
import pytest
from scipy.special import expit

from pueval.mpe.elkan_noto import en_theta
from tests.synthetic import scar_labels


def test_en_is_exact_with_the_true_labeling_probability_on_separable_classes():
    rng = np.random.default_rng(0)
    y, s, theta = scar_labels(3000, 5000, 0.3, rng)
    g = np.where(y == 1, 0.3, 0.0)  # P(s = 1 | x) = c on positives, 0 on negatives
    assert en_theta(s, g) == pytest.approx(theta, abs=1e-12)


def test_en_from_a_classifier_on_well_separated_data():
    from pueval.mpe.distance_curve import univariate_transform

    rng = np.random.default_rng(1)
    y, s, theta = scar_labels(1500, 2500, 0.4, rng)
    X = np.c_[4.0 * y + rng.normal(size=y.size), rng.normal(size=y.size)]
    g = expit(univariate_transform(X, s.astype(bool), seed=0))  # raw LightGBM scores -> P(s = 1 | x)
    assert en_theta(s, g) == pytest.approx(theta, abs=0.05)


def test_en_refuses_bad_probabilities():
    with pytest.raises(ValueError, match="probabilities must lie in"):
        en_theta(np.array([1, 0]), np.array([1.5, 0.2]))
    with pytest.raises(ValueError, match="label frequency c is 0"):
        en_theta(np.array([1, 0]), np.array([0.0, 0.2]))

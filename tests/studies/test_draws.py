"""pueval.studies.draws: SCAR draws label an exact count of positives, round half up, and depend only on seed,
dataset, β and index."""

import numpy as np
import pytest

from pueval.studies import draws

Y = np.array([1, 0] * 60 + [1] * 25)  # 85 positives


def test_exact_count_of_labeled_positives_without_replacement():
    labeled = draws.scar_draws(Y, 0.2, 10, seed=1, dataset="x")
    assert labeled.shape == (10, draws.n_labeled(85, 0.2)) == (10, 17)
    assert (Y[labeled] == 1).all()
    assert all(np.unique(row).size == row.size for row in labeled)


def test_rounding_is_half_up():
    assert draws.n_labeled(725, 0.1) == 73
    assert draws.n_labeled(2081, 0.1) == 208
    with pytest.raises(ValueError, match="beta: 0.1 labels 0 of the 1 positives"):
        draws.scar_draws(np.array([1, 0, 0]), 0.1, 1, seed=1, dataset="x")


def test_draw_depends_only_on_seed_dataset_beta_and_index():
    a = draws.scar_draws(Y, 0.4, 3, seed=5, dataset="abalone")
    b = draws.scar_draws(Y, 0.4, 8, seed=5, dataset="abalone")
    np.testing.assert_array_equal(a, b[:3])
    assert not np.array_equal(a, draws.scar_draws(Y, 0.4, 3, seed=6, dataset="abalone"))
    assert not np.array_equal(a, draws.scar_draws(Y, 0.4, 3, seed=5, dataset="airfoil"))
    assert not np.array_equal(a[0], a[1])


def test_frame_round_trip():
    labeled = draws.scar_draws(Y, 0.1, 4, seed=2, dataset="x")
    s = draws.label_matrix(draws.to_frame(labeled), Y.size)
    assert s.shape == (4, Y.size)
    for row, chosen in zip(s, labeled):
        np.testing.assert_array_equal(np.flatnonzero(row), chosen)

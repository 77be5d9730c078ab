"""pueval.mpe.km: KM1 and KM2 recover a known proportion and refuse bad input."""

import numpy as np
import pytest

from pueval.mpe import km
from tests.synthetic import gaussian_mixture


@pytest.mark.parametrize("theta", [0.2, 0.5, 0.7])
def test_km_recovers_a_known_proportion(theta):
    mixture, component = gaussian_mixture(theta, seed=2)
    est = km(mixture, component)
    assert set(est) == {"km1", "km2"}
    for value in est.values():
        assert value == pytest.approx(theta, abs=0.08)


@pytest.mark.parametrize("bad, message", [
    (lambda m, c: (m[:, 0], c), "X_mixture must be 2-D"),
    (lambda m, c: (m, c[:, :1]), "features"),
    (lambda m, c: (np.where(np.arange(m.size).reshape(m.shape) == 3, np.nan, m), c), "X_mixture holds NaN"),
    (lambda m, c: (m, np.full_like(c, np.inf)), "X_component holds NaN or infinite"),
    (lambda m, c: (m, c[:0]), "X_component has no rows"),
])
def test_km_rejects_bad_input(bad, message):
    mixture, component = gaussian_mixture(0.3, n_mix=50, n_comp=20)
    with pytest.raises(ValueError, match=message):
        km(*bad(mixture, component))

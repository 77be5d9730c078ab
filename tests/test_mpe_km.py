import numpy as np
import pytest
from scipy.optimize import minimize

from pueval.mpe import kernel_embedding as ke
from pueval.mpe import km


def _gaussian_mixture(theta, n_mix=600, n_comp=200, seed=0, shift=3.0):
    rng = np.random.default_rng(seed)
    n_pos = int(round(theta * n_mix))
    mixture = np.vstack([rng.normal(shift, 1, (n_pos, 2)), rng.normal(-shift, 1, (n_mix - n_pos, 2))])
    return mixture, rng.normal(shift, 1, (n_comp, 2))


@pytest.mark.parametrize("seed", range(3))
def test_qp_matches_a_generic_solver(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(25, 3))
    K = np.exp(-ke.squared_distances(X) / 2.0)
    u = rng.normal(size=25) / 10
    u += (1 - u.sum()) / 25  # weights summing to 1, some negative, like u_λ
    f, v, Kv, bound = ke.simplex_qp(K, K @ u, float(u @ K @ u), np.full(25, 1 / 25), K @ np.full(25, 1 / 25),
                                    eta=1e-9, max_steps=100_000)
    ref = minimize(lambda w: (u - w) @ K @ (u - w), np.full(25, 1 / 25), jac=lambda w: -2 * K @ (u - w),
                   bounds=[(0, 1)] * 25, constraints={"type": "eq", "fun": lambda w: w.sum() - 1},
                   method="SLSQP", options={"ftol": 1e-14, "maxiter": 1000})
    assert v.min() >= 0 and v.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(Kv, K @ v, atol=1e-10)
    assert f == pytest.approx(ref.fun, abs=1e-8)
    assert np.sqrt(f) - np.sqrt(max(ref.fun, 0)) <= bound + 1e-9


def _distance_curve(mixture, component, **qp):
    """d(λ) at the median-distance width, as km_thresholds builds it; also min(N, M)."""
    bank = ke.KernelBank(np.vstack([mixture, component]))
    mask = np.r_[np.zeros(len(mixture), bool), np.ones(len(component), bool)]
    M, N = mask.sum(), (~mask).sum()
    u1 = np.where(mask, 0.0, 1.0 / N)
    a = u1 - np.where(mask, 1.0 / M, 0.0)
    K = bank.kernels[2]
    return ke._DistanceCurve(K=K, u1=u1, a=a, Ku1=K @ u1, Ka=K @ a, **qp), min(N, M)


def test_distance_is_zero_up_to_lambda_star_and_convex():
    curve, _ = _distance_curve(*_gaussian_mixture(0.5))
    a, K = curve.a, curve.K
    lams = np.linspace(1, 4, 16)
    d = np.array([curve(lam) for lam in lams])
    assert d[0] == 0.0 and d[lams < 1.6].max() < 0.01  # λ* = 1/(1 − θ) = 2
    assert (np.diff(d, 2) > -1e-3).all()  # convex up to the QP tolerance
    assert curve.slope(3.5, 0.04) > 0.5 * np.sqrt(a @ K @ a)  # slope tends to the MMD


@pytest.mark.parametrize("lam", [1.5, 2.2, 4.0])
def test_danskin_derivative_equals_a_central_difference(lam):
    """d′(λ) from the QP solution at λ alone equals (d(λ + h) − d(λ − h)) / 2h on tightly solved QPs."""
    curve, _ = _distance_curve(*_gaussian_mixture(0.5, n_mix=60, n_comp=20, seed=3), eta=1e-10,
                               max_steps=200_000)
    h = 1e-3
    central = (curve(lam + h) - curve(lam - h)) / (2 * h)
    assert central > 0.01
    assert curve.derivative(lam) == pytest.approx(central, rel=1e-3)
    assert curve.slope(lam - 0.02, 0.04) == curve.derivative(lam)


def test_bisection_finds_where_the_slope_crosses_the_threshold():
    """Bisection equals a brute-force scan of the finite-difference slope on a fine grid."""
    curve, smaller = _distance_curve(*_gaussian_mixture(0.4, seed=1))
    threshold = 1 / np.sqrt(smaller)
    lam_hat = ke._bisect(curve, threshold, 0.04, 8.0)
    grid = np.arange(1.0, 8.0, 0.01)
    first_above = next(lam for lam in grid if curve.slope(lam, 0.04) > threshold)
    assert abs(lam_hat - first_above) <= 0.04


@pytest.mark.parametrize("theta", [0.2, 0.5, 0.7])
def test_km_recovers_a_known_proportion(theta):
    mixture, component = _gaussian_mixture(theta, seed=2)
    est = km(mixture, component)
    assert set(est) == {"km1", "km2"}
    for value in est.values():
        assert value == pytest.approx(theta, abs=0.08)


def test_km_mapping_and_input_checks():
    mixture, component = _gaussian_mixture(0.3, n_mix=200, n_comp=60)
    default = km(mixture, component)
    swapped = km(mixture, component, mapping={"km1": "sqrt", "km2": "slope"})
    assert swapped == {"km1": default["km2"], "km2": default["km1"]}
    with pytest.raises(ValueError, match="mapping"):
        km(mixture, component, mapping={"km1": "sqrt", "km2": "sqrt"})
    bank = ke.KernelBank(np.vstack([mixture, component]))
    with pytest.raises(ValueError, match="at least one"):
        ke.km_thresholds(bank, np.zeros(bank.n, bool))

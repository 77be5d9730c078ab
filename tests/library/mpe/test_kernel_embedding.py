"""pueval.mpe.kernel_embedding (KM1/KM2's core) against an independent slow path: the authors' rules restated
plainly over a generic QP, the certified decisions, and the memory check that refuses in one line."""

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.spatial.distance import cdist

from pueval.mpe import kernel_embedding as ke
from pueval.mpe import km
from tests.synthetic import gaussian_mixture


def _simplex_qp_slsqp(K, u):
    """min over the simplex of (u − v)ᵀK(u − v) by SLSQP, tightly."""
    n = u.size
    result = minimize(lambda w: (u - w) @ K @ (u - w), np.full(n, 1 / n), jac=lambda w: -2 * K @ (u - w),
                      bounds=[(0, 1)] * n, constraints={"type": "eq", "fun": lambda w: w.sum() - 1,
                                                        "jac": lambda w: np.ones(n)},
                      method="SLSQP", options={"ftol": 1e-16, "maxiter": 2000})
    return result.fun


class _ReferenceKM:
    """The issue's description of the authors' code, line by line, on a generic QP (no memo, no bounds)."""

    def __init__(self, mixture, component):
        X = np.vstack([mixture, component])  # N mixture rows first, then M component rows
        self.N, self.M = len(mixture), len(component)
        D = cdist(X, X, "sqeuclidean")
        sigma = np.sqrt(np.median(D))  # full matrix, zero diagonal included
        c = np.r_[np.full(self.N, 1 / self.N), np.full(self.M, -1 / self.M)]
        kernels = [np.exp(-D / (2 * (sigma * f) ** 2)) for f in 10.0 ** np.array([-1, -0.5, 0, 0.5, 1])]
        deltas = [np.sqrt(c @ K @ c) for K in kernels]
        self.K, self.delta = kernels[int(np.argmax(deltas))], max(deltas)
        self.fallback = 1 / np.sqrt(min(self.N, self.M)) / self.delta > 0.9
        self.decisions = []

    def d(self, lam):
        u = np.r_[np.full(self.N, lam / self.N), np.full(self.M, (1 - lam) / self.M)]
        return np.sqrt(max(0.0, _simplex_qp_slsqp(self.K, u)))

    def estimates(self):
        s0 = (self.d(1.05) - self.d(1.00)) / 0.05
        nu_slope = 0.8 * s0 + 0.2 * self.delta
        nu_sqrt = 1 / np.sqrt(min(self.N, self.M))
        if nu_sqrt / self.delta > 0.9:
            nu_sqrt = nu_slope
        out = {}
        for name, nu in (("km1", nu_sqrt), ("km2", nu_slope)):
            left, right, eps = 1.0, 8.0, 0.04
            while right - left > eps:
                m = (left + right) / 2
                slope = (self.d(m + eps / 2) - self.d(m)) * 2 / eps
                self.decisions.append((name, m, slope > nu))
                if slope > nu:
                    right = m
                else:
                    left = m
            lam = (left + right) / 2
            out[name] = (lam - 1) / lam
        return out


class _Recording:
    """Wraps a HullDistance and records the bisection's decisions."""

    def __init__(self, curve):
        self.curve, self.decisions = curve, []

    def __call__(self, lam):
        return self.curve(lam)

    def slope_above(self, lam, step, threshold):
        decision = self.curve.slope_above(lam, step, threshold)
        self.decisions.append((lam, decision))
        return decision


def _our_curve(mixture, component):
    bank = ke.KernelBank(np.vstack([mixture, component]))
    return ke.hull_distance(bank, np.r_[np.zeros(len(mixture), bool), np.ones(len(component), bool)])


# (θ, N, M, seed, shift, dim): well separated, overlapping, 3-D, and θ = 0.9 where ν_sqrt/δ > 0.9
SMALL = [(0.3, 40, 15, 0, 2.0, 2), (0.6, 45, 20, 1, 1.0, 2), (0.5, 36, 12, 2, 1.5, 3), (0.9, 40, 15, 3, 1.0, 2)]


class _PiecewiseLinear:
    """A convex d(λ) with d(1) ≠ 0: flat at ``floor`` up to ``kink``, then rising with ``rate``."""

    def __init__(self, floor, kink, rate):
        self.floor, self.kink, self.rate = floor, kink, rate

    def __call__(self, lam):
        return self.floor + self.rate * max(0.0, lam - self.kink)

    def slope_above(self, lam, step, threshold):
        return (self(lam + step) - self(lam)) / step > threshold


def _exact_d(curve, lam):
    return np.sqrt(max(_simplex_qp_slsqp(curve.K, curve.u1 + (lam - 1.0) * curve.a), 0.0))


@pytest.mark.parametrize("theta, N, M, seed, shift, dim", SMALL)
def test_km_equals_the_plain_restatement_on_a_generic_qp(theta, N, M, seed, shift, dim):
    mixture, component = gaussian_mixture(theta, N, M, seed=seed, shift=shift, dim=dim)
    reference = _ReferenceKM(mixture, component)
    expected = reference.estimates()
    assert km(mixture, component) == pytest.approx(expected, abs=1e-12)
    # the same decisions, comparison by comparison, in both bisections
    curve, delta, N_, M_ = _our_curve(mixture, component)
    assert delta == pytest.approx(reference.delta, rel=1e-12)
    nu = ke.thresholds(curve, delta, N_, M_)
    ours = []
    for name, key in (("km1", "sqrt"), ("km2", "slope")):
        recording = _Recording(curve)
        ke.bisect(recording, nu[key])
        ours += [(name, lam, decision) for lam, decision in recording.decisions]
    assert ours == reference.decisions
    assert curve.decided["undecided"] == 0


def test_the_cases_include_the_sqrt_fallback():
    fallbacks = []
    for theta, N, M, seed, shift, dim in SMALL:
        reference = _ReferenceKM(*gaussian_mixture(theta, N, M, seed=seed, shift=shift, dim=dim))
        fallbacks.append(reference.fallback)
    assert any(fallbacks) and not all(fallbacks)


def test_thresholds_take_d1_from_the_curve_and_fall_back_to_the_slope_threshold():
    curve = _PiecewiseLinear(floor=3e-4, kink=0.98, rate=0.1)  # d(1) = 0.0023, d(1.05) = 0.0073
    s0 = (curve(1.05) - curve(1.0)) / 0.05
    assert s0 == pytest.approx(0.1)
    nu = ke.thresholds(curve, delta=0.5, n_mixture=400, n_component=100)
    assert nu == pytest.approx({"slope": 0.8 * 0.1 + 0.2 * 0.5, "sqrt": 0.1})
    # ν_sqrt/δ = 0.1/0.1 > 0.9: ν_sqrt is replaced by ν_slope
    nu = ke.thresholds(curve, delta=0.1, n_mixture=400, n_component=100)
    assert nu["sqrt"] == nu["slope"] == pytest.approx(0.8 * 0.1 + 0.2 * 0.1)


@pytest.mark.parametrize("kink", [1.3, 2.0, 3.7, 7.5])
def test_bisection_lands_within_epsilon_of_a_kink(kink):
    curve = _PiecewiseLinear(floor=0.0, kink=kink, rate=1.0)
    lam = ke.bisect(curve, 0.5)
    assert abs(lam - kink) <= 0.04


@pytest.mark.parametrize("seed", range(3))
def test_qp_matches_a_generic_solver(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(25, 3))
    K = np.exp(-ke.squared_distances(X) / 2.0)
    u = rng.normal(size=25) / 10
    u += (1 - u.sum()) / 25  # weights summing to 1, some negative, like u_λ
    f, v, Kv, bound = ke.simplex_qp(K, K @ u, float(u @ K @ u), np.full(25, 1 / 25), K @ np.full(25, 1 / 25),
                                    eta=1e-9, max_steps=100_000)
    reference = _simplex_qp_slsqp(K, u)
    assert v.min() >= 0 and v.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(Kv, K @ v, atol=1e-10)
    assert f == pytest.approx(reference, abs=1e-8)
    assert np.sqrt(f) - np.sqrt(max(reference, 0)) <= bound + 1e-9


@pytest.mark.parametrize("steps", [3, 10, 300])
def test_bound_holds_for_a_loosely_solved_qp(steps):
    """The certified bound (hyperplane through the residual) holds at any stop, not only at the optimum."""
    rng = np.random.default_rng(steps)
    X = rng.normal(size=(30, 2))
    K = np.exp(-ke.squared_distances(X) / 2.0)
    u = np.r_[np.full(20, 2.0 / 20), np.full(10, -1.0 / 10)]  # u_λ at λ = 2, far outside the hull
    v0 = np.full(30, 1 / 30)
    f, _, _, bound = ke.simplex_qp(K, K @ u, float(u @ K @ u), v0, K @ v0, eta=1e-12, max_steps=steps)
    exact = np.sqrt(_simplex_qp_slsqp(K, u))
    assert 0 <= np.sqrt(f) - exact <= bound + 1e-9
    assert steps < 300 or bound < 0.01 * np.sqrt(f)  # informative once near the optimum


def test_distance_is_zero_at_one_and_convex_and_certified():
    curve, delta, _, _ = _our_curve(*gaussian_mixture(0.5, n_mix=300, n_comp=100))
    assert curve(1.0) < 1e-7 and curve.bound(1.0) < 1e-7  # u_1 lies in the simplex: d(1) = 0 up to rounding
    lams = np.linspace(1, 4, 16)
    d = np.array([curve(lam) for lam in lams])
    assert d[lams < 1.6].max() < 0.02  # λ* = 1/(1 − θ) = 2
    assert (np.diff(d, 2) > -1e-3).all()  # convex up to the QP tolerance
    assert (d[-1] - d[-2]) / (lams[1] - lams[0]) > 0.5 * delta  # slope tends to the MMD


@pytest.mark.parametrize("steps", [5, 30, 500])
def test_slope_bounds_contain_the_exact_slope_at_any_accuracy(steps):
    curve, _, _, _ = _our_curve(*gaussian_mixture(0.5, n_mix=40, n_comp=15, seed=6))
    curve(1.0)
    for lam in (1.3, 1.6, 1.62, 2.0, 2.5, 3.5):  # loosely solved points, warm-started at u_1
        curve._solve(lam, curve.u1, curve.Ku1, steps=steps)
    exact = {lam: _exact_d(curve, lam) for lam in (1.0, 1.3, 1.6, 1.62, 2.0, 2.5, 3.5, 1.8, 1.82)}
    for left, right in [(1.6, 1.62), (1.8, 1.82), (1.3, 2.0), (2.5, 3.5)]:
        lower, upper = curve.slope_bounds(left, right)
        slope = (exact[right] - exact[left]) / (right - left)
        assert lower - 1e-7 <= slope <= upper + 1e-7
    assert curve.slope_bounds(1.8, 1.82)[0] > -np.inf  # bounded by secants of points on both sides
    assert curve.slope_bounds(1.8, 1.82)[1] < np.inf


def test_a_comparison_far_from_its_threshold_is_certified_by_convexity_from_one_solve():
    curve, delta, _, _ = _our_curve(*gaussian_mixture(0.5, n_mix=300, n_comp=100, seed=4))
    curve(1.0), curve(1.05)
    assert curve.slope_above(4.5, 0.02, 0.05 * delta)  # far past λ* = 2: the slope is close to δ
    assert sorted(curve.solved) == [1.0, 1.05, 4.5]  # d(4.52) was not needed
    assert curve.decided == {"certified": 1, "stable": 0, "undecided": 0}


def test_a_lambda_far_from_every_solved_one_starts_from_the_data_point_nearest_u_lambda():
    curve, _, _, _ = _our_curve(*gaussian_mixture(0.5, n_mix=40, n_comp=15, seed=5))
    assert curve._warm_start(1.0)[0] is curve.u1  # nothing solved yet: u_1
    curve(1.0), curve(1.05)
    u = curve.u1 + 3.0 * curve.a  # u_4: 2.95 from the solved λ
    rows = np.eye(len(u))
    distances = [(row - u) @ curve.K @ (row - u) for row in rows]  # ‖φ_k − Φu_4‖², brute force
    v, Kv = curve._warm_start(4.0)
    np.testing.assert_array_equal(v, rows[int(np.argmin(distances))])
    np.testing.assert_allclose(Kv, curve.K @ v)
    v, Kv = curve._warm_start(1.3)  # within 0.3 of 1.05 (and above every solved λ): its solution
    np.testing.assert_array_equal(v, curve.solved[1.05][1])
    np.testing.assert_array_equal(Kv, curve.solved[1.05][2])


@pytest.mark.parametrize("offset", [-1e-3, 1e-3])
def test_a_close_comparison_takes_the_exact_qps_decision(offset):
    curve, _, _, _ = _our_curve(*gaussian_mixture(0.5, n_mix=30, n_comp=12, seed=4))
    lam, step = 1.9, 0.02
    slope = (_exact_d(curve, lam + step) - _exact_d(curve, lam)) / step
    threshold = slope * (1.0 + offset)
    assert curve.slope_above(lam, step, threshold) == (slope > threshold)
    assert curve.decided["undecided"] == 0


def test_standardize_is_an_option_that_changes_the_kernel():
    mixture, component = gaussian_mixture(0.4, n_mix=200, n_comp=60, seed=5)
    mixture[:, 1] *= 50.0
    component[:, 1] *= 50.0
    raw, scaled = ke.KernelBank(np.vstack([mixture, component])), ke.KernelBank(
        np.vstack([mixture, component]), standardize=True)
    assert not np.allclose(raw.widths, scaled.widths)
    assert set(km(mixture, component, standardize=True)) == {"km1", "km2"}


def test_km_thresholds_rejects_bad_masks():
    mixture, component = gaussian_mixture(0.3, n_mix=50, n_comp=20)
    bank = ke.KernelBank(np.vstack([mixture, component]))
    with pytest.raises(ValueError, match="at least one"):
        ke.km_thresholds(bank, np.zeros(bank.n, bool))
    with pytest.raises(ValueError, match="boolean mask"):
        ke.km_thresholds(bank, np.zeros(bank.n, int))


def test_stable_decisions_from_loose_solves_equal_the_tight_ones(monkeypatch):
    """With first solves of 2 steps, many comparisons go by settled point values: each decision still
    equals that of both distances solved to the exact minimum (deciding on the first round's point
    values instead gets two of them wrong here)."""
    monkeypatch.setattr(ke, "MIN_STEPS", 2)
    mixture, component = gaussian_mixture(0.4, n_mix=300, n_comp=100, seed=7, shift=1.0, dim=4)
    curve, delta, N, M = _our_curve(mixture, component)
    nu = ke.thresholds(curve, delta, N, M)
    recording = _Recording(curve)
    compared = []
    for key in ("sqrt", "slope"):
        ke.bisect(recording, nu[key])
        compared += [(lam, decision, nu[key]) for lam, decision in recording.decisions[len(compared):]]
    assert curve.decided["stable"] > 0

    def tight(lam):
        t = lam - 1.0
        u = curve.u1 + t * curve.a
        f, _, _, bound = ke.simplex_qp(curve.K, curve.K @ u, float(u @ curve.K @ u), curve.u1, curve.Ku1,
                                       eta=1e-10, max_steps=200_000)
        assert bound < 1e-6
        return np.sqrt(f)

    for lam, decision, threshold in compared:
        assert decision == ((tight(lam + 0.02) - tight(lam)) / 0.02 > threshold)


def test_km_sees_an_address_space_limit_and_refuses_in_one_line():
    """Under ``ulimit -v`` (RLIMIT_AS) MemAvailable says nothing of the cap: the check reads the limit, so KM on
    6,000 rows (2 GB of Gram matrices) under a 1.5 GB cap is refused with the one-line message."""
    import subprocess
    import sys

    child = """
import resource, numpy as np
from pueval.mpe import kernel_embedding as ke
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, resource.RLIM_INFINITY))
assert "RLIMIT_AS" in ke.memory_limits() and ke.available_bytes() < 1_500_000_000
try:
    ke.KernelBank(np.zeros((6000, 2)))
except MemoryError as error:
    print(error)
"""
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    message = out.stdout.strip()
    assert message.startswith("X: KM on 6,000 rows needs about 2.0 GB") and "RLIMIT_AS" in message, message
    assert "distcurve" in message and "distance" not in message.replace("distcurve", "")


def test_a_failed_allocation_the_check_could_not_see_is_the_same_one_line(monkeypatch):
    monkeypatch.setattr(ke, "available_bytes", lambda: None)

    def no_memory(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(ke, "squared_distances", no_memory)
    with pytest.raises(MemoryError, match=r"KM on 50 rows .* the allocation failed; subsample the rows"):
        ke.KernelBank(np.zeros((50, 2)))


def test_km_keeps_headroom_below_what_is_available(monkeypatch):
    n = 1000
    needed = ke.GRAM_COPIES * 8 * n * n
    monkeypatch.setattr(ke, "available_bytes", lambda: int(needed * 1.1))  # fits, but not with 20 % kept free
    with pytest.raises(MemoryError, match="keeps 20% of it free"):
        ke.check_memory(n)
    monkeypatch.setattr(ke, "available_bytes", lambda: int(needed / ke.MEMORY_HEADROOM) + 1)
    ke.check_memory(n)

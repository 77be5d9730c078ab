"""KM1 and KM2: mixture proportion estimation via kernel embeddings (Ramaswamy, Scott, Tewari 2016).

The mixture F (unlabeled rows, N of them) contains the component H (labeled rows, M of them) with
weight θ: F = θH + (1 − θ)G. In the RKHS of a Gaussian kernel, the point
``u_λ = λ·φ(F) + (1 − λ)·φ(H)`` is a distribution embedding for λ ≤ λ* = 1/(1 − θ) and leaves the
convex hull of the data points beyond it. With all rows stacked, u_λ is the weight vector λ/N on
mixture rows and (1 − λ)/M on component rows, and its distance to the hull is

    d(λ)² = min over the probability simplex v of (u_λ − v)ᵀ K (u_λ − v).

d is 0 at λ = 1, convex in λ, and its slope rises towards the MMD δ = ‖φ(F) − φ(H)‖ past λ*.
λ̂ is where the slope (d(λ + ε) − d(λ))/ε crosses a threshold, found by bisection on [1, 8] to
width ε = 0.04; θ̂ = 1 − 1/λ̂. The slope is evaluated as the exact derivative at the midpoint,
d′(λ + ε/2), which equals the finite difference up to O(ε²) and needs one QP instead of two:
by Danskin's theorem, with v* the minimizer at λ and a = ∂u_λ/∂λ,

    d′(λ) = (u_λ − v*)ᵀ K a / d(λ).

s₀, the slope at λ = 1 where d(1) = 0, stays the finite difference d(1 + ε)/ε. The two
thresholds:

* ``T_slope = 0.8·s₀ + 0.2·δ`` (s₀ the slope at λ = 1): KM1 by default;
* ``T_sqrt = 1/sqrt(min(N, M))``: KM2 by default.

Public copies disagree which threshold is "KM1", so :func:`km` returns both under names chosen
by ``mapping`` (see README). The bandwidth is the width in σ_med·{10^-1, 10^-0.5, 1, 10^0.5, 10}
that maximizes δ, σ_med being the square root of the median squared pairwise distance between
standardized rows; k(x, y) = exp(−‖x − y‖² / (2 w²)).

The QP is solved by pairwise (SMO) steps compiled with numba (:func:`simplex_qp`), warm-started
from the solutions already found (interpolated between the two that bracket λ, else the nearest);
K·v is kept up to date with two kernel rows per step, so a step costs O(n), and the Gram matrices
of all rows are computed once and shared by every draw (:class:`KernelBank`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

WIDTH_FACTORS = 10.0 ** np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
LAMBDA_MAX = 8.0
EPSILON = 0.04
DEFAULT_MAPPING = {"km1": "slope", "km2": "sqrt"}


def standardize(X: np.ndarray) -> np.ndarray:
    """Columns scaled to zero mean and unit variance (constant columns only centred)."""
    X = np.asarray(X, dtype=np.float64)
    sd = X.std(axis=0)
    return (X - X.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def squared_distances(Z: np.ndarray) -> np.ndarray:
    """All pairwise squared Euclidean distances, n × n, diagonal exactly 0."""
    sq = np.einsum("ij,ij->i", Z, Z)
    D = sq[:, None] + sq[None, :] - 2.0 * (Z @ Z.T)
    np.maximum(D, 0.0, out=D)
    np.fill_diagonal(D, 0.0)
    return D


class KernelBank:
    """Gaussian Gram matrices of all rows for the five candidate widths, shared by every draw."""

    def __init__(self, X: np.ndarray):
        D = squared_distances(standardize(X))
        n = D.shape[0]
        if n < 3:
            raise ValueError("KM needs at least 3 rows")
        sigma_med = float(np.sqrt(np.median(D[np.triu_indices(n, 1)])))
        if sigma_med == 0.0:
            raise ValueError("KM: the median pairwise distance is 0 (rows are mostly identical)")
        self.widths = sigma_med * WIDTH_FACTORS
        self.kernels = [np.exp(D / (-2.0 * w * w)) for w in self.widths]

    @property
    def n(self) -> int:
        return self.kernels[0].shape[0]


@njit(cache=True)
def _pairwise_smo(K, diag, Ku, uKu, v, g, eta, max_iter):  # pragma: no cover - compiled
    """Pairwise steps on v (in place), g = K·v − K·u kept current; returns (steps, f, gap)."""
    n = v.size
    vKu = 0.0
    i = 0
    for k in range(n):
        vKu += v[k] * Ku[k]
        if g[k] < g[i]:
            i = k
    f = 0.0
    gap = 0.0
    for step_count in range(max_iter + 1):
        # pass 1: j by second-order selection over the support (Fan, Chen & Lin 2005, WSS2),
        # with vᵀg for the Frank-Wolfe gap and f = uKu + vᵀg − vᵀKu
        g_min = g[i]
        j = -1
        best_num = 0.0  # the best gain diff² / curvature, kept as a fraction (no division)
        best_den = 1.0
        vg = 0.0
        Ki = K[i]
        for k in range(n):
            if v[k] > 0.0:
                vg += v[k] * g[k]
                diff = g[k] - g_min
                if diff > 0.0:
                    curvature = max(diag[i] + diag[k] - 2.0 * Ki[k], 1e-12)
                    if diff * diff * best_den > best_num * curvature:
                        best_num = diff * diff
                        best_den = curvature
                        j = k
        f = max(uKu + vg - vKu, 0.0)
        gap = 2.0 * (vg - g_min)  # f(v) − min f ≤ gap
        d = np.sqrt(f)
        if j < 0 or gap <= eta * eta or gap <= eta * d or step_count == max_iter:
            return step_count, f, gap
        curvature = max(diag[i] + diag[j] - 2.0 * K[i, j], 1e-12)
        step = min(v[j], (g[j] - g_min) / curvature)
        v[i] += step
        v[j] -= step
        vKu += step * (Ku[i] - Ku[j])
        # pass 2: update the gradient with rows i and j, and find the next i
        Ki = K[i]
        Kj = K[j]
        i = 0
        for k in range(n):
            g[k] += step * (Ki[k] - Kj[k])
            if g[k] < g[i]:
                i = k
    return max_iter, f, gap


def simplex_qp(K, Ku, uKu, v, Kv, *, eta=1e-4, max_steps=None):
    """min over the simplex of f(v) = (u − v)ᵀK(u − v): returns (f, v, K·v, bound).

    Pairwise (SMO) steps: move mass from a support coordinate j to the coordinate i of least
    gradient, with exact line search; i is the Frank-Wolfe vertex and j the second-order choice
    of Fan, Chen & Lin (2005). A step costs O(n): the gradient is updated with two kernel rows.
    ``Ku`` = K·u and ``uKu`` = uᵀKu describe u; ``v`` (in the simplex) and ``Kv`` warm-start.
    Stops when the Frank-Wolfe duality gap certifies sqrt(f) within ``eta`` of the minimum
    distance, or after ``max_steps`` steps (default 2n). ``bound`` is the certified bound
    sqrt(f) − sqrt(min f) ≤ bound at the stop.
    """
    v = np.array(v, dtype=np.float64)
    Ku = np.ascontiguousarray(Ku, dtype=np.float64)
    g = np.array(Kv, dtype=np.float64) - Ku
    max_steps = 2 * v.size if max_steps is None else max_steps
    diag = np.ascontiguousarray(np.diagonal(K), dtype=np.float64)
    _, f, gap = _pairwise_smo(K, diag, Ku, float(uKu), v, g, eta, max_steps)
    d, gap = np.sqrt(f), max(gap, 0.0)
    bound = min(np.sqrt(gap), gap / d) if d > 0 else np.sqrt(gap)
    return f, v, g + Ku, float(bound)


@dataclass
class _DistanceCurve:
    """d(λ) for one (mixture, component) split, memoized, each QP warm-started."""

    K: np.ndarray
    u1: np.ndarray
    a: np.ndarray
    Ku1: np.ndarray
    Ka: np.ndarray
    eta: float = 1e-4
    max_steps: int | None = None
    solved: dict = field(default_factory=dict)

    def __post_init__(self):
        self.u1Ku1 = float(self.u1 @ self.Ku1)
        self.u1Ka = float(self.u1 @ self.Ka)
        self.aKa = float(self.a @ self.Ka)
        self.solved[1.0] = (0.0, self.u1, self.Ku1, 0.0)  # u_1 is in the simplex: d(1) = 0

    def __call__(self, lam: float) -> float:
        return float(np.sqrt(self._solve(lam)[0]))

    def _solve(self, lam: float) -> tuple:
        """(f, v, K·v, bound) at λ, memoized."""
        lam = round(lam, 10)
        if lam not in self.solved:
            t = lam - 1.0
            v0, Kv0 = self._warm_start(lam)
            uKu = self.u1Ku1 + 2.0 * t * self.u1Ka + t * t * self.aKa
            self.solved[lam] = simplex_qp(self.K, self.Ku1 + t * self.Ka, uKu, v0, Kv0, eta=self.eta,
                                          max_steps=self.max_steps)
        return self.solved[lam]

    def _warm_start(self, lam: float) -> tuple:
        """v and K·v interpolated between the solved λ that bracket ``lam``, else the nearest."""
        below = [x for x in self.solved if x < lam]
        above = [x for x in self.solved if x > lam]
        if not above:
            _, v, Kv, _ = self.solved[max(below)]
            return v, Kv
        lo, hi = max(below), min(above)
        w = (lam - lo) / (hi - lo)
        (_, v_lo, Kv_lo, _), (_, v_hi, Kv_hi, _) = self.solved[lo], self.solved[hi]
        return (1.0 - w) * v_lo + w * v_hi, (1.0 - w) * Kv_lo + w * Kv_hi

    def derivative(self, lam: float) -> float:
        """d′(λ) = (u_λ − v*)ᵀ K a / d(λ) (Danskin), from the QP solution at λ > 1."""
        f, _, Kv, _ = self._solve(lam)
        if f <= 0.0:
            return 0.0
        Ku = self.Ku1 + (round(lam, 10) - 1.0) * self.Ka
        return float((Ku - Kv) @ self.a / np.sqrt(f))

    def slope(self, lam: float, eps: float) -> float:
        """The slope over [λ, λ + ε]: d′ at the midpoint (module docstring)."""
        return self.derivative(lam + 0.5 * eps)


def _bisect(curve: _DistanceCurve, threshold: float, eps: float, lam_max: float) -> float:
    """λ where the slope of d crosses ``threshold`` (slope is non-decreasing: d is convex)."""
    lo, hi = 1.0, lam_max
    while hi - lo > eps:
        mid = 0.5 * (lo + hi)
        if curve.slope(mid, eps) > threshold:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def km_thresholds(bank: KernelBank, component: np.ndarray, *, eps=EPSILON, lam_max=LAMBDA_MAX) -> dict:
    """θ̂ for both thresholds, ``{"slope": θ, "sqrt": θ, "bound": b}``, rows split by ``component``.

    ``component`` is a boolean mask over the bank's rows (True = labeled); the rest is the mixture.
    ``b`` is the largest certified error of any d(λ) evaluated (see :func:`simplex_qp`).
    """
    component = np.asarray(component, dtype=bool)
    if component.shape != (bank.n,):
        raise ValueError(f"component mask of shape {component.shape} does not match {bank.n} rows")
    M = int(component.sum())
    N = bank.n - M
    if M < 1 or N < 1:
        raise ValueError("KM needs at least one mixture and one component row")
    u1 = np.where(component, 0.0, 1.0 / N)
    a = u1 - np.where(component, 1.0 / M, 0.0)
    products = [K @ a for K in bank.kernels]
    mmd2 = np.array([float(a @ Ka) for Ka in products])
    best = int(np.argmax(mmd2))
    K = bank.kernels[best]
    curve = _DistanceCurve(K=K, u1=u1, a=a, Ku1=K @ u1, Ka=products[best])
    delta = float(np.sqrt(max(mmd2[best], 0.0)))
    s0 = curve(1.0 + eps) / eps  # d(1) = 0
    thresholds = {"slope": 0.8 * s0 + 0.2 * delta, "sqrt": 1.0 / np.sqrt(min(N, M))}
    thetas = {name: 1.0 - 1.0 / _bisect(curve, t, eps, lam_max) for name, t in thresholds.items()}
    thetas["bound"] = max(solution[3] for solution in curve.solved.values())
    return thetas


def km(X_mixture, X_component, *, seed=0, mapping=None) -> dict:
    """``{"km1": θ̂, "km2": θ̂}`` for a mixture sample and a component sample (rows = examples).

    KM is deterministic; ``seed`` is accepted so that every MPE method has the same signature.
    ``mapping`` names which threshold is KM1 and KM2 (default ``{"km1": "slope", "km2": "sqrt"}``).
    """
    del seed
    X_mixture = np.asarray(X_mixture, dtype=np.float64)
    X_component = np.asarray(X_component, dtype=np.float64)
    bank = KernelBank(np.vstack([X_mixture, X_component]))
    mask = np.r_[np.zeros(len(X_mixture), bool), np.ones(len(X_component), bool)]
    return by_name(km_thresholds(bank, mask), mapping)


def by_name(thetas: dict, mapping=None) -> dict:
    """Rename threshold estimates to method names, e.g. {"km1": θ_slope, "km2": θ_sqrt}."""
    mapping = mapping or DEFAULT_MAPPING
    if sorted(mapping.values()) != ["slope", "sqrt"]:
        raise ValueError(f"KM mapping must assign 'slope' and 'sqrt' once each, got {mapping}")
    return {name: float(thetas[threshold]) for name, threshold in mapping.items()}

"""KM1 and KM2: mixture proportion estimation via kernel embeddings (Ramaswamy, Scott, Tewari 2016).

The mixture F (unlabeled rows, N of them) contains the component H (labeled rows, M of them) with
weight θ: F = θH + (1 − θ)G. In the RKHS of a Gaussian kernel, the point
``u_λ = λ·φ(F) + (1 − λ)·φ(H)`` is a distribution embedding for λ ≤ λ* = 1/(1 − θ) and leaves the
convex hull of the data points beyond it. With all rows stacked, u_λ is the weight vector λ/N on
mixture rows and (1 − λ)/M on component rows, and its distance to the hull is

    d(λ) = √max(0, min over the probability simplex v of (u_λ − v)ᵀ K (u_λ − v)).

d is convex in λ and its slope rises towards the MMD δ past λ*. We compute KM1 and KM2 as the
authors' code does (their code is the definition):

* k(x, y) = exp(−‖x − y‖² / (2w²)) on the feature vectors as given;
* σ_med = √(median of the full (N+M)×(N+M) matrix of squared distances, zero diagonal included);
  w ∈ σ_med·{10^-1, 10^-0.5, 1, 10^0.5, 10}, the one with the largest δ = √(cᵀKc), c = 1/N on
  mixture rows and −1/M on component rows;
* s₀ = (d(1.05) − d(1))/0.05, d(1) from the QP;
* ν_slope = 0.8·s₀ + 0.2·δ; ν_sqrt = 1/√min(N, M), replaced by ν_slope when ν_sqrt/δ > 0.9;
* for each ν, bisection on [1, 8] with ε = 0.04: while r − l > ε, m = (l + r)/2 and the slope
  (d(m + ε/2) − d(m))·2/ε > ν sets r = m, else l = m; λ̂ = (l + r)/2 and θ̂ = (λ̂ − 1)/λ̂;
* **KM1 is the ν_sqrt estimate, KM2 the ν_slope estimate.**

One deviation is offered as a named option, never the default: ``standardize=True`` scales the
features to zero mean and unit variance first.

The QP is solved by pairwise (SMO) steps compiled with numba (:func:`simplex_qp`), warm-started
from the solutions already found. K·v is kept up to date with two kernel rows per step, so a step
costs O(n). Every d(λ) carries a certified error bound (:func:`simplex_qp`), and each slope
comparison of the bisection is taken from the bounds when they make it certain, which is then the
exact QP's decision. Where the bounds straddle the threshold, both QPs are continued (up to
``MAX_ROUNDS`` rounds, aiming at a quarter of the margin); a comparison still uncertain goes by the
point values and is counted (``undecided``). Near λ* the QP's support is large and SMO slows
down, so a few comparisons per draw within about 10⁻³ of the threshold stay uncertain; the
authors' interior-point solver is itself accurate only to about 10⁻⁶ in d there, so its own
decisions within about 10⁻⁴ of a threshold are noise. d(1) is 0 exactly (u_1 lies in the
simplex), and our QP certifies this at once, where the authors' solver returns 0.4–3·10⁻⁴. The
Gram matrices of all rows, and their row sums, are computed once per dataset and shared by every
draw (:class:`KernelBank`), and d(λ) is memoized, so the λ grid the KM1 and KM2 bisections share
is solved once.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from pueval.distances import median_width, squared_distances
from pueval.validation import check_matrix, check_mixture_component

log = logging.getLogger(__name__)

WIDTH_FACTORS = 10.0 ** np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
LAMBDA_MAX = 8.0
EPSILON = 0.04
S0_STEP = 0.05
SLOPE_WEIGHT = 0.8  # ν_slope = 0.8·s₀ + 0.2·δ
FALLBACK_RATIO = 0.9  # ν_sqrt/δ above this: ν_sqrt is replaced by ν_slope
ETA = 1e-4  # accuracy of a first solve of d(λ)
ETA_FLOOR = 1e-6  # tightest accuracy a straddling comparison asks of d(λ) (the authors' QP: ~1e-6 near λ*)
FIRST_STEPS = 2.0  # pairwise steps of a first solve, per row
REFINE_STEPS = 2.0  # pairwise steps of each further round on a straddling comparison, per row
MIN_STEPS = 5000  # steps of a round at the least (small problems: cheap steps)
MAX_ROUNDS = 2  # rounds before a straddling comparison goes by the point values


def standardized(X: np.ndarray) -> np.ndarray:
    """Columns scaled to zero mean and unit variance (constant columns only centred)."""
    X = np.asarray(X, dtype=np.float64)
    sd = X.std(axis=0)
    return (X - X.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


class KernelBank:
    """Gaussian Gram matrices of all rows for the five candidate widths, shared by every draw.

    ``standardize=True`` is our deviation (scaled features); the authors use the rows as given.
    """

    def __init__(self, X, *, standardize: bool = False):
        X = check_matrix(X, "X")
        if X.shape[0] < 3:
            raise ValueError(f"X: KM needs at least 3 rows, got {X.shape[0]}")
        D = squared_distances(standardized(X) if standardize else X)
        sigma_med = median_width(D, diagonal=True)  # the authors' σ_med
        if sigma_med == 0.0:
            raise ValueError("X: the median pairwise distance is 0 (most rows are identical)")
        self.widths = sigma_med * WIDTH_FACTORS
        self.kernels = [np.exp(D / (-2.0 * w * w)) for w in self.widths]
        self.row_sums = [K.sum(axis=1) for K in self.kernels]

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
        if j < 0 or gap <= eta * eta or gap <= 2.0 * eta * d or step_count == max_iter:
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


def simplex_qp(K, Ku, uKu, v, Kv, *, eta=ETA, max_steps=None):
    """min over the simplex of f(v) = (u − v)ᵀK(u − v): returns (f, v, K·v, bound).

    Pairwise (SMO) steps: move mass from a support coordinate j to the coordinate i of least
    gradient, with exact line search; i is the Frank-Wolfe vertex and j the second-order choice
    of Fan, Chen & Lin (2005). A step costs O(n): the gradient is updated with two kernel rows.
    ``Ku`` = K·u and ``uKu`` = uᵀKu describe u; ``v`` (in the simplex) and ``Kv`` warm-start.
    Stops when the Frank-Wolfe duality gap certifies sqrt(f) within ``eta`` of the minimum
    distance, or after ``max_steps`` steps (default 2n). ``bound`` is the certified bound
    0 ≤ sqrt(f) − sqrt(min f) ≤ bound at the stop: with r = Φv − Φu, every hull point x has
    ‖x − Φu‖ ≥ min_k ⟨r, φ_k − Φu⟩/‖r‖ = (f − gap/2)/√f, so bound = min(√gap, gap/(2√f)), where
    gap = 2(vᵀg − min g) ≥ f(v) − min f is the Frank-Wolfe gap.
    """
    v = np.array(v, dtype=np.float64)
    Ku = np.ascontiguousarray(Ku, dtype=np.float64)
    g = np.array(Kv, dtype=np.float64) - Ku
    max_steps = 2 * v.size if max_steps is None else max_steps
    diag = np.ascontiguousarray(np.diagonal(K), dtype=np.float64)
    _, f, gap = _pairwise_smo(K, diag, Ku, float(uKu), v, g, eta, max_steps)
    d, gap = np.sqrt(f), max(gap, 0.0)
    bound = min(np.sqrt(gap), 0.5 * gap / d) if d > 0 else np.sqrt(gap)
    return f, v, g + Ku, float(bound)


@dataclass
class DistanceCurve:
    """d(λ) for one (mixture, component) split, memoized, each QP warm-started and certified.

    ``eta`` is the accuracy of a first solve, in at most max(``first_steps``·n, 5000) pairwise steps;
    :meth:`slope_above` continues the QPs where a decision needs it, ``refine_steps``·n a round.
    """

    K: np.ndarray
    u1: np.ndarray
    a: np.ndarray
    Ku1: np.ndarray
    Ka: np.ndarray
    eta: float = ETA
    eta_floor: float = ETA_FLOOR
    first_steps: float = FIRST_STEPS
    refine_steps: float = REFINE_STEPS
    solved: dict = field(default_factory=dict)  # λ → (f, v, K·v, bound, tightest η tried)
    undecided: int = 0  # slope comparisons the bounds could not certify

    def __post_init__(self):
        self.u1Ku1 = float(self.u1 @ self.Ku1)
        self.u1Ka = float(self.u1 @ self.Ka)
        self.aKa = float(self.a @ self.Ka)

    def __call__(self, lam: float) -> float:
        return float(np.sqrt(self._solve(lam)[0]))

    def bound(self, lam: float) -> float:
        """Certified bound on the error of d(λ) as computed: d ∈ [d(λ) − bound, d(λ)]."""
        return self._solve(lam)[3]

    def _solve(self, lam: float, eta: float | None = None, *, more: bool = False) -> tuple:
        """(f, v, K·v, bound, η tried) at λ, memoized.

        A stored solution is returned when it is certified to ``eta`` or was already tried at that
        η; ``more=True`` continues it from the stored v all the same (another round).
        """
        lam = round(lam, 10)
        eta = self.eta if eta is None else eta
        stored = self.solved.get(lam)
        if stored is not None and (stored[3] <= eta or (stored[4] <= eta and not more)):
            return stored
        v0, Kv0 = (stored[1], stored[2]) if stored is not None else self._warm_start(lam)
        t = lam - 1.0
        uKu = self.u1Ku1 + 2.0 * t * self.u1Ka + t * t * self.aKa
        steps = max((self.refine_steps if more else self.first_steps) * len(self.u1), MIN_STEPS)
        f, v, Kv, bound = simplex_qp(self.K, self.Ku1 + t * self.Ka, uKu, v0, Kv0, eta=eta, max_steps=int(steps))
        self.solved[lam] = (f, v, Kv, bound, eta)
        return self.solved[lam]

    def _warm_start(self, lam: float) -> tuple:
        """v and K·v interpolated between the solved λ that bracket ``lam``, else the nearest; u_1 first."""
        if not self.solved:
            return self.u1, self.Ku1
        below = [x for x in self.solved if x < lam]
        above = [x for x in self.solved if x > lam]
        if not above or not below:
            nearest = self.solved[max(below) if below else min(above)]
            return nearest[1], nearest[2]
        lo, hi = max(below), min(above)
        w = (lam - lo) / (hi - lo)
        return ((1.0 - w) * self.solved[lo][1] + w * self.solved[hi][1],
                (1.0 - w) * self.solved[lo][2] + w * self.solved[hi][2])

    def slope_above(self, lam: float, step: float, threshold: float) -> bool:
        """Whether (d(λ + step) − d(λ))/step > ``threshold`` for the exact QP values.

        Decided from the certified intervals of both distances (and d ≥ 0). Where they straddle
        the threshold, both QPs are continued, aiming at a quarter of the margin (not below
        ``eta_floor``), for up to ``MAX_ROUNDS`` rounds; a comparison still undecided then goes by
        the point values and is counted in ``undecided``.
        """
        for _ in range(MAX_ROUNDS):
            hi, lo = self(lam + step), self(lam)
            slope_min = (max(hi - self.bound(lam + step), 0.0) - lo) / step
            slope_max = (hi - max(lo - self.bound(lam), 0.0)) / step
            if slope_min > threshold or slope_max <= threshold:
                return slope_min > threshold
            eta = max(0.25 * abs(hi - lo - threshold * step), self.eta_floor)
            self._solve(lam + step, eta, more=True)
            self._solve(lam, eta, more=True)
        self.undecided += 1
        return (self(lam + step) - self(lam)) / step > threshold


def bisect(curve, threshold: float, *, eps: float = EPSILON, lam_max: float = LAMBDA_MAX) -> float:
    """λ̂ by the authors' bisection on [1, λ_max]: the slope over [m, m + ε/2] against ``threshold``."""
    left, right = 1.0, lam_max
    while right - left > eps:
        mid = 0.5 * (left + right)
        if curve.slope_above(mid, 0.5 * eps, threshold):
            right = mid
        else:
            left = mid
    return 0.5 * (left + right)


def thresholds(curve, delta: float, n_mixture: int, n_component: int) -> dict:
    """``{"sqrt": ν_sqrt, "slope": ν_slope}`` by the authors' rules, s₀ from d(1) and d(1.05)."""
    d1 = curve(1.0)  # solved first: warm-started at u_1, the QP certifies d(1) = 0 at once
    s0 = (curve(1.0 + S0_STEP) - d1) / S0_STEP
    slope = SLOPE_WEIGHT * s0 + (1.0 - SLOPE_WEIGHT) * delta
    sqrt = 1.0 / np.sqrt(min(n_mixture, n_component))
    if delta <= 0.0 or sqrt / delta > FALLBACK_RATIO:
        sqrt = slope
    return {"sqrt": sqrt, "slope": slope}


def km_thresholds(bank: KernelBank, component) -> dict:
    """``{"km1": θ̂, "km2": θ̂, "bound": b, "undecided": u}`` for the bank's rows split by ``component``.

    ``component`` is a boolean mask over the bank's rows (True = labeled); the rest is the mixture.
    ``b`` is the largest certified error of any d(λ) evaluated (see :func:`simplex_qp`), ``u`` the
    number of slope comparisons the bounds left uncertain (:meth:`DistanceCurve.slope_above`).
    """
    component = np.asarray(component)
    if component.shape != (bank.n,) or component.dtype != bool:
        raise ValueError(f"component must be a boolean mask of {bank.n} rows, got {component.dtype} "
                         f"of shape {component.shape}")
    M = int(component.sum())
    N = bank.n - M
    if M < 1 or N < 1:
        raise ValueError(f"component: KM needs at least one mixture and one component row (M={M}, N={N})")
    u1 = np.where(component, 0.0, 1.0 / N)
    a = u1 - np.where(component, 1.0 / M, 0.0)  # a = ∂u_λ/∂λ = c
    # K·u1 and K·a from the shared row sums and the component columns only: O(n·M), not O(n²)
    products = []
    for K, total in zip(bank.kernels, bank.row_sums):
        K_component = K[:, component].sum(axis=1)
        Ku1 = (total - K_component) / N
        products.append((Ku1, Ku1 - K_component / M))
    mmd2 = np.array([float(a @ Ka) for _, Ka in products])
    best = int(np.argmax(mmd2))
    curve = DistanceCurve(K=bank.kernels[best], u1=u1, a=a, Ku1=products[best][0], Ka=products[best][1])
    delta = float(np.sqrt(max(mmd2[best], 0.0)))
    nu = thresholds(curve, delta, N, M)
    estimates = {}
    for name, key in (("km1", "sqrt"), ("km2", "slope")):
        lam = bisect(curve, nu[key])
        estimates[name] = (lam - 1.0) / lam
    estimates["bound"] = max(solution[3] for solution in curve.solved.values())
    estimates["undecided"] = curve.undecided
    return estimates


def km(X_mixture, X_component, *, seed=0, standardize: bool = False) -> dict:
    """``{"km1": θ̂, "km2": θ̂}`` for a mixture sample and a component sample (rows = examples).

    θ̂ estimates the share of the component in the mixture. KM1 uses the threshold
    1/√min(N, M), KM2 the slope threshold 0.8·s₀ + 0.2·δ (module docstring). KM is
    deterministic; ``seed`` is accepted so that every MPE method has the same signature.
    ``standardize=True`` is our deviation from the authors' code (scaled features).

    >>> rng = np.random.default_rng(0)
    >>> mixture = np.r_[rng.normal(3, 1, (150, 2)), rng.normal(-3, 1, (150, 2))]
    >>> estimates = km(mixture, rng.normal(3, 1, (100, 2)))
    >>> sorted(estimates), all(abs(t - 0.5) < 0.1 for t in estimates.values())
    (['km1', 'km2'], True)
    """
    del seed
    X_mixture, X_component = check_mixture_component(X_mixture, X_component)
    bank = KernelBank(np.vstack([X_mixture, X_component]), standardize=standardize)
    mask = np.r_[np.zeros(len(X_mixture), bool), np.ones(len(X_component), bool)]
    estimates = km_thresholds(bank, mask)
    return {"km1": float(estimates["km1"]), "km2": float(estimates["km2"])}


def estimate_draws(X, y: np.ndarray, s: np.ndarray, *, label: str, standardize: bool = False):
    """Table of KM1/KM2 per draw (schema ``km`` of :mod:`pueval.schemas`) for the rows of ``X``, the
    draws ``s`` (n_draws × n PU labels) and true classes ``y``; one :class:`KernelBank` for all draws."""
    from pueval.mpe.per_draw import estimate_draws as per_draw

    start = time.perf_counter()
    bank = KernelBank(X, standardize=standardize)
    shared = time.perf_counter() - start
    log.info("%s: Gram matrices of %d rows in %.1f s (shared by all draws)", label, bank.n, shared)

    def one(draw, labeled):
        found = km_thresholds(bank, labeled)
        return {"theta_km1": found["km1"], "theta_km2": found["km2"], "qp_bound": found["bound"],
                "undecided": found["undecided"]}

    frame = per_draw(y, s, one, label=label).assign(shared_seconds=shared)
    log.info("%s: %d slope comparisons left undecided by the QP bounds in %d draws", label,
             frame["undecided"].sum(), len(frame))
    return frame

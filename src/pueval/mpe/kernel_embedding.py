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
from the solutions already found, or, for a λ farther than ``FAR`` from all of them, from the data
point nearest u_λ (the solution's support shrinks as λ grows); every d(λ) carries a certified
error bound, so d lies in a known interval [d − bound, d]. A slope comparison of the bisection is
decided in this order:

1. **certified by convexity**: d is convex in λ (the distance from a point moving on a line to a
   convex set), so the slope over [m, m + ε/2] is at least the secant slope over any [x₁, x₂] with
   x₁ ≤ m, x₂ ≤ m + ε/2, and at most that over any [x₁, x₂] with x₁ ≥ m, x₂ ≥ m + ε/2. Taken
   from the intervals of every λ solved so far, these bounds decide most comparisons with loose
   solves (and some before both distances are solved); such a decision is the exact QP's;
2. **stable**: otherwise both QPs are continued in rounds that double the steps spent, and the
   point values decide once they have settled: the margin |slope − ν| exceeds ``STABLE_RATIO``
   times the change of the slope over the last round, and ``STABLE_SHARE`` times the sum of
   the changes of the two distances (divided by ε/2). The two QPs start from the same point and
   their errors nearly cancel in the slope;
3. **undecided**: after ``ROUNDS`` rounds (2n steps per distance at n ≥ 4,000) the point values
   decide and the comparison is counted.

On real draws of all nine datasets these decisions equal those of tightly solved QPs
(``benchmarks/km_decisions.py``). d(1) is 0 exactly (u_1 lies in the simplex), and our QP
certifies this at once, where the authors' solver returns 0.4–3·10⁻⁴; d(1.05) for s₀ is solved
with 2n steps. The Gram matrices of all rows, and their row sums, are computed once per dataset and
shared by every draw (:class:`KernelBank`), and d(λ) is memoized, so the λ grid the KM1 and KM2
bisections share is solved once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from pueval.distances import median_width, squared_distances, standardized
from pueval.extras import require
from pueval.memory import available_bytes, memory_limits
from pueval.mpe import PUBLIC_METHODS
from pueval.validation import check_matrix, check_mixture_component

__all__ = ["km", "km_thresholds", "KernelBank", "check_memory", "rows_that_fit"]

njit = require("numba", "KM1 and KM2").njit

WIDTH_FACTORS = 10.0 ** np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
LAMBDA_MAX = 8.0
EPSILON = 0.04
S0_STEP = 0.05
SLOPE_WEIGHT = 0.8  # ν_slope = 0.8·s₀ + 0.2·δ
FALLBACK_RATIO = 0.9  # ν_sqrt/δ above this: ν_sqrt is replaced by ν_slope
S0_ETA = 1e-4  # accuracy the solve of d(1.05) for s₀ stops at
S0_STEPS = 2.0  # pairwise steps of that solve at most, per row
S0_MIN_STEPS = 5000  # ... and at least that many (small problems: cheap steps)
FIRST_STEPS = 0.125  # pairwise steps of a first solve of d(λ) in the bisection, per row
MIN_STEPS = 500  # steps of a first solve at the least (small problems: cheap steps)
FAR = 0.3  # a λ farther than this from every solved λ starts from the data point nearest u_λ
ROUNDS = 4  # rounds on a comparison, each doubling the steps spent: 16 first solves' worth (2n at n ≥ 4,000)
STABLE_RATIO = 4.0  # stable: margin > 4 × the slope's change over the last round
STABLE_SHARE = 0.25  # ... and margin·ε/2 > 1/4 × the summed changes of the two distances


GRAM_COPIES = 7  # n × n float64 matrices alive at the peak: the distances, five Gram matrices, one temporary
MEMORY_HEADROOM = 0.8  # KM may take at most this share of the memory the process can still get


def check_memory(n: int) -> None:
    """Refuse, before allocating, a KM run whose n × n matrices (:data:`GRAM_COPIES` of them) would take more
    than :data:`MEMORY_HEADROOM` of what the process can still allocate (:func:`available_bytes`: the machine's,
    the container's and the address-space limit, the least of them).

    Parameters
    ----------
    n : int
        Rows of the KM run.

    Returns
    -------
    None
        Raises MemoryError, in one line, when they would not fit.

    Examples
    --------
    >>> check_memory(1000)
    """
    needed, available = GRAM_COPIES * 8 * n * n, available_bytes()
    if available is not None and needed > MEMORY_HEADROOM * available:
        raise MemoryError(memory_message(n, available))


def rows_that_fit(share: float = 0.5, unknown: int = 8000) -> int:
    """The most rows whose Gram matrices take at most ``share`` of what the process can allocate
    (:func:`available_bytes`); ``unknown`` when no limit can be read.

    Parameters
    ----------
    share : float, default 0.5
        The share of the allocatable memory the Gram matrices may take.
    unknown : int, default 8000
        The answer when no limit can be read.

    Returns
    -------
    int
        Rows.

    Examples
    --------
    >>> rows_that_fit() > 1000
    True
    """
    available = available_bytes()
    return unknown if available is None else int(np.sqrt(share * available / (GRAM_COPIES * 8)))


def memory_message(n: int, available: int | None) -> str:
    """The one-line refusal of KM on ``n`` rows (by :func:`check_memory`, or when an allocation fails anyway)."""
    lighter = ", ".join(m for m in PUBLIC_METHODS if not m.startswith("km"))
    have = (f"this process can allocate about {available / 1e9:.1f} GB (the least of {', '.join(memory_limits())}) "
            f"and KM keeps {1 - MEMORY_HEADROOM:.0%} of it free" if available is not None else
            "the allocation failed")
    return (f"X: KM on {n:,} rows needs about {GRAM_COPIES * 8 * n * n / 1e9:.1f} GB for its Gram matrices "
            f"({GRAM_COPIES} × n² × 8 bytes) and {have}; subsample the rows, or use a lighter estimator ({lighter})")


def _gaussian(D: np.ndarray, width: float) -> np.ndarray:
    """exp(−D/(2w²)), the exponential taken in place (one n × n array, not two: the same values, faster)."""
    K = D / (-2.0 * width * width)
    return np.exp(K, out=K)


class KernelBank:
    """Gaussian Gram matrices of all rows for the five candidate widths, shared by every draw.

    ``standardize=True`` is our deviation (scaled features); the authors use the rows as given.
    ``seconds`` is the time the matrices took.
    """

    def __init__(self, X, *, standardize: bool = False):
        start = time.perf_counter()
        X = check_matrix(X, "X")
        if X.shape[0] < 3:
            raise ValueError(f"X: KM needs at least 3 rows, got {X.shape[0]}")
        check_memory(X.shape[0])
        try:
            D = squared_distances(standardized(X) if standardize else X)
            sigma_med = median_width(D, diagonal=True)  # the authors' σ_med
            if sigma_med == 0.0:
                raise ValueError("X: the median pairwise distance is 0 (most rows are identical)")
            self.widths = sigma_med * WIDTH_FACTORS
            self.kernels = [_gaussian(D, w) for w in self.widths]
            self.row_sums = [K.sum(axis=1) for K in self.kernels]
        except MemoryError:  # a limit the check could not see: the same one line, not NumPy's
            raise MemoryError(memory_message(X.shape[0], None)) from None
        self.seconds = time.perf_counter() - start

    @property
    def n(self) -> int:
        return self.kernels[0].shape[0]


@njit(cache=True)
def _pairwise_smo(K, diag, Ku, uKu, v, g, eta, max_iter):  # pragma: no cover - compiled
    """Pairwise steps on v (in place), g = K·v − K·u kept current; returns (steps, f, gap).

    The support {k: v_k > 0} is kept as a sorted index list, so the first pass of a step reads only
    the support (it shrinks to a few hundred rows as λ grows) in the same order as a scan of all rows
    would: the same sums, the same choices, the same result.
    """
    n = v.size
    support = np.empty(n, dtype=np.int64)
    m = 0
    vKu = 0.0
    i = 0
    for k in range(n):
        vKu += v[k] * Ku[k]
        if g[k] < g[i]:
            i = k
        if v[k] > 0.0:
            support[m] = k
            m += 1
    f = 0.0
    gap = 0.0
    for step_count in range(max_iter + 1):
        # pass 1: j by second-order selection over the support (Fan, Chen & Lin 2005, WSS2),
        # with vᵀg for the Frank-Wolfe gap and f = uKu + vᵀg − vᵀKu
        g_min = g[i]
        j = -1
        jpos = -1
        best_num = 0.0  # the best gain diff² / curvature, kept as a fraction (no division)
        best_den = 1.0
        vg = 0.0
        Ki = K[i]
        di = diag[i]
        for p in range(m):
            k = support[p]
            vg += v[k] * g[k]
            diff = g[k] - g_min
            if diff > 0.0:
                curvature = max(di + diag[k] - 2.0 * Ki[k], 1e-12)
                if diff * diff * best_den > best_num * curvature:
                    best_num = diff * diff
                    best_den = curvature
                    j = k
                    jpos = p
        f = max(uKu + vg - vKu, 0.0)
        gap = 2.0 * (vg - g_min)  # f(v) − min f ≤ gap
        d = np.sqrt(f)
        if j < 0 or gap <= eta * eta or gap <= 2.0 * eta * d or step_count == max_iter:
            return step_count, f, gap
        curvature = max(diag[i] + diag[j] - 2.0 * K[i, j], 1e-12)
        step = min(v[j], (g[j] - g_min) / curvature)
        entering = not v[i] > 0.0
        v[i] += step
        v[j] -= step
        vKu += step * (Ku[i] - Ku[j])
        # the support, kept sorted: j leaves when emptied, i enters when it gains mass
        if not v[j] > 0.0:
            for p in range(jpos, m - 1):
                support[p] = support[p + 1]
            m -= 1
        if entering and v[i] > 0.0:
            p = m
            while p > 0 and support[p - 1] > i:
                support[p] = support[p - 1]
                p -= 1
            support[p] = i
            m += 1
        # pass 2: update the gradient with rows i and j, then find the next i (the first least entry)
        Ki = K[i]
        Kj = K[j]
        for k in range(n):
            g[k] += step * (Ki[k] - Kj[k])
        i = _first_least(g)
    return max_iter, f, gap


@njit(cache=True)
def _first_least(g):  # pragma: no cover - compiled
    """The first index of g's least value (what a scan keeping the first strict minimum finds): the least value
    from four interleaved running minima (a minimum is exact in any order, and four chains run in parallel),
    then the first index holding it."""
    n = g.size
    m0 = m1 = m2 = m3 = g[0]
    k = 0
    while k + 4 <= n:
        m0 = g[k] if g[k] < m0 else m0
        m1 = g[k + 1] if g[k + 1] < m1 else m1
        m2 = g[k + 2] if g[k + 2] < m2 else m2
        m3 = g[k + 3] if g[k + 3] < m3 else m3
        k += 4
    while k < n:
        m0 = g[k] if g[k] < m0 else m0
        k += 1
    least = min(min(m0, m1), min(m2, m3))
    for k in range(n):
        if g[k] == least:
            return k
    return 0


def simplex_qp(K, Ku, uKu, v, Kv, *, eta=0.0, max_steps=None, diag=None):
    """min over the simplex of f(v) = (u − v)ᵀK(u − v): returns (f, v, K·v, bound).

    Pairwise (SMO) steps: move mass from a support coordinate j to the coordinate i of least
    gradient, with exact line search; i is the Frank-Wolfe vertex and j the second-order choice
    of Fan, Chen & Lin (2005). A step costs O(n): the gradient is updated with two kernel rows.
    ``Ku`` = K·u and ``uKu`` = uᵀKu describe u; ``v`` (in the simplex) and ``Kv`` warm-start.
    Stops when the Frank-Wolfe duality gap certifies sqrt(f) within ``eta`` of the minimum
    distance (``eta`` = 0: at the exact minimum), or after ``max_steps`` steps (default 2n);
    ``diag`` is K's diagonal when the caller keeps it. ``bound`` is the certified bound
    0 ≤ sqrt(f) − sqrt(min f) ≤ bound at the stop: with r = Φv − Φu, every hull point x has
    ‖x − Φu‖ ≥ min_k ⟨r, φ_k − Φu⟩/‖r‖ = (f − gap/2)/√f, so bound = min(√gap, gap/(2√f)), where
    gap = 2(vᵀg − min g) ≥ f(v) − min f is the Frank-Wolfe gap.
    """
    v = np.array(v, dtype=np.float64)
    Ku = np.ascontiguousarray(Ku, dtype=np.float64)
    g = np.array(Kv, dtype=np.float64) - Ku
    max_steps = 2 * v.size if max_steps is None else max_steps
    diag = np.ascontiguousarray(np.diagonal(K), dtype=np.float64) if diag is None else diag
    _, f, gap = _pairwise_smo(K, diag, Ku, float(uKu), v, g, eta, max_steps)
    d, gap = np.sqrt(f), max(gap, 0.0)
    bound = min(np.sqrt(gap), 0.5 * gap / d) if d > 0 else np.sqrt(gap)
    return f, v, g + Ku, float(bound)


def _key(lam: float) -> float:
    return round(lam, 10)


@dataclass
class HullDistance:
    """d(λ) for one (mixture, component) split: memoized, warm-started, each value certified.

    ``solved`` maps λ to (f, v, K·v, bound), the QP's value f = d², its solution and the certified
    bound: the exact d lies in [√f − bound, √f]. ``decided`` counts how the slope comparisons were
    decided (module docstring): ``certified``, ``stable`` or ``undecided``. A first solve in the
    bisection takes max(``first_steps``·n, ``MIN_STEPS``) pairwise steps.
    """

    K: np.ndarray
    u1: np.ndarray
    a: np.ndarray
    Ku1: np.ndarray
    Ka: np.ndarray
    first_steps: float = FIRST_STEPS
    solved: dict = field(default_factory=dict)
    decided: dict = field(default_factory=lambda: {"certified": 0, "stable": 0, "undecided": 0})

    def __post_init__(self):
        self.u1Ku1 = float(self.u1 @ self.Ku1)
        self.u1Ka = float(self.u1 @ self.Ka)
        self.aKa = float(self.a @ self.Ka)
        self.diag = np.ascontiguousarray(np.diagonal(self.K), dtype=np.float64)

    def __call__(self, lam: float) -> float:
        """d(λ); a λ not solved yet is solved to ``S0_ETA`` in max(``S0_STEPS``·n, ``S0_MIN_STEPS``) steps at most."""
        lam = _key(lam)
        if lam not in self.solved:
            steps = max(int(S0_STEPS * len(self.u1)), S0_MIN_STEPS)
            self._solve(lam, *self._warm_start(lam), steps=steps, eta=S0_ETA)
        return float(np.sqrt(self.solved[lam][0]))

    def bound(self, lam: float) -> float:
        """Certified bound on the error of d(λ) as computed: d ∈ [d(λ) − bound, d(λ)]."""
        return self.solved[_key(lam)][3]

    def target(self, lam: float) -> tuple[np.ndarray, float]:
        """(K·u_λ, u_λᵀKu_λ) from the stored products: u_λ = u_1 + (λ − 1)·a."""
        t = lam - 1.0
        return self.Ku1 + t * self.Ka, self.u1Ku1 + 2.0 * t * self.u1Ka + t * t * self.aKa

    def _solve(self, lam: float, v0, Kv0, *, steps: int, eta: float = 0.0) -> None:
        """Pairwise steps on the QP at λ from (v0, K·v0); the result is stored in ``solved``."""
        self.solved[lam] = simplex_qp(self.K, *self.target(lam), v0, Kv0, eta=eta, max_steps=steps, diag=self.diag)

    def _warm_start(self, lam: float) -> tuple:
        """A start (v, K·v) for the QP at ``lam``: u_1 first; a λ farther than ``FAR`` from every
        solved λ starts from the data point nearest u_λ; else v and K·v interpolated between the
        solved λ that bracket ``lam``, or the nearest one's.

        The solution's support shrinks as λ grows (on a Mushroom draw: 2,900 rows at λ = 1.2, 360 at
        2.75, 85 at 4.5) and a pairwise step takes at most one row out of it, so a dense start far
        from its λ costs thousands of steps that a one-row start does not.
        """
        if not self.solved:
            return self.u1, self.Ku1
        if min(abs(x - lam) for x in self.solved) > FAR:
            nearest = int(np.argmin(self.diag - 2.0 * self.target(lam)[0]))  # ‖φ_k − Φu_λ‖² up to a constant
            vertex = np.zeros_like(self.u1)
            vertex[nearest] = 1.0
            return vertex, self.K[nearest]
        below = [x for x in self.solved if x < lam]
        above = [x for x in self.solved if x > lam]
        if not above or not below:
            nearest = self.solved[max(below) if below else min(above)]
            return nearest[1], nearest[2]
        lo, hi = max(below), min(above)
        w = (lam - lo) / (hi - lo)
        return ((1.0 - w) * self.solved[lo][1] + w * self.solved[hi][1],
                (1.0 - w) * self.solved[lo][2] + w * self.solved[hi][2])

    def slope_bounds(self, left: float, right: float) -> tuple[float, float]:
        """Certified (lower, upper) bounds on the slope (d(right) − d(left))/(right − left).

        d is convex, so secant slopes grow with both ends: every secant [x₁, x₂] of solved points
        with x₁ ≤ left and x₂ ≤ right bounds the slope from below (with d(x₂) at its lower end and
        d(x₁) at its upper end), and every one with x₁ ≥ left and x₂ ≥ right from above.
        """
        x = np.array(sorted(self.solved))
        if x.size < 2:
            return -np.inf, np.inf
        upper_d = np.sqrt([self.solved[k][0] for k in x])
        lower_d = np.maximum(upper_d - [self.solved[k][3] for k in x], 0.0)
        with np.errstate(divide="ignore", invalid="ignore"):
            width = x[None, :] - x[:, None]  # [x₁ row, x₂ column]
            below = (lower_d[None, :] - upper_d[:, None]) / width
            above = (upper_d[None, :] - lower_d[:, None]) / width
        pair = width > 0
        low = pair & (x[:, None] <= _key(left)) & (x[None, :] <= _key(right))
        high = pair & (x[:, None] >= _key(left)) & (x[None, :] >= _key(right))
        return (below[low].max() if low.any() else -np.inf, above[high].min() if high.any() else np.inf)

    def _certified(self, left: float, right: float, threshold: float) -> bool | None:
        lower, upper = self.slope_bounds(left, right)
        if lower > threshold or upper <= threshold:
            self.decided["certified"] += 1
            return bool(lower > threshold)
        return None

    def slope_above(self, lam: float, step: float, threshold: float) -> bool:
        """Whether (d(λ + step) − d(λ))/step > ``threshold``: certified, stable or undecided (module docstring)."""
        left, right = _key(lam), _key(lam + step)
        first = max(int(self.first_steps * len(self.u1)), MIN_STEPS)
        start = None
        for x in (left, right):
            if x in self.solved:
                continue
            decision = self._certified(left, right, threshold)
            if decision is not None:
                return decision
            start = start or self._warm_start(x)  # both ends from the same start: their errors nearly cancel
            self._solve(x, *start, steps=first)
        previous = None
        for round_ in range(ROUNDS + 1):
            d_left, d_right = np.sqrt(self.solved[left][0]), np.sqrt(self.solved[right][0])
            slope = (d_right - d_left) / step
            margin = abs(slope - threshold)
            decision = self._certified(left, right, threshold)
            if decision is not None:
                return decision
            if previous is not None and margin > STABLE_RATIO * abs(slope - previous[0]) and (
                    margin * step > STABLE_SHARE * (abs(d_left - previous[1]) + abs(d_right - previous[2]))):
                self.decided["stable"] += 1
                return bool(slope > threshold)
            if round_ == ROUNDS:
                break
            previous = (slope, d_left, d_right)
            for x in (left, right):
                self._solve(x, *self.solved[x][1:3], steps=first * 2**round_)
        self.decided["undecided"] += 1
        return bool(slope > threshold)


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


def hull_distance(bank: KernelBank, component) -> tuple[HullDistance, float, int, int]:
    """(curve, δ, N, M) for the bank's rows split by ``component``, at the width of the largest δ.

    ``component`` is a boolean mask over the bank's rows (True = labeled); the rest is the mixture.
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
    # δ² = cᵀKc per width from the shared row sums and the component block: O(M²), not O(n²)
    rows = np.flatnonzero(component)
    mmd2 = []
    for K, total in zip(bank.kernels, bank.row_sums):
        all_all, all_h, h_h = total.sum(), total[rows].sum(), K[np.ix_(rows, rows)].sum()
        f_f, f_h = all_all - 2.0 * all_h + h_h, all_h - h_h
        mmd2.append(f_f / N**2 - 2.0 * f_h / (N * M) + h_h / M**2)
    best = int(np.argmax(mmd2))
    K = bank.kernels[best]
    K_component = K[rows].sum(axis=0)  # K·1_H from the component rows (K is symmetric)
    Ku1 = (bank.row_sums[best] - K_component) / N
    curve = HullDistance(K=K, u1=u1, a=a, Ku1=Ku1, Ka=Ku1 - K_component / M)
    return curve, float(np.sqrt(max(curve.aKa, 0.0))), N, M


def km_thresholds(bank: KernelBank, component) -> dict:
    """``{"km1": θ̂, "km2": θ̂, "certified": c, "stable": s, "undecided": u}`` for the bank's rows split
    by ``component`` (a boolean mask, True = labeled); c, s and u count the slope comparisons decided
    each way (:meth:`HullDistance.slope_above`).

    Parameters
    ----------
    bank : KernelBank
        The Gram matrices of every row.
    component : array of shape (n,) of bool
        True on the labeled rows.

    Returns
    -------
    dict
        ``km1``, ``km2`` and the counts ``certified``, ``stable``, ``undecided``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y * 3.0 + rng.normal(size=600), rng.normal(size=600)]
    >>> found = km_thresholds(KernelBank(X), np.arange(600) < 150)  # theta = 150/450
    >>> round(found["km1"], 2), round(found["km2"], 2)
    (0.28, 0.3)
    """
    curve, delta, N, M = hull_distance(bank, component)
    nu = thresholds(curve, delta, N, M)
    estimates = {}
    for name, key in (("km1", "sqrt"), ("km2", "slope")):
        lam = bisect(curve, nu[key])
        estimates[name] = (lam - 1.0) / lam
    return estimates | curve.decided


def km(X_mixture, X_component, *, seed=0, standardize: bool = False) -> dict:
    """``{"km1": θ̂, "km2": θ̂}`` for a mixture sample and a component sample (rows = examples).

    θ̂ estimates the share of the component in the mixture. KM1 uses the threshold
    1/√min(N, M), KM2 the slope threshold 0.8·s₀ + 0.2·δ (module docstring). KM is
    deterministic; ``seed`` is accepted so that every MPE method has the same signature.
    ``standardize=True`` is our deviation from the authors' code (scaled features).

    Parameters
    ----------
    X_mixture : array of shape (N, d)
        The mixture sample (the unlabeled rows).
    X_component : array of shape (M, d)
        The component sample (the labeled rows).
    seed : int, default 0
        Accepted for a common signature; KM is deterministic.
    standardize : bool, default False
        Scale the features to unit variance first (our deviation).

    Returns
    -------
    dict
        ``{"km1": θ̂, "km2": θ̂}``.

    Examples
    --------
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

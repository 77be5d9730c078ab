"""L2-penalized logistic regression as liblinear defines it, solved exactly by Newton's method.

Several weightings of the same rows are solved at once (one row of ``weight`` each), which is what a
leave-one-out loop or an EM step needs. The objective of one problem j is

    ½·Σ_k π_k·b_jk² + C·Σ_i w_ji·[−t_i·log σ(x_i·b_j) − (1 − t_i)·log(1 − σ(x_i·b_j))],

x_i the row with a trailing 1 (the intercept), t_i ∈ [0, 1] the target (a soft target stands for two
rows, one labeled 1 with weight w·t and one labeled 0 with weight w·(1 − t)), π_k = 1 for every
coefficient and, when ``penalize_intercept`` (liblinear's rule, scikit-learn's ``LogisticRegression()``
before 0.22 and ``solver="liblinear"``), for the intercept too; lbfgs leaves the intercept out. The
objective is strictly convex, so Newton's method from any start converges to its one minimum; liblinear
stops at a tolerance of 10⁻⁴ on its way there, this solver at ``tol`` on the coefficients.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from pueval.validation import ArgumentError


def with_intercept(x: np.ndarray) -> np.ndarray:
    """The rows of ``x`` (n × d) with a trailing column of ones."""
    return np.c_[np.asarray(x, dtype=np.float64), np.ones(len(x))]


def fit(x1: np.ndarray, target: np.ndarray, weight: np.ndarray, *, C: float = 1.0, penalize_intercept: bool = True,
        start: np.ndarray | None = None, tol: float = 1e-10, max_iter: int = 100) -> np.ndarray:
    """Coefficients (J × (d + 1), the intercept last) minimizing the module's objective for each row of
    ``weight`` (J × n, non-negative), rows ``x1`` (n × (d + 1), from :func:`with_intercept`) and ``target``
    (n, in [0, 1]). ``start`` warm-starts the iteration (same shape as the result).

    Examples
    --------
    >>> x1 = with_intercept(np.array([[0.0], [1.0], [2.0], [3.0]]))
    >>> b = fit(x1, np.array([0.0, 0.0, 1.0, 1.0]), np.ones((1, 4)), penalize_intercept=False)
    >>> bool(b[0, 0] > 0), bool(abs(b[0, 0] * 1.5 + b[0, 1]) < 1e-9)  # rising, ½ at the symmetric middle
    (True, True)
    """
    weight = np.atleast_2d(np.asarray(weight, dtype=np.float64))
    target = np.asarray(target, dtype=np.float64)
    if weight.shape[1] != x1.shape[0] or target.shape != (x1.shape[0],):
        raise ArgumentError("weight", f"need weight J × {x1.shape[0]} and target of {x1.shape[0]} values, got "
                                      f"{weight.shape} and {target.shape}")
    if not np.isfinite(x1).all():
        raise ArgumentError("x1", "must be finite: a missing or infinite feature value cannot be fitted")
    if (weight < 0).any() or not ((target >= 0) & (target <= 1)).all():
        raise ArgumentError("weight", "weights must be non-negative and targets lie in [0, 1]")
    penalty = np.ones(x1.shape[1])
    penalty[-1] = 1.0 if penalize_intercept else 0.0
    coef = np.zeros((weight.shape[0], x1.shape[1])) if start is None else np.array(start, dtype=np.float64)
    for _ in range(max_iter):
        p = expit(coef @ x1.T)
        gradient = coef * penalty + C * ((p - target) * weight) @ x1
        hessian = np.diag(penalty) + C * np.matmul(x1.T[None] * (weight * p * (1.0 - p))[:, None, :], x1)
        step = np.linalg.solve(hessian, gradient[..., None])[..., 0]
        coef -= step
        if np.abs(step).max() <= tol:
            return coef
    raise RuntimeError(f"logistic regression: Newton's method did not converge in {max_iter} steps")

"""Labeling propensities estimated from the data: SAR-EM (Bekker, Robberechts & Davis 2019).

**Assumption.** Labels are *selected at random* given a few named attributes: a positive is labeled with a
propensity e(x) that depends on the ``propensity_attributes`` alone, through a logistic model, and the class
probability f(x) = P(y = 1 | x) is a logistic model of the ``classification_attributes`` (all columns by
default). Neither is testable from labeled and unlabeled rows alone; with the wrong attributes the estimate
is wrong without warning. An audit (:func:`pueval.propensity.aul_pu_audit`) needs no such assumption.

The definition is the authors' code, ``pu_learn_sar_em`` of ML-KULeuven/SAR-PU (``sarpu/pu_learning.py``,
commit b75f652), with both models their ``LogisticRegressionPU()``: scikit-learn's liblinear logistic
regression, C = 1, the intercept penalized (:func:`pueval.logistic.fit`, solved to optimality rather than to
liblinear's tolerance):

1. start (their ``initialize_simple``): f fitted on labeled-vs-unlabeled with weights 1 − p̄ on labeled and
   p̄ on unlabeled rows (p̄ the labeled share), then e fitted on labeled-vs-unlabeled with weights
   s + (1 − s)·f(x);
2. expectation: P(y = 1 | x, s) = s + (1 − s)·f(1 − e)/(1 − f·e);
3. maximization: e fitted on (x_e, s) weighted by that posterior, f fitted on x_f with the posterior as a
   soft target (their two weighted copies of every row);
4. the expected log-likelihood mean[s·log(f·e) + (1 − s)·(q·log(f(1 − e)) + (1 − q)·log(1 − f))],
   q = f(1 − e)/(1 − f·e);
5. stop after ``max_iter`` maximizations, or once more than ``window`` + 1 have run and, over the last
   ``window``, both the mean absolute least-squares slope of the unlabeled rows' propensities is below
   ``slope_eps`` and the largest log-likelihood gain over the window's first value is below ``ll_eps``.

Their final refit of the classifier with the propensities (``refit_classifier``) changes f only, not e, and
is not made: what is returned is e for :mod:`pueval.propensity` (``propensity=`` of
:func:`pueval.aul_pu_score`), and the posterior class probabilities.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import expit

from pueval import logistic
from pueval.validation import ArgumentError, PosLabel, check_integer, check_labels, check_matrix, is_real

__all__ = ["sar_em", "SarEm", "ConvergenceWarning"]


class ConvergenceWarning(UserWarning):
    """:func:`sar_em` stopped at ``max_iter`` before its stopping rule held (``SarEm.converged`` is False)."""

MAX_ITER = 100_000
"""The most maximizations :func:`sar_em` runs (its authors stop at 500), and the longest ``window``."""


@dataclass(frozen=True)
class SarEm:
    """SAR-EM's result: per row the propensity e(x), the class probability f(x) and the posterior
    P(y = 1 | x, s); the maximizations run, whether the stopping rule was met (rather than ``max_iter``), and
    the log-likelihood after the start and after each maximization."""

    propensity: np.ndarray
    class_probability: np.ndarray
    posterior: np.ndarray
    iterations: int
    converged: bool
    loglikelihoods: np.ndarray


def _columns(value, d: int, name: str) -> np.ndarray:
    """A column selection (indices or a boolean mask over the d columns) as a boolean mask."""
    mask = np.zeros(d, bool)
    values = np.asarray(value)
    if values.dtype == bool:
        if values.shape != (d,):
            raise ArgumentError(name, f"a boolean mask needs {d} values, got shape {values.shape}")
        mask = values.copy()
    else:
        if values.dtype.kind not in "iu" or values.ndim != 1 or ((values < 0) | (values >= d)).any():
            raise ArgumentError(name, f"must be column indices in 0..{d - 1} or a boolean mask, got {value!r}")
        mask[values] = True
    if not mask.any():
        raise ArgumentError(name, "names no column")
    return mask


def _posterior(f: np.ndarray, e: np.ndarray, s: np.ndarray) -> np.ndarray:
    return s + (1 - s) * f * (1.0 - e) / (1.0 - f * e)


def _loglikelihood(f: np.ndarray, e: np.ndarray, s: np.ndarray) -> float:
    unlabeled_positive, negative = f * (1.0 - e), 1.0 - f
    q = unlabeled_positive / (unlabeled_positive + negative)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(s == 1, np.log(f * e),
                         q * np.log(unlabeled_positive) + (1.0 - q) * np.log(negative))
    return float(terms.mean())


def _slopes(window: np.ndarray) -> np.ndarray:
    """Least-squares slope of each row over equidistant columns (their ``slope``)."""
    k = window.shape[1]
    x = np.arange(k) - (k - 1) / 2.0
    return (window - window.mean(axis=1, keepdims=True)) @ x / k / np.square(x).mean()


def sar_em(X: ArrayLike, labels: ArrayLike, propensity_attributes: ArrayLike, *,
           classification_attributes: ArrayLike | None = None, pos_label: PosLabel = 1, max_iter: int = 500,
           window: int = 10, slope_eps: float = 1e-4, ll_eps: float = 1e-4) -> SarEm:
    """Estimate every row's labeling propensity e(x) by SAR-EM (module docstring: its assumption and rules).

    Parameters
    ----------
    X : array of shape (n, d)
        The features.
    labels : array of shape (n,)
        1 (``pos_label``) for a labeled row, anything else for an unlabeled one.
    propensity_attributes : column indices or a boolean mask over the d columns
        The attributes the labeling depends on.
    classification_attributes : column indices or a boolean mask, default all columns
        The attributes of the class model.
    max_iter, window, slope_eps, ll_eps
        The stopping rule (their ``max_its``, ``convergence_window``, ``slope_eps``, ``ll_eps``).

    Returns
    -------
    SarEm
        ``propensity`` is what ``propensity=`` of :func:`pueval.aul_pu_score` reads (absolute).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=(2000, 2))
    >>> y = rng.random(2000) < expit(2 * x[:, 0])
    >>> s = y & (rng.random(2000) < expit(x[:, 1]))         # labeling depends on column 1
    >>> fitted = sar_em(x, s.astype(int), [1])
    >>> bool(np.corrcoef(fitted.propensity[s], expit(x[s, 1]))[0, 1] > 0.9)
    True
    """
    x = check_matrix(X, "X")
    s = check_labels(labels, x.shape[0], name="labels", pos_label=pos_label).astype(np.float64)
    if not 0 < s.sum() < s.size:
        raise ArgumentError("labels", "need both labeled and unlabeled rows")
    e_columns = _columns(propensity_attributes, x.shape[1], "propensity_attributes")
    f_columns = (np.ones(x.shape[1], bool) if classification_attributes is None
                 else _columns(classification_attributes, x.shape[1], "classification_attributes"))
    max_iter = check_integer(max_iter, "max_iter", 1, MAX_ITER)
    window = check_integer(window, "window", 2, MAX_ITER)
    for name, value in (("slope_eps", slope_eps), ("ll_eps", ll_eps)):
        if not is_real(value) or not 0.0 < float(value) < np.inf:
            raise ArgumentError(name, f"must be a positive number, got {value!r}")

    xe, xf = logistic.with_intercept(x[:, e_columns]), logistic.with_intercept(x[:, f_columns])
    ones = np.ones((1, s.size))

    def predict(x1, coef):
        return expit(x1 @ coef[0])

    share = s.mean()
    f_coef = logistic.fit(xf, s, (s * (1 - share) + (1 - s) * share)[None])
    f = predict(xf, f_coef)
    e_coef = logistic.fit(xe, s, (s + (1 - s) * f)[None])
    e = predict(xe, e_coef)
    posterior = _posterior(f, e, s)
    loglikelihoods = [_loglikelihood(f, e, s)]
    unlabeled = s == 0
    closes = window + 1 < max_iter  # else the window never closes: max_iter alone stops, and no window is kept
    recent = np.zeros((int(unlabeled.sum()), window if closes else 0))
    converged, iterations = False, 0
    for iterations in range(max_iter):
        e_coef = logistic.fit(xe, s, posterior[None], start=e_coef)
        f_coef = logistic.fit(xf, posterior, ones, start=f_coef)
        f, e = predict(xf, f_coef), predict(xe, e_coef)
        posterior = _posterior(f, e, s)
        loglikelihoods.append(_loglikelihood(f, e, s))
        if closes:
            recent = np.c_[recent[:, 1:], e[unlabeled]]
        if closes and iterations > window:
            gain = max(loglikelihoods[-window:]) - loglikelihoods[-window]
            if np.abs(_slopes(recent)).mean() < slope_eps and gain < ll_eps:
                converged = True
                break
    if not converged:
        warnings.warn(f"sar_em stopped at max_iter = {max_iter} maximizations before its stopping rule held (the "
                      f"propensities' mean slope over the last {window} below {slope_eps:g} and the log-likelihood's "
                      f"gain below {ll_eps:g}): the propensities may still move; raise max_iter", ConvergenceWarning,
                      stacklevel=2)
    return SarEm(e, f, posterior, iterations + 1, converged, np.array(loglikelihoods))

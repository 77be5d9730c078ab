"""Argument checks shared by the public estimators (scikit-learn's style: ValueError naming the argument)."""

from __future__ import annotations

import numpy as np


def check_matrix(X, name: str) -> np.ndarray:
    """X as a finite 2-D float array with at least one row and one column."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"{name} must be 2-D (rows × features), got {X.ndim}-D")
    if X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"{name} has no rows or no features (shape {X.shape})")
    if not np.isfinite(X).all():
        raise ValueError(f"{name} holds NaN or infinite values")
    return X


def check_mixture_component(X_mixture, X_component) -> tuple[np.ndarray, np.ndarray]:
    """Both samples checked, with the same number of features."""
    X_mixture, X_component = check_matrix(X_mixture, "X_mixture"), check_matrix(X_component, "X_component")
    if X_mixture.shape[1] != X_component.shape[1]:
        raise ValueError(f"X_mixture has {X_mixture.shape[1]} features, X_component {X_component.shape[1]}")
    return X_mixture, X_component


def check_labels(s, n: int | None = None, name: str = "s") -> np.ndarray:
    """1-D 0/1 (or bool) labels with both values present, of length ``n`` when given."""
    s = np.asarray(s)
    if s.ndim != 1 or (n is not None and s.size != n):
        raise ValueError(f"{name} must be 1-D{f' of length {n}' if n is not None else ''}, got shape {s.shape}")
    if not np.isin(s, (0, 1)).all():
        raise ValueError(f"{name} must hold 0 and 1 only")
    if s.all() or not s.any():
        raise ValueError(f"{name} must hold both 0 and 1 (unlabeled and labeled rows)")
    return s.astype(np.int64)


def check_scores(scores, n: int, name: str = "scores") -> np.ndarray:
    """1-D finite scores of length ``n``."""
    scores = np.asarray(scores, dtype=np.float64)
    if scores.shape != (n,):
        raise ValueError(f"{name} must be 1-D of length {n} (one per row of the labels, {n} rows), "
                         f"got shape {scores.shape}")
    if not np.isfinite(scores).all():
        raise ValueError(f"{name} hold NaN or infinite values")
    return scores


def check_fraction(value, name: str, *, closed_high: bool = False) -> float:
    """A finite number in [0, 1) (or [0, 1] with ``closed_high``)."""
    value = float(value)
    if not (0.0 <= value <= 1.0) or (value == 1.0 and not closed_high):
        raise ValueError(f"{name} must lie in [0, 1{']' if closed_high else ')'}, got {value}")
    return value

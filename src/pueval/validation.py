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

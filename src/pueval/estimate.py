"""Per-draw PU estimates: AUL^PU (Eq. 4) and AUC^PU (Eq. 3) beside the ground truth."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics


def truth(y: np.ndarray, scores: np.ndarray) -> dict:
    """n, α and the ground-truth AUC (Eq. 1) and AUL (Eq. 2) on the fully labeled data."""
    return {
        "n": int(y.size),
        "alpha": float(np.mean(y)),
        "auc": metrics.auc(y, scores),
        "aul": metrics.aul(y, scores),
    }


def pu_estimates(y: np.ndarray, scores: np.ndarray, s: np.ndarray) -> pd.DataFrame:
    """One row per draw (rows of the PU label matrix ``s``)."""
    n_l = s.sum(axis=1)
    n_u = y.size - n_l
    return pd.DataFrame(
        {
            "draw": np.arange(s.shape[0]),
            "n_labeled": n_l,
            "n_unlabeled": n_u,
            "theta": (y.sum() - n_l) / n_u,  # true positive fraction among the unlabeled
            "auc_pu": metrics.auc(s, scores),
            "aul_pu": metrics.aul(s, scores),
        }
    )

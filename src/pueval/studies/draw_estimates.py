"""Per-draw PU estimates: AUL^PU (Eq. 4) and AUC^PU (Eq. 3) beside the ground truth."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics


INTERVAL_COLUMNS = ("bbe_lower", "bbe_upper")  # BBE's own interval for θ (DKW_bound at its chosen bin)


def truth(y: np.ndarray, scores: np.ndarray) -> dict:
    """n, α and the ground-truth AUC (Eq. 1) and AUL (Eq. 2) on the fully labeled data."""
    return {
        "n": int(y.size),
        "alpha": float(np.mean(y)),
        "auc": metrics.auc(y, scores),
        "aul": metrics.aul(y, scores),
    }


def pu_estimates(y: np.ndarray, scores: np.ndarray, s: np.ndarray) -> pd.DataFrame:
    """One row per draw (rows of the PU label matrix ``s``), AUC^PU with its standard error
    (:func:`pueval.metrics.auc_pu_standard_error`)."""
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
            "auc_pu_se": [metrics.auc_pu_standard_error(row, scores) for row in s],
        }
    )


def draw_table(y: np.ndarray, scores: np.ndarray, s: np.ndarray, priors, *, dataset: str,
               beta: float) -> pd.DataFrame:
    """Per draw: the truth, AUL^PU, AUC^PU and, for each MPE prior θ̂_m, AUC^est_m (schema ``estimates``).

    ``priors`` is a sequence of (name, frame) with one row per draw, a ``theta`` column (the true θ,
    which must match these draws'), ``theta_<m>`` columns and any of :data:`INTERVAL_COLUMNS` (a method's own
    interval for θ). AUC^est_m is :func:`pueval.metrics.corrected_auc` of AUC^PU with θ̂_m, clipped to [0, 1].
    """
    frame = pu_estimates(y, scores, s)
    frame.insert(0, "beta", beta)
    frame.insert(0, "dataset", dataset)
    for key, value in reversed(truth(y, scores).items()):
        frame.insert(2, key, value)
    for name, mpe in priors:
        if len(mpe) != len(frame) or not np.allclose(mpe["theta"], frame["theta"]):
            raise ValueError(f"{name} was computed on other draws than these")
        for column in [c for c in mpe.columns if c.startswith("theta_")]:
            method = column.removeprefix("theta_")
            frame[column] = mpe[column].to_numpy()
            frame[f"auc_est_{method}"] = metrics.corrected_auc(frame["auc_pu"], mpe[column], clip=True)
        for column in INTERVAL_COLUMNS:
            if column in mpe.columns:
                frame[column] = mpe[column].to_numpy()
    return frame

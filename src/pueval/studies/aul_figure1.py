"""Figure 1 of the AUL paper, from the 20-row table of its Figure 1a (:mod:`pueval.studies.aul_paper`).

(b) the ROC curve beside ROC^PU, (c) the lift curve beside lift^PU, points from :mod:`pueval.curves`; and a
panel the paper lacks: AUL^PU and AUC^PU over all C(10, 5) = 252 ways to label 5 of the table's 10
positives (β = 0.5, SCAR). Over them the mean of AUL^PU is the AUL and its variance Theorem 1's
(n^P − n^L)/(n^P − 1)·σ²/n^L, exactly; AUC^PU's mean is below the AUC.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from pueval import curves, metrics
from pueval.studies import aul_paper

N_LABELED = 5


def table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores, y, s) of the paper's Figure 1a."""
    return (np.asarray(aul_paper.FIGURE1_SCORE), np.asarray(aul_paper.FIGURE1_Y),
            np.asarray(aul_paper.FIGURE1_S))


def all_labelings(y: np.ndarray, n_labeled: int = N_LABELED) -> np.ndarray:
    """Every way to label ``n_labeled`` of the positives of ``y``: shape (C(n^P, n_labeled), n), 0/1."""
    positives = np.flatnonzero(y == 1)
    chosen = np.array(list(combinations(positives, n_labeled)))
    labels = np.zeros((len(chosen), y.size), dtype=np.int64)
    np.put_along_axis(labels, chosen, 1, axis=1)
    return labels


def curves_of_the_table() -> dict[str, curves.Curve]:
    """The four curves of panels (b) and (c)."""
    scores, y, s = table()
    return {"roc": curves.roc_curve(y, scores), "roc_pu": curves.roc_curve(s, scores),
            "lift": curves.lift_curve(y, scores), "lift_pu": curves.lift_curve(s, scores)}


def labelings_frame() -> pd.DataFrame:
    """AUL^PU and AUC^PU of every labeling, and whether it is the paper's."""
    scores, y, s = table()
    labels = all_labelings(y)
    return pd.DataFrame({"aul_pu": metrics.aul(labels, scores), "auc_pu": metrics.auc(labels, scores),
                         "paper": (labels == s).all(axis=1)})


def summary(found: dict[str, curves.Curve], frame: pd.DataFrame) -> pd.DataFrame:
    """One row per quantity: ours (areas of the curves ``found`` by :func:`curves_of_the_table`; over the
    labelings of :func:`labelings_frame` the mean and variance of AUL^PU and the mean of AUC^PU, with
    Theorem 1's variance) beside the paper's printed value."""
    scores, y, _ = table()
    areas = {"auc": "roc", "auc_pu": "roc_pu", "aul": "lift", "aul_pu": "lift_pu"}
    rows = [(name, found[curve].area, aul_paper.FIGURE1_AREAS[name]) for name, curve in areas.items()]
    rows += [("labelings", float(len(frame)), np.nan),
             ("mean aul_pu over labelings", frame["aul_pu"].mean(), np.nan),
             ("variance of aul_pu over labelings", frame["aul_pu"].var(ddof=0), np.nan),
             ("Theorem 1 variance", metrics.aul_pu_variance(y, scores, N_LABELED), np.nan),
             ("mean auc_pu over labelings", frame["auc_pu"].mean(), np.nan)]
    return pd.DataFrame(rows, columns=["quantity", "ours", "paper"])

"""Comparing two models without a prior (:func:`pueval.aul_pu_difference`) checked on every Table 1 draw.

Model A is the model under evaluation; model B the same LightGBM capacity fitted on a small share of
each fold's training rows (config ``paired_difference.train_share``), scored out of fold on the same
rows. On every draw of a (dataset, β): the paired interval for ΔAUL = AUL(A) − AUL(B), whether it
covers the true ΔAUL (from the true classes of all rows), and what it decides: A better (the interval
above 0), B better (below 0) or undecided; a decision is right when it has the sign of the true
ΔAUC = ΔAUL/(1 − α).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics
from pueval.aul_pu import aul_pu_difference


def draw_rows(labeled_draws, scores_a, scores_b, true_difference: float, *, level: float) -> list[dict]:
    """Per draw: the paired interval, whether it covers ``true_difference`` and its decision
    (``"A"``, ``"B"`` or ``"undecided"``)."""
    rows = []
    for d, labeled in enumerate(np.asarray(labeled_draws)):
        result = aul_pu_difference(labeled, scores_a, scores_b, level=level)
        low, high = result.ci
        rows.append({"draw": d, "difference": result.difference, "low": low, "high": high,
                     "p_value": result.p_value, "covered": low <= true_difference <= high, "width": high - low,
                     "decision": "A" if low > 0 else "B" if high < 0 else "undecided"})
    return rows


def summary(frame: pd.DataFrame, level: float) -> pd.DataFrame:
    """Per (dataset, β) and over all datasets per β: the true AUCs and ΔAUL, the coverage of the paired
    interval, its mean width, and the shares of draws decided right, decided wrong and undecided."""
    frame = frame.assign(right=frame["decision"] == frame["truth_sign"],
                         wrong=(frame["decision"] != "undecided") & (frame["decision"] != frame["truth_sign"]),
                         undecided=frame["decision"] == "undecided")
    stats = {"draws": ("covered", "size"), "coverage": ("covered", "mean"), "mean_width": ("width", "mean"),
             "decided_right": ("right", "mean"), "decided_wrong": ("wrong", "mean"),
             "undecided": ("undecided", "mean")}
    truths = ["auc_a", "auc_b", "true_difference"]
    per_setting = frame.groupby(["dataset", "beta", *truths], sort=False).agg(**stats).reset_index()
    overall = frame.groupby("beta", sort=False).agg(**stats).reset_index()
    table = pd.concat([per_setting, overall.assign(dataset="all")], ignore_index=True)
    table.insert(2, "level", level)
    return table


def study(settings, *, level: float) -> pd.DataFrame:
    """:func:`summary` over ``settings``, which yields (dataset, β, (n_draws, n) PU labels, true classes y,
    scores of A, scores of B)."""
    rows = []
    for dataset, beta, draws, y, scores_a, scores_b in settings:
        auc_a, auc_b = float(metrics.auc(y, scores_a)), float(metrics.auc(y, scores_b))
        truth = float(metrics.aul(y, scores_a) - metrics.aul(y, scores_b))
        sign = "A" if auc_a > auc_b else "B" if auc_b > auc_a else "none"
        rows += [{"dataset": dataset, "beta": beta, "auc_a": auc_a, "auc_b": auc_b, "true_difference": truth,
                  "truth_sign": sign, **row}
                 for row in draw_rows(draws, scores_a, scores_b, truth, level=level)]
    return summary(pd.DataFrame(rows), level)

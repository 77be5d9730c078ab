"""The related papers' estimators (:mod:`pueval.related`) on every Table 1 draw, against the truth.

Per draw: AUL^PU, the LL score and AUPRC^PU (no prior), and for each prior (the true θ and each MPE
method's θ̂) Jain et al.'s direct and indirect AUC, their corrected AUPRC, Tabatabaei et al.'s F1
and Claesen et al.'s bounds; each judged against the fully labeled value of its target. F1 and LL
predict positive above a quantile of the scores.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics, related


def truths(y: np.ndarray, scores: np.ndarray, predicted: np.ndarray) -> dict:
    """The fully labeled values each estimator is judged against."""
    precision = float(np.sum(predicted & (y == 1))) / predicted.sum()
    recall = float(np.sum(predicted & (y == 1))) / (y == 1).sum()
    return {"aul": float(metrics.aul(y, scores)), "auc": float(metrics.auc(y, scores)),
            "auprc": related.average_precision(y, scores), "f1": related.f1(y, predicted),
            "ll": precision * recall / y.mean()}


def draw_estimates(s: np.ndarray, scores: np.ndarray, predicted: np.ndarray, priors: dict, level: float) -> list[dict]:
    """One row per (estimator, prior) of one draw: estimator, target, prior, estimate (lower, upper)."""
    ll = related.ll_score(s, predicted)
    rows = [{"estimator": "AUL^PU (this paper)", "target": "aul", "prior": "none",
             "estimate": float(metrics.aul(s, scores))},
            {"estimator": "LL score (Lee & Liu)", "target": "ll", "prior": "none", "estimate": ll},
            {"estimator": "LL score (Lee & Liu)", "target": "f1", "prior": "none", "estimate": ll},
            {"estimator": "AUPRC^PU (labeled vs unlabeled)", "target": "auprc", "prior": "none",
             "estimate": related.average_precision(s, scores)}]
    for prior, theta in priors.items():
        bounds = related.claesen_bounds(s, scores, theta, level)
        rows += [
            {"estimator": "AUC, Jain direct (Eq. 4)", "target": "auc", "prior": prior,
             "estimate": metrics.corrected_auc(metrics.auc(s, scores), theta, clip=True)},
            {"estimator": "AUC, Jain indirect ROC", "target": "auc", "prior": prior,
             "estimate": related.jain_roc_auc(s, scores, theta)},
            {"estimator": "AUPRC, Jain indirect PR (corrected AUPRC)", "target": "auprc", "prior": prior,
             "estimate": related.jain_auprc(s, scores, theta)},
            {"estimator": "F1, Tabatabaei", "target": "f1", "prior": prior,
             "estimate": related.tabatabaei_f1(s, predicted, theta)},
        ]
        for target, (lower, upper) in bounds.items():
            rows.append({"estimator": f"{target.upper()}, Claesen bounds (midpoint)", "target": target,
                         "prior": prior, "estimate": 0.5 * (lower + upper), "lower": lower, "upper": upper})
    return rows


def table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per (estimator, target, prior): needs_prior, MAE overall and per β, and bound coverage/width."""
    frame = frame.assign(error=(frame["estimate"] - frame["truth"]).abs())
    keys = ["estimator", "target", "prior"]
    grouped = frame.groupby(keys, sort=False)
    out = grouped["error"].mean().rename("mae").to_frame()
    per_beta = frame.pivot_table(index=keys, columns="beta", values="error", aggfunc="mean", sort=False)
    per_beta.columns = [f"mae_beta{b:g}" for b in per_beta.columns]
    out = out.join(per_beta)
    if "lower" in frame:
        inside = (frame["lower"] <= frame["truth"] + 1e-12) & (frame["truth"] <= frame["upper"] + 1e-12)
        bounded = frame.assign(inside=inside.where(frame["lower"].notna()), width=frame["upper"] - frame["lower"])
        out = out.join(bounded.groupby(keys, sort=False)[["inside", "width"]].mean().rename(
            columns={"inside": "coverage", "width": "mean_width"}))
    out.insert(0, "needs_prior", out.index.get_level_values("prior") != "none")
    return out.reset_index()


def dataset_frame(y: np.ndarray, scores: np.ndarray, settings, *, dataset: str, level: float,
                  f1_quantile: float) -> pd.DataFrame:
    """Every estimator on every draw of one dataset (schema ``related`` of :mod:`pueval.pipeline.schemas`).

    ``settings`` is a sequence of (s, estimates): the (n_draws, n) PU labels of one β and that β's
    per-draw estimates (``beta``, ``draw``, the true ``theta`` and ``theta_<m>`` of each MPE method).
    F1 and LL predict positive above the ``f1_quantile`` of the scores.
    """
    predicted = scores > np.quantile(scores, f1_quantile)
    rows = []
    for s, estimates in settings:
        priors = ["theta"] + [c for c in estimates.columns if c.startswith("theta_")]
        beta = float(estimates["beta"].iloc[0])
        for d, labeled in enumerate(s):
            thetas = estimates.loc[estimates["draw"] == d, priors].iloc[0]
            named = {("true" if c == "theta" else c.removeprefix("theta_")): float(thetas[c]) for c in priors}
            rows += [{"beta": beta, "draw": d, **row}
                     for row in draw_estimates(labeled, scores, predicted, named, level)]
    frame = pd.DataFrame(rows)
    frame.insert(0, "dataset", dataset)
    frame["truth"] = frame["target"].map(truths(y, scores, predicted))
    return frame

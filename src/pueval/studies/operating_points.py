"""Operating points without a prior (:mod:`pueval.operating`) checked where the truth is known.

* **SCAR, the Table 1 draws**: on every draw of every dataset and β, the threshold of
  :func:`pueval.operating_point` at each target recall and ``level``; its true recall (the share of the
  dataset's positives scored at or above it) reaches the target in at least ``level`` of the draws if the
  guarantee holds, and how far above it lands says what the guarantee costs; the true precision against the
  prior-free bracket (its upper end needs θ ≤ θ_max, the ranking's bound at AUC^PU's lower limit: the draws where
  the true θ exceeds it are counted apart), and the bracket's width.
* **With a prior**: on the same draws, precision at BBE's θ̂ and the interval from BBE's own interval for θ (DKW,
  its level 1 − δ) and the recall interval (:func:`pueval.operating_point` with ``theta=`` and
  ``theta_interval=``; its stated level 1 − δ − (1 − level) by the union bound), against the true precision;
  beside it the baseline that can fail, the plug-in interval that takes θ̂ as exact (θ's interval a point); and how
  often the prior-free bracket's upper end is 1 (says nothing), with its coverage where it is informative.
* **The audit**: on the same draws, m flagged unlabeled rows drawn at random (seeded by the draw's identity),
  the audited precision's interval (:func:`pueval.operating.audited_precision`) against the true precision,
  and the labels a random audit of *all* unlabeled rows would spend to reach the same m flagged ones,
  m·n^U/N on average (N the flagged unlabeled rows).
* **Labels not selected at random**: draws of their own with the SAR study's labeling
  (:func:`pueval.studies.sar.propensities`, strength k), the threshold from the labeled rows alone, weighted
  by the true propensities, and with an audit of ``sar_audit`` unlabeled rows.
* **Calibration** (:func:`pueval.calibration_check`): on each dataset's first draw at the middle β, the
  pipeline's model (σ of its raw scores, a model of the true classes, so the implied c is β if it is
  calibrated) and a Platt model fitted on the PU labels (which predicts P(labeled | x): c near 1, flagged).

Every random choice is seeded by (seed, dataset, β or k, draw, part).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd

from pueval import operating, seeds
from pueval.studies import sar
from pueval.validation import ArgumentError

def scar_rows(dataset: str, beta: float, labeled_draws: np.ndarray, y: np.ndarray, scores: np.ndarray, *,
              targets, level: float, audit_sizes, seed: int, priors: np.ndarray) -> tuple[list[dict], list[dict]]:
    """(per draw and target: the operating point against the truth, and precision from the prior, per draw's row of
    ``priors`` (θ̂, its interval's low and high ends); per draw, target and audit size: the audited precision
    against the truth) on the (draws, n) PU labels of one setting."""
    positives = y == 1
    points, audits = [], []
    for d, labels in enumerate(np.asarray(labeled_draws)):
        labeled = labels == 1
        theta = float(y[~labeled].mean())
        theta_hat, theta_low, theta_high = (float(v) for v in priors[d])
        for target in targets:
            try:
                point = operating.operating_point(labeled, scores, target_recall=target, level=level,
                                                  theta=theta_hat, theta_interval=(theta_low, theta_high))
                plug_in = operating.operating_point(labeled, scores, target_recall=target, level=level,
                                                    theta_interval=(theta_hat, theta_hat)).precision_interval
                bracket = operating.operating_point(labeled, scores, target_recall=target, level=level)
            except ArgumentError as error:  # too few labeled rows to guarantee the target: counted, not hidden
                if error.argument != "target_recall":
                    raise
                points.append({"dataset": dataset, "beta": beta, "draw": d, "target": target, "refused": True})
                continue
            flagged = scores >= point.threshold
            true_precision = float(y[flagged].mean())
            low, high = bracket.precision_bracket
            points.append({"dataset": dataset, "beta": beta, "draw": d, "target": target, "refused": False,
                           "true_recall": float(flagged[positives].mean()), "recall_estimate": point.recall_estimate,
                           "true_precision": true_precision, "precision_low": low, "precision_high": high,
                           "theta_within_bound": theta <= bracket.theta_max, "flagged_share": point.flagged_share,
                           "precision_estimate": point.precision_estimate,
                           "prior_low": point.precision_interval[0], "prior_high": point.precision_interval[1],
                           "plug_in_low": plug_in[0], "plug_in_high": plug_in[1]})
            candidates = np.flatnonzero(flagged & ~labeled)
            for m in audit_sizes:
                if m > candidates.size:
                    continue
                rows = seeds.rng(seed, dataset, beta, d, target, m, "operating-audit").choice(candidates, m,
                                                                                              replace=False)
                audit = np.full(y.size, np.nan)
                audit[rows] = y[rows]
                _, _, (a, b) = operating.audited_precision(labeled, scores, point.threshold, audit,
                                                           level=level)
                audits.append({"dataset": dataset, "beta": beta, "draw": d, "target": target, "audit_size": m,
                               "covered": a <= true_precision <= b, "width": b - a,
                               "random_audit_labels": m * int((~labeled).sum()) / candidates.size})
    return points, audits


def sar_rows(dataset: str, y: np.ndarray, scores: np.ndarray, *, beta: float, strengths, draws: int, targets,
             level: float, audit_size: int, seed: int) -> list[dict]:
    """Per SAR draw, target and variant (labeled rows alone, weighted by the true propensities, with an audit of
    ``audit_size`` unlabeled rows): whether the threshold's true recall reaches the target."""
    positives = y == 1
    rows = []
    for k in strengths:
        e = sar.propensities(y, scores, beta, k)
        for d in range(draws):
            labeled = sar.sar_labels(e, seeds.rng(seed, dataset, k, d, "operating-sar")) == 1
            if labeled.sum() < 2:
                continue
            unlabeled = np.flatnonzero(~labeled)
            audit = np.full(y.size, np.nan)
            chosen = seeds.rng(seed, dataset, k, d, "operating-sar-audit").choice(
                unlabeled, min(audit_size, unlabeled.size), replace=False)
            audit[chosen] = y[chosen]
            variants = {"labeled rows alone": {}, "true propensities": {"propensity": np.where(labeled, e, 1.0)},
                        f"audit of {audit_size}": {"audited": audit}}
            for target in targets:
                for variant, options in variants.items():
                    try:
                        with warnings.catch_warnings():  # few effective rows at large k: the table shows it
                            warnings.simplefilter("ignore")
                            point = operating.operating_point(labeled, scores, target_recall=target, level=level,
                                                              **options)
                    except ValueError:  # too few (effective) labeled rows for the target
                        continue
                    rows.append({"dataset": dataset, "strength": k, "draw": d, "target": target, "variant": variant,
                                 "true_recall": float((scores[positives] >= point.threshold).mean())})
    return rows


def calibration_rows(dataset: str, beta: float, labels: np.ndarray, scores: np.ndarray, *, level: float) -> list[dict]:
    """The calibration check of the pipeline's model (its raw LightGBM scores are log-odds of the true class:
    σ(score)) and of a Platt model fitted on the PU labels (σ(a·score + b), a and b by logistic regression of
    the labels on the score)."""
    from scipy.special import expit

    from pueval import logistic

    x1 = logistic.with_intercept(scores[:, None])
    coef = logistic.fit(x1, labels.astype(float), np.ones((1, labels.size)), penalize_intercept=False)
    rows = []
    for model, probabilities in (("the pipeline's model, sigma(score)", expit(scores)),
                                 ("Platt on the PU labels", expit(x1 @ coef[0]))):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", operating.CalibrationWarning)
            found = operating.calibration_check(labels, probabilities, level=level)
        rows.append({"dataset": dataset, "beta": beta, "model": model, "c": found.c, "c_low": found.c_interval[0],
                     "c_high": found.c_interval[1], "looks_like_p_labeled": found.looks_like_p_labeled,
                     "bins_above": int(found.bins["above"].sum())})
    return rows


def summary(points: pd.DataFrame, audits: pd.DataFrame, sar_found: pd.DataFrame, calibration: pd.DataFrame,
            level: float, *, prior_level: float) -> pd.DataFrame:
    """One table (column ``part``): per β and target over the datasets (and overall), the draws where no threshold
    could guarantee the target (``refused``: too few labeled rows), and over the others the share of draws whose
    true recall reaches the target, the mean true recall, the share of draws whose true precision is in the
    bracket (all, and where θ ≤ θ_max), the exceptions, the bracket's mean width; per audit size, the audited
    interval's coverage, width and the labels a random audit of all unlabeled rows spends; per SAR strength,
    variant and target, the share reaching the target; per dataset and model, the calibration check; per dataset
    and target, precision with and without the prior (:func:`prior_rows`; ``prior_level``, the θ interval's)."""
    refused = points.groupby(["beta", "target"])["refused"].sum()
    refused_all = points.groupby("target")["refused"].sum()
    points = points[~points["refused"].astype(bool)]
    points = points.assign(reached=points["true_recall"] >= points["target"],
                           inside=(points["precision_low"] <= points["true_precision"])
                           & (points["true_precision"] <= points["precision_high"]),
                           width=points["precision_high"] - points["precision_low"])
    rows = []
    for (beta, target), group in [*points.groupby(["beta", "target"]),
                                  *((("all", t), g) for t, g in points.groupby("target"))]:
        premise = group[group["theta_within_bound"]]
        rows.append({"part": "scar", "beta": beta, "target": target, "level": level, "draws": len(group),
                     "refused": int(refused_all[target] if beta == "all" else refused[(beta, target)]),
                     "reached": group["reached"].mean(), "mean_true_recall": group["true_recall"].mean(),
                     "in_bracket": group["inside"].mean(),
                     "in_bracket_where_theta_within_bound": premise["inside"].mean() if len(premise) else math.nan,
                     "exceptions": int((~group["inside"]).sum()), "mean_bracket_width": group["width"].mean()})
    for (size, target), group in audits.groupby(["audit_size", "target"]):
        rows.append({"part": "audit", "audit_size": size, "target": target, "level": level, "draws": len(group),
                     "coverage": group["covered"].mean(), "mean_width": group["width"].mean(),
                     "random_audit_labels": group["random_audit_labels"].mean()})
    for (k, variant, target), group in sar_found.groupby(["strength", "variant", "target"], sort=False):
        rows.append({"part": "sar", "strength": k, "variant": variant, "target": target, "level": level,
                     "draws": len(group), "reached": (group["true_recall"] >= target).mean(),
                     "mean_true_recall": group["true_recall"].mean()})
    rows += [{"part": "calibration", **row} for row in calibration.to_dict("records")]
    return pd.DataFrame(rows + prior_rows(points, level, prior_level))


def prior_rows(points: pd.DataFrame, level: float, prior_level: float) -> list[dict]:
    """Per dataset and target (part ``precision``): the share of draws whose prior-free bracket has upper end 1
    (``uninformative``), its coverage on the others (``informative`` draws: ``in_bracket_informative``) and its stated level
    (``bracket_level``, 1 − 1.5·(1 − level)); the precision interval from θ's interval (``prior_coverage``,
    ``prior_mean_width``) and its stated level (``prior_level`` − (1 − level), the θ interval's ``prior_level``),
    and the plug-in one (``plug_in_coverage``, ``plug_in_mean_width``); the mean absolute error of precision at θ̂
    (``estimate_mae``). Stated levels by the union bound (:mod:`pueval.operating`)."""
    rows = []
    for (dataset, target), group in points.groupby(["dataset", "target"], sort=False):
        informative = group[group["precision_high"] < 1.0]
        truth = group["true_precision"]
        rows.append({"part": "precision", "dataset": dataset, "target": target, "level": level, "draws": len(group),
                     "bracket_level": 1.0 - 1.5 * (1.0 - level), "prior_level": prior_level - (1.0 - level),
                     "uninformative": float((group["precision_high"] >= 1.0).mean()), "informative": len(informative),
                     "in_bracket_informative": informative["inside"].mean() if len(informative) else math.nan,
                     "prior_coverage": ((group["prior_low"] <= truth) & (truth <= group["prior_high"])).mean(),
                     "prior_mean_width": (group["prior_high"] - group["prior_low"]).mean(),
                     "plug_in_coverage": ((group["plug_in_low"] <= truth) & (truth <= group["plug_in_high"])).mean(),
                     "plug_in_mean_width": (group["plug_in_high"] - group["plug_in_low"]).mean(),
                     "estimate_mae": (group["precision_estimate"] - truth).abs().mean()})
    return rows

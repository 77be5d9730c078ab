"""Priors with their uncertainty: how often each interval for θ, and the corrected AUC's interval built on it,
contains the truth on the Table 1 draws.

* The bootstrap interval of every prior estimator (:func:`pueval.mpe.estimate_priors` with
  ``interval="bootstrap"``: labeled and unlabeled rows resampled with replacement, the whole method re-run, a
  row's copies kept in one fold), on the first draws of each (dataset, β): it re-runs the method ``n_boot``
  times a draw, so a subset of the draws (:func:`bootstrap_draws`).
* BBE's own interval (its ``DKW_bound`` at the chosen bin) is on every draw already; mapped through Eq. 4,
  with and without AUC^PU's sampling error (:func:`pueval.metrics.corrected_auc_interval`), it gives an
  interval for the AUC (:func:`corrected_auc_rows`).

:func:`coverage_table` counts, per source and β, the draws, how often the interval holds the truth, its mean
width, and how often it holds its own point estimate (a percentile interval that misses its own estimate is a
biased bootstrap).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics
from pueval.seeds import int_seed
from pueval.validation import ArgumentError

def bootstrap_draws(X, y: np.ndarray, s: np.ndarray, methods, *, seed: int, dataset: str, beta: float,
                    n_boot: int, level: float, options) -> pd.DataFrame:
    """One row per (draw, method) of the PU label matrix ``s`` (the draws to check, one per row): the true θ of
    the draw's unlabeled rows, θ̂ and its bootstrap interval at ``level`` over ``n_boot`` resamples, each method
    run with its ``options`` (:class:`pueval.mpe.PriorOptions`, as the Table 1 estimates ran it). Each draw's
    resamples are seeded by (``seed``, "prior_intervals", ``dataset``, ``beta``, draw), never by job order."""
    from pueval.mpe.priors import estimate_priors

    s = np.asarray(s)
    if s.ndim != 2 or s.shape[1] != y.size:
        raise ArgumentError("s", f"must be a (draws, {y.size}) label matrix, got shape {s.shape}")
    rows = []
    for draw, labeled in enumerate(s.astype(int)):
        found = estimate_priors(X, labeled, list(methods), interval="bootstrap", n_boot=n_boot, level=level,
                                random_state=int_seed(seed, "prior_intervals", dataset, beta, draw),
                                options=options)
        truth = float(y[labeled == 0].mean())
        rows += [{"dataset": dataset, "beta": beta, "draw": draw, "method": m, "theta": truth,
                  "theta_hat": e.theta, "low": e.interval[0], "high": e.interval[1]} for m, e in found.items()]
    return pd.DataFrame(rows)


def corrected_auc_rows(estimates: pd.DataFrame, thetas: pd.DataFrame, *, level: float) -> pd.DataFrame:
    """For each interval for θ in ``thetas`` (:func:`theta_rows`), the corrected AUC's interval
    (:func:`pueval.metrics.corrected_auc_interval`) on the same draw of ``estimates`` (its ``auc_pu``,
    ``auc_pu_se`` and true ``auc``): source "<source>, prior only", from θ's interval alone, and "<source>, with
    sampling", also from AUC^PU ∓ z·SE at ``level``. The truth is the AUC, the estimate Eq. 4 at θ̂ (clipped
    to [0, 1], as Table 1's corrected AUCs)."""
    joined = thetas.merge(estimates[["dataset", "beta", "draw", "auc", "auc_pu", "auc_pu_se"]],
                          on=["dataset", "beta", "draw"], how="left", validate="many_to_one")
    if joined["auc_pu"].isna().any():
        raise ValueError("thetas hold draws that the estimates do not")
    rows = []
    for row in joined.itertuples(index=False):
        point = float(metrics.corrected_auc(row.auc_pu, row.estimate, clip=True))
        for part, se in (("prior only", 0.0), ("with sampling", row.auc_pu_se)):
            low, high = metrics.corrected_auc_interval(row.auc_pu, (row.low, row.high), standard_error=se,
                                                       level=level)
            rows.append({"dataset": row.dataset, "beta": row.beta, "draw": row.draw,
                         "source": f"{row.source}, {part}", "truth": row.auc, "estimate": point,
                         "low": low, "high": high})
    return pd.DataFrame(rows)


def coverage_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per ``source`` and β, then over every β ("all"): the draws, how often [low, high] holds ``truth``
    (coverage), its mean width, and how often it holds ``estimate`` (the interval's own point estimate)."""
    frame = frame.assign(covered=(frame["low"] <= frame["truth"]) & (frame["truth"] <= frame["high"]),
                         own=(frame["low"] <= frame["estimate"]) & (frame["estimate"] <= frame["high"]),
                         width=frame["high"] - frame["low"])
    rows = []
    for source, part in frame.groupby("source", sort=False):
        for beta, group in [*part.groupby("beta"), ("all", part)]:
            rows.append({"source": source, "beta": beta, "draws": len(group), "coverage": group["covered"].mean(),
                         "mean_width": group["width"].mean(), "holds_estimate": group["own"].mean()})
    return pd.DataFrame(rows)


def theta_rows(bootstrap: pd.DataFrame, estimates: pd.DataFrame) -> pd.DataFrame:
    """The intervals for θ in one frame (columns dataset, beta, draw, source, truth, estimate, low, high): every
    method's bootstrap interval (``bootstrap``, :func:`bootstrap_draws`) and BBE's own interval on every draw of
    ``estimates`` (``bbe_lower``, ``bbe_upper``; draws where BBE found no bin left out)."""
    boot = bootstrap.assign(source=bootstrap["method"].map(lambda m: f"{m}, bootstrap"), truth=bootstrap["theta"],
                            estimate=bootstrap["theta_hat"])
    own = estimates.dropna(subset=["bbe_lower", "bbe_upper"])
    own = own.assign(source="bbe, own (DKW)", truth=own["theta"], estimate=own["theta_bbe"], low=own["bbe_lower"],
                     high=own["bbe_upper"])
    columns = ["dataset", "beta", "draw", "source", "truth", "estimate", "low", "high"]
    return pd.concat([boot[columns], own[columns]], ignore_index=True)

"""Theorem 1 of the AUL paper checked on the draws: unbiasedness, variance and tail bounds.

Over the SCAR draws of one (dataset, β): E[AUL^PU] = AUL and
Var[AUL^PU] = (n^P − n^L)/(n^P − 1) · σ²/n^L (:func:`pueval.metrics.aul_pu_variance`).
Chebyshev's inequality gives P(|AUL^PU − AUL| ≥ ε) ≤ Var/ε². The paper prints Var/ε, which is
not a valid bound in general (for Var < ε it is smaller than Var/ε²); both are reported, with
the distribution-free form (1 − β)/(4 n^L ε²) · n^P/(n^P − 1) that uses σ² ≤ 1/4.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics

EPSILONS = (0.005, 0.01, 0.02)


def check(y: np.ndarray, scores: np.ndarray, aul_pu: np.ndarray, n_labeled: int, epsilons=EPSILONS) -> list[dict]:
    """One row per ε: observed mean, variance and tail frequency of AUL^PU against Theorem 1."""
    aul = metrics.aul(y, scores)
    variance = metrics.aul_pu_variance(y, scores, n_labeled)
    n_pos = int(np.sum(y))
    beta = n_labeled / n_pos
    errors = np.asarray(aul_pu) - aul
    draws = errors.size
    base = {
        "draws": draws,
        "n_positive": n_pos,
        "n_labeled": n_labeled,
        "aul": aul,
        "mean_aul_pu": float(np.mean(aul_pu)),
        "mean_error_se": float(np.std(errors, ddof=1) / np.sqrt(draws)) if draws > 1 else np.nan,
        "var_observed": float(np.var(errors, ddof=1)) if draws > 1 else np.nan,
        "var_theorem": variance,
    }
    rows = []
    for eps in epsilons:
        rows.append({
            **base,
            "epsilon": eps,
            "tail_observed": float(np.mean(np.abs(errors) >= eps)),
            "chebyshev": min(1.0, variance / eps**2),
            "paper_bound": variance / eps,
            "quarter_bound": min(1.0, (1 - beta) / (4 * n_labeled * eps**2) * n_pos / (n_pos - 1)),
        })  # fmt: skip
    return rows


def table(estimates: pd.DataFrame, scores_by_dataset: dict, epsilons=EPSILONS) -> pd.DataFrame:
    """Theorem 1 check per (dataset, β, ε) from per-draw estimates and each dataset's scores."""
    rows = []
    for (dataset, beta), part in estimates.groupby(["dataset", "beta"], sort=False):
        scored = scores_by_dataset[dataset]
        n_labeled = int(part["n_labeled"].iloc[0])
        for row in check(scored["label"].to_numpy(), scored["score"].to_numpy(), part["aul_pu"].to_numpy(),
                         n_labeled, epsilons):
            rows.append({"dataset": dataset, "beta": beta, **row})
    return pd.DataFrame(rows)

"""Table 1 of the AUL paper from the per-draw estimates: errors, MAE per setting, distance to the paper.

The estimates frame (:mod:`pueval.studies.draw_estimates`) has one row per (dataset, β, draw) with the
ground truth (``auc``, ``aul``), ``aul_pu`` and, for each MPE method m, the corrected ``auc_est_<m>``.
Errors are AUL^PU − AUL and AUC^est_m − AUC; Table 1's MAE columns are their mean absolute values.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics
from pueval.studies import aul_paper

AUC_EST = "auc_est_"
METHOD_ORDER = ("km1", "km2", "distance", "en", "bbe", "tice")  # the paper's three first; AUL^PU comes last
PAPER_METHODS = aul_paper.PRIOR_SOURCES


def errors(estimates: pd.DataFrame, methods=None) -> pd.DataFrame:
    """Long frame (dataset, beta, draw, method, error): AUL^PU − AUL, then AUC^est_m − AUC for each
    prior source m in ``methods`` (default: every ``auc_est_*`` column)."""
    keys = estimates[["dataset", "beta", "draw"]]
    parts = [keys.assign(method="aul", error=estimates["aul_pu"] - estimates["aul"])]
    for column in estimates.columns:
        method = column.removeprefix(AUC_EST)
        if column.startswith(AUC_EST) and (methods is None or method in methods):
            parts.append(keys.assign(method=method, error=estimates[column] - estimates["auc"]))
    return pd.concat(parts, ignore_index=True)


def method_order(methods) -> list[str]:
    """The paper's order: KM1, KM2, Distance, the other known sources, any others, and AUL last."""
    present = set(methods) - {"aul"}
    return [m for m in METHOD_ORDER if m in present] + sorted(present - set(METHOD_ORDER)) + ["aul"]


def dataset_order(names) -> list[str]:
    """Datasets in order of first appearance (the per-dataset files are read in the config's ``run`` order)."""
    return list(dict.fromkeys(names))


def table1(estimates: pd.DataFrame, methods=PAPER_METHODS) -> pd.DataFrame:
    """Per (dataset, β): n, α, AUC, AUL, the MAE columns of ``methods`` (None: every prior source; Table 1+)
    and AUL^PU, and the paper's values beside ours."""
    truth = estimates.groupby(["dataset", "beta"])[["n", "alpha", "auc", "aul"]].first()
    err = errors(estimates, methods)
    mae = err.assign(abs_error=err["error"].abs()).pivot_table(
        index=["dataset", "beta"], columns="method", values="abs_error", aggfunc="mean"
    )
    mae = mae[method_order(mae.columns)]
    mae.columns = [f"mae_auc_{m}" for m in mae.columns[:-1]] + ["mae_aul"]
    table = truth.join(mae).reset_index()
    reference = aul_paper.table1().set_index(["dataset", "beta"])
    ours = [c for c in table.columns if c in reference.columns]
    table = table.join(reference[ours].add_prefix("paper_"), on=["dataset", "beta"])
    order = {name: i for i, name in enumerate(dataset_order(estimates["dataset"]))}
    table = table.sort_values(["dataset", "beta"], key=lambda s: s.map(order) if s.name == "dataset" else s)
    return table.reset_index(drop=True)


def interval_coverage(estimates: pd.DataFrame, low: str = "bbe_lower", high: str = "bbe_upper") -> pd.DataFrame:
    """Per β and over all draws: how often a method's own interval [``low``, ``high``] for θ contains the true θ,
    its mean width, and the draws without an interval (none is given where BBE finds no bin)."""
    has = estimates[low].notna() & estimates[high].notna()
    frame = estimates.assign(covered=(estimates[low] <= estimates["theta"]) & (estimates["theta"] <= estimates[high]),
                             width=estimates[high] - estimates[low], has=has)
    rows = []
    for beta, part in [*frame.groupby("beta"), ("all", frame)]:
        given = part[part["has"]]
        rows.append({"beta": beta, "draws": len(part), "without_interval": int((~part["has"]).sum()),
                     "coverage": float(given["covered"].mean()) if len(given) else float("nan"),
                     "mean_width": float(given["width"].mean()) if len(given) else float("nan")})
    return pd.DataFrame(rows)


def distance(table: pd.DataFrame) -> pd.DataFrame:
    """How far our Table 1 is from the paper's: rows (check, ours, paper).

    ``table`` is :func:`table1` (our ``mae_*`` columns with ``paper_mae_*`` beside).
    For each MAE column, the mean |ours − paper| over the settings; for each AUC^est column, in
    how many settings AUL^PU's MAE is below it; and mean MAE_AUL / mean MAE_Distance. Only the
    settings the paper has count (a dataset of the user's own has no paper values).
    """
    mae = [c for c in table.columns if c.startswith("mae_")]
    missing = [c for c in mae if f"paper_{c}" not in table.columns]
    if missing:
        raise ValueError(f"table lacks the paper's values of {missing}")
    table = table[table["paper_mae_aul"].notna()]
    if table.empty:
        return pd.DataFrame(columns=["check", "ours", "paper"])
    rows = [{"check": f"mean |ours - paper| of {c}", "ours": float((table[c] - table[f"paper_{c}"]).abs().mean()),
             "paper": float("nan")} for c in mae]
    settings = len(table)
    for c in (c for c in mae if c != "mae_aul"):
        rows.append({"check": f"settings with mae_aul < {c} (of {settings})",
                     "ours": float((table["mae_aul"] < table[c]).sum()),
                     "paper": float((table["paper_mae_aul"] < table[f"paper_{c}"]).sum())})
    if "mae_auc_distance" in mae:
        rows.append({"check": "mean mae_aul / mean mae_auc_distance",
                     "ours": float(table["mae_aul"].mean() / table["mae_auc_distance"].mean()),
                     "paper": float(table["paper_mae_aul"].mean() / table["paper_mae_auc_distance"].mean())})
    return pd.DataFrame(rows)


def error_summary(estimates: pd.DataFrame, methods=PAPER_METHODS) -> pd.DataFrame:
    """The error distributions behind Table 1 and Figure 2: one row per (dataset, β, method), β ``"all"`` pooling a
    dataset's β (Figure 2's box of 150 draws), methods as :func:`errors` names them (``aul`` for AUL^PU).

    Columns: ``draws``; ``mean_error`` with its Monte-Carlo standard error ``se_mean_error`` (sd/√draws);
    ``q1``, ``median``, ``q3`` and ``iqr`` (NumPy's linear quantiles, as matplotlib's boxes); ``mae`` (Table 1's
    cell) with ``se_mae`` (the sd of |error| over √draws); ``clipped_share``, the share of draws whose corrected
    AUC lies at 0 or 1 (clipped to [0, 1], :func:`pueval.metrics.corrected_auc`; 0 for AUL^PU); and the same
    mean and IQR over the ``unclipped`` corrected AUC, (AUC^PU − θ̂/2)/(1 − θ̂) as Eq. 4 gives it (AUL^PU's
    equal to the clipped ones)."""
    err = errors(estimates, methods)
    unclipped, clipped = [], []  # per method, in the order errors() stacks them
    for method in err["method"].unique():
        if method == "aul":
            unclipped.append(estimates["aul_pu"] - estimates["aul"])
            clipped.append(np.zeros(len(estimates), bool))
        else:
            theta = estimates[f"theta_{method}"]
            unclipped.append(metrics.corrected_auc(estimates["auc_pu"], theta.clip(upper=1 - 1e-12),
                                                   unidentified="raw") - estimates["auc"])
            clipped.append(estimates[f"{AUC_EST}{method}"].isin([0.0, 1.0]).to_numpy())
    err = err.assign(unclipped=np.concatenate(unclipped), clipped=np.concatenate(clipped))
    pooled = err.assign(beta="all")
    rows = []
    for (dataset, beta, method), part in pd.concat([err.astype({"beta": object}), pooled]).groupby(
            ["dataset", "beta", "method"], sort=False):
        e, u = part["error"].to_numpy(), part["unclipped"].to_numpy()
        q1, median, q3 = np.quantile(e, [0.25, 0.5, 0.75])
        uq1, uq3 = np.quantile(u, [0.25, 0.75])
        root = np.sqrt(e.size)
        rows.append({"dataset": dataset, "beta": beta, "method": method, "draws": e.size,
                     "mean_error": e.mean(), "se_mean_error": e.std(ddof=1) / root if e.size > 1 else np.nan,
                     "q1": q1, "median": median, "q3": q3, "iqr": q3 - q1, "mae": np.abs(e).mean(),
                     "se_mae": np.abs(e).std(ddof=1) / root if e.size > 1 else np.nan,
                     "clipped_share": part["clipped"].mean(), "mean_error_unclipped": u.mean(),
                     "iqr_unclipped": uq3 - uq1})
    return pd.DataFrame(rows)


def km_standardized(estimates: pd.DataFrame, standardized: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, β): Table 1's KM cells as the authors' code computes them (raw features) beside KM1/KM2 on
    standardized features (the ``mpe.km.standardize`` deviation), each the MAE of the corrected AUC (clipped to
    [0, 1], as Table 1's) over the same draws, with the paper's value and each one's distance to it.

    ``estimates``: the estimates rows of those datasets (``auc``, ``auc_pu``, ``auc_est_km1``, ``auc_est_km2``,
    ``aul``, ``aul_pu``, ``draw``); ``standardized``: KM files' rows (``dataset``, ``beta``, ``draw``,
    ``theta_km1``, ``theta_km2``) of the same draws."""
    theirs = standardized[["dataset", "beta", "draw", "theta_km1", "theta_km2"]].rename(
        columns={"theta_km1": "theta_km1_std", "theta_km2": "theta_km2_std"})
    merged = estimates.merge(theirs, on=["dataset", "beta", "draw"], validate="one_to_one")
    if len(merged) != len(estimates):
        raise ValueError("the standardized KM files do not hold every draw of the estimates")
    rows = []
    reference = aul_paper.table1().set_index(["dataset", "beta"])
    for (dataset, beta), part in merged.groupby(["dataset", "beta"], sort=False):
        row = {"dataset": dataset, "beta": beta, "draws": len(part),
               "mae_aul": float((part["aul_pu"] - part["aul"]).abs().mean())}
        for method in ("km1", "km2"):
            corrected = metrics.corrected_auc(part["auc_pu"], part[f"theta_{method}_std"], clip=True)
            row[f"mae_auc_{method}"] = float((part[f"auc_est_{method}"] - part["auc"]).abs().mean())
            row[f"mae_auc_{method}_standardized"] = float(np.mean(np.abs(corrected - part["auc"])))
            paper = reference[f"mae_auc_{method}"].get((dataset, beta), np.nan)
            row[f"paper_mae_auc_{method}"] = float(paper)
            row[f"distance_{method}"] = abs(row[f"mae_auc_{method}"] - paper)
            row[f"distance_{method}_standardized"] = abs(row[f"mae_auc_{method}_standardized"] - paper)
        rows.append(row)
    return pd.DataFrame(rows)

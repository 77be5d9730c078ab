"""Table 1 of the AUL paper, as printed, for side-by-side comparison with our numbers."""

from __future__ import annotations

import io

import pandas as pd

_TABLE1 = """\
dataset,n,alpha,beta,auc,aul,mae_auc_km1,mae_auc_km2,mae_auc_distance,mae_aul
abalone,4177,0.498,0.1,0.807,0.654,0.065,0.035,0.037,0.014
abalone,4177,0.498,0.2,0.807,0.654,0.043,0.043,0.031,0.008
abalone,4177,0.498,0.4,0.807,0.654,0.027,0.054,0.034,0.005
airfoil,1503,0.483,0.1,0.845,0.678,0.110,0.088,0.093,0.019
airfoil,1503,0.483,0.2,0.845,0.678,0.087,0.048,0.064,0.012
airfoil,1503,0.483,0.4,0.845,0.678,0.057,0.026,0.041,0.009
anuran,4000,0.614,0.1,0.887,0.649,0.058,0.070,0.073,0.011
anuran,4000,0.614,0.2,0.887,0.649,0.054,0.040,0.065,0.007
anuran,4000,0.614,0.4,0.887,0.649,0.055,0.024,0.026,0.004
concrete,1030,0.472,0.1,0.875,0.698,0.091,0.113,0.100,0.022
concrete,1030,0.472,0.2,0.875,0.698,0.096,0.066,0.061,0.016
concrete,1030,0.472,0.4,0.875,0.698,0.105,0.041,0.083,0.009
landsat,4435,0.242,0.1,0.756,0.694,0.018,0.018,0.049,0.015
landsat,4435,0.242,0.2,0.756,0.694,0.014,0.012,0.030,0.011
landsat,4435,0.242,0.4,0.756,0.694,0.010,0.008,0.010,0.007
mushroom,4000,0.518,0.1,0.942,0.713,0.028,0.066,0.042,0.011
mushroom,4000,0.518,0.2,0.942,0.713,0.021,0.028,0.030,0.006
mushroom,4000,0.518,0.4,0.942,0.713,0.027,0.018,0.026,0.004
pageblock,4000,0.898,0.1,0.891,0.54,0.177,0.300,0.201,0.011
pageblock,4000,0.898,0.2,0.891,0.54,0.110,0.249,0.183,0.008
pageblock,4000,0.898,0.4,0.891,0.54,0.111,0.159,0.163,0.005
spambase,4601,0.394,0.1,0.841,0.706,0.111,0.068,0.037,0.014
spambase,4601,0.394,0.2,0.841,0.706,0.084,0.106,0.018,0.008
spambase,4601,0.394,0.4,0.841,0.706,0.056,0.131,0.008,0.005
waveform,4000,0.329,0.1,0.926,0.785,0.074,0.073,0.105,0.009
waveform,4000,0.329,0.2,0.926,0.785,0.073,0.074,0.025,0.005
waveform,4000,0.329,0.4,0.926,0.785,0.064,0.074,0.028,0.004
"""


PRIOR_SOURCES = ("km1", "km2", "distance")  # the MPE methods of the paper's Table 1, Figure 2 and Figure 3


def table1() -> pd.DataFrame:
    """The paper's Table 1, one row per (dataset, β)."""
    return pd.read_csv(io.StringIO(_TABLE1))


def dataset_truth() -> pd.DataFrame:
    """The paper's n, α, AUC and AUL per dataset."""
    return table1().drop_duplicates("dataset").set_index("dataset")[["n", "alpha", "auc", "aul"]]


def distance(table: pd.DataFrame) -> pd.DataFrame:
    """How far our Table 1 is from the paper's: rows (check, ours, paper).

    ``table`` is :func:`pueval.report.table1` (our ``mae_*`` columns with ``paper_mae_*`` beside).
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


def distance_markdown(frame: pd.DataFrame) -> str:
    """The :func:`distance` block as Markdown (counts as integers, the rest to 4 decimals)."""

    def fmt(value, check):
        if pd.isna(value):
            return "–"
        return f"{value:.0f}" if check.startswith("settings") else f"{value:.4f}"

    if frame.empty:
        return "Distance to the paper: no setting of this run is in the paper.\n"
    lines = ["Distance to the paper (over the settings of this run):", "", "| check | ours | paper |", "|---|---|---|"]
    lines += [f"| {r.check} | {fmt(r.ours, r.check)} | {fmt(r.paper, r.check)} |" for r in frame.itertuples()]
    return "\n".join(lines) + "\n"

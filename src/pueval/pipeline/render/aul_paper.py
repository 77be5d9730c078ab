"""The AUL paper's figures and tables: Figure 1, Figure 2 and 2+ (error boxes per dataset and prior
source), Figure 3 (PU_AUC against PU_AUL), the cost of the estimators; Table 1+'s claim counts, the
coverage of BBE's interval and the distance to the paper."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval.pipeline.render.common import (  # noqa: F401 (save: the steps save through their paper's module)
    MATHTEXT,
    _group_positions,
    _labels,
    _pipe_table,
    plt,
    save,
)
from pueval.studies.table1 import PAPER_METHODS, dataset_order, errors, method_order

METHOD_LABELS = {"km1": "AUC$^{est}_{KM1}$", "km2": "AUC$^{est}_{KM2}$", "distance": "AUC$^{est}_{Distance}$",
                 "en": "AUC$^{est}_{EN}$", "bbe": "AUC$^{est}_{BBE}$", "tice": "AUC$^{est}_{TIcE}$",
                 "aul": "AUL$^{PU}$"}  # fmt: skip


FIGURE2_PLUS_TITLE = "Estimation error over all β and draws, every prior source (Figure 2+)"


def figure2(estimates: pd.DataFrame, titles: dict | None = None, methods=PAPER_METHODS,
            title: str = "Estimation error over all β and draws (Figure 2)") -> plt.Figure:
    """Figure 2: error boxes per dataset and method over all β and draws (``methods`` as in :func:`table1`).

    Box = quartiles, line = median, whiskers = min and max, black diamond = mean.
    """
    err = errors(estimates, methods)
    datasets = dataset_order(err["dataset"].unique())
    methods = method_order(err["method"].unique())
    width, member_positions = _group_positions(len(datasets), len(methods))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.5 * len(datasets)), 4.5))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for j, (method, positions) in enumerate(zip(methods, member_positions)):
        data = [err.loc[(err.dataset == d) & (err.method == method), "error"].to_numpy() for d in datasets]
        ax.boxplot(
            data,
            positions=positions,
            widths=width * 0.85,
            whis=(0, 100),
            showmeans=True,
            showfliers=False,
            patch_artist=True,
            boxprops={"facecolor": colors[j % len(colors)], "alpha": 0.6},
            medianprops={"color": "black"},
            meanprops={"marker": "D", "markerfacecolor": "black", "markeredgecolor": "black", "markersize": 4},
            label=METHOD_LABELS.get(method, method),
        )
    ax.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(np.arange(len(datasets)), _labels(datasets, titles), rotation=30)
    ax.set_ylabel("estimate − ground truth")
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    return fig


def cost_figure(cost: pd.DataFrame) -> plt.Figure:
    """Seconds per estimate against n (log-log), one line per method."""
    fig, ax = plt.subplots(figsize=(5.0, 3.6))
    for method, part in cost.groupby("method", sort=False):
        ax.plot(part["n"], part["seconds"], marker="o", label=MATHTEXT.get(method, method))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(f"rows n ({cost['features'].iloc[0]} features)")
    ax.set_ylabel("CPU seconds per estimate")
    ax.set_title("Cost of one estimate (Section 4.2)")
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def figure3(runs: pd.DataFrame, titles: dict | None = None) -> plt.Figure:
    """Figure 3: test AUC (mean ± sd over repetitions) of PU_AUC and PU_AUL per dataset, and train seconds."""
    datasets = dataset_order(runs["dataset"].unique())
    methods = sorted(runs["method"].unique())
    stats = runs.groupby(["dataset", "method"]).agg(auc=("auc", "mean"), sd=("auc", "std"),
                                                    seconds=("train_seconds", "mean"))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(6.0, 1.2 * len(datasets)), 6.0), sharex=True,
                                      gridspec_kw={"height_ratios": [2, 1]})
    width, member_positions = _group_positions(len(datasets), len(methods))
    for method, offset in zip(methods, member_positions):
        part = stats.xs(method, level="method").reindex(datasets)
        top.bar(offset, part["auc"], width, yerr=part["sd"].fillna(0.0), capsize=3, label=method)
        bottom.bar(offset, part["seconds"], width, label=method)
    low, high = (stats["auc"] - stats["sd"].fillna(0.0)).min(), (stats["auc"] + stats["sd"].fillna(0.0)).max()
    top.set_ylim(max(0.0, low - 0.05), max(1.0, high) + 0.01)  # no error bar cut by the axis
    top.set_ylabel("test AUC (mean ± sd)")
    top.set_title(f"PU_AUC vs PU_AUL, β = {runs['beta'].iloc[0]:g}, {runs['rep'].nunique()} repetitions (Figure 3)")
    top.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    bottom.set_yscale("log")
    bottom.set_ylabel("train seconds")
    bottom.set_xticks(np.arange(len(datasets)), _labels(datasets, titles), rotation=30)
    fig.tight_layout()
    return fig


def figure1_figure(found: dict, labelings: pd.DataFrame, summary: pd.DataFrame) -> plt.Figure:
    """The AUL paper's Figure 1 (b, c) and the 252 labelings of its table (d): ``found`` the curves of
    :func:`pueval.studies.aul_figure1.curves_of_the_table`, ``labelings`` and ``summary`` its frames."""
    values = summary.set_index("quantity")
    fig, (roc, lift, spread) = plt.subplots(1, 3, figsize=(15.0, 4.4))

    def legend(name):
        return f"{values.loc[name, 'ours']:.3f} (paper {values.loc[name, 'paper']:.3f})"

    roc.plot(found["roc"].x, found["roc"].y, color="C0", label=f"ROC, true labels y: AUC {legend('auc')}")
    roc.plot(found["roc_pu"].x, found["roc_pu"].y, color="C3", ls="--",
             label=f"ROC$^{{PU}}$, labels s: AUC$^{{PU}}$ {legend('auc_pu')}")
    roc.set(xlabel="false positive rate", ylabel="true positive rate", title="(b) ROC curves")
    lift.plot(found["lift"].x, found["lift"].y, color="C0", label=f"lift, true labels y: AUL {legend('aul')}")
    lift.plot(found["lift_pu"].x, found["lift_pu"].y, color="C3", ls="--",
              label=f"lift$^{{PU}}$, labels s: AUL$^{{PU}}$ {legend('aul_pu')}")
    lift.set(xlabel="share of rows scored at least the threshold", ylabel="true positive rate",
             title="(c) lift curves")
    for ax in (roc, lift):
        ax.plot([0, 1], [0, 1], color="0.75", lw=0.8)
        ax.set(xlim=(0, 1), ylim=(0, 1.02))
        ax.legend(fontsize="small", loc="lower right")
    bins = np.linspace(0.35, 0.95, 31)
    spread.hist(labelings["aul_pu"], bins=bins, alpha=0.6, color="C0", label="AUL$^{PU}$")
    spread.hist(labelings["auc_pu"], bins=bins, alpha=0.6, color="C3", label="AUC$^{PU}$")
    spread.axvline(values.loc["aul", "ours"], color="C0", lw=2,
                   label=f"AUL = mean AUL$^{{PU}}$ = {values.loc['mean aul_pu over labelings', 'ours']:.3f}")
    spread.axvline(values.loc["auc", "ours"], color="black", lw=1.2, label=f"AUC = {values.loc['auc', 'ours']:.3f}")
    spread.axvline(values.loc["mean auc_pu over labelings", "ours"], color="C3", lw=2,
                   label=f"E[AUC$^{{PU}}$] = {values.loc['mean auc_pu over labelings', 'ours']:.3f}")
    paper = labelings[labelings["paper"]].iloc[0]
    spread.plot([paper["aul_pu"], paper["auc_pu"]], [0.5, 0.5], "v", color="black", ms=8,
                label="the paper's labeling")
    spread.set(xlabel="value over the labeling", ylabel="labelings",
               title=f"(d) all {len(labelings)} labelings of 5 of the 10 positives")
    spread.legend(fontsize="x-small", loc="upper left")
    fig.tight_layout()
    return fig


TABLE1_PLUS_TITLE = ("Table 1+: the MAE of AUC^PU corrected with every prior source, the paper's three (KM1, KM2, "
                     "Distance) and EN, BBE, TIcE; our value (paper's value where it has one).")


def claims(table: pd.DataFrame) -> str:
    """Markdown: in how many settings AUL^PU's MAE is below each corrected AUC's (a Table 1(+) frame)."""
    lines = ["| prior source | settings with MAE(AUL^PU) < MAE(AUC^est) | mean MAE(AUC^est) | mean MAE(AUL^PU) |",
             "|---|---|---|---|"]
    for column in (c for c in table.columns if c.startswith("mae_auc_")):
        wins = int((table["mae_aul"] < table[column]).sum())
        lines.append(f"| {column.removeprefix('mae_auc_')} | {wins} of {len(table)} | {table[column].mean():.4f} | "
                     f"{table['mae_aul'].mean():.4f} |")
    return "\n".join(lines) + "\n"


def interval_markdown(coverage: pd.DataFrame, delta: float) -> str:
    """Markdown: the coverage of BBE's own interval for θ (:func:`pueval.studies.table1.interval_coverage`)."""
    return "\n".join([
        f"Priors with their uncertainty: BBE's own interval for θ (DKW_bound at its chosen bin, δ = {delta:g}, so "
        f"{1 - delta:.0%} nominal), how often it contains the true θ over the draws, and its mean width:", "",
        *_pipe_table(coverage), ""])


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


def km_standardized_markdown(table: pd.DataFrame) -> str:
    """Markdown of :func:`pueval.studies.table1.km_standardized`: which of raw or standardized features drives the
    distance of Table 1's KM cells from the paper's."""
    shown = table[["dataset", "beta", "draws", "paper_mae_auc_km1", "mae_auc_km1", "mae_auc_km1_standardized",
                   "paper_mae_auc_km2", "mae_auc_km2", "mae_auc_km2_standardized", "mae_aul"]]
    return "\n".join([
        "Table 1's KM cells as the authors' code computes them (the features as they come) beside KM1 and KM2 on "
        "standardized features (each column to mean 0 and variance 1: our deviation, `mpe.km.standardize`), on "
        "the datasets of `mpe.km.standardized_datasets`: the MAE of the corrected AUC (clipped to [0, 1]) over "
        "the same draws, the paper's value first, AUL^PU's MAE last. A column nearer the paper's says which "
        "features the paper's KM saw.", "",
        *_pipe_table(shown.astype({"draws": int})), ""])

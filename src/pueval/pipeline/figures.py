"""Every figure of the pipeline, drawn from the studies' frames (matplotlib, Agg backend).

The AUL paper's: Figure 1, Figure 2 and 2+ (error boxes per dataset and prior source), Figure 3 (PU_AUC
against PU_AUL), Theorem 1 on the draws; its extensions: the cost of the estimators, the coverage of the
AUL^PU interval, the paired difference, the SAR study (the corrected AUCs, and the estimates without SCAR);
and the related papers' figures (Jain et al., Claesen et al., Tabatabaei et al., McDermott et al.).
:func:`save` writes PNG and PDF byte for byte the same on every run.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from pueval import curves, metrics  # noqa: E402
from pueval.studies.table1 import PAPER_METHODS, dataset_order, errors, method_order  # noqa: E402

METHOD_LABELS = {"km1": "AUC$^{est}_{KM1}$", "km2": "AUC$^{est}_{KM2}$", "distance": "AUC$^{est}_{Distance}$",
                 "en": "AUC$^{est}_{EN}$", "bbe": "AUC$^{est}_{BBE}$", "tice": "AUC$^{est}_{TIcE}$",
                 "aul": "AUL$^{PU}$"}  # fmt: skip
FIGURE2_PLUS_TITLE = "Estimation error over all β and draws, every prior source (Figure 2+)"


def save(figure, paths) -> None:
    """PNG and PDF, byte for byte the same on every run (no creation date in the PDF)."""
    for path in paths:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        metadata = {"CreationDate": None} if str(path).endswith(".pdf") else None
        figure.savefig(path, dpi=150, bbox_inches="tight", metadata=metadata)


def _group_positions(n_groups: int, n_members: int) -> tuple[float, list[np.ndarray]]:
    """(width, x positions of member j in every group): members side by side around each group's tick."""
    width = 0.8 / n_members
    return width, [np.arange(n_groups) + (j - (n_members - 1) / 2) * width for j in range(n_members)]


def _labels(datasets, titles: dict | None) -> list[str]:
    """Tick labels: each dataset's title (config key ``datasets.<name>.title``), else its name."""
    return [(titles or {}).get(d, d) for d in datasets]


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


MATHTEXT = {"AUL^PU": "AUL$^{PU}$", "AUC^PU": "AUC$^{PU}$", "AUPRC^PU": "AUPRC$^{PU}$"}  # names typeset in figures


def _legend_below(fig: plt.Figure, *axes) -> None:
    """One legend of the entries of ``axes`` (each label once) under the panels, off the data."""
    entries = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            entries.setdefault(label, handle)
    fig.legend(list(entries.values()), list(entries), loc="lower center", ncol=len(entries), fontsize="small",
               frameon=False)
    fig.tight_layout(rect=(0.0, 0.07, 1.0, 1.0))


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


def theorem1_figure(check: pd.DataFrame) -> plt.Figure:
    """Theorem 1 on the draws: observed against predicted variance, and tails against bounds."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10.0, 4.2))
    per_setting = check.drop_duplicates(["dataset", "beta"])
    for beta, part in per_setting.groupby("beta"):
        left.scatter(part["var_theorem"], part["var_observed"], label=f"β = {beta:g}", s=18)
    low = min(per_setting["var_theorem"].min(), per_setting["var_observed"].min())
    high = max(per_setting["var_theorem"].max(), per_setting["var_observed"].max())
    left.plot([low, high], [low, high], color="grey", linewidth=0.8, linestyle="--")
    left.set_xscale("log")
    left.set_yscale("log")
    for axis in (left.xaxis, left.yaxis):
        axis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    left.set_xlabel("Var[AUL$^{PU}$], Theorem 1")
    left.set_ylabel("variance over the draws")
    left.set_title("Variance (each point: dataset × β)")
    left.legend(fontsize="small")
    for eps, part in check.groupby("epsilon"):
        right.scatter(part["chebyshev"], part["tail_observed"], label=f"ε = {eps:g}", s=18)
    right.plot([0, 1], [0, 1], color="grey", linewidth=0.8, linestyle="--")
    right.set_xlabel("Chebyshev bound Var/ε$^2$ (capped at 1)")
    right.set_ylabel("P(|AUL$^{PU}$ − AUL| ≥ ε) over the draws")
    right.set_title("Tail frequency against its bound")
    right.legend(fontsize="small")
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


def aul_interval_figure(table: pd.DataFrame, titles: dict | None = None) -> plt.Figure:
    """Observed coverage of the prior-free AUL^PU intervals per dataset and β (one panel per method)."""
    methods = list(dict.fromkeys(table["method"]))
    fig, axes = plt.subplots(1, len(methods), figsize=(5.5 * len(methods), 3.8), sharey=True, squeeze=False)
    for ax, method in zip(axes[0], methods):
        part = table[table["method"] == method]
        datasets = [*dataset_order(d for d in part["dataset"] if d != "all"), "all"]
        betas = sorted(part["beta"].unique())
        width, member_positions = _group_positions(len(datasets), len(betas))
        for beta, positions in zip(betas, member_positions):
            values = part[part["beta"] == beta].set_index("dataset")["coverage"].reindex(datasets)
            ax.bar(positions, values, width, label=f"β = {beta:g}")
        ax.axhline(float(part["level"].iloc[0]), color="black", linewidth=0.8, linestyle="--", label="nominal")
        ax.set_xticks(np.arange(len(datasets)), _labels(datasets, titles), rotation=30)
        ax.set_ylim(max(0.0, float(part["coverage"].min()) - 0.05), 1.0)
        ax.set_title(f"{method} interval")
    axes[0][0].set_ylabel("coverage of the true AUL over the draws")
    _legend_below(fig, axes[0][0])
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


JAIN_COLORS = {"PU": "C3", "DR": "C2", "IR": "C1", "DE": "C4", "IE": "C0"}


def _boxes(ax, groups: list, estimators, values) -> None:
    """Box plots of ``values(group, estimator)`` grouped by ``groups``, one colour per estimator."""
    width, member_positions = _group_positions(len(groups), len(estimators))
    for name, positions in zip(estimators, member_positions):
        box = ax.boxplot([values(g, name) for g in groups], positions=positions, widths=width * 0.9,
                         patch_artist=True, showfliers=False, manage_ticks=False, whis=(5, 95),
                         medianprops={"color": "black"})
        for patch in box["boxes"]:
            patch.set_facecolor(JAIN_COLORS[name])
        ax.plot([], [], color=JAIN_COLORS[name], lw=6, label=name)
    ax.axhline(0.0, color="black", lw=0.8, ls="--")
    ax.set_xticks(np.arange(len(groups)))


def jain_figure2(frame: pd.DataFrame, bins: pd.Series, names: tuple) -> plt.Figure:
    """Their Figure 2 on our data: the error of the AUC (a, b) and AUC-PR (c, d) estimators by β (left)
    and by bins of the prior error (right); boxes = quartiles, whiskers = 5th and 95th percentiles."""
    from pueval.studies.jain import AUC_ESTIMATORS, PR_ESTIMATORS

    fig, axes = plt.subplots(2, 2, figsize=(12.0, 8.0))
    purities = sorted(frame["purity"].unique(), reverse=True)
    for row, (metric, estimators, label) in enumerate((("auc", AUC_ESTIMATORS, "AUC"),
                                                       ("pr", PR_ESTIMATORS, "AUC-PR"))):
        by_beta, by_bin = axes[row]
        _boxes(by_beta, purities, estimators,
               lambda b, name: frame.loc[frame["purity"] == b, f"error_{metric}_{name}"].dropna())
        by_beta.set_xticklabels([f"β = {b:g}" for b in purities])
        by_beta.set_ylabel(f"{label} error (estimate − truth)")
        _boxes(by_bin, list(names), estimators,
               lambda g, name: frame.loc[bins == g, f"error_{metric}_{name}"].dropna())
        counts = bins.value_counts()
        by_bin.set_xticklabels([f"{g}\n({counts.get(g, 0)} draws)" for g in names])
        by_bin.set_xlabel("|(β − α) estimate error| of the E estimates")
        by_beta.set_title(f"({'ac'[row]}) {label} by β")
        by_bin.set_title(f"({'bd'[row]}) {label} by prior error")
    _legend_below(fig, axes[0][0])  # the AUC row's estimators include the AUC-PR row's
    return fig


def jain_figure1(scores, labeled, y, theta: float, toy: dict) -> plt.Figure:
    """Their Figure 1: ROC^pu, the true ROC and the indirect correction of the 8-row toy."""
    fig, ax = plt.subplots(figsize=(4.8, 4.4))
    for curve, style, label in ((curves.roc_curve(labeled, scores), dict(color="C3", ls="--"),
                                 f"ROC$^{{pu}}$: AUC$^{{pu}}$ {toy['auc_pu']:.3f}"),
                                (curves.roc_curve(y, scores), dict(color="C0"), f"true ROC: AUC {toy['auc']:.4f}"),
                                (curves.corrected_roc_curve(labeled, scores, theta), dict(color="C1", ls=":"),
                                 f"indirect (Eqs. 1–2): AUC {toy['indirect']:.3f}")):
        ax.plot(curve.x, curve.y, lw=2, label=label, **style)
    ax.plot([], [], " ", label=f"direct (Eq. 4): AUC {toy['direct']:.3f}")
    ax.plot([0, 1], [0, 1], color="0.75", lw=0.8)
    ax.set(xlim=(0, 1), ylim=(0, 1.02), xlabel="false positive rate", ylabel="true positive rate",
           title=f"Jain et al.'s Figure 1 (θ = {theta:g})")
    ax.legend(fontsize="small", loc="lower right")
    fig.tight_layout()
    return fig


def claesen_figure2(summary: pd.DataFrame) -> plt.Figure:
    """Their Figure 2: the mean AUC bounds (band: 5th percentile of the lower, 95th of the upper) against the
    number of known positives, with the true AUC."""
    fig, ax = plt.subplots(figsize=(5.5, 4.0))
    x = summary["known_positives"]
    ax.fill_between(x, summary["lower_5"], summary["upper_95"], color="C0", alpha=0.2,
                    label="5th percentile of the lower, 95th of the upper bound")
    ax.plot(x, summary["auc_lower"], "o-", color="C0", label="mean lower bound")
    ax.plot(x, summary["auc_upper"], "s-", color="C0", label="mean upper bound")
    ax.plot(x, summary["auc"], color="black", lw=1, ls="--", label="true AUC")
    ax.set(xscale="log", xlabel="known positives |P_L| (|U| = 100,000, β = 0.2)", ylabel="AUC",
           title="Claesen et al.'s Figure 2: bounds converge")
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def claesen_figure3(bands: dict, truth) -> plt.Figure:
    """Their Figure 3: lower and upper ROC bounds for several β̂ on one ranking, and the true ROC."""
    fig, ax = plt.subplots(figsize=(5.0, 4.6))
    for k, (beta_hat, band) in enumerate(bands.items()):
        color = f"C{k}"
        ax.plot(band.roc_upper.x, band.roc_upper.y, color=color, lw=1,
                label=f"β̂ = {beta_hat:g}: AUC in [{band.roc_lower.area:.3f}, {band.roc_upper.area:.3f}]")
        ax.plot(band.roc_lower.x, band.roc_lower.y, color=color, lw=1, ls="--")
    ax.plot(truth.x, truth.y, color="black", lw=1.5, label=f"true ROC (AUC {truth.area:.3f})")
    ax.plot([0, 1], [0, 1], color="0.75", lw=0.8)
    ax.set(xlim=(0, 1), ylim=(0, 1.01), xlabel="FPR", ylabel="TPR",
           title="Claesen et al.'s Figure 3: the effect of β̂ (β = 0.3)")
    ax.legend(fontsize="x-small", loc="lower right")
    fig.tight_layout()
    return fig


def claesen_figure4(s: np.ndarray, y: np.ndarray, models: dict, order: pd.DataFrame) -> plt.Figure:
    """Their Figure 4: (a) each model's known positives' rank CDF, (b) the two models' true ROC curves (they
    cross), with each model's AUC bounds at β̂ = 0.1 from ``order``."""
    fig, (cdf, roc) = plt.subplots(1, 2, figsize=(10.0, 4.4))
    for k, (model, scores) in enumerate(models.items()):
        _, head, (head_l,) = metrics.heads(scores, s)
        cdf.step(head / s.size, head_l / head_l[-1], where="post", color=f"C{k}", label=f"{model}: known positives")
        true = curves.roc_curve(y, scores)
        at = order[(order["model"] == model) & (order["beta_hat"] == 0.1)].iloc[0]
        roc.plot(true.x, true.y, color=f"C{k}",
                 label=f"{model}: true AUC {true.area:.3f}; bounds at β̂ = 0.1 [{at['lower']:.3f}, {at['upper']:.3f}]")
    cdf.plot([0, 1], [0, 1], color="0.75", lw=0.8)
    roc.plot([0, 1], [0, 1], color="0.75", lw=0.8)
    cdf.set(xlim=(0, 1), ylim=(0, 1.01), xlabel="rank (normalized)", ylabel="share of known positives",
            title="(a) rank CDF of the known positives")
    roc.set(xlim=(0, 1), ylim=(0, 1.01), xlabel="FPR", ylabel="TPR", title="(b) true ROC curves")
    for ax in (cdf, roc):
        ax.legend(fontsize="x-small", loc="lower right")
    fig.suptitle("Claesen et al.'s Figure 4: two models whose ROC curves cross (β = 0.1)", fontsize=10)
    fig.tight_layout()
    return fig


def claesen_figure5(panels: dict, dataset: str) -> plt.Figure:
    """Their Figure 5 on one labeling: (a) rank CDF band and the latent positives' CDF, (b) ROC and (c) PR bounds
    for β̂ = β, β̂ = 0 and β̂ over ``panels["interval"]`` (the paper's interval on the authors' scores, the range of
    our prior estimators on our data)."""
    fig, (cdf, roc, pr) = plt.subplots(1, 3, figsize=(15.0, 4.4))
    band = panels["bands"]["true"]
    cdf.fill_between(band.rank, band.cdf_lower, band.cdf_upper, step="post", color="C0", alpha=0.3,
                     label="band of the known positives' rank CDF")
    cdf.step(band.rank, band.cdf, where="post", color="C0", label="known positives")
    cdf.step(band.rank, panels["latent_cdf"], where="post", color="black", ls="--", label="latent positives")
    cdf.set(xlabel="rank (normalized)", ylabel="TPR", title="(a) rank CDF")
    low, high = panels["interval"]
    styles = {"true": ("C0", f"β̂ = β = {panels['theta']:.3f}"), "zero": ("C3", "β̂ = 0"),
              "range": ("C2", f"β̂ in [{low:.3f}, {high:.3f}]")}
    for name, (color, label) in styles.items():
        b = panels["bands"][name]
        roc.plot(b.roc_upper.x, b.roc_upper.y, color=color, lw=1,
                 label=f"{label}: AUC [{b.roc_lower.area:.3f}, {b.roc_upper.area:.3f}]")
        roc.plot(b.roc_lower.x, b.roc_lower.y, color=color, lw=1, ls="--")
        pr.plot(b.pr_upper.x, b.pr_upper.y, color=color, lw=1,
                label=f"{label}: AUPRC [{b.pr_lower.area:.3f}, {b.pr_upper.area:.3f}]")
        pr.plot(b.pr_lower.x, b.pr_lower.y, color=color, lw=1, ls="--")
    roc.plot(panels["roc"].x, panels["roc"].y, color="black", lw=1.5, label=f"true ROC (AUC {panels['auc']:.3f})")
    pr.plot(panels["pr_truth"].x, panels["pr_truth"].y, color="black", lw=1.5,
            label=f"true PR (AUPRC {panels['auprc']:.3f})")
    roc.set(xlim=(0, 1), ylim=(0, 1.01), xlabel="FPR", ylabel="TPR", title="(b) ROC bounds")
    pr.set(xlim=(0, 1), ylim=(0, 1.01), xlabel="recall", ylabel="precision", title="(c) PR bounds")
    for ax in (cdf, roc, pr):
        ax.legend(fontsize="x-small", loc="lower right" if ax is not pr else "lower left")
    fig.suptitle(f"Claesen et al.'s Figure 5 on {dataset} (upper bounds solid, lower dashed)", fontsize=10)
    fig.tight_layout()
    return fig


def paired_difference_figure(table: pd.DataFrame, titles: dict | None = None) -> plt.Figure:
    """The paired ΔAUL interval per dataset and β: its coverage of the true ΔAUL (left) and the share of
    draws on which it decides the sign of ΔAUC right (right; the rest undecided or wrong)."""
    datasets = [*dataset_order(d for d in table["dataset"] if d != "all"), "all"]
    betas = sorted(table["beta"].unique())
    width, member_positions = _group_positions(len(datasets), len(betas))
    fig, (coverage, decided) = plt.subplots(1, 2, figsize=(12.0, 4.0))
    for beta, positions in zip(betas, member_positions):
        part = table[table["beta"] == beta].set_index("dataset").reindex(datasets)
        coverage.bar(positions, part["coverage"], width, label=f"β = {beta:g}")
        decided.bar(positions, part["decided_right"], width, label=f"β = {beta:g}")
        decided.bar(positions, part["decided_wrong"], width, bottom=part["decided_right"], color="black",
                    label="decided wrong" if beta == betas[0] else None)
    coverage.axhline(float(table["level"].iloc[0]), color="black", linewidth=0.8, linestyle="--", label="nominal")
    coverage.set_ylim(max(0.0, float(table["coverage"].min()) - 0.05), 1.0)
    coverage.set_ylabel("coverage of the true ΔAUL over the draws")
    coverage.set_title("Paired interval for AUL(A) − AUL(B): coverage")
    decided.set_ylim(0.0, 1.0)
    decided.set_ylabel("share of draws")
    decided.set_title("Interval excludes 0 with the sign of ΔAUC (black: wrong sign)")
    for ax in (coverage, decided):
        ax.set_xticks(np.arange(len(datasets)), _labels(datasets, titles), rotation=30)
    _legend_below(fig, coverage, decided)
    return fig


SAR_LABELS = {"aul": "AUL$^{PU}$", "true": "AUC, true prior", "distance": "AUC, DistCurve prior",
              "en": "AUC, EN prior", "bbe": "AUC, BBE prior", "tice": "AUC, TIcE prior"}
SAR_WITHOUT_SCAR = {"aul": "AUL$^{PU}$ (assumes SCAR)", "aul_weighted": "weighted by 1/e, true e",
                    "aul_weighted_half": "weighted by 1/e, e of half the slope",
                    "aul_sar_em": "weighted by 1/ê, SAR-EM's ê (subset of draws)"}


def sar_figure(table: pd.DataFrame) -> plt.Figure:
    """Bias and MAE against the propensity strength k (k = 0: SCAR), averaged over the datasets: AUL^PU and the
    prior-corrected AUCs."""
    overall = table[(table["dataset"] == "all") & table["source"].isin(list(SAR_LABELS))]
    fig, (bias, mae) = plt.subplots(1, 2, figsize=(10.0, 4.0), sharex=True)
    for source, part in overall.groupby("source", sort=False):
        style = {"linewidth": 2.5, "color": "black"} if source == "aul" else {}
        bias.plot(part["strength"], part["bias"], marker="o", label=SAR_LABELS.get(source, source), **style)
        mae.plot(part["strength"], part["mae"], marker="o", label=SAR_LABELS.get(source, source), **style)
    bias.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    bias.set_ylabel("bias (mean of estimate − truth)")
    mae.set_ylabel("mean absolute error")
    for ax in (bias, mae):
        ax.set_xlabel("propensity strength k (0 = SCAR)")
    bias.set_title("Labels not selected at random: bias")
    mae.set_title("MAE (all datasets)")
    mae.legend(fontsize="small")
    fig.tight_layout()
    return fig


def sar_without_scar_figure(table: pd.DataFrame) -> plt.Figure:
    """The AUL estimates that do not assume SCAR against k, over all datasets: bias, 95 % interval coverage
    (the bounds' coverage at the true Γ), and the SCAR test's rejection rate per audit size."""
    overall = table[table["dataset"] == "all"]
    audits = sorted((s for s in overall["source"].unique() if s.startswith("aul_audit_")), key=lambda s: int(s[10:]))
    labels = {**SAR_WITHOUT_SCAR, **{s: f"audit of {s[10:]} rows" for s in audits},
              "aul_bounds": "bounds at the true Γ"}
    fig, (bias, coverage, rejection) = plt.subplots(1, 3, figsize=(13.5, 4.2), sharex=True)
    for i, (source, label) in enumerate(labels.items()):
        part = overall[overall["source"] == source]
        if part.empty:
            continue
        style = {"linewidth": 2.5, "color": "black"} if source == "aul" else {"color": f"C{i}"}
        if source != "aul_bounds":
            bias.plot(part["strength"], part["bias"], marker="o", label=label, **style)
        coverage.plot(part["strength"], part["coverage"], marker="o", label=label, **style)
        if source in audits:
            rejection.plot(part["strength"], part["rejection"], marker="o", label=label, **style)
    bias.axhline(0.0, color="grey", linewidth=0.8, linestyle="--")
    coverage.axhline(0.95, color="grey", linewidth=0.8, linestyle="--")
    rejection.axhline(0.05, color="grey", linewidth=0.8, linestyle="--")
    bias.set(ylabel="bias (mean of estimate − true AUL)", title="Bias")
    coverage.set(ylabel="share of draws whose interval holds the AUL", ylim=(-0.02, 1.02),
                 title="Coverage of the 95 % interval")
    rejection.set(ylabel="share of draws rejecting SCAR at 5 %", ylim=(-0.02, 1.02),
                  title="The audit's test of SCAR")
    for ax in (bias, coverage, rejection):
        ax.set_xlabel("propensity strength k (0 = SCAR)")
    _legend_below(fig, bias, coverage)
    return fig


def _panels(count: int, width: float = 5.0, height: float = 4.0):
    fig, axes = plt.subplots(1, count, figsize=(width * count, height), squeeze=False)
    return fig, axes[0]


def tabatabaei_figure2(rho: pd.DataFrame, titles: dict) -> plt.Figure:
    """Their Figure 2: ρ̂ against the true ρ, their leave-one-out logistic regression and our EN, each as its mean
    with the 10–90th percentile band, on the same labeled sets."""
    families = list(dict.fromkeys(rho["family"]))
    fig, axes = _panels(len(families))
    estimators = (("rho_hat_loo", "C0", "theirs: leave-one-out logistic regression"), ("rho_hat", "C1", "our EN"))
    for ax, family in zip(axes, families):
        part = rho[rho["family"] == family]
        for column, color, label in estimators:
            stats = part.groupby("rho")[column]
            x = stats.mean().index.to_numpy()
            ax.fill_between(x, stats.quantile(0.1), stats.quantile(0.9), color=color, alpha=0.25, lw=0)
            ax.plot(x, stats.mean(), "o-", color=color, ms=4, label=f"{label} (mean, 10th–90th percentile)")
        ax.plot([0, 1], [0, 1], color="black", lw=0.8, ls="--", label="ρ̂ = ρ")
        ax.set(xlim=(0, 1), ylim=(0, 1.05), xlabel="true ρ", ylabel="ρ̂", title=titles[family])
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize="small", loc="lower center", ncol=3, frameon=False)
    fig.suptitle("Tabatabaei et al.'s Figure 2: estimating ρ from labeled and unlabeled rows", fontsize=10)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig


def tabatabaei_figure3(bounds: pd.DataFrame, titles: dict) -> plt.Figure:
    """Their Figure 3: for one classifier, the empirical mean ± sd of F̄1 against E(F̄1) = F1 ± the formula's sd."""
    families = list(dict.fromkeys(bounds["family"]))
    fig, axes = _panels(len(families))
    for ax, family in zip(axes, families):
        b = bounds[bounds["family"] == family]
        ax.plot(b["rho"], b["mean"], color="C0", lw=1.2, label="empirical mean of F̄1")
        ax.plot(b["rho"], b["mean"] + b["sd"], color="C3", lw=1.2, label="empirical mean ± sd")
        ax.plot(b["rho"], b["mean"] - b["sd"], color="C3", lw=1.2)
        ax.plot(b["rho"], b["f1"], color="C0", ls=":", lw=2, label="E(F̄1) = F1")
        ax.plot(b["rho"], b["f1"] + b["formula_sd"], color="C3", ls=":", lw=2, label="F1 ± sd from Var(F̄1)")
        ax.plot(b["rho"], b["f1"] - b["formula_sd"], color="C3", ls=":", lw=2)
        ax.set(xlim=(0, 1), xlabel="ρ = S/P", ylabel="F̄1",
               title=f"{titles[family]}: one classifier, F1 = {b['f1'].iloc[0]:.3f}")
        ax.legend(fontsize="small")
    fig.suptitle("Tabatabaei et al.'s Figure 3: mean and spread of F̄1, empirical and from their variance",
                 fontsize=10)
    fig.tight_layout()
    return fig


def tabatabaei_figure4(frames: dict, tests: pd.DataFrame, titles: dict) -> plt.Figure:
    """Their Figure 4: inversions (% of classifier pairs) against ρ, LL and F̄1, mean and 10–90th percentiles;
    the dotted line marks the smallest ρ from which F̄1 is significantly better at every larger ρ."""
    from pueval.studies.tabatabaei import thresholds

    fig, axes = _panels(len(frames))
    for ax, (family, frame) in zip(axes, frames.items()):
        grouped = frame.groupby("rho")
        for column, color, label in (("inv_ll", "C3", "LL score"), ("inv_f1bar_1", "C0", "F̄1")):
            rho = grouped[column].mean().index.to_numpy()
            ax.fill_between(rho, grouped[column].quantile(0.1), grouped[column].quantile(0.9), color=color,
                            alpha=0.2)
            ax.plot(rho, grouped[column].mean(), color=color, label=f"{label} (mean, 10th–90th percentile)")
        found = thresholds(tests[tests["family"] == family])
        if np.isfinite(found["from"]):
            ax.axvline(found["from"], color="black", ls=":", lw=1,
                       label=f"F̄1 significantly better from ρ = {found['from']:g}")
        ax.set(xlim=(0, 1), xlabel="ρ", ylabel="inversions (% of pairs)", title=titles[family])
        ax.legend(fontsize="small")
    fig.suptitle("Tabatabaei et al.'s Figure 4: inversions in model selection (Wilcoxon, 5 %)", fontsize=10)
    fig.tight_layout()
    return fig


def tabatabaei_figure5(frames: dict, titles: dict) -> plt.Figure:
    """Their Figure 5: mean inversions against ρ of F̄1 with a noisy ρ̄ = c·ρ, and of the LL score."""
    from pueval.studies.tabatabaei import NOISE, noise_table

    fig, axes = _panels(len(frames))
    colors = plt.get_cmap("coolwarm")(np.linspace(0, 1, len(NOISE)))
    for ax, (family, frame) in zip(axes, frames.items()):
        table = noise_table(frame)
        for c, color in zip(NOISE, colors):
            ax.plot(table["rho"], table[f"inv_f1bar_{c:g}"], color=color, lw=1.8 if c == 1 else 0.9,
                    label=f"F̄1, c = {c:g}")
        ax.plot(table["rho"], table["inv_ll"], color="black", ls="--", lw=1.2, label="LL score")
        ax.set(xlim=(0, 1), xlabel="true ρ", ylabel="mean inversions (% of pairs)", title=titles[family])
        ax.legend(fontsize="x-small", ncol=2)
    fig.suptitle("Tabatabaei et al.'s Figure 5: F̄1 with ρ̄ = c·ρ", fontsize=10)
    fig.tight_layout()
    return fig


_GROUP_COLORS = {"higher": "C3", "lower": "C0", "all": "black"}
_ARM_NAMES = {"auroc": "AUROC", "auprc": "AUPRC"}


def _band_plot(ax, table: pd.DataFrame, x: str, label: str, color: str, ls: str = "-") -> None:
    ax.fill_between(table[x], table["low"], table["high"], color=color, alpha=0.15)
    ax.plot(table[x], table["mean"], color=color, ls=ls, label=label)


def mcdermott_paths(frame: pd.DataFrame, metric: str) -> plt.Figure:
    """Their Figures 2, 4 and 5: per-group ``metric`` against the step, M2 and M3 (rows) optimizing overall
    AUROC or AUPRC (columns); mean and empirical 90 % band over the datasets."""
    from pueval.studies.mcdermott import band

    fig, axes = plt.subplots(2, 2, figsize=(10.0, 7.0), squeeze=False)
    target = frame["target_auroc"].iloc[0]
    for row, method in enumerate(("M2", "M3")):
        for col, arm in enumerate(("auroc", "auprc")):
            ax = axes[row][col]
            part = frame[(frame["method"] == method) & (frame["arm"] == arm) & (frame["metric"] == metric)]
            for group, table in band(part, ("group", "step")).groupby("group"):
                _band_plot(ax, table, "step", f"{group}-prevalence group", _GROUP_COLORS[group])
            what = "fixing atomic mistakes" if method == "M2" else "permuting nearby scores"
            ax.set(xlabel="step", ylabel=f"group {_ARM_NAMES[metric]}",
                   title=f"{method}, {what}: optimizing overall {_ARM_NAMES[arm]}")
            ax.legend(fontsize="small")
    fig.suptitle(f"McDermott et al.: per-group {_ARM_NAMES[metric]} (prevalences 0.05 and 0.01, target AUROC "
                 f"{target:g}; mean and 90 % band)", fontsize=10)
    fig.tight_layout()
    return fig


def mcdermott_noise(frame: pd.DataFrame) -> plt.Figure:
    """Their Figure 6: M1, the best of 100 noisy copies, per-group AUROC against the noise magnitude δ."""
    from pueval.studies.mcdermott import band

    target = frame["target_auroc"].max()
    fig, axes = _panels(2)
    for ax, arm in zip(axes, ("auroc", "auprc")):
        part = frame[(frame["method"] == "M1") & (frame["arm"] == arm) & (frame["metric"] == "auroc")
                     & (frame["target_auroc"] == target)]
        for group, table in band(part, ("group", "step")).groupby("group"):
            _band_plot(ax, table, "step", f"{group}-prevalence group", _GROUP_COLORS[group])
        ax.set(xlabel="noise magnitude δ", ylabel="group AUROC", title=f"M1: optimizing overall {_ARM_NAMES[arm]}")
        ax.legend(fontsize="small")
    fig.suptitle(f"McDermott et al.'s Figure 6: adding noise (target AUROC {target:g})", fontsize=10)
    fig.tight_layout()
    return fig


def mcdermott_pu(frame: pd.DataFrame) -> plt.Figure:
    """The PU version: change of the true AUROC per group (and overall) while optimizing AUC^PU (≡ AUL^PU,
    solid) or AUPRC^PU (dashed), per labeling (rows) and method (columns); mean and 90 % band."""
    from pueval.studies.mcdermott import band

    labelings = list(dict.fromkeys(frame["labels"]))
    fig, axes = plt.subplots(len(labelings), 2, figsize=(10.0, 3.5 * len(labelings)), squeeze=False)
    start = frame.groupby(["dataset", "method", "labels", "arm", "group"])["value"].transform("first")
    frame = frame.assign(value=frame["value"] - start)
    for row, labels in enumerate(labelings):
        for col, method in enumerate(("M2", "M3")):
            ax = axes[row][col]
            part = frame[(frame["labels"] == labels) & (frame["method"] == method)]
            for (arm, group), table in band(part, ("arm", "group", "step")).groupby(["arm", "group"]):
                name = MATHTEXT["AUL^PU"] if arm == "auroc" else MATHTEXT["AUPRC^PU"]
                _band_plot(ax, table, "step", f"{group}: optimizing {name}", _GROUP_COLORS[group],
                           "-" if arm == "auroc" else "--")
            c = part[["labeled_0", "labeled_1"]].mean()
            ax.set(xlabel="step", ylabel="change of the true AUROC",
                   title=f"{method}, {labels} label frequencies ({c['labeled_0']:.0f} and {c['labeled_1']:.0f} labeled)")
            ax.axhline(0, color="0.6", lw=0.8)
            ax.legend(fontsize="x-small", ncol=2)
    fig.suptitle("The PU version: a prior-free metric (AUL$^{PU}$) against AUPRC$^{PU}$, true AUROC per group",
                 fontsize=10)
    fig.tight_layout()
    return fig


def mcdermott_figure3(real: dict, titles: dict) -> plt.Figure:
    """Their Figure 3: Spearman ρ of the test AUROC gap with validation AUPRC minus with validation AUROC, mean
    and 95 % interval over the splits, per (dataset, attribute), ordered by the prevalence ratio."""
    from pueval.studies.mcdermott import spearman_difference

    rows = []
    for (dataset, attribute), models in real.items():
        found = spearman_difference(models)
        ratio = models["prevalence_higher"].iloc[0] / models["prevalence_lower"].iloc[0]
        rows.append((ratio, f"{titles[dataset]} {attribute}\n({ratio:.2f})", found))
    rows.sort(key=lambda r: r[0])
    fig, ax = plt.subplots(figsize=(1.6 * len(rows) + 2.0, 4.0))
    for i, (_, label, found) in enumerate(rows):
        ax.errorbar(i, found["difference"], yerr=[[found["difference"] - found["low"]],
                                                  [found["high"] - found["difference"]]], fmt="o", color="C0",
                    capsize=4)
    ax.axhline(0, color="0.6", lw=0.8)
    ax.set_xticks(range(len(rows)), [r[1] for r in rows], fontsize="small")
    ax.set(ylabel="ρ(gap, val. AUPRC) − ρ(gap, val. AUROC)",
           title="McDermott et al.'s Figure 3 on our LightGBM search (prevalence ratio in brackets)")
    fig.tight_layout()
    return fig

"""Claesen et al. (2015): their Figures 2-5, and results/claesen.md."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import curves, metrics
from pueval.pipeline.render.common import _pipe_table, plt, save  # noqa: F401 (save: the steps save through their paper's module)


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


def claesen_markdown(summary: pd.DataFrame, order: pd.DataFrame, verdict: dict, found: dict,
                     labelings: pd.DataFrame | None, *, authors: dict | None) -> str:
    """results/claesen.md: Figure 2's convergence, Figure 4's 2 × 2 table beside the paper's, Section 6.3's claims
    on each of ``found`` (name → (panels, claims): the authors' scores first when ``authors`` is set)."""
    paper = order.pivot(index="model", columns="beta_hat", values="paper")
    ours = order.pivot(index="model", columns="beta_hat", values="midpoint")
    two_by_two = pd.DataFrame({f"β̂ = {b:g}: ours (paper)": [f"{ours.loc[m, b]:.1%} ({paper.loc[m, b]:.1%})"
                                                            for m in ours.index] for b in ours.columns},
                              index=ours.index).reset_index()
    flips = [k for k, v in verdict.items() if v and k != "paper"]
    flipped = ", ".join(flips) if flips else ("none of the lower bound, the upper bound, the midpoint, the "
                                              "zero-width band or the affine correction")
    lines = ["# Claesen et al. (2015) on our data", "",
             "## Figure 2: AUC bounds against the number of known positives", "",
             "Simulated rankings, |U| = 100,000, β = 0.2, no known negatives; negatives N(0, 1), positives N(1, 1) "
             "(the paper does not give its distributions). Mean bounds, their 5th/95th percentiles, mean width and "
             "how often they contain the true AUC:", "", *_pipe_table(summary), "",
             "## Figure 4 / Section 6.2: two models and β̂", "",
             "AUROC as the midpoint of our bounds, beside the paper's:", "", *_pipe_table(two_by_two), "",
             *_pipe_table(order.drop(columns=["paper"])), "",
             f"The order of the two models flips between β̂ = 0 and β̂ = 0.1 in the paper; in ours it flips for: "
             f"{flipped}. "
             "At β̂ = 0 there are no surrogate positives and every bound equals AUC^PU; with a zero-width band and no "
             "clipping the bounds are the affine correction (AUC^PU − θ/2)/(1 − θ), the same increasing map for both "
             "models, so a flip can only come from Eq. 11's clipping ('clipped_thresholds': the share of thresholds "
             "where it acts) or from the band's width.", ""]
    if labelings is not None:
        low, high = authors["beta_range"]
        lines += [f"## Figure 5 / Section 6.3 on the authors' own {authors['entry']} scores", "",
                  f"Their data.pkl (claesenm/semisup-metrics), {authors['known_fraction']:.0%} of the positives known "
                  f"as in their generate_figures.py, the rest unlabeled; {len(labelings)} labelings. β̂ = β, and β̂ over "
                  f"the paper's interval [{low:g}β, {high:g}β]:", "",
                  *_pipe_table(labelings), "",
                  f"The bounds at β̂ = β contain the true AUC in {int(labelings['contains'].sum())} of "
                  f"{len(labelings)} labelings (mean width {(labelings['upper'] - labelings['lower']).mean():.4f}); "
                  f"over [{low:g}β, {high:g}β] in {int(labelings['range_contains'].sum())} of {len(labelings)}. The "
                  f"pointwise band holds the latent positives' rank CDF at {labelings['cdf_covered_rank'].mean():.1%} "
                  "of the ranks (each row's rank once, the authors' unit) and at "
                  f"{labelings['cdf_covered'].mean():.1%} of the distinct scores (each tie group once) on average.", ""]
    for name, (panels, claims) in found.items():
        where = (f"the first labeling above: true θ = {panels['theta']:.4f}, β̂ in [{panels['interval'][0]:.4f}, "
                 f"{panels['interval'][1]:.4f}]" if name.startswith("the authors'") else
                 f"the contrast, one Table 1 draw of our model's scores: true θ = {panels['theta']:.4f}; our six "
                 f"prior estimators give θ̂ in [{panels['interval'][0]:.4f}, {panels['interval'][1]:.4f}]")
        lines += [f"### Section 6.3's claims on {name}", "", f"On {where}.", "", *_pipe_table(claims), ""]
    return "\n".join(lines)

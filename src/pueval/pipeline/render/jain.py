"""Jain et al. (2017) on our data: their Figures 1 and 2, and results/jain.md."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import curves
from pueval.pipeline.render.common import (  # noqa: F401 (save: the steps save through their paper's module)
    _group_positions,
    _legend_below,
    _pipe_table,
    plt,
    save,
)

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


def jain_markdown(tests: pd.DataFrame, errors: pd.DataFrame, toy: dict, skipped: list, *, draws: pd.Series,
                  settings: int) -> str:
    """results/jain.md: their toy, the binomial tests under each open choice beside theirs, per arm, the errors per
    estimator, β and arm. ``draws``: the number of draws per arm."""
    from pueval.studies.jain import TIE

    arms = {"model": "a variant: the scores of the pipeline's model, trained out of fold on the true classes (not on "
                     "the labeled-vs-unlabeled split the paper's non-traditional classifier is trained on)",
            "pu": "the paper's setting, its non-traditional classifier as theirs: 100 bagged networks of five hidden "
                  "units trained by resilient propagation on the draw's labeled against its unlabeled rows, 25 % of "
                  "each bag held out to stop training, scored out of bag, fitted anew on every draw; on the datasets "
                  "of config jain.networks_datasets only (a cut of breadth for the budget, not of the protocol)",
            "pu_lightgbm": "a variant of the paper's setting: the same labeled-against-unlabeled task learned by "
                           "LightGBM cross-fitted in config jain.pu_folds folds (the prior estimators' transform, "
                           "config mpe.distcurve.transform), on the datasets of config jain.variant_datasets (a cut "
                           "of breadth for the budget)"}
    per_arm = tests[tests["unit"] == "setting"].groupby("arm", sort=False).first()
    lines = ["# Jain, White & Radivojac (2017) on our data", "",
             f"{settings} settings (dataset × β; the paper: 12 datasets × 3 β = 36 settings), in three arms, each "
             "with its own draws; E = BBE on the arm's scores with β = 1 assumed (their AlphaMax is not available):",
             "", *(f"- `{arm}` ({int(draws[arm])} draws, "
                   f"{int(per_arm.loc[arm, 'cases'] + per_arm.loc[arm, 'ties'])} settings): {arms[arm]}."
                   for arm in [a for a in ("pu", "pu_lightgbm", "model") if a in draws.index]), "",
             "## Their Figure 1 (8 rows, θ = 1/5)", "",
             "The paper draws the two ROC curves of its Figure 1 and prints no area; computed here from its table: "
             f"AUC^pu {toy['auc_pu']:.4f}, AUC {toy['auc']:.4f}, direct {toy['direct']:.4f}, indirect "
             f"{toy['indirect']:.4f}.", "",
             "## Indirect against direct AUC: one-sided binomial test", "",
             "The paper leaves two choices open, so the test is given under each: what it counts (each draw, or "
             "each setting by the mean absolute error over its draws) and how the indirect curve is repaired "
             "(clipped to [0, 1] and made non-decreasing, or clipped only). Absolute errors within "
             f"{TIE:g} are ties.", "", *_pipe_table(tests), ""]
    for (arm, kind, paper), part in tests.groupby(["arm", "priors", "paper_p_value"], sort=False):
        agree = part[(part["p_value"] < 0.05) == (paper < 0.05)]
        lines.append(f"- `{arm}`, {kind} priors (paper P = {paper:.2g}, indirect better): the same verdict at the "
                     f"5 % level under {len(agree)} of the {len(part)} choices; P from {part['p_value'].min():.2g} "
                     f"to {part['p_value'].max():.2g}.")
    lines += ["", "## Error of each estimator (estimate − truth), per β", "", *_pipe_table(errors), ""]
    if skipped:
        lines += ["Skipped (β ≤ α: the labeled sample is not richer in positives than the unlabeled rows, and "
                  "Eq. 4 divides by β − α): " + ", ".join(f"{d} at β = {b:g}" for d, b in skipped) + ".", ""]
    return "\n".join(lines)

"""Tabatabaei et al. (2020): their Figures 2-5, and results/tabatabaei.md."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval.pipeline.render.common import _panels, _pipe_table, plt, save  # noqa: F401 (save: the steps save through their paper's module)


def tabatabaei_figure2(rho: pd.DataFrame, titles: dict) -> plt.Figure:
    """Their Figure 2: ρ̂ against the true ρ, their leave-one-out logistic regression and our EN, each as its mean
    with the 10–90th percentile band, on the same labeled sets."""
    families = list(dict.fromkeys(rho["family"]))
    fig, axes = _panels(len(families))
    estimators = (("rho_hat_loo_rf", "C2", "theirs, Figure 2's: leave-one-out random forest"),
                  ("rho_hat_loo", "C0", "theirs too: leave-one-out logistic regression"), ("rho_hat", "C1", "our EN"))
    for ax, family in zip(axes, families):
        part = rho[rho["family"] == family]
        for column, color, label in estimators:
            stats = part.dropna(subset=[column]).groupby("rho")[column]
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


def _designs_lines(designs: pd.DataFrame | None) -> list[str]:
    """The Heart Disease design sweep under Table 2 (none when the forests are not run)."""
    if designs is None:
        return []
    from pueval.studies import tabatabaei as study

    paper_f1bar, paper_ll = study.PAPER_RMSE["forest"]
    table = designs.rename(columns={"rmse_f1bar": "RMSE F̄1", "rmse_ll": "RMSE LL"})
    return ["### Heart Disease: not reproducible, design unknown", "",
            "No notebook is published for Heart Disease, and the paper says neither which class is positive nor "
            "where its forests are judged. Table 2 at ρ = 0.30 under each design (one set of forests each; the "
            "held-out, num > 0 row is set 0 of the per-set table below); the paper's: "
            f"F̄1 {paper_f1bar:.3f}, LL {paper_ll:.3f}.", "",
            *_pipe_table(table), ""]


def tabatabaei_markdown(frames: dict, tests: pd.DataFrame, rho: pd.DataFrame, bounds: pd.DataFrame,
                        titles: dict, orient_lines: bool, orient_on: str = "labeled",
                        designs: pd.DataFrame | None = None) -> str:
    """results/tabatabaei.md: their Table 2 beside ours, the Heart Disease designs (``designs``, when run), the
    Wilcoxon thresholds (per set of forests), Figures 2, 3 and 5 in numbers."""
    from pueval.studies import tabatabaei as study

    names = {"f1bar": "F̄1", "ll": "LL = recall²·M/M₁ (their Section 3.2; their generated-data notebook)",
             "ll_notebook": "LL = recall²/M₁ (their IRIS notebook)"}
    rmse = {family: study.rmse(frame, 0.3) for family, frame in frames.items()}

    def cell(family, score):
        paper = study.PAPER_RMSE[family][0 if score == "f1bar" else 1]
        shown = score == "f1bar" or score == study.NOTEBOOK_LL.get(family, "ll")
        return f"{rmse[family][score]:.3f}" + (f" ({paper:.3f})" if shown else "")

    table2 = pd.DataFrame({"score": list(names.values()), **{titles[f]: [cell(f, k) for k in names] for f in frames}})
    found = {f: study.thresholds(tests[(tests["family"] == f) & (tests["forest_set"] == 0)]) for f in frames}
    thresholds = pd.DataFrame({"data": [titles[f] for f in frames],
                               "first ρ with F̄1 significantly better": [found[f]["first"] for f in frames],
                               "significantly better at every ρ from": [found[f]["from"] for f in frames],
                               "paper: significantly better for": [f"ρ > {study.PAPER_THRESHOLD[f]:g}" for f in frames]})
    runs = {f: int(frame[frame["forest_set"] == 0].groupby("rho").size().iloc[0]) for f, frame in frames.items()}
    k = {f: int(frame["classifiers"].iloc[0]) for f, frame in frames.items()}
    grid = next(iter(frames.values()))["rho"].unique()
    rho_table = study.rho_estimates_table(rho)
    noise = study.noise_verdicts(frames).assign(data=lambda d: d["family"].map(titles))
    lines = ["# Tabatabaei, Klein & Hoogendoorn (2020): F̄1 against the LL score", "",
             f"ρ grid {grid.min():g}, …, {grid.max():g} ({grid.size} values); per ρ "
             + ", ".join(f"{titles[f]} {runs[f]} runs × {k[f]} classifiers" for f in frames)
             + f". Generated data: {study.GENERATED_POINTS} points and {k.get('generated', 0)} random lines per run, "
             "a new dataset every run (their notebooks' sizes; the paper gives none); "
             + (("each line turned round when it finds fewer of the run's labeled points than it misses (TP < FN "
                 "counted on the labeled points), as their FIG1 notebook does" if orient_on == "labeled" else
                 "each line turned round when it finds fewer true positives than it misses (a variant, config "
                 "tabatabaei.orient_on: classes; their FIG1 notebook counts TP and FN on the labeled points)")
                if orient_lines else "the lines as drawn (config tabatabaei.orient_lines: false; their FIG1 notebook "
                                     "turns a line round when TP < FN on the labeled points)")
             + ". IRIS: random hyperplanes on min-max scaled features, virginica positive. Their Health data is "
             "private and not reproduced.", ""]
    if "forest" in frames:
        sets = int(frames["forest"]["forest_set"].nunique())
        lines += [f"Random forests: {sets} sets of {k['forest']} forests, each set fitted on its own stratified half "
                  "with the true classes (the paper does not say what they are fitted on) and judged on the other "
                  "half, on the same random keys for the labeled sets. The tables below give set 0; the spread "
                  "over the sets is in the last tables of Figure 4.", ""]
    if "forest_pu" in frames:
        lines += [f"{titles['forest_pu']}: the second arm, {int(frames['forest_pu']['forest_set'].nunique())} "
                  "sets of forests fitted on what a PU user has, the fit half's labeled positives (a share "
                  "`tabatabaei.forest_pu_rho` of them) against its unlabeled rows, predicting positive where "
                  "P(s = 1 | x) ≥ c/2 (Elkan & Noto's P(y = 1 | x) at ½).", ""]
    lines += ["## Table 2: RMSE against the true F1 at ρ = 0.30, ours (paper)", "",
              "The paper's LL value is shown beside the form of LL their notebook for that dataset computes "
              "(none is published for Heart Disease: beside the paper's formula). Heart Disease: pooled over the "
              "sets of forests.", "", *_pipe_table(table2), "", *_designs_lines(designs),
              "## Figure 4: inversions, Wilcoxon signed-rank test (two-sided, normal approximation, 5 %)", "",
              "'Significantly better' means p < 0.05 and fewer inversions on average.", "",
              *_pipe_table(thresholds), "",
              "Mean inversions (% of classifier pairs) at a few ρ:", "",
              *_pipe_table(tests[tests["rho"].round(6).isin([0.05, 0.1, 0.3, 0.6]) & (tests["forest_set"] == 0)]
                           .assign(data=lambda d: d["family"].map(titles))
                           [["data", "rho", "ll", "f1bar", "p_value"]]), ""]
    for family in (f for f in study.FORESTS if f in frames):
        lines += [f"{titles[family]}, per set of forests (the verdict's spread over the nuisance):", "",
                  *_pipe_table(study.forest_set_table(frames[family], tests[tests["family"] == family])), ""]
    lines += ["## Figure 3: mean and spread of F̄1 for one classifier", "",
              "The largest gap between F̄1's empirical mean and F1 (its expectation), in standard errors of the "
              "mean from the formula, and the median ratio of the empirical standard deviation to the formula's "
              "√(4·Var(S₁))/(ρM₁ + S):", "",
              *_pipe_table(study.bounds_summary(bounds).assign(family=lambda d: d["family"].map(titles))), "",
              "## Figure 2: ρ estimated from the labeled and unlabeled rows", "",
              f"{int(rho.groupby(['family', 'rho']).size().iloc[0])} labeled sets per ρ, on one generated dataset "
              "and on IRIS. Theirs: a classifier of labeled against all other rows, fitted once per labeled row "
              "left out (their FIG2 notebooks), ĉ the mean of the left-out rows' P(s = 1 | x), ρ̂ = S/((S − 1)/ĉ − 1). "
              "`loo_rf` is the random forest their Figure 2 plots (scikit-learn's `RandomForestClassifier()` of "
              "their time: 10 trees), on the first `sets` labeled sets of each ρ; `loo` the logistic regression "
              "their notebooks also compute (`LogisticRegression()` of their time: liblinear, the intercept "
              "penalized), `loo_free_intercept` today's (lbfgs, not penalized). Ours: EN on a cross-fitted "
              "LightGBM, ρ̂ = ĉ. Mean ρ̂, its 10th and 90th percentiles, and the mean of ρ̂/ρ:", "",
              *_pipe_table(rho_table.assign(family=lambda d: d["family"].map(titles))), "",
              "## Figure 5: noisy ρ̄ = c·ρ", "",
              "Mean inversions over the ρ grid, and the share of ρ at which F̄1 with ρ̄ = c·ρ has more inversions "
              "than LL (paper: worse than LL only for c = 0.5 on generated data, for c = 0.5 and 2 on IRIS):", "",
              *_pipe_table(noise[["data", "c", "f1bar", "ll", "share_of_rho_worse_than_ll"]]), ""]
    return "\n".join(lines)

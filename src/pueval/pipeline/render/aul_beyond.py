"""Beyond the AUL paper: Theorem 1 on the draws, the coverage of the AUL^PU interval, the paired
difference, the SAR study (the corrected AUCs, and the estimates without SCAR), the related estimators'
table title."""

from __future__ import annotations

import matplotlib
import numpy as np
import pandas as pd

from pueval.pipeline.render.common import (  # noqa: F401 (save: the steps save through their paper's module)
    _group_positions,
    _labels,
    _legend_below,
    _pipe_table,
    plt,
    save,
)
from pueval.propensity import MIN_EFFECTIVE_ROWS
from pueval.studies.table1 import dataset_order


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
                    "aul_sar_em": "weighted by 1/ê, SAR-EM's ê (subset of draws)",
                    "aul_sar_em_standardized": "the same, features standardized",
                    "aul_sar_em_all_attributes": "the same, standardized, class model on every column (authors' default)"}


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


RELATED_TITLE = ("Related estimators on the Table 1 draws: MAE against the fully labeled value of the target "
                 "(mean over all datasets, betas and draws). prior = where theta comes from (true or an MPE "
                 "method); Claesen: coverage = share of draws whose bounds contain the truth.")


def prior_intervals_markdown(table: pd.DataFrame, level: float) -> str:
    """Markdown of :func:`pueval.studies.prior_intervals.coverage_table` for θ and for the AUC: per interval, the
    coverage at each β and over all, the draws counted, the mean width and how often it holds its estimate."""
    def wide(part: pd.DataFrame) -> pd.DataFrame:
        coverage = part.pivot(index="source", columns="beta", values="coverage")
        coverage.columns = [f"coverage β={b}" if b != "all" else "coverage, all" for b in coverage.columns]
        every = part[part["beta"] == "all"].set_index("source")
        frame = coverage.join(every[["draws", "mean_width", "holds_estimate"]])
        frame = frame.loc[list(dict.fromkeys(part["source"]))].reset_index()
        frame["draws"] = frame["draws"].astype(int)
        return frame

    theta, auc = (wide(table[table["target"] == t].astype({"beta": str})) for t in ("theta", "auc"))
    return "\n".join([
        "Priors with their uncertainty: how often each interval for θ holds the true θ of the draw's unlabeled rows "
        f"(nominal {level:.0%}), its mean width, and how often it holds its own estimate θ̂. The bootstrap "
        "(labeled and unlabeled rows resampled, the whole method re-run) runs on the first draws of each dataset "
        "and β (`draws` counts them: KM1 and KM2 on fewer datasets); BBE's own interval (DKW_bound at its bin) on "
        "every draw where BBE finds a bin.", "", *_pipe_table(theta), "",
        "The corrected AUC's interval built on each (Eq. 4 over the box of θ's interval and, \"with sampling\", "
        f"AUC^PU ∓ z·SE at {level:.0%}, DeLong's SE; ends clipped to [0, 1]): how often it holds the true AUC. "
        "By the union bound its coverage is at least the two parts' levels less one, if both parts hold theirs.",
        "", *_pipe_table(auc), ""])



def operating_points_markdown(table: pd.DataFrame, level: float) -> str:
    """Markdown of :func:`pueval.studies.operating_points.summary`, one table per part."""
    counts = ("draws", "refused", "exceptions", "audit_size", "bins_above", "informative")

    def part(name: str, columns: list[str]) -> list[str]:
        rows = table[table["part"] == name][columns].reset_index(drop=True)
        return _pipe_table(rows.astype({c: int for c in columns if c in counts}))

    return "\n".join([
        f"An operating point without a prior: the highest threshold whose recall reaches the target with probability "
        f"{level:g} (`pueval.operating_point`), on every Table 1 draw (SCAR). `reached`: the share of draws whose "
        "true recall (over the dataset's positives) reaches the target; `in_bracket`: whose true precision lies in "
        "the prior-free bracket (its upper end assumes θ ≤ θ_max, the ranking's bound: the next column counts only "
        "the draws where that holds); `exceptions`: draws outside the bracket; `refused`: draws with too few labeled "
        "rows for the target to be guaranteed at all (left out of the rest).", "",
        *part("scar", ["beta", "target", "draws", "refused", "reached", "mean_true_recall", "in_bracket",
                       "in_bracket_where_theta_within_bound", "exceptions", "mean_bracket_width"]), "",
        "Precision per dataset (its draws pooled over β): `uninformative`, the share of draws whose prior-free bracket "
        "has upper end 1 (it says nothing); `in_bracket_informative`, the bracket's coverage on the others, against "
        "its stated level `bracket_level` (the ranking's bound and the recall interval's upper tail, by the union "
        "bound). With a prior: precision at BBE's θ̂ (`estimate_mae` against the truth) and the interval from BBE's "
        "own interval for θ and the recall interval (`prior_coverage` against its stated level `prior_level`: the "
        "DKW interval's 1 − δ and the recall interval's, by the union bound), beside the plug-in interval that takes "
        "θ̂ as exact, the baseline that can fail.", "",
        *part("precision", ["dataset", "target", "draws", "uninformative", "informative", "in_bracket_informative",
                            "bracket_level",
                            "prior_coverage", "prior_level", "prior_mean_width", "plug_in_coverage",
                            "plug_in_mean_width", "estimate_mae"]), "",
        f"The audit that closes the bracket: m flagged unlabeled rows audited at random, the audited precision's "
        f"{level:g} interval (Wilson, finite population) against the true precision; `random_audit_labels`: the "
        "unlabeled rows a random audit of all of them spends, on average, to reach the same m flagged ones.", "",
        *part("audit", ["audit_size", "target", "draws", "coverage", "mean_width", "random_audit_labels"]), "",
        "Labels not selected at random (the SAR study's labeling at strength k, draws of their own): the share of "
        "draws whose threshold reaches the target, from the labeled rows alone, weighted by the true propensities, "
        "and with an audit of unlabeled rows (both approximate: normal, on the weighted share).", "",
        *part("sar", ["strength", "variant", "target", "draws", "reached", "mean_true_recall"]), "",
        "The calibration check (`pueval.calibration_check`) on each dataset's first draw at the middle β: the implied "
        "labeling frequency c (β for the model of the true classes) with its interval, whether the probabilities "
        "behave as P(labeled | x) (c's interval holds 1), and the bins whose labeled share is significantly above "
        "the predicted probability (Holm).", "",
        *part("calibration", ["dataset", "beta", "model", "c", "c_low", "c_high", "looks_like_p_labeled",
                              "bins_above"]), ""])


def operating_points_figure(points: pd.DataFrame, table: pd.DataFrame, example, level: float,
                            titles: dict | None = None) -> plt.Figure:
    """Left: each dataset's true recall at the threshold over its draws, per target; middle: the SAR draws'
    share reaching the target, per strength and variant; right: one draw's guarantee and precision bracket."""
    from pueval import plots

    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(15.0, 4.4), layout="constrained")
    names = dataset_order(points["dataset"].unique())
    targets = sorted(points["target"].unique())
    _, positions = _group_positions(len(names), len(targets))
    for target, at in zip(targets, positions):
        for i, name in enumerate(names):
            recall = points[(points["dataset"] == name) & (points["target"] == target)]["true_recall"]
            left.scatter(np.full(recall.size, at[i]), recall, s=4,
                         color=f"C{targets.index(target)}", alpha=0.4,
                         label=f"target {target:g}" if i == 0 else None)
        left.axhline(target, color=f"C{targets.index(target)}", lw=1, ls="--")
    left.set_xticks(range(len(names)), _labels(names, titles), rotation=45, ha="right")
    left.set(ylabel="true recall at the threshold", title=f"SCAR: recall guaranteed with probability {level:g}")
    left.legend(fontsize="small")
    sar_part = table[table["part"] == "sar"]
    for j, (variant, group) in enumerate(sar_part[sar_part["target"] == targets[-1]].groupby("variant", sort=False)):
        middle.plot(group["strength"], group["reached"], marker="o", color=f"C{j + 2}", label=variant)
    middle.axhline(level, color="grey", lw=1, ls="--")
    middle.set(xlabel="propensity strength k (0 = SCAR)", ylabel=f"draws reaching recall {targets[-1]:g}",
               ylim=(-0.02, 1.02), title="Labels not selected at random")
    middle.legend(fontsize="small")
    name, _, scores, labeled = example
    plots.plot_operating_points(labeled, scores, level=level, ax=right)
    right.set_title(f"One draw of {_labels([name], titles)[0]}")
    return fig


CRITERION_LABELS = {"aul_pu": "argmax AUL$^{PU}$", "corrected_auc_bbe": "corrected AUC (BBE θ̂)",
                    "proxy_accuracy_bbe": "proxy accuracy (BBE θ̂)", "f1_tabatabaei": "Tabatabaei's F̄1 (BBE θ̂)",
                    "ll_lee_liu": "Lee & Liu's LL", "set_simplest": "simplest in the confidence set",
                    "oracle": "oracle (true test AUC)"}


def model_selection_markdown(picked: pd.DataFrame, judged: pd.DataFrame, options: dict, candidates: int,
                             datasets: int) -> str:
    """Markdown of :func:`pueval.studies.model_selection.summary`: the criteria's regret, then the set."""
    draws = options["draws"]
    wide = picked.pivot_table(index=["labeling", "n_labeled"], columns="criterion", values="regret_auc",
                              sort=False).reset_index()
    best = picked.pivot_table(index=["labeling", "n_labeled"], columns="criterion", values="picked_best",
                              sort=False).reset_index()
    counts = picked.groupby(["labeling", "n_labeled"], sort=False)["draws"].max().reset_index()
    wide.insert(2, "draws", counts["draws"].astype(int).to_numpy())
    best.insert(2, "draws", counts["draws"].astype(int).to_numpy())
    return "\n".join([
        f"Choosing among {candidates} candidates without negatives (`pueval.select_models`), on {datasets} datasets × "
        f"{draws} draws (a split, a SCAR labeling of a share {options['beta']:g} of the training positives and a "
        "fitted grid each; `draws` counts dataset × draw pairs whose validation split holds that many positives). "
        "Each criterion picks a candidate on the validation rows with n_labeled labeled positives (SCAR, or the SAR "
        "study's labeling at strength k); the choice is judged on the test rows by the true labels. Mean regret in "
        "true AUC (the best candidate's test AUC minus the chosen one's; the oracle's is 0 by construction):", "",
        *_pipe_table(wide), "",
        "Share of draws picking the candidate with the best true test AUC:", "",
        *_pipe_table(best), "",
        "The regret with the dataset as the unit (its draws share its grid and rows): each criterion's mean regret "
        "over the datasets' means with its 95 % t-interval, and its regret minus argmax AUL^PU's, paired within "
        "each draw (`minus_aul_pu`: below 0, the criterion does better), with its interval:", "",
        *_pipe_table(picked[picked["criterion"] != "oracle"][
            ["labeling", "n_labeled", "criterion", "datasets", "regret_auc", "regret_low", "regret_high",
             "minus_aul_pu", "minus_aul_pu_low", "minus_aul_pu_high"]].astype({"datasets": int})), "",
        f"The {options['level']:g} confidence set for the best (`confidence_set`; Hsu's comparison with the best), "
        "judged against the candidate with the highest true AUL over the validation positives: `coverage`, the "
        "share of draws whose set holds it; `mean_size` of the set; the argmax's estimate minus that candidate's "
        "true validation AUL, naive (its own AUL^PU) and corrected (`best_estimate`), and how often the "
        "simultaneous `best_interval` holds its true AUL. Under SAR, `propensity` weights by the true propensities "
        f"and `audit` adds an audit of {options['audit_size']} unlabeled validation rows. `labeled_eff`: the median "
        "over the draws of Kish's effective number of labeled rows under the variant's weights (the labeled count "
        "but with the propensities); with the propensities, `few_effective`: the share of draws where it falls "
        f"below {MIN_EFFECTIVE_ROWS}, where `pueval` warns that the weighted interval is not to be trusted, and "
        "`coverage_few`: the set's coverage in those draws.", "",
        *_pipe_table(judged.astype({"draws": int})), ""])


def model_selection_figure(picked: pd.DataFrame, judged: pd.DataFrame, level: float) -> plt.Figure:
    """Left: each criterion's mean regret in true AUC against n_L (SCAR); middle: the share picking the best;
    right: the confidence set's coverage and mean size against n_L, per labeling and variant."""
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(15.0, 5.0), layout="constrained")
    scar = picked[picked["labeling"] == "scar"]
    counts = sorted(picked["n_labeled"].unique())
    for k, (criterion, part) in enumerate(scar.groupby("criterion", sort=False)):
        style = {"color": f"C{k}", "marker": "o", "lw": 2 if criterion in ("aul_pu", "set_simplest") else 1}
        left.plot(part["n_labeled"], part["regret_auc"], label=CRITERION_LABELS.get(criterion, criterion), **style)
        middle.plot(part["n_labeled"], part["picked_best"], **style)
    for ax in (left, middle, right):
        ax.set_xscale("log")
        ax.set_xticks(counts, [str(c) for c in counts])
        ax.minorticks_off()
        ax.set_xlabel("labeled validation rows n$_L$")
    left.set(ylabel="mean regret in true test AUC", title="What each criterion costs (SCAR)")
    middle.set(ylabel="share of draws picking the best", ylim=(0, 1.02), title="How often it picks the best (SCAR)")
    for k, ((labeling, variant), part) in enumerate(judged.groupby(["labeling", "variant"], sort=False)):
        right.plot(part["n_labeled"], part["coverage"], marker="o", color=f"C{k}", label=f"{labeling}, {variant}")
    right.axhline(level, color="0.5", lw=0.8, ls="--")
    right.set(ylabel="coverage of the truly best", ylim=(0, 1.02),
              title=f"The {level:.0%} set for the best: coverage")
    sizes = judged.groupby("n_labeled")["mean_size"].mean()
    twin = right.twinx()
    twin.plot(sizes.index, sizes.to_numpy(), color="0.3", ls=":", marker="s", label="mean set size (all)")
    twin.set_ylabel("mean set size")
    twin.set_ylim(0, None)
    fig.legend(*left.get_legend_handles_labels(), loc="outside lower center", ncol=4, fontsize=8, frameon=False)
    right.legend(fontsize=7, loc="lower left")
    return fig

"""The verdict ledger: every claim our studies test, each decided by a rule of :mod:`verdict_rules` from the
studies' tables.

A claim is a :class:`Claim`: where it is printed, the claim as quoted, the paper's setting and the arm of ours
that implements it, the other arms, the unit of analysis, the tables it reads, and a judge, a function of those
tables that calls one rule (or :func:`verdict_rules.arms` over several). :func:`ledger` judges every claim whose
tables the run made; a claim whose tables are missing (its study is switched off), or whose rows are (a part of
its study switched off: :class:`NotRun`), is listed in the frame's ``attrs["not_judged"]``, never given a
verdict.

The tables are the pipeline's result files, keyed by their stem (``table1`` for ``results/table1.csv``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from pueval.studies import claesen, jain
from pueval.studies import verdict_rules as rules
from pueval.studies.verdict_rules import Judgement

Tables = Mapping[str, pd.DataFrame]

PAPER_SOURCES = ("km1", "km2", "distance")
"""Table 1's prior sources, in the paper's order (its Distance is DistCurve)."""
PAPER_NAMES = {"km1": "KM1", "km2": "KM2", "distance": "Distance", "aul": "AUL^PU", "en": "EN", "bbe": "BBE",
               "tice": "TIcE"}


class NotRun(LookupError):
    """A claim's table is there but holds none of the rows the claim is judged on (that part of its study is
    switched off in the config)."""


@dataclass(frozen=True)
class Claim:
    """One claim of the ledger: what is claimed where, in which setting, on which tables, judged how."""

    id: str
    paper: str
    where: str
    quote: str
    setting: str
    other_arms: str
    unit: str
    tables: tuple[str, ...]
    judge: Callable[[Tables], tuple[Judgement, str]]
    """Returns the judgement and the paper's statistic as text."""


def _labels(frame: pd.DataFrame, *columns: str) -> list[str]:
    return [" ".join(str(v) for v in values) for values in frame[list(columns)].itertuples(index=False)]


# --- the AUL paper ---------------------------------------------------------------------------------------------

def _table1_below(t: Tables) -> tuple[Judgement, str]:
    table = t["table1"]
    holds, labels, paper = [], [], 0
    for source in PAPER_SOURCES:
        holds += list(table["mae_aul"] < table[f"mae_auc_{source}"])
        labels += [f"{label} vs {PAPER_NAMES[source]}" for label in _labels(table, "dataset", "beta")]
        paper += int((table["paper_mae_aul"] < table[f"paper_mae_auc_{source}"]).sum())
    judged = rules.every_row(holds, labels, what="MAE of AUL^PU below the corrected AUC's",
                             units=table["dataset"].nunique())
    return judged, f"{paper} of {len(holds)}"


def _table1_ratio(t: Tables) -> tuple[Judgement, str]:
    table, errors = t["table1"], t["estimation_errors"]
    table = table[table["paper_mae_aul"].notna()]
    if table.empty:
        raise NotRun("table1 holds none of the paper's settings")
    cells = errors[errors["beta"] != "all"].astype({"beta": float}).merge(table[["dataset", "beta"]])
    se = {m: np.sqrt((cells.loc[cells["method"] == m, "se_mae"] ** 2).sum()) / len(table) for m in ("aul", "distance")}
    a, b = table["mae_aul"].mean(), table["mae_auc_distance"].mean()
    ratio = a / b
    se_ratio = ratio * np.hypot(se["aul"] / a, se["distance"] / b)
    paper = table["paper_mae_aul"].mean() / table["paper_mae_auc_distance"].mean()
    judged = rules.within_error([ratio], [paper], [se_ratio], ["mean MAE ratio"])
    return judged, f"{paper:.3f} (their table; 1/6 in the text)"


def _table1_cells(source: str) -> Callable[[Tables], tuple[Judgement, str]]:
    def judge(t: Tables) -> tuple[Judgement, str]:
        table, errors = t["table1"], t["estimation_errors"]
        cells = errors[(errors["method"] == source) & (errors["beta"] != "all")].astype({"beta": float})
        merged = table.merge(cells, on=["dataset", "beta"], validate="one_to_one")
        column = "mae_aul" if source == "aul" else f"mae_auc_{source}"
        merged = merged[merged[f"paper_{column}"].notna()]
        if merged.empty:
            raise NotRun("table1 holds none of the paper's settings")
        judged = rules.within_error(merged[column], merged[f"paper_{column}"], merged["se_mae"],
                                    _labels(merged, "dataset", "beta"))
        return judged, f"{len(merged)} printed cells"
    return judge


def _figure2_rows(t: Tables, column: str) -> tuple[list[bool], list[str]]:
    errors = t["estimation_errors"]
    pooled = errors[(errors["beta"] == "all") & errors["method"].isin(("aul", *PAPER_SOURCES))]
    if pooled.empty:
        raise NotRun("estimation_errors holds no dataset's pooled errors")
    holds, labels = [], []
    for dataset, part in pooled.groupby("dataset", sort=False):
        values = part.set_index("method")[column]
        values = values.abs() if column.startswith("mean_error") else values
        holds.append(bool((values["aul"] < values.drop("aul")).all()))
        labels.append(str(dataset))
    return holds, labels


def _figure2(kind: str) -> Callable[[Tables], tuple[Judgement, str]]:
    what = {"mean_error": "mean error of AUL^PU nearest 0", "iqr": "IQR of AUL^PU's error the smallest"}[kind]

    def judge(t: Tables) -> tuple[Judgement, str]:
        judged = []
        for arm, column in (("the corrected AUC clipped to [0, 1] (as Table 1)", kind),
                            ("unclipped (Eq. 4 as it comes)", f"{kind}_unclipped")):
            holds, labels = _figure2_rows(t, column)
            judged.append((arm, rules.every_row(holds, labels, what=what, units=len(holds))))
        errors = t["estimation_errors"]
        pooled = errors[(errors["beta"] == "all") & errors["method"].isin(PAPER_SOURCES)]
        zero_boxes = pooled[pooled["iqr"] == 0]
        combined = rules.arms(judged, open_choice=True)
        note = (f"; clipped corrected AUCs: {pooled['clipped_share'].mean():.0%} of the draws, boxes of zero height: "
                + (", ".join(_labels(zero_boxes, "dataset", "method")) or "none"))
        return replace(combined, statistic=combined.statistic + note), "9 of 9 datasets (drawn)"
    return judge


def _figure2_beta(t: Tables) -> tuple[Judgement, str]:
    errors = t["estimation_errors"]
    cells = errors[errors["beta"] != "all"].astype({"beta": float}).sort_values("beta")
    holds, labels = [], []
    for (dataset, method), part in cells.groupby(["dataset", "method"], sort=False):
        if method not in ("aul", *PAPER_SOURCES):
            continue
        holds.append(bool(np.all(np.diff(part["iqr"].to_numpy()) <= 0)))
        labels.append(f"{dataset} {PAPER_NAMES[method]}")
    if not holds:
        raise NotRun("estimation_errors holds no per-β errors")
    return rules.every_row(holds, labels, what="IQR not growing with β",
                           units=errors["dataset"].nunique()), "stated, no number"


def _figure1(t: Tables) -> tuple[Judgement, str]:
    figure = t["figure1"].set_index("quantity")
    names = ["auc", "auc_pu", "aul", "aul_pu"]
    return (rules.equal_as_printed(figure.loc[names, "ours"], figure.loc[names, "paper"], names, decimals=3),
            "AUC 0.740, AUC^PU 0.653, AUL 0.620, AUL^PU 0.615")


def _theorem1_cells(t: Tables) -> pd.DataFrame:
    table = t["theorem1"]
    return table.drop_duplicates(["dataset", "beta"])


def _theorem1_unbiased(t: Tables) -> tuple[Judgement, str]:
    cells = _theorem1_cells(t)
    return (rules.within_error(cells["mean_aul_pu"], cells["aul"], cells["mean_error_se"],
                               _labels(cells, "dataset", "beta"), paper_se=0.0), "E[AUL^PU] = AUL (proved)")


def _theorem1_variance(t: Tables) -> tuple[Judgement, str]:
    cells = _theorem1_cells(t)
    return (rules.variance_as_stated(cells["var_observed"], cells["var_theorem"], cells["draws"],
                                     _labels(cells, "dataset", "beta")), "(n^P − n^L)/(n^P − 1)·σ²/n^L (proved)")


def _theorem1_bound(t: Tables) -> tuple[Judgement, str]:
    table = t["theorem1"]
    labels = [f"{d} {b} ε={e:g}" for d, b, e in zip(table["dataset"], table["beta"], table["epsilon"])]
    judged = [("the bound as printed, Var/ε", rules.every_row(table["tail_observed"] <= table["paper_bound"],
                                                               labels, what="tail frequency within the bound")),
              ("Chebyshev's Var/ε² (ours)", rules.every_row(table["tail_observed"] <= table["chebyshev"], labels,
                                                            what="tail frequency within the bound"))]
    return rules.arms(judged, open_choice=False), "P(|AUL^PU − AUL| ≥ ε) ≤ Var/ε"


def _cost(t: Tables) -> tuple[Judgement, str]:
    cost = t["cost"]
    holds, labels = [], []
    for n, part in cost.groupby("n"):
        seconds = part.set_index("method")["seconds"]
        aul = seconds["AUL^PU"]
        holds.append(bool(aul < 1 and (aul < seconds.drop("AUL^PU")).all()))
        labels.append(f"n = {n}")
    return rules.every_row(holds, labels, what="AUL^PU under 1 s and below every MPE method"), "under 1 s"


FIGURE3_ARMS = (("Sakai's 0/1 held-out rule for both (PU_AUL_metric vs PU_AUC_01)", "auc_mean_pu_aul_metric",
                 "auc_mean_pu_auc_01"),
                ("each by its own squared risk (PU_AUL vs PU_AUC)", "auc_mean_pu_aul", "auc_mean_pu_auc"),
                ("PU_AUL by its squared risk vs PU_AUC by Sakai's 0/1 rule", "auc_mean_pu_aul", "auc_mean_pu_auc_01"))


def _figure3(t: Tables) -> tuple[Judgement, str]:
    figure = t["figure3"]
    judged = []
    for arm, ahead, behind in FIGURE3_ARMS:
        relative = (figure[ahead] - figure[behind]) / figure[behind]
        judged.append((arm, rules.ahead_across_units(relative, list(figure["dataset"]), paper_effect=0.025)))
    return rules.arms(judged, open_choice=False), "8 of 9 datasets, +2.5 % on average (relative)"


# --- Table 1+ and the studies beyond the papers ----------------------------------------------------------------

def _table1_plus(t: Tables) -> tuple[Judgement, str]:
    table = t["table1_plus"]
    sources = [c.removeprefix("mae_auc_") for c in table.columns if c.startswith("mae_auc_")]
    holds, labels = [], []
    for source in sources:
        holds += list(table["mae_aul"] < table[f"mae_auc_{source}"])
        labels += [f"{label} vs {PAPER_NAMES.get(source, source)}" for label in _labels(table, "dataset", "beta")]
    return rules.every_row(holds, labels, what="MAE of AUL^PU below the corrected AUC's",
                           units=table["dataset"].nunique()), "—"


def _covers_by_dataset(rows: pd.DataFrame) -> Judgement:
    """:func:`verdict_rules.covers` with each dataset a unit: its (β) rows' coverages pooled by their draws."""
    rows = rows[rows["dataset"] != "all"]
    part = rows.groupby("dataset", sort=False)
    coverage = part.apply(lambda g: np.average(g["coverage"], weights=g["draws"]), include_groups=False)
    return rules.covers(coverage, part["draws"].sum(), nominal=float(rows["level"].iloc[0]), unit="datasets")


def _aul_interval(t: Tables) -> tuple[Judgement, str]:
    frame = t["aul_interval"]
    judged = [(f"the {method} interval", _covers_by_dataset(frame[frame["method"] == method]))
              for method in ("normal", "bootstrap")]
    return rules.arms(judged, open_choice=False), "—"


def _paired_difference(t: Tables) -> tuple[Judgement, str]:
    return _covers_by_dataset(t["paired_difference"]), "—"


def _bbe_interval(t: Tables) -> tuple[Judgement, str]:
    frame = t["prior_intervals"]
    rows = frame[(frame["source"] == "bbe, own (DKW)") & (frame["target"] == "theta") & (frame["beta"] != "all")]
    return (rules.covers(rows["coverage"], rows["draws"], nominal=0.9, unit="β settings (draws pooled over the "
                         "datasets: no per-dataset column)"), "—")


def _operating_recall(t: Tables) -> tuple[Judgement, str]:
    frame = t["operating_points"]
    rows = frame[(frame["part"] == "scar") & (frame["beta"] != "all")]
    return (rules.covers(rows["reached"], rows["draws"], nominal=float(rows["level"].iloc[0]),
                         unit="(β, target) settings (draws pooled over the datasets)"), "—")


def _precision_rows(t: Tables) -> pd.DataFrame:
    frame = t["operating_points"]
    rows = frame[frame["part"] == "precision"]
    if rows.empty:
        raise NotRun("operating_points holds no precision rows")
    return rows


def _operating_bracket(t: Tables) -> tuple[Judgement, str]:
    """Where the bracket's upper end is below 1 (elsewhere it cannot fail), its coverage at its stated level, the
    datasets as units, and in each dataset (its draws are independent given it), each target a part."""
    judged = []
    for target, rows in _precision_rows(t).groupby("target", sort=False):
        informative = rows["informative"]
        kept = informative > 0
        share = float(np.average(rows["uninformative"], weights=rows["draws"]))
        nominal = float(rows["bracket_level"].iloc[0])
        found = rules.covers(rows.loc[kept, "in_bracket_informative"], informative[kept], nominal=nominal,
                             unit="datasets (informative draws)")
        judged.append((f"target {target:g}", replace(found, statistic=f"upper end 1 (uninformative) in {share:.1%} "
                                                                      f"of draws; {found.statistic}")))
        judged.append((f"target {target:g}, each dataset", rules.every_unit_covers(
            rows.loc[kept, "in_bracket_informative"] * informative[kept], informative[kept],
            list(rows.loc[kept, "dataset"]), nominal=nominal)))
    return rules.over_range(judged), "—"


def _operating_prior(t: Tables) -> tuple[Judgement, str]:
    """The precision interval from θ's (BBE's) interval: coverage at its stated level, the datasets as units,
    beside the plug-in interval (θ̂ taken as exact), the baseline that can fail, and in each dataset; each target
    a part."""
    judged = []
    for target, rows in _precision_rows(t).groupby("target", sort=False):
        baseline = float(np.average(rows["plug_in_coverage"], weights=rows["draws"]))
        nominal = float(rows["prior_level"].iloc[0])
        judged.append((f"target {target:g}", rules.covers(rows["prior_coverage"], rows["draws"], nominal=nominal,
                                                          unit="datasets", needs_baseline=True, baseline=baseline)))
        judged.append((f"target {target:g}, each dataset", rules.every_unit_covers(
            rows["prior_coverage"] * rows["draws"], rows["draws"], list(rows["dataset"]), nominal=nominal)))
    return rules.over_range(judged), "—"


def _selection_set(labeling: str) -> Callable[[Tables], tuple[Judgement, str]]:
    def judge(t: Tables) -> tuple[Judgement, str]:
        frame = t["model_selection_sets"]
        rows = frame[frame["labeling"].str.startswith(labeling)]
        if rows.empty:
            raise NotRun(f"model_selection_sets has no {labeling} rows")
        judged = []
        for (name, n, variant), part in rows.groupby(["labeling", "n_labeled", "variant"], sort=False):
            baseline = float(np.average(part["random_set_coverage"], weights=part["draws"]))
            judged.append((f"{name}, n_L = {n}, {variant}",
                           rules.covers(part["coverage"], part["draws"], nominal=float(part["level"].iloc[0]),
                                        unit="datasets", needs_baseline=True, baseline=baseline)))
        return rules.over_range(judged), "—"
    return judge


PRACTICAL = ("corrected_auc_bbe", "proxy_accuracy_bbe", "f1_tabatabaei", "ll_lee_liu", "set_simplest")


def _selection_regret(t: Tables) -> tuple[Judgement, str]:
    """Every other practical criterion's regret minus argmax AUL^PU's, paired within the draws, its 95 % t-interval
    with the datasets as units: above 0 everywhere, AUL^PU's the lowest; below 0 anywhere, not."""
    frame = t["model_selection"]
    rows = frame[(frame["part"] == "criteria") & frame["criterion"].isin(PRACTICAL)].dropna(
        subset=["minus_aul_pu_low", "minus_aul_pu_high"])
    if rows.empty:
        raise NotRun("model_selection holds no criterion's interval (fewer than two datasets)")
    found = rules.intervals_exclude_zero(rows["minus_aul_pu_low"], rows["minus_aul_pu_high"],
                                         _labels(rows, "labeling", "n_labeled", "criterion"))
    lower = rows[rows["minus_aul_pu"] <= 0]
    said = f"; as low or lower in point: {', '.join(_labels(lower, 'labeling', 'n_labeled', 'criterion'))}" \
        if len(lower) else ""
    return replace(found, statistic=f"regret minus AUL^PU's, {found.statistic}{said}",
                   test="each criterion's regret minus AUL^PU's, 95 % t-interval over the datasets, against 0"), "—"


def _sar_scar(t: Tables) -> tuple[Judgement, str]:
    frame = t["sar"]
    rows = frame[(frame["source"] == "aul") & (frame["strength"] == 0) & (frame["dataset"] != "all")]
    return rules.covers(rows["coverage"], rows["draws"], nominal=0.95, unit="datasets"), "—"


def _sar_biased(t: Tables) -> tuple[Judgement, str]:
    frame = t["sar"]
    rows = frame[(frame["source"] == "aul") & (frame["strength"] > 0) & (frame["dataset"] != "all")]
    return (rules.every_row(rows["coverage"] < 0.95, _labels(rows, "dataset", "strength"),
                            what="AUL^PU's 95 % interval under-covering", units=rows["dataset"].nunique()), "—")


SAR_EM_ARMS = (("the authors' default class attributes (every column and the score), standardized",
                "aul_sar_em_all_attributes"), ("every column standardized", "aul_sar_em_standardized"),
               ("the features as they come", "aul_sar_em"))


def _sar_em(scar: bool) -> Callable[[Tables], tuple[Judgement, str]]:
    def judge(t: Tables) -> tuple[Judgement, str]:
        frame = t["sar"]
        frame = frame[frame["dataset"] != "all"]
        rows = frame[(frame["strength"] == 0) if scar else (frame["strength"] > 0)]
        bias = rows.pivot_table(index=["dataset", "strength"], columns="source", values="bias")
        judged = []
        for arm, source in SAR_EM_ARMS:
            if source not in bias:
                continue
            part = bias[[source, "aul"]].dropna()
            labels = [f"{d} k={k:g}" for d, k in part.index]
            judged.append((arm, rules.every_row(part[source].abs() < part["aul"].abs(), labels,
                                                what="|bias| below AUL^PU's", units=part.index.get_level_values(0)
                                                .nunique())))
        if not judged:
            raise NotRun("sar has no SAR-EM rows (config sar.em)")
        return rules.arms(judged, open_choice=True), "—"
    return judge


# --- the related papers -----------------------------------------------------------------------------------------

def _jain(priors: str) -> Callable[[Tables], tuple[Judgement, str]]:
    def judge(t: Tables) -> tuple[Judgement, str]:
        tests = t["jain_tests"]
        judged = []
        names = {"pu": "their bagged networks", "pu_lightgbm": "variant: cross-fitted LightGBM",
                 "model": "variant: a model of the true classes"}
        for arm, repair, unit in (("pu", "clip", "setting"), ("pu", "monotone", "setting"),
                                  ("pu", "clip", "draw"), ("pu", "monotone", "draw"),
                                  ("pu_lightgbm", "clip", "setting"), ("pu_lightgbm", "monotone", "setting"),
                                  ("model", "clip", "setting"), ("model", "monotone", "setting")):
            row = tests[(tests["arm"] == arm) & (tests["priors"] == priors) & (tests["repair"] == repair)
                        & (tests["unit"] == unit)]
            if len(row) != 1:  # that arm off (jain.pu_repetitions 0, no dataset of jain.networks_datasets in run)
                raise NotRun(f"jain_tests has no row {arm}, {priors}, {repair}, {unit}")
            row = row.iloc[0]
            judged.append((f"{names[arm]}, {repair}, per {unit}",
                           rules.binomial_ahead(int(row["indirect_better"]), int(row["cases"]), unit=unit,
                                                paper_share=jain.paper_share(priors))))
        paper_arms = rules.arms(judged[:2], open_choice=True)
        combined = rules.arms([("the paper's unit", paper_arms), *judged[2:]], open_choice=False)
        paper = tests.loc[tests["priors"] == priors, "paper_p_value"].iloc[0]
        arms = "; ".join([paper_arms.arms, combined.arms.split("; ", 1)[1]])
        return replace(combined, arms=arms), f"P = {paper:.2g}"
    return judge


def _jain_errors(check: Callable[[pd.DataFrame], tuple[list[bool], list[str]]], what: str
                 ) -> Callable[[Tables], tuple[Judgement, str]]:
    """A claim about Jain's error table (``results/jain.csv``) judged in every row of each arm by ``check`` (the
    rows that hold, their labels), the paper's arm (their bagged networks) deciding, the variants beside."""
    def judge(t: Tables) -> tuple[Judgement, str]:
        errors = t["jain"]
        judged = []
        for arm, name in (("pu", "their bagged networks"), ("pu_lightgbm", "variant: cross-fitted LightGBM"),
                          ("model", "variant: a model of the true classes")):
            part = errors[errors["arm"] == arm]
            if part.empty:
                if arm == "pu":
                    raise NotRun("jain.csv has no rows of arm pu (config jain.networks_datasets)")
                continue
            holds, labels = check(part)
            judged.append((name, rules.every_row(holds, labels, what=what)))
        return rules.arms(judged, open_choice=False), "stated, no number"
    return judge


def _cell(part: pd.DataFrame, beta: float, metric: str, estimator: str, column: str = "mean_error") -> float:
    row = part[(part["beta"] == beta) & (part["metric"] == metric) & (part["estimator"] == estimator)]
    return float(row[column].iloc[0])


def _pu_underestimates(part: pd.DataFrame) -> tuple[list[bool], list[str]]:
    betas = sorted(part["beta"].unique(), reverse=True)
    return [_cell(part, b, "AUC", "PU") < 0 for b in betas], [f"β = {b:g}" for b in betas]


def _pu_deteriorates(part: pd.DataFrame) -> tuple[list[bool], list[str]]:
    betas = sorted(part["beta"].unique(), reverse=True)  # 1, 0.95, 0.75: increasing noise
    pairs = list(zip(betas, betas[1:]))
    return ([_cell(part, b, "AUC", "PU", "mae") > _cell(part, a, "AUC", "PU", "mae") for a, b in pairs],
            [f"β {a:g} → {b:g}" for a, b in pairs])


def _signs(part: pd.DataFrame) -> tuple[list[bool], list[str]]:
    """IR and DR at every β; IE and DE at β = 1 alone, the one β where our E (β = 1 assumed) is theirs."""
    holds, labels = [], []
    for b in sorted(part["beta"].unique(), reverse=True):
        for estimator, sign in (("IR", -1), ("DR", -1), ("IE", 1), ("DE", 1)):
            if estimator.endswith("E") and b != 1.0:
                continue
            holds.append(np.sign(_cell(part, b, "AUC", estimator)) == sign)
            labels.append(f"{estimator} β = {b:g}")
    return holds, labels


def _pr_uncorrected_worse(part: pd.DataFrame) -> tuple[list[bool], list[str]]:
    holds, labels = [], []
    for b in sorted(part["beta"].unique(), reverse=True):
        pu = _cell(part, b, "AUC-PR", "PU", "mae")
        for estimator in ("IR", "IE"):
            holds.append(pu > _cell(part, b, "AUC-PR", estimator, "mae"))
            labels.append(f"{estimator} β = {b:g}")
    return holds, labels


def _tabatabaei(family: str, x0: float) -> Callable[[Tables], tuple[Judgement, str]]:
    def judge(t: Tables) -> tuple[Judgement, str]:
        frame = t["tabatabaei"]
        rows = frame[frame["family"] == family]
        judged = []
        for forest_set, part in rows.groupby("forest_set"):
            direction = np.sign(part["ll"] - part["f1bar"])  # fewer inversions for F̄1 is better
            judged.append((f"set {forest_set}", rules.better_above(part["rho"], part["p_value"], direction, x0=x0,
                                                                   name="ρ")))
        if not judged:
            raise NotRun(f"tabatabaei has no rows of {family}")
        if len(judged) == 1:
            return judged[0][1], f"significantly better for ρ > {x0:g}"
        # the sets of forests are replicates of a nuisance, not a choice: the claim must hold for each
        return rules.over_range(judged), f"significantly better for ρ > {x0:g}"
    return judge


def _mcdermott_31(t: Tables) -> tuple[Judgement, str]:
    frame = t["mcdermott"]
    gap = frame[frame["metric"] == "auroc"].pivot_table(index=["target_auroc", "method", "arm"], columns="group",
                                                         values="mean")
    gap = (gap["higher"] - gap["lower"]).unstack("arm")
    holds = gap["auprc"] > gap["auroc"]
    return (rules.every_row(holds, [f"target {a:g} {m}" for a, m in holds.index],
                            what="the AUROC gap larger under AUPRC optimization"),
            "in every setting of their Figures 2, 5, 6")


def _mcdermott_32(t: Tables) -> tuple[Judgement, str]:
    real = t["mcdermott_real"]
    if real.empty:
        raise NotRun("mcdermott_real is empty (config mcdermott.real)")
    labels = _labels(real, "dataset", "attribute")
    judged = [("the naive t-interval over the splits (their form, as far as given)",
               rules.intervals_exclude_zero(real["low_naive"], real["high_naive"], labels)),
              ("Nadeau & Bengio's corrected interval", rules.intervals_exclude_zero(real["low"], real["high"], labels))]
    combined = rules.arms(judged, open_choice=True)
    models = int(real["models_per_split"].min())
    detectable = f"{combined.detectable}; {models} models per split and group weight against their 50"
    return replace(combined, detectable=detectable), "positive in their Figure 3 (no interval printed)"


def _theorem2(t: Tables, metric: str) -> tuple[Judgement, str]:
    frame = t["mcdermott_theorem2"]
    if frame.empty:
        raise NotRun("mcdermott_theorem2 holds no dataset with a mistake")
    holds, labels = [], []
    for (target, dataset), part in frame.sort_values("position").groupby(["target_auroc", "dataset"]):
        gain = part[f"{metric}_gain"].to_numpy()
        if metric == "auroc":  # one gain for every mistake, the proof's 1/(P·N), to the precision of a double
            holds.append(bool(np.allclose(gain, part["auroc_step"], rtol=1e-9, atol=0)))
            labels.append(f"target {target:g} dataset {dataset} (gains {gain.min():.6g} to {gain.max():.6g})")
        else:
            out_of_order = int((np.diff(gain) <= 0).sum())
            holds.append(out_of_order == 0)
            labels.append(f"target {target:g} dataset {dataset} ({out_of_order} of {gain.size - 1} neighbouring "
                          "mistakes out of order)")
    what = {"auroc": "AUROC's gain the same for every mistake",
            "auprc": "AUPRC's gain increasing with the mistake's score"}[metric]
    return rules.every_row(holds, labels, what=what), "for every dataset and model (a theorem)"


def _claesen_order(t: Tables) -> tuple[Judgement, str]:
    order = t["claesen_order"]
    judged = []
    for column, name in (("midpoint", "the bounds' midpoint"), ("lower", "the lower bound"), ("upper", "the upper "
                         "bound"), ("zero_width_lower", "the zero-width band"), ("affine", "Jain's affine correction")):
        better = {b: order[order["beta_hat"] == b].set_index("model")[column].idxmax() for b in (0.0, 0.1)}
        judged.append((name, rules.every_row([better[0.0] != better[0.1]], ["β̂ = 0 → 0.1"],
                                             what="the better model changes")))
    paper = order[order["beta_hat"].isin((0.0, 0.1))].set_index(["model", "beta_hat"])["paper"]
    return rules.arms(judged, open_choice=True), ", ".join(f"{m} β̂ = {b:g}: {v:.1%}" for (m, b), v in paper.items())


def _claesen_labelings(t: Tables) -> tuple[pd.DataFrame, list[str]]:
    """The per-labeling table of the authors' covtype scores and its rows' labels; not run without their scores."""
    labelings = t["claesen_labelings"]
    if labelings.empty:
        raise NotRun("claesen_labelings is empty: the authors' scores were not run (claesen.scores)")
    return labelings, [f"labeling {i}" for i in labelings["labeling"]]


def _claesen_every_labeling(holds: Callable[[pd.DataFrame], pd.Series], what: str,
                            theirs: str) -> Callable[[Tables], tuple[Judgement, str]]:
    """A claim on the authors' covtype scores that must hold in every labeling (``holds``: one boolean a row)."""
    def judge(t: Tables) -> tuple[Judgement, str]:
        labelings, labels = _claesen_labelings(t)
        return rules.every_row(holds(labelings).astype(bool), labels, what=what), theirs
    return judge


def _claesen_converge(t: Tables) -> tuple[Judgement, str]:
    sizes = t["claesen"].sort_values("known_positives")
    if len(sizes) < 2:
        raise NotRun("claesen holds fewer than 2 numbers of known positives (config claesen.known_positives)")
    width = sizes["width"].to_numpy()
    labels = [f"{a} → {b} known positives (width {w0:.4f} → {w1:.4f})" for a, b, w0, w1
              in zip(sizes["known_positives"], sizes["known_positives"].iloc[1:], width, width[1:])]
    return (rules.every_row(width[1:] < width[:-1], labels, what="the mean width of the AUC bounds narrower"),
            "converging (Figure 2, no numbers)")


def _claesen_pr_wider(t: Tables) -> tuple[Judgement, str]:
    labelings, labels = _claesen_labelings(t)
    wider = labelings["pr_width"] > labelings["upper"] - labelings["lower"]
    low = labelings["gap_low_recall"] > labelings["gap_high_recall"]
    judged = [("wider in PR space", rules.every_row(wider, labels, what="the AUPRC bounds wider than the AUC bounds")),
              ("particularly at low recall", rules.every_row(low, labels, what=f"the precision gap wider at recall ≤ "
                                                                                f"{claesen.LOW_RECALL:g} than above"))]
    return rules.over_range(judged), "wider in PR space, particularly at low recall (Figure 5, no numbers)"


def _tabatabaei_table2(t: Tables) -> tuple[Judgement, str]:
    table = t["tabatabaei_table2"]
    rows = table[(table["score"] == "f1bar") & table["family"].isin(("generated", "iris"))]
    labels = list(rows["family"])
    # how many runs the printed cell averages the paper does not say: one notebook run (one labeled set and 100
    # classifiers, whose error is √runs times ours), or as many as ours
    judged = [("the printed cell from one run", rules.within_error(rows["rmse"], rows["paper"], rows["se"], labels,
                                                                   paper_se=rows["se"] * np.sqrt(rows["runs"]))),
              ("the printed cell from as many runs as ours", rules.within_error(rows["rmse"], rows["paper"],
                                                                                rows["se"], labels))]
    return (rules.arms(judged, open_choice=True),
            ", ".join(f"{f} {v:.3f}" for f, v in zip(rows["family"], rows["paper"])))


def _tabatabaei_smaller(t: Tables) -> tuple[Judgement, str]:
    table = t["tabatabaei_table2"]
    printed = table[table["paper"].notna()]
    wide = printed.pivot_table(index="family", columns=printed["score"].eq("f1bar"), values="rmse")
    return (rules.every_row(wide[True] < wide[False], list(wide.index), what="F̄1's RMSE below LL's"),
            "smaller on every dataset of Table 2")


def _tabatabaei_never_worse(t: Tables) -> tuple[Judgement, str]:
    frame = t["tabatabaei"]
    rows = frame[frame["family"] == "generated"]
    if rows.empty:
        raise NotRun("tabatabaei has no rows of generated")
    worse = (rows["p_value"] < rules.LEVEL) & (rows["f1bar"] > rows["ll"])
    return rules.every_row(~worse, [f"ρ = {r:g}" for r in rows["rho"]], what="F̄1 not significantly worse"), "never"


TABATABAEI_TITLES = {"generated": "generated", "iris": "IRIS"}


def _tabatabaei_rho_spread(t: Tables) -> tuple[Judgement, str]:
    table = t["tabatabaei_figure2"]
    if table.groupby("family")["rho"].nunique().min() < 3:
        raise NotRun("tabatabaei_figure2 holds fewer than 3 values of ρ (config tabatabaei.en_rhos): no trend to judge")
    judged = []
    for family, part in table.groupby("family", sort=False):
        arms = []  # the study's order: their Figure 2's leave-one-out forest first, then the variants
        for name, rows in part.groupby("estimator", sort=False):
            arms.append((f"{name} (their Figure 2)" if name == "loo_rf" else name,
                         rules.trend(rows["rho"], rows["sd"], decreasing=True,
                                     what=f"sd of ρ̂ ({int(rows['sets'].min())} sets a ρ)", name="ρ")))
        judged.append((TABATABAEI_TITLES.get(family, family), rules.arms(arms, open_choice=False)))
    each = " | ".join(f"{name}: {j.arms}" for name, j in judged)  # every dataset's arms, not the deciding one's alone
    return replace(rules.over_range(judged), arms=each), "variability decreasing as ρ increases (Figure 2, no numbers)"


def _tabatabaei_bounds(t: Tables) -> tuple[Judgement, str]:
    bounds = t["tabatabaei_figure3"]
    bounds = bounds[bounds["formula_sd"] > 0]  # S = P: F̄1 is exact
    judged = []
    for family, part in bounds.groupby("family", sort=False):
        r, variance = part["draws"], part["formula_sd"] ** 2
        labels = [f"S = {s}" for s in part["labeled"]]
        name = TABATABAEI_TITLES.get(family, family)
        judged.append((f"{name}, mean", rules.fits_curve(part["mean"], part["f1"], part["formula_sd"] / np.sqrt(r),
                                                         labels, what="the mean of F̄1 against F1")))
        judged.append((f"{name}, spread", rules.fits_curve(
            part["sd"] ** 2 * r / (r - 1), variance, np.sqrt((part["formula_m4"] - variance**2 * (r - 3) / (r - 1)) / r),
            labels, what="the variance of F̄1 against the formula's")))
    return rules.over_range(judged), "align very well (Figure 3, no numbers)"


TABATABAEI_NOISE_WORSE = {"generated": (0.5,), "iris": (0.5, 2.0)}
"""The noise factors c at which Section 6.3 says F̄1 with ρ̄ = c·ρ is worse than LL."""


def _tabatabaei_noise(t: Tables) -> tuple[Judgement, str]:
    noise = t["tabatabaei_figure5"]
    noise = noise[noise["family"].isin(TABATABAEI_NOISE_WORSE)]
    if noise.empty:
        raise NotRun("tabatabaei_figure5 holds neither generated data nor IRIS")
    said = np.array([c in TABATABAEI_NOISE_WORSE[f] for f, c in zip(noise["family"], noise["c"])])
    said_as = ["worse" if w else "not worse" for w in said]
    means = [f"{TABATABAEI_TITLES[f]} c = {c:g} ({w} in the paper; F̄1 {a:.2f} against LL {b:.2f})" for f, c, w, a, b
             in zip(noise["family"], noise["c"], said_as, noise["f1bar"], noise["ll"])]
    shares = [f"{TABATABAEI_TITLES[f]} c = {c:g} ({w} in the paper; worse at {share:.0%} of ρ)" for f, c, w, share
              in zip(noise["family"], noise["c"], said_as, noise["share_of_rho_worse_than_ll"])]
    what = "F̄1 worse than LL as the paper says"
    judged = [("mean inversions over the ρ grid", rules.every_row((noise["f1bar"] > noise["ll"]).to_numpy() == said,
                                                                   means, what=what)),
              ("worse at most of the grid's ρ", rules.every_row(
                  (noise["share_of_rho_worse_than_ll"] > 0.5).to_numpy() == said, shares, what=what))]
    return rules.arms(judged, open_choice=True), "worse only for c = 0.5 (generated); c = 0.5 and 2 (IRIS)"


# --- the claims --------------------------------------------------------------------------------------------------

AUL = "AUL is a better optimization metric in PU learning"
TABATABAEI = "Tabatabaei, Klein & Hoogendoorn (2020)"
CLAIMS: tuple[Claim, ...] = (
    Claim("aul.table1.below", AUL, "4.2, Table 1", "In all settings, MAE of AUL estimation outperforms AUC "
          "estimation.", "the paper's: 9 datasets × β ∈ {0.1, 0.2, 0.4}, 50 SCAR draws, LightGBM, KM1, KM2, "
          "Distance (the authors' code)", "Table 1+ (row aul.table1plus.below)", "setting (dataset, β); 9 datasets",
          ("table1",), _table1_below),
    Claim("aul.table1.ratio", AUL, "4.2, Table 1", "The average MAE of AUL estimation on all 3*9 dataset settings "
          "is only 1/6 of the best AUC estimation method(Distance).", "the paper's", "—",
          "the ratio of two means over 27 settings (Monte-Carlo error by the delta method)",
          ("table1", "estimation_errors"), _table1_ratio),
    *(Claim(f"aul.table1.cells.{source}", AUL, "4.2, Table 1", f"Table 1's printed MAE column of "
            f"{PAPER_NAMES[source]}", "the paper's; the authors' code on the features as they come",
            "KM on standardized features (results/table1_km_standardized.md)" if source.startswith("km") else "—",
            "cell (dataset, β), 50 draws; the paper's cell assumed to carry our Monte-Carlo error",
            ("table1", "estimation_errors"), _table1_cells(source)) for source in (*PAPER_SOURCES, "aul")),
    Claim("aul.figure2.mean", AUL, "4.2, Figure 2", "the mean value of AUL estimation error is the closest to 0",
          "the paper's: 150 draws per dataset (3 β × 50); the corrected AUC as Table 1 gives it", "unclipped",
          "dataset (9)", ("estimation_errors",), _figure2("mean_error")),
    Claim("aul.figure2.iqr", AUL, "4.2, Figure 2", "the interquartile range (range between first and third "
          "quartile) of AUL estimation error is the smallest", "the paper's: 150 draws per dataset",
          "unclipped", "dataset (9)", ("estimation_errors",), _figure2("iqr")),
    Claim("aul.figure2.beta", AUL, "4.2, Figure 2", "when β becomes larger, the interquartile range gets smaller",
          "the paper's: 50 draws per (dataset, β), the four estimators' boxes", "—", "(dataset, estimator)",
          ("estimation_errors",), _figure2_beta),
    Claim("aul.figure1", AUL, "3, Figure 1", "AUC = 0.740 and AUC^PU = 0.653 ... AUL = 0.620 and AUL^PU = 0.615",
          "the paper's 20-row example", "—", "exact computation", ("figure1",), _figure1),
    Claim("aul.theorem1.unbiased", AUL, "3, Theorem 1", "E[AUL^PU] = AUL", "the paper's draws (SCAR)", "—",
          "cell (dataset, β), 50 draws", ("theorem1",), _theorem1_unbiased),
    Claim("aul.theorem1.variance", AUL, "3, Theorem 1", "Var[AUL^PU] = (n^P − n^L)/(n^P − 1) σ²/n^L",
          "the paper's draws (SCAR)", "—", "cell (dataset, β), 50 draws", ("theorem1",), _theorem1_variance),
    Claim("aul.theorem1.bound", AUL, "3, the error bound", "the bound of the estimation error as printed (Var/ε)",
          "the bound as printed", "Chebyshev's Var/ε²", "(dataset, β, ε)", ("theorem1",), _theorem1_bound),
    Claim("aul.cost", AUL, "4.2, cost", "The cost of AUL estimation ... is negligible (less than 1 second). However, "
          "the MPE algorithms cost is much larger.", "the paper's: 117 features, growing n", "—", "size n",
          ("cost",), _cost),
    Claim("aul.figure3", AUL, "5, Figure 3", "PU_AUL achieves better performance on 8/9 datasets (average 2.5% "
          "improvement).", "β = 0.1, 10 random 70/30 splits per dataset, each method tuned by Sakai's held-out 0/1 "
          "rule (PU_AUL 'in a similar way')", "squared-risk tuning for both; mixed",
          "dataset (9): the mean test AUC over the splits, relative difference", ("figure3",), _figure3),
    Claim("ours.table1plus.below", "pueval", "Table 1+", "AUL^PU's MAE below the corrected AUC's for every prior "
          "source, modern ones included", "Table 1's draws, six prior sources", "—", "setting; 9 datasets",
          ("table1_plus",), _table1_plus),
    Claim("ours.aul_interval", "pueval", "AUL^PU's interval", "AUL^PU's 95 % interval covers the true AUL at its "
          "level under SCAR", "Table 1's draws", "the bootstrap interval", "dataset (9)", ("aul_interval",),
          _aul_interval),
    Claim("ours.paired_difference", "pueval", "two models compared", "the paired difference's 95 % interval covers "
          "the true difference", "Table 1's draws, two models", "—", "dataset (9)", ("paired_difference",),
          _paired_difference),
    Claim("ours.bbe_interval", "pueval", "priors with their uncertainty", "BBE's own interval (DKW, δ = 0.1) covers "
          "θ at 90 %", "Table 1's draws", "the percentile bootstrap (results/prior_intervals.md)", "β setting",
          ("prior_intervals",), _bbe_interval),
    Claim("ours.operating.recall", "pueval", "operating points", "the threshold reaches its target recall with "
          "probability ≥ its level, without a prior", "Table 1's draws, targets 0.8 and 0.9", "—",
          "(β, target) setting", ("operating_points",), _operating_recall),
    Claim("ours.operating.bracket", "pueval", "operating points", "the prior-free precision bracket holds the true "
          "precision at its stated level (1 − 1.5·(1 − level): the ranking's bound and the recall interval's upper "
          "tail, by the union bound), judged where its upper end is below 1", "Table 1's draws, targets 0.8 and 0.9",
          "—", "dataset, at each target", ("operating_points",), _operating_bracket),
    Claim("ours.operating.prior", "pueval", "operating points", "the precision interval from θ's interval (BBE's "
          "own) and the recall interval holds the true precision at its stated level (1 − δ − (1 − level), by the "
          "union bound)", "Table 1's draws, BBE's θ̂ and DKW interval per draw; the baseline: the plug-in interval "
          "taking θ̂ as exact", "—", "dataset, at each target", ("operating_points",), _operating_prior),
    Claim("ours.selection.set", "pueval", "model selection", "the confidence set holds the truly best model at its "
          "level, at every number of labeled rows", "SCAR, 9 datasets, a grid of LightGBM models; the baseline: a "
          "random set of the same size (size/candidates per draw)", "—", "dataset, at each n_L",
          ("model_selection_sets",), _selection_set("scar")),
    Claim("ours.selection.set.sar", "pueval", "model selection", "under SAR labeling, the confidence set (from the "
          "labels alone, with the true propensities, or with an audit) holds the truly best model at its level",
          "SAR at each strength of config model_selection.strengths; the baseline as above", "—",
          "dataset, at each (k, n_L, variant)", ("model_selection_sets",), _selection_set("sar")),
    Claim("ours.selection.regret", "pueval", "model selection", "argmax AUL^PU has the lowest regret of the "
          "practical criteria", "SCAR and SAR labelings, n_L 30–300; each criterion's regret minus AUL^PU's, paired "
          "within the draws", "—", "dataset (the draws' mean), at each (labeling, n_L, criterion)",
          ("model_selection",), _selection_regret),
    Claim("ours.sar.scar", "pueval", "labels not at random", "under SCAR AUL^PU's 95 % interval covers the AUL",
          "k = 0", "—", "dataset (9)", ("sar",), _sar_scar),
    Claim("ours.sar.biased", "pueval", "labels not at random", "from k = 0.5 on AUL^PU is biased: its interval "
          "under-covers", "k ∈ {0.5, 1, 2, 4}", "weighting, audits (results/sar.csv)", "(dataset, k)", ("sar",),
          _sar_biased),
    Claim("ours.sar_em.corrects", "pueval", "labels not at random", "SAR-EM's estimated propensities (its authors' "
          "pu_learn_sar_em) reduce AUL^PU's bias when the labels are not selected at random", "k ∈ {0.5, 1, 2, 4}, "
          "the datasets of config sar.em, its first draws per k (AUL^PU's bias over all of the k's draws); point "
          "estimates", "three sets of class attributes, each an arm", "(dataset, k)", ("sar",), _sar_em(False)),
    Claim("ours.sar_em.scar", "pueval", "labels not at random", "under SCAR, SAR-EM's correction adds no bias beyond "
          "AUL^PU's", "k = 0; point estimates", "three sets of class attributes, each an arm", "dataset", ("sar",),
          _sar_em(True)),
    Claim("jain.real", "Jain, White & Radivojac (2017)", "results", "the indirect method was superior in both "
          "cases (P = 6.5·10⁻⁵ for real α and β ...; one-sided binomial test)",
          "their non-traditional classifier (labeled vs unlabeled): 100 bagged networks of five hidden units, "
          "Rprop, scored out of bag, 50 draws, on the datasets of config jain.networks_datasets (a cut of breadth)",
          "per draw; cross-fitted LightGBM on every dataset; a model of the true classes",
          "setting (dataset, β): the paper leaves the repair (clip, monotone) open", ("jain_tests",), _jain("real")),
    Claim("jain.estimated", "Jain, White & Radivojac (2017)", "results",
          "... and P = 5.7·10⁻³ for estimated α and "
          "β; one-sided binomial test", "as jain.real", "as jain.real",
          "setting (dataset, β)", ("jain_tests",), _jain("estimated")),
    Claim("jain.pu_underestimates", "Jain, White & Radivojac (2017)", "results, Figure 2(a)",
          "AUC^pu consistently underestimates the true performance", "their bagged networks at each β (mean error "
          "of AUC^pu over the datasets' draws)", "cross-fitted LightGBM; a model of the true classes", "β",
          ("jain",), _jain_errors(_pu_underestimates, "mean error of AUC^pu below 0")),
    Claim("jain.pu_deteriorates", "Jain, White & Radivojac (2017)", "results, Figure 2(a)",
          "Moreover, it deteriorates with increase in noise", "their bagged networks, β from 1 to 0.95 to 0.75 "
          "(the MAE of AUC^pu)", "cross-fitted LightGBM; a model of the true classes", "step of β",
          ("jain",), _jain_errors(_pu_deteriorates, "MAE of AUC^pu growing")),
    Claim("jain.signs", "Jain, White & Radivojac (2017)", "results, Figure 2(b)",
          "the estimators IR and DR both underestimate, and IE and DE both overestimate", "their bagged networks: IR "
          "and DR at each β; IE and DE at β = 1 only (our E, BBE, assumes β = 1; their AlphaMax estimates β, so "
          "below 1 ours is not theirs)", "cross-fitted LightGBM; a model of the true classes", "estimator × β", ("jain",), _jain_errors(_signs, "mean error of the stated sign")),
    Claim("jain.pr_uncorrected", "Jain, White & Radivojac (2017)", "results, Figure 2(c, d)",
          "errors in the uncorrected AUC-PR estimates (red boxes) are much higher in comparison", "their bagged "
          "networks at each β: the MAE of AUC-PR^pu against IR's and IE's", "cross-fitted LightGBM; a model of the "
          "true classes", "estimator × β", ("jain",), _jain_errors(_pr_uncorrected_worse, "MAE of AUC-PR^pu higher")),
    Claim("tabatabaei.figure4.generated", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Figure 4a",
          "for values of ρ > 0.05 the number of inversions caused by sorting classifiers based on the F̄1 score is "
          "significantly lower than those by the LL score", "their notebook's generated data, 200 runs",
          "—", "ρ (each a Wilcoxon test over 200 runs)", ("tabatabaei",), _tabatabaei("generated", 0.05)),
    Claim("tabatabaei.figure4.iris", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Figure 4b",
          "Our approach is significantly better when ρ > 0.02.", "IRIS, 200 runs", "—", "ρ",
          ("tabatabaei",), _tabatabaei("iris", 0.02)),
    Claim("tabatabaei.figure4.heart", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Figure 4c",
          "Heart Disease: significantly better for ρ > 0.02 (their Figure 4c)", "Heart Disease, forests fitted on "
          "the true classes (the paper does not say); the claim judged in each set of forests", "PU-fitted forests",
          "ρ",
          ("tabatabaei",), _tabatabaei("forest", 0.02)),
    Claim("mcdermott.3.1", "McDermott et al. (2024)", "3.1, Figures 2, 5, 6", "optimizing AUPRC favours the "
          "higher-prevalence group more than optimizing AUROC does", "two synthetic groups (prevalence 0.05 and "
          "0.01), their three optimization methods", "—", "(target AUROC, method)", ("mcdermott",), _mcdermott_31),
    Claim("mcdermott.3.2", "McDermott et al. (2024)", "3.2, Figure 3", "validation AUPRC tracks a larger test "
          "AUROC gap in favour of the higher-prevalence group than validation AUROC does (their Figure 3)",
          "Adult and COMPAS by sex and race, random searches per group weight over random splits; ours: LightGBM, "
          "fewer models (results/mcdermott.md)", "the corrected interval", "(dataset, attribute), splits of one "
          "subsample", ("mcdermott_real",), _mcdermott_32),
    Claim("mcdermott.theorem2.auroc", "McDermott et al. (2024)", "2, Theorem 2", "AUROC(f_i) = AUROC(f_j) for all "
          "i, j ∈ M (fixing any atomic mistake raises AUROC by the same amount)", "Section 3.1's datasets as M2 "
          "meets them: two groups of 200 rows (prevalence 0.05 and 0.01) by their F.1 sampler, config "
          "mcdermott.datasets at each target AUROC; every atomic mistake fixed alone", "—", "dataset",
          ("mcdermott_theorem2",), lambda t: _theorem2(t, "auroc")),
    Claim("mcdermott.theorem2.auprc", "McDermott et al. (2024)", "2, Theorem 2", "AUPRC(f_i) < AUPRC(f_j) for all "
          "i, j ∈ M such that i < j (fixing a mistake at a higher score raises AUPRC more)", "as "
          "mcdermott.theorem2.auroc; AUPRC as average precision", "—", "dataset", ("mcdermott_theorem2",),
          lambda t: _theorem2(t, "auprc")),
    Claim("claesen.order", "Claesen et al. (2015)", "6.2, Figure 4", "the ordering of rankings in terms of area "
          "under the ROC curve can change when the estimate of β changes", "their two simulated models, β̂ = 0 and "
          "0.1", "the quantity their AUROC is read from (not said): each bound, the midpoint, Jain's correction",
          "one pair of models", ("claesen_order",), _claesen_order),
    Claim("claesen.covtype", "Claesen et al. (2015)", "6.3, Figure 5", "the bounds on covtype with 5 % known "
          "positives contain the true AUC", "the authors' own covtype scores (claesenm/semisup-metrics), random "
          "labelings of 5 % of the positives", "our dataset as contrast (results/claesen.md)", "labeling",
          ("claesen_labelings",), _claesen_every_labeling(lambda f: f["contains"], "the bounds at β̂ = β contain the "
                                                          "true AUC", "tight bounds containing the AUC")),
    Claim("claesen.figure2", "Claesen et al. (2015)", "5, Figure 2", "Figure 2 shows the convergence of the bounds on "
          "area under the curve for the estimated lower and upper bound of the ROC curve for increasing amounts of "
          "known positives", "simulated rankings, |U| = 100,000, β = 0.2, no known negatives (their distributions "
          "not given: binormal)", "—", "number of known positives (config claesen.known_positives), the mean width "
          "over the repetitions", ("claesen",), _claesen_converge),
    Claim("claesen.beta0", "Claesen et al. (2015)", "6.1; 6.3, Figure 5", "treating the full unlabeled set as "
          "negative underestimates the true performance, since β = 0 < β", "the authors' own covtype scores, "
          "random labelings of 5 % of the positives; the AUC bound at β̂ = 0", "our dataset as contrast "
          "(results/claesen.md)", "labeling", ("claesen_labelings",),
          _claesen_every_labeling(lambda f: f["zero_upper"] < f["auc"], "the AUC at β̂ = 0 below the true AUC",
                                  "underestimates")),
    Claim("claesen.beta_range", "Claesen et al. (2015)", "6.1; 6.3, Figure 5", "given bounds or a CI on β, that is "
          "β_lo < β < β_up, we can use β_lo and β_up to estimate a lower and upper bound on the true ROC or PR curve. "
          "Bounds computed based on a CI for β constitute a CI for the performance metric", "the authors' own covtype "
          "scores, random labelings of 5 % of the positives, their interval 0.88 < β̂/β < 1.25 (a true interval: it "
          "holds β)", "—", "labeling", ("claesen_labelings",),
          _claesen_every_labeling(lambda f: f["range_contains"], "the bounds over β̂ ∈ [0.88β, 1.25β] contain the true "
                                  "AUC", "contains (a CI)")),
    Claim("claesen.pr_wider", "Claesen et al. (2015)", "6.3, Figure 5", "The estimated bounds are wider in PR space "
          "than in ROC space, particularly at low recall.", "the authors' own covtype scores, random labelings of 5 % "
          "of the positives, β̂ = β; low recall: ≤ 0.2", "our dataset as contrast (results/claesen.md)", "labeling",
          ("claesen_labelings",), _claesen_pr_wider),
    Claim("tabatabaei.table2.f1bar", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Table 2", "F̄1's RMSE against "
          "the true F1 at ρ = 0.3 (Table 2)", "their notebooks' generated data and IRIS, 200 runs × 100 classifiers",
          "Heart Disease (design unknown: results/tabatabaei.md)", "dataset; the runs behind the printed cell are not "
          "said: one run, or as many as ours, each an arm", ("tabatabaei_table2",), _tabatabaei_table2),
    Claim("tabatabaei.table2.smaller", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Table 2", "The RMSE for our "
          "approach is much smaller compared to the LL score.", "each dataset's printed form of LL",
          "the other form of LL (results/tabatabaei.md)", "dataset", ("tabatabaei_table2",), _tabatabaei_smaller),
    Claim("tabatabaei.figure4.never_worse", "Tabatabaei, Klein & Hoogendoorn (2020)", "6.2, Figure 4a",
          "We also see that our approach never performs worse.", "generated data, 200 runs", "—", "ρ",
          ("tabatabaei",), _tabatabaei_never_worse),
    Claim("tabatabaei.figure2", TABATABAEI, "6.1, Figure 2", "We see that as ρ increases the variability of the "
          "estimation decreases", "their Figure 2's estimator: a random forest of labeled against the other rows, "
          "fitted once per labeled row left out, on the first sets of each ρ (config tabatabaei.rf_repetitions); "
          "one generated dataset and IRIS, judged on each", "their notebooks' leave-one-out logistic regression "
          "(penalized intercept, and not); our EN", "ρ (9 values), the sd of ρ̂ over a ρ's labeled sets",
          ("tabatabaei_figure2",), _tabatabaei_rho_spread),
    Claim("tabatabaei.figure3", TABATABAEI, "6.1, Figure 3", "the empirical mean and bounds and the computed mean "
          "and bounds based on our mathematical results ... Results show that the two align very well for both "
          "datasets", "one classifier of F1 near 0.44 per dataset (theirs: 0.44), S = 1 … P labeled positives, "
          "config tabatabaei.bounds_draws labeled sets each; the mean against E(F̄1) = F1, the variance against "
          "their Var(F̄1)", "—", "S (a point of the curve), each dataset's mean and spread a curve",
          ("tabatabaei_figure3",), _tabatabaei_bounds),
    Claim("tabatabaei.figure5", TABATABAEI, "6.3, Figure 5", "When considering the generated dataset, we see that "
          "only for a value of c = 0.5 ... the proposed approach scores worse compared to the LL score. For the IRIS "
          "dataset, we see a similar pattern, except that also for a value of c = 2 ... our performance is worse.",
          "their notebooks' noise factors c (errors_in_roh), ρ̄ = c·ρ, 200 runs per ρ", "—",
          "(dataset, c); what 'worse' reads on the ρ grid is not said: the mean over the grid, or most of its ρ, "
          "each an arm", ("tabatabaei_figure5",), _tabatabaei_noise),
)

COLUMNS = ("id", "paper", "where", "claim", "setting", "other_arms", "unit", "units", "ours", "theirs", "interval",
           "test", "p_value", "family", "detectable", "verdict", "arms", "rule", "tables")


def ledger(tables: Tables, claims=CLAIMS) -> pd.DataFrame:
    """One row per claim judged from ``tables``, in :data:`COLUMNS`; ``attrs["not_judged"]`` lists the claims
    whose tables or rows this run did not make, each with the reason."""
    rows, not_judged = [], []
    for claim in claims:
        missing = [name for name in claim.tables if name not in tables]
        if missing:
            not_judged.append(f"{claim.id} (no {', '.join(missing)})")
            continue
        try:
            judged, theirs = claim.judge(tables)
        except NotRun as reason:
            not_judged.append(f"{claim.id} ({reason})")
            continue
        rows.append({"id": claim.id, "paper": claim.paper, "where": claim.where, "claim": claim.quote,
                     "setting": claim.setting, "other_arms": claim.other_arms, "unit": claim.unit,
                     "units": judged.units, "ours": judged.statistic, "theirs": theirs, "interval": judged.interval,
                     "test": judged.test, "p_value": judged.p_value, "family": judged.family,
                     "detectable": judged.detectable, "verdict": judged.verdict, "arms": judged.arms,
                     "rule": judged.rule, "tables": ", ".join(f"results/{name}.csv" for name in claim.tables)})
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    frame.attrs["not_judged"] = not_judged
    return frame

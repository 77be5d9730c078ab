"""The columns of every intermediate Parquet file under ``results/``, in one place.

Each step writes and reads its Parquet files through :func:`write` and :func:`read`, which check the
columns against the file's :class:`Schema`; the README's "Intermediate files" section is
:func:`markdown` (a test keeps the two the same). A file with ``features=True`` holds the dataset's
own columns first, then the schema's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

# A column name ending in this stands for one or more consecutive columns, one per value of a factor the
# study sets (``inv_f1bar_{c}``: ``inv_f1bar_0.5``, ``inv_f1bar_1`` …): the schema does not copy the study's list.
FAMILY = "{c}"
_NUMBER = r"-?[0-9]+(\.[0-9]+)?"


@dataclass(frozen=True)
class Schema:
    path: str  # under results/
    rule: str  # the rule that writes it
    about: str
    columns: dict[str, str]  # name -> meaning, in file order; a name ending in FAMILY is a family of columns
    features: bool = False  # the dataset's own columns come first

    def matches(self, columns: list[str]) -> bool:
        """Whether ``columns`` are the schema's, in order (each family one or more columns of its prefix)."""
        pattern = "".join(
            f"(?:{re.escape(name[: -len(FAMILY)])}{_NUMBER}\n)+" if name.endswith(FAMILY) else f"{re.escape(name)}\n"
            for name in self.columns)
        return re.fullmatch(pattern, "".join(f"{c}\n" for c in columns)) is not None


_KM = "KM1 and KM2 (the authors' rules, pueval.mpe.kernel_embedding)"
_KM_COLUMNS = {
    "draw": "draw index", "theta": "true positive fraction of the unlabeled rows",
    "theta_km1": "KM1 estimate (threshold 1/sqrt(min(N, M)))", "theta_km2": "KM2 estimate (slope threshold)",
    "certified": "slope comparisons certified by convexity and the QP bounds (the exact QP's decision)",
    "stable": "slope comparisons decided by settled point values", "undecided":
    "slope comparisons decided by point values that had not settled", "seconds": "time of this draw",
    "shared_seconds": "time of the Gram matrices shared by all draws of the job"}

SCHEMAS = {
    "raw": Schema("raw/{dataset}.parquet", "download", "the raw table as fetched (the entry's columns)", {},
                  features=True),
    "data": Schema("data/{dataset}.parquet", "binarize", "binarized, one-hot encoded, subsampled features and labels",
                   {"label": "1 = positive class (the entry's positive rule), 0 = negative"}, features=True),
    "scores": Schema("scores/{dataset}.parquet", "score",
                     "out-of-fold scores of the model under evaluation, rows as in data/",
                     {"label": "true class", "score": "cross-fitted LightGBM score"}),
    "draws": Schema("draws/{dataset}/beta{beta}.parquet", "draws", "SCAR draws: which rows are labeled",
                    {"draw": "draw index 0..n_draws-1", "row": "row of data/ labeled in that draw"}),
    "km": Schema("mpe/km/{dataset}/beta{beta}.parquet", "km", f"per draw: {_KM}", _KM_COLUMNS),
    "km_standardized": Schema("mpe/km_standardized/{dataset}/beta{beta}.parquet", "km_standardized",
                              "per draw: KM1/KM2 with every feature standardized (mpe.km.standardized_datasets), "
                              "the km file's columns", _KM_COLUMNS),
    "transform": Schema("mpe/transform/{dataset}/beta{beta}.parquet", "transform",
                        "per draw and row: the cross-fitted labeled-vs-unlabeled LightGBM transform that EN, DistCurve "
                        "and BBE (in the estimate job) read", {
        "draw": "draw index",
        "score": "the held-out score of that row of data/ (rows in data/'s order within a draw)"}),
    "en": Schema("mpe/en/{dataset}/beta{beta}.parquet", "transform", "per draw: EN (Elkan & Noto 2008, e1) on the "
                 "transform", {"draw": "draw index", "theta": "true positive fraction of the unlabeled rows",
                               "theta_en": "EN estimate", "transform_seconds": "the transform's time",
                               "seconds": "time of this draw (transform and EN)"}),
    "distcurve": Schema("mpe/distcurve/{dataset}/beta{beta}.parquet", "distcurve",
                        "per draw: DistCurve (Zeiberg et al. 2020) read from the stored transform", {
        "draw": "draw index", "theta": "true positive fraction of the unlabeled rows",
        "theta_distance": "DistCurve estimate", "seconds": "time of this draw's read-out (the transform's is in en)"}),
    "tice": Schema("mpe/tice/{dataset}/beta{beta}.parquet", "tice", "per draw: TIcE (Bekker & Davis 2018)", {
        "draw": "draw index", "theta": "true positive fraction of the unlabeled rows", "theta_tice": "TIcE estimate",
        "seconds": "time of this draw"}),
    "estimates": Schema("estimates/{dataset}/beta{beta}.parquet", "estimate",
                        "per draw: truth, AUL^PU, AUC^PU, corrected AUCs", {
        "dataset": "catalog name", "beta": "labeled fraction of the positives", "n": "rows", "alpha":
        "positive fraction", "auc": "true AUC (Eq. 1)", "aul": "true AUL (Eq. 2)", "draw": "draw index",
        "n_labeled": "labeled rows", "n_unlabeled": "unlabeled rows", "theta": "true positive fraction of the "
        "unlabeled", "auc_pu": "AUC^PU (Eq. 3)", "aul_pu": "AUL^PU (Eq. 4)",
        "auc_pu_se": "AUC^PU's standard error (DeLong's, labeled against unlabeled)", "theta_km1": "KM1 prior",
        "auc_est_km1": "AUC corrected with KM1, clipped to [0, 1]", "theta_km2": "KM2 prior",
        "auc_est_km2": "AUC corrected with KM2", "theta_distance": "DistCurve prior",
        "auc_est_distance": "AUC corrected with DistCurve", "theta_en": "EN prior", "auc_est_en":
        "AUC corrected with EN", "theta_bbe": "BBE prior", "auc_est_bbe": "AUC corrected with BBE",
        "bbe_lower": "BBE's own interval for theta, low end", "bbe_upper": "its high end",
        "theta_tice": "TIcE prior", "auc_est_tice": "AUC corrected with TIcE"}),
    "prior_bootstrap": Schema("prior_intervals/{dataset}/beta{beta}.parquet", "prior_bootstrap",
                              "per checked draw and method: theta-hat with its bootstrap interval", {
        "dataset": "catalog name", "beta": "labeled fraction of the positives", "draw": "draw index (the first "
        "draws of the beta)", "method": "the prior estimator", "theta": "true positive fraction of the unlabeled rows",
        "theta_hat": "the estimate", "low": "the bootstrap percentile interval's low end", "high": "its high end"}),
    "related": Schema("related/{dataset}.parquet", "related", "per draw: the related papers' estimators", {
        "dataset": "catalog name", "beta": "labeled fraction", "draw": "draw index", "estimator": "which estimator",
        "target": "the fully labeled quantity it estimates (aul, auc, auprc, f1, ll)", "prior":
        "where its theta comes from (true, km1, km2, distance; none)", "estimate": "its value",
        "lower": "Claesen lower bound (else empty)", "upper": "Claesen upper bound (else empty)",
        "truth": "the fully labeled value of target"}),
    "claesen_scores": Schema("claesen/authors_scores.parquet", "claesen_scores",
                             "Claesen et al.'s own classifier scores (their data.pkl, one entry)", {
        "label": "1 = positive", "score": "the authors' classifier's decision value"}),
    "figure3": Schema("figure3/{dataset}.parquet", "figure3_dataset",
                      "per repetition and method: Figure 3's PU_AUC and PU_AUL", {
        "dataset": "catalog name", "rep": "repetition", "method": "PU_AUC, PU_AUC_oracle, PU_AUC_01 (tuned by "
        "the held-out 0/1 PU-AUC risk, as Sakai's code), PU_AUL or PU_AUL_metric (tuned by AUL^PU)", "auc": "test AUC",
        "sigma": "chosen kernel width", "lam": "chosen ridge penalty", "clipped": "1 if the solver clipped",
        "theta": "true positive fraction of the unlabeled training rows", "theta_hat": "estimated prior (PU_AUC)",
        "fit_seconds": "cross-validation and refit", "train_seconds": "fit_seconds, plus the MPE run for PU_AUC",
        "beta": "labeled fraction", "prior_method": "MPE method PU_AUC took its prior from"}),
    "sar": Schema("sar/{dataset}.parquet", "sar",
                  "per draw of labels selected at random or not: estimates against truth", {
        "dataset": "catalog name", "beta": "labeled fraction of the positives (on average over the propensities)",
        "strength": "k of the propensity (0 = SCAR)", "draw": "draw index", "theta": "true positive fraction of "
        "the unlabeled rows", "source": "aul (AUL^PU), the prior of the corrected AUC (true, distance, en, bbe, "
        "tice), or an AUL estimate without SCAR (aul_weighted, aul_weighted_half, aul_sar_em, aul_sar_em_standardized, aul_sar_em_all_attributes, aul_audit_{m}, aul_bounds)",
        "estimate": "AUL^PU, AUC^PU corrected with that prior (clipped to [0, 1]), or that AUL estimate", "truth":
        "the fully labeled AUL or AUC", "error": "estimate - truth", "low": "the 95 % interval's lower end (the "
        "bounds' lower end for aul_bounds; NaN without one)", "high": "its upper end", "p_value":
        "the SCAR test's p-value (aul_audit_{m}; NaN otherwise)"}),
    "tabatabaei": Schema("tabatabaei/{family}.parquet", "tabatabaei_inversions",
                         "per rho and run: inversions and squared errors of Tabatabaei's F1 estimate and the LL score", {
        "rho": "nominal labeled fraction of the positives", "rho_real": "realised rho = S/P", "run": "run index",
        "inv_ll": "inversions of the LL score (% of classifier pairs)",
        f"inv_f1bar_{FAMILY}": "inversions of F1-bar with rho-bar = c rho, one column per noise factor c of the "
        "authors' errors_in_roh (pueval.studies.tabatabaei.NOISE; forests: c = 1 only)",
        "sse_f1bar": "squared errors of F1-bar against F1, summed over the classifiers",
        "sse_ll": "the same for LL = recall^2 M/M1", "sse_ll_notebook": "the same for recall^2/M1 (their notebooks)",
        "classifiers": "classifiers in the run", "forest_set": "set of random forests (0 for generated data and IRIS)"}),
    "mcdermott_synthetic": Schema("mcdermott/synthetic_{target}.parquet", "mcdermott_synthetic",
                                  "per dataset, method, arm and step: per-group AUROC and AUPRC (McDermott et al. 3.1)", {
        "target_auroc": "the AUROC the groups are sampled at (F.1)", "dataset": "dataset index",
        "method": "M1 (noise), M2 (fix mistakes) or M3 (permute nearby scores)", "arm": "the metric optimized, "
        "overall auroc or auprc", "overall_auroc": "the union's AUROC before optimizing",
        "step": "step (M1: the noise magnitude delta)", "group": "higher or lower prevalence group",
        "metric": "auroc or auprc", "value": "the group's metric"}),
    "mcdermott_pu": Schema("mcdermott/pu.parquet", "mcdermott_pu",
                           "per dataset, method, labeling, arm and step: the true AUROC per group and overall", {
        "dataset": "dataset index", "method": "M2 or M3", "labels": "name of the label frequencies (equal, unequal)",
        "arm": "the PU metric optimized: auroc (AUC^PU, i.e. AUL^PU) or auprc (AUPRC^PU)",
        "labeled_0": "labeled rows of the higher-prevalence group", "labeled_1": "labeled rows of the lower one",
        "step": "step", "group": "higher, lower or all", "metric": "auroc", "value": "the true AUROC"}),
    "mcdermott_real": Schema("mcdermott/real_{dataset}_{attribute}.parquet", "mcdermott_real",
                             "per split and model: validation AUROC, AUPRC and the test AUROC gap (McDermott et al. 3.2)", {
        "split": "split index", "weight": "weight of the higher-prevalence group's rows", "run": "random-search run",
        "max_depth": "tree depth", "learning_rate": "learning rate", "rounds": "boosting rounds",
        "min_sum_hessian_in_leaf": "LightGBM's min child weight", "use_attribute": "the attribute is a feature",
        "val_auroc": "validation AUROC", "val_auprc": "validation AUPRC (average precision)",
        "test_auroc_higher": "test AUROC of the higher-prevalence group", "test_auroc_lower": "of the lower one",
        "test_auroc_gap": "higher minus lower", "n": "rows after balancing",
        "prevalence_higher": "prevalence of the higher group", "prevalence_lower": "of the lower group"}),
    "tabatabaei_rho": Schema("tabatabaei/rho.parquet", "tabatabaei_rho",
                             "per labeled set: EN's and their leave-one-out estimate of rho", {
        "family": "generated or iris", "rho": "nominal labeled fraction of the positives",
        "rho_real": "realised rho = S/P", "repetition": "labeled set index", "rho_hat": "EN's estimate of rho",
        "rho_hat_loo": "their estimate: leave-one-out logistic regression (liblinear's, intercept penalized), "
        "S/((S - 1)/c - 1)", "rho_hat_loo_free_intercept": "the same, intercept not penalized (lbfgs's)",
        "rho_hat_loo_rf": "their Figure 2's estimate: leave-one-out random forest (10 trees), NaN beyond "
        "tabatabaei.rf_repetitions"}),
    "tabatabaei_designs": Schema("tabatabaei/designs.parquet", "tabatabaei_designs",
                                 "per Heart Disease design the paper leaves open: Table 2's RMSE at rho = 0.3", {
        "coding": "the positive class: num > 0 (disease, the catalog's) or num = 0", "judged": "where the forests "
        "are judged: held-out half (the half they were not fitted on) or in-sample (every row, all fitted on)",
        "positives": "positives among the judged rows", "rows": "judged rows",
        "rmse_f1bar": "RMSE of F1-bar against the true F1", "rmse_ll": "RMSE of LL = recall^2 M/M1"}),
    "bench_learners": Schema("bench/settings/{dataset}/beta{beta}.learners.parquet", "bench_setting",
                             "pueval bench, per draw, learner arm and tuning: the judgement on the test rows", {
        "learner": "the learner's arm ([π]: the true prior, [π̂]: BBE's; _copy: a second copy)",
        "aul_pu": "AUL^PU of its test scores", "aul_pu_low": "its interval's lower end (bench.level)",
        "aul_pu_high": "its upper end", "oracle_auc": "AUC on the test rows' true classes (never used to rank)",
        "oracle_aul": "AUL on them", "in_set": "1 if in the draw's confidence set for the best (bench.level) among "
        "the ranked arms (no oracle prior, no copy), 0 if not, NaN for the other arms", "tuning": "aul (tuned by validation AUL^PU) or risk (by its own pu_risk)",
        "params": "the grid point chosen", "validation_aul_pu": "its validation AUL^PU",
        "validation_risk": "its validation risk (NaN: none defined)", "cpu_seconds": "the arm's tuning, CPU s",
        "prior_oracle": "π of the unlabeled training rows", "prior_estimated": "BBE's π̂ on the training rows",
        "prior_low": "BBE's own interval (DKW bound), lower end", "prior_high": "its upper end",
        "n_test": "test rows", "n_test_labeled": "labeled test rows", "dataset": "dataset", "beta": "β",
        "draw": "draw index (the AUL paper's draw of that index)"}),
    "bench_pairs": Schema("bench/settings/{dataset}/beta{beta}.pairs.parquet", "bench_setting",
                          "pueval bench, per draw, tuning and pair of arms: the paired difference on the test rows", {
        "a": "arm A", "b": "arm B", "difference": "AUL^PU(A) - AUL^PU(B)", "low": "its interval's lower end",
        "high": "its upper end", "p_value": "two-sided p", "oracle_auc_difference": "AUC(A) - AUC(B) on the "
        "true classes", "p_holm": "Holm's p over the draw's pairs of that tuning", "tuning": "aul or risk",
        "dataset": "dataset", "beta": "β", "draw": "draw index"}),
}


def _schema(name: str) -> Schema:
    if name not in SCHEMAS:
        raise ValueError(f"unknown intermediate file kind {name!r}; known: {', '.join(SCHEMAS)}")
    return SCHEMAS[name]


def _rebuild(path, name: str) -> str:
    return (f"rebuild it and what depends on it with: snakemake --cores 2 --forcerun {path} "
            f"(with the run's own --configfile and --config options; rule {_schema(name).rule})")


def check_columns(columns, name: str, where, fix: str = "this is a bug of the step that wrote it") -> None:
    """Refuse columns other than the schema's (in order; after any feature columns); ``fix`` says what to do."""
    schema = _schema(name)
    expected = list(schema.columns)
    columns = [str(c) for c in columns]
    # A file with features holds at least one feature column before the schema's (no family in such a schema).
    actual = columns[len(columns) - len(expected):] if schema.features else columns
    if not schema.matches(actual) or (schema.features and len(columns) <= len(expected)):
        raise ValueError(f"{where}: columns {columns} do not follow the {name!r} schema {expected} "
                         f"(pueval.pipeline.schemas); {fix}")


def write(frame: pd.DataFrame, path, name: str) -> None:
    """Write an intermediate file of kind ``name`` after checking its columns."""
    check_columns(frame.columns, name, f"{name} frame for {path}")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    frame.to_parquet(path, index=False)


def read(path, name: str, columns=None) -> pd.DataFrame:
    """An intermediate file of kind ``name`` (only ``columns`` if given); a garbled, empty or
    differently shaped file is an error that says to remove it."""
    try:
        frame = pd.read_parquet(path, columns=columns)
    except Exception as error:  # pyarrow raises several types for a damaged file
        raise ValueError(f"{path} is unreadable ({type(error).__name__}: {error}); {_rebuild(path, name)}") from error
    if frame.empty:
        raise ValueError(f"{path} holds no rows; {_rebuild(path, name)}")
    if columns is None:
        check_columns(frame.columns, name, path, _rebuild(path, name))
    return frame


def markdown() -> str:
    """The README's table of intermediate files and their columns."""
    lines = ["| file (under results/) | what | columns |", "|---|---|---|"]
    for schema in SCHEMAS.values():
        columns = "; ".join(f"`{c}` {meaning}" for c, meaning in schema.columns.items())
        if schema.features:
            columns = "the dataset's columns" + (f"; then {columns}" if columns else "")
        lines.append(f"| `{schema.path}` | {schema.about} | {columns} |")
    return "\n".join(lines) + "\n"

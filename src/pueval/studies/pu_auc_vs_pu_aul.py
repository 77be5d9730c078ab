"""The paper's Figure 3 protocol: PU_AUC versus PU_AUL trained on PU data, judged by AUC on labeled test data.

Per dataset and repetition r (seeds from the config seed, the dataset, "figure3" and r):

1. a stratified train/test split (``test_fraction`` of each class to the test part);
2. features standardized with the training statistics; b = min(``centers``, n_train) training
   rows drawn as Gaussian centers; σ_med the median pairwise distance of training rows;
3. a SCAR draw labels round(β·n^P) of the training positives;
4. PU_AUC gets its prior θ_P (positive fraction of the unlabeled training rows) from the MPE
   method with the lowest Table 1 MAE for the dataset at that β, run on this draw;
5. each model picks σ ∈ σ_med·``sigma_factors`` and λ ∈ ``lambdas`` by ``folds``-fold
   cross-validation on the training PU data (folds stratified by the PU label), each by its own
   training risk on the held-out fold, as Sakai et al. tune PU_AUC and as the paper builds PU_AUL
   "in a similar way": PU_AUC by its PU-AUC risk with the estimated prior, PU_AUL by its
   labeled-vs-all squared pair risk (needs no prior); it is refitted on the whole training part and
   scored by the AUC on the test part;
6. PU_AUC_oracle is PU_AUC given the true θ_P: the gap PU_AUC_oracle − PU_AUC is the price of the
   MPE error, PU_AUL − PU_AUC_oracle the difference between the methods themselves;
7. PU_AUC_01 is PU_AUC tuned as Sakai et al.'s own code tunes it (``PNU_AUC_SL.m`` of t-sakai-kure/pywsl):
   (σ, λ) by the **0/1** PU-AUC risk on the held-out folds, (1 − AUC^PU − θ/2)/(1 − θ) with AUC^PU the
   held-out fold's labeled-vs-unlabeled AUC, a decreasing map of that AUC^PU whatever θ̂: so the pick is the
   largest held-out AUC^PU summed over the folds (the grid as the paper gives it). It shares PU_AUC's
   solves (same system, same prior) and differs only in the criterion;
8. PU_AUL_metric is PU_AUL tuned by the same kind of rule, the 0/1 metric AUL^PU on the held-out fold (on one
   fold AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU, an increasing map of the same AUC^PU; the folds are stratified by the
   PU label, so their n_L and n nearly agree); it shares PU_AUL's solves and differs only in the criterion.

:func:`summarize` compares the methods per dataset by a paired t-test over the repetitions (two-sided,
``repetitions`` − 1 degrees of freedom) of the test-AUC differences, and, since the repetitions are random
70/30 splits of one dataset whose training sets overlap, by Nadeau & Bengio's corrected resampled t-test,
Holm-adjusted over the datasets: the test a claim of "significantly ahead on k of 9" rests on.

Train seconds count the cross-validation and the final fit, and for PU_AUC also the MPE run. The MPE
run of repetition r takes its seeds from the integer s = (seed, dataset, "figure3", r, "mpe"): the
transform seeded by s itself, DistCurve's curve by ``default_rng(s)``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import numpy as np
import pandas as pd
from scipy.stats import ttest_1samp

from pueval import metrics, sampling, seeds
from pueval.distances import median_width, squared_distances
from pueval.mpe.priors import PriorOptions
from pueval.seeds import PriorSeeds
from pueval.studies.aul_paper import PRIOR_SOURCES, library_name
from pueval.studies.draws import n_labeled
from pueval.studies.kernel_ranking import (Moments, Solver, gaussian_basis, pair_risk, pu_auc_risk,
                                           pu_auc_system, pu_aul_system)
from pueval.validation import ArgumentError

log = logging.getLogger(__name__)

# PU_AUC with the estimated prior, PU_AUC with the true prior (an oracle: it separates the MPE error from the
# method), PU_AUC tuned by Sakai's 0/1 rule, PU_AUL (needs no prior), PU_AUL tuned by AUL^PU
METHODS = ("PU_AUC", "PU_AUC_oracle", "PU_AUC_01", "PU_AUL", "PU_AUL_metric")
MEDIAN_SAMPLE = 1000  # rows used for σ_med


def best_mpe(estimates: pd.DataFrame) -> str:
    """The MPE method of the paper (:data:`pueval.studies.aul_paper.PRIOR_SOURCES`) with the lowest MAE of
    AUC^est vs AUC."""
    columns = [f"auc_est_{m}" for m in PRIOR_SOURCES if f"auc_est_{m}" in estimates.columns]
    if not columns:
        raise ValueError("the estimates hold no MPE-corrected AUC (auc_est_*) column")
    mae = {c.removeprefix("auc_est_"): float((estimates[c] - estimates["auc"]).abs().mean()) for c in columns}
    return min(mae, key=mae.get)


def _aul_metric_criterion(f: np.ndarray, is_labeled: np.ndarray, theta_p: float) -> float:
    return float(metrics.aul(is_labeled.astype(int), f))


def _auc_pu_criterion(f: np.ndarray, is_labeled: np.ndarray, theta_p: float) -> float:
    """Sakai's 0/1 PU-AUC risk, negated up to its decreasing map: the held-out AUC^PU (θ_P does not enter)."""
    return float(metrics.auc(is_labeled.astype(int), f))


def _pu_aul_criterion(f: np.ndarray, is_labeled: np.ndarray, theta_p: float) -> float:
    return -pair_risk(f[is_labeled], f)  # the labeled-vs-all pair risk PU_AUL minimizes


def _pu_auc_criterion(f: np.ndarray, is_labeled: np.ndarray, theta_p: float) -> float:
    return -pu_auc_risk(f[is_labeled], f[~is_labeled], theta_p)


def _pu_aul(L, U, theta):
    return pu_aul_system(L, U)


# method → (its system, its tuning criterion); methods with the same system and prior share their solves
SYSTEMS = {
    "PU_AUC": (pu_auc_system, _pu_auc_criterion),
    "PU_AUC_oracle": (pu_auc_system, _pu_auc_criterion),
    "PU_AUC_01": (pu_auc_system, _auc_pu_criterion),
    "PU_AUL": (_pu_aul, _pu_aul_criterion),
    "PU_AUL_metric": (_pu_aul, _aul_metric_criterion),
}


def fit(methods, X: np.ndarray, is_labeled: np.ndarray, centers: np.ndarray, *, sigmas, lambdas,
        fold: np.ndarray, theta_p: float = 0.0) -> dict:
    """Cross-validate (σ, λ) and refit on all rows, for methods of one system: ``{method: {"sigma", "lam",
    "w", "clipped"}}``.

    ``fold`` assigns each row to a validation fold; ``theta_p`` is used by PU_AUC only. Each method's
    criterion scores the same held-out predictions.
    """
    methods = [methods] if isinstance(methods, str) else list(methods)
    systems = {SYSTEMS[m][0] for m in methods}
    if len(systems) != 1:
        raise ValueError(f"{methods} do not share one system")
    system = systems.pop()
    best = {m: (-np.inf, None, None, None) for m in methods}
    for sigma in sigmas:
        Phi = gaussian_basis(X, centers, sigma)
        labeled, unlabeled = Moments.of(Phi[is_labeled]), Moments.of(Phi[~is_labeled])
        score = {m: np.zeros(len(lambdas)) for m in methods}
        for k in np.unique(fold):
            held = fold == k
            solver = Solver(*system(labeled - Moments.of(Phi[held & is_labeled]),
                                    unlabeled - Moments.of(Phi[held & ~is_labeled]), theta_p))
            for i, lam in enumerate(lambdas):
                f = Phi[held] @ solver(lam)
                for m in methods:
                    score[m][i] += SYSTEMS[m][1](f, is_labeled[held], theta_p)
        for m in methods:
            i = int(np.argmax(score[m]))
            if score[m][i] > best[m][0]:
                best[m] = (score[m][i], sigma, lambdas[i], (labeled, unlabeled))
    models = {}
    for m in methods:
        _, sigma, lam, moments = best[m]
        solver = Solver(*system(*moments, theta_p))  # the refit reuses the whole-data moments of the chosen σ
        models[m] = {"sigma": float(sigma), "lam": float(lam), "w": solver(lam), "clipped": solver.clipped}
    return models


def check_sizes(y: np.ndarray, beta: float, *, test_fraction: float, folds: int) -> None:
    """Refuse settings that leave a test part without a class or a CV fold without labeled rows."""
    n_test = {c: int(round(test_fraction * (y == c).sum())) for c in (0, 1)}
    if min(n_test.values()) < 1 or min((y == c).sum() - n_test[c] for c in (0, 1)) < 1:
        raise ArgumentError("test_fraction", f"{test_fraction} leaves a class out of the train or test part "
                                             f"({int((y == 1).sum())} positives, {int((y == 0).sum())} negatives)")
    labeled = n_labeled(int((y == 1).sum()) - n_test[1], beta)
    if labeled < folds:
        raise ArgumentError("folds", f"{folds} folds, but beta = {beta:g} labels only {labeled} training "
                                     "positives; some fold would have no labeled row")


def _split(y: np.ndarray, test_fraction: float, rng: np.random.Generator) -> np.ndarray:
    """Boolean test mask with round(test_fraction·n_c) rows of each class c."""
    test = np.zeros(len(y), dtype=bool)
    test[sampling.stratified_choice(y, sampling.class_fraction(y, test_fraction), rng)] = True
    return test


def _sigma_median(Z: np.ndarray, rng: np.random.Generator) -> float:
    rows = rng.choice(len(Z), min(len(Z), MEDIAN_SAMPLE), replace=False)
    return median_width(squared_distances(Z[rows]), diagonal=False)


def repetition(X: np.ndarray, y: np.ndarray, *, dataset: str, rep: int, seed: int, beta: float,
               mpe: Callable[[np.ndarray, np.ndarray, int], float], test_fraction: float, centers: int,
               sigma_factors, lambdas, folds: int) -> list[dict]:
    """One repetition (module docstring); ``mpe(X_train, is_labeled, seed) -> θ̂``; ``centers`` is b's cap."""
    def rng(part):
        return seeds.rng(seed, dataset, "figure3", rep, part)

    test = _split(y, test_fraction, rng("split"))
    X_train, y_train = X[~test], y[~test]
    mean, sd = X_train.mean(axis=0), X_train.std(axis=0)
    scale = np.where(sd > 0, sd, 1.0)
    Z_train, Z_test = (X_train - mean) / scale, (X[test] - mean) / scale

    positives = np.flatnonzero(y_train == 1)
    is_labeled = np.zeros(len(y_train), dtype=bool)
    is_labeled[sampling.stratified_choice(y_train, {1: n_labeled(positives.size, beta)}, rng("draw"))] = True
    basis = Z_train[rng("centers").choice(len(Z_train), min(centers, len(Z_train)), replace=False)]
    sigmas = _sigma_median(Z_train, rng("median")) * np.asarray(sigma_factors, dtype=float)
    fold = sampling.stratified_folds(is_labeled, folds, rng("folds"))

    start = time.perf_counter()
    theta_hat = float(mpe(X_train, is_labeled, seeds.int_seed(seed, dataset, "figure3", rep, "mpe")))
    mpe_seconds = time.perf_counter() - start
    rows = []
    theta = float(y_train[~is_labeled].mean())
    for group, prior in ((("PU_AUC", "PU_AUC_01"), theta_hat), (("PU_AUC_oracle",), theta),
                         (("PU_AUL", "PU_AUL_metric"), 0.0)):
        start = time.perf_counter()
        models = fit(group, Z_train, is_labeled, basis, sigmas=sigmas, lambdas=lambdas, fold=fold, theta_p=prior)
        fit_seconds = time.perf_counter() - start  # a shared cross-validation (both criteria) counts for each method
        for method, model in models.items():
            estimated = method in ("PU_AUC", "PU_AUC_01")
            rows.append({
                "dataset": dataset, "rep": rep, "method": method,
                "auc": float(metrics.auc(y[test], gaussian_basis(Z_test, basis, model["sigma"]) @ model["w"])),
                "sigma": model["sigma"], "lam": model["lam"], "clipped": model["clipped"],
                "theta": theta, "theta_hat": theta_hat if estimated else np.nan,
                "fit_seconds": fit_seconds, "train_seconds": fit_seconds + (mpe_seconds if estimated else 0.0),
            })
    return rows


def run(X: np.ndarray, y: np.ndarray, estimates: pd.DataFrame, *, dataset: str, seed: int, beta: float,
        repetitions: int, test_fraction: float, centers: int, sigma_factors, lambdas, folds: int,
        priors: PriorOptions) -> pd.DataFrame:
    """All repetitions of one dataset (schema ``figure3`` of :mod:`pueval.pipeline.schemas`); PU_AUC's prior
    comes from the MPE method with the lowest MAE in ``estimates`` (that dataset's Table 1 rows at β), run
    with its ``priors`` options (KM's standardization; DistCurve's regressor, repetitions and transform)."""
    protocol = {"test_fraction": test_fraction, "centers": centers, "sigma_factors": sigma_factors,
                "lambdas": lambdas, "folds": folds}
    check_sizes(y, beta, test_fraction=test_fraction, folds=folds)
    method = best_mpe(estimates)
    estimator = priors.estimator((library_name(method),))

    def mpe(X_train, is_labeled, mpe_seed):
        seeded = PriorSeeds(mpe_seed, np.random.default_rng(mpe_seed), np.random.default_rng(mpe_seed))
        return estimator(X_train, is_labeled, seeded)[library_name(method)]

    log.info("%s: PU_AUC takes its prior from %s (lowest MAE at beta=%g)", dataset, method, beta)
    rows = []
    for rep in range(repetitions):
        rows += repetition(X, y, dataset=dataset, rep=rep, seed=seed, beta=beta, mpe=mpe, **protocol)
        log.info("%s: repetition %d/%d, test AUC %s", dataset, rep + 1, repetitions,
                 ", ".join(f"{r['method']} {r['auc']:.3f}" for r in rows[-len(METHODS):]))
    return pd.DataFrame(rows).assign(beta=beta, prior_method=method)


# the comparisons of :func:`summarize`: column stem → (method ahead if positive, method behind)
COMPARISONS = {"aul_minus_auc": ("PU_AUL", "PU_AUC"), "aul_minus_oracle": ("PU_AUL", "PU_AUC_oracle"),
               "aul_metric_minus_auc": ("PU_AUL_metric", "PU_AUC"), "aul_minus_aul_metric": ("PU_AUL", "PU_AUL_metric"),
               "aul_metric_minus_auc01": ("PU_AUL_metric", "PU_AUC_01"), "aul_minus_auc01": ("PU_AUL", "PU_AUC_01")}
"""The paper's claim first (PU_AUL against PU_AUC, each tuned by its own squared risk), then the arms: the oracle
prior, and each tuned by its 0/1 held-out rule (Sakai's code for PU_AUC, AUL^PU for PU_AUL)."""


def paired_test(differences: np.ndarray) -> float:
    """Two-sided p-value of the paired t-test that the mean of the per-repetition differences is 0
    (t = d̄/(s_d/√r), r − 1 degrees of freedom); NaN with fewer than two repetitions, 1 when every
    difference is 0."""
    d = np.asarray(differences, dtype=float)
    if d.size < 2:
        return np.nan
    if not np.any(d != d[0]):
        return 1.0 if d[0] == 0 else 0.0
    return float(ttest_1samp(d, 0.0).pvalue)


def corrected_paired_test(differences: np.ndarray, test_fraction: float) -> float:
    """Two-sided p-value of Nadeau & Bengio's corrected resampled t-test (*Inference for the generalization
    error*, 2003): the r differences come from random train/test splits of one dataset, whose training sets
    overlap, so their variance is inflated: t = d̄ / √((1/r + n_test/n_train)·s²), r − 1 degrees of freedom
    (n_test/n_train = ``test_fraction``/(1 − ``test_fraction``)); NaN with fewer than two repetitions.

    Examples
    --------
    >>> d = np.array([0.02, 0.03, 0.01, 0.04, 0.02])
    >>> corrected_paired_test(d, 0.3) > paired_test(d)  # the correction can only weaken the naive test
    True
    """
    from scipy.stats import t as student

    d = np.asarray(differences, dtype=float)
    if d.size < 2:
        return np.nan
    if not np.any(d != d[0]):
        return 1.0 if d[0] == 0 else 0.0
    ratio = test_fraction / (1.0 - test_fraction)
    statistic = d.mean() / np.sqrt((1.0 / d.size + ratio) * d.var(ddof=1))
    return float(2.0 * student.sf(abs(statistic), d.size - 1))


def summarize(frame: pd.DataFrame, test_fraction: float | None = None) -> pd.DataFrame:
    """Per dataset: test AUC mean ± sd and mean train seconds of each method, and for each comparison of
    :data:`COMPARISONS` the mean difference and its paired t-test's p-value (``p_<stem>``, the naive test, as
    the paper's protocol reads); with ``test_fraction``, also Nadeau & Bengio's corrected p-value
    (``p_<stem>_corrected``, :func:`corrected_paired_test`) and that p-value Holm-adjusted over the datasets
    (``p_<stem>_holm``): the test a claim over the datasets rests on."""
    from pueval.multitest import holm

    stats = frame.groupby(["dataset", "method"]).agg(auc_mean=("auc", "mean"), auc_sd=("auc", "std"),
                                                    train_seconds=("train_seconds", "mean"))
    wide = stats.unstack("method")
    wide.columns = [f"{stat}_{method.lower()}" for stat, method in wide.columns]
    wide["prior_method"] = frame.groupby("dataset")["prior_method"].first()
    wide["repetitions"] = frame.groupby("dataset")["rep"].nunique()
    auc = frame.pivot_table(index=["dataset", "rep"], columns="method", values="auc")
    for stem, (ahead, behind) in COMPARISONS.items():
        if ahead in auc and behind in auc:
            d = (auc[ahead] - auc[behind]).groupby(level="dataset")
            wide[stem] = d.mean()
            wide[f"p_{stem}"] = d.apply(lambda x: paired_test(x.to_numpy()))
            if test_fraction is not None:
                corrected = d.apply(lambda x: corrected_paired_test(x.to_numpy(), test_fraction))
                wide[f"p_{stem}_corrected"] = corrected
                wide[f"p_{stem}_holm"] = holm(corrected.fillna(1.0).tolist())
    return wide.reset_index()

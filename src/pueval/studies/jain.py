"""Jain, White & Radivojac (2017)'s study on our data: recovering the true AUC and AUC-PR from PU data.

Their protocol (section "Experimental protocols"), on the nine UCI datasets, in three arms (below: their bagged
networks first, on the datasets the budget allows; LightGBM variants beside):

* a labeled sample of 1,000 rows (100 for datasets under 2,000 rows), of which a share β (``purity``,
  1, 0.95 or 0.75) true positives and the rest negatives (noisy positives), drawn at random;
* every other row unlabeled, capped at 10,000 rows; α = θ, the positive share of the unlabeled rows;
* the truth: AUC and AUC-PR (average precision) of the scores with the true classes of those rows;
* estimates: PU (the labeled rows as positives, uncorrected), DR and IR (direct Eq. 4 and indirect
  Eqs. 1–2 / 1 and 3 with the real α and β), DE and IE (with α estimated and β = 1 assumed);
* 50 repetitions per (dataset, β).

Their AlphaMax estimates α and β; it is not available here. Our E uses BBE (Garg et al. 2021), the most
accurate of our estimators on Table 1's draws, read on the scores under evaluation rather than on a
dedicated labeled-vs-unlabeled transform (which would cost a LightGBM fit per draw), and assumes β = 1,
as the issue asks. A setting where β ≤ α (the labeled sample not richer in positives than the
unlabeled rows: Eq. 4 divides by β − α) is skipped and listed.

Their one-sided binomial test "indirect beats direct": P(X ≥ k) for X ~ Binomial(m, ½), k the cases
where the indirect estimate is closer to the truth than the direct one, m the cases without a tie (a
difference of absolute errors within ``TIE`` is a tie, not a decision). The paper leaves two choices
open, so each is reported under every alternative:

* what a case is: a **draw**, or a **setting** (dataset, β), whose indirect and direct estimates are
  compared by their mean absolute error over the setting's draws (the paper's 5.7·10⁻³ is exactly 26
  of 36 settings, 12 datasets × 3 β, which points to settings);
* how the indirect curve is repaired when it leaves [0, 1] or steps back: clipped and made
  non-decreasing (``monotone``), or clipped only (``clip``) (:func:`pueval.curves.corrected_roc_curve`).

Three arms, each with its own draws:

* ``pu``, **the paper's setting**: the paper evaluates the *non-traditional* classifier, "trained on the
  labeled versus unlabeled data", what a PU user has, built as theirs: 100 bagged networks of five hidden
  units trained by resilient propagation and scored out of bag
  (:func:`pueval.studies.bagged_networks.oob_scores`), fitted anew on every draw, at the paper's 50 draws;
  its truth is the AUC of those scores with the true classes. It costs a second or more a draw on the larger
  datasets, so the pipeline runs it on the datasets of config ``jain.networks_datasets`` (a cut of breadth,
  never of the protocol);
* ``pu_lightgbm``, **a variant**: the same non-traditional classifier as the cross-fitted LightGBM transform
  the prior estimators read (:func:`pueval.mpe.distance_curve.univariate_transform` with the config's
  ``mpe.distcurve.transform`` options, cross-fitted in ``jain.pu_folds`` folds), on the datasets of config
  ``jain.variant_datasets`` (by default the networks', beside them; a cut of breadth);
* ``model``, **a variant**: the scores of the pipeline's model, trained on the true classes (out of fold),
  not on the labeled-vs-unlabeled split.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np
import pandas as pd

from pueval import metrics, related, seeds
from pueval.mpe.best_bin import bbe_theta
from pueval.studies import bagged_networks
from pueval.validation import ArgumentError

log = logging.getLogger(__name__)

LABELED, LABELED_SMALL, SMALL_DATASET, UNLABELED_CAP = 1000, 100, 2000, 10_000
ARMS = ("pu", "pu_lightgbm", "model")  # the paper's setting (its non-traditional classifier) first, variants after
AUC_ESTIMATORS = ("PU", "DR", "IR", "DE", "IE")
PR_ESTIMATORS = ("PU", "IR", "IE")
PRIOR_ERROR_BINS = (0.0, 0.1, 0.2, np.inf)
PRIOR_ERROR_NAMES = ("small [0, 0.1)", "medium [0.1, 0.2)", "large [0.2, ∞)")
PAPER_P = {"real": 6.5e-5, "estimated": 5.7e-3}  # their one-sided binomial tests, indirect vs direct
PAPER_SETTINGS = 36  # 12 datasets × 3 β
REPAIRS = ("monotone", "clip")  # how the indirect curve is repaired (pueval.curves.REPAIRS)
UNITS = ("draw", "setting")  # what the binomial test counts
TIE = 1e-12  # absolute errors closer than this are a tie

# Their Figure 1: eight rows, three labeled; one unlabeled row (0.943) is positive. The paper draws its two
# ROC curves and prints no area: every area of :func:`toy` is computed here from its table.
TOY_SCORES = (0.986, 0.943, 0.863, 0.789, 0.699, 0.473, 0.211, 0.009)
TOY_LABELED = (1, 0, 1, 0, 1, 0, 0, 0)
TOY_Y = (1, 1, 1, 0, 1, 0, 0, 0)


def labeled_size(n: int) -> int:
    """1,000 labeled rows, or 100 for a dataset under 2,000 rows."""
    return LABELED if n >= SMALL_DATASET else LABELED_SMALL


def feasible(y: np.ndarray, purity: float) -> bool:
    """Whether β > α for this dataset (the expected α once the labeled sample is drawn)."""
    size = labeled_size(y.size)
    positives, negatives = int(y.sum()), int(y.size - y.sum())
    take_pos = int(round(purity * size))
    left_pos, left_neg = positives - take_pos, negatives - (size - take_pos)
    return left_pos >= 1 and left_neg >= 1 and left_pos / (left_pos + left_neg) < purity


def split(y: np.ndarray, purity: float, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(labeled rows, unlabeled rows): round(β·L) positives and the rest negatives labeled, drawn at random;
    every other row unlabeled, at most 10,000 of them drawn at random."""
    size = labeled_size(y.size)
    take_pos = int(round(purity * size))
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    labeled = np.r_[rng.choice(positives, take_pos, replace=False),
                    rng.choice(negatives, size - take_pos, replace=False)]
    rest = np.setdiff1d(np.arange(y.size), labeled)
    if rest.size > UNLABELED_CAP:
        rest = np.sort(rng.choice(rest, UNLABELED_CAP, replace=False))
    return labeled, rest


def draw_row(y: np.ndarray, scores: np.ndarray | None, purity: float, rng: np.random.Generator, *,
             features: np.ndarray | None = None, learner: Callable | None = None) -> dict:
    """One repetition: the truth, each estimate's error (estimate − truth), α, α̂ and the prior error
    |(1 − α̂) − (β − α)| of the E estimates. The scores are ``scores``' rows (arm ``model``), or
    ``learner(features of the draw's rows, labeled, rng)``: a non-traditional classifier fitted on the draw
    (arms ``pu``, :func:`networks`, and ``pu_lightgbm``, :func:`lightgbm`)."""
    labeled, unlabeled = split(y, purity, rng)
    rows = np.r_[labeled, unlabeled]
    s = np.r_[np.ones(labeled.size, int), np.zeros(unlabeled.size, int)]
    g = scores[rows] if learner is None else learner(features[rows], s, rng)
    truth_y = y[rows]
    alpha = float(y[unlabeled].mean())
    alpha_hat = bbe_theta(s, g)
    auc, ap = float(metrics.auc(truth_y, g)), related.average_precision(truth_y, g)
    auc_pu = float(metrics.auc(s, g))
    estimates = {
        "auc_PU": auc_pu,
        "auc_DR": metrics.corrected_auc(auc_pu, alpha, purity=purity, clip=True),
        "auc_IR": related.jain_roc_auc(s, g, alpha, purity=purity),
        "auc_IR_clip": related.jain_roc_auc(s, g, alpha, purity=purity, repair="clip"),
        "auc_DE": metrics.corrected_auc(auc_pu, alpha_hat, clip=True),
        "auc_IE": related.jain_roc_auc(s, g, alpha_hat),
        "auc_IE_clip": related.jain_roc_auc(s, g, alpha_hat, repair="clip"),
        "pr_PU": related.average_precision(s, g),
        "pr_IR": related.jain_auprc(s, g, alpha, purity=purity),
        "pr_IE": related.jain_auprc(s, g, alpha_hat),
    }
    return {"alpha": alpha, "alpha_hat": alpha_hat, "prior_error": abs((1.0 - alpha_hat) - (purity - alpha)),
            "auc": auc, "auprc": ap,
            **{f"error_{k}": v - (auc if k.startswith("auc") else ap) for k, v in estimates.items()}}


def networks(X: np.ndarray, s: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Arm ``pu``'s classifier, the paper's: bagged networks scored out of bag (:mod:`.bagged_networks`)."""
    return bagged_networks.oob_scores(X, s, rng)


def lightgbm(**transform) -> Callable:
    """Arm ``pu_lightgbm``'s classifier: the cross-fitted LightGBM transform with ``transform``'s options
    (:func:`~pueval.mpe.distance_curve.univariate_transform`), its seed drawn from the draw's stream."""
    def fit(X: np.ndarray, s: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        from pueval.mpe.distance_curve import univariate_transform

        return univariate_transform(X, s, seed=int(rng.integers(2**31 - 1)), **transform)
    return fit


def setting_frame(y, scores, purity: float, repetitions: int, rng: np.random.Generator, *, features=None,
                  learner: Callable | None = None) -> pd.DataFrame:
    """``repetitions`` draws of one (dataset, β) (:func:`draw_row`: ``scores``, or ``features`` and ``learner``)."""
    scores = None if scores is None else np.asarray(scores)
    features = None if features is None else np.asarray(features, dtype=np.float64)
    return pd.DataFrame([draw_row(np.asarray(y), scores, purity, rng, features=features, learner=learner)
                         | {"repetition": r} for r in range(repetitions)])


def study_frame(data: dict, *, purities, repetitions: int, pu_repetitions: int, seed: int,
                transform: dict | None = None, networks_datasets=None,
                variant_datasets=None) -> tuple[pd.DataFrame, list, int]:
    """Every (dataset, β) setting of ``data`` (name → (y, scores, features or None)) in the three arms:
    ``repetitions`` draws with the scores (arm ``model``, seeded by (seed, dataset, β, "jain")), and
    ``pu_repetitions`` with a labeled-vs-unlabeled classifier fitted on each (needs the features): the
    paper's bagged networks on the datasets of ``networks_datasets`` (arm ``pu``, (seed, dataset, β, "jain",
    "networks"); None: every dataset) and the cross-fitted LightGBM ``transform`` on the datasets of
    ``variant_datasets`` (arm ``pu_lightgbm``, (seed, dataset, β, "jain", "pu"); None: every dataset). Returns
    (the draws, the skipped (dataset, β) where β ≤ α, the settings run)."""
    for name, named in (("networks_datasets", networks_datasets), ("variant_datasets", variant_datasets)):
        unknown = sorted(set(named or ()) - set(data))
        if unknown:
            raise ArgumentError(name, f"names datasets not in data: {', '.join(unknown)}")
    frames, skipped, settings = [], [], 0
    for dataset, (y, scores, features) in data.items():
        for purity in purities:
            if not feasible(y, purity):
                skipped.append((dataset, purity))
                continue
            settings += 1
            arms = []
            if pu_repetitions and (networks_datasets is None or dataset in networks_datasets):
                arms.append(("pu", setting_frame(y, None, purity, pu_repetitions,
                                                 seeds.rng(seed, dataset, purity, "jain", "networks"),
                                                 features=features, learner=networks)))
            if pu_repetitions and (variant_datasets is None or dataset in variant_datasets):
                arms.append(("pu_lightgbm", setting_frame(y, None, purity, pu_repetitions,
                                                          seeds.rng(seed, dataset, purity, "jain", "pu"),
                                                          features=features, learner=lightgbm(**(transform or {})))))
            arms.append(("model", setting_frame(y, scores, purity, repetitions, seeds.rng(seed, dataset, purity, "jain"))))
            frames += [part.assign(dataset=dataset, purity=purity, arm=arm) for arm, part in arms]
        log.info("%s: %d settings done", dataset, settings)
    if not frames:
        raise ArgumentError("data", f"no dataset can host the protocol (a labeled sample of {LABELED_SMALL} or "
                                    f"{LABELED} rows with β > α)")
    return pd.concat(frames, ignore_index=True), skipped, settings


def paper_share(priors: str) -> float:
    """The share of the paper's 36 settings where indirect beat direct, read back from its P value: the k/36
    whose one-sided binomial P(X ≥ k) is nearest the printed one on a log scale (``estimated``: 26/36, whose
    P is 5.7·10⁻³ exactly; ``real``: 30/36, P = 3.5·10⁻⁵ against the printed 6.5·10⁻⁵)."""
    from scipy.stats import binom

    k = np.arange(PAPER_SETTINGS // 2, PAPER_SETTINGS + 1)
    gap = np.abs(np.log(binom.sf(k - 1, PAPER_SETTINGS, 0.5)) - np.log(PAPER_P[priors]))
    return float(k[np.argmin(gap)] / PAPER_SETTINGS)


def binomial_tests(frame: pd.DataFrame) -> pd.DataFrame:
    """Indirect against direct AUC, with real (R) and estimated (E) priors, for each repair of the indirect
    curve and each unit (module docstring): k cases where indirect is closer to the truth, of m cases without a
    tie, and the one-sided binomial P(X ≥ k), beside the paper's. A setting is a (``dataset``, ``purity``)."""
    from scipy.stats import (
        binomtest,  # here: the pipeline's start-up imports this module's feasible()
    )

    rows = []
    for kind, suffix in (("real", "R"), ("estimated", "E")):
        for repair in REPAIRS:
            indirect = frame[f"error_auc_I{suffix}" + ("" if repair == "monotone" else "_clip")].abs()
            direct = frame[f"error_auc_D{suffix}"].abs()
            for unit in UNITS:
                if unit == "draw":
                    gap = indirect - direct
                else:
                    keys = [frame["dataset"], frame["purity"]]
                    gap = indirect.groupby(keys).mean() - direct.groupby(keys).mean()
                k, m = int((gap < -TIE).sum()), int((gap.abs() > TIE).sum())
                rows.append({"priors": kind, "repair": repair, "unit": unit, "indirect_better": k, "cases": m,
                             "ties": int(gap.size - m),
                             "p_value": binomtest(k, m, 0.5, alternative="greater").pvalue if m else np.nan,
                             "paper_p_value": PAPER_P[kind]})
    return pd.DataFrame(rows)


def error_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean and median error and mean absolute error of each estimator, per β."""
    rows = []
    for purity, part in frame.groupby("purity", sort=False):
        for metric, names in (("auc", AUC_ESTIMATORS), ("pr", PR_ESTIMATORS)):
            for name in names:
                error = part[f"error_{metric}_{name}"]
                rows.append({"beta": purity, "metric": "AUC" if metric == "auc" else "AUC-PR", "estimator": name,
                             "mean_error": error.mean(), "median_error": error.median(),
                             "mae": error.abs().mean()})
    return pd.DataFrame(rows)


def arm_tables(frame: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`binomial_tests` and :func:`error_table` of each arm (column ``arm``, in :data:`ARMS` order)."""
    arms = [a for a in ARMS if a in set(frame["arm"])]
    parts = {arm: frame[frame["arm"] == arm] for arm in arms}
    def stacked(table):
        return pd.concat([table(part).assign(arm=arm) for arm, part in parts.items()], ignore_index=True)

    return tuple(frame[["arm", *frame.columns.drop("arm")]] for frame in (stacked(binomial_tests), stacked(error_table)))


def prior_error_bin(frame: pd.DataFrame) -> pd.Series:
    """Their bins of |(β − α) estimate error|: small [0, 0.1), medium [0.1, 0.2), large [0.2, ∞)."""
    return pd.cut(frame["prior_error"], PRIOR_ERROR_BINS, right=False, labels=PRIOR_ERROR_NAMES)


def toy() -> dict:
    """Their Figure 1: AUC^pu 0.800, the true AUC 0.9375, direct 0.875 and indirect 0.833 (θ = 1/5)."""
    scores, s, y = np.asarray(TOY_SCORES), np.asarray(TOY_LABELED), np.asarray(TOY_Y)
    theta = float(y[s == 0].mean())
    auc_pu = float(metrics.auc(s, scores))
    return {"theta": theta, "auc_pu": auc_pu, "auc": float(metrics.auc(y, scores)),
            "direct": float(metrics.corrected_auc(auc_pu, theta, unidentified="raw")), "indirect": related.jain_roc_auc(s, scores, theta)}

"""Choosing among models without negatives, on the main paper's datasets: what each selection criterion costs.

Per dataset and draw: the rows split at random (stratified) into training (half), validation and test (a
quarter each); a share β of the training positives labeled at random (SCAR); K candidates fitted on the PU
labels as users fit them (labeled against unlabeled): LightGBM over a grid of leaves, rounds and learning rates,
and a logistic regression on standardized features. Each candidate scores the validation and test rows.

On the validation rows, for each labeling and each labeled count n_L, validation positives are labeled and every
criterion picks a candidate. SCAR: n_L positives drawn at random. SAR (the SAR study's labeling at a strength k):
each positive labeled independently with probability e = σ(a + k·z), z the dataset model's standardized score and
``a`` such that n_L positives are labeled in expectation (:func:`pueval.studies.sar.propensities` at
β = n_L / positives), so e is each row's true inclusion probability, the propensity the ``propensity`` variant
weights by. (A fixed count drawn ∝ e without replacement would not do: where n_L is a large share of the
positives, the rows of high e are labeled almost surely and those of low e far more often than ∝ e, and weights
1/e over-correct.)

- ``aul_pu``: the argmax of AUL^PU (≡ the argmax of AUC^PU on the same rows);
- ``corrected_auc_bbe``: the argmax of Jain et al.'s corrected AUC with θ̂ from BBE on the candidate's own
  validation scores (a candidate whose θ̂ the ranking contradicts is not eligible);
- ``proxy_accuracy_bbe``: the argmax of the accuracy that θ̂ implies when the top α̂ share of rows is called
  positive (α̂ = (n_L + θ̂·n_U)/n): then false positives equal false negatives and accuracy = 1 − 2·α̂·(1 − recall),
  recall the labeled rows' share in that top;
- ``f1_tabatabaei``: the argmax of Tabatabaei et al.'s F̄1 (θ̂ from BBE) at the median score;
- ``ll_lee_liu``: the argmax of Lee & Liu's recall²/P(ŷ = 1) at the median score (no prior);
- ``set_simplest``: the simplest member of :func:`pueval.select_models`'s confidence set (the logistic model,
  then LightGBM by leaves × rounds, then learning rate);
- ``oracle``: the argmax of the true test AUC.

Each choice is judged on the test rows by the true labels: its regret in true AUC and AUL (the best candidate's
minus the chosen one's) and whether it is the best. The confidence set is judged against the candidate with the
highest true AUL over the validation positives (what the labeled rows are a sample of under SCAR): its coverage,
its size, and the naive and corrected estimates' bias for the argmax, with the labels alone and, under SAR, with
the true propensities (``propensity``) and with an audit of ``audit_size`` unlabeled validation rows (``audit``).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from pueval import metrics, related, seeds
from pueval.extras import require
from pueval.model import PREDICT_THREADS, Capacity
from pueval.mpe.best_bin import bbe_theta
from pueval.propensity import MIN_EFFECTIVE_ROWS
from pueval.selection import select_models
from pueval.studies.sar import propensities, sar_labels
from pueval.validation import ArgumentError

CRITERIA = ("aul_pu", "corrected_auc_bbe", "proxy_accuracy_bbe", "f1_tabatabaei", "ll_lee_liu", "set_simplest",
            "oracle")


@dataclass(frozen=True)
class Candidate:
    """A model of the grid: LightGBM of a capacity, or the logistic regression (capacity None)."""

    name: str
    capacity: Capacity | None

    @property
    def complexity(self) -> tuple:
        """Lower is simpler: the logistic model first, then LightGBM by leaves × rounds, then learning rate."""
        if self.capacity is None:
            return (0, 0.0)
        return (1, self.capacity.num_leaves * self.capacity.rounds, self.capacity.learning_rate)


def grid(leaves, rounds, learning_rates) -> list[Candidate]:
    """The candidates: every LightGBM capacity of the grid, and the logistic regression."""
    found = [Candidate(f"lgbm_l{l}_r{r}_lr{lr:g}", Capacity(rounds=r, num_leaves=l, learning_rate=lr))
             for l in leaves for r in rounds for lr in learning_rates]
    return found + [Candidate("logistic", None)]


def _split(y: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Training (half), validation and test (a quarter each) row indices, stratified by the class."""
    parts = ([], [], [])
    for value in (0, 1):
        rows = rng.permutation(np.flatnonzero(y == value))
        half, three_quarters = rows.size // 2, (3 * rows.size) // 4
        for part, chosen in zip(parts, (rows[:half], rows[half:three_quarters], rows[three_quarters:])):
            part.append(chosen)
    return tuple(np.sort(np.concatenate(p)) for p in parts)


def _fit(candidate: Candidate, X: np.ndarray, s: np.ndarray, seed: int):
    """A function scoring rows with the candidate fitted on (X, s), s the PU labels."""
    if candidate.capacity is None:
        linear = require("sklearn.linear_model", "the model-selection study")
        preprocessing = require("sklearn.preprocessing", "the model-selection study")
        scaler = preprocessing.StandardScaler().fit(X)
        model = linear.LogisticRegression(max_iter=1000).fit(scaler.transform(X), s)
        return lambda rows: model.decision_function(scaler.transform(rows))
    lgb = require("lightgbm", "the model-selection study")
    booster = lgb.train(candidate.capacity.lightgbm_params(seed), lgb.Dataset(X, s),
                        num_boost_round=candidate.capacity.rounds, keep_training_booster=True)
    return lambda rows: booster.predict(rows, raw_score=True, num_threads=PREDICT_THREADS)


def criteria(s: np.ndarray, scores: np.ndarray, thetas: np.ndarray) -> dict[str, np.ndarray]:
    """Each prior-based or threshold criterion's value for every candidate (NaN: not eligible) on one labeled
    validation set, θ̂ per candidate given (module docstring)."""
    values = {name: np.full(scores.shape[1], math.nan)
              for name in ("corrected_auc_bbe", "proxy_accuracy_bbe", "f1_tabatabaei", "ll_lee_liu")}
    n, n_labeled = s.size, int(s.sum())
    for j, theta in enumerate(thetas):
        column = scores[:, j]
        auc_pu = metrics.auc(s, column)
        if theta < 1 and theta <= metrics.theta_upper_bound(auc_pu):
            values["corrected_auc_bbe"][j] = metrics.corrected_auc(auc_pu, theta)
        alpha = (n_labeled + theta * (n - n_labeled)) / n
        top = column >= np.quantile(column, 1.0 - alpha)
        values["proxy_accuracy_bbe"][j] = 1.0 - 2.0 * alpha * (1.0 - s[top].sum() / n_labeled)
        at_median = column >= np.median(column)
        if theta > 0:
            values["f1_tabatabaei"][j] = related.tabatabaei_f1(s, at_median, theta)
        values["ll_lee_liu"][j] = related.ll_score(s, at_median)
    return values


def _picks(s: np.ndarray, scores: np.ndarray, bbe: dict) -> dict[str, int | None]:
    """The candidate each criterion of :func:`criteria` picks, θ̂ from BBE on each candidate's own scores."""
    thetas = np.array([bbe_theta(s, scores[:, j], **bbe) for j in range(scores.shape[1])])
    return {name: (None if np.all(np.isnan(v)) else int(np.nanargmax(v)))
            for name, v in criteria(s, scores, thetas).items()}


def _labeled(y: np.ndarray, reference: np.ndarray, n_labeled: int, strength: float,
             rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray] | None:
    """(the 0/1 labels, each row's inclusion probability) of one labeling (module docstring): SCAR
    (``strength`` 0), n_L positives drawn at random; SAR, each positive labeled with probability σ(a + k·z), n_L
    in expectation. None when the positives do not outnumber n_L."""
    positives = np.flatnonzero(y == 1)
    if positives.size <= n_labeled:
        return None
    if strength != 0.0:
        e = propensities(y, reference, n_labeled / positives.size, strength)
        return sar_labels(e, rng), e
    s = np.zeros(y.size, np.int64)
    uniform = np.full(positives.size, 1.0 / positives.size)  # given, as it always was: the same draws as before
    s[rng.choice(positives, n_labeled, replace=False, p=uniform)] = 1
    return s, np.where(y == 1, n_labeled / positives.size, 0.0)


def run(X: np.ndarray, y: np.ndarray, reference: np.ndarray, *, dataset: str, beta: float, draws: int, candidates,
        n_labeled, strengths, level: float, audit_size: int, bbe: dict, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(choices, sets) of one dataset: a row per draw, labeling, n_L and criterion (chosen candidate, regret in
    true AUC and AUL, picked the best), and a row per draw, labeling, n_L and variant of the confidence set (Kish's
    effective number of labeled rows under the variant's weights, ``labeled_eff``: the labeled count but with the
    propensities; size, holds the best, naive and corrected bias; no row for an audit that
    :func:`~pueval.selection.select_models` refuses: fewer than two audited rows, or no positive). ``reference``:
    the dataset model's scores of every row, which the SAR labeling follows."""
    if draws < 1:
        raise ArgumentError("draws", f"must be at least 1, got {draws}")
    if 0.0 in strengths:
        raise ArgumentError("strengths", "are SAR strengths (> 0); SCAR is always run")
    order = sorted(range(len(candidates)), key=lambda j: candidates[j].complexity)
    choices, sets = [], []
    for draw in range(draws):
        rng = seeds.rng(seed, dataset, "model_selection", draw)
        train, validation, test = _split(y, rng)
        positives = np.flatnonzero(y[train] == 1)
        s_train = np.zeros(train.size, np.int64)
        s_train[rng.choice(positives, max(2, round(beta * positives.size)), replace=False)] = 1
        fitted = [_fit(c, X[train], s_train, seeds.int_seed(seed, dataset, "model_selection", draw, c.name))
                  for c in candidates]
        val_scores = np.column_stack([f(X[validation]) for f in fitted])
        test_scores = np.column_stack([f(X[test]) for f in fitted])
        y_val, y_test = y[validation], y[test]
        true_auc = np.array([metrics.auc(y_test, test_scores[:, j]) for j in range(len(candidates))])
        true_aul = np.array([metrics.aul(y_test, test_scores[:, j]) for j in range(len(candidates))])
        val_aul = np.array([metrics.t_values(val_scores[:, j])[y_val == 1].mean() for j in range(len(candidates))])
        best_test, best_val = int(np.argmax(true_auc)), int(np.argmax(val_aul))
        for strength in (0.0, *strengths):
            labeling = "scar" if strength == 0.0 else f"sar_{strength:g}"
            for count in n_labeled:
                drawn = _labeled(y_val, reference[validation], count, strength, rng)
                if drawn is None:
                    continue
                s, e = drawn
                key = {"dataset": dataset, "draw": draw, "labeling": labeling, "n_labeled": count}
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    found = select_models(s, val_scores, level=level, random_state=seeds.int_seed(
                        seed, dataset, "model_selection", draw, labeling, count))
                    picks = _picks(s, val_scores, bbe)
                members = {int(name) for name in found.confidence_set}
                picks |= {"aul_pu": int(found.best), "set_simplest": next(j for j in order if j in members),
                          "oracle": best_test}
                for criterion in CRITERIA:
                    j = picks[criterion]
                    choices.append(key | {"criterion": criterion, "chosen": None if j is None else candidates[j].name,
                                          "regret_auc": math.nan if j is None else true_auc[best_test] - true_auc[j],
                                          "regret_aul": math.nan if j is None else true_aul.max() - true_aul[j],
                                          "picked_best": j == best_test})
                variants = [("labels", found)]
                if strength != 0.0:
                    unlabeled = np.flatnonzero(s == 0)
                    audited = np.full(s.size, np.nan)
                    rows = rng.choice(unlabeled, min(audit_size, unlabeled.size), replace=False)
                    audited[rows] = y_val[rows]
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        variants.append(("propensity", select_models(s, val_scores, level=level, propensity=e,
                                                                     random_state=0)))
                        try:
                            variants.append(("audit", select_models(s, val_scores, level=level, audited=audited,
                                                                    random_state=0)))
                        except ArgumentError as refused:
                            # an audit without a positive says nothing of the AUL: no set this draw (the table's
                            # draws count it out)
                            if refused.argument != "audited":
                                raise
                kish = {variant: float(s.sum()) for variant, _ in variants}
                if strength != 0.0:
                    kish["propensity"] = _kish(1.0 / e[s == 1])
                for variant, result in variants:
                    chosen = int(result.best)
                    sets.append(key | {"variant": variant, "labeled_eff": kish[variant],
                                       "size": len(result.confidence_set), "candidates": len(candidates),
                                       "holds_best": str(best_val) in result.confidence_set,
                                       "naive_bias": result.aul_pu[chosen] - val_aul[chosen],
                                       "corrected_bias": result.best_estimate - val_aul[chosen],
                                       "interval_holds": result.best_interval[0] <= val_aul[chosen]
                                       <= result.best_interval[1]})
    return pd.DataFrame(choices), pd.DataFrame(sets)


def _kish(weights: np.ndarray) -> float:
    """Kish's effective number of rows of these weights, (Σw)²/Σw²."""
    return float(weights.sum() ** 2 / (weights ** 2).sum())


def _set_columns(sets: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    few = (sets["variant"] == "propensity") & (sets["labeled_eff"] < MIN_EFFECTIVE_ROWS)
    return (sets.assign(random_share=sets["size"] / sets["candidates"], few_effective=few,
                        holds_when_few=sets["holds_best"].where(few))
            .groupby(by, sort=False)
            .agg(draws=("size", "size"), coverage=("holds_best", "mean"), mean_size=("size", "mean"),
                 random_set_coverage=("random_share", "mean"), naive_bias=("naive_bias", "mean"),
                 corrected_bias=("corrected_bias", "mean"), interval_coverage=("interval_holds", "mean"),
                 labeled_eff=("labeled_eff", "median"), few_effective=("few_effective", "mean"),
                 coverage_few=("holds_when_few", "mean"))
            .reset_index())


def summary(choices: pd.DataFrame, sets: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per labeling, n_L and criterion: draws, mean regret in true AUC and AUL, share picking the best; per
    labeling, n_L and variant: draws, the set's coverage of the best, mean size, the coverage of a random set of
    the same size (the baseline a set that could fail must beat: size/candidates per draw, its exact chance to hold
    the best), the naive and corrected estimates' mean bias, the corrected interval's coverage, the median Kish
    count of labeled rows (``labeled_eff``); with the propensities, the share of draws below
    :data:`~pueval.propensity.MIN_EFFECTIVE_ROWS` of them (``few_effective``: where the library warns) and the
    set's coverage in those draws (``coverage_few``; NaN without one)."""
    if choices.empty:
        raise ArgumentError("n_labeled", "every count exceeds the validation positives of every dataset: nothing to "
                                         "select on; give smaller counts")
    by = ["labeling", "n_labeled"]
    picked = (choices.groupby(by + ["criterion"], sort=False)
              .agg(draws=("regret_auc", "size"), eligible=("regret_auc", "count"), regret_auc=("regret_auc", "mean"),
                   regret_aul=("regret_aul", "mean"), picked_best=("picked_best", "mean")).reset_index())
    return picked.merge(clustered_regret(choices), on=by + ["criterion"], how="left"), _set_columns(sets,
                                                                                                 by + ["variant"])


def clustered_regret(choices: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """Per labeling, n_L and criterion, with the dataset as the unit (its draws share its grid and rows): the
    datasets' mean regret in true AUC and its ``level`` t-interval over them (``regret_low``, ``regret_high``), and
    the criterion's regret minus argmax AUL^PU's, paired within each draw, its datasets' mean and t-interval
    (``minus_aul_pu``, ``minus_aul_pu_low``, ``minus_aul_pu_high``: below 0, the criterion does better); ``datasets``
    the units (NaN intervals with fewer than 2)."""
    keys = ["dataset", "draw", "labeling", "n_labeled"]
    against = choices[choices["criterion"] == "aul_pu"].set_index(keys)["regret_auc"].rename("aul_pu_regret")
    paired = choices.join(against, on=keys).assign(minus=lambda d: d["regret_auc"] - d["aul_pu_regret"])
    per_dataset = (paired.groupby(["labeling", "n_labeled", "criterion", "dataset"], sort=False)[["regret_auc", "minus"]]
                   .mean().reset_index())
    rows = []
    for (labeling, n, criterion), part in per_dataset.groupby(["labeling", "n_labeled", "criterion"], sort=False):
        row = {"labeling": labeling, "n_labeled": n, "criterion": criterion, "datasets": int(part["regret_auc"].count())}
        for column, name in (("regret_auc", "regret"), ("minus", "minus_aul_pu")):
            values = part[column].dropna().to_numpy()
            mean = float(values.mean()) if values.size else math.nan
            low, high = (stats.ttest_1samp(values, 0.0).confidence_interval(level) if values.size > 1
                         else (math.nan, math.nan))
            row |= {f"{name}_low": float(low), f"{name}_high": float(high)} | (
                {name: mean} if name == "minus_aul_pu" else {})
        rows.append(row)
    return pd.DataFrame(rows)


def sets_by_dataset(sets: pd.DataFrame) -> pd.DataFrame:
    """:func:`summary`'s set columns per dataset, labeling, n_L and variant: the draws of one dataset share its
    grid and its rows, so the dataset, not the draw, is the unit a coverage claim rests on."""
    return _set_columns(sets, ["dataset", "labeling", "n_labeled", "variant"])

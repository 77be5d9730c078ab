"""Tabatabaei, Klein & Hoogendoorn (2020)'s own study: F̄1 against the LL score on their datasets.

For a classifier f and a labeled set S of size S drawn at random from the P positives (SCAR), with
M₁ predicted positives of M rows, P₁ of them positive, and S₁ of them labeled (their Section 4.1):

    F1  = 2·P₁/(M₁ + P),          F̄1 = 2·S₁/(ρ·M₁ + S),  ρ = S/P,
    LL  = (S₁/S)²·M/M₁             (Lee & Liu's recall²/P(f = 1), their Section 3.2),

S₁ ~ Hypergeometric(P, P₁, S), so E(F̄1) = F1 and Var(F̄1) = 4·Var(S₁)/(ρM₁ + S)² with
Var(S₁) = S·P₁(P − P₁)(P − S)/(P²(P − 1)).

Their experiments, as the authors' notebooks (github.com/SEYED7037/PU-Learning-Estimating-F1-LOD2020-)
run them:

* **generated**: 200 points uniform on [0, 1]², positive where x₁ + 0.2 < x₂; a classifier is a line
  through a uniform point of the square at a uniform angle, predicting positive below it, and turned
  round (positive above it) when it finds fewer positives than it misses (their FIG1 notebook's
  ``if TP_h < FN_h: prediction = 1 - prediction``; ``orient_lines=False`` keeps the lines as drawn, a named
  variant); a new dataset and 100 new lines in every run (their FIG1 notebook: ``size_data = 200``,
  ``number_of_lines = 100``, ``number_of_runs = 200``);
* **iris**: the 150 flowers, features min-max scaled, virginica positive; a classifier is a random
  hyperplane w·x + b > 0 with (w, b) uniform on [−3, 3]⁵ (their FIG4/FIG5 notebooks), 100 new ones
  in every run;
* **forest** (Heart Disease, disease = ``num > 0``): random forests with n_estimators ~ randint(1, 100)
  and max_depth ~ randint(1, 10), read as NumPy's half-open ranges. The paper does not say what they
  are fitted on; here a set of 100 forests is fitted on a stratified half with the true classes and
  evaluated on the other half, where the labeled sets are drawn (a forest per draw would cost 20,000
  fits). A verdict on one set of forests is a property of that set, so ``forest_sets`` sets are drawn,
  each from its own seed (and its own split), all judged on the same labeled sets; only F̄1 at ρ̄ = ρ
  and LL are scored for them (the noisy ρ̄ of Figure 5 is the synthetic families' only);
* **forest_pu**, the second arm: the same, but each forest is fitted on what a PU user has, the fit half's
  labeled (a share ``pu_rho`` of its positives, drawn at random) against unlabeled rows, and predicts
  positive where P(s = 1 | x) ≥ c/2, c = S/P of the fit half (Elkan & Noto's P(y = 1 | x) = P(s = 1 | x)/c
  at ½);
* a classifier predicting a single class is drawn again (their ``predictione`` check);
* per ρ, S = round(ρ·P) labeled positives (at least 1), and F̄1 uses the realised ρ = S/P, as their
  ``rho_real = N_visible / P``; a noisy estimate is ρ̄ = c·ρ (their ``errors_in_roh``);
* an inversion is a pair of classifiers that the estimate orders against the true F1 (ties in either
  not counted), as a percentage of the K(K − 1)/2 pairs (their ``count_inversions``);
* per ρ, a two-sided Wilcoxon signed-rank test of the paired inversion counts, LL against F̄1, with
  the normal approximation their SciPy used (``stats.wilcoxon(x, y)``).

Their ρ estimate (Figure 2, their FIG2 notebooks' ``on_leave_out_for_one_setting``) is Elkan & Noto's
e₁ from a classifier of labeled against every other row, left out one labeled row at a time: ĉ is the mean of
the left-out labeled rows' P(s = 1 | x), and ρ̂ = S/((S − 1)/ĉ − 1). The notebooks compute it with two
classifiers, ``'RF'`` and ``'linear'``, on the same labeled sets, and the figure they save with the paper's
legend plots the RF one: **Figure 2 is the random forest** (:func:`loo_rf_rho`), scikit-learn's
``RandomForestClassifier()`` of their time (before 0.22: 10 trees, √features per split, bootstrap, unseeded;
seeded here per fit from the config seed); ĉ = 0 gives ρ̂ = 0, as their division by zero does. The
``'linear'`` one (:func:`loo_rho`), ``LogisticRegression()`` of their time (liblinear, C = 1, the intercept
penalized like a weight), is solved here exactly by Newton's method, a variant their notebooks also compute. Beside it,
our EN (``estimate_prior(..., "en")``: the mean cross-fitted LightGBM P(s = 1 | x) of the labeled rows),
ρ̂ = ĉ = n_L/(n_L + θ̂·n_U), on the same labeled sets.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from pueval import sampling, seeds
from pueval.validation import ArgumentError

SYNTHETIC = ("generated", "iris")
FORESTS = ("forest", "forest_pu")
FAMILIES = SYNTHETIC + FORESTS
NOISE = (0.5, 0.75, 0.9, 0.95, 1.0, 1.05, 1.1, 1.25, 1.5, 2.0)  # their errors_in_roh
GENERATED_POINTS = 200
# Their Table 2 (RMSE against the true F1 at ρ = 0.30) and the ρ beyond which F̄1 has significantly fewer
# inversions than LL (Section 6.2); their Health data is private.
PAPER_RMSE = {"generated": (0.064, 0.772), "iris": (0.060, 0.420), "forest": (0.089, 0.344),
              "forest_pu": (0.089, 0.344)}
PAPER_THRESHOLD = {"generated": 0.05, "iris": 0.02, "forest": 0.02, "forest_pu": 0.02}
# The form of LL each published notebook computes: recall²·M/M₁ (their Section 3.2) in the generated-data one,
# recall²/M₁ (the factor M dropped) in the IRIS one; no notebook is published for the forests.
NOTEBOOK_LL = {"generated": "ll", "iris": "ll_notebook"}


def f1_bar_variance(positives: int, true_positives: int, predicted_positives: int, labeled: int) -> float:
    """Var(F̄1) = 4·Var(S₁)/(ρM₁ + S)², S₁ ~ Hypergeometric(P, P₁, S), ρ = S/P (their Section 4.1).

    Examples
    --------
    >>> round(f1_bar_variance(10, 5, 5, 10), 12)  # every positive labeled: F̄1 is exact
    0.0
    """
    p, p1, m1, s = positives, true_positives, predicted_positives, labeled
    if not 1 <= s <= p or not 0 <= p1 <= min(p, m1):
        raise ArgumentError("labeled", f"need 1 <= labeled <= positives and 0 <= true_positives <= "
                            f"min(positives, predicted_positives); got P={p}, P1={p1}, M1={m1}, S={s}")
    var_s1 = s * p1 * (p - p1) * (p - s) / (p * p * (p - 1)) if p > 1 else 0.0
    return 4.0 * var_s1 / (s / p * m1 + s) ** 2


def f1_bar_fourth_moment(positives: int, true_positives: int, predicted_positives: int, labeled: int) -> float:
    """E(F̄1 − F1)⁴ = 16·μ₄(S₁)/(ρM₁ + S)⁴, μ₄ the fourth central moment of S₁ ~ Hypergeometric(P, P₁, S), summed
    over its probability mass; F̄1 is linear in S₁. The spread of an empirical variance of F̄1 over r labeled sets
    is √((μ₄ − σ⁴(r − 3)/(r − 1))/r), σ² = :func:`f1_bar_variance`: what Figure 3's bounds are judged by.

    Examples
    --------
    >>> round(f1_bar_fourth_moment(10, 5, 5, 10), 12)  # every positive labeled: F̄1 is exact
    0.0
    """
    p, p1, m1, s = positives, true_positives, predicted_positives, labeled
    f1_bar_variance(p, p1, m1, s)  # the same checks
    k = np.arange(max(0, s - (p - p1)), min(s, p1) + 1)
    mass = stats.hypergeom(p, p1, s).pmf(k)
    mu4 = float(np.sum(mass * (k - s * p1 / p) ** 4))
    return 16.0 * mu4 / (s / p * m1 + s) ** 4


# -- classifiers ---------------------------------------------------------------------------------------------


def _one_class(predicted: np.ndarray) -> np.ndarray:
    """Which classifiers (last axis = rows) predict a single class."""
    return ~predicted.any(-1) | predicted.all(-1)


ORIENT_ON = ("labeled", "classes")
"""What a line's TP and FN are counted on before it is turned round: the labeled points (their FIG1 notebook's
rule) or the true classes (a named variant)."""


def orient(y: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    """Turn round every classifier that finds fewer positives than it misses (TP < FN), as their FIG1
    notebook does; ``y`` runs × rows, the positives counted (the labeled points, as the notebook counts them,
    or the true classes), ``predicted`` runs × classifiers × rows."""
    positives = y[:, None, :]
    tp = np.count_nonzero(predicted & positives, axis=-1)
    fn = np.count_nonzero(~predicted & positives, axis=-1)
    return predicted ^ (tp < fn)[..., None]


def generated_problems(rng: np.random.Generator, runs: int, lines: int, points: int = GENERATED_POINTS, *,
                       orient_lines: bool = True):
    """``runs`` generated datasets, each with its own ``lines`` random lines: classes (runs × points) and
    predictions (runs × lines × points), each line turned round by :func:`orient` unless ``orient_lines`` is
    False. Turning a line round keeps it predicting both classes."""
    x = rng.random((runs, points, 2))
    y = x[..., 0] + 0.2 < x[..., 1]

    def draw(count):
        anchor, angle = rng.random((count, 2)), rng.random(count) * 2.0 * np.pi
        slope = np.tan(angle)
        return slope, anchor[:, 1] - slope * anchor[:, 0]

    slope, intercept = (v.reshape(runs, lines) for v in draw(runs * lines))
    predicted = slope[..., None] * x[:, None, :, 0] + intercept[..., None] - x[:, None, :, 1] > 0
    while (bad := _one_class(predicted)).any():
        r, k = np.nonzero(bad)
        new_slope, new_intercept = draw(r.size)
        predicted[r, k] = new_slope[:, None] * x[r, :, 0] + new_intercept[:, None] - x[r, :, 1] > 0
    return y, (orient(y, predicted) if orient_lines else predicted)


def iris_data() -> tuple[np.ndarray, np.ndarray]:
    """IRIS as their notebooks use it: min-max scaled features, virginica (class 2) positive."""
    from sklearn.datasets import load_iris

    data = load_iris()
    x = data.data
    x = (x - x.min(0)) / (x.max(0) - x.min(0))
    return x, data.target == 2


def hyperplane_predictions(x: np.ndarray, rng: np.random.Generator, runs: int, planes: int) -> np.ndarray:
    """``planes`` random hyperplanes per run, (w, b) uniform on [−3, 3]^(d+1): predictions runs × planes × rows."""
    d = x.shape[1]

    def predict(count):
        w = rng.random((count, d + 1)) * 6.0 - 3.0
        return x @ w[:, :d].T + w[:, d] > 0  # rows × count

    predicted = predict(runs * planes).T.reshape(runs, planes, x.shape[0])
    while (bad := _one_class(predicted)).any():
        r, k = np.nonzero(bad)
        predicted[r, k] = predict(r.size).T
    return predicted


def forest_predictions(x: np.ndarray, y: np.ndarray, forests: int, seed, *, pu_rho: float | None = None,
                       in_sample: bool = False):
    """(classes, predictions forests × rows) on the evaluation half: random forests with n_estimators in
    1..99 and max_depth in 1..9, fitted on a stratified half with the true classes, or with ``pu_rho`` on its
    PU labels (round(pu_rho·P) positives labeled, at least 1), predicting positive where P(s = 1 | x) ≥ c/2
    (module docstring); ``in_sample=True`` fits and judges them on every row (a design of :func:`design_frame`)."""
    from sklearn.ensemble import RandomForestClassifier

    rng = np.random.default_rng(seed)
    if in_sample:
        fit_rows = eval_rows = np.ones(y.size, bool)
    else:
        fit_rows = np.zeros(y.size, bool)
        fit_rows[sampling.stratified_choice(y.astype(int), sampling.class_fraction(y.astype(int), 0.5), rng)] = True
        eval_rows = ~fit_rows
    target = y[fit_rows]
    if pu_rho is not None:
        target = labeled_sets(target, pu_rho, rng)[0]
        c = target.sum() / y[fit_rows].sum()
    rows = []
    while len(rows) < forests:
        model = RandomForestClassifier(n_estimators=int(rng.integers(1, 100)), max_depth=int(rng.integers(1, 10)),
                                       random_state=int(rng.integers(2**31 - 1)), n_jobs=1)
        model.fit(x[fit_rows], target)
        if pu_rho is None:
            predicted = model.predict(x[eval_rows]).astype(bool)
        else:
            predicted = model.predict_proba(x[eval_rows])[:, list(model.classes_).index(True)] >= c / 2
        if not _one_class(predicted):
            rows.append(predicted)
    return y[eval_rows], np.array(rows)


# -- one ρ ----------------------------------------------------------------------------------------------------


def labeled_sets(y: np.ndarray, rho: float, rng: np.random.Generator) -> np.ndarray:
    """A SCAR labeled set per run (row of ``y``, runs × rows): round(ρ·P) positives, at least 1, at random."""
    y = np.atleast_2d(y)
    return _labeled_by_keys(y, rho, rng.random(y.shape))


def _labeled_by_keys(y: np.ndarray, rho: float, keys: np.ndarray) -> np.ndarray:
    """The round(ρ·P) positives (at least 1) of each run with the smallest uniform ``keys``."""
    positives = y.sum(-1)
    size = np.clip(np.rint(rho * positives), 1, positives).astype(int)
    rank = np.argsort(np.argsort(np.where(y, keys, 2.0), axis=-1), axis=-1)
    return rank < size[:, None]


def scores(y: np.ndarray, predicted: np.ndarray, labeled: np.ndarray, factors=(1.0,)) -> dict:
    """True F1, LL and F̄1 at ρ̄ = c·ρ for each c of ``factors``: arrays runs × classifiers.

    ``y`` and ``labeled`` are runs × rows; ``predicted`` runs × classifiers × rows (or classifiers × rows,
    the same classifiers in every run)."""
    y, labeled = np.atleast_2d(y), np.atleast_2d(labeled)
    predicted = np.broadcast_to(predicted, (labeled.shape[0], *predicted.shape[-2:]))
    p, s = y.sum(-1)[:, None], labeled.sum(-1)[:, None]
    m1 = predicted.sum(-1)
    p1 = np.einsum("rkn,rn->rk", predicted, y.astype(np.int64))
    s1 = np.einsum("rkn,rn->rk", predicted, labeled.astype(np.int64))
    rho = s / p
    out = {"f1": 2.0 * p1 / (m1 + p), "ll": (s1 / s) ** 2 * y.shape[-1] / m1}
    for c in factors:
        out[c] = 2.0 * s1 / (c * rho * m1 + s)
    return out


def inversions(truth: np.ndarray, *estimates: np.ndarray) -> list[np.ndarray]:
    """Per estimate, the percentage of classifier pairs it orders against the truth, per run (row); ties in
    either are not inversions (their ``count_inversions``)."""
    k = truth.shape[-1]
    above = truth[..., :, None] > truth[..., None, :]  # i truly better than j: each unordered pair once
    return [100.0 * np.count_nonzero(above & (e[..., :, None] < e[..., None, :]), axis=(-1, -2)) / (k * (k - 1) / 2)
            for e in estimates]


def rho_frame(y, predicted, rho: float, labeled: np.ndarray, factors=NOISE) -> pd.DataFrame:
    """One row per run at nominal ρ for the labeled sets ``labeled``: realised ρ, the inversions of LL and of
    F̄1 at each noise factor c of ``factors`` (NaN for the other factors of :data:`NOISE`), and the squared
    errors against F1 summed over the classifiers (for the RMSE)."""
    found = scores(y, predicted, labeled, factors)
    truth = found["f1"]
    inv_ll, *inv_f1bar = inversions(truth, found["ll"], *(found[c] for c in factors))
    inverted = dict(zip(factors, inv_f1bar))
    frame = pd.DataFrame({"rho": rho,
                          "rho_real": labeled.sum(-1) / np.atleast_2d(y).sum(-1),
                          "run": np.arange(labeled.shape[0]),
                          "inv_ll": inv_ll,
                          **{f"inv_f1bar_{c:g}": inverted.get(c, np.nan) for c in NOISE}})
    frame["sse_f1bar"] = ((found[1.0] - truth) ** 2).sum(-1)
    frame["sse_ll"] = ((found["ll"] - truth) ** 2).sum(-1)
    frame["sse_ll_notebook"] = ((found["ll"] / y.shape[-1] - truth) ** 2).sum(-1)  # their IRIS notebook's LL
    frame["classifiers"] = truth.shape[-1]
    return frame


def rho_grid(step: float) -> np.ndarray:
    """ρ = step, 2·step, …, 1 (their grid without ρ = 0, where nothing is labeled)."""
    return np.round(np.arange(1, int(round(1.0 / step)) + 1) * step, 10)


def study_frame(family: str, *, seed: int, runs: int, classifiers: int, step: float, data=None,
                orient_lines: bool = True, forest_sets: int = 1, pu_rho: float | None = None,
                orient_on: str = "labeled") -> pd.DataFrame:
    """Every (ρ, run) of one family: ``generated`` (lines turned round unless ``orient_lines`` is False, by their
    TP and FN on the run's labeled points, as their FIG1 notebook counts them, or on the true classes with
    ``orient_on="classes"``, a named variant),
    ``iris``, ``forest`` or ``forest_pu`` (``data`` = (features, classes); ``forest_sets`` sets of forests,
    each from the seed (seed, "tabatabaei", family, set), judged on the same labeled sets; ``forest_pu``'s
    fitted on PU labels at ``pu_rho``). Column ``forest_set``: the set's index (0 for the synthetic
    families)."""
    if family not in FAMILIES:
        raise ArgumentError("family", f"{family!r}; choose one of {', '.join(FAMILIES)}")
    if orient_on not in ORIENT_ON:
        raise ArgumentError("orient_on", f"{orient_on!r}; choose one of {', '.join(ORIENT_ON)}")
    if family in FORESTS:
        if forest_sets < 1:
            raise ArgumentError("forest_sets", f"must be at least 1, got {forest_sets}")
        if (family == "forest_pu") != (pu_rho is not None) or (pu_rho is not None and not 0 < pu_rho <= 1):
            raise ArgumentError("pu_rho", f"a share in (0, 1] for forest_pu and None otherwise, got {pu_rho}")
        stream = "forests" if family == "forest" else "forests-pu"
        sets = [forest_predictions(*data, classifiers, seeds.seed_sequence(seed, "tabatabaei", stream, j),
                                   pu_rho=pu_rho) for j in range(forest_sets)]
    elif family == "iris":
        x, y_iris = iris_data()
        y = np.broadcast_to(y_iris, (runs, y_iris.size))
    frames = []
    for rho in rho_grid(step):
        rng = seeds.rng(seed, "tabatabaei", family, float(rho))
        if family in FORESTS:
            # the split is drawn with the class shares fixed, so every set's evaluation half has as many positives:
            # one labeled set per run serves every set of forests (drawn by rank among that set's positives)
            keys = rng.random((runs, sets[0][0].size))
            for j, (y_eval, predicted) in enumerate(sets):
                y = np.broadcast_to(y_eval, (runs, y_eval.size))
                frames.append(rho_frame(y, predicted, float(rho), _labeled_by_keys(y, rho, keys), (1.0,))
                              .assign(forest_set=j))
            continue
        if family == "generated":  # the lines drawn, then the labeled sets, then each line turned round if asked
            y, predicted = generated_problems(rng, runs, classifiers, orient_lines=False)
            labeled = labeled_sets(y, rho, rng)
            if orient_lines:
                predicted = orient(labeled if orient_on == "labeled" else y, predicted)
        else:
            predicted = hyperplane_predictions(x, rng, runs, classifiers)
            labeled = labeled_sets(y, rho, rng)
        frames.append(rho_frame(y, predicted, float(rho), labeled).assign(forest_set=0))
    return pd.concat(frames, ignore_index=True)


CODINGS = ("num > 0", "num = 0")
JUDGED = {"held-out half": "forests", "in-sample": "forests-in-sample"}  # where judged → the forests' seed stream
DESIGNS = tuple((coding, judged) for judged in JUDGED for coding in CODINGS)
"""The Heart Disease designs the paper leaves open (no notebook is published): the class coding (disease =
``num > 0``, the catalog's, or its complement ``num = 0``) and the rows the forests are judged on (the half they
were not fitted on, or the rows they were fitted on), in :func:`design_frame`'s order."""


def design_frame(x: np.ndarray, y: np.ndarray, *, seed: int, runs: int, classifiers: int,
                 rho: float = 0.3) -> pd.DataFrame:
    """Table 2's RMSE of F̄1 and LL against the true F1 at ``rho`` on Heart Disease under each of :data:`DESIGNS`:
    one set of ``classifiers`` forests per place of judging (held out: the ``forest`` family's set 0, the same
    forests and the same labeled sets; in sample: fitted on every row, seed (seed, "tabatabaei",
    "forests-in-sample", 0)), and the complement coding read from the same forests with the classes named the
    other way (positive = healthy), its labeled sets drawn by rank among its own positives from the same keys."""
    rows = []
    for judged, stream in JUDGED.items():
        y_eval, predicted = forest_predictions(x, y, classifiers, seeds.seed_sequence(seed, "tabatabaei", stream, 0),
                                               in_sample=judged == "in-sample")
        family = "forest" if judged == "held-out half" else "forest-in-sample"
        keys = seeds.rng(seed, "tabatabaei", family, float(rho)).random((runs, y_eval.size))
        for coding in CODINGS:
            classes, votes = (y_eval, predicted) if coding == CODINGS[0] else (1 - y_eval, ~predicted)
            classes = np.broadcast_to(classes, (runs, classes.size))
            error = rmse(rho_frame(classes, votes, rho, _labeled_by_keys(classes, rho, keys), (1.0,)), rho)
            rows.append({"coding": coding, "judged": judged, "positives": int(classes[0].sum()),
                         "rows": classes.shape[1], "rmse_f1bar": error["f1bar"], "rmse_ll": error["ll"]})
    return pd.DataFrame(rows)


# -- summaries ------------------------------------------------------------------------------------------------


def rmse(frame: pd.DataFrame, rho: float) -> dict:
    """RMSE of F̄1, of LL and of their IRIS notebook's LL (recall²/M₁, without the factor M) against the true F1
    over every (run, classifier) at nominal ρ (their Table 2)."""
    at = frame[np.isclose(frame["rho"], rho)]
    if at.empty:
        raise ArgumentError("rho", f"{rho} is not on the grid of this study")
    count = at["classifiers"].sum()
    return {name: float(np.sqrt(at[f"sse_{name}"].sum() / count)) for name in ("f1bar", "ll", "ll_notebook")}


def table2(frames: dict, rho: float = 0.3) -> pd.DataFrame:
    """Their Table 2 beside ours with its Monte-Carlo error: per family (dict key) and score (``f1bar``, ``ll``,
    ``ll_notebook``), the :func:`rmse` at ``rho``, its standard error over the runs (delta method: the runs' mean
    squared errors m_r, RMSE = √(Σ sse/Σ classifiers), se = sd(m_r)/(2·RMSE·√runs), runs of equal size), the
    paper's value where it prints one for that form of LL (:data:`NOTEBOOK_LL`; Heart Disease: the Section 3.2
    form) and the runs counted."""
    rows = []
    for family, frame in frames.items():
        at = frame[np.isclose(frame["rho"], rho)]
        found = rmse(frame, rho)
        for score in ("f1bar", "ll", "ll_notebook"):
            per_run = at.groupby(["forest_set", "run"])[[f"sse_{score}", "classifiers"]].sum()
            mse = per_run[f"sse_{score}"] / per_run["classifiers"]
            se = float(mse.std(ddof=1) / (2 * found[score] * np.sqrt(mse.size))) if mse.size > 1 else np.nan
            printed = score == "f1bar" or score == NOTEBOOK_LL.get(family, "ll")
            rows.append({"family": family, "score": score, "rho": rho, "rmse": found[score], "se": se,
                         "paper": PAPER_RMSE[family][0 if score == "f1bar" else 1] if printed else np.nan,
                         "runs": mse.size})
    return pd.DataFrame(rows)


def wilcoxon_table(frame: pd.DataFrame, level: float = 0.05) -> pd.DataFrame:
    """Per ρ: mean inversions of LL and F̄1, the two-sided Wilcoxon p-value (normal approximation) and whether
    F̄1 is significantly better (p < level and fewer inversions on average)."""
    from scipy.stats import wilcoxon  # here, not at the top: the pipeline's schemas import this module

    rows = []
    for rho, at in frame.groupby("rho"):
        x, y = at["inv_ll"].to_numpy(), at["inv_f1bar_1"].to_numpy()
        p = float(wilcoxon(x, y, method="approx").pvalue) if np.any(x != y) else np.nan
        rows.append({"rho": rho, "ll": x.mean(), "f1bar": y.mean(), "p_value": p,
                     "f1bar_better": bool(p < level and y.mean() < x.mean())})
    return pd.DataFrame(rows)


def wilcoxon_tables(frames: dict, level: float = 0.05) -> pd.DataFrame:
    """:func:`wilcoxon_table` of every family (dict key) and set of forests: columns ``family``, ``forest_set``."""
    return pd.concat([wilcoxon_table(part, level).assign(family=family, forest_set=j)
                      for family, frame in frames.items() for j, part in frame.groupby("forest_set")],
                     ignore_index=True)


def forest_set_table(frame: pd.DataFrame, tests: pd.DataFrame, rhos=(0.1, 0.3)) -> pd.DataFrame:
    """Per set of forests: the thresholds of :func:`thresholds`, the Wilcoxon p-value at each of ``rhos`` and
    Table 2's RMSE at ρ = 0.3, so that the spread of a verdict over the sets shows."""
    rows = []
    for j, part in frame.groupby("forest_set"):
        at = tests[tests["forest_set"] == j]
        p = {f"p at ρ = {r:g}": float(at.loc[np.isclose(at["rho"], r), "p_value"].iloc[0]) for r in rhos}
        error = rmse(part, 0.3)
        rows.append({"forest_set": j, **thresholds(at), **p, "RMSE F̄1": error["f1bar"], "RMSE LL": error["ll"]})
    return pd.DataFrame(rows)


def thresholds(table: pd.DataFrame) -> dict:
    """The first ρ at which F̄1 is significantly better, and the smallest ρ from which it is at every larger ρ."""
    better = table["f1bar_better"].to_numpy()
    rhos = table["rho"].to_numpy()
    first = float(rhos[better.argmax()]) if better.any() else np.nan
    if not better.any() or not better[-1]:
        return {"first": first, "from": np.nan}
    worse = np.flatnonzero(~better)
    return {"first": first, "from": float(rhos[worse[-1] + 1] if worse.size else rhos[0])}


def noise_table(frame: pd.DataFrame, factors=NOISE) -> pd.DataFrame:
    """Mean inversions per ρ of LL and of F̄1 at each noise factor c (their Figure 5)."""
    columns = ["inv_ll", *(f"inv_f1bar_{c:g}" for c in factors)]
    return frame.groupby("rho")[columns].mean().reset_index()


def noise_verdict(frame: pd.DataFrame, factors=NOISE) -> pd.DataFrame:
    """Per noise factor c: mean inversions of F̄1 over the ρ grid beside LL's, and on what share of the grid's ρ
    F̄1 has more inversions on average than LL (their Figure 5 read: "worse than LL only for c = 0.5")."""
    table = noise_table(frame, factors)
    return pd.DataFrame([{"c": c, "f1bar": table[f"inv_f1bar_{c:g}"].mean(), "ll": table["inv_ll"].mean(),
                          "share_of_rho_worse_than_ll": float((table[f"inv_f1bar_{c:g}"] > table["inv_ll"]).mean())}
                         for c in factors])


def noise_verdicts(frames: dict, factors=NOISE) -> pd.DataFrame:
    """:func:`noise_verdict` of each synthetic family among ``frames`` (dict key), with a ``family`` column."""
    return pd.concat([noise_verdict(frames[f], factors).assign(family=f) for f in SYNTHETIC if f in frames],
                     ignore_index=True)


def bounds_summary(bounds: pd.DataFrame) -> pd.DataFrame:
    """Per family: the classifier's F1, the largest |mean of F̄1 − F1| in standard errors from the formula
    (formula sd/√draws), and the median ratio of the empirical to the formula's standard deviation (S < P)."""
    rows = []
    for family, b in bounds.groupby("family", sort=False):
        inner = b[b["formula_sd"] > 0]
        rows.append({"family": family, "f1": b["f1"].iloc[0],
                     "max_mean_gap_in_se": ((inner["mean"] - inner["f1"]).abs()
                                            / (inner["formula_sd"] / np.sqrt(inner["draws"]))).max(),
                     "median_sd_ratio": (inner["sd"] / inner["formula_sd"]).median()})
    return pd.DataFrame(rows)


# -- Figure 2: ρ estimated from the labeled and unlabeled rows ------------------------------------------------


def en_rho(x: np.ndarray, labeled: np.ndarray, rng: np.random.Generator) -> float:
    """ρ̂ = n_L/(n_L + θ̂·n_U) = ĉ, θ̂ from our EN (:func:`pueval.mpe.estimate_prior`, ``method="en"``)."""
    from pueval.mpe.priors import estimate_prior

    s = labeled.astype(int)
    theta = estimate_prior(x, s, "en", random_state=rng).theta
    n_l = int(s.sum())
    return n_l / (n_l + theta * (s.size - n_l))


def loo_labeled_probabilities(x: np.ndarray, labeled: np.ndarray, *, penalize_intercept: bool = True) -> np.ndarray:
    """For each labeled row j, P(s = 1 | x_j) from the logistic regression of s fitted on every row but j.

    The fit is scikit-learn's ``LogisticRegression()`` with its liblinear default (C = 1, the intercept
    penalized like a weight), solved exactly (:func:`pueval.logistic.fit`); ``penalize_intercept=False``
    leaves the intercept out of the penalty, as its lbfgs default since 0.22 does, a named variant. Every
    left-out problem is one weighting of the rows, the left-out row entering with weight 0.
    """
    from scipy.special import expit

    from pueval import logistic  # here: the pipeline's schemas import this module, and every job the schemas

    x1 = logistic.with_intercept(x)
    s = np.asarray(labeled, dtype=bool)
    left_out = np.flatnonzero(s)
    keep = np.ones((left_out.size, s.size))
    keep[np.arange(left_out.size), left_out] = 0.0
    coef = logistic.fit(x1, s, keep, penalize_intercept=penalize_intercept)
    return expit(np.einsum("ji,ji->j", coef, x1[left_out]))


def loo_rho(x: np.ndarray, labeled: np.ndarray, *, penalize_intercept: bool = True) -> float:
    """Their ρ̂ = S/((S − 1)/ĉ − 1), ĉ the mean of :func:`loo_labeled_probabilities` (their FIG2 notebooks;
    S ≥ 2 labeled rows, as their grid starts at 2)."""
    size = int(np.count_nonzero(labeled))
    if size < 2:
        raise ArgumentError("labeled", f"needs at least 2 labeled rows (their grid starts at 2), got {size}")
    c = float(loo_labeled_probabilities(x, labeled, penalize_intercept=penalize_intercept).mean())
    return size / ((size - 1) / c - 1.0)


def loo_rf_rho(x: np.ndarray, labeled: np.ndarray, rng: np.random.Generator) -> float:
    """Their Figure 2's ρ̂ = S/((S − 1)/ĉ − 1), ĉ the mean over the labeled rows of P(s = 1 | x_j) from
    scikit-learn's ``RandomForestClassifier`` of their time (10 trees, defaults otherwise) fitted on every row but
    j (labeled against the rest), each fit seeded from ``rng``; ĉ = 0 gives 0 (their S/∞)."""
    from pueval.extras import require

    forest = require("sklearn.ensemble", "their random-forest estimate of rho").RandomForestClassifier
    s = np.asarray(labeled, dtype=bool)
    size = int(s.sum())
    if size < 2:
        raise ArgumentError("labeled", f"needs at least 2 labeled rows (their grid starts at 2), got {size}")
    found = []
    for j in np.flatnonzero(s):
        keep = np.ones(s.size, dtype=bool)
        keep[j] = False
        model = forest(n_estimators=10, random_state=int(rng.integers(2**31))).fit(x[keep], s[keep])
        found.append(model.predict_proba(x[j:j + 1])[0, list(model.classes_).index(True)])
    c = float(np.mean(found))
    with np.errstate(divide="ignore"):
        return float(size / ((size - 1) / np.float64(c) - 1.0))


def rho_estimates_frame(*, seed: int, rhos, repetitions: int, rf_repetitions: int | None = None) -> pd.DataFrame:
    """ρ̂ of their leave-one-out random forest (Figure 2's, on the first ``rf_repetitions`` labeled sets of each
    ρ: each costs S forest fits; None: all), of their leave-one-out logistic regression (intercept penalized, and
    not) and of EN, on the same ``repetitions`` labeled sets per ρ, on one generated dataset and on IRIS."""
    rng = seeds.rng(seed, "tabatabaei", "en", "generated-data")
    points = rng.random((GENERATED_POINTS, 2))
    problems = {"generated": (points, points[:, 0] + 0.2 < points[:, 1]), "iris": iris_data()}
    rows = []
    for family, (x, y) in problems.items():
        for rho in rhos:
            rng = seeds.rng(seed, "tabatabaei", "en", family, float(rho))
            labeled = labeled_sets(np.broadcast_to(y, (repetitions, y.size)), float(rho), rng)
            for rep, row in enumerate(labeled):
                forests = seeds.rng(seed, "tabatabaei", "rf", family, float(rho), rep)
                rows.append({"family": family, "rho": float(rho), "rho_real": row.sum() / y.sum(), "repetition": rep,
                             "rho_hat": en_rho(x, row, rng), "rho_hat_loo": loo_rho(x, row),
                             "rho_hat_loo_free_intercept": loo_rho(x, row, penalize_intercept=False),
                             "rho_hat_loo_rf": loo_rf_rho(x, row, forests)
                             if rf_repetitions is None or rep < rf_repetitions else np.nan})
    return pd.DataFrame(rows)


RHO_ESTIMATORS = {"loo_rf": "rho_hat_loo_rf", "loo": "rho_hat_loo", "loo_free_intercept": "rho_hat_loo_free_intercept",
                  "en": "rho_hat"}
"""Figure 2's estimator first (their random forest), then the variants: their logistic regression (as their
scikit-learn fitted it, and with today's unpenalized intercept) and our EN."""


def rho_estimates_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per family, ρ and estimator (:data:`RHO_ESTIMATORS`): the labeled sets, the mean ρ̂, its standard deviation
    (ddof 1), its 10th and 90th percentiles and the mean ratio ρ̂/ρ (ρ the realised S/P), over the sets the estimator
    ran on."""
    rows = []
    for (family, rho), part in frame.groupby(["family", "rho"], sort=False):
        for name, column in RHO_ESTIMATORS.items():
            ran = part[column].notna()
            values, part_ran = part.loc[ran, column], part[ran]
            rows.append({"family": family, "rho": rho, "estimator": name, "sets": int(ran.sum()), "mean": values.mean(),
                         "sd": values.std(), "p10": values.quantile(0.1), "p90": values.quantile(0.9),
                         "mean_ratio": (values / part_ran["rho_real"]).mean()})
    return pd.DataFrame(rows)


# -- Figure 3: one classifier, empirical against formula ------------------------------------------------------


def bounds_frame(*, seed: int, draws: int, target_f1: float = 0.44, orient_lines: bool = True) -> pd.DataFrame:
    """For one classifier per family with true F1 nearest ``target_f1`` (theirs: 0.44), per number of labeled
    positives S = 1 … P: the empirical mean and standard deviation (``sd``, over ``draws``, ddof 0) of F̄1 over
    ``draws`` labeled sets beside E(F̄1) = F1, the formula's standard deviation and its fourth central moment
    (:func:`f1_bar_fourth_moment`; generated lines turned round as in :func:`study_frame`)."""
    rows = []
    for family in SYNTHETIC:
        rng = seeds.rng(seed, "tabatabaei", "bounds", family)
        if family == "generated":
            y, candidates = generated_problems(rng, 1, 200, orient_lines=orient_lines)
            y, candidates = y[0], candidates[0]
        else:
            x, y = iris_data()
            candidates = hyperplane_predictions(x, rng, 1, 200)[0]
        f1 = 2.0 * (candidates & y).sum(-1) / (candidates.sum(-1) + y.sum())
        pick = np.argmin(np.abs(f1 - target_f1))
        predicted, truth = candidates[pick], f1[pick]
        p, p1, m1 = int(y.sum()), int((predicted & y).sum()), int(predicted.sum())
        for s in range(1, p + 1):
            labeled = labeled_sets(np.broadcast_to(y, (draws, y.size)), s / p, rng)
            values = scores(y, predicted[None], labeled)[1.0][:, 0]
            rows.append({"family": family, "labeled": s, "rho": s / p, "draws": draws, "f1": truth,
                         "mean": values.mean(), "sd": values.std(), "formula_sd": np.sqrt(f1_bar_variance(p, p1, m1, s)),
                         "formula_m4": f1_bar_fourth_moment(p, p1, m1, s)})
    return pd.DataFrame(rows)

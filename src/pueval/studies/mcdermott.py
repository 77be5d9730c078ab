"""McDermott et al. (2024), "A closer look at AUROC and AUPRC under class imbalance", and its PU version.

Their Theorem 1 on a finite ranking without ties (P(·) the share of all rows, FPR(t) the share of
negatives scored at least t, t over the positives' scores):

    AUROC = 1 − E_{t∼p+}[FPR(t)],     AUPRC = 1 − P(y = 0)·E_{t∼p+}[FPR(t)/P(f ≥ t)],

AUPRC being average precision. An *atomic mistake* (their Definition 2.1) is a positive ranked directly
below a negative; swapping the two raises AUROC by exactly 1/(n_P·n_N) wherever it is (Theorem 2).
Average precision rises by π/(n_P·(r − 1)), r the positive's rank from the top before the swap and π
its precision there, so a higher fix gains more whenever its precision is at least the lower one's
(e.g. precision non-increasing with depth); not for every ranking (:data:`COUNTER_EXAMPLE`).

Section 3.1 (Appendix F), their synthetic study:

* F.1, scores at a target AUROC, as the first author's ``sample_at_AUROC``
  (github.com/mmcdermott/synthetic_models): round(p·n) positive scores uniform on [0, 1]; each negative
  falls in the window above k of them with probability Binomial(k; n_P, 1 − AUROC), uniformly within it.
  Step 5 ("scaled to match the prevalence") is ambiguous: we multiply each group's scores by
  p_g/mean(scores), so each group's mean score is its prevalence (calibration in the large), which puts
  the low-prevalence group lower, as their M1 discussion describes; the union's AUROC is then not exactly
  the target and is reported;
* two groups, prevalences 0.05 and 0.01; M1 adds uniform noise on [−δ, δ] (best of 100, δ on a grid in
  [0, 0.1], n₁ = n₂ = 200: the appendix gives no size); M2 fixes one atomic mistake per step (AUROC: a
  random one; AUPRC: the highest-scored), n₁ = n₂ = 200, 50 steps; M3 moves every sorted score at most 3
  places (best of 15 candidates: the main text's number, the appendix says twenty), n₁ = n₂ = 100,
  25 steps. A candidate of M3 sorts i + u_i, u_i uniform on [0, 4): a random permutation with every
  displacement at most 3, not uniform over all such permutations (the appendix does not say how it samples);
* 20 datasets, mean and empirical 90 % band.

The PU version optimizes AUC^PU (≡ AUL^PU on one set: AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU) or AUPRC^PU
(average precision of the labeled rows) and tracks the true per-group AUROC.

Section 3.2, reduced: adult and COMPAS with sex and race, groups balanced by subsampling, 50/25/25 splits
stratified by group, LightGBM in place of XGBoost with a smaller random search per group weight; per split
the Spearman ρ of the test AUROC gap (higher- minus lower-prevalence group) with validation AUPRC minus
that with validation AUROC.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import binom, spearmanr, t as student_t

from pueval import sampling, seeds
from pueval.metrics import auc
from pueval.related import average_precision
from pueval.validation import ArgumentError

PREVALENCES = (0.05, 0.01)  # their groups G1 (higher) and G2 (lower)
NOISE_GRID = tuple(np.round(np.linspace(0.0, 0.1, 11), 3))
M1_SIZE, M1_CANDIDATES = 200, 100
M2_SIZE, M2_STEPS = 200, 50
M3_SIZE, M3_STEPS, M3_CANDIDATES, M3_REACH = 100, 25, 15, 3
METHODS = ("M1", "M2", "M3")
ARMS = ("auroc", "auprc")
# Top to bottom: 9 negatives, 51 positives, 1 negative, 1 positive, 20 negatives (the example).
COUNTER_EXAMPLE = (0,) * 9 + (1,) * 51 + (0,) + (1,) + (0,) * 20
# Their Table 1 (n after balancing, features, prevalence of the higher and the lower group) and Figure 3 is
# a plot without printed values; lsac and mimic are not available here.
PAPER_TABLE1 = {("adult", "sex"): (20394, 12, 0.301, 0.107), ("adult", "race"): (6248, 12, 0.246, 0.122),
                ("compas", "sex"): (2438, 6, 0.520, 0.394), ("compas", "race"): (4908, 6, 0.554, 0.423)}
# The four settings of Section 3.2: the attribute's two groups, and the rows kept before balancing (their
# Appendix G.1: COMPAS keeps African-American and Caucasian defendants, adult's race White and Black).
SETTINGS = {("adult", "sex"): ("sex", ("Male", "Female"), None),
            ("adult", "race"): ("race", ("White", "Black"), ("race", ("White", "Black"))),
            ("compas", "sex"): ("sex", ("Male", "Female"), ("race", ("African-American", "Caucasian"))),
            ("compas", "race"): ("race", ("African-American", "Caucasian"), ("race", ("African-American", "Caucasian")))}
GROUPS = ("higher", "lower")  # group 0 has the higher prevalence, group 1 the lower


# -- metrics on many score vectors at once ---------------------------------------------------------------------


def auroc_rows(scores: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """AUROC of every row of ``scores`` (k × n, no ties within a row) against 0/1 ``labels`` (n)."""
    labels = np.asarray(labels, bool)
    n_pos, n_neg = labels.sum(), (~labels).sum()
    if n_pos == 0 or n_neg == 0:
        raise ArgumentError("labels", "need both classes")
    ordered = labels[np.argsort(np.atleast_2d(scores), axis=-1)]
    return (np.cumsum(~ordered, axis=-1) * ordered).sum(-1) / (n_pos * n_neg)


def auprc_rows(scores: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Average precision of every row of ``scores`` (k × n, no ties) against 0/1 ``labels``."""
    labels = np.asarray(labels, bool)
    if not labels.any():
        raise ArgumentError("labels", "need a positive")
    ordered = labels[np.argsort(-np.atleast_2d(scores), axis=-1)]
    precision = np.cumsum(ordered, axis=-1) / np.arange(1, labels.size + 1)
    return (precision * ordered).sum(-1) / labels.sum()


METRICS = {"auroc": auroc_rows, "auprc": auprc_rows}


def mistakes(scores: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ascending order of the rows, positions i in it where a positive sits directly below a negative)."""
    order = np.argsort(scores)
    ordered = np.asarray(labels, bool)[order]
    return order, np.flatnonzero(ordered[:-1] & ~ordered[1:])


def fixed(scores: np.ndarray, order: np.ndarray, position: int) -> np.ndarray:
    """The scores with the mistake at ``position`` of ``order`` fixed (the two rows swap scores)."""
    out = scores.copy()
    low, high = order[position], order[position + 1]
    out[low], out[high] = scores[high], scores[low]
    return out


# -- F.1: a dataset at a target AUROC --------------------------------------------------------------------------


def sample_at_auroc(n: int, auroc: float, prevalence: float, rng: np.random.Generator):
    """(scores, labels) of ``n`` rows, round(prevalence·n) positive, at expected AUROC ``auroc`` (F.1)."""
    n_pos = int(round(prevalence * n))
    if not 0 < n_pos < n:
        raise ArgumentError("prevalence", f"{prevalence} gives {n_pos} positives of {n} rows")
    positives = np.sort(rng.random(n_pos))
    window = rng.choice(n_pos + 1, size=n - n_pos, p=binom.pmf(np.arange(n_pos + 1), n_pos, 1.0 - auroc))
    edges = np.r_[0.0, positives, 1.0]
    negatives = edges[window] + rng.random(n - n_pos) * (edges[window + 1] - edges[window])
    return np.r_[positives, negatives], np.r_[np.ones(n_pos, bool), np.zeros(n - n_pos, bool)]


def two_groups(sizes, auroc: float, rng: np.random.Generator, prevalences=PREVALENCES):
    """(scores, labels, group 0/1) of two groups sampled by F.1, each scaled to mean score = its prevalence."""
    parts = []
    for g, (size, p) in enumerate(zip(sizes, prevalences)):
        scores, labels = sample_at_auroc(size, auroc, p, rng)
        parts.append((scores * p / scores.mean(), labels, np.full(size, g)))
    return tuple(np.concatenate(v) for v in zip(*parts))


# -- the optimization procedures -------------------------------------------------------------------------------


def noise_path(scores, labels, metric: str, rng, grid=NOISE_GRID, candidates: int = M1_CANDIDATES) -> np.ndarray:
    """M1: for each δ of ``grid``, the best of ``candidates`` noisy copies S + U[−δ, δ] (rows: δ)."""
    out = []
    for delta in grid:
        noisy = scores + rng.uniform(-delta, delta, (candidates, scores.size))
        out.append(noisy[np.argmax(METRICS[metric](noisy, labels))])
    return np.array(out)


def fix_path(scores, labels, metric: str, rng, steps: int = M2_STEPS, every: int = 1) -> np.ndarray:
    """M2: ``steps`` atomic-mistake fixes, for AUROC a random mistake, for AUPRC the highest-scored (rows: the
    scores after 0, every, 2·every, …, steps fixes; once no mistake is left they stay). A fix swaps two
    neighbours of the ranking, so the order and the mistakes are updated where it happened."""
    labels = np.asarray(labels, bool)
    scores = scores.copy()
    order = np.argsort(scores)
    ordered = labels[order]
    mistake = ordered[:-1] & ~ordered[1:]
    path = [scores.copy()]
    for step in range(1, steps + 1):
        found = np.flatnonzero(mistake)
        if found.size:
            i = found[-1] if metric == "auprc" else rng.choice(found)
            low, high = order[i], order[i + 1]
            scores[low], scores[high] = scores[high], scores[low]
            order[i], order[i + 1] = high, low
            ordered[i], ordered[i + 1] = ordered[i + 1], ordered[i]
            for j in range(max(i - 1, 0), min(i + 2, mistake.size)):
                mistake[j] = ordered[j] & ~ordered[j + 1]
        if step % every == 0:
            path.append(scores.copy())
    return np.array(path)


def permute_path(scores, labels, metric: str, rng, steps: int = M3_STEPS, candidates: int = M3_CANDIDATES,
                 reach: int = M3_REACH) -> np.ndarray:
    """M3: each step, ``candidates`` random re-orderings moving every sorted score at most ``reach`` places;
    the best by ``metric`` becomes the scores (rows: the scores after 0, 1, …, steps steps)."""
    path = [scores]
    n = scores.size
    for _ in range(steps):
        order = np.argsort(path[-1])
        ranked = path[-1][order]
        moves = np.argsort(np.arange(n) + rng.random((candidates, n)) * (reach + 1), axis=-1)
        candidate = np.empty((candidates, n))
        candidate[np.arange(candidates)[:, None], order[moves]] = ranked
        path.append(candidate[np.argmax(METRICS[metric](candidate, labels))])
    return np.array(path)


PATHS = {"M1": noise_path, "M2": fix_path, "M3": permute_path}
SIZES = {"M1": M1_SIZE, "M2": M2_SIZE, "M3": M3_SIZE}


def group_metrics(path: np.ndarray, truth: np.ndarray, group: np.ndarray, names=tuple(METRICS)) -> dict:
    """Per group ("higher", "lower") and metric of ``names``, its value along ``path`` (rows of scores)."""
    out = {}
    for g, label in enumerate(GROUPS):
        rows = group == g
        for name in names:
            out[(label, name)] = METRICS[name](path[:, rows], truth[rows])
    return out


def _long(path_metrics: dict, steps, **keys) -> pd.DataFrame:
    frames = [pd.DataFrame({**keys, "step": steps, "group": g, "metric": name, "value": values})
              for (g, name), values in path_metrics.items()]
    return pd.concat(frames, ignore_index=True)


def synthetic_frame(*, seed: int, auroc: float, datasets: int) -> pd.DataFrame:
    """Every (dataset, method, arm, step, group, metric) of the synthetic study at target AUROC ``auroc``."""
    frames = []
    for d in range(datasets):
        for method in METHODS:
            rng = seeds.rng(seed, "mcdermott", "synthetic", auroc, d, method)
            scores, y, group = two_groups((SIZES[method],) * 2, auroc, rng)
            for arm in ARMS:
                path = PATHS[method](scores, y, arm, seeds.rng(seed, "mcdermott", "path", auroc, d, method, arm))
                steps = NOISE_GRID if method == "M1" else np.arange(path.shape[0])
                frames.append(_long(group_metrics(path, y, group), steps, target_auroc=auroc, dataset=d, method=method,
                                    arm=arm, overall_auroc=float(auroc_rows(scores, y)[0])))
    return pd.concat(frames, ignore_index=True)


# -- the PU version ---------------------------------------------------------------------------------------------


def pu_labels(y: np.ndarray, group: np.ndarray, frequencies, rng) -> np.ndarray:
    """SCAR within each group: round(c_g·P_g) of group g's positives labeled (at least 1), c_g the g-th of
    ``frequencies`` (higher-, then lower-prevalence group)."""
    cell = 2 * np.asarray(group) + np.asarray(y, int)  # group g's positives are cell 2g + 1
    sizes = {2 * g + 1: max(1, int(round(c * np.sum(cell == 2 * g + 1)))) for g, c in enumerate(frequencies)}
    s = np.zeros(cell.size, bool)
    s[sampling.stratified_choice(cell, sizes, rng)] = True
    return s


def pu_frame(*, seed: int, auroc: float, datasets: int, size: int, frequencies: dict, m2_steps: int,
             m3_steps: int, record: int = 50) -> pd.DataFrame:
    """The PU study: optimize AUC^PU (≡ AUL^PU) or AUPRC^PU by M2 (``m2_steps`` fixes, ``record`` + 1 points
    recorded) and M3 (``m3_steps`` steps) with labels from ``frequencies`` (name → label frequency of the
    higher- and the lower-prevalence group), tracking the true AUROC per group and overall."""
    every = max(1, m2_steps // record)
    frames = []
    for d in range(datasets):
        for method in ("M2", "M3"):
            rng = seeds.rng(seed, "mcdermott", "pu", d, method)
            scores, y, group = two_groups((size, size), auroc, rng)
            for name, freq in frequencies.items():
                s = pu_labels(y, group, freq, seeds.rng(seed, "mcdermott", "pu-labels", d, method, name))
                for arm in ARMS:
                    path_rng = seeds.rng(seed, "mcdermott", "pu-path", d, method, name, arm)
                    path = (fix_path(scores, s, arm, path_rng, m2_steps, every) if method == "M2"
                            else permute_path(scores, s, arm, path_rng, m3_steps))
                    steps = np.arange(path.shape[0]) * (every if method == "M2" else 1)
                    tracked = group_metrics(path, y, group, ("auroc",))
                    tracked[("all", "auroc")] = auroc_rows(path, y)
                    frames.append(_long(tracked, steps, dataset=d, method=method, labels=name,
                                        arm=arm, labeled_0=int(s[group == 0].sum()),
                                        labeled_1=int(s[group == 1].sum())))
    return pd.concat(frames, ignore_index=True)


# -- summaries ----------------------------------------------------------------------------------------------------


def band(frame: pd.DataFrame, by) -> pd.DataFrame:
    """Mean and empirical 90 % band (5th and 95th percentiles) of ``value`` over datasets, per ``by``."""
    grouped = frame.groupby(list(by))["value"]
    return pd.DataFrame({"mean": grouped.mean(), "low": grouped.quantile(0.05),
                         "high": grouped.quantile(0.95)}).reset_index()


def theorem2_frame(*, seed: int, auroc: float, datasets: int) -> pd.DataFrame:
    """Their Theorem 2 on Section 3.1's data as M2 meets it (two groups of :data:`M2_SIZE` rows sampled by F.1 at
    ``auroc``, ``datasets`` datasets): per dataset and atomic mistake (``position`` in ascending score order,
    :func:`mistakes`), the gain in AUROC and in AUPRC (average precision) from fixing that mistake alone
    (:func:`fixed`), beside 1/(P·N), the gain the theorem's proof gives AUROC."""
    rows = []
    for d in range(datasets):
        scores, y, _ = two_groups((M2_SIZE,) * 2, auroc, seeds.rng(seed, "mcdermott", "theorem2", auroc, d))
        order, positions = mistakes(scores, y)
        if positions.size == 0:
            continue
        swapped = np.stack([fixed(scores, order, i) for i in positions])
        gains = {name: metric(swapped, y) - metric(scores[None], y)[0] for name, metric in METRICS.items()}
        rows.append(pd.DataFrame({"target_auroc": auroc, "dataset": d, "position": positions,
                                  "auroc_gain": gains["auroc"], "auprc_gain": gains["auprc"],
                                  "auroc_step": 1.0 / (y.sum() * (~y).sum())}))
    return pd.concat(rows, ignore_index=True)


def end_changes(frame: pd.DataFrame, keys=("target_auroc", "method", "arm")) -> pd.DataFrame:
    """Per setting, group and metric: the change from the first to the last step, mean and 90 % band over the
    datasets (the end-of-run numbers their figures show without printing)."""
    keys = [k for k in keys if k in frame.columns]
    index = [*keys, "dataset", "group", "metric"]
    steps = frame.groupby(index)["step"]
    values = frame.set_index(index)["value"]
    start = values[(frame["step"] == steps.transform("min")).to_numpy()]
    end = values[(frame["step"] == steps.transform("max")).to_numpy()]
    change = (end - start).rename("value").reset_index()
    return band(change, [*keys, "group", "metric"])


def direction(changes: pd.DataFrame, keys=("target_auroc", "method")) -> pd.DataFrame:
    """Per setting: the high- minus low-prevalence group's mean AUROC change under each arm, and whether the
    direction is theirs: optimizing AUPRC favours the higher-prevalence group more than optimizing AUROC does."""
    keys = [k for k in keys if k in changes.columns]
    auroc = changes[changes["metric"] == "auroc"].pivot_table(index=[*keys, "arm"], columns="group", values="mean")
    gap = (auroc["higher"] - auroc["lower"]).unstack("arm")
    out = pd.DataFrame({"gap_when_optimizing_auroc": gap["auroc"], "gap_when_optimizing_auprc": gap["auprc"]})
    out["theirs"] = out["gap_when_optimizing_auprc"] > out["gap_when_optimizing_auroc"]
    return out.reset_index()


# -- Section 3.2 ------------------------------------------------------------------------------------------------


def group_masks(features: pd.DataFrame, attribute: str, values) -> list[np.ndarray]:
    """The rows of each value of ``attribute`` from its one-hot columns ``<attribute>_<value>``."""
    masks = []
    for value in values:
        column = f"{attribute}_{value}"
        if column not in features.columns:
            raise ArgumentError("attribute", f"no one-hot column {column!r} (columns: {', '.join(features.columns)})")
        masks.append(features[column].to_numpy() == 1)
    return masks


def balanced_setting(features: pd.DataFrame, y: np.ndarray, setting, rng: np.random.Generator):
    """(features, labels, group 0 = higher prevalence / 1 = lower, prevalences) of one Section 3.2 setting:
    the kept rows, the two groups, the larger subsampled at random to the smaller's size."""
    attribute, values, keep = SETTINGS[setting]
    rows = np.ones(len(y), bool)
    if keep is not None:
        rows = np.logical_or.reduce(group_masks(features, *keep))
    masks = [m & rows for m in group_masks(features, attribute, values)]
    size = min(m.sum() for m in masks)
    chosen = [np.sort(rng.choice(np.flatnonzero(m), size, replace=False)) for m in masks]
    prevalence = [y[c].mean() for c in chosen]
    if prevalence[1] > prevalence[0]:
        chosen, prevalence = chosen[::-1], prevalence[::-1]
    index = np.concatenate(chosen)
    group = np.repeat([0, 1], size)
    return features.iloc[index].reset_index(drop=True), y[index], group, tuple(prevalence)


def split_rows(group: np.ndarray, y: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """0/1/2 = train/validation/test, 50/25/25 within each group × class."""
    part = np.empty(y.size, int)
    for g in np.unique(group):
        for label in (0, 1):
            rows = rng.permutation(np.flatnonzero((group == g) & (y == label)))
            cut = np.round(np.array([0.5, 0.75]) * rows.size).astype(int)
            part[rows[:cut[0]]], part[rows[cut[0]:cut[1]]], part[rows[cut[1]:]] = 0, 1, 2
    return part


def random_hyperparameters(rng: np.random.Generator) -> dict:
    """One draw of the random search (their G.2 grid, with fewer trees)."""
    return {"max_depth": int(rng.integers(1, 10)), "learning_rate": float(rng.uniform(0.01, 0.3)),
            "rounds": int(rng.integers(50, 201)), "min_sum_hessian_in_leaf": float(rng.integers(1, 10)),
            "use_attribute": bool(rng.integers(2))}


def models_frame(features: pd.DataFrame, y, group, setting: tuple[str, str], *, seed, weights, runs: int, splits: int):
    """Per split and model of one (dataset, attribute) ``setting``: validation AUROC and AUPRC, test AUROC per
    group and the gap (higher − lower); splits, hyperparameters and fits seeded by the setting and their index.
    A tree ensemble's scores tie (rows that fall in the same leaves), so the metrics here count ties as
    scikit-learn's ``roc_auc_score`` and ``average_precision_score`` do (a tie group is one threshold), not
    in the order a sort happens to leave them: :func:`auroc_rows` and :func:`auprc_rows` assume no ties."""
    import lightgbm as lgb

    from pueval.model import PREDICT_THREADS

    attribute_columns = [c for c in features.columns if c.startswith(f"{setting[1]}_")]
    inputs = {True: features.to_numpy(np.float64), False: features.drop(columns=attribute_columns).to_numpy(np.float64)}
    rows = []
    for split in range(splits):
        rng = seeds.rng(seed, "mcdermott", *setting, "split", split)
        part = split_rows(group, y, rng)
        for weight in weights:
            for run in range(runs):
                hp = random_hyperparameters(rng)
                x = inputs[hp["use_attribute"]]
                train = part == 0
                params = {"objective": "binary", "max_depth": hp["max_depth"], "num_leaves": 2 ** hp["max_depth"],
                          "learning_rate": hp["learning_rate"], "min_sum_hessian_in_leaf": hp["min_sum_hessian_in_leaf"],
                          "deterministic": True, "force_row_wise": True, "num_threads": 1, "verbosity": -1,
                          "seed": seeds.int_seed(seed, "mcdermott", *setting, "model", split, weight, run)}
                booster = lgb.train(params, lgb.Dataset(x[train], y[train], weight=np.where(group[train] == 0,
                                                                                          float(weight), 1.0)),
                                    num_boost_round=hp["rounds"], keep_training_booster=True)
                scores = booster.predict(x, num_threads=PREDICT_THREADS)
                val, test = part == 1, part == 2
                per_group = [auc(y[test & (group == g)], scores[test & (group == g)]) for g in (0, 1)]
                rows.append({"split": split, "weight": weight, "run": run, **hp,
                             "val_auroc": auc(y[val], scores[val]),
                             "val_auprc": average_precision(y[val], scores[val]),
                             "test_auroc_higher": per_group[0], "test_auroc_lower": per_group[1],
                             "test_auroc_gap": per_group[0] - per_group[1]})
    return pd.DataFrame(rows)


HELD_OUT_RATIO = 1.0
"""n_held-out / n_train of the 50/25/25 splits (validation and test against training): Nadeau & Bengio's
correction of the splits' variance."""


def spearman_difference(models: pd.DataFrame, level: float = 0.95) -> dict:
    """Their Figure 3 quantity: per split ρ(test AUROC gap, validation AUPRC) − ρ(gap, validation AUROC); the
    mean over splits with its ``level`` t-interval. The splits re-partition one balanced subsample, so their
    training sets overlap and the naive t-interval (``low_naive``, ``high_naive``) is too narrow; ``low`` and
    ``high`` are Nadeau & Bengio's corrected interval, variance (1/r + n_held-out/n_train)·s² with r − 1
    degrees of freedom (:data:`HELD_OUT_RATIO`)."""
    per_split = []
    for _, m in models.groupby("split"):
        with_auprc = spearmanr(m["test_auroc_gap"], m["val_auprc"]).statistic
        with_auroc = spearmanr(m["test_auroc_gap"], m["val_auroc"]).statistic
        per_split.append(with_auprc - with_auroc)
    values = np.array(per_split)
    quantile = student_t.ppf(0.5 + level / 2, values.size - 1)
    naive = quantile * values.std(ddof=1) / np.sqrt(values.size)
    corrected = quantile * np.sqrt((1 / values.size + HELD_OUT_RATIO) * values.var(ddof=1))
    mean = values.mean()
    return {"difference": mean, "low": mean - corrected, "high": mean + corrected, "low_naive": mean - naive,
            "high_naive": mean + naive, "splits": values.size, "interval": "Nadeau-Bengio corrected t"}

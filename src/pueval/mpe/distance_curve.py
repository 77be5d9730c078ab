"""DistCurve: class-prior estimation from distance curves (Zeiberg, Jain, Radivojac 2020).

1. A univariate transform: out-of-fold LightGBM scores of labeled (component) versus unlabeled
   (mixture) rows (:func:`univariate_transform`).
2. The distance curve (:func:`distance_curve`): repeatedly pick a random component point, remove
   the nearest remaining mixture point and record their distance, until the mixture is used up.
   Mixture points that look like the component go first, at small distances; once they are gone
   the distances jump, and where that happens tells θ. As the authors' code does, the curves of
   ``repetitions`` runs (10) are averaged, the averaged curve is read out as its percentiles
   0, 1, …, 99 (sorted; the maximum is left out) and L1-normalized to sum 1.
3. A regressor from curve to θ, trained on synthetic mixtures drawn the authors' way
   (:func:`synthetic_mixture`: Beta components with random shapes, θ ~ U(0.01, 1)), balanced as
   theirs over 100 bins of how far apart the two Betas are (:func:`separation`,
   :func:`balanced_pairs`), and stored as a LightGBM text model (:func:`training_set`,
   :func:`train_regressor`).

The package ships one regressor, :func:`default_regressor`: the one a default pipeline run trains
(:data:`DEFAULT_TRAINING`, seed :data:`DEFAULT_SEED`), written by ``python -m pueval.mpe.distance_curve``
(about a minute) as gzipped LightGBM text. Shipped rather than built on first use: DistCurve then
works at once, offline, identically on every machine, and the library writes no cache.
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
from scipy.stats import beta as beta_dist

from pueval import seeds
from pueval.extras import require
from pueval.model import PREDICT_THREADS
from pueval.mpe import THETA_MAX
from pueval.mpe import shipped_regressor as shipped
from pueval.seeds import PriorSeeds
from pueval.validation import check_mixture_component

__all__ = ["distcurve", "distance_curve", "univariate_transform", "theta_from_transform", "load_regressor",
           "default_regressor", "train_regressor", "save_regressor", "training_set", "fit_model"]

lgb = require("lightgbm", "DistCurve")
njit = require("numba", "DistCurve").njit

log = logging.getLogger(__name__)

N_POINTS = 100


@njit(cache=True)
def _find(parent, k):  # pragma: no cover - compiled
    """The alive index reached from k by following ``parent`` (with path compression)."""
    root = k
    while parent[root] != root:
        root = parent[root]
    while parent[k] != root:
        parent[k], k = root, parent[k]
    return root


@njit(cache=True)
def _removal_distances(mixture_sorted, order, run_start, queries, positions):  # pragma: no cover - compiled
    """Distance from each query to the nearest alive mixture point, which is then removed; of equally
    near points, the first in the mixture's order (the authors' ``argmin`` over the remaining points).

    ``mixture_sorted`` is the mixture sorted stably, ``order[k]`` the mixture position of its k-th
    value and ``run_start[k]`` the first sorted index holding the same value; ``positions[t]`` =
    number of mixture values < queries[t]. Alive neighbours are found with two union-find arrays
    over indices 0..N+1 (0 and N+1 are sentinels that never die). Of the alive copies of one value
    the first in the mixture's order is the leftmost (the sort is stable).
    """
    n = mixture_sorted.size
    left = np.arange(n + 2)  # left[k]: nearest alive index ≤ k (index k ↔ mixture_sorted[k − 1])
    right = np.arange(n + 2)  # right[k]: nearest alive index ≥ k
    out = np.empty(queries.size)
    for t in range(queries.size):
        q = queries[t]
        lo = _find(left, positions[t])  # alive index with value < q (or sentinel 0)
        hi = _find(right, positions[t] + 1)  # the first alive index with value ≥ q (or sentinel n + 1)
        if lo > 0:
            lo = _find(right, run_start[lo - 1] + 1)  # the first alive copy of that value
        d_lo = q - mixture_sorted[lo - 1] if lo > 0 else np.inf
        d_hi = mixture_sorted[hi - 1] - q if hi <= n else np.inf
        if d_lo < d_hi or (d_lo == d_hi and order[lo - 1] < order[hi - 1]):
            k = lo
        else:
            k = hi
        out[t] = min(d_lo, d_hi)
        left[k] = k - 1
        right[k] = k + 1
    return out


def distance_curve(mixture, component, *, rng: np.random.Generator, repetitions: int = 10) -> np.ndarray:
    """The distance curve as the authors read it: the removal distances averaged over
    ``repetitions`` runs, their percentiles 0, 1, …, 99 (linear interpolation; the maximum is left
    out), divided by their sum.

    Parameters
    ----------
    mixture : array of shape (N,)
        The mixture rows' univariate scores.
    component : array of shape (M,)
        The component rows' scores.
    rng : numpy Generator
        Draws the component points.
    repetitions : int, default 10
        Runs averaged.

    Returns
    -------
    numpy array of shape (100,)
        The normalized curve.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> distance_curve(rng.normal(size=50), rng.normal(1, 1, size=20), rng=rng, repetitions=2).shape
    (100,)
    """
    mixture = np.asarray(mixture, dtype=np.float64)
    order = np.argsort(mixture, kind="stable")
    mixture_sorted = mixture[order]
    component = np.asarray(component, dtype=np.float64)
    if mixture_sorted.size < 2 or component.size < 1:
        raise ValueError("a distance curve needs at least 2 mixture and 1 component points")
    if not (np.isfinite(mixture_sorted).all() and np.isfinite(component).all()):
        raise ValueError("a distance curve needs finite mixture and component values")
    if repetitions < 1:
        raise ValueError(f"repetitions must be at least 1, got {repetitions}")
    first_of_value = np.r_[True, mixture_sorted[1:] != mixture_sorted[:-1]]
    run_start = np.maximum.accumulate(np.where(first_of_value, np.arange(mixture_sorted.size), 0))
    curve = np.zeros(mixture_sorted.size)
    for _ in range(repetitions):
        queries = component[rng.integers(0, component.size, mixture_sorted.size)]
        positions = np.searchsorted(mixture_sorted, queries, side="left")
        curve += _removal_distances(mixture_sorted, order, run_start, queries, positions)
    percentiles = np.percentile(curve / repetitions, np.arange(N_POINTS))
    if not percentiles.sum() > 0:
        raise ValueError("every removal distance is 0 (mixture and component values coincide)")
    return percentiles / percentiles.sum()


SEPARATION_BINS = 100  # the training set is balanced over this many bins of Beta separation
PER_PARAMETER_SET = 10  # mixtures drawn from each accepted pair of Betas
_GRID = np.linspace(0.0, 1.0, 2049)  # bin edges for the total variation of two Betas


def beta_pair(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """(a₀, b₀, a₁, b₁) drawn as the authors do: negative Beta(a₀, b₀) with a₀ ~ U(2, 100) and
    b₀ = a₀·U(1, 10); positive Beta(a₀(1 + B), b₀(1 + B′)) with B, B′ ~ Beta(0.5, 0.5)."""
    a0 = rng.uniform(2.0, 100.0)
    b0 = a0 * rng.uniform(1.0, 10.0)
    stretch = rng.beta(0.5, 0.5, 2)
    return a0, b0, a0 * (1.0 + stretch[0]), b0 * (1.0 + stretch[1])


def separation(a0: float, b0: float, a1: float, b1: float) -> float:
    """How far apart Beta(a₀, b₀) and Beta(a₁, b₁) are: Yang et al. (2019) Eq. 7 with p = 1,

        (∫(f₀ − f₁)⁺ + ∫(f₁ − f₀)⁺) / ∫max(f₀, f₁) = 2·TV / (1 + TV),

    in [0, 1], with TV the total variation distance. The authors' code estimates it by Monte Carlo
    on 1,000 draws of each Beta; we compute TV from the two CDFs on 2,048 bins of [0, 1] (exact
    up to the sign changes inside a bin).
    """
    tv = 0.5 * np.abs(np.diff(beta_dist.cdf(_GRID, a0, b0)) - np.diff(beta_dist.cdf(_GRID, a1, b1))).sum()
    return float(2.0 * tv / (1.0 + tv))


def balanced_pairs(n_mixtures: int, rng: np.random.Generator) -> list[tuple[float, float, float, float]]:
    """Beta pairs for ``n_mixtures`` mixtures, ``PER_PARAMETER_SET`` each, balanced as the authors do:
    a pair drawn by :func:`beta_pair` is kept only while its bin of :func:`separation` (one of
    ``SEPARATION_BINS`` on [0, 1]) holds fewer than n_mixtures/``SEPARATION_BINS`` mixtures."""
    capacity = n_mixtures / SEPARATION_BINS
    counts = np.zeros(SEPARATION_BINS, dtype=int)
    pairs = []
    for _ in range(1000 * SEPARATION_BINS):
        if len(pairs) * PER_PARAMETER_SET >= n_mixtures:
            return pairs
        pair = beta_pair(rng)
        k = min(int(separation(*pair) * SEPARATION_BINS), SEPARATION_BINS - 1)
        if counts[k] < capacity:
            counts[k] += PER_PARAMETER_SET
            pairs.append(pair)
    raise RuntimeError(f"balancing {n_mixtures} mixtures over {SEPARATION_BINS} separation bins took more than "
                       f"{1000 * SEPARATION_BINS} Beta pairs; bins filled: {counts.tolist()}")


def synthetic_mixture(rng: np.random.Generator, pair=None):
    """(mixture, component, θ) drawn as the authors' training data.

    The Betas are ``pair`` (a₀, b₀, a₁, b₁), else drawn by :func:`beta_pair`; the positive one is
    the component. Mixture size U{1,000…10,000}, component size U{100…5,000}, θ ~ U(0.01, 1);
    θ returned is the realized positive share.
    """
    a0, b0, a1, b1 = beta_pair(rng) if pair is None else pair
    n_mixture = int(rng.integers(1000, 10_001))
    n_component = int(rng.integers(100, 5001))
    n_pos = rng.binomial(n_mixture, rng.uniform(0.01, 1.0))
    mixture = np.r_[rng.beta(a1, b1, n_pos), rng.beta(a0, b0, n_mixture - n_pos)]
    component = rng.beta(a1, b1, n_component)
    return mixture, component, n_pos / n_mixture


def training_set(n_mixtures: int, *, seed: int, repetitions: int, stream: str = "distcurve-train"):
    """(curves n_mixtures × 100, true θ) on mixtures balanced over Beta separation
    (:func:`balanced_pairs`, drawn from (seed, ``stream``, "pairs")); mixture i is drawn from
    (seed, ``stream``, i) with pair i // ``PER_PARAMETER_SET``.

    Parameters
    ----------
    n_mixtures : int
        Synthetic mixtures.
    seed : int
        The root seed.
    repetitions : int
        Runs of each curve averaged.
    stream : str, default "distcurve-train"
        Names the seeds' stream.

    Returns
    -------
    (numpy array, numpy array)
        Curves of shape (n_mixtures, 100) and their true θ.

    Examples
    --------
    >>> curves, thetas = training_set(3, seed=0, repetitions=1)
    >>> curves.shape, thetas.shape
    ((3, 100), (3,))
    """
    pairs = balanced_pairs(n_mixtures, seeds.rng(seed, stream, "pairs"))
    curves = np.empty((n_mixtures, N_POINTS))
    thetas = np.empty(n_mixtures)
    for i in range(n_mixtures):
        rng = seeds.rng(seed, stream, i)
        mixture, component, thetas[i] = synthetic_mixture(rng, pairs[i // PER_PARAMETER_SET])
        curves[i] = distance_curve(mixture, component, rng=rng, repetitions=repetitions)
    return curves, thetas


def train_regressor(curves, thetas, *, seed: int, rounds: int = 400, num_leaves: int = 31,
                    learning_rate: float = 0.05) -> lgb.Booster:
    """DistCurve's regressor: LightGBM regression of θ on the distance curves (deterministic, one thread), as the
    authors train theirs on synthetic mixtures.

    Parameters
    ----------
    curves : array of shape (m, 100)
        Distance curves of synthetic mixtures (:func:`training_set`).
    thetas : array of shape (m,)
        Their true θ.
    seed : int
        Seeds LightGBM.
    rounds, num_leaves, learning_rate
        LightGBM's settings.

    Returns
    -------
    lightgbm.Booster
        The regressor.

    Examples
    --------
    >>> curves, thetas = training_set(20, seed=0, repetitions=1)
    >>> train_regressor(curves, thetas, seed=0, rounds=3).num_trees() <= 3
    True
    """
    params = {"objective": "regression", "num_leaves": num_leaves, "learning_rate": learning_rate,
              "deterministic": True, "force_row_wise": True, "num_threads": 1, "seed": seed, "verbosity": -1}
    return lgb.train(params, lgb.Dataset(curves, thetas), num_boost_round=rounds)


def save_regressor(booster: lgb.Booster, path) -> None:
    """As LightGBM's text model format (no pickle).

    Parameters
    ----------
    booster : lightgbm.Booster
        The regressor.
    path : str or Path
        Where to write it (its folder is made if missing).

    Returns
    -------
    None
        The file is written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "model.txt"
    >>> save_regressor(default_regressor(), path)
    >>> load_regressor(path).num_trees()
    400
    """
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    booster.save_model(str(path))


def load_regressor(path) -> lgb.Booster:
    """DistCurve's regressor from a LightGBM text file, plain or gzipped (as the shipped one); a file that is
    not one is a ValueError naming it (checked by its first line, ``tree``, before LightGBM reads it and
    prints its own error).

    Parameters
    ----------
    path : str or Path
        A LightGBM text file, plain or gzipped.

    Returns
    -------
    lightgbm.Booster
        The regressor.

    Examples
    --------
    >>> from pueval.mpe import shipped_regressor
    >>> load_regressor(shipped_regressor.PATH).num_trees()
    400
    """
    import gzip

    try:
        with open(path, "rb") as model:
            zipped = model.read(2) == b"\x1f\x8b"
        with (gzip.open if zipped else open)(path, "rb") as model:
            first = model.readline().strip()
            text = model.read() if zipped else None
    except (OSError, EOFError) as error:
        raise ValueError(f"{path}: cannot read the DistCurve model ({getattr(error, 'strerror', None) or error})") \
            from None
    if first != b"tree":
        raise ValueError(f"{path} is not a LightGBM model file (its first line is not 'tree')")
    try:
        if zipped:
            return lgb.Booster(model_str=(first + b"\n" + text).decode())
        return lgb.Booster(model_file=str(path))
    except lgb.basic.LightGBMError as error:
        raise ValueError(f"{path} is not a LightGBM model file ({str(error).strip()})") from None


DEFAULT_SEED = shipped.SEED
DEFAULT_REPETITIONS = shipped.REPETITIONS
DEFAULT_TRAINING = shipped.TRAINING
DEFAULT_REGRESSOR = shipped.PATH


def default_regressor() -> lgb.Booster:
    """The regressor shipped with pueval (module docstring): what ``fit_model(seed=DEFAULT_SEED,
    repetitions=DEFAULT_REPETITIONS, **DEFAULT_TRAINING)`` trains.

    Returns
    -------
    lightgbm.Booster
        The shipped regressor (loaded once).

    Examples
    --------
    >>> default_regressor().num_trees()
    400
    """
    return load_regressor(DEFAULT_REGRESSOR)


def write_default_regressor(path=DEFAULT_REGRESSOR) -> float:
    """Train the default regressor and write it, gzipped (no timestamp, so the same bytes every time);
    returns its hold-out MAE."""
    import gzip

    model, mae = fit_model(seed=DEFAULT_SEED, repetitions=DEFAULT_REPETITIONS, **DEFAULT_TRAINING)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(gzip.compress(model.model_to_string().encode(), mtime=0))
    return mae


def univariate_transform(X, is_component, *, seed: int, folds: int = 5, rounds: int = 50,
                         num_leaves: int = 15, learning_rate: float = 0.1, groups=None) -> np.ndarray:
    """Out-of-fold LightGBM scores of labeled (component) vs unlabeled (mixture) for every row; rows of one of
    ``groups`` (the copies of a row in a bootstrap resample) are held out together.

    Parameters
    ----------
    X : array of shape (n, d)
        Features of every row.
    is_component : array of shape (n,) of bool
        True on the labeled rows.
    seed : int
        Seeds the folds and LightGBM.
    folds, rounds, num_leaves, learning_rate
        The cross-fitted LightGBM's settings.
    groups : array of shape (n,), optional
        Rows of one group are held out together.

    Returns
    -------
    numpy array of shape (n,)
        Raw out-of-fold scores.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 2))
    >>> univariate_transform(X, np.arange(200) < 50, seed=0, rounds=5).shape
    (200,)
    """
    from pueval.model import Capacity, out_of_fold_scores

    capacity = Capacity(rounds=rounds, num_leaves=num_leaves, learning_rate=learning_rate)
    return out_of_fold_scores(X, np.asarray(is_component, dtype=int), capacity, folds=folds, seed=seed,
                              groups=groups)


def theta_from_transform(scores, is_component, model: lgb.Booster, *, rng, repetitions: int = 10) -> float:
    """θ̂ from univariate scores of every row (a held-out transform): the regressor's read-out of the
    distance curve of the mixture rows' scores against the component rows', clipped to [0, THETA_MAX = 0.999].
    ``rng`` draws the curve's component points.

    Parameters
    ----------
    scores : array of shape (n,)
        Held-out univariate scores of every row.
    is_component : array of shape (n,) of bool
        True on the labeled rows.
    model : lightgbm.Booster
        The regressor.
    rng : numpy Generator
        Draws the curve's component points.
    repetitions : int, default 10
        Runs of the curve averaged.

    Returns
    -------
    float
        θ̂, in [0, 0.999].

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> labeled = np.arange(400) < 100
    >>> scores = np.where(labeled, 1.0, 0.0) + rng.normal(size=400)
    >>> 0 <= theta_from_transform(scores, labeled, default_regressor(), rng=rng) <= 0.999
    True
    """
    is_component = np.asarray(is_component, dtype=bool)
    curve = distance_curve(scores[~is_component], scores[is_component], rng=rng, repetitions=repetitions)
    return float(np.clip(model.predict(curve[None, :], num_threads=PREDICT_THREADS)[0], 0.0, THETA_MAX))


def estimate_split(X, is_component, model: lgb.Booster, *, transform_seed: int, rng, repetitions: int = 10,
                   transform=None) -> tuple[float, np.ndarray]:
    """(θ̂, transform scores) for rows of X split by ``is_component``: :func:`univariate_transform`, then
    :func:`theta_from_transform`. ``transform`` holds the options of :func:`univariate_transform` (folds,
    rounds, num_leaves, learning_rate); ``rng`` draws the curve's component points.
    """
    is_component = np.asarray(is_component, dtype=bool)
    scores = univariate_transform(X, is_component, seed=transform_seed, **(transform or {}))
    return theta_from_transform(scores, is_component, model, rng=rng, repetitions=repetitions), scores


def distcurve(X_mixture, X_component, *, seed=0, model, repetitions: int = 10, transform=None) -> float:
    """θ̂ for a mixture sample and a component sample (rows = examples, any dimension).

    ``model`` is a trained regressor (or the path of one); ``transform`` holds the options of
    :func:`univariate_transform` (folds, rounds, num_leaves, learning_rate).
    

    Parameters
    ----------
    X_mixture : array of shape (N, d)
        The mixture sample (the unlabeled rows).
    X_component : array of shape (M, d)
        The component sample (the labeled rows).
    seed : int, default 0
        Seeds the transform and the curve.
    model : lightgbm.Booster or path
        The regressor (:func:`default_regressor` is the shipped one).
    repetitions : int, default 10
        Runs of the curve averaged.
    transform : dict, optional
        Options of :func:`univariate_transform`.

    Returns
    -------
    float
        θ̂, in [0, 0.999].

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y * 3.0 + rng.normal(size=600), rng.normal(size=600)]
    >>> labeled = np.arange(600) < 150  # theta = 150/450
    >>> round(distcurve(X[~labeled], X[labeled], model=default_regressor()), 2)
    0.23
    """
    X_mixture, X_component = check_mixture_component(X_mixture, X_component)
    if len(X_mixture) < 2:
        raise ValueError(f"X_mixture: DistCurve needs at least 2 mixture rows, got {len(X_mixture)}")
    if not isinstance(model, lgb.Booster):
        model = load_regressor(model)
    X = np.vstack([X_mixture, X_component])
    is_component = np.r_[np.zeros(len(X_mixture), bool), np.ones(len(X_component), bool)]
    seeded = PriorSeeds.of(seed)  # the seeds every θ̂ by name derives from one integer
    theta, _ = estimate_split(X, is_component, model, transform_seed=seeded.transform, rng=seeded.curve,
                              repetitions=repetitions, transform=transform)
    return theta


def fit_model(n_mixtures: int, *, seed: int, repetitions: int, **options) -> tuple[lgb.Booster, float]:
    """(regressor trained on ``n_mixtures`` synthetic curves, its MAE on max(50, n_mixtures/10) fresh ones).

    ``options`` go to :func:`train_regressor` (rounds, num_leaves, learning_rate).
    

    Parameters
    ----------
    n_mixtures : int
        Synthetic mixtures to train on.
    seed : int
        The root seed.
    repetitions : int
        Runs of each curve averaged.
    **options
        Of :func:`train_regressor`.

    Returns
    -------
    (lightgbm.Booster, float)
        The regressor and its MAE on fresh mixtures.

    Examples
    --------
    >>> model, mae = fit_model(40, seed=0, repetitions=1, rounds=5)
    >>> 0 < mae < 1
    True
    """
    curves, thetas = training_set(n_mixtures, seed=seed, repetitions=repetitions)
    log.info("%d synthetic mixtures, theta in [%.2f, %.2f]", n_mixtures, thetas.min(), thetas.max())
    model = train_regressor(curves, thetas, seed=seed, **options)
    n_holdout = max(50, n_mixtures // 10)
    curves, thetas = training_set(n_holdout, seed=seed, repetitions=repetitions, stream="distcurve-holdout")
    mae = float(np.abs(model.predict(curves) - thetas).mean())
    log.info("hold-out MAE on %d fresh synthetic mixtures: %.4f", n_holdout, mae)
    return model, mae



if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    print(f"wrote {DEFAULT_REGRESSOR} (hold-out MAE {write_default_regressor():.4f})")

"""Class priors by method name: one entry point for KM1, KM2, DistCurve, EN, BBE and TIcE.

:class:`PriorEstimator` turns method names and their options into θ̂, the positive fraction of the
unlabeled rows, for rows X split into labeled and unlabeled. What methods share is computed once
per call: DistCurve (:mod:`pueval.mpe.distance_curve`), EN (:mod:`pueval.mpe.elkan_noto`, on the
transform's probabilities) and BBE (:mod:`pueval.mpe.best_bin`) read one cross-fitted
labeled-vs-unlabeled LightGBM transform (:func:`pueval.mpe.distance_curve.univariate_transform`:
every row scored by a model that did not see it); KM1 and KM2 (:mod:`pueval.mpe.kernel_embedding`)
share one set of Gram matrices; TIcE (:mod:`pueval.mpe.tice`) reads the features.

The random inputs come in as values (:class:`~pueval.seeds.PriorSeeds`), so every caller keeps its own seed
identities. The estimators' modules are imported on first use: a KM run does not load LightGBM.

:func:`estimate_prior` is the library's entry point for one method: labels of any two values, a seed
or a Generator, each method's options by name, and a warning when θ̂ sits at a bound of its estimator.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import numbers
import os
import sys
import time
import warnings
from dataclasses import InitVar, dataclass, field
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from pueval import seeds as seeding
from pueval.extras import require
from pueval.mpe import PUBLIC_METHODS, THETA_MAX, Method
from pueval.seeds import PriorSeeds
from pueval.validation import (ArgumentError, PosLabel, check_integer, check_labels, check_level, check_matrix,
                               check_seed)

__all__ = ["estimate_prior", "estimate_priors", "priors_agree", "priors_disagreement", "PriorEstimate", "PriorOptions",
           "PriorAtBoundWarning", "PriorsDisagreeWarning", "SubsampleWarning", "theta_bounds", "INTERVALS"]

TRANSFORM_BASED = ("distcurve", "en", "bbe")
KERNEL_EMBEDDING = ("km1", "km2")


METHOD_PACKAGES = {"km1": ("numba",), "km2": ("numba",), "distcurve": ("numba", "lightgbm", "sklearn"),
                   "en": ("numba", "lightgbm", "sklearn"), "bbe": ("numba", "lightgbm", "sklearn"), "tice": ("numba",)}
"""The optional packages each method needs (EN and BBE read DistCurve's cross-fitted LightGBM transform)."""
NAMES = {"km1": "KM1", "km2": "KM2", "distcurve": "DistCurve", "en": "EN", "bbe": "BBE", "tice": "TIcE"}


# options --------------------------------------------------------------------------------------------


TRANSFORM_OPTIONS = ("folds", "rounds", "num_leaves", "learning_rate")
"""The keys of ``transform`` (:func:`pueval.mpe.distance_curve.univariate_transform`)."""
BBE_OPTIONS = ("delta", "gamma")
"""The keys of ``bbe`` (:func:`pueval.mpe.best_bin.bbe_estimate`)."""
TICE_OPTIONS = ("folds", "delta", "k", "max_splits", "min_rows", "iterations", "estimate_rows")
"""The keys of ``tice`` (:func:`pueval.mpe.tice.tice_c`)."""
KM_MIN_ROWS = 1000
"""KM's ``max_rows="auto"`` never subsamples below this many rows (fewer labeled rows would make θ̂ noise)."""

FIELDS = {"km1": {"standardize": "km_standardize", "max_rows": "km_max_rows"},
          "km2": {"standardize": "km_standardize", "max_rows": "km_max_rows"},
          "distcurve": {"model": "distcurve_model", "repetitions": "repetitions", "transform": "transform"},
          "en": {"transform": "transform"},
          "bbe": {**dict.fromkeys(BBE_OPTIONS, "bbe"), "transform": "transform"},
          "tice": dict.fromkeys(TICE_OPTIONS, "tice")}
"""Each method's options as :func:`estimate_prior` takes them (its keywords) → the field of :class:`PriorOptions`
that holds it (``bbe`` and ``tice`` hold theirs under the same names): the one translation between the two."""
OPTIONS = {method: tuple(fields) for method, fields in FIELDS.items()}
"""The options each method of :func:`estimate_prior` takes."""


def _real(name: str, value, low: float, high: float, *, closed_low: bool = False, closed_high: bool = False) -> None:
    """A real number (not a bool) in the interval (low, high), each end closed where said."""
    inside = isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) and math.isfinite(value) \
        and (value >= low if closed_low else value > low) and (value <= high if closed_high else value < high)
    if not inside:
        interval = f"{'[' if closed_low else '('}{low:g}, {high:g}{']' if closed_high else ')'}"
        raise ArgumentError(name, f"must be a number in {interval}, got {value!r}")


def _integer(name: str, value, least: int) -> None:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < least:
        raise ArgumentError(name, f"must be an integer ≥ {least}, got {value!r}")


def _keys(name: str, given, allowed: tuple[str, ...]) -> dict:
    """``given`` (None: none) as a dict whose keys are among ``allowed``."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise ArgumentError(name, f"must be a dict of {', '.join(allowed)}, got {type(given).__name__} {given!r:.60}")
    unknown = sorted(set(given) - set(allowed), key=str)
    if unknown:
        raise ArgumentError(name, f"takes {', '.join(allowed)}; got {unknown}")
    return given


@dataclass(frozen=True, repr=False)
class PriorOptions:
    """Every prior estimator's options as one value, checked once, when made (by type and range, the ranges those
    the methods' code accepts; a message names the option as it was given: ``transform folds``, ``tice k``):
    what the pipeline's ``mpe`` settings say, what :class:`PriorEstimator`, :func:`estimate_priors` and
    :func:`pueval.evaluate` take, and what :func:`estimate_prior`'s keywords of one method become
    (:meth:`of_method`).

    Parameters
    ----------
    km_standardize : bool
        KM1/KM2 on standardized features (our deviation, never the default).
    km_max_rows : int, "auto" or None
        :func:`estimate_prior` runs KM on a stratified subsample of this many rows above it (``"auto"``: the most
        whose Gram matrices fit, at least :data:`KM_MIN_ROWS`; None: refuse instead). :class:`PriorEstimator`
        runs KM on the rows it is given.
    distcurve_model : lightgbm.Booster or path, optional
        DistCurve's trained regressor; None: the one shipped with pueval.
    repetitions : int
        DistCurve's curves averaged per estimate.
    transform : dict, optional
        The cross-fitted transform of DistCurve, EN and BBE (:data:`TRANSFORM_OPTIONS`).
    bbe : dict, optional
        BBE's options (:data:`BBE_OPTIONS`).
    tice : dict, optional
        TIcE's options (:data:`TICE_OPTIONS`).

    Examples
    --------
    >>> options = PriorOptions(tice={"k": 5})
    >>> options, options.estimator(["km1", "tice"]).methods
    (PriorOptions(tice={'k': 5}), ('km1', 'tice'))
    >>> as_keywords = PriorOptions.of_method("km2", {"standardize": True})
    >>> as_keywords == PriorOptions(km_standardize=True)
    True
    """

    km_standardize: bool = False
    km_max_rows: int | Literal["auto"] | None = "auto"
    distcurve_model: object = None
    repetitions: int = 10
    transform: dict | None = None
    bbe: dict | None = None
    tice: dict | None = None
    _method: InitVar[str | None] = None  # set by of_method: messages then name that method's keyword

    def __post_init__(self, _method: str | None) -> None:
        # The one check of every option: an ArgumentError naming the option as it was given, or, for the keywords
        # of one method of estimate_prior (of_method), as that method's keyword: "km2 standardize".
        def named(field: str, keyword: str) -> str:
            return f"{_method} {keyword}" if _method else field

        if not isinstance(self.km_standardize, (bool, np.bool_)):
            raise ArgumentError(named("km_standardize", "standardize"),
                                f"must be True or False, got {self.km_standardize!r}")
        if not (self.km_max_rows is None or isinstance(self.km_max_rows, str) and self.km_max_rows == "auto"):
            _integer(named("km_max_rows", "max_rows"), self.km_max_rows, 100)
        _integer(named("repetitions", "repetitions"), self.repetitions, 1)
        model = self.distcurve_model
        if model is not None and not isinstance(model, (str, os.PathLike)) \
                and not isinstance(model, require("lightgbm", "DistCurve").Booster):
            raise ArgumentError(named("distcurve_model", "model"), f"must be a lightgbm.Booster or the path of a "
                                                                   f"LightGBM text file, got {type(model).__name__}")
        transform = _keys(named("transform", "transform"), self.transform, TRANSFORM_OPTIONS)
        for name, least in (("folds", 2), ("rounds", 1), ("num_leaves", 2)):
            if name in transform:
                _integer(f"{named('transform', 'transform')} {name}", transform[name], least)
        if "learning_rate" in transform:
            _real(f"{named('transform', 'transform')} learning_rate", transform["learning_rate"], 0.0, np.inf)
        bbe = _keys("bbe", self.bbe, BBE_OPTIONS)
        if "delta" in bbe:
            _real("bbe delta", bbe["delta"], 0.0, 1.0)
        if "gamma" in bbe:
            _real("bbe gamma", bbe["gamma"], 0.0, np.inf, closed_low=True)
        tice = _keys("tice", self.tice, TICE_OPTIONS)
        for name, least in (("folds", 2), ("max_splits", 1), ("min_rows", 1), ("iterations", 1)):
            if name in tice:
                _integer(f"tice {name}", tice[name], least)
        if tice.get("delta") is not None:
            _real("tice delta", tice["delta"], 0.0, 1.0)
        if "k" in tice:
            _real("tice k", tice["k"], 0.0, np.inf)
        if "estimate_rows" in tice:
            from pueval.mpe.tice import ESTIMATE_ROWS

            if tice["estimate_rows"] not in ESTIMATE_ROWS:
                raise ArgumentError("tice estimate_rows", f"must be one of {ESTIMATE_ROWS}, got "
                                                          f"{tice['estimate_rows']!r}")

    @classmethod
    def of_method(cls, method: str, options: dict) -> PriorOptions:
        """The options :func:`estimate_prior` takes as keywords of ``method`` (:data:`OPTIONS`) as one value, the
        messages naming the method (``km2 standardize``); an option ``method`` does not take is refused."""
        check_method(method)
        unknown = sorted(set(options) - set(OPTIONS[method]), key=str)
        if unknown:
            raise ArgumentError("options", f"{method} takes {', '.join(OPTIONS[method])}; got "
                                           f"{', '.join(map(str, unknown))}")
        given: dict = {}
        for keyword, value in options.items():
            holder = FIELDS[method][keyword]
            if holder in ("bbe", "tice"):
                given.setdefault(holder, {})[keyword] = value
            else:
                given[holder] = value
        return cls(**given, _method=method)

    def __repr__(self) -> str:
        given = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                 if getattr(self, f.name) is not f.default and getattr(self, f.name) != f.default]
        return f"PriorOptions({', '.join(given)})"

    def estimator(self, methods, shared: dict | None = None) -> PriorEstimator:
        """A :class:`PriorEstimator` of ``methods`` with these options."""
        return PriorEstimator(methods, self, shared=shared)


def check_method(method) -> None:
    """Refuse a name that is not one of :data:`pueval.mpe.PUBLIC_METHODS`."""
    if not isinstance(method, str) or method not in PUBLIC_METHODS:
        raise ArgumentError("method", f"must be one of {', '.join(PUBLIC_METHODS)}, got {method!r}")


# the estimator ---------------------------------------------------------------------------------------


class PriorEstimator:
    """θ̂ of each of ``methods`` (:data:`pueval.mpe.PUBLIC_METHODS`) for a split of rows into labeled and unlabeled.

    Parameters
    ----------
    methods : str or sequence of str
        One or more of ``km1``, ``km2``, ``distcurve``, ``en``, ``bbe``, ``tice``
        (:data:`pueval.mpe.PUBLIC_METHODS`); one name alone is one method, never its letters.
    options : PriorOptions, optional
        Every method's options, checked when the value was made; None: the defaults (DistCurve with the regressor
        shipped with pueval).
    shared : dict, optional
        A cache shared with other estimators: a transform of the same rows, labels, groups, seed and options, and
        KM's thresholds (both KM1's and KM2's) of the same rows, labels and ``km_standardize``, are computed once
        (:func:`estimate_priors` passes one to every method it runs).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y * 3.0 + rng.normal(size=600), rng.normal(size=600)]
    >>> labeled = np.zeros(600, int); labeled[:150] = 1
    >>> thetas = PriorEstimator(["km1", "km2"])(X, labeled, PriorSeeds.of(0))
    >>> sorted(thetas), all(abs(t - 150 / 450) < 0.1 for t in thetas.values())
    (['km1', 'km2'], True)
    >>> PriorEstimator("tice", PriorOptions(tice={"k": 4}))
    PriorEstimator(['tice'], PriorOptions(tice={'k': 4}))
    """

    def __init__(self, methods, options: PriorOptions | None = None, *, shared: dict | None = None):
        # as given: scikit-learn's clone checks they come back unchanged
        self._params = {"methods": methods, "options": options, "shared": shared}
        methods = (methods,) if isinstance(methods, str) else tuple(methods)
        unknown = [m for m in methods if m not in PUBLIC_METHODS]
        if not methods or unknown:
            raise ValueError(f"methods: {unknown or 'none given'}; choose from {', '.join(PUBLIC_METHODS)}")
        if options is not None and not isinstance(options, PriorOptions):
            raise ArgumentError("options", f"must be a PriorOptions (pueval.mpe.PriorOptions) or None, got "
                                           f"{type(options).__name__}")
        for method in methods:  # a missing extra names the method asked for, before any module of another loads
            for package in METHOD_PACKAGES[method]:
                require(package, f"the prior estimator {NAMES[method]}")
        self.methods = methods
        self.options = options if options is not None else PriorOptions()
        self.shared = shared
        self.model = None
        if "distcurve" in methods:
            from pueval.mpe import distance_curve as dc

            model = self.options.distcurve_model
            self.model = (dc.default_regressor() if model is None else
                          dc.load_regressor(model) if isinstance(model, (str, os.PathLike)) else model)

    def __repr__(self) -> str:
        given = self._params["options"]
        shown = [repr(list(self.methods))] + ([repr(given)] if given is not None else []) \
            + (["shared=<shared>"] if self.shared is not None else [])
        return f"PriorEstimator({', '.join(shown)})"

    def get_params(self, deep: bool = True) -> dict:
        """The constructor's arguments as given (scikit-learn's convention, so that ``sklearn.base.clone`` works)."""
        return dict(self._params)

    def set_params(self, **params) -> PriorEstimator:
        """Rebuild with these arguments changed (each checked as the constructor checks it); returns ``self``."""
        unknown = sorted(set(params) - set(self._params))
        if unknown:
            raise ArgumentError(unknown[0], f"is not an argument of PriorEstimator ({', '.join(self._params)})")
        self.__init__(**(self._params | params))
        return self

    def check_size(self, n: int) -> None:
        """Refuse, before any work, a problem of ``n`` rows that would not fit in memory (KM's n × n
        matrices, :func:`pueval.mpe.kernel_embedding.check_memory`)."""
        if any(m in KERNEL_EMBEDDING for m in self.methods):
            from pueval.mpe import kernel_embedding as ke

            ke.check_memory(n)

    def __call__(self, X, labeled, seeds: PriorSeeds, groups=None) -> dict[str, float]:
        """``{method: θ̂}`` for rows ``X`` and PU labels ``labeled`` (1 = labeled); ``groups`` as :meth:`timed`."""
        return self.timed(X, labeled, seeds, groups)[0]

    def timed(self, X, labeled, seeds: PriorSeeds, groups=None) -> tuple[dict[str, float], dict[str, float], dict]:
        """(``{method: θ̂}``, ``{method: seconds}``, ``{method: (low, high)}`` for the methods that give their own
        interval: BBE, :func:`pueval.mpe.best_bin.bbe_estimate`). Shared work is charged to the first method of
        its group in :data:`pueval.mpe.PUBLIC_METHODS` order: DistCurve's seconds (or EN's, without DistCurve) include the
        transform, and KM1's the Gram matrices and both bisections (KM2's are then 0). ``groups`` (a label per
        row; None: every row its own) keeps rows of one group in one fold of the cross-fitted transform and of
        TIcE: a bootstrap resample's copies of a row are one row to them, never in training and held out at once
        (a held-out copy of a training row would score as seen, and the estimates collapse)."""
        X = check_matrix(X, "X")
        s = check_labels(labeled, X.shape[0], "labeled")
        mask = s.astype(bool)
        thetas, seconds = {}, {}
        wanted = [m for m in PUBLIC_METHODS if m in self.methods]
        if any(m in KERNEL_EMBEDDING for m in wanted):
            from pueval.mpe import kernel_embedding as ke

            start = time.perf_counter()
            standardize = self.options.km_standardize
            found = self._cached(("km", self._digest(X, mask), standardize),
                                 lambda: ke.km_thresholds(ke.KernelBank(X, standardize=standardize), mask))
            elapsed = time.perf_counter() - start
            for i, m in enumerate(m for m in wanted if m in KERNEL_EMBEDDING):
                thetas[m], seconds[m] = found[m], elapsed if i == 0 else 0.0
        transform_based = [m for m in wanted if m in TRANSFORM_BASED]
        intervals = {}
        if transform_based:
            thetas_t, seconds_t = self._transform_based(X, s, mask, seeds, transform_based, groups)
            if "bbe" in thetas_t:
                thetas_t["bbe"], *interval = thetas_t["bbe"]
                intervals["bbe"] = tuple(interval)
            thetas.update(thetas_t)
            seconds.update(seconds_t)
        if "tice" in wanted:
            from pueval.mpe.tice import tice_theta

            start = time.perf_counter()
            thetas["tice"] = tice_theta(X, s, rng=seeds.tice, groups=groups, **(self.options.tice or {}))
            seconds["tice"] = time.perf_counter() - start
        return {m: thetas[m] for m in self.methods}, {m: seconds[m] for m in self.methods}, intervals

    def _transform_based(self, X, s, mask, seeds: PriorSeeds, methods, groups=None) -> tuple[dict, dict]:
        """DistCurve, EN and BBE (those in ``methods``; BBE's value its :class:`~pueval.mpe.best_bin.BestBin`) on
        one transform; the first is charged for it."""
        start = time.perf_counter()
        scores = self._transform(X, mask, seeds.transform, groups)
        thetas, seconds = {}, {}
        for m in methods:
            thetas[m] = transform_readout(m, scores, s, seeds, model=self.model,
                                          repetitions=self.options.repetitions, bbe=self.options.bbe)
            seconds[m] = time.perf_counter() - start
            start = time.perf_counter()
        return thetas, seconds

    def _transform(self, X, mask, seed: int, groups=None) -> np.ndarray:
        """The cross-fitted transform of rows ``X`` and labels ``mask``, from the shared cache when one is given
        (keyed by a digest of the rows and labels, the seed and the options) and holds it."""
        from pueval.mpe import distance_curve as dc

        options = self.options.transform or {}
        key = ("transform", self._digest(X, mask, groups), seed, tuple(sorted(options.items())))
        return self._cached(key, lambda: dc.univariate_transform(X, mask, seed=seed, groups=groups, **options))

    def _digest(self, X, *arrays) -> tuple:
        """A key for the rows ``X`` and the arrays beside them (labels, groups; None left out) in the cache."""
        if self.shared is None:
            return ()
        digest = hashlib.blake2b(np.ascontiguousarray(X).tobytes(), digest_size=16)
        for array in (a for a in arrays if a is not None):
            digest.update(np.ascontiguousarray(array).tobytes())
        return digest.hexdigest(), X.shape

    def _cached(self, key: tuple, compute):
        """``compute()``, from the shared cache when one is given and holds ``key``."""
        if self.shared is None:
            return compute()
        if key not in self.shared:
            self.shared[key] = compute()
        return self.shared[key]


def transform_readout(method: str, scores: np.ndarray, s: np.ndarray, seeds: PriorSeeds, *, model=None,
                      repetitions: int = 10, bbe: dict | None = None):
    """θ̂ of one transform-based method (:data:`TRANSFORM_BASED`) read from ``scores``, the cross-fitted transform
    of every row (:func:`pueval.mpe.distance_curve.univariate_transform`) for the 0/1 labels ``s``: DistCurve's
    regressor ``model`` on ``repetitions`` curves drawn by ``seeds.curve``; EN's e1 on the transform's
    probabilities; BBE (``bbe``: :func:`pueval.mpe.best_bin.bbe_estimate`'s options), whose value is its
    :class:`~pueval.mpe.best_bin.BestBin` (θ̂ with its own interval). What :class:`PriorEstimator` computes after
    the transform, so the pipeline can store a transform once and read each method from it in a job of its own."""
    if method == "distcurve":
        from pueval.mpe import distance_curve as dc

        return dc.theta_from_transform(scores, np.asarray(s).astype(bool), model, rng=seeds.curve,
                                       repetitions=repetitions)
    if method == "en":
        from scipy.special import expit

        from pueval.mpe.elkan_noto import en_theta

        return en_theta(s, expit(scores))
    if method == "bbe":
        from pueval.mpe.best_bin import bbe_estimate

        return bbe_estimate(s, scores, **(bbe or {}))
    raise ValueError(f"method: {method!r} is not read from the transform; choose from {', '.join(TRANSFORM_BASED)}")


# estimate_prior ------------------------------------------------------------------------------------



class PriorAtBoundWarning(UserWarning):
    """θ̂ sits at a bound of its estimator: the true θ may lie beyond it."""


class BootstrapWarning(UserWarning):
    """A bootstrap interval of θ̂ that leaves out θ̂ itself: the resampling is biased against the estimate."""


class SubsampleWarning(UserWarning):
    """KM ran on a stratified subsample of the rows: its Gram matrices for all of them would not fit."""


class PriorsDisagreeWarning(UserWarning):
    """Several methods' θ̂ disagree beyond their intervals (:func:`priors_disagreement`): the prior is not settled."""


@dataclass(frozen=True)
class PriorEstimate:
    """The result of :func:`estimate_prior`. ``at_bound`` is ``"upper"``, ``"lower"`` or None; ``bounds`` the
    interval the method's θ̂ can take; ``interval`` a confidence interval for θ (None when none was asked for or
    the method has none of its own) and ``interval_method`` how it was formed; ``subsample`` the rows KM ran on
    when it ran on a subsample; ``seconds`` the time the method took (in :func:`estimate_priors`, the time it added:
    a transform or a run of KM shared by several methods is counted by the first that needs it)."""

    theta: float
    method: str
    at_bound: str | None
    bounds: tuple[float, float]
    n: int
    n_labeled: int
    interval: tuple[float, float] | None = None
    interval_method: str | None = None
    subsample: int | None = None
    seconds: float | None = field(default=None, compare=False)  # a timing, not part of the estimate


MAX_BOOT = 100_000
"""The most resamples :func:`estimate_prior`'s bootstrap takes (each re-runs the whole method)."""
MIN_BOOT_ROWS = 10
"""The fewest labeled (and unlabeled) rows a bootstrap of θ̂ resamples: with fewer, resamples repeat a handful of
rows and the percentile interval says little."""
INTERVALS = ("own", "bootstrap")
"""``interval=`` of :func:`estimate_prior`: the method's own (BBE's DKW bound at its bin; none for the others), or
a bootstrap over rows (labeled and unlabeled resampled separately, the whole method re-run)."""


def _bootstrap(estimator, name: str, X, s, random_state, n_boot: int, level: float,
               verbose: bool = False) -> tuple[float, float]:
    """The ``level`` percentile interval of θ̂ over ``n_boot`` resamples: labeled and unlabeled rows each drawn
    with replacement to their own count, every resample's seeds from the bootstrap's generator, and the copies
    of a row kept together in the method's folds (``groups``: the row each copy came from). ``verbose``: a line on
    standard error every tenth of the resamples, with the seconds so far."""
    rng = (random_state.spawn(1)[0] if isinstance(random_state, np.random.Generator)
           else seeding.rng(random_state, "bootstrap") if random_state is not None else np.random.default_rng())
    labeled, unlabeled = np.flatnonzero(s == 1), np.flatnonzero(s == 0)
    values = np.empty(n_boot)
    start, every = time.perf_counter(), max(1, n_boot // 10)
    for b in range(n_boot):
        rows = np.r_[rng.choice(labeled, labeled.size), rng.choice(unlabeled, unlabeled.size)]
        values[b] = estimator(X[rows], s[rows], _seeds(rng), groups=rows)[name]
        if verbose and ((b + 1) % every == 0 or b + 1 == n_boot):
            print(f"{NAMES[name]} bootstrap: {b + 1}/{n_boot} resamples, {time.perf_counter() - start:.1f} s",
                  file=sys.stderr, flush=True)
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(values, [tail, 1.0 - tail])
    return float(low), float(high)


def theta_bounds(method: str) -> tuple[float, float, float, float]:
    """(lowest θ̂, highest θ̂, θ̂ at or below which the estimate is at the lowest, θ̂ at or above which it is at
    the highest) of a method. KM bisects λ on [1, λ_max = 8] to a width of ε = 0.04, θ̂ = (λ − 1)/λ, so
    θ̂ ≤ 7/8 = 0.875, and a λ̂ within ε of an end of its range is at that end; every other method clips θ̂
    to [0, THETA_MAX = 0.999].

    Parameters
    ----------
    method : str
        A method's public or pipeline name.

    Returns
    -------
    (float, float, float, float)
        The lowest and highest θ̂, and where the estimate is at each.

    Examples
    --------
    >>> [round(v, 3) for v in theta_bounds("km1")]
    [0.0, 0.875, 0.038, 0.874]
    """
    if method in ("km1", "km2"):
        from pueval.mpe.kernel_embedding import EPSILON, LAMBDA_MAX

        def theta(lam):
            return (lam - 1.0) / lam

        return 0.0, theta(LAMBDA_MAX), theta(1.0 + EPSILON), theta(LAMBDA_MAX - EPSILON)
    return 0.0, THETA_MAX, 0.0, THETA_MAX


def _seeds(random_state) -> PriorSeeds:
    """PriorSeeds from an int (:meth:`PriorSeeds.of`), a Generator (its own draws) or None (fresh entropy)."""
    random_state = check_seed(random_state)
    if isinstance(random_state, np.random.Generator):
        return PriorSeeds(int(random_state.integers(2**31 - 1)), *random_state.spawn(2))
    if random_state is None:
        return _seeds(np.random.default_rng())
    return PriorSeeds.of(random_state)


def estimate_prior(X: ArrayLike, labels: ArrayLike, method: Method, *,
                   random_state: int | np.random.Generator | None = None, pos_label: PosLabel = 1,
                   interval: Literal["own", "bootstrap"] | None = "own", n_boot: int = 100, level: float = 0.95,
                   verbose: bool = False, **options) -> PriorEstimate:
    """θ̂, the share of positives among the unlabeled rows, by one of six methods.

    Parameters
    ----------
    X : array of shape (n, d)
        Features of every row, labeled and unlabeled.
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    method : {"km1", "km2", "distcurve", "en", "bbe", "tice"}
        KM1/KM2 (Ramaswamy et al. 2016), DistCurve (Zeiberg et al. 2020, with the regressor shipped with
        pueval unless ``model=`` names another), EN (Elkan & Noto 2008), BBE (Garg et al. 2021), TIcE
        (Bekker & Davis 2018); each as its authors' code computes it (docs: methods).
    random_state : int, numpy Generator or None
        Seeds DistCurve, EN and BBE's cross-fitted LightGBM transform, DistCurve's curve and TIcE's folds
        (KM is deterministic). An int gives the same θ̂ every time; None draws fresh entropy.
    pos_label : default 1
    interval : {"own", "bootstrap"} or None, default "own"
        ``"own"``: the method's own interval where it has one (BBE: its ``DKW_bound`` at the chosen bin, at
        level 1 − δ); ``"bootstrap"``: the ``level`` percentile interval over ``n_boot`` resamples of the rows
        (labeled and unlabeled each resampled to their own count, the whole method re-run: ``n_boot`` times
        its cost); None: no interval.
    n_boot : int, default 100
    level : float, default 0.95
        Of the bootstrap interval.
    verbose : bool, default False
        The bootstrap's progress on standard error, a line every tenth of the resamples (it re-runs the method
        ``n_boot`` times: a minute or more for DistCurve on a few thousand rows).
    **options
        The method's options (:data:`OPTIONS`): KM ``standardize``; DistCurve ``model`` (a Booster or a
        LightGBM text file), ``repetitions``, ``transform``; EN ``transform``; BBE ``delta``, ``gamma``,
        ``transform``; TIcE ``folds``, ``delta``, ``k``, ``max_splits``, ``min_rows``, ``iterations``,
        ``estimate_rows``. ``transform`` is a dict of folds, rounds, num_leaves, learning_rate. KM's
        ``max_rows`` (default ``"auto"``: the most rows whose Gram matrices take at most half of the memory the
        process can allocate, and at least :data:`KM_MIN_ROWS`): above it KM runs on a stratified subsample of
        that many rows (labeled and unlabeled in their shares) with a :class:`SubsampleWarning`; None refuses
        instead (MemoryError).

    Returns
    -------
    PriorEstimate
        ``theta``, ``method``, ``at_bound`` (``"upper"``, ``"lower"`` or None), ``bounds``, ``n``, ``n_labeled``,
        ``interval`` and ``interval_method``.

    Warns
    -----
    PriorAtBoundWarning
        θ̂ sits at a bound of the method (:func:`theta_bounds`): KM's λ ≤ 8 caps θ̂ at 0.875, every method
        caps it at 0.999 (TIcE reaches it at small n) and floors it at 0.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y * 3.0 + rng.normal(size=600), rng.normal(size=600)]
    >>> labels = np.where(np.arange(600) < 150, 1, -1)  # theta = 150/450 = 0.333
    >>> estimate = estimate_prior(X, labels, "km2")
    >>> estimate.method, round(estimate.theta, 2), estimate.at_bound
    ('km2', 0.3, None)
    """
    return _estimate_prior(X, labels, method, random_state=random_state, pos_label=pos_label, interval=interval,
                           n_boot=n_boot, level=level, shared=None, options=PriorOptions.of_method(method, options),
                           verbose=verbose)


def _estimate_prior(X, labels, method: str, *, random_state, pos_label, interval, n_boot: int, level: float,
                    shared: dict | None, options: PriorOptions, verbose: bool = False) -> PriorEstimate:
    """:func:`estimate_prior`'s work for a checked ``method`` and its ``options``, timed (with ``shared``, the cache
    of :func:`estimate_priors`, a transform or a run of KM is paid by the first method that needs it)."""
    start = time.perf_counter()
    if interval is not None and interval not in INTERVALS:
        raise ArgumentError("interval", f"must be one of {', '.join(INTERVALS)} or None, got {interval!r}")
    check_integer(n_boot, "n_boot", 2, MAX_BOOT)  # checked whatever the interval, before any work
    check_level(level)
    X = check_matrix(X, "X")
    s = check_labels(labels, X.shape[0], "labels", pos_label)
    n, n_labeled = int(s.size), int(s.sum())
    if interval == "bootstrap" and min(n_labeled, n - n_labeled) < MIN_BOOT_ROWS:
        raise ArgumentError("interval", f"a bootstrap needs at least {MIN_BOOT_ROWS} labeled and {MIN_BOOT_ROWS} "
                                        f"unlabeled rows to resample, got {n_labeled} and {n - n_labeled}")
    seeds = _seeds(random_state)
    subsample = None
    if method in KERNEL_EMBEDDING:
        limit = options.km_max_rows
        if limit == "auto":  # never below KM_MIN_ROWS: where even those do not fit, the memory check refuses
            from pueval.mpe.kernel_embedding import rows_that_fit

            limit = max(rows_that_fit(), KM_MIN_ROWS)
        if limit is not None and s.size > limit:
            from pueval import sampling

            rows = sampling.stratified_subsample(s, limit, seeding.seed_sequence(seeds.transform, "km-subsample"))
            warnings.warn(f"{method}: {s.size:,} rows would not fit (max_rows {limit:,}); KM runs on a stratified "
                          f"subsample of {rows.size:,} rows, {int(s[rows].sum()):,} labeled", SubsampleWarning,
                          stacklevel=3)
            X, s, subsample = X[rows], s[rows], int(rows.size)
    estimator = PriorEstimator(method, options, shared=shared)
    estimator.check_size(X.shape[0])
    thetas, _, own = estimator.timed(X, s, seeds)
    theta = float(thetas[method])
    found, how = None, None
    if interval == "own" and method in own and np.isfinite(own[method]).all():
        found, how = own[method], "DKW bound at the chosen bin (BBE's own, level 1 - delta)"
    elif interval == "bootstrap":
        found = _bootstrap(estimator, method, X, s, random_state, n_boot, level, verbose)
        how = f"bootstrap over rows ({n_boot} resamples, {level:g} percentile interval)"
        if not found[0] <= theta <= found[1]:
            warnings.warn(f"{method}: the bootstrap interval [{found[0]:.4f}, {found[1]:.4f}] leaves out the estimate "
                          f"itself ({theta:.4f}): the resamples' estimates are biased against it (a maximum over "
                          "subsets, as TIcE's, moves with the copies a resample holds), so the interval does not "
                          "measure this estimate's uncertainty", BootstrapWarning, stacklevel=3)
    if subsample is not None and how is not None:
        how += f", on a subsample of {subsample:,} rows"
    low, high, low_reach, high_reach = theta_bounds(method)
    at_bound = "upper" if theta >= high_reach else "lower" if theta <= low_reach else None
    if at_bound:
        beyond = ("the true theta may lie above it" if at_bound == "upper" else
                  "the method does not resolve theta between 0 and this value")
        warnings.warn(f"{method}: theta = {theta:.4f} sits at the {at_bound} bound of what the method can return "
                      f"([{low:g}, {high:g}]); {beyond}", PriorAtBoundWarning, stacklevel=3)
    return PriorEstimate(theta=theta, method=method, at_bound=at_bound, bounds=(low, high), n=n, n_labeled=n_labeled,
                         interval=found, interval_method=how, subsample=subsample,
                         seconds=time.perf_counter() - start)


def estimate_priors(X: ArrayLike, labels: ArrayLike, methods, *,
                    random_state: int | np.random.Generator | None = None, pos_label: PosLabel = 1,
                    interval: str | None = "own", n_boot: int = 100, level: float = 0.95,
                    options: PriorOptions | dict | None = None, verbose: bool = False) -> dict[str, PriorEstimate]:
    """θ̂ by several methods side by side: :func:`estimate_prior` for each of ``methods`` (with ``options``: a
    :class:`PriorOptions`, or ``{method: {option: value}}``), in the order given. Whether they agree:
    :func:`priors_agree`. DistCurve, EN and BBE read one cross-fitted transform where their rows, seeds and
    transform options agree (an int ``random_state``): each θ̂ is the one :func:`estimate_prior` gives alone, at the
    cost of one transform.

    Parameters
    ----------
    X : array of shape (n, d)
        Features of every row.
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking the labeled rows.
    methods : str or sequence of str
        Method names (:data:`pueval.mpe.PUBLIC_METHODS`), each once.
    random_state, pos_label, interval, n_boot, level, verbose
        As :func:`estimate_prior`.
    options : PriorOptions or dict, optional
        Every method's options as one value (each method run reads its own), or ``{method: {option: value}}`` in
        :func:`estimate_prior`'s terms for the methods run (each made one :meth:`PriorOptions.of_method`).

    Returns
    -------
    dict of PriorEstimate
        One per method, in the order given.

    Warns
    -----
    PriorsDisagreeWarning
        When the estimates disagree beyond their intervals (:func:`priors_disagreement`).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y * 3.0 + rng.normal(size=600), rng.normal(size=600)]
    >>> labels = np.where(np.arange(600) < 150, 1, 0)
    >>> found = estimate_priors(X, labels, ["km1", "km2"], interval=None)
    >>> list(found), priors_agree(found)
    (['km1', 'km2'], None)
    """
    methods = [methods] if isinstance(methods, str) else list(methods)
    if not methods or len(set(methods)) != len(methods):
        raise ArgumentError("methods", f"must name one or more methods, each once, got {methods!r}")
    for method in methods:
        check_method(method)
    if isinstance(options, PriorOptions):
        each = dict.fromkeys(methods, options)
    elif options is None or isinstance(options, dict):
        unknown = sorted(set(options or {}) - set(methods), key=str)
        if unknown:
            raise ArgumentError("options", f"names methods that are not run: {', '.join(map(str, unknown))}")
        each = {m: PriorOptions.of_method(m, (options or {}).get(m, {})) for m in methods}
    else:
        raise ArgumentError("options", f"must be a PriorOptions, a dict of each method's options or None, got "
                                       f"{type(options).__name__}")
    shared = {}  # DistCurve, EN and BBE share one transform of the same rows; KM1 and KM2 one run of KM
    found = {m: _estimate_prior(X, labels, m, random_state=random_state, pos_label=pos_label, interval=interval,
                                n_boot=n_boot, level=level, shared=shared, options=each[m], verbose=verbose)
             for m in methods}
    disagreement = priors_disagreement(found)
    if disagreement:
        warnings.warn(f"estimate_priors: {disagreement}; the prior is not settled, and no number corrected with "
                      "one of them should be trusted", PriorsDisagreeWarning, stacklevel=2)
    return found


def priors_agree(estimates: dict) -> bool | None:
    """Whether the intervals of several :class:`PriorEstimate` share a point (max of the lows ≤ min of the
    highs); None when fewer than two carry an interval.

    Parameters
    ----------
    estimates : dict of PriorEstimate
        As :func:`estimate_priors` returns them.

    Returns
    -------
    bool or None
        Whether the intervals overlap; None with fewer than two intervals.

    Examples
    --------
    >>> priors_agree({m: PriorEstimate(0.3, m, None, (0, 1), 100, 20, interval=i) for m, i in
    ...               [("bbe", (0.2, 0.4)), ("tice", (0.35, 0.5))]})
    True
    """
    intervals = [e.interval for e in estimates.values() if e.interval is not None]
    if len(intervals) < 2:
        return None
    return max(low for low, _ in intervals) <= min(high for _, high in intervals)


def priors_disagreement(estimates: dict) -> str | None:
    """How several :class:`PriorEstimate` disagree beyond their intervals, or None: two intervals that share no
    point (:func:`priors_agree` false), or a method's θ̂ outside another's interval (with ``interval="own"`` only
    BBE has one, so the others' θ̂ are checked against it). :func:`estimate_priors` warns with it.

    Parameters
    ----------
    estimates : dict of PriorEstimate
        As :func:`estimate_priors` returns them.

    Returns
    -------
    str or None
        The disagreement in words, naming the methods, their θ̂ and intervals; None when none is seen (or there is
        no interval to see it by).

    Examples
    --------
    >>> found = {"bbe": PriorEstimate(0.273, "bbe", None, (0, 1), 1000, 100, interval=(0.22, 0.33)),
    ...          "tice": PriorEstimate(0.558, "tice", None, (0, 1), 1000, 100)}
    >>> priors_disagreement(found)
    "TIcE's θ̂ 0.558 lies outside BBE's interval [0.22, 0.33]"
    """
    def shown(e) -> str:
        return f"{NAMES.get(e.method, e.method)}'s interval [{e.interval[0]:.3g}, {e.interval[1]:.3g}]"

    with_interval = [e for e in estimates.values() if e.interval is not None]
    if priors_agree(estimates) is False:  # then the lowest high end lies below the highest low end
        lowest = min(with_interval, key=lambda e: e.interval[1])
        highest = max(with_interval, key=lambda e: e.interval[0])
        return f"{shown(lowest)} and {shown(highest)} share no point"
    outside = [(e, other) for other in with_interval for e in estimates.values()
               if e is not other and e.interval is None and not other.interval[0] <= e.theta <= other.interval[1]]
    if outside:
        return "; ".join(f"{NAMES.get(e.method, e.method)}'s θ̂ {e.theta:.3g} lies outside {shown(other)}"
                         for e, other in outside)
    return None

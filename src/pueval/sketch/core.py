"""AUL^PU from mergeable histograms: evaluation in bounded memory, on any partitioning of the rows.

A labeled row's t-value (Theorem 1) is the share of all rows it outranks, ties and itself counting ½. Cut the
score axis at shared edges e_0 < … < e_B into bins [e_b, e_{b+1}) (the last closed) and count, per bin, all rows
n_b and labeled rows l_b. With C_b = Σ_{b'<b} n_{b'}, a labeled row in bin b has its t-value in
[(C_b + ½)/n, (C_b + n_b − ½)/n]; the binned t-value t̂_b = (C_b + n_b/2)/n is within

    δ_b = (n_b − 1)/(2n)    (0 when every score in the bin is equal: then t̂_b is exact)

of it, so the binned AUL^PU = Σ_b l_b·t̂_b / n_L is within  Σ_b l_b·δ_b / n_L ≤ max_b n_b/(2n)  of the exact one
(:attr:`BinnedAUL.error_bound`; a bound of the arithmetic: the computed values may differ beyond it by
floating-point rounding, about 1e-16, as where the bound is 0 and the sums run in another order). Counts are
integers, and a bin's lowest and highest score are a min and a max, so summaries of parts of the rows add up
(:meth:`Sketch.merge`, ``+``) to the summary of all of them, bit for bit, whatever the partitioning and the order.

The interval is Theorem 1's normal interval, mean ± z·s/√n_L (no finite-population factor, as
:func:`pueval.aul_pu_interval`), widened so that it holds the exact rows' interval: the mean moves by at most the
bound, and the t-values' standard deviation s by at most √(Σ_b l_b·δ_b² / (n_L − 1)) (the triangle inequality in
L², centring a vector never lengthening it), so the ends are mean ∓ bound ∓ z·(ŝ + that)/√n_L. With labeling
propensities e (:mod:`pueval.propensity`), the labeled rows' weights 1/e and their squares are summed per bin
exactly (:class:`~pueval.sketch.exact.ExactSums`) and the estimate is the Hájek mean with its linearized variance,
bounded the same way.
"""

from __future__ import annotations

import io
import json
import math
import warnings
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import NamedTuple

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from pueval.notebook import warning_count
from pueval.propensity import MIN_EFFECTIVE_ROWS, PropensityWarning
from pueval.sketch.exact import ExactSums
from pueval.validation import (ArgumentError, PosLabel, as_scores, carries_warnings, check_integer,
                               check_level)

MAX_BINS = 1_000_000
"""The most bins a sketch takes (a sketch holds a few numbers per bin and segment)."""
MAX_CELLS = 50_000_000
"""The most segment × bin cells a sketch holds (about 2 GB of counts)."""
COARSE_RATIO = 1.1
"""A widened interval more than this many times the width of the binned rows' own interval is warned of
(:class:`CoarseBinsWarning`)."""


class CoarseBinsWarning(UserWarning):
    """The bins widen the interval by more than :data:`COARSE_RATIO`: many rows share a bin (heavy-tailed or skewed
    scores over equally spaced edges, or more labeled rows than the bins resolve). The interval is still valid
    (conservative); edges at the scores' quantiles (:func:`default_edges` with ``sample=``), or more bins, make it as
    narrow as the exact one."""

__all__ = ["Sketch", "PairedSketch", "BinnedAUL", "BinnedDifference", "Binned", "summarize", "summarize_pair",
           "default_edges", "CoarseBinsWarning"]


def default_edges(bins: int = 10_000, *, low: float = 0.0, high: float = 1.0,
                  sample: ArrayLike | None = None) -> np.ndarray:
    """Increasing edges from ``low`` to ``high``: ``bins + 1`` equally spaced (scores in [0, 1] by default), or,
    with ``sample`` (scores from a first pass or a subsample), at the sample's ``bins``-quantiles, so that bins
    hold about equal shares of the rows and the error bound is about 1/(2·bins) whatever the scores' shape
    (skewed, heavy-tailed). A score the sample holds more than a bin's share of times (a large tie) gets a bin of
    its own, [v, the next float above v), where its rows are exact (δ_b = 0): at most ``2·bins + 1`` edges then,
    fewer where quantiles coincide. The ends stay ``low`` and ``high``: every score of every partition must lie
    within them.

    Examples
    --------
    >>> default_edges(4).tolist()
    [0.0, 0.25, 0.5, 0.75, 1.0]
    >>> default_edges(4, sample=[0.1, 0.2, 0.5, 0.5, 0.5, 0.5, 0.9, 0.95]).tolist()  # 0.5: half the sample
    [0.0, 0.425, 0.5, 0.5000000000000001, 0.6, 1.0]
    """
    check_integer(bins, "bins", 1, MAX_BINS)
    low, high = float(low), float(high)
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ArgumentError("low", f"and high must be finite with low < high, got {low!r} and {high!r}")
    if sample is None:
        if math.isfinite(high - low):
            return np.linspace(low, high, bins + 1)
        return 2.0 * np.linspace(low / 2, high / 2, bins + 1)  # a range beyond float64 (±1e308): halved, then doubled
    values = as_scores(sample, "sample").astype(np.float64).ravel()
    values = values[(values > low) & (values < high)]
    if not values.size:
        return np.array([low, high])
    inner = np.unique(np.quantile(values, np.arange(1, bins) / bins))
    distinct, counts = np.unique(values, return_counts=True)
    ties = distinct[(counts * bins > values.size) & (counts > 1)]
    isolated = np.concatenate([ties, np.nextafter(ties, np.inf)])  # [v, v⁺) holds v alone
    inner = np.unique(np.concatenate([inner, isolated[isolated < high]]))
    return np.concatenate([[low], inner, [high]])


def check_edges(edges: ArrayLike) -> np.ndarray:
    """Edges as float64: 1-D, finite, strictly increasing, at least two and at most MAX_BINS + 1."""
    values = np.asarray(edges)
    if values.dtype.kind not in "iuf" or values.ndim != 1 or not 2 <= values.size <= MAX_BINS + 1:
        raise ArgumentError("edges", f"must be 1-D real numbers, 2 to {MAX_BINS + 1:,} of them, got dtype "
                                     f"{values.dtype} of shape {values.shape}")
    values = values.astype(np.float64)
    if not np.isfinite(values).all():
        raise ArgumentError("edges", "hold NaN or infinite values")
    steps = np.diff(values)
    if not (steps > 0).all():
        at = int(np.flatnonzero(steps <= 0)[0])
        raise ArgumentError("edges", f"must be strictly increasing; edge {at + 1} ({values[at + 1]!r}) is not above "
                                     f"edge {at} ({values[at]!r})")
    return values


def bin_of(scores: np.ndarray, edges: np.ndarray, name: str = "scores") -> np.ndarray:
    """The bin of each score, b with e_b ≤ s < e_{b+1} (the last bin closed), as ``searchsorted`` gives it: by a
    binary search on any edges (O(n log B), crowded edges included), by arithmetic on equally spaced ones (checked
    against the edges, exact); a score outside [e_0, e_B] or NaN is refused, naming how many and the first."""
    values = scores.astype(np.float64, copy=False)
    outside = ~((values >= edges[0]) & (values <= edges[-1]))
    if outside.any():
        first = int(np.flatnonzero(outside)[0])
        raise ArgumentError(name, f"{int(outside.sum()):,} value(s) are NaN or outside the edges [{edges[0]!r}, "
                                  f"{edges[-1]!r}], the first at row {first} ({values[first]!r}); give edges that "
                                  "cover every score (default_edges(low=..., high=...))")
    bins = edges.size - 1
    if not np.array_equal(edges, np.linspace(edges[0], edges[-1], bins + 1)):
        return np.minimum(np.searchsorted(edges, values, side="right") - 1, bins - 1)  # O(n log B) on any edges
    # equally spaced edges: the bin is arithmetic, exact up to rounding; the rows rounding put in a neighbour are
    # placed by a binary search
    found = np.clip(((values - edges[0]) * (bins / (edges[-1] - edges[0]))).astype(np.int64), 0, bins - 1)
    wrong = (values < edges[found]) | ((found < bins - 1) & (values >= edges[np.minimum(found + 1, bins)]))
    if wrong.any():
        found[wrong] = np.minimum(np.searchsorted(edges, values[wrong], side="right") - 1, bins - 1)
    return found


def _check_labels_of_part(labels, n: int, pos_label: PosLabel) -> np.ndarray:
    """One part's labels as a mask of ``pos_label``: 1-D, one per score, no missing value and one other value at
    most (a part may hold only labeled or only unlabeled rows)."""
    values = np.asarray(labels)
    if values.ndim != 1 or values.size != n:
        raise ArgumentError("labels", f"must be 1-D with one value per score ({n}), got shape {values.shape}")
    if values.dtype.kind not in "biufUSO":
        raise ArgumentError("labels", f"must hold labels of two values, got dtype {values.dtype}")
    if pd.isna(values).any() if values.dtype.kind in "fO" else False:
        raise ArgumentError("labels", "hold a missing label (NaN or None)")
    labeled = np.asarray(values == pos_label, dtype=bool)
    other = values[~labeled]
    if other.size and (other != other[0]).any():
        third = other[np.flatnonzero(other != other[0])[0]]
        raise ArgumentError("labels", f"must hold two values (pos_label={pos_label!r} and one other), found "
                                      f"{other[0]!r} and {third!r} besides")
    return labeled


def _segment_codes(segments, n: int) -> tuple[tuple, np.ndarray]:
    values = pd.Series(np.asarray(segments, dtype=object) if not isinstance(segments, pd.Series) else segments)
    if values.size != n:
        raise ArgumentError("segments", f"must hold one value per row ({n}), got {values.size}")
    missing = values.isna().to_numpy()
    if missing.any():
        raise ArgumentError("segments", f"hold {int(missing.sum()):,} missing value(s) (NaN or None), the first at "
                                        f"row {int(np.flatnonzero(missing)[0])}; give every row a segment")
    codes, keys = pd.factorize(values, sort=True)
    return tuple(keys.tolist()), codes.astype(np.int64)


_FORMAT = "pueval.sketch/1"


def _json_key(key):
    """A segment key as JSON holds it (str, int, float, bool), else refused."""
    if isinstance(key, (bool, np.bool_)):
        return bool(key)
    if isinstance(key, (int, np.integer)):
        return int(key)
    if isinstance(key, (float, np.floating)):
        return float(key)
    if isinstance(key, str):
        return key
    raise ArgumentError("segments", f"a key of type {type(key).__name__} ({key!r}) cannot be written as data; use "
                                    "strings or numbers")


@dataclass(frozen=True, eq=False)
class Sketch:
    """Per segment and bin: all rows, labeled rows, the lowest and highest score, and with propensities the
    labeled rows' exact Σ 1/e and Σ 1/e² (module docstring). Made by :func:`summarize`; merged with ``+``."""

    edges: np.ndarray
    segments: tuple | None  #: the segment keys, sorted; None when the rows are not segmented
    rows: np.ndarray  #: (segments, bins) int64
    labeled: np.ndarray  #: (segments, bins) int64
    low: np.ndarray  #: (segments, bins) float64, +inf in an empty bin
    high: np.ndarray  #: (segments, bins) float64, −inf in an empty bin
    weight: ExactSums | None = None  #: Σ 1/e over the labeled rows, per cell
    weight2: ExactSums | None = field(default=None, repr=False)  #: Σ 1/e²

    @property
    def n(self) -> int:
        return int(self.rows.sum())

    @property
    def n_labeled(self) -> int:
        return int(self.labeled.sum())

    def to_bytes(self) -> bytes:
        """The sketch as data alone: a NumPy ``.npz`` archive of its arrays (no pickle), the segment keys as JSON;
        :meth:`from_bytes` reads it back, and no content of it can run as code. Segment keys must be strings,
        integers, floats or booleans."""
        keys = None if self.segments is None else [_json_key(k) for k in self.segments]
        arrays = {"format": np.frombuffer(_FORMAT.encode(), np.uint8),
                  "segments": np.frombuffer(json.dumps(keys).encode(), np.uint8), "edges": self.edges,
                  "rows": self.rows, "labeled": self.labeled, "low": self.low, "high": self.high}
        if self.weight is not None:
            for name, sums in (("weight", self.weight), ("weight2", self.weight2)):
                arrays[f"{name}_exponents"], arrays[f"{name}_sums"] = sums.arrays()
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        return buffer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> Sketch:
        """A sketch from :meth:`to_bytes`'s bytes, checked as an input: arrays only (``allow_pickle=False``), of
        the kinds and shapes a sketch holds, counts that are not negative and labeled rows no more than rows. An
        :class:`~pueval.validation.ArgumentError` names ``data`` and what is wrong."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as archive:
                found = {name: archive[name] for name in archive.files}
        except Exception as error:  # a truncated or foreign archive, or one holding objects
            raise ArgumentError("data", f"is not a sketch's bytes ({type(error).__name__}: {error})") from None
        try:
            if found["format"].tobytes().decode() != _FORMAT:
                raise ValueError(f"its format is not {_FORMAT!r}")
            keys = json.loads(found["segments"].tobytes().decode())
            edges = check_edges(found["edges"])
            segments = None if keys is None else tuple(keys)
            shape = (1 if segments is None else len(segments), edges.size - 1)
            for name, kind in (("rows", np.int64), ("labeled", np.int64), ("low", np.float64), ("high", np.float64)):
                if found[name].dtype != kind or found[name].shape != shape:
                    raise ValueError(f"{name} must be {np.dtype(kind)} of shape {shape}")
            if (found["labeled"] < 0).any() or (found["labeled"] > found["rows"]).any():
                raise ValueError("its counts must satisfy 0 <= labeled <= rows")
            cells = shape[0] * shape[1]
            weights = [ExactSums.from_arrays(found[f"{name}_exponents"], found[f"{name}_sums"], cells)
                       for name in ("weight", "weight2") if f"{name}_exponents" in found]
            if len(weights) not in (0, 2):
                raise ValueError("it holds one of the two weight sums")
        except (KeyError, ValueError, UnicodeDecodeError, ArgumentError) as error:
            raise ArgumentError("data", f"is not a valid sketch: {error}") from None
        return cls(edges, segments, found["rows"], found["labeled"], found["low"], found["high"],
                   *(weights or [None, None]))

    def merge(self, other: Sketch) -> Sketch:
        """The sketch of both parts' rows: counts added, lows and highs as min and max, segments united
        (sorted). Refused unless both have the same edges and both or neither hold propensities."""
        if not isinstance(other, Sketch):
            raise ArgumentError("other", f"must be a Sketch, got {type(other).__name__}")
        if self.edges.shape != other.edges.shape or not np.array_equal(self.edges, other.edges):
            raise ArgumentError("other", "has other edges; only sketches over the same edges merge (give every "
                                         "partition the same edges)")
        if (self.segments is None) != (other.segments is None) or (self.weight is None) != (other.weight is None):
            raise ArgumentError("other", "differs in kind: one is segmented or holds propensities and the other "
                                         "not; summarize every partition alike")
        if self.segments is None:
            keys, mine, theirs = None, [0], [0]
        else:
            try:
                keys = tuple(sorted(set(self.segments) | set(other.segments)))
            except TypeError as error:
                raise ArgumentError("other", f"has segment keys that do not sort with these ({error})") from None
            where = {key: i for i, key in enumerate(keys)}
            mine, theirs = [where[k] for k in self.segments], [where[k] for k in other.segments]
        shape = (1 if keys is None else len(keys), self.edges.size - 1)
        rows, labeled = np.zeros(shape, np.int64), np.zeros(shape, np.int64)
        low, high = np.full(shape, np.inf), np.full(shape, -np.inf)
        for part, at in ((self, mine), (other, theirs)):
            rows[at] += part.rows
            labeled[at] += part.labeled
            low[at] = np.minimum(low[at], part.low)
            high[at] = np.maximum(high[at], part.high)
        weight = weight2 = None
        if self.weight is not None:
            weight = _placed(self.weight, mine, shape) + _placed(other.weight, theirs, shape)
            weight2 = _placed(self.weight2, mine, shape) + _placed(other.weight2, theirs, shape)
        return Sketch(self.edges, keys, rows, labeled, low, high, weight, weight2)

    __add__ = merge

    def _pooled(self) -> Sketch:
        """All segments as one."""
        if self.segments is None:
            return self
        bins = self.edges.size - 1
        weight = weight2 = None
        if self.weight is not None:
            weight, weight2 = (_placed(w, [0] * len(self.segments), (1, bins), pool=True)
                               for w in (self.weight, self.weight2))
        return Sketch(self.edges, None, self.rows.sum(0, keepdims=True), self.labeled.sum(0, keepdims=True),
                      self.low.min(0, keepdims=True), self.high.max(0, keepdims=True), weight, weight2)

    @carries_warnings
    def result(self, level: float = 0.95, *, relative: bool = True, weighted: bool = True) -> BinnedAUL:
        """AUL^PU over all rows with its error bound and widened interval (module docstring): with propensities
        the Hájek estimate (``relative`` or absolute propensities), unless ``weighted=False``; the warnings raised
        (:class:`CoarseBinsWarning`, a propensity's) in its ``warnings``."""
        level = check_level(level)
        return _result(self._pooled(), 0, level, relative, weighted)

    def aul_pu(self) -> Binned:
        """The binned AUL^PU over all rows and the bound on its distance to the exact one."""
        result = self.result()
        return Binned(result.aul_pu, result.error_bound)

    def interval(self, level: float = 0.95, *, relative: bool = True) -> tuple[float, float]:
        """Theorem 1's normal interval, widened to hold the exact rows' interval (module docstring)."""
        return self.result(level, relative=relative).ci

    def by_segment(self, level: float = 0.95, *, relative: bool = True, weighted: bool = True) -> pd.DataFrame:
        """One row per segment: segment, n, n_labeled, aul_pu, ci_low, ci_high, error_bound (NaN where a segment
        has fewer than two labeled rows or no unlabeled row, with ``note`` saying so); with propensities the
        Hájek estimates, unless ``weighted=False``."""
        if self.segments is None:
            raise ArgumentError("by_segment", "the sketch is not segmented: summarize with segments=")
        level = check_level(level)
        records = []
        for i, key in enumerate(self.segments):
            try:
                result, note = _result(self, i, level, relative, weighted), ""
                values = (result.aul_pu, *result.ci, result.error_bound)
            except ValueError as error:
                values, note = (math.nan,) * 4, str(error)
            records.append({"segment": key, "n": int(self.rows[i].sum()), "n_labeled": int(self.labeled[i].sum()),
                            "aul_pu": values[0], "ci_low": values[1], "ci_high": values[2], "error_bound": values[3],
                            "note": note})
        return pd.DataFrame.from_records(records)


def _placed(sums: ExactSums, at: list[int], shape: tuple[int, int], pool: bool = False) -> ExactSums:
    """``sums`` (one row of cells per segment) moved to rows ``at`` of a ``shape`` grid (added up when pooling)."""
    bins = shape[1]
    parts = {}
    for k, part in sums.parts.items():
        grid = np.zeros((2, shape[0], bins), np.int64)
        block = part.reshape(2, -1, bins)
        if pool:
            grid[:, 0] = block.sum(axis=1)
        else:
            grid[:, at] = block
        parts[k] = grid.reshape(2, -1)
    return ExactSums(shape[0] * bins, parts)


class Binned(NamedTuple):
    """A binned estimate and the bound on its distance to the exact value."""

    estimate: float
    error_bound: float


@dataclass(frozen=True)
class BinnedAUL:
    """AUL^PU from a :class:`Sketch`: the estimate, the bound on |binned − exact|, and the interval widened by it."""

    n: int
    n_labeled: int
    aul_pu: float
    ci: tuple[float, float]
    level: float
    error_bound: float  #: |binned AUL^PU − exact AUL^PU| ≤ this, up to rounding (0: each bin one distinct score)
    bins: int
    n_eff: float | None = None  #: with propensities: Kish's effective number of labeled rows
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    def __repr__(self) -> str:
        return (f"BinnedAUL(aul_pu={self.aul_pu:.4f}, ci=({self.ci[0]:.4f}, {self.ci[1]:.4f}), "
                f"error_bound={self.error_bound:.2g}, n={self.n}, n_labeled={self.n_labeled}"
                f"{warning_count(self.warnings)})")

    def as_dict(self, *, warnings: bool = True) -> dict:
        """The estimate's keys, ``n_eff`` with propensities, and ``warnings`` last (unless ``warnings=False``)."""
        out = {"n": self.n, "n_labeled": self.n_labeled, "aul_pu": self.aul_pu, "aul_pu_ci": list(self.ci),
               "level": self.level, "error_bound": self.error_bound, "bins": self.bins}
        out |= {} if self.n_eff is None else {"n_eff": self.n_eff}
        return out | ({"warnings": list(self.warnings)} if warnings else {})


def _binned_t(rows: np.ndarray, low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Per bin: the binned t-value t̂_b = (C_b + n_b/2)/n, the bound δ_b on a row's distance to it, and n."""
    n = int(rows.sum())
    below = np.concatenate([[0], np.cumsum(rows)[:-1]])
    t = (below + rows / 2.0) / n
    delta = np.where(high > low, (rows - 1) / (2.0 * n), 0.0)
    return t, delta, n


def _warn_coarse(widened: float, own: float, bound: float) -> None:
    """:class:`CoarseBinsWarning` when the widened half-width exceeds :data:`COARSE_RATIO` times the binned rows' own."""
    if own > 0 and widened > COARSE_RATIO * own:
        warnings.warn(f"sketch: the bins widen the interval {widened / own:.3g} times (error bound {bound:.2g}): many "
                      "rows share a bin; edges at the scores' quantiles (default_edges(bins, low=, high=, sample=a "
                      "sample of the scores)), or more bins (the bound is about half the fullest bin's share of the "
                      "rows), narrow it to the exact interval's width", CoarseBinsWarning, stacklevel=4)


def _result(sketch: Sketch, segment: int, level: float, relative: bool, weighted: bool = True) -> BinnedAUL:
    rows, labeled = sketch.rows[segment], sketch.labeled[segment]
    n, n_labeled = int(rows.sum()), int(labeled.sum())
    if n_labeled < 2:
        raise ValueError(f"need at least two labeled rows, got {n_labeled}")
    if n_labeled == n:
        raise ValueError("every row is labeled: need unlabeled rows too")
    t, delta, _ = _binned_t(rows, sketch.low[segment], sketch.high[segment])
    z = NormalDist().inv_cdf(0.5 + level / 2.0)
    bins = sketch.edges.size - 1
    if sketch.weight is None or not weighted:
        mean = float(labeled @ t) / n_labeled
        bound = float(labeled @ delta) / n_labeled
        sd = math.sqrt(float(labeled @ (t - mean) ** 2) / (n_labeled - 1))
        sd_bound = math.sqrt(float(labeled @ delta ** 2) / (n_labeled - 1))
        half = z * (sd + sd_bound) / math.sqrt(n_labeled)
        _warn_coarse(bound + half, z * sd / math.sqrt(n_labeled), bound)
        return BinnedAUL(n, n_labeled, mean, (max(mean - bound - half, 0.0), min(mean + bound + half, 1.0)), level,
                         bound, bins)
    if relative:  # every quantity is of degree 0 in the weights: read them scaled by the largest one's power of two
        top = sketch.weight.top_exponent(slice(segment * bins, (segment + 1) * bins))
        w = sketch.weight.values(top).reshape(sketch.rows.shape)[segment]
        w2 = sketch.weight2.values(2 * top).reshape(sketch.rows.shape)[segment]
    else:
        w = sketch.weight.values().reshape(sketch.rows.shape)[segment]
        w2 = sketch.weight2.values().reshape(sketch.rows.shape)[segment]
        if not (np.isfinite(w).all() and np.isfinite(w2).all()):
            raise ArgumentError("propensity", "absolute propensities this small make the estimated number of "
                                              "positives (Σ 1/e) or its variance overflow; no finite answer (relative "
                                              "propensities are scale-free)")
    total = float(w.sum())
    mean = float(w @ t) / total
    bound = float(w @ delta) / total
    if relative:
        a, scale = w2, n_labeled / (n_labeled - 1)
    else:
        a, scale = np.maximum(w2 - w, 0.0), 1.0
    se = math.sqrt(scale * float(a @ (t - mean) ** 2)) / total
    se_bound = math.sqrt(scale * float(a @ (delta + bound) ** 2)) / total
    half = z * (se + se_bound)
    _warn_coarse(bound + half, z * se, bound)
    n_eff = total ** 2 / float(w2.sum())
    if n_eff < MIN_EFFECTIVE_ROWS:  # as the exact path warns (pueval.propensity.labeled_weights)
        warnings.warn(f"propensity: the weights leave {n_eff:.1f} effective labeled rows (Kish; fewer than "
                      f"{MIN_EFFECTIVE_ROWS}): the normal interval is not to be trusted", PropensityWarning,
                      stacklevel=3)
    return BinnedAUL(n, n_labeled, mean, (max(mean - bound - half, 0.0), min(mean + bound + half, 1.0)), level,
                     bound, bins, n_eff=n_eff)


def summarize(labels: ArrayLike, scores: ArrayLike, *, edges: ArrayLike, pos_label: PosLabel = 1,
              segments: ArrayLike | None = None, propensity: ArrayLike | None = None) -> Sketch:
    """The :class:`Sketch` of one part of the rows (a partition, a record batch, a file): per bin of ``edges``
    (and per segment), all rows and labeled rows, each bin's lowest and highest score, and with ``propensity``
    the labeled rows' exact Σ 1/e and Σ 1/e². A part may hold no labeled row, or only labeled rows.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking a labeled row.
    scores : array of shape (n,)
        Scores within [edges[0], edges[-1]].
    edges : array of shape (bins + 1,)
        Strictly increasing, the same for every part to be merged (:func:`default_edges`).
    segments : array of shape (n,), optional
        Each row's segment (any sortable values, no missing ones): a sketch per segment in one pass.
    propensity : array of shape (n,), optional
        Each labeled row's labeling propensity e in (0, 1] (:mod:`pueval.propensity`); unlabeled rows' values
        are not read.

    Examples
    --------
    >>> import pueval
    >>> rng = np.random.default_rng(0)
    >>> scores = rng.random(10_000)
    >>> labels = (rng.random(10_000) < scores / 4).astype(int)
    >>> edges = default_edges(1000)
    >>> whole = summarize(labels, scores, edges=edges)
    >>> parts = summarize(labels[:3000], scores[:3000], edges=edges) + summarize(labels[3000:], scores[3000:],
    ...                                                                          edges=edges)
    >>> np.array_equal(whole.rows, parts.rows) and whole.aul_pu() == parts.aul_pu()
    True
    >>> estimate, bound = whole.aul_pu()
    >>> abs(estimate - pueval.aul_pu_score(labels, scores)) <= bound
    True
    """
    values = as_scores(scores, "scores")
    if values.ndim != 1:
        raise ArgumentError("scores", f"must be 1-D, got shape {values.shape}")
    labeled = _check_labels_of_part(labels, values.size, pos_label)
    return _summarized(labeled, values, check_edges(edges), segments, propensity, "scores")[0]


def _inverse_powers(e: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """1/e and 1/e² as (mantissa, exponent) pairs, exact where those floats are finite (``1/e = (1/m) * 2**-k`` for
    ``e = m * 2**k``) and never overflowing: a propensity of 5e-324 gives 1/e = 2¹⁰⁷⁴, 1/e² = 2²¹⁴⁸."""
    m, k = np.frexp(e)
    inverse = 1.0 / m  # in (1, 2]
    m1, k1 = np.frexp(inverse)
    m2, k2 = np.frexp(inverse * inverse)
    return (m1, k1 - k), (m2, k2 - 2 * k)


def _summarized(labeled: np.ndarray, values: np.ndarray, edges: np.ndarray, segments, propensity,
                name: str) -> tuple[Sketch, np.ndarray]:
    """(the :class:`Sketch` of checked labels and 1-D scores ``values``, each row's bin): :func:`summarize`'s work,
    the bins kept for :func:`summarize_pair`'s joint counts; ``name`` names the scores in errors."""
    bins = edges.size - 1
    found = bin_of(values, edges, name)
    keys, codes = (None, np.zeros(values.size, np.int64)) if segments is None else _segment_codes(segments,
                                                                                                 values.size)
    count = 1 if keys is None else len(keys)
    if count * bins > MAX_CELLS:
        raise ArgumentError("segments", f"{count:,} segments × {bins:,} bins make more than {MAX_CELLS:,} cells; "
                                        "use fewer bins or segments")
    cell = codes * bins + found
    size = count * bins
    rows = np.bincount(cell, minlength=size).astype(np.int64)
    labeled_rows = np.bincount(cell[labeled], minlength=size).astype(np.int64)
    low, high = np.full(size, np.inf), np.full(size, -np.inf)
    np.minimum.at(low, cell, values.astype(np.float64, copy=False))
    np.maximum.at(high, cell, values.astype(np.float64, copy=False))
    weight = weight2 = None
    if propensity is not None:
        e = np.asarray(propensity)
        if e.dtype.kind not in "biuf" or e.shape != values.shape:
            raise ArgumentError("propensity", f"must be 1-D real numbers, one per row ({values.size}), got dtype "
                                              f"{e.dtype} of shape {e.shape}")
        e = e[labeled].astype(np.float64)
        bad = ~((e > 0.0) & (e <= 1.0))
        if bad.any():
            row = int(np.flatnonzero(labeled)[np.flatnonzero(bad)[0]])
            raise ArgumentError("propensity", f"must lie in (0, 1] on every labeled row; {int(bad.sum()):,} outside, "
                                              f"the first at row {row} ({float(np.asarray(propensity)[row])!r})")
        weight, weight2 = (ExactSums.of_scaled(cell[labeled], *parts, size) for parts in _inverse_powers(e))
    shape = (count, bins)
    return Sketch(edges, keys, rows.reshape(shape), labeled_rows.reshape(shape), low.reshape(shape),
                  high.reshape(shape), weight, weight2), found


@dataclass(frozen=True)
class BinnedDifference:
    """Model A against model B from a :class:`PairedSketch`: ΔAUL^PU, its widened interval, a conservative p-value
    and the bound on |binned − exact| difference."""

    n: int
    n_labeled: int
    aul_pu_a: float
    aul_pu_b: float
    difference: float
    ci: tuple[float, float]
    p_value: float  #: two-sided, the largest any exact difference and deviation within the bounds would give
    level: float
    error_bound: float
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    def __repr__(self) -> str:
        return (f"BinnedDifference(difference={self.difference:.4f}, ci=({self.ci[0]:.4f}, {self.ci[1]:.4f}), "
                f"p_value={self.p_value:.3g}, error_bound={self.error_bound:.2g}{warning_count(self.warnings)})")

    def as_dict(self, *, warnings: bool = True) -> dict:
        """The difference's keys and ``warnings`` last (unless ``warnings=False``)."""
        out = {"n": self.n, "n_labeled": self.n_labeled, "aul_pu_a": self.aul_pu_a, "aul_pu_b": self.aul_pu_b,
               "difference": self.difference, "difference_ci": list(self.ci), "p_value": self.p_value,
               "level": self.level, "error_bound": self.error_bound}
        return out | ({"warnings": list(self.warnings)} if warnings else {})


@dataclass(frozen=True, eq=False)
class PairedSketch:
    """Two score columns of the same rows in one pass: each column's :class:`Sketch` and the labeled rows' joint
    bin counts (sparse: the pairs (bin of A, bin of B) that occur, sorted, with their counts), all integers, so
    parts merge exactly. A labeled row's paired difference d_i = t_i^A − t_i^B is known to within δ^A + δ^B of
    its binned value (module docstring), which bounds ΔAUL^PU and the deviation of d as for one column."""

    a: Sketch
    b: Sketch
    pairs: np.ndarray  #: int64 codes bin_A · bins_B + bin_B, sorted, unique
    counts: np.ndarray  #: int64, labeled rows per code

    def merge(self, other: PairedSketch) -> PairedSketch:
        if not isinstance(other, PairedSketch):
            raise ArgumentError("other", f"must be a PairedSketch, got {type(other).__name__}")
        a, b = self.a + other.a, self.b + other.b
        pairs, inverse = np.unique(np.concatenate([self.pairs, other.pairs]), return_inverse=True)
        counts = np.zeros(pairs.size, np.int64)
        np.add.at(counts, inverse, np.concatenate([self.counts, other.counts]))
        return PairedSketch(a, b, pairs, counts)

    __add__ = merge

    @carries_warnings
    def difference(self, level: float = 0.95) -> BinnedDifference:
        """ΔAUL^PU = mean over the labeled rows of t̂^A − t̂^B, Theorem 1's normal interval widened by the
        bounds, and the largest two-sided p-value of "no difference" consistent with them; the warnings raised in
        its ``warnings``."""
        level = check_level(level)
        n, n_labeled = self.a.n, self.a.n_labeled
        if n_labeled < 2 or n_labeled == n:
            raise ValueError(f"need at least two labeled and one unlabeled row, got {n_labeled} of {n}")
        t_a, delta_a, _ = _binned_t(self.a.rows[0], self.a.low[0], self.a.high[0])
        t_b, delta_b, _ = _binned_t(self.b.rows[0], self.b.low[0], self.b.high[0])
        bins_b = self.b.edges.size - 1
        at_a, at_b = self.pairs // bins_b, self.pairs % bins_b
        d, delta = t_a[at_a] - t_b[at_b], delta_a[at_a] + delta_b[at_b]
        mean = float(self.counts @ d) / n_labeled
        bound = float(self.counts @ delta) / n_labeled
        sd = math.sqrt(float(self.counts @ (d - mean) ** 2) / (n_labeled - 1))
        sd_bound = math.sqrt(float(self.counts @ delta ** 2) / (n_labeled - 1))
        se = (sd + sd_bound) / math.sqrt(n_labeled)
        z = NormalDist().inv_cdf(0.5 + level / 2.0)
        half = z * se
        _warn_coarse(bound + half, z * sd / math.sqrt(n_labeled), bound)
        nearest = max(abs(mean) - bound, 0.0)
        p_value = 1.0 if se == 0.0 and nearest == 0.0 else (0.0 if se == 0.0 else math.erfc(nearest / se / math.sqrt(2)))
        return BinnedDifference(n, n_labeled, float(self.a.labeled[0] @ t_a) / n_labeled,
                                float(self.b.labeled[0] @ t_b) / n_labeled, mean,
                                (max(mean - bound - half, -1.0), min(mean + bound + half, 1.0)), p_value, level, bound)


def summarize_pair(labels: ArrayLike, scores_a: ArrayLike, scores_b: ArrayLike, *, edges_a: ArrayLike,
                   edges_b: ArrayLike | None = None, pos_label: PosLabel = 1) -> PairedSketch:
    """The :class:`PairedSketch` of one part of the rows: two models' scores of the same rows (``edges_b``
    defaults to ``edges_a``). One pass: the labeled rows' joint bins make the paired differences' sums."""
    columns = []
    for name, scores in (("scores_a", scores_a), ("scores_b", scores_b)):
        values = as_scores(scores, name)
        if values.ndim != 1:
            raise ArgumentError(name, f"must be 1-D, got shape {values.shape}")
        columns.append(values)
    if columns[1].size != columns[0].size:
        raise ArgumentError("scores_b", f"must score the same rows as scores_a ({columns[0].size}), got "
                                        f"{columns[1].size}")
    labeled = _check_labels_of_part(labels, columns[0].size, pos_label)
    a, found_a = _summarized(labeled, columns[0], check_edges(edges_a), None, None, "scores_a")
    b, found_b = _summarized(labeled, columns[1], check_edges(edges_a if edges_b is None else edges_b), None, None,
                             "scores_b")
    pairs, counts = np.unique(found_a[labeled] * (b.edges.size - 1) + found_b[labeled], return_counts=True)
    return PairedSketch(a, b, pairs.astype(np.int64), counts.astype(np.int64))

"""Argument checks of every public function (scikit-learn's style: a ValueError naming the argument).

The library, the studies and the ``pueval`` command all check their inputs here, so one input is
refused with the same words wherever it enters; the command passes its option names as ``name``.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import numbers
import warnings
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import numpy as np
from numpy.typing import ArrayLike

P = ParamSpec("P")
R = TypeVar("R")


PosLabel = int | float | bool | str
"""The type of ``pos_label``: the label value of a labeled (or positive) row."""


class ArgumentError(ValueError):
    """A bad value of the argument ``argument``: a caller that took the value from elsewhere can name its
    source instead (the pipeline names the config key, :func:`pueval.pipeline.config.naming_keys`)."""

    def __init__(self, argument: str, message: str):
        super().__init__(f"{argument}: {message}")
        self.argument, self.message = argument, message


def _numeric(values, name: str) -> np.ndarray:
    """``values`` as an array of real numbers (bool, integers or floats); complex numbers, dates, times,
    text and objects are refused, naming ``name``."""
    values = np.asarray(values)
    if values.dtype.kind not in "biuf":
        raise ValueError(f"{name} must hold real numbers, got dtype {values.dtype}")
    return values


def check_matrix(X, name: str) -> np.ndarray:
    """X as a finite 2-D float array with at least one row and one column."""
    X = _numeric(X, name).astype(np.float64)
    if X.ndim != 2:
        raise ValueError(f"{name} must be 2-D (rows × features), got {X.ndim}-D")
    if X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"{name} has no rows or no features (shape {X.shape})")
    if not np.isfinite(X).all():
        raise ValueError(f"{name} holds NaN or infinite values")
    return X


def check_mixture_component(X_mixture, X_component) -> tuple[np.ndarray, np.ndarray]:
    """Both samples checked, with the same number of features."""
    X_mixture, X_component = check_matrix(X_mixture, "X_mixture"), check_matrix(X_component, "X_component")
    if X_mixture.shape[1] != X_component.shape[1]:
        raise ValueError(f"X_mixture has {X_mixture.shape[1]} features, X_component {X_component.shape[1]}")
    return X_mixture, X_component


SHOWN_CHARACTERS = 60
"""How much of a user's value an error line quotes (:func:`shown`)."""


def shown(value, limit: int = SHOWN_CHARACTERS) -> str:
    r"""``repr(value)`` for an error line: control characters escaped (repr does), cut to ``limit`` characters
    with the full length said, so that a NUL or a 10⁷-character cell cannot fill a terminal.

    Examples
    --------
    >>> shown(chr(0) + "b"), shown("x" * 100, limit=10)
    ("'\\x00b'", "'xxxxxxxx… (102 characters)")
    """
    text = repr(value.item() if isinstance(value, np.generic) else value)  # nan, not np.float64(nan)
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text):,} characters)"


def _preview(values: list) -> str:
    return ", ".join(map(shown, values[:5])) + (", …" if len(values) > 5 else "")


def _distinct_numbers(values: np.ndarray) -> list:
    """``np.unique(values).tolist()`` of a 1-D array of numbers or bools, in a few passes and without a sort
    when it holds at most two values (labels: np.unique's sort was a third of AUL^PU's time at 10 M rows)."""
    if values.size == 0:
        return []
    first = values[0]
    other = values != first
    if not other.any():
        return [first.item()]
    second = values[other.argmax()]
    if (other & (values != second)).any():
        return np.unique(values).tolist()
    return sorted([first.item(), second.item()])


def binary_labels(labels, pos_label: PosLabel = 1, name: str = "labels") -> np.ndarray:
    """A boolean array, True where ``labels`` equals ``pos_label``: labels of any two values (0/1, 1/−1,
    bool, strings), as scikit-learn's ``pos_label``. Missing values, a third value, or a ``pos_label``
    that no row holds are refused, naming ``name``.

    Examples
    --------
    >>> binary_labels([1, -1, -1, 1]).tolist(), binary_labels(["P", "U"], pos_label="P").tolist()
    ([True, False, False, True], [True, False])
    """
    values = np.asarray(labels)
    if values.dtype.kind == "f" and np.isnan(values).any():
        raise ArgumentError(name, "holds NaN (a missing label)")
    if values.dtype.kind == "O" and any(v is None or (isinstance(v, float) and v != v) for v in values.ravel()):
        raise ArgumentError(name, "holds a missing label (None or NaN)")
    if values.dtype.kind not in "biufUSO":
        raise ArgumentError(name, f"must hold labels of two values (numbers, bool or text), got dtype {values.dtype}")
    if values.dtype.kind in "biuf":
        distinct = _distinct_numbers(values.ravel())
    else:
        try:
            distinct = np.unique(values).tolist()
        except TypeError:  # an object array mixing types that do not compare
            distinct = list(dict.fromkeys(values.ravel().tolist()))
    if len(distinct) > 2:
        raise ArgumentError(name, f"must hold two values (the labeled class, pos_label={pos_label!r}, and one "
                                  f"other), found {len(distinct)}: {_preview(distinct)}")
    matches = [v for v in distinct if v == pos_label]
    if not matches:
        raise ArgumentError(name, f"no row equals pos_label={pos_label!r} (values found: {_preview(distinct)}); "
                                  "name the labeled class with pos_label")
    return values == matches[0]


def _label_mask(s, n: int | None, name: str, pos_label: PosLabel) -> np.ndarray:
    """1-D labels of two values (:func:`binary_labels`) as a boolean mask (True where ``pos_label``), both
    present, of length ``n`` when given."""
    s = np.asarray(s)
    if s.ndim != 1 or (n is not None and s.size != n):
        raise ValueError(f"{name} must be 1-D{f' of length {n}' if n is not None else ''}, got shape {s.shape}")
    s = binary_labels(s, pos_label, name)
    if s.all():
        raise ArgumentError(name, f"every row equals pos_label={pos_label!r}: need unlabeled rows too")
    return s


def check_labels(s, n: int | None = None, name: str = "s", pos_label: PosLabel = 1) -> np.ndarray:
    """1-D labels of two values (:func:`binary_labels`) as int64 0/1 (1 where ``pos_label``), both present, of
    length ``n`` when given."""
    return _label_mask(s, n, name, pos_label).astype(np.int64)


def as_scores(scores, name: str = "scores") -> np.ndarray:
    """Scores to rank: integers stay 64-bit integers (a float64 cast would merge integers above 2⁵³ and
    change their order), everything else real becomes float64; complex, date, text or object values are
    refused."""
    scores = _numeric(scores, name)
    if scores.dtype.kind == "u":
        if scores.size and scores.max() > np.iinfo(np.int64).max:
            raise ValueError(f"{name}: unsigned integers above 2⁶³ − 1 cannot be ranked here")
        return scores.astype(np.int64)
    return scores.astype(np.int64 if scores.dtype.kind == "i" else np.float64, copy=False)  # never written to


def named_columns(scores, name: str = "scores", *, matrix: bool = False) -> tuple[tuple[str, ...], list]:
    """(names, columns) of several score vectors: a mapping name → scores, or a DataFrame of any library narwhals
    reads (pandas, polars, pyarrow, …), a column each by its name; with ``matrix``, an (n, K) array too, its columns
    named "0" … "K-1". The columns are not checked here (:func:`check_scores`).

    Examples
    --------
    >>> import pandas as pd
    >>> named_columns(pd.DataFrame({"a": [0.1, 0.2], "b": [0.3, 0.4]}))[0]
    ('a', 'b')
    """
    from collections.abc import Mapping

    if isinstance(scores, Mapping):
        return tuple(map(str, scores)), list(scores.values())
    import narwhals as nw

    frame = nw.from_native(scores, eager_only=True, pass_through=True)
    if isinstance(frame, nw.DataFrame):
        return tuple(map(str, frame.columns)), [frame[column].to_numpy() for column in frame.columns]
    values = np.asarray(scores) if matrix else None
    if values is None or values.ndim != 2:
        shape = "" if values is None else f", got shape {values.shape}"
        raise ArgumentError(name, "must be a mapping of name → scores or a DataFrame (pandas, polars, pyarrow, …)"
                                  + (" or an (n, K) array" if matrix else "") + shape)
    return tuple(str(k) for k in range(values.shape[1])), [values[:, k] for k in range(values.shape[1])]


def check_scores(scores, n: int, name: str = "scores") -> np.ndarray:
    """1-D finite scores of length ``n`` (:func:`as_scores`)."""
    scores = as_scores(scores, name)
    if scores.shape != (n,):
        raise ValueError(f"{name} must be 1-D of length {n} (one per row of the labels, {n} rows), "
                         f"got shape {scores.shape}")
    if not np.isfinite(scores).all():
        raise ValueError(f"{name} hold NaN or infinite values")
    return scores


def check_groups(groups, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``groups``, one label per row of ``n`` (the copies of a row in a bootstrap resample share one), as (the
    first row of each group, each row's group numbered 0, 1, … in the groups' sorted order).

    Examples
    --------
    >>> first, inverse = check_groups([7, 3, 7, 5], 4)
    >>> first.tolist(), inverse.tolist()
    ([1, 3, 0], [2, 0, 2, 1])
    """
    groups = np.asarray(groups)
    if groups.shape != (n,):
        raise ArgumentError("groups", f"must give one group per row ({n}), got shape {groups.shape}")
    try:
        _, first, inverse = np.unique(groups, return_index=True, return_inverse=True)
    except TypeError:  # values that cannot be ordered together (numbers and text, None)
        raise ArgumentError("groups", f"must hold comparable labels (numbers or text), got dtype {groups.dtype}") \
            from None
    if groups.dtype.kind == "f" and np.isnan(groups).any():
        raise ArgumentError("groups", "must not hold NaN (each NaN would be a group of its own)")
    return first, inverse


def check_pu(labels, scores, *, min_labeled: int = 2, labels_name: str = "labels", scores_name: str = "scores",
             pos_label: PosLabel = 1) -> tuple[np.ndarray, np.ndarray]:
    """Boolean PU labels of both kinds (True = ``pos_label``, the labeled rows) with at least ``min_labeled``
    labeled rows, and finite scores, one per row (what AUL^PU's interval needs: a variance from the labeled
    rows)."""
    labeled = _label_mask(labels, None, labels_name, pos_label)
    scores = check_scores(scores, labeled.size, scores_name)
    n_labeled = np.count_nonzero(labeled)
    if n_labeled < min_labeled:
        raise ValueError(f"{labels_name}: need at least {min_labeled} labeled rows, got {n_labeled}")
    return labeled, scores


def check_sample_weight(sample_weight: ArrayLike, labeled: np.ndarray) -> np.ndarray:
    """Row weights: real, finite, ≥ 0, one per row, a positive sum over the labeled rows."""
    weights = np.asarray(sample_weight)
    if weights.dtype.kind not in "biuf" or weights.shape != labeled.shape:
        raise ArgumentError("sample_weight", f"must be 1-D real numbers, one per row ({labeled.size}), got "
                                             f"{weights.dtype} of shape {weights.shape}")
    weights = weights.astype(np.float64)
    if not (np.isfinite(weights).all() and (weights >= 0).all()):
        raise ArgumentError("sample_weight", "must be finite and ≥ 0")
    if not weights[labeled].sum() > 0:
        raise ArgumentError("sample_weight", "the labeled rows' weights sum to 0")
    return weights


def check_label_rows(labels, scores, pos_label: PosLabel = 1) -> tuple[np.ndarray, np.ndarray]:
    """(labels, scores) for the rank metrics: 1-D scores without NaN, and one row of labels of two values
    (:func:`binary_labels`) per draw, each row with at least one ``pos_label``: 1-D labels as the boolean mask
    of ``pos_label``, 2-D (one draw per row) as float 0/1."""
    scores = as_scores(scores)
    labels = np.asarray(labels)
    if scores.ndim != 1:
        raise ValueError(f"scores must be 1-D, got shape {scores.shape}")
    if np.isnan(scores).any():
        raise ValueError("scores contain NaN")
    if labels.ndim not in (1, 2) or labels.shape[-1] != scores.size:
        raise ValueError(f"labels of shape {labels.shape} do not match {scores.size} scores")
    labels = binary_labels(labels, pos_label)
    labels = labels if labels.ndim == 1 else labels.astype(np.float64)  # 1-D: the mask itself, no n floats
    if (labels.sum(axis=-1) == 0).any():
        raise ValueError(f"labels have no positive (labeled) example (no row equals pos_label={pos_label!r})")
    return labels, scores


def is_real(value) -> bool:
    """Whether ``value`` is a real number (Python's or NumPy's), not a bool and not text."""
    return not isinstance(value, (bool, np.bool_)) and isinstance(value, numbers.Real)


def check_fraction(value, name: str, *, closed_high: bool = False) -> float:
    """A finite number in [0, 1) (or [0, 1] with ``closed_high``)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number in [0, 1{']' if closed_high else ')'}, got {value!r}")
    value = float(value)
    if not (0.0 <= value <= 1.0) or (value == 1.0 and not closed_high):
        raise ValueError(f"{name} must lie in [0, 1{']' if closed_high else ')'}, got {value}")
    return value


def check_seed(value, name: str = "random_state"):
    """A seed argument checked: None, a non-negative integer (Python's or NumPy's, not a bool) or a NumPy Generator,
    returned as given; an :class:`ArgumentError` naming ``name`` otherwise."""
    if value is None or isinstance(value, np.random.Generator):
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or value < 0:
        raise ArgumentError(name, f"must be None, a non-negative integer or a numpy Generator, got {value!r}")
    return int(value)


def check_random_state(value, name: str = "random_state") -> np.random.Generator:
    """A NumPy Generator from a seed argument (:func:`check_seed`): a Generator is used as it is."""
    return np.random.default_rng(check_seed(value, name))


def check_integer(value, name: str, least: int, most: int | None = None) -> int:
    """An integer (Python's or NumPy's, not a bool) in [``least``, ``most``]; an :class:`ArgumentError` naming
    ``name`` otherwise."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < least or \
            (most is not None and value > most):
        bounds = f"≥ {least}" if most is None else f"in [{least}, {most}]"
        raise ArgumentError(name, f"must be an integer {bounds}, got {value!r}")
    return int(value)


def check_level(level, name: str = "level") -> float:
    """A confidence level: a real number (Python's or NumPy's, not a bool) strictly between 0 and 1."""
    if isinstance(level, bool) or not isinstance(level, numbers.Real) or not 0.0 < float(level) < 1.0:
        raise ValueError(f"{name} must lie in (0, 1), got {level!r}")
    return float(level)


class DegenerateScoresWarning(UserWarning):
    """The scores cannot rank: every score equal, or every labeled row tied, so the number returned
    describes the ties, not a model."""


def warn_degenerate(labeled: np.ndarray | None, scores: np.ndarray, *, name: str = "scores",
                    labeled_values: np.ndarray | None = None) -> None:
    """Warn (:class:`DegenerateScoresWarning`) when every score is equal (AUL^PU = AUC^PU = ½ whatever the
    model), or when every labeled row (of the 1-D mask ``labeled``, if given) has the same score (their
    t-values have no spread: an interval of width 0). ``labeled_values``: the labeled rows' scores, or their
    t-values (equal exactly when the scores are), when the caller has them already."""
    if scores.size and scores.min() == scores.max():
        warnings.warn(f"{name}: every score is equal; the model ranks nothing and AUL^PU = AUC^PU = 0.5 "
                      "describe the ties, not the model", DegenerateScoresWarning, stacklevel=3)
    elif labeled is not None and labeled.sum() > 1 and np.ptp(
            scores[labeled] if labeled_values is None else labeled_values) == 0:
        warnings.warn(f"{name}: every labeled row has the same score; their t-values do not vary, so an interval "
                      "from them has width 0", DegenerateScoresWarning, stacklevel=3)


def sklearn_names(function: Callable[P, R]) -> Callable[P, R]:
    """Let scikit-learn's keyword names ``y_true`` and ``y_score`` name ``function``'s labels (its first
    argument) and its ``scores`` argument, so that ``f(y_true=..., y_score=...)`` works as in
    :mod:`sklearn.metrics`. Type checkers see ``function``'s own signature (the aliases are a run-time
    courtesy)."""
    parameters = list(inspect.signature(function).parameters)
    aliases = {"y_true": parameters[0]}
    if "scores" in parameters:
        aliases["y_score"] = "scores"

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        for alias, name in aliases.items():
            if alias in kwargs:
                if name in kwargs or parameters.index(name) < len(args):
                    raise TypeError(f"{function.__name__}() got {name} twice (as {alias} and as {name})")
                kwargs[name] = kwargs.pop(alias)
        return function(*args, **kwargs)

    return wrapper


def carries_warnings(function: Callable[P, R]) -> Callable[P, R]:
    """Make ``function``'s result (a frozen dataclass with a ``warnings`` field) carry the messages of the
    warnings raised while computing it, each once, in order; the warnings are raised to the caller as well, as
    they would have been (:func:`warnings.warn_explicit` with their category and place), so a user's filters
    still apply. A report of the result reads them from the value: nothing is lost outside the command."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = function(*args, **kwargs)
        for warned in caught:
            warnings.warn_explicit(warned.message, warned.category, warned.filename, warned.lineno,
                                   source=warned.source)
        messages = tuple(dict.fromkeys(str(w.message) for w in caught))
        return dataclasses.replace(result, warnings=tuple(dict.fromkeys((*result.warnings, *messages))))

    return wrapper

"""The learner protocol of ``pueval bench``: a learner named by import path and parameters.

A learner is any scikit-learn-compatible classifier fitted as ``fit(X, s)`` (s = 1 labeled, 0 unlabeled) that
scores rows by ``predict_proba`` (the column of class 1) or else ``decision_function``. It is named in a config
or a learners file as ::

    nnpu_linear: {estimator: "pueval.bench.learners:NNPU", params: {model: linear}, prior: true,
                  grid: {stepsize: [0.001, 0.01]}}

``params`` are passed to the class; a parameter whose value is itself ``{estimator: ..., params: ...}`` is
built the same way (a wrapped base classifier, as pulearn's ``ElkanotoPuClassifier(estimator=...)``);
``prior: true`` passes the class prior π (the positive share of the unlabeled rows) as ``prior``; ``grid``
lists the values tried for each tuned parameter (every combination); a learner whose class takes
``random_state`` gets the run's seed there. A learner may define ``pu_risk(X, s)``, the risk it minimizes
(lower is better), to be tuned by it. A bad path, parameter or failing fit is a :class:`LearnerError` that
names the learner; it is reported, and never ranked.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from pueval.validation import ArgumentError

__all__ = ["LearnerError", "LearnerSpec", "load_class", "build", "scores", "own_risk", "specs", "read_learners"]

KEYS = {"estimator", "params", "prior", "grid"}


class LearnerError(ValueError):
    """A learner that cannot be built, fitted or scored; the message names it."""


@dataclass(frozen=True)
class LearnerSpec:
    """One learner: its name, its class's import path ``package.module:Class``, parameters, whether it takes
    the prior, and the grid it is tuned over."""

    name: str
    estimator: str
    params: Mapping = field(default_factory=dict)
    prior: bool = False
    grid: Mapping = field(default_factory=dict)

    @classmethod
    def of(cls, name: str, entry: Mapping) -> LearnerSpec:
        """From a config or learners-file entry (module docstring); unknown keys are refused."""
        if not isinstance(entry, Mapping) or "estimator" not in entry:
            raise LearnerError(f"learner {name!r}: needs an entry {{estimator: 'package.module:Class', ...}}")
        unknown = sorted(set(entry) - KEYS)
        if unknown:
            raise LearnerError(f"learner {name!r}: unknown keys {unknown} (known: {sorted(KEYS)})")
        grid = dict(entry.get("grid") or {})
        for key, values in grid.items():
            if not isinstance(values, (list, tuple)) or not values:
                raise LearnerError(f"learner {name!r}: grid {key!r} must list at least one value")
        return cls(name, str(entry["estimator"]), dict(entry.get("params") or {}), bool(entry.get("prior", False)),
                   grid)

    def candidates(self) -> list[dict]:
        """Every combination of the grid's values (one empty candidate without a grid)."""
        keys = list(self.grid)
        return [dict(zip(keys, values)) for values in itertools.product(*(self.grid[k] for k in keys))]


def load_class(path: str, name: str) -> type:
    """The class at ``package.module:Class``.

    Parameters
    ----------
    path : str
        ``package.module:Class``.
    name : str
        The learner's name, for the error.

    Returns
    -------
    type

    Examples
    --------
    >>> load_class("pueval.bench.learners:NNPU", "nnpu").__name__
    'NNPU'
    """
    module, _, attribute = path.partition(":")
    if not module or not attribute:
        raise LearnerError(f"learner {name!r}: estimator {path!r} is not of the form 'package.module:Class'")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise LearnerError(f"learner {name!r}: cannot import {path!r}: {error}") from None
    if not isinstance(found, type):
        raise LearnerError(f"learner {name!r}: {path!r} is not a class")
    return found


def _built(value, name: str):
    if isinstance(value, Mapping) and "estimator" in value:
        unknown = sorted(set(value) - {"estimator", "params"})
        if unknown:
            raise LearnerError(f"learner {name!r}: a nested estimator takes estimator and params, not {unknown}")
        return load_class(str(value["estimator"]), name)(**{k: _built(v, name)
                                                             for k, v in (value.get("params") or {}).items()})
    return value


def build(spec: LearnerSpec, candidate: Mapping, *, prior: float | None, seed: int):
    """The learner with ``spec.params``, then ``candidate`` (one grid point), the prior when it takes one, and
    ``seed`` as its ``random_state`` when it has one.

    Parameters
    ----------
    spec : LearnerSpec
    candidate : mapping
        One point of the spec's grid.
    prior : float or None
        π, for a learner with ``prior: true``.
    seed : int

    Returns
    -------
    estimator
        Unfitted.

    Examples
    --------
    >>> spec = LearnerSpec("nn", "pueval.bench.learners:NNPU", {"model": "mlp"}, prior=True)
    >>> build(spec, {"stepsize": 0.01}, prior=0.3, seed=7)
    NNPU(model='mlp', prior=0.3, random_state=7, stepsize=0.01)
    """
    cls = load_class(spec.estimator, spec.name)
    params = {key: _built(value, spec.name) for key, value in {**spec.params, **candidate}.items()}
    if spec.prior:
        if prior is None:
            raise LearnerError(f"learner {spec.name!r} needs the class prior (prior: true), none was given")
        params["prior"] = float(prior)
    try:
        model = cls(**params)
    except TypeError as error:
        raise LearnerError(f"learner {spec.name!r}: {spec.estimator} does not take these parameters: {error}") \
            from None
    if hasattr(model, "get_params") and "random_state" in model.get_params(deep=False):
        model.set_params(random_state=int(seed))
    return model


def scores(model, X, name: str) -> np.ndarray:
    """The positive-class score of every row: ``predict_proba``'s column of class 1, else
    ``decision_function``; NaN or infinite scores are a :class:`LearnerError`.

    Parameters
    ----------
    model : fitted estimator
    X : array of shape (n, d)
    name : str
        The learner's name, for the error.

    Returns
    -------
    numpy array of shape (n,)

    Examples
    --------
    >>> X, s = np.arange(8.0).reshape(-1, 1), np.array([0, 0, 0, 0, 1, 0, 1, 1])
    >>> model = build(LearnerSpec("lr", "pueval.bench.learners:NaiveLogistic"), {}, prior=None, seed=0).fit(X, s)
    >>> bool(np.all(np.diff(scores(model, X, "lr")) > 0))
    True
    """
    if hasattr(model, "predict_proba"):
        proba = np.asarray(model.predict_proba(X))
        if proba.ndim == 2:
            classes = list(getattr(model, "classes_", range(proba.shape[1])))
            if 1 not in classes:
                raise LearnerError(f"learner {name!r}: predict_proba has no column for class 1 ({classes})")
            proba = proba[:, classes.index(1)]
        out = proba
    elif hasattr(model, "decision_function"):
        out = np.asarray(model.decision_function(X))
    else:
        raise LearnerError(f"learner {name!r}: has neither predict_proba nor decision_function")
    out = np.asarray(out, dtype=np.float64).reshape(-1)
    if out.size != len(X) or not np.isfinite(out).all():
        raise LearnerError(f"learner {name!r}: scores are not one finite number per row")
    return out


def own_risk(model, X, s) -> float:
    """``model.pu_risk(X, s)`` where it defines one, NaN otherwise.

    Parameters
    ----------
    model : fitted estimator
    X : array of shape (n, d)
    s : array of shape (n,)

    Returns
    -------
    float

    Examples
    --------
    >>> own_risk(object(), np.zeros((2, 1)), np.array([0, 1]))
    nan
    """
    risk = getattr(model, "pu_risk", None)
    return float(risk(X, s)) if callable(risk) else float("nan")


def specs(entries: Mapping) -> list[LearnerSpec]:
    """Every learner of a config's or a learners file's mapping name → entry.

    Parameters
    ----------
    entries : mapping
        name → {estimator, params, prior, grid}.

    Returns
    -------
    list of LearnerSpec

    Examples
    --------
    >>> [s.name for s in specs({"a": {"estimator": "m:A"}, "b": {"estimator": "m:B", "prior": True}})]
    ['a', 'b']
    """
    if not isinstance(entries, Mapping) or not entries:
        raise ArgumentError("learners", "must map at least one learner name to its entry")
    return [LearnerSpec.of(str(name), entry) for name, entry in entries.items()]


def read_learners(path) -> dict:
    """A learners file: JSON (``.json``) or YAML (PyYAML, which the ``bench`` extra brings), a mapping name →
    entry (module docstring).

    Parameters
    ----------
    path : str or Path

    Returns
    -------
    dict

    Examples
    --------
    >>> import json, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "learners.json"
    >>> _ = path.write_text(json.dumps({"lr": {"estimator": "pueval.bench.learners:NaiveLogistic"}}))
    >>> list(read_learners(path))
    ['lr']
    """
    from pathlib import Path

    path = Path(path)
    text = path.read_text()
    if path.suffix == ".json":
        import json

        found = json.loads(text)
    else:
        from pueval.extras import require

        found = require("yaml", "a YAML learners file (or give JSON, a .json file)").safe_load(text)
    if not isinstance(found, dict) or not found:
        raise ArgumentError("learners", f"{path} must map at least one learner name to its entry")
    return found

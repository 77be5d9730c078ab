"""Datasets as config data: a catalog entry and how its raw table becomes a binary problem.

The nine UCI datasets of the paper are entries of ``config/datasets.yaml``; a user adds an entry
of their own under ``datasets:`` in their config. An entry says where the raw table comes from
(``source``, ``columns``, ``mirror``: read by :mod:`pueval.pipeline.download`), how it becomes
features and labels (``target``, ``positive``, ``drop``, ``first_rows``, ``complete_rows``: :func:`binarize`), the
stratified ``subsample`` and the ``model`` capacity. Each rule receives only the part it reads, so an edit
reruns only the jobs it affects.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pueval import sampling

SOURCE_KEYS = ("source", "columns", "mirror")  # what the download rule reads
LABEL_KEYS = ("target", "positive", "drop", "first_rows", "complete_rows", "classes")  # what the binarize rule reads
MISSING_LEVEL = "?"  # a missing value of a string column is a level of its own (UCI writes "?")


def entry(config: dict, name: str) -> dict:
    """The catalog entry ``name`` of a (merged) config; a clear error for an unknown name."""
    catalog = config.get("datasets") or {}
    if name not in catalog:
        raise ValueError(f"unknown dataset {name!r}; the catalog (config key 'datasets') has: {', '.join(catalog)}")
    return catalog[name]


def part(config: dict, name: str, keys: tuple[str, ...]) -> dict:
    """The keys of entry ``name`` that one rule reads (absent optional keys left out)."""
    found = entry(config, name)
    return {key: found[key] for key in keys if key in found}


def weaker_model(config: dict, name: str) -> dict:
    """Model B of the paired-difference study: the capacity of ``name``'s model under evaluation, fitted on
    ``paired_difference.train_share`` of the rows it is fitted on, its minimum leaf size scaled by the same
    share (at least 1), so that the smaller sample can still be split."""
    from pueval.model import Capacity

    model = dict(entry(config, name)["model"])
    share = config["paired_difference"]["train_share"]
    model["train_fraction"] = model.get("train_fraction", 1.0) * share
    model["min_data_in_leaf"] = max(1, round(model.get("min_data_in_leaf", Capacity.min_data_in_leaf) * share))
    return model


def claesen_dataset(config: dict) -> str:
    """The dataset of Claesen's Figure 5: ``claesen.dataset``, or the first of ``run`` when it is null."""
    return config["claesen"]["dataset"] or config["run"][0]


def title(config: dict, name: str) -> str:
    """How figures and tables name the dataset: its ``title``, else its catalog name."""
    return entry(config, name).get("title", name)


@dataclass(frozen=True)
class Labeling:
    """How a raw table becomes features and 0/1 labels (the entry's ``LABEL_KEYS``)."""

    name: str
    target: str
    positive: dict
    drop: tuple[str, ...] = ()
    first_rows: int | None = None
    complete_rows: bool = False
    classes: tuple[int, int] | None = None  # (rows, positives) the binarized table must have

    @classmethod
    def of(cls, name: str, keys: dict) -> Labeling:
        classes = keys.get("classes")
        return cls(name, keys["target"], dict(keys["positive"]), tuple(keys.get("drop", ())), keys.get("first_rows"),
                   bool(keys.get("complete_rows", False)), tuple(classes) if classes is not None else None)


def positive_labels(column: pd.Series, rule: dict, key: str = "positive") -> np.ndarray:
    """0/1 labels from the entry's ``positive`` rule: ``{equals: v}``, ``{in: [v, ...]}`` or ``{greater: x}``.

    Examples
    --------
    >>> positive_labels(pd.Series([3, 10, 12]), {"greater": 9}).tolist()
    [0, 1, 1]
    >>> positive_labels(pd.Series(["a", "b", "c"]), {"in": ["a", "c"]}).tolist()
    [1, 0, 1]
    """
    (kind, value), = rule.items()
    if kind == "equals":
        mask = column == value
    elif kind == "in":
        mask = column.isin(list(value))
    elif kind == "greater":
        numbers = pd.to_numeric(column, errors="coerce")
        if numbers.isna().any():
            example = column[numbers.isna()].iloc[0]
            raise ValueError(f"config key '{key}': 'greater' needs a numeric column, but {column.name!r} holds "
                             f"{example!r}; use 'equals' or 'in' for a column of categories")
        mask = numbers > value
    else:
        raise ValueError(f"positive: unknown rule {kind!r} (equals, in or greater)")
    return mask.to_numpy(dtype=np.int8)


def _is_string(column: pd.Series) -> bool:
    return not (pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column))


def binarize(raw: pd.DataFrame, labeling: Labeling) -> tuple[pd.DataFrame, np.ndarray]:
    """Features and 0/1 labels: every column but the target and ``drop``; string columns one-hot
    encoded after the numeric ones (a missing string is the level ``?``, so Mushroom's
    ``stalk-root`` gives 117 one-hot columns in all). A missing numeric value is an error, unless
    ``complete_rows`` drops every row with a missing value first."""
    key = f"datasets.{labeling.name}"
    missing = sorted({labeling.target, *labeling.drop} - set(raw.columns))
    if missing:
        raise ValueError(f"config key '{key}': the raw table has no column {', '.join(map(repr, missing))} "
                         f"(it has {', '.join(map(str, raw.columns))})")
    if labeling.first_rows is not None:
        raw = raw.iloc[: labeling.first_rows]
    if labeling.complete_rows:
        raw = raw.dropna()
    if raw.empty:
        raise ValueError(f"config key '{key}': the raw table has no rows; check the entry's source")
    empty = np.flatnonzero(raw[labeling.target].isna().to_numpy())
    if empty.size:
        raise ValueError(f"config key '{key}.target': column {labeling.target!r} has {empty.size} empty cell(s), "
                         f"first in row {empty[0] + 1}; a row without a class would count as negative, so fill "
                         "or drop those rows")
    labels = positive_labels(raw[labeling.target], labeling.positive, f"{key}.positive")
    if labeling.classes is not None and (labels.size, int(labels.sum())) != labeling.classes:
        warnings.warn(f"config key '{key}.classes': the binarized table has {labels.size} rows and "
                      f"{int(labels.sum())} positives, the entry says {list(labeling.classes)} (the original files' "
                      "counts, which start-up checks read); other files than the originals, or another labeling? "
                      "Correct or remove the key", UserWarning, stacklevel=2)
    if labels.min() == labels.max():
        raise ValueError(f"config key '{key}.positive': {labeling.positive} makes every row "
                         f"{'positive' if labels[0] else 'negative'}; both classes are needed")
    features = raw.drop(columns=[labeling.target, *labeling.drop])
    if features.shape[1] == 0:
        raise ValueError(f"config key '{key}.drop': no feature column is left")
    strings = [c for c in features.columns if _is_string(features[c])]
    numeric = features.drop(columns=strings)
    gaps = [str(c) for c in numeric.columns if numeric[c].isna().any()]
    if gaps:
        raise ValueError(f"dataset {labeling.name}: numeric column(s) {', '.join(gaps)} have missing values; "
                         f"fill or drop them (config key '{key}.drop')")
    if strings:
        levels = features[strings].astype("string").fillna(MISSING_LEVEL)
        numeric = pd.concat([numeric, pd.get_dummies(levels, dtype=np.float32)], axis=1)
    return numeric.astype(np.float64).reset_index(drop=True), labels


def prepare(raw: pd.DataFrame, labeling: Labeling, subsample: int | None,
            seed: np.random.SeedSequence) -> tuple[pd.DataFrame, np.ndarray]:
    """Binarized features and labels, stratified-subsampled to ``subsample`` rows when larger."""
    features, labels = binarize(raw, labeling)
    keep = sampling.stratified_subsample(labels, subsample, seed)
    return features.iloc[keep].reset_index(drop=True), labels[keep]


def load(config: dict, name: str, mirror=None, *, verify_checksums: bool = True) -> tuple[pd.DataFrame, np.ndarray]:
    """Features and labels of catalog entry ``name`` as the pipeline's binarize rule makes them (for scripts
    outside the pipeline: calibration, benchmarks); ``mirror`` defaults to the config's ``uci_mirror``."""
    from pueval import seeds
    from pueval.pipeline import download

    found = entry(config, name)
    raw = download.fetch(download.Source.of(name, found), mirror or config.get("uci_mirror"),
                         verify_checksums=verify_checksums)
    return prepare(raw, Labeling.of(name, found), found["subsample"],
                   seeds.seed_sequence(config["seed"], name, "subsample"))

"""Evaluation on the engines users already run: summarize every partition, merge (:mod:`pueval.sketch.core`).

Each adapter reads the label and score columns (and a segment or propensity column when named), summarizes each
partition where it lives (a Dask task, a Spark ``mapInPandas`` over a partition's Arrow batches, a DuckDB record
batch), and merges the per-partition sketches on the caller's side: their counts are integers, so the result is
the same bit for bit whatever the partitioning. Without ``edges``, a first pass over the data finds the lowest and
highest score and the bins are equally spaced between them (:func:`~pueval.sketch.core.default_edges`); give
``edges`` (e.g. quantiles of a sample) to skip that pass or to bin finer where the scores crowd.

The engines are optional: ``pip install ".[dask]"``, ``".[spark]"`` or ``".[duckdb]"`` (or ``".[scale]"`` for all
three).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

import numpy as np
import pandas as pd

from pueval.extras import require
from pueval.sketch.core import Sketch, check_edges, default_edges, summarize
from pueval.validation import ArgumentError, PosLabel

DEFAULT_BINS = 10_000
"""Bins of the equally spaced edges an adapter makes in its first pass when none are given."""

__all__ = ["dask", "spark", "duckdb", "merge_all", "summarize_frame"]


def merge_all(sketches: Iterable[Sketch]) -> Sketch:
    """The merge of ``sketches`` (at least one), in the order given (any order gives the same counts)."""
    parts = list(sketches)
    if not parts:
        raise ArgumentError("sketches", "none to merge: the data hold no rows")
    return functools.reduce(Sketch.merge, parts)


def summarize_frame(frame: pd.DataFrame, *, label: str, score: str, edges: np.ndarray, pos_label: PosLabel = 1,
                    segment: str | None = None, propensity: str | None = None) -> Sketch:
    """:func:`~pueval.sketch.core.summarize` of a pandas frame's named columns (a partition); a score column that
    does not hold numbers is refused naming ``score`` and the column."""
    if not (pd.api.types.is_numeric_dtype(frame[score]) and not pd.api.types.is_bool_dtype(frame[score])):
        raise ArgumentError("score", f"column {score!r} holds {frame[score].dtype} values, not numbers")
    return summarize(frame[label].to_numpy(), frame[score].to_numpy(), edges=edges, pos_label=pos_label,
                     segments=None if segment is None else frame[segment],
                     propensity=None if propensity is None else frame[propensity].to_numpy())


def _columns(frame_columns, label: str, score: str, segment: str | None, propensity: str | None) -> list[str]:
    wanted = [c for c in (label, score, segment, propensity) if c is not None]
    for name, column in (("label", label), ("score", score), ("segment", segment), ("propensity", propensity)):
        if column is not None and column not in frame_columns:
            raise ArgumentError(name, f"no column {column!r} in the frame (columns: {', '.join(map(str, frame_columns))})")
    return wanted


def _edges(edges, low_high, score: str) -> np.ndarray:
    """``edges`` checked, or equally spaced ones over the data's range (``low_high()`` is the first pass)."""
    if edges is not None:
        return check_edges(edges)
    found = low_high()
    if not all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))
               for v in found):
        raise ArgumentError("score", f"column {score!r} holds values that are not numbers (the first pass found "
                                     f"{found[0]!r} to {found[1]!r})")
    low, high = (float(v) for v in found)
    if not (np.isfinite(low) and np.isfinite(high)):
        raise ArgumentError("score", f"the first pass found scores from {low!r} to {high!r} (NaN, infinite or no "
                                     "rows): every score must be finite")
    return default_edges(DEFAULT_BINS, low=low, high=high if high > low else low + 1.0)


def dask(frame, *, label: str, score: str, edges=None, pos_label: PosLabel = 1, segment: str | None = None,
         propensity: str | None = None) -> Sketch:
    """The :class:`~pueval.sketch.core.Sketch` of a Dask DataFrame: one task per partition, merged on the client
    (``dask.compute``; a ``distributed`` client, when one is active, runs the tasks). The ``dask`` extra."""
    delayed = require("dask", "pueval.sketch.dask")
    wanted = _columns(frame.columns, label, score, segment, propensity)
    frame = frame[wanted]
    edges = _edges(edges, lambda: delayed.compute(frame[score].min(), frame[score].max()), score)
    summary = delayed.delayed(_frame_bytes)  # each task sends the client data alone (Sketch.to_bytes), no pickle
    tasks = [summary(part, label=label, score=score, edges=edges, pos_label=pos_label, segment=segment,
                     propensity=propensity) for part in frame.to_delayed()]
    return merge_all(Sketch.from_bytes(data) for data in delayed.compute(*tasks))


def _frame_bytes(frame: pd.DataFrame, **options) -> bytes:
    return summarize_frame(frame, **options).to_bytes()


def _spark_partition(batches: Iterator[pd.DataFrame], options: dict) -> Iterator[pd.DataFrame]:
    """One Spark partition's batches summarized and merged: one row holding the sketch's bytes (data alone,
    :meth:`Sketch.to_bytes`; none if empty)."""
    sketch = None
    for batch in batches:
        part = summarize_frame(batch, **options)
        sketch = part if sketch is None else sketch + part
    if sketch is not None:
        yield pd.DataFrame({"sketch": [sketch.to_bytes()]})


def spark(frame, *, label: str, score: str, edges=None, pos_label: PosLabel = 1, segment: str | None = None,
          propensity: str | None = None) -> Sketch:
    """The :class:`~pueval.sketch.core.Sketch` of a PySpark DataFrame: each partition summarized by
    ``mapInPandas`` (one small row per partition), the partitions' sketches collected and merged on the driver.
    The first pass, without ``edges``, is Spark's own min and max. The ``spark`` extra (and a Java runtime)."""
    functions = require("pyspark.sql.functions", "pueval.sketch.spark")
    wanted = _columns(frame.columns, label, score, segment, propensity)
    frame = frame.select(*wanted)

    def low_high():
        row = frame.agg(functions.min(score), functions.max(score)).collect()[0]
        return row[0], row[1]

    options = {"label": label, "score": score, "edges": _edges(edges, low_high, score), "pos_label": pos_label,
               "segment": segment, "propensity": propensity}
    rows = frame.mapInPandas(functools.partial(_spark_partition, options=options), schema="sketch binary").collect()
    return merge_all(Sketch.from_bytes(bytes(row["sketch"])) for row in rows)


def duckdb(relation, *, label: str, score: str, edges=None, pos_label: PosLabel = 1, segment: str | None = None,
           propensity: str | None = None, batch_rows: int = 1_000_000, connection=None) -> Sketch:
    """The :class:`~pueval.sketch.core.Sketch` of a DuckDB relation or of a file DuckDB reads (a path: Parquet,
    CSV, …, e.g. ``"scores/*.parquet"``): the named columns streamed as Arrow record batches of ``batch_rows``
    rows, each summarized and merged, so memory stays bounded whatever the file's size. The first pass, without
    ``edges``, is DuckDB's min and max. The ``duckdb`` extra (and pyarrow)."""
    engine = require("duckdb", "pueval.sketch.duckdb")
    connection = connection or engine.connect()
    if isinstance(relation, str):
        relation = connection.sql(f"select * from {_quoted_path(relation)}")
    wanted = _columns(relation.columns, label, score, segment, propensity)
    relation = relation.select(*[_quoted(c) for c in wanted])
    edges = _edges(edges, lambda: relation.aggregate(f"min({_quoted(score)}), max({_quoted(score)})").fetchall()[0],
                   score)
    reader = relation.to_arrow_reader(batch_rows) if hasattr(relation, "to_arrow_reader") else \
        relation.fetch_arrow_reader(batch_rows)  # DuckDB before 1.4
    sketch = None
    for batch in reader:
        part = summarize_frame(batch.to_pandas(), label=label, score=score, edges=edges, pos_label=pos_label,
                               segment=segment, propensity=propensity)
        sketch = part if sketch is None else sketch + part
    if sketch is None:
        raise ArgumentError("relation", "holds no rows")
    return sketch


def _quoted(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def _quoted_path(path: str) -> str:
    return "'" + path.replace("'", "''") + "'"

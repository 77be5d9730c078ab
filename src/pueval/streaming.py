"""``pueval evaluate --streaming``: a table too large for memory read in blocks into a :class:`~pueval.sketch.Sketch`.

Two passes over the file, each a block of rows at a time (:func:`pueval.tables.table_blocks`): the first finds the
lowest and highest score and keeps a systematic sample of about :data:`SAMPLE_ROWS` scores (every k-th row of the
file, k doubling as the rows come: the same sample whatever the block size), the second summarizes each block over
edges at the sample's quantiles (:func:`pueval.sketch.default_edges`; equal-count bins serve skewed, heavy-tailed
and tie-heavy scores alike) and merges. With ``edges="equal"`` the edges are equally spaced between the lowest and
highest score, which a Parquet file whose row groups all carry statistics gives without the first pass. Memory is
a block of rows, the sample and the sketch, whatever the file's size; a progress line on standard error follows
the second pass.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pandas as pd

from pueval.sketch import Sketch, default_edges, summarize
from pueval.tables import InputError, parquet_rows, pos_label_of, table_blocks

BLOCK_ROWS = 1 << 22
"""Rows read and summarized at a time (a few tens of MB for the columns the command reads)."""
AUTOMATIC_ROWS = 100_000_000
"""A Parquet file declaring more rows than this is evaluated by the streaming path even without --streaming
(the exact path holds every score: about 45 bytes a row)."""
AUTOMATIC_BYTES = 4 << 30
"""A CSV or TSV file larger than this (4 GiB) is evaluated by the streaming path even without --streaming."""
SAMPLE_ROWS = 100_000
"""The first pass keeps between this many and twice this many scores for the quantile edges."""
EDGES = ("quantile", "equal")
"""How the streaming path places its edges: at a sample's quantiles (the default), or equally spaced."""


class SystematicSample:
    """Every k-th value of a stream (its rows 0, k, 2k, … in order), k doubling whenever more than twice ``size``
    are kept: between ``size`` and ``2·size`` values at the end (fewer in a shorter stream), the same whatever
    blocks the stream comes in."""

    def __init__(self, size: int = SAMPLE_ROWS):
        self.size, self.step, self.seen = size, 1, 0
        self.rows, self.values = np.empty(0, np.int64), np.empty(0, np.float64)

    def add(self, values: np.ndarray) -> None:
        start = (-self.seen) % self.step  # the first row of this block that is a multiple of the step
        kept = values[start::self.step]
        rows = self.seen + start + self.step * np.arange(kept.size)
        self.rows, self.values = np.r_[self.rows, rows], np.r_[self.values, kept]
        self.seen += values.size
        while self.rows.size > 2 * self.size:
            self.step *= 2
            keep = self.rows % self.step == 0
            self.rows, self.values = self.rows[keep], self.values[keep]


class Progress:
    """Rows done of the expected total, on standard error: one line rewritten in place on a terminal, a line
    every tenth of the way otherwise (a log)."""

    def __init__(self, total: int | None, stream=None):
        self.total, self.stream, self.done = total, stream or sys.stderr, 0
        self.started, self.shown = time.monotonic(), -1

    def add(self, rows: int) -> None:
        self.done += rows
        share = self.done / self.total if self.total else None
        terminal = getattr(self.stream, "isatty", lambda: False)()
        step = int(share * 10) if share is not None else self.done // 100_000_000
        if not terminal and step == self.shown:
            return
        self.shown = step
        of = f" of {self.total:,} ({share:.0%})" if share is not None else ""
        line = f"pueval: {self.done:,} rows{of} in {time.monotonic() - self.started:.0f} s"
        self.stream.write(f"\r{line}" if terminal else f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if getattr(self.stream, "isatty", lambda: False)():
            self.stream.write("\n")


def automatic(path: str) -> str | None:
    """Why ``path`` is evaluated by the streaming path without being asked (None: it is not): a Parquet file
    declaring more than :data:`AUTOMATIC_ROWS` rows, or a delimited file above :data:`AUTOMATIC_BYTES`."""
    rows = parquet_rows(path)
    if rows is not None and rows > AUTOMATIC_ROWS:
        return f"the file declares {rows:,} rows, more than {AUTOMATIC_ROWS:,}"
    try:
        size = Path(path).stat().st_size if path != "-" and Path(path).is_file() else 0
    except OSError:
        return None
    if rows is None and size > AUTOMATIC_BYTES:
        return f"the file holds {size / 2**30:.1f} GiB, more than {AUTOMATIC_BYTES / 2**30:.0f} GiB"
    return None


def _numeric_field(path: str, score: str):
    """The Parquet schema's index of the score column, refused by name when it is missing or not numeric (its
    row-group statistics would otherwise be read as numbers)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pq.ParquetFile(path).schema_arrow
    index = schema.get_field_index(score)
    if index < 0:
        raise InputError(f"--score-column: no column {score!r} in {path} (columns: {', '.join(schema.names)})")
    kind = schema.field(index).type
    if not (pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_decimal(kind)):
        raise InputError(f"--score-column: {score!r} holds {kind} values, not numbers")
    return index


def _block_scores(block: pd.DataFrame, score: str) -> np.ndarray:
    """A block's scores as float64, refused by the option's name when one is missing or not a number."""
    values = pd.to_numeric(block[score], errors="coerce").to_numpy(np.float64)
    if np.isnan(values).any():
        row = int(np.flatnonzero(np.isnan(values))[0])
        raise InputError(f"--score-column: {score!r} holds a missing or non-numeric value (in a block, row {row} of "
                         f"it: {block[score].iloc[row]!r})")
    return values


def _score_range(blocks: Callable[..., Iterator[pd.DataFrame]], path: str, score: str,
                 parquet: bool) -> tuple[float, float]:
    """The lowest and highest score: a Parquet file's row-group statistics when every one has them, else a pass."""
    if parquet:
        import pyarrow.parquet as pq

        index = _numeric_field(path, score)
        metadata = pq.ParquetFile(path).metadata
        stats = [metadata.row_group(g).column(index).statistics for g in range(metadata.num_row_groups)]
        if stats and all(s is not None and s.has_min_max for s in stats):
            lows, highs = [float(s.min) for s in stats], [float(s.max) for s in stats]
            if all(np.isfinite(lows)) and all(np.isfinite(highs)):
                return min(lows), max(highs)
    low, high, _ = _scores_pass(blocks, path, score)
    return low, high


def _scores_pass(blocks: Callable[..., Iterator[pd.DataFrame]], path: str, score: str) -> tuple[float, float, np.ndarray]:
    """The lowest and highest score and a :class:`SystematicSample` of the scores, in one pass over the score column
    alone."""
    low, high, sample = np.inf, -np.inf, SystematicSample()
    for block in blocks({score: "--score-column"}):
        values = _block_scores(block, score)
        if values.size:
            low, high = min(low, values.min()), max(high, values.max())
            sample.add(values)
    if not (np.isfinite(low) and np.isfinite(high)):
        raise InputError(f"SCORES: {path} holds no rows, or --score-column {score!r} holds infinite values")
    return float(low), float(high), sample.values


def summarize_file(path: str, *, label: str, score: str, pos_label: str, bins: int, segment: str | None = None,
                   propensity: str | None = None, progress: bool = True, edges: str = "quantile") -> tuple[Sketch, str]:
    """(the Sketch of the file's rows, the file's SHA-256) over ``bins`` bins of its score range, their edges at a
    sample's quantiles (``edges="quantile"``) or equally spaced (``"equal"``); ``pos_label`` is the command's text,
    read as a value of the label column's type in each block."""
    if edges not in EDGES:
        raise InputError(f"--edges: must be one of {', '.join(EDGES)}, got {edges!r}")
    columns = {c: option for c, option in ((label, "--label-column"), (score, "--score-column"),
                                           (segment, "--segment-column"), (propensity, "--propensity-column"))
               if c is not None}
    blocks, sha256 = table_blocks(path, columns, BLOCK_ROWS)
    rows = parquet_rows(path)
    if edges == "quantile":
        if rows is not None:
            _numeric_field(path, score)  # refused by name before any block is read
        low, high, sample = _scores_pass(blocks, path, score)
    else:
        (low, high), sample = _score_range(blocks, path, score, rows is not None), None
    edges = default_edges(bins, low=low, high=high if high > low else low + 1.0, sample=sample)
    shown = Progress(rows) if progress else None
    sketch = None
    for block in blocks():
        scores = _block_scores(block, score)  # statistics skip NaN: each block is checked again
        part = summarize(block[label].to_numpy(), scores, edges=edges, pos_label=pos_label_of(block[label], pos_label),
                         segments=None if segment is None else block[segment],
                         propensity=None if propensity is None else block[propensity].to_numpy())
        sketch = part if sketch is None else sketch + part
        if shown:
            shown.add(len(block))
    if shown:
        shown.close()
    if sketch is None:
        raise InputError(f"SCORES: {path} holds no rows")
    return sketch, sha256

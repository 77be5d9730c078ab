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
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pueval.notebook import html_table, warning_count
from pueval.sketch import BinnedAUL, Sketch, default_edges, summarize
from pueval.tables import InputError, parquet_rows, pos_label_of, table_blocks
from pueval.validation import carries_warnings

__all__ = ["StreamingEvaluation", "evaluate_file"]

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


@dataclass(frozen=True, eq=False)
class StreamingEvaluation:
    """A file evaluated in blocks (:func:`evaluate_file`; ``pueval evaluate --streaming``): AUL^PU from its
    sketch with the bound on its distance to the exact value and the interval widened by it, AUC^PU from it, the
    propensity-weighted AUL and one row per segment when asked; ``pueval.report`` renders it as the command does."""

    aul: BinnedAUL  #: AUL^PU over every row, unweighted
    sha256: str  #: of the file read
    reason: str  #: why the streaming path read it
    weighted: BinnedAUL | None = None  #: with ``propensity_column``: the Hájek weighted AUL
    propensity_column: str | None = None
    relative: bool = True  #: the propensities read as relative (only their ratios count) or absolute
    segments: pd.DataFrame | None = None  #: with ``segment_column``: :meth:`~pueval.sketch.Sketch.by_segment`
    segment_column: str | None = None
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    @property
    def n(self) -> int:
        return self.aul.n

    @property
    def n_labeled(self) -> int:
        return self.aul.n_labeled

    @property
    def auc_pu(self) -> float:
        """AUC^PU from the binned AUL^PU over the same rows: AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU (the main paper's
        Eqs. 3 and 4: the labeled pairs of Eq. 4's sum add n_L²/2), so AUC^PU = (AUL^PU − n_L/(2n))·n/n_U."""
        return (self.aul.aul_pu - self.n_labeled / (2 * self.n)) * self._scale

    @property
    def auc_pu_error_bound(self) -> float:
        """The bound on |binned AUC^PU − exact AUC^PU|: the bound of AUL^PU scaled by n/n_U, as AUC^PU is."""
        return self.aul.error_bound * self._scale

    @property
    def _scale(self) -> float:
        return self.n / (self.n - self.n_labeled)

    def __repr__(self) -> str:
        return (f"StreamingEvaluation(aul_pu={self.aul.aul_pu:.4f}, ci=({self.aul.ci[0]:.4f}, {self.aul.ci[1]:.4f}), "
                f"error_bound={self.aul.error_bound:.2g}, n={self.n}, n_labeled={self.n_labeled}"
                f"{warning_count(self.warnings)})")

    def _repr_html_(self) -> str:
        return html_table(self)

    def as_dict(self, *, warnings: bool = True) -> dict:
        """The JSON keys of ``pueval evaluate --streaming`` (docs/evaluate.md) before the input's: the estimates,
        the weighted AUL's with a propensity column, the segments' with a segment column, then ``warnings``
        (unless ``warnings=False``)."""
        found = self.aul
        out = {"n": self.n, "n_labeled": self.n_labeled, "aul_pu": found.aul_pu, "aul_pu_ci": list(found.ci),
               "level": found.level, "interval": "normal, widened by the binning bound", "auc_pu": self.auc_pu,
               "error_bound": found.error_bound, "auc_pu_error_bound": self.auc_pu_error_bound, "bins": found.bins,
               "streaming": self.reason}
        if self.weighted is not None:
            out |= {"propensity_column": self.propensity_column,
                    "propensity": "relative" if self.relative else "absolute", "aul_weighted": self.weighted.aul_pu,
                    "aul_weighted_ci": list(self.weighted.ci), "n_eff": self.weighted.n_eff,
                    "aul_weighted_error_bound": self.weighted.error_bound}
        if self.segments is not None:
            out["segment_column"] = self.segment_column
            out["segments"] = [{key: (value.item() if hasattr(value, "item") else value) for key, value in row.items()}
                               for row in self.segments.to_dict("records")]
        return out | ({"warnings": list(self.warnings)} if warnings else {})


@carries_warnings
def evaluate_file(path: str, *, label: str, score: str, pos_label: str = "1", bins: int = 10_000,
                  level: float = 0.95, edges: str = "quantile", segment: str | None = None,
                  propensity: str | None = None, relative: bool = True, progress: bool = True,
                  reason: str = "asked") -> StreamingEvaluation:
    """Evaluate a table too large for memory (CSV, TSV, gzipped or Parquet), read in blocks: AUL^PU from its
    :class:`~pueval.sketch.Sketch` (:func:`summarize_file`), what ``pueval evaluate --streaming`` reports.

    Parameters
    ----------
    path : str
        The file.
    label, score : str
        The label column (``pos_label`` marks a labeled row) and the score column.
    pos_label : str, default "1"
        A labeled row's label, as text; read as a value of the label column's type in each block.
    bins : int, default 10000
    level : float, default 0.95
    edges : {"quantile", "equal"}, default "quantile"
        The bins' edges at a sample's quantiles or equally spaced (module docstring).
    segment : str, optional
        A column whose every value gets an AUL^PU of its rows, in the same pass.
    propensity : str, optional
        A column of propensities on the labeled rows: the Hájek weighted AUL too.
    relative : bool, default True
        The propensities are relative (only their ratios count) or, if False, absolute.
    progress : bool, default True
        A progress line on standard error during the second pass.
    reason : str, default "asked"
        Why the file is read in blocks, as the report states it.

    Returns
    -------
    StreamingEvaluation

    Examples
    --------
    >>> import tempfile
    >>> from pueval import reports
    >>> table = tempfile.NamedTemporaryFile(suffix=".csv", delete=False).name
    >>> reports.example_scores(2000, seed=0).to_csv(table, index=False)
    >>> found = evaluate_file(table, label="labeled", score="score", bins=500, progress=False)
    >>> found.n, found.aul.error_bound < 0.01
    (2000, True)
    >>> Path(table).unlink()
    """
    sketch, sha256 = summarize_file(path, label=label, score=score, pos_label=pos_label, bins=bins, edges=edges,
                                    segment=segment, propensity=propensity, progress=progress)
    return StreamingEvaluation(
        aul=sketch.result(level, weighted=False), sha256=sha256, reason=reason,
        weighted=None if propensity is None else sketch.result(level, relative=relative),
        propensity_column=propensity, relative=relative,
        segments=None if segment is None else sketch.by_segment(level, weighted=False), segment_column=segment)

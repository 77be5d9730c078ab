"""Reading a user's score table for the ``pueval`` command: CSV or TSV (either gzip-compressed) or Parquet, from a
file, a pipe or standard input, with every read bounded before it is trusted.

What is read before it is checked is bounded: a line (the header included) longer than :data:`MAX_LINE_BYTES`
is refused as soon as it is met, standard input's format is told from its first line (decompressed as a
stream, never whole), a Parquet file's declared size is weighed against the memory available before its
columns are read, and only the columns the command uses are read. Every error is one :class:`InputError`
line that names the input; values quoted in an error are cut (:func:`pueval.validation.shown`).
"""

from __future__ import annotations

import codecs
import csv
import gzip
import hashlib
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import pandas as pd

from pueval import memory
from pueval.validation import shown

MAX_LINE_BYTES = 1 << 24
"""The longest line (header or row) read: 16 MiB, far beyond any table of scores."""
FORMATS = {".csv": ("csv", False), ".tsv": ("tsv", False), ".csv.gz": ("csv", True), ".tsv.gz": ("tsv", True),
           ".parquet": ("parquet", False)}  # file ending → (format, gzip-compressed)
CHUNK_ROWS = 1 << 18
"""Rows of a CSV or TSV parsed at a time when only some of its columns are kept."""
PARQUET_MAGIC = b"PAR1"
GZIP_MAGIC = b"\x1f\x8b"


class InputError(ValueError):
    """Bad user input: reported as one line, exit code 2."""


def cut(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters with the full length said, so that no error line is a page long."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _not_utf8(name: str, byte: int, offset: int) -> str:
    return (f"SCORES: {name} is not UTF-8 text (byte {byte:#04x} at offset {offset}); save it as UTF-8 (named .csv.gz "
            "or .tsv.gz if gzip-compressed)")


def _check_header(header: list[str], name: str) -> None:
    repeated = sorted({c for c in header if header.count(c) > 1})
    if repeated:
        raise InputError(f"SCORES: {name} repeats the column name(s) {', '.join(map(shown, repeated))}")


def _format_of(path: str) -> tuple[str, bool] | None:
    name = path.lower()
    return next((found for ending, found in FORMATS.items() if name.endswith(ending)), None)


def _long_line(name: str, offset: int) -> InputError:
    return InputError(f"SCORES: {name} has a line longer than {MAX_LINE_BYTES >> 20} MiB (from byte {offset:,} of its "
                      "text); a table of scores has short lines: is it the right file?")


class _BoundedLines(io.RawIOBase):
    """A binary stream read through, refusing any line longer than :data:`MAX_LINE_BYTES` as soon as it is met
    (what pandas would otherwise hold whole in memory: a 2 GiB cell)."""

    def __init__(self, raw: IO[bytes], name: str):
        self._raw, self._name, self._offset, self._line_start = raw, name, 0, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self._raw.read(min(len(buffer), MAX_LINE_BYTES))  # so a line within one block is within the bound
        count = len(data)
        buffer[:count] = data
        last = data.rfind(b"\n")
        if last >= 0:
            if data.find(b"\n") > MAX_LINE_BYTES - (self._offset - self._line_start):
                raise _long_line(self._name, self._line_start)
            self._line_start = self._offset + last + 1
        self._offset += count
        if self._offset - self._line_start > MAX_LINE_BYTES:
            raise _long_line(self._name, self._line_start)
        return count


def _first_line(stream: IO[bytes], name: str) -> bytes:
    """The first line of ``stream`` (its newline dropped), read in blocks and refused past the bound."""
    blocks, size = [], 0
    while size <= MAX_LINE_BYTES:
        block = stream.read(1 << 16)
        end = block.find(b"\n")
        blocks.append(block if end < 0 else block[:end])
        size += len(blocks[-1])
        if not block or end >= 0:
            break
    if size > MAX_LINE_BYTES:
        raise _long_line(name, 0)
    return b"".join(blocks).removesuffix(b"\r")


def _delimited_format(header: bytes) -> str:
    """TSV when the header splits into more fields at tabs than at commas, as the csv module splits it (a tab
    quoted inside a CSV name does not count), else CSV."""
    text = header.decode("utf-8-sig", errors="replace")
    fields = {kind: len(next(csv.reader([text], delimiter=separator), [])) for kind, separator in
              (("tsv", "\t"), ("csv", ","))}
    return "tsv" if fields["tsv"] > fields["csv"] else "csv"


def _stream_format(data: bytes, name: str) -> tuple[str, bool]:
    """(format, gzip-compressed) of the bytes of a stream: Parquet by its magic bytes (gzip-compressed or not),
    CSV or TSV by the first line, which alone is decompressed and read (bounded)."""
    compressed = data[:2] == GZIP_MAGIC
    opened = gzip.GzipFile(fileobj=io.BytesIO(data)) if compressed else io.BytesIO(data)
    with opened as stream:
        if stream.read(4) == PARQUET_MAGIC:
            return "parquet", compressed
        stream.seek(0)
        return _delimited_format(_first_line(stream, name)), compressed


def _read_parquet(source: Any, name: str, wanted: Mapping[str, str] | None) -> pd.DataFrame:
    pq = _pyarrow_parquet()
    import pyarrow as pa
    parquet = pq.ParquetFile(source)
    schema = parquet.schema_arrow
    names = [str(c) for c in schema.names if c != "__index_level_0__"]
    _check_header(names, name)
    columns = _wanted_columns(names, wanted)
    for column in columns:
        kind = schema.field(column).type
        if pa.types.is_nested(kind):  # a struct, list or map
            raise InputError(f"SCORES: column {shown(column)} of {name} is nested ({kind}); give one value per row")
    need, available = parquet.metadata.num_rows * 8 * max(len(columns), 1), memory.available_bytes()
    if available is not None and need > available // 2:
        raise InputError(f"SCORES: {name} declares {parquet.metadata.num_rows:,} rows: its {len(columns)} column(s) "
                         f"need at least {need / 1e9:.1f} GB, more than half the memory available "
                         f"({available / 1e9:.1f} GB); evaluate a sample of its rows")
    return parquet.read(columns=columns).to_pandas()


def _wanted_columns(header: list[str], wanted: Mapping[str, str] | None) -> list[str]:
    """The columns to read, in the table's order: every one without ``wanted``, else those it names (column →
    the option that names it), each of which must be in the header."""
    if wanted is None:
        return header
    for column, option in wanted.items():
        if column not in header:
            raise InputError(f"{option}: no column {shown(column)} in the table (columns: "
                             f"{', '.join(map(str, header))[:2000]})")
    return [c for c in header if c in wanted]


def _read_delimited(open_text, name: str, kind: str, wanted: Mapping[str, str] | None) -> pd.DataFrame:
    """A CSV or TSV table: its header read (bounded) and checked, then only the wanted columns, every line
    bounded. ``open_text()`` opens the (decompressed) bytes from their start."""
    if wanted is None:
        separator = "\t" if kind == "tsv" else ","
        _delimited_columns(open_text, name, separator, wanted)
        with open_text() as file:
            return pd.read_csv(io.BufferedReader(_BoundedLines(file, name), 1 << 20), sep=separator,
                               encoding="utf-8-sig")
    columns = _delimited_columns(open_text, name, "\t" if kind == "tsv" else ",", wanted)
    kept = list(_delimited_blocks(open_text, name, kind, wanted, CHUNK_ROWS))
    return pd.concat(kept, ignore_index=True) if kept else pd.DataFrame(columns=columns)


def _delimited_columns(open_text, name: str, separator: str, wanted: Mapping[str, str] | None) -> list[str]:
    """The header of a CSV or TSV table, read bounded and checked: the wanted columns in the table's order."""
    with open_text() as file:
        line = _first_line(file, name)
    if not line:
        raise InputError(f"SCORES: {name} is empty")
    header = next(csv.reader(io.StringIO(line.decode("utf-8-sig")), delimiter=separator), [])
    _check_header(header, name)
    return _wanted_columns(header, wanted)


def _delimited_blocks(open_text, name: str, kind: str, wanted: Mapping[str, str], rows: int) -> Iterator[pd.DataFrame]:
    """The wanted columns of a CSV or TSV table, ``rows`` rows at a time. Every column is parsed (a row with too
    many fields is still an error, which usecols would pass over), only the wanted ones kept, integer columns
    in the least integer type that holds their values (0/1 labels: 1 byte a row, not 8)."""
    separator = "\t" if kind == "tsv" else ","
    columns = _delimited_columns(open_text, name, separator, wanted)
    with open_text() as file:
        stream = io.BufferedReader(_BoundedLines(file, name), 1 << 20)
        with pd.read_csv(stream, sep=separator, encoding="utf-8-sig", chunksize=rows) as blocks:
            for block in blocks:
                yield _narrowed(block[columns])


def _parquet_blocks(handle: IO[bytes], name: str, wanted: Mapping[str, str], rows: int) -> Iterator[pd.DataFrame]:
    """The wanted columns of a Parquet file, a record batch of at most ``rows`` rows at a time."""
    pq = _pyarrow_parquet()
    handle.seek(0)
    parquet = pq.ParquetFile(handle, pre_buffer=False)  # pre-buffering keeps what it read: memory grows with the file
    names = [str(c) for c in parquet.schema_arrow.names if c != "__index_level_0__"]
    _check_header(names, name)
    for batch in parquet.iter_batches(batch_size=rows, columns=_wanted_columns(names, wanted)):
        yield batch.to_pandas()


def parquet_rows(path: str) -> int | None:
    """The rows a Parquet file declares (None for any other file, or one pyarrow cannot open)."""
    if _format_of(path) != ("parquet", False):
        return None
    try:
        return int(_pyarrow_parquet().ParquetFile(path).metadata.num_rows)
    except Exception:  # noqa: BLE001 - not readable as Parquet: the reader says why when it reads it
        return None


def _pyarrow_parquet():
    try:
        import pyarrow.parquet as pq
    except ImportError as error:
        raise InputError(f"SCORES: reading Parquet needs pyarrow (pip install pyarrow): {error}") from None
    return pq


def pos_label_of(column: pd.Series, text: str):
    """--pos-label as a value of the label column's type: a number for a numeric column, True/False for a
    boolean one, the text itself otherwise."""
    if pd.api.types.is_bool_dtype(column):
        if text.lower() not in ("1", "0", "true", "false"):
            raise InputError(f"--pos-label: the label column is boolean; give true or false, got {text!r}")
        return text.lower() in ("1", "true")
    if pd.api.types.is_numeric_dtype(column):
        for kind in (int, float):
            try:
                return kind(text)
            except ValueError:
                pass
        raise InputError(f"--pos-label: the label column holds numbers; {text!r} is not one")
    return text


def table_blocks(path: str, columns: Mapping[str, str], rows: int = CHUNK_ROWS) -> tuple[Callable, str]:
    """For reading in bounded memory: (``blocks()``, SHA-256 of the file's bytes), ``blocks()`` iterating the
    ``columns`` of a regular file (:data:`FORMATS`) ``rows`` rows at a time, from its start each time it is
    called (a first pass, then a second); ``blocks(only)`` reads the columns of ``only`` alone (a pass that needs
    fewer). The file is hashed first; a file that changes between that and the last block read is refused when
    ``blocks()`` ends."""
    file = Path(path)
    if path == "-" or not file.is_file():
        raise InputError(f"SCORES: {path} must be a regular file to be read in blocks (twice), not standard input, "
                         "a pipe or a folder")
    found = _format_of(path)
    if found is None:
        raise InputError(f"SCORES: {path} is none of {', '.join(FORMATS)}")
    kind, compressed = found
    with open(file, "rb") as handle:
        before = os.fstat(handle.fileno())
        sha256 = _hash_file(handle, path, text=kind != "parquet" and not compressed)

    def blocks(only: Mapping[str, str] | None = None) -> Iterator[pd.DataFrame]:
        read = columns if only is None else only
        with open(file, "rb") as handle:
            if kind == "parquet":
                parts = _parquet_blocks(handle, path, read, rows)
            else:
                def opened():
                    handle.seek(0)
                    raw = _Unclosed(handle)
                    return gzip.GzipFile(fileobj=raw) if compressed else raw

                parts = _delimited_blocks(opened, path, kind, read, rows)
            while (block := _guarded(lambda: next(parts, None), path)) is not None:
                yield block
            after = os.fstat(handle.fileno())
        if (before.st_size, before.st_mtime_ns) != (after.st_size, after.st_mtime_ns):
            raise InputError(f"SCORES: {path} changed while it was read; evaluate it once it is written")

    return blocks, sha256


def _narrowed(block: pd.DataFrame) -> pd.DataFrame:
    """``block`` with each integer column in the least integer type that holds its values (the same values)."""
    integers = [c for c in block.columns if pd.api.types.is_integer_dtype(block[c])]
    return block.assign(**{c: pd.to_numeric(block[c], downcast="integer") for c in integers}) if integers else block


def _hash_file(file: IO[bytes], name: str, *, text: bool) -> str:
    """The SHA-256 of an open file from its start, read in blocks; ``text=True`` checks on the way that it is
    UTF-8 throughout, and a byte that is not is an InputError naming ``name`` and the byte's offset."""
    digest, decoder, offset = hashlib.sha256(), codecs.getincrementaldecoder("utf-8")(), 0
    while block := file.read(1 << 22):
        digest.update(block)
        if text:
            try:
                decoder.decode(block)
            except UnicodeDecodeError as error:  # error.object: the bytes held from the last block, then this
                start = offset - (len(error.object) - len(block)) + error.start
                raise InputError(_not_utf8(name, error.object[error.start], start)) from None
        offset += len(block)
    if text:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError as error:
            raise InputError(_not_utf8(name, error.object[error.start],
                                       offset - len(error.object) + error.start)) from None
    return digest.hexdigest()


def _parse_bytes(data: bytes, name: str, wanted: Mapping[str, str] | None) -> pd.DataFrame:
    """The table in the bytes of a stream (standard input, a pipe), its format sniffed (:func:`_stream_format`)."""
    try:
        kind, compressed = _stream_format(data, name)
    except (OSError, EOFError) as error:
        raise InputError(f"SCORES: {name} is not valid gzip ({error})") from None
    if kind == "parquet":
        return _read_parquet(io.BytesIO(gzip.decompress(data) if compressed else data), name, wanted)
    return _read_delimited(lambda: gzip.GzipFile(fileobj=io.BytesIO(data)) if compressed else io.BytesIO(data),
                           name, kind, wanted)


def _parse_file(handle: IO[bytes], name: str, kind: str, compressed: bool, wanted: Mapping[str, str] | None):
    """The table in an open regular file, read from its start (so the bytes hashed are the bytes parsed)."""
    if kind == "parquet":
        handle.seek(0)
        return _read_parquet(handle, name, wanted)

    def opened():
        handle.seek(0)
        raw = _Unclosed(handle)
        return gzip.GzipFile(fileobj=raw) if compressed else raw

    return _read_delimited(opened, name, kind, wanted)


class _Unclosed(io.RawIOBase):
    """``handle`` read through, left open when the reader is closed (the file is read twice)."""

    def __init__(self, handle: IO[bytes]):
        self._handle = handle

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self._handle.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def read_table(path: str, columns: Mapping[str, str] | None = None) -> tuple[pd.DataFrame, str]:
    """(table, SHA-256 of its bytes) of a file (:data:`FORMATS`), of a pipe or device (``<(…)``, a FIFO), or of
    standard input for ``-`` (a stream's format is sniffed: Parquet by its magic bytes, gzip by its own, TSV by
    its header's fields, else CSV). ``columns`` (column → the option that names it): read only these, each of
    which must exist. A regular file is opened once, hashed in blocks and parsed from the same handle, so the
    report's hash and rows come from one file even if the path is replaced meanwhile; a file changed in place
    while read is refused."""
    if path == "-":
        return _from_stream(sys.stdin.buffer.read(), "standard input", columns)
    file = Path(path)
    try:
        mode = file.stat().st_mode
    except OSError:
        raise InputError(f"SCORES: no file {path}") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"SCORES: {path} is a folder; name a file")
    if not stat.S_ISREG(mode):  # a FIFO, <(…), a character device
        try:
            with open(file, "rb") as stream:
                return _from_stream(stream.read(), path, columns)
        except PermissionError:
            raise InputError(f"SCORES: cannot read {path}: permission denied") from None
    found = _format_of(path)
    if found is None:
        raise InputError(f"SCORES: {path} is none of {', '.join(FORMATS)}")
    kind, compressed = found
    try:
        with open(file, "rb") as handle:
            before = os.fstat(handle.fileno())
            sha256 = _hash_file(handle, path, text=kind != "parquet" and not compressed)
            table = _guarded(lambda: _parse_file(handle, path, kind, compressed, columns), path)
            after = os.fstat(handle.fileno())
    except PermissionError:
        raise InputError(f"SCORES: cannot read {path}: permission denied") from None
    if (before.st_size, before.st_mtime_ns) != (after.st_size, after.st_mtime_ns):
        raise InputError(f"SCORES: {path} changed while it was read; evaluate it once it is written")
    return table, sha256


def _from_stream(data: bytes, name: str, columns: Mapping[str, str] | None) -> tuple[pd.DataFrame, str]:
    return _guarded(lambda: _parse_bytes(data, name, columns), name), hashlib.sha256(data).hexdigest()


def _guarded(parse, name: str) -> pd.DataFrame:
    """``parse()``, every error of the readers one InputError line naming the input."""
    try:
        return parse()
    except InputError:
        raise
    except UnicodeDecodeError as error:
        raise InputError(_not_utf8(name, error.object[error.start], error.start)) from None
    except pd.errors.EmptyDataError:
        raise InputError(f"SCORES: {name} has no columns") from None
    except Exception as error:  # pandas and pyarrow raise many types for a malformed file
        raise InputError(f"SCORES: cannot read {name} ({type(error).__name__}: {cut(str(error).strip())})") from None

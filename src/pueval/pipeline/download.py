"""Raw tables of the catalog's datasets: a local table, ``ucimlrepo`` online, or a mirror folder.

A ``source: {uci: <id>}`` entry gives the same table by both of its routes: the entry's ``columns``
(ucimlrepo's feature columns, then its targets) in that order. The mirror holds the original UCI
files (``shared/uci/SOURCES.md``); each is checked against the SHA-256 the entry gives before it is
read. A ``source: {file: <path>}`` entry is a CSV with a header row or a Parquet file.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

log = logging.getLogger(__name__)


class DataUnavailableError(RuntimeError):
    """The data cannot be had: no network and no mirror, a missing file or a checksum mismatch."""


@dataclass(frozen=True)
class Source:
    """Where a dataset's raw table comes from (the entry's ``SOURCE_KEYS``)."""

    name: str
    uci: int | None = None
    file: Path | None = None
    columns: tuple[str, ...] | None = None
    mirror: dict | None = None
    url: str | None = None
    sha256: str | None = None

    @classmethod
    def of(cls, name: str, keys: dict) -> Source:
        source = keys["source"]
        columns = keys.get("columns")
        return cls(name, uci=source.get("uci"), file=Path(source["file"]) if "file" in source else None,
                   columns=tuple(columns) if columns is not None else None, mirror=keys.get("mirror"),
                   url=source.get("url"), sha256=source.get("sha256"))


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _read_table(path: Path, mirror: dict) -> pd.DataFrame:
    """One mirror file as the entry's ``mirror`` keys say: ``format`` csv (``sep``, ``header``, ``missing``: the
    text of a missing value) or excel (first sheet, as floats), after skipping ``skip_rows`` lines."""
    skip = mirror.get("skip_rows", 0)
    if mirror.get("format", "csv") == "excel":
        import xlrd

        sheet = xlrd.open_workbook(str(path)).sheet_by_index(0)
        return pd.DataFrame([sheet.row_values(i) for i in range(skip, sheet.nrows)], dtype=float)
    missing = [mirror["missing"]] if "missing" in mirror else None
    sep = mirror.get("sep", ",")
    return pd.read_csv(path, sep=sep, header=0 if mirror.get("header") else None, skiprows=skip, na_values=missing,
                       engine="python" if len(sep) > 1 else "c")


def _selected(raw: pd.DataFrame, source: Source, where: str) -> pd.DataFrame:
    """The entry's ``columns`` of ``raw``, in that order (every column when the entry names none)."""
    if source.columns is None:
        return raw
    missing = [c for c in source.columns if c not in raw.columns]
    if missing:
        raise DataUnavailableError(f"{source.name}: {where} has no column(s) {missing} of config key "
                                   f"'datasets.{source.name}.columns' (it has {list(raw.columns)})")
    return raw.loc[:, list(source.columns)]


def read_mirror(source: Source, folder: Path, *, verify_checksums: bool = True) -> pd.DataFrame:
    """The raw table read from the original files in ``folder`` (config key ``uci_mirror``; a file name may lead
    out of it, as ``../compas/...`` does)."""
    folder = Path(folder)
    mirror = source.mirror
    if mirror is None:
        raise DataUnavailableError(f"{source.name}: config key 'datasets.{source.name}.mirror' is not set, so "
                                   f"the dataset cannot be read from uci_mirror {folder}")
    paths = []
    for name, sha256 in mirror["files"].items():
        path = folder / name
        if not path.is_file():
            raise DataUnavailableError(f"{source.name}: uci_mirror folder {folder} has no file {name!r}")
        if verify_checksums:
            actual = sha256_of(path)
            if actual != sha256:
                raise DataUnavailableError(
                    f"{source.name}: {path} has SHA-256 {actual}, expected {sha256} "
                    "(the UCI original, see shared/uci/SOURCES.md)"
                )
        else:
            log.warning("%s: checksum of %s not verified (verify_checksums: false)", source.name, path)
        paths.append(path)
    raw = pd.concat([_read_table(p, mirror) for p in paths], ignore_index=True)
    where = f"mirror files {list(mirror['files'])}"
    if not mirror.get("header"):
        names = mirror.get("names", source.columns)
        if raw.shape[1] != len(names):
            raise DataUnavailableError(f"{source.name}: {where} have {raw.shape[1]} columns, expected "
                                       f"{len(names)} ({', '.join(names)})")
        raw.columns = list(names)
    raw = _selected(raw, source, where)
    _check_missing_marker(raw, source, where)
    return raw


MARKER_SHARE = 0.9  # a text column whose values are numbers but for at most this share's complement ...
MARKER_TOKENS = 2  # ... of at most this many distinct texts holds numbers with a missing-value marker


def _check_missing_marker(raw: pd.DataFrame, source: Source, where: str) -> None:
    """Refuse a column that holds numbers and a few rows of one or two texts (UCI writes a missing value as
    "?"): read as text, the marker would become a category of its own and the numbers one-hot levels. The
    entry's ``mirror.missing`` names the marker."""
    for column in raw.columns:
        if pd.api.types.is_numeric_dtype(raw[column]) or pd.api.types.is_bool_dtype(raw[column]):
            continue
        values = raw[column].dropna().astype(str)
        numbers = pd.to_numeric(values, errors="coerce")
        tokens = sorted(set(values[numbers.isna()]))
        if values.size and numbers.notna().mean() >= MARKER_SHARE and 1 <= len(tokens) <= MARKER_TOKENS:
            declared = source.mirror.get("missing")
            raise DataUnavailableError(
                f"{source.name}: column {column!r} of {where} holds numbers and {int(numbers.isna().sum())} rows of "
                f"{', '.join(map(repr, tokens))}; if that marks a missing value, set config key "
                f"'datasets.{source.name}.mirror.missing' to it"
                + (f" (it is {declared!r})" if declared is not None else ""))


def read_file(source: Source) -> pd.DataFrame:
    """The raw table of a ``source: {file: ...}`` entry: a CSV with a header row, or a Parquet file."""
    path = source.file
    if not path.is_file():
        raise DataUnavailableError(f"{source.name}: config key 'datasets.{source.name}.source.file': no file {path}")
    if path.suffix.lower() == ".parquet":
        return pd.read_parquet(path)
    return pd.read_csv(path)


NETWORK_TIMEOUT = 60  # seconds a network call of ucimlrepo may wait


def table_sha256(raw: pd.DataFrame) -> str:
    """SHA-256 of a raw table's content (column names, then every value by pandas' stable row hash)."""
    digest = hashlib.sha256("\x1f".join(map(str, raw.columns)).encode())
    digest.update(pd.util.hash_pandas_object(raw, index=False).to_numpy().tobytes())
    return digest.hexdigest()


def pin(raw: pd.DataFrame, name: str, folder: str | Path) -> str:
    """Check the raw table against the content pinned by its first download (``folder/<name>.sha256``),
    or pin it there; returns the hash. A route change that gives the same content passes."""
    digest = table_sha256(raw)
    path = Path(folder) / f"{name}.sha256"
    if path.is_file():
        pinned = path.read_text().split()[0]
        if pinned != digest:
            raise DataUnavailableError(
                f"{name}: the raw table's content (SHA-256 {digest}) differs from the one pinned by its first "
                f"download ({pinned}, in {path}); if the source changed on purpose, delete {path}")
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{digest}\n")
    return digest


def fetch_online(source: Source) -> pd.DataFrame:
    """The raw table fetched with ``ucimlrepo`` by UCI id; a clear error when offline or slow."""
    import socket

    from ucimlrepo import fetch_ucirepo

    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(NETWORK_TIMEOUT)
    try:
        repo = fetch_ucirepo(id=source.uci)
    except (ConnectionError, OSError) as err:  # URLError and timeouts are OSErrors
        files = ", ".join((source.mirror or {}).get("files", {})) or "see the entry's mirror key"
        raise DataUnavailableError(
            f"{source.name}: cannot reach the UCI repository (id {source.uci}) with ucimlrepo "
            f"({err}). Offline, set the config key `uci_mirror` to a folder holding the original "
            f"UCI files ({files})."
        ) from err
    finally:
        socket.setdefaulttimeout(previous)
    return _selected(pd.concat([repo.data.features, repo.data.targets], axis=1), source, "ucimlrepo's table")


def download_bytes(url: str, what: str, offline: str) -> bytes:
    """The bytes at an https ``url``; when it cannot be reached, a DataUnavailableError naming ``what`` and saying
    what to do offline (``offline``)."""
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=NETWORK_TIMEOUT) as response:  # noqa: S310 (https only)
            return response.read()
    except OSError as err:
        raise DataUnavailableError(f"{what}: cannot download {url} ({err}). Offline, {offline}") from err


def fetch_url(source: Source) -> pd.DataFrame:
    """The raw table of a ``source: {url, sha256}`` entry, downloaded and checked against its SHA-256, read as
    the entry's ``mirror`` keys say (a dataset outside UCI, such as ProPublica's COMPAS file)."""
    import tempfile

    content = download_bytes(source.url, source.name, "set the config key `uci_mirror` to a folder holding "
                                                      f"{', '.join((source.mirror or {}).get('files', {}))}")
    actual = hashlib.sha256(content).hexdigest()
    if actual != source.sha256:
        raise DataUnavailableError(f"{source.name}: {source.url} has SHA-256 {actual}, expected {source.sha256} "
                                   f"(config key 'datasets.{source.name}.source.sha256')")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "download"
        path.write_bytes(content)
        raw = _read_table(path, source.mirror or {"header": True})
    return _selected(raw, source, source.url)


def fetch(source: Source, mirror: str | Path | None, *, verify_checksums: bool = True) -> pd.DataFrame:
    """The raw table: the entry's file, else the mirror folder when one is set, else ucimlrepo or the URL."""
    if source.file is not None:
        return read_file(source)
    if mirror:
        return read_mirror(source, Path(mirror), verify_checksums=verify_checksums)
    return fetch_url(source) if source.url is not None else fetch_online(source)


def obtain(source: Source, mirror: str | Path | None, *, verify_checksums: bool, provenance: str | Path):
    """(raw table, content SHA-256, route) by :func:`fetch`; a uci source's content is pinned in the
    folder ``provenance`` (:func:`pin`), a local file's is the user's to change."""
    raw = fetch(source, mirror, verify_checksums=verify_checksums)
    if source.file is not None:
        return raw, table_sha256(raw), str(source.file)
    return raw, pin(raw, source.name, provenance), str(mirror) if mirror else (source.url or "ucimlrepo")

"""Raw tables of the UCI datasets: from ``ucimlrepo`` online, or from a local mirror folder.

Both routes give the same table: the ``ucimlrepo`` feature columns followed by its target columns.
The mirror holds the original UCI files (``shared/uci/SOURCES.md``); each is checked against its
SHA-256 before it is read.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

import pandas as pd

from pueval.datasets import DatasetSpec

log = logging.getLogger(__name__)


class DataUnavailableError(RuntimeError):
    """The data cannot be had: no network and no mirror, a missing file or a checksum mismatch."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _named(raw: pd.DataFrame, spec: DatasetSpec, source: str) -> pd.DataFrame:
    if raw.shape[1] != len(spec.columns):
        raise DataUnavailableError(
            f"{spec.title}: {source} has {raw.shape[1]} columns, expected {len(spec.columns)} "
            f"({', '.join(spec.columns)})"
        )
    raw = raw.copy()
    raw.columns = list(spec.columns)
    return raw


def read_mirror(spec: DatasetSpec, folder: Path, *, verify_checksums: bool = True) -> pd.DataFrame:
    """The raw table read from the original UCI files in ``folder`` (config key ``uci_mirror``)."""
    folder = Path(folder)
    paths = []
    for f in spec.files:
        path = folder / f.name
        if not path.is_file():
            raise DataUnavailableError(
                f"{spec.title}: uci_mirror folder {folder} has no file {f.name!r}"
            )
        if verify_checksums:
            actual = sha256_of(path)
            if actual != f.sha256:
                raise DataUnavailableError(
                    f"{spec.title}: {path} has SHA-256 {actual}, expected {f.sha256} "
                    "(the UCI original, see shared/uci/SOURCES.md)"
                )
        else:
            log.warning("%s: checksum of %s not verified (verify_checksums: false)", spec.title, path)
        paths.append(path)
    return _named(spec.read_mirror(paths), spec, f"mirror files {[f.name for f in spec.files]}")


NETWORK_TIMEOUT = 60  # seconds a network call of ucimlrepo may wait


def table_sha256(raw: pd.DataFrame) -> str:
    """SHA-256 of a raw table's content (column names, then every value by pandas' stable row hash)."""
    digest = hashlib.sha256("\x1f".join(map(str, raw.columns)).encode())
    digest.update(pd.util.hash_pandas_object(raw, index=False).to_numpy().tobytes())
    return digest.hexdigest()


def pin(raw: pd.DataFrame, spec: DatasetSpec, folder: str | Path) -> str:
    """Check the raw table against the content pinned by its first download (``folder/<key>.sha256``),
    or pin it there; returns the hash. A route change that gives the same content passes."""
    digest = table_sha256(raw)
    path = Path(folder) / f"{spec.key}.sha256"
    if path.is_file():
        pinned = path.read_text().split()[0]
        if pinned != digest:
            raise DataUnavailableError(
                f"{spec.title}: the raw table's content (SHA-256 {digest}) differs from the one pinned by its first "
                f"download ({pinned}, in {path}); if the source changed on purpose, delete {path}")
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{digest}\n")
    return digest


def fetch_online(spec: DatasetSpec) -> pd.DataFrame:
    """The raw table fetched with ``ucimlrepo`` by UCI id; a clear error when offline or slow."""
    import socket

    from ucimlrepo import fetch_ucirepo

    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(NETWORK_TIMEOUT)
    try:
        repo = fetch_ucirepo(id=spec.uci_id)
    except (ConnectionError, OSError) as err:  # URLError and timeouts are OSErrors
        raise DataUnavailableError(
            f"{spec.title}: cannot reach the UCI repository (id {spec.uci_id}) with ucimlrepo "
            f"({err}). Offline, set the config key `uci_mirror` to a folder holding the original "
            f"UCI files ({', '.join(f.name for f in spec.files)})."
        ) from err
    finally:
        socket.setdefaulttimeout(previous)
    raw = pd.concat([repo.data.features, repo.data.targets], axis=1)
    if list(raw.columns) != list(spec.columns):
        raise DataUnavailableError(
            f"{spec.title}: ucimlrepo returned columns {list(raw.columns)}, "
            f"expected {list(spec.columns)}"
        )
    return raw


def fetch(spec: DatasetSpec, mirror: str | Path | None, *, verify_checksums: bool = True) -> pd.DataFrame:
    if mirror:
        return read_mirror(spec, Path(mirror), verify_checksums=verify_checksums)
    return fetch_online(spec)

"""Claesen et al.'s own classifier scores (``data.pkl`` of claesenm/semisup-metrics), read safely.

The file is a Python 2 pickle of ``{name: {"labels": bool array, "decision_values": tuple of floats}}``
(``shared/claesen/SOURCES.md``). A pickle can run code when it is loaded, so the file's SHA-256 is
checked first, and it is unpickled by :class:`ArraysOnly`, whose ``find_class`` admits the three
names the file references (NumPy's array reconstructor, under its NumPy 1 or NumPy 2 module name,
``ndarray`` and ``dtype``) and refuses every other. The source is ``{url, sha256}``, as for COMPAS: read from the mirror folder when the config
names one (the path relative to ``uci_mirror``), else downloaded.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from pathlib import Path

import numpy as np
import pandas as pd

from pueval.pipeline.download import DataUnavailableError, download_bytes

# the names the file references; NumPy 2 writes the same reconstructor as numpy._core.multiarray
ALLOWED = frozenset({("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
                     ("numpy", "ndarray"), ("numpy", "dtype")})


class ArraysOnly(pickle.Unpickler):
    """An unpickler that builds NumPy arrays and nothing else (:data:`ALLOWED`)."""

    def find_class(self, module: str, name: str):
        if (module, name) not in ALLOWED:
            raise pickle.UnpicklingError(f"the pickle asks for {module}.{name}; only "
                                         f"{', '.join(sorted(f'{m}.{n}' for m, n in ALLOWED))} are admitted")
        return super().find_class(module, name)  # NumPy resolves its old module path itself


def _content(url: str, mirror_file: Path | None) -> bytes:
    if mirror_file is not None:
        if not mirror_file.is_file():
            raise DataUnavailableError(f"the authors' scores: no file {mirror_file} (config key 'claesen.scores.mirror', "
                                       "relative to uci_mirror)")
        return mirror_file.read_bytes()
    return download_bytes(url, "the authors' scores", "set uci_mirror to a folder beside which config key "
                                                      "'claesen.scores.mirror' finds data.pkl")


def load(content: bytes, sha256: str, entry: str) -> pd.DataFrame:
    """The rows of ``entry`` (``covtype`` or ``sensit``) as columns ``label`` (1 = positive) and ``score``, after
    the content's SHA-256 is checked against ``sha256``."""
    actual = hashlib.sha256(content).hexdigest()
    if actual != sha256:
        raise DataUnavailableError(f"the authors' scores have SHA-256 {actual}, expected {sha256} (config key "
                                   "'claesen.scores.source.sha256'); the file is not unpickled")
    data = ArraysOnly(io.BytesIO(content), encoding="latin1").load()
    if not isinstance(data, dict) or entry not in data:
        raise ValueError(f"the authors' scores hold no entry {entry!r} (config key 'claesen.scores.entry'; "
                         f"entries: {', '.join(map(str, data)) if isinstance(data, dict) else 'none'})")
    labels = np.asarray(data[entry]["labels"], dtype=bool)
    scores = np.asarray(data[entry]["decision_values"], dtype=np.float64)
    if labels.shape != scores.shape or labels.ndim != 1 or not np.isfinite(scores).all():
        raise ValueError(f"the authors' {entry} scores: labels {labels.shape} and decision values {scores.shape} "
                         "must be one finite value per row")
    return pd.DataFrame({"label": labels.astype(np.int64), "score": scores})


def fetch(source: dict, mirror: str | Path | None, relative: str, entry: str) -> pd.DataFrame:
    """:func:`load` of the file at ``mirror``/``relative`` when a mirror folder is set, else downloaded from
    ``source["url"]``."""
    mirror_file = (Path(mirror) / relative).resolve() if mirror else None
    return load(_content(source["url"], mirror_file), source["sha256"], entry)

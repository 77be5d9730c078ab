"""Seeds derived from the config seed and a job's identity, never from job order.

``seed_sequence(root, "abalone", 0.1, 7)`` is the same whatever ``--cores`` is or which jobs ran
before: each identity part becomes a stable integer (strings and floats through SHA-256 of their
text), and the parts form the ``spawn_key`` of a :class:`numpy.random.SeedSequence`.
:class:`PriorSeeds` bundles the random inputs of one class-prior estimate derived that way.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np


def _part(value: str | int | float) -> int:
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("a seed part may not be a bool")
    if isinstance(value, (int, np.integer)) and value >= 0:
        return int(value)
    text = repr(float(value)) if isinstance(value, (float, np.floating)) else str(value)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


def seed_sequence(root: int, *identity: str | int | float) -> np.random.SeedSequence:
    """The SeedSequence of the job (or draw) named by ``identity`` under the config seed ``root``."""
    return np.random.SeedSequence(entropy=int(root), spawn_key=tuple(_part(p) for p in identity))


def rng(root: int, *identity: str | int | float) -> np.random.Generator:
    return np.random.default_rng(seed_sequence(root, *identity))


def int_seed(root: int, *identity: str | int | float) -> int:
    """A 31-bit integer seed for libraries that take one (LightGBM, scikit-learn)."""
    return int(seed_sequence(root, *identity).generate_state(1, dtype=np.uint32)[0] >> 1)


@dataclass(frozen=True)
class PriorSeeds:
    """The random inputs of one class-prior estimate (:mod:`pueval.mpe.priors`): ``transform`` seeds the LightGBM transform (DistCurve, EN and
    BBE), ``curve`` draws DistCurve's component points, ``tice`` TIcE's split. KM is deterministic."""

    transform: int
    curve: np.random.Generator
    tice: np.random.Generator

    @classmethod
    def of(cls, root: int, *identity: str | int | float) -> PriorSeeds:
        """The seeds of the estimate named by ``identity`` under ``root``: (root, *identity, "transform"),
        (…, "curve") and (…, "tice")."""
        return cls(int_seed(root, *identity, "transform"), rng(root, *identity, "curve"),
                   rng(root, *identity, "tice"))

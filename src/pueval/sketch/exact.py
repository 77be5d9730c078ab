"""Exact sums of floats per cell, mergeable in any order to the same bits.

A float64 ``x > 0`` is ``m·2^(k−53)`` with an integer mantissa ``m < 2⁵³`` (``numpy.frexp``). Per cell and
exponent ``k`` the mantissas' high and low 26/27-bit halves are summed as 64-bit integers (exact: a half is below
2²⁷ and a cell takes at most 2³⁶ values before it could overflow), so a sum is a handful of integers that add
exactly, whatever the order or the partitioning of the values. :meth:`ExactSums.values` turns each cell's
integers into the correctly rounded float64 of the exact total (``math.fsum`` of terms each exactly a float).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

_LOW_BITS = 26
_CHUNK = 1 << 25  # values summed per float64 bincount: 2²⁵ · 2²⁷ ≤ 2⁵², so every partial sum is exact


@dataclass(frozen=True, eq=False)
class ExactSums:
    """Per-cell exact sums of positive finite floats: ``parts[k]`` holds, for exponent ``k``, the (2, cells) int64
    sums of the mantissas' high and low halves."""

    cells: int
    parts: dict

    @classmethod
    def of(cls, cells: np.ndarray, values: np.ndarray, size: int) -> ExactSums:
        """The sums of ``values`` (positive, finite) by ``cells`` (integers in [0, size))."""
        mantissa, exponent = np.frexp(values)
        return cls.of_scaled(cells, mantissa, exponent, size)

    @classmethod
    def of_scaled(cls, cells: np.ndarray, mantissa: np.ndarray, exponent: np.ndarray, size: int) -> ExactSums:
        """The sums of the values ``mantissa * 2**exponent`` (mantissas in [½, 1), integer exponents of any size: a
        value need not be a finite float64, as 1/e² of a propensity e = 10⁻²⁰⁰ is not) by ``cells``."""
        parts: dict = {}
        for start in range(0, mantissa.size, _CHUNK):
            cell = cells[start:start + _CHUNK]
            exponent_part = np.asarray(exponent[start:start + _CHUNK], dtype=np.int64)
            m = np.ldexp(mantissa[start:start + _CHUNK], 53).astype(np.int64)
            high, low = (m >> _LOW_BITS).astype(np.float64), (m & ((1 << _LOW_BITS) - 1)).astype(np.float64)
            for k in np.unique(exponent_part).tolist():
                chosen = exponent_part == k
                sums = np.stack([np.bincount(cell[chosen], high[chosen], size),
                                 np.bincount(cell[chosen], low[chosen], size)]).astype(np.int64)
                parts[k] = parts[k] + sums if k in parts else sums
        return cls(size, parts)

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(the exponents, the (exponents, 2, cells) int64 sums): the data, and only the data, of these sums."""
        exponents = sorted(self.parts)
        stacked = np.stack([self.parts[k] for k in exponents]) if exponents else np.zeros((0, 2, self.cells),
                                                                                          np.int64)
        return np.asarray(exponents, dtype=np.int64), stacked.astype(np.int64)

    @classmethod
    def from_arrays(cls, exponents: np.ndarray, sums: np.ndarray, cells: int) -> ExactSums:
        """:meth:`arrays` read back, checked: integer exponents, distinct, and int64 sums of shape
        (exponents, 2, cells) that are not negative."""
        exponents, sums = np.asarray(exponents), np.asarray(sums)
        if exponents.dtype.kind != "i" or exponents.ndim != 1 or np.unique(exponents).size != exponents.size:
            raise ValueError("the exact sums' exponents must be distinct integers")
        if sums.dtype != np.int64 or sums.shape != (exponents.size, 2, cells) or (sums < 0).any():
            raise ValueError(f"the exact sums must be int64 of shape ({exponents.size}, 2, {cells}), not negative")
        return cls(cells, {int(k): sums[i].copy() for i, k in enumerate(exponents)})

    def __add__(self, other: ExactSums) -> ExactSums:
        parts = dict(self.parts)
        for k, sums in other.parts.items():
            parts[k] = parts[k] + sums if k in parts else sums
        return ExactSums(self.cells, parts)

    def top_exponent(self, cells: slice = slice(None)) -> int:
        """The largest exponent of the values summed in ``cells`` (0 when there are none): a scale for
        :meth:`values`."""
        return max((k for k, sums in self.parts.items() if sums[:, cells].any()), default=0)

    def values(self, scale: int = 0) -> np.ndarray:
        """Each cell's exact total times ``2**-scale``, rounded once to float64 (inf where it overflows): with the
        scale of the largest values, totals that overflow a float64 still give their ratios."""
        out = np.zeros(self.cells)
        if not self.parts:
            return out
        terms = []
        with np.errstate(over="ignore", under="ignore"):  # beyond float64's range: inf, or a term below a subnormal
            for k, (high, low) in sorted(self.parts.items()):
                for part, shift in ((high, k - scale - 53 + _LOW_BITS), (low, k - scale - 53)):
                    # an int64 sum split into 32-bit halves, each exactly a float64
                    terms.append(np.ldexp((part >> 32).astype(np.float64), shift + 32))
                    terms.append(np.ldexp((part & 0xFFFFFFFF).astype(np.float64), shift))
        stacked = np.stack(terms)
        for cell in np.flatnonzero(stacked.any(axis=0)):
            try:
                out[cell] = math.fsum(stacked[:, cell])
            except OverflowError:
                out[cell] = math.inf
        return out

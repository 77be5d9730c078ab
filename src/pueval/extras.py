"""The optional parts of the library and the extra that installs each.

The core (``pip install .`` in a clone of pueval, or ``pip install`` of a built wheel; pueval is not on PyPI)
brings what AUL^PU, its intervals, the curves, the corrected metrics and the ``pueval`` command need: NumPy,
SciPy and pandas. The class-prior estimators need the ``mpe`` extra
(numba for KM1/KM2, TIcE and DistCurve's curve; LightGBM and scikit-learn for the cross-fitted transform of
DistCurve, EN and BBE), the figures the ``plot`` extra (matplotlib). A module of those parts imports its
package through :func:`require`, so a missing one is a one-line error that names the extra to install.
"""

from __future__ import annotations

import importlib
from types import ModuleType

EXTRAS = {"numba": "mpe", "lightgbm": "mpe", "sklearn": "mpe", "matplotlib": "plot", "dask": "dask", "pyspark": "spark",
          "duckdb": "duckdb", "pyarrow": "duckdb", "baycomp": "bench", "yaml": "bench"}
"""The extra that installs each optional package (by its import name)."""
DISTRIBUTIONS = {"numba": "numba", "lightgbm": "lightgbm", "sklearn": "scikit-learn", "matplotlib": "matplotlib",
                 "dask": "dask[dataframe] distributed", "pyspark": "pyspark pyarrow", "duckdb": "duckdb",
                 "pyarrow": "pyarrow", "baycomp": "baycomp", "yaml": "pyyaml"}
"""Each optional package's name on the package index (what ``pip install`` takes)."""


class MissingExtraError(ImportError):
    """An optional package is not installed; the message names the extra that installs it."""


def require(module: str, needed_for: str) -> ModuleType:
    """The module ``module`` (e.g. ``"numba"``, ``"sklearn.model_selection"``), imported; if its package is
    missing, a :class:`MissingExtraError` saying that ``needed_for`` (what the caller computes) needs it and
    how to install it.

    Examples
    --------
    >>> require("sklearn.metrics", "the scorer").__name__
    'sklearn.metrics'
    """
    package = module.partition(".")[0]
    if package not in EXTRAS:
        raise ValueError(f"module: {module!r} is not an optional package of pueval ({', '.join(EXTRAS)})")
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if getattr(error, "name", None) not in (None, package) and not str(error.name).startswith(f"{package}."):
            raise  # the package is there but something it needs is broken: its own message says what
        extra = EXTRAS[package]
        packages = " ".join(DISTRIBUTIONS[p] for p, e in EXTRAS.items() if e == extra)
        raise MissingExtraError(f"{package} is needed for {needed_for}; the {extra!r} extra installs it: "
                                f"pip install '.[{extra}]' in a clone of pueval (from a built wheel: pip install "
                                f"'pueval-….whl[{extra}]'), or its packages alone: pip install {packages}",
                                name=package) from None

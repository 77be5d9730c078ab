"""AUL^PU at scale: mergeable histograms of the scores (:mod:`pueval.sketch.core`) and thin adapters that
summarize every partition of a Dask or PySpark DataFrame, or every record batch of a DuckDB relation, and merge
(:mod:`pueval.sketch.engines`; the ``dask``, ``spark`` and ``duckdb`` extras).

The core needs NumPy and pandas only; each engine is imported when its adapter is called."""

from pueval.sketch.core import (Binned, BinnedAUL, BinnedDifference, CoarseBinsWarning, PairedSketch, Sketch,
                                default_edges, summarize, summarize_pair)
from pueval.sketch.engines import dask, duckdb, spark

__all__ = ["Sketch", "PairedSketch", "BinnedAUL", "BinnedDifference", "Binned", "summarize", "summarize_pair",
           "default_edges", "CoarseBinsWarning", "dask", "spark", "duckdb"]

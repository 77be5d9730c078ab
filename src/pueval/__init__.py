"""pueval: evaluate classifiers on positive-unlabeled data with AUL^PU (see README.md).

The library is this package without its two subpackages: :mod:`pueval.studies` (the experiments of
the papers, on arrays and frames) and :mod:`pueval.pipeline` (Snakemake's side: config, files,
figures). Dependencies run one way, pipeline → studies → library, and importing the library loads
neither of the others.

``evaluate`` and ``compare`` (:mod:`pueval.evaluation`: every number of ``pueval evaluate`` and ``compare`` as one
value, an ``Evaluation`` or a ``Comparison``),
``aul_pu_score``, ``aul_pu_interval``, ``aul_pu_difference`` and ``aul_pu_scorer`` (:mod:`pueval.aul_pu`),
``operating_point``, ``operating_points`` and ``calibration_check`` (:mod:`pueval.operating`: a threshold
without a prior), ``select_models`` and ``refit_within_set`` (:mod:`pueval.selection`: which model is best) are
imported on first use, so that importing a submodule stays cheap; so are the public submodules
(:data:`SUBMODULES`). Evaluation at scale, on Dask, Spark or DuckDB: :mod:`pueval.sketch`; of a file too large
for memory, read in blocks: :func:`pueval.streaming.evaluate_file`. Class priors:
:func:`pueval.mpe.estimate_prior` (the ``mpe`` extra, :mod:`pueval.extras`); curves: :mod:`pueval.curves`.
"""

from typing import TYPE_CHECKING

__version__ = "0.2.0"

if TYPE_CHECKING:  # what type checkers read; at run time the names below load on first use (__getattr__)
    # "x as x": an explicit re-export, which mypy --strict (no implicit re-export) accepts in a client
    from pueval import aul_pu as aul_pu, curves as curves, evaluation as evaluation, extras as extras
    from pueval import logistic as logistic, metrics as metrics, mpe as mpe, multitest as multitest
    from pueval import operating as operating, plots as plots, propensity as propensity, related as related
    from pueval import sar_em as sar_em, selection as selection, sketch as sketch, streaming as streaming
    from pueval import validation as validation
    from pueval.aul_pu import PairedDifference as PairedDifference, aul_pu_difference as aul_pu_difference
    from pueval.aul_pu import aul_pu_interval as aul_pu_interval, aul_pu_score as aul_pu_score
    from pueval.aul_pu import aul_pu_scorer as aul_pu_scorer
    from pueval.evaluation import Comparison as Comparison, Evaluation as Evaluation, compare as compare
    from pueval.evaluation import evaluate as evaluate
    from pueval.operating import CalibrationCheck as CalibrationCheck, OperatingPoint as OperatingPoint
    from pueval.operating import calibration_check as calibration_check, operating_point as operating_point
    from pueval.operating import operating_points as operating_points
    from pueval.reports import report as report
    from pueval.selection import Selection as Selection, refit_within_set as refit_within_set
    from pueval.selection import select_models as select_models

_EXPORTS = {"aul_pu_score": "aul_pu", "aul_pu_interval": "aul_pu", "aul_pu_difference": "aul_pu",
            "aul_pu_scorer": "aul_pu", "PairedDifference": "aul_pu", "operating_point": "operating",
            "operating_points": "operating", "OperatingPoint": "operating", "calibration_check": "operating",
            "CalibrationCheck": "operating", "select_models": "selection", "Selection": "selection",
            "refit_within_set": "selection", "evaluate": "evaluation", "Evaluation": "evaluation",
            "compare": "evaluation", "Comparison": "evaluation", "report": "reports"}

SUBMODULES = {"aul_pu", "metrics", "curves", "related", "mpe", "plots", "propensity", "sar_em", "logistic", "validation",
              "extras", "operating", "multitest", "sketch", "streaming", "selection", "evaluation"}
"""The public submodules, each an attribute of the package on first use (``pueval.curves.roc_curve``)."""

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name):
    import importlib

    if name in _EXPORTS:
        return getattr(importlib.import_module(f"pueval.{_EXPORTS[name]}"), name)
    if name in SUBMODULES:
        return importlib.import_module(f"pueval.{name}")
    raise AttributeError(f"module 'pueval' has no attribute {name!r}")


def __dir__():
    return sorted({*globals(), *_EXPORTS, *SUBMODULES})

"""Mixture proportion estimation: θ, the share of positives among the unlabeled rows.

``estimate_prior(X, labels, method)`` is the entry point for the six methods
(:mod:`pueval.mpe.priors`).
``km`` (KM1/KM2, :mod:`pueval.mpe.kernel_embedding`), ``distcurve``
(:mod:`pueval.mpe.distance_curve`) and ``PriorEstimator`` / ``PriorOptions`` / ``PriorSeeds`` (every method by name,
:mod:`pueval.mpe.priors`) are imported on first use, so that a job running KM does not pay for
importing LightGBM.
"""

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # what type checkers read; at run time __getattr__ imports each on first use ("x as x": an
    # explicit re-export, which mypy --strict accepts in a client)
    from pueval.mpe.distance_curve import distcurve as distcurve
    from pueval.mpe.kernel_embedding import km as km
    from pueval.mpe.priors import BootstrapWarning as BootstrapWarning, PriorAtBoundWarning as PriorAtBoundWarning
    from pueval.mpe.priors import PriorEstimate as PriorEstimate, PriorEstimator as PriorEstimator
    from pueval.mpe.priors import PriorOptions as PriorOptions, SubsampleWarning as SubsampleWarning
    from pueval.mpe.priors import estimate_prior as estimate_prior, estimate_priors as estimate_priors
    from pueval.mpe.priors import priors_agree as priors_agree
    from pueval.seeds import PriorSeeds as PriorSeeds

THETA_MAX = 0.999  # every estimate is capped here: the corrected AUC divides by 1 − θ̂

PUBLIC_METHODS = ("km1", "km2", "distcurve", "en", "bbe", "tice")
Method = Literal["km1", "km2", "distcurve", "en", "bbe", "tice"]  # PUBLIC_METHODS (a test checks)
"""The method names of ``estimate_prior``, ``PriorEstimator`` and the CLI: the one list and spelling of them."""

_EXPORTS = {"km": "pueval.mpe.kernel_embedding", "distcurve": "pueval.mpe.distance_curve",
            "PriorEstimator": "pueval.mpe.priors", "PriorOptions": "pueval.mpe.priors", "PriorSeeds": "pueval.seeds",
            "estimate_prior": "pueval.mpe.priors", "PriorEstimate": "pueval.mpe.priors",
            "estimate_priors": "pueval.mpe.priors", "priors_agree": "pueval.mpe.priors",
            "PriorAtBoundWarning": "pueval.mpe.priors", "SubsampleWarning": "pueval.mpe.priors",
            "BootstrapWarning": "pueval.mpe.priors"}

__all__ = list(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'pueval.mpe' has no attribute {name!r}")

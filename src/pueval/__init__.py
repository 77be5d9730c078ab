"""pueval: evaluate classifiers on positive-unlabeled data with AUL^PU (see README.md).

``aul_pu_score``, ``aul_pu_interval`` and ``aul_pu_scorer`` (:mod:`pueval.evaluate`) are imported
on first use, so that importing a submodule stays cheap.
"""

_EXPORTS = {"aul_pu_score", "aul_pu_interval", "aul_pu_scorer"}

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        from pueval import evaluate

        return getattr(evaluate, name)
    raise AttributeError(f"module 'pueval' has no attribute {name!r}")

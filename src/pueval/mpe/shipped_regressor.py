"""The DistCurve regressor shipped with pueval: how it was trained, and where it lies.

What a default pipeline run would train (:func:`pueval.mpe.distance_curve.fit_model` with these
options and seed), written gzipped by ``python -m pueval.mpe.distance_curve``. Kept apart from
:mod:`pueval.mpe.distance_curve` so that the Snakefile can ask :func:`matches` without importing
LightGBM: a run whose config asks for exactly this regressor reads the shipped file instead of
training it again (``tests/library/mpe/test_shipped_regressor.py`` rebuilds it and compares).
"""

from __future__ import annotations

from pathlib import Path

SEED = 20210101  # the pipeline's default config seed
REPETITIONS = 10
TRAINING = {"n_mixtures": 4000, "rounds": 400, "num_leaves": 31, "learning_rate": 0.05}
PATH = Path(__file__).with_name("data") / "distcurve_regressor.txt.gz"


def matches(*, seed: int, repetitions: int, training: dict) -> bool:
    """Whether these options (config ``seed``, ``mpe.distcurve.repetitions`` and ``.training``) train the
    shipped regressor."""
    return seed == SEED and repetitions == REPETITIONS and dict(training) == TRAINING

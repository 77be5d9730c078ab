"""One function per Snakemake rule, in one module per rules file: rule ``X`` of ``workflow/rules/F.smk`` runs
``pueval.pipeline.steps.F.X`` (a test checks it), which reads the inputs, calls a study or the library and writes
the outputs.

Rule ``X`` runs ``workflow/scripts/X.py``, which imports ``X`` from its rules file's module and hands it to
:func:`run` with the rule's ``input``, ``output`` and ``params``; so a job loads only its own paper's steps.
This package holds what they share: the readers of the intermediate files (through
:mod:`pueval.pipeline.schemas`) and :func:`run`. A study is imported as ``study`` inside its step; LightGBM,
scikit-learn and matplotlib are imported only by the steps that use them: each job is a fresh process, and
those imports cost seconds. An error about an argument whose value came from the config names the config key
(:func:`pueval.pipeline.config.naming_keys`).
"""

from __future__ import annotations

import logging
import sys

import numpy as np
import pandas as pd

from pueval.pipeline import download as dl
from pueval.pipeline import schemas
from pueval.studies import draws as scar

log = logging.getLogger("pueval")

LABEL = "label"


def _features(path) -> tuple[np.ndarray, np.ndarray]:
    """(X, y) of a binarized dataset file."""
    data = schemas.read(path, "data")
    y = data.pop(LABEL).to_numpy()
    return data.to_numpy(dtype=np.float64), y


def _scores(path) -> tuple[np.ndarray, np.ndarray]:
    """(y, scores) of a scores file."""
    scored = schemas.read(path, "scores")
    return scored[LABEL].to_numpy(), scored["score"].to_numpy()


def _labels(path, n: int) -> np.ndarray:
    """The (n_draws, n) PU label matrix of a draws file."""
    return scar.label_matrix(schemas.read(path, "draws"), n)


def _transform_scores(path, n: int) -> np.ndarray:
    """The n_draws × n matrix of a transform file (rows in data/'s order within each draw)."""
    return schemas.read(path, "transform")["score"].to_numpy().reshape(-1, n)


def _concat(paths, kind: str) -> pd.DataFrame:
    return pd.concat([schemas.read(p, kind) for p in paths], ignore_index=True)


def run(step, smk, **from_config) -> None:
    """Run ``step`` with the rule's input, output and params (and ``from_config``), logged to the rule's
    log file and stderr; a data error is one line, any other error its traceback."""
    handlers = [logging.StreamHandler(sys.stderr)]
    if smk.log:
        handlers.append(logging.FileHandler(smk.log[0], mode="w"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", handlers=handlers, force=True)
    logging.captureWarnings(True)
    try:
        step(smk.input, smk.output, **dict(smk.params.items()), **from_config)
    except dl.DataUnavailableError as error:  # one line, no traceback: the message says what to do
        log.error("%s", error)
        raise SystemExit(1) from None
    except Exception:
        log.exception("rule %s failed", smk.rule)
        raise

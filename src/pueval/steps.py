"""One function per Snakemake rule: read the inputs, call the library, write the outputs.

The rules stay thin: each runs ``workflow/scripts/step.py``, which calls :func:`run_rule`, which
calls the function named like the rule with the rule's ``input``, ``output`` and ``params``.
LightGBM/scikit-learn and matplotlib are imported only by the steps that use them: each job is a
fresh process, and those imports cost seconds.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pandas as pd

from pueval import download as dl
from pueval import draws as scar
from pueval import estimate as est
from pueval import seeds
from pueval.datasets import prepare, spec

log = logging.getLogger("pueval")

LABEL = "label"


def _write(frame: pd.DataFrame, path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    frame.to_parquet(path, index=False)


def download(input, output, *, dataset, uci_mirror, verify_checksums):
    raw = dl.fetch(spec(dataset), uci_mirror, verify_checksums=verify_checksums)
    log.info("%s: raw table %d rows x %d columns", dataset, *raw.shape)
    _write(raw, output[0])


def binarize(input, output, *, dataset, subsample, seed):
    raw = pd.read_parquet(input[0])
    features, labels = prepare(raw, spec(dataset), subsample, seeds.seed_sequence(seed, dataset, "subsample"))
    log.info("%s: n=%d, %d features, alpha=%.4f", dataset, labels.size, features.shape[1], labels.mean())
    _write(features.assign(**{LABEL: labels}), output[0])


def score(input, output, *, dataset, model, folds, seed):
    from pueval.model import Capacity, out_of_fold_scores

    data = pd.read_parquet(input[0])
    y = data.pop(LABEL).to_numpy()
    capacity = Capacity(**model)
    scores = out_of_fold_scores(data.to_numpy(), y, capacity, folds=folds, seed=seeds.int_seed(seed, dataset, "score"))
    truth = est.truth(y, scores)
    log.info("%s: %s -> AUC %.4f, AUL %.4f", dataset, capacity, truth["auc"], truth["aul"])
    _write(pd.DataFrame({LABEL: y, "score": scores}), output[0])


def draws(input, output, *, dataset, beta, n_draws, seed):
    y = pd.read_parquet(input[0], columns=[LABEL])[LABEL].to_numpy()
    labeled = scar.scar_draws(y, beta, n_draws, seed=seed, dataset=dataset)
    log.info("%s beta=%g: %d draws of %d labeled positives", dataset, beta, n_draws, labeled.shape[1])
    _write(scar.to_frame(labeled), output[0])


def estimate(input, output, *, dataset, beta):
    scored = pd.read_parquet(input.scores)
    y, scores = scored[LABEL].to_numpy(), scored["score"].to_numpy()
    s = scar.label_matrix(pd.read_parquet(input.draws), y.size)
    frame = est.pu_estimates(y, scores, s)
    frame.insert(0, "beta", beta)
    frame.insert(0, "dataset", dataset)
    for key, value in reversed(est.truth(y, scores).items()):
        frame.insert(2, key, value)
    log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
    _write(frame, output[0])


def table1(input, output):
    from pueval import report

    table = report.table1(pd.concat([pd.read_parquet(p) for p in input], ignore_index=True))
    Path(output.csv).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(report.markdown(table))


def figure2(input, output):
    from pueval import report

    figure = report.figure2(pd.concat([pd.read_parquet(p) for p in input], ignore_index=True))
    for path in output:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, dpi=150, bbox_inches="tight")


STEPS = {f.__name__: f for f in (download, binarize, score, draws, estimate, table1, figure2)}


def run_rule(smk) -> None:
    """Entry point of ``workflow/scripts/step.py``: run the step named like the rule, logged."""
    handlers = [logging.StreamHandler(sys.stderr)]
    if smk.log:
        handlers.append(logging.FileHandler(smk.log[0], mode="w"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", handlers=handlers, force=True)
    logging.captureWarnings(True)
    step = STEPS[smk.rule]
    try:
        step(smk.input, smk.output, **dict(smk.params.items()))
    except Exception:
        log.exception("rule %s failed", smk.rule)
        raise


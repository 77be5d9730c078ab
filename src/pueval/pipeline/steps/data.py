"""Steps of ``workflow/rules/data.smk``: the raw tables, the binarized datasets, the scores of the model under
evaluation and of model B."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pueval import seeds
from pueval.pipeline import datasets, schemas
from pueval.pipeline import download as dl
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import LABEL, _features, log


def download(input, output, *, dataset, source, verify_checksums, uci_mirror):
    """``uci_mirror`` comes from the config, not ``params:``: the route is no rerun trigger, the content is
    (pinned by the first download in results/provenance/, checked on every later one)."""
    raw, digest, route = dl.obtain(dl.Source.of(dataset, source), uci_mirror, verify_checksums=verify_checksums,
                                   provenance=Path(output[0]).parents[1] / "provenance")
    log.info("%s: raw table %d rows x %d columns from %s, content SHA-256 %s", dataset, *raw.shape, route, digest)
    schemas.write(raw, output[0], "raw")


def binarize(input, output, *, dataset, labeling, subsample, seed):
    raw = schemas.read(input[0], "raw")
    features, labels = datasets.prepare(raw, datasets.Labeling.of(dataset, labeling), subsample,
                                        seeds.seed_sequence(seed, dataset, "subsample"))
    log.info("%s: n=%d, %d features, alpha=%.4f", dataset, labels.size, features.shape[1], labels.mean())
    schemas.write(features.assign(**{LABEL: labels}), output[0], "data")


def score(input, output, *, dataset, model, folds, seed, stream="score"):
    """Out-of-fold scores of the model of capacity ``model``, seeded by (seed, dataset, ``stream``)."""
    from pueval.model import Capacity, out_of_fold_scores
    from pueval.studies import draw_estimates

    X, y = _features(input[0])
    capacity = Capacity(**model)
    with naming_keys({"folds": "folds"}):
        scores = out_of_fold_scores(X, y, capacity, folds=folds, seed=seeds.int_seed(seed, dataset, stream))
    truth = draw_estimates.truth(y, scores)
    log.info("%s: %s -> AUC %.4f, AUL %.4f", dataset, capacity, truth["auc"], truth["aul"])
    schemas.write(pd.DataFrame({LABEL: y, "score": scores}), output[0], "scores")

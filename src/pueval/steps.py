"""One function per Snakemake rule: read the inputs, call the library, write the outputs.

Rule ``x`` runs ``workflow/scripts/x.py``, two lines that import ``x`` from here and hand it to
:func:`run` with the rule's ``input``, ``output`` and ``params``. Intermediate files are read and
written through :mod:`pueval.schemas`. LightGBM/scikit-learn and matplotlib are imported only by
the steps that use them: each job is a fresh process, and those imports cost seconds.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from pueval import datasets, seeds
from pueval import download as dl
from pueval import draws as scar
from pueval import estimate as est
from pueval import schemas

log = logging.getLogger("pueval")

LABEL = "label"


def _save_figure(figure, paths) -> None:
    """PNG and PDF, byte for byte the same on every run (no creation date in the PDF)."""
    for path in paths:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        metadata = {"CreationDate": None} if str(path).endswith(".pdf") else None
        figure.savefig(path, dpi=150, bbox_inches="tight", metadata=metadata)


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


def _concat(paths, kind: str) -> pd.DataFrame:
    return pd.concat([schemas.read(p, kind) for p in paths], ignore_index=True)


# data.smk ------------------------------------------------------------------------------------------

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


def score(input, output, *, dataset, model, folds, seed):
    from pueval.model import Capacity, check_folds, out_of_fold_scores

    X, y = _features(input[0])
    check_folds(y, folds, dataset)
    capacity = Capacity(**model)
    scores = out_of_fold_scores(X, y, capacity, folds=folds, seed=seeds.int_seed(seed, dataset, "score"))
    truth = est.truth(y, scores)
    log.info("%s: %s -> AUC %.4f, AUL %.4f", dataset, capacity, truth["auc"], truth["aul"])
    schemas.write(pd.DataFrame({LABEL: y, "score": scores}), output[0], "scores")


# draws.smk -----------------------------------------------------------------------------------------

def draws(input, output, *, dataset, beta, n_draws, seed):
    y = schemas.read(input[0], "data", columns=[LABEL])[LABEL].to_numpy()
    labeled = scar.scar_draws(y, beta, n_draws, seed=seed, dataset=dataset)
    log.info("%s beta=%g: %d draws of %d labeled positives", dataset, beta, n_draws, labeled.shape[1])
    schemas.write(scar.to_frame(labeled), output[0], "draws")


# mpe.smk -------------------------------------------------------------------------------------------

def km(input, output, *, dataset, beta, options):
    from pueval.mpe import kernel_embedding as ke

    X, y = _features(input.data)
    frame = ke.estimate_draws(X, y, _labels(input.draws, y.size), label=f"{dataset} beta={beta:g}", **options)
    schemas.write(frame, output[0], "km")


def distcurve_model(input, output, *, seed, repetitions, training):
    from pueval.mpe import distance_curve as dc

    model, _ = dc.fit_model(seed=seed, repetitions=repetitions, **training)
    dc.save_regressor(model, output[0])


def transform_mpe(input, output, *, dataset, beta, seed, repetitions, transform, bbe):
    from pueval.mpe import distance_curve as dc
    from pueval.mpe import transform_based

    X, y = _features(input.data)
    frame = transform_based.estimate_draws(X, y, _labels(input.draws, y.size), dc.load_regressor(input.model),
                                           seed=seed, dataset=dataset, beta=beta, repetitions=repetitions,
                                           transform=transform, bbe=bbe)
    schemas.write(frame, output[0], "transform_mpe")


def tice(input, output, *, dataset, beta, seed, options):
    from pueval.mpe import tice as method

    X, y = _features(input.data)
    frame = method.estimate_draws(X, y, _labels(input.draws, y.size), seed=seed, dataset=dataset, beta=beta, **options)
    schemas.write(frame, output[0], "tice")


# estimate.smk --------------------------------------------------------------------------------------

def estimate(input, output, *, dataset, beta):
    y, scores = _scores(input.scores)
    priors = [(input.km, schemas.read(input.km, "km")),
              (input.transform_mpe, schemas.read(input.transform_mpe, "transform_mpe")),
              (input.tice, schemas.read(input.tice, "tice"))]
    frame = est.draw_table(y, scores, _labels(input.draws, y.size), priors, dataset=dataset, beta=beta)
    log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
    schemas.write(frame, output[0], "estimates")


# paper.smk -----------------------------------------------------------------------------------------

def table1(input, output):
    """Table 1 (the paper's prior sources) and Table 1+ (every prior source)."""
    from pueval import paper, report

    estimates = _concat(input, "estimates")
    table, plus = report.table1(estimates), report.table1(estimates, methods=None)
    distance = paper.distance(table)
    Path(output.csv).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    distance.to_csv(output.distance, index=False, float_format="%.4f")
    Path(output.md).write_text(report.markdown(table) + "\n" + paper.distance_markdown(distance))
    plus.to_csv(output.plus_csv, index=False, float_format="%.4f")
    Path(output.plus_md).write_text(report.markdown(plus, title=report.TABLE1_PLUS_TITLE) + "\n" + report.claims(plus))


def figure2(input, output, *, titles):
    """Figure 2 (the paper's prior sources) and Figure 2+ (every prior source)."""
    from pueval import report

    estimates = _concat(input, "estimates")
    _save_figure(report.figure2(estimates, titles), (output.png, output.pdf))
    _save_figure(report.figure2(estimates, titles, methods=None, title=report.FIGURE2_PLUS_TITLE),
                 (output.plus_png, output.plus_pdf))


def cost(input, output, *, dataset, labeling, sizes, beta, seed, km, distcurve, bbe, tice, repeats, km_max_size):
    from pueval import cost as experiment
    from pueval import report

    frame = experiment.run(schemas.read(input.raw, "raw"), datasets.Labeling.of(dataset, labeling), sizes=sizes,
                           beta=beta, seed=seed, km_options=km, distcurve_model=input.model,
                           distcurve_options=distcurve, bbe_options=bbe, tice_options=tice, km_max_size=km_max_size,
                           repeats=repeats)
    frame.to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.cost_figure(frame), (output.png, output.pdf))


def figure3_dataset(input, output, *, dataset, seed, beta, repetitions, options, km, distcurve):
    from pueval import figure3 as protocol

    X, y = _features(input.data)
    frame = protocol.run(X, y, schemas.read(input.estimates, "estimates"), dataset=dataset, seed=seed, beta=beta,
                         repetitions=repetitions, options=options, km=km, distcurve_model=input.model,
                         distcurve=distcurve)
    schemas.write(frame, output[0], "figure3")


def figure3(input, output, *, titles):
    from pueval import figure3 as protocol
    from pueval import report

    runs = _concat(input, "figure3")
    protocol.summarize(runs).to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.figure3(runs, titles), (output.png, output.pdf))


# extras.smk ----------------------------------------------------------------------------------------

def theorem1(input, output, *, epsilons):
    from pueval import report, theory

    scores = {Path(p).stem: schemas.read(p, "scores") for p in input.scores}
    table = theory.table(_concat(input.estimates, "estimates"), scores, epsilons)
    table.to_csv(output.csv, index=False, float_format="%.6g")
    _save_figure(report.theorem1_figure(table), (output.png, output.pdf))


def aul_interval(input, output, *, names, betas, seed, level, n_boot, titles):
    """Coverage of the prior-free AUL intervals over every Table 1 draw."""
    from pueval import evaluate, report

    scored = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    settings = ((dataset, beta, _labels(path, scored[dataset][0].size), scored[dataset][1], scored[dataset][0])
                for (dataset, beta), path in zip([(d, b) for d in names for b in betas], input.draws))
    table = evaluate.coverage_study(settings, seed=seed, level=level, n_boot=n_boot)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.aul_interval_figure(table, titles), (output.png, output.pdf))


def related(input, output, *, dataset, level, f1_quantile):
    """All βs of a dataset in one job: the work per draw is milliseconds, a job's start-up seconds."""
    from pueval import related as rel

    y, scores = _scores(input.scores)
    settings = [(_labels(d, y.size), schemas.read(e, "estimates")) for d, e in zip(input.draws, input.estimates)]
    frame = rel.dataset_frame(y, scores, settings, dataset=dataset, level=level, f1_quantile=f1_quantile)
    log.info("%s: related estimators on %d draws", dataset, sum(len(s) for s, _ in settings))
    schemas.write(frame, output[0], "related")


def sar(input, output, *, dataset, beta, strengths, n_draws, seed, distcurve, bbe, tice):
    from pueval import sar as experiment
    from pueval.mpe import distance_curve as dc

    X, _ = _features(input.data)
    y, scores = _scores(input.scores)
    priors = experiment.estimated_priors(dc.load_regressor(input.model), repetitions=distcurve["repetitions"],
                                         transform=distcurve["transform"], bbe=bbe, tice=tice)
    frame = experiment.run(X, y, scores, dataset=dataset, beta=beta, strengths=strengths, n_draws=n_draws, seed=seed,
                           prior_estimators=priors)
    schemas.write(frame, output[0], "sar")


def sar_table(input, output):
    from pueval import report
    from pueval import sar as experiment

    table = experiment.table(_concat(input, "sar"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.sar_figure(table), (output.png, output.pdf))


def related_table(input, output):
    from pueval import related as rel
    from pueval import report

    table = rel.table(_concat(input, "related"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(report.markdown(table, title=rel.TABLE_TITLE))


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

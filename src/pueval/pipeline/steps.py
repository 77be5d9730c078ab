"""One function per Snakemake rule: read the inputs, call a study or the library, write the outputs.

Rule ``x`` runs ``workflow/scripts/x.py``, two lines that import ``x`` from here and hand it to
:func:`run` with the rule's ``input``, ``output`` and ``params``. Intermediate files are read and
written through :mod:`pueval.pipeline.schemas`. A study is imported as ``study`` inside its step
(``from pueval.studies import sar as study``); LightGBM/scikit-learn and matplotlib are imported only
by the steps that use them: each job is a fresh process, and those imports cost seconds. An error
about an argument whose value came from the config names the config key
(:func:`pueval.pipeline.config.naming_keys`).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from pueval import seeds
from pueval.pipeline import datasets, schemas
from pueval.pipeline import download as dl
from pueval.pipeline.config import naming_keys
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


# draws.smk -----------------------------------------------------------------------------------------

def draws(input, output, *, dataset, betas, n_draws, seed):
    """The SCAR draws of every β of ``dataset``, one file each (each β's draws seeded by its own identity)."""
    y = schemas.read(input[0], "data", columns=[LABEL])[LABEL].to_numpy()
    for path, beta in zip(output, betas, strict=True):
        with naming_keys({"beta": "betas"}):
            labeled = scar.scar_draws(y, beta, n_draws, seed=seed, dataset=dataset)
        log.info("%s beta=%g: %d draws of %d labeled positives", dataset, beta, n_draws, labeled.shape[1])
        schemas.write(scar.to_frame(labeled), path, "draws")


# mpe.smk -------------------------------------------------------------------------------------------

def _every_beta(input, output, betas):
    """(draws file, output file, β) of a job that runs every β of one dataset (draws.smk, mpe.smk)."""
    return zip(input.draws, output, betas, strict=True)


def km(input, output, *, dataset, betas, options):
    """KM1/KM2 for every β of ``dataset``, one :class:`~pueval.mpe.kernel_embedding.KernelBank` for all draws."""
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    bank = study.kernel_bank(X, label=dataset, **options)
    for draws, path, beta in _every_beta(input, output, betas):
        schemas.write(study.km_draws(X, y, _labels(draws, y.size), label=f"{dataset} beta={beta:g}", bank=bank),
                      path, "km")


def distcurve_model(input, output, *, seed, repetitions, training):
    from pueval.mpe import distance_curve as dc

    model, _ = dc.fit_model(seed=seed, repetitions=repetitions, **training)
    dc.save_regressor(model, output[0])


def transform_mpe(input, output, *, dataset, betas, seed, repetitions, transform, bbe):
    from pueval.mpe import distance_curve as dc
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    model = dc.load_regressor(input.model)
    for draws, path, beta in _every_beta(input, output, betas):
        with naming_keys({"transform": "mpe.distcurve.transform.folds"}):
            frame = study.transform_draws(X, y, _labels(draws, y.size), model, seed=seed, dataset=dataset, beta=beta,
                                          repetitions=repetitions, transform=transform, bbe=bbe)
        schemas.write(frame, path, "transform_mpe")


def tice(input, output, *, dataset, betas, seed, options):
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    for draws, path, beta in _every_beta(input, output, betas):
        frame = study.tice_draws(X, y, _labels(draws, y.size), seed=seed, dataset=dataset, beta=beta, **options)
        schemas.write(frame, path, "tice")


# estimate.smk --------------------------------------------------------------------------------------

def estimate(input, output, *, dataset, betas):
    """Per-draw estimates of every β of ``dataset``, one file each."""
    from pueval.studies import draw_estimates as study

    y, scores = _scores(input.scores)
    for i, (path, beta) in enumerate(zip(output, betas, strict=True)):
        priors = [(input.km[i], schemas.read(input.km[i], "km")),
                  (input.transform_mpe[i], schemas.read(input.transform_mpe[i], "transform_mpe")),
                  (input.tice[i], schemas.read(input.tice[i], "tice"))]
        frame = study.draw_table(y, scores, _labels(input.draws[i], y.size), priors, dataset=dataset, beta=beta)
        log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
        schemas.write(frame, path, "estimates")


# paper.smk -----------------------------------------------------------------------------------------

def table1(input, output, *, bbe_delta):
    """Table 1 (the paper's prior sources) and Table 1+ (every prior source, and the coverage of BBE's own
    interval for θ)."""
    from pueval.pipeline import tables
    from pueval.studies import table1 as study

    estimates = _concat(input, "estimates")
    table, plus = study.table1(estimates), study.table1(estimates, methods=None)
    distance = study.distance(table)
    Path(output.csv).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    distance.to_csv(output.distance, index=False, float_format="%.4f")
    Path(output.md).write_text(tables.markdown(table) + "\n" + tables.distance_markdown(distance))
    plus.to_csv(output.plus_csv, index=False, float_format="%.4f")
    Path(output.plus_md).write_text(tables.markdown(plus, title=tables.TABLE1_PLUS_TITLE) + "\n" + tables.claims(plus)
                                    + "\n" + tables.interval_markdown(study.interval_coverage(estimates), bbe_delta))


def figure2(input, output, *, titles):
    """Figure 2 (the paper's prior sources) and Figure 2+ (every prior source)."""
    from pueval.pipeline import figures

    estimates = _concat(input, "estimates")
    figures.save(figures.figure2(estimates, titles), (output.png, output.pdf))
    figures.save(figures.figure2(estimates, titles, methods=None, title=figures.FIGURE2_PLUS_TITLE),
                 (output.plus_png, output.plus_pdf))


def cost(input, output, *, dataset, labeling, sizes, beta, seed, km, distcurve, bbe, tice, repeats, km_max_size):
    from pueval.pipeline import figures
    from pueval.studies import cost as study

    X, y = datasets.binarize(schemas.read(input.raw, "raw"), datasets.Labeling.of(dataset, labeling))
    with naming_keys({"sizes": "cost.sizes", "repeats": "cost.repeats"}):
        frame = study.run(X.to_numpy(), y, name=dataset, sizes=sizes, beta=beta, seed=seed,
                          km_standardize=km["standardize"], distcurve_model=input.model,
                          distcurve_repetitions=distcurve["repetitions"], transform=distcurve["transform"], bbe=bbe,
                          tice=tice, km_max_size=km_max_size, repeats=repeats)
    frame.to_csv(output.csv, index=False, float_format="%.4f")
    figures.save(figures.cost_figure(frame), (output.png, output.pdf))


def figure3_dataset(input, output, *, dataset, seed, beta, repetitions, options, km, distcurve):
    from pueval.studies import pu_auc_vs_pu_aul as study

    X, y = _features(input.data)
    with naming_keys({"test_fraction": "figure3.test_fraction", "folds": "figure3.folds"}):
        frame = study.run(X, y, schemas.read(input.estimates, "estimates"), dataset=dataset, seed=seed, beta=beta,
                          repetitions=repetitions, **options, km_standardize=km["standardize"],
                          distcurve_model=input.model, distcurve_repetitions=distcurve["repetitions"],
                          transform=distcurve["transform"])
    schemas.write(frame, output[0], "figure3")


def figure3(input, output, *, titles):
    from pueval.pipeline import figures
    from pueval.studies import pu_auc_vs_pu_aul as study

    runs = _concat(input, "figure3")
    study.summarize(runs).to_csv(output.csv, index=False, float_format="%.4f")
    figures.save(figures.figure3(runs, titles), (output.png, output.pdf))


# extras.smk ----------------------------------------------------------------------------------------

def theorem1(input, output, *, epsilons):
    from pueval.pipeline import figures
    from pueval.studies import theorem1 as study

    scores = {Path(p).stem: schemas.read(p, "scores") for p in input.scores}
    table = study.table(_concat(input.estimates, "estimates"), scores, epsilons)
    table.to_csv(output.csv, index=False, float_format="%.6g")
    figures.save(figures.theorem1_figure(table), (output.png, output.pdf))


def aul_interval(input, output, *, names, betas, seed, level, n_boot, titles):
    """Coverage of the prior-free AUL intervals over every Table 1 draw."""
    from pueval.pipeline import figures
    from pueval.studies import aul_interval as study

    scored = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    settings = ((dataset, beta, _labels(path, scored[dataset][0].size), scored[dataset][1], scored[dataset][0])
                for (dataset, beta), path in zip([(d, b) for d in names for b in betas], input.draws))
    table = study.coverage_study(settings, seed=seed, level=level, n_boot=n_boot)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    figures.save(figures.aul_interval_figure(table, titles), (output.png, output.pdf))


def figure1(input, output):
    """The AUL paper's Figure 1 from the 20-row table it prints, and the 252 labelings of its positives."""
    from pueval.pipeline import figures
    from pueval.studies import aul_figure1 as study

    found, labelings = study.curves_of_the_table(), study.labelings_frame()
    summary = study.summary(found, labelings)
    summary.to_csv(output.csv, index=False, float_format="%.6f")
    figures.save(figures.figure1_figure(found, labelings, summary), (output.png, output.pdf))


def jain(input, output, *, names, seed, repetitions, pu_repetitions, purities, transform):
    """Jain et al.'s study on our datasets, both arms (the model's scores; a labeled-vs-unlabeled model per draw):
    errors, the binomial tests, their Figures 1 and 2."""
    from pueval.pipeline import figures, tables
    from pueval.studies import jain as study

    frames, skipped, settings = [], [], 0
    for dataset, path, data in zip(names, input.scores, input.data):
        y, scores = _scores(path)
        features = None
        if pu_repetitions:
            features, y_data = _features(data)
            if not np.array_equal(y_data, y):
                raise ValueError(f"jain: {data} and {path} do not hold the same rows in the same order")
        for purity in purities:
            if not study.feasible(y, purity):
                skipped.append((dataset, purity))
                continue
            settings += 1
            frames.append(study.setting_frame(y, scores, purity, repetitions, seeds.rng(seed, dataset, purity, "jain"))
                          .assign(dataset=dataset, purity=purity, arm="model"))
            if pu_repetitions:
                frames.append(study.setting_frame(y, None, purity, pu_repetitions,
                                                  seeds.rng(seed, dataset, purity, "jain", "pu"), features=features,
                                                  transform=transform)
                              .assign(dataset=dataset, purity=purity, arm="pu"))
        log.info("%s: %d settings done", dataset, settings)
    if not frames:
        raise ValueError(f"jain: no dataset of this run can host the protocol (a labeled sample of "
                         f"{study.LABELED_SMALL} or {study.LABELED} rows with β > α); set jain: null")
    frame = pd.concat(frames, ignore_index=True)
    (tests, errors), toy = study.arm_tables(frame), study.toy()
    errors.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(tables.jain_markdown(tests, errors, toy, skipped, draws=frame["arm"].value_counts(),
                                                    settings=settings))
    model = frame[frame["arm"] == "model"]
    figures.save(figures.jain_figure2(model, study.prior_error_bin(model), study.PRIOR_ERROR_NAMES),
                 (output.figure2_png, output.figure2_pdf))
    figures.save(figures.jain_figure1(np.asarray(study.TOY_SCORES), np.asarray(study.TOY_LABELED),
                                      np.asarray(study.TOY_Y), toy["theta"], toy), (output.figure1_png,))


def claesen_scores(input, output, *, source, mirror, relative, entry):
    """The authors' own classifier scores (their data.pkl), checked and read with an arrays-only unpickler."""
    from pueval.pipeline import authors_scores

    frame = authors_scores.fetch(source, mirror, relative, entry)
    log.info("the authors' %s scores: %d rows, %d positive", entry, len(frame), int(frame["label"].sum()))
    schemas.write(frame, output[0], "claesen_scores")


def claesen(input, output, *, seed, repetitions, known_positives, level, dataset, authors):
    """Claesen et al.'s Figures 2-5 and results/claesen.md: Figure 5 on the authors' scores when ``authors`` is
    set (``claesen.scores``), with our dataset as the contrast."""
    from pueval.mpe.priors import METHODS
    from pueval.pipeline import figures, tables
    from pueval.studies import claesen as study

    frame = study.figure2_frame(known_positives, repetitions, seed=seed, level=level)
    summary = study.figure2_summary(frame)
    log.info("Figure 2: %d simulated rankings", len(frame))
    bands, truth = study.figure3_bands((0.0, 0.15, 0.3, 0.45), seed=seed, level=level)
    order = study.order_table(seed=seed, level=level)
    y, scores = _scores(input.scores)
    labeled = _labels(input.draws, y.size)[0]
    row = schemas.read(input.estimates, "estimates").sort_values("draw").iloc[0]
    estimates = [float(row[f"theta_{m}"]) for m in METHODS]
    ours = study.dataset_panels(y, scores, labeled, (min(estimates), max(estimates)), level=level)
    found = {dataset: (ours, study.claims(ours, level))}
    labelings = None
    if authors:
        table = schemas.read(input.authors, "claesen_scores")
        y_a, scores_a = table["label"].to_numpy(), table["score"].to_numpy()
        options = {k: authors[k] for k in ("known_fraction", "repetitions")}
        labelings, panels = study.labelings_table(y_a, scores_a, beta_range=tuple(authors["beta_range"]), seed=seed,
                                                  level=level, **options)
        found = {f"the authors' {authors['entry']} scores": (panels, study.claims(panels, level)), **found}
        log.info("the authors' scores: %d labelings", len(labelings))
    summary.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(tables.claesen_markdown(summary, order, study.order_verdict(order), found, labelings,
                                                       authors=authors))
    figures.save(figures.claesen_figure2(summary), (output.figure2_png,))
    figures.save(figures.claesen_figure3(bands, truth), (output.figure3_png,))
    s4, y4, models = study.figure4_models(seed=seed)
    figures.save(figures.claesen_figure4(s4, y4, models, order), (output.figure4_png,))
    (name, (panels, _)), *contrast = found.items()
    figures.save(figures.claesen_figure5(panels, name), (output.figure5_png, output.figure5_pdf))
    for name, (panels, _) in contrast:
        figures.save(figures.claesen_figure5(panels, name), (output.figure5_contrast_png,))


def tabatabaei_inversions(input, output, *, family, seed, runs, classifiers, rho_step, orient_lines, forest_sets,
                          pu_rho):
    """Inversions and squared errors of F̄1 and LL per (ρ, run) for one family of Tabatabaei's classifiers."""
    from pueval.studies import tabatabaei as study

    data = _features(input[0]) if family in study.FORESTS else None
    frame = study.study_frame(family, seed=seed, runs=runs, classifiers=classifiers, step=rho_step, data=data,
                              orient_lines=orient_lines, forest_sets=forest_sets, pu_rho=pu_rho)
    log.info("%s: %d runs over %d values of rho", family, len(frame), frame["rho"].nunique())
    schemas.write(frame, output[0], "tabatabaei")


def tabatabaei_rho(input, output, *, seed, rhos, repetitions):
    """Figure 2's data: EN's and their leave-one-out logistic regression's estimates of ρ on generated data and
    IRIS."""
    from pueval.studies import tabatabaei as study

    frame = study.rho_estimates_frame(seed=seed, rhos=rhos, repetitions=repetitions)
    log.info("%d labeled sets, each with EN's and the leave-one-out estimate of rho", len(frame))
    schemas.write(frame, output[0], "tabatabaei_rho")


def tabatabaei(input, output, *, families, seed, bounds_draws, forest_title, orient_lines):
    """results/tabatabaei.md and .csv, their Table 2 beside ours, Figures 2-5."""
    from pueval.pipeline import figures, tables
    from pueval.studies import tabatabaei as study

    frames = {family: schemas.read(path, "tabatabaei") for family, path in zip(families, input.inversions)}
    tests = study.wilcoxon_tables(frames)
    rho = schemas.read(input.rho, "tabatabaei_rho")
    bounds = study.bounds_frame(seed=seed, draws=bounds_draws, orient_lines=orient_lines)
    titles = {"generated": "Generated", "iris": "IRIS", "forest": forest_title,
              "forest_pu": f"{forest_title}, PU-fitted forests"}
    tests.to_csv(output.csv, index=False, float_format="%.6g")
    Path(output.md).write_text(tables.tabatabaei_markdown(frames, tests, rho, bounds, titles, orient_lines))
    figures.save(figures.tabatabaei_figure2(rho, titles), (output.figure2,))
    figures.save(figures.tabatabaei_figure3(bounds, titles), (output.figure3,))
    first = {family: frame[frame["forest_set"] == 0] for family, frame in frames.items()}  # forests: set 0
    figures.save(figures.tabatabaei_figure4(first, tests[tests["forest_set"] == 0], titles), (output.figure4,))
    figures.save(figures.tabatabaei_figure5({f: frames[f] for f in study.SYNTHETIC}, titles), (output.figure5,))


def mcdermott_synthetic(input, output, *, seed, target_auroc, datasets):
    """Their Section 3.1 at one target AUROC: M1, M2, M3 optimizing AUROC or AUPRC on two groups."""
    from pueval.studies import mcdermott as study

    frame = study.synthetic_frame(seed=seed, auroc=target_auroc, datasets=datasets)
    log.info("target AUROC %g: %d datasets, %d rows", target_auroc, datasets, len(frame))
    schemas.write(frame, output[0], "mcdermott_synthetic")


def mcdermott_pu(input, output, *, seed, target_auroc, datasets, size, frequencies, m2_steps, m3_steps):
    """The PU version: AUC^PU (≡ AUL^PU) against AUPRC^PU, the true per-group AUROC tracked."""
    from pueval.studies import mcdermott as study

    frame = study.pu_frame(seed=seed, auroc=target_auroc, datasets=datasets, size=size,
                           frequencies={k: tuple(v) for k, v in frequencies.items()}, m2_steps=m2_steps,
                           m3_steps=m3_steps)
    log.info("PU: %d datasets, %d rows", datasets, len(frame))
    schemas.write(frame, output[0], "mcdermott_pu")


def mcdermott_real(input, output, *, seed, dataset, attribute, weights, runs, splits):
    """Their Section 3.2 on one (dataset, attribute): balanced groups, a random search per group weight."""
    from pueval.studies import mcdermott as study

    features = schemas.read(input[0], "data")
    labels = features.pop(LABEL).to_numpy()
    x, y, group, prevalence = study.balanced_setting(features, labels, (dataset, attribute),
                                                     seeds.rng(seed, "mcdermott", dataset, attribute))
    models = study.models_frame(x, y, group, (dataset, attribute), seed=seed, weights=weights, runs=runs,
                                splits=splits)
    log.info("%s/%s: n = %d, prevalences %.3f / %.3f, %d models", dataset, attribute, y.size, *prevalence, len(models))
    schemas.write(models.assign(n=y.size, prevalence_higher=prevalence[0], prevalence_lower=prevalence[1]),
                  output[0], "mcdermott_real")


def mcdermott(input, output, *, settings, features, titles):
    """results/mcdermott.md and .csv, their Figures 2-6 and the PU version's figure."""
    from pueval.pipeline import figures, tables
    from pueval.studies import mcdermott as study

    synthetic = pd.concat([schemas.read(p, "mcdermott_synthetic") for p in input.synthetic], ignore_index=True)
    pu = schemas.read(input.pu, "mcdermott_pu")
    real = {tuple(s): schemas.read(p, "mcdermott_real") for s, p in zip(settings, input.real)}
    changes = study.end_changes(synthetic)
    pu_changes = study.end_changes(pu, keys=("method", "labels", "arm"))
    changes.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(tables.mcdermott_markdown(synthetic, changes, pu, pu_changes, real, features, titles))
    targets = sorted(synthetic["target_auroc"].unique(), reverse=True)
    figures.save(figures.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[0]], "auroc"),
                 (output.figure2,))
    figures.save(figures.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[0]], "auprc"),
                 (output.figure4,))
    figures.save(figures.mcdermott_paths(synthetic[synthetic["target_auroc"] == targets[-1]], "auroc"),
                 (output.figure5,))
    figures.save(figures.mcdermott_noise(synthetic), (output.figure6,))
    figures.save(figures.mcdermott_pu(pu), (output.pu,))
    figures.save(figures.mcdermott_figure3(real, titles), (output.figure3,))


def paired_difference(input, output, *, names, betas, level, titles):
    """Coverage and decisions of the paired, prior-free ΔAUL interval over every Table 1 draw."""
    from pueval.pipeline import figures
    from pueval.studies import paired_difference as study

    a = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    b = {dataset: _scores(path)[1] for dataset, path in zip(names, input.scores_b)}
    settings = ((dataset, beta, _labels(path, a[dataset][0].size), a[dataset][0], a[dataset][1], b[dataset])
                for (dataset, beta), path in zip([(d, x) for d in names for x in betas], input.draws))
    table = study.study(settings, level=level)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    figures.save(figures.paired_difference_figure(table, titles), (output.png, output.pdf))


def related(input, output, *, dataset, level, f1_quantile):
    """All βs of a dataset in one job: the work per draw is milliseconds, a job's start-up seconds."""
    from pueval.studies import related_draws as study

    y, scores = _scores(input.scores)
    settings = [(_labels(d, y.size), schemas.read(e, "estimates")) for d, e in zip(input.draws, input.estimates)]
    frame = study.dataset_frame(y, scores, settings, dataset=dataset, level=level, f1_quantile=f1_quantile)
    log.info("%s: related estimators on %d draws", dataset, sum(len(s) for s, _ in settings))
    schemas.write(frame, output[0], "related")


def sar(input, output, *, dataset, beta, strengths, n_draws, audit_sizes, em_draws, seed, distcurve, bbe, tice):
    from pueval.mpe.priors import PriorEstimator
    from pueval.studies import sar as study

    X, _ = _features(input.data)
    y, scores = _scores(input.scores)
    priors = PriorEstimator(("distance", "en", "bbe", "tice"), distcurve_model=input.model,
                            repetitions=distcurve["repetitions"], transform=distcurve["transform"], bbe=bbe, tice=tice)
    with naming_keys({"beta": "sar.beta"}):
        frame = study.run(X, y, scores, dataset=dataset, beta=beta, strengths=strengths, n_draws=n_draws, seed=seed,
                          priors=priors, audit_sizes=audit_sizes, em_draws=em_draws)
    schemas.write(frame, output[0], "sar")


def sar_table(input, output):
    from pueval.pipeline import figures
    from pueval.studies import sar as study

    table = study.table(_concat(input, "sar"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    figures.save(figures.sar_figure(table), (output.png, output.pdf))
    figures.save(figures.sar_without_scar_figure(table), (output.without_scar_png, output.without_scar_pdf))


def related_table(input, output):
    from pueval.pipeline import tables
    from pueval.studies import related_draws as study

    table = study.table(_concat(input, "related"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(tables.markdown(table, title=tables.RELATED_TITLE))


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

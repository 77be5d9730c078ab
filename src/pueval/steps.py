"""One function per Snakemake rule: read the inputs, call the library, write the outputs.

The rules stay thin: each runs ``workflow/scripts/step.py``, which calls :func:`run_rule`, which
calls the function named like the rule with the rule's ``input``, ``output`` and ``params``.
LightGBM/scikit-learn and matplotlib are imported only by the steps that use them: each job is a
fresh process, and those imports cost seconds.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from pueval import download as dl
from pueval import draws as scar
from pueval import estimate as est
from pueval import seeds
from pueval.datasets import prepare, spec

log = logging.getLogger("pueval")

LABEL = "label"
MIN_LABELED = 2  # labeled rows a draw needs (the AUL^PU interval's variance needs two)
PROGRESS_EVERY = 10  # draws between progress lines in the MPE logs


def _write(frame: pd.DataFrame, path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    frame.to_parquet(path, index=False)


def _read(path, **options) -> pd.DataFrame:
    """An intermediate Parquet file; a garbled or empty one is an error that says to remove it."""
    try:
        frame = pd.read_parquet(path, **options)
    except Exception as error:  # pyarrow raises several types for a damaged file
        raise ValueError(f"{path} is unreadable ({type(error).__name__}: {error}); remove it and rerun "
                         "snakemake to rebuild it") from error
    if frame.empty:
        raise ValueError(f"{path} holds no rows; remove it and rerun snakemake to rebuild it")
    return frame


def _save_figure(figure, paths) -> None:
    """PNG and PDF, byte for byte the same on every run (no creation date in the PDF)."""
    for path in paths:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        metadata = {"CreationDate": None} if str(path).endswith(".pdf") else None
        figure.savefig(path, dpi=150, bbox_inches="tight", metadata=metadata)


def download(input, output, *, dataset, verify_checksums, uci_mirror):
    """``uci_mirror`` comes from the config, not ``params:``: the route is no rerun trigger, the content is
    (pinned by the first download in results/provenance/, checked on every later one)."""
    raw = dl.fetch(spec(dataset), uci_mirror, verify_checksums=verify_checksums)
    digest = dl.pin(raw, spec(dataset), Path(output[0]).parents[1] / "provenance")
    log.info("%s: raw table %d rows x %d columns from %s, content SHA-256 %s", dataset, *raw.shape,
             uci_mirror or "ucimlrepo", digest)
    _write(raw, output[0])


def binarize(input, output, *, dataset, subsample, seed):
    raw = _read(input[0])
    features, labels = prepare(raw, spec(dataset), subsample, seeds.seed_sequence(seed, dataset, "subsample"))
    log.info("%s: n=%d, %d features, alpha=%.4f", dataset, labels.size, features.shape[1], labels.mean())
    _write(features.assign(**{LABEL: labels}), output[0])


def score(input, output, *, dataset, model, folds, seed):
    from pueval.model import Capacity, out_of_fold_scores

    data = _read(input[0])
    y = data.pop(LABEL).to_numpy()
    smallest = int(np.bincount(y, minlength=2).min())
    if smallest < folds:
        raise ValueError(f"config key 'folds': {folds} folds, but {dataset} has only {smallest} rows of its "
                         f"smaller class (check datasets.{dataset}.subsample)")
    capacity = Capacity(**model)
    scores = out_of_fold_scores(data.to_numpy(), y, capacity, folds=folds, seed=seeds.int_seed(seed, dataset, "score"))
    truth = est.truth(y, scores)
    log.info("%s: %s -> AUC %.4f, AUL %.4f", dataset, capacity, truth["auc"], truth["aul"])
    _write(pd.DataFrame({LABEL: y, "score": scores}), output[0])


def draws(input, output, *, dataset, beta, n_draws, seed):
    y = _read(input[0], columns=[LABEL])[LABEL].to_numpy()
    k = scar.n_labeled(int(y.sum()), beta)
    if k < MIN_LABELED:
        raise ValueError(f"config key 'betas': beta={beta:g} labels {k} of the {int(y.sum())} positives of {dataset}; "
                         f"a draw needs at least {MIN_LABELED} labeled rows (or raise datasets.{dataset}.subsample)")
    labeled = scar.scar_draws(y, beta, n_draws, seed=seed, dataset=dataset)
    log.info("%s beta=%g: %d draws of %d labeled positives", dataset, beta, n_draws, labeled.shape[1])
    _write(scar.to_frame(labeled), output[0])


def _features(path):
    """(X, y) of a binarized dataset file."""
    data = _read(path)
    y = data.pop(LABEL).to_numpy()
    return data.to_numpy(dtype=np.float64), y


def _features_and_draws(input):
    X, y = _features(input.data)
    return X, y, scar.label_matrix(_read(input.draws), y.size)


def _mpe_draws(dataset, beta, y, s, estimate_one):
    """Run ``estimate_one(draw, is_component) -> dict`` on every draw, timed, with progress."""
    rows = []
    for d, labeled in enumerate(s.astype(bool)):
        start = time.perf_counter()
        result = estimate_one(d, labeled)
        seconds = time.perf_counter() - start
        rows.append({"draw": d, "theta": float(y[~labeled].mean()), **result, "seconds": seconds})
        if (d + 1) % PROGRESS_EVERY == 0 or d + 1 == len(s):
            log.info("%s beta=%g: %d/%d draws, last %.2f s", dataset, beta, d + 1, len(s), seconds)
    return pd.DataFrame(rows)


def km(input, output, *, dataset, beta, options):
    from pueval.mpe import kernel_embedding as ke

    X, y, s = _features_and_draws(input)
    start = time.perf_counter()
    bank = ke.KernelBank(X, **options)
    bank_seconds = time.perf_counter() - start
    log.info("%s: Gram matrices of %d rows in %.1f s (shared by all draws)", dataset, bank.n, bank_seconds)

    def one(draw, labeled):
        estimates = ke.km_thresholds(bank, labeled)
        return {"theta_km1": estimates["km1"], "theta_km2": estimates["km2"], "qp_bound": estimates["bound"],
                "undecided": estimates["undecided"]}

    frame = _mpe_draws(dataset, beta, y, s, one).assign(shared_seconds=bank_seconds)
    log.info("%s beta=%g: %d slope comparisons left undecided by the QP bounds in %d draws", dataset, beta,
             frame["undecided"].sum(), len(frame))
    _write(frame, output[0])


def distcurve_model(input, output, *, seed, repetitions, training):
    from pueval.mpe import distance_curve as dc

    options = dict(training)
    n_mixtures = options.pop("n_mixtures")
    curves, thetas = dc.training_set(n_mixtures, seed=seed, repetitions=repetitions)
    log.info("%d synthetic mixtures, theta in [%.2f, %.2f]", n_mixtures, thetas.min(), thetas.max())
    model = dc.train_regressor(curves, thetas, seed=seed, **options)
    n_holdout = max(50, n_mixtures // 10)
    curves, thetas = dc.training_set(n_holdout, seed=seed, repetitions=repetitions, stream="distcurve-holdout")
    log.info("hold-out MAE on %d fresh synthetic mixtures: %.4f", n_holdout,
             float(np.abs(model.predict(curves) - thetas).mean()))
    dc.save_regressor(model, output[0])


def distcurve(input, output, *, dataset, beta, seed, repetitions, transform):
    from pueval.mpe import distance_curve as dc

    X, y, s = _features_and_draws(input)
    folds = (transform or {}).get("folds", 5)
    if s.sum(axis=1).min() < folds or (1 - s).sum(axis=1).min() < folds:
        raise ValueError(f"config key 'mpe.distcurve.transform.folds': {folds} folds, but a draw of {dataset} at "
                         f"beta={beta:g} has {int(s.sum(axis=1).min())} labeled rows")
    model = dc.load_regressor(input.model)

    def one(draw, labeled):
        theta, _ = dc.estimate_split(X, labeled, model, transform=transform, repetitions=repetitions,
                                     transform_seed=seeds.int_seed(seed, dataset, beta, draw, "transform"),
                                     rng=seeds.rng(seed, dataset, beta, draw, "curve"))
        return {"theta_distance": theta}

    _write(_mpe_draws(dataset, beta, y, s, one), output[0])


def estimate(input, output, *, dataset, beta):
    from pueval import metrics

    scored = _read(input.scores)
    y, scores = scored[LABEL].to_numpy(), scored["score"].to_numpy()
    s = scar.label_matrix(_read(input.draws), y.size)
    frame = est.pu_estimates(y, scores, s)
    frame.insert(0, "beta", beta)
    frame.insert(0, "dataset", dataset)
    for key, value in reversed(est.truth(y, scores).items()):
        frame.insert(2, key, value)
    for path in input.mpe:
        mpe = _read(path)
        if not np.allclose(mpe["theta"], frame["theta"]):
            raise ValueError(f"{path} was computed on other draws than {input.draws}")
        for column in [c for c in mpe.columns if c.startswith("theta_")]:
            method = column.removeprefix("theta_")
            frame[column] = mpe[column].to_numpy()
            frame[f"auc_est_{method}"] = np.clip(metrics.corrected_auc(frame["auc_pu"], mpe[column]), 0.0, 1.0)
    log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
    _write(frame, output[0])


def table1(input, output):
    from pueval import paper, report

    table = report.table1(pd.concat([_read(p) for p in input], ignore_index=True))
    Path(output.csv).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    distance = paper.distance(table)
    distance.to_csv(output.distance, index=False, float_format="%.4f")
    Path(output.md).write_text(report.markdown(table) + "\n" + paper.distance_markdown(distance))


def figure2(input, output):
    from pueval import report

    _save_figure(report.figure2(pd.concat([_read(p) for p in input], ignore_index=True)), output)


def theorem1(input, output, *, epsilons):
    from pueval import report, theory

    estimates = pd.concat([_read(p) for p in input.estimates], ignore_index=True)
    scores = {Path(p).stem: _read(p) for p in input.scores}
    table = theory.table(estimates, scores, epsilons)
    table.to_csv(output.csv, index=False, float_format="%.6g")
    _save_figure(report.theorem1_figure(table), (output.png, output.pdf))


def cost(input, output, *, dataset, sizes, beta, seed, km, distcurve, repeats):
    from pueval import cost as experiment
    from pueval import report

    raw = _read(input.raw)
    frame = experiment.run(raw, spec(dataset), sizes=sizes, beta=beta, seed=seed, km_options=km,
                           distcurve_model=input.model, distcurve_options=distcurve, repeats=repeats)
    frame.to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.cost_figure(frame), (output.png, output.pdf))


def figure3_dataset(input, output, *, dataset, seed, beta, repetitions, options, km, distcurve):
    from pueval import figure3 as protocol

    X, y = _features(input.data)
    protocol.check_sizes(y, beta, options)
    method = protocol.best_mpe(_read(input.estimates))
    mpe = protocol.prior_estimator(method, km=km, distcurve_model=input.model, distcurve=distcurve)
    log.info("%s: PU_AUC takes its prior from %s (lowest MAE at beta=%g)", dataset, method, beta)
    rows = []
    for rep in range(repetitions):
        rows += protocol.repetition(X, y, dataset=dataset, rep=rep, seed=seed, beta=beta, mpe=mpe, options=options)
        log.info("%s: repetition %d/%d, test AUC %s", dataset, rep + 1, repetitions,
                 ", ".join(f"{r['method']} {r['auc']:.3f}" for r in rows[-2:]))
    _write(pd.DataFrame(rows).assign(beta=beta, prior_method=method), output[0])


def figure3(input, output):
    from pueval import figure3 as protocol
    from pueval import report

    runs = pd.concat([_read(p) for p in input], ignore_index=True)
    protocol.summarize(runs).to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.figure3(runs), (output.png, output.pdf))


def aul_interval(input, output, *, datasets, betas, seed, level, n_boot):
    """Coverage of the prior-free AUL intervals over every Table 1 draw."""
    from pueval import evaluate, metrics, report

    draws_paths = iter(input.draws)
    rows = []
    for dataset, scores_path in zip(datasets, input.scores):
        scored = _read(scores_path)
        y, scores = scored[LABEL].to_numpy(), scored["score"].to_numpy()
        truth = float(metrics.aul(y, scores))
        for beta in betas:
            s = scar.label_matrix(_read(next(draws_paths)), y.size)
            found = evaluate.coverage(s, scores, truth, level=level, n_boot=n_boot,
                                      seed_of=lambda d: seeds.int_seed(seed, dataset, beta, d, "aul-interval"))
            rows += [{"dataset": dataset, "beta": beta, **row} for row in found]
        log.info("%s: intervals on %d draws per beta", dataset, len(s))
    table = evaluate.coverage_table(pd.DataFrame(rows), level)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    _save_figure(report.aul_interval_figure(table), (output.png, output.pdf))


def related(input, output, *, dataset, level, f1_quantile):
    """All βs of a dataset in one job: the work per draw is milliseconds, a job's start-up seconds."""
    from pueval import related as rel

    scored = _read(input.scores)
    y, scores = scored[LABEL].to_numpy(), scored["score"].to_numpy()
    predicted = scores > np.quantile(scores, f1_quantile)
    rows = []
    for draws_path, estimates_path in zip(input.draws, input.estimates):
        s = scar.label_matrix(_read(draws_path), y.size)
        estimates = _read(estimates_path)
        priors = ["theta"] + [c for c in estimates.columns if c.startswith("theta_")]
        beta = float(estimates["beta"].iloc[0])
        for d, labeled in enumerate(s):
            thetas = estimates.loc[estimates["draw"] == d, priors].iloc[0]
            named = {("true" if c == "theta" else c.removeprefix("theta_")): float(thetas[c]) for c in priors}
            rows += [{"beta": beta, "draw": d, **row}
                     for row in rel.draw_estimates(labeled, scores, predicted, named, level)]
        log.info("%s beta=%g: related estimators on %d draws", dataset, beta, len(s))
    frame = pd.DataFrame(rows)
    frame.insert(0, "dataset", dataset)
    frame["truth"] = frame["target"].map(rel.truths(y, scores, predicted))
    _write(frame, output[0])


def related_table(input, output):
    from pueval import related as rel
    from pueval import report

    table = rel.table(pd.concat([_read(p) for p in input], ignore_index=True))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(report.markdown(table, title=RELATED_TITLE))


RELATED_TITLE = ("Related estimators on the Table 1 draws: MAE against the fully labeled value of the target "
                 "(mean over all datasets, betas and draws). prior = where theta comes from (true or an MPE "
                 "method); Claesen: coverage = share of draws whose bounds contain the truth.")


STEPS = {
    f.__name__: f
    for f in (download, binarize, score, draws, km, distcurve_model, distcurve, estimate, table1, figure2, theorem1,
              cost, figure3_dataset, figure3, aul_interval, related, related_table)
}


# Values a step reads from the config instead of params:, so that they trigger no rerun.
FROM_CONFIG = {"download": ("uci_mirror",)}


def run_rule(smk) -> None:
    """Entry point of ``workflow/scripts/step.py``: run the step named like the rule, logged."""
    handlers = [logging.StreamHandler(sys.stderr)]
    if smk.log:
        handlers.append(logging.FileHandler(smk.log[0], mode="w"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", handlers=handlers, force=True)
    logging.captureWarnings(True)
    step = STEPS[smk.rule]
    from_config = {key: smk.config.get(key) for key in FROM_CONFIG.get(smk.rule, ())}
    try:
        step(smk.input, smk.output, **dict(smk.params.items()), **from_config)
    except dl.DataUnavailableError as error:  # one line, no traceback: the message says what to do
        log.error("%s", error)
        raise SystemExit(1) from None
    except Exception:
        log.exception("rule %s failed", smk.rule)
        raise


"""Steps of ``workflow/rules/aul_beyond.smk``: beyond the AUL paper: Theorem 1 on the draws, the prior-free
intervals, comparing two models, the related estimators on the draws, labels not selected at random (SAR)."""

from __future__ import annotations

from pathlib import Path

from pueval.pipeline import schemas
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import _concat, _features, _labels, _scores, log


def theorem1(input, output, *, epsilons):
    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import theorem1 as study

    scores = {Path(p).stem: schemas.read(p, "scores") for p in input.scores}
    table = study.table(_concat(input.estimates, "estimates"), scores, epsilons)
    table.to_csv(output.csv, index=False, float_format="%.6g")
    render.save(render.theorem1_figure(table), (output.png, output.pdf))


def aul_interval(input, output, *, names, betas, seed, level, n_boot, titles):
    """Coverage of the prior-free AUL intervals over every Table 1 draw."""
    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import aul_interval as study

    scored = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    settings = ((dataset, beta, _labels(path, scored[dataset][0].size), scored[dataset][1], scored[dataset][0])
                for (dataset, beta), path in zip([(d, b) for d in names for b in betas], input.draws))
    table = study.coverage_study(settings, seed=seed, level=level, n_boot=n_boot)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    render.save(render.aul_interval_figure(table, titles), (output.png, output.pdf))


def paired_difference(input, output, *, names, betas, level, titles):
    """Coverage and decisions of the paired, prior-free ΔAUL interval over every Table 1 draw."""
    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import paired_difference as study

    a = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    b = {dataset: _scores(path)[1] for dataset, path in zip(names, input.scores_b)}
    settings = ((dataset, beta, _labels(path, a[dataset][0].size), a[dataset][0], a[dataset][1], b[dataset])
                for (dataset, beta), path in zip([(d, x) for d in names for x in betas], input.draws))
    table = study.study(settings, level=level)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    render.save(render.paired_difference_figure(table, titles), (output.png, output.pdf))


def related(input, output, *, dataset, level, f1_quantile):
    """All βs of a dataset in one job: the work per draw is milliseconds, a job's start-up seconds."""
    from pueval.studies import related_draws as study

    y, scores = _scores(input.scores)
    settings = [(_labels(d, y.size), schemas.read(e, "estimates")) for d, e in zip(input.draws, input.estimates)]
    frame = study.dataset_frame(y, scores, settings, dataset=dataset, level=level, f1_quantile=f1_quantile)
    log.info("%s: related estimators on %d draws", dataset, sum(len(s) for s, _ in settings))
    schemas.write(frame, output[0], "related")


def sar(input, output, *, dataset, beta, strengths, n_draws, prior_draws, audit_sizes, em_draws, seed, distcurve, bbe,
        tice):
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import sar as study

    X, _ = _features(input.data)
    y, scores = _scores(input.scores)
    options = PriorOptions(distcurve_model=input.model, repetitions=distcurve["repetitions"],
                           transform=distcurve["transform"], bbe=bbe, tice=tice)
    priors = options.estimator(("distcurve", "en", "bbe", "tice"))
    with naming_keys({"beta": "sar.beta"}):
        frame = study.run(X, y, scores, dataset=dataset, beta=beta, strengths=strengths, n_draws=n_draws, seed=seed,
                          priors=priors, audit_sizes=audit_sizes, em_draws=em_draws, prior_draws=prior_draws)
    schemas.write(frame, output[0], "sar")


def sar_table(input, output):
    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import sar as study

    table = study.table(_concat(input, "sar"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    render.save(render.sar_figure(table), (output.png, output.pdf))
    render.save(render.sar_without_scar_figure(table), (output.without_scar_png, output.without_scar_pdf))


def related_table(input, output):
    from pueval.pipeline.render import aul_beyond as render
    from pueval.pipeline.render.common import markdown
    from pueval.studies import related_draws as study

    table = study.table(_concat(input, "related"))
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(markdown(table, title=render.RELATED_TITLE))


def prior_intervals(input, output, *, level):
    """How often each interval for θ, and the corrected AUC's interval built on it, holds the truth."""
    import pandas as pd

    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import prior_intervals as study

    estimates = _concat(input.estimates, "estimates")
    thetas = study.theta_rows(_concat(input.bootstrap, "prior_bootstrap"), estimates)
    table = pd.concat([study.coverage_table(thetas).assign(target="theta"),
                       study.coverage_table(study.corrected_auc_rows(estimates, thetas, level=level))
                       .assign(target="auc")], ignore_index=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(render.prior_intervals_markdown(table, level))


def operating_points(input, output, *, names, betas, seed, targets, level, audit_sizes, sar, bbe_delta, titles):
    """Operating points without a prior, and with BBE's θ̂ and interval, on every Table 1 draw, on SAR draws of their
    own, and the calibration check (:mod:`pueval.studies.operating_points`)."""
    import pandas as pd

    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import operating_points as study

    scored = {dataset: _scores(path) for dataset, path in zip(names, input.scores)}
    middle = sorted(betas)[len(betas) // 2]
    points, audits, calibration = [], [], []
    settings = [(d, b) for d in names for b in betas]
    for (dataset, beta), path, estimates in zip(settings, input.draws, input.estimates):
        y, scores = scored[dataset]
        labeled = _labels(path, y.size)
        priors = schemas.read(estimates, "estimates").sort_values("draw")[["theta_bbe", "bbe_lower", "bbe_upper"]]
        found, audited = study.scar_rows(dataset, beta, labeled, y, scores, targets=targets, level=level,
                                         audit_sizes=audit_sizes, seed=seed, priors=priors.to_numpy())
        points += found
        audits += audited
        if beta == middle:
            calibration += study.calibration_rows(dataset, beta, labeled[0], scores, level=level)
    sar_found = [row for dataset in names for row in study.sar_rows(
        dataset, *scored[dataset], beta=sar["beta"], strengths=sar["strengths"], draws=sar["draws"], targets=targets,
        level=level, audit_size=sar["audit_size"], seed=seed)]
    log.info("operating points: %d SCAR draws, %d audits, %d SAR draws", len(points), len(audits), len(sar_found))
    table = study.summary(pd.DataFrame(points), pd.DataFrame(audits), pd.DataFrame(sar_found),
                          pd.DataFrame(calibration), level, prior_level=1.0 - bbe_delta)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(render.operating_points_markdown(table, level))
    first = names[0]  # one draw to show: the first dataset's first draw at the middle β
    y, scores = scored[first]
    example = (first, y, scores, _labels(input.draws[betas.index(middle)], y.size)[0])
    render.save(render.operating_points_figure(pd.DataFrame(points), table, example, level, titles),
                (output.png, output.pdf))


def model_selection(input, output, *, names, seed, options, bbe):
    """Choosing among models without negatives on every dataset of the run (:mod:`pueval.studies.model_selection`)."""
    import pandas as pd

    from pueval.pipeline.render import aul_beyond as render
    from pueval.studies import model_selection as study

    grid = options["grid"]
    candidates = study.grid(grid["leaves"], grid["rounds"], grid["learning_rates"])
    choices, sets = [], []
    for dataset, data, scored in zip(names, input.data, input.scores):
        X, y = _features(data)
        _, reference = _scores(scored)
        with naming_keys({key: f"model_selection.{key}" for key in ("draws", "strengths")}):
            found, judged = study.run(X, y, reference, dataset=dataset, beta=options["beta"], draws=options["draws"],
                                      candidates=candidates, n_labeled=options["n_labeled"],
                                      strengths=options["strengths"], level=options["level"],
                                      audit_size=options["audit_size"], bbe=bbe, seed=seed)
        log.info("model selection: %s, %d choices, %d sets", dataset, len(found), len(judged))
        choices.append(found)
        sets.append(judged)
    sets = pd.concat(sets, ignore_index=True)
    with naming_keys({"n_labeled": "model_selection.n_labeled"}):
        picked, judged = study.summary(pd.concat(choices, ignore_index=True), sets)
    study.sets_by_dataset(sets).assign(level=options["level"]).to_csv(output.sets_csv, index=False,
                                                                      float_format="%.4f")
    table = pd.concat([picked.assign(part="criteria"), judged.assign(part="set")], ignore_index=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(render.model_selection_markdown(picked, judged, options, len(candidates), len(names)))
    render.save(render.model_selection_figure(picked, judged, options["level"]), (output.png, output.pdf))

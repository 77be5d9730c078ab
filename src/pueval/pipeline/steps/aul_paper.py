"""Steps of ``workflow/rules/aul_paper.smk``: the AUL paper's Table 1, Figures 1-3 and its cost experiment."""

from __future__ import annotations

from pathlib import Path

from pueval.pipeline import datasets, schemas
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import _concat, _features, _labels, _scores


def table1(input, output, *, bbe_delta):
    """Table 1 (the paper's prior sources) and Table 1+ (every prior source, and the coverage of BBE's own
    interval for θ)."""
    from pueval.pipeline.render import aul_paper as render
    from pueval.pipeline.render.common import markdown
    from pueval.studies import table1 as study

    estimates = _concat(input, "estimates")
    table, plus = study.table1(estimates), study.table1(estimates, methods=None)
    distance = study.distance(table)
    Path(output.csv).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    distance.to_csv(output.distance, index=False, float_format="%.4f")
    Path(output.md).write_text(markdown(table) + "\n" + render.distance_markdown(distance))
    plus.to_csv(output.plus_csv, index=False, float_format="%.4f")
    Path(output.plus_md).write_text(markdown(plus, title=render.TABLE1_PLUS_TITLE) + "\n" + render.claims(plus)
                                    + "\n" + render.interval_markdown(study.interval_coverage(estimates), bbe_delta))


def km_standardized_table(input, output, *, names, betas):
    """Table 1's KM cells beside KM1/KM2 on standardized features (:func:`pueval.studies.table1.km_standardized`)."""
    import pandas as pd

    from pueval.pipeline.render import aul_paper as render
    from pueval.studies import table1 as study

    estimates = _concat(input.estimates, "estimates")
    standardized = pd.concat([schemas.read(path, "km_standardized").assign(dataset=name, beta=beta)
                              for (name, beta), path in zip([(n, b) for n in names for b in betas], input.km)],
                             ignore_index=True)
    table = study.km_standardized(estimates, standardized)
    table.to_csv(output.csv, index=False, float_format="%.4f")
    Path(output.md).write_text(render.km_standardized_markdown(table))


def figure2(input, output, *, titles):
    """Figure 2 (the paper's prior sources) and Figure 2+ (every prior source), and the error distributions behind
    Figure 2 and Table 1 (their boxes, Table 1's cells with their Monte-Carlo errors, the clipped shares)."""
    from pueval.pipeline.render import aul_paper as render
    from pueval.studies import table1

    estimates = _concat(input, "estimates")
    table1.error_summary(estimates, methods=None).to_csv(output.errors, index=False, float_format="%.6g")
    render.save(render.figure2(estimates, titles), (output.png, output.pdf))
    render.save(render.figure2(estimates, titles, methods=None, title=render.FIGURE2_PLUS_TITLE),
                 (output.plus_png, output.plus_pdf))


def cost(input, output, *, dataset, labeling, sizes, beta, seed, km, distcurve, bbe, tice, repeats, km_max_size):
    from pueval.mpe.priors import PriorOptions
    from pueval.pipeline.render import aul_paper as render
    from pueval.studies import cost as study

    X, y = datasets.binarize(schemas.read(input.raw, "raw"), datasets.Labeling.of(dataset, labeling))
    priors = PriorOptions(km_standardize=km["standardize"], distcurve_model=input.model,
                          repetitions=distcurve["repetitions"], transform=distcurve["transform"], bbe=bbe, tice=tice)
    with naming_keys({"sizes": "cost.sizes", "repeats": "cost.repeats"}):
        frame = study.run(X.to_numpy(), y, name=dataset, sizes=sizes, beta=beta, seed=seed, priors=priors,
                          km_max_size=km_max_size, repeats=repeats)
    frame.to_csv(output.csv, index=False, float_format="%.4f")
    render.save(render.cost_figure(frame), (output.png, output.pdf))


def figure3_dataset(input, output, *, dataset, seed, beta, repetitions, options, km, distcurve):
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import draw_estimates
    from pueval.studies import pu_auc_vs_pu_aul as study

    X, y = _features(input.data)
    priors = PriorOptions(km_standardize=km["standardize"], distcurve_model=input.model,
                          repetitions=distcurve["repetitions"], transform=distcurve["transform"])
    # the paper's priors' AUC^est on the Table 1 draws at beta, from their own files: another method's option
    # does not reach this job
    _, scores = _scores(input.scores)
    estimates = draw_estimates.draw_table(y, scores, _labels(input.draws, y.size),
                                          [(path, schemas.read(path, kind)) for kind, path in
                                           (("km", input.km), ("distcurve", input.distcurve))],
                                          dataset=dataset, beta=beta)
    with naming_keys({"test_fraction": "figure3.test_fraction", "folds": "figure3.folds"}):
        frame = study.run(X, y, estimates, dataset=dataset, seed=seed, beta=beta, repetitions=repetitions, **options,
                          priors=priors)
    schemas.write(frame, output[0], "figure3")


def figure3(input, output, *, titles, test_fraction):
    from pueval.pipeline.render import aul_paper as render
    from pueval.studies import pu_auc_vs_pu_aul as study

    runs = _concat(input, "figure3")
    study.summarize(runs, test_fraction).to_csv(output.csv, index=False, float_format="%.4f")
    render.save(render.figure3(runs, titles), (output.png, output.pdf))


def figure1(input, output):
    """The AUL paper's Figure 1 from the 20-row table it prints, and the 252 labelings of its positives."""
    from pueval.pipeline.render import aul_paper as render
    from pueval.studies import aul_figure1 as study

    found, labelings = study.curves_of_the_table(), study.labelings_frame()
    summary = study.summary(found, labelings)
    summary.to_csv(output.csv, index=False, float_format="%.6f")
    render.save(render.figure1_figure(found, labelings, summary), (output.png, output.pdf))

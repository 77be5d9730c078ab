"""Steps of ``workflow/rules/claesen.smk``: Claesen et al. (2015)'s experiments."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pueval.pipeline import schemas
from pueval.pipeline.steps import _labels, _scores, log


def claesen_scores(input, output, *, source, mirror, relative, entry):
    """The authors' own classifier scores (their data.pkl), checked and read with an arrays-only unpickler."""
    from pueval.pipeline import authors_scores

    frame = authors_scores.fetch(source, mirror, relative, entry)
    log.info("the authors' %s scores: %d rows, %d positive", entry, len(frame), int(frame["label"].sum()))
    schemas.write(frame, output[0], "claesen_scores")


def claesen(input, output, *, seed, repetitions, known_positives, level, dataset, authors):
    """Claesen et al.'s Figures 2-5 and results/claesen.md: Figure 5 on the authors' scores when ``authors`` is
    set (``claesen.scores``), with our dataset as the contrast."""
    from pueval.mpe import PUBLIC_METHODS
    from pueval.pipeline.render import claesen as render
    from pueval.studies import claesen as study
    from pueval.studies.aul_paper import column_name

    frame = study.figure2_frame(known_positives, repetitions, seed=seed, level=level)
    summary = study.figure2_summary(frame)
    log.info("Figure 2: %d simulated rankings", len(frame))
    bands, truth = study.figure3_bands((0.0, 0.15, 0.3, 0.45), seed=seed, level=level)
    order = study.order_table(seed=seed, level=level)
    y, scores = _scores(input.scores)
    labeled = _labels(input.draws, y.size)[0]
    row = schemas.read(input.estimates, "estimates").sort_values("draw").iloc[0]
    estimates = [float(row[f"theta_{column_name(m)}"]) for m in PUBLIC_METHODS]
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
    order.to_csv(output.order_csv, index=False, float_format="%.6g")
    labelings_csv = labelings if labelings is not None else pd.DataFrame(columns=["labeling", "contains"])
    labelings_csv.to_csv(output.labelings_csv, index=False, float_format="%.6g")
    Path(output.md).write_text(render.claesen_markdown(summary, order, study.order_verdict(order), found, labelings,
                                                       authors=authors))
    render.save(render.claesen_figure2(summary), (output.figure2_png,))
    render.save(render.claesen_figure3(bands, truth), (output.figure3_png,))
    s4, y4, models = study.figure4_models(seed=seed)
    render.save(render.claesen_figure4(s4, y4, models, order), (output.figure4_png,))
    (name, (panels, _)), *contrast = found.items()
    render.save(render.claesen_figure5(panels, name), (output.figure5_png, output.figure5_pdf))
    for name, (panels, _) in contrast:
        render.save(render.claesen_figure5(panels, name), (output.figure5_contrast_png,))

"""Steps of ``workflow/rules/estimate.smk``: the per-draw estimates: AUL^PU and AUC^PU corrected with every prior."""

from __future__ import annotations

from pueval.pipeline import schemas
from pueval.pipeline.steps import _labels, _scores, log

PRIORS = ("km", "distcurve", "en", "bbe", "tice")
"""The prior files an estimate reads, by input name (= schema), in the estimates' column order."""


def estimate(input, output, *, dataset, beta):
    """Per-draw estimates of (``dataset``, ``beta``)."""
    from pueval.studies import draw_estimates as study

    y, scores = _scores(input.scores)
    priors = [(input[kind], schemas.read(input[kind], kind)) for kind in PRIORS]
    frame = study.draw_table(y, scores, _labels(input.draws, y.size), priors, dataset=dataset, beta=beta)
    log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
    schemas.write(frame, output[0], "estimates")

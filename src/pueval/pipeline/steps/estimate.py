"""Steps of ``workflow/rules/estimate.smk``: the per-draw estimates: AUL^PU and AUC^PU corrected with every prior."""

from __future__ import annotations

from pueval.pipeline import schemas
from pueval.pipeline.steps import _labels, _scores, _transform_scores, log


def estimate(input, output, *, dataset, beta, seed, bbe):
    """Per-draw estimates of (``dataset``, ``beta``), with BBE (options ``bbe``) read from the stored transform."""
    from pueval.studies import draw_estimates as study
    from pueval.studies import mpe_draws

    y, scores = _scores(input.scores)
    s = _labels(input.draws, y.size)
    best_bin = mpe_draws.readout_draws("bbe", y, s, _transform_scores(input.transform, y.size), seed=seed,
                                       dataset=dataset, beta=beta, bbe=bbe)
    priors = [(input.km, schemas.read(input.km, "km")), (input.distcurve, schemas.read(input.distcurve, "distcurve")),
              (input.en, schemas.read(input.en, "en")), ("BBE", best_bin), (input.tice, schemas.read(input.tice, "tice"))]
    frame = study.draw_table(y, scores, s, priors, dataset=dataset, beta=beta)
    log.info("%s beta=%g: mean AUL^PU - AUL = %+.4f", dataset, beta, (frame.aul_pu - frame.aul).mean())
    schemas.write(frame, output[0], "estimates")

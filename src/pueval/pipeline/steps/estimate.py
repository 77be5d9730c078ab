"""Steps of ``workflow/rules/estimate.smk``: the per-draw estimates: AUL^PU and AUC^PU corrected with every prior."""

from __future__ import annotations

from pueval.pipeline import schemas
from pueval.pipeline.steps import _labels, _scores, log


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

"""Steps of ``workflow/rules/jain.smk``: Jain et al. (2017)'s study on our datasets."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from pueval import seeds
from pueval.pipeline.steps import _features, _scores, log


def jain(input, output, *, names, seed, repetitions, pu_repetitions, purities, transform):
    """Jain et al.'s study on our datasets, both arms (the model's scores; a labeled-vs-unlabeled model per draw):
    errors, the binomial tests, their Figures 1 and 2."""
    from pueval.pipeline.render import jain as render
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
    Path(output.md).write_text(render.jain_markdown(tests, errors, toy, skipped, draws=frame["arm"].value_counts(),
                                                    settings=settings))
    model = frame[frame["arm"] == "model"]
    render.save(render.jain_figure2(model, study.prior_error_bin(model), study.PRIOR_ERROR_NAMES),
                 (output.figure2_png, output.figure2_pdf))
    render.save(render.jain_figure1(np.asarray(study.TOY_SCORES), np.asarray(study.TOY_LABELED),
                                      np.asarray(study.TOY_Y), toy["theta"], toy), (output.figure1_png,))

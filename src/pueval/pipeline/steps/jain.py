"""Steps of ``workflow/rules/jain.smk``: Jain et al. (2017)'s study on our datasets."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import _features, _scores


def jain(input, output, *, names, seed, repetitions, pu_repetitions, pu_folds, networks_datasets, variant_datasets,
         purities, transform):
    """Jain et al.'s study on our datasets, its three arms (a labeled-vs-unlabeled model per draw: the paper's
    bagged networks on ``networks_datasets``, the ``transform`` LightGBM cross-fitted in ``pu_folds`` folds on
    ``variant_datasets``; the model's scores): errors, the binomial tests, their Figures 1 and 2."""
    from pueval.pipeline.render import jain as render
    from pueval.studies import jain as study

    data = {}
    for dataset, path, features_path in zip(names, input.scores, input.data):
        y, scores = _scores(path)
        features = None
        if pu_repetitions:
            features, y_data = _features(features_path)
            if not np.array_equal(y_data, y):
                raise ValueError(f"jain: {features_path} and {path} do not hold the same rows in the same order")
        data[dataset] = (y, scores, features)
    with naming_keys({"data": "run"}):  # no dataset of the run can host it: set jain: null
        frame, skipped, settings = study.study_frame(data, purities=purities, repetitions=repetitions,
                                                     pu_repetitions=pu_repetitions, seed=seed,
                                                     transform={**transform, "folds": pu_folds},
                                                     networks_datasets=networks_datasets,
                                                     variant_datasets=variant_datasets)
    (tests, errors), toy = study.arm_tables(frame), study.toy()
    errors.to_csv(output.csv, index=False, float_format="%.4f")
    tests.to_csv(output.tests_csv, index=False, float_format="%.6g")
    Path(output.md).write_text(render.jain_markdown(tests, errors, toy, skipped, draws=frame["arm"].value_counts(),
                                                    settings=settings))
    model = frame[frame["arm"] == "model"]
    render.save(render.jain_figure2(model, study.prior_error_bin(model), study.PRIOR_ERROR_NAMES),
                 (output.figure2_png, output.figure2_pdf))
    render.save(render.jain_figure1(np.asarray(study.TOY_SCORES), np.asarray(study.TOY_LABELED),
                                      np.asarray(study.TOY_Y), toy["theta"], toy), (output.figure1_png,))

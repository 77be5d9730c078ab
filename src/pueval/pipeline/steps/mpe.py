"""Steps of ``workflow/rules/mpe.smk``: the class-prior estimators on the draws of one (dataset, β) each: KM1/KM2,
DistCurve's regressor, the LightGBM transform with EN, DistCurve read from the stored transform, TIcE, and every
method's bootstrap interval on the first draws."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval.pipeline import schemas
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import LABEL, _features, _labels, _transform_scores, log


def _draws(input) -> tuple[np.ndarray, np.ndarray]:
    """(y, the n_draws × n PU label matrix) of a job's data and draws files."""
    y = schemas.read(input.data, "data", columns=[LABEL])[LABEL].to_numpy()
    return y, _labels(input.draws, y.size)


def km(input, output, *, dataset, beta, options, kind="km"):
    """KM1/KM2 on every draw of (``dataset``, ``beta``), one :class:`~pueval.mpe.kernel_embedding.KernelBank` for
    all of them, written as the intermediate file of ``kind``."""
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    bank = study.kernel_bank(X, label=dataset, **options)
    schemas.write(study.km_draws(X, y, _labels(input.draws, y.size), label=f"{dataset} beta={beta:g}", bank=bank),
                  output[0], kind)


def km_standardized(input, output, *, dataset, beta):
    """KM1/KM2 with every feature standardized (the ``mpe.km.standardize`` deviation), beside Table 1's cells."""
    km(input, output, dataset=dataset, beta=beta, options={"standardize": True}, kind="km_standardized")


def distcurve_model(input, output, *, seed, repetitions, training):
    from pueval.mpe import distance_curve as dc

    model, _ = dc.fit_model(seed=seed, repetitions=repetitions, **training)
    dc.save_regressor(model, output[0])


def transform(input, output, *, dataset, beta, seed, transform):
    """Every draw's cross-fitted labeled-vs-unlabeled transform (which DistCurve reads in jobs of its own, BBE in the
    estimate's) and EN's θ̂ from it (EN has no options)."""
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    with naming_keys({"transform": "mpe.distcurve.transform.folds"}):
        scores, en = study.transform_scores(X, y, _labels(input.draws, y.size), transform, seed=seed,
                                            dataset=dataset, beta=beta)
    schemas.write(pd.DataFrame({"draw": np.repeat(np.arange(len(scores)), scores.shape[1]),
                                "score": scores.ravel()}), output.scores, "transform")
    schemas.write(en, output.en, "en")


def distcurve(input, output, *, dataset, beta, seed, repetitions):
    """DistCurve's θ̂ per draw, read from the stored transform by the regressor."""
    from pueval.mpe import distance_curve as dc
    from pueval.studies import mpe_draws as study

    y, s = _draws(input)
    frame = study.readout_draws("distcurve", y, s, _transform_scores(input.transform, y.size), seed=seed,
                                dataset=dataset, beta=beta, model=dc.load_regressor(input.model),
                                repetitions=repetitions)
    schemas.write(frame, output[0], "distcurve")


def tice(input, output, *, dataset, beta, seed, options):
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    frame = study.tice_draws(X, y, _labels(input.draws, y.size), seed=seed, dataset=dataset, beta=beta, **options)
    schemas.write(frame, output[0], "tice")


def prior_bootstrap(input, output, *, dataset, beta, seed, draws, n_boot, level, methods, km, repetitions, transform,
                    bbe, tice):
    """Every method's bootstrap interval for θ on the first ``draws`` draws of (``dataset``, ``beta``)."""
    from pueval.mpe import distance_curve as dc
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import prior_intervals as study

    X, y = _features(input.data)
    options = PriorOptions(km_standardize=km["standardize"], distcurve_model=dc.load_regressor(input.model),
                           repetitions=repetitions, transform=transform, bbe=bbe, tice=tice)
    with naming_keys({"n_boot": "prior_intervals.n_boot", "level": "prior_intervals.level"}):
        frame = study.bootstrap_draws(X, y, _labels(input.draws, y.size)[:draws], methods, seed=seed, dataset=dataset,
                                      beta=beta, n_boot=n_boot, level=level, options=options)
    log.info("%s beta=%g: bootstrap intervals of %s on %d draws", dataset, beta, ", ".join(methods), draws)
    schemas.write(frame, output[0], "prior_bootstrap")

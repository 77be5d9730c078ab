"""Steps of ``workflow/rules/mpe.smk``: the class-prior estimators on the draws: KM1/KM2, DistCurve's regressor, the
LightGBM transform (DistCurve, EN, BBE), TIcE, and every method's bootstrap interval on the first draws."""

from __future__ import annotations

import pandas as pd

from pueval.pipeline import schemas
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import _features, _labels, log


def _every_beta(input, output, betas):
    """(draws file, output file, β) of a job that runs every β of one dataset."""
    return zip(input.draws, output, betas, strict=True)


def km(input, output, *, dataset, betas, options, kind="km"):
    """KM1/KM2 for every β of ``dataset``, one :class:`~pueval.mpe.kernel_embedding.KernelBank` for all draws,
    written as intermediate files of ``kind``."""
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    bank = study.kernel_bank(X, label=dataset, **options)
    for draws, path, beta in _every_beta(input, output, betas):
        schemas.write(study.km_draws(X, y, _labels(draws, y.size), label=f"{dataset} beta={beta:g}", bank=bank),
                      path, kind)


def km_standardized(input, output, *, dataset, betas):
    """KM1/KM2 with every feature standardized (the ``mpe.km.standardize`` deviation), beside Table 1's cells."""
    km(input, output, dataset=dataset, betas=betas, options={"standardize": True}, kind="km_standardized")


def distcurve_model(input, output, *, seed, repetitions, training):
    from pueval.mpe import distance_curve as dc

    model, _ = dc.fit_model(seed=seed, repetitions=repetitions, **training)
    dc.save_regressor(model, output[0])


def transform_mpe(input, output, *, dataset, betas, seed, repetitions, transform, bbe):
    from pueval.mpe import distance_curve as dc
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    options = PriorOptions(distcurve_model=dc.load_regressor(input.model), repetitions=repetitions,
                           transform=transform, bbe=bbe)
    for draws, path, beta in _every_beta(input, output, betas):
        with naming_keys({"transform": "mpe.distcurve.transform.folds"}):
            frame = study.transform_draws(X, y, _labels(draws, y.size), options, seed=seed, dataset=dataset,
                                          beta=beta)
        schemas.write(frame, path, "transform_mpe")


def tice(input, output, *, dataset, betas, seed, options):
    from pueval.studies import mpe_draws as study

    X, y = _features(input.data)
    for draws, path, beta in _every_beta(input, output, betas):
        frame = study.tice_draws(X, y, _labels(draws, y.size), seed=seed, dataset=dataset, beta=beta, **options)
        schemas.write(frame, path, "tice")


def prior_bootstrap(input, output, *, dataset, betas, seed, draws, n_boot, level, methods, km, repetitions, transform,
                    bbe, tice):
    """Every method's bootstrap interval for θ on the first ``draws`` draws of each β of ``dataset``."""
    from pueval.mpe import distance_curve as dc
    from pueval.mpe.priors import PriorOptions
    from pueval.studies import prior_intervals as study

    X, y = _features(input.data)
    options = PriorOptions(km_standardize=km["standardize"], distcurve_model=dc.load_regressor(input.model),
                           repetitions=repetitions, transform=transform, bbe=bbe, tice=tice)
    frames = []
    for path, beta in zip(input.draws, betas, strict=True):
        with naming_keys({"n_boot": "prior_intervals.n_boot", "level": "prior_intervals.level"}):
            frames.append(study.bootstrap_draws(X, y, _labels(path, y.size)[:draws], methods, seed=seed,
                                                dataset=dataset, beta=beta, n_boot=n_boot, level=level,
                                                options=options))
        log.info("%s beta=%g: bootstrap intervals of %s on %d draws", dataset, beta, ", ".join(methods), draws)
    schemas.write(pd.concat(frames, ignore_index=True), output[0], "prior_bootstrap")

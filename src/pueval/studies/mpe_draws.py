"""The MPE methods on every SCAR draw of one (dataset, β): the per-draw tables of Table 1's priors.

Each runner gives one row per draw (the draw, the true θ of its unlabeled rows, θ̂ and seconds),
with progress in the log. What all draws share is computed once: KM's Gram matrices
(:class:`pueval.mpe.kernel_embedding.KernelBank`). Draw d's random inputs come from
(seed, dataset, β, d) (:meth:`pueval.seeds.PriorSeeds.of`): the transform from (…, "transform"),
DistCurve's curve from (…, "curve"), TIcE's split from (…, "tice").
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pueval.mpe.priors import PriorEstimator, PriorOptions, transform_readout
from pueval.seeds import PriorSeeds
from pueval.studies.aul_paper import column_name
from pueval.studies.draws import check_transform_folds

if TYPE_CHECKING:  # KM's module loads numba: imported where KM runs, so a job without KM does not pay for it
    from pueval.mpe import kernel_embedding as ke

log = logging.getLogger(__name__)

PROGRESS_EVERY = 10  # draws between progress lines


def per_draw(y: np.ndarray, s: np.ndarray, estimate_one: Callable[[int, np.ndarray], dict], *,
             label: str) -> pd.DataFrame:
    """One row per draw: ``draw``, the true ``theta`` of its unlabeled rows, ``estimate_one(d, labeled)``'s
    items and ``seconds``. ``s`` is the (n_draws, n) PU label matrix, ``label`` names the job in the log."""
    rows = []
    for d, labeled in enumerate(np.asarray(s).astype(bool)):
        start = time.perf_counter()
        result = estimate_one(d, labeled)
        seconds = time.perf_counter() - start
        rows.append({"draw": d, "theta": float(y[~labeled].mean()), **result, "seconds": seconds})
        if (d + 1) % PROGRESS_EVERY == 0 or d + 1 == len(s):
            log.info("%s: %d/%d draws, last %.2f s", label, d + 1, len(s), seconds)
    return pd.DataFrame(rows)


def kernel_bank(X, *, label: str, standardize: bool = False) -> ke.KernelBank:
    """The :class:`~pueval.mpe.kernel_embedding.KernelBank` of the rows of ``X``, built once for every draw of a
    (dataset, β); its time is logged and kept as ``bank.seconds``."""
    from pueval.mpe import kernel_embedding as ke

    bank = ke.KernelBank(X, standardize=standardize)
    log.info("%s: Gram matrices of %d rows in %.1f s (shared by all draws)", label, bank.n, bank.seconds)
    return bank


def km_draws(X, y: np.ndarray, s: np.ndarray, *, label: str, standardize: bool = False,
             bank: ke.KernelBank | None = None) -> pd.DataFrame:
    """KM1/KM2 per draw (schema ``km`` of :mod:`pueval.pipeline.schemas`) for the rows of ``X``, the draws
    ``s`` (n_draws × n PU labels) and true classes ``y``; one :class:`~pueval.mpe.kernel_embedding.KernelBank`
    for all draws: ``bank`` (from :func:`kernel_bank`, shared with other calls; ``standardize`` is then the
    bank's), else one built here."""
    from pueval.mpe import kernel_embedding as ke

    bank = kernel_bank(X, label=label, standardize=standardize) if bank is None else bank

    def one(draw, labeled):
        found = ke.km_thresholds(bank, labeled)
        return {"theta_km1": found["km1"], "theta_km2": found["km2"],
                **{key: found[key] for key in ("certified", "stable", "undecided")}}

    frame = per_draw(y, s, one, label=label).assign(shared_seconds=bank.seconds)
    log.info("%s: slope comparisons in %d draws: %d certified, %d stable, %d undecided", label, len(frame),
             frame["certified"].sum(), frame["stable"].sum(), frame["undecided"].sum())
    return frame


def _check_folds(s, transform: dict | None, dataset: str, beta: float) -> np.ndarray:
    """The draws' label matrix, after checking that the transform's folds fit every draw's labeled and unlabeled
    rows (:func:`pueval.studies.draws.check_transform_folds`)."""
    s = np.asarray(s)
    check_transform_folds(int(s.sum(axis=1).min()), int((1 - s).sum(axis=1).min()), (transform or {}).get("folds", 5),
                          f"{dataset} at beta={beta:g}")
    return s


def transform_draws(X, y: np.ndarray, s: np.ndarray, options: PriorOptions, *, seed: int, dataset: str,
                    beta: float) -> pd.DataFrame:
    """DistCurve, EN and BBE per draw on one transform each, with ``options``, in one call of
    :class:`~pueval.mpe.priors.PriorEstimator` (what the reference workload times; the pipeline stores the
    transform instead: :func:`transform_scores`, :func:`readout_draws`): ``theta_<m>`` per method,
    ``seconds_distance`` includes the transform, ``seconds_en`` and ``seconds_bbe`` are what each adds to it;
    ``bbe_lower`` and ``bbe_upper`` are BBE's own interval (``DKW_bound`` at its bin)."""
    s = _check_folds(s, options.transform, dataset, beta)
    estimator = options.estimator(("distcurve", "en", "bbe"))

    def one(draw, labeled):
        thetas, seconds, intervals = estimator.timed(X, labeled, PriorSeeds.of(seed, dataset, beta, draw))
        low, high = intervals["bbe"]
        return {**{f"theta_{column_name(m)}": v for m, v in thetas.items()},
                **{f"seconds_{column_name(m)}": v for m, v in seconds.items()},
                "bbe_lower": low, "bbe_upper": high}

    return per_draw(y, s, one, label=f"{dataset} beta={beta:g}")


def transform_scores(X, y: np.ndarray, s: np.ndarray, transform: dict | None, *, seed: int, dataset: str,
                     beta: float) -> tuple[np.ndarray, pd.DataFrame]:
    """Every draw's cross-fitted labeled-vs-unlabeled LightGBM transform (an n_draws × n matrix: what
    :func:`transform_draws` computes once per draw, seeded the same) and EN's θ̂ read from it (schema ``en``: EN
    has no options, so it is read where the transform is made; ``transform_seconds`` is the transform's time)."""
    from pueval.mpe import distance_curve as dc

    s = _check_folds(s, transform, dataset, beta)
    scores = np.empty(s.shape)

    def one(draw, labeled):
        seeds = PriorSeeds.of(seed, dataset, beta, draw)
        start = time.perf_counter()
        scores[draw] = dc.univariate_transform(X, labeled, seed=seeds.transform, **(transform or {}))
        seconds = time.perf_counter() - start
        return {"theta_en": transform_readout("en", scores[draw], s[draw], seeds), "transform_seconds": seconds}

    return scores, per_draw(y, s, one, label=f"{dataset} beta={beta:g}")


def readout_draws(method: str, y: np.ndarray, s: np.ndarray, scores: np.ndarray, *, seed: int, dataset: str,
                  beta: float, **options) -> pd.DataFrame:
    """DistCurve's or BBE's θ̂ per draw read from the draws' stored transform ``scores`` (from
    :func:`transform_scores`), with draw d's seeds as :func:`transform_draws` gives them: the same values
    (DistCurve's: schema ``distcurve``; BBE's with its own interval in ``bbe_lower``, ``bbe_upper``). ``options``:
    :func:`pueval.mpe.priors.transform_readout`'s (``model`` and ``repetitions``; ``bbe``)."""
    def one(draw, labeled):
        found = transform_readout(method, scores[draw], np.asarray(s[draw]), PriorSeeds.of(seed, dataset, beta, draw),
                                  **options)
        if method != "bbe":
            return {f"theta_{column_name(method)}": found}
        theta, low, high = found
        return {"theta_bbe": theta, "bbe_lower": low, "bbe_upper": high}

    return per_draw(y, s, one, label=f"{method} {dataset} beta={beta:g}")


def tice_draws(X, y: np.ndarray, s: np.ndarray, *, seed: int, dataset: str, beta: float,
               **options) -> pd.DataFrame:
    """TIcE per draw (schema ``tice``); ``options`` go to :func:`pueval.mpe.tice.tice_c`."""
    estimator = PriorEstimator("tice", PriorOptions(tice=options))

    def one(draw, labeled):
        return {"theta_tice": estimator(X, labeled, PriorSeeds.of(seed, dataset, beta, draw))["tice"]}

    return per_draw(y, s, one, label=f"{dataset} beta={beta:g}")

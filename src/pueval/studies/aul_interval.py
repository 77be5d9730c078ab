"""The prior-free AUL^PU interval (:func:`pueval.aul_pu_interval`) checked on every Table 1 draw.

Per draw and interval method (normal, bootstrap): whether the interval contains the true AUL, and its
width; per (dataset, β, method) and over all datasets, the observed coverage against the nominal
level. Draw d's bootstrap is seeded by (seed, dataset, β, d, "aul-interval").
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import metrics, seeds
from pueval.aul_pu import INTERVAL_METHODS, aul_pu_interval


def coverage_table(frame, level: float):
    """Per (dataset, β, method) and overall per (β, method): nominal level, observed coverage, mean width.

    ``frame`` holds the rows of :func:`coverage` with ``dataset`` and ``beta`` columns.
    """
    stats = {"draws": ("covered", "size"), "coverage": ("covered", "mean"), "mean_width": ("width", "mean")}
    per_setting = frame.groupby(["dataset", "beta", "method"], sort=False).agg(**stats).reset_index()
    overall = frame.groupby(["beta", "method"], sort=False).agg(**stats).reset_index()
    table = pd.concat([per_setting, overall.assign(dataset="all")], ignore_index=True)
    table.insert(3, "level", level)
    return table


def coverage(labeled_draws, scores, truth: float, *, level: float, n_boot: int, seed_of) -> list[dict]:
    """Per draw and interval method: whether the interval contains ``truth`` and its width.

    ``labeled_draws`` is (n_draws, n) PU labels; ``seed_of(d)`` gives the bootstrap seed of draw d.
    """
    rows = []
    for d, labeled in enumerate(np.asarray(labeled_draws)):
        for method in INTERVAL_METHODS:
            low, high = aul_pu_interval(labeled, scores, level, method=method, n_boot=n_boot,
                                        random_state=seed_of(d))
            rows.append({"draw": d, "method": method, "low": low, "high": high, "covered": low <= truth <= high,
                         "width": high - low})
    return rows


def coverage_study(settings, *, seed: int, level: float, n_boot: int):
    """:func:`coverage_table` over many settings: ``settings`` yields (dataset, β, s, scores, y), the
    (n_draws, n) PU labels s of that setting, the scores and the true classes; draw d's bootstrap is
    seeded by (``seed``, dataset, β, d)."""
    rows = []
    for dataset, beta, s, scores, y in settings:
        truth = float(metrics.aul(y, scores))
        found = coverage(s, scores, truth, level=level, n_boot=n_boot,
                         seed_of=lambda d: seeds.int_seed(seed, dataset, beta, d, "aul-interval"))
        rows += [{"dataset": dataset, "beta": beta, **row} for row in found]
    return coverage_table(pd.DataFrame(rows), level)

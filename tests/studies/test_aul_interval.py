"""pueval.studies.aul_interval: the coverage study of the prior-free interval checks every draw with both methods
and counts per setting and overall."""

import numpy as np
import pandas as pd
import pytest

from pueval.studies import aul_interval


def test_coverage_table_counts_per_setting_and_overall():
    rows = [{"dataset": d, "beta": b, "draw": k, "method": m, "covered": c, "width": w}
            for d, b, k, m, c, w in [("a", 0.1, 0, "normal", True, 0.1), ("a", 0.1, 1, "normal", False, 0.3),
                                     ("b", 0.1, 0, "normal", True, 0.2), ("b", 0.1, 1, "normal", True, 0.2)]]
    table = aul_interval.coverage_table(pd.DataFrame(rows), 0.95).set_index(["dataset", "beta", "method"])
    assert table.loc[("a", 0.1, "normal"), ["draws", "coverage", "mean_width"]].tolist() == [2, 0.5, 0.2]
    assert table.loc[("all", 0.1, "normal"), ["draws", "coverage", "level"]].tolist() == [4, 0.75, 0.95]


def test_coverage_checks_every_draw_with_both_methods():
    rng = np.random.default_rng(5)
    scores = rng.random(200)
    draws = np.zeros((3, 200), int)
    for row in draws:
        row[rng.choice(200, 30, replace=False)] = 1
    rows = aul_interval.coverage(draws, scores, truth=0.5, level=0.9, n_boot=200, seed_of=lambda d: d)
    assert [(r["draw"], r["method"]) for r in rows] == [(d, m) for d in range(3) for m in ("normal", "bootstrap")]
    for r in rows:
        assert r["covered"] == (r["low"] <= 0.5 <= r["high"]) and r["width"] == pytest.approx(r["high"] - r["low"])

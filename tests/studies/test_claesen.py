"""pueval.studies.claesen: the two-model table and its claims, and labelings that know a share of the positives."""

import numpy as np
import pytest

from pueval.studies import claesen


def test_the_two_model_table_and_the_claims():
    table = claesen.order_table(seed=0, n_unlabeled=4500, n_known=500)
    at_zero = table[table["beta_hat"] == 0.0]
    assert (at_zero["lower"] == at_zero["auc_pu"]).all() and (at_zero["upper"] == at_zero["auc_pu"]).all()
    unclipped = table[(table["beta_hat"] == 0.1) & (table["clipped_thresholds"] == 0)]
    assert np.allclose(unclipped["zero_width_lower"], unclipped["affine"], atol=2e-3)
    verdict = claesen.order_verdict(table)
    assert verdict["paper"] is True and set(verdict) >= {"lower", "upper", "midpoint", "affine"}
    summary = claesen.figure2_summary(claesen.figure2_frame([50, 500], 3, seed=1, n_unlabeled=5000))
    assert summary["width"].iloc[0] > summary["width"].iloc[1]


def test_labelings_know_a_share_of_the_positives_and_report_each():
    rng = np.random.default_rng(6)
    y = (rng.random(3000) < 0.5).astype(int)
    scores = y + rng.normal(0, 1, y.size)
    labeled = claesen.known_positives(y, 0.05, np.random.default_rng(0))
    assert labeled.sum() == round(0.05 * y.sum()) and (y[labeled] == 1).all()
    table, first = claesen.labelings_table(y, scores, known_fraction=0.05, beta_range=(0.88, 1.25), repetitions=3,
                                           seed=1)
    assert len(table) == 3 and first["interval"] == pytest.approx((0.88 * first["theta"], 1.25 * first["theta"]))
    assert (table["range_lower"] <= table["lower"] + 1e-12).all() and (table["upper"] <= table["range_upper"] + 1e-12).all()
    assert table["cdf_covered"].between(0, 1).all()


def test_the_band_is_counted_per_rank_and_per_distinct_score():
    """Three tie groups of 1, 3 and 1 rows; the band holds at the first and last: 2 of 3 distinct scores, 2 of 5
    ranks."""
    import types

    band = types.SimpleNamespace(cdf_lower=np.array([0.0, 0.5, 0.0]), cdf_upper=np.array([1.0, 0.6, 1.0]),
                                 rank=np.array([0.2, 0.8, 1.0]))
    panels = {"bands": {"true": band}, "latent_cdf": np.array([0.3, 0.9, 1.0])}
    assert claesen._cdf_covered(panels) == pytest.approx(2 / 3)
    assert claesen._cdf_covered(panels, "rank") == pytest.approx(2 / 5)


def test_each_labeling_carries_section_63s_numbers_as_the_claims_read_them():
    rng = np.random.default_rng(6)
    y = (rng.random(3000) < 0.5).astype(int)
    scores = y + rng.normal(0, 1, y.size)
    table, first = claesen.labelings_table(y, scores, known_fraction=0.05, beta_range=(0.88, 1.25), repetitions=2,
                                           seed=1)
    band, zero = first["bands"]["true"], first["bands"]["zero"]
    row = table.iloc[0]
    assert row["pr_width"] == pytest.approx(band.pr_upper.area - band.pr_lower.area)
    assert row["zero_upper"] == pytest.approx(zero.roc_upper.area)
    assert row["zero_upper"] == pytest.approx(zero.roc_lower.area)  # no surrogate positives at β̂ = 0
    # the precision gap read by hand from the two PR bounds on the recall grid
    grid = np.linspace(0.01, 1.0, 100)

    def precision(curve):
        return curve.y[np.minimum(np.searchsorted(curve.x, grid), curve.x.size - 1)]

    gap = precision(band.pr_upper) - precision(band.pr_lower)
    assert row["gap_low_recall"] == pytest.approx(gap[grid <= 0.2].mean())
    assert row["gap_high_recall"] == pytest.approx(gap[grid > 0.2].mean())
    said = claesen.claims(first).set_index("claim")["holds"]
    assert said["PR bounds are widest at low recall"] == (row["gap_low_recall"] > row["gap_high_recall"])

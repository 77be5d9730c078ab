"""pueval.sketch.core: binned AUL^PU from mergeable histograms, against the exact path (pueval.aul_pu) and a plain
restatement of the bound; merges bit-identical under any partitioning."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import pueval
from pueval.sketch import default_edges, summarize, summarize_pair
from pueval.sketch.core import COARSE_RATIO, CoarseBinsWarning, bin_of, check_edges
from pueval.sketch.exact import ExactSums
from pueval.validation import ArgumentError


def problem(n, seed, *, ties=None, labeled_share=0.3):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    scores = 1 / (1 + np.exp(-rng.normal(1.5 * y, 1.0)))
    if ties:
        scores = np.round(scores * ties) / ties
    labels = (y & (rng.random(n) < labeled_share)).astype(int)
    labels[:2] = 1  # at least two labeled rows
    return labels, scores


def parts_of(n, pieces, rng):
    cuts = np.sort(rng.choice(np.arange(1, n), pieces - 1, replace=False))
    return np.split(rng.permutation(n), cuts)


@pytest.mark.parametrize("seed", range(4))
def test_merged_sketches_are_bit_identical_whatever_the_partitioning_and_order(seed):
    rng = np.random.default_rng(100 + seed)
    labels, scores = problem(3000, seed, ties=50 if seed % 2 else None)
    segments = rng.choice(["a", "b", "c"], 3000)
    propensity = rng.uniform(0.05, 1.0, 3000)
    edges = default_edges(64)
    whole = summarize(labels, scores, edges=edges, segments=segments, propensity=propensity)
    parts = [summarize(labels[i], scores[i], edges=edges, segments=segments[i], propensity=propensity[i])
             for i in parts_of(3000, 7, rng)]
    for order in (parts, parts[::-1], [parts[k] for k in rng.permutation(len(parts))]):
        merged = order[0]
        for part in order[1:]:
            merged = merged + part
        for field in ("rows", "labeled", "low", "high"):
            assert np.array_equal(getattr(merged, field), getattr(whole, field))
        assert merged.segments == whole.segments == ("a", "b", "c")
        assert np.array_equal(merged.weight.values(), whole.weight.values())
        assert merged.result() == whole.result()
        pd.testing.assert_frame_equal(merged.by_segment(), whole.by_segment())


def exact_interval(labels, scores, level=0.95):
    """Theorem 1's normal interval from the exact t-values, unclipped."""
    t = pueval.metrics.labeled_t_values(labels, scores)
    half = 1.959963984540054 * t.std(ddof=1) / math.sqrt(t.size)
    return t.mean() - half, t.mean() + half


@pytest.mark.parametrize(("bins", "ties", "seed"), [(10, None, 0), (100, None, 1), (1000, None, 2), (7, 20, 3),
                                                    (50, 3, 4), (1, None, 5)])
def test_the_bound_holds_and_the_interval_holds_the_exact_one(bins, ties, seed):
    labels, scores = problem(4000, seed, ties=ties)
    result = summarize(labels, scores, edges=default_edges(bins)).result()
    exact = pueval.aul_pu_score(labels, scores)
    assert abs(result.aul_pu - exact) <= result.error_bound + 1e-12
    low, high = exact_interval(labels, scores)
    assert result.ci[0] <= max(low, 0.0) + 1e-12 and min(high, 1.0) <= result.ci[1] + 1e-12
    # the bound restated: Σ_b l_b (n_b − 1)/(2n) / n_L over bins holding two distinct scores or more
    found = np.searchsorted(default_edges(bins), scores, side="right").clip(1, bins) - 1
    frame = pd.DataFrame({"bin": found, "labeled": labels, "score": scores}).groupby("bin")
    per_bin = frame.agg(n=("score", "size"), l=("labeled", "sum"), distinct=("score", "nunique"))
    mixed = per_bin[per_bin.distinct > 1]
    assert result.error_bound == pytest.approx((mixed.l * (mixed.n - 1)).sum() / (2 * 4000 * labels.sum()))


def test_an_adversarial_bin_reaches_the_bound():
    """Every labeled row at the bottom of one crowded bin, every unlabeled one at its top: the binned value is
    off by almost the whole bound."""
    scores = np.r_[np.full(50, 0.40), np.full(950, 0.41)]
    labels = np.r_[np.ones(50, int), np.zeros(950, int)]
    result = summarize(labels, scores, edges=[0.0, 1.0]).result()
    with pytest.warns(pueval.validation.DegenerateScoresWarning):
        exact = pueval.aul_pu_score(labels, scores)
    assert result.error_bound == pytest.approx(999 / 2000)
    assert abs(result.aul_pu - exact) == pytest.approx(0.5 - 0.025)
    assert abs(result.aul_pu - exact) <= result.error_bound


def test_bins_of_one_distinct_score_are_exact():
    labels, scores = problem(5000, 7, ties=30)
    values = np.unique(scores)
    edges = np.r_[values, values[-1] + 1.0]
    result = summarize(labels, scores, edges=edges).result()
    assert result.error_bound == 0.0
    assert result.aul_pu == pytest.approx(pueval.aul_pu_score(labels, scores), abs=1e-14)
    assert result.ci == pytest.approx(pueval.aul_pu_interval(labels, scores), abs=1e-12)
    # several distinct scores sharing a bin of equal scores elsewhere: still exact where a bin holds one value
    assert summarize(labels, scores, edges=default_edges(10_000)).result().error_bound == 0.0


def test_the_paired_difference_bounds_the_exact_one():
    labels, a = problem(4000, 8)
    b = np.clip(a + np.random.default_rng(9).normal(0, 0.1, a.size), 0, 1)
    exact = pueval.aul_pu_difference(labels, a, b)
    for bins in (20, 500):
        edges = default_edges(bins)
        paired = summarize_pair(labels, a, b, edges_a=edges)
        result = paired.difference()
        assert abs(result.difference - exact.difference) <= result.error_bound + 1e-12
        assert result.ci[0] <= exact.ci[0] + 1e-12 and exact.ci[1] <= result.ci[1] + 1e-12
        assert result.p_value >= exact.p_value
        rng = np.random.default_rng(bins)
        merged = None
        for rows in parts_of(4000, 5, rng):
            part = summarize_pair(labels[rows], a[rows], b[rows], edges_a=edges)
            merged = part if merged is None else merged + part
        assert merged.difference() == result
    ta, tb = np.unique(a), np.unique(b)
    exact_paired = summarize_pair(labels, a, b, edges_a=np.r_[ta, 2.0], edges_b=np.r_[tb, 2.0]).difference()
    assert exact_paired.error_bound == 0.0
    assert exact_paired.difference == pytest.approx(exact.difference, abs=1e-13)
    assert exact_paired.ci == pytest.approx(exact.ci, abs=1e-12)


@pytest.mark.parametrize("relative", [True, False])
def test_propensity_weighted_sketch_bounds_the_hajek_estimate(relative):
    labels, scores = problem(4000, 10)
    propensity = np.random.default_rng(11).uniform(0.1, 1.0, 4000)
    exact = pueval.propensity.hajek(labels, scores, propensity, relative=relative)
    for bins in (30, 3000):
        result = summarize(labels, scores, edges=default_edges(bins), propensity=propensity).result(
            relative=relative)
        assert abs(result.aul_pu - exact.estimate) <= result.error_bound + 1e-12
        assert result.ci[0] <= exact.ci[0] + 1e-12 and exact.ci[1] <= result.ci[1] + 1e-12
    values = np.unique(scores)
    single = summarize(labels, scores, edges=np.r_[values, 2.0], propensity=propensity).result(relative=relative)
    assert single.error_bound == 0.0
    assert single.aul_pu == pytest.approx(exact.estimate, abs=1e-13)
    assert single.ci == pytest.approx(exact.ci, abs=1e-12)
    assert single.n_eff == pytest.approx(exact.weights.n_eff)


def test_segments_each_match_their_exact_aul():
    labels, scores = problem(6000, 12)
    segments = np.random.default_rng(13).integers(0, 4, 6000)
    table = summarize(labels, scores, edges=default_edges(5000), segments=segments).by_segment()
    assert table.segment.tolist() == [0, 1, 2, 3]
    for row in table.itertuples():
        rows = segments == row.segment
        assert row.n == rows.sum() and row.n_labeled == labels[rows].sum()
        assert abs(row.aul_pu - pueval.aul_pu_score(labels[rows], scores[rows])) <= row.error_bound + 1e-12


def test_a_segment_without_labeled_rows_is_said_not_computed():
    labels, scores = problem(500, 14)
    segments = np.where(np.arange(500) < 450, "x", "y")
    labels[450:] = 0
    table = summarize(labels, scores, edges=default_edges(10), segments=segments).by_segment()
    assert math.isnan(table.aul_pu[1]) and "at least two labeled rows" in table.note[1]


@pytest.mark.parametrize("seed", range(3))
def test_the_bin_finder_is_searchsorted(seed):
    rng = np.random.default_rng(seed)
    edges = np.unique(np.r_[0.0, np.sort(rng.random(200) ** (3 + seed)), 1.0])  # crowded near 0
    scores = np.r_[rng.random(20_000) ** 4, edges, np.nextafter(edges[1:], 0), 1.0]
    expected = np.minimum(np.searchsorted(edges, scores, side="right") - 1, edges.size - 2)
    assert np.array_equal(bin_of(scores, edges), expected)


def test_exact_sums_are_exact_and_order_free():
    rng = np.random.default_rng(15)
    values = np.r_[1.0 / rng.uniform(1e-6, 1.0, 5000), 1e16, 1.0, 3.0]
    cells = rng.integers(0, 4, values.size)
    sums = ExactSums.of(cells, values, 4)
    expected = [math.fsum(values[cells == c]) for c in range(4)]
    assert sums.values().tolist() == expected
    order = rng.permutation(values.size)
    halves = ExactSums.of(cells[order[:2000]], values[order[:2000]], 4) + \
        ExactSums.of(cells[order[2000:]], values[order[2000:]], 4)
    assert halves.values().tolist() == expected


def test_a_part_may_be_all_unlabeled_or_all_labeled():
    edges = default_edges(4)
    part = summarize([0, 0, 0], [0.1, 0.2, 0.9], edges=edges) + summarize([1, 1], [0.8, 0.95], edges=edges)
    assert part.n == 5 and part.n_labeled == 2
    assert part.aul_pu().estimate == pytest.approx(pueval.aul_pu_score([0, 0, 0, 1, 1], [0.1, 0.2, 0.9, 0.8, 0.95]),
                                                   abs=part.aul_pu().error_bound)


@pytest.mark.parametrize(("call", "argument", "message"), [
    (lambda: check_edges([0.0, 0.5, 0.5, 1.0]), "edges", "strictly increasing"),
    (lambda: check_edges([0.0, np.nan]), "edges", "NaN"),
    (lambda: summarize([1, 0, 1], [0.1, 1.5, 0.2], edges=default_edges(4)), "scores", "outside the edges"),
    (lambda: summarize([1, 0, 1], [0.1, np.nan, 0.2], edges=default_edges(4)), "scores", "NaN"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4), segments=["a", None, "b"]),
     "segments", "missing"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4), segments=[1.0, np.nan, 2.0]),
     "segments", "missing"),
    (lambda: summarize([1, 0, 2], [0.1, 0.5, 0.2], edges=default_edges(4)), "labels", "two values"),
    (lambda: summarize([1, 0], [0.1, 0.5, 0.2], edges=default_edges(4)), "labels", "one value per score"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4), propensity=[0.5, 0.5, 0.0]),
     "propensity", r"\(0, 1\]"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4)) +
     summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(5)), "other", "other edges"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4)) +
     summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4), segments=[1, 1, 2]), "other", "differs in kind"),
    (lambda: default_edges(0), "bins", "must be an integer"),
    (lambda: default_edges(10, low=1.0, high=1.0), "low", "low < high"),
    (lambda: summarize([1, 0, 1], [0.1, 0.5, 0.2], edges=default_edges(4)).by_segment(), "by_segment",
     "not segmented"),
])
def test_every_bad_argument_is_named(call, argument, message):
    with pytest.raises(ArgumentError, match=message) as raised:
        call()
    assert raised.value.argument == argument


def test_too_few_labeled_rows_for_an_interval_is_refused():
    with pytest.raises(ValueError, match="at least two labeled rows"):
        summarize([1, 0, 0], [0.1, 0.5, 0.2], edges=default_edges(4)).result()


def test_quantile_edges_cover_the_range_and_tighten_the_bound():
    labels, scores = problem(20_000, 16)
    even, by_sample = default_edges(100), default_edges(100, sample=scores[:2000])
    assert by_sample[0] == 0.0 and by_sample[-1] == 1.0 and (np.diff(by_sample) > 0).all()
    assert summarize(labels, scores, edges=by_sample).result().error_bound < \
        summarize(labels, scores, edges=even).result().error_bound


def test_bin_of_on_crowded_edges_is_searchsorted():
    # quantile edges of heavy-tailed scores crowd near 0: every row must land where a binary search puts it

    rng = np.random.default_rng(5)
    scores = np.exp(3 * rng.standard_normal(20_000))
    edges = default_edges(2_000, low=0.0, high=float(scores.max()) * 1.001, sample=scores[:5_000])
    expected = np.minimum(np.searchsorted(edges, scores, side="right") - 1, edges.size - 2)
    assert np.array_equal(bin_of(scores, edges), expected)
    uniform = default_edges(2_000, low=0.0, high=float(scores.max()) * 1.001)
    with_edges = np.concatenate([scores, uniform])  # scores exactly on every edge, the last one included
    expected = np.minimum(np.searchsorted(uniform, with_edges, side="right") - 1, uniform.size - 2)
    assert np.array_equal(bin_of(with_edges, uniform), expected)


@pytest.mark.parametrize("tiny", [5e-324, 1e-300, 1e-200])
def test_a_tiny_propensity_reaches_the_sketch_as_the_exact_path_reads_it(tiny):
    import warnings

    from pueval import propensity

    rng = np.random.default_rng(2)
    n = 3_000
    y = (rng.random(n) < 0.3).astype(int)
    scores = rng.normal(size=n) + y
    e = np.full(n, 0.5)
    e[np.flatnonzero(y)[:3]] = tiny  # three labeled rows carry (nearly) all the weight
    sketch = summarize(y, scores, edges=default_edges(400, low=scores.min(), high=scores.max()), propensity=e)
    with pytest.warns(propensity.PropensityWarning, match="effective labeled rows"):
        found = sketch.result()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exact = propensity.aul_pu_weighted(y, scores, propensity=e)
    assert found.n_eff == pytest.approx(exact.n_eff, rel=1e-9) and found.n_eff == pytest.approx(3.0)
    assert abs(found.aul_pu - exact.aul) <= found.error_bound
    assert found.ci[0] <= exact.aul <= found.ci[1]
    with pytest.raises(ArgumentError, match="propensity: absolute"):  # Σ 1/e overflows, as on the exact path
        sketch.result(relative=False)


def test_exact_sums_of_values_beyond_float64():
    # 2^1074 and 2^2148 (1/e and 1/e² of e = 5e-324) summed exactly; read scaled, their ratio is exact
    sums = ExactSums.of_scaled(np.array([0, 0, 1]), np.array([0.5, 0.5, 0.5]), np.array([1075, 2149, 1]), 2)
    assert sums.top_exponent() == 2149 and sums.top_exponent(slice(1, 2)) == 1
    assert sums.values(2149).tolist() == [0.5, 0.0]  # cell 1's 1 is 2^-2149 of the scale: below every float
    assert np.isinf(sums.values()[0]) and sums.values()[1] == 1.0


def test_edges_spanning_the_float_range_are_finite_and_bin_every_score():
    edges = default_edges(1_000, low=-1e308, high=1e308)
    assert np.isfinite(edges).all() and (np.diff(edges) > 0).all() and edges[0] == -1e308 and edges[-1] == 1e308
    scores = np.array([-1e308, -1.0, 0.0, 1.0, 5e307, 1e308])
    found = summarize([1, 0, 1, 0, 1, 0], scores, edges=edges)
    assert found.rows.sum() == 6


def test_a_sketch_travels_as_data_and_comes_back_the_same():
    import io
    import pickle

    rng = np.random.default_rng(9)
    n = 2_000
    y = (rng.random(n) < 0.3).astype(int)
    scores = rng.normal(size=n) + y
    edges = default_edges(200, low=scores.min(), high=scores.max())
    for options in ({}, {"segments": rng.choice(["a", "b"], n)}, {"propensity": rng.uniform(0.2, 1.0, n)},
                    {"segments": rng.choice([3, 7, 11], n), "propensity": np.full(n, 1e-300)}):
        sketch = summarize(y, scores, edges=edges, **options)
        back = type(sketch).from_bytes(sketch.to_bytes())
        assert back.segments == sketch.segments
        for name in ("edges", "rows", "labeled", "low", "high"):
            assert np.array_equal(getattr(back, name), getattr(sketch, name))
        if sketch.weight is not None:
            assert np.array_equal(back.weight.values(), sketch.weight.values())
            assert np.array_equal(back.weight2.values(7), sketch.weight2.values(7))
        assert back.result().aul_pu == sketch.result().aul_pu
    # what loading refuses: a pickle (never unpickled), a truncated archive, counts that cannot be
    payload = pickle.dumps(summarize(y, scores, edges=edges))
    for bad in (payload, sketch.to_bytes()[:100], b""):
        with pytest.raises(ArgumentError, match="data"):
            type(sketch).from_bytes(bad)
    good = summarize(y, scores, edges=edges)
    buffer = io.BytesIO()
    with np.load(io.BytesIO(good.to_bytes())) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays["labeled"] = arrays["rows"] + 1
    np.savez(buffer, **arrays)
    with pytest.raises(ArgumentError, match="labeled <= rows"):
        type(good).from_bytes(buffer.getvalue())
    with pytest.raises(ArgumentError, match="segments"):
        days = pd.Series(pd.to_datetime(["2026-01-01", "2026-01-02"] * (n // 2)))  # keys JSON cannot hold
        summarize(y, scores, edges=edges, segments=days).to_bytes()


def test_quantile_edges_give_a_large_tie_a_bin_of_its_own():
    rng = np.random.default_rng(5)
    scores = np.round(rng.random(50_000), 2)  # 101 values, each about 1 % of the rows
    labels = (rng.random(scores.size) < 0.1).astype(int)
    edges = default_edges(1_000, sample=scores[:10_000])
    assert edges.size <= 2 * 1_000 + 1 and (np.diff(edges) > 0).all()
    result = summarize(labels, scores, edges=edges).result()
    assert result.error_bound == 0.0  # every tie alone in its bin: the binned t-values are the exact ones
    assert result.aul_pu == pytest.approx(pueval.aul_pu_score(labels, scores), abs=1e-15)
    # a sample of distinct values isolates nothing: plain quantiles
    assert default_edges(4, sample=[0.1, 0.2, 0.3, 0.4]) == pytest.approx([0.0, 0.175, 0.25, 0.325, 1.0])


def test_bins_that_widen_the_interval_are_warned_of_and_quantile_edges_are_not():
    rng = np.random.default_rng(6)
    z = rng.standard_normal(200_000)
    scores, labels = np.exp(3 * z), (rng.random(z.size) < 0.1 * (z > 0)).astype(int)
    with pytest.warns(CoarseBinsWarning, match="widen the interval"):
        coarse = summarize(labels, scores, edges=default_edges(1_000, low=scores.min(), high=scores.max())).result()
    # the value carries the warning to every report of it
    assert len(coarse.warnings) == 1 and "widen the interval" in coarse.warnings[0]
    assert coarse.as_dict()["warnings"] == list(coarse.warnings) and "warnings" not in coarse.as_dict(warnings=False)
    assert repr(coarse).endswith(", 1 warning)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        edges = default_edges(10_000, low=scores.min(), high=scores.max(), sample=scores[:100_000])
        found = summarize(labels, scores, edges=edges).result()
    assert found.warnings == () and found.as_dict()["warnings"] == [] and "warning" not in repr(found)
    low, high = pueval.aul_pu_interval(labels, scores)
    assert found.ci[0] <= low and high <= found.ci[1]  # still holds the exact interval
    assert (found.ci[1] - found.ci[0]) / (high - low) < COARSE_RATIO
    with pytest.warns(CoarseBinsWarning):
        other = np.exp(3 * (z + rng.normal(0, 0.5, z.size)))
        paired = summarize_pair(labels, scores, other,
                                edges_a=default_edges(1_000, low=scores.min(), high=scores.max()),
                                edges_b=default_edges(1_000, low=other.min(), high=other.max())).difference()
    assert "widen the interval" in paired.as_dict()["warnings"][0] and repr(paired).endswith(", 1 warning)")

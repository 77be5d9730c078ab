"""The ledger's rules on small synthetic tables, adversarial ones included: a contrary row anywhere in a claim's
range changes its verdict, an underpowered design gives "undecided", the paper's arm leads."""

import numpy as np
import pytest
from scipy import stats

from pueval.studies import verdict_rules as rules
from pueval.studies.verdict_rules import DEPENDS, NOT_REPRODUCED, REPRODUCED, UNDECIDED, Judgement


def test_every_row_holds_only_when_every_row_holds():
    assert rules.every_row([True] * 27, [str(i) for i in range(27)], what="x").verdict == REPRODUCED
    for contrary in (0, 13, 26):  # one contrary row anywhere decides
        holds = [True] * 27
        holds[contrary] = False
        judged = rules.every_row(holds, [f"row {i}" for i in range(27)], what="x")
        assert judged.verdict == NOT_REPRODUCED
        assert f"row {contrary}" in judged.statistic and "26 of 27" in judged.statistic


def test_every_row_refuses_an_empty_or_mislabeled_table():
    with pytest.raises(ValueError):
        rules.every_row([], [], what="x")
    with pytest.raises(ValueError):
        rules.every_row([True, True], ["a"], what="x")


def test_ahead_across_units_decides_by_the_wilcoxon_test_and_its_power():
    labels = [f"d{i}" for i in range(9)]
    clear = rules.ahead_across_units(np.linspace(0.01, 0.05, 9), labels, paper_effect=0.025)
    assert clear.verdict == REPRODUCED and clear.p_value == pytest.approx(
        stats.wilcoxon(np.linspace(0.01, 0.05, 9), alternative="greater").pvalue)
    # B ahead on every unit: contrary
    assert rules.ahead_across_units(-np.linspace(0.01, 0.05, 9), labels, paper_effect=0.025).verdict == NOT_REPRODUCED
    # three units cannot reach p < 0.05 by a signed-rank test (its smallest p is 1/8): undecided, never "not"
    few = rules.ahead_across_units([0.03, 0.02, 0.04], ["a", "b", "c"], paper_effect=0.025)
    assert few.verdict == UNDECIDED and "power 0.00" in few.detectable
    # nine noisy units around 0 with a spread that hides the paper's effect: undecided
    rng = np.random.default_rng(1)
    noisy = rng.normal(0.0, 0.3, 9)
    judged = rules.ahead_across_units(noisy, labels, paper_effect=0.025)
    assert judged.verdict == UNDECIDED
    # the same design with a tight spread has the power: a null result is then "not reproduced"
    tight = np.array([0.002, -0.001, 0.001, -0.002, 0.0005, -0.0005, 0.001, -0.001, 0.0])
    assert rules.ahead_across_units(tight, labels, paper_effect=0.025).verdict == NOT_REPRODUCED


def test_wilcoxon_power_against_a_direct_simulation():
    power = rules.wilcoxon_power(9, 0.025, 0.02, simulations=4000, seed=3)
    rng = np.random.default_rng(7)
    direct = np.mean([stats.wilcoxon(rng.normal(0.025, 0.02, 9), alternative="greater").pvalue < 0.05
                      for _ in range(2000)])
    assert abs(power - direct) < 0.05
    assert rules.wilcoxon_power(4, 1.0, 0.1) == 0.0  # 1/16 > 0.05: no design of 4 units can reject


def test_better_above_judges_the_whole_range():
    x = np.round(np.arange(0.01, 1.0, 0.01), 2)
    p = np.where(x > 0.02, 0.001, 0.5)
    good = rules.better_above(x, p, np.ones_like(x), x0=0.02, name="ρ")
    assert good.verdict == REPRODUCED and "from 0.03" in good.statistic
    # a contrary row at the far end of the range (significantly worse) decides
    direction = np.ones_like(x)
    direction[-3:] = -1
    bad = rules.better_above(x, p, direction, x0=0.02, name="ρ")
    assert bad.verdict == NOT_REPRODUCED and "significantly worse at ρ = 0.97, 0.98, 0.99" in bad.statistic
    # one non-significant row inside the range: the claim is about every ρ above x0
    p_hole = p.copy()
    p_hole[50] = 0.2
    assert rules.better_above(x, p_hole, np.ones_like(x), x0=0.02).verdict == NOT_REPRODUCED
    # rows at or below x0 do not count, even when contrary
    direction = np.ones_like(x)
    direction[:2] = -1
    assert rules.better_above(x, np.full_like(x, 0.001), direction, x0=0.02).verdict == REPRODUCED


def test_within_error_holm_over_cells():
    ours, paper, se = np.array([0.10, 0.20, 0.30]), np.array([0.101, 0.199, 0.302]), np.full(3, 0.005)
    assert rules.within_error(ours, paper, se, ["a", "b", "c"]).verdict == REPRODUCED
    # one cell 5 standard errors of the difference away: not reproduced, the cell named
    far = paper.copy()
    far[2] = 0.30 + 5 * np.sqrt(2) * 0.005
    judged = rules.within_error(ours, far, se, ["a", "b", "c"])
    assert judged.verdict == NOT_REPRODUCED and "outside: c" in judged.statistic
    z = 5.0
    assert judged.p_value == pytest.approx(min(1, 3 * 2 * stats.norm.sf(z)))
    # an exact truth (paper_se = 0) and a cell without error (every draw alike) that differs
    assert rules.within_error([0.5], [0.5], [0.0], ["exact"], paper_se=0.0).verdict == REPRODUCED
    assert rules.within_error([0.5], [0.49], [0.0], ["exact"], paper_se=0.0).verdict == NOT_REPRODUCED
    # errors so wide that no cell can be told from zero: undecided
    assert rules.within_error([0.01], [0.012], [0.05], ["wide"]).verdict == UNDECIDED


def test_equal_as_printed():
    judged = rules.equal_as_printed([0.740, 0.653333], [0.740, 0.653], ["auc", "auc_pu"], decimals=3)
    assert judged.verdict == REPRODUCED
    assert rules.equal_as_printed([0.740, 0.6536], [0.740, 0.653], ["auc", "auc_pu"], decimals=3).verdict == \
        NOT_REPRODUCED


def test_variance_as_stated_by_the_chi_square_law():
    rng = np.random.default_rng(0)
    draws = rng.normal(0, 1, size=(20, 50))
    observed = draws.var(axis=1, ddof=1)
    assert rules.variance_as_stated(observed, np.ones(20), np.full(20, 50), list("abcdefghijklmnopqrst")).verdict \
        == REPRODUCED
    # one cell whose variance is four times the stated: rejected
    observed[7] *= 4
    judged = rules.variance_as_stated(observed, np.ones(20), np.full(20, 50), list("abcdefghijklmnopqrst"))
    assert judged.verdict == NOT_REPRODUCED and "not: h" in judged.statistic


def test_covers_judges_against_the_level_with_units_as_units():
    # nine units at 0.95 with 50 draws each: reproduced, not conservative
    judged = rules.covers(np.full(9, 0.95), np.full(9, 50), nominal=0.95, unit="datasets")
    assert judged.verdict == REPRODUCED and "conservative" not in judged.statistic
    # one unit far under: its spread widens the interval but the mean falls; below nominal when all are under
    assert rules.covers(np.full(9, 0.80), np.full(9, 50), nominal=0.95, unit="datasets").verdict == NOT_REPRODUCED
    mixed = np.array([0.80, 0.82, 0.79, 0.81, 0.80, 0.78, 0.83, 0.80, 0.82])
    assert rules.covers(mixed, np.full(9, 50), nominal=0.95, unit="datasets").verdict == NOT_REPRODUCED
    assert "conservative" in rules.covers(np.full(9, 1.0), np.full(9, 50), nominal=0.9, unit="d").statistic


def test_covers_needs_a_baseline_that_could_fail():
    args = dict(nominal=0.95, unit="settings", needs_baseline=True)
    assert rules.covers([1.0, 1.0], [50, 50], **args).verdict == UNDECIDED
    # a random set of the same size also covers: the validation cannot fail
    assert rules.covers([1.0, 1.0], [50, 50], baseline=0.97, **args).verdict == UNDECIDED
    assert rules.covers([1.0, 1.0], [50, 50], baseline=0.60, **args).verdict == REPRODUCED


def test_covers_units_that_all_cover_are_not_certain():
    # every unit covers in every draw: no spread, but not a zero-width interval; Wilson's over the draws at least
    few = rules.covers([1.0, 1.0, 1.0], [5, 5, 5], nominal=0.95, unit="datasets")
    low, high = (float(v) for v in few.interval.strip("[]").split(", "))
    assert few.verdict == UNDECIDED and low < 0.85 and high == 1.0  # 15 draws cannot tell 1.0 from 0.85
    many = rules.covers(np.full(9, 1.0), np.full(9, 100), nominal=0.95, unit="datasets")
    assert many.verdict == REPRODUCED and "conservative" in many.statistic  # 900 draws: above 0.995
    # with spread, the t-interval over the units is the wider and decides, as before
    spread = rules.covers([0.90, 1.0, 0.95], [100, 100, 100], nominal=0.95, unit="datasets")
    assert float(spread.interval.strip("[]").split(", ")[0]) < 0.85


def test_covers_one_unit_by_wilson():
    judged = rules.covers([0.9], [1000], nominal=0.95, unit="setting")
    assert judged.verdict == NOT_REPRODUCED
    low, high = (float(v) for v in judged.interval.strip("[]").split(", "))
    assert low < 0.9 < high < 0.95


def test_binomial_ahead():
    judged = rules.binomial_ahead(24, 26, unit="setting")
    assert judged.verdict == REPRODUCED
    assert judged.p_value == pytest.approx(stats.binomtest(24, 26, alternative="greater").pvalue)
    assert rules.binomial_ahead(13, 26, unit="setting").verdict == NOT_REPRODUCED
    assert rules.binomial_ahead(4, 4, unit="setting").verdict == UNDECIDED  # 1/16 > 0.05: cannot decide


def test_binomial_ahead_is_undecided_when_too_few_cases_could_show_the_papers_share():
    # 6 cases at the paper's 72 %: p < 0.05 needs 6 of 6, which happens with probability 0.72⁶ = 0.14
    low = rules.binomial_ahead(4, 6, unit="setting", paper_share=26 / 36)
    assert low.verdict == UNDECIDED and "power 0.14" in low.detectable
    assert low.verdict != rules.binomial_ahead(4, 6, unit="setting").verdict  # without the share: not reproduced
    # the same design, but 1 of 6 rules the paper's share out (its upper 95 % bound is 0.58): not reproduced
    assert rules.binomial_ahead(1, 6, unit="setting", paper_share=26 / 36).verdict == NOT_REPRODUCED
    # 17 of 26 has power 0.72 and its upper bound 0.81 holds 0.72: undecided; 13 of 26 (bound 0.67): not
    assert rules.binomial_ahead(17, 26, unit="setting", paper_share=26 / 36).verdict == UNDECIDED
    assert rules.binomial_ahead(13, 26, unit="setting", paper_share=26 / 36).verdict == NOT_REPRODUCED
    # a design with power: 400 cases at 72 % need 218; 210 of 400 is not reproduced
    high = rules.binomial_ahead(210, 400, unit="draw", paper_share=26 / 36)
    assert high.verdict == NOT_REPRODUCED and "power 1.00" in high.detectable
    # the power is the exact binomial tail at the fewest successes reaching p < 0.05
    needed = next(k for k in range(27) if stats.binomtest(k, 26, alternative="greater").pvalue < 0.05)
    share = 26 / 36
    assert f"({needed} of 26 needed)" in rules.binomial_ahead(17, 26, unit="s", paper_share=share).detectable
    assert f"power {stats.binom.sf(needed - 1, 26, share):.2f}" in rules.binomial_ahead(
        17, 26, unit="s", paper_share=share).detectable


def test_intervals_exclude_zero():
    labels = ["a", "b", "c"]
    assert rules.intervals_exclude_zero([0.1, 0.2, 0.05], [0.3, 0.4, 0.2], labels).verdict == REPRODUCED
    assert rules.intervals_exclude_zero([0.1, -0.4, 0.05], [0.3, -0.1, 0.2], labels).verdict == NOT_REPRODUCED
    # holding 0 and the paper's effect: undecided; holding 0 but excluding it: not reproduced
    assert rules.intervals_exclude_zero([-0.1, 0.1, 0.1], [0.3, 0.2, 0.2], labels, paper_effect=0.15).verdict == \
        UNDECIDED
    assert rules.intervals_exclude_zero([-0.01, 0.1, 0.1], [0.02, 0.2, 0.2], labels, paper_effect=0.15).verdict \
        == NOT_REPRODUCED


def _judged(verdict, p=float("nan")):
    return Judgement(verdict, "s", test="t", rule="r", p_value=p)


def test_arms_the_paper_first():
    # an open choice whose arms differ: depends, each arm's verdict listed, the paper's first
    judged = rules.arms([("paper", _judged(REPRODUCED, 0.01)), ("variant", _judged(NOT_REPRODUCED, 0.3))],
                        open_choice=True)
    assert judged.verdict == DEPENDS and judged.arms.startswith("paper: reproduced (p = 0.01)")
    # a fixed choice: the paper's arm decides, even when a variant looks better
    judged = rules.arms([("paper", _judged(NOT_REPRODUCED)), ("variant", _judged(REPRODUCED))], open_choice=False)
    assert judged.verdict == NOT_REPRODUCED
    assert rules.arms([("a", _judged(UNDECIDED)), ("b", _judged(UNDECIDED))], open_choice=True).verdict == UNDECIDED


def test_a_judgement_refuses_a_typed_verdict():
    with pytest.raises(ValueError):
        Judgement("mostly reproduced", "s", test="t", rule="r")


def test_over_range_the_worst_part_decides():
    parts = [("a", _judged(REPRODUCED)), ("b", _judged(UNDECIDED)), ("c", _judged(REPRODUCED))]
    judged = rules.over_range(parts)
    assert judged.verdict == UNDECIDED and judged.statistic.startswith("b: ")
    assert judged.arms == "a: reproduced; b: undecided; c: reproduced"
    assert rules.over_range([*parts, ("d", _judged(NOT_REPRODUCED))]).verdict == NOT_REPRODUCED
    assert rules.over_range([("a", _judged(REPRODUCED))]).verdict == REPRODUCED


def test_covers_with_too_few_units_to_tell_is_undecided():
    # four datasets at 0.83 to 1.0: the interval holds 0.95 but reaches far below it
    judged = rules.covers([0.83, 1.0, 0.9, 1.0], [9, 9, 9, 9], nominal=0.95, unit="datasets")
    assert judged.verdict == UNDECIDED and "not told from" in judged.statistic
    assert rules.covers([0.94, 0.96, 0.95, 0.95], [50] * 4, nominal=0.95, unit="datasets").verdict == REPRODUCED


def test_share_bound_needs_its_bound_past_the_target_and_says_undecided_in_between():
    # at least 95 %: 297 of 300 has a lower bound ≥ 0.95; 90 of 100 has its upper bound below; 19 of 20 cannot tell
    assert rules.share_bound(297, 300, target=0.95, at_least=True, what="claims").verdict == REPRODUCED
    assert rules.share_bound(90, 100, target=0.95, at_least=True, what="claims").verdict == NOT_REPRODUCED
    assert rules.share_bound(19, 20, target=0.95, at_least=True, what="claims").verdict == UNDECIDED
    # at most 5 %: 3 of 300 is below with its upper bound; 30 of 300 above with its lower bound
    assert rules.share_bound(3, 300, target=0.05, at_least=False, what="draws").verdict == REPRODUCED
    assert rules.share_bound(30, 300, target=0.05, at_least=False, what="draws").verdict == NOT_REPRODUCED
    assert rules.share_bound(1, 10, target=0.05, at_least=False, what="draws").verdict == UNDECIDED
    assert rules.share_bound(0, 0, target=0.05, at_least=False, what="draws").verdict == UNDECIDED
    # the bounds are the exact one-sided 95 % Clopper–Pearson bounds
    judged = rules.share_bound(19, 20, target=0.95, at_least=True, what="claims")
    low = stats.beta.ppf(0.05, 19, 2)
    assert judged.interval.startswith(f"[{low:.3f}")


def test_trend_judges_the_direction_and_the_test_the_other_way():
    x = np.arange(1, 10)
    falling = rules.trend(x, 10 - x + 0.1 * np.sin(x), decreasing=True, what="spread")
    assert falling.verdict == REPRODUCED and falling.p_value < 0.05 and falling.units == 9
    rising = rules.trend(x, x.astype(float), decreasing=True, what="spread")
    assert rising.verdict == NOT_REPRODUCED  # a trend against the claim
    flat = rules.trend(x, [1, 3, 2, 4, 1, 3, 2, 4, 1], decreasing=True, what="spread")
    assert flat.verdict == UNDECIDED
    # Kendall's τ by its definition (no ties): concordant minus discordant pairs over all pairs
    v = np.array([5.0, 3, 4, 1, 2, 0, -1, 0.5, -2])
    pairs = [(i, j) for i in range(9) for j in range(i + 1, 9)]
    tau = sum(np.sign(x[j] - x[i]) * np.sign(v[j] - v[i]) for i, j in pairs) / len(pairs)
    assert f"{tau:+.3f}" in rules.trend(x, v, decreasing=True, what="spread").statistic
    with pytest.raises(ValueError, match="at least 3"):
        rules.trend([1, 2], [2, 1], decreasing=True, what="spread")


def test_fits_curve_by_the_chi_square_law_of_the_whole_curve():
    rng = np.random.default_rng(3)
    k, se = 80, np.full(80, 0.01)
    expected = np.linspace(0.2, 0.6, k)
    # the curve's points drawn about the expectation: a share ≈ level of seeds reject (the test is exact)
    rejected = [rules.fits_curve(expected + se * np.random.default_rng(s).standard_normal(k), expected, se,
                                 [str(i) for i in range(k)], what="mean").verdict == NOT_REPRODUCED
                for s in range(400)]
    assert 0.02 < np.mean(rejected) < 0.09
    # a shift of one standard error at every point is found, and so is one point far off
    shifted = rules.fits_curve(expected + se * (1 + rng.standard_normal(k)), expected, se, [str(i) for i in range(k)],
                               what="mean")
    assert shifted.verdict == NOT_REPRODUCED
    far = expected + se * rng.standard_normal(k)
    far[40] += 12 * se[40]
    judged = rules.fits_curve(far, expected, se, [f"S = {i}" for i in range(k)], what="mean")
    assert judged.verdict == NOT_REPRODUCED and "at S = 40" in judged.statistic
    with pytest.raises(ValueError, match="positive standard errors"):
        rules.fits_curve([1.0], [1.0], [0.0], ["a"], what="mean")


def test_every_unit_covers_names_a_unit_below_its_level():
    draws = [150] * 9
    fine = rules.every_unit_covers([140] * 9, draws, [f"d{i}" for i in range(9)], nominal=0.9)
    assert fine.verdict == REPRODUCED
    one_short = rules.every_unit_covers([140] * 8 + [89], draws, [f"d{i}" for i in range(9)], nominal=0.9)
    assert one_short.verdict == NOT_REPRODUCED and "below: d8" in one_short.statistic
    # a small shortfall in one unit is within its binomial error once Holm is taken over the units
    assert rules.every_unit_covers([140] * 8 + [128], draws, [f"d{i}" for i in range(9)], nominal=0.9).verdict == \
        REPRODUCED
    # the per-unit p-value is the exact binomial tail restated
    p = stats.binom.cdf(128, 150, 0.9)
    assert rules.every_unit_covers([128], [150], ["d"], nominal=0.9).p_value == pytest.approx(p)

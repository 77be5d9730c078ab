"""The verdict ledger's rules: one function per kind of claim, each deciding a verdict from a study's numbers.

A verdict is computed, never typed. Each rule takes the numbers a claim is judged on and returns a
:class:`Judgement`: the verdict, our statistic, the test and its p-value (adjusted, the family named), the
number of independent units, and what the design can detect. The four verdicts:

- ``reproduced``: the claim holds on the whole of its range by the rule's test;
- ``not reproduced``: a contrary row anywhere in the range, or a test the design could have passed and did not;
- ``undecided``: the design cannot detect the paper's effect (its power at that effect is below
  :data:`POWER`, or its intervals hold both no effect and the paper's), or the validation has no baseline
  that could fail;
- ``depends on a named choice``: the paper leaves a choice open and the verdict differs between its values
  (:func:`arms`; each arm's verdict given, the paper's first).

Rules (the claim's kind → the function): "holds in every row" → :func:`every_row`; "A ahead of B across
units" → :func:`ahead_across_units`; "better for every x above x0" → :func:`better_above`; "a value within
Monte-Carlo error of the paper's" → :func:`within_error`; "the printed value, at its precision" →
:func:`equal_as_printed`; "a variance as the theorem gives it" → :func:`variance_as_stated`; "an interval
covering at its level" → :func:`covers`; "a one-sided binomial test" → :func:`binomial_ahead`; "every
interval on the claim's side of 0" → :func:`intervals_exclude_zero`; "falls (rises) as x grows" → :func:`trend`;
"covers at its level in every unit" → :func:`every_unit_covers`;
"an empirical curve aligns with the computed one" → :func:`fits_curve`; a claim judged on several arms →
:func:`arms`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from scipy import optimize, stats

from pueval.multitest import holm

REPRODUCED = "reproduced"
NOT_REPRODUCED = "not reproduced"
UNDECIDED = "undecided"
DEPENDS = "depends on a named choice"
VERDICTS = (REPRODUCED, NOT_REPRODUCED, UNDECIDED, DEPENDS)

LEVEL = 0.05
"""The tests' level (two-sided unless a rule says one-sided)."""
POWER = 0.8
"""Below this power at the paper's effect a design cannot decide: its verdict is ``undecided``."""
SHOWN = 4
"""Contrary rows named in a statistic, at most."""


@dataclass(frozen=True)
class Judgement:
    """What a rule decided, and on what.

    ``statistic``: ours, as text with its numbers; ``test``: the test and the rule's threshold; ``p_value``:
    the deciding p-value (adjusted where ``family`` names a family; NaN where the rule has none); ``units``:
    the number of independent units the verdict rests on; ``detectable``: the effect the design can detect
    (or its power at the paper's effect); ``arms``: each arm's verdict where the claim has several.
    """

    verdict: str
    statistic: str
    test: str
    rule: str
    p_value: float = float("nan")
    family: str = ""
    interval: str = ""
    units: int | None = None
    detectable: str = ""
    arms: str = ""

    def __post_init__(self):
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict {self.verdict!r} is none of {VERDICTS}")


def _names(labels: Sequence[str], mask) -> str:
    chosen = [str(label) for label, m in zip(labels, mask) if m]
    more = len(chosen) - SHOWN
    return ", ".join(chosen[:SHOWN]) + (f" and {more} more" if more > 0 else "")


def every_row(holds: Sequence[bool], labels: Sequence[str], *, what: str, units: int | None = None) -> Judgement:
    """"Holds in all settings": reproduced when ``holds`` is true in every row, not reproduced when one row
    anywhere is contrary (the contrary rows named). ``what`` says what holds in a row."""
    holds = np.asarray(holds, dtype=bool)
    if holds.size == 0:
        raise ValueError("every_row needs at least one row")
    if len(labels) != holds.size:
        raise ValueError("labels and holds differ in length")
    statistic = f"{what} in {int(holds.sum())} of {holds.size}"
    if not holds.all():
        statistic += f"; contrary: {_names(labels, ~holds)}"
    return Judgement(REPRODUCED if holds.all() else NOT_REPRODUCED, statistic,
                     test="every row, point estimates (one contrary row decides)", rule="every_row",
                     units=units if units is not None else holds.size)


def _wilcoxon_greater(d: np.ndarray) -> float:
    if not np.any(d != 0):
        return 1.0
    return float(stats.wilcoxon(d, alternative="greater", zero_method="wilcox").pvalue)


def wilcoxon_power(n: int, effect: float, sd: float, *, level: float = LEVEL, simulations: int = 2000,
                   seed: int = 0) -> float:
    """Power of the one-sided Wilcoxon signed-rank test over ``n`` units whose differences are N(effect, sd²):
    the share of ``simulations`` seeded draws it rejects at ``level``."""
    if n < 1 or not sd > 0:
        return float("nan")
    if 0.5**n > level:  # the smallest p-value n units can give
        return 0.0
    rng = np.random.default_rng(seed)
    draws = rng.normal(effect, sd, size=(simulations, n))
    p = stats.wilcoxon(draws, alternative="greater", axis=1).pvalue
    return float(np.mean(p < level))


def ahead_across_units(differences: Sequence[float], labels: Sequence[str], *, paper_effect: float,
                       unit: str = "datasets", level: float = LEVEL) -> Judgement:
    """"A ahead of B across the units": the one-sided Wilcoxon signed-rank test over the units' differences
    (A − B, one per unit). Reproduced when it rejects at ``level``; not reproduced when B is significantly
    ahead (the test the other way), or when the design had power ≥ :data:`POWER` at ``paper_effect`` (the
    differences drawn N(paper_effect, s²), s their observed spread) and did not reject; undecided otherwise."""
    d = np.asarray(differences, dtype=float)
    if d.size < 1 or not np.isfinite(d).all():
        raise ValueError("ahead_across_units needs finite differences, one per unit")
    p = _wilcoxon_greater(d)
    p_behind = _wilcoxon_greater(-d)
    sd = float(np.std(d, ddof=1)) if d.size > 1 else float("nan")
    power = wilcoxon_power(d.size, paper_effect, sd, level=level)
    statistic = (f"ahead on {int((d > 0).sum())} of {d.size} {unit}, mean difference {d.mean():+.4g}"
                 + (f"; behind on {_names(labels, d < 0)}" if (d < 0).any() else ""))
    if p < level:
        verdict = REPRODUCED
    elif p_behind < level or power >= POWER:
        verdict = NOT_REPRODUCED
    else:
        verdict = UNDECIDED
    return Judgement(verdict, statistic, test=f"one-sided Wilcoxon signed-rank over the {unit}, level {level:g}",
                     rule="ahead_across_units", p_value=p, units=d.size,
                     detectable=f"power {power:.2f} at the paper's effect {paper_effect:+.4g} (sd {sd:.3g})")


def better_above(x: Sequence[float], p_values: Sequence[float], direction: Sequence[float], *, x0: float,
                 name: str = "x", level: float = LEVEL) -> Judgement:
    """"Better for every x above x0": every row with x > ``x0`` significant (p < ``level``) in the claim's
    direction (``direction`` > 0). A contrary row (significant the other way) anywhere above x0 makes it not
    reproduced, and so does a row that is not significant (the claim is about every x above x0). The
    statistic gives the smallest x from which every row is significant, and the contrary rows."""
    x, p, s = (np.asarray(v, dtype=float) for v in (x, p_values, direction))
    if not (x.size == p.size == s.size):
        raise ValueError("x, p_values and direction differ in length")
    above = x > x0
    if not above.any():
        raise ValueError(f"no row has {name} > {x0}")
    significant = np.nan_to_num(p, nan=1.0) < level
    better, contrary = significant & (s > 0), significant & (s < 0)
    order = np.argsort(x, kind="stable")
    misses = np.flatnonzero(~better[order])
    last_miss = misses[-1] if misses.size else -1
    counted = f"significantly better at {int((better & above).sum())} of {int(above.sum())} {name} > {x0:g}"
    statistic = (f"{counted}; at every {name} from {x[order][last_miss + 1]:g}" if last_miss + 1 < x.size
                 else f"{counted}; not at the largest {name}")
    if (contrary & above).any():
        statistic += f"; significantly worse at {name} = {_names([f'{v:g}' for v in x], contrary & above)}"
    verdict = REPRODUCED if better[above].all() else NOT_REPRODUCED
    return Judgement(verdict, statistic, test=f"per {name}, p < {level:g} in the claim's direction, every {name} "
                     f"> {x0:g}", rule="better_above", units=int(above.sum()))


def within_error(ours: Sequence[float], paper: Sequence[float], se: Sequence[float], labels: Sequence[str], *,
                 paper_se: Sequence[float] | None = None, level: float = LEVEL) -> Judgement:
    """"A value within Monte-Carlo error of the paper's", cell by cell: z = (ours − paper)/√(se² + se_paper²),
    two-sided, Holm-adjusted over the cells. ``paper_se`` defaults to ``se`` (the paper's cell from as many
    draws of the same kind has the same Monte-Carlo error; it prints none); 0 for an exact truth. A cell with
    no error at all (every draw alike, e.g. a corrected AUC clipped in every draw) differs whenever the values
    do. Reproduced when no cell's adjusted p is below ``level``, not reproduced when one is (the cells named).
    Undecided when no cell rejects but the design cannot tell a cell from zero (the detectable difference exceeds
    |paper| in every cell)."""
    ours, paper, se = (np.asarray(v, dtype=float) for v in (ours, paper, se))
    paper_se = se if paper_se is None else np.broadcast_to(np.asarray(paper_se, dtype=float), se.shape)
    if not (ours.size == paper.size == se.size == len(labels)) or ours.size == 0:
        raise ValueError("ours, paper, se and labels must be of one length, at least 1")
    if not (np.isfinite(ours).all() and np.isfinite(paper).all() and (se >= 0).all()):
        raise ValueError("within_error needs finite values and standard errors >= 0")
    scale = np.sqrt(se**2 + paper_se**2)
    with np.errstate(divide="ignore", invalid="ignore"):  # a cell without error (every draw alike) decides alone
        z = np.where(scale > 0, (ours - paper) / np.where(scale > 0, scale, 1.0),
                     np.where(ours == paper, 0.0, np.inf))
    p = 2 * stats.norm.sf(np.abs(z))
    adjusted = np.asarray(holm(p))
    rejected = adjusted < level
    detectable = (stats.norm.isf(level / (2 * ours.size)) + stats.norm.isf(1 - POWER)) * scale
    statistic = (f"{int((~rejected).sum())} of {ours.size} cells within Monte-Carlo error of the target; mean "
                 f"|ours − target| {np.abs(ours - paper).mean():.3g}, mean se {se.mean():.2g}")
    if rejected.any():
        statistic += f"; outside: {_names(labels, rejected)}"
        verdict = NOT_REPRODUCED
    elif (detectable > np.abs(paper)).all():
        verdict = UNDECIDED
    else:
        verdict = REPRODUCED
    return Judgement(verdict, statistic, test="two-sided z per cell, Holm over the cells", rule="within_error",
                     p_value=float(adjusted.min()), family=f"{ours.size} cells", units=ours.size,
                     detectable=f"a difference of {np.median(detectable):.2g} (median over cells) at power {POWER:g}")


def equal_as_printed(ours: Sequence[float], paper: Sequence[float], labels: Sequence[str], *,
                     decimals: int) -> Judgement:
    """"The printed value": reproduced when every value of ours, rounded to the paper's ``decimals``, equals the
    paper's (exact computations on the paper's own data, no sampling)."""
    ours, paper = np.asarray(ours, dtype=float), np.asarray(paper, dtype=float)
    equal = np.abs(np.round(ours, decimals) - paper) < 0.5 * 10.0**-decimals
    judgement = every_row(equal, labels, what=f"equal at {decimals} decimals")
    return replace(judgement, test=f"rounded to the paper's {decimals} decimals", rule="equal_as_printed")


def variance_as_stated(observed: Sequence[float], stated: Sequence[float], draws: Sequence[int],
                       labels: Sequence[str], *, level: float = LEVEL) -> Judgement:
    """"The variance the theorem gives", cell by cell: (r − 1)s²/σ² against χ²(r − 1), two-sided, Holm over the
    cells (s² the observed variance over r draws, σ² the stated). Reproduced when no cell rejects."""
    s2, v, r = (np.asarray(a, dtype=float) for a in (observed, stated, draws))
    if not ((v > 0).all() and (r > 1).all() and np.isfinite(s2).all()):
        raise ValueError("variance_as_stated needs positive stated variances and at least 2 draws a cell")
    statistic_values = (r - 1) * s2 / v
    lower = stats.chi2.cdf(statistic_values, r - 1)
    p = np.minimum(1.0, 2 * np.minimum(lower, 1 - lower))
    adjusted = np.asarray(holm(p))
    rejected = adjusted < level
    ratio = s2 / v
    statistic = (f"observed/stated variance {np.median(ratio):.3g} (median; {ratio.min():.3g} to {ratio.max():.3g}); "
                 f"{int((~rejected).sum())} of {ratio.size} cells consistent")
    if rejected.any():
        statistic += f"; not: {_names(labels, rejected)}"
    return Judgement(NOT_REPRODUCED if rejected.any() else REPRODUCED, statistic,
                     test="chi-square test of the variance per cell, two-sided, Holm over the cells",
                     rule="variance_as_stated", p_value=float(adjusted.min()), family=f"{ratio.size} cells",
                     units=ratio.size)


def _wilson(successes: float, n: float, level: float) -> tuple[float, float]:
    z = stats.norm.isf((1 - level) / 2)
    phat = successes / n
    centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return float(centre - half), float(centre + half)


COVERAGE_TOLERANCE = 0.05
"""A coverage claim is undecided when its interval reaches more than this below the nominal level: the design
cannot tell coverage at the level from coverage that much short of it."""


def covers(coverage: Sequence[float], draws: Sequence[int], *, nominal: float, unit: str,
           baseline: float | None = None, needs_baseline: bool = False, confidence: float = 0.95,
           tolerance: float = COVERAGE_TOLERANCE) -> Judgement:
    """"An interval covering at its level": the coverage over the units' draws, with a ``confidence`` interval
    taking the units as independent (a t-interval over the units' coverages, weighted by their draws, with
    two or more units; Wilson's for the draws of one unit), never narrower than Wilson's over all the draws, what
    they would give were they independent (units that all cover in every draw have no spread, not no
    uncertainty). Not reproduced when the interval lies below ``nominal``; undecided when it holds ``nominal`` but
    reaches more than ``tolerance`` below it (too few units to tell); reproduced otherwise, "conservative" when it
    lies above. A validation must be able to fail: with ``needs_baseline``, a ``baseline`` (a set or bound that
    should fail, e.g. a random set of the same size) must cover below ``nominal``, else the verdict is undecided
    (no baseline computed, or one that covers too)."""
    c, n = np.asarray(coverage, dtype=float), np.asarray(draws, dtype=float)
    if c.size == 0 or c.size != n.size or not (np.isfinite(c).all() and (n > 0).all()):
        raise ValueError("covers needs one finite coverage and a positive draw count per unit")
    overall = float(np.sum(c * n) / n.sum())
    low, high = _wilson(overall * n.sum(), n.sum(), confidence)
    if c.size >= 2:
        w = n / n.sum()
        spread = np.sqrt(np.sum(w**2 * (c - overall) ** 2) * c.size / (c.size - 1))
        half = stats.t.isf((1 - confidence) / 2, c.size - 1) * spread
        low, high = min(low, overall - half), max(high, overall + half)
    low, high = max(0.0, low), min(1.0, high)
    statistic = f"coverage {overall:.3f} over {int(n.sum())} draws in {c.size} {unit} (nominal {nominal:g})"
    if high < nominal:
        verdict = NOT_REPRODUCED
    elif low < nominal - tolerance:
        verdict = UNDECIDED
        statistic += f", not told from {low:.3f}"
    else:
        verdict = REPRODUCED
        if low > nominal:
            statistic += ", conservative"
    detectable = f"a shortfall of more than {tolerance:g} below nominal" + (
        "" if low >= nominal - tolerance else f" (here down to {low:.3f} not ruled out)")
    if needs_baseline:
        if baseline is None:
            statistic += "; no baseline computed that could fail"
            verdict = UNDECIDED if verdict == REPRODUCED else verdict
        else:
            statistic += f"; baseline {baseline:.3f}"
            if baseline >= nominal and verdict == REPRODUCED:
                statistic += " (the baseline covers too: the validation cannot fail)"
                verdict = UNDECIDED
    return Judgement(verdict, statistic, test=f"{confidence:.0%} interval over the {unit} as units", rule="covers",
                     interval=f"[{low:.3f}, {high:.3f}]", units=c.size, detectable=detectable)


def binomial_ahead(successes: int, cases: int, *, unit: str, level: float = LEVEL,
                   paper_share: float | None = None) -> Judgement:
    """"A beats B" by the one-sided binomial (sign) test over ``cases`` (ties left out): reproduced when
    p < ``level``; undecided when even ``cases`` of ``cases`` could not reach it, or when the test's power at
    the paper's effect (A ahead in a share ``paper_share`` of cases) is under :data:`POWER` and the one-sided
    exact (Clopper–Pearson) upper bound of the observed share still reaches it; not reproduced otherwise."""
    if not 0 <= successes <= cases:
        raise ValueError("successes must lie in [0, cases]")
    p = float(stats.binomtest(successes, cases, 0.5, alternative="greater").pvalue) if cases else 1.0
    smallest = 0.5**cases
    detectable = f"smallest attainable p {smallest:.2g}"
    power, ruled_out = 1.0, False
    if paper_share is not None and smallest < level:
        k = np.arange(cases + 1)
        needed = int(k[stats.binom.sf(k - 1, cases, 0.5) < level][0])  # the fewest successes with p < level
        power = float(stats.binom.sf(needed - 1, cases, paper_share))
        upper = float(stats.binomtest(successes, cases, alternative="less").proportion_ci(1 - level).high)
        ruled_out = upper < paper_share
        detectable += (f"; power {power:.2f} at the paper's share {paper_share:.2f} ({needed} of {cases} needed); "
                       f"the share's upper {1 - level:.0%} bound {upper:.2f}")
    if p < level:
        verdict = REPRODUCED
    elif smallest >= level or (power < POWER and not ruled_out):
        verdict = UNDECIDED
    else:
        verdict = NOT_REPRODUCED
    return Judgement(verdict, f"{successes} of {cases} {unit}s", test=f"one-sided binomial test per {unit}",
                     rule="binomial_ahead", p_value=p, units=cases, detectable=detectable)


def every_unit_covers(covered: Sequence[float], draws: Sequence[float], labels: Sequence[str], *, nominal: float,
                      level: float = LEVEL) -> Judgement:
    """"Covers at its level in every unit": per unit (a population, whose draws are independent given it), the
    one-sided exact binomial test of coverage below ``nominal`` on its ``covered`` of ``draws``, Holm over the units.
    Not reproduced when a unit rejects (the units named), reproduced otherwise; what a unit can show: the shortfall
    its draws detect."""
    k, n = np.round(np.asarray(covered, dtype=float)), np.asarray(draws, dtype=float)
    if k.size == 0 or k.size != n.size or len(labels) != k.size or not ((0 <= k) & (k <= n) & (n > 0)).all():
        raise ValueError("every_unit_covers needs 0 <= covered <= draws, draws > 0, one label per unit")
    p = np.array([stats.binomtest(int(a), int(b), nominal, alternative="less").pvalue for a, b in zip(k, n)])
    adjusted = np.asarray(holm(p))
    rejected = adjusted < level
    statistic = (f"{int((~rejected).sum())} of {k.size} units not below {nominal:g}; lowest "
                 f"{np.min(k / n):.3f} ({labels[int(np.argmin(k / n))]})")
    if rejected.any():
        statistic += f"; below: {_names(labels, rejected)}"
    return Judgement(NOT_REPRODUCED if rejected.any() else REPRODUCED, statistic,
                     test="one-sided exact binomial test per unit, Holm over the units", rule="every_unit_covers",
                     p_value=float(adjusted.min()), family=f"{k.size} units", units=k.size,
                     detectable=f"a unit of {int(np.median(n))} draws: coverage below "
                                f"{float(stats.binom.ppf(level / k.size, int(np.median(n)), nominal)) / np.median(n):.3f}")


def share_bound(successes: int, cases: int, *, target: float, at_least: bool, what: str,
                level: float = LEVEL) -> Judgement:
    """"A share of at least (``at_least``) or at most ``target``": the one-sided exact (Clopper–Pearson) bounds of
    the share ``successes``/``cases`` at 1 − ``level``. At least: reproduced when the lower bound reaches
    ``target``, not reproduced when the upper bound falls below it; at most, the mirror image; undecided when
    the interval holds ``target`` (too few cases to tell)."""
    if not 0 <= successes <= cases:
        raise ValueError("successes must lie in [0, cases]")
    if cases == 0:
        return Judgement(UNDECIDED, f"no {what}", test="exact binomial bounds", rule="share_bound", units=0,
                         detectable="no cases")
    low = float(stats.binomtest(successes, cases, alternative="greater").proportion_ci(1 - level).low)
    high = float(stats.binomtest(successes, cases, alternative="less").proportion_ci(1 - level).high)
    share = successes / cases
    if at_least:
        verdict = REPRODUCED if low >= target else (NOT_REPRODUCED if high < target else UNDECIDED)
    else:
        verdict = REPRODUCED if high <= target else (NOT_REPRODUCED if low > target else UNDECIDED)
    sign = "≥" if at_least else "≤"
    return Judgement(verdict, f"{successes} of {cases} {what} ({share:.3f})",
                     test=f"share {sign} {target:g}: one-sided exact bounds at {1 - level:.0%}", rule="share_bound",
                     interval=f"[{low:.3f}, {high:.3f}]", units=cases,
                     detectable=f"the bounds' width {high - low:.3f} with {cases} cases")


def intervals_exclude_zero(low: Sequence[float], high: Sequence[float], labels: Sequence[str], *,
                           paper_effect: float | None = None) -> Judgement:
    """"A positive effect in every row", each row's interval judged: reproduced when every interval lies above
    0; not reproduced when one lies below 0, or when an interval that holds 0 excludes ``paper_effect`` (the
    paper's effect is ruled out there); undecided when the intervals that hold 0 also hold the paper's effect
    (or no effect is given): the design cannot tell the two apart."""
    lo, hi = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    if lo.size == 0 or lo.size != hi.size or not (lo <= hi).all():
        raise ValueError("intervals_exclude_zero needs intervals with low <= high, at least one")
    above, below = lo > 0, hi < 0
    holds_zero = ~above & ~below
    rules_out = holds_zero & ((paper_effect < lo) | (paper_effect > hi)) if paper_effect is not None else \
        np.zeros(lo.size, dtype=bool)
    statistic = f"above 0 in {int(above.sum())} of {lo.size}, below in {int(below.sum())}"
    if holds_zero.any():
        statistic += f"; holding 0: {_names(labels, holds_zero)}"
    if above.all():
        verdict = REPRODUCED
    elif below.any() or rules_out.any():
        verdict = NOT_REPRODUCED
    else:
        verdict = UNDECIDED
    detectable = f"median half-width {np.median((hi - lo) / 2):.3g}" + (
        f" against the paper's effect {paper_effect:+.3g}" if paper_effect is not None else "")
    return Judgement(verdict, statistic, test="each row's interval against 0", rule="intervals_exclude_zero",
                     units=lo.size, detectable=detectable)


def trend(x: Sequence[float], values: Sequence[float], *, decreasing: bool, what: str, name: str = "x",
          level: float = LEVEL) -> Judgement:
    """"``what`` falls (``decreasing``) or rises as ``name`` grows": Kendall's τ of ``values`` against ``x``, one-sided,
    each x a unit. Reproduced when τ has the claimed sign at p < ``level``; not reproduced when the test the other
    way rejects (a trend against the claim); undecided otherwise. What the design can detect: the smallest |τ| its
    points make significant (the normal approximation's, Var τ = 2(2n + 5)/(9n(n − 1)))."""
    x, v = np.asarray(x, dtype=float), np.asarray(values, dtype=float)
    if x.size != v.size or x.size < 3 or not (np.isfinite(x).all() and np.isfinite(v).all()):
        raise ValueError("trend needs at least 3 finite (x, value) pairs")
    claimed, other = ("less", "greater") if decreasing else ("greater", "less")
    tau = float(stats.kendalltau(x, v).statistic)
    p = float(stats.kendalltau(x, v, alternative=claimed).pvalue)
    p_other = float(stats.kendalltau(x, v, alternative=other).pvalue)
    verdict = REPRODUCED if p < level else NOT_REPRODUCED if p_other < level else UNDECIDED
    n = x.size
    needed = stats.norm.isf(level) * np.sqrt(2 * (2 * n + 5) / (9 * n * (n - 1)))
    order = np.argsort(x, kind="stable")
    statistic = (f"{what}: Kendall's τ {tau:+.3f} over {n} {name}s ({v[order][0]:.3g} at {name} = "
                 f"{x[order][0]:g}, {v[order][-1]:.3g} at {x[order][-1]:g})")
    return Judgement(verdict, statistic, test=f"one-sided Kendall's τ ({'falling' if decreasing else 'rising'}), "
                     f"level {level:g}", rule="trend", p_value=p, units=n,
                     detectable=f"|τ| ≥ {needed:.2f} with {n} {name}s")


def fits_curve(ours: Sequence[float], expected: Sequence[float], se: Sequence[float], labels: Sequence[str], *,
               what: str, level: float = LEVEL) -> Judgement:
    """"An empirical curve aligns with the computed one": the goodness of fit of the whole curve, X = Σ z², z =
    (ours − expected)/se per point (``se`` the point's Monte-Carlo error, exact where the expectation is), against
    χ²(k), k points. Reproduced when p ≥ ``level``, not reproduced when below. The curve is the claim's unit: a
    point far off counts in X, and the largest |z| with its Holm-adjusted p over the points is given beside. What
    the design can detect: the shift, in standard errors at every point, that X finds with power :data:`POWER`."""
    ours, expected, se = (np.asarray(v, dtype=float) for v in (ours, expected, se))
    if not (ours.size == expected.size == se.size == len(labels)) or ours.size == 0:
        raise ValueError("ours, expected, se and labels must be of one length, at least 1")
    if not (np.isfinite(ours).all() and np.isfinite(expected).all() and (se > 0).all()):
        raise ValueError("fits_curve needs finite values and positive standard errors")
    z = (ours - expected) / se
    k = z.size
    x2 = float(np.sum(z**2))
    p = float(stats.chi2.sf(x2, k))
    critical = stats.chi2.isf(level, k)
    noncentrality = optimize.brentq(lambda lam: stats.ncx2.sf(critical, k, lam) - POWER, 1e-9, 1e6)
    worst = int(np.argmax(np.abs(z)))
    worst_p = float(np.asarray(holm(2 * stats.norm.sf(np.abs(z))))[worst])
    statistic = (f"{what}: Σz² {x2:.1f} on {k} points (expected {k}); the largest |z| {abs(z[worst]):.2f} at "
                 f"{labels[worst]} (Holm p over the points {worst_p:.2g})")
    return Judgement(REPRODUCED if p >= level else NOT_REPRODUCED, statistic,
                     test=f"χ² goodness of fit over the curve's points, level {level:g}", rule="fits_curve",
                     p_value=p, units=k, detectable=f"a shift of {np.sqrt(noncentrality / k):.2f} standard errors at "
                                                   f"every point at power {POWER:g}")


def over_range(judged: Sequence[tuple[str, Judgement]]) -> Judgement:
    """A claim about a range judged part by part (each a :class:`Judgement`): not reproduced when any part is,
    else undecided when any part is, else reproduced; every part's verdict listed, the deciding part's statistic
    first."""
    if not judged:
        raise ValueError("over_range needs at least one part")
    for verdict in (NOT_REPRODUCED, UNDECIDED, DEPENDS, REPRODUCED):
        deciding = [(name, j) for name, j in judged if j.verdict == verdict]
        if deciding:
            break
    name, first = deciding[0]
    listed = "; ".join(f"{n}: {j.verdict}" for n, j in judged)
    units = sum(j.units or 0 for _, j in judged) or None
    return replace(first, statistic=f"{name}: {first.statistic}", arms=listed, units=units,
                   rule=f"over_range of {first.rule}")


def arms(judged: Sequence[tuple[str, Judgement]], *, open_choice: bool) -> Judgement:
    """A claim judged on several arms, the paper's first. Where the paper leaves the choice open
    (``open_choice``), the arms' common verdict, or ``depends on a named choice`` when they differ; where it
    fixes it, the paper's arm decides and the others are reported beside it."""
    if not judged:
        raise ValueError("arms needs at least one arm")
    (_, first), verdicts = judged[0], [j.verdict for _, j in judged]
    listed = "; ".join(f"{name}: {j.verdict}" + (f" (p = {j.p_value:.2g})" if np.isfinite(j.p_value) else "")
                       for name, j in judged)
    verdict = first.verdict if not open_choice or len(set(verdicts)) == 1 else DEPENDS
    return replace(first, verdict=verdict, arms=listed)

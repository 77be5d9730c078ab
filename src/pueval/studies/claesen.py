"""Claesen et al. (2015)'s experiments: bounds on ROC and PR curves from PU data
(:func:`pueval.curves.claesen_band`). Their β is the share of latent positives among the unlabeled
rows (our θ); β̂ is the value the bounds are computed with.

* Figure 2: AUC bounds against the number of known positives on simulated rankings (|U| = 100,000,
  no known negatives, β = 0.2, 200 repetitions). The paper does not give its score distributions: ours
  are binormal, negatives N(0, 1) and positives N(1, 1) (true AUC Φ(1/√2) ≈ 0.76).
* Figure 3: the ROC bounds for several β̂ on one simulated ranking (2,000 known positives, 100,000
  unlabeled, β = 0.3).
* Figure 4 / Section 6.2: two models whose ROC curves cross (|U| = 45,000, |P_L| = 5,000, β = 0.1;
  binormal, model 1 with positives N(1.508, 2²), model 2 N(0.816, 0.6²), true AUCs 0.75 and 0.758,
  so that AUC^PU = 0.05 + 0.9·AUC is near the paper's 72.5 % and 73.2 % at β̂ = 0). Without clipping
  the bounds of a zero-width band are Jain's affine correction, the same increasing map of AUC^PU for
  both models, so an order flip between β̂ = 0 and β̂ = 0.1 can only come from Eq. 11's corner cases
  or from the band: :func:`order_table` shows each.
* Figure 5 / Section 6.3 on the authors' own covtype scores (``data.pkl`` of their repository,
  :mod:`pueval.pipeline.authors_scores`): as their ``generate_figures.py``, 5 % of the positives known
  (``known_fraction``), the rest unlabeled; the rank-CDF band with the latent positives' CDF, the ROC and
  PR bounds for β̂ = β, β̂ = 0 and β̂ over the paper's interval [0.88β, 1.25β] (``beta_range``), on
  ``repetitions`` labelings (:func:`labelings_table`). As a contrast, one of our datasets with the
  pipeline's model and one Table 1 draw, β̂ over the range of our six prior estimators on that draw.
  :func:`claims` checks the paper's qualitative statements on each.

Seeds: each repetition or ranking from the root seed and its name.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import curves, metrics, seeds

PAPER_FIGURE4 = {("model 1", 0.0): 0.725, ("model 2", 0.0): 0.732, ("model 1", 0.1): 0.755, ("model 2", 0.1): 0.747}
FIGURE4_MODELS = {"model 1": (1.508, 2.0), "model 2": (0.816, 0.6)}  # (mean, sd) of the positives' scores
LOW_RECALL = 0.2


def simulated_ranking(n_unlabeled: int, beta: float, n_known: int, rng: np.random.Generator, *,
                      mean: float = 1.0, sd: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(PU labels, scores, true classes): ``n_known`` labeled positives, then ``n_unlabeled`` unlabeled rows of
    which round(β·n_U) latent positives; negatives score N(0, 1), positives N(``mean``, ``sd``²)."""
    latent = int(round(beta * n_unlabeled))
    y = np.r_[np.ones(n_known + latent, int), np.zeros(n_unlabeled - latent, int)]
    scores = np.where(y == 1, rng.normal(mean, sd, y.size), rng.normal(0.0, 1.0, y.size))
    s = np.r_[np.ones(n_known, int), np.zeros(n_unlabeled, int)]
    return s, scores, y


def figure2_frame(sizes, repetitions: int, *, seed: int, n_unlabeled: int = 100_000, beta: float = 0.2,
                  level: float = 0.95) -> pd.DataFrame:
    """Per number of known positives and repetition: the AUC bounds at β̂ = β and the true AUC."""
    rows = []
    for size in sizes:
        for r in range(repetitions):
            s, scores, y = simulated_ranking(n_unlabeled, beta, size, seeds.rng(seed, "claesen-figure2", size, r))
            band = curves.claesen_band(s, scores, beta, level)
            rows.append({"known_positives": size, "repetition": r, "auc_lower": band.roc_lower.area,
                         "auc_upper": band.roc_upper.area, "auc": float(metrics.auc(y, scores))})
    return pd.DataFrame(rows)


def figure2_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean bounds, the mean width and how often the bounds contain the true AUC, per size."""
    frame = frame.assign(width=frame["auc_upper"] - frame["auc_lower"],
                         covered=(frame["auc_lower"] <= frame["auc"]) & (frame["auc"] <= frame["auc_upper"]))
    return frame.groupby("known_positives").agg(
        auc_lower=("auc_lower", "mean"), auc_upper=("auc_upper", "mean"), auc=("auc", "mean"),
        lower_5=("auc_lower", lambda v: v.quantile(0.05)), upper_95=("auc_upper", lambda v: v.quantile(0.95)),
        width=("width", "mean"), covered=("covered", "mean")).reset_index()


def figure3_bands(beta_hats, *, seed: int, n_unlabeled: int = 100_000, beta: float = 0.3, n_known: int = 2000,
                  level: float = 0.95) -> tuple[dict, curves.Curve]:
    """({β̂: band}, the true ROC) on one simulated ranking."""
    s, scores, y = simulated_ranking(n_unlabeled, beta, n_known, seeds.rng(seed, "claesen-figure3"))
    return ({b: curves.claesen_band(s, scores, b, level) for b in beta_hats}, curves.roc_curve(y, scores))


def _clipped_share(s: np.ndarray, scores: np.ndarray, theta: float, band: curves.ClaesenBand) -> float:
    """Share of thresholds where Eq. 11 clips the wanted count of surrogate positives (either curve)."""
    head_l, head_u = metrics.head_counts(s, scores)
    n_u = int(head_u[-1])
    latent = curves.latent_positives(theta, n_u)
    clipped = np.zeros(head_u.size, bool)
    for bound, rounding in ((band.cdf_lower, np.floor), (band.cdf_upper, np.ceil)):
        wanted = rounding(bound * latent)
        clipped |= curves.surrogate_positives_in_head(head_u, n_u, latent, wanted) != wanted
    return float(clipped.mean())


def figure4_models(*, seed: int, n_unlabeled: int = 45_000, n_known: int = 5000,
                   beta: float = 0.1) -> tuple[np.ndarray, np.ndarray, dict]:
    """(PU labels, true classes, {model: scores}) of Figure 4's two models on one ranking of rows."""
    rng = seeds.rng(seed, "claesen-figure4")
    latent = int(round(beta * n_unlabeled))
    y = np.r_[np.ones(n_known + latent, int), np.zeros(n_unlabeled - latent, int)]
    s = np.r_[np.ones(n_known, int), np.zeros(n_unlabeled, int)]
    noise = rng.normal(size=y.size)  # the same draws for both models: they differ by their score maps only
    return s, y, {model: np.where(y == 1, mean + sd * noise, noise) for model, (mean, sd) in FIGURE4_MODELS.items()}


def order_table(*, seed: int, n_unlabeled: int = 45_000, n_known: int = 5000, beta: float = 0.1,
                level: float = 0.95) -> pd.DataFrame:
    """Figure 4: per model and β̂ ∈ {0, 0.1}, the paper's AUROC beside ours: the bounds of the binomial band
    (lower, upper, midpoint), the zero-width band's AUC, Jain's affine correction of AUC^PU, the share of
    thresholds where Eq. 11 clips; and the true AUC."""
    s, y, models = figure4_models(seed=seed, n_unlabeled=n_unlabeled, n_known=n_known, beta=beta)
    rows = []
    for model, scores in models.items():
        auc_pu = float(metrics.auc(s, scores))
        for beta_hat in (0.0, 0.1):
            band = curves.claesen_band(s, scores, beta_hat, level)
            flat = curves.claesen_band(s, scores, beta_hat, level, band="none")
            rows.append({"model": model, "beta_hat": beta_hat, "paper": PAPER_FIGURE4[(model, beta_hat)],
                         "lower": band.roc_lower.area, "upper": band.roc_upper.area,
                         "midpoint": (band.roc_lower.area + band.roc_upper.area) / 2,
                         "zero_width_lower": flat.roc_lower.area, "zero_width_upper": flat.roc_upper.area,
                         "affine": float(metrics.corrected_auc(auc_pu, beta_hat, unidentified="raw")),
                         "clipped_thresholds": _clipped_share(s, scores, beta_hat, band),
                         "auc_pu": auc_pu, "auc": float(metrics.auc(y, scores))})
    return pd.DataFrame(rows)


def order_verdict(table: pd.DataFrame) -> dict:
    """For each quantity, whether the better model at β̂ = 0 is still the better one at β̂ = 0.1."""
    out = {}
    for column in ("paper", "lower", "upper", "midpoint", "zero_width_lower", "affine"):
        better = {b: table[table["beta_hat"] == b].set_index("model")[column].idxmax() for b in (0.0, 0.1)}
        out[column] = better[0.0] != better[0.1]
    return out


def dataset_panels(y, scores, labeled, interval: tuple[float, float], *, level: float = 0.95) -> dict:
    """Figure 5 on one labeling: the bands for β̂ = β (the true θ), β̂ = 0 and β̂ over ``interval``, the true
    curves and the latent positives' rank CDF."""
    y, labeled = np.asarray(y), np.asarray(labeled).astype(bool)
    theta = float(y[~labeled].mean())
    interval = (float(interval[0]), float(interval[1]))
    bands = {"true": curves.claesen_band(labeled, scores, theta, level),
             "zero": curves.claesen_band(labeled, scores, 0.0, level),
             "range": curves.claesen_band(labeled, scores, interval, level)}
    latent = (y == 1) & ~labeled
    head_latent, _ = metrics.head_counts(latent.astype(int), scores)
    truth = curves.pr_curve(y, scores)
    return {"theta": theta, "interval": interval, "bands": bands, "latent_cdf": head_latent / head_latent[-1],
            "roc": curves.roc_curve(y, scores), "pr_truth": truth,
            "auc": float(metrics.auc(y, scores)), "auprc": truth.area}


def known_positives(y: np.ndarray, fraction: float, rng: np.random.Generator) -> np.ndarray:
    """A labeling as the authors' ``generate_figures.py`` draws one: round(``fraction``·P) positives known, at
    random (boolean mask)."""
    positives = np.flatnonzero(np.asarray(y) == 1)
    labeled = np.zeros(len(y), bool)
    labeled[rng.choice(positives, int(round(fraction * positives.size)), replace=False)] = True
    return labeled


def labelings_table(y, scores, *, known_fraction: float, beta_range: tuple[float, float], repetitions: int,
                    seed: int, level: float = 0.95) -> tuple[pd.DataFrame, dict]:
    """Per labeling of the authors' scores (:func:`known_positives`): θ, the AUC bounds for β̂ = β and over
    [``beta_range``[0]·β, ``beta_range``[1]·β], whether each contains the true AUC, the share of thresholds
    where the band holds the latent positives' rank CDF, the AUPRC bounds' width, the precision gap at low
    recall and above (:data:`LOW_RECALL`) and the AUC bound at β̂ = 0 (Section 6.3's statements, per labeling);
    and the :func:`dataset_panels` of the first labeling."""
    rows, first = [], None
    for r in range(repetitions):
        labeled = known_positives(y, known_fraction, seeds.rng(seed, "claesen-authors", r))
        theta = float(np.asarray(y)[~labeled].mean())
        panels = dataset_panels(y, scores, labeled, (beta_range[0] * theta, beta_range[1] * theta), level=level)
        first = first or panels
        true, wide = panels["bands"]["true"], panels["bands"]["range"]
        numbers = _section63(panels)
        rows.append({"labeling": r, "theta": theta, "auc": panels["auc"],
                     "lower": true.roc_lower.area, "upper": true.roc_upper.area,
                     "contains": true.roc_lower.area <= panels["auc"] <= true.roc_upper.area,
                     "range_lower": wide.roc_lower.area, "range_upper": wide.roc_upper.area,
                     "range_contains": wide.roc_lower.area <= panels["auc"] <= wide.roc_upper.area,
                     "cdf_covered": _cdf_covered(panels), "cdf_covered_rank": _cdf_covered(panels, "rank"),
                     **{k: numbers[k] for k in ("pr_width", "gap_low_recall", "gap_high_recall", "zero_upper")}})
    return pd.DataFrame(rows), first


def _cdf_covered(panels: dict, unit: str = "threshold") -> float:
    """The share where the band holds the latent positives' rank CDF, counted per ``unit``: ``"threshold"``, each
    distinct score (a tie group) once; ``"rank"``, each row's rank once (a tie group weighted by its rows), as the
    authors' code defines the band, at every rank."""
    band = panels["bands"]["true"]
    held = (band.cdf_lower <= panels["latent_cdf"]) & (panels["latent_cdf"] <= band.cdf_upper)
    if unit == "threshold":
        return float(held.mean())
    return float((held * np.diff(np.r_[0.0, band.rank])).sum() / band.rank[-1])


def _precision_at(curve: curves.Curve, grid: np.ndarray) -> np.ndarray:
    """Precision of a PR curve at recall values (the first point at or beyond each recall)."""
    index = np.minimum(np.searchsorted(curve.x, grid, side="left"), curve.x.size - 1)
    return curve.y[index]


def _section63(panels: dict) -> dict:
    """The numbers Section 6.3's statements on the bands at β̂ = β and β̂ = 0 are read from: the AUC and AUPRC
    bounds' widths, the mean precision gap of the PR bounds at recall ≤ :data:`LOW_RECALL` and above (on a grid
    of 100 recalls), and the AUC's upper bound at β̂ = 0."""
    band = panels["bands"]["true"]
    grid = np.linspace(0.01, 1.0, 100)
    gap = _precision_at(band.pr_upper, grid) - _precision_at(band.pr_lower, grid)
    return {"auc_width": band.roc_upper.area - band.roc_lower.area, "pr_width": band.pr_upper.area - band.pr_lower.area,
            "gap_low_recall": float(gap[grid <= LOW_RECALL].mean()), "gap_high_recall": float(gap[grid > LOW_RECALL].mean()),
            "zero_upper": panels["bands"]["zero"].roc_upper.area}


def claims(panels: dict, level: float = 0.95) -> pd.DataFrame:
    """Section 6.3's statements checked on one labeling: the band holds the latent CDF (a pointwise band at
    ``level``: measured as the share of ranks where it does, the authors' unit, and of distinct scores); ROC
    bounds are tight; PR bounds are wider,
    widest at low recall; β̂ = 0 underestimates."""
    band = panels["bands"]["true"]
    covered = _cdf_covered(panels)
    numbers = _section63(panels)
    auc_width, pr_width = numbers["auc_width"], numbers["pr_width"]
    low, rest = numbers["gap_low_recall"], numbers["gap_high_recall"]
    zero = panels["bands"]["zero"]
    zero_error = abs(zero.roc_upper.area - panels["auc"])
    inside = band.roc_lower.area <= panels["auc"] <= band.roc_upper.area
    per_rank = _cdf_covered(panels, "rank")
    rows = [(f"the band (pointwise, {level:.0%}) holds the latent positives' rank CDF at {level:.0%} of the "
             "ranks or more (the authors' unit; per distinct score beside it)",
             f"at {per_rank:.1%} of ranks, {covered:.1%} of distinct scores", per_rank >= level),
            ("ROC bounds are tight: they contain the true AUC and are narrower than β̂ = 0's error",
             f"AUC in [{band.roc_lower.area:.4f}, {band.roc_upper.area:.4f}] (width {auc_width:.4f}); true "
             f"{panels['auc']:.4f}; β̂ = 0 misses it by {zero_error:.4f}", inside and auc_width < zero_error),
            ("PR bounds are wider than ROC bounds", f"AUPRC width {pr_width:.4f} against AUC width {auc_width:.4f}",
             pr_width > auc_width),
            ("PR bounds are widest at low recall", f"mean precision gap {low:.4f} at recall ≤ {LOW_RECALL} against "
             f"{rest:.4f} above", low > rest),
            ("β̂ = 0 underestimates", f"AUC bounds at β̂ = 0: [{zero.roc_lower.area:.4f}, {zero.roc_upper.area:.4f}] "
             f"against the true {panels['auc']:.4f}", zero.roc_upper.area < panels["auc"])]
    return pd.DataFrame(rows, columns=["claim", "ours", "holds"])

"""The curves of one model drawn for ``pueval evaluate --plot`` and its HTML report (needs matplotlib,
the ``plot`` extra: ``pip install '.[plot]'`` in a clone; the only library module that imports it, on first use).

:func:`plot_roc_pu`: ROC^PU, and with a prior θ the corrected ROC (Jain et al.'s indirect) and Claesen et al.'s
band. :func:`plot_lift_pu`: lift^PU, with AUL^PU and its prior-free interval in the legend. Each takes ``ax=`` and
returns the Axes, as scikit-learn's displays do; :func:`evaluation_figure` puts the two side by side for
``pueval evaluate``. Points from :mod:`pueval.curves`.
"""

from __future__ import annotations

import warnings

import numpy as np
from numpy.typing import ArrayLike

from pueval import curves, metrics
from pueval.extras import require
from pueval.validation import ArgumentError, PosLabel, check_fraction, check_level

__all__ = ["PUROCDisplay", "LiftDisplay", "plot_roc_pu", "plot_lift_pu", "plot_paired_differences", "plot_operating_points", "plot_selection",
           "plot_bench_diagram", "evaluation_figure", "comparison_figure", "figure_of"]

MAX_CANDIDATES_DRAWN = 60
"""The most candidates :func:`plot_selection` draws: the highest estimates (the set's members first)."""


def _pyplot():
    require("matplotlib", "drawing the curves").use("Agg")
    return require("matplotlib.pyplot", "drawing the curves")


def _axes(ax):
    """``ax``, or the Axes of a new figure when None."""
    if ax is None:
        return _pyplot().subplots(figsize=(5.2, 4.6), layout="constrained")[1]
    if not hasattr(ax, "plot") or not hasattr(ax, "legend"):
        raise ArgumentError("ax", f"must be a matplotlib Axes or None, got {type(ax).__name__}")
    return ax


def _plain(name) -> str:
    """A user's name (a model, a column) as text in a figure: its ``$`` escaped, so matplotlib never reads it as
    mathtext (``$x^2$`` stays as typed; ``$\\foo$`` does not fail the drawing)."""
    return str(name).replace("$", r"\$")


def _response(estimator, X, response_method: str, pos_label: PosLabel):
    """The estimator's scores of X for ``pos_label``, as scikit-learn's displays read them: ``predict_proba``'s
    column of ``pos_label`` in ``classes_``, or ``decision_function`` (negated when ``pos_label`` is
    ``classes_[0]``); ``"auto"``: the first that exists."""
    methods = ("decision_function", "predict_proba") if response_method == "auto" else (response_method,)
    for method in methods:
        if method not in ("decision_function", "predict_proba"):
            raise ArgumentError("response_method", f"must be 'auto', 'decision_function' or 'predict_proba', got "
                                                   f"{response_method!r}")
        if not hasattr(estimator, method):
            continue
        classes = list(getattr(estimator, "classes_", [0, 1]))
        if len(classes) != 2:
            raise ArgumentError("estimator", f"{type(estimator).__name__} has {len(classes)} classes, not two")
        if pos_label not in classes:
            raise ArgumentError("pos_label", f"{pos_label!r} is not one of the estimator's classes {classes}")
        values = np.asarray(getattr(estimator, method)(X))
        if method == "predict_proba":
            if values.ndim != 2 or values.shape[1] != 2:
                raise ArgumentError("estimator", f"{type(estimator).__name__}.predict_proba gave shape {values.shape}, "
                                                 "not (n, 2) (one column per class)")
            return values[:, classes.index(pos_label)]
        if values.ndim != 1:
            raise ArgumentError("estimator", f"{type(estimator).__name__}.decision_function gave shape "
                                             f"{values.shape}, not (n,)")
        return -values if pos_label == classes[0] else values
    raise ArgumentError("estimator", f"{type(estimator).__name__} has no {' or '.join(methods)}")


def _finished(display, ax, title: str, *, xlabel: str, ylabel: str):
    """A display's axes finished: the chance diagonal, the unit square and its labels, ``title`` unless the axes
    has one, the legend; ``ax_`` and ``figure_`` set. Returns the display."""
    ax.plot([0, 1], [0, 1], color="0.7", lw=0.8)
    ax.set(xlabel=xlabel, ylabel=ylabel, xlim=(0, 1), ylim=(0, 1.01))
    if not ax.get_title():
        ax.set_title(title)
    ax.legend(loc="lower right", fontsize=8)
    display.ax_, display.figure_ = ax, ax.figure
    return display


class PUROCDisplay:
    """ROC^PU of one model (the labeled rows against every unlabeled row as a negative), and with a prior θ the
    corrected ROC (Jain et al.'s indirect curve) and Claesen et al.'s band, as scikit-learn's ``RocCurveDisplay``:
    :meth:`from_predictions` and :meth:`from_estimator` compute and draw, :meth:`plot` draws (again) on ``ax``.
    After drawing: ``ax_``, ``figure_``, ``line_``.

    Examples
    --------
    >>> display = PUROCDisplay.from_predictions([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1], theta=0.25)
    >>> round(display.auc_pu, 3), display.line_.get_label()
    (0.875, 'ROC$^{PU}$ (AUC$^{PU}$ 0.875, no prior)')
    """

    def __init__(self, *, curve, corrected=None, band=None, theta: float | None = None, theta_source: str = "given",
                 level: float = 0.95, name: str | None = None):
        self.curve, self.corrected, self.band, self.theta = curve, corrected, band, theta
        self.theta_source, self.level, self.name = theta_source, level, name
        self.auc_pu = curve.area

    @classmethod
    def from_predictions(cls, labels: ArrayLike, scores: ArrayLike, *, theta: float | None = None,
                         theta_source: str = "given", level: float = 0.95, pos_label: PosLabel = 1,
                         name: str | None = None, ax=None, sample_weight: ArrayLike | None = None,
                         **kwargs) -> PUROCDisplay:
        """Compute ROC^PU (and with ``theta`` the corrected ROC and Claesen's ``level`` band) and draw them. A θ
        above 2(1 − AUC^PU), which the ranking contradicts (:func:`pueval.metrics.check_prior`, which warns),
        identifies neither: none is drawn and the legend says why. ``sample_weight`` weights ROC^PU's counts
        (:func:`pueval.curves.roc_curve`); the corrected curve and the band take none, so not with ``theta``."""
        check_level(level)
        if sample_weight is not None and theta is not None:
            raise ArgumentError("sample_weight", "is not taken with theta: the corrected ROC and Claesen's band are "
                                                 "unweighted")
        pu = curves.roc_curve(labels, scores, pos_label=pos_label, sample_weight=sample_weight)
        corrected = band = None
        if theta is not None and metrics.check_prior(pu.area, check_fraction(theta, "theta"), theta_source):
            band = curves.claesen_band(labels, scores, theta, level, pos_label=pos_label)
            corrected = curves.corrected_roc_curve(labels, scores, theta, pos_label=pos_label)
        display = cls(curve=pu, corrected=corrected, band=band, theta=theta, theta_source=theta_source, level=level,
                      name=name)
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, labels: ArrayLike, *, response_method: str = "auto",
                       theta: float | None = None, level: float = 0.95, pos_label: PosLabel = 1,
                       name: str | None = None, ax=None, **kwargs) -> PUROCDisplay:
        """:meth:`from_predictions` of the estimator's scores of X (``decision_function`` or
        ``predict_proba``), named after the estimator unless ``name`` is given."""
        scores = _response(estimator, X, response_method, pos_label)
        return cls.from_predictions(labels, scores, theta=theta, level=level, pos_label=pos_label,
                                    name=name or type(estimator).__name__, ax=ax, **kwargs)

    def plot(self, ax=None, *, name: str | None = None, **kwargs) -> PUROCDisplay:
        """Draw on ``ax`` (a new figure's when None); returns the display. ``kwargs`` go to the ROC^PU line
        (``matplotlib.axes.Axes.plot``), whose colour comes from the axes' cycle unless given, so several models
        drawn on one axes each get their own; a title the axes already has is kept."""
        ax = _axes(ax)
        name = name or self.name
        prefix = f"{_plain(name)}: " if name else ""
        self.line_, = ax.plot(self.curve.x, self.curve.y, **({"label": f"{prefix}ROC$^{{PU}}$ (AUC$^{{PU}}$ "
                                                               f"{self.auc_pu:.3f}, no prior)"} | kwargs))
        theta, source = self.theta, self.theta_source
        if theta is not None and self.corrected is None:
            ax.plot([], [], color="C3", label=f"θ = {theta:.3f} ({source}) is above 2(1 − AUC$^{{PU}}$):\n"
                                              "no corrected ROC or band is identified")
        elif theta is not None:
            lower, upper = self.band.monotone_roc()  # the authors' points zigzag; these bound the same curves
            ax.plot(lower.x, lower.y, color="C1", lw=0.8, ls="--",
                    label=f"Claesen {self.level:.0%} band, monotone ({lower.area:.3f} to {upper.area:.3f})")
            ax.plot(upper.x, upper.y, color="C1", lw=0.8, ls="--")
            # no area in the legend (it is self.corrected.area): the corrected AUC a report gives is Jain's direct
            # one (metrics.corrected_auc), and a reader should meet one corrected AUC, not two
            ax.plot(self.corrected.x, self.corrected.y, color="C3",
                    label=f"corrected ROC, Jain indirect (θ = {theta:.3f}, {source})")
        return _finished(self, ax, "ROC", xlabel="false positive rate (unlabeled as negative, or corrected)",
                         ylabel="true positive rate (labeled rows' recall)")


class LiftDisplay:
    """lift^PU of one model (the labeled rows' recall against the share of all rows above the threshold; its
    area is AUL^PU, Eq. 4) with AUL^PU and its prior-free interval, as scikit-learn's displays:
    :meth:`from_predictions` and :meth:`from_estimator` compute and draw, :meth:`plot` draws (again) on ``ax``.
    After drawing: ``ax_``, ``figure_``, ``line_``.

    Examples
    --------
    >>> display = LiftDisplay.from_predictions([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1])
    >>> round(display.aul_pu, 3), display.line_.get_label().split(" [")[0]
    (0.75, 'lift$^{PU}$: AUL$^{PU}$ 0.750')
    """

    def __init__(self, *, curve, ci: tuple[float, float], level: float = 0.95, interval: str = "normal",
                 name: str | None = None):
        self.curve, self.ci, self.level, self.interval, self.name = curve, tuple(ci), level, interval, name
        self.aul_pu = curve.area

    @classmethod
    def from_predictions(cls, labels: ArrayLike, scores: ArrayLike, *, level: float = 0.95, interval: str = "normal",
                         ci: tuple[float, float] | None = None, pos_label: PosLabel = 1, name: str | None = None,
                         ax=None, sample_weight: ArrayLike | None = None, **kwargs) -> LiftDisplay:
        """Compute lift^PU and AUL^PU's ``level`` interval (:func:`pueval.aul_pu_interval`, method ``interval``,
        the bootstrap seeded 0; or ``ci`` when given) and draw them, each weighted by ``sample_weight`` when
        given."""
        from pueval import aul_pu

        lifted = curves.lift_curve(labels, scores, pos_label=pos_label, sample_weight=sample_weight)
        if ci is None:
            ci = aul_pu.aul_pu_interval(labels, scores, level, method=interval, random_state=0, pos_label=pos_label,
                                        sample_weight=sample_weight)
        return cls(curve=lifted, ci=ci, level=level, interval=interval, name=name).plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, labels: ArrayLike, *, response_method: str = "auto", level: float = 0.95,
                       interval: str = "normal", pos_label: PosLabel = 1, name: str | None = None,
                       ax=None, **kwargs) -> LiftDisplay:
        """:meth:`from_predictions` of the estimator's scores of X (``decision_function`` or
        ``predict_proba``), named after the estimator unless ``name`` is given."""
        scores = _response(estimator, X, response_method, pos_label)
        return cls.from_predictions(labels, scores, level=level, interval=interval, pos_label=pos_label,
                                    name=name or type(estimator).__name__, ax=ax, **kwargs)

    def plot(self, ax=None, *, name: str | None = None, **kwargs) -> LiftDisplay:
        """Draw on ``ax`` (a new figure's when None); returns the display. ``kwargs`` go to the lift^PU line
        (``matplotlib.axes.Axes.plot``), whose colour comes from the axes' cycle unless given, so several models
        drawn on one axes each get their own; a title the axes already has is kept."""
        ax = _axes(ax)
        name = name or self.name
        low, high = self.ci
        label = (f"{f'{_plain(name)}: ' if name else ''}lift$^{{PU}}$: AUL$^{{PU}}$ {self.aul_pu:.3f} "
                 f"[{low:.3f}, {high:.3f}]\n({self.level:.0%} {self.interval} interval, no prior)")
        self.line_, = ax.plot(self.curve.x, self.curve.y, **({"label": label} | kwargs))
        return _finished(self, ax, "lift", xlabel="share of all rows scored at least the threshold",
                         ylabel="labeled rows' recall")


def plot_roc_pu(labels: ArrayLike, scores: ArrayLike, *, theta: float | None = None, theta_source: str = "given",
                level: float = 0.95, pos_label: PosLabel = 1, ax=None):
    """Draw ROC^PU and, with a prior ``theta``, the corrected ROC and Claesen et al.'s ``level`` band:
    :meth:`PUROCDisplay.from_predictions`'s Axes.

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        PU labels (``pos_label`` = labeled) and the model's scores, higher = more positive.
    theta : float in [0, 1), optional
        The share of positives among the unlabeled rows.
    theta_source : str, default "given"
        What ``theta`` came from, for the legend.
    level : float, default 0.95
        Confidence level of Claesen's band.
    pos_label : default 1
        The label of a labeled row.
    ax : matplotlib Axes, optional
        Where to draw; a new figure's when None.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> ax = plot_roc_pu([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1], theta=0.25)
    >>> [line.get_label() for line in ax.get_lines()][0]
    'ROC$^{PU}$ (AUC$^{PU}$ 0.875, no prior)'
    """
    return PUROCDisplay.from_predictions(labels, scores, theta=theta, theta_source=theta_source, level=level,
                                         pos_label=pos_label, ax=ax).ax_


def plot_lift_pu(labels: ArrayLike, scores: ArrayLike, *, level: float = 0.95, interval: str = "normal",
                 ci: tuple[float, float] | None = None, pos_label: PosLabel = 1, ax=None):
    """Draw lift^PU with AUL^PU and its prior-free ``level`` interval in the legend: :meth:`LiftDisplay.from_predictions`'s
    Axes.

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        PU labels (``pos_label`` = labeled) and the model's scores, higher = more positive.
    level : float, default 0.95
        Confidence level of the interval.
    interval : {"normal", "bootstrap"}, default "normal"
        The interval's method (the bootstrap's seed is 0).
    ci : (low, high), optional
        The interval to show, already computed (as ``pueval evaluate`` has it); computed when None.
    pos_label : default 1
        The label of a labeled row.
    ax : matplotlib Axes, optional
        Where to draw; a new figure's when None.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> ax = plot_lift_pu([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1])
    >>> ax.get_lines()[0].get_label().split(" [")[0]
    'lift$^{PU}$: AUL$^{PU}$ 0.750'
    """
    return LiftDisplay.from_predictions(labels, scores, level=level, interval=interval, ci=ci, pos_label=pos_label,
                                        ax=ax).ax_


def _as_comparison(found) -> dict:
    """A comparison as ``pueval compare`` reports it: a dict as given, a :class:`pueval.PairedDifference` (A, B), a
    pair of a :class:`pueval.Comparison` (its two names)."""
    if isinstance(found, dict):
        return found
    names = ("A", "B")
    if hasattr(found, "difference") and hasattr(found, "a") and hasattr(found, "b"):  # a Comparison's Pair
        names, found = (found.a, found.b), found.difference
    if hasattr(found, "difference") and hasattr(found, "ci"):
        return {"score_a": names[0], "score_b": names[1], "difference": found.difference,
                "difference_ci": list(found.ci), "level": found.level}
    raise ArgumentError("comparisons", f"each must be a dict of pueval compare, a PairedDifference or a pair of a "
                                       f"Comparison, got {type(found).__name__}")


def plot_paired_differences(comparisons, *, ax=None):
    """Draw each comparison's ΔAUL^PU = AUL^PU(A) − AUL^PU(B) with its paired, prior-free interval
    (:func:`pueval.aul_pu_difference`), one row per pair, against the line of no difference: a row whose
    interval misses 0 says which model has the higher true AUC, with no prior.

    Parameters
    ----------
    comparisons : Comparison, PairedDifference, or a sequence of PairedDifference or dict
        :func:`pueval.compare`'s result (each of its pairs, named), or one per pair: :func:`pueval.aul_pu_difference`'s
        result (drawn as A − B), or a dict with ``score_a``, ``score_b`` (the two columns' names), ``difference``
        and ``difference_ci`` (low, high), as ``pueval compare`` reports them; ``level`` of the first names the
        interval.
    ax : matplotlib Axes, optional
        Where to draw; a new figure's when None.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> ax = plot_paired_differences([{"score_a": "a", "score_b": "b", "difference": 0.05,
    ...                                "difference_ci": [0.01, 0.09], "level": 0.95}])
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['a − b']
    """
    if hasattr(comparisons, "difference") and hasattr(comparisons, "ci"):  # one PairedDifference
        comparisons = [comparisons]
    if hasattr(comparisons, "pairs"):  # a Comparison: its pairs, in order
        comparisons = comparisons.pairs
    comparisons = [_as_comparison(c) for c in comparisons]
    if not comparisons:
        raise ArgumentError("comparisons", "must hold at least one comparison")
    missing = [k for k in ("score_a", "score_b", "difference", "difference_ci") if k not in comparisons[0]]
    if missing:
        raise ArgumentError("comparisons", f"each must have {', '.join(missing)}")
    ax = _axes(ax)
    rows = list(range(len(comparisons)))[::-1]  # the first pair on top
    values = [c["difference"] for c in comparisons]
    lows = [c["difference"] - c["difference_ci"][0] for c in comparisons]
    highs = [c["difference_ci"][1] - c["difference"] for c in comparisons]
    ax.errorbar(values, rows, xerr=[lows, highs], fmt="o", color="C0", capsize=3)
    ax.axvline(0.0, color="0.5", lw=0.8)
    ax.set_yticks(rows, [f"{_plain(c['score_a'])} − {_plain(c['score_b'])}" for c in comparisons])
    level = comparisons[0].get("level")
    ax.set(xlabel="ΔAUL$^{PU}$ (A − B)" + (f" with its {level:.0%} paired interval, no prior" if level else ""),
           ylim=(-0.6, len(comparisons) - 0.4))
    return ax


def plot_operating_points(labels: ArrayLike, scores: ArrayLike, *, level: float = 0.95, points=(),
                          theta_interval: tuple[float, float] | None = None, pos_label: PosLabel = 1, ax=None):
    """Draw, against the threshold, the recall that is guaranteed with probability ``level`` (SCAR, exact) beside
    the labeled rows' recall, and the prior-free bracket on precision (:func:`pueval.operating.operating_curve`);
    each of ``points`` (:class:`~pueval.operating.OperatingPoint`) is marked where its threshold lies.

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        As in :func:`pueval.aul_pu_score`.
    level : float, default 0.95
    points : sequence of OperatingPoint, optional
        Thresholds to mark, with their target.
    theta_interval : (float, float), optional
        Bounds the precision bracket's upper end, as in :func:`pueval.operating.operating_point`.
    pos_label : default 1
    ax : matplotlib Axes, optional
        Where to draw; a new figure's when None.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(2000) < 0.4
    >>> ax = plot_operating_points(y & (rng.random(2000) < 0.3), y + rng.normal(size=2000))
    >>> ax.get_xlabel()
    'threshold (rows scored at or above it are flagged)'
    """
    from pueval.operating import operating_curve

    curve = operating_curve(labels, scores, level=level, pos_label=pos_label, theta_interval=theta_interval)
    ax = _axes(ax)
    ax.plot(curve["threshold"], curve["recall_estimate"], color="C0", lw=1, label="recall of the labeled rows")
    ax.plot(curve["threshold"], curve["recall_lower"], color="C0", lw=2,
            label=f"recall guaranteed with probability {level:g} (no prior)")
    ax.fill_between(curve["threshold"], curve["precision_low"], curve["precision_high"], color="C1", alpha=0.25,
                    step="post", label="precision, bracketed without a prior")
    for point in points:
        ax.axvline(point.threshold, color="0.3", ls=":", lw=1)
        ax.annotate(f"recall ≥ {point.target_recall:g}", (point.threshold, 0.02), rotation=90, fontsize=8,
                    ha="right", va="bottom")
    ax.set(xlabel="threshold (rows scored at or above it are flagged)", ylabel="recall, precision", ylim=(0, 1.02),
           title="An operating point without a prior")
    ax.legend(loc="lower left", fontsize=8)
    return ax


def plot_selection(selection, *, ax=None):
    """Draw every candidate's estimate with its ``level`` interval, the confidence set for the best filled and the
    others hollow, and the winner's estimate without the winner's curse with its simultaneous interval
    (:func:`pueval.select_models`). Beyond :data:`MAX_CANDIDATES_DRAWN` candidates, the highest are drawn (the
    title says how many).

    Parameters
    ----------
    selection : Selection
        What :func:`pueval.select_models` returned.
    ax : matplotlib Axes, optional
        Where to draw; a new figure's when None.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import numpy as np
    >>> from pueval.selection import select_models
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(1000) < 0.4
    >>> labels = (y & (rng.random(1000) < 0.3)).astype(int)
    >>> found = select_models(labels, {"a": y + rng.normal(size=1000), "b": y + rng.normal(0, 2, 1000)}, random_state=0)
    >>> [t.get_text() for t in plot_selection(found).get_yticklabels()]
    ['a', 'b']
    """
    import numpy as np
    from statistics import NormalDist

    if not hasattr(selection, "confidence_set"):
        raise ArgumentError("selection", f"must be what pueval.select_models returns, got {type(selection).__name__}")
    ax = _axes(ax)
    members = set(selection.confidence_set)
    order = sorted(range(len(selection.names)), key=lambda j: (selection.names[j] not in members,
                                                              -selection.aul_pu[j], j))[:MAX_CANDIDATES_DRAWN]
    order.sort(key=lambda j: -selection.aul_pu[j])
    rows = np.arange(len(order))[::-1]  # the highest on top
    z = NormalDist().inv_cdf(0.5 + selection.level / 2)
    values = np.array([selection.aul_pu[j] for j in order])
    half = z * np.array([selection.standard_error[j] for j in order])
    inside = np.array([selection.names[j] in members for j in order])
    for chosen, style in ((inside, {"fmt": "o", "color": "C0", "label": f"in the {selection.level:.0%} set for "
                                                                          "the best"}),
                          (~inside, {"fmt": "o", "color": "0.55", "mfc": "white", "label": "ruled out"})):
        if chosen.any():
            ax.errorbar(values[chosen], rows[chosen], xerr=half[chosen], capsize=2, lw=1, **style)
    best_row = rows[[selection.names[j] for j in order].index(selection.best)]
    low, high = selection.best_interval
    ax.errorbar([selection.best_estimate], [best_row - 0.3], xerr=[[selection.best_estimate - low],
                                                                   [high - selection.best_estimate]],
                fmt="D", color="C3", capsize=3, label="the winner, corrected (simultaneous interval)")
    ax.set_yticks(rows, [_plain(selection.names[j]) for j in order])
    shown = f"the {len(order)} highest of {len(selection.names)}" if len(order) < len(selection.names) else \
        f"{len(selection.names)} candidates"
    estimator = selection.estimator.replace("AUL^PU", "AUL$^{PU}$")
    ax.set(xlabel=f"{estimator} with its {selection.level:.0%} interval (no prior)",
           title=f"Which model is best? {shown}; {len(members)} not ruled out", ylim=(-0.8, len(order) - 0.4))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=3, fontsize=8, frameon=False)
    return ax


def plot_bench_diagram(table, pairs=None, *, level: float = 0.05, ax=None):
    """Learners across datasets, a critical-difference-style diagram drawn from pairwise tests' non-rejections
    (:mod:`pueval.bench.ranking`): each learner at its median score over the datasets (``table``: rows datasets,
    columns learners, higher better), and a bar under every maximal run of learners that no Wilcoxon–Holm test
    (``pairs``, default :func:`pueval.bench.ranking.pairwise` at ``level``) separates.

    Parameters
    ----------
    table : DataFrame or mapping
        One row per dataset, one column per learner.
    pairs : DataFrame, optional
        :func:`pueval.bench.ranking.pairwise` of ``table``.
    level : float, default 0.05
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"x": [0.9, 0.8, 0.85, 0.7], "y": [0.89, 0.81, 0.84, 0.71]})
    >>> plot_bench_diagram(table).get_xlabel()
    'median score over 4 datasets (better to the left)'
    """
    from pueval.bench import ranking

    frame = ranking._table(table)
    pairs = ranking.pairwise(frame, level=level) if pairs is None else pairs
    runs = ranking.groups(frame, pairs)
    medians = frame.median().sort_values(ascending=False, kind="stable")
    ax = _axes(ax)
    ax.scatter(medians.to_numpy(), np.zeros(medians.size), color="black", zorder=3)
    for i, (name, x) in enumerate(medians.items()):
        up = i % 2 == 0
        ax.annotate(_plain(name), (x, 0), xytext=(0, 14 if up else -14), textcoords="offset points", rotation=45,
                    ha="left" if up else "right", va="bottom" if up else "top", fontsize="small")
    for level_index, run in enumerate(runs, start=1):
        xs = medians[list(run)]
        ax.plot([xs.min(), xs.max()], [-0.6 - 0.35 * level_index] * 2, lw=4, color="tab:blue", solid_capstyle="round")
    ax.set_ylim(-0.8 - 0.35 * max(len(runs), 1), 1.6)
    ax.set_yticks([])
    ax.invert_xaxis()
    ax.set_xlabel(f"median score over {frame.shape[0]} datasets (better to the left)")
    ax.set_title("bars: no Wilcoxon–Holm test separates them", fontsize="medium")
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    return ax


def figure_of(command: str, found, *, labels: ArrayLike | None = None, scores: ArrayLike | None = None,
              pos_label: PosLabel = 1):
    """The figure of a ``pueval`` command's result, the one dispatch the command and :func:`pueval.report` share:
    ``"select"`` and ``"bench"``, :func:`selection_figure` of the selection; ``"compare"``,
    :func:`comparison_figure`; ``"evaluate"``, :func:`evaluation_figure` of ``labels`` and ``scores``.

    Parameters
    ----------
    command : {"evaluate", "compare", "select", "bench"}
    found : Evaluation, Comparison or Selection
        What to draw (a selection for "select" and "bench").
    labels, scores : arrays of shape (n,), optional
        An evaluation's input (needed for "evaluate").
    pos_label : default 1

    Returns
    -------
    matplotlib Figure

    Examples
    --------
    >>> import pueval
    >>> from pueval import reports
    >>> table = reports.example_scores(300)
    >>> len(figure_of("compare", pueval.compare(table.labeled, {"a": table.score, "b": table.score_b})).axes)
    1
    """
    if command in ("select", "bench"):
        return selection_figure(found)
    if command == "compare":
        return comparison_figure(found)
    if command == "evaluate":
        if labels is None or scores is None:
            raise ArgumentError("labels", "an evaluation's figure needs the labels and scores it came from")
        return evaluation_figure(labels, scores, found, pos_label=pos_label)
    raise ArgumentError("command", f"must be evaluate, compare, select or bench, got {command!r}")


def selection_figure(selection):
    """The Figure of ``pueval select``: :func:`plot_selection`, sized to the candidates drawn."""
    count = min(len(selection.names), MAX_CANDIDATES_DRAWN)
    figure, ax = _pyplot().subplots(figsize=(8, 2.2 + 0.3 * count), layout="constrained")
    plot_selection(selection, ax=ax)
    return figure


def comparison_figure(comparison):
    """The Figure of ``pueval compare``: :func:`plot_paired_differences` of the comparison's pairs, titled with
    its counts.

    Parameters
    ----------
    comparison : Comparison
        :func:`pueval.compare`'s result.

    Returns
    -------
    matplotlib Figure
        One row per pair.

    Examples
    --------
    >>> import pueval
    >>> from pueval import reports
    >>> table = reports.example_scores(300)
    >>> found = pueval.compare(table.labeled, {"a": table.score, "b": table.score_b})
    >>> len(comparison_figure(found).axes)
    1
    """
    first = comparison.pairs[0].difference
    figure, ax = _pyplot().subplots(figsize=(7, 1.2 + 0.45 * len(comparison.pairs)), layout="constrained")
    plot_paired_differences(comparison, ax=ax)
    ax.set_title(f"{first.n} rows, {first.n_labeled} labeled", fontsize=10)
    return figure


def evaluation_figure(labels: ArrayLike, scores: ArrayLike, evaluation, *, pos_label: PosLabel = 1):
    """The two-panel Figure of ``pueval evaluate``: :func:`plot_roc_pu` (with the evaluation's θ, if any) and
    :func:`plot_lift_pu` (its level, interval method and interval), titled with its counts.

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        PU labels (``pos_label`` = labeled) and the model's scores.
    evaluation : Evaluation
        :func:`pueval.evaluate`'s result on these labels and scores.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    matplotlib Figure
        ROC and lift side by side.

    Examples
    --------
    >>> import pueval
    >>> from pueval import reports
    >>> table = reports.example_scores(300)
    >>> found = pueval.evaluate(table.labeled, table.score)
    >>> len(evaluation_figure(table.labeled, table.score, found).axes)
    2
    """
    corrected = evaluation.corrected
    figure, (roc, lift) = _pyplot().subplots(1, 2, figsize=(10, 4.6), layout="constrained")
    with warnings.catch_warnings():  # the report has said it already
        warnings.simplefilter("ignore", metrics.PriorInconsistentWarning)
        plot_roc_pu(labels, scores, theta=None if corrected is None else corrected.theta,
                    theta_source="given" if corrected is None else corrected.source,
                    level=evaluation.level, pos_label=pos_label, ax=roc)
    plot_lift_pu(labels, scores, level=evaluation.level, interval=evaluation.interval, ci=tuple(evaluation.aul_pu_ci),
                 pos_label=pos_label, ax=lift)
    figure.suptitle(f"{evaluation.n} rows, {evaluation.n_labeled} labeled", fontsize=10)
    return figure


def to_bytes(figure, file_format: str) -> bytes:
    """``figure`` as the bytes of a ``file_format`` file (png, pdf, svg), the figure then closed."""
    import io

    plt = _pyplot()
    buffer = io.BytesIO()
    figure.savefig(buffer, format=file_format, dpi=150, metadata={"Software": None} if file_format == "png" else None)
    plt.close(figure)
    return buffer.getvalue()

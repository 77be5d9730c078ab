"""The curves of one model drawn for ``pueval evaluate --plot`` and its HTML report (needs matplotlib:
``pip install 'pueval[plot]'``; the only library module that imports it, on first use).

Left: ROC^PU, and with a prior θ the corrected ROC (Jain et al.'s indirect) and Claesen et al.'s band.
Right: lift^PU, with AUL^PU and its prior-free interval in the legend. Points from :mod:`pueval.curves`.
"""

from __future__ import annotations

from numpy.typing import ArrayLike

from pueval import curves
from pueval.extras import require


def _pyplot():
    require("matplotlib", "drawing the curves").use("Agg")
    return require("matplotlib.pyplot", "drawing the curves")


def evaluation_figure(labels: ArrayLike, scores: ArrayLike, report: dict, *, pos_label=1):
    """A two-panel matplotlib Figure of the curves, legends from ``report`` (the dict of ``pueval
    evaluate``: aul_pu, aul_pu_ci, level, interval, and with a prior theta, theta_source)."""
    plt = _pyplot()
    figure, (roc, lift) = plt.subplots(1, 2, figsize=(10, 4.6), layout="constrained")
    pu = curves.roc_curve(labels, scores, pos_label=pos_label)
    roc.plot(pu.x, pu.y, color="C0", label=f"ROC$^{{PU}}$ (AUC$^{{PU}}$ {pu.area:.3f}, no prior)")
    if "theta" in report and not report.get("prior_consistent", True):
        # a θ the ranking contradicts identifies no corrected curve: none is drawn, the legend says why
        roc.plot([], [], color="C3", label=f"θ = {report['theta']:.3f} ({report['theta_source']}) is above "
                                            "2(1 − AUC$^{PU}$):\nno corrected ROC or band is identified")
    elif "theta" in report:
        theta = report["theta"]
        band = curves.claesen_band(labels, scores, theta, report["level"], pos_label=pos_label)
        roc.plot(band.roc_lower.x, band.roc_lower.y, color="C1", lw=0.8, ls="--",
                 label=f"Claesen {report['level']:.0%} band ({band.roc_lower.area:.3f} to {band.roc_upper.area:.3f})")
        roc.plot(band.roc_upper.x, band.roc_upper.y, color="C1", lw=0.8, ls="--")
        corrected = curves.corrected_roc_curve(labels, scores, theta, pos_label=pos_label)
        roc.plot(corrected.x, corrected.y, color="C3",
                 label=f"corrected ROC, Jain indirect (AUC {corrected.area:.3f}; θ = {theta:.3f}, "
                       f"{report['theta_source']})")
    roc.plot([0, 1], [0, 1], color="0.7", lw=0.8)
    roc.set(xlabel="false positive rate (unlabeled as negative, or corrected)", ylabel="true positive rate "
            "(labeled rows' recall)", title="ROC", xlim=(0, 1), ylim=(0, 1.01))
    roc.legend(loc="lower right", fontsize=8)
    lifted = curves.lift_curve(labels, scores, pos_label=pos_label)
    low, high = report["aul_pu_ci"]
    lift.plot(lifted.x, lifted.y, color="C0",
              label=f"lift$^{{PU}}$: AUL$^{{PU}}$ {report['aul_pu']:.3f} [{low:.3f}, {high:.3f}]\n"
                    f"({report['level']:.0%} {report['interval']} interval, no prior)")
    lift.plot([0, 1], [0, 1], color="0.7", lw=0.8)
    lift.set(xlabel="share of all rows scored at least the threshold", ylabel="labeled rows' recall",
             title="lift", xlim=(0, 1), ylim=(0, 1.01))
    lift.legend(loc="lower right", fontsize=8)
    figure.suptitle(f"{report['n']} rows, {report['n_labeled']} labeled", fontsize=10)
    return figure


def to_bytes(figure, file_format: str) -> bytes:
    """``figure`` as the bytes of a ``file_format`` file (png, pdf, svg), the figure then closed."""
    import io

    plt = _pyplot()
    buffer = io.BytesIO()
    figure.savefig(buffer, format=file_format, dpi=150, metadata={"Software": None} if file_format == "png" else None)
    plt.close(figure)
    return buffer.getvalue()

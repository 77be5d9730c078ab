"""What every paper's renderer shares: :func:`save` (PNG and PDF byte for byte the same on every run), the
Agg backend, the panel and legend helpers, names typeset for matplotlib, and the Markdown tables with the
paper's values beside ours."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

__all__ = ["save", "MATHTEXT", "TABLE1_TITLE", "markdown", "plt"]


def save(figure, paths) -> None:
    """PNG and PDF, byte for byte the same on every run (no creation date in the PDF)."""
    for path in paths:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        metadata = {"CreationDate": None} if str(path).endswith(".pdf") else None
        figure.savefig(path, dpi=150, bbox_inches="tight", metadata=metadata)


def _group_positions(n_groups: int, n_members: int) -> tuple[float, list[np.ndarray]]:
    """(width, x positions of member j in every group): members side by side around each group's tick."""
    width = 0.8 / n_members
    return width, [np.arange(n_groups) + (j - (n_members - 1) / 2) * width for j in range(n_members)]


def _labels(datasets, titles: dict | None) -> list[str]:
    """Tick labels: each dataset's title (config key ``datasets.<name>.title``), else its name."""
    return [(titles or {}).get(d, d) for d in datasets]


MATHTEXT = {"AUL^PU": "AUL$^{PU}$", "AUC^PU": "AUC$^{PU}$", "AUPRC^PU": "AUPRC$^{PU}$"}  # names typeset in figures


LEGEND_COLUMNS = 5
"""The most entries a row of :func:`_legend_below` holds: more wrap onto further rows, so no figure is widened to
fit its legend."""


def _legend_below(fig: plt.Figure, *axes) -> None:
    """One legend of the entries of ``axes`` (each label once) under the panels, off the data, in rows of at most
    :data:`LEGEND_COLUMNS` entries."""
    entries = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            entries.setdefault(label, handle)
    rows = -(-len(entries) // LEGEND_COLUMNS)
    fig.legend(list(entries.values()), list(entries), loc="lower center", ncol=min(len(entries), LEGEND_COLUMNS),
               fontsize="small", frameon=False)
    fig.tight_layout(rect=(0.0, 0.07 * rows, 1.0, 1.0))


def _panels(count: int, width: float = 5.0, height: float = 4.0):
    fig, axes = plt.subplots(1, count, figsize=(width * count, height), squeeze=False)
    return fig, axes[0]


TABLE1_TITLE = "Table 1 reproduction: our value (paper's value). MAE over the draws of each setting."


def markdown(table: pd.DataFrame, title: str = TABLE1_TITLE) -> str:
    """A Markdown table, each of our values followed by the paper's (``paper_*`` columns) in parentheses."""
    ours = [c for c in table.columns if not c.startswith("paper_")]

    def cell(row, column):
        value = row[column]
        if isinstance(value, float) and pd.isna(value):
            return "–"
        text = f"{value:.3f}" if isinstance(value, float) else str(value)
        ref = row.get(f"paper_{column}")
        if ref is None or column in ("dataset", "beta") or pd.isna(ref):
            return text
        return f"{text} ({ref:.3f})" if isinstance(value, float) else f"{text} ({ref:g})"

    lines = [
        title,
        "",
        "| " + " | ".join(ours) + " |",
        "|" + "---|" * len(ours),
    ]
    lines += ["| " + " | ".join(cell(row, c) for c in ours) + " |" for _, row in table.iterrows()]
    return "\n".join(lines) + "\n"


def _pipe_table(frame: pd.DataFrame, digits: int = 4) -> list[str]:
    def cell(value):
        if isinstance(value, float):
            return "–" if pd.isna(value) else (f"{value:.2e}" if 0 < abs(value) < 1e-3 else f"{value:.{digits}f}")
        return str(value)

    return ["| " + " | ".join(map(str, frame.columns)) + " |", "|" + "---|" * len(frame.columns)] + \
        ["| " + " | ".join(cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]

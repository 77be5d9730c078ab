"""How a result shows in a notebook: its repr's count of warnings, and ``_repr_html_`` of
:class:`~pueval.evaluation.Evaluation`, :class:`~pueval.evaluation.Comparison` and :class:`~pueval.selection.Selection`,
a table of their ``as_dict()`` with the warnings first (the full report, with its figure: :func:`pueval.report`)."""

from __future__ import annotations

import html
import json

__all__ = ["html_table", "warning_count"]


def warning_count(messages) -> str:
    """A result's warnings in its repr: how many, never their text ("" when none).

    Examples
    --------
    >>> warning_count(("a", "b")), warning_count(())
    (', 2 warnings', '')
    """
    return f", {len(messages)} warning{'s' if len(messages) > 1 else ''}" if messages else ""


def _shown(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value, default=str)[:300]
    return str(value)


def html_table(result) -> str:
    """``result.as_dict()`` as an HTML table (key, value), its warnings first, each escaped.

    Examples
    --------
    >>> class Result:
    ...     warnings = ("few rows",)
    ...     def as_dict(self, *, warnings=True):
    ...         return {"aul_pu": 0.71234, "n": 10}
    >>> html_table(Result()).count("<tr>")
    2
    """
    warned = "".join(f"<p><strong>Warning:</strong> {html.escape(str(message))}</p>" for message in result.warnings)
    rows = "".join(f"<tr><th>{html.escape(str(key))}</th><td>{html.escape(_shown(value))}</td></tr>"
                   for key, value in result.as_dict(warnings=False).items())
    return f"<div>{warned}<table>{rows}</table></div>"

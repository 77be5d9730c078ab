"""The reports of the ``pueval`` command and of :func:`report`: a report dict (the JSON keys of docs/evaluate.md,
made by the command's adapters in :mod:`pueval.command` or by a result's ``as_dict()``) rendered as JSON, a Markdown
table or a one-page HTML report; ``example_scores``, the table to try them on. Nothing here reads the command's
options. The command's parser, its option checks and its writing live in :mod:`pueval.cli`, which imports this
module only once the options are read (so ``pueval --version`` and ``--help`` load no NumPy or pandas)."""

from __future__ import annotations

import base64
import html
import json
import math
import re
from statistics import NormalDist

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from pueval import __version__, evaluation
from pueval.validation import ArgumentError, PosLabel

FORMATS = ("json", "markdown", "html")  # the command's --format choices (pueval.cli)


def streaming_rows(report: dict) -> list[tuple[str, str, str]]:
    """(quantity, value, what it depends on) rows of the streaming evaluate report."""
    low, high = report["aul_pu_ci"]
    bound = f"binned over {report['bins']:,} bins, within {report['error_bound']:.2g} of the exact value"
    rows = [("n (labeled)", f"{report['n']} ({report['n_labeled']})", "the input"),
            ("AUL^PU", f"{report['aul_pu']:.4f} [{low:.4f}, {high:.4f}] ({report['level']:g} interval, widened by the "
             "bound)", f"the scores and labels only: no prior; {bound}"),
            ("AUC^PU (unlabeled as negative)", f"{report['auc_pu']:.4f}",
             f"the scores and labels only: no prior; within {report['auc_pu_error_bound']:.2g} of the exact value")]
    if "aul_weighted" in report:
        low, high = report["aul_weighted_ci"]
        rows.append((f"AUL weighted by 1/propensity ({report['propensity']})",
                     f"{report['aul_weighted']:.4f} [{low:.4f}, {high:.4f}] (n_eff {report['n_eff']:.0f})",
                     f"the propensities; within {report['aul_weighted_error_bound']:.2g} of the exact value"))
    for segment in report.get("segments", []):
        value = segment["note"] or (f"{segment['aul_pu']:.4f} [{segment['ci_low']:.4f}, {segment['ci_high']:.4f}] "
                                    f"(bound {segment['error_bound']:.2g})")
        rows.append((f"AUL^PU of {report['segment_column']} = {segment['segment']}",
                     f"{value}; n {segment['n']} ({segment['n_labeled']} labeled)", "the segment's rows only"))
    rows.append(("read by", f"the streaming path: {report['streaming']}", "the input's size or --streaming"))
    return rows


def bench_rows(report: dict) -> list[tuple[str, str, str]]:
    """(quantity, value, what it depends on) rows of the bench report: the set for the best, each learner, each
    pair judged ahead, each failure."""
    rows = [("n (labeled)", f"{report['n']} ({report['n_labeled']})", f"the input, {report['folds']} test folds"),
            (f"not ruled out as the best ({report['level']:g})", ", ".join(report["confidence_set"]),
             "Hsu's comparison with the best on the out-of-fold scores")]
    for learner in sorted(report["learners"], key=lambda r: -r["aul_pu"]):
        rows.append((learner["learner"], f"AUL^PU {learner['aul_pu']:.4f} [{learner['aul_pu_low']:.4f}, "
                     f"{learner['aul_pu_high']:.4f}]", "out-of-fold scores, tuned by AUL^PU inside each fold"))
    for pair in report["pairs"]:
        if pair["p_holm"] < 1 - report["level"]:
            ahead, behind = (pair["a"], pair["b"]) if pair["difference"] > 0 else (pair["b"], pair["a"])
            rows.append((f"{ahead} ahead of {behind}", f"{abs(pair['difference']):.4f} (Holm p {pair['p_holm']:.2g})",
                         "paired difference of AUL^PU, Holm over the pairs"))
    for name, error in report["failed"].items():
        rows.append((f"{name}: not ranked", error, "the learner failed"))
    return rows


def select_rows(report: dict) -> list[tuple[str, str, str]]:
    """(quantity, value, what it depends on) rows of the select report: the winner, the set, then each candidate."""
    low, high = report["best_interval"]
    source = f"{report['estimator']}, no prior"
    rows = [("n (units)", f"{report['n']} ({report['n_units']} {'audited' if 'audit' in report['estimator'] else 'labeled'})",
             "the input"),
            ("best (the argmax)", str(report["best"]), source),
            ("its estimate without the winner's curse", f"{report['best_estimate']:.4f} [{low:.4f}, {high:.4f}] "
             f"(naive {report['best_naive']:.4f}; simultaneous {report['level']:g} interval)", source),
            ("regret of picking it, upper bound", f"{report['regret_upper']:.4f}", source),
            (f"not ruled out as the best ({report['level']:g})", f"{report['set_size']} of {report['candidates']}: "
             + ", ".join(map(str, report["confidence_set"][:20])) + (" …" if report["set_size"] > 20 else ""),
             report["method"])]
    if report["bonferroni_kept"]:
        rows.append(("kept by the Bonferroni value", f"{report['bonferroni_kept']} borderline candidates (a larger set, "
                     "still valid)", "the number of borderline candidates"))
    z = NormalDist().inv_cdf(0.5 + report["level"] / 2)
    for model in sorted(report["models"], key=lambda m: -m["aul_pu"])[:MAX_PAIRS_TABLED]:
        rows.append((f"{model['name']}{' (in the set)' if model['in_set'] else ''}",
                     f"{model['aul_pu']:.4f} ± {z * model['standard_error']:.4f}", source))
    return rows


MAX_PAIRS_DRAWN = 45
"""The most pairs ``compare`` draws (every pair of 10 columns): the figure grows with the pairs."""
MAX_PAIRS_TABLED = 300
"""The most pairs a Markdown or HTML report of ``compare`` lists (JSON lists any number)."""


def _input_line(report: dict) -> str:
    source = report.get("input")
    if source is None:  # a library value rendered by report(): no file was read
        return f"pueval {report['pueval_version']}; from the library, no input file"
    return (f"pueval {report['pueval_version']}; input {source['path']} (SHA-256 {source['sha256']}, "
            f"{source['n']} rows, {source['n_labeled']} labeled)")


def evaluate_rows(report: dict) -> list[tuple[str, str, str]]:
    """(quantity, value, what it depends on) rows of the evaluate report."""
    low, high = report["aul_pu_ci"]
    rows = [("n (labeled)", f"{report['n']} ({report['n_labeled']})", "the input"),
            ("AUL^PU", f"{report['aul_pu']:.4f} [{low:.4f}, {high:.4f}] ({report['level']:g} {report['interval']} "
             "interval)", "the scores and labels only: no prior"),
            ("AUC^PU (unlabeled as negative)", f"{report['auc_pu']:.4f}", "the scores and labels only: no prior")]
    rows += _weighted_rows(report)
    if "aul_bounds" in report:
        rows.append((f"AUL if the propensities differ by up to {report['gamma']:g}x",
                     f"[{report['aul_bounds'][0]:.4f}, {report['aul_bounds'][1]:.4f}] (with the {report['level']:g} "
                     "sampling error at each end)", "the scores, the labels and gamma: no prior, no propensity"))
    if "aul_audit" in report:
        source = f"the audit ({report['n_audited']} rows, {report['n_audited_positive']} positive)"
        low, high = report["aul_audit_ci"]
        rows += [("AUL from the labels and the audit", f"{report['aul_audit']:.4f} [{low:.4f}, {high:.4f}]", source),
                 ("theta from the audit", f"{report['theta_audit']:.4f} [{report['theta_audit_ci'][0]:.4f}, "
                  f"{report['theta_audit_ci'][1]:.4f}]", source),
                 ("AUC from the audited AUL", "not identified" if report["auc_audit"] is None
                  else f"{report['auc_audit']:.4f}", source),
                 ("AUL^PU minus the audited AUL", f"{report['audit_bias']:+.4f}", source),
                 ("SCAR test (labeled vs audited positives), p", "no audited positive"
                  if report["scar_p_value"] is None else f"{report['scar_p_value']:.3g}", source)]
    if "theta" in report:
        def value(key):
            return "not identified (theta above the bound)" if report[key] is None else f"{report[key]:.4f}"

        def interval(pair, missing="", after=""):
            return f" [{pair[0]:.4f}, {pair[1]:.4f}]{after}" if pair else missing

        rows.append((f"theta ({report['theta_source']})", f"{report['theta']:.4f}"
                     + interval(report.get("theta_interval")), "an estimator or your value"))
        if "priors" in report:
            rows += [(f"theta ({p['method']})", f"{p['theta']:.4f}" + interval(p["interval"], " (no interval of its own)")
                      + ("" if p["prior_consistent"] else ": above the largest theta the scores allow"),
                      "another estimator, beside the first") for p in report["priors"][1:]]
            agree = {True: "yes", False: "no: they disagree", None: "fewer than two intervals"}
            rows.append(("the estimators' intervals overlap", agree[report["priors_agree"]], "the estimators"))
        rows += [("largest theta the scores allow, 2(1 - AUC^PU)", f"{report['theta_upper_bound']:.4f}"
                  + ("" if report["prior_consistent"] else ": theta is above it"), "the scores and labels only: no prior"),
                 ("AUC, corrected (Jain direct, Eq. 4)", value("auc_corrected")
                  + interval(report.get("auc_corrected_interval"), after=" from theta's interval and AUC^PU's "
                             "sampling error;")
                  + interval(report.get("auc_corrected_interval_prior"), after=" from theta's interval alone"),
                  "the prior theta"),
                 ("AUPRC, corrected (Jain)", value("auprc_corrected"), "the prior theta"),
                 (f"F1 at score >= {report['threshold']:.4g} (Tabatabaei)", value("f1_estimate"),
                  "the prior theta and the threshold")]
    return rows + _operating_rows(report)


def _operating_rows(report: dict) -> list[tuple[str, str, str]]:
    """The evaluate report's rows of the operating point (``--target-recall``), if any."""
    point = report.get("operating_point")
    if point is None:
        return []
    low, high = point["recall_interval"]
    source = f"the scores and labels only: no prior; {point['guarantee']}"
    rows = [(f"threshold with recall >= {point['target_recall']:g} (probability {point['level']:g})",
             f"{point['threshold']:.6g}: {point['n_flagged']} rows flagged ({point['flagged_share']:.1%})", source),
            ("recall at that threshold", f"{point['recall_estimate']:.4f} [{low:.4f}, {high:.4f}]", source),
            ("precision at that threshold, bracketed", f"[{point['precision_bracket'][0]:.4f}, "
             f"{point['precision_bracket'][1]:.4f}]", f"no prior; upper end from {point['theta_max_source']}"),
            ("flagged unlabeled rows to audit for precision within +-0.05", f"{point['audit_size_width_0.1']}",
             "the counts flagged (worst case)")]
    if point.get("precision_estimate") is not None:
        interval = point.get("precision_interval")
        shown = f" [{interval[0]:.4f}, {interval[1]:.4f}]" if interval is not None else ""
        rows.insert(3, ("precision at that threshold, at the prior", f"{point['precision_estimate']:.4f}{shown}",
                        "the prior theta" + (" and its interval" if interval is not None else "")))
    if point.get("audited_precision") is not None:
        a, b = point["audited_precision_interval"]
        rows.append(("precision from the audit", f"{point['audited_precision']:.4f} [{a:.4f}, {b:.4f}]",
                     f"the audit ({point['n_audited_flagged']} flagged unlabeled rows audited)"))
    return rows


def _weighted_rows(report: dict) -> list[tuple[str, str, str]]:
    """The evaluate report's rows of the propensity-weighted AUL, if any."""
    if "aul_weighted" not in report:
        return []
    low, high = report["aul_weighted_ci"]
    source = f"the propensities ({report['propensity']}, column {report['propensity_column']})"
    rows = [("AUL, weighted by 1/propensity", f"{report['aul_weighted']:.4f} [{low:.4f}, {high:.4f}] "
             f"({report['level']:g} normal interval)", source),
            ("effective labeled rows (Kish)", f"{report['n_eff']:.1f}", source)]
    if report["propensity"] == "absolute":
        def value(key):
            return "not identified" if report[key] is None else f"{report[key]:.4f}"

        rows += [("positives, estimated", value("n_positive_weighted"), source),
                 ("theta, from the propensities", value("theta_weighted"), source),
                 ("AUC, from the weighted AUL", value("auc_weighted"), source),
                 (f"precision / recall / F1 at score >= {report['threshold']:.4g}",
                  " / ".join(value(k) for k in ("precision_weighted", "recall_weighted", "f1_weighted")), source)]
    return rows


def compare_rows(report: dict) -> list[tuple[str, str, str]]:
    """(quantity, value, what it depends on) rows of the compare report: of its one pair, or of each pair."""
    if "comparisons" not in report:
        return _pair_rows(report)
    aul = "AUL, weighted by 1/propensity," if "propensity_column" in report else "AUL^PU"
    rows = [("n (labeled)", f"{report['n']} ({report['n_labeled']})", "the input")]
    rows += [(f"{aul} of {column}", f"{value:.4f}", "no prior") for column, value in report["aul_pu"].items()]
    for pair in report["comparisons"]:
        low, high = pair["difference_ci"]
        rows.append((f"{pair['score_a']} - {pair['score_b']}", f"{pair['difference']:+.4f} [{low:+.4f}, {high:+.4f}] "
                     f"({report['level']:g} paired interval); p {pair['p_value']:.3g}, Holm-adjusted "
                     f"{pair['p_holm']:.3g}", "no prior; its sign is the sign of the AUC difference"))
        if "difference_bounds" in pair:
            bounds, breakdown = pair["difference_bounds"], pair["breakdown_gamma"]
            rows.append((f"{pair['score_a']} - {pair['score_b']} if the propensities differ by up to "
                         f"{report['gamma']:g}x", f"[{bounds[0]:+.4f}, {bounds[1]:+.4f}]; breakdown gamma "
                         + ("none" if breakdown is None else f"{breakdown:.3g}"), "the scores, the labels and gamma"))
    pairs, alpha = len(report["comparisons"]), 1.0 - report["level"]
    if pairs > 1:
        rows.append(("reading the pairs", f"each interval holds its own pair's difference with probability "
                     f"{report['level']:g}, one pair at a time; over all {pairs} pairs, claim a difference only where "
                     f"the Holm-adjusted p is below {alpha:g}: the chance of any false claim is then at most {alpha:g}",
                     "the per-pair intervals and Holm's adjustment (pueval.multitest.holm)"))
    return rows


def _pair_rows(report: dict) -> list[tuple[str, str, str]]:
    """The rows of a compare report of one pair (two columns)."""
    low, high = report["difference_ci"]
    aul = "AUL, weighted by 1/propensity," if "propensity_column" in report else "AUL^PU"
    return [("n (labeled)", f"{report['n']} ({report['n_labeled']})", "the input"),
            (f"{aul} of {report['score_a']} (A)", f"{report['aul_pu_a']:.4f}", "no prior"),
            (f"{aul} of {report['score_b']} (B)", f"{report['aul_pu_b']:.4f}", "no prior"),
            ("A - B", f"{report['difference']:+.4f} [{low:+.4f}, {high:+.4f}] ({report['level']:g} paired interval)",
             "no prior; its sign is the sign of AUC(A) - AUC(B)"),
            ("p-value (no difference)", f"{report['p_value']:.3g}", "no prior")] + ([
            ("weighted by 1/propensity", f"column {report['propensity_column']} ({report['propensity']}), "
             f"{report['n_eff']:.1f} effective labeled rows (Kish)", "the propensities")]
        if "propensity_column" in report else []) + ([
            (f"A - B if the propensities differ by up to {report['gamma']:g}x",
             f"[{report['difference_bounds'][0]:+.4f}, {report['difference_bounds'][1]:+.4f}] (with the "
             f"{report['level']:g} sampling error at each end)", "the scores, the labels and gamma"),
            ("smallest gamma at which A - B > 0 fails", "none: no weighting makes A lose"
             if report["breakdown_gamma"] is None else f"{report['breakdown_gamma']:.3g}",
             "the scores and the labels")] if "gamma" in report else [])


def _tidy(value):
    """The report with every float at 15 significant digits: the digits a float64 holds, without the noise of
    its last bit (0.7065000000000001 is written 0.7065)."""
    if isinstance(value, float):  # NaN (a quantity not identified) as null: JSON has no NaN
        return float(f"{value:.15g}") if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _tidy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tidy(item) for item in value]
    return value


def report_json(report: dict) -> str:
    """The report as JSON text (:func:`_tidy`), indented, ending in a newline."""
    return json.dumps(_tidy(report), indent=2) + "\n"


def _typeset(text: str) -> str:
    """HTML of plain text, X^PU set as X<sup>PU</sup>."""
    return re.sub(r"\^PU\b", "<sup>PU</sup>", html.escape(text))


MARKDOWN_ESCAPED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\\": "\\\\", "|": "\\|", "`": "\\`",
                                  "[": "\\[", "]": "\\]", "*": "\\*", "\n": " ", "\r": " "})
"""Markdown text that renders as the characters given: no HTML (a column named ``<script>`` stays text), no
link, code or emphasis, one line, and ``|`` kept inside its table cell (a column named ``a|b`` stays one)."""


def _cell(text) -> str:
    """A user-given or computed string as plain Markdown text (:data:`MARKDOWN_ESCAPED`)."""
    return str(text).translate(MARKDOWN_ESCAPED)


def _warnings_first(report: dict) -> str:
    """The report's first line when it has warnings: how many, and that they come first (a number the report
    gives may be biased or not identified)."""
    count = len(report.get("warnings", []))
    return f"{count} warning{'s' if count > 1 else ''}: read {'them' if count > 1 else 'it'} before the numbers"


def markdown(report: dict, rows) -> str:
    """The report as a Markdown table; with warnings, they come first (their count on the first line)."""
    warned = [f"Warning: {_cell(message)}" for message in report.get("warnings", [])]
    lines = [f"**{_warnings_first(report)}**", "", *warned, ""] if warned else []
    lines += ["| quantity | value | depends on |", "|---|---|---|"]
    lines += [f"| {_cell(q)} | {_cell(v)} | {_cell(d)} |" for q, v, d in rows]
    return "\n".join(lines) + f"\n\n{_cell(_input_line(report))}\n"


def title_of(report: dict) -> str:
    """A report's title: the command, the score column(s) and the input, e.g. "pueval evaluate: score of s.csv"."""
    columns = report.get("columns", {})
    scores = (columns.get("score") or ", ".join(columns.get("scores") or [])) if "input" in report else None
    return f"pueval {report['command']}: {scores} of {report['input']['path']}" if scores else \
        f"pueval {report['command']}"


def html_page(report: dict, rows, title: str, png: bytes | None) -> str:
    """One self-contained HTML page: the numbers, what each depends on (warnings first), the figure (inline PNG),
    the input, and the report's JSON folded away."""
    cells = "".join(f"<tr><td>{_typeset(q)}</td><td>{_typeset(v)}</td><td>{_typeset(d)}</td></tr>"
                    for q, v, d in rows)
    image = (f'<img alt="curves" style="max-width:100%" src="data:image/png;base64,'
             f'{base64.b64encode(png).decode()}">' if png else "")
    warned = "".join(f"<li>{_typeset(message)}</li>" for message in report.get("warnings", []))
    warned = f"<h2>Warnings</h2><p><strong>{html.escape(_warnings_first(report))}</strong></p><ul>{warned}</ul>" \
        if warned else ""
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}td,th{border:1px solid #ccc;"
            "padding:.3em .6em}table{border-collapse:collapse}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>{warned}<table><tr><th>quantity</th><th>value</th><th>depends on</th></tr>"
            f"{cells}</table>{image}<p>AUL<sup>PU</sup> and its interval need no class prior (Theorem 1 of "
            "<i>AUL is a better optimization metric in PU learning</i>): AUL<sup>PU</sup> is unbiased for the AUL "
            "under SCAR labeling. Quantities marked 'the prior theta' change with theta.</p>"
            f"<p><small>{html.escape(_input_line(report))}</small></p><details><summary>The report as JSON</summary>"
            f"<pre style=\"white-space:pre-wrap\">{html.escape(report_json(report))}</pre></details></body></html>\n")


def example_scores(n: int = 2000, seed: int = 0) -> pd.DataFrame:
    """A PU table to try ``pueval evaluate`` and ``compare`` on: 3 features, a score, a weaker model's
    ``score_b`` (one feature and noise), 20 % of the positives labeled (SCAR)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    X = rng.normal(size=(n, 3)) + np.outer(y, [1.2, 0.8, 0.0])
    score = 1.0 / (1.0 + np.exp(-(X @ np.array([1.0, 0.7, 0.1]) + rng.normal(0.0, 0.5, n) - 1.0)))
    weaker = 1.0 / (1.0 + np.exp(-(0.4 * X[:, 1] + rng.normal(0.0, 1.0, n))))
    labeled = y & (rng.random(n) < 0.2)
    return pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "x3": X[:, 2], "score": score.round(6),
                         "score_b": weaker.round(6), "labeled": labeled.astype(int)})


def report(result, format: str = "markdown", *, warnings=None, labels: ArrayLike | None = None,
           scores: ArrayLike | None = None, pos_label: PosLabel = 1) -> str:
    """One result of the library rendered as the command renders it: :func:`pueval.evaluate`'s
    :class:`~pueval.evaluation.Evaluation`, :func:`pueval.compare`'s :class:`~pueval.evaluation.Comparison`,
    :func:`pueval.select_models`'s :class:`~pueval.selection.Selection` or
    :func:`pueval.streaming.evaluate_file`'s :class:`~pueval.streaming.StreamingEvaluation`, as JSON, a Markdown
    table or a one-page HTML report (with the command's figure; an evaluation's needs the ``labels`` and
    ``scores`` it came from; a file evaluated in blocks has none).

    Parameters
    ----------
    result : Evaluation, Comparison, Selection or StreamingEvaluation
        What to render; its ``as_dict()`` gives the JSON keys of ``pueval evaluate`` (``--streaming``), ``compare``
        or ``select``.
    format : {"json", "markdown", "html"}, default "markdown"
    warnings : sequence of str, optional
        Messages to lead the report with; by default the result's own (``result.warnings``: those raised while
        computing it, as the command records them).
    labels, scores : arrays of shape (n,), optional
        An evaluation's input, for the HTML report's figure (without them the page has none).
    pos_label : default 1
        The label of a labeled row in ``labels``.

    Returns
    -------
    str

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(500) < 0.4
    >>> labels, scores = (y & (rng.random(500) < 0.5)).astype(int), y + rng.normal(size=500)
    >>> print(report(evaluation.evaluate(labels, scores)).splitlines()[2])
    | n (labeled) | 500 (81) | the input |
    """
    from pueval.selection import Selection
    from pueval.streaming import StreamingEvaluation

    # each kind: its command, its rows, and its figure: drawn from the value, from the input it came from (drawn
    # when given), or none (a file read in blocks)
    kinds = {evaluation.Evaluation: ("evaluate", evaluate_rows, "input"),
             evaluation.Comparison: ("compare", compare_rows, "value"), Selection: ("select", select_rows, "value"),
             StreamingEvaluation: ("evaluate", streaming_rows, None)}
    if type(result) not in kinds:
        raise ArgumentError("result", f"must be an Evaluation, a Comparison, a Selection or a StreamingEvaluation, "
                                      f"got {type(result).__name__}")
    if format not in FORMATS:
        raise ArgumentError("format", f"must be one of {', '.join(FORMATS)}, got {format!r}")
    command, rows_of, figure = kinds[type(result)]
    warned = result.warnings if warnings is None else warnings
    found = result.as_dict(warnings=False) | {"pueval_version": __version__, "command": command,
                                              "warnings": list(dict.fromkeys(map(str, warned)))}

    drawn = figure == "value" or (figure == "input" and labels is not None and scores is not None)
    return rendered(found, rows_of(found), format,
                    drawing(command, result, labels=labels, scores=scores, pos_label=pos_label) if drawn else None)


def drawing(command: str, found, *, labels: ArrayLike | None = None, scores: ArrayLike | None = None,
            pos_label: PosLabel = 1):
    """``figure_bytes(file_format)``: the bytes of :func:`pueval.plots.figure_of`'s figure of ``found``, drawn only
    when called (matplotlib is loaded then)."""

    def figure_bytes(file_format: str) -> bytes:
        from pueval import plots

        figure = plots.figure_of(command, found, labels=labels, scores=scores, pos_label=pos_label)
        return plots.to_bytes(figure, file_format)

    return figure_bytes


def rendered(report: dict, rows, format: str, figure_bytes=None) -> str:
    """A report as JSON, Markdown or HTML (with the figure ``figure_bytes("png")`` when given): what the command
    writes and :func:`report` returns."""
    if format == "json":
        return report_json(report)
    if format == "markdown":
        return markdown(report, rows)
    return html_page(report, rows, title_of(report), figure_bytes("png") if figure_bytes else None)

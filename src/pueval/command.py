"""The ``pueval`` command's adapters (:mod:`pueval.cli`): its options (``args``) and the table's columns read,
checked and passed to the library's calls (:func:`pueval.evaluate`, :func:`pueval.compare`,
:func:`pueval.select_models`, :func:`pueval.bench.bench`, :func:`pueval.streaming.evaluate_file`); each returns the
report as a dict of the JSON keys of docs/evaluate.md, which :mod:`pueval.reports` renders, and the result value,
which the figure is drawn from. Nothing below this module reads ``args``."""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd

from pueval import __version__, evaluation
from pueval.tables import InputError, pos_label_of, shown
from pueval.validation import check_fraction, check_pu


def _column(table: pd.DataFrame, name: str, option: str) -> pd.Series:
    if name not in table.columns:
        raise InputError(f"{option}: no column {name!r} in the table (columns: {', '.join(map(str, table.columns))})")
    return table[name]


def _labels(args, table: pd.DataFrame, score_columns) -> tuple[np.ndarray, list[np.ndarray]]:
    """(labeled mask, [scores of each column]) checked: labels of two values, ``--pos-label`` labeled."""
    column = _column(table, args.label_column, "--label-column")
    pos_label = pos_label_of(column, args.pos_label)
    scores = []
    for option, name in score_columns:
        raw = _column(table, name, option)
        values = pd.to_numeric(raw, errors="coerce").to_numpy()
        bad = np.flatnonzero(~np.isfinite(values.astype(float)))
        if bad.size:
            raise InputError(f"{option}: column {name!r} holds {bad.size} missing, non-numeric or infinite value(s), "
                             f"the first in row {bad[0] + 1} ({shown(raw.iloc[bad[0]])}); score every row")
        labeled, checked = check_pu(column.to_numpy(), values, pos_label=pos_label,
                                    labels_name=f"--label-column {args.label_column!r} (--pos-label {args.pos_label})",
                                    scores_name=f"{option} {name!r} (missing, non-numeric or infinite)")
        scores.append(checked)
    return labeled, scores


def _audit(args, table: pd.DataFrame) -> np.ndarray:
    """The --audit-column as floats: 1/0 on the audited rows, NaN (an empty cell, or text) elsewhere. A boolean
    column is refused: True/False in every row reads as an audit of every row, not as which rows were audited."""
    column = _column(table, args.audit_column, "--audit-column")
    if pd.api.types.is_bool_dtype(column):
        raise InputError(f"--audit-column: column {args.audit_column!r} is boolean (True or False in every row); an "
                         "audit column holds the true class, 1 or 0, of the audited unlabeled rows and is empty on "
                         "every other row")
    return pd.to_numeric(column, errors="coerce").to_numpy(float)


def _propensity(args, table: pd.DataFrame) -> np.ndarray | None:
    """The --propensity-column as floats (missing or text as NaN: an error only on a labeled row), or None."""
    if args.propensity_column is None:
        return None
    return pd.to_numeric(_column(table, args.propensity_column, "--propensity-column"), errors="coerce").to_numpy(float)


OPTIONS = ("level", "interval", "n_boot", "prior", "mpe", "distcurve_model", "threshold", "absolute", "gamma",
           "target_recall", "baseline")


COLUMNS = ("score_column", "score_columns", "label_column", "propensity_column", "audit_column", "features")


BENCH_OPTIONS = ("learners", "folds", "validation", "prior", "level")


def _identity(args, sha256: str, n: int, n_labeled: int) -> dict:
    """What a report evaluated and how: the input as given, the columns read, pos_label, seed and options (the
    ones this command has; None where not used)."""
    given = vars(args)
    return {"pueval_version": __version__, "command": args.command,
            "input": {"path": "standard input" if args.scores == "-" else args.scores, "sha256": sha256,
                      "n": n, "n_labeled": n_labeled},
            "columns": {k.removesuffix("_column").replace("_columns", "s"): given[k] for k in COLUMNS if k in given},
            "pos_label": args.pos_label, "seed": given.get("seed"),
            "options": {k: given[k] for k in OPTIONS if k in given}}


def _features(args, table: pd.DataFrame) -> np.ndarray:
    """The --features columns as a float matrix, each checked to be numeric throughout."""
    columns = []
    for name in args.features:
        values = pd.to_numeric(_column(table, name, "--features"), errors="coerce").to_numpy(dtype=float)
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            raise InputError(f"--features: column {name!r} is not numeric throughout: {bad.size} missing, "
                             f"non-numeric or infinite value(s), first in row {bad[0] + 1} "
                             f"({shown(table[name].iloc[bad[0]])})")
        columns.append(values)
    return np.column_stack(columns)


def evaluate_table(args, table: pd.DataFrame,
                   sha256: str = "") -> tuple[dict, evaluation.Evaluation, np.ndarray, np.ndarray]:
    """(the report of ``pueval evaluate`` as a dict (JSON keys of docs/evaluate.md): :func:`pueval.evaluate` on the
    table's columns, then what was read and how; the :class:`~pueval.evaluation.Evaluation`; the labeled mask, the
    scores): the last three for the figure."""
    labeled, (scores,) = _labels(args, table, [("--score-column", args.score_column)])
    prior = X = None
    if args.prior is not None:
        prior = check_fraction(args.prior, "--prior (theta)")
    elif args.mpe is not None:
        if not args.features:
            raise InputError("--mpe needs --features COLUMNS... (the feature columns MPE runs on)")
        X = _features(args, table)
        if len(set(args.mpe)) != len(args.mpe):
            raise InputError(f"--mpe: each method once, got {' '.join(args.mpe)}")
    from pueval.mpe.priors import PriorOptions

    options = PriorOptions(distcurve_model=args.distcurve_model) if args.mpe and args.distcurve_model else None
    found = evaluation.evaluate(labeled, scores, level=args.level, interval=args.interval, seed=args.seed,
                     threshold=args.threshold, propensity=_propensity(args, table), absolute=args.absolute,
                     gamma=args.gamma, audited=_audit(args, table) if args.audit_column is not None else None,
                     target_recall=args.target_recall, prior=prior, X=X, mpe=args.mpe, mpe_options=options)
    if found.corrected is not None:
        for method, estimate in found.corrected.estimates.items():
            print(f"pueval: theta = {estimate.theta:.4f} ({method}, {estimate.seconds:.1f} s)", file=sys.stderr)
    report = found.as_dict(propensity_column=args.propensity_column, audit_column=args.audit_column, warnings=False)
    return report | _identity(args, sha256, found.n, found.n_labeled), found, labeled, scores


STREAMING_OPTIONS = {"prior": "--prior", "mpe": "--mpe", "features": "--features", "audit_column": "--audit-column",
                     "gamma": "--gamma", "target_recall": "--target-recall", "threshold": "--threshold", "plot": "--plot",
                     "distcurve_model": "--distcurve-model"}
"""The evaluate options the streaming path does not offer (each needs every score at once)."""


def evaluate_streaming(args, reason: str):
    """(the report of ``pueval evaluate --streaming`` as a dict, the
    :class:`~pueval.streaming.StreamingEvaluation`): :func:`pueval.streaming.evaluate_file` with the command's
    columns, bins, edges and level, then the columns, version and input; ``reason`` says why it streamed."""
    from pueval.streaming import evaluate_file

    found = evaluate_file(args.scores, label=args.label_column, score=args.score_column, pos_label=args.pos_label,
                          bins=args.bins, level=args.level, edges=args.edges, segment=args.segment_column,
                          propensity=args.propensity_column, relative=not args.absolute, reason=reason)
    identity = _identity(args, found.sha256, found.n, found.n_labeled)
    identity["columns"]["segment"] = args.segment_column
    identity["options"]["bins"] = args.bins
    identity["options"]["edges"] = args.edges
    return found.as_dict(warnings=False) | identity, found


def select_table(args, table: pd.DataFrame, sha256: str = ""):
    """(the report of ``pueval select`` as a dict, the :class:`~pueval.selection.Selection`): every score column a
    candidate, :func:`pueval.select_models` with the command's level, seed, propensities or audit."""
    from pueval.selection import select_models

    labeled, columns = _labels(args, table, [("--score-columns", name) for name in args.score_columns])
    audited = None
    if args.audit_column is not None:
        audited = _audit(args, table)
    found = select_models(labeled, dict(zip(args.score_columns, columns)), level=args.level,
                          propensity=_propensity(args, table), audited=audited, random_state=args.seed)
    identity = _identity(args, sha256, int(labeled.size), int(labeled.sum()))
    identity["columns"]["audit"] = args.audit_column
    return found.as_dict(warnings=False) | identity, found


def bench_table(args, table: pd.DataFrame, sha256: str = ""):
    """(the report of ``pueval bench`` as a dict, the selection among the learners that ran): :func:`pueval.bench.bench`
    on the --features and --label-column of the table with the --learners file's learners."""
    from pueval.bench import bench
    from pueval.bench.plugin import read_learners

    column = _column(table, args.label_column, "--label-column")
    labeled = (column.to_numpy() == pos_label_of(column, args.pos_label)).astype(int)
    if labeled.min() == labeled.max():
        raise InputError(f"--label-column {args.label_column!r} (--pos-label {args.pos_label}): needs labeled and "
                         "unlabeled rows")
    X = _features(args, table)
    found = bench(X, labeled, read_learners(args.learners), folds=args.folds, validation=args.validation,
                  level=args.level, prior=args.prior, seed=args.seed)
    identity = _identity(args, sha256, int(labeled.size), int(labeled.sum()))
    identity["options"] = {key: vars(args)[key] for key in BENCH_OPTIONS}
    return found.as_dict(warnings=False) | identity, found.selection


def pairs_of(args) -> list[tuple[str, str]]:
    """The pairs ``pueval compare`` reports (:func:`pueval.evaluation.pairs_of` of --score-columns, --baseline)."""
    return evaluation.pairs_of(args.score_columns, args.baseline)


def compare_table(args, table: pd.DataFrame, sha256: str = "") -> tuple[dict, evaluation.Comparison]:
    """(the report of ``pueval compare`` as a dict, the :class:`~pueval.evaluation.Comparison`):
    :func:`pueval.compare` on the table's columns (:meth:`pueval.evaluation.Comparison.as_dict`), then the columns,
    version and input."""
    columns = args.score_columns
    labeled, scores = _labels(args, table, [("--score-columns", c) for c in columns])
    found = evaluation.compare(labeled, dict(zip(columns, scores, strict=True)), baseline=args.baseline,
                               level=args.level, propensity=_propensity(args, table), absolute=args.absolute,
                               gamma=args.gamma)
    report = found.as_dict(propensity_column=args.propensity_column, warnings=False)
    return report | _identity(args, sha256, int(labeled.size), int(labeled.sum())), found

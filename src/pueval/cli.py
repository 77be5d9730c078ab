"""The ``pueval`` command (also ``python -m pueval``): ``pueval evaluate`` scores one model on a user's own
PU table, ``pueval compare`` two models on the same rows, ``pueval select`` picks among several, ``pueval bench``
ranks PU learners on a table of features, ``pueval example-scores`` writes a table to try them on. SCORES is CSV, TSV (either gzip-compressed, ``.gz``) or Parquet; ``-`` or a pipe gives any of them
(Parquet by its magic bytes, TSV by its header's fields, else CSV), every read bounded (:mod:`pueval.tables`).
Every report describes itself: the pueval version, the command, the input as given with its identity (SHA-256
of its bytes, n, n_labeled), the columns read, ``pos_label``, the seed and the options, and the warnings raised
while it was computed (also printed on stderr). Bad input is one line on stderr and exit code 2.

This module reads the options, checks them, reads the input and writes the output; the reports themselves
are :mod:`pueval.reports`, imported once the options are parsed, so that ``pueval --version`` and ``--help``
load neither NumPy nor pandas."""

from __future__ import annotations

import argparse
import math
import os
import stat
import sys
import tempfile
import warnings
from pathlib import Path

from pueval import __version__
from pueval.mpe import PUBLIC_METHODS

INTERVAL_METHODS = ("normal", "bootstrap")
"""The AUL^PU intervals the command offers: :data:`pueval.aul_pu.INTERVAL_METHODS` (a test keeps them equal;
named here so that the parser loads no NumPy)."""


def _common(command, *, gamma: bool = True) -> None:
    """The input, label and output options of evaluate, compare and select (``gamma``: the sensitivity options
    --gamma and --absolute too)."""
    command.add_argument("scores", metavar="SCORES", help=".csv, .tsv (either may end in .gz) or .parquet, one row "
                                                          "per example; - reads any of them from standard input")
    command.add_argument("--label-column", default="labeled", help="the PU label column (default: labeled)")
    command.add_argument("--pos-label", default="1", help="the label value of a labeled row (default: 1); "
                                                          "every other row is unlabeled, e.g. 0 or -1")
    command.add_argument("--level", type=float, default=0.95, help="confidence level of the interval (default: 0.95)")
    command.add_argument("--propensity-column", metavar="COLUMN",
                         help="labels not selected at random: each row's labeling propensity e = P(labeled | positive, "
                              "x), in (0, 1] on the labeled rows; AUL^PU is then weighted by 1/e (relative values "
                              "suffice unless --absolute)")
    if gamma:
        command.add_argument("--gamma", type=float, metavar="GAMMA",
                             help="no propensity known: the range of the AUL (evaluate) or of the difference (compare) "
                                  "over every labeling whose propensities differ by at most this factor (>= 1; 1 is "
                                  "SCAR)")
        command.add_argument("--absolute", action="store_true",
                             help="with --propensity-column: the propensities are absolute probabilities, which also "
                                  "estimate the prior and the corrected AUC (and, in evaluate, F1 at --threshold)")
    command.add_argument("--output", help="write the report here instead of to standard output (- is standard "
                         "output; a device or FIFO is written in place, never replaced)")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="pueval", description="Evaluate a classifier on positive-unlabeled data.")
    top.add_argument("--version", action="version", version=f"pueval {__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    ev = commands.add_parser("evaluate", help="AUL^PU with a prior-free interval; with a prior, corrected metrics")
    _common(ev)
    ev.add_argument("--seed", type=int, default=0, help="seed of the bootstrap and of the prior estimators (default: 0)")
    ev.add_argument("--score-column", default="score", help="the model's score column, higher = more positive "
                                                            "(default: score)")
    prior = ev.add_mutually_exclusive_group()
    prior.add_argument("--prior", type=float, help="theta: the share of positives among the unlabeled rows")
    prior.add_argument("--mpe", nargs="+", choices=list(PUBLIC_METHODS), metavar="METHOD",
                       help=f"estimate theta from --features with these methods ({', '.join(PUBLIC_METHODS)}): the "
                            "first feeds the corrected metrics; with several, each is reported with its interval and "
                            "whether their intervals overlap")
    ev.add_argument("--features", nargs="+", metavar="COLUMN", help="feature columns for --mpe")
    ev.add_argument("--distcurve-model", help="a DistCurve regressor (LightGBM text) for --mpe distcurve "
                                              "(default: the one shipped with pueval)")
    ev.add_argument("--interval", choices=INTERVAL_METHODS, default="normal",
                    help="the AUL^PU interval: normal (Theorem 1) or bootstrap (default: normal)")
    ev.add_argument("--audit-column", metavar="COLUMN",
                    help="the true class (1/0) of a simple random sample of the unlabeled rows, empty elsewhere: "
                         "the AUL and theta whatever selected the labels, and a test of SCAR")
    ev.add_argument("--threshold", type=float, help="F1 threshold on the score (default: the median score)")
    ev.add_argument("--target-recall", type=float, metavar="R",
                    help="add the operating point: the highest threshold whose recall is at least R with probability "
                         "--level, without a prior, its precision bracket and the audit that would close it")
    ev.add_argument("--streaming", action="store_true",
                    help="read the file in blocks into a histogram of the scores (bounded memory, two passes, a "
                         "progress line on stderr): AUL^PU and AUC^PU within a stated bound of the exact values, the "
                         "interval widened by it. Automatic for a Parquet file of more than 10^8 rows or a CSV/TSV "
                         "file above 4 GiB (the report says so); not with the options that need every score at once")
    ev.add_argument("--bins", type=int, default=10_000,
                    help="with --streaming: bins over the score range (default: 10000; the bound is at most the "
                         "fullest bin's share of the rows / 2)")
    ev.add_argument("--edges", choices=("quantile", "equal"), default="quantile",
                    help="with --streaming: the bins' edges at the quantiles of a systematic sample of about 10^5 "
                         "scores from the first pass (default: equal-count bins, whatever the scores' shape), or "
                         "equally spaced (which heavy-tailed or skewed scores crowd into a few bins; a Parquet file's "
                         "statistics then save the first pass)")
    ev.add_argument("--segment-column", metavar="COLUMN",
                    help="AUL^PU per value of this column too, in the same pass (implies --streaming)")
    ev.add_argument("--format", choices=("json", "markdown", "html"), default="json",
                    help="json, a markdown table, or a one-page HTML report with the curves (default: json)")
    ev.add_argument("--plot", metavar="FILE", help="draw the curves to FILE (.png, .pdf or .svg; needs matplotlib)")
    co = commands.add_parser("compare", help="models on the same rows: a paired, prior-free interval for "
                                             "the difference of their AUL, for each pair")
    _common(co)
    co.add_argument("--score-columns", nargs="+", metavar="COLUMN", required=True,
                    help="two or more models' score columns: every pair is compared (A - B in the order given)")
    co.add_argument("--baseline", metavar="COLUMN",
                    help="compare each other score column against this one instead of every pair")
    co.add_argument("--format", choices=("json", "markdown", "html"), default="json",
                    help="json, a markdown table, or a one-page HTML report with the plot (default: json)")
    co.add_argument("--plot", metavar="FILE",
                    help="draw each pair's difference with its interval to FILE (.png, .pdf or .svg; needs matplotlib)")
    se = commands.add_parser("select", help="which of several models is best: the argmax of AUL^PU, the models that "
                                            "cannot be ruled out as the best, the winner's AUL without the winner's "
                                            "curse")
    _common(se, gamma=False)
    se.add_argument("--score-columns", nargs="+", metavar="COLUMN", required=True,
                    help="the candidates' score columns (two or more)")
    se.add_argument("--audit-column", metavar="COLUMN",
                    help="the true class (1/0) of a simple random sample of the unlabeled rows, empty elsewhere: every "
                         "candidate's AUL from the audit, whatever selected the labels")
    se.add_argument("--seed", type=int, default=0, help="seed of the Gaussian draws of the critical values (default: 0)")
    se.add_argument("--format", choices=("json", "markdown", "html"), default="json",
                    help="json, a markdown table, or a one-page HTML report with the plot (default: json)")
    se.add_argument("--plot", metavar="FILE",
                    help="draw every candidate with its interval, the set marked, to FILE (.png, .pdf or .svg)")
    be = commands.add_parser("bench", help="rank PU learners on a PU table from its PU labels alone: each tuned "
                                           "inside its training rows, judged on disjoint test folds")
    be.add_argument("scores", metavar="TABLE", help="features and PU labels: .csv, .tsv (.gz) or .parquet; - reads "
                                                     "standard input")
    be.add_argument("--label-column", default="labeled", help="the PU label column (default: labeled)")
    be.add_argument("--pos-label", default="1", help="the label value of a labeled row (default: 1)")
    be.add_argument("--features", nargs="+", metavar="COLUMN", required=True, help="the feature columns")
    be.add_argument("--learners", metavar="FILE", required=True,
                    help="YAML or JSON: name -> {estimator: 'package.module:Class', params: {...}, prior: true/false, "
                         "grid: {param: [values]}} (docs: Benchmark your PU learner)")
    be.add_argument("--folds", type=int, default=5, help="disjoint test folds (default: 5)")
    be.add_argument("--validation", type=float, default=0.25,
                    help="share of each fold's other rows held out to tune on (default: 0.25)")
    be.add_argument("--prior", type=float, help="theta for the learners that take it (default: BBE's estimate on "
                                                "each fold's training rows)")
    be.add_argument("--level", type=float, default=0.95, help="level of the intervals and the set (default: 0.95)")
    be.add_argument("--seed", type=int, default=0, help="seed of the folds, the learners and BBE (default: 0)")
    be.add_argument("--format", choices=("json", "markdown", "html"), default="json",
                    help="json, a markdown table, or a one-page HTML report with the figure (default: json)")
    be.add_argument("--plot", metavar="FILE", help="draw every learner with its interval, the set marked, to FILE")
    be.add_argument("--output", help="write the report here instead of to standard output")
    ex = commands.add_parser("example-scores", help="write an example PU table (CSV) to standard output")
    ex.add_argument("--n", type=int, default=2000, help="rows (default: 2000)")
    ex.add_argument("--seed", type=int, default=0, help="seed of the table (default: 0)")
    return top


def _check_options(args) -> None:
    """Every option's value, before any reading or computing."""
    from pueval.command import pairs_of
    from pueval.reports import MAX_PAIRS_DRAWN, MAX_PAIRS_TABLED
    from pueval.tables import InputError
    from pueval.validation import check_level

    if getattr(args, "seed", 0) < 0:
        raise InputError(f"--seed: must be a non-negative integer, got {args.seed}")
    if args.command == "example-scores":
        if args.n < 20:
            raise InputError(f"--n: need at least 20 rows, got {args.n}")
        return
    check_level(args.level, "--level")
    if args.command == "bench":
        if args.folds < 2:
            raise InputError(f"--folds: need at least 2, got {args.folds}")
        if not 0 < args.validation < 1:
            raise InputError(f"--validation: must lie in (0, 1), got {args.validation}")
        if args.prior is not None and not 0 < args.prior < 1:
            raise InputError(f"--prior: must lie in (0, 1), got {args.prior}")
        if not Path(args.learners).is_file():
            raise InputError(f"--learners: no file {args.learners}")
    if args.command == "select":
        columns = args.score_columns
        if len(columns) < 2 or len(set(columns)) != len(columns):
            raise InputError(f"--score-columns: need two or more different columns, got {' '.join(columns)}")
        if args.level < 0.5:
            raise InputError(f"--level: must be at least 0.5 for a confidence set, got {args.level}")
        if args.propensity_column is not None and args.audit_column is not None:
            raise InputError("--audit-column: not with --propensity-column; give one")
    if args.command == "compare":
        columns = args.score_columns
        if len(columns) < 2 or len(set(columns)) != len(columns):
            raise InputError(f"--score-columns: need two or more different columns, got {' '.join(columns)}")
        if args.baseline is not None and args.baseline not in columns:
            raise InputError(f"--baseline: {args.baseline!r} is not one of --score-columns {' '.join(columns)}")
        count = len(pairs_of(args))
        for asked, bound, what in ((args.plot or args.format == "html", MAX_PAIRS_DRAWN, "a figure (--plot, html)"),
                                   (args.format != "json", MAX_PAIRS_TABLED, f"a {args.format} table")):
            if asked and count > bound:
                raise InputError(f"--score-columns: {len(columns)} columns make {count:,} pairs, more than {what} "
                                 f"shows ({bound}); give --baseline COLUMN (one pair per column), fewer columns, or "
                                 "--format json without --plot")
    if getattr(args, "gamma", None) is not None and not 1.0 <= args.gamma < math.inf:
        raise InputError(f"--gamma: must be a finite number >= 1 (1 is SCAR), got {args.gamma}")
    if getattr(args, "absolute", False) and args.propensity_column is None:
        raise InputError("--absolute: needs --propensity-column (the propensities it describes)")
    if args.command == "evaluate":
        _check_streaming(args)
    if getattr(args, "target_recall", None) is not None and not 0.0 < args.target_recall < 1.0:
        raise InputError(f"--target-recall: must lie in (0, 1), got {args.target_recall}")
    if getattr(args, "threshold", None) is not None and not math.isfinite(args.threshold):
        raise InputError(f"--threshold: must be a finite number, got {args.threshold}")
    inputs = [Path(p) for p in (args.scores, getattr(args, "distcurve_model", None)) if p and p != "-"]
    plot = getattr(args, "plot", None)
    if plot and args.output and args.output != "-" and Path(plot).resolve() == Path(args.output).resolve():
        raise InputError(f"--plot and --output name the same file, {plot}; the report would overwrite the figure")
    for option, path in (("--output", args.output), ("--plot", plot)):
        if not path or (option == "--output" and path == "-"):
            continue
        output = Path(path)
        if path.endswith(("/", os.sep)) or output.is_dir():
            raise InputError(f"{option}: {path} is a folder; name a file")
        if output.exists() and (any(p.exists() and output.resolve() == p.resolve() for p in inputs)
                                or (args.scores == "-" and _is_standard_input(output))):
            raise InputError(f"{option}: {path} is an input of this command; choose another file")
        if not output.parent.is_dir():
            raise InputError(f"{option}: the folder {output.parent} does not exist")
    if getattr(args, "plot", None) and Path(args.plot).suffix.lower() not in (".png", ".pdf", ".svg"):
        raise InputError(f"--plot: {args.plot} must end in .png, .pdf or .svg")
    if getattr(args, "distcurve_model", None) and not Path(args.distcurve_model).is_file():
        raise InputError(f"--distcurve-model: no file {args.distcurve_model}")


def _streaming_refused(args) -> list[str]:
    """The options given that the streaming path does not offer."""
    from pueval.command import STREAMING_OPTIONS

    given = [option for key, option in STREAMING_OPTIONS.items() if getattr(args, key, None) is not None]
    return given + (["--interval bootstrap"] if args.interval != "normal" else [])


def _check_streaming(args) -> None:
    """Whether evaluate streams (``args.streaming`` set here: asked, implied by --segment-column, or automatic for
    a large file, with ``args.streaming_reason`` saying which), and its options."""
    from pueval.streaming import automatic
    from pueval.tables import InputError

    args.streaming_reason = None
    if args.segment_column is not None and not args.streaming:
        args.streaming, args.streaming_reason = True, "asked: --segment-column implies --streaming"
    elif args.streaming:
        args.streaming_reason = "asked: --streaming"
    elif not _streaming_refused(args) and (why := automatic(args.scores)):
        args.streaming, args.streaming_reason = True, f"automatic: {why}"
    if not args.streaming:
        return
    refused = _streaming_refused(args)
    if refused:
        raise InputError(f"--streaming: not with {', '.join(refused)} (each needs every score at once; the "
                         "streaming path reports AUL^PU, AUC^PU, the propensity-weighted AUL and segments)")
    if not 1 <= args.bins <= 1_000_000:
        raise InputError(f"--bins: must be an integer in [1, 1000000], got {args.bins}")
    if args.scores == "-":
        raise InputError("--streaming: reads the file twice; give a file, not standard input")


def _is_standard_input(path: Path) -> bool:
    """Whether ``path`` is the file standard input reads (``pueval evaluate - < x.csv --output x.csv``)."""
    try:
        given, read = path.stat(), os.fstat(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):  # no standard input, or one without a file behind it
        return False
    return stat.S_ISREG(read.st_mode) and (given.st_dev, given.st_ino) == (read.st_dev, read.st_ino)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write(text: str | bytes, path: str) -> None:
    """Write ``text`` to ``path`` as a plain write would, but never half: a regular file (or a new one) is written
    to a temporary file beside it and renamed into place once complete, with the mode the replaced file had
    (a new file: 0666 less the umask); a target that is not a regular file (a device such as /dev/null, a FIFO,
    a link to one, as /dev/stdout is) is written in place, never replaced. An OSError names ``path``."""
    target = Path(path)
    mode = "wb" if isinstance(text, bytes) else "w"
    try:
        if target.exists() and not target.resolve().is_file():
            with open(target, mode) as out:
                out.write(text)
            return
        permissions = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, mode) as out:
                out.write(text)
            os.chmod(temporary, permissions)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), str(path)) from None


def _warned(caught) -> list[str]:
    """The messages of the caught warnings, each once, in order."""
    return list(dict.fromkeys(str(w.message) for w in caught))


def _columns_read(args) -> dict[str, str]:
    """The columns the command reads (column → the option naming it): only these are read from the table."""
    from pueval import command as adapters

    given = vars(args)
    named = [(given.get(key), f"--{key.replace('_', '-')}") for key in adapters.COLUMNS]
    return {column: option for value, option in named if value
            for column in (value if isinstance(value, list) else [value])}


def run(args) -> tuple[str, list[str]]:
    """The report of ``args.command`` as text, and the warnings raised while computing it (which the report
    holds too, under ``warnings``)."""
    from pueval import command as adapters
    from pueval import reports
    from pueval.tables import read_table

    if args.command == "example-scores":
        return reports.example_scores(args.n, args.seed).to_csv(index=False), []
    if getattr(args, "streaming", False):
        report, found = adapters.evaluate_streaming(args, args.streaming_reason)
        report["warnings"] = list(found.warnings)
        return reports.rendered(report, reports.streaming_rows(report), args.format), report["warnings"]
    table, sha256 = read_table(args.scores, _columns_read(args))
    evaluated = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if args.command == "compare":
            report, found = adapters.compare_table(args, table, sha256)
        elif args.command in ("select", "bench"):
            report, found = (adapters.select_table if args.command == "select" else adapters.bench_table)(
                args, table, sha256)
        else:
            report, found, *evaluated = adapters.evaluate_table(args, table, sha256)
    report["warnings"] = _warned(caught)
    return _render(args, report, found, evaluated), report["warnings"]


def _render(args, report: dict, found, evaluated=None) -> str:
    """The report in ``args.format``, with its figure (written to --plot when asked) of the value ``found``: the
    selection of ``select`` or ``bench``, compare's comparison, or evaluate's evaluation with the ``evaluated``
    (labels, scores) it drew its curves from."""
    from pueval import reports

    rows = {"evaluate": reports.evaluate_rows, "compare": reports.compare_rows, "select": reports.select_rows,
            "bench": reports.bench_rows}[args.command](report)
    labels, scores = evaluated or (None, None)
    figure_bytes = reports.drawing(args.command, found, labels=labels, scores=scores)
    if args.plot:
        _write(figure_bytes(Path(args.plot).suffix.lower()[1:]), args.plot)
    return reports.rendered(report, rows, args.format, figure_bytes)


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        _check_options(args)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            text, messages = run(args)
        for message in dict.fromkeys(messages + _warned(caught)):  # each once, one line: degenerate scores,
            print(f"pueval: warning: {message}", file=sys.stderr)  # a prior at its estimator's bound
        if args.command != "example-scores" and args.output and args.output != "-":
            _write(text, args.output)
        else:
            sys.stdout.write(text)
    except (ValueError, MemoryError, ImportError) as error:  # an InputError, a library's ArgumentError
        print(f"pueval: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # writing the report: a full disk, a folder without write permission
        print(f"pueval: error: {error.strerror or error}: {error.filename or args.output}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

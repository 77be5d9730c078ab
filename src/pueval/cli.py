"""The ``pueval`` command: ``pueval evaluate`` scores a user's own PU table; ``pueval example-scores``
writes one to try it on. Bad input is one line on stderr and exit code 2."""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from pueval import aul_pu, metrics, related
from pueval.validation import check_fraction, check_level, check_pu

PRIOR_NOTE = "depends on the class prior theta"


class InputError(ValueError):
    """Bad user input: reported as one line, exit code 2."""


def _read(file: Path) -> pd.DataFrame:
    """The table of a .csv (UTF-8) or .parquet file, its header checked for repeated names."""
    if file.suffix.lower() == ".parquet":
        try:
            table = pd.read_parquet(file)
        except ImportError as error:
            raise InputError(f"SCORES: reading .parquet needs pyarrow (pip install pyarrow): {error}") from None
        header = [str(c) for c in table.columns]
    else:
        with open(file, newline="", encoding="utf-8") as text:
            header = next(csv.reader(text), None)
        if header is None:
            raise InputError(f"SCORES: {file} is empty")
        table = pd.read_csv(file, encoding="utf-8")
    repeated = sorted({c for c in header if header.count(c) > 1})
    if repeated:
        raise InputError(f"SCORES: {file} repeats the column name(s) {', '.join(map(repr, repeated))}")
    return table


def read_table(path: str) -> pd.DataFrame:
    """A .csv or .parquet table; every read error is one line that names the file."""
    file = Path(path)
    if not file.is_file():
        raise InputError(f"SCORES: no file {path}")
    if file.suffix.lower() not in (".csv", ".parquet"):
        raise InputError(f"SCORES: {path} is neither .csv nor .parquet")
    try:
        return _read(file)
    except InputError:
        raise
    except PermissionError:
        raise InputError(f"SCORES: cannot read {path}: permission denied") from None
    except UnicodeDecodeError as error:
        raise InputError(f"SCORES: {path} is not UTF-8 text (byte {error.object[error.start]:#04x} at offset "
                         f"{error.start}); save it as UTF-8, uncompressed") from None
    except pd.errors.EmptyDataError:
        raise InputError(f"SCORES: {path} has no columns") from None
    except Exception as error:  # pandas and pyarrow raise many types for a malformed file
        raise InputError(f"SCORES: cannot read {path} ({type(error).__name__}: {str(error).strip()})") from None


def _column(table: pd.DataFrame, name: str, option: str) -> pd.Series:
    if name not in table.columns:
        raise InputError(f"{option}: no column {name!r} in the table (columns: {', '.join(map(str, table.columns))})")
    return table[name]


def _prior(args, table: pd.DataFrame, labeled: np.ndarray) -> tuple[float, str] | None:
    """(θ, source) from --prior or an MPE method on --features; None without either."""
    if args.prior is not None:
        return check_fraction(args.prior, "--prior (theta)"), "given"
    if args.mpe is None:
        return None
    if not args.features:
        raise InputError("--mpe needs --features COLUMNS... (the feature columns MPE runs on)")
    if args.mpe == "distance" and not (args.distcurve_model and Path(args.distcurve_model).is_file()):
        raise InputError("--mpe distance needs --distcurve-model, an existing file "
                         "(e.g. results/distcurve/model.txt of a run)")
    columns = []
    for name in args.features:
        values = pd.to_numeric(_column(table, name, "--features"), errors="coerce").to_numpy(dtype=float)
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            raise InputError(f"--features: column {name!r} is not numeric throughout: {bad.size} missing, "
                             f"non-numeric or infinite value(s), first in row {bad[0] + 1} "
                             f"({table[name].iloc[bad[0]]!r})")
        columns.append(values)
    X = np.column_stack(columns)
    from pueval.mpe.priors import PriorEstimator, PriorSeeds

    estimator = PriorEstimator((args.mpe,), distcurve_model=args.distcurve_model)
    estimator.check_size(len(X))
    print(f"pueval: estimating theta with {args.mpe} on {len(X)} rows x {X.shape[1]} features ...", file=sys.stderr)
    start = time.perf_counter()
    theta = estimator(X, labeled, PriorSeeds.of(args.seed))[args.mpe]
    print(f"pueval: theta = {theta:.4f} ({args.mpe}, {time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return float(theta), args.mpe


def evaluate_table(args, table: pd.DataFrame) -> dict:
    """The report of ``pueval evaluate`` as a dict (JSON keys of the README)."""
    scores = pd.to_numeric(_column(table, args.score_column, "--score-column"), errors="coerce").to_numpy()
    raw = _column(table, args.label_column, "--label-column").to_numpy()
    labeled, scores = check_pu(raw, scores, labels_name=f"--label-column {args.label_column!r}",
                               scores_name=f"--score-column {args.score_column!r} (missing, non-numeric or infinite)")
    low, high = aul_pu.aul_pu_interval(labeled, scores, args.level, method=args.interval, random_state=args.seed)
    out = {"n": int(labeled.size), "n_labeled": int(labeled.sum()), "aul_pu": aul_pu.aul_pu_score(labeled, scores),
           "aul_pu_ci": [low, high], "level": args.level, "interval": args.interval,
           "auc_pu": float(metrics.auc(labeled, scores))}
    prior = _prior(args, table, labeled)
    if prior is not None:
        theta, source = prior
        s = labeled.astype(int)
        threshold = float(np.median(scores)) if args.threshold is None else args.threshold  # finite: main()
        out.update({"theta": theta, "theta_source": source,
                    "auc_corrected": metrics.corrected_auc(out["auc_pu"], theta, clip=True),
                    "auprc_corrected": related.jain_auprc(s, scores, theta),
                    "f1_estimate": related.tabatabaei_f1(s, scores >= threshold, theta), "threshold": threshold,
                    "note": f"theta, auc_corrected, auprc_corrected and f1_estimate {PRIOR_NOTE}"})
    return out


def markdown(report: dict) -> str:
    low, high = report["aul_pu_ci"]
    lines = ["| quantity | value | needs a prior |", "|---|---|---|",
             f"| n (labeled) | {report['n']} ({report['n_labeled']}) | no |",
             f"| AUL^PU | {report['aul_pu']:.4f} [{low:.4f}, {high:.4f}] ({report['level']:g} {report['interval']}"
             " interval) | no |",
             f"| AUC^PU (unlabeled as negative) | {report['auc_pu']:.4f} | no |"]
    if "theta" in report:
        lines += [f"| theta ({report['theta_source']}) | {report['theta']:.4f} | yes |",
                  f"| AUC, corrected (Jain direct) | {report['auc_corrected']:.4f} | yes |",
                  f"| AUPRC, corrected (Jain) | {report['auprc_corrected']:.4f} | yes |",
                  f"| F1 at score >= {report['threshold']:.4g} (Tabatabaei) | {report['f1_estimate']:.4f} | yes |"]
    return "\n".join(lines) + "\n"


def example_scores(n: int = 2000, seed: int = 0) -> pd.DataFrame:
    """A PU table to try ``pueval evaluate`` on: 3 features, a score, 20 % of the positives labeled (SCAR)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    X = rng.normal(size=(n, 3)) + np.outer(y, [1.2, 0.8, 0.0])
    score = 1.0 / (1.0 + np.exp(-(X @ np.array([1.0, 0.7, 0.1]) + rng.normal(0.0, 0.5, n) - 1.0)))
    labeled = y & (rng.random(n) < 0.2)
    return pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "x3": X[:, 2], "score": score.round(6),
                         "labeled": labeled.astype(int)})


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="pueval", description="Evaluate a classifier on positive-unlabeled data.")
    commands = top.add_subparsers(dest="command", required=True)
    ev = commands.add_parser("evaluate", help="AUL^PU with a prior-free interval; with a prior, corrected metrics")
    ev.add_argument("scores", metavar="SCORES", help=".csv or .parquet: one row per example")
    ev.add_argument("--score-column", default="score")
    ev.add_argument("--label-column", default="labeled", help="1 = labeled positive, 0 = unlabeled")
    prior = ev.add_mutually_exclusive_group()
    prior.add_argument("--prior", type=float, help="theta: the share of positives among the unlabeled rows")
    prior.add_argument("--mpe", choices=("km1", "km2", "distance"), help="estimate theta from --features")
    ev.add_argument("--features", nargs="+", metavar="COLUMN", help="feature columns for --mpe")
    ev.add_argument("--distcurve-model", help="DistCurve regressor (LightGBM text) for --mpe distance")
    ev.add_argument("--level", type=float, default=0.95)
    ev.add_argument("--interval", choices=aul_pu.INTERVAL_METHODS, default="normal")
    ev.add_argument("--threshold", type=float, help="F1 threshold on the score (default: the median score)")
    ev.add_argument("--seed", type=int, default=0, help="seed of the bootstrap and of DistCurve")
    ev.add_argument("--format", choices=("json", "markdown"), default="json")
    ev.add_argument("--output", help="write here instead of stdout")
    ex = commands.add_parser("example-scores", help="write an example PU table (CSV) to stdout")
    ex.add_argument("--n", type=int, default=2000)
    ex.add_argument("--seed", type=int, default=0)
    return top


def _check_options(args) -> None:
    """Every option's value, before any reading or computing."""
    if args.seed < 0:
        raise InputError(f"--seed: must be a non-negative integer, got {args.seed}")
    if args.command == "example-scores":
        if args.n < 20:
            raise InputError(f"--n: need at least 20 rows, got {args.n}")
        return
    check_level(args.level, "--level")
    if args.threshold is not None and not math.isfinite(args.threshold):
        raise InputError(f"--threshold: must be a finite number, got {args.threshold}")
    if args.output:
        output = Path(args.output)
        inputs = [Path(p) for p in (args.scores, args.distcurve_model) if p]
        if output.exists() and any(p.exists() and output.resolve() == p.resolve() for p in inputs):
            raise InputError(f"--output: {args.output} is an input of this command; choose another file")
        if output.is_dir():
            raise InputError(f"--output: {args.output} is a folder; name a file")
        if not output.parent.is_dir():
            raise InputError(f"--output: the folder {output.parent} does not exist")


def _write(text: str, path: str) -> None:
    """Write to a temporary file beside ``path``, renamed into place once complete."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        _check_options(args)
        if args.command == "example-scores":
            example_scores(args.n, args.seed).to_csv(sys.stdout, index=False)
            return 0
        report = evaluate_table(args, read_table(args.scores))
        text = json.dumps(report, indent=2) + "\n" if args.format == "json" else markdown(report)
        if args.output:
            _write(text, args.output)
        else:
            sys.stdout.write(text)
    except (InputError, ValueError, MemoryError) as error:
        print(f"pueval: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # writing the report: a full disk, a folder without write permission
        print(f"pueval: error: {error.strerror or error}: {error.filename or args.output}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

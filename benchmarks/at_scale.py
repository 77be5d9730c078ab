"""AUL^PU beyond memory: `pueval evaluate --streaming` on a 10⁹-row Parquet file, with peak memory and seconds, beside
the exact path at 10⁷ and 10⁸ rows.

    uv run python benchmarks/at_scale.py [--folder /tmp/pueval-at-scale] [--rows 1000000000] [--exact 10000000 100000000]

Synthetic files are written once to --folder (outside the repository; kept for a rerun): a float32 score, an int8
PU label (10 % of the positives labeled, a prior of 0.4) and an int16 segment of 1,000 values, in row groups of 10⁷
rows. Each evaluation runs as its own `pueval` process, its peak resident memory read from the kernel
(``ru_maxrss`` of that child, ``os.wait4``) and its wall time from the clock; the streaming one also with
``--segment-column`` (1,000 segments in one pass). Targets (issue #48): peak RSS < 1 GB at 10⁹ rows on the
2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROW_GROUP = 10_000_000


def write(path: Path, rows: int) -> None:
    """The synthetic table, written a row group at a time (memory: one row group)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if path.exists() and pq.ParquetFile(path).metadata.num_rows == rows:
        return
    schema = pa.schema([("labeled", pa.int8()), ("score", pa.float32()), ("segment", pa.int16())])
    temporary = path.with_suffix(".tmp")
    with pq.ParquetWriter(temporary, schema, compression="snappy") as out:
        for start in range(0, rows, ROW_GROUP):
            rng = np.random.default_rng(start)
            size = min(ROW_GROUP, rows - start)
            positive = rng.random(size) < 0.4
            score = (1.0 / (1.0 + np.exp(-rng.normal(1.5 * positive, 1.0)))).astype(np.float32)
            labeled = (positive & (rng.random(size) < 0.1)).astype(np.int8)
            segment = rng.integers(0, 1000, size, dtype=np.int16)
            out.write_table(pa.table({"labeled": labeled, "score": score, "segment": segment}, schema=schema))
    os.replace(temporary, path)


def measure(*argv: str) -> dict:
    """One `pueval` process: its report, wall seconds and its own peak RSS (MB, ``ru_maxrss`` from ``wait4``)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "pueval", *argv], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    if child.returncode:
        raise SystemExit(f"pueval {' '.join(argv)} failed ({child.returncode})")
    return {"report": json.loads(out), "seconds": seconds, "peak_mb": usage.ru_maxrss / 1024}


def print_row(label: str, rows: int, found: dict) -> None:
    """One row of the table: the path, rows, seconds, peak memory, AUL^PU, its bound (0: exact), the interval."""
    report = found["report"]
    low, high = report["aul_pu_ci"]
    print(f"| {label} | {rows:,} | {found['seconds']:.1f} | {found['peak_mb']:,.0f} | {report['aul_pu']:.6f} | "
          f"{report.get('error_bound', 0):.1e} | [{low:.6f}, {high:.6f}] |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=Path("/tmp/pueval-at-scale"))
    parser.add_argument("--rows", type=int, default=1_000_000_000)
    parser.add_argument("--exact", type=int, nargs="*", default=[10_000_000, 100_000_000])
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores; numpy {np.__version__}")
    print("| path | rows | wall s | peak RSS (MB) | AUL^PU | bound | interval |")
    print("|---|---|---|---|---|---|---|")
    for rows in sorted(args.exact):
        path = args.folder / f"scores-{rows}.parquet"
        write(path, rows)
        for label, extra in (("streaming", ["--streaming"]), ("exact", [])):
            print_row(label, rows, measure("evaluate", str(path), *extra))
    path = args.folder / f"scores-{args.rows}.parquet"
    start = time.perf_counter()
    write(path, args.rows)
    print(f"(wrote {path} in {time.perf_counter() - start:.0f} s, {path.stat().st_size / 1e9:.1f} GB)", flush=True)
    for label, extra in (("streaming", ["--streaming"]), ("streaming, equal edges", ["--streaming", "--edges", "equal"]),
                         ("streaming, 1,000 segments", ["--segment-column", "segment", "--bins", "1000"])):
        print_row(label, args.rows, measure("evaluate", str(path), *extra))


if __name__ == "__main__":
    main()

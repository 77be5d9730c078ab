"""Job-seconds per rule of two full runs, side by side, from their ``results/run_summary.md``, in seconds and in
the machine's own units (job-seconds divided by the reference workload's seconds that each run timed, since #62
the mean of its timings at the run's start and end, :mod:`pueval.pipeline.reference`): a slower code shows in
both, a slower machine in seconds alone.

    uv run python benchmarks/run_time.py            # the committed summary against the working tree's
    uv run python benchmarks/run_time.py --before 177b4b0 --after results/run_summary.md [--spread 0.1]

``--before`` and ``--after`` are each a file, or a git revision whose ``results/run_summary.md`` is read. A rule
whose units changed by more than ``--spread`` (the reference's own spread on one machine, plus a margin: its
repeated timings vary by about 5 %, the same work's units by about 10 %, docs/pipeline.md) is marked as moved,
and the list of moved rules closes the table: what changed beyond what the units can tell apart.
Prints each rule's job-seconds (the sum of its jobs' benchmark files) and, where both runs timed the reference,
its reference units, the totals, the wall time and the wall time a 2-core run bound by total work would take,
(job-seconds)/2. A summary from before the reference was timed has seconds only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SUMMARY = "results/run_summary.md"


def summary_text(where: str) -> str:
    path = Path(where)
    if path.is_file():
        return path.read_text()
    return subprocess.run(["git", "show", f"{where}:{SUMMARY}"], cwd=REPO, check=True, capture_output=True,
                          text=True).stdout


def rule_seconds(text: str) -> tuple[dict[str, float], float | None, float | None]:
    """({rule: job-seconds}, wall minutes, the reference workload's seconds or None) of a run summary."""
    rules = {m[1]: float(m[2]) for m in re.finditer(r"^\| (\w+) \| (\d+(?:\.\d+)?) \|", text, re.M)}
    wall = re.search(r"wall time: ([\d.]+) min", text)
    reference = re.search(r"reference workload: ([\d.]+) s", text)
    return rules, float(wall[1]) if wall else None, float(reference[1]) if reference else None


def _workload(text: str) -> str:
    """Which reference workload a summary's run timed."""
    return "pipeline slice" if "KM1/KM2 on" in text else "sort, LightGBM, numba"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="HEAD")
    parser.add_argument("--after", default=str(REPO / SUMMARY))
    parser.add_argument("--spread", type=float, default=0.10)
    args = parser.parse_args()
    (before, wall_b, ref_b), (after, wall_a, ref_a) = (rule_seconds(summary_text(w)) for w in (args.before, args.after))
    workloads = {_workload(summary_text(w)) for w in (args.before, args.after)}
    units = ref_b is not None and ref_a is not None and len(workloads) == 1
    if ref_b is not None and ref_a is not None and not units:
        print("The two runs timed different reference workloads (a slice of the pipeline's work since #62, a sort, a "
              "LightGBM fit and a numba loop before): their units are not comparable; seconds only.\n")
    extra = " | before, units | after, units | change, units | moved" if units else ""
    print(f"| rule | before ({args.before}), s | after, s | change, s{extra} |\n|---|---|---|---|"
          + ("---|---|---|---|" if units else ""))
    moved = []
    for rule in [*sorted(set(before) | set(after), key=lambda r: -max(before.get(r, 0), after.get(r, 0))), None]:
        b, a = (sum(x.values()) for x in (before, after)) if rule is None else (before.get(rule, 0.0),
                                                                                 after.get(rule, 0.0))
        row = f"| {'**all**' if rule is None else rule} | {b:.0f} | {a:.0f} | {a - b:+.0f}"
        if units:
            ub, ua = b / ref_b, a / ref_a
            beyond = rule is not None and abs(ua - ub) > args.spread * max(ub, ua, 1e-9)
            if beyond:
                moved.append(f"{rule} ({ua / ub - 1:+.0%})" if ub else f"{rule} (new)")
            row += f" | {ub:.0f} | {ua:.0f} | {ua - ub:+.0f} | {'moved' if beyond else ''}"
        print(row + " |")
    total_b, total_a = sum(before.values()), sum(after.values())
    print(f"\nwall time: {wall_b} min before, {wall_a} min after; job-seconds / 2 cores: "
          f"{total_b / 120:.1f} min before, {total_a / 120:.1f} min after")
    if units:
        print(f"reference workload: {ref_b:.3f} s before, {ref_a:.3f} s after (the machines' speed ratio "
              f"{ref_b / ref_a:.2f})")
        print(f"rules whose units moved beyond ±{args.spread:.0%}: {', '.join(moved) or 'none'}")


if __name__ == "__main__":
    main()

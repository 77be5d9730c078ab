"""Job-seconds per rule of two full runs, side by side, from their ``results/run_summary.md``.

    uv run python benchmarks/run_time.py            # the committed summary against the working tree's
    uv run python benchmarks/run_time.py --before 177b4b0 --after results/run_summary.md

``--before`` and ``--after`` are each a file, or a git revision whose ``results/run_summary.md`` is read.
Prints each rule's job-seconds (the sum of its jobs' benchmark files), the totals, the wall time and the
wall time a 2-core run bound by total work would take, (job-seconds)/2.
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


def rule_seconds(text: str) -> tuple[dict[str, float], float | None]:
    """({rule: job-seconds}, wall minutes) of a run summary."""
    rules = {m[1]: float(m[2]) for m in re.finditer(r"^\| (\w+) \| (\d+(?:\.\d+)?) \|$", text, re.M)}
    wall = re.search(r"wall time: ([\d.]+) min", text)
    return rules, float(wall[1]) if wall else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="HEAD")
    parser.add_argument("--after", default=str(REPO / SUMMARY))
    args = parser.parse_args()
    (before, wall_before), (after, wall_after) = (rule_seconds(summary_text(w)) for w in (args.before, args.after))
    print(f"| rule | before ({args.before}) | after | change |\n|---|---|---|---|")
    for rule in sorted(set(before) | set(after), key=lambda r: -max(before.get(r, 0), after.get(r, 0))):
        b, a = before.get(rule, 0.0), after.get(rule, 0.0)
        print(f"| {rule} | {b:.0f} | {a:.0f} | {a - b:+.0f} |")
    total_b, total_a = sum(before.values()), sum(after.values())
    print(f"| **all** | {total_b:.0f} | {total_a:.0f} | {total_a - total_b:+.0f} |")
    print(f"\nwall time: {wall_before} min before, {wall_after} min after; job-seconds / 2 cores: "
          f"{total_b / 120:.1f} min before, {total_a / 120:.1f} min after")


if __name__ == "__main__":
    main()

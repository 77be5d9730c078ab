"""Seconds and peak memory of `pueval.select_models` at the sizes users meet: 4,000 candidates at 200 labeled rows
(a hyper-parameter search's checkpoints) and 50 candidates at 10⁶ rows.

    uv run python benchmarks/selection_speed.py

Each case runs in a fresh interpreter (its own ru_maxrss). The candidates share a signal and differ by small
independent noise, so many are hard to tell apart: the confidence set is large and the borderline candidates
(whose own critical value is computed, at most `pueval.selection.MAX_EXACT`) many, the slow case. `np.sort` of
10⁷ floats is timed beside them as the machine's unit.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import json, resource, sys, time
import numpy as np
from pueval.selection import select_models
n, k, n_labeled = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(0)
y = rng.random(n) < 0.4
labels = np.zeros(n, np.int8)
labels[rng.choice(np.flatnonzero(y), n_labeled, replace=False)] = 1
base = y + rng.normal(0, 1, n)
scores = np.empty((n, k))
for j in range(k):
    scores[:, j] = base * (1 - 0.002 * j) + rng.normal(0, 0.3, n)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
found = select_models(labels, scores, random_state=0)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_mb": peak / 1024, "input_mb": before / 1024,
                  "set": len(found.confidence_set), "bonferroni_kept": found.bonferroni_kept}))
"""
SORT = "import time, numpy as np; x = np.random.default_rng(0).random(10**7); t = time.perf_counter(); np.sort(x); " \
       "print(time.perf_counter() - t)"


def main() -> None:
    sort = float(subprocess.run([sys.executable, "-c", SORT], capture_output=True, text=True, check=True).stdout)
    print(f"np.sort of 10^7 floats: {sort:.2f} s")
    print("| candidates | rows | labeled | seconds | peak RSS (MB) | of which the input (MB) | set size | kept by Bonferroni |")
    print("|---|---|---|---|---|---|---|---|")
    for n, k, n_labeled in ((20_000, 4000, 200), (1_000_000, 50, 100_000)):
        out = subprocess.run([sys.executable, "-c", CHILD, str(n), str(k), str(n_labeled)], capture_output=True,
                             text=True, check=True).stdout
        r = json.loads(out.splitlines()[-1])
        print(f"| {k:,} | {n:,} | {n_labeled:,} | {r['seconds']:.1f} | {r['peak_mb']:,.0f} | {r['input_mb']:,.0f} | "
              f"{r['set']:,} | {r['bonferroni_kept']:,} |", flush=True)


if __name__ == "__main__":
    main()

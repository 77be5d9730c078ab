"""Peak memory and seconds of the prior-free AUL^PU intervals at 1,000,000 rows with 100,000 labeled.

    uv run python benchmarks/interval_memory.py [--n 1000000] [--labeled 100000] [--n-boot 2000]

Each interval method runs in a fresh interpreter, so its peak resident memory (ru_maxrss) is its own;
the same interpreter's peak after building the input alone is printed beside it, and the difference
is what the interval costs. Target (issue #20): both methods ≤ 0.5 GB peak and ≤ 5 s.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = """
import json, resource, sys, time
import numpy as np
import pueval
n, n_labeled, n_boot, method = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(0)
scores = rng.normal(size=n)
labels = np.zeros(n, np.int8)
labels[rng.choice(n, n_labeled, replace=False)] = 1
scores += labels
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
interval = pueval.aul_pu_interval(labels, scores, method=method, n_boot=n_boot, random_state=0)
seconds = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"method": method, "seconds": seconds, "peak_mb": after / 1024, "input_mb": before / 1024,
                  "interval": interval}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--labeled", type=int, default=100_000)
    parser.add_argument("--n-boot", type=int, default=2000)
    args = parser.parse_args()
    print(f"n = {args.n:,}, labeled = {args.labeled:,}, n_boot = {args.n_boot}")
    print("| method | seconds | peak RSS (MB) | of which the input and interpreter (MB) | interval |")
    print("|---|---|---|---|---|")
    for method in ("normal", "bootstrap"):
        out = subprocess.run([sys.executable, "-c", CHILD, str(args.n), str(args.labeled), str(args.n_boot), method],
                             capture_output=True, text=True, check=True).stdout
        r = json.loads(out.splitlines()[-1])
        low, high = r["interval"]
        print(f"| {method} | {r['seconds']:.2f} | {r['peak_mb']:.0f} | {r['input_mb']:.0f} | [{low:.5f}, {high:.5f}] |")


if __name__ == "__main__":
    main()

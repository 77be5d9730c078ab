"""Does the reference follow the work? The same pipeline work run under changed conditions should cost the same in
reference units (job-seconds divided by the reference workload's seconds, :mod:`pueval.pipeline.reference`), while
its seconds move with the conditions.

    uv run python benchmarks/reference_stability.py [--configfile config/smoke.yaml] [--mirror ../shared/uci]

Runs the config from scratch (``--forceall``, each into its own output folder under a temporary directory) under
each condition: as the machine comes with ``--cores 2``; with NumPy's SIMD dispatch restricted
(``NPY_DISABLE_CPU_FEATURES``: the AVX2 and AVX-512 targets, where NumPy's sort is ten times faster); and with
``--cores 1``. Prints each run's job-seconds, its reference seconds and its units, and each condition's units
against the first (issue #62's target: within ±10 %).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESTRICTED = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"


def run(configfile: str, mirror: str, root: Path, cores: int, env: dict) -> tuple[float, float]:
    """(job-seconds, reference seconds) of one run of ``configfile`` from scratch into ``root``."""
    subprocess.run(["snakemake", "--cores", str(cores), "--forceall", "--configfile", configfile, "--config",
                    f"uci_mirror={mirror}", f"output_root={root}"], cwd=REPO, env=env, check=True,
                   capture_output=True)
    text = (root / "results" / "run_summary.md").read_text()
    total = float(re.search(r"job seconds summed over the rules this run ran: (\d+(?:\.\d+)?) s", text)[1])
    reference = float(re.search(r"reference workload: ([\d.]+) s", text)[1])
    return total, reference


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configfile", default="config/smoke.yaml")
    parser.add_argument("--mirror", default="../shared/uci")
    args = parser.parse_args()
    plain = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    conditions = [("as the machine comes, --cores 2", 2, plain),
                  (f"NPY_DISABLE_CPU_FEATURES={RESTRICTED!r}, --cores 2", 2,
                   plain | {"NPY_DISABLE_CPU_FEATURES": RESTRICTED}),
                  ("as the machine comes, --cores 1", 1, plain)]
    print("| condition | job seconds | reference s | units | units against the first |")
    print("|---|---|---|---|---|")
    first = None
    with tempfile.TemporaryDirectory() as folder:
        for k, (name, cores, env) in enumerate(conditions):
            total, reference = run(args.configfile, args.mirror, Path(folder) / f"run{k}", cores, env)
            units = total / reference
            first = first or units
            print(f"| {name} | {total:.0f} | {reference:.3f} | {units:.0f} | {units / first - 1:+.1%} |", flush=True)


if __name__ == "__main__":
    main()

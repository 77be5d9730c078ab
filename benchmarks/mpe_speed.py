"""MPE speed per draw at the paper's scale: Mushroom, n = 4,000 rows, 117 one-hot features.

    uv run --with pu-toolbox python benchmarks/mpe_speed.py --mirror ../shared/uci

Prints, for a few SCAR draws at each β, the seconds and θ̂ of our KM1 and KM2 (the authors'
semantics; the Gram matrices, shared by all draws of a job, are timed once; "undecided" counts
slope comparisons decided by point values that had not settled) and DistCurve (transform + curve + regressor),
and of the PyPI package pu-toolbox's KM1 and KM2 on the identical inputs when it is installed
(`--with pu-toolbox` adds it for this run only; it is not a project dependency).
and of EN and BBE (each with the transform it needs; in the pipeline DistCurve, EN and BBE share one
transform per draw) and TIcE. Targets: KM1+KM2 ≤ 0.4 s per draw (issue #9), DistCurve ≤ 1 s per
draw, EN, BBE and TIcE ≤ 0.2 s each (issue #13), on 2 cores.
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.special import expit

from pueval import seeds
from pueval.pipeline import datasets
from pueval.pipeline.config import load as load_config
from pueval.studies.draws import scar_draws
from pueval.mpe import distance_curve as dc
from pueval.mpe import kernel_embedding as ke
from pueval.mpe import shipped_regressor
from pueval.mpe.best_bin import bbe_theta
from pueval.mpe.elkan_noto import en_theta
from pueval.mpe.tice import tice_theta

REPO = Path(__file__).resolve().parents[1]


def _timed(f):
    start = time.perf_counter()
    value = f()
    return value, time.perf_counter() - start


def _pu_toolbox(X, labeled):
    try:
        from pu_toolbox.prior.kernel_mean import KernelMeanPriorEstimator
    except ImportError:
        return {}
    out = {}
    for variant in ("km1", "km2"):
        estimator = KernelMeanPriorEstimator(variant=variant, width_selection="mmd_grid", standardize=True)
        theta, seconds = _timed(lambda: estimator.fit(X, labeled.astype(int)).estimate())
        out[f"pu-toolbox {variant}"] = (float(theta), seconds)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", default=str(REPO.parent / "shared" / "uci"))
    parser.add_argument("--config", action="append", default=[],
                        help="a config file merged over config/config.yaml (repeatable)")
    parser.add_argument("--draws", type=int, default=3, help="draws per beta")
    parser.add_argument("--betas", type=float, nargs="+", default=[0.1, 0.4])
    args = parser.parse_args()
    config = load_config(*args.config, root=REPO)
    name = "mushroom"
    X, y = datasets.load(config, name, args.mirror)
    X = X.to_numpy()
    print(f"{name}: n = {len(y)}, {X.shape[1]} features")

    options = config["mpe"]["distcurve"]
    km_options = {"standardize": config["mpe"]["km"]["standardize"]}  # Table 1's KM (not the side table's datasets)
    model_path = REPO / "results" / "distcurve" / "model.txt"
    if shipped_regressor.matches(seed=config["seed"], repetitions=options["repetitions"],
                                 training=options["training"]):
        model = dc.default_regressor()  # what a run with this config reads
    elif model_path.exists():
        model = dc.load_regressor(model_path)
    else:
        model, _ = dc.fit_model(seed=config["seed"], repetitions=options["repetitions"], **options["training"])

    bank, bank_seconds = _timed(lambda: ke.KernelBank(X, **km_options))
    ke.km_thresholds(bank, np.arange(len(y)) < 50)  # compile the numba kernels outside the timings
    print(f"Gram matrices (5 widths, shared by all draws of a job): {bank_seconds:.2f} s")
    rows = []
    for beta in args.betas:
        for d, chosen in enumerate(scar_draws(y, beta, args.draws, seed=config["seed"], dataset=name)):
            first = len(rows)
            labeled = np.zeros(len(y), bool)
            labeled[chosen] = True
            truth = float(y[~labeled].mean())
            thetas, seconds = _timed(lambda: ke.km_thresholds(bank, labeled))
            rows.append(("ours KM1+KM2", beta, d, truth, f"{thetas['km1']:.3f} / {thetas['km2']:.3f} "
                         f"(undecided {thetas['undecided']})", seconds))

            (theta, _), seconds = _timed(lambda: dc.estimate_split(
                X, labeled, model, transform_seed=seeds.int_seed(config["seed"], beta, d),
                rng=seeds.rng(config["seed"], beta, d), transform=options["transform"],
                repetitions=options["repetitions"]))
            rows.append(("ours DistCurve", beta, d, truth, f"{theta:.3f}", seconds))
            # EN and BBE need the transform (shared with DistCurve in the pipeline): timed with it here
            scores, transform_seconds = _timed(lambda: dc.univariate_transform(
                X, labeled, seed=seeds.int_seed(config["seed"], beta, d), **options["transform"]))
            theta, seconds = _timed(lambda: en_theta(labeled.astype(int), expit(scores)))
            rows.append(("ours EN", beta, d, truth, f"{theta:.3f}", transform_seconds + seconds))
            theta, seconds = _timed(lambda: bbe_theta(labeled.astype(int), scores, **config["mpe"]["bbe"]))
            rows.append(("ours BBE", beta, d, truth, f"{theta:.3f}", transform_seconds + seconds))
            theta, seconds = _timed(lambda: tice_theta(X, labeled.astype(int), rng=seeds.rng(config["seed"], beta, d),
                                                       **config["mpe"]["tice"]))
            rows.append(("ours TIcE", beta, d, truth, f"{theta:.3f}", seconds))
            if d == 0:
                for method, (theta, seconds) in _pu_toolbox(X, labeled).items():
                    rows.append((method, beta, d, truth, f"{theta:.3f}", seconds))
            print(*(f"{r[0]:>20} beta={r[1]} draw={r[2]} theta={r[3]:.3f} est={r[4]} {r[5]:.2f}s"
                    for r in rows[first:]), sep="\n", flush=True)
    frame = pd.DataFrame(rows, columns=["method", "beta", "draw", "theta", "estimate", "seconds"])
    print("\nseconds per draw (mean over draws):")
    print(frame.groupby("method")["seconds"].agg(["mean", "max", "count"]).round(3).to_string())
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()

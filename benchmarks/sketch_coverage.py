"""The binned interval of `pueval.sketch` against the exact one: coverage of the true AUL and width, on the
pipeline's own draws, or on simulated populations large enough that binning happens.

    uv run python benchmarks/sketch_coverage.py [--results results] [--bins 100 1000 10000]
    uv run python benchmarks/sketch_coverage.py --simulate 1000000 [--draws 200] [--bins 10000]

With ``--results``: a finished run's intermediate files (`results/scores/*.parquet`, `results/draws/*/beta*.parquet`;
a full default run leaves them), every Table 1 draw (9 datasets × 3 β × 50 SCAR draws) against the exact normal
interval (`pueval.aul_pu_interval`, Theorem 1) and the sketch's widened interval over `bins` equally spaced bins of
the dataset's score range; the truth is the fully labeled AUL. These datasets hold 1,000–10,000 rows, so with
10,000 bins no binning happens.

With ``--simulate ROWS``: one population of ROWS rows per kind of score (normal, sigmoid-probability, heavy-tailed,
tie-heavy: benchmarks/sketch_bins.py; a latent class y, 30 % positive, z ~ N(y, 1)), ``draws`` SCAR labelings of
10 % of its positives; the truth is the population's AUL. Beside the exact interval and the widened intervals over
equal-width and quantile edges (a 100,000-row sample), the baseline that can fail: the binned estimate with the
binned rows' own normal interval, not widened by the bound. The widened interval holds the exact one by
construction, so its coverage can only be higher; the questions are by how much it is wider, and whether the
widening is needed. The last simulated run's table is kept in benchmarks/sketch_coverage.md (docs/at_scale.md shows
it).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

import math
from statistics import NormalDist

import numpy as np
from sketch_bins import kinds_of  # benchmarks/ is on the path when a benchmark runs as a script

import pueval
from pueval import metrics
from pueval.pipeline import schemas
from pueval.sketch import default_edges, summarize
from pueval.studies.draws import label_matrix


def simulated(rows: int, draws: int, bins: int) -> None:
    """Coverage and width on simulated populations (module docstring), printed as a Markdown table."""
    z_level = NormalDist().inv_cdf(0.975)
    rng = np.random.default_rng(0)
    y = rng.random(rows) < 0.3
    records = []
    for kind, scores in kinds_of(rng.standard_normal(rows) + y).items():
        truth = float(metrics.aul(y.astype(int), scores))
        low, high = float(scores.min()), float(scores.max())
        schemes = {"equal-width": default_edges(bins, low=low, high=high),
                   "quantile": default_edges(bins, low=low, high=high,
                                             sample=np.random.default_rng(1).choice(scores, 100_000, replace=False))}
        for d in range(draws):
            labels = (y & (np.random.default_rng([2, d]).random(rows) < 0.1)).astype(np.int8)
            ci = pueval.aul_pu_interval(labels, scores)
            records.append({"kind": kind, "interval": "exact", "covered": ci[0] <= truth <= ci[1],
                            "width": ci[1] - ci[0]})
            for name, edges in schemes.items():
                sketch = summarize(labels, scores, edges=edges)
                found = sketch.result()
                records.append({"kind": kind, "interval": f"{name}, widened",
                                "covered": found.ci[0] <= truth <= found.ci[1], "width": found.ci[1] - found.ci[0],
                                "exact_width": ci[1] - ci[0]})
                # the baseline: the binned estimate with the binned rows' own interval, not widened by the bound
                half = z_level * _binned_sd(sketch) / math.sqrt(found.n_labeled)
                records.append({"kind": kind, "interval": f"{name}, not widened (baseline)",
                                "covered": found.aul_pu - half <= truth <= found.aul_pu + half, "width": 2 * half,
                                "exact_width": ci[1] - ci[0]})
    frame = pd.DataFrame(records)
    frame["ratio"] = frame["width"] / frame["exact_width"]
    table = frame.groupby(["kind", "interval"], sort=False).agg(draws=("covered", "size"), coverage=("covered", "mean"),
                                                                width=("width", "mean"), ratio=("ratio", "mean"))
    print(f"| scores ({rows:,} rows, {bins:,} bins) | interval | draws | coverage (95 % nominal) | mean width | "
          "width / exact |")
    print("|---|---|---|---|---|---|")
    for (kind, interval), row in table.iterrows():
        ratio = "–" if math.isnan(row.ratio) else f"{row.ratio:.3f}"
        print(f"| {kind} | {interval} | {int(row.draws)} | {row.coverage:.3f} | {row.width:.2e} | {ratio} |")


def _binned_sd(sketch) -> float:
    """The standard deviation of the labeled rows' binned t-values (the binned rows' own, before widening)."""
    rows, labeled = sketch.rows[0], sketch.labeled[0]
    t = (np.concatenate([[0], np.cumsum(rows)[:-1]]) + rows / 2) / rows.sum()
    mean = labeled @ t / labeled.sum()
    return float(np.sqrt(labeled @ (t - mean) ** 2 / (labeled.sum() - 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--bins", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--simulate", type=int, metavar="ROWS", help="simulated populations of ROWS rows instead")
    parser.add_argument("--draws", type=int, default=200, help="with --simulate: SCAR labelings per population")
    args = parser.parse_args()
    if args.simulate:
        for bins in args.bins:
            simulated(args.simulate, args.draws, bins)
        return
    rows = []
    for scored in sorted((args.results / "scores").glob("*.parquet")):
        dataset = scored.stem
        table = schemas.read(scored, "scores")
        y, scores = table["label"].to_numpy(), table["score"].to_numpy()
        truth = float(metrics.aul(y, scores))
        for path in sorted((args.results / "draws" / dataset).glob("beta*.parquet")):
            for labels in label_matrix(schemas.read(path, "draws"), y.size):
                low, high = pueval.aul_pu_interval(labels, scores)
                rows.append({"dataset": dataset, "beta": path.stem[4:], "bins": "exact", "covered": low <= truth <= high,
                             "width": high - low, "error": abs(pueval.aul_pu_score(labels, scores) - truth)})
                for bins in args.bins:
                    found = summarize(labels, scores, edges=default_edges(bins, low=scores.min(),
                                                                          high=scores.max())).result()
                    rows.append({"dataset": dataset, "beta": path.stem[4:], "bins": str(bins),
                                 "covered": found.ci[0] <= truth <= found.ci[1], "width": found.ci[1] - found.ci[0],
                                 "error": abs(found.aul_pu - truth), "bound": found.error_bound})
    frame = pd.DataFrame(rows)
    table = frame.groupby("bins", sort=False).agg(draws=("covered", "size"), coverage=("covered", "mean"),
                                                  mean_width=("width", "mean"), mean_error=("error", "mean"),
                                                  mean_bound=("bound", "mean")).reset_index()
    print("| bins | draws | coverage | mean width | mean abs. error | mean bound |")
    print("|---|---|---|---|---|---|")
    for row in table.itertuples(index=False):
        print(f"| {row.bins} | {row.draws} | {row.coverage:.4f} | {row.mean_width:.4f} | {row.mean_error:.2e} | "
              f"{row.mean_bound:.2e} |")


if __name__ == "__main__":
    main()

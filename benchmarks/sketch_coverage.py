"""The binned interval of `pueval.sketch` against the exact one on the pipeline's own draws: coverage of the true
AUL and width, over every Table 1 draw (9 datasets × 3 β × 50 SCAR draws).

    uv run python benchmarks/sketch_coverage.py [--results results] [--bins 100 1000 10000]

Reads a finished run's intermediate files (`results/scores/*.parquet`, `results/draws/*/beta*.parquet`; a full
default run leaves them). For each draw: the exact normal interval (`pueval.aul_pu_interval`, Theorem 1) and the
sketch's widened interval over `bins` equally spaced bins of the dataset's score range; the truth is the fully
labeled AUL. The sketch's interval holds the exact one by construction, so its coverage can only be higher; the
question is by how much the widening costs in width.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

import pueval
from pueval import metrics
from pueval.pipeline import schemas
from pueval.sketch import default_edges, summarize
from pueval.studies.draws import label_matrix


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--bins", type=int, nargs="+", default=[100, 1000, 10000])
    args = parser.parse_args()
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

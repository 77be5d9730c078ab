"""AUL^PU of a Dask DataFrame on a local cluster of two workers: each partition summarized where it lives, the
sketches merged on the client (pip install ".[dask]").

    uv run python examples/at_scale_dask.py
"""
import dask.dataframe as dd
import numpy as np
import pandas as pd
from distributed import Client, LocalCluster

import pueval.sketch

if __name__ == "__main__":
    rng = np.random.default_rng(0)
    n = 2_000_000
    positive = rng.random(n) < 0.4
    table = pd.DataFrame({"labeled": (positive & (rng.random(n) < 0.2)).astype("int8"),
                          "score": 1 / (1 + np.exp(-rng.normal(1.5 * positive, 1.0))),
                          "country": rng.choice(["DE", "FR", "IT", "NL"], n)})
    frame = dd.from_pandas(table, npartitions=16)  # in practice: dd.read_parquet("s3://…/scores/*.parquet")

    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster):
        edges = pueval.sketch.default_edges(10_000)  # scores in [0, 1]; shared by every partition
        sketch = pueval.sketch.dask(frame, label="labeled", score="score", edges=edges, segment="country")

    result = sketch.result()
    print(f"AUL^PU {result.aul_pu:.5f} [{result.ci[0]:.5f}, {result.ci[1]:.5f}], within {result.error_bound:.1e} of "
          f"the exact value; {result.n:,} rows, {result.n_labeled:,} labeled")
    print(sketch.by_segment().drop(columns="note").to_string(index=False))

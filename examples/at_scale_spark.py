"""AUL^PU of a PySpark DataFrame, in Spark's local mode here: each partition summarized by mapInPandas, the
sketches merged on the driver (pip install ".[spark]"; Spark needs a Java runtime).

    uv run python examples/at_scale_spark.py
"""
import os
import sys

import numpy as np
import pandas as pd
from pyspark.sql import SparkSession

import pueval.sketch

if __name__ == "__main__":
    # the executors' Python is this one (which has pueval), not the first python3 on PATH; on a cluster, install
    # pueval on every node or ship it (docs: At scale)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (SparkSession.builder.master("local[2]").appName("pueval-at-scale")
             .config("spark.ui.enabled", "false").getOrCreate())
    rng = np.random.default_rng(0)
    n = 1_000_000
    positive = rng.random(n) < 0.4
    table = pd.DataFrame({"labeled": (positive & (rng.random(n) < 0.2)).astype("int32"),
                          "score": 1 / (1 + np.exp(-rng.normal(1.5 * positive, 1.0))),
                          "segment": rng.integers(0, 50, n)})
    frame = spark.createDataFrame(table).repartition(8)  # in practice: spark.read.parquet("…") or a table

    sketch = pueval.sketch.spark(frame, label="labeled", score="score", segment="segment")  # edges: a first pass
    result = sketch.result()
    print(f"AUL^PU {result.aul_pu:.5f} [{result.ci[0]:.5f}, {result.ci[1]:.5f}], within {result.error_bound:.1e} of "
          f"the exact value; {result.n:,} rows, {result.n_labeled:,} labeled, {len(sketch.segments)} segments")
    worst = sketch.by_segment().nsmallest(3, "aul_pu")
    print("the three lowest segments:\n" + worst.drop(columns="note").to_string(index=False))
    spark.stop()

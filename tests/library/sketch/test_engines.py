"""pueval.sketch.engines: the same counts from NumPy, a Dask LocalCluster of two workers, Spark in local mode
(skipped without a Java runtime or PySpark) and DuckDB on a Parquet file."""

import logging
import shutil

import numpy as np
import pandas as pd
import pytest

from pueval.sketch import default_edges, summarize
from pueval.sketch import engines
from pueval.validation import ArgumentError

logging.getLogger("py4j").setLevel(logging.WARNING)  # its gateway says goodbye at exit, after pytest closed the log


@pytest.fixture(scope="module")
def table():
    rng = np.random.default_rng(0)
    n = 20_000
    y = rng.random(n) < 0.4
    return pd.DataFrame({"labeled": (y & (rng.random(n) < 0.3)).astype(int),
                         "score": 1 / (1 + np.exp(-rng.normal(1.5 * y, 1.0))),
                         "segment": rng.choice(["north", "south", "west"], n),
                         "propensity": rng.uniform(0.2, 1.0, n)})


def expected(table, edges, **columns):
    return summarize(table.labeled.to_numpy(), table.score.to_numpy(), edges=edges,
                     segments=table.segment if "segment" in columns else None,
                     propensity=table.propensity.to_numpy() if "propensity" in columns else None)


def same(found, wanted):
    for field in ("rows", "labeled", "low", "high"):
        assert np.array_equal(getattr(found, field), getattr(wanted, field))
    assert found.segments == wanted.segments
    assert found.result() == wanted.result()
    if wanted.weight is not None:
        assert np.array_equal(found.weight.values(), wanted.weight.values())


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as connected:
        yield connected


def test_dask_on_two_workers_gives_the_numpy_counts(table, client):
    dd = pytest.importorskip("dask.dataframe")
    frame = dd.from_pandas(table, npartitions=7)
    edges = default_edges(500)
    same(engines.dask(frame, label="labeled", score="score", edges=edges, segment="segment",
                      propensity="propensity"), expected(table, edges, segment=True, propensity=True))
    # without edges: a first pass finds the range, and the bins span it
    found = engines.dask(frame, label="labeled", score="score")
    assert found.edges[0] == table.score.min() and found.edges[-1] == table.score.max()
    same(found, expected(table, found.edges))


def test_duckdb_on_a_parquet_file_gives_the_numpy_counts(table, tmp_path):
    pytest.importorskip("duckdb")
    path = tmp_path / "scores.parquet"
    table.to_parquet(path, row_group_size=3000)
    edges = default_edges(300)
    same(engines.duckdb(str(path), label="labeled", score="score", edges=edges, segment="segment", batch_rows=4096),
         expected(table, edges, segment=True))
    found = engines.duckdb(str(path), label="labeled", score="score", propensity="propensity")
    same(found, expected(table, found.edges, propensity=True))


def test_spark_local_mode_gives_the_numpy_counts(table):
    if shutil.which("java") is None:
        pytest.skip("no Java runtime: Spark cannot start")
    sql = pytest.importorskip("pyspark.sql")
    session = (sql.SparkSession.builder.master("local[2]").appName("pueval-test")
               .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
    try:
        frame = session.createDataFrame(table).repartition(5)
        edges = default_edges(400)
        same(engines.spark(frame, label="labeled", score="score", edges=edges, segment="segment",
                           propensity="propensity"), expected(table, edges, segment=True, propensity=True))
        found = engines.spark(frame, label="labeled", score="score")
        same(found, expected(table, found.edges))
    finally:
        session.stop()


def test_a_missing_column_is_named(table):
    pytest.importorskip("duckdb")
    import duckdb

    relation = duckdb.from_df(table)
    with pytest.raises(ArgumentError, match="no column 'scores'") as raised:
        engines.duckdb(relation, label="labeled", score="scores")
    assert raised.value.argument == "score"


def test_nothing_to_merge_is_refused():
    with pytest.raises(ArgumentError, match="no rows"):
        engines.merge_all([])


def test_text_scores_are_named_in_every_adapter(tmp_path):
    text = pd.DataFrame({"score": ["a", "b", "c", "d"], "labeled": [1, 0, 1, 0]})
    with pytest.raises(ArgumentError, match="score: column 'score' holds"):
        engines.summarize_frame(text, label="labeled", score="score", edges=np.linspace(0, 1, 5))
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "text.parquet"
    text.to_parquet(path)
    with pytest.raises(ArgumentError, match="score: column 'score' holds values that are not numbers"):
        engines.duckdb(str(path), label="labeled", score="score", connection=duckdb.connect())
    dd = pytest.importorskip("dask.dataframe")
    with pytest.raises(ArgumentError, match="score: column 'score'"):
        engines.dask(dd.from_pandas(text, npartitions=2), label="labeled", score="score")

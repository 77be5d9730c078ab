"""The At scale page's worked examples run as they are (docs/at_scale.md includes them)."""

import shutil
import subprocess
import sys

import pytest


def run(repo, name):
    done = subprocess.run([sys.executable, str(repo / "examples" / name)], capture_output=True, text=True,
                          timeout=600, cwd=repo)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_dask_example_runs(repo):
    pytest.importorskip("distributed")
    out = run(repo, "at_scale_dask.py")
    assert out.startswith("AUL^PU 0.") and "2,000,000 rows" in out
    assert all(country in out for country in ("DE", "FR", "IT", "NL"))


@pytest.mark.slow  # a JVM started anew (test_engines checks Spark's counts): `uv run pytest -m slow`
def test_the_spark_example_runs(repo):
    if shutil.which("java") is None:
        pytest.skip("no Java runtime: Spark cannot start")
    pytest.importorskip("pyspark")
    out = run(repo, "at_scale_spark.py")
    assert out.startswith("AUL^PU 0.") and "50 segments" in out and "the three lowest segments" in out

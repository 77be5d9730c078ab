"""pueval.pipeline.compare: two results folders are the same but for what a run measures."""


import pandas as pd

from pueval.pipeline import compare


def _results(folder, seconds, value=1.0, log="a"):
    (folder / "logs").mkdir(parents=True)
    (folder / "logs" / "x.log").write_text(log)
    pd.DataFrame({"draw": [0], "theta": [value], "seconds": [seconds]}).to_parquet(folder / "km.parquet")
    pd.DataFrame({"n": [1], "train_seconds_pu_auc": [seconds]}).to_csv(folder / "f.csv", index=False)
    (folder / "table1.md").write_text("t")
    return folder


def test_measured_seconds_and_logs_do_not_count(tmp_path):
    a = _results(tmp_path / "a", seconds=1.0)
    b = _results(tmp_path / "b", seconds=2.0, log="b")
    assert compare.differences(a, b) == ([], 3)
    assert compare.main([str(a), str(b)]) == 0


def test_a_computed_value_or_a_missing_file_counts(tmp_path):
    a = _results(tmp_path / "a", seconds=1.0)
    b = _results(tmp_path / "b", seconds=1.0, value=1.0 + 1e-15)
    (b / "table1.md").unlink()
    found, compared = compare.differences(a, b)
    assert found == [f"only in {a}: table1.md", "differs (beyond its seconds columns): km.parquet"]
    assert compared == 2 and compare.main([str(a), str(b)]) == 1


def test_compare_of_an_unreadable_parquet_is_one_line(tmp_path, capsys):
    from pueval.pipeline import compare

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.parquet").write_bytes(b"not parquet")
    assert compare.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "x.parquet is unreadable" in err and "Traceback" not in err

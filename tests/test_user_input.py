"""What users touch first: the ``pueval`` command on their own files, and the public API on their own values.
Bad input is one line and exit code 2 (the command) or a ValueError naming the argument (the API), never a
number from garbage, a traceback or a lost file."""

import gzip
import os

import numpy as np
import pandas as pd
import pytest

from pueval import aul_pu, cli, metrics, related
from pueval.mpe import kernel_embedding as ke
from pueval.mpe import km
from pueval.pipeline import datasets


@pytest.fixture
def scores_csv(tmp_path):
    path = tmp_path / "scores.csv"
    cli.example_scores(300, 0).to_csv(path, index=False)
    return path


def _run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(capsys, message, *argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert message in err, err
    return err


# Never lose a user's data -----------------------------------------------------------------------------------

def test_an_output_that_names_the_input_is_refused_and_the_input_kept(capsys, scores_csv):
    before = scores_csv.read_bytes()
    _refused(capsys, "is an input of this command", "evaluate", scores_csv, "--output", scores_csv)
    assert scores_csv.read_bytes() == before


def test_a_missing_output_folder_is_refused_before_any_work(capsys, scores_csv, tmp_path):
    err = _refused(capsys, "the folder", "evaluate", scores_csv, "--mpe", "km1", "--features", "x1",
                   "--output", tmp_path / "nope" / "r.json")
    assert "estimating theta" not in err


def test_the_report_is_renamed_into_place_only_when_complete(capsys, scores_csv, tmp_path, monkeypatch):
    report = tmp_path / "report.json"
    assert _run(capsys, "evaluate", scores_csv, "--output", report)[0] == 0
    first = report.read_text()
    assert '"aul_pu"' in first and sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "scores.csv"]

    def fail(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    _refused(capsys, "No space left on device", "evaluate", scores_csv, "--format", "markdown", "--output", report)
    assert report.read_text() == first  # the old report is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "scores.csv"]  # no temporary file left


@pytest.mark.parametrize("option, value, message", [
    ("--threshold", "nan", "--threshold: must be a finite number"), ("--threshold", "inf", "--threshold"),
    ("--prior", "nan", "--prior"), ("--prior", "1", "--prior"), ("--level", "1.5", "--level"),
    ("--seed", "-1", "--seed")])
def test_every_option_value_is_checked(capsys, scores_csv, option, value, message):
    extra = ["--prior", "0.3"] if option == "--threshold" else []
    _refused(capsys, message, "evaluate", scores_csv, option, value, *extra)


# Every format, and a report that says what it evaluated -------------------------------------------------------

def _stdin(monkeypatch, data: bytes):
    import io
    import types

    monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=io.BytesIO(data)))


def test_every_format_on_file_and_standard_input_gives_the_same_report(capsys, tmp_path, monkeypatch, scores_csv):
    import json

    table = pd.read_csv(scores_csv)
    text = {"csv": table.to_csv(index=False).encode(), "tsv": table.to_csv(index=False, sep="\t").encode()}
    files = {"scores.tsv": text["tsv"], "scores.csv.gz": gzip.compress(text["csv"]),
             "scores.TSV.GZ": gzip.compress(text["tsv"])}
    table.to_parquet(tmp_path / "scores.parquet")
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    expected = json.loads(_run(capsys, "evaluate", scores_csv)[1])["aul_pu"]
    for name in [*files, "scores.parquet"]:
        code, out, _ = _run(capsys, "evaluate", tmp_path / name)
        assert code == 0 and json.loads(out)["aul_pu"] == expected, name
    for data in (text["csv"], text["tsv"], gzip.compress(text["tsv"]), (tmp_path / "scores.parquet").read_bytes()):
        _stdin(monkeypatch, data)
        code, out, _ = _run(capsys, "evaluate", "-")
        assert code == 0 and json.loads(out)["aul_pu"] == expected
    (tmp_path / "scores.json").write_text("{}")
    _refused(capsys, "is none of .csv, .tsv, .csv.gz, .tsv.gz, .parquet", "evaluate", tmp_path / "scores.json")
    _stdin(monkeypatch, gzip.compress(text["csv"])[:30])
    _refused(capsys, "standard input is not valid gzip", "evaluate", "-")


def test_a_report_says_what_it_evaluated_and_what_it_warned(capsys, tmp_path, monkeypatch, scores_csv):
    import json

    monkeypatch.chdir(scores_csv.parent)
    code, out, err = _run(capsys, "evaluate", scores_csv.name, "--prior", "0.95", "--seed", "3", "--level", "0.9")
    report = json.loads(out)
    assert code == 0 and report["command"] == "evaluate" and report["input"]["path"] == scores_csv.name  # as given
    assert report["columns"] == {"score": "score", "label": "labeled", "propensity": None, "audit": None,
                                 "features": None}
    assert report["pos_label"] == "1" and report["seed"] == 3
    assert report["options"]["level"] == 0.9 and report["options"]["prior"] == 0.95
    assert len(report["warnings"]) == 1 and "exceeds 2(1 - AUC^PU)" in report["warnings"][0]
    assert err.count("pueval: warning:") == 1 and report["warnings"][0] in err  # on stderr too, once
    code, out, _ = _run(capsys, "evaluate", scores_csv.name, "--prior", "0.95", "--format", "markdown")
    assert f"Warning: {report['warnings'][0]}" in out
    code, out, _ = _run(capsys, "evaluate", scores_csv.name, "--prior", "0.95", "--format", "html")
    assert "<h2>Warnings</h2>" in out
    report = json.loads(_run(capsys, "compare", scores_csv.name, "--score-columns", "score", "score_b")[1])
    assert report["columns"]["scores"] == ["score", "score_b"] and report["warnings"] == []
    assert report["seed"] is None and "interval" not in report["options"]


# One line, exit 2, for every bad input to the command ------------------------------------------------------

@pytest.mark.parametrize("content, message", [
    (b"", "is empty"),
    (gzip.compress(b"score,labeled\n0.5,1\n"), "is not UTF-8 text"),
    ("score,labeled,name\n0.5,1,caf\xe9\n0.2,0,b\n".encode("latin-1"), "is not UTF-8 text (byte 0xe9"),
    (b"score,labeled\n0.5,1\n0.2,0,7\n0.1,0\n", "Expected 2 fields in line 3, saw 3"),
    (b"score,labeled,score\n0.5,1,3\n0.2,0,4\n", "repeats the column name(s) 'score'"),
])
def test_a_malformed_table_is_one_line_naming_the_file(capsys, tmp_path, content, message):
    path = tmp_path / "bad.csv"
    path.write_bytes(content)
    err = _refused(capsys, message, "evaluate", path)
    assert str(path) in err


def test_an_unreadable_file_is_one_line(capsys, scores_csv, monkeypatch):
    def denied(*_, **__):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cli, "_file_sha256", denied)  # root reads every file: the denial is simulated
    _refused(capsys, f"cannot read {scores_csv}: permission denied", "evaluate", scores_csv)


def test_a_non_numeric_feature_column_is_named(capsys, tmp_path):
    frame = cli.example_scores(100, 1)
    frame["x2"] = frame["x2"].astype(object)
    frame.loc[7, "x2"] = "abc"
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    _refused(capsys, "column 'x2' is not numeric throughout: 1 missing, non-numeric or infinite value(s), first in "
             "row 8 ('abc')", "evaluate", path, "--mpe", "km1", "--features", "x1", "x2")


def test_a_file_that_is_not_a_model_is_one_line(capsys, scores_csv, tmp_path):
    garbage = tmp_path / "model.txt"
    garbage.write_text("not a model\n")
    _refused(capsys, f"{garbage} is not a LightGBM model file", "evaluate", scores_csv, "--mpe", "distcurve",
             "--features", "x1", "x2", "--distcurve-model", garbage)


def test_km_refuses_before_allocating_more_memory_than_the_machine_has(capsys, scores_csv, monkeypatch):
    monkeypatch.setattr(ke, "available_bytes", lambda: 10**6)
    _refused(capsys, "KM on 300 rows needs about 0.0 GB", "evaluate", scores_csv, "--mpe", "km1", "--features", "x1")
    with pytest.raises(MemoryError, match="subsample the rows, or use a lighter estimator"):
        ke.KernelBank(np.random.default_rng(0).normal(size=(300, 2)))


# Public functions check every argument ----------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: related.average_precision([1, 0, 2], [0.3, 0.2, 0.1]), "y: must hold two values"),
    (lambda: related.average_precision([0, 0, 0], [0.3, 0.2, 0.1]), "y: no row equals pos_label=1"),
    (lambda: related.f1(np.array([1, 0, 1]), np.array([1, 0, 0])), "predicted must be a boolean array"),
    (lambda: related.jain_roc_auc([1, 0, 0], [0.3, 0.2, 0.1], "0.2"), "theta must be a number"),
    (lambda: related.jain_roc_auc([1, 0, 0], ["a", "b", "c"], 0.2), "scores must hold real numbers"),
    (lambda: metrics.aul_pu_variance([1, 1, 0], [0.3, 0.2, 0.1], 1.5), "n_labeled: must be an integer"),
    (lambda: km([["a", "b"]] * 5, np.ones((5, 2))), "X_mixture must hold real numbers"),
    (lambda: aul_pu.aul_pu_score([1, 0, 1], np.array([1 + 1j, 2, 3])), "scores must hold real numbers"),
    (lambda: aul_pu.aul_pu_score([1, 0, 1], np.array(["2020-01-01"] * 3, dtype="datetime64[D]")), "real numbers"),
])
def test_public_functions_name_the_bad_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_numpy_scalars_are_accepted_where_a_float_is():
    rng = np.random.default_rng(0)
    s, scores = (rng.random(200) < 0.3).astype(int), rng.random(200)
    assert aul_pu.aul_pu_interval(s, scores, level=np.float32(0.75)) == aul_pu.aul_pu_interval(s, scores, level=0.75)
    assert related.claesen_bounds(s, scores, np.float32(0.25), level=np.float64(0.9)) == \
        related.claesen_bounds(s, scores, 0.25, level=0.9)


def test_integer_scores_are_ranked_as_integers_beyond_two_to_the_53():
    big = 2**53
    assert float(big) == float(big + 1)  # a float64 cast would tie them
    scores = np.array([big + 1, big, 5, 7], dtype=np.int64)  # ranks 4, 3, 1, 2: t = 0.875 and 0.125 labeled
    assert aul_pu.aul_pu_score([1, 0, 1, 0], scores) == 0.5
    assert aul_pu.aul_pu_score([1, 0, 1, 0], scores.astype(float)) == 0.4375  # what the cast would give
    assert metrics.auc([1, 0], np.array([big + 1, big], dtype=np.uint64)) == 1.0


# A user's own table in the pipeline -------------------------------------------------------------------------

def test_rows_without_a_class_are_an_error_naming_the_column():
    raw = pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [1.0, np.nan, 0.0]})
    with pytest.raises(ValueError, match="config key 'datasets.mine.target': column 'y' has 1 empty cell.*row 2"):
        datasets.binarize(raw, datasets.Labeling("mine", "y", {"equals": 1.0}))


def test_greater_on_a_column_of_text_is_an_error_naming_key_and_column():
    raw = pd.DataFrame({"x": [1.0, 2.0], "grade": ["low", "high"]})
    with pytest.raises(ValueError, match="config key 'datasets.mine.positive': 'greater' needs a numeric column, "
                                         "but 'grade' holds 'low'"):
        datasets.binarize(raw, datasets.Labeling("mine", "grade", {"greater": 3}))


def test_an_empty_raw_table_points_at_the_source():
    with pytest.raises(ValueError, match="the raw table has no rows; check the entry's source"):
        datasets.binarize(pd.DataFrame({"x": [], "y": []}), datasets.Labeling("mine", "y", {"equals": 1}))


def test_a_bad_byte_far_into_a_file_is_named_at_its_offset(capsys, tmp_path):
    """The file is hashed and checked in 4 MiB blocks: a character split across two blocks is fine, and a bad
    byte is reported at its offset from the file's start."""
    block = 1 << 22
    head = b"score,labeled,name\n"
    rows = b"".join(b"0.%d,%d,a\n" % (i % 9, i % 2) for i in range(block // 8))
    text = head + rows
    cut = block - len(text[:block].rsplit(b"\n", 1)[-1])  # the start of the row that straddles the boundary
    ok = text[:cut] + "0.5,1,\u00e9t\u00e9\n".encode() + text[cut:]  # é across the block boundary or near it
    path = tmp_path / "big.csv"
    path.write_bytes(ok)
    from pueval import cli

    assert cli.read_table(str(path))[0].shape[1] == 3
    bad = ok + b"0.5,1,caf\xe9\n"
    path.write_bytes(bad)
    _refused(capsys, f"is not UTF-8 text (byte 0xe9 at offset {len(bad) - 2})", "evaluate", path)

"""``pueval select``: the report is pueval.select_models of the table's columns, in every format, with the plot;
its options checked."""

import json

import numpy as np
import pytest

from pueval import cli, reports
from pueval.selection import select_models


@pytest.fixture
def table(tmp_path):
    frame = reports.example_scores(3000, seed=5)
    rng = np.random.default_rng(6)
    frame["score_c"] = frame.score + rng.normal(0, 0.05, len(frame))
    frame["propensity"] = rng.uniform(0.3, 1.0, len(frame))
    path = tmp_path / "scores.csv"
    frame.to_csv(path, index=False)
    return frame, path


def test_the_report_is_select_models_of_the_columns(table, capsys):
    frame, path = table
    assert cli.main(["select", str(path), "--score-columns", "score", "score_b", "score_c", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = select_models(frame.labeled, frame[["score", "score_b", "score_c"]], random_state=3)
    assert report["best"] == found.best and report["confidence_set"] == list(found.confidence_set)
    assert report["best_estimate"] == pytest.approx(found.best_estimate, rel=1e-12)
    assert report["columns"]["scores"] == ["score", "score_b", "score_c"]
    assert "score_b" not in report["confidence_set"] and report["warnings"] == []


def test_propensity_markdown_html_and_plot(table, capsys, tmp_path):
    frame, path = table
    png = tmp_path / "set.png"
    assert cli.main(["select", str(path), "--score-columns", "score", "score_b", "score_c", "--propensity-column",
                     "propensity", "--format", "markdown", "--plot", str(png)]) == 0
    text = capsys.readouterr().out
    assert "weighted AUL (propensity, relative)" in text and "not ruled out as the best" in text
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert cli.main(["select", str(path), "--score-columns", "score", "score_b", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page


@pytest.mark.parametrize(("options", "message"), [
    (["--score-columns", "score"], "--score-columns: need two or more different columns"),
    (["--score-columns", "score", "score", "score_b"], "need two or more different columns"),
    (["--score-columns", "score", "score_b", "--level", "0.4"], "--level: must be at least 0.5"),
    (["--score-columns", "score", "score_b", "--propensity-column", "propensity", "--audit-column", "x"],
     "--audit-column: not with --propensity-column"),
    (["--score-columns", "score", "nothing"], "no column 'nothing'"),
])
def test_bad_options_are_one_line(table, capsys, options, message):
    _, path = table
    assert cli.main(["select", str(path), *options]) == 2
    assert message in capsys.readouterr().err

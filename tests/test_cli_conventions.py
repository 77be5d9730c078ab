"""The command's conventions (#20): --version, python -m pueval, standard input, --pos-label, compare, the
plot and the HTML report, the input's identity in every report, help on every option."""

import argparse
import hashlib
import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import pueval
from pueval import cli


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "scores.csv"
    cli.example_scores(400, seed=2).to_csv(path, index=False)
    return path


def _json(capsys, *argv):
    assert cli.main([str(a) for a in argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_version_and_python_m():
    out = subprocess.run([sys.executable, "-m", "pueval", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"pueval {pueval.__version__}"


def test_standard_input_is_read_and_its_bytes_identified(table):
    data = table.read_bytes()
    out = subprocess.run([sys.executable, "-m", "pueval", "evaluate", "-"], input=data, capture_output=True,
                         check=True)
    report = json.loads(out.stdout)
    assert report["input"] == {"path": "standard input", "sha256": hashlib.sha256(data).hexdigest(),
                               "n": 400, "n_labeled": int(pd.read_csv(table)["labeled"].sum())}
    assert report["pueval_version"] == pueval.__version__


def test_pos_label_takes_text_and_pulearn_labels(table, capsys, tmp_path):
    frame = pd.read_csv(table)
    plain = _json(capsys, "evaluate", table)
    text = tmp_path / "text.csv"
    frame.assign(labeled=np.where(frame["labeled"] == 1, "yes", "no")).to_csv(text, index=False)
    assert _json(capsys, "evaluate", text, "--pos-label", "yes")["aul_pu"] == plain["aul_pu"]
    pulearn = tmp_path / "pulearn.csv"
    frame.assign(labeled=2 * frame["labeled"] - 1).to_csv(pulearn, index=False)
    assert _json(capsys, "evaluate", pulearn)["aul_pu_ci"] == plain["aul_pu_ci"]
    assert cli.main(["evaluate", str(text)]) == 2
    assert "no row equals pos_label='1'" in capsys.readouterr().err


def test_compare_reports_the_paired_difference(table, capsys):
    report = _json(capsys, "compare", table, "--score-columns", "score", "score_b", "--level", "0.9")
    assert {"n", "n_labeled", "aul_pu_a", "aul_pu_b", "difference", "difference_ci", "p_value", "level"} <= set(report)
    frame = pd.read_csv(table)
    expected = pueval.aul_pu_difference(frame["labeled"], frame["score"], frame["score_b"], level=0.9)
    assert report["difference"] == expected.difference and report["difference_ci"] == list(expected.ci)
    assert report["input"]["sha256"] == hashlib.sha256(table.read_bytes()).hexdigest()
    assert cli.main(["compare", str(table), "--score-columns", "score", "score_b", "--format", "markdown"]) == 0
    assert "| A - B |" in capsys.readouterr().out


def test_the_plot_and_the_html_report(table, capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png, page = tmp_path / "curves.png", tmp_path / "report.html"
    assert cli.main(["evaluate", str(table), "--prior", "0.3", "--plot", str(png), "--format", "html",
                     "--output", str(page)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "data:image/png;base64," in html
    assert hashlib.sha256(table.read_bytes()).hexdigest() in html and "the prior theta" in html
    assert cli.main(["evaluate", str(table), "--plot", str(tmp_path / "curves.bmp")]) == 2
    assert "--plot" in capsys.readouterr().err


def test_every_option_has_help():
    commands = [a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction)][0].choices
    for name, command in commands.items():
        for action in command._actions:
            if not isinstance(action, argparse._HelpAction):
                assert action.help, f"pueval {name} {action.dest} has no help"


def test_warnings_are_one_line_each(tmp_path, capsys):
    path = tmp_path / "flat.csv"
    path.write_text("score,labeled\n" + "".join(f"0.5,{i % 3 == 0:d}\n" for i in range(30)))
    assert cli.main(["evaluate", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("pueval: warning: scores: every score is equal") and err.count("\n") == 1

"""The ``pueval`` command (pueval.cli): its conventions (--version, python -m pueval, standard input, --pos-label,
every format), evaluate and compare reports (priors, estimators side by side, propensities, bounds, the audit),
the plot and the HTML report, outputs that never lose a user's data, and bad input as one line with exit code 2."""

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pueval
from pueval import (
    aul_pu,
    aul_pu_difference,
    aul_pu_score,
    cli,
    metrics,
    multitest,
    reports,
    tables,
)
from pueval.mpe import kernel_embedding as ke
from pueval.propensity import aul_pu_weighted
from tests.synthetic import sar_population


def _example(tmp_path, n, seed):
    """The package's example scores (``pueval example-scores``), n rows, written as ``scores.csv``."""
    path = tmp_path / "scores.csv"
    reports.example_scores(n, seed=seed).to_csv(path, index=False)
    return path


@pytest.fixture
def table(tmp_path):
    return _example(tmp_path, 600, 1)


@pytest.fixture
def table_400(tmp_path):
    return _example(tmp_path, 400, 2)


@pytest.fixture
def table_300(tmp_path):
    return _example(tmp_path, 300, 0)


@pytest.fixture
def table_200(tmp_path):
    return _example(tmp_path, 200, 0)


def _json(capsys, *argv):
    assert cli.main([str(a) for a in argv]) == 0
    return json.loads(capsys.readouterr().out)


def _run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _table_with_propensity(tmp_path):
    rng = np.random.default_rng(7)
    y, scores, e = sar_population(rng, 2000)
    table = reports.example_scores(2000)
    table["score"], table["labeled"], table["e"] = scores, (y & (rng.random(y.size) < e)).astype(int), e
    table.loc[table["labeled"] == 0, "e"] = np.nan  # only the labeled rows' propensities are read
    path = tmp_path / "scores.csv"
    table.to_csv(path, index=False)
    return path, table


def _refused(capsys, message, *argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert message in err, err
    return err


def _stdin(monkeypatch, data: bytes):
    import io
    import types

    monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=io.BytesIO(data)))


def test_version_and_python_m():
    out = subprocess.run([sys.executable, "-m", "pueval", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"pueval {pueval.__version__}"


def test_standard_input_is_read_and_its_bytes_identified(table_400):
    data = table_400.read_bytes()
    out = subprocess.run([sys.executable, "-m", "pueval", "evaluate", "-"], input=data, capture_output=True,
                         check=True)
    report = json.loads(out.stdout)
    assert report["input"] == {"path": "standard input", "sha256": hashlib.sha256(data).hexdigest(),
                               "n": 400, "n_labeled": int(pd.read_csv(table_400)["labeled"].sum())}
    assert report["pueval_version"] == pueval.__version__


def test_pos_label_takes_text_and_pulearn_labels(table_400, capsys, tmp_path):
    frame = pd.read_csv(table_400)
    plain = _json(capsys, "evaluate", table_400)
    text = tmp_path / "text.csv"
    frame.assign(labeled=np.where(frame["labeled"] == 1, "yes", "no")).to_csv(text, index=False)
    assert _json(capsys, "evaluate", text, "--pos-label", "yes")["aul_pu"] == plain["aul_pu"]
    pulearn = tmp_path / "pulearn.csv"
    frame.assign(labeled=2 * frame["labeled"] - 1).to_csv(pulearn, index=False)
    assert _json(capsys, "evaluate", pulearn)["aul_pu_ci"] == plain["aul_pu_ci"]
    assert cli.main(["evaluate", str(text)]) == 2
    assert "no row equals pos_label='1'" in capsys.readouterr().err


def test_compare_reports_the_paired_difference(table_400, capsys):
    report = _json(capsys, "compare", table_400, "--score-columns", "score", "score_b", "--level", "0.9")
    assert {"n", "n_labeled", "aul_pu_a", "aul_pu_b", "difference", "difference_ci", "p_value", "level"} <= set(report)
    frame = pd.read_csv(table_400)
    expected = pueval.aul_pu_difference(frame["labeled"], frame["score"], frame["score_b"], level=0.9)
    # the report holds 15 significant digits (reports._tidy), the digits of a float64 without its last bit's noise
    assert report["difference"] == reports._tidy(expected.difference) and report["difference_ci"] == reports._tidy(expected.ci)
    assert report["input"]["sha256"] == hashlib.sha256(table_400.read_bytes()).hexdigest()
    assert cli.main(["compare", str(table_400), "--score-columns", "score", "score_b", "--format", "markdown"]) == 0
    assert "| A - B |" in capsys.readouterr().out


def test_the_plot_and_the_html_report(table_400, capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png, page = tmp_path / "curves.png", tmp_path / "report.html"
    assert cli.main(["evaluate", str(table_400), "--prior", "0.3", "--plot", str(png), "--format", "html",
                     "--output", str(page)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "data:image/png;base64," in html
    assert hashlib.sha256(table_400.read_bytes()).hexdigest() in html and "the prior theta" in html
    assert cli.main(["evaluate", str(table_400), "--plot", str(tmp_path / "curves.bmp")]) == 2
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


def test_cli_json_without_and_with_a_prior(table, capsys):
    code, out, _ = _run(capsys, "evaluate", table)
    report = json.loads(out)
    assert code == 0 and set(report) == {"n", "n_labeled", "aul_pu", "aul_pu_ci", "level", "interval", "auc_pu",
                                      "pueval_version", "command", "input", "columns", "pos_label", "seed",
                                      "options", "warnings"}
    frame = pd.read_csv(table)
    assert report["aul_pu"] == pytest.approx(aul_pu.aul_pu_score(frame["labeled"], frame["score"]))
    assert report["aul_pu_ci"][0] < report["aul_pu"] < report["aul_pu_ci"][1]
    code, out, _ = _run(capsys, "evaluate", table, "--prior", "0.3", "--threshold", "0.5")
    report = json.loads(out)
    assert {"theta", "auc_corrected", "auprc_corrected", "f1_estimate", "theta_upper_bound"} <= set(report)
    assert report["prior_consistent"] is True
    assert report["auc_corrected"] == pytest.approx(metrics.corrected_auc(report["auc_pu"], 0.3))
    assert report["note"].endswith("f1_estimate depend on the class prior theta")


def test_a_prior_the_scores_contradict_is_flagged_and_its_metrics_are_not_identified(table, capsys):
    frame = pd.read_csv(table)
    auc_pu = metrics.auc(frame["labeled"], frame["score"])
    bound = 2 * (1 - auc_pu)
    assert metrics.theta_upper_bound(auc_pu) == pytest.approx(bound)
    too_high = round(min(0.99, bound + 0.1), 2)
    code, out, err = _run(capsys, "evaluate", table, "--prior", too_high)
    assert "exceeds 2(1 - AUC^PU)" in err  # the CLI prints each warning as one line on stderr
    report = json.loads(out)
    assert code == 0 and report["prior_consistent"] is False
    assert report["theta_upper_bound"] == pytest.approx(bound)
    assert report["auc_corrected"] is None and report["auprc_corrected"] is None and report["f1_estimate"] is None
    assert "not identified" in report["prior_warning"]
    assert metrics.corrected_auc(auc_pu, too_high, unidentified="raw") > 1  # what clipping used to hide
    code, out, _ = _run(capsys, "evaluate", table, "--prior", too_high, "--format", "markdown")
    assert "not identified (theta above the bound)" in out and "theta is above it" in out
    assert metrics.check_prior(auc_pu, bound - 0.01) is True
    from pueval import plots  # the plot draws no corrected ROC or band for it, and says why

    with pytest.warns(metrics.PriorInconsistentWarning):
        found = pueval.evaluate(frame["labeled"], frame["score"], prior=too_high)
    figure = plots.evaluation_figure(frame["labeled"], frame["score"], found)
    roc = figure.axes[0]
    drawn = [line.get_label() for line in roc.get_lines() if len(line.get_xdata())]
    assert not any("corrected" in label or "Claesen" in label for label in drawn)
    assert any("no corrected ROC or band is identified" in t.get_text() for t in roc.get_legend().get_texts())
    plots.to_bytes(figure, "png")
    with pytest.warns(metrics.PriorInconsistentWarning, match=r"exceeds 2\(1 - AUC\^PU\) = "):
        assert metrics.check_prior(auc_pu, too_high) is False


def test_cli_mpe_markdown_and_output_file(table, tmp_path, capsys):
    target = tmp_path / "report.md"
    code, out, err = _run(capsys, "evaluate", table, "--mpe", "km2", "--features", "x1", "x2", "x3",
                          "--format", "markdown", "--output", target, "--interval", "bootstrap")
    text = target.read_text()
    assert code == 0 and out == "" and "theta = " in err
    assert "| theta (km2) |" in text and "bootstrap interval" in text


def test_cli_parquet_input(table, tmp_path, capsys):
    parquet = tmp_path / "scores.parquet"
    pd.read_csv(table).rename(columns={"score": "p", "labeled": "s"}).to_parquet(parquet)
    code, out, _ = _run(capsys, "evaluate", parquet, "--score-column", "p", "--label-column", "s")
    assert code == 0 and json.loads(out)["n"] == 600


@pytest.mark.parametrize("change, argv, message", [
    (lambda f: f, ["--score-column", "nope"], "no column 'nope'"),
    (lambda f: f.assign(labeled=f["labeled"] * 2), [], "no row equals pos_label=1"),
    (lambda f: f.assign(score=f["score"].where(f.index != 3)), [], "missing"),
    (lambda f: f.assign(labeled=0), [], "no row equals pos_label=1"),
    (lambda f: f, ["--mpe", "km1"], "--features"),
    (lambda f: f, ["--mpe", "distcurve", "--features", "x1", "--distcurve-model", "nope.txt"],
     "--distcurve-model: no file nope.txt"),
    (lambda f: f, ["--prior", "1.5"], "--prior"),
    (lambda f: f, ["--level", "2"], "--level"),
])
def test_cli_bad_input_is_one_line_and_exit_2(table, capsys, change, argv, message):
    change(pd.read_csv(table)).to_csv(table, index=False)
    code, out, err = _run(capsys, "evaluate", table, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_console_script_example_then_evaluate(tmp_path):
    """The installed entry point, as the README runs it."""
    example = subprocess.run([sys.executable, "-m", "pueval.cli", "example-scores", "--n", "300"],
                             capture_output=True, text=True, check=True)
    (tmp_path / "s.csv").write_text(example.stdout)
    result = subprocess.run([sys.executable, "-m", "pueval.cli", "evaluate", str(tmp_path / "s.csv")],
                            capture_output=True, text=True)
    assert result.returncode == 0 and json.loads(result.stdout)["n"] == 300
    missing = subprocess.run([sys.executable, "-m", "pueval.cli", "evaluate", str(tmp_path / "none.csv")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and missing.stderr.strip() == f"pueval: error: SCORES: no file {tmp_path / 'none.csv'}"


def test_cli_several_estimators_side_by_side(table, capsys):
    code, out, err = _run(capsys, "evaluate", table, "--mpe", "bbe", "km2", "--features", "x1", "x2", "x3")
    report = json.loads(out)
    assert code == 0 and report["theta_source"] == "bbe" and [p["method"] for p in report["priors"]] == ["bbe", "km2"]
    assert report["theta"] == report["priors"][0]["theta"] and report["theta_interval"] == report["priors"][0]["interval"]
    assert report["priors"][1]["interval"] is None and report["priors_agree"] is None  # KM has no interval of its own
    assert err.count("theta = ") == 2
    code, out, _ = _run(capsys, "evaluate", table, "--mpe", "bbe", "km2", "--features", "x1", "x2", "x3",
                        "--format", "markdown")
    assert "| theta (km2) |" in out and "fewer than two intervals" in out
    code, _, err = _run(capsys, "evaluate", table, "--mpe", "bbe", "bbe", "--features", "x1")
    assert code == 2 and "each method once" in err


def test_cli_reports_the_corrected_auc_interval_from_bbes_interval(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    reports.example_scores(3000, seed=2).to_csv(path, index=False)  # BBE's θ̂ here is below the scores' bound
    code, out, _ = _run(capsys, "evaluate", path, "--mpe", "bbe", "--features", "x1", "x2", "x3")
    report = json.loads(out)
    assert code == 0 and report["prior_consistent"] and report["theta_interval"] is not None
    table = pd.read_csv(path)
    se = metrics.auc_pu_standard_error(table["labeled"], table["score"])
    assert report["auc_pu_se"] == pytest.approx(se)
    prior_only = metrics.corrected_auc_interval(report["auc_pu"], report["theta_interval"])
    assert report["auc_corrected_interval_prior"] == pytest.approx(list(prior_only))
    both = metrics.corrected_auc_interval(report["auc_pu"], report["theta_interval"], standard_error=se,
                                          level=report["level"])
    assert report["auc_corrected_interval"] == pytest.approx(list(both))
    assert both[0] < prior_only[0] and prior_only[1] <= both[1]  # the sampling part widens it


def test_the_command_without_numba_is_one_line_naming_the_mpe_extra(tmp_path, capsys, monkeypatch):
    for name in [m for m in sys.modules if m == "numba" or m.startswith("numba.")
                 or m in ("pueval.mpe.kernel_embedding",)]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numba", None)
    path = tmp_path / "scores.csv"
    path.write_text(reports.example_scores(200).to_csv(index=False))
    assert cli.main(["evaluate", str(path), "--mpe", "km2", "--features", "x1", "x2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["pueval: error: numba is needed for KM1 and KM2; the 'mpe' extra installs it: "
                   "pip install '.[mpe]' in a clone of pueval (from a built wheel: pip install 'pueval-….whl[mpe]'), "
                   "or its packages alone: pip install numba lightgbm scikit-learn"]


def test_output_dash_is_standard_output(capsys, table_200, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = _run(capsys, "evaluate", table_200, "--output", "-")
    assert code == 0 and '"aul_pu"' in out and not (tmp_path / "-").exists()


def test_a_fifo_or_a_device_is_written_in_place_never_replaced(capsys, table_200, tmp_path):
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    code, _, err = _run(capsys, "evaluate", table_200, "--output", fifo)
    reader.join(timeout=30)
    assert code == 0, err
    assert stat.S_ISFIFO(fifo.stat().st_mode) and '"aul_pu"' in received[0]
    link = tmp_path / "null-link"
    link.symlink_to("/dev/null")
    code, _, err = _run(capsys, "evaluate", table_200, "--output", link)
    assert code == 0, err
    assert link.is_symlink() and stat.S_ISCHR(Path("/dev/null").stat().st_mode)


def test_a_report_keeps_the_mode_of_the_file_it_replaces_and_a_new_one_follows_the_umask(capsys, table_200,
                                                                                        tmp_path):
    import os
    import stat

    old = tmp_path / "old.json"
    old.write_text("{}")
    old.chmod(0o644)
    assert _run(capsys, "evaluate", table_200, "--output", old)[0] == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o644
    mask = os.umask(0o027)
    try:
        assert _run(capsys, "evaluate", table_200, "--output", tmp_path / "new.json")[0] == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_plot_and_output_naming_the_same_file_are_refused(capsys, table_200, tmp_path):
    code, out, err = _run(capsys, "evaluate", table_200, "--plot", tmp_path / "x.png", "--output",
                               tmp_path / "x.png")
    assert code == 2 and "--plot and --output name the same file" in err and not (tmp_path / "x.png").exists()


def test_a_failed_write_names_the_file_that_failed(capsys, table_200, tmp_path, monkeypatch):
    import errno

    pytest.importorskip("matplotlib")
    written = []

    def full_disk(text, path):
        if str(path).endswith(".png"):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)

    monkeypatch.setattr(cli, "_write", full_disk)
    code, _, err = _run(capsys, "evaluate", table_200, "--plot", tmp_path / "fig.png", "--output",
                             tmp_path / "report.json")
    assert code == 2 and err.strip().endswith(f"No space left on device: {tmp_path / 'fig.png'}"), err


def test_a_compare_column_named_with_a_bar_stays_one_markdown_cell(capsys, tmp_path):
    frame = reports.example_scores(200, 0).rename(columns={"score": "a|b"})
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    code, out, err = _run(capsys, "compare", path, "--score-columns", "a|b", "score_b", "--format", "markdown")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert all(line.replace("\\|", "").count("|") == 4 for line in rows), rows


def test_the_command_reports_the_weighted_aul_and_with_absolute_propensities_the_prior(tmp_path, capsys):
    import json

    path, table = _table_with_propensity(tmp_path)
    labeled, e = table["labeled"].to_numpy(bool), table["e"].to_numpy()
    assert cli.main(["evaluate", str(path), "--propensity-column", "e", "--absolute", "--threshold", "0.5"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = aul_pu_weighted(labeled, table["score"], e, relative=False, threshold=0.5)
    assert report["aul_weighted"] == reports._tidy(found.aul) and report["aul_weighted_ci"] == reports._tidy(found.ci)
    assert report["propensity"] == "absolute" and report["n_eff"] == reports._tidy(found.n_eff)
    assert report["theta_weighted"] == reports._tidy(found.theta) and report["f1_weighted"] == reports._tidy(found.f1)
    assert report["aul_pu"] == reports._tidy(aul_pu_score(labeled, table["score"]))  # the unweighted value beside it
    assert cli.main(["compare", str(path), "--score-columns", "score", "score_b", "--propensity-column", "e"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = aul_pu_difference(labeled, table["score"], table["score_b"], propensity=e)
    assert report["difference"] == reports._tidy(expected.difference) and report["propensity"] == "relative"


def test_the_command_refuses_a_bad_propensity_in_one_line(tmp_path, capsys):
    path, table = _table_with_propensity(tmp_path)
    table.loc[table["labeled"] == 1, "e"] = 0.0
    table.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--propensity-column", "e"]) == 2
    assert capsys.readouterr().err.strip().startswith("pueval: error: propensity: must lie in (0, 1]")
    assert cli.main(["evaluate", str(path), "--propensity-column", "nope"]) == 2
    assert "--propensity-column: no column 'nope'" in capsys.readouterr().err
    assert cli.main(["evaluate", str(path), "--absolute"]) == 2
    assert "--absolute: needs --propensity-column" in capsys.readouterr().err
    assert cli.main(["compare", str(path), "--score-columns", "score", "score_b", "--gamma", "0.9"]) == 2
    assert "--gamma: must be a finite number >= 1" in capsys.readouterr().err


def test_the_command_reports_the_bounds_and_the_breakdown_gamma(tmp_path, capsys):
    import json

    from pueval.propensity import (
        aul_pu_bounds,
        aul_pu_difference_bounds,
        breakdown_gamma,
    )

    path, table = _table_with_propensity(tmp_path)
    labeled, a, b = table["labeled"].to_numpy(bool), table["score"], table["score_b"]
    assert cli.main(["evaluate", str(path), "--gamma", "2", "--level", "0.9"]) == 0
    bounds = aul_pu_bounds(labeled, a, 2.0, level=0.9)
    assert json.loads(capsys.readouterr().out)["aul_bounds"] == reports._tidy([float(bounds.low), float(bounds.high)])
    assert cli.main(["compare", str(path), "--score-columns", "score", "score_b", "--gamma", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    bounds = aul_pu_difference_bounds(labeled, a, b, 2.0, level=0.95)
    assert report["difference_bounds"] == reports._tidy([float(bounds.low), float(bounds.high)])
    assert report["breakdown_gamma"] == reports._tidy(float(breakdown_gamma(labeled, a, b)))
    table["score_c"] = table["score"] + 10 * table["labeled"]  # beats score on every labeled row: no Γ breaks it
    table.to_csv(path, index=False)
    assert cli.main(["compare", str(path), "--score-columns", "score_c", "score", "--gamma", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["breakdown_gamma"] is None


def test_the_command_reports_the_audit(tmp_path, capsys):
    import json

    from pueval.propensity import aul_pu_audit

    path, table = _table_with_propensity(tmp_path)
    rng = np.random.default_rng(12)
    rows = rng.choice(np.flatnonzero(table["labeled"] == 0), 300, replace=False)
    table["audit"] = np.nan
    table.loc[rows, "audit"] = (table.loc[rows, "score"] > 0.6).astype(int)  # any classes: the report is checked
    table.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--audit-column", "audit"]) == 0
    report = json.loads(capsys.readouterr().out)
    found = aul_pu_audit(table["labeled"], table["score"], table["audit"])
    assert report["aul_audit"] == reports._tidy(found.aul) and report["aul_audit_ci"] == reports._tidy(found.ci)
    assert report["scar_p_value"] == reports._tidy(found.scar_p_value) and report["n_audited"] == 300
    assert cli.main(["evaluate", str(path), "--audit-column", "audit", "--format", "markdown"]) == 0
    assert "SCAR test (labeled vs audited positives), p" in capsys.readouterr().out
    rejected = found.scar_p_value < 0.05
    assert any("the audit rejects SCAR" in w for w in report["warnings"]) == rejected


def test_an_audit_that_rejects_scar_is_the_reports_first_line(tmp_path, capsys):
    """The easy positives labeled far more often: the audit's test rejects SCAR, the report says so first."""
    rng = np.random.default_rng(13)
    n = 3000
    y = rng.random(n) < 0.4
    score = y + rng.normal(0, 1, n)
    labeled = y & (rng.random(n) < 0.6 / (1 + np.exp(-3 * (score - 1.5))))
    audit = np.full(n, np.nan)
    rows = rng.choice(np.flatnonzero(~labeled), 400, replace=False)
    audit[rows] = y[rows]
    path = tmp_path / "sar.csv"
    pd.DataFrame({"labeled": labeled.astype(int), "score": score, "audit": audit}).to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--audit-column", "audit", "--format", "markdown"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("**") and "warning" in lines[0] and "before the numbers" in lines[0]
    assert any(line.startswith("Warning: the audit rejects SCAR") for line in lines[:6])
    assert cli.main(["evaluate", str(path), "--audit-column", "audit", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.index("<h2>Warnings</h2>") < page.index("<table>")


def test_an_output_that_names_the_input_is_refused_and_the_input_kept(capsys, table_300):
    before = table_300.read_bytes()
    _refused(capsys, "is an input of this command", "evaluate", table_300, "--output", table_300)
    assert table_300.read_bytes() == before


def test_a_missing_output_folder_is_refused_before_any_work(capsys, table_300, tmp_path):
    err = _refused(capsys, "the folder", "evaluate", table_300, "--mpe", "km1", "--features", "x1",
                   "--output", tmp_path / "nope" / "r.json")
    assert "estimating theta" not in err


def test_the_report_is_renamed_into_place_only_when_complete(capsys, table_300, tmp_path, monkeypatch):
    report = tmp_path / "report.json"
    assert _run(capsys, "evaluate", table_300, "--output", report)[0] == 0
    first = report.read_text()
    assert '"aul_pu"' in first and sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "scores.csv"]

    def fail(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    _refused(capsys, "No space left on device", "evaluate", table_300, "--format", "markdown", "--output", report)
    assert report.read_text() == first  # the old report is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "scores.csv"]  # no temporary file left


@pytest.mark.parametrize("option, value, message", [
    ("--threshold", "nan", "--threshold: must be a finite number"), ("--threshold", "inf", "--threshold"),
    ("--prior", "nan", "--prior"), ("--prior", "1", "--prior"), ("--level", "1.5", "--level"),
    ("--seed", "-1", "--seed")])
def test_every_option_value_is_checked(capsys, table_300, option, value, message):
    extra = ["--prior", "0.3"] if option == "--threshold" else []
    _refused(capsys, message, "evaluate", table_300, option, value, *extra)


def test_every_format_on_file_and_standard_input_gives_the_same_report(capsys, tmp_path, monkeypatch, table_300):
    import json

    table = pd.read_csv(table_300)
    text = {"csv": table.to_csv(index=False).encode(), "tsv": table.to_csv(index=False, sep="\t").encode()}
    files = {"scores.tsv": text["tsv"], "scores.csv.gz": gzip.compress(text["csv"]),
             "scores.TSV.GZ": gzip.compress(text["tsv"])}
    table.to_parquet(tmp_path / "scores.parquet")
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    expected = json.loads(_run(capsys, "evaluate", table_300)[1])["aul_pu"]
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


def test_a_report_says_what_it_evaluated_and_what_it_warned(capsys, tmp_path, monkeypatch, table_300):
    import json

    monkeypatch.chdir(table_300.parent)
    code, out, err = _run(capsys, "evaluate", table_300.name, "--prior", "0.95", "--seed", "3", "--level", "0.9")
    report = json.loads(out)
    assert code == 0 and report["command"] == "evaluate" and report["input"]["path"] == table_300.name  # as given
    assert report["columns"] == {"score": "score", "label": "labeled", "propensity": None, "audit": None,
                                 "features": None}
    assert report["pos_label"] == "1" and report["seed"] == 3
    assert report["options"]["level"] == 0.9 and report["options"]["prior"] == 0.95
    assert len(report["warnings"]) == 1 and "exceeds 2(1 - AUC^PU)" in report["warnings"][0]
    assert err.count("pueval: warning:") == 1 and report["warnings"][0] in err  # on stderr too, once
    code, out, _ = _run(capsys, "evaluate", table_300.name, "--prior", "0.95", "--format", "markdown")
    assert f"Warning: {report['warnings'][0]}" in out
    code, out, _ = _run(capsys, "evaluate", table_300.name, "--prior", "0.95", "--format", "html")
    assert "<h2>Warnings</h2>" in out
    report = json.loads(_run(capsys, "compare", table_300.name, "--score-columns", "score", "score_b")[1])
    assert report["columns"]["scores"] == ["score", "score_b"] and report["warnings"] == []
    assert report["seed"] is None and "interval" not in report["options"]


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


def test_an_unreadable_file_is_one_line(capsys, table_300, monkeypatch):
    def denied(*_, **__):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tables, "_hash_file", denied)  # root reads every file: the denial is simulated
    _refused(capsys, f"cannot read {table_300}: permission denied", "evaluate", table_300)


def test_a_non_numeric_feature_column_is_named(capsys, tmp_path):
    frame = reports.example_scores(100, 1)
    frame["x2"] = frame["x2"].astype(object)
    frame.loc[7, "x2"] = "abc"
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    _refused(capsys, "column 'x2' is not numeric throughout: 1 missing, non-numeric or infinite value(s), first in "
             "row 8 ('abc')", "evaluate", path, "--mpe", "km1", "--features", "x1", "x2")


def test_a_file_that_is_not_a_model_is_one_line(capsys, table_300, tmp_path):
    garbage = tmp_path / "model.txt"
    garbage.write_text("not a model\n")
    _refused(capsys, f"{garbage} is not a LightGBM model file", "evaluate", table_300, "--mpe", "distcurve",
             "--features", "x1", "x2", "--distcurve-model", garbage)


def test_km_refuses_before_allocating_more_memory_than_the_machine_has(capsys, table_300, monkeypatch):
    monkeypatch.setattr(ke, "available_bytes", lambda: 10**6)
    _refused(capsys, "KM on 300 rows needs about 0.0 GB", "evaluate", table_300, "--mpe", "km1", "--features", "x1")
    with pytest.raises(MemoryError, match="subsample the rows, or use a lighter estimator"):
        ke.KernelBank(np.random.default_rng(0).normal(size=(300, 2)))


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
    assert tables.read_table(str(path))[0].shape[1] == 3
    bad = ok + b"0.5,1,caf\xe9\n"
    path.write_bytes(bad)
    _refused(capsys, f"is not UTF-8 text (byte 0xe9 at offset {len(bad) - 2})", "evaluate", path)


def _three_models(tmp_path):
    table = reports.example_scores(1500, seed=4)
    table["score_c"] = table["score"] + np.random.default_rng(1).normal(size=len(table))
    path = tmp_path / "three.csv"
    table.to_csv(path, index=False)
    return path, table


def test_compare_of_several_columns_reports_every_pair_with_holms_adjustment(tmp_path, capsys):
    path, table = _three_models(tmp_path)
    report = _json(capsys, "compare", path, "--score-columns", "score", "score_b", "score_c")
    pairs = [(c["score_a"], c["score_b"]) for c in report["comparisons"]]
    assert pairs == [("score", "score_b"), ("score", "score_c"), ("score_b", "score_c")]
    labeled = table["labeled"].to_numpy()
    for pair in report["comparisons"]:
        expected = aul_pu_difference(labeled, table[pair["score_a"]], table[pair["score_b"]])
        assert pair["difference"] == pytest.approx(expected.difference, rel=1e-12)
        assert pair["difference_ci"] == pytest.approx(list(expected.ci), rel=1e-12)
    columns = ("score", "score_b", "score_c")
    assert report["aul_pu"] == pytest.approx({c: aul_pu_score(labeled, table[c]) for c in columns})
    p_values = [c["p_value"] for c in report["comparisons"]]
    assert [c["p_holm"] for c in report["comparisons"]] == pytest.approx(multitest.holm(p_values))
    baseline = _json(capsys, "compare", path, "--score-columns", "score", "score_b", "score_c", "--baseline", "score_b")
    assert [(c["score_a"], c["score_b"]) for c in baseline["comparisons"]] == [("score", "score_b"),
                                                                              ("score_c", "score_b")]
    assert baseline["options"]["baseline"] == "score_b"
    two = _json(capsys, "compare", path, "--score-columns", "score", "score_b")
    assert "comparisons" not in two and two["score_a"] == "score"  # two columns: the one-pair report, as before


def test_holm_is_the_step_down_adjustment():
    assert multitest.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert multitest.holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    assert multitest.holm([0.6, 0.7]) == pytest.approx([1.0, 1.0])


@pytest.mark.parametrize("argv, message", [
    (["--score-columns", "score"], "--score-columns: need two or more different columns"),
    (["--score-columns", "score", "score"], "--score-columns: need two or more different columns"),
    (["--score-columns", "score", "score_b", "--baseline", "x1"], "--baseline: 'x1' is not one of"),
])
def test_compare_refuses_bad_columns_in_one_line(tmp_path, capsys, argv, message):
    path, _ = _three_models(tmp_path)
    _refused(capsys, message, "compare", path, *argv)


def test_compare_writes_markdown_html_and_a_plot_of_every_pair(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path, _ = _three_models(tmp_path)
    png, page = tmp_path / "pairs.png", tmp_path / "pairs.html"
    assert cli.main(["compare", str(path), "--score-columns", "score", "score_b", "score_c", "--plot", str(png),
                     "--format", "html", "--output", str(page)]) == 0
    text = page.read_text()
    assert png.read_bytes()[:4] == b"\x89PNG" and "data:image/png;base64," in text
    assert "score_b - score_c" in text and "AUL<sup>PU</sup> of score_c" in text and "^PU" not in text.split("<pre")[0]
    assert 'white-space:pre-wrap' in text
    capsys.readouterr()
    assert cli.main(["compare", str(path), "--score-columns", "score", "score_b", "score_c",
                     "--format", "markdown"]) == 0
    assert "Holm-adjusted" in capsys.readouterr().out


def test_json_floats_carry_15_significant_digits(table, capsys):
    report = _json(capsys, "evaluate", table)
    for value in (report["aul_pu"], *report["aul_pu_ci"], report["auc_pu"]):
        assert value == float(f"{value:.15g}")
    assert reports._tidy({"a": [0.7065000000000001, 1], "b": "x"}) == {"a": [0.7065, 1], "b": "x"}


HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>', '[click](javascript:alert(3))']


def test_markdown_reports_hold_hostile_names_as_text(tmp_path, capsys):
    """Column and file names given by a user render as text through Python-Markdown (what MkDocs uses)."""
    import markdown as python_markdown

    frame = reports.example_scores(200, 0).rename(columns={"score": HOSTILE[0], "score_b": HOSTILE[1]})
    frame[HOSTILE[2]] = frame[HOSTILE[0]].rank()
    folder = tmp_path / "<svg onload=alert(4)>"
    folder.mkdir()
    path = folder / "s.csv"
    frame.to_csv(path, index=False)
    for argv in (["compare", path, "--score-columns", *HOSTILE], ["evaluate", path, "--score-column", HOSTILE[1]]):
        code, out, err = _run(capsys, *argv, "--format", "markdown")
        assert code == 0, err
        page = python_markdown.markdown(out, extensions=["tables"])
        assert "<script" not in page and "<img" not in page and "<svg" not in page and "<a " not in page, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page or argv[0] == "evaluate"


@pytest.mark.parametrize("extra, message", [
    (["--plot", "pairs.png"], "12 columns make 66 pairs, more than a figure (--plot, html) shows (45)"),
    (["--format", "html"], "more than a figure (--plot, html) shows (45)"),
])
def test_compare_refuses_a_figure_that_grows_with_the_square_of_the_columns(capsys, tmp_path, monkeypatch, extra,
                                                                           message):
    monkeypatch.chdir(tmp_path)
    frame = reports.example_scores(100, 0)
    columns = [f"m{i}" for i in range(12)]
    for i, name in enumerate(columns):
        frame[name] = frame["score"] + i * 0.01
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    _refused(capsys, message, "compare", path, "--score-columns", *columns, *extra)
    code, out, _ = _run(capsys, "compare", path, "--score-columns", *columns, "--baseline", "m0", *extra,
                        "--output", tmp_path / "report.html")
    assert code == 0  # the way the message gives: 11 pairs


def test_output_spellings_that_would_lose_a_file_are_refused(capsys, table_300, tmp_path, monkeypatch):
    _refused(capsys, "--output: newdir/ is a folder; name a file", "evaluate", table_300, "--output", "newdir/")
    monkeypatch.chdir(tmp_path)
    _refused(capsys, "--plot and --output name the same file, ./x.png", "evaluate", table_300, "--plot", "./x.png",
             "--output", "x.png")
    with open(table_300, "rb") as standard_input:  # pueval evaluate - < table.csv --output table.csv
        monkeypatch.setattr("sys.stdin", standard_input)
        _refused(capsys, "is an input of this command", "evaluate", "-", "--output", table_300)


def test_version_and_help_load_neither_numpy_nor_pandas():
    """The parser's names are the library's (the intervals), and the command's start-up imports no NumPy or
    pandas, so --version and --help answer at once."""
    assert cli.INTERVAL_METHODS == aul_pu.INTERVAL_METHODS
    code = ("import sys; from pueval import cli; cli.parser(); "
            "print(sorted(m for m in ('numpy', 'pandas', 'scipy') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


def test_target_recall_adds_the_operating_point_to_every_format(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "s.csv"
    frame = reports.example_scores(3000, 0)
    rng = np.random.default_rng(0)
    audit = np.full(len(frame), np.nan)
    rows = rng.choice(np.flatnonzero(frame["labeled"].to_numpy() == 0), 300, replace=False)
    audit[rows] = (frame["score"].to_numpy()[rows] > 0.5).astype(float)  # a stand-in for the true classes
    frame["audit"] = audit
    frame.to_csv(path, index=False)
    report = _json(capsys, "evaluate", path, "--target-recall", "0.9")
    point = report["operating_point"]
    expected = pueval.operating_point(frame["labeled"], frame["score"], target_recall=0.9)
    assert point["threshold"] == reports._tidy(expected.threshold) and point["audit_size_width_0.1"] > 0
    assert report["options"]["target_recall"] == 0.9
    code, out, _ = _run(capsys, "evaluate", path, "--target-recall", "0.9", "--format", "markdown")
    assert "| threshold with recall &gt;= 0.9 (probability 0.95) |" in out
    code, out, _ = _run(capsys, "evaluate", path, "--target-recall", "0.9", "--format", "html")
    assert "precision at that threshold, bracketed" in out
    audited = _json(capsys, "evaluate", path, "--target-recall", "0.9", "--audit-column", "audit")["operating_point"]
    assert audited["audited_precision"] is not None and audited["guarantee"].startswith("approximate")
    _refused(capsys, "--target-recall: must lie in (0, 1), got 1.5", "evaluate", path, "--target-recall", "1.5")


def test_every_mpe_method_is_checked_against_the_rankings_bound(tmp_path, capsys, monkeypatch):
    """With several --mpe methods each estimate is checked, not the first alone: a later method's theta above
    2(1 - AUC^PU) is warned of and marked in the report (the review's TIcE 0.386 > 0.371 passed unsaid)."""
    path = _example(tmp_path, 600, 1)

    from pueval.mpe import priors

    class Found:  # the estimators are not run: the check is the evaluation's, whatever produced the estimates
        def __init__(self, theta):
            self.theta, self.interval, self.interval_method, self.seconds = theta, None, None, 0.0

    monkeypatch.setattr(priors, "estimate_priors", lambda X, s, methods, **kw: {
        methods[0]: Found(0.05), methods[1]: Found(0.99)})
    monkeypatch.setattr(priors, "priors_agree", lambda found: None)
    assert cli.main(["evaluate", str(path), "--mpe", "bbe", "tice", "--features", "x1", "x2", "x3"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert [p["prior_consistent"] for p in report["priors"]] == [True, False]
    assert any("theta (tice)" in w for w in report["warnings"])


def test_a_score_that_is_not_a_number_names_its_column_and_row(tmp_path, capsys):
    path = tmp_path / "bad.csv"
    path.write_text("score,labeled\n0.5,1\n0.2,0\nabc,0\n0.9,1\n0.1,0\n,0\n")
    _refused(capsys, "--score-column: column 'score' holds 2 missing, non-numeric or infinite value(s), the first in "
                     "row 3 ('abc')", "evaluate", path)
    _refused(capsys, "--score-columns: column 'score' holds 2", "compare", path, "--score-columns", "score", "labeled")


def test_a_boolean_audit_column_is_refused_clearly(tmp_path, capsys):
    frame = reports.example_scores(300, 2)
    frame["audit"] = frame["labeled"] == 0  # "was audited" flags, not the audited rows' classes
    path = tmp_path / "flags.csv"
    frame.to_csv(path, index=False)
    _refused(capsys, "--audit-column: column 'audit' is boolean (True or False in every row)", "evaluate", path,
             "--audit-column", "audit")


def test_the_html_report_is_titled_with_its_command_and_column_and_folds_its_json(table_300, capsys):
    code, out, _ = _run(capsys, "evaluate", table_300, "--format", "html")
    assert code == 0
    assert f"<title>pueval evaluate: score of {table_300}</title>" in out
    assert "<details><summary>The report as JSON</summary><pre" in out and out.index("<details>") > out.index("<table>")


def test_bench_ranks_the_learners_of_a_learners_file_and_names_the_failures(tmp_path, capsys):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(900, 3))
    y = X[:, 0] + rng.normal(0, 0.5, 900) > 0
    pd.DataFrame(X, columns=["a", "b", "c"]).assign(labeled=(y & (rng.random(900) < 0.5)).astype(int)).to_csv(
        tmp_path / "t.csv", index=False)
    (tmp_path / "l.json").write_text(json.dumps({
        "good": {"estimator": "pueval.bench.learners:NaiveLogistic"},
        "noise": {"estimator": "pueval.bench.learners:NaiveLogistic", "params": {"C": 1e-9}},
        "broken": {"estimator": "nowhere:Thing"}}))
    assert cli.main(["bench", str(tmp_path / "t.csv"), "--features", "a", "b", "c", "--learners",
                 str(tmp_path / "l.json"), "--folds", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["command"] == "bench" and report["input"]["n"] == 900 and "good" in report["confidence_set"]
    assert set(report["failed"]) == {"broken"} and "nowhere" in report["failed"]["broken"]
    assert report["options"]["folds"] == 3
    assert cli.main(["bench", str(tmp_path / "t.csv"), "--features", "a", "--learners", str(tmp_path / "none.yaml")]) == 2
    assert "--learners: no file" in capsys.readouterr().err

"""pueval.aul_pu (AUL^PU, its prior-free intervals, the scorer), the coverage study and the ``pueval`` command."""

import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm

from pueval import aul_pu, cli, metrics
from pueval.studies import aul_interval


def _brute_aul_pu(labeled, scores):
    """Mean over labeled i and all j of S(g_i, g_j): 1 if greater, ½ if equal (j = i included)."""
    labeled, scores = np.asarray(labeled, bool), np.asarray(scores, float)
    total = sum((scores[i] > scores).sum() + 0.5 * (scores[i] == scores).sum() for i in np.flatnonzero(labeled))
    return total / (labeled.sum() * scores.size)


@pytest.mark.parametrize("seed", range(4))
def test_score_equals_brute_force_with_ties(seed):
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 8, 60) / 8  # many ties
    labeled = np.r_[np.ones(12, int), np.zeros(48, int)]
    rng.shuffle(labeled)
    assert aul_pu.aul_pu_score(labeled, scores) == pytest.approx(_brute_aul_pu(labeled, scores), abs=1e-12)
    assert aul_pu.aul_pu_score(labeled, scores) == pytest.approx(metrics.aul(labeled, scores), abs=1e-12)


def test_t_values_do_not_depend_on_the_labels():
    rng = np.random.default_rng(0)
    scores = rng.random(50)
    a, b = np.zeros(50, int), np.zeros(50, int)
    a[[1, 5, 9]] = 1
    b[[1, 5, 9, 20, 30]] = 1
    assert aul_pu.labeled_t_values(a, scores) == pytest.approx(aul_pu.labeled_t_values(b, scores)[:3])


def test_normal_interval_is_the_mean_plus_minus_z_standard_errors():
    rng = np.random.default_rng(1)
    scores = rng.random(300)
    labeled = (rng.random(300) < 0.2).astype(int)
    t = aul_pu.labeled_t_values(labeled, scores)
    half = norm.ppf(0.95) * t.std(ddof=1) / np.sqrt(t.size)
    low, high = aul_pu.aul_pu_interval(labeled, scores, level=0.9)
    assert (low, high) == pytest.approx((t.mean() - half, t.mean() + half), abs=1e-12)


def test_bootstrap_interval_is_reproducible_and_near_the_normal_one():
    rng = np.random.default_rng(2)
    scores = rng.random(2000)
    labeled = (rng.random(2000) < 0.2).astype(int)
    boot = aul_pu.aul_pu_interval(labeled, scores, method="bootstrap", random_state=7)
    assert boot == aul_pu.aul_pu_interval(labeled, scores, method="bootstrap", random_state=7)
    normal = aul_pu.aul_pu_interval(labeled, scores)
    assert boot == pytest.approx(normal, abs=0.01)


def test_intervals_cover_the_aul_over_scar_draws():
    """Synthetic population with a known AUL: coverage of the 90 % normal interval over 400 SCAR draws."""
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.4
    scores = rng.normal(size=3000) + 1.0 * y
    truth = metrics.aul(y.astype(int), scores)
    positives = np.flatnonzero(y)
    covered = []
    for d in range(400):
        labeled = np.zeros(3000, int)
        labeled[rng.choice(positives, int(0.1 * positives.size), replace=False)] = 1
        low, high = aul_pu.aul_pu_interval(labeled, scores, level=0.9)
        covered.append(low <= truth <= high)
    assert 0.85 <= np.mean(covered) <= 0.95  # nominal 0.90, slightly conservative (no FPC factor)


def test_scorer_selects_models_in_grid_search():
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV

    rng = np.random.default_rng(4)
    y = rng.random(400) < 0.5
    X = rng.normal(size=(400, 2)) + np.outer(y, [1.5, 0.0])
    s = (y & (rng.random(400) < 0.3)).astype(int)
    search = GridSearchCV(LogisticRegression(), {"C": [1e-4, 1.0]}, scoring=aul_pu.aul_pu_scorer(), cv=3).fit(X, s)
    model = search.best_estimator_
    assert aul_pu.aul_pu_scorer()(model, X, s) == pytest.approx(
        aul_pu.aul_pu_score(s, model.decision_function(X)))
    import pueval

    assert pueval.aul_pu_score is aul_pu.aul_pu_score


@pytest.mark.parametrize("labeled, scores, message", [
    ([1, 0, 1], [0.1, np.nan, 0.3], "NaN"),
    ([1, 0, 2], [0.1, 0.2, 0.3], "labels: must hold two values"),
    ([1, 0, 0], [0.1, 0.2, 0.3], "at least 2 labeled"),
    ([1, 1, 1], [0.1, 0.2, 0.3], "unlabeled"),
    ([1, 0], [0.1, 0.2, 0.3], "rows"),
    ([[1, 0, 1]], [0.1, 0.2, 0.3], "1-D"),
])
def test_bad_input_raises_value_error(labeled, scores, message):
    with pytest.raises(ValueError, match=message):
        aul_pu.aul_pu_score(labeled, scores)


@pytest.mark.parametrize("kwargs, message", [(dict(level=1.0), "level"), (dict(method="exact"), "method"),
                                             (dict(n_boot=5), "n_boot"), (dict(level=float("nan")), "level")])
def test_bad_interval_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        aul_pu.aul_pu_interval([1, 1, 0, 0], [0.4, 0.3, 0.2, 0.1], **kwargs)


@pytest.fixture()
def table(tmp_path):
    path = tmp_path / "scores.csv"
    cli.example_scores(600, seed=1).to_csv(path, index=False)
    return path


def _run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


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
    assert "depends on the class prior" in report["note"]


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
    assert metrics.corrected_auc(auc_pu, too_high) > 1  # what clipping used to hide
    code, out, _ = _run(capsys, "evaluate", table, "--prior", too_high, "--format", "markdown")
    assert "not identified (theta above the bound)" in out and "theta is above it" in out
    assert metrics.check_prior(auc_pu, bound - 0.01) is True
    from pueval import plots  # the plot draws no corrected ROC or band for it, and says why

    figure = plots.evaluation_figure(frame["labeled"], frame["score"], {**report, "level": 0.95})
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


def test_coverage_table_counts_per_setting_and_overall():
    rows = [{"dataset": d, "beta": b, "draw": k, "method": m, "covered": c, "width": w}
            for d, b, k, m, c, w in [("a", 0.1, 0, "normal", True, 0.1), ("a", 0.1, 1, "normal", False, 0.3),
                                     ("b", 0.1, 0, "normal", True, 0.2), ("b", 0.1, 1, "normal", True, 0.2)]]
    table = aul_interval.coverage_table(pd.DataFrame(rows), 0.95).set_index(["dataset", "beta", "method"])
    assert table.loc[("a", 0.1, "normal"), ["draws", "coverage", "mean_width"]].tolist() == [2, 0.5, 0.2]
    assert table.loc[("all", 0.1, "normal"), ["draws", "coverage", "level"]].tolist() == [4, 0.75, 0.95]


def test_coverage_checks_every_draw_with_both_methods():
    rng = np.random.default_rng(5)
    scores = rng.random(200)
    draws = np.zeros((3, 200), int)
    for row in draws:
        row[rng.choice(200, 30, replace=False)] = 1
    rows = aul_interval.coverage(draws, scores, truth=0.5, level=0.9, n_boot=200, seed_of=lambda d: d)
    assert [(r["draw"], r["method"]) for r in rows] == [(d, m) for d in range(3) for m in ("normal", "bootstrap")]
    for r in rows:
        assert r["covered"] == (r["low"] <= 0.5 <= r["high"]) and r["width"] == pytest.approx(r["high"] - r["low"])


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


def test_priors_agree_when_their_intervals_overlap():
    from pueval.mpe.priors import PriorEstimate, priors_agree

    def make(low, high):
        return PriorEstimate(0.5, "bbe", None, (0, 1), 10, 2, interval=(low, high) if low is not None else None)

    assert priors_agree({"a": make(0.1, 0.3), "b": make(0.25, 0.5)}) is True
    assert priors_agree({"a": make(0.1, 0.2), "b": make(0.25, 0.5)}) is False
    assert priors_agree({"a": make(0.1, 0.2), "b": make(None, None)}) is None


def test_the_corrected_auc_carries_the_priors_interval():
    assert metrics.corrected_auc_interval(0.8, (0.2, 0.3)) == pytest.approx(
        tuple(metrics.corrected_auc(0.8, np.array([0.2, 0.3]))))
    low, high = metrics.corrected_auc_interval(0.8, (0.1, 0.45))
    assert low < metrics.corrected_auc(0.8, 0.3) < high == 1.0  # past 2(1 - AUC^PU) = 0.4: capped at 1
    with pytest.raises(ValueError, match="theta_interval"):
        metrics.corrected_auc_interval(0.8, (0.3, 0.2))
    with pytest.raises(ValueError, match="auc_pu"):
        metrics.corrected_auc_interval(0.45, (0.1, 0.2))


def test_cli_reports_the_corrected_auc_interval_from_bbes_interval(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    cli.example_scores(3000, seed=2).to_csv(path, index=False)  # BBE's θ̂ here is below the scores' bound
    code, out, _ = _run(capsys, "evaluate", path, "--mpe", "bbe", "--features", "x1", "x2", "x3")
    report = json.loads(out)
    assert code == 0 and report["prior_consistent"] and report["theta_interval"] is not None
    expected = metrics.corrected_auc_interval(report["auc_pu"], report["theta_interval"])
    assert report["auc_corrected_interval"] == pytest.approx(list(expected))

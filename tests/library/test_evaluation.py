"""pueval.evaluate: the command's evaluation as one value, the same numbers in the same keys."""

import json
import re
import warnings

import numpy as np
import pytest

import pueval
from pueval import cli, metrics, reports
from pueval.evaluation import Evaluation, ScarRejectedWarning, evaluate
from pueval.propensity import aul_pu_audit, aul_pu_bounds, aul_pu_weighted

IDENTITY = ("pueval_version", "command", "input", "columns", "pos_label", "seed", "options", "warnings")


@pytest.fixture
def frame():
    table = reports.example_scores(1500, seed=4)
    rng = np.random.default_rng(5)
    table["e"] = np.where(table["labeled"] == 1, 0.2 + 0.6 * table["score"], np.nan)
    unlabeled = np.flatnonzero(table["labeled"] == 0)
    audit = np.full(len(table), np.nan)
    audit[rng.choice(unlabeled, 150, replace=False)] = rng.random(150) < 0.4
    table["audit"] = audit
    return table


@pytest.mark.parametrize("options, kwargs", [
    ([], {}),
    (["--prior", "0.3", "--target-recall", "0.8"], {"prior": 0.3, "target_recall": 0.8}),
    (["--propensity-column", "e", "--absolute", "--threshold", "0.4", "--gamma", "1.5", "--audit-column", "audit",
      "--prior", "0.3"], {"propensity": "e", "absolute": True, "threshold": 0.4, "gamma": 1.5, "audited": "audit",
                          "prior": 0.3}),
    (["--mpe", "bbe", "en", "--features", "x1", "x2", "x3", "--seed", "2"], {"mpe": ["bbe", "en"], "seed": 2}),
])
def test_the_command_reports_what_evaluate_returns(tmp_path, capsys, frame, options, kwargs):
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), *options]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("propensity", "audited"):
        if key in kwargs:
            kwargs[key] = frame[kwargs[key]].to_numpy()
    if "mpe" in kwargs:
        kwargs["X"] = frame[["x1", "x2", "x3"]].to_numpy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = evaluate(frame["labeled"], frame["score"], **kwargs)
    expected = json.loads(reports.report_json(found.as_dict(propensity_column="e" if "propensity" in kwargs else None,
                                                            audit_column="audit" if "audited" in kwargs else None,
                                                            warnings=False)))
    assert {k: v for k, v in report.items() if k not in IDENTITY} == expected
    assert report["warnings"] == list(found.warnings)  # the value carries what the command reports
    assert list(report)[:len(expected)] == list(expected)  # the same keys, in the same order


def test_an_evaluation_holds_the_library_results_it_combines(frame):
    labeled, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    e, audit = frame["e"].to_numpy(), frame["audit"].to_numpy()
    with pytest.warns(ScarRejectedWarning):  # the fixture's audit is random: it disagrees with the labeled rows
        found = pueval.evaluate(labeled, scores, propensity=e, gamma=2.0, audited=audit, prior=0.3, level=0.9)
    assert isinstance(found, Evaluation) and found.n == 1500 and found.n_labeled == labeled.sum()
    assert found.aul_pu == pueval.aul_pu_score(labeled, scores)
    assert found.aul_pu_ci == pueval.aul_pu_interval(labeled, scores, 0.9)
    assert found.auc_pu == pytest.approx(metrics.auc(labeled, scores))
    assert found.threshold == np.median(scores)
    assert found.weighted == aul_pu_weighted(labeled, scores, e, level=0.9)
    assert found.bounds == aul_pu_bounds(labeled, scores, 2.0, level=0.9)
    assert found.audit == aul_pu_audit(labeled, scores, audit, level=0.9)
    assert found.corrected.auc_corrected == metrics.corrected_auc(found.auc_pu, 0.3, clip=True)
    assert found.corrected.theta_interval is None and found.corrected.source == "given"


def test_a_prior_the_ranking_does_not_allow_leaves_the_corrected_metrics_unidentified(frame):
    labeled, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    with pytest.warns(metrics.PriorInconsistentWarning, match="theta \\(given\\)"):
        found = evaluate(labeled, scores, prior=0.99)
    assert not found.corrected.consistent and found.corrected.auc_corrected is None
    assert found.as_dict()["prior_warning"].startswith("theta 0.9900 exceeds")


def test_an_audit_that_rejects_scar_warns(frame):
    labeled, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    audit = np.where(labeled == 1, np.nan, np.nan)
    unlabeled = np.flatnonzero(labeled == 0)
    low = unlabeled[np.argsort(scores[unlabeled])[:300]]  # positives found only among the lowest scores
    audit[low] = 1.0
    audit[unlabeled[np.argsort(scores[unlabeled])[-300:]]] = 0.0
    with pytest.warns(ScarRejectedWarning, match="the audit rejects SCAR"):
        evaluate(labeled, scores, audited=audit)


def test_every_method_carries_its_own_time_and_the_first_feeds_the_corrected_metrics(frame):
    labeled, X = frame["labeled"].to_numpy(), frame[["x1", "x2", "x3"]].to_numpy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = evaluate(labeled, frame["score"], X=X, mpe=["bbe", "en"])
    estimates = found.corrected.estimates
    assert list(estimates) == ["bbe", "en"] and found.corrected.source == "bbe"
    assert found.corrected.theta == estimates["bbe"].theta
    assert all(e.seconds is not None and e.seconds >= 0 for e in estimates.values())
    assert found.corrected.theta_interval == estimates["bbe"].interval


@pytest.mark.parametrize("kwargs, message", [
    ({"prior": 0.3, "mpe": "en", "X": np.zeros((1500, 1))}, "not both"),
    ({"mpe": "en"}, "mpe needs X"),
    ({"prior": 1.5}, "prior"),
    ({"level": 1.5}, "level"),
])
def test_bad_arguments_are_named(frame, kwargs, message):
    with pytest.raises(ValueError, match=message):
        evaluate(frame["labeled"], frame["score"], **kwargs)


@pytest.mark.parametrize("columns, options, kwargs", [
    (["score", "score_b"], [], {}),
    (["score", "score_b", "x1"], [], {}),
    (["score", "score_b", "x1"], ["--baseline", "score_b"], {"baseline": "score_b"}),
    (["score", "x1"], ["--propensity-column", "e", "--absolute", "--gamma", "1.5"],
     {"propensity": "e", "absolute": True, "gamma": 1.5}),
])
def test_the_command_compares_what_compare_returns(tmp_path, capsys, frame, columns, options, kwargs):
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    assert cli.main(["compare", str(path), "--score-columns", *columns, *options]) == 0
    report = json.loads(capsys.readouterr().out)
    if "propensity" in kwargs:
        kwargs["propensity"] = frame["e"].to_numpy()
    found = pueval.compare(frame["labeled"], {c: frame[c].to_numpy() for c in columns}, **kwargs)
    expected = json.loads(reports.report_json(found.as_dict(propensity_column="e" if "propensity" in kwargs
                                                            else None, warnings=False)))
    assert {k: v for k, v in report.items() if k not in IDENTITY} == expected
    assert list(report)[:len(expected)] == list(expected)
    assert report["warnings"] == list(found.warnings)


def test_a_comparison_adjusts_its_pairs_by_holm_and_forms_them_as_asked(frame):
    from pueval.multitest import holm

    labeled = frame["labeled"].to_numpy()
    models = {name: frame[name].to_numpy() for name in ("score", "score_b", "x1")}
    every = pueval.compare(labeled, models)
    assert [(p.a, p.b) for p in every.pairs] == [("score", "score_b"), ("score", "x1"), ("score_b", "x1")]
    raw = [p.difference.p_value for p in every.pairs]
    assert [p.p_holm for p in every.pairs] == pytest.approx(holm(raw))
    assert every.pairs[0].difference == pueval.aul_pu_difference(labeled, models["score"], models["score_b"])
    against = pueval.compare(labeled, models, baseline="x1")
    assert [(p.a, p.b) for p in against.pairs] == [("score", "x1"), ("score_b", "x1")]
    single = pueval.compare(labeled, {"score": models["score"], "x1": models["x1"]}, gamma=2.0)
    assert single.pairs[0].p_holm is None and single.pairs[0].bounds.gamma == 2.0
    assert "p_holm" not in single.as_dict() and single.as_dict()["score_a"] == "score"


@pytest.mark.parametrize("scores, kwargs, message", [
    ({"a": [0.1] * 1500}, {}, "two or more"),
    ({"a": np.zeros(1500), "b": np.ones(1500)}, {"baseline": "c"}, "baseline"),
    ({"a": np.zeros(1500), "b": np.full(1500, np.nan)}, {}, "scores\\['b'\\]"),
])
def test_bad_comparisons_are_named(frame, scores, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pueval.compare(frame["labeled"], scores, **kwargs)


def test_the_figures_take_the_values(frame):
    from pueval import plots

    labeled, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    found = evaluate(labeled, scores, prior=0.3)
    figure = plots.evaluation_figure(labeled, scores, found)
    legend = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    assert any("θ = 0.3" in text for text in legend)  # the evaluation's prior, read from the value
    assert not any("indirect" in text and "AUC" in text for text in legend)  # one corrected AUC: the report's
    assert figure.texts[0].get_text() == f"{found.n} rows, {found.n_labeled} labeled"
    pair = pueval.compare(labeled, {"a": scores, "b": frame["score_b"].to_numpy()})
    ax = plots.comparison_figure(pair).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a − b"]
    assert ax.get_title() == f"{pair.pairs[0].difference.n} rows, {pair.pairs[0].difference.n_labeled} labeled"


@pytest.mark.parametrize("interval", ["normal", "bootstrap"])
def test_a_plain_evaluation_checks_the_labels_once_and_ranks_the_scores_once(monkeypatch, frame, interval):
    from pueval import aul_pu, validation

    calls = {"checks": 0, "sorts": 0}
    label_mask, sort = validation._label_mask, np.sort

    def counted_mask(*args, **kwargs):
        calls["checks"] += 1
        return label_mask(*args, **kwargs)

    def counted_sort(*args, **kwargs):
        calls["sorts"] += 1
        return sort(*args, **kwargs)

    monkeypatch.setattr(validation, "_label_mask", counted_mask)
    monkeypatch.setattr(np, "sort", counted_sort)
    labels, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    found = evaluate(labels, scores, interval=interval, seed=3)
    assert calls == {"checks": 1, "sorts": 1}
    monkeypatch.undo()  # the same numbers as the three library calls, each checking and sorting on its own
    assert found.aul_pu == pueval.aul_pu_score(labels, scores)
    assert found.aul_pu_ci == aul_pu.aul_pu_interval(labels, scores, method=interval, random_state=3)
    assert found.auc_pu == metrics.auc(labels, scores)


@pytest.mark.parametrize("options, kwargs", [
    ([], {}),
    (["--prior", "0.3", "--target-recall", "0.8"], {"prior": 0.3, "target_recall": 0.8}),
    (["--mpe", "bbe", "en", "--features", "x1", "x2", "x3", "--seed", "2"], {"mpe": ["bbe", "en"], "seed": 2}),
])
def test_report_renders_a_library_value_as_the_command_does(tmp_path, capsys, frame, options, kwargs):
    """pueval.report(evaluate(...)) gives the command's rows and JSON keys; only what names the input differs."""
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    labels, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    if "mpe" in kwargs:
        kwargs = kwargs | {"X": frame[["x1", "x2", "x3"]].to_numpy()}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = evaluate(labels, scores, **kwargs)
    for fmt in ("json", "markdown"):
        assert cli.main(["evaluate", str(path), *options, "--format", fmt]) == 0
        command = capsys.readouterr().out
        ours = pueval.report(found, fmt, warnings=[str(w.message) for w in caught])
        if fmt == "json":
            theirs = json.loads(command)
            assert {k: v for k, v in json.loads(ours).items() if k not in IDENTITY} == \
                {k: v for k, v in theirs.items() if k not in IDENTITY}
            assert json.loads(ours)["warnings"] == theirs["warnings"]
        else:
            assert ours.splitlines()[:-1] == command.splitlines()[:-1]  # the last line names the input
    html = pueval.report(found, "html", labels=labels, scores=scores)
    assert html.startswith("<!DOCTYPE html>") and "data:image/png;base64," in html
    with pytest.raises(ValueError, match="format: must be one of json, markdown, html"):
        pueval.report(found, "pdf")
    with pytest.raises(ValueError, match="result: must be an Evaluation, a Comparison, a Selection or a "
                                         "StreamingEvaluation, got dict"):
        pueval.report(found.as_dict())


@pytest.mark.parametrize("command", ["compare", "select"])
def test_report_renders_a_comparison_and_a_selection_as_the_command_does(tmp_path, capsys, frame, command):
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    labels = frame["labeled"].to_numpy()
    columns = {c: frame[c].to_numpy() for c in ("score", "score_b", "x1")}
    found = pueval.compare(labels, columns) if command == "compare" else \
        pueval.select_models(labels, columns, random_state=0)  # the command's --seed default
    assert cli.main([command, str(path), "--score-columns", *columns, "--format", "markdown"]) == 0
    assert pueval.report(found).splitlines()[:-1] == capsys.readouterr().out.splitlines()[:-1]
    assert "data:image/png;base64," in pueval.report(found, "html")


def test_estimators_that_disagree_beyond_their_intervals_lead_the_report(monkeypatch, tmp_path, capsys, frame):
    """Two estimates whose intervals share no point: a PriorsDisagreeWarning, first in the command's report."""
    from pueval.evaluation import PriorsDisagreeWarning
    from pueval.mpe import priors

    def disjoint(X, labels, methods, **kwargs):
        return {m: priors.PriorEstimate(theta, m, None, (0.0, 0.999), len(labels), int(np.sum(labels)),
                                        interval=interval, interval_method="stand-in", seconds=0.0)
                for m, theta, interval in zip(methods, (0.2, 0.4), ((0.15, 0.25), (0.35, 0.45)))}

    monkeypatch.setattr(priors, "estimate_priors", disjoint)
    labels, scores = frame["labeled"].to_numpy(), frame["score"].to_numpy()
    with pytest.warns(PriorsDisagreeWarning, match=r"bbe \[0.1500, 0.2500\], en \[0.3500, 0.4500\]\): theta is not"):
        found = evaluate(labels, scores, X=frame[["x1"]].to_numpy(), mpe=["bbe", "en"])
    assert found.corrected.agree is False and found.corrected.theta == 0.2
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--mpe", "bbe", "en", "--features", "x1", "--format", "markdown"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("**1 warning") and "disagree beyond their intervals" in lines[2]


def test_a_result_carries_its_warnings_to_a_library_report():
    # an audit that rejects SCAR: the command's report leads with the warning, and so does pueval.report
    rng = np.random.default_rng(3)
    n = 3_000
    y = rng.random(n) < 0.4
    scores = y + rng.normal(size=n)
    labeled = y & (rng.random(n) < 1 / (1 + np.exp(-3 * scores)))  # the high-scored positives labeled: SAR
    audited = np.full(n, np.nan)
    rows = rng.choice(np.flatnonzero(~labeled), 400, replace=False)
    audited[rows] = y[rows]
    with pytest.warns(UserWarning, match="rejects SCAR"):  # still raised to the caller
        found = evaluate(labeled.astype(int), scores, audited=audited)
    assert any("rejects SCAR" in message for message in found.warnings)
    assert found.as_dict()["warnings"] == list(found.warnings)
    text = pueval.report(found, "markdown")
    assert re.match(r"\*\*\d+ warnings?: read", text.splitlines()[0])
    assert "rejects SCAR" in text.split("|")[0]  # before the table
    quiet = evaluate((y & (rng.random(n) < 0.5)).astype(int), scores)
    assert quiet.warnings == () and pueval.report(quiet, "json").count('"warnings": []') == 1


def test_results_print_short_and_render_in_a_notebook():
    rng = np.random.default_rng(5)
    y = rng.random(800) < 0.4
    labels, scores = (y & (rng.random(800) < 0.5)).astype(int), y + rng.normal(size=800)
    found = evaluate(labels, scores, prior=0.3)
    assert repr(found).startswith("Evaluation(n=800, n_labeled=") and len(repr(found)) < 200
    assert "corrected=…" in repr(found)
    pair = pueval.compare(labels, {"a": scores, "b": scores + rng.normal(size=800)})
    assert repr(pair).startswith("Comparison(a − b ") and len(repr(pair)) < 200
    chosen = pueval.select_models(labels, {"a": scores, "b": scores + rng.normal(size=800)})
    assert repr(chosen).startswith("Selection(best='a'") and len(repr(chosen)) < 200
    for value in (found, pair, chosen):
        html = value._repr_html_()
        assert html.startswith("<div>") and "<table>" in html and "<th>n</th>" in html


def test_evaluate_takes_sample_weight_as_repeated_rows():
    rng = np.random.default_rng(8)
    y = rng.random(600) < 0.4
    labels, scores = (y & (rng.random(600) < 0.5)).astype(int), y + rng.normal(size=600)
    weights = rng.integers(1, 4, size=600)
    found = evaluate(labels, scores, sample_weight=weights)
    repeated = evaluate(np.repeat(labels, weights), np.repeat(scores, weights))
    assert found.aul_pu == pytest.approx(repeated.aul_pu) and found.auc_pu == pytest.approx(repeated.auc_pu)
    assert found.n == 600
    with pytest.raises(pueval.validation.ArgumentError, match="sample_weight: .* not with prior"):
        evaluate(labels, scores, sample_weight=weights, prior=0.3)
    point = evaluate(labels, scores, sample_weight=weights, target_recall=0.8).operating_point
    expected = evaluate(np.repeat(labels, weights), np.repeat(scores, weights), target_recall=0.8).operating_point
    assert point.threshold == expected.threshold and point.n == expected.n == weights.sum()
    assert point.precision_bracket == pytest.approx(expected.precision_bracket)


def test_compare_and_select_models_take_sample_weight_as_repeated_rows():
    rng = np.random.default_rng(9)
    y = rng.random(700) < 0.4
    labels = (y & (rng.random(700) < 0.5)).astype(int)
    scores = {"a": y + rng.normal(size=700), "b": y + rng.normal(0, 2, 700), "c": rng.normal(size=700)}
    weights = rng.integers(1, 4, size=700)
    repeated_labels = np.repeat(labels, weights)
    repeated = {name: np.repeat(values, weights) for name, values in scores.items()}
    found, expected = pueval.compare(labels, scores, sample_weight=weights), pueval.compare(repeated_labels, repeated)
    for pair, other in zip(found.pairs, expected.pairs, strict=True):
        assert pair.difference.difference == pytest.approx(other.difference.difference)
        assert pair.difference.ci == pytest.approx(other.difference.ci)
        assert pair.p_holm == pytest.approx(other.p_holm)
    chosen = pueval.select_models(labels, scores, sample_weight=weights)
    plain = pueval.select_models(repeated_labels, repeated)
    assert chosen.aul_pu == pytest.approx(plain.aul_pu) and chosen.standard_error == pytest.approx(plain.standard_error)
    assert chosen.confidence_set == plain.confidence_set and chosen.best == plain.best
    assert chosen.regret_upper == pytest.approx(plain.regret_upper, rel=1e-6)
    with pytest.raises(pueval.validation.ArgumentError, match="sample_weight: is taken alone, not with gamma"):
        pueval.compare(labels, scores, sample_weight=weights, gamma=1.5)
    with pytest.raises(pueval.validation.ArgumentError, match="sample_weight: is taken alone"):
        pueval.select_models(labels, scores, sample_weight=weights, propensity=np.ones(700))

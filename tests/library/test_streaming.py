"""``pueval evaluate --streaming`` (pueval.streaming): a file read in blocks into a sketch, against the exact
path; automatic for a large file; segments; options it refuses, named."""

import json

import numpy as np
import pandas as pd
import pytest

import pueval
from pueval import cli, reports, streaming
from pueval.sketch import default_edges, summarize


@pytest.fixture
def scores_file(tmp_path):
    table = reports.example_scores(30_000, seed=3)
    rng = np.random.default_rng(4)
    table["region"] = rng.choice(["east", "west"], len(table))
    table["propensity"] = rng.uniform(0.3, 1.0, len(table))
    return table, tmp_path


def run(capsys, *argv):
    assert cli.main(list(map(str, argv))) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


@pytest.mark.parametrize("edges", ["quantile", "equal"])
@pytest.mark.parametrize("suffix", [".csv", ".csv.gz", ".parquet"])
def test_the_streaming_report_bounds_the_exact_one(scores_file, capsys, monkeypatch, suffix, edges):
    table, folder = scores_file
    path = folder / f"scores{suffix}"
    table.to_parquet(path, row_group_size=7000) if suffix == ".parquet" else table.to_csv(path, index=False)
    monkeypatch.setattr(streaming, "BLOCK_ROWS", 4096)  # several blocks
    report, err = run(capsys, "evaluate", path, "--streaming", "--bins", 500, "--edges", edges)
    exact, _ = run(capsys, "evaluate", path)
    assert report["streaming"] == "asked: --streaming" and "rows" in err
    assert (report["n"], report["n_labeled"]) == (exact["n"], exact["n_labeled"])
    assert abs(report["aul_pu"] - exact["aul_pu"]) <= report["error_bound"]
    assert abs(report["auc_pu"] - exact["auc_pu"]) <= report["auc_pu_error_bound"] + 1e-12
    assert report["aul_pu_ci"][0] <= exact["aul_pu_ci"][0] and exact["aul_pu_ci"][1] <= report["aul_pu_ci"][1]
    assert report["input"]["sha256"] == exact["input"]["sha256"]
    assert report["options"]["edges"] == edges
    # the same sketch as one summary of every row over the same edges (fewer rows than the sample keeps: every
    # score is the sample)
    labels, scores = table.labeled.to_numpy(), table.score.to_numpy()
    assert scores.size <= streaming.SAMPLE_ROWS
    whole = summarize(labels, scores, edges=default_edges(500, low=scores.min(), high=scores.max(),
                                                          sample=scores if edges == "quantile" else None)).result()
    assert report["aul_pu"] == pytest.approx(whole.aul_pu, abs=1e-15) and report["bins"] == whole.bins


@pytest.mark.parametrize("blocks", [[10_000], [1, 2, 3, 9_994], [4_096, 4_096, 1_808], [599, 1, 9_400]])
def test_the_systematic_sample_is_every_kth_row_whatever_the_blocks(blocks):
    values = np.arange(10_000.0)
    sample, start = streaming.SystematicSample(size=300), 0
    for size in blocks:
        sample.add(values[start:start + size])
        start += size
    k = 1
    while -(-values.size // k) > 600:  # the fewest rows 0, k, 2k, … that are at most twice the size
        k *= 2
    assert np.array_equal(sample.values, values[::k]) and 300 <= sample.values.size <= 600


def test_quantile_edges_keep_heavy_tailed_scores_as_narrow_as_the_exact_interval(tmp_path, capsys):
    rng = np.random.default_rng(8)
    z = rng.standard_normal(60_000)
    table = pd.DataFrame({"labeled": (rng.random(z.size) < 0.2 * (z > 0)).astype(int), "score": np.exp(3 * z)})
    path = tmp_path / "heavy.parquet"
    table.to_parquet(path)
    exact, _ = run(capsys, "evaluate", path)
    width = exact["aul_pu_ci"][1] - exact["aul_pu_ci"][0]
    quantile, _ = run(capsys, "evaluate", path, "--streaming")
    equal, _ = run(capsys, "evaluate", path, "--streaming", "--edges", "equal")
    assert (quantile["aul_pu_ci"][1] - quantile["aul_pu_ci"][0]) / width < 1.1 and not quantile["warnings"]
    assert (equal["aul_pu_ci"][1] - equal["aul_pu_ci"][0]) / width > 10
    assert any("widen the interval" in message for message in equal["warnings"])


def test_segments_and_propensities_in_one_pass(scores_file, capsys):
    table, folder = scores_file
    path = folder / "scores.parquet"
    table.to_parquet(path)
    report, _ = run(capsys, "evaluate", path, "--segment-column", "region", "--propensity-column", "propensity")
    assert report["streaming"] == "asked: --segment-column implies --streaming"
    assert [s["segment"] for s in report["segments"]] == ["east", "west"]
    for segment in report["segments"]:
        rows = table.region == segment["segment"]
        exact = pueval.aul_pu_score(table.labeled[rows], table.score[rows])
        assert abs(segment["aul_pu"] - exact) <= segment["error_bound"]
    weighted = pueval.aul_pu_score(table.labeled, table.score, propensity=table.propensity)
    assert abs(report["aul_weighted"] - weighted) <= report["aul_weighted_error_bound"]


def test_a_large_parquet_file_streams_without_being_asked(scores_file, capsys, monkeypatch):
    table, folder = scores_file
    path = folder / "scores.parquet"
    table.to_parquet(path)
    monkeypatch.setattr(streaming, "AUTOMATIC_ROWS", 10_000)
    report, _ = run(capsys, "evaluate", path)
    assert report["streaming"] == "automatic: the file declares 30,000 rows, more than 10,000"
    # an option that needs every score keeps the exact path
    report, _ = run(capsys, "evaluate", path, "--prior", "0.3")
    assert "streaming" not in report and "auc_corrected" in report


@pytest.mark.parametrize(("options", "message"), [
    (["--prior", "0.3"], "--streaming: not with --prior"),
    (["--interval", "bootstrap"], "--streaming: not with --interval bootstrap"),
    (["--bins", "0"], "--bins: must be an integer in [1, 1000000]"),
    (["--target-recall", "0.8", "--audit-column", "x"], "not with --audit-column, --target-recall"),
])
def test_options_the_streaming_path_does_not_offer_are_named(scores_file, capsys, options, message):
    table, folder = scores_file
    path = folder / "scores.csv"
    table.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--streaming", *options]) == 2
    assert message in capsys.readouterr().err


def test_standard_input_is_refused_for_two_passes(capsys):
    assert cli.main(["evaluate", "-", "--streaming"]) == 2
    assert "give a file, not standard input" in capsys.readouterr().err


def test_markdown_lists_every_segment(scores_file, capsys):
    table, folder = scores_file
    path = folder / "scores.csv"
    table.to_csv(path, index=False)
    assert cli.main(["evaluate", str(path), "--segment-column", "region", "--format", "markdown"]) == 0
    text = capsys.readouterr().out
    assert "AUL^PU of region = east" in text and "AUL^PU of region = west" in text
    assert "the streaming path" in text


def test_the_progress_line_reports_every_tenth_in_a_log():
    lines = []

    class Log:
        def write(self, text):
            lines.append(text)

        def flush(self):
            pass

    shown = streaming.Progress(100, Log())
    for _ in range(20):
        shown.add(5)
    assert len(lines) == 11 and lines[-1].startswith("pueval: 100 rows of 100 (100%)")


def _parquet(table, folder, name="scores.parquet"):
    path = folder / name
    table.to_parquet(path, index=False)
    return path


def test_a_missing_score_column_in_parquet_is_named(scores_file, capsys):
    table, folder = scores_file
    path = _parquet(table, folder)
    assert cli.main(["evaluate", str(path), "--streaming", "--score-column", "nope"]) == 2
    err = capsys.readouterr().err
    assert "--score-column: no column 'nope'" in err and "Traceback" not in err


@pytest.mark.parametrize("kind", ["timestamp", "text"])
def test_a_non_numeric_score_column_in_parquet_is_named(scores_file, capsys, kind):
    import pandas as pd

    table, folder = scores_file
    table = table.assign(score=pd.Timestamp("2026-01-01") + pd.to_timedelta(np.arange(len(table)), unit="s")
                         if kind == "timestamp" else table["score"].map(lambda v: f"s{v:.3f}"))
    path = _parquet(table, folder)
    assert cli.main(["evaluate", str(path), "--streaming"]) == 2
    err = capsys.readouterr().err
    assert "--score-column: 'score' holds" in err and "not numbers" in err and "Traceback" not in err


def test_nan_in_parquet_scores_is_named_though_statistics_skip_it(scores_file, capsys):
    table, folder = scores_file
    table = table.astype({"score": float})
    table.loc[123, "score"] = np.nan
    path = _parquet(table, folder)
    assert cli.main(["evaluate", str(path), "--streaming"]) == 2
    assert "--score-column: 'score' holds a missing or non-numeric value" in capsys.readouterr().err


def test_a_file_evaluated_in_blocks_is_a_value_the_report_renders_as_the_command_does(tmp_path, capsys):
    """evaluate_file's StreamingEvaluation: its AUC^PU is the exact one's relation to AUL^PU on the rows
    (restated here from AUC^PU itself, within the bound), it carries its warnings, and pueval.report renders
    it as `pueval evaluate --streaming` does (the same Markdown table but for the input's line)."""
    import warnings

    import pueval
    from pueval import cli, metrics, reports
    from pueval.sketch import CoarseBinsWarning
    from pueval.streaming import StreamingEvaluation, evaluate_file

    table = reports.example_scores(3000, seed=4)
    path = tmp_path / "t.csv"
    table.to_csv(path, index=False)
    with pytest.warns(CoarseBinsWarning):
        found = evaluate_file(str(path), label="labeled", score="score", bins=16, edges="equal", progress=False,
                              reason="asked: --streaming")
    assert isinstance(found, StreamingEvaluation) and any("bins widen" in w for w in found.warnings)
    exact = metrics.auc(table["labeled"], table["score"])
    assert abs(found.auc_pu - exact) <= found.auc_pu_error_bound
    assert "1 warning" in repr(found) and "<table>" in found._repr_html_()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = pueval.report(found)
        assert cli.main(["evaluate", str(path), "--streaming", "--bins", "16", "--edges", "equal", "--format",
                         "markdown"]) == 0
    theirs = capsys.readouterr().out
    assert ours.split("\n\npueval ")[0] == theirs.split("\n\npueval ")[0]
    assert ours.startswith("**1 warning: read it before the numbers**")

"""Bad input to the library and to the steps: an error that names the argument or config key, never a number."""

import os
import time
from pathlib import Path
from types import SimpleNamespace

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from pueval import metrics
from pueval.pipeline import datasets, download, schemas, steps, summary
from pueval.pipeline.render import common as render
from pueval.pipeline.steps import aul_paper as paper_steps
from pueval.pipeline.steps import data as data_steps
from pueval.pipeline.steps import draws as draws_steps
from pueval.studies import pu_auc_vs_pu_aul as figure3
from pueval.pipeline.config import ConfigError, apply_command_line, check_files, naming_keys
from pueval.mpe import distance_curve as dc
from pueval.mpe import distcurve
from pueval.validation import ArgumentError


def _labels_file(tmp_path, y):
    path = tmp_path / "data.parquet"
    pd.DataFrame({"x": np.arange(len(y), dtype=float), steps.LABEL: y}).to_parquet(path)
    return path


def test_draws_step_refuses_a_beta_that_labels_fewer_than_two_rows(tmp_path):
    y = np.r_[np.ones(8, int), np.zeros(40, int)]
    out = tmp_path / "draws.parquet"
    with pytest.raises(ValueError, match="config key 'betas': 0.1 labels 1 of the 8 positives"):
        draws_steps.draws([_labels_file(tmp_path, y)], [out], dataset="toy", betas=[0.1], n_draws=2, seed=0)
    assert not out.exists()


def test_score_step_refuses_more_folds_than_rows_of_a_class(tmp_path):
    y = np.r_[np.ones(3, int), np.zeros(40, int)]
    with pytest.raises(ValueError, match="config key 'folds': 5 folds, but the smaller class has only 3"):
        data_steps.score([_labels_file(tmp_path, y)], [tmp_path / "s.parquet"], dataset="toy",
                    model={"rounds": 1}, folds=5, seed=0)


def test_figure3_sizes():
    y = np.r_[np.ones(30, int), np.zeros(70, int)]
    figure3.check_sizes(y, 0.4, test_fraction=0.3, folds=5)  # 21 training positives, 8 labeled: fine
    with pytest.raises(ValueError, match="folds: 5 folds, but beta = 0.1 labels only 2"):
        figure3.check_sizes(y, 0.1, test_fraction=0.3, folds=5)  # 2 labeled rows for 5 folds
    with pytest.raises(ValueError, match="test_fraction: 0.3 leaves a class out"):
        figure3.check_sizes(np.r_[np.ones(1, int), np.zeros(70, int)], 0.4, test_fraction=0.3, folds=2)


def test_an_argument_error_names_the_config_key_it_came_from():
    with pytest.raises(ConfigError, match="config key 'figure3.folds': 5 folds"):
        with naming_keys({"folds": "figure3.folds"}):
            figure3.check_sizes(np.r_[np.ones(30, int), np.zeros(70, int)], 0.1, test_fraction=0.3, folds=5)
    with pytest.raises(ArgumentError, match="^test_fraction: "):  # an argument the block does not map stays as it is
        with naming_keys({"folds": "figure3.folds"}):
            figure3.check_sizes(np.r_[np.ones(1, int), np.zeros(70, int)], 0.4, test_fraction=0.3, folds=2)


@pytest.mark.parametrize("content", [b"", b"PAR1 this is not parquet"])
def test_a_corrupted_intermediate_file_says_which_file_to_remove(tmp_path, content):
    path = tmp_path / "scores.parquet"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=f"{path} is unreadable .* --forcerun {path} \\(with .*; rule score\\)"):
        schemas.read(path, "scores")


def test_an_empty_intermediate_table_is_refused(tmp_path):
    path = tmp_path / "empty.parquet"
    pd.DataFrame({"a": []}).to_parquet(path)
    with pytest.raises(ValueError, match="holds no rows; rebuild it and what depends on it with: snakemake --cores 2"):
        schemas.read(path, "scores")


def test_figures_are_byte_reproducible(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    render.save(fig, [tmp_path / "a.pdf", tmp_path / "a.png"])
    time.sleep(1.1)  # a creation date would now differ
    render.save(fig, [tmp_path / "b.pdf", tmp_path / "b.png"])
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_first_download_pins_the_content_and_later_ones_must_match(tmp_path):
    raw = pd.DataFrame(np.arange(12.0).reshape(2, 6), columns=list("abcdef"))
    first = download.pin(raw, "airfoil", tmp_path)
    assert (tmp_path / "airfoil.sha256").read_text().strip() == first
    assert download.pin(raw.copy(), "airfoil", tmp_path) == first  # same content by another route: fine
    changed = raw.copy()
    changed.iloc[0, 0] = 99.0
    with pytest.raises(download.DataUnavailableError, match="differs from the one pinned"):
        download.pin(changed, "airfoil", tmp_path)


def test_summary_counts_only_this_runs_benchmarks(tmp_path):
    bench = tmp_path / "benchmarks"
    (bench / "km").mkdir(parents=True)
    (bench / "km" / "old.tsv").write_text("s\n100\n")
    os.utime(bench / "km" / "old.tsv", (1, 1))  # written long before this run
    started = time.time() - 1
    (bench / "km" / "new.tsv").write_text("s\n7\n")
    pd.DataFrame({"check": ["mean |ours - paper| of mae_aul"], "ours": [0.001], "paper": [np.nan]}).to_csv(
        tmp_path / "distance.csv", index=False)
    config = {"seed": 1, "betas": [0.1], "n_draws": 2, "run": ["airfoil"], "uci_mirror": "/m",
              "verify_checksums": False}
    summary.write(tmp_path / "summary.md", started=started, wall_seconds=60, cores=2, config=config,
                  benchmarks=bench, distance=tmp_path / "distance.csv",
                  configfiles=["config/datasets.yaml", "config/config.yaml", "mine.yaml"])
    text = (tmp_path / "summary.md").read_text()
    assert "config files merged, each over the ones before: config/datasets.yaml, config/config.yaml, mine.yaml" \
        in text
    assert "| km | 7 |" in text and "over the rules this run ran: 7 s" in text
    assert "mirror folder /m, verify_checksums False" in text


@pytest.mark.parametrize("auc_pu, theta, message", [(5.0, 0.3, "auc_pu"), (np.nan, 0.3, "auc_pu"),
                                                    (0.7, np.nan, "theta"), (0.7, 1.0, "theta")])
def test_corrected_auc_refuses_impossible_input(auc_pu, theta, message):
    with pytest.raises(ValueError, match=message):
        metrics.corrected_auc(auc_pu, theta)


@pytest.fixture(scope="module")
def regressor():
    curves, thetas = dc.training_set(40, seed=1, repetitions=1)
    return dc.train_regressor(curves, thetas, seed=1, rounds=5)


@pytest.mark.parametrize("mixture, component, message", [
    (np.full((50, 2), np.nan), np.ones((20, 2)), "X_mixture holds NaN"),
    (np.ones(50), np.ones((20, 1)), "X_mixture must be 2-D"),
    (np.ones((50, 2)), np.ones((20, 3)), "features"),
    (np.ones((1, 2)), np.ones((20, 2)), "at least 2 mixture rows"),
    (np.ones((50, 2)), np.ones((20, 2)), "every removal distance is 0"),  # identical rows
])
def test_distcurve_refuses_bad_input(regressor, mixture, component, message):
    with pytest.raises(ValueError, match=message):
        distcurve(mixture, component, model=regressor, repetitions=2, transform={"folds": 2, "rounds": 2})


def test_command_line_values_are_read_as_yaml():
    config = apply_command_line({"betas": ["0.1"]}, ["betas=[0.1, 0.2]", "verify_checksums=false",
                                                     "uci_mirror=null", "seed=5", "uci_mirror2=../shared/uci"])
    assert config == {"betas": [0.1, 0.2], "verify_checksums": False, "uci_mirror": None, "seed": 5,
                      "uci_mirror2": "../shared/uci"}
    with pytest.raises(ConfigError, match="config key 'betas'"):
        apply_command_line({}, ["betas=[0.1"])


def test_repeated_keys_in_a_config_file_are_refused(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("seed: 1\nmpe:\n  km: {standardize: false}\n  km: {standardize: true}\n")
    with pytest.raises(ConfigError, match="config key 'km' appears twice"):
        check_files([path])


def test_cost_refuses_sizes_beyond_the_data(tmp_path):
    raw = pd.DataFrame(np.random.default_rng(0).normal(size=(100, 6)), columns=list("abcdef"))
    schemas.write(raw, tmp_path / "raw.parquet", "raw")
    labeling = {"target": "f", "positive": {"greater": 0.0}}
    with pytest.raises(ValueError, match="config key 'cost.sizes': 500 rows asked"):
        paper_steps.cost(SimpleNamespace(raw=tmp_path / "raw.parquet", model=tmp_path / "m.txt"), None, dataset="toy",
                   labeling=labeling, sizes=[500], beta=0.2, seed=0, km={"standardize": False},
                   distcurve={"repetitions": 1, "transform": {}}, bbe={}, tice={}, repeats=1, km_max_size=100)


def test_data_errors_are_one_line_without_traceback(tmp_path, catalog):
    params = {"dataset": "airfoil", "verify_checksums": True,
              "source": datasets.part(catalog, "airfoil", datasets.SOURCE_KEYS)}
    smk = SimpleNamespace(rule="download", log=[str(tmp_path / "d.log")], input=[],
                          output=[str(tmp_path / "r.parquet")],
                          params=SimpleNamespace(items=params.items))
    with pytest.raises(SystemExit):
        steps.run(data_steps.download, smk, uci_mirror=str(tmp_path))
    text = (tmp_path / "d.log").read_text()
    assert "has no file 'airfoil_self_noise.dat'" in text and "Traceback" not in text


@pytest.mark.parametrize("call, message", [
    (lambda rel, s, x, p: rel.jain_roc_auc(s, x, np.nan), "theta"),
    (lambda rel, s, x, p: rel.jain_auprc(s, x, 1.0), "theta"),
    (lambda rel, s, x, p: rel.jain_auprc(s * 2, x, 0.3), "s: no row equals pos_label=1"),
    (lambda rel, s, x, p: rel.jain_roc_auc(s, x[:-1], 0.3), "scores must be 1-D of length"),
    (lambda rel, s, x, p: rel.jain_roc_auc(s, np.where(s, np.nan, x), 0.3), "NaN"),
    (lambda rel, s, x, p: rel.claesen_bounds(s, x, 0.3, level=np.nan), "level"),
    (lambda rel, s, x, p: rel.claesen_bounds(np.zeros_like(s), x, 0.3), "s: no row equals pos_label=1"),
    (lambda rel, s, x, p: rel.tabatabaei_f1(s, p, -0.1), "theta"),
    (lambda rel, s, x, p: rel.tabatabaei_f1(s, p.astype(int), 0.3), "boolean"),
    (lambda rel, s, x, p: rel.ll_score(s, np.zeros_like(p)), "no row is predicted positive"),
])
def test_related_estimators_refuse_bad_input(call, message):
    from pueval import related

    rng = np.random.default_rng(0)
    s = (rng.random(50) < 0.3).astype(int)
    scores = rng.random(50)
    with pytest.raises(ValueError, match=message):
        call(related, s, scores, scores > 0.5)


def test_an_intermediate_file_with_other_columns_is_refused(tmp_path):
    path = tmp_path / "scores.parquet"
    pd.DataFrame({"label": [1], "scores": [0.5]}).to_parquet(path)
    with pytest.raises(ValueError, match="do not follow the 'scores' schema"):
        schemas.read(path, "scores")
    with pytest.raises(ValueError, match="do not follow the 'draws' schema"):
        schemas.write(pd.DataFrame({"draw": [0]}), tmp_path / "d.parquet", "draws")
    assert not (tmp_path / "d.parquet").exists()


# Outputs that respect what they replace -----------------------------------------------------------------------

def _evaluate(capsys, *argv):
    from pueval import cli

    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def scores_file(tmp_path):
    from pueval import cli

    path = tmp_path / "scores.csv"
    cli.example_scores(200, 0).to_csv(path, index=False)
    return path


def test_output_dash_is_standard_output(capsys, scores_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = _evaluate(capsys, "evaluate", scores_file, "--output", "-")
    assert code == 0 and '"aul_pu"' in out and not (tmp_path / "-").exists()


def test_a_fifo_or_a_device_is_written_in_place_never_replaced(capsys, scores_file, tmp_path):
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    code, _, err = _evaluate(capsys, "evaluate", scores_file, "--output", fifo)
    reader.join(timeout=30)
    assert code == 0, err
    assert stat.S_ISFIFO(fifo.stat().st_mode) and '"aul_pu"' in received[0]
    link = tmp_path / "null-link"
    link.symlink_to("/dev/null")
    code, _, err = _evaluate(capsys, "evaluate", scores_file, "--output", link)
    assert code == 0, err
    assert link.is_symlink() and stat.S_ISCHR(Path("/dev/null").stat().st_mode)


def test_a_report_keeps_the_mode_of_the_file_it_replaces_and_a_new_one_follows_the_umask(capsys, scores_file,
                                                                                        tmp_path):
    import os
    import stat

    old = tmp_path / "old.json"
    old.write_text("{}")
    old.chmod(0o644)
    assert _evaluate(capsys, "evaluate", scores_file, "--output", old)[0] == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o644
    mask = os.umask(0o027)
    try:
        assert _evaluate(capsys, "evaluate", scores_file, "--output", tmp_path / "new.json")[0] == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_plot_and_output_naming_the_same_file_are_refused(capsys, scores_file, tmp_path):
    code, out, err = _evaluate(capsys, "evaluate", scores_file, "--plot", tmp_path / "x.png", "--output",
                               tmp_path / "x.png")
    assert code == 2 and "--plot and --output name the same file" in err and not (tmp_path / "x.png").exists()


def test_a_failed_write_names_the_file_that_failed(capsys, scores_file, tmp_path, monkeypatch):
    import errno

    from pueval import cli

    pytest.importorskip("matplotlib")
    written = []

    def full_disk(text, path):
        if str(path).endswith(".png"):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)

    monkeypatch.setattr(cli, "_write", full_disk)
    code, _, err = _evaluate(capsys, "evaluate", scores_file, "--plot", tmp_path / "fig.png", "--output",
                             tmp_path / "report.json")
    assert code == 2 and err.strip().endswith(f"No space left on device: {tmp_path / 'fig.png'}"), err


# Weak cases of the probe ----------------------------------------------------------------------------------------

def test_a_compare_column_named_with_a_bar_stays_one_markdown_cell(capsys, tmp_path):
    from pueval import cli

    frame = cli.example_scores(200, 0).rename(columns={"score": "a|b"})
    path = tmp_path / "s.csv"
    frame.to_csv(path, index=False)
    code, out, err = _evaluate(capsys, "compare", path, "--score-columns", "a|b", "score_b", "--format", "markdown")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert all(line.replace("\\|", "").count("|") == 4 for line in rows), rows


def test_compare_of_an_unreadable_parquet_is_one_line(tmp_path, capsys):
    from pueval.pipeline import compare

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.parquet").write_bytes(b"not parquet")
    assert compare.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "x.parquet is unreadable" in err and "Traceback" not in err


def test_corrected_precision_never_leaves_the_unit_interval_silently():
    from pueval import curves

    labels = np.r_[np.ones(5, int), np.zeros(45, int)]
    scores = np.r_[np.linspace(1, 0.9, 5), np.linspace(0.95, 0, 45)]
    with pytest.warns(UserWarning, match=r"corrected precision leaves \[0, 1\]"):
        curve = curves.corrected_pr_curve(labels, scores, theta=0.6)
    assert curve.y.max() <= 1.0 and curve.y.min() >= 0.0


def test_numpy_scalars_are_numbers_for_theta_and_purity():
    from pueval import curves

    labels, scores = [1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1]
    assert curves.claesen_band(labels, scores, np.array(0.2)).roc_lower.area == \
        curves.claesen_band(labels, scores, 0.2).roc_lower.area
    assert curves.corrected_roc_curve(labels, scores, 0.2, purity=np.int64(1)).area == \
        curves.corrected_roc_curve(labels, scores, 0.2, purity=1.0).area

"""Bad configs stop at start-up, naming the key, before any job runs.

Each case edits a valid base config (two datasets, a mirror folder with the files they need). Every case
runs the Snakefile's start-up in this process (:func:`pueval.pipeline.config.load`: the catalog,
config/config.yaml and the case's ``--configfile`` merged in Snakemake's order, then
:func:`~pueval.pipeline.config.start_up`, the one call the Snakefile makes). A sample of cases, one of each
kind, and the valid configs also run as a real ``snakemake -n`` (two at a time), which must print the same
message and run no job: what ties the in-process start-up to the Snakefile's.
"""

import copy
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml
from pueval.pipeline.config import ConfigError, load

BASE = {
    "seed": 3, "uci_mirror": None, "verify_checksums": False, "betas": [0.2, 0.4], "n_draws": 3, "folds": 3,
    "mpe": {"km": {"standardize": False},
            "distcurve": {"repetitions": 2, "transform": {"folds": 3, "rounds": 10}, "training": {"n_mixtures": 40}}},
    "cost": None, "related": {"level": 0.9, "f1_quantile": 0.5}, "aul_interval": {"level": 0.95, "n_boot": 200},
    "figure3": {"beta": 0.4, "repetitions": 2, "test_fraction": 0.3, "centers": 20, "folds": 3,
                "sigma_factors": [1.0], "lambdas": [0.01, 0.1]},
    "claesen": {"repetitions": 2, "known_positives": [10], "dataset": None, "beta": 0.4, "level": 0.95,
                "scores": None},
    "jain": {"repetitions": 2, "pu_repetitions": 0, "pu_folds": 2, "purities": [1.0]}, "paired_difference": {"level": 0.95, "train_share": 0.5},
    "tabatabaei": {"runs": 10, "classifiers": 3, "rho_step": 0.1, "dataset": None, "en_rhos": [0.5],
                   "en_repetitions": 2, "rf_repetitions": 1, "bounds_draws": 2, "orient_lines": True, "forest_sets": 1,
                   "forest_pu_rho": None},
    "mcdermott": {"datasets": 2, "target_aurocs": [0.85], "real": ["compas"], "runs": 1, "splits": 2,
                  "pu": {"size": 200, "frequencies": {"equal": [0.5, 0.5]}, "m2_steps": 10, "m3_steps": 2}},
    "run": ["abalone", "airfoil"],
    "datasets": {"abalone": {"subsample": 200, "model": {"rounds": 5, "num_leaves": 3}},
                 "airfoil": {"subsample": None, "model": {"rounds": 5}}},
}
# A user's entry (a local table the fixture writes, with columns x, id and y), valid as it stands.
MINE = {"source": {"file": "{table}"}, "target": "y", "positive": {"equals": 1}, "subsample": None,
        "model": {"rounds": 2}}
NAN, INF = float("nan"), float("inf")


def _set(path, value):
    """An edit that sets the dotted key ``path`` (creating nothing: the parents must exist)."""
    def edit(config):
        *parents, last = path.split(".")
        node = config
        for part in parents:
            node = node[part]
        node[last] = value
    return edit


def _cost(**changes):
    """An edit that sets a valid cost block, with ``changes``."""
    return _set("cost", {"dataset": "abalone", "sizes": [100], "beta": 0.2, "repeats": 1, "km_max_size": 100,
                         **changes})


def _intervals(**changes):
    """An edit that sets a valid prior_intervals block, with ``changes``."""
    return _set("prior_intervals", {"datasets": ["airfoil"], "draws": 2, "n_boot": 5, "level": 0.9,
                                    "km_datasets": [], **changes})


def _sar_em(**changes):
    """An edit that sets a valid sar block with SAR-EM, its em block with ``changes``."""
    return _set("sar", {"beta": 0.2, "strengths": [0, 2], "n_draws": 2, "prior_draws": 2, "audit_sizes": [50],
                        "em": {"datasets": ["airfoil"], "draws": 2, **changes}})


def _mine(**changes):
    """An edit that adds the user's entry ``mine`` (with ``changes``) and runs it."""
    def edit(config):
        config["datasets"]["mine"] = {**copy.deepcopy(MINE), **changes}
        config["run"] = ["abalone", "mine"]
    return edit


def _both(*edits):
    """The edits one after the other."""
    def edit(config):
        for each in edits:
            each(config)
    return edit


# (case id, edit of the base config, key the message must name)
CASES = [
    ("seed-nan", _set("seed", NAN), "seed"),
    ("seed-float", _set("seed", 20210101.0), "seed"),
    ("seed-negative", _set("seed", -1), "seed"),
    ("seed-string", _set("seed", "1"), "seed"),
    ("seed-bool", _set("seed", True), "seed"),
    ("n_draws-float", _set("n_draws", 3.0), "n_draws"),
    ("n_draws-zero", _set("n_draws", 0), "n_draws"),
    ("n_draws-huge", _set("n_draws", 10**9), "n_draws"),
    ("n_draws-inf", _set("n_draws", INF), "n_draws"),
    ("folds-float", _set("folds", 2.0), "folds"),
    ("folds-one", _set("folds", 1), "folds"),
    ("folds-huge", _set("folds", 50), "folds"),
    ("betas-nan", _set("betas", [0.2, NAN]), "betas.1"),
    ("betas-empty", _set("betas", []), "betas"),
    ("betas-repeated", _set("betas", [0.2, 0.2]), "betas"),
    ("betas-same-file-name", _set("betas", [0.2, 0.2000001]), "betas.1"),
    ("betas-exponent", _set("betas", [1e-05]), "betas.0"),
    ("betas-one", _set("betas", [1.0]), "betas.0"),
    ("betas-zero", _set("betas", [0]), "betas.0"),
    ("betas-string", _set("betas", "0.2"), "betas"),
    ("betas-too-many-digits", _set("betas", [0.1234567]), "betas.0"),
    ("betas-too-many", _set("betas", [round(0.01 * i, 2) for i in range(1, 30)]), "betas"),
    ("related-level-nan", _set("related.level", NAN), "related.level"),
    ("related-level-one", _set("related.level", 1.0), "related.level"),
    ("related-quantile-negative", _set("related.f1_quantile", -0.1), "related.f1_quantile"),
    ("related-null-quantile", _set("related", {"level": 0.9, "f1_quantile": None}), "related.f1_quantile"),
    ("epsilons-inf", _set("theorem1_epsilons", [INF]), "theorem1_epsilons.0"),
    ("epsilons-above-one", _set("theorem1_epsilons", [1.5]), "theorem1_epsilons.0"),
    ("interval-level-zero", _set("aul_interval.level", 0), "aul_interval.level"),
    ("interval-few-resamples", _set("aul_interval.n_boot", 10), "aul_interval.n_boot"),
    ("interval-float-resamples", _set("aul_interval.n_boot", 200.0), "aul_interval.n_boot"),
    ("mirror-empty-string", _set("uci_mirror", ""), "uci_mirror"),
    ("mirror-missing-folder", _set("uci_mirror", "/no/such/folder"), "uci_mirror"),
    ("mirror-empty-folder", _set("uci_mirror", "{empty}"), "uci_mirror"),
    ("mirror-number", _set("uci_mirror", 5), "uci_mirror"),
    ("checksums-string", _set("verify_checksums", "yes"), "verify_checksums"),
    ("run-empty", _set("run", []), "run"),
    ("run-unknown", _set("run", ["abalone", "iris"]), "run.1"),
    ("run-repeated", _set("run", ["abalone", "abalone"]), "run"),
    ("datasets-incomplete-entry", _set("datasets.iris", {"model": {"rounds": 1}}), "datasets.iris"),
    ("datasets-bad-name", _set("datasets.my data", copy.deepcopy(MINE)), "datasets"),
    ("source-two-kinds", _set("datasets.abalone.source", {"uci": 1, "file": "a.csv"}), "datasets.abalone.source"),
    ("source-file-missing", _mine(source={"file": "/no/such/table.csv"}), "datasets.mine.source.file"),
    ("source-file-suffix", _mine(source={"file": "table.txt"}), "datasets.mine.source.file"),
    ("target-not-a-column", _mine(target="z"), "datasets.mine.target"),
    ("drop-not-a-column", _mine(drop=["z"]), "datasets.mine.drop"),
    ("drop-the-target", _mine(drop=["y"]), "datasets.mine.drop"),
    ("positive-two-rules", _mine(positive={"equals": 1, "greater": 0}), "datasets.mine.positive"),
    ("positive-unknown-rule", _mine(positive={"less": 3}), "datasets.mine.positive"),
    ("positive-greater-string", _mine(positive={"greater": "a"}), "datasets.mine.positive.greater"),
    ("uci-without-columns", _mine(source={"uci": 5}), "datasets.mine.columns"),
    ("uci-without-mirror", _mine(source={"uci": 5}, columns=["x", "y"]), "datasets.mine.mirror"),
    ("url-without-sha256", _mine(source={"url": "https://example.org/t.csv"}), "datasets.mine.source"),
    ("url-not-https", _mine(source={"url": "http://example.org/t.csv", "sha256": "0" * 64}), "datasets.mine.source"),
    ("mirror-bad-checksum", lambda c: c["datasets"]["abalone"].update(mirror={"files": {"abalone.data": "abc"}}),
     "datasets.abalone.mirror.files.abalone.data"),
    ("mine-without-model", _mine(model=None), "datasets.mine.model"),
    # a user's own table is read whole at start-up: too small for the settings, or rows it cannot label
    ("mine-too-few-positives", _mine(source={"file": "{tiny}"}), "betas.0"),
    ("mine-too-small-for-folds", _both(_mine(source={"file": "{tiny}"}), _set("folds", 8)), "folds"),
    ("mine-target-empty-cells", _mine(source={"file": "{gaps}"}), "datasets.mine.target"),
    ("mine-greater-on-text", _mine(source={"file": "{text}"}, positive={"greater": 1}), "datasets.mine.positive"),
    ("mine-figure3-folds", _both(_mine(subsample=100), _set("figure3.folds", 20)), "figure3.folds"),
    ("subsample-tiny", _set("datasets.abalone.subsample", 5), "datasets.abalone.subsample"),
    ("subsample-huge", _set("datasets.abalone.subsample", 10**7), "datasets.abalone.subsample"),
    ("subsample-float", _set("datasets.abalone.subsample", 200.0), "datasets.abalone.subsample"),
    ("rounds-zero", _set("datasets.abalone.model.rounds", 0), "datasets.abalone.model.rounds"),
    ("rounds-string", _set("datasets.abalone.model.rounds", "many"), "datasets.abalone.model.rounds"),
    ("leaves-one", _set("datasets.abalone.model.num_leaves", 1), "datasets.abalone.model.num_leaves"),
    ("learning-rate-nan", _set("datasets.abalone.model.learning_rate", NAN), "datasets.abalone.model.learning_rate"),
    ("learning-rate-five", _set("datasets.abalone.model.learning_rate", 5), "datasets.abalone.model.learning_rate"),
    ("train-fraction-zero", _set("datasets.abalone.model.train_fraction", 0), "datasets.abalone.model.train_fraction"),
    ("model-unknown-key", _set("datasets.abalone.model.depth", 3), "datasets.abalone.model"),
    ("model-null", _set("datasets.abalone.model", None), "datasets.abalone.model"),
    ("km-standardize-string", _set("mpe.km.standardize", "yes"), "mpe.km.standardize"),
    ("km-null", _set("mpe.km", None), "mpe.km"),
    ("distcurve-repetitions-zero", _set("mpe.distcurve.repetitions", 0), "mpe.distcurve.repetitions"),
    ("distcurve-repetitions-float", _set("mpe.distcurve.repetitions", 2.0), "mpe.distcurve.repetitions"),
    ("transform-folds-one", _set("mpe.distcurve.transform.folds", 1), "mpe.distcurve.transform.folds"),
    ("training-few", _set("mpe.distcurve.training.n_mixtures", 5), "mpe.distcurve.training.n_mixtures"),
    ("training-huge", _set("mpe.distcurve.training.n_mixtures", 10**9), "mpe.distcurve.training.n_mixtures"),
    ("figure3-beta-not-run", _set("figure3.beta", 0.3), "figure3.beta"),
    ("figure3-repetitions-zero", _set("figure3.repetitions", 0), "figure3.repetitions"),
    ("figure3-test-fraction", _set("figure3.test_fraction", 0.99), "figure3.test_fraction"),
    ("figure3-centers-inf", _set("figure3.centers", INF), "figure3.centers"),
    ("figure3-no-sigmas", _set("figure3.sigma_factors", []), "figure3.sigma_factors"),
    ("figure3-negative-lambda", _set("figure3.lambdas", [-1]), "figure3.lambdas.0"),
    ("figure3-folds-one", _set("figure3.folds", 1), "figure3.folds"),
    ("claesen-beta-not-run", _set("claesen.beta", 0.3), "claesen.beta"),
    ("claesen-dataset-not-run", _set("claesen.dataset", "mushroom"), "claesen.dataset"),
    ("betas-narrowed", _set("betas", [0.2]), "figure3.beta"),
    ("claesen-no-sizes", _set("claesen.known_positives", []), "claesen.known_positives"),
    ("jain-purity-above-one", _set("jain.purities", [1.5]), "jain.purities.0"),
    ("jain-one-repetition", _set("jain.repetitions", 1), "jain.repetitions"),
    ("tabatabaei-dataset-not-in-catalog", _set("tabatabaei.dataset", "heart"), "tabatabaei.dataset"),
    ("tabatabaei-rho-step-off-grid", _set("tabatabaei.rho_step", 0.03), "tabatabaei.rho_step"),
    ("tabatabaei-en-rho-zero", _set("tabatabaei.en_rhos", [0.0]), "tabatabaei.en_rhos.0"),
    ("mcdermott-real-lsac", _set("mcdermott.real", ["lsac"]), "mcdermott.real.0"),
    ("mcdermott-three-frequencies", _set("mcdermott.pu.frequencies", {"equal": [0.5, 0.5, 0.5]}),
     "mcdermott.pu.frequencies.equal"),
    ("mcdermott-auroc-at-chance", _set("mcdermott.target_aurocs", [0.5]), "mcdermott.target_aurocs.0"),
    ("paired-share-zero", _set("paired_difference.train_share", 0), "paired_difference.train_share"),
    ("paired-level-one", _set("paired_difference.level", 1), "paired_difference.level"),
    ("cost-unknown-dataset", _cost(dataset="iris"), "cost.dataset"),
    ("cost-small-size", _cost(sizes=[10]), "cost.sizes.0"),
    ("cost-beta", _cost(beta=1.5), "cost.beta"),
    ("cost-no-repeats", _cost(repeats=0), "cost.repeats"),
    ("cost-km-size", _cost(km_max_size=10), "cost.km_max_size"),
    ("cost-not-in-mirror", _cost(dataset="mushroom"), "uci_mirror"),
    ("unknown-top-level-key", _set("sede", 1), "<top level>"),
]
CASES += [  # keys that name datasets or draws of the run
    ("prior-intervals-unknown-dataset", _intervals(datasets=["airfoil", "nope"]), "prior_intervals.datasets"),
    ("prior-intervals-unknown", _intervals(km_datasets=["nope"]), "prior_intervals.km_datasets"),
    ("prior-intervals-too-many-draws", _intervals(draws=4), "prior_intervals.draws"),
    ("sar-em-unknown", _sar_em(datasets=["nope"]), "sar.em.datasets"),
    ("jain-networks-unknown", _set("jain.networks_datasets", ["concrete", "nope"]), "jain.networks_datasets"),
    ("jain-variant-unknown", _set("jain.variant_datasets", ["nope"]), "jain.variant_datasets"),
    ("sar-em-too-many-draws", _sar_em(draws=3), "sar.em.draws"),
    ("sar-too-many-prior-draws", _set("sar", {"beta": 0.2, "strengths": [0, 2], "n_draws": 2, "prior_draws": 3,
                                              "audit_sizes": [50], "em": None}), "sar.prior_draws"),
    ("figure3-sigma-tiny", _set("figure3.sigma_factors", [1e-300]), "figure3.sigma_factors.0"),
    ("figure3-split-too-small", _both(_set("figure3.folds", 20), _set("figure3.test_fraction", 0.95)),
     "figure3.folds"),
]
RAW_CASES = [  # config text that YAML reads, but wrongly: a repeated key (the base without that key first)
    ("repeated-key", "seed: 1\nseed: 2\n", "seed"),
    ("repeated-nested-key", "related: {level: 0.9, level: 0.8, f1_quantile: 0.5}\n", "level"),
]
COMMAND_LINE_CASES = [  # --config values, read as YAML
    ("cli-float-draws", ["n_draws=3.0"], "n_draws"),
    ("cli-list-of-strings", ["betas=[a, b]"], "betas.0"),
    ("cli-bad-yaml", ["betas=[0.1"], "betas"),
]


def _dry_run(repo, workdir, text, extra=()):
    workdir.mkdir(parents=True)
    (workdir / "config.yaml").write_text(text)
    cmd = [sys.executable, "-m", "snakemake", "-s", str(repo / "Snakefile"), "--directory", str(workdir),
           "--configfile", str(workdir / "config.yaml"), "-n", "--cores", "1", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def mirror(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mirror")
    for name in ("abalone.data", "airfoil_self_noise.dat"):
        (folder / name).write_text("x\n")  # start-up checks presence; download checks content
    (folder.parent / "compas").mkdir(exist_ok=True)
    (folder.parent / "compas" / "compas-scores-two-years.csv").write_text("x\n")  # the catalog's ../compas/
    rows = "".join(f"{(7 * i) % 10 / 10},{i},{i % 2}\n" for i in range(200))
    (folder.parent / "mine.csv").write_text("x,id,y\n" + rows)  # 100 positives
    (folder.parent / "tiny.csv").write_text("x,id,y\n" + "".join(f"{i / 30},{i},{int(i < 6)}\n" for i in range(30)))
    (folder.parent / "gaps.csv").write_text("x,id,y\n" + rows + "0.1,200,\n")
    (folder.parent / "text.csv").write_text("x,id,y\n" + rows.replace(",1\n", ",high\n"))
    (tmp_path_factory.mktemp("empty")).mkdir(exist_ok=True)
    return folder


def _base(mirror):
    config = copy.deepcopy(BASE)
    config["uci_mirror"] = str(mirror)
    return config


@pytest.fixture(scope="module")
def configs(mirror, tmp_path_factory):
    """Every case's config file text and --config arguments: case id → (text, args)."""
    empty = tmp_path_factory.mktemp("empty-mirror")
    jobs = {}
    for case, edit, _ in CASES:
        config = _base(mirror)
        edit(config)
        if config.get("uci_mirror") == "{empty}":
            config["uci_mirror"] = str(empty)
        table = config["datasets"].get("mine", {}).get("source", {}).get("file", "")
        if table.startswith("{") and table.endswith("}"):
            name = "mine" if table == "{table}" else table.strip("{}")
            config["datasets"]["mine"]["source"]["file"] = str(mirror.parent / f"{name}.csv")
        jobs[case] = (yaml.safe_dump(config), ())
    for case, text, _ in RAW_CASES:
        base = _base(mirror)
        del base[text.split(":")[0]]
        jobs[case] = (yaml.safe_dump(base) + text, ())
    for case, args, _ in COMMAND_LINE_CASES:
        jobs[case] = (yaml.safe_dump(_base(mirror)), ("--config", *args))
    jobs["valid"] = (yaml.safe_dump(_base(mirror)), ())
    with_mine = _base(mirror)
    _mine()(with_mine)
    with_mine["datasets"]["mine"]["source"]["file"] = str(mirror.parent / "mine.csv")
    jobs["valid-own-table"] = (yaml.safe_dump(with_mine), ())
    jobs["valid-command-line"] = (yaml.safe_dump(_base(mirror)),
                                  ("--config", "betas=[0.1, 0.4]", "verify_checksums=false", "n_draws=4"))
    jobs["valid-no-bench"] = (yaml.safe_dump(_base(mirror) | {"bench": None}), ())  # the bench target's study off
    return jobs


def _start_up(repo, workdir, text, extra=()) -> str:
    """The Snakefile's start-up of one case in this process: its error message, or "" when the config passes."""
    workdir.mkdir(parents=True)
    (workdir / "config.yaml").write_text(text)
    try:
        load(workdir / "config.yaml", root=repo, config_args=extra[1:])  # the arguments after "--config"
    except ConfigError as error:
        return str(error)
    return ""


@pytest.fixture(scope="module")
def results(repo, configs, tmp_path_factory):
    """Every case's start-up in this process: case id → its error message ("" for none)."""
    root = tmp_path_factory.mktemp("bad")
    return {case: _start_up(repo, root / case, text, extra) for case, (text, extra) in configs.items()}


# One case of each kind runs as a real dry run too: the schema, a check after it, a table read at start-up, the
# mirror, a dependent key, a raw YAML text, a --config value; and the valid configs.
DRY_RUN_SAMPLE = ("seed-nan", "run-unknown", "mine-too-few-positives", "cost-not-in-mirror", "betas-narrowed",
                  "repeated-key", "cli-bad-yaml", "valid", "valid-own-table", "valid-command-line", "valid-no-bench")


@pytest.fixture(scope="module")
def dry_runs(repo, configs, tmp_path_factory):
    """The sample's real ``snakemake -n``, two at a time: case id → (completed process, workdir)."""
    root = tmp_path_factory.mktemp("dry")
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        futures = {case: pool.submit(_dry_run, repo, root / case, *configs[case]) for case in DRY_RUN_SAMPLE}
        return {case: (future.result(), root / case) for case, future in futures.items()}


def test_at_least_sixty_bad_configs():
    assert len(CASES) + len(RAW_CASES) + len(COMMAND_LINE_CASES) >= 60


@pytest.mark.parametrize("case, key", [(c, k) for c, _, k in CASES + RAW_CASES + COMMAND_LINE_CASES])
def test_start_up_fails_naming_the_key(results, case, key):
    assert f"config key '{key}" in results[case], results[case] or "no error"


@pytest.mark.parametrize("case", [c for c in DRY_RUN_SAMPLE if not c.startswith("valid")])
def test_a_real_dry_run_fails_with_the_same_message_and_runs_no_job(results, dry_runs, case):
    result, workdir = dry_runs[case]
    output = result.stdout + result.stderr
    assert result.returncode != 0, output[-2000:]
    for line in results[case].splitlines():
        assert line.strip() in output, output[-2000:]
    assert not (workdir / "results").exists()


def test_narrowing_betas_names_every_dependent_key_in_one_message(results):
    assert "config key 'figure3.beta'" in results["betas-narrowed"]
    assert "config key 'claesen.beta'" in results["betas-narrowed"]


def test_the_base_config_and_command_line_overrides_are_valid(results, dry_runs):
    for case in ("valid", "valid-command-line", "valid-own-table", "valid-no-bench"):
        assert results[case] == ""
        result, _ = dry_runs[case]
        assert result.returncode == 0, result.stderr[-2000:]
    assert "draws" in dry_runs["valid-command-line"][0].stdout
    assert "beta0.1" in dry_runs["valid-command-line"][0].stdout  # the list given on the command line


def test_a_study_whose_datasets_are_none_of_run_is_left_out_with_a_note(mirror, tmp_path, capsys):
    """A run edited to other datasets in ``run`` alone (a user's own table, as config/README.md shows) runs
    without the studies whose keys name none of them, saying so, instead of failing in a job."""
    config = _base(mirror)
    _both(_intervals(datasets=["concrete"]), _sar_em(datasets=["concrete"]))(config)
    config["run"] = ["airfoil"]
    path = tmp_path / "c.yaml"
    path.write_text(yaml.safe_dump(config))
    config = load(path, root=Path(__file__).parents[1])
    assert config["prior_intervals"] is None and config["sar"]["em"] is None
    err = capsys.readouterr().err
    assert "config key 'prior_intervals.datasets' ['concrete'] names no dataset of run ['airfoil']" in err
    assert "config key 'sar.em.datasets'" in err

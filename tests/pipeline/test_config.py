"""pueval.pipeline.config: the shipped configs are valid, a bad config names its key, the README describes every key
of the schema, command-line values, paths and the catalog merged as the Snakefile reads them."""

import copy
import os
import time

import numpy as np
import pytest

from pueval.pipeline.config import (
    ConfigError,
    apply_command_line,
    check_files,
    load,
    naming_keys,
    validate,
)
from pueval.studies import pu_auc_vs_pu_aul as figure3
from pueval.validation import ArgumentError


@pytest.fixture
def config(catalog):
    return catalog


@pytest.fixture
def schema(repo):
    return repo / "config" / "schema.yaml"


def _schema_keys(node, path=""):
    """Every key the schema defines, dotted, with ``<name>`` for a catalog entry."""
    for key, child in node.get("properties", {}).items():
        dotted = f"{path}.{key}" if path else key
        yield dotted
        yield from _schema_keys(child, dotted)
    entry = node.get("additionalProperties")
    if isinstance(entry, dict) and "properties" in entry:
        yield from _schema_keys(entry, f"{path}.<name>")


def test_shipped_configs_are_valid(repo):
    for overrides in ((), (repo / "config" / "smoke.yaml",)):
        cfg = load(*overrides, root=repo)
        assert cfg["verify_checksums"] is True
    assert load(repo / "config" / "smoke.yaml", root=repo)["run"] == ["airfoil", "concrete"]


@pytest.mark.parametrize(
    "edit, key",
    [
        (lambda c: c.update(betas=[0.1, 1.5]), "betas.1"),
        (lambda c: c.update(n_draws=0), "n_draws"),
        (lambda c: c["datasets"].update(iris={"model": {"rounds": 1}}), "datasets.iris"),
        (lambda c: c.update(run=["abalone", "iris"]), "run.1"),
        (lambda c: c["datasets"]["abalone"]["model"].update(rounds="many"), "datasets.abalone.model.rounds"),
        (lambda c: c["datasets"]["abalone"].pop("model"), "datasets.abalone"),
        (lambda c: c["datasets"]["abalone"].update(target="Ring"), "datasets.abalone.target"),
        (lambda c: c.update(sede=1), "<top level>"),
        (lambda c: c["mpe"]["km"].update(standardize="yes"), "mpe.km.standardize"),
        (lambda c: c.update(cost={"dataset": "mushroom", "sizes": [10], "beta": 0.2, "repeats": 1}), "cost.sizes.0"),
        (lambda c: c.update(uci_mirror="/no/such/folder"), "uci_mirror"),
    ],
)
def test_bad_config_names_the_key(config, schema, edit, key):
    bad = copy.deepcopy(config)
    edit(bad)
    with pytest.raises(ConfigError, match=f"config key '{key}'"):
        validate(bad, schema)


def test_config_readme_describes_every_key_of_the_schema(repo, schema):
    import yaml

    text = (repo / "config" / "README.md").read_text()
    keys = list(_schema_keys(yaml.safe_load(schema.read_text())))
    assert len(keys) > 60
    assert [key for key in keys if f"`{key}`" not in text] == []


def test_relative_paths_start_at_the_project_folder(tmp_path):
    from pueval.pipeline.config import resolve_paths

    config = {"uci_mirror": "../shared/uci", "output_root": "runs/x", "datasets": {"t": {"source": {"file": "d.csv"}},
                                                                                   "u": {"source": {"uci": 1}}}}
    resolve_paths(config, tmp_path / "project")
    assert config["uci_mirror"] == str(tmp_path / "shared" / "uci")
    assert config["output_root"] == str(tmp_path / "project" / "runs" / "x")
    assert config["datasets"]["t"]["source"]["file"] == str(tmp_path / "project" / "d.csv")
    assert config["datasets"]["u"]["source"] == {"uci": 1}
    assert resolve_paths({"uci_mirror": None}, tmp_path) == {"uci_mirror": None}


def test_an_alias_bomb_is_refused_before_anything_expands_it(tmp_path):
    """A billion leaves by nine levels of aliases: measured on the YAML graph, refused in one short line."""

    from pueval.pipeline.config import (
        MAX_VALUES,
        ConfigError,
        apply_command_line,
        check_files,
    )

    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines + ["mcdermott: {pu: {frequencies: {equal: *l8}}}"]) + "\n")
    start = time.perf_counter()
    with pytest.raises(ConfigError, match=r"aliases expand to [\d,]+ values, more than") as raised:
        check_files([path])
    assert time.perf_counter() - start < 5 and len(str(raised.value)) < 300
    with pytest.raises(ConfigError, match="config key 'mcdermott' \\(--config\\): its YAML aliases expand"):
        apply_command_line({}, ["mcdermott={" + ", ".join(lines) + "}"])  # the same bomb on the command line
    small = tmp_path / "fine.yaml"
    small.write_text("a: &a [1, 2]\nb: [*a, *a]\n")
    check_files([small])  # aliases within bounds are fine
    assert MAX_VALUES >= 10_000


def test_a_long_value_is_shown_cut_in_a_start_up_message():
    from pueval.pipeline.config import SHOWN, short

    assert short([1, 2]) == "[1, 2]"
    text = short(list(range(10_000)))
    assert len(text) < SHOWN + 40 and text.endswith("characters)")


def test_start_up_gives_back_the_paths_as_the_config_gave_them(repo, uci_mirror):

    from pueval.pipeline.config import load, start_up

    relative = os.path.relpath(uci_mirror, repo)  # ../shared/uci in a clone beside the shared data
    config = load(root=repo, config_args=[f"uci_mirror={relative}", "n_draws=3"])
    assert config["uci_mirror"] == str(uci_mirror.resolve()) and config["n_draws"] == 3
    config["uci_mirror"] = relative
    assert start_up(config, [], [], repo) == {"uci_mirror": relative}  # what the run summary records


def test_config_load_merges_overrides_over_the_catalog(tmp_path, repo):
    override = tmp_path / "o.yaml"
    override.write_text("run: [airfoil]\ndatasets:\n  airfoil: {subsample: 500}\n")
    config = load(override, root=repo)
    assert config["run"] == ["airfoil"] and config["datasets"]["airfoil"]["subsample"] == 500
    assert config["datasets"]["airfoil"]["target"] == "scaled-sound-pressure"  # kept from the catalog


def test_an_argument_error_names_the_config_key_it_came_from():
    with pytest.raises(ConfigError, match="config key 'figure3.folds': 5 folds"):
        with naming_keys({"folds": "figure3.folds"}):
            figure3.check_sizes(np.r_[np.ones(30, int), np.zeros(70, int)], 0.1, test_fraction=0.3, folds=5)
    with pytest.raises(ArgumentError, match="^test_fraction: "):  # an argument the block does not map stays as it is
        with naming_keys({"folds": "figure3.folds"}):
            figure3.check_sizes(np.r_[np.ones(1, int), np.zeros(70, int)], 0.4, test_fraction=0.3, folds=2)


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

import copy

import pytest
import yaml

from pueval.config import ConfigError, validate


@pytest.fixture
def config(repo):
    return yaml.safe_load((repo / "config" / "config.yaml").read_text())


@pytest.fixture
def schema(repo):
    return repo / "config" / "schema.yaml"


def test_shipped_configs_are_valid(repo, schema):
    for name in ("config.yaml", "smoke.yaml"):
        cfg = validate(yaml.safe_load((repo / "config" / name).read_text()), schema)
        assert cfg["verify_checksums"] is True


@pytest.mark.parametrize(
    "edit, key",
    [
        (lambda c: c.update(betas=[0.1, 1.5]), "betas.1"),
        (lambda c: c.update(n_draws=0), "n_draws"),
        (lambda c: c["datasets"].update(iris={"model": {"rounds": 1}}), "datasets"),
        (lambda c: c["datasets"]["abalone"]["model"].update(rounds="many"), "datasets.abalone.model.rounds"),
        (lambda c: c["datasets"]["abalone"].pop("model"), "datasets.abalone"),
        (lambda c: c.update(sede=1), "<top level>"),
        (lambda c: c["mpe"]["km"].update(standardize="yes"), "mpe.km.standardize"),
        (lambda c: c.update(cost={"dataset": "mushroom", "sizes": [10], "beta": 0.2}), "cost.sizes.0"),
        (lambda c: c.update(uci_mirror="/no/such/folder"), "uci_mirror"),
    ],
)
def test_bad_config_names_the_key(config, schema, edit, key):
    bad = copy.deepcopy(config)
    edit(bad)
    with pytest.raises(ConfigError, match=f"config key '{key}'"):
        validate(bad, schema)

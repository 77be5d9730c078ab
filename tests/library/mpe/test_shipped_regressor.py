"""The shipped DistCurve regressor (pueval.mpe.shipped_regressor) is what the default config trains, so a default
run may read it instead of training it (the ``distcurve_model`` rule runs only for other options)."""

import gzip

import numpy as np
import pytest

from pueval.mpe import distance_curve as dc
from pueval.mpe import shipped_regressor


def test_the_shipped_distcurve_regressor_is_the_default_runs(repo):
    """It was trained with the default config's options and seed (the config cannot drift from them)."""
    import yaml

    config = yaml.safe_load((repo / "config" / "config.yaml").read_text())
    assert config["seed"] == dc.DEFAULT_SEED
    assert config["mpe"]["distcurve"]["repetitions"] == dc.DEFAULT_REPETITIONS
    assert config["mpe"]["distcurve"]["training"] == dc.DEFAULT_TRAINING
    model = dc.default_regressor()
    text = model.model_to_string()
    assert model.num_trees() == dc.DEFAULT_TRAINING["rounds"]
    assert f"[num_leaves: {dc.DEFAULT_TRAINING['num_leaves']}]" in text
    assert f"[learning_rate: {dc.DEFAULT_TRAINING['learning_rate']}]" in text
    assert f"[seed: {dc.DEFAULT_SEED}]" in text
    curves_, thetas = dc.training_set(60, seed=1, repetitions=dc.DEFAULT_REPETITIONS, stream="shipped-check")
    assert np.abs(model.predict(curves_) - thetas).mean() < 0.2  # it reads curves it never saw


@pytest.mark.slow  # DistCurve's regressor trained anew: `uv run pytest -m slow` (.ci/run runs it)
def test_a_rebuild_with_the_default_options_gives_the_shipped_regressor():
    """About 50 s: the whole default training, as ``python -m pueval.mpe.distance_curve`` runs it."""
    model, _ = dc.fit_model(seed=shipped_regressor.SEED, repetitions=shipped_regressor.REPETITIONS,
                            **shipped_regressor.TRAINING)
    assert model.model_to_string() == dc.default_regressor().model_to_string()


def test_only_the_default_options_match_the_shipped_regressor():
    defaults = {"seed": shipped_regressor.SEED, "repetitions": shipped_regressor.REPETITIONS,
                "training": dict(shipped_regressor.TRAINING)}
    assert shipped_regressor.matches(**defaults)
    for key, other in (("seed", 1), ("repetitions", 9), ("training", {**defaults["training"], "rounds": 10})):
        assert not shipped_regressor.matches(**{**defaults, key: other})


def test_load_regressor_reads_plain_and_gzipped_files(tmp_path):
    text = dc.default_regressor().model_to_string()
    (tmp_path / "plain.txt").write_text(text)
    (tmp_path / "zipped.txt.gz").write_bytes(gzip.compress(text.encode()))
    for name in ("plain.txt", "zipped.txt.gz"):
        assert dc.load_regressor(tmp_path / name).model_to_string() == text
    (tmp_path / "bad.gz").write_bytes(gzip.compress(b"not a model"))
    with pytest.raises(ValueError, match="not a LightGBM model file"):
        dc.load_regressor(tmp_path / "bad.gz")
    (tmp_path / "cut.gz").write_bytes(gzip.compress(text.encode())[:50])
    with pytest.raises(ValueError, match="cannot read the DistCurve model"):
        dc.load_regressor(tmp_path / "cut.gz")

"""python -m pueval.pipeline.calibrate for any catalog entry: a user's table and a target AUC."""

import numpy as np
import pandas as pd
import pytest
import yaml

from pueval import metrics, seeds
from pueval.model import Capacity, out_of_fold_scores
from pueval.pipeline import calibrate, datasets
from pueval.pipeline.config import load


def _user_config(tmp_path):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(300, 3))
    y = (x[:, 0] + rng.normal(0, 1.0, 300) > 0).astype(int)
    pd.DataFrame({"a": x[:, 0], "b": x[:, 1], "c": x[:, 2], "cls": y}).to_csv(tmp_path / "t.csv", index=False)
    path = tmp_path / "my.yaml"
    path.write_text(yaml.safe_dump({"run": ["mine"], "datasets": {"mine": {
        "source": {"file": str(tmp_path / "t.csv")}, "target": "cls", "positive": {"equals": 1},
        "subsample": None, "model": {"rounds": 1}}}}))
    return path


def test_calibrate_finds_a_capacity_for_a_users_entry(tmp_path, repo, monkeypatch, capsys):
    monkeypatch.chdir(repo)
    monkeypatch.setattr(calibrate, "FRACTIONS", (1.0,))
    monkeypatch.setattr(calibrate, "LEAVES", (2, 3))
    monkeypatch.setattr(calibrate, "LEARNING_RATES", (0.1,))
    monkeypatch.setattr(calibrate, "MAX_ROUNDS", 30)
    path = _user_config(tmp_path)
    config = load(path, root=repo)
    X, y = datasets.load(config, "mine")

    def auc(capacity):  # as the pipeline's score rule computes it
        return metrics.auc(y, out_of_fold_scores(X.to_numpy(), y, capacity, folds=config["folds"],
                                                 seed=seeds.int_seed(config["seed"], "mine", "score")))

    target = round(auc(Capacity(rounds=10, num_leaves=2)), 3)  # reachable within the grid
    calibrate.main(["--config", str(path), "--auc", str(target), "mine"])
    chosen = yaml.safe_load(capsys.readouterr().out)["datasets"]["mine"]["model"]
    assert auc(Capacity(**chosen)) == pytest.approx(target, abs=0.005)


def test_calibrate_needs_a_target_auc_outside_the_paper(tmp_path, repo, monkeypatch):
    monkeypatch.chdir(repo)
    with pytest.raises(SystemExit):
        calibrate.main(["--config", str(_user_config(tmp_path)), "mine"])

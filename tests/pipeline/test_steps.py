"""pueval.pipeline.steps: the steps refuse what their study cannot compute, with one line naming the config key."""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from pueval.pipeline import datasets, schemas, steps
from pueval.pipeline.steps import aul_paper as paper_steps
from pueval.pipeline.steps import data as data_steps
from pueval.pipeline.steps import draws as draws_steps


def _labels_file(tmp_path, y):
    path = tmp_path / "data.parquet"
    pd.DataFrame({"x": np.arange(len(y), dtype=float), steps.LABEL: y}).to_parquet(path)
    return path


def test_draws_step_refuses_a_beta_that_labels_fewer_than_two_rows(tmp_path):
    y = np.r_[np.ones(8, int), np.zeros(40, int)]
    out = tmp_path / "draws.parquet"
    with pytest.raises(ValueError, match="config key 'betas': 0.1 labels 1 of the 8 positives"):
        draws_steps.draws([_labels_file(tmp_path, y)], [out], dataset="toy", beta=0.1, n_draws=2, seed=0)
    assert not out.exists()


def test_score_step_refuses_more_folds_than_rows_of_a_class(tmp_path):
    y = np.r_[np.ones(3, int), np.zeros(40, int)]
    with pytest.raises(ValueError, match="config key 'folds': 5 folds, but the smaller class has only 3"):
        data_steps.score([_labels_file(tmp_path, y)], [tmp_path / "s.parquet"], dataset="toy",
                    model={"rounds": 1}, folds=5, seed=0)


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

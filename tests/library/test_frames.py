"""DataFrames of pandas, polars and pyarrow alike: the calls that take several score columns read them by name,
and a frame of features or a Series of scores gives the numbers a NumPy array does."""

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import pueval
from pueval.validation import ArgumentError, named_columns

FRAMES = {"pandas": pd.DataFrame, "polars": pl.DataFrame, "pyarrow": pa.table}


@pytest.fixture(scope="module")
def problem():
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.4
    labels = (y & (rng.random(y.size) < 0.3)).astype(int)
    columns = {"good": y + rng.normal(size=y.size), "weak": y + rng.normal(0, 3, y.size),
               "noise": rng.normal(size=y.size)}
    return labels, columns


@pytest.mark.parametrize("library", FRAMES)
def test_compare_and_select_read_a_frame_by_its_column_names(problem, library):
    labels, columns = problem
    frame = FRAMES[library](columns)
    assert named_columns(frame)[0] == ("good", "weak", "noise")
    compared, expected = pueval.compare(labels, frame), pueval.compare(labels, columns)
    assert [(p.a, p.b) for p in compared.pairs] == [("good", "weak"), ("good", "noise"), ("weak", "noise")]
    assert compared.as_dict() == expected.as_dict()
    selected = pueval.select_models(labels, frame)
    assert selected.names == ("good", "weak", "noise") and selected.as_dict() == \
        pueval.select_models(labels, columns).as_dict()


@pytest.mark.parametrize("series", [pd.Series, pl.Series, pa.array])
def test_a_series_of_labels_and_scores_gives_the_arrays_numbers(problem, series):
    labels, columns = problem
    assert pueval.aul_pu_score(series(labels), series(columns["good"])) == \
        pueval.aul_pu_score(labels, columns["good"])


def test_anything_else_is_refused_by_name(problem):
    labels, _ = problem
    with pytest.raises(ArgumentError, match="scores: must be a mapping of name → scores or a DataFrame"):
        pueval.compare(labels, [1, 2, 3])


@pytest.mark.parametrize("library", FRAMES)
def test_features_from_any_frame_give_the_arrays_prior(library):
    from pueval.mpe import estimate_prior

    rng = np.random.default_rng(4)
    y = rng.random(1500) < 0.4
    x = {"a": y + rng.normal(size=y.size), "b": rng.normal(size=y.size)}
    s = (y & (rng.random(y.size) < 0.4)).astype(int)
    as_array = estimate_prior(np.column_stack(list(x.values())), s, "en", random_state=0).theta
    assert estimate_prior(FRAMES[library](x), s, "en", random_state=0).theta == as_array

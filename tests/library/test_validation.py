"""pueval.validation, as the public API applies it: every two-valued labeling gives the same numbers, and every
public function names its bad argument."""

import numpy as np
import pytest

from pueval import aul_pu, curves, metrics, related, validation
from pueval.mpe import km
from tests.synthetic import pu_labels


@pytest.mark.parametrize("convert, pos_label", [
    (lambda s: s.astype(int), 1),
    (lambda s: np.where(s, 1, -1), 1),
    (lambda s: s, True),
    (lambda s: s, 1),
    (lambda s: np.where(s, "labeled", "unlabeled"), "labeled"),
    (lambda s: np.where(s, 0, 1), 0),
    (lambda s: np.where(s, 2.0, 7.0), 2.0),
])
def test_every_two_valued_labeling_gives_the_same_numbers(convert, pos_label):
    rng, _, labeled = pu_labels()
    scores = rng.normal(size=labeled.size) + labeled
    labels = convert(labeled)
    assert aul_pu.aul_pu_score(labels, scores, pos_label=pos_label) == aul_pu.aul_pu_score(labeled.astype(int), scores)
    assert metrics.auc(labels, scores, pos_label=pos_label) == metrics.auc(labeled.astype(int), scores)
    assert aul_pu.aul_pu_interval(labels, scores, pos_label=pos_label) == aul_pu.aul_pu_interval(labeled, scores)
    assert curves.lift_curve(labels, scores, pos_label=pos_label).area == pytest.approx(
        metrics.aul(labeled.astype(int), scores), abs=1e-12)
    assert related.jain_auprc(labels, scores, 0.3, pos_label=pos_label) == related.jain_auprc(labeled, scores, 0.3)


@pytest.mark.parametrize("call, message", [
    (lambda: related.average_precision([1, 0, 2], [0.3, 0.2, 0.1]), "y: must hold two values"),
    (lambda: related.average_precision([0, 0, 0], [0.3, 0.2, 0.1]), "y: no row equals pos_label=1"),
    (lambda: related.f1(np.array([1, 0, 1]), np.array([1, 0, 0])), "predicted must be a boolean array"),
    (lambda: related.jain_roc_auc([1, 0, 0], [0.3, 0.2, 0.1], "0.2"), "theta must be a number"),
    (lambda: related.jain_roc_auc([1, 0, 0], ["a", "b", "c"], 0.2), "scores must hold real numbers"),
    (lambda: metrics.aul_pu_variance([1, 1, 0], [0.3, 0.2, 0.1], 1.5), "n_labeled: must be an integer"),
    (lambda: km([["a", "b"]] * 5, np.ones((5, 2))), "X_mixture must hold real numbers"),
    (lambda: aul_pu.aul_pu_score([1, 0, 1], np.array([1 + 1j, 2, 3])), "scores must hold real numbers"),
    (lambda: aul_pu.aul_pu_score([1, 0, 1], np.array(["2020-01-01"] * 3, dtype="datetime64[D]")), "real numbers"),
])
def test_public_functions_name_the_bad_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("values", [
    [], [3], [1, 1, 1], [0, 1, 1, 0], [2, -1, 2], [1, 0, 2], [5, 5, 7, 9, 5], [-0.0, 0.0, 1.0], [0.5, -0.5, 0.5],
    [True, False, True], [False, False], np.arange(6) % 3, np.array([1, 0, 1], dtype=np.uint8),
    np.array([np.inf, 0.0, np.inf]), np.array([2**62, 1, 2**62]),
])
def test_distinct_numbers_are_numpys_unique(values):
    """The labels' distinct values, found without a sort when there are at most two, are np.unique's."""
    values = np.asarray(values)
    found = validation._distinct_numbers(values)
    assert found == np.unique(values).tolist()
    assert [type(v) for v in found] == [type(v) for v in np.unique(values).tolist()]


def test_carries_warnings_records_each_once_and_still_raises_them():
    import dataclasses
    import warnings

    from pueval.validation import carries_warnings

    @dataclasses.dataclass(frozen=True)
    class Value:
        x: int
        warnings: tuple = ()

    @carries_warnings
    def compute(x):
        warnings.warn("first", UserWarning)
        warnings.warn("second", RuntimeWarning)
        warnings.warn("first", UserWarning)
        return Value(x)

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        found = compute(3)
    assert found == Value(3, ("first", "second"))
    assert [str(w.message) for w in seen] == ["first", "second", "first"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a user's filter still applies
        with pytest.raises(UserWarning, match="first"):
            compute(1)

"""pueval.seeds: seed parts are stable and distinct."""

import pytest

from pueval import seeds


def test_seed_parts_are_stable_and_distinct():
    assert seeds.int_seed(1, "abalone", 0.1, 3) == seeds.int_seed(1, "abalone", 0.1, 3)
    values = {seeds.int_seed(1, d, b, i) for d in ("a", "b") for b in (0.1, 0.2) for i in range(3)}
    assert len(values) == 12
    with pytest.raises(TypeError):
        seeds.seed_sequence(1, True)

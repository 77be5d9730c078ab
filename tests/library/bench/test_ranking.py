"""pueval.bench.ranking: pairwise Wilcoxon–Holm over datasets, the diagram's groups, the mean-rank test."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from pueval.bench import ranking
from pueval.multitest import holm


def _table():
    rng = np.random.default_rng(0)
    base = rng.uniform(0.6, 0.9, 12)
    return pd.DataFrame({"a": base + 0.05 + rng.normal(0, 0.01, 12), "b": base + 0.045 + rng.normal(0, 0.01, 12),
                         "c": base + rng.normal(0, 0.01, 12), "d": base - 0.05 + rng.normal(0, 0.01, 12)})


def test_pairwise_is_scipys_wilcoxon_per_pair_with_holm_over_the_pairs():
    table = _table()
    pairs = ranking.pairwise(table)
    direct = [stats.wilcoxon(table[a] - table[b]).pvalue for a, b in zip(pairs["a"], pairs["b"])]
    np.testing.assert_allclose(pairs["p_value"], direct)
    np.testing.assert_allclose(pairs["p_holm"], holm(direct))
    row = pairs.set_index(["a", "b"])
    assert row.loc[("a", "d"), "ahead"] == "a" and row.loc[("c", "d"), "ahead"] == "a"
    assert row.loc[("a", "b"), "ahead"] == ""  # 0.005 apart with noise 0.01: not separated


def test_a_pairs_outcome_does_not_depend_on_the_other_learners():
    table = _table()
    alone = ranking.pairwise(table[["a", "c"]]).iloc[0]
    pooled = ranking.pairwise(table).set_index(["a", "b"]).loc[("a", "c")]
    assert alone["p_value"] == pytest.approx(pooled["p_value"])  # Holm's family grows; the test itself does not


def test_groups_are_the_maximal_runs_no_test_separates():
    table = _table()
    groups = ranking.groups(table, ranking.pairwise(table))
    assert [set(g) for g in groups] == [{"a", "b"}]  # c and d each stand alone (a bar joins two or more)
    assert [set(g) for g in ranking.groups(table, ranking.pairwise(table).assign(ahead=""))] == [{"a", "b", "c", "d"}]


def test_mean_rank_test_is_demsars_nemenyi():
    table = _table()
    ranks, cd, pairs = ranking.mean_rank_test(table)
    assert ranks.to_dict() == pytest.approx(table.rank(axis=1, ascending=False).mean().to_dict())
    assert cd == pytest.approx(2.569 * np.sqrt(4 * 5 / (6 * 12)), rel=1e-3)  # q_0.05 for k = 4 (Demšar's table)
    assert pairs.set_index(["a", "b"]).loc[("a", "d"), "separated"]


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="table: holds NaN"):
        ranking.pairwise(pd.DataFrame({"a": [0.1, np.nan], "b": [0.2, 0.3]}))
    with pytest.raises(ValueError, match="at least two datasets"):
        ranking.pairwise(pd.DataFrame({"a": [0.1], "b": [0.2]}))


def test_the_bayesian_cross_check_sees_what_the_tests_see_and_is_seeded():
    pytest.importorskip("baycomp")
    table = _table()
    found = ranking.bayesian_signed_rank(table).set_index(["a", "b"])
    assert found.loc[("a", "d"), "p_a_ahead"] > 0.95  # 0.1 apart: ahead beyond the rope
    assert found.loc[("a", "b"), "p_rope"] > 0.5  # 0.005 apart: within ±0.01
    again = ranking.bayesian_signed_rank(table).set_index(["a", "b"])
    pd.testing.assert_frame_equal(found, again)
    assert (found[["p_a_ahead", "p_rope", "p_b_ahead"]].sum(axis=1).round(6) == 1).all()


def test_the_smallest_holm_p_is_reached_by_a_table_of_one_sign():
    table = _table()[["a", "d"]].head(6)  # a ahead of d on all 6 datasets
    assert ranking.pairwise(table)["p_holm"].iloc[0] == pytest.approx(ranking.smallest_holm_p(6, 2))
    assert ranking.smallest_holm_p(10, 8) >= 0.05 > ranking.smallest_holm_p(10, 7)

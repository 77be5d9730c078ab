"""pueval.studies.bench: the benchmark's draws, splits and validity study."""

import numpy as np
import pandas as pd
import pytest

from pueval.bench import plugin
from pueval.studies import bench
from pueval.studies.verdict_rules import NOT_REPRODUCED, REPRODUCED, UNDECIDED

LEARNERS = {"lr": {"estimator": "pueval.bench.learners:NaiveLogistic", "grid": {"C": [0.1, 10]}},
            "nn": {"estimator": "pueval.bench.learners:NNPU", "prior": True, "params": {"stepsize": 0.01}}}


def test_arms_run_a_prior_taking_learner_with_the_true_and_the_estimated_prior_and_add_copies():
    arms = bench.arms(plugin.specs(LEARNERS), ["lr"])
    assert [(name, source) for name, _, source in arms] == [
        ("lr", None), ("nn[π]", "oracle"), ("nn[π̂]", "estimated"), ("lr_copy", None)]
    with pytest.raises(ValueError, match="copies: names learners not in learners: zz"):
        bench.arms(plugin.specs(LEARNERS), ["zz"])


def test_split_deals_each_class_in_its_shares_and_cuts_the_training_rows():
    s = np.r_[np.ones(100, int), np.zeros(300, int)]
    train, held, test = bench.split(s, np.random.default_rng(0), train=0.5, validation=0.25, max_train_rows=None)
    assert (s[train].sum(), s[held].sum(), s[test].sum()) == (50, 25, 25)
    assert len(np.intersect1d(train, held)) == len(np.intersect1d(train, test)) == len(np.intersect1d(held, test)) == 0
    assert train.size + held.size + test.size == 400
    cut, _, _ = bench.split(s, np.random.default_rng(0), train=0.5, validation=0.25, max_train_rows=100)
    assert cut.size == 100 and s[cut].sum() == 25


def test_a_setting_judges_every_arm_on_its_test_rows_with_the_oracle_beside():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(800, 3))
    y = (X[:, 0] + rng.normal(0, 0.5, 800) > 0).astype(int)
    arms = bench.arms(plugin.specs(LEARNERS), ["lr"])
    learners, pairs, failures = bench.setting(X, y, dataset="toy", beta=0.3, draws=2, learner_arms=arms, seed=4)
    assert (failures["kind"] == "warning").all()  # no failure; the warnings raised are carried, per draw
    assert failures["message"].str.contains("do not vary").all()  # lr and its copy rank alike (one solution)
    assert (learners["prior_low"] <= learners["prior_estimated"]).all()  # BBE's interval beside its θ̂
    assert set(learners["learner"]) == {"lr", "lr_copy", "nn[π]", "nn[π̂]"}
    assert set(learners["tuning"]) == {"aul", "risk"} and (learners["oracle_auc"] > 0.7).all()
    assert len(pairs) == 2 * 2 * 6  # draws × tunings × pairs of 4 arms
    again, _, _ = bench.setting(X, y, dataset="toy", beta=0.3, draws=2, learner_arms=arms, seed=4)
    pd.testing.assert_frame_equal(learners.drop(columns="cpu_seconds"), again.drop(columns="cpu_seconds"))
    assert bench.ranked_arms(learners) == ["lr", "nn[π̂]"]  # no oracle prior, no copy
    two = learners.assign(dataset=np.where(learners["draw"] == 0, "a", "b"))
    assert set(learners.loc[learners["learner"].isin(["lr", "nn[π̂]"]), "in_set"]) <= {0.0, 1.0}
    assert learners.loc[learners["learner"] == "lr_copy", "in_set"].isna().all()  # not a ranked arm
    sets = bench.set_check(two)
    assert list(sets["dataset"]) == ["a", "b"] and (sets["mean_set_size"] >= 1).all()
    assert (sets["random_set_holds_best"] <= 1).all()
    priors = bench.prior_check(two)
    row = priors.iloc[0]
    assert row["learner"] == "nn" and row["datasets"] == 2 and 0 <= row["bbe_interval_coverage"] <= 1


def _pairs(signs_agree, significant, a="x", b="y"):
    n = len(signs_agree)
    return pd.DataFrame({"a": a, "b": b, "difference": 0.1, "p_value": np.where(significant, 0.001, 0.5),
                         "p_holm": np.where(significant, 0.01, 0.9),
                         "oracle_auc_difference": np.where(signs_agree, 0.05, -0.05), "tuning": "aul",
                         "beta": 0.2, "draw": np.arange(n)})


def test_claims_count_the_signs_of_significant_pairs_against_the_oracle():
    pairs = _pairs([True] * 8 + [False] * 2, [True] * 6 + [False, False, True, False])
    oracle = _pairs([False] * 3, [True] * 3, a="x[π]", b="y")
    holm_row = bench.claims(pairs).iloc[0]
    assert (holm_row["claims"], holm_row["agreeing"]) == (7, 6)
    with_copy = pd.concat([pairs, _pairs([False] * 5, [True] * 5, a="x", b="x_copy"), oracle])
    assert bench.claims(with_copy).iloc[0]["claims"] == 7  # neither a copy's pairs nor an oracle prior's are claims


def test_the_bench_verdicts_follow_their_rules():
    claims = pd.DataFrame([{"rule": "Holm", "claims": 300, "agreeing": 299}])
    copies = pd.DataFrame([{"draws": 300, "draws_separated": 30}])
    agreement = pd.DataFrame({"dataset": ["a", "b"], "beta": [0.2, 0.2], "mean": [0.5, -0.1]})
    tuning = pd.DataFrame([{"learner": "lr", "aul_ahead": 9, "risk_ahead": 1}])
    sets = pd.DataFrame({"dataset": list("abcdefghij"), "draws": 30, "set_holds_best": 0.97,
                         "random_set_holds_best": 0.4})
    verdicts = bench.verdicts(claims, copies, agreement, tuning, sets).set_index("id")["verdict"]
    assert verdicts.to_dict() == {"bench.claims": REPRODUCED, "bench.copies": NOT_REPRODUCED,
                                  "bench.best_set": REPRODUCED, "bench.rank_agreement": NOT_REPRODUCED,
                                  "bench.tuning": REPRODUCED}
    covering_baseline = sets.assign(random_set_holds_best=0.99)  # a baseline that covers too: cannot fail
    assert bench.verdicts(claims, copies, agreement, tuning, covering_baseline).set_index("id").loc[
        "bench.best_set", "verdict"] == UNDECIDED
    few = pd.DataFrame([{"rule": "Holm", "claims": 4, "agreeing": 4}])
    assert bench.verdicts(few, copies.iloc[:0], agreement.iloc[:0], tuning.iloc[:0])["verdict"].tolist() == [UNDECIDED]

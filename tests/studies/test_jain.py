"""pueval.studies.jain: Jain et al. (2017)'s Figure 1 toy, their protocol, the binomial test under each repair, both
arms and every feasible setting."""

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binom

from pueval import metrics, seeds
from pueval.studies import jain


def _scored():
    rng = np.random.default_rng(5)
    y = (rng.random(2500) < 0.4).astype(int)
    return y, y + rng.normal(0, 1, y.size)


def test_their_figure_1_toy():
    toy = jain.toy()
    assert toy["theta"] == 0.2 and toy["auc_pu"] == pytest.approx(0.8) and toy["auc"] == 0.9375
    assert toy["direct"] == pytest.approx(0.875) and toy["indirect"] == pytest.approx(5 / 6)


def test_their_protocol_draws_as_stated():
    rng = np.random.default_rng(0)
    y = (rng.random(3000) < 0.4).astype(int)
    labeled, unlabeled = jain.split(y, 0.75, np.random.default_rng(1))
    assert labeled.size == 1000 and y[labeled].sum() == 750 and np.intersect1d(labeled, unlabeled).size == 0
    assert unlabeled.size == 2000
    assert jain.labeled_size(1999) == 100 and jain.labeled_size(2000) == 1000
    big = (rng.random(12_000) < 0.3).astype(int)
    assert jain.split(big, 1.0, rng)[1].size == jain.UNLABELED_CAP
    skewed = np.r_[np.ones(3592, int), np.zeros(408, int)]  # pageblock-like: α = 0.95 > β = 0.75
    assert jain.feasible(skewed, 0.95) and not jain.feasible(skewed, 0.75)


def test_the_binomial_test_is_restated_per_draw_and_per_setting_under_each_repair():
    y, scores = _scored()
    frame = pd.concat([jain.setting_frame(y, scores, beta, 12, np.random.default_rng(2)).assign(purity=beta,
                                                                                              dataset=name)
                       for name in ("a", "b") for beta in (0.95, 0.75)], ignore_index=True)
    tests = jain.binomial_tests(frame).set_index(["priors", "repair", "unit"])
    for kind, suffix in (("real", "R"), ("estimated", "E")):
        for repair, column in (("monotone", f"error_auc_I{suffix}"), ("clip", f"error_auc_I{suffix}_clip")):
            indirect, direct = frame[column].abs().to_numpy(), frame[f"error_auc_D{suffix}"].abs().to_numpy()
            k = sum(i < d - 1e-12 for i, d in zip(indirect, direct))
            m = sum(abs(i - d) > 1e-12 for i, d in zip(indirect, direct))
            row = tests.loc[(kind, repair, "draw")]
            assert (row["indirect_better"], row["cases"]) == (k, m)
            assert row["p_value"] == pytest.approx(binom.sf(k - 1, m, 0.5))
            settings = [(indirect[(frame["dataset"] == n) & (frame["purity"] == b)].mean(),
                         direct[(frame["dataset"] == n) & (frame["purity"] == b)].mean())
                        for n in ("a", "b") for b in (0.95, 0.75)]
            row = tests.loc[(kind, repair, "setting")]
            assert row["indirect_better"] == sum(i < d - 1e-12 for i, d in settings)
            assert row["cases"] + row["ties"] == 4


def test_the_lightgbm_arm_scores_each_draw_with_a_labeled_against_unlabeled_model():
    from pueval.mpe.distance_curve import univariate_transform

    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, 4))
    y = (x[:, 0] + rng.normal(0, 1, 4000) > 0).astype(int)
    options = {"folds": 3, "rounds": 10, "num_leaves": 7}
    row = jain.draw_row(y, None, 0.95, np.random.default_rng(4), features=x, learner=jain.lightgbm(**options))
    # restated: the same split, then the transform fitted on labeled (1) against unlabeled (0) with the next seed
    stream = np.random.default_rng(4)
    labeled, unlabeled = jain.split(y, 0.95, stream)
    rows = np.r_[labeled, unlabeled]
    s = np.r_[np.ones(labeled.size, int), np.zeros(unlabeled.size, int)]
    g = univariate_transform(x[rows], s, seed=int(stream.integers(2**31 - 1)), **options)
    assert row["auc"] == pytest.approx(metrics.auc(y[rows], g))
    assert row["error_auc_PU"] == pytest.approx(metrics.auc(s, g) - row["auc"])
    assert row["alpha"] == pytest.approx(y[unlabeled].mean())
    frame = pd.concat([jain.setting_frame(y, None, 0.95, 3, np.random.default_rng(5), features=x,
                                          learner=jain.lightgbm(**options)).assign(arm="pu"),
                       jain.setting_frame(y, x[:, 0], 0.95, 3, np.random.default_rng(5)).assign(arm="model")]
                      ).assign(dataset="a", purity=0.95)
    tests, errors = jain.arm_tables(frame)
    assert tests["arm"].drop_duplicates().tolist() == ["pu", "model"]  # the paper's setting first
    pu = tests[tests["arm"] == "pu"].drop(columns="arm").reset_index(drop=True)
    pd.testing.assert_frame_equal(pu, jain.binomial_tests(frame[frame["arm"] == "pu"]))
    assert errors.groupby("arm").size().to_dict() == {"model": 8, "pu": 8}


def test_a_rounding_difference_is_a_tie_not_a_decision():
    frame = pd.DataFrame({"dataset": "a", "purity": 1.0, "error_auc_IR": [0.1 + 1e-16, 0.2, 0.05],
                          "error_auc_DR": [0.1, 0.2 + 3e-16, 0.1]})
    for name in ("error_auc_IR_clip", "error_auc_IE", "error_auc_IE_clip", "error_auc_DE"):
        frame[name] = frame["error_auc_IR" if "I" in name.split("_")[2] else "error_auc_DR"]
    row = jain.binomial_tests(frame).set_index(["priors", "repair", "unit"]).loc[("real", "monotone", "draw")]
    assert (row["indirect_better"], row["cases"], row["ties"]) == (1, 1, 2)


def test_the_study_runs_every_feasible_setting_in_both_arms_and_lists_the_rest():
    y, scores = _scored()
    skewed = np.r_[np.ones(2300, int), np.zeros(200, int)]  # α > 0.75 once 1,000 rows are labeled: skipped there
    x = np.random.default_rng(7).normal(size=(y.size, 2)) + y[:, None]
    data = {"a": (y, scores, x), "b": (skewed, skewed + np.random.default_rng(8).normal(size=skewed.size), None)}
    frame, skipped, settings = jain.study_frame({"a": data["a"]}, purities=[0.95, 0.75], repetitions=3,
                                                pu_repetitions=2, seed=1, transform={"folds": 2, "rounds": 5},
                                                networks_datasets=[])
    assert settings == 2 and skipped == [] and frame.groupby("arm").size().to_dict() == {"model": 6,
                                                                                           "pu_lightgbm": 4}
    again = jain.setting_frame(y, scores, 0.75, 3, seeds.rng(1, "a", 0.75, "jain"))
    pd.testing.assert_frame_equal(frame.query("arm == 'model' and purity == 0.75").drop(
        columns=["dataset", "purity", "arm"]).reset_index(drop=True), again)  # seeded by the setting's identity
    frame, skipped, settings = jain.study_frame({"b": data["b"]}, purities=[1.0, 0.75], repetitions=2,
                                                pu_repetitions=0, seed=1)
    assert skipped == [("b", 0.75)] and settings == 1 and set(frame["arm"]) == {"model"}
    with pytest.raises(ValueError, match="data: no dataset can host the protocol"):
        jain.study_frame({"b": data["b"]}, purities=[0.75], repetitions=2, pu_repetitions=0, seed=1)


def test_the_papers_shares_are_read_back_from_its_p_values():
    from scipy.stats import binomtest

    assert jain.paper_share("estimated") == 26 / 36
    assert binomtest(26, 36, alternative="greater").pvalue == pytest.approx(jain.PAPER_P["estimated"], rel=0.01)
    assert jain.paper_share("real") == 30 / 36  # 29 of 36 gives 1.6e-4, 30 gives 3.5e-5: 6.5e-5 is nearer 30


def test_the_papers_arm_scores_each_draw_with_bagged_networks_out_of_bag():
    from pueval.studies import bagged_networks

    rng = np.random.default_rng(3)
    x = rng.normal(size=(1200, 3))
    y = (x[:, 0] + rng.normal(0, 1, 1200) > 0).astype(int)
    row = jain.draw_row(y, None, 1.0, np.random.default_rng(4), features=x, learner=jain.networks)
    stream = np.random.default_rng(4)  # restated: the same split, then the networks drawing from the same stream
    labeled, unlabeled = jain.split(y, 1.0, stream)
    rows = np.r_[labeled, unlabeled]
    s = np.r_[np.ones(labeled.size, int), np.zeros(unlabeled.size, int)]
    g = bagged_networks.oob_scores(x[rows], s, stream)
    assert row["auc"] == pytest.approx(metrics.auc(y[rows], g))
    assert row["auc"] > 0.8  # the networks learn the true classes' ranking from labeled against unlabeled
    data = {"a": (y, x[:, 0], x), "b": (y, x[:, 0], x)}
    frame, _, _ = jain.study_frame(data, purities=[1.0], repetitions=2, pu_repetitions=1, seed=1,
                                   transform={"folds": 2, "rounds": 5}, networks_datasets=["b"])
    assert frame.groupby(["dataset", "arm"]).size().to_dict() == {
        ("a", "model"): 2, ("a", "pu_lightgbm"): 1, ("b", "model"): 2, ("b", "pu"): 1, ("b", "pu_lightgbm"): 1}
    with pytest.raises(ValueError, match="networks_datasets: names datasets not in data: c"):
        jain.study_frame(data, purities=[1.0], repetitions=2, pu_repetitions=1, seed=1, networks_datasets=["c"])
    # the LightGBM variant on its own datasets: the same draws where it runs (seeded by the setting), none elsewhere
    only_b, _, _ = jain.study_frame(data, purities=[1.0], repetitions=2, pu_repetitions=1, seed=1,
                                    transform={"folds": 2, "rounds": 5}, networks_datasets=["b"],
                                    variant_datasets=["b"])
    assert only_b.groupby(["dataset", "arm"]).size().to_dict() == {
        ("a", "model"): 2, ("b", "model"): 2, ("b", "pu"): 1, ("b", "pu_lightgbm"): 1}
    pd.testing.assert_frame_equal(only_b.query("arm != 'model' or dataset == 'b'").reset_index(drop=True),
                                  frame.query("dataset == 'b'").reset_index(drop=True))
    with pytest.raises(ValueError, match="variant_datasets: names datasets not in data: c"):
        jain.study_frame(data, purities=[1.0], repetitions=2, pu_repetitions=1, seed=1, variant_datasets=["c"])

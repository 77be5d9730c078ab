"""The ledger's claims on small synthetic tables: each claim reads its table and calls its rule; a contrary row
anywhere changes the verdict, the paper's arm leads, a study switched off leaves its claims unjudged."""

import numpy as np
import pandas as pd
import pytest

from pueval.studies import ledger
from pueval.studies.verdict_rules import DEPENDS, NOT_REPRODUCED, REPRODUCED, UNDECIDED


def _claim(claim_id):
    return next(c for c in ledger.CLAIMS if c.id == claim_id)


def _table1(contrary_row=None):
    rows = []
    for d in ("abalone", "airfoil", "anuran"):
        for b in (0.1, 0.2, 0.4):
            rows.append({"dataset": d, "beta": b, "mae_aul": 0.01, "mae_auc_km1": 0.05, "mae_auc_km2": 0.06,
                         "mae_auc_distance": 0.04, "paper_mae_aul": 0.01, "paper_mae_auc_km1": 0.05,
                         "paper_mae_auc_km2": 0.06, "paper_mae_auc_distance": 0.04})
    frame = pd.DataFrame(rows)
    if contrary_row is not None:
        frame.loc[contrary_row, "mae_auc_km2"] = 0.005
    return frame


def test_table1_below_holds_in_every_setting_and_fails_on_one_contrary_cell():
    verdict = ledger.ledger({"table1": _table1()}, claims=[_claim("aul.table1.below")])
    assert verdict.loc[0, "verdict"] == REPRODUCED and verdict.loc[0, "ours"].endswith("in 27 of 27")
    verdict = ledger.ledger({"table1": _table1(contrary_row=8)}, claims=[_claim("aul.table1.below")])
    assert verdict.loc[0, "verdict"] == NOT_REPRODUCED
    assert "anuran 0.4 vs KM2" in verdict.loc[0, "ours"]


def _figure3(paper_arm_ahead: bool):
    rng = np.random.default_rng(0)
    base = 0.8 + 0.01 * np.arange(9)
    variant = base * (1 + 0.03 + 0.002 * rng.standard_normal(9))  # the squared-risk pairing clearly ahead
    paper = base * (1 + (0.03 if paper_arm_ahead else 0.0) + 0.0005 * rng.standard_normal(9))
    return pd.DataFrame({"dataset": [f"d{i}" for i in range(9)], "auc_mean_pu_auc": base, "auc_mean_pu_auc_01": base,
                         "auc_mean_pu_aul": variant, "auc_mean_pu_aul_metric": paper})


def test_figure3_the_papers_arm_decides_even_when_a_variant_looks_better():
    claim = [_claim("aul.figure3")]
    ahead = ledger.ledger({"figure3": _figure3(True)}, claims=claim).iloc[0]
    assert ahead["verdict"] == REPRODUCED
    flat = ledger.ledger({"figure3": _figure3(False)}, claims=claim).iloc[0]
    assert flat["verdict"] in (NOT_REPRODUCED, UNDECIDED)
    assert flat["arms"].startswith("Sakai's 0/1 held-out rule for both")
    assert "each by its own squared risk (PU_AUL vs PU_AUC): reproduced" in flat["arms"]


def _tabatabaei(worse_at=()):
    rho = np.round(np.arange(0.01, 1.0, 0.01), 2)
    ll = np.full(rho.size, 10.0)
    f1 = np.full(rho.size, 5.0)
    for r in worse_at:
        f1[np.isclose(rho, r)] = 15.0
    return pd.DataFrame({"rho": rho, "ll": ll, "f1bar": f1, "p_value": 1e-6, "f1bar_better": f1 < ll,
                         "family": "forest", "forest_set": 0})


def test_tabatabaei_a_contrary_rho_at_the_end_of_the_range_decides():
    claim = [_claim("tabatabaei.figure4.heart")]
    assert ledger.ledger({"tabatabaei": _tabatabaei()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    judged = ledger.ledger({"tabatabaei": _tabatabaei(worse_at=(0.98,))}, claims=claim).iloc[0]
    assert judged["verdict"] == NOT_REPRODUCED and "significantly worse at ρ = 0.98" in judged["ours"]


def _jain_tests(clip_setting, monotone_setting):
    rows = []
    for arm in ("pu", "pu_lightgbm", "model"):
        for priors in ("real", "estimated"):
            for repair in ("monotone", "clip"):
                for unit in ("draw", "setting"):
                    better = {("clip", "setting"): clip_setting, ("monotone", "setting"): monotone_setting}.get(
                        (repair, unit), 650 if unit == "draw" else 13)
                    cases = 1300 if unit == "draw" else 26
                    rows.append({"arm": arm, "priors": priors, "repair": repair, "unit": unit,
                                 "indirect_better": better, "cases": cases, "ties": 0, "p_value": np.nan,
                                 "paper_p_value": 6.5e-5 if priors == "real" else 5.7e-3})
    return pd.DataFrame(rows)


def test_jain_an_open_repair_whose_arms_differ_depends_on_it():
    claim = [_claim("jain.real")]
    judged = ledger.ledger({"jain_tests": _jain_tests(24, 13)}, claims=claim).iloc[0]
    assert judged["verdict"] == DEPENDS
    assert judged["arms"].startswith("their bagged networks, clip, per setting: reproduced")
    assert ledger.ledger({"jain_tests": _jain_tests(24, 23)}, claims=claim).loc[0, "verdict"] == REPRODUCED
    assert ledger.ledger({"jain_tests": _jain_tests(13, 12)}, claims=claim).loc[0, "verdict"] == NOT_REPRODUCED


def test_a_claim_whose_tables_are_missing_is_listed_not_judged():
    frame = ledger.ledger({"table1": _table1()})
    assert set(frame["id"]) == {"aul.table1.below"}
    missing = frame.attrs["not_judged"]
    assert "aul.figure3 (no figure3)" in missing and not any(m.startswith("aul.table1.below") for m in missing)
    # a table that is there without the claim's rows (that part of the study switched off)
    frame = ledger.ledger({"tabatabaei": _tabatabaei()})
    assert "tabatabaei.figure4.heart" in set(frame["id"])
    reason = "tabatabaei.figure4.iris (tabatabaei has no rows of iris"
    assert any(m.startswith(reason) for m in frame.attrs["not_judged"])


def test_every_claim_has_its_columns_and_a_verdict_of_the_four():
    ids = [c.id for c in ledger.CLAIMS]
    assert len(ids) == len(set(ids))
    frame = ledger.ledger({"table1": _table1(), "figure3": _figure3(True), "tabatabaei": _tabatabaei(),
                           "jain_tests": _jain_tests(24, 13)})
    assert list(frame.columns) == list(ledger.COLUMNS)
    assert frame["verdict"].isin([REPRODUCED, NOT_REPRODUCED, UNDECIDED, DEPENDS]).all()


@pytest.mark.parametrize("claim", ledger.CLAIMS, ids=lambda c: c.id)
def test_every_claim_quotes_and_names_its_setting(claim):
    assert claim.quote and claim.setting and claim.unit and claim.tables


def test_a_run_without_the_papers_settings_or_an_arm_is_not_judged_on_them():
    own = _table1().assign(**{c: np.nan for c in _table1().columns if c.startswith("paper_")})
    errors = pd.DataFrame({"dataset": "abalone", "beta": ["0.1"], "method": "aul", "se_mae": [0.001], "iqr": [0.01]})
    frame = ledger.ledger({"table1": own, "estimation_errors": errors, "mcdermott_real": pd.DataFrame(),
                           "jain_tests": _jain_tests(24, 13).query("arm == 'model'")})
    reasons = " ".join(frame.attrs["not_judged"])
    assert "aul.table1.ratio (table1 holds none of the paper's settings)" in reasons
    assert "aul.table1.cells.km1" in reasons and "mcdermott.3.2 (mcdermott_real is empty" in reasons
    assert "jain.real (jain_tests has no row pu" in reasons
    assert "aul.figure2.mean (estimation_errors holds no dataset's pooled errors)" in reasons
    assert list(frame["id"]) == ["aul.table1.below", "aul.figure2.beta"]


def _jain_errors(pu_at_075=-0.2):
    rows = []
    for arm in ("pu", "pu_lightgbm", "model"):
        for beta, pu in ((1.0, -0.15), (0.95, -0.17), (0.75, pu_at_075)):
            for metric, estimator, error in (("AUC", "PU", pu), ("AUC", "DR", -0.01), ("AUC", "IR", -0.02),
                                             ("AUC", "DE", 0.05 if beta == 1 else -0.01), ("AUC", "IE", 0.03),
                                             ("AUC-PR", "PU", -0.6), ("AUC-PR", "IR", -0.02), ("AUC-PR", "IE", 0.1)):
                rows.append({"arm": arm, "beta": beta, "metric": metric, "estimator": estimator, "mean_error": error,
                             "median_error": error, "mae": abs(error)})
    return pd.DataFrame(rows)


def test_jains_error_claims_are_judged_on_every_beta_of_their_arm():
    claims = [_claim(i) for i in ("jain.pu_underestimates", "jain.pu_deteriorates", "jain.signs",
                                  "jain.pr_uncorrected")]
    judged = ledger.ledger({"jain": _jain_errors()}, claims=claims).set_index("id")["verdict"]
    assert set(judged) == {REPRODUCED}  # DE below 0 at β < 1 is not judged: our E assumes β = 1, theirs does not
    # a contrary row at the end of the range: AUC^pu no longer below 0, nor worse than at β = 0.95
    contrary = ledger.ledger({"jain": _jain_errors(pu_at_075=0.01)}, claims=claims).set_index("id")
    assert contrary.loc["jain.pu_underestimates", "verdict"] == NOT_REPRODUCED
    assert "contrary: β = 0.75" in contrary.loc["jain.pu_underestimates", "ours"]
    assert contrary.loc["jain.pu_deteriorates", "verdict"] == NOT_REPRODUCED
    without = _jain_errors().query("arm != 'pu'")
    assert "jain.signs" in " ".join(ledger.ledger({"jain": without}, claims=claims).attrs["not_judged"])


def _rho_spreads(paper_falls=True, variant_falls=False):
    rows = []
    for family in ("generated", "iris"):
        for i, rho in enumerate(np.arange(0.1, 1.0, 0.1)):
            for name, falls in (("loo_rf", paper_falls), ("loo", variant_falls), ("en", variant_falls)):
                rows.append({"family": family, "rho": rho, "estimator": name, "sets": 6,
                             "sd": 0.1 - 0.01 * i if falls else 0.01 + 0.01 * i})
    return pd.DataFrame(rows)


def test_tabatabaei_figure2_their_forest_decides_on_each_dataset():
    claim = [_claim("tabatabaei.figure2")]
    row = ledger.ledger({"tabatabaei_figure2": _rho_spreads()}, claims=claim).iloc[0]
    assert row["verdict"] == REPRODUCED  # the variants rising do not decide
    assert "loo_rf (their Figure 2): reproduced" in row["arms"] and "en: not reproduced" in row["arms"]
    table = _rho_spreads()
    rising = (table["family"] == "iris") & (table["estimator"] == "loo_rf")
    table.loc[rising, "sd"] = table.loc[rising, "sd"].to_numpy()[::-1]
    row = ledger.ledger({"tabatabaei_figure2": table}, claims=claim).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and row["ours"].startswith("IRIS")
    two = ledger.ledger({"tabatabaei_figure2": table[table["rho"] < 0.25]}, claims=claim)
    assert two.empty and "fewer than 3 values" in two.attrs["not_judged"][0]


def _bounds(off_at=None):
    rows = []
    rng = np.random.default_rng(0)
    for family, p in (("generated", 60), ("iris", 50)):
        for s in range(1, p + 1):
            sd = 0.2 * np.sqrt((p - s) / p)
            m4 = 3 * sd**4
            se = sd / 10
            mean = 0.44 + se * rng.standard_normal() + (8 * se if (family, s) == off_at else 0)
            var_se = np.sqrt((m4 - sd**4 * 97 / 99) / 100)
            rows.append({"family": family, "labeled": s, "rho": s / p, "draws": 100, "f1": 0.44, "mean": mean,
                         "sd": np.sqrt(max(sd**2 + var_se * rng.standard_normal(), 0) * 99 / 100),
                         "formula_sd": sd, "formula_m4": m4})
    return pd.DataFrame(rows)


def test_tabatabaei_figure3_a_point_far_off_the_formula_decides():
    claim = [_claim("tabatabaei.figure3")]
    assert ledger.ledger({"tabatabaei_figure3": _bounds()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    row = ledger.ledger({"tabatabaei_figure3": _bounds(off_at=("iris", 20))}, claims=claim).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and "at S = 20" in row["ours"] and row["ours"].startswith("IRIS, mean")


def _noise(iris_worse_at_half=True):
    rows = []
    for family, worse in (("generated", (0.5,)), ("iris", (0.5, 2.0))):
        for c in (0.5, 0.75, 1.0, 2.0):
            bad = c in worse and (family != "iris" or c != 0.5 or iris_worse_at_half)
            rows.append({"c": c, "f1bar": 12.0 if bad else 8.0, "ll": 10.0,
                         "share_of_rho_worse_than_ll": 0.9 if bad else 0.05, "family": family})
    return pd.DataFrame(rows)


def test_tabatabaei_figure5_every_noise_factor_as_the_paper_says():
    claim = [_claim("tabatabaei.figure5")]
    assert ledger.ledger({"tabatabaei_figure5": _noise()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    row = ledger.ledger({"tabatabaei_figure5": _noise(iris_worse_at_half=False)}, claims=claim).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and "IRIS c = 0.5 (worse in the paper" in row["ours"]


def _labelings(contrary=None):
    frame = pd.DataFrame({"labeling": range(5), "auc": 0.75, "lower": 0.70, "upper": 0.79, "pr_width": 0.13,
                          "gap_low_recall": 0.27, "gap_high_recall": 0.09, "zero_upper": 0.62, "range_contains": True})
    if contrary:
        frame.loc[4, contrary[0]] = contrary[1]
    return frame


@pytest.mark.parametrize("claim_id, contrary", [("claesen.beta0", ("zero_upper", 0.76)),
                                                ("claesen.pr_wider", ("pr_width", 0.05)),
                                                ("claesen.pr_wider", ("gap_low_recall", 0.05)),
                                                ("claesen.beta_range", ("range_contains", False))])
def test_claesens_covtype_claims_hold_in_every_labeling(claim_id, contrary):
    claim = [_claim(claim_id)]
    assert ledger.ledger({"claesen_labelings": _labelings()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    row = ledger.ledger({"claesen_labelings": _labelings(contrary)}, claims=claim).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and "labeling 4" in row["ours"]
    empty = ledger.ledger({"claesen_labelings": pd.DataFrame(columns=["labeling", "contains"])}, claims=claim)
    assert empty.empty and "claesen.scores" in empty.attrs["not_judged"][0]


def test_claesen_figure2_one_size_not_narrower_decides():
    claim = [_claim("claesen.figure2")]
    sizes = pd.DataFrame({"known_positives": [100, 500, 2000, 10000], "width": [0.16, 0.07, 0.03, 0.01]})
    assert ledger.ledger({"claesen": sizes}, claims=claim).loc[0, "verdict"] == REPRODUCED
    sizes.loc[3, "width"] = 0.04
    row = ledger.ledger({"claesen": sizes}, claims=claim).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and "2000 → 10000" in row["ours"]
    one = ledger.ledger({"claesen": sizes.iloc[:1]}, claims=claim)
    assert one.empty and "fewer than 2 numbers of known positives" in one.attrs["not_judged"][0]


def _theorem2(out_of_order=False):
    rows = []
    for d in range(3):
        gains = np.array([1e-5, 2e-5, 5e-5, 1e-3])
        if out_of_order and d == 2:
            gains[1], gains[2] = gains[2], gains[1]
        rows += [{"target_auroc": 0.85, "dataset": d, "position": 10 * i, "auroc_gain": 0.01, "auprc_gain": g,
                  "auroc_step": 0.01} for i, g in enumerate(gains)]
    return pd.DataFrame(rows)


def test_mcdermott_theorem2_one_dataset_out_of_order_decides():
    auroc, auprc = [_claim("mcdermott.theorem2.auroc")], [_claim("mcdermott.theorem2.auprc")]
    assert ledger.ledger({"mcdermott_theorem2": _theorem2()}, claims=auprc).loc[0, "verdict"] == REPRODUCED
    row = ledger.ledger({"mcdermott_theorem2": _theorem2(True)}, claims=auprc).iloc[0]
    assert row["verdict"] == NOT_REPRODUCED and "dataset 2 (1 of 3 neighbouring" in row["ours"]
    assert ledger.ledger({"mcdermott_theorem2": _theorem2()}, claims=auroc).loc[0, "verdict"] == REPRODUCED
    uneven = _theorem2()
    uneven.loc[5, "auroc_gain"] = 0.0100001
    assert ledger.ledger({"mcdermott_theorem2": uneven}, claims=auroc).loc[0, "verdict"] == NOT_REPRODUCED


def _precision(prior=0.9, plug_in=0.5, bracket=0.97, uninformative=0.4):
    return pd.DataFrame([{"part": "precision", "dataset": f"d{i}", "target": target, "level": 0.95, "draws": 100,
                          "bracket_level": 0.925, "prior_level": 0.85, "uninformative": uninformative,
                          "informative": round(100 * (1 - uninformative)),
                          "in_bracket_informative": bracket + 0.01 * (i % 2), "prior_coverage": prior + 0.01 * (i % 2),
                          "plug_in_coverage": plug_in} for i in range(9) for target in (0.8, 0.9)])


def test_the_precision_interval_needs_its_plug_in_baseline_to_fail():
    claim = [_claim("ours.operating.prior")]
    assert ledger.ledger({"operating_points": _precision()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    both = ledger.ledger({"operating_points": _precision(plug_in=0.9)}, claims=claim).iloc[0]
    assert both["verdict"] == UNDECIDED and "cannot fail" in both["ours"]
    short = ledger.ledger({"operating_points": _precision(prior=0.6)}, claims=claim).iloc[0]
    assert short["verdict"] == NOT_REPRODUCED


def test_the_bracket_is_judged_where_its_upper_end_is_informative():
    claim = [_claim("ours.operating.bracket")]
    row = ledger.ledger({"operating_points": _precision()}, claims=claim).iloc[0]
    assert row["verdict"] == REPRODUCED and "uninformative) in 40.0% of draws" in row["ours"]
    assert ledger.ledger({"operating_points": _precision(bracket=0.7)}, claims=claim).loc[0, "verdict"] == \
        NOT_REPRODUCED
    without = ledger.ledger({"operating_points": _precision().assign(part="scar")}, claims=claim)
    assert without.empty and "no precision rows" in without.attrs["not_judged"][0]


def _criteria(minus_ll=(0.002, 0.006), minus_f1=(0.001, 0.01)):
    rows = []
    for criterion, (low, high) in (("ll_lee_liu", minus_ll), ("f1_tabatabaei", minus_f1)):
        rows.append({"part": "criteria", "labeling": "scar", "n_labeled": 30, "criterion": criterion,
                     "minus_aul_pu": (low + high) / 2, "minus_aul_pu_low": low, "minus_aul_pu_high": high})
    return pd.DataFrame(rows)


def test_the_regret_claim_is_judged_by_the_dataset_clustered_intervals():
    claim = [_claim("ours.selection.regret")]
    assert ledger.ledger({"model_selection": _criteria()}, claims=claim).loc[0, "verdict"] == REPRODUCED
    row = ledger.ledger({"model_selection": _criteria(minus_ll=(-0.004, 0.002))}, claims=claim).iloc[0]
    assert row["verdict"] == UNDECIDED and "as low or lower in point: scar 30 ll_lee_liu" in row["ours"]
    assert ledger.ledger({"model_selection": _criteria(minus_ll=(-0.01, -0.001))}, claims=claim).loc[
        0, "verdict"] == NOT_REPRODUCED

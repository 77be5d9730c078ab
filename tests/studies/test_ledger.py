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

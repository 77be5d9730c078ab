"""The benchmark of PU learners (``pueval bench``'s study): rank learners from PU data alone, and check the ranking
against the truth the benchmark hides from it.

One setting is a (dataset, β); its draws (:func:`setting`) each label a random β-share of the positives
(SCAR, the AUL paper's draws: :func:`pueval.studies.draws.scar_draws`, the same seeds), split the rows into
training (``train``), validation (``validation``) and test rows (the rest), stratified on the PU labels, with at
most ``max_train_rows`` training rows, and run :func:`pueval.bench.core.tune` for every learner: tuned by AUL^PU
and by its own risk on the validation rows, judged on the test rows (:func:`pueval.bench.core.judge`). A learner
that takes the class prior runs twice: with the true π of the unlabeled training rows (``[π]``, an oracle) and
with BBE's π̂ on the training rows (``[π̂]``, what PU data gives). ``copies`` adds a second copy of a learner
under another name and seed (``<name>_copy``): a pair that no test should separate.

The true classes of the test rows give the oracle AUC and AUL beside each PU judgement, used by the validity
study (:func:`validity`) and never by the ranking.
"""

from __future__ import annotations

import logging
import time
import warnings

import numpy as np
import pandas as pd
from scipy import stats

from pueval import seeds
from pueval.bench import core, plugin, ranking
from pueval.selection import select_models
from pueval.studies.draws import scar_draws
from pueval.validation import ArgumentError

log = logging.getLogger(__name__)

ORACLE, ESTIMATED = "[π]", "[π̂]"  # a prior-taking learner's two arms
PRIOR_EDGE = 1e-3  # π̂ is kept in [PRIOR_EDGE, 1 − PRIOR_EDGE] for uPU and nnPU (a warning says when it moved)
COPY = "_copy"


def arms(specs: list[plugin.LearnerSpec], copies: list[str]) -> list[tuple[str, plugin.LearnerSpec, str | None]]:
    """(arm name, learner, prior source: "oracle", "estimated" or None) for every learner, the copies last."""
    names = {spec.name: spec for spec in specs}
    unknown = sorted(set(copies) - set(names))
    if unknown:
        raise ArgumentError("copies", f"names learners not in learners: {', '.join(unknown)}")
    out = []
    for spec in [*specs, *(plugin.LearnerSpec(name + COPY, names[name].estimator, names[name].params,
                                              names[name].prior, names[name].grid) for name in copies)]:
        if spec.prior:
            out += [(spec.name + ORACLE, spec, "oracle"), (spec.name + ESTIMATED, spec, "estimated")]
        else:
            out.append((spec.name, spec, None))
    return out


def split(s: np.ndarray, rng: np.random.Generator, *, train: float, validation: float,
          max_train_rows: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(training, validation, test rows), each class of s dealt in the shares given (the test rows: the rest);
    the training rows then cut to ``max_train_rows`` in the same shares."""
    parts: list[list[np.ndarray]] = [[], [], []]
    for label in (0, 1):
        rows = rng.permutation(np.flatnonzero(s == label))
        a, b = int(round(train * rows.size)), int(round((train + validation) * rows.size))
        for part, chunk in zip(parts, (rows[:a], rows[a:b], rows[b:])):
            part.append(chunk)
    training, held, test = (np.sort(np.concatenate(p)) for p in parts)
    if max_train_rows is not None and training.size > max_train_rows:
        keep = []
        for label in (0, 1):
            rows = training[s[training] == label]
            keep.append(rng.choice(rows, max(2, int(round(max_train_rows * rows.size / training.size))),
                                   replace=False))
        training = np.sort(np.concatenate(keep))
    return training, held, test


def draw(X: np.ndarray, y: np.ndarray, labeled: np.ndarray, learner_arms, *, seed: int, identity: tuple,
         train: float, validation: float, max_train_rows: int | None,
         level: float) -> tuple[pd.DataFrame, pd.DataFrame, dict, list]:
    """One draw: (per arm and tuning the test judgement, with whether it is in the confidence set for the best
    among the arms of :func:`ranked_arms`; per tuning the pairs, the failures by arm, the warnings raised). The
    prior-taking arms get the true π of the unlabeled training rows and BBE's θ̂
    with its own interval (its DKW bound), recorded beside."""
    s = np.zeros(y.size, dtype=int)
    s[labeled] = 1
    rng = seeds.rng(seed, *identity, "split")
    training, held, test = split(s, rng, train=train, validation=validation, max_train_rows=max_train_rows)
    priors = {"oracle": float(y[training][s[training] == 0].mean())}
    interval = (np.nan, np.nan)
    caught: list[str] = []
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        if any(source == "estimated" for _, _, source in learner_arms):
            from pueval.mpe import estimate_prior

            found = estimate_prior(X[training], s[training], "bbe", random_state=seeds.int_seed(seed, *identity, "prior"))
            interval = found.interval or interval
            # uPU and nnPU need π in (0, 1); BBE may return a bound, moved inside by PRIOR_EDGE (and said)
            priors["estimated"] = float(np.clip(found.theta, PRIOR_EDGE, 1 - PRIOR_EDGE))
            if priors["estimated"] != found.theta:
                caught.append(f"BBE's θ̂ {found.theta:g} moved to {priors['estimated']:g} for the prior-taking arms")
        tuned: dict[str, dict[str, np.ndarray]] = {tuning: {} for tuning in core.TUNINGS}
        chosen, failed, seconds = [], {}, {}
        for name, spec, source in learner_arms:
            start = time.process_time()
            try:
                results = core.tune(spec, X[training], s[training], X[held], s[held], X[test],
                                    prior=priors.get(source) if source else None,
                                    seed=seeds.int_seed(seed, *identity, name))
            except plugin.LearnerError as error:
                failed[name] = str(error)
                continue
            seconds[name] = time.process_time() - start
            for result in results:
                tuned[result.tuning][name] = result.test_scores
                chosen.append({"learner": name, "tuning": result.tuning, "params": repr(result.params),
                               "validation_aul_pu": result.validation_aul_pu,
                               "validation_risk": result.validation_risk})
        learner_rows, pair_rows = [], []
        for tuning, scored in tuned.items():
            if len(scored) < 2:
                continue
            table, pairs = core.judge(s[test], scored, level=level, y_test=y[test])
            ranked = [name for name in scored if not name.endswith(ORACLE) and COPY not in name]
            members = set(select_models(s[test], {name: scored[name] for name in ranked}, level=level,
                                        random_state=seeds.int_seed(seed, *identity, "select", tuning)
                                        ).confidence_set) if len(ranked) >= 2 else set()
            table["in_set"] = [float(name in members) if name in ranked else np.nan for name in table["learner"]]
            learner_rows.append(table.assign(tuning=tuning))
            pair_rows.append(pairs.assign(tuning=tuning))
    caught += list(dict.fromkeys(str(w.message) for w in seen))
    learners = pd.concat(learner_rows, ignore_index=True).merge(pd.DataFrame(chosen), on=["learner", "tuning"])
    learners["cpu_seconds"] = learners["learner"].map(seconds)
    learners["prior_oracle"], learners["prior_estimated"] = priors["oracle"], priors.get("estimated", np.nan)
    learners["prior_low"], learners["prior_high"] = interval
    learners["n_test"], learners["n_test_labeled"] = test.size, int(s[test].sum())
    return learners, pd.concat(pair_rows, ignore_index=True), failed, caught


def setting(X, y, *, dataset: str, beta: float, draws: int, learner_arms, seed: int, train: float = 0.5,
            validation: float = 0.25, max_train_rows: int | None = 2000, level: float = 0.95
            ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Every draw of one (dataset, β): (learner rows, pair rows, failures and warnings: learner, kind, message),
    each with dataset, beta and draw."""
    X, y = np.asarray(X, dtype=np.float64), np.asarray(y).astype(int)
    labeled = scar_draws(y, beta, draws, seed=seed, dataset=dataset)
    frames: list[list[pd.DataFrame]] = [[], [], []]
    for d in range(draws):
        learners, pairs, failed, caught = draw(X, y, labeled[d], learner_arms, seed=seed,
                                               identity=("bench", dataset, beta, d), train=train,
                                               validation=validation, max_train_rows=max_train_rows, level=level)
        keys = {"dataset": dataset, "beta": beta, "draw": d}
        frames[0].append(learners.assign(**keys))
        frames[1].append(pairs.assign(**keys))
        frames[2].append(pd.DataFrame({"learner": [*failed, *[""] * len(caught)],
                                       "kind": ["failure"] * len(failed) + ["warning"] * len(caught),
                                       "message": [*failed.values(), *caught]}).assign(**keys))
        log.info("%s β=%g: draw %d of %d", dataset, beta, d + 1, draws)
    return tuple(pd.concat(f, ignore_index=True) for f in frames)  # type: ignore[return-value]


def ranked_arms(learners: pd.DataFrame) -> list[str]:
    """The arms a ranking from PU data alone may use: no oracle prior, no copy."""
    names = learners["learner"].drop_duplicates()
    return [n for n in names if not n.endswith(ORACLE) and COPY not in n]


def across_datasets(learners: pd.DataFrame, *, value: str = "aul_pu", tuning: str = "aul",
                    arms_used: list[str] | None = None) -> dict[float, pd.DataFrame]:
    """Per β, the table dataset × arm of ``value``'s mean over the draws (tuning ``tuning``)."""
    part = learners[learners["tuning"] == tuning]
    if arms_used is not None:
        part = part[part["learner"].isin(arms_used)]
    return {beta: block.pivot_table(index="dataset", columns="learner", values=value, aggfunc="mean")
            [list(dict.fromkeys(block["learner"]))] for beta, block in part.groupby("beta")}


def claims(pairs: pd.DataFrame, *, level: float = 0.05) -> pd.DataFrame:
    """Per-draw "A beats B" claims from PU data (Holm's p below ``level``, tuning by AUL^PU, no copy and no arm
    given the true prior): how many, and the share whose sign agrees with the oracle AUC difference on the same
    test rows, with its one-sided exact 95 % lower bound; the same for the unadjusted p beside, and for the
    baseline that a validation needs, one that can fail: every pair claimed by the sign of its difference alone."""
    pu_only = ~pairs["a"].str.endswith(ORACLE) & ~pairs["b"].str.endswith(ORACLE)
    part = pairs[(pairs["tuning"] == "aul") & ~pairs["a"].str.contains(COPY) & ~pairs["b"].str.contains(COPY)
                 & pu_only]
    rows = []
    for rule, column in (("Holm over the draw's pairs", "p_holm"), ("unadjusted", "p_value"),
                         ("baseline: the sign alone, no test", None)):
        made = part[part[column] < level] if column else part[part["difference"] != 0]
        agree = int((np.sign(made["difference"]) == np.sign(made["oracle_auc_difference"])).sum())
        total = int(len(made))
        lower = float(stats.binomtest(agree, total).proportion_ci(0.90).low) if total else np.nan
        rows.append({"rule": rule, "pairs": int(len(part)), "claims": total, "agreeing": agree,
                     "share": agree / total if total else np.nan, "lower_95": lower})
    return pd.DataFrame(rows)


def rank_agreement(learners: pd.DataFrame) -> pd.DataFrame:
    """Kendall's τ between the ranking by test AUL^PU and by oracle AUC, per draw (tuning by AUL^PU, the arms of
    :func:`ranked_arms`), summarized per (dataset, β)."""
    part = learners[(learners["tuning"] == "aul") & learners["learner"].isin(ranked_arms(learners))]
    taus = [{"dataset": d, "beta": b, "draw": k, "tau": float(stats.kendalltau(g["aul_pu"], g["oracle_auc"]).statistic)}
            for (d, b, k), g in part.groupby(["dataset", "beta", "draw"])]
    frame = pd.DataFrame(taus)
    if frame.empty:
        return frame
    return frame.groupby(["dataset", "beta"])["tau"].agg(["mean", "median", "min"]).reset_index()


def _between(frame: pd.DataFrame, x: str, y: str) -> pd.DataFrame:
    """The rows of ``frame`` (columns a, b) that pair x with y, in either order."""
    return frame[((frame["a"] == x) & (frame["b"] == y)) | ((frame["a"] == y) & (frame["b"] == x))]


def copies_check(learners: pd.DataFrame, pairs: pd.DataFrame, copies: list[str], *, level: float = 0.05) -> pd.DataFrame:
    """Per copied learner: the share of draws whose paired test (Holm over the draw's pairs, the bench's claims;
    and unadjusted, beside) separates the two copies; per β, whether
    the Wilcoxon–Holm test across datasets separates them, whether the mean-rank (Nemenyi) test does, and their
    average ranks, all among the ranked arms plus the copy."""
    rows = []
    for name in copies:
        arm = name + ESTIMATED if (learners["learner"] == name + ESTIMATED).any() else name
        copy = arm.replace(name, name + COPY, 1)
        part = _between(pairs[pairs["tuning"] == "aul"], arm, copy)
        used = ranked_arms(learners) + [copy]
        for beta, table in across_datasets(learners, arms_used=used).items():
            table = table.dropna(axis=1)
            between = _between(ranking.pairwise(table, level=level), arm, copy)
            ranks, cd, nemenyi = ranking.mean_rank_test(table, level=level)
            separated = _between(nemenyi, arm, copy)
            within = part[part["beta"] == beta]
            rows.append({"learner": arm, "copy": copy, "beta": beta, "draws": int(len(within)),
                         "draws_separated": int((within["p_holm"] < level).sum()),
                         "share_separated": float((within["p_holm"] < level).mean()) if len(within) else np.nan,
                         "share_separated_unadjusted": float((within["p_value"] < level).mean())
                         if len(within) else np.nan,
                         "wilcoxon_holm_p": float(between["p_holm"].iloc[0]) if len(between) else np.nan,
                         "nemenyi_separated": bool(separated["separated"].iloc[0]) if len(separated) else False,
                         "rank": float(ranks[arm]), "rank_copy": float(ranks[copy]), "critical_difference": cd})
    return pd.DataFrame(rows)


def tuning_check(learners: pd.DataFrame) -> pd.DataFrame:
    """Per learner arm with both tunings: the oracle AUC on the test rows when tuned by AUL^PU and by its own
    risk, means per dataset (over β and draws); the Wilcoxon signed-rank test over the datasets and Holm's p over
    the learners (the AUL paper's Figure 3 question, for every learner)."""
    table = learners.pivot_table(index=["learner", "dataset"], columns="tuning", values="oracle_auc", aggfunc="mean")
    if "risk" not in table:
        return pd.DataFrame()
    rows = []
    for name, block in table.dropna().groupby(level="learner"):
        diff = (block["aul"] - block["risk"]).to_numpy()
        rows.append({"learner": name, "datasets": int(diff.size), "aul_tuned_auc": float(block["aul"].mean()),
                     "risk_tuned_auc": float(block["risk"].mean()), "aul_ahead": int((diff > 0).sum()),
                     "risk_ahead": int((diff < 0).sum()),
                     "p_value": ranking.signed_rank_p(diff)})
    frame = pd.DataFrame(rows)
    if not frame.empty:
        from pueval.multitest import holm

        frame["p_holm"] = holm(frame["p_value"].tolist())
    return frame


TARGET_AGREEMENT, TARGET_FWER = 0.95, 0.05  # the issue's goals: claims' signs right, copies rarely separated
FIGURE3_SHARE = 8 / 9  # the AUL paper's Figure 3: PU_AUL ahead on 8 of 9 datasets (the power of the tuning check)


def verdicts(claims_frame: pd.DataFrame, copies: pd.DataFrame, agreement: pd.DataFrame,
             tuning: pd.DataFrame, sets: pd.DataFrame | None = None, level: float = 0.95) -> pd.DataFrame:
    """The bench's claims, each decided by a rule of :mod:`pueval.studies.verdict_rules` from its tables."""
    from pueval.studies import verdict_rules as rules

    judged = []
    holm_row = claims_frame.iloc[0]
    judged.append(("bench.claims", f"of the 'A beats B' claims made from PU data at 5 % (Holm), at least "
                                   f"{TARGET_AGREEMENT:.0%} agree in sign with the oracle AUC",
                   rules.share_bound(int(holm_row["agreeing"]), int(holm_row["claims"]), target=TARGET_AGREEMENT,
                                     at_least=True, what="claims agreeing")))
    if not copies.empty:
        judged.append(("bench.copies", f"two copies of one learner are separated in at most {TARGET_FWER:.0%} of "
                                       "the draws (Holm within each draw)",
                       rules.share_bound(int(copies["draws_separated"].sum()), int(copies["draws"].sum()),
                                         target=TARGET_FWER, at_least=False, what="draws separated")))
    if sets is not None and not sets.empty:
        judged.append(("bench.best_set", "the confidence set for the best holds the arm with the highest oracle AUL "
                                         "at its level, where a random set of its size does not",
                       rules.covers(sets["set_holds_best"], sets["draws"], nominal=level, unit="datasets",
                                    baseline=float((sets["random_set_holds_best"] * sets["draws"]).sum()
                                                   / sets["draws"].sum()), needs_baseline=True)))
    if not agreement.empty:
        labels = [f"{r.dataset} β={r.beta:g}" for r in agreement.itertuples()]
        judged.append(("bench.rank_agreement", "the ranking by test AUL^PU agrees with the oracle AUC ranking "
                                               "(mean Kendall τ > 0) in every setting",
                       rules.every_row(agreement["mean"] > 0, labels, what="τ > 0")))
    if not tuning.empty:
        table = tuning.set_index("learner")
        parts = []
        for name, row in table.iterrows():
            parts.append((name, rules.binomial_ahead(int(row["aul_ahead"]), int(row["aul_ahead"] + row["risk_ahead"]),
                                                     unit="dataset", paper_share=FIGURE3_SHARE)))
        judged.append(("bench.tuning", "tuning by AUL^PU gives each learner a higher oracle AUC than tuning by its "
                                       "own risk (the AUL paper's Figure 3, for every learner)",
                       rules.over_range(parts)))
    rows = []
    for claim_id, claim, j in judged:
        rows.append({"id": claim_id, "claim": claim, "ours": j.statistic, "test": j.test, "rule": j.rule,
                     "p_value": j.p_value, "interval": j.interval, "units": j.units, "detectable": j.detectable,
                     "verdict": j.verdict, "arms": j.arms})
    return pd.DataFrame(rows)


def prior_check(learners: pd.DataFrame) -> pd.DataFrame:
    """How much the oracle prior flatters each prior-taking learner: its oracle AUC (tuned by AUL^PU; means per
    dataset over β and draws) with the true π and with BBE's π̂, the Wilcoxon signed-rank p over the datasets;
    and how often BBE's own interval held the true π over the draws (first row per draw)."""
    part = learners[learners["tuning"] == "aul"]
    names = sorted({n[: -len(ORACLE)] for n in part["learner"] if n.endswith(ORACLE)})
    rows = []
    for name in names:
        pair = part[part["learner"].isin([name + ORACLE, name + ESTIMATED])]
        table = pair.pivot_table(index="dataset", columns="learner", values="oracle_auc", aggfunc="mean").dropna()
        if table.shape[1] < 2:
            continue
        diff = (table[name + ORACLE] - table[name + ESTIMATED]).to_numpy()
        rows.append({"learner": name, "datasets": int(diff.size), "auc_true_prior": float(table[name + ORACLE].mean()),
                     "auc_estimated_prior": float(table[name + ESTIMATED].mean()),
                     "true_prior_ahead": int((diff > 0).sum()),
                     "p_value": ranking.signed_rank_p(diff)})
    frame = pd.DataFrame(rows)
    draws = learners.drop_duplicates(["dataset", "beta", "draw"])
    held = (draws["prior_low"] <= draws["prior_oracle"]) & (draws["prior_oracle"] <= draws["prior_high"])
    if not frame.empty:
        frame["bbe_interval_coverage"] = float(held.mean()) if draws["prior_low"].notna().any() else np.nan
        frame["bbe_mean_abs_error"] = float((draws["prior_estimated"] - draws["prior_oracle"]).abs().mean())
    return frame


def set_check(learners: pd.DataFrame) -> pd.DataFrame:
    """The confidence set for the best, per draw (tuning by AUL^PU, the ranked arms): how often it holds the arm
    with the highest oracle AUL on the test rows, its mean size, and beside it the baseline that can fail, a
    random set of the same size (it holds the oracle best with probability size / arms), per dataset (its draws
    at every β: draws sharing a dataset are not independent units)."""
    part = learners[(learners["tuning"] == "aul") & learners["in_set"].notna()]
    rows = []
    for dataset, block in part.groupby("dataset"):
        held, sizes, chance = [], [], []
        for _, group in block.groupby(["beta", "draw"]):
            best = group["oracle_aul"].max()
            held.append(bool(group.loc[group["oracle_aul"] == best, "in_set"].max() == 1))
            sizes.append(group["in_set"].sum())
            chance.append(min(1.0, group["in_set"].sum() * (group["oracle_aul"] == best).sum() / len(group)))
        rows.append({"dataset": dataset, "draws": len(held), "arms": int(block["learner"].nunique()),
                     "set_holds_best": float(np.mean(held)), "mean_set_size": float(np.mean(sizes)),
                     "random_set_holds_best": float(np.mean(chance))})
    return pd.DataFrame(rows)

"""Steps of ``workflow/rules/bench.smk``: ``pueval bench``'s benchmark of PU learners."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from pueval.pipeline import schemas, summary
from pueval.pipeline.config import naming_keys
from pueval.pipeline.steps import _features


def bench_digits(input, output):
    """scikit-learn's bundled digits (8×8 images, 1,797 rows), binarized as the nnPU papers binarize MNIST (even
    digits positive) and scaled to [0, 1] as they scale pixels."""
    from sklearn.datasets import load_digits

    digits = load_digits()
    frame = pd.DataFrame(digits.data / 16.0, columns=[f"pixel_{i}" for i in range(digits.data.shape[1])])
    frame["label"] = (digits.target % 2 == 0).astype(int)
    schemas.write(frame, output[0], "data")


def bench_setting(input, output, *, dataset, beta, seed, draws, learners, copies, train, validation, max_train_rows,
                  level):
    """Every draw of one (dataset, β) for every learner arm (:func:`pueval.studies.bench.setting`)."""
    from pueval.bench import plugin
    from pueval.studies import bench as study

    with naming_keys({"learners": "bench.learners", "copies": "bench.copies"}):
        arms = study.arms(plugin.specs(learners), list(copies))
    X, y = _features(input.data)
    frame, pairs, failures = study.setting(X, y, dataset=dataset, beta=beta, draws=draws, learner_arms=arms, seed=seed,
                                           train=train, validation=validation, max_train_rows=max_train_rows,
                                           level=level)
    schemas.write(frame, output.learners, "bench_learners")
    schemas.write(pairs[list(schemas.SCHEMAS["bench_pairs"].columns)], output.pairs, "bench_pairs")
    failures.to_csv(output.failures, index=False)


def bench_tables(input, output, *, copies, level, benchmarks):
    """The benchmark's tables, its validity study, its verdicts and its diagram (:mod:`pueval.studies.bench`)."""
    from pueval.bench import ranking
    from pueval.pipeline import reference
    from pueval.pipeline.render import bench as render
    from pueval.studies import bench as study

    learners = pd.concat([schemas.read(p, "bench_learners") for p in input.learners], ignore_index=True)
    pairs = pd.concat([schemas.read(p, "bench_pairs") for p in input.pairs], ignore_index=True)
    failures = pd.concat([pd.read_csv(p) for p in input.failures], ignore_index=True)
    alpha = 1 - level
    means = (learners.groupby(["dataset", "beta", "learner", "tuning"], sort=False)
             [["aul_pu", "oracle_auc", "oracle_aul", "cpu_seconds"]].mean().reset_index())
    rank_rows, groups = [], {}
    arms = study.ranked_arms(learners)
    oracles = study.across_datasets(learners, value="oracle_auc", arms_used=arms)
    for beta, table in study.across_datasets(learners, arms_used=arms).items():
        table = table.dropna(axis=1)
        oracle = oracles[beta][list(table.columns)]
        pu, truth = ranking.pairwise(table, level=alpha), ranking.pairwise(oracle, level=alpha)
        rank_rows.append(pu.merge(truth[["a", "b", "p_holm", "ahead"]], on=["a", "b"], suffixes=("", "_oracle"))
                         .merge(ranking.bayesian_signed_rank(table), on=["a", "b"]).assign(beta=beta))
        groups[beta] = (table, ranking.groups(table, pu))
    ranked = pd.concat(rank_rows, ignore_index=True)
    claims, agreement = study.claims(pairs, level=alpha), study.rank_agreement(learners)
    copied, tuning = study.copies_check(learners, pairs, list(copies), level=alpha), study.tuning_check(learners)
    priors, sets = study.prior_check(learners), study.set_check(learners)
    verdicts = study.verdicts(claims, copied, agreement, tuning, sets, level=level)
    seconds = sum(summary.benchmark_seconds(p) for p in benchmarks if Path(p).exists())
    found = reference.measure()
    means.to_csv(output.learners, index=False, float_format="%.4f")
    ranked.to_csv(output.ranking, index=False, float_format="%.4g")
    claims.to_csv(output.claims, index=False, float_format="%.4f")
    agreement.to_csv(output.agreement, index=False, float_format="%.4f")
    copied.to_csv(output.copies, index=False, float_format="%.4g")
    tuning.to_csv(output.tuning, index=False, float_format="%.4g")
    priors.to_csv(output.priors, index=False, float_format="%.4g")
    sets.to_csv(output.sets, index=False, float_format="%.4g")
    failures.to_csv(output.failures, index=False)
    verdicts.to_csv(output.verdicts, index=False, float_format="%.4g")
    Path(output.md).write_text(render.bench_markdown(means, ranked, claims, agreement, copied, tuning, priors,
                                                     sets, verdicts, failures))
    Path(output.summary).write_text(render.run_summary(means, seconds=seconds, reference=found))
    render.save(render.diagram(groups), (output.diagram,))

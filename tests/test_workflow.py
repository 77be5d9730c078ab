"""End-to-end: the real Snakemake DAG on tiny UCI-format files the test writes itself."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from pueval import metrics
from pueval.pipeline import compare, plan


def _write_mirror(folder, rng):
    folder.mkdir()
    n = 240
    rings = rng.integers(3, 18, n)
    size = rings / 20 + rng.normal(0, 0.15, (7, n))
    sex = rng.choice(list("MFI"), n)
    lines = [",".join([s, *(f"{v:.3f}" for v in col), str(r)]) for s, col, r in zip(sex, size.T, rings)]
    (folder / "abalone.data").write_text("\n".join(lines) + "\n")
    noise = rng.normal(126, 3, n)
    feats = np.c_[rng.integers(200, 8000, n), rng.uniform(0, 20, n), rng.uniform(0.02, 0.3, n),
                  rng.uniform(30, 72, n), noise / 1000 + rng.normal(0, 0.002, n)]
    rows = ["\t".join([*(f"{v:g}" for v in f), f"{t:.3f}"]) for f, t in zip(feats, noise)]
    (folder / "airfoil_self_noise.dat").write_text("\r\n".join(rows) + "\r\n")


def _write_table(path, rng):
    """A user's own table: a header row, a string column, an id column to drop, a multi-valued target."""
    n = 180
    kind = rng.choice(["oak", "elm", "ash"], n)
    x = rng.normal(size=(n, 3))
    grade = np.where(x[:, 0] + (kind == "oak") + rng.normal(0, 0.7, n) > 0.5, rng.choice(["A", "B"], n), "C")
    pd.DataFrame({"id": np.arange(n), "kind": kind, "x1": x[:, 0], "x2": x[:, 1], "x3": x[:, 2],
                  "grade": grade}).to_csv(path, index=False)


def _config(mirror, **changes):
    model = {"rounds": 5, "num_leaves": 3, "learning_rate": 0.1, "train_fraction": 1.0, "min_data_in_leaf": 5}
    table = str(Path(mirror).parent / "trees.csv")  # written beside the mirror by the fixture
    mpe = {"km": {"standardize": False},
           "distcurve": {"repetitions": 2, "transform": {"folds": 3, "rounds": 10},
                         "training": {"n_mixtures": 40, "rounds": 20}}}
    config = {"seed": 3, "uci_mirror": str(mirror), "verify_checksums": False, "betas": [0.2, 0.4], "mpe": mpe,
              "cost": None, "related": {"level": 0.9, "f1_quantile": 0.5},
              "jain": None,  # 200-row datasets cannot host a 100-row labeled sample: the smoke run covers it
              "claesen": None,  # the smoke run covers it
              "tabatabaei": None,  # the smoke run covers it
              "mcdermott": None,  # the smoke run covers it
              "sar": {"beta": 0.4, "strengths": [0, 2], "n_draws": 2, "prior_draws": 2, "em": {"datasets": ["airfoil"], "draws": 2}},
              "figure3": {"beta": 0.4, "repetitions": 2, "test_fraction": 0.3, "centers": 20, "folds": 3,
                          "sigma_factors": [1.0], "lambdas": [0.01, 0.1]},
              "model_selection": {"beta": 0.4, "draws": 1, "n_labeled": [5, 10], "level": 0.9, "strengths": [2],
                                  "audit_size": 10, "grid": {"leaves": [3], "rounds": [5], "learning_rates": [0.1, 0.3]}},
              "n_draws": 3, "folds": 3, "run": ["abalone", "airfoil", "trees"],
              "datasets": {"abalone": {"subsample": 200, "model": dict(model)},
                           "airfoil": {"subsample": None, "model": dict(model)},
                           # a dataset from a local table, by config alone: exactly the keys
                           "trees": {"source": {"file": table}, "target": "grade", "positive": {"in": ["A", "B"]},
                                     "drop": ["id"], "subsample": None, "model": dict(model)}}}
    config.update(changes)
    return config


def _snakemake(repo, workdir, config, *args):
    workdir.mkdir(exist_ok=True)
    path = workdir / "config.yaml"
    path.write_text(yaml.safe_dump(config))
    cmd = [sys.executable, "-m", "snakemake", "-s", str(repo / "Snakefile"), "--directory", str(workdir),
           "--configfile", str(path), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def _job_counts(dry_run_output: str) -> dict:
    block = dry_run_output.split("Job stats:")[1].splitlines()[3:]
    counts = {}
    for line in block:
        parts = line.split()
        if len(parts) != 2 or parts[0] == "total":
            break
        counts[parts[0]] = int(parts[1])
    return counts


@pytest.fixture(scope="module")
def run(repo, tmp_path_factory):
    base = tmp_path_factory.mktemp("e2e")
    mirror = base / "mirror"
    _write_mirror(mirror, np.random.default_rng(0))
    _write_table(base / "trees.csv", np.random.default_rng(1))
    result = _snakemake(repo, base / "cores2", _config(mirror), "--cores", "2")
    assert result.returncode == 0, result.stderr[-3000:]
    return base, mirror


def test_pipeline_writes_table_and_figures(run):
    base, _ = run
    results = base / "cores2" / "results"
    table = pd.read_csv(results / "table1.csv")
    assert table[["dataset", "beta"]].values.tolist() == [["abalone", 0.2], ["abalone", 0.4], ["airfoil", 0.2],
                                                          ["airfoil", 0.4], ["trees", 0.2], ["trees", 0.4]]
    assert table["n"].tolist() == [200, 200, 240, 240, 180, 180]
    assert table.loc[table.dataset == "trees", "paper_auc"].isna().all()  # not a dataset of the paper
    assert (results / "table1.md").read_text().startswith("Table 1")
    assert list(table.columns[6:10]) == ["mae_auc_km1", "mae_auc_km2", "mae_auc_distance", "mae_aul"]
    summary = (results / "run_summary.md").read_text()
    assert summary.startswith("# Run summary") and "Distance to the paper" in summary
    distance = pd.read_csv(results / "table1_paper_distance.csv")
    assert "mean mae_aul / mean mae_auc_distance" in distance["check"].tolist()
    assert "| settings with mae_aul < mae_auc_km1 (of 4) |" in (results / "table1.md").read_text()
    for name in ("figure2", "figure2_plus", "theorem1", "figure3", "sar", "sar_without_scar"):
        for suffix in ("png", "pdf"):
            assert (results / "figures" / f"{name}.{suffix}").stat().st_size > 1000
    check = pd.read_csv(results / "theorem1.csv")
    assert len(check) == 6 * 3 and (check["tail_observed"] <= check["chebyshev"] + 1e-12).all()
    figure3 = pd.read_csv(results / "figure3.csv")
    assert figure3["dataset"].tolist() == ["abalone", "airfoil", "trees"]
    assert figure3[["auc_mean_pu_auc_oracle", "aul_minus_oracle"]].notna().all().all()
    plus = pd.read_csv(results / "table1_plus.csv")
    assert [c for c in plus.columns if c.startswith("mae_")] == [
        "mae_auc_km1", "mae_auc_km2", "mae_auc_distance", "mae_auc_en", "mae_auc_bbe", "mae_auc_tice", "mae_aul"]
    assert "| tice | " in (results / "table1_plus.md").read_text()
    sar = pd.read_csv(results / "sar.csv")
    assert set(sar["source"]) == {"aul", "true", "distance", "en", "bbe", "tice", "aul_weighted", "aul_weighted_half",
                                  "aul_sar_em", "aul_sar_em_standardized", "aul_sar_em_all_attributes", "aul_audit_50",
                                  "aul_bounds"}  # audits of 200, 1,000 rows exceed these
    assert set(sar.loc[sar.source == "aul_sar_em", "dataset"]) == {"airfoil", "all"}  # sar.em.datasets in run
    assert sar.loc[sar.source == "aul_audit_50", "rejection"].notna().all()
    assert sar.loc[sar.source == "true", "coverage"].isna().all()
    overall = sar[sar.dataset == "all"].set_index("source")["draws"]
    em_arms = ["aul_sar_em", "aul_sar_em_standardized", "aul_sar_em_all_attributes"]
    assert set(sar["strength"]) == {0.0, 2.0} and (overall.drop(em_arms) == 3 * 2).all()  # 3 datasets x 2
    assert (overall["aul_sar_em"] == 2).all()  # airfoil alone, its 2 draws per strength
    assert figure3[["auc_mean_pu_auc", "auc_mean_pu_aul"]].notna().all().all()
    related = pd.read_csv(results / "related.csv")
    assert set(related["prior"]) == {"none", "true", "km1", "km2", "distance", "en", "bbe", "tice"}
    assert {"mae_beta0.2", "mae_beta0.4", "coverage"} <= set(related.columns)
    assert (results / "related.md").read_text().startswith("Related estimators")
    interval = pd.read_csv(results / "aul_interval.csv")
    assert set(interval["method"]) == {"normal", "bootstrap"}
    assert set(interval["dataset"]) == {"abalone", "airfoil", "trees", "all"}
    assert interval["coverage"].between(0, 1).all() and (interval["level"] == 0.95).all()
    assert (interval.loc[interval.dataset == "all", "draws"] == 3 * 3).all()  # 3 datasets x 3 draws per beta
    trees = pd.read_parquet(results / "data" / "trees.parquet")
    assert list(trees.columns) == ["x1", "x2", "x3", "kind_ash", "kind_elm", "kind_oak", "label"]
    for suffix in ("png", "pdf"):
        assert (results / "figures" / f"aul_interval.{suffix}").stat().st_size > 1000


def test_estimates_follow_from_scores_and_draws(run):
    results = run[0] / "cores2" / "results"
    scored = pd.read_parquet(results / "scores" / "airfoil.parquet")
    draws = pd.read_parquet(results / "draws" / "airfoil" / "beta0.4.parquet")
    estimates = pd.read_parquet(results / "estimates" / "airfoil" / "beta0.4.parquet")
    y, g = scored["label"].to_numpy(), scored["score"].to_numpy()
    assert y[draws["row"]].all()
    for d, rows in draws.groupby("draw")["row"]:
        s = np.zeros_like(y)
        s[rows.to_numpy()] = 1
        row = estimates.loc[estimates.draw == d].iloc[0]
        assert row.aul_pu == pytest.approx(metrics.aul(s, g), abs=1e-12)
        assert row.auc_pu == pytest.approx(metrics.auc(s, g), abs=1e-12)
        assert row.theta == pytest.approx(y[s == 0].mean(), abs=1e-12)
        assert row.aul == pytest.approx(metrics.aul(y, g), abs=1e-12)
        for method in ("km1", "km2", "distance"):
            expected = metrics.corrected_auc(row.auc_pu, row[f"theta_{method}"], clip=True)
            assert row[f"auc_est_{method}"] == pytest.approx(expected, abs=1e-12)


def test_results_do_not_depend_on_cores(run, repo):
    """One core, other jobs, other order: the same bytes (only what is compared is built)."""
    base, mirror = run
    targets = ["results/scores/abalone.parquet", "results/estimates/airfoil/beta0.2.parquet"]
    result = _snakemake(repo, base / "cores1", _config(mirror), "--cores", "1", *targets)
    assert result.returncode == 0, result.stderr[-3000:]
    for sub in ("scores/abalone.parquet", "draws/airfoil/beta0.2.parquet", "mpe/transform/airfoil/beta0.2.parquet",
                "mpe/distcurve/airfoil/beta0.2.parquet", "estimates/airfoil/beta0.2.parquet"):
        # measured seconds are not computed: they differ between runs
        one, two = (compare.computed(pd.read_parquet(base / run / "results" / sub)) for run in ("cores1", "cores2"))
        pd.testing.assert_frame_equal(one, two, check_exact=True)
    assert {"theta_distance", "theta_en", "theta_bbe", "theta_tice", "theta_km1"} <= set(one.columns)


def test_switching_the_data_route_reruns_nothing(run, repo):
    """The raw table's identity is its content, not where it came from."""
    base, mirror = run
    online = _snakemake(repo, base / "cores2", _config(mirror, uci_mirror=None), "-n", "--cores", "2")
    assert online.returncode == 0, online.stderr[-3000:]
    assert "Nothing to be done" in online.stdout + online.stderr
    assert len(list((base / "cores2" / "results" / "provenance").glob("*.sha256"))) == 2


def test_config_edit_reruns_only_what_it_affects(run, repo):
    base, mirror = run
    more_draws = _snakemake(repo, base / "cores2", _config(mirror, n_draws=4), "-n", "--cores", "2")
    # draws and the estimators run one job per (dataset, beta): 3 datasets x 2 betas
    assert _job_counts(more_draws.stdout) == {"all": 1, "draws": 6, "km": 6, "transform": 6, "distcurve": 6,
                                              "tice": 6, "estimate": 6,
                                              "figure2": 1, "table1": 1, "theorem1": 1, "related": 3,
                                              "related_table": 1, "figure3_dataset": 3, "figure3": 1,
                                              "aul_interval": 1, "paired_difference": 1, "operating_points": 1,
                                              "prior_bootstrap": 2, "prior_intervals": 1, "km_standardized": 2,
                                              "km_standardized_table": 1, "verdicts": 1}
    config = _config(mirror)
    config["datasets"]["airfoil"]["model"]["rounds"] = 7
    new_model = _snakemake(repo, base / "cores2", config, "-n", "--cores", "2")
    assert _job_counts(new_model.stdout) == {"all": 1, "estimate": 2, "figure2": 1, "score": 1, "table1": 1,
                                             "theorem1": 1, "related": 1, "related_table": 1, "figure3_dataset": 1,
                                             "figure3": 1, "aul_interval": 1, "sar": 1, "sar_table": 1,
                                             "score_b": 1, "paired_difference": 1, "prior_intervals": 1,
                                             "operating_points": 1, "model_selection": 1, "km_standardized_table": 1,
                                             "verdicts": 1}
    config = _config(mirror)
    config["datasets"]["trees"]["positive"] = {"in": ["A"]}  # the label rule: not the download
    new_labels = _snakemake(repo, base / "cores2", config, "-n", "--cores", "2")
    assert _job_counts(new_labels.stdout) == {"all": 1, "binarize": 1, "score": 1, "draws": 2, "km": 2,
                                              "transform": 2, "distcurve": 2, "tice": 2, "estimate": 2,
                                              "figure2": 1,
                                              "table1": 1, "theorem1": 1, "related": 1, "related_table": 1,
                                              "figure3_dataset": 1, "figure3": 1, "aul_interval": 1, "sar": 1,
                                              "sar_table": 1, "score_b": 1, "paired_difference": 1,
                                              "prior_intervals": 1, "operating_points": 1, "model_selection": 1,
                                              "verdicts": 1}
    level = _snakemake(repo, base / "cores2", _config(mirror, paired_difference={"level": 0.9, "train_share": 0.1}),
                       "-n", "--cores", "2")
    assert _job_counts(level.stdout) == {"all": 1, "paired_difference": 1, "verdicts": 1}


def _mpe(**changes):
    """The test config's mpe section with ``changes`` to one estimator's options (``bbe={...}``)."""
    mpe = _config("mirror")["mpe"]
    for method, options in changes.items():
        mpe[method] = {**mpe.get(method, {}), **options}
    return mpe


_AGGREGATES = {"table1": 1, "figure2": 1, "theorem1": 1, "related": 3, "related_table": 1, "prior_intervals": 1,
               "km_standardized_table": 1, "operating_points": 1, "verdicts": 1}
# (edit, config changes, the jobs planned per rule): each edit plans its share (the jobs that read the edited value
# or an estimator's file whose option it is, or a new beta's own jobs) and the aggregate tables, nothing else
EDIT_TABLE = [
    ("add beta 0.3", {"betas": [0.2, 0.3, 0.4]},
     {"draws": 3, "km": 3, "km_standardized": 1, "transform": 3, "distcurve": 3, "tice": 3, "estimate": 3,
      "prior_bootstrap": 1, **_AGGREGATES, "aul_interval": 1, "paired_difference": 1}),
    ("BBE's delta", {"mpe": _mpe(bbe={"delta": 0.05})},
     {"estimate": 6, "sar": 3, "sar_table": 1, "model_selection": 1, "prior_bootstrap": 2, **_AGGREGATES}),
    ("TIcE's k", {"mpe": _mpe(tice={"k": 4})},
     {"tice": 6, "estimate": 6, "sar": 3, "sar_table": 1, "prior_bootstrap": 2, **_AGGREGATES}),
    ("DistCurve's repetitions", {"mpe": _mpe(distcurve={"repetitions": 3})},
     {"distcurve_model": 1, "distcurve": 6, "estimate": 6, "figure3_dataset": 3, "figure3": 1, "sar": 3,
      "sar_table": 1, "prior_bootstrap": 2, **_AGGREGATES}),
    ("Figure 3's repetitions", {"figure3": {**_config("mirror")["figure3"], "repetitions": 3}},
     {"figure3_dataset": 3, "figure3": 1, "verdicts": 1}),
    ("drop a dataset", {"run": ["abalone", "airfoil"]},
     {**_AGGREGATES, "related": 0, "km_standardized_table": 0, "aul_interval": 1, "paired_difference": 1,
      "figure3": 1, "sar_table": 1, "model_selection": 1}),
]


@pytest.mark.parametrize(("edit", "changes", "expected"), EDIT_TABLE, ids=[row[0] for row in EDIT_TABLE])
def test_an_edit_reruns_its_share_and_the_tables(run, repo, edit, changes, expected):
    """The replay of docs/pipeline.md's "what an edit reruns" on the test's run: a rule that should not rerun is
    named when it does; a new beta's jobs leave every other beta's alone."""
    base, mirror = run
    result = _snakemake(repo, base / "cores2", _config(mirror, **changes), "-n", "--cores", "2")
    assert result.returncode == 0, result.stderr[-3000:]
    jobs = [job for job in plan.planned_jobs(result.stdout) if job.rule != "all"]
    counts = {rule: sum(job.rule == rule for job in jobs) for rule in {job.rule for job in jobs}}
    wanted = {rule: n for rule, n in expected.items() if n}
    assert counts == wanted, (f"{edit}: reran outside its share: {sorted(set(counts) - set(wanted))}; not rerun: "
                              f"{sorted(set(wanted) - set(counts))}; counts {counts}")
    if "betas" in changes:
        assert {job.wildcards.get("beta") for job in jobs} <= {None, "0.3"}


def test_bad_config_fails_before_any_job(repo, tmp_path):
    result = _snakemake(repo, tmp_path / "bad", _config(tmp_path, n_draws=0), "--cores", "1")
    assert result.returncode != 0
    assert "config key 'n_draws'" in result.stdout + result.stderr
    assert not (tmp_path / "bad" / "results").exists()


def test_report_shows_table_and_figures_with_captions(run, repo):
    base, mirror = run
    result = _snakemake(repo, base / "cores2", _config(mirror), "--report", "report.html")
    assert result.returncode == 0, result.stderr[-3000:]
    html = (base / "cores2" / "report.html").read_text()
    for caption in ("Table 1: mean absolute error", "whiskers = minimum and maximum", "Chebyshev",
                    "Figure 3: test AUC", "Related estimators on the same draws", "prior-free confidence intervals", "Comparing two models without a prior",
                    "Distance of our Table 1 to the paper"):
        assert caption in html


def test_slurm_profile_dry_run(run, repo):
    """The SLURM profile plans the same DAG (a dry run needs no cluster)."""
    base, mirror = run
    result = _snakemake(repo, base / "cores2", _config(mirror), "-n", "--forceall", "--profile",
                        str(repo / "profiles" / "slurm"))
    assert result.returncode == 0, result.stderr[-3000:]
    counts = _job_counts(result.stdout)
    assert counts["km"] == 6 and counts["score"] == 3 and counts["table1"] == 1  # km: one job per dataset and beta


def _bench(**changes):
    bench = {"datasets": ["abalone", "airfoil"], "betas": [0.4], "draws": 1, "train": 0.5, "validation": 0.25,
             "max_train_rows": None, "level": 0.95, "copies": ["lr"],
             "learners": {"lr": {"estimator": "pueval.bench.learners:NaiveLogistic", "grid": {"C": [0.1, 10]}},
                          "nn": {"estimator": "pueval.bench.learners:NNPU", "prior": True,
                                 "params": {"stepsize": 0.01, "epochs": 20}}}}
    bench.update(changes)
    return bench


@pytest.mark.slow
def test_the_bench_is_its_own_target_independent_of_cores_and_an_edit_reruns_its_share(run, repo):
    base, mirror = run
    for cores in ("2", "1"):
        result = _snakemake(repo, base / f"bench{cores}", _config(mirror, bench=_bench()), "--cores", cores, "bench")
        assert result.returncode == 0, result.stderr[-3000:]
    found, compared = compare.differences(base / "bench2" / "results" / "bench", base / "bench1" / "results" / "bench")
    assert found == [] and compared >= 12
    assert not (base / "bench2" / "results" / "table1.csv").exists()  # the default run's work is not in the target
    verdicts = pd.read_csv(base / "bench2" / "results" / "bench" / "verdicts.csv")
    assert set(verdicts["id"]) >= {"bench.claims", "bench.copies"}
    more = _snakemake(repo, base / "bench2", _config(mirror, bench=_bench(betas=[0.4, 0.2])), "-n", "bench")
    assert _job_counts(more.stdout) == {"bench_setting": 2, "bench_tables": 1, "bench": 1}  # the new β alone
    learners = _bench()["learners"] | {"lr2": {"estimator": "pueval.bench.learners:NaiveLogistic"}}
    edited = _snakemake(repo, base / "bench2", _config(mirror, bench=_bench(learners=learners)), "-n", "bench")
    assert _job_counts(edited.stdout) == {"bench_setting": 2, "bench_tables": 1, "bench": 1}

"""No edit and no forced rerun is lost to an interrupted run (pueval.pipeline.lost_outputs).

On a complete smoke-sized run, each case (one per study that has intermediate files, and two studies of one
rule) edits one config key, starts the run, kills Snakemake and its jobs
(SIGTERM to the whole session, as Ctrl-C or a cancelled cluster job does) once the rule that reads the key has
started, and runs the same command again: the rerun must rebuild that rule's outputs and the study's final
output, which must equal what an uninterrupted run of the edited config gives on a copy of the same complete
run.
"""

import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd
import pytest
import yaml

from pueval.pipeline import compare, lost_outputs

pytestmark = pytest.mark.slow  # a complete smoke-sized pipeline: `uv run pytest -m slow` (.ci/run runs it)

SMOKE = {"run": ["airfoil", "concrete"], "n_draws": 3, "betas": [0.2, 0.4], "mpe": {"distcurve": {"training": {
    "n_mixtures": 200}}}, "cost": None, "aul_interval": {"n_boot": 200},
         "sar": {"n_draws": 2, "prior_draws": 2, "strengths": [0, 2], "em": {"datasets": ["airfoil", "concrete"], "draws": 2}}, "jain": {"repetitions": 3, "pu_repetitions": 0},
         "figure3": {"beta": 0.4, "repetitions": 1, "centers": 20, "sigma_factors": [1.0], "lambdas": [0.1]},
         "claesen": {"repetitions": 3, "known_positives": [100], "beta": 0.2},
         "tabatabaei": {"runs": 10, "classifiers": 5, "rho_step": 0.1, "dataset": None, "en_rhos": [0.3],
                        "en_repetitions": 2, "rf_repetitions": 1, "bounds_draws": 5, "orient_lines": True, "forest_sets": 1,
                        "forest_pu_rho": None},
         "mcdermott": {"datasets": 2, "pu": {"size": 200, "m2_steps": 20, "m3_steps": 2}, "real": ["compas"],
                       "runs": 1, "splits": 2}}


def _merged(base: dict, change: dict) -> dict:
    out = dict(base)
    for key, value in change.items():
        out[key] = _merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


# (rule killed once started, its log, the edit, the final table it feeds)
CASES = [
    ("km", "results/logs/km/airfoil/beta0.2.log", {"mpe": {"km": {"standardize": True}}}, "results/table1.csv"),
    ("related", "results/logs/related/airfoil.log", {"related": {"f1_quantile": 0.4}}, "results/related.csv"),
    ("sar", "results/logs/sar/airfoil.log", {"sar": {"n_draws": 3}}, "results/sar.csv"),
    ("tabatabaei_inversions", "results/logs/tabatabaei/generated.log", {"tabatabaei": {"classifiers": 6}},
     "results/tabatabaei.csv"),
    ("mcdermott_real", "results/logs/mcdermott/real_compas_sex.log", {"mcdermott": {"runs": 2}},
     "results/mcdermott.md"),  # the probe's case
    ("figure3_dataset", "results/logs/figure3/airfoil.log", {"figure3": {"lambdas": [0.01]}}, "results/figure3.csv"),
    ("score_b", "results/logs/score_b/airfoil.log", {"paired_difference": {"train_share": 0.2}},
     "results/paired_difference.csv"),
    # studies of one rule: the killed job's outputs are the final ones, rebuilt because they are missing
    ("jain", "results/logs/jain.log", {"jain": {"repetitions": 4}}, "results/jain.csv"),
    ("claesen", "results/logs/claesen.log", {"claesen": {"repetitions": 4}}, "results/claesen.csv"),
]


def _command(repo, workdir, config, mirror):
    path = workdir / "config.yaml"
    path.write_text(yaml.safe_dump(config))
    return [sys.executable, "-m", "snakemake", "-s", str(repo / "Snakefile"), "--directory", str(workdir),
            "--configfile", str(path), "--config", f"uci_mirror={mirror}", "--cores", "2"]


def _session_pids(sid: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid:
            pids.append(int(stat.parent.name))
    return pids


def _interrupted(command, log: Path, started_after: float) -> None:
    """Run ``command`` in a session of its own; SIGTERM every process of it once ``log`` is (re)written."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 300
    while not (log.exists() and log.stat().st_mtime > started_after):
        assert process.poll() is None and time.time() < deadline, "the rule never started"
        time.sleep(0.05)
    for pid in _session_pids(process.pid):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    process.wait(timeout=300)  # Snakemake's clean-up after SIGTERM: seconds when quiet; it outlasted 120 s under load


@pytest.fixture(scope="module")
def complete(tmp_path_factory, repo, uci_mirror):
    """A complete smoke-sized run of the studies the cases touch."""
    base = tmp_path_factory.mktemp("interrupted") / "complete"
    base.mkdir()
    result = subprocess.run(_command(repo, base, SMOKE, uci_mirror), capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return base


def _case(complete, repo, uci_mirror, rule, log, edit, final) -> dict:
    """One case, run to its end: what the tests below check (the runs' outputs and the final files)."""
    edited = _merged(SMOKE, edit)
    case, clean = complete.parent / rule, complete.parent / f"{rule}-uninterrupted"
    shutil.copytree(complete, case, symlinks=True)
    shutil.copytree(complete, clean, symlinks=True)
    command = _command(repo, case, edited, uci_mirror)
    before = (case / final).read_bytes()
    _interrupted(command, case / log, time.time())
    plan = subprocess.run([*command, "-n"], capture_output=True, text=True, timeout=300)
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=900)
    fresh = subprocess.run(_command(repo, clean, edited, uci_mirror), capture_output=True, text=True, timeout=900)
    return {"plan": plan, "rerun": rerun, "fresh": fresh, "before": before, "case": case, "clean": clean}


@pytest.fixture(scope="module")
def cases(complete, repo, uci_mirror):
    """Every case, two at a time (each runs few jobs at once, so two share the cores well)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {c[0]: pool.submit(_case, complete, repo, uci_mirror, *c) for c in CASES}
        return {rule: future.result() for rule, future in futures.items()}


@pytest.mark.parametrize(("rule", "final"), [(c[0], c[3]) for c in CASES], ids=[c[0] for c in CASES])
def test_an_edit_whose_rule_was_interrupted_is_rebuilt_on_the_rerun(cases, rule, final):
    found = cases[rule]
    plan, rerun, fresh = found["plan"], found["rerun"], found["fresh"]
    assert plan.returncode == 0, plan.stderr[-3000:]
    assert f"rule {rule}:" in plan.stdout and "Nothing to be done" not in plan.stdout + plan.stderr, plan.stdout
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    assert "Nothing to be done" not in rerun.stdout + rerun.stderr
    assert fresh.returncode == 0, fresh.stderr[-3000:]
    case, clean = found["case"], found["clean"]
    if final.endswith(".csv"):
        ours, theirs = (compare.computed(pd.read_csv(folder / final)) for folder in (case, clean))
        pd.testing.assert_frame_equal(ours, theirs, check_exact=True)
    else:
        assert (case / final).read_bytes() == (clean / final).read_bytes()
    assert (case / final).read_bytes() != found["before"]  # the edit reached the final output


def _records(folder: Path) -> dict[str, bytes]:
    """Snakemake's records of ``folder``'s outputs and its incomplete-job markers, by path."""
    state = folder / ".snakemake"
    return {str(p.relative_to(state)): p.read_bytes() for sub in ("metadata", "incomplete")
            for p in sorted((state / sub).rglob("*")) if p.is_file()}


LOOK_ONLY = [["-n"], ["--summary"], ["--list-rules"], ["--lint"], ["--unlock"], ["--dag"]]


@pytest.fixture(scope="module")
def one_lost(complete):
    """A copy of the complete run with one intermediate output removed (KM's estimates of one dataset)."""
    case = complete.parent / "one-lost"
    shutil.copytree(complete, case, symlinks=True)
    (case / "results/mpe/km/airfoil/beta0.2.parquet").unlink()
    return case


@pytest.mark.parametrize("flags", LOOK_ONLY, ids=[f[0] for f in LOOK_ONLY])
def test_a_command_that_only_looks_changes_nothing(one_lost, repo, uci_mirror, flags):
    before = _records(one_lost)
    result = subprocess.run([*_command(repo, one_lost, SMOKE, uci_mirror), *flags], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert _records(one_lost) == before
    if flags == ["-n"]:  # the plan still rebuilds the lost output and what follows it, in memory
        assert "rule km:" in result.stdout and "Forced execution" in result.stdout, result.stdout[-3000:]
        assert "rule table1:" in result.stdout


def test_a_run_refused_by_another_runs_lock_changes_nothing(one_lost, repo, uci_mirror):
    locks = one_lost / ".snakemake" / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    lock = locks / "0.output.lock"  # another instance writing the lost output, as Snakemake locks it
    lock.write_text("results/mpe/km/airfoil/beta0.2.parquet\n")
    before = _records(one_lost)
    try:
        result = subprocess.run(_command(repo, one_lost, SMOKE, uci_mirror), capture_output=True, text=True,
                                timeout=300)
    finally:
        lock.unlink()
    assert result.returncode != 0 and "cannot be locked" in result.stdout + result.stderr
    assert _records(one_lost) == before


def test_an_unreachable_results_folder_loses_nothing(complete, repo, uci_mirror):
    case = complete.parent / "unreachable"
    shutil.copytree(complete, case, symlinks=True)
    (case / "results").rename(case / "results-elsewhere")
    (case / "results").symlink_to(case / "unmounted")  # a results/ whose target is away for a while
    command = _command(repo, case, SMOKE, uci_mirror)
    away = subprocess.run([*command, "-n"], capture_output=True, text=True, timeout=300)
    assert away.returncode == 0, away.stderr[-3000:]
    assert "lost to an interrupted" not in away.stderr
    (case / "results").unlink()
    (case / "results").symlink_to(case / "results-elsewhere")  # back
    back = subprocess.run([*command, "-n"], capture_output=True, text=True, timeout=300)
    assert back.returncode == 0 and "Nothing to be done" in back.stdout + back.stderr, back.stdout[-3000:]


def _record(metadata: Path, name: str, rule: str) -> None:
    key = base64.urlsafe_b64encode(name.encode()).decode()
    parts = [key[i:i + 200] for i in range(0, len(key), 200)]
    record = metadata.joinpath(*["@" + p for p in parts[:-1]], parts[-1])
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(json.dumps({"rule": rule, "params": ["1"], "record_format_version": 6}))


def test_lost_lists_only_missing_reachable_outputs_of_the_rules_named(tmp_path):
    metadata = tmp_path / ".snakemake" / "metadata"
    long_name = "results/" + "/".join(["folder" * 8] * 6) + "/lost.parquet"  # a record path split into @-folders
    for name in ("results/kept.csv", "results/lost.csv", long_name, "away/lost.csv", "/elsewhere/lost.csv"):
        _record(metadata, name, "r")
    _record(metadata, "results/other.csv", "another_workflows_rule")
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "kept.csv").write_text("a\n")
    (tmp_path / "away").symlink_to(tmp_path / "unmounted")
    (metadata / "not-base64!").write_text("{}")
    before = _records(tmp_path)
    expected = sorted(["results/lost.csv", long_name])
    assert lost_outputs.lost(tmp_path, {"r"}) == expected
    assert lost_outputs.lost(tmp_path) == sorted([*expected, "results/other.csv"])
    assert _records(tmp_path) == before  # it only reads

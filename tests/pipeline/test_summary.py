"""pueval.pipeline.summary: the run summary counts only this run's benchmarks."""

import os
import time

import numpy as np
import pandas as pd
import pytest

from pueval.pipeline import reference, summary


def test_summary_counts_only_this_runs_benchmarks(tmp_path):
    bench = tmp_path / "benchmarks"
    (bench / "km").mkdir(parents=True)
    (bench / "km" / "old.tsv").write_text("s\n100\n")
    os.utime(bench / "km" / "old.tsv", (1, 1))  # written long before this run
    started = time.time() - 1
    (bench / "km" / "new.tsv").write_text("s\n7\n")
    pd.DataFrame({"check": ["mean |ours - paper| of mae_aul"], "ours": [0.001], "paper": [np.nan]}).to_csv(
        tmp_path / "distance.csv", index=False)
    config = {"seed": 1, "betas": [0.1], "n_draws": 2, "run": ["airfoil"], "uci_mirror": "/m",
              "verify_checksums": False}
    summary.write(tmp_path / "summary.md", started=started, wall_seconds=60, cores=2, config=config,
                  benchmarks=bench, distance=tmp_path / "distance.csv",
                  configfiles=["config/datasets.yaml", "config/config.yaml", "mine.yaml"])
    text = (tmp_path / "summary.md").read_text()
    assert "config files merged, each over the ones before: config/datasets.yaml, config/config.yaml, mine.yaml" \
        in text
    assert "| km | 7 | – |" in text and "over the rules this run ran: 7 s" in text
    assert "mirror folder /m, verify_checksums False" in text and "reference workload: not timed" in text
    summary.write(tmp_path / "summary.md", started=started, wall_seconds=60, cores=2, config=config,
                  benchmarks=bench, distance=tmp_path / "distance.csv",
                  reference=reference.Reference(km=0.25, transform=0.125, sklearn=0.0625, startup=0.0625))
    text = (tmp_path / "summary.md").read_text()
    assert "| km | 7 | 14 |" in text and "job seconds in reference units (job seconds / 0.500 s): 14" in text
    assert "0.500 s on this machine, timed once (" in text
    # the Snakefile's: the mean of the timings at the run's start and end, each stated
    start = reference.Reference(km=0.5, transform=0.25, sklearn=0.125, startup=0.125)
    summary.write(tmp_path / "summary.md", started=started, wall_seconds=60, cores=2, config=config,
                  benchmarks=bench, distance=tmp_path / "distance.csv",
                  reference=reference.Reference.mean(start, reference.Reference(0.25, 0.125, 0.0625, 0.0625)))
    text = (tmp_path / "summary.md").read_text()
    assert "reference workload: 0.750 s on this machine, the mean of 2 timings, 1.000, 0.500 s (KM1/KM2" in text
    assert "(job seconds / 0.750 s): 9" in text and "km 0.375 s, transform 0.188 s, sklearn 0.094 s, startup 0.094 s" \
        in text


def test_the_mean_of_timings_is_taken_part_by_part():
    a = reference.Reference(km=1.0, transform=2.0, sklearn=3.0, startup=4.0)
    b = reference.Reference(km=3.0, transform=2.0, sklearn=1.0, startup=0.0)
    mean = reference.Reference.mean(a, b)
    assert (mean.km, mean.transform, mean.sklearn, mean.startup, mean.timings) == (2.0, 2.0, 2.0, 2.0, (10.0, 6.0))
    assert mean.seconds == 8.0
    assert reference.Reference.mean(a).timed() == "timed once"
    with pytest.raises(ValueError, match="at least one timing"):
        reference.Reference.mean()


def test_the_reference_workload_is_timed_part_by_part(monkeypatch):
    monkeypatch.setattr(reference, "KM", reference.KM | {"rows": 300})
    monkeypatch.setattr(reference, "TRANSFORM", reference.TRANSFORM | {"rows": 600, "draws": 1})
    monkeypatch.setattr(reference, "SKLEARN", reference.SKLEARN | {"forests": 1, "logistic": 2})
    found = reference.measure()
    assert all(v > 0 for v in (found.km, found.transform, found.sklearn, found.startup))
    assert found.seconds == found.km + found.transform + found.sklearn + found.startup
    assert "KM1/KM2 on 2 draws of 300 × 6" in reference.composition()
    assert found.parts().startswith(f"km {found.km:.3f} s, transform")


def test_every_rule_is_in_one_part_of_the_run_and_the_parts_add_up(repo, tmp_path):
    import re

    named = set()
    for rules in (repo / "workflow" / "rules").glob("*.smk"):
        named |= set(re.findall(r'"results/benchmarks/([^/."]+)', rules.read_text()))
    placed = [rule for rules in summary.PARTS.values() for rule in rules]
    assert sorted(placed) == sorted(set(placed)) and set(placed) == named
    seconds = pd.Series({"km": 10.0, "jain": 4.0, "sar": 2.0, "tice": 1.0, "new_rule": 3.0})
    rows = summary._part_rows(seconds, reference.Reference(km=0.5, transform=0.25, sklearn=0.125, startup=0.125))
    assert [row.removesuffix(" |").split(" | ")[1:5] for row in rows[2:]] == [
        ["10", "10", "10", "10"], ["1", "1", "11", "11"], ["4", "4", "15", "15"], ["2", "2", "17", "17"],
        ["3", "3", "20", "20"]]

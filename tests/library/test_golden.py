"""The command's reports byte for byte: JSON and Markdown against the files in ``golden/``, HTML and the ``--plot``
PNG against their SHA-256 (``golden/digests.json``; the figures' bytes hold for the locked matplotlib). A change that
moves a byte fails here; when the change is meant, rewrite the files with ``PUEVAL_UPDATE_GOLDEN=1 uv run pytest
tests/library/test_golden.py`` and say in the commit what changed and why."""

import hashlib
import json
import os
from pathlib import Path

import numpy as np
import pytest

from pueval import cli, reports

GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("PUEVAL_UPDATE_GOLDEN") == "1"
CASES = {
    "evaluate_plain": ["evaluate"],
    "evaluate_prior": ["evaluate", "--prior", "0.3", "--target-recall", "0.8"],
    "evaluate_inconsistent_prior": ["evaluate", "--prior", "0.95"],
    "evaluate_mpe": ["evaluate", "--mpe", "bbe", "en", "--features", "x1", "x2", "x3"],
    "evaluate_without_scar": ["evaluate", "--propensity-column", "e", "--absolute", "--threshold", "0.4", "--gamma",
                              "1.5", "--audit-column", "audit", "--prior", "0.3"],
    "evaluate_bootstrap": ["evaluate", "--interval", "bootstrap", "--seed", "5", "--level", "0.9"],
    "compare_two": ["compare", "--score-columns", "score", "score_b"],
    "compare_baseline": ["compare", "--score-columns", "score", "score_b", "x1", "--baseline", "score_b",
                         "--propensity-column", "e", "--gamma", "1.5"],
    "select": ["select", "--score-columns", "score", "score_b", "x1", "x2"],
}
STREAMING_CASES = {  # no figure: the streaming path draws none (--plot is refused)
    "streaming_plain": ["evaluate", "--streaming", "--bins", "200"],
    "streaming_weighted_segments": ["evaluate", "--propensity-column", "e", "--segment-column", "segment",
                                    "--bins", "64", "--edges", "equal", "--level", "0.9"],
}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """The example table with relative propensities and an audit of 15 % of the unlabeled rows (seeded)."""
    frame = reports.example_scores(1500, seed=3)
    rng = np.random.default_rng(1)
    labeled = frame["labeled"].to_numpy() == 1
    frame["e"] = np.where(labeled, np.round(0.2 + 0.6 * frame["score"], 4), np.nan)
    audited = ~labeled & (rng.random(len(frame)) < 0.15)
    frame["audit"] = np.where(audited, (frame["x1"] > 0.6).astype(float), np.nan)
    folder = tmp_path_factory.mktemp("golden")
    frame.to_csv(folder / "t.csv", index=False)
    frame.assign(segment=np.where(frame["x2"] > 0.5, "high", "low")).to_csv(folder / "s.csv", index=False)
    return folder


def _run(folder, monkeypatch, capsys, arguments, path="t.csv") -> str:
    monkeypatch.chdir(folder)  # the report names its input by the path given: t.csv, wherever the test runs
    assert cli.main([arguments[0], path, *arguments[1:]]) == 0
    return capsys.readouterr().out


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("case", list(CASES))
def test_the_commands_reports_are_the_golden_bytes(table, monkeypatch, capsys, case):
    arguments = CASES[case]
    found = {fmt: _run(table, monkeypatch, capsys, [*arguments, "--format", fmt]) for fmt in ("json", "markdown")}
    html = _run(table, monkeypatch, capsys, [*arguments, "--format", "html", "--plot", "figure.png"])
    digests = {"html": _digest(html.encode()), "png": _digest((table / "figure.png").read_bytes())}
    _check(case, found, digests)


@pytest.mark.parametrize("case", list(STREAMING_CASES))
def test_the_streaming_reports_are_the_golden_bytes(table, monkeypatch, capsys, case):
    arguments = STREAMING_CASES[case]
    found = {fmt: _run(table, monkeypatch, capsys, [*arguments, "--format", fmt], "s.csv")
             for fmt in ("json", "markdown", "html")}
    _check(case, found, {"html": _digest(found.pop("html").encode())})


def _check(case: str, found: dict[str, str], digests: dict[str, str]) -> None:
    """The JSON and Markdown reports against their golden files, the digests against the manifest (or, with
    PUEVAL_UPDATE_GOLDEN=1, written there)."""
    manifest = GOLDEN / "digests.json"
    known = json.loads(manifest.read_text()) if manifest.exists() else {}
    if UPDATE:
        (GOLDEN / f"{case}.json").write_text(found["json"])
        (GOLDEN / f"{case}.md").write_text(found["markdown"])
        manifest.write_text(json.dumps(known | {case: digests}, indent=1, sort_keys=True) + "\n")
        return
    assert found["json"] == (GOLDEN / f"{case}.json").read_text()
    assert found["markdown"] == (GOLDEN / f"{case}.md").read_text()
    assert digests == known[case]

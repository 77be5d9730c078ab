"""README.md and docs/findings.md carry no hand-typed verdict and no number that cannot be traced to results/.

- Their verdict blocks (between the ``verdicts`` markers) are what :mod:`pueval.pipeline.render.verdicts` renders
  from ``results/verdicts.csv``; and ``results/verdicts.csv`` is what :func:`pueval.studies.ledger.ledger` decides
  from the committed tables (so no verdict is typed, in the pages or in the ledger).
- Every decimal number in a section of those pages (a heading of level 2 or 3 to the next) is, at its printed
  precision, a value of one of the results files that section names (``results/<file>.csv`` or ``.md``), or that
  value as a percentage; ``6.5·10⁻⁵`` is read as 6.5e-5. A number that is not (typed from memory, computed by hand,
  or left over from an earlier run) fails, named with its section.
"""

import re
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from pueval.pipeline.render import verdicts as render

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
PAGES = ("README.md", "docs/findings.md")
SUPERSCRIPTS = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
NUMBER = re.compile(r"(?<![\w.])[−-]?(\d+\.\d+)(?:·10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?")
CITED = re.compile(r"results/[\w/.-]+\.(?:csv|md)")
NOT_RESULTS = ("Python ≥ 3.11",)
"""Phrases whose numbers are not results (a version)."""


def _numbers(section: str) -> list[tuple[str, float, float]]:
    """(as printed, |value|, half a unit of its last digit) of every decimal number outside code, links and
    file names."""
    text = re.sub(r"```.*?```", "", section, flags=re.S)
    for phrase in NOT_RESULTS:
        text = text.replace(phrase, "")
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    found = []
    for match in NUMBER.finditer(text):
        mantissa, exponent = match.group(1), match.group(2)
        scale = 10.0 ** int(exponent.translate(SUPERSCRIPTS)) if exponent else 1.0
        decimals = len(mantissa.split(".")[1])
        found.append((match.group(0), float(mantissa) * scale, 0.5 * 10.0**-decimals * scale * (1 + 1e-9)))
    return found


def _values(path: Path) -> np.ndarray:
    text = path.read_text() if path.exists() else ""
    return np.abs(np.array([float(x) for x in re.findall(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", text)]))


def untraced(page: str) -> list[str]:
    """The numbers of ``page`` that no results file its section names holds, each with its section's heading."""
    text = (ROOT / page).read_text()
    text = text[:text.index(render.START)] + text[text.index(render.END):] if render.START in text else text
    missing, cache = [], {}
    for section in re.split(r"\n(?=#{2,3} )", text):
        files = sorted(set(CITED.findall(section)))
        values = [cache.setdefault(f, _values(ROOT / f)) for f in files]
        for printed, value, tolerance in _numbers(section):
            if not any(np.any(np.abs(v - value) <= tolerance) or np.any(np.abs(100 * v - value) <= tolerance)
                       for v in values if v.size):
                missing.append(f"{section.splitlines()[0][:60]!r}: {printed} (files named: {files or 'none'})")
    return missing


needs_results = pytest.mark.skipif(not (RESULTS / "verdicts.csv").exists(), reason="no results/verdicts.csv")


@needs_results
@pytest.mark.parametrize("page", PAGES)
def test_the_verdict_block_is_the_ledger_rendered(page):
    frame = pd.read_csv(RESULTS / "verdicts.csv", keep_default_na=False, na_values=[""])
    text = (ROOT / page).read_text()
    block = render.verdict_block(frame, render.PAGES[page])
    assert render.replaced(text, block, page) == text, (
        f"{page}'s verdict block differs from results/verdicts.csv rendered: run python -m "
        "pueval.pipeline.render.verdicts")


@needs_results
def test_the_committed_ledger_is_what_the_rules_decide_from_the_committed_tables():
    from pueval.studies import ledger

    committed = pd.read_csv(RESULTS / "verdicts.csv", keep_default_na=False, na_values=[""])
    tables = {path.stem: pd.read_csv(path) for path in RESULTS.glob("*.csv") if path.stem != "verdicts"}
    decided = ledger.ledger(tables)
    assert list(decided["id"]) == list(committed["id"])
    assert list(decided["verdict"]) == list(committed["verdict"])
    assert list(decided["ours"]) == list(committed["ours"])


@pytest.mark.parametrize("page", PAGES)
def test_every_number_is_traced_to_a_results_file_its_section_names(page):
    assert untraced(page) == []


def test_the_tracer_finds_a_typed_number(tmp_path, monkeypatch):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "t.csv").write_text("a,b\n0.1234,0.0000065\n")
    (tmp_path / "page.md").write_text("## One\n\nFrom `results/t.csv`: 0.123, 12.3 %, P = 6.5·10⁻⁶.\n\n"
                                      "## Two\n\nFrom `results/t.csv`: 0.124 and 0.5.\n\n## Three\n\n0.123\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = untraced("page.md")
    assert [line.split(": ", 1)[1].split(" ")[0] for line in found] == ["0.124", "0.5", "0.123"]

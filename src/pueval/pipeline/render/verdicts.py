"""The verdict ledger rendered: ``results/verdicts.md`` in full, and the one-line-a-claim table that README.md and
docs/findings.md carry between their ``verdicts`` markers, both from ``results/verdicts.csv``.

``python -m pueval.pipeline.render.verdicts`` rewrites the marked blocks of README.md and docs/findings.md from
``results/verdicts.csv``; a test fails when a block differs from what the ledger renders (no hand-typed verdict).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pandas as pd

START, END = "<!-- verdicts:start -->", "<!-- verdicts:end -->"
RULES = "src/pueval/studies/verdict_rules.py"


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    text = f"{value:.2g}" if isinstance(value, float) else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def _p(row) -> str:
    p = _cell(row.p_value)
    return f"{p} ({row.family})" if p and isinstance(row.family, str) and row.family else p


def ledger_markdown(frame: pd.DataFrame, not_judged: list[str]) -> str:
    """``results/verdicts.md``: the verdicts at a glance, then each claim in full."""
    lines = ["# The verdict ledger", "",
             "Written by the pipeline (rule `verdicts`) from the studies' tables; each verdict decided by a declared "
             f"rule of `{RULES}` (one function per kind of claim). Verdicts: reproduced; not reproduced (a contrary "
             "row anywhere in the claim's range, or a test the design could pass and did not); undecided (the design "
             "cannot detect the paper's effect, or a validation without a baseline that could fail); depends on a "
             "named choice (the paper leaves it open: each arm's verdict given, the paper's first).", "",
             "| id | paper: where | verdict | ours | theirs |", "|---|---|---|---|---|"]
    for row in frame.itertuples(index=False):
        lines.append(f"| {row.id} | {_cell(row.paper)}: {_cell(row.where)} | **{row.verdict}** | {_cell(row.ours)} "
                     f"| {_cell(row.theirs)} |")
    for row in frame.itertuples(index=False):
        lines += ["", f"## {row.id}: {row.verdict}", "", f"> {_cell(row.claim)}", "",
                  f"- paper: {_cell(row.paper)}, {_cell(row.where)}",
                  f"- the paper's setting, and our arm that implements it: {_cell(row.setting)}",
                  f"- other arms: {_cell(row.other_arms) or '—'}",
                  f"- unit: {_cell(row.unit)}; independent units: {_cell(row.units)}",
                  f"- ours: {_cell(row.ours)}" + (f"; interval {row.interval}" if _cell(row.interval) else ""),
                  f"- theirs: {_cell(row.theirs)}",
                  f"- test: {_cell(row.test)}" + (f"; p = {_p(row)}" if _p(row) else ""),
                  f"- what the design can detect: {_cell(row.detectable) or '—'}",
                  f"- rule: `{row.rule}`; tables: {_cell(row.tables)}"]
        if _cell(row.arms):
            lines.append(f"- arms: {_cell(row.arms)}")
    if not_judged:
        lines += ["", "Not judged in this run (their studies, or the parts they read, are switched off in the config): "
                  + "; ".join(not_judged) + "."]
    return "\n".join(lines) + "\n"


def verdict_block(frame: pd.DataFrame, link: str) -> str:
    """The table README.md and docs/findings.md carry: one line a claim, its verdict and our statistic, each
    linking to its entry in the ledger (``link``: the path of results/verdicts.md from the page)."""
    lines = [START, "", "| claim | verdict | ours (theirs) |", "|---|---|---|"]
    for row in frame.itertuples(index=False):
        anchor = f"{row.id}-{row.verdict}".replace(".", "").replace(" ", "-")
        theirs = _cell(row.theirs)
        lines.append(f"| [{row.id}]({link}#{anchor}): {_cell(row.claim)} | **{row.verdict}** | {_cell(row.ours)}"
                     + (f" ({theirs})" if theirs and theirs != "—" else "") + " |")
    lines += ["", END]
    return "\n".join(lines)


def replaced(text: str, block: str, path: str = "the page") -> str:
    """``text`` with its block between the markers replaced by ``block``."""
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise ValueError(f"{path} must hold one {START} … {END} block")
    return text[:text.index(START)] + block + text[text.index(END) + len(END):]


PAGES = {"README.md": "results/verdicts.md", "docs/findings.md": "verdicts.md"}
"""The pages that carry the block, and the ledger's path from each (the docs copy results/verdicts.md)."""


def main(root: str = ".") -> None:
    """Rewrite the blocks of README.md and docs/findings.md from ``results/verdicts.csv``."""
    frame = pd.read_csv(Path(root, "results/verdicts.csv"), keep_default_na=False, na_values=[""])
    for page, link in PAGES.items():
        path = Path(root, page)
        path.write_text(replaced(path.read_text(), verdict_block(frame, link), page))


if __name__ == "__main__":
    main(*sys.argv[1:])

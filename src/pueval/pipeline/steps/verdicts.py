"""Steps of ``workflow/rules/verdicts.smk``: the verdict ledger from the studies' tables."""

from __future__ import annotations

from pathlib import Path

import pandas as pd


def verdicts(input, output):
    """Judge every claim whose tables this run made (:func:`pueval.studies.ledger.ledger`): the ledger as CSV and
    as Markdown, with the claims left unjudged named."""
    from pueval.pipeline.render import verdicts as render
    from pueval.studies import ledger

    tables = {stem: pd.read_csv(path) for stem, path in input.items()}
    frame = ledger.ledger(tables)
    frame.to_csv(output.csv, index=False, float_format="%.4g")
    Path(output.md).write_text(render.ledger_markdown(frame, frame.attrs["not_judged"]))

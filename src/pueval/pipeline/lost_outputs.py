"""An edit or a forced rerun is never lost to an interrupted run: outputs Snakemake has a record of but that
no longer exist are rebuilt, with everything downstream.

Snakemake keeps a record of each output (``.snakemake/metadata/``: the params, code and input it was made
with) and reruns a job whose record differs from the job as the config now defines it. A job that is killed
or fails loses its outputs (Snakemake removes them) yet leaves a record, and that record may already carry
the *new* params. Its consumers' outputs, made before, still exist and look up to date by every trigger, so
the next run of the same command does nothing: the edit is lost, and the final tables keep the old result.

So before each run (:func:`void_lost_records`, called by the Snakefile in its main process), the record of
every output that no longer exists is marked void: its params no longer equal any config's, so the job that
makes the output is rerun ("Params have changed"), and so is everything downstream of it ("Input files
updated by another job"). An output removed by hand is rebuilt the same way when a target needs it.

The records are Snakemake's file-backend metadata (record format 6 of Snakemake 9): a JSON file per output,
named by the urlsafe base64 of the output's path, split into folders (``@``-prefixed) where too long.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from pathlib import Path

VOID = "<void: the output was lost (an interrupted or failed job, or removed by hand); rebuild it>"


def _output_path(record: Path, metadata: Path) -> str | None:
    """The output a record describes, or None for a file that is not a record."""
    parts = record.relative_to(metadata).parts
    try:
        return base64.urlsafe_b64decode("".join(part.removeprefix("@") for part in parts)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def void_lost_records(root: str | os.PathLike = ".") -> list[str]:
    """Mark void (:data:`VOID` as its params) the record of every output under ``root`` that no longer exists;
    returns those outputs. Records that are not JSON, or already void, are left as they are."""
    metadata = Path(root) / ".snakemake" / "metadata"
    voided = []
    for folder, _, names in os.walk(metadata):
        for name in names:
            record = Path(folder) / name
            output = _output_path(record, metadata)
            try:
                if output is None or (Path(root) / output).exists():
                    continue
            except OSError:  # a path this system cannot check: leave its record alone
                continue
            try:
                content = json.loads(record.read_text())
            except (OSError, ValueError):
                continue
            if not isinstance(content, dict) or content.get("params") == [VOID]:
                continue
            content["params"] = [VOID]
            temporary = record.with_name(f".{record.name}.void")
            temporary.write_text(json.dumps(content))
            os.replace(temporary, record)
            voided.append(output)
    return sorted(voided)

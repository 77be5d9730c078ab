"""An edit or a forced rerun is never lost to an interrupted run: outputs Snakemake has a record of but that
no longer exist are rebuilt, with everything downstream, and nothing of Snakemake's is written to do it.

Snakemake keeps a record of each output (``.snakemake/metadata/``: the params, code and input it was made
with) and reruns a job whose record differs from the job as the config now defines it. A job that is killed
or fails loses its outputs (Snakemake removes them) yet leaves a record. Its consumers' outputs, made before,
still exist and look up to date by every trigger, and Snakemake does not rebuild a missing intermediate file
whose consumers are up to date (snakemake/snakemake#1978): the next run of the same command does nothing, the
edit is lost, and the final tables keep the old result.

So while Snakemake plans a run (:func:`rebuild_lost`, an input function of the default target, called when
that job is created and so before any job's need to run is decided), every lost output (:func:`lost`) that
a job of this plan makes is *forced*, in memory, as ``--forcerun FILE`` forces a file: its job reruns
("Forced execution") and so does everything downstream ("Input files updated by another job"). Only the
plan of this one invocation changes: no record is edited, so a dry run, ``--summary``, ``--dag``, a run
refused by another's lock, a read-only tree or a ``--directory`` pointing at another workflow change
nothing. An output counts as lost only when its top folder (``results/``) is reachable, so a ``results``
symlink whose target is briefly unavailable voids nothing; and only when a rule of this workflow made it.
A plan run against a named target other than the default one and ``bench`` (whose target calls it too) does
not call the hook: the lost outputs are then rebuilt by the next run of either (they stay lost, so nothing is
forgotten).

The records are Snakemake's file-backend metadata (record format 6 of Snakemake 9): a JSON file per output,
named by the urlsafe base64 of the output's path, split into folders (``@``-prefixed) where too long.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any


def _output_path(record: Path, metadata: Path) -> str | None:
    """The output a record describes, or None for a file that is not a record."""
    parts = record.relative_to(metadata).parts
    try:
        return base64.urlsafe_b64decode("".join(part.removeprefix("@") for part in parts)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def _reachable(root: Path, output: str) -> bool:
    """Whether ``output`` could be seen if it existed: a relative path whose top folder is a directory now."""
    parts = Path(output).parts
    if not parts or Path(output).is_absolute() or ".." in parts:
        return False
    try:
        return len(parts) == 1 or (root / parts[0]).is_dir()
    except OSError:
        return False


def lost(root: str | os.PathLike = ".", rules: Collection[str] | None = None) -> list[str]:
    """The outputs under ``root`` that Snakemake has a record of but that no longer exist (reads only).

    An output counts when its top folder is reachable (so an unmounted or dangling ``results/`` loses nothing)
    and, with ``rules`` given, when the record names one of them as its maker. Records that are not JSON, or
    that this system cannot check, are passed over.
    """
    root = Path(root)
    metadata = root / ".snakemake" / "metadata"
    found = []
    for folder, _, names in os.walk(metadata):
        for name in names:
            record = Path(folder) / name
            output = _output_path(record, metadata)
            if output is None or not _reachable(root, output):
                continue
            try:
                if (root / output).exists():
                    continue
                content = json.loads(record.read_text())
            except (OSError, ValueError):
                continue
            if not isinstance(content, dict) or (rules is not None and content.get("rule") not in rules):
                continue
            found.append(output)
    return sorted(found)


def rebuild_lost(workflow: Any) -> Callable[[Any], list[str]]:
    """An input function (it names no file) for the default target and ``bench``: on its first call in the main process,
    add every lost output of this workflow's rules to the plan's forced files (see the module's text).

    ``workflow`` is the Snakefile's ``workflow``; its plan (``workflow.dag``) exists when the default target's
    job is created, before any job's need to run is decided."""
    done = False

    def forced(_wildcards: Any) -> list[str]:
        nonlocal done
        if done or not workflow.is_main_process or workflow.dag is None:
            return []
        done = True
        outputs = lost(".", {rule.name for rule in workflow.rules})
        if outputs:
            workflow.dag.forcefiles.update(outputs)
            print(
                f"pueval: {len(outputs)} output(s) lost to an interrupted or failed run (or removed) are rebuilt, "
                f"with everything downstream: {', '.join(outputs[:5])}{' …' if len(outputs) > 5 else ''}",
                file=sys.stderr,
            )
        return []

    return forced

"""Shared fixtures: the repo root and the local UCI mirror (tests needing it skip without it)."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def uci_mirror() -> Path:
    folder = Path(os.environ.get("PUEVAL_UCI_MIRROR", REPO.parent / "shared" / "uci"))
    if not folder.is_dir():
        pytest.skip(f"no UCI mirror at {folder} (set PUEVAL_UCI_MIRROR)")
    return folder


@pytest.fixture(scope="session")
def catalog() -> dict:
    """The shipped config merged over the dataset catalog, as the Snakefile reads them."""
    from pueval.pipeline.config import load

    return load(root=REPO)

"""The documentation's API pages: every public module of the library has its entry (.ci/run checks the built site
asks no external server for fonts)."""

import pueval


def test_every_public_module_appears_on_an_api_page(repo):
    pages = (repo / "docs" / "api" / "library.md").read_text() + (repo / "docs" / "api" / "internals.md").read_text()
    missing = [name for name in sorted(pueval.SUBMODULES) if f"::: pueval.{name}\n" not in pages]
    assert not missing, f"modules without an API page entry: {missing}"


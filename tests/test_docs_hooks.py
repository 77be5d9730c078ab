"""The docs' MkDocs hooks (docs/hooks.py): roles become cross-references, carets superscripts (never inside code),
and whatever is left is a warning, which the strict build fails on."""

import importlib.util
import logging
import types
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
_spec = importlib.util.spec_from_file_location("docs_hooks", Path(__file__).parents[1] / "docs" / "hooks.py")
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)
PAGE = types.SimpleNamespace(file=types.SimpleNamespace(src_path="page.md"))


def test_roles_become_references_and_carets_superscripts_outside_code(caplog):
    html = ('<p>See :func:<code>pueval.metrics.auc</code> and :class:<code>~pueval.propensity.WeightedAUL</code>: '
            'AUL^PU and AUC^{est} of n^P rows.</p><pre><code>aul_pu  # AUL^PU stays</code></pre>')
    with caplog.at_level(logging.WARNING):
        out = hooks.on_page_content(html, PAGE, {}, None)
    assert '<autoref identifier="pueval.metrics.auc" optional><code>pueval.metrics.auc</code></autoref>' in out
    assert '<autoref identifier="pueval.propensity.WeightedAUL" optional><code>WeightedAUL</code></autoref>' in out
    assert "AUL<sup>PU</sup> and AUC<sup>est</sup> of n<sup>P</sup> rows" in out
    assert "# AUL^PU stays" in out and not caplog.records


def test_a_role_left_in_the_text_is_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        hooks.on_page_content("<p>see :func:`broken</p>", PAGE, {}, None)
    assert "raw role" in caplog.text

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


def test_carets_after_greek_letters_hats_brackets_and_signed_powers_are_superscripts(caplog):
    with caplog.at_level(logging.WARNING):
        out = hooks.on_page_content("<p>γ^PU(t), n̂^P, 10^-0.5, 10^0.5, [−3, 3]^(d+1).</p>", PAGE, {}, None)
    assert out == "<p>γ<sup>PU</sup>(t), n̂<sup>P</sup>, 10<sup>-0.5</sup>, 10<sup>0.5</sup>, [−3, 3]<sup>d+1</sup>.</p>"
    assert not caplog.records


def test_a_caret_left_in_the_text_is_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        hooks.on_page_content("<p>x ^ y</p>", PAGE, {}, None)
    assert "^ or $ left" in caplog.text


def test_a_role_left_in_the_text_is_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        hooks.on_page_content("<p>see :func:`broken</p>", PAGE, {}, None)
    assert "raw role" in caplog.text


def test_a_dollar_left_in_the_text_is_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        hooks.on_page_content("<p>costs $5 and <code>$HOME</code></p>", PAGE, {}, None)
    assert "$ left" in caplog.text and "HOME" not in caplog.text


katex = pytest.mark.skipif(not hooks.KATEX.is_dir() or hooks.shutil.which("node") is None,
                           reason="KaTeX not installed (npm ci --prefix docs)")


@katex
def test_equations_are_typeset_and_their_carets_left_to_katex(caplog):
    html = ('<p>AUL^PU is <span class="arithmatex">\\(\\mathrm{AUL}^{\\mathrm{PU}} &lt; 1\\)</span>.</p>\n'
            '<div class="arithmatex">\\[x^2 = \\frac{a}{b}\\]</div>')
    with caplog.at_level(logging.WARNING):
        out = hooks.on_page_content(html, PAGE, {}, None)
    assert not caplog.records and "arithmatex" not in out and out.startswith("<p>AUL<sup>PU</sup> is ")
    inline, display = out.split('<div class="math">')
    assert '<annotation encoding="application/x-tex">\\mathrm{AUL}^{\\mathrm{PU}} &lt; 1</annotation>' in inline
    assert 'class="katex-display"' in display and "<mfrac>" in display and "<sup>" not in display


@katex
def test_an_equation_katex_cannot_parse_fails_naming_it():
    with pytest.raises(hooks.PluginError, match=r"(?s)page\.md: KaTeX could not typeset.*in: x\^"):
        hooks.on_page_content('<p><span class="arithmatex">\\(x^\\)</span></p>', PAGE, {}, None)


@katex
def test_an_untrusted_command_fails_the_build_instead_of_red_text():
    with pytest.raises(hooks.PluginError, match=r"untrusted command\(s\) \\href"):
        hooks.on_page_content('<p><span class="arithmatex">\\(\\href{javascript:alert(1)}{x}\\)</span></p>', PAGE,
                              {}, None)


def test_an_equation_past_the_size_bound_fails_before_node_runs(monkeypatch):
    monkeypatch.setattr(hooks, "_katex_installed", lambda: None)
    monkeypatch.setattr(hooks.subprocess, "run", lambda *a, **k: pytest.fail("node ran"))
    with pytest.raises(hooks.PluginError, match="an equation of 10,001 characters"):
        hooks.on_page_content(f'<p><span class="arithmatex">\\({"x" * 10_001}\\)</span></p>', PAGE, {}, None)


@pytest.mark.parametrize("returncode, stdout, stderr, match", [
    (1, "", "", "node exited with code 1 and printed nothing"),
    (0, "Traceback", "", "KaTeX's output was not JSON"),
    (0, "[]", "", "KaTeX gave 0 results for 1 equations"),
])
def test_a_failing_node_is_one_message(monkeypatch, returncode, stdout, stderr, match):
    monkeypatch.setattr(hooks, "_katex_installed", lambda: None)
    monkeypatch.setattr(hooks.subprocess, "run", lambda *a, **k: types.SimpleNamespace(
        returncode=returncode, stdout=stdout, stderr=stderr))
    with pytest.raises(hooks.PluginError, match=match):
        hooks.on_page_content('<p><span class="arithmatex">\\(x\\)</span></p>', PAGE, {}, None)


def test_a_page_that_takes_too_long_in_katex_is_one_message(monkeypatch):
    def slow(*args, **kwargs):
        raise hooks.subprocess.TimeoutExpired(args[0], kwargs["timeout"])

    monkeypatch.setattr(hooks, "_katex_installed", lambda: None)
    monkeypatch.setattr(hooks.subprocess, "run", slow)
    with pytest.raises(hooks.PluginError, match="KaTeX took more than 120 s"):
        hooks.on_page_content('<p><span class="arithmatex">\\(x\\)</span></p>', PAGE, {}, None)

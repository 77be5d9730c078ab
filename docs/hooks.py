"""MkDocs hooks (mkdocs.yml ``hooks:``): the docstrings' Sphinx roles as links, superscripts and equations
typeset, and the pipeline's figures served from results/figures without a copy in git.

* ``:func:`pueval.metrics.auc``` (rendered by mkdocstrings as ``:func:<code>…</code>``) becomes a
  cross-reference that mkdocs-autorefs resolves (``~`` shows the last name only); an identifier it cannot
  resolve stays as code, without the role.
* ``AUL^PU``, ``n^P``, ``γ^PU``, ``n̂^P``, ``10^-0.5``, ``AUC^{est}``, ``[−3, 3]^(d+1)`` outside code and equations
  become AUL<sup>PU</sup>, …, [−3, 3]<sup>d+1</sup>.
* Equations, written ``$…$`` and ``$$…$$`` in the pages (marked by pymdownx.arithmatex), are typeset by KaTeX
  at build time (``docs/katex_render.cjs``, one node process per page; KaTeX from ``npm ci --prefix docs``,
  pinned in ``docs/package-lock.json``); its stylesheet and fonts are served from ``assets/katex/``, so the
  site needs no network. An equation KaTeX cannot parse fails the build, naming it.
* Every ``results/figures/*.png`` (and ``results/bench/figures/*.png``) is served as ``figures/<name>.png``, so
  the pages can show what they discuss.

A role, a ``^`` or a ``$`` left in a page's text after this is a warning, which ``mkdocs build --strict``
(as CI runs it) turns into a failure.
"""

from __future__ import annotations

import html as html_entities
import json
import logging
import re
import shutil
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks.pueval")

ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|data|attr|exc|obj):<code>(~?)([^<]+?)</code>")
LEFT_ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc|obj):`?")
SUPERSCRIPT = re.compile(r"(?<=[\w)\]\u0300-\u036f])\^(\{[^}<]*\}|\([^)<]*\)|[−-]?[A-Za-z0-9]+(?:\.[0-9]+)?)")
MATH = re.compile(r'<(span|div) class="arithmatex">\\[(\[](.*?)\\[)\]]</\1>', flags=re.DOTALL)
# code, equations (typeset afterwards) and tags: left alone by the superscripts
VERBATIM = re.compile(r'(<(pre|code|script|style)\b.*?</\2>|<(?:span|div) class="arithmatex">.*?</(?:span|div)>|<[^>]+>)',
                      flags=re.DOTALL)
ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "results" / "figures"
BENCH_FIGURES = ROOT / "results" / "bench" / "figures"  # pueval bench's, served beside them (names bench_*)
KATEX = ROOT / "docs" / "node_modules" / "katex" / "dist"
MAX_EQUATION = 10_000
"""The longest equation (TeX characters) the build typesets; the docs' longest is a few hundred."""
KATEX_SECONDS = 120
"""How long one page's equations may take in KaTeX."""
KATEX_RENDER = ROOT / "docs" / "katex_render.cjs"


def _reference(match: re.Match) -> str:
    short, target = match.group(1) == "~", match.group(2).strip().removesuffix("()")
    shown = target.rsplit(".", 1)[-1] if short else target
    return f'<autoref identifier="{target}" optional><code>{shown}</code></autoref>'


def _typeset(text: str) -> str:
    def raised(match: re.Match) -> str:
        power = match.group(1)
        return f"<sup>{power[1:-1] if power[0] in '{(' else power}</sup>"  # ^{est}, ^(d+1): their inside

    return SUPERSCRIPT.sub(raised, text)


def _katex_installed() -> None:
    if not KATEX.is_dir() or shutil.which("node") is None:
        raise PluginError("KaTeX typesets the equations at build time and needs Node.js with KaTeX installed: "
                          "run `npm ci --prefix docs` (Node.js >= 12)")


def _typeset_math(html: str, page) -> str:
    """Each equation of the page as KaTeX's HTML (display equations in a ``div.math``)."""
    found = list(MATH.finditer(html))
    if not found:
        return html
    _katex_installed()
    tex = [[html_entities.unescape(m.group(2)), m.group(1) == "div"] for m in found]
    long = next((t for t, _ in tex if len(t) > MAX_EQUATION), None)
    if long is not None:
        raise PluginError(f"{page.file.src_path}: an equation of {len(long):,} characters (more than "
                          f"{MAX_EQUATION:,}): {long[:80]}…")
    try:
        run = subprocess.run(["node", str(KATEX_RENDER)], input=json.dumps(tex), capture_output=True, text=True,
                             check=False, timeout=KATEX_SECONDS)
    except subprocess.TimeoutExpired:
        raise PluginError(f"{page.file.src_path}: KaTeX took more than {KATEX_SECONDS} s on the page's "
                          f"{len(tex)} equations") from None
    said = run.stderr.strip()[:2000] or f"node exited with code {run.returncode} and printed nothing"
    if run.returncode:
        raise PluginError(f"{page.file.src_path}: KaTeX could not typeset an equation: {said}")
    try:
        rendered = json.loads(run.stdout)
    except ValueError:
        raise PluginError(f"{page.file.src_path}: KaTeX's output was not JSON ({said})") from None
    if not isinstance(rendered, list) or len(rendered) != len(tex):
        raise PluginError(f"{page.file.src_path}: KaTeX gave {len(rendered)} results for {len(tex)} equations")
    rendered = iter(rendered)
    return MATH.sub(lambda m: f'<div class="math">{next(rendered)}</div>' if m.group(1) == "div"
                    else next(rendered), html)


def on_page_content(html: str, page, config, files) -> str:
    html = ROLE.sub(_reference, html)
    parts = VERBATIM.split(html)
    out = []
    for i, part in enumerate(parts):
        if i % 3 == 0:  # text between tags, code and equations
            part = _typeset(part)
            if LEFT_ROLE.search(part) or "^" in part or "$" in part:
                log.warning("%s: a raw role, ^ or $ left in %r", page.file.src_path, part.strip()[:80])
        elif i % 3 == 2:
            continue  # the tag name captured by the inner group
        out.append(part)
    return _typeset_math("".join(out), page)


def on_files(files, config):
    served = [(f"figures/{figure.name}", figure)
              for figure in sorted([*FIGURES.glob("*.png"), *BENCH_FIGURES.glob("*.png")])]
    _katex_installed()
    served += [(f"assets/katex/{asset.relative_to(KATEX).as_posix()}", asset)
               for asset in [KATEX / "katex.min.css", *sorted((KATEX / "fonts").iterdir())]]
    for uri, path in served:
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files

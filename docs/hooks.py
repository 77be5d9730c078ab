"""MkDocs hooks (mkdocs.yml ``hooks:``): the docstrings' Sphinx roles as links, superscripts typeset, and the
pipeline's figures served from results/figures without a copy in git.

* ``:func:`pueval.metrics.auc``` (rendered by mkdocstrings as ``:func:<code>…</code>``) becomes a
  cross-reference that mkdocs-autorefs resolves (``~`` shows the last name only); an identifier it cannot
  resolve stays as code, without the role.
* ``AUL^PU``, ``n^P``, ``AUC^{est}`` outside code become AUL<sup>PU</sup>, ….
* Every ``results/figures/*.png`` is served as ``figures/<name>.png``, so the pages can show what they discuss.

A role or a caret-superscript left in a page's text after this is a warning, which ``mkdocs build --strict``
(as CI runs it) turns into a failure.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks.pueval")

ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|data|attr|exc|obj):<code>(~?)([^<]+?)</code>")
LEFT_ROLE = re.compile(r":(?:func|class|mod|meth|data|attr|exc|obj):`?")
SUPERSCRIPT = re.compile(r"(?<=[A-Za-z0-9)])\^(\{[^}<]*\}|[A-Za-z0-9]+)")
VERBATIM = re.compile(r"(<(pre|code|script|style)\b.*?</\2>|<[^>]+>)", flags=re.DOTALL)  # code, and tags
FIGURES = Path("results/figures")


def _reference(match: re.Match) -> str:
    short, target = match.group(1) == "~", match.group(2).strip().removesuffix("()")
    shown = target.rsplit(".", 1)[-1] if short else target
    return f'<autoref identifier="{target}" optional><code>{shown}</code></autoref>'


def _typeset(text: str) -> str:
    return SUPERSCRIPT.sub(lambda m: f"<sup>{m.group(1).strip('{}')}</sup>", text)


def on_page_content(html: str, page, config, files) -> str:
    html = ROLE.sub(_reference, html)
    parts = VERBATIM.split(html)
    out = []
    for i, part in enumerate(parts):
        if i % 3 == 0:  # text between tags and code
            part = _typeset(part)
            if LEFT_ROLE.search(part) or SUPERSCRIPT.search(part):
                log.warning("%s: a raw role or ^ left in %r", page.file.src_path, part.strip()[:80])
        elif i % 3 == 2:
            continue  # the tag name captured by the inner group
        out.append(part)
    return "".join(out)


def on_files(files, config):
    root = Path(config["config_file_path"]).parent
    for figure in sorted((root / FIGURES).glob("*.png")):
        files.append(File(f"figures/{figure.name}", src_dir=str(figure.parent.parent), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files

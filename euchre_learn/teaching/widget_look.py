"""The look the teaching and table widgets share: the feedback line (:func:`status_html`), the
trick a question is about (:func:`trick_view`), the one ``<style>`` block (:data:`STYLE`,
:func:`style_view`), buttons as wide as their text (:func:`auto_width`), the keyboard focus
(:func:`focus_when_shown`), the learner-store warnings (:func:`warnings_html`), lines as paragraphs
(:func:`paragraphs`), the red of cards and errors (:data:`RED`) and the kernel's event loop a
widget's timers run on (:func:`running_loop`). Plain HTML
strings and layouts: the widgets themselves are :mod:`euchre_learn.teaching.widgets` and the
views that use them.

>>> '✓' in status_html('Correct!', 'right')
True
"""

from __future__ import annotations

import asyncio
import functools
import html
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn import display as _render
from euchre_learn.teaching.glossary import term_link, terms_in
from euchre_learn.teaching.quiz.question import Question
from euchre_learn.teaching.quiz.topics import rule_link

__all__ = [
    "LINK_STYLE",
    "RED",
    "STYLE",
    "auto_width",
    "doc_link",
    "doc_links",
    "focus_when_shown",
    "lab_path",
    "paragraphs",
    "running_loop",
    "status_html",
    "style_view",
    "trick_view",
    "warnings_html",
]

_STATUS_STYLE = {
    "right": "border-left:4px solid #1a7f37;padding:4px 8px;margin:4px 0",
    "wrong": "border-left:4px solid #b35900;padding:4px 8px;margin:4px 0",
    "hint": "border-left:4px solid #6e7781;padding:4px 8px;margin:4px 0",
    "": "min-height:1em",
}


RED = "#cc3311"
"""The cards' red (``--el-red`` in ``display/cards.css``), also the colour of an error in a widget."""

LINK_STYLE = "color:var(--jp-content-link-color,#0b61a4);text-decoration:underline"
"""A link in a widget's HTML looks like a link (JupyterLab styles no ``<a>`` inside a widget)."""

_HANDLE_LINK = "rendermime:handle-local-link"
"""JupyterLab's command that opens a file of the server, rendered (the Markdown viewer for .md),
at a fragment: what a relative link in a lesson's markdown runs when clicked."""

LITE_DRIVE = Path("/drive")
"""Where JupyterLite's Python kernel sees the site's files (the notebook's folder is its cwd)."""


@functools.cache
def _server_roots() -> tuple[Path, ...]:
    """The folders the Jupyter servers of this machine serve (their runtime files), and
    JupyterLite's drive."""
    roots = []
    try:
        from jupyter_core.paths import jupyter_runtime_dir
    except ImportError:  # pragma: no cover - ipykernel brings jupyter_core
        return (LITE_DRIVE,)
    for info in Path(jupyter_runtime_dir()).glob("jpserver-*.json"):
        try:
            roots.append(Path(json.loads(info.read_text(encoding="utf-8"))["root_dir"]).resolve())
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return (*roots, LITE_DRIVE)


def lab_path(href: str) -> str | None:
    """The path JupyterLab knows the file of a relative link by (relative to the server's
    root), seen from the running notebook: ``'docs/rules.md'`` for ``'../docs/rules.md#R1.3'``
    from ``notebooks/``; ``None`` outside a Jupyter server's kernel (a script, nbclient, Voilà's
    own server) or when the file is outside every served folder.

    The kernel knows its notebook from ``JPY_SESSION_NAME`` (Jupyter Server sets it to the
    notebook's path); JupyterLite's kernel runs in the notebook's folder under ``/drive``.

    >>> lab_path('https://example.org/rules.md') is None
    True
    """
    target = href.split("#", 1)[0]
    if not target or "://" in target or target.startswith("/"):
        return None
    session = os.environ.get("JPY_SESSION_NAME", "")
    cwd = Path.cwd()
    if session and os.path.isabs(session):
        here = Path(session).parent
    elif cwd.is_relative_to(LITE_DRIVE):
        here = cwd
    else:
        return None
    file = (here / target).resolve()
    for root in sorted(_server_roots(), key=lambda r: len(r.parts), reverse=True):
        if file.is_relative_to(root) and file != root:
            return file.relative_to(root).as_posix()
    return None


def in_voila() -> bool:
    """Whether this kernel runs an app under Voilà: Voilà tells its kernels so in
    ``SERVER_SOFTWARE``, as CGI does, and a kernel it starts ahead of a request (preheated) by
    ``VOILA_PREHEAT``."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/") or "VOILA_PREHEAT" in os.environ


@functools.cache
def _passages(name: str) -> dict[str, str]:
    """The passages of ``docs/<name>`` by anchor (``<a id="R1.3"></a>`` up to the next blank line),
    as plain text: from the course files the package carries, or the checkout beside it."""
    package = Path(__file__).resolve().parents[1]
    for root in (package / "course_files", package.parent):
        page = root / "docs" / name
        if page.is_file():
            text = page.read_text(encoding="utf-8")
            break
    else:
        return {}
    found = {}
    for m in re.finditer(r'<a id="([^"]+)"></a>\s*(.*?)(?:\n\s*\n|\Z)', text, re.S):
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(2))  # a link's words, not its address
        plain = re.sub(r"<a id=\"[^\"]*\"></a>|[*`]", "", plain)
        found[m.group(1)] = " ".join(plain.split())
    return found


def doc_link(href: str, text: str) -> str:
    """A link to a page of the course (the rule book, the glossary) as lesson text links it:
    styled as a link; in JupyterLab (and JupyterLite) a click opens the page rendered, in the
    same JupyterLab, at the anchor (JupyterLab's link command, which a widget's HTML does not
    get by itself); on the course site ``href`` (rewritten to the site's page) opens in a new tab.
    A Voilà app serves no rule book: there :func:`doc_links` unfolds the passages in place.

    >>> print(doc_link('../docs/rules.md#R1.3', 'R1.3'))
    <a href="../docs/rules.md#R1.3" target="_blank" rel="noopener" class="el-link" style="...">R1.3</a>
    """
    path = lab_path(href)
    command = ""
    if path is not None:
        fragment = "#" + href.split("#", 1)[1] if "#" in href else ""
        args = json.dumps({"path": path, "id": fragment} if fragment else {"path": path})
        command = f' data-commandlinker-command="{_HANDLE_LINK}" data-commandlinker-args="{html.escape(args)}"'
    return (
        f'<a href="{html.escape(href)}" target="_blank" rel="noopener" class="el-link" '
        f'style="{LINK_STYLE}"{command}>{html.escape(text)}</a>'
    )


def doc_links(label: str, links: Sequence[tuple[str, str]], css_class: str) -> str:
    """``label`` and the links (``(href, text)`` pairs), comma-separated, in a span of
    ``css_class``: "Why? R1.2, R1.3". A Voilà app serves no rule book, so there the same line is
    a ``<details>`` whose summary it is, and the passages of docs/rules.md or docs/glossary.md
    that the links name unfold under it, one paragraph each.

    >>> doc_links('Why?', [('../docs/rules.md#R1.3', 'R1.3')], 'el-why').startswith('<span class="el-why">Why? <a ')
    True
    """
    if not links:
        return ""
    if in_voila():
        said = []
        for href, _ in links:
            page, _, anchor = href.partition("#")
            passage = _passages(page.rsplit("/", 1)[-1]).get(anchor, "")
            if passage:
                said.append(f'<p style="margin:2px 0">{html.escape(passage)}</p>')
        if said:
            names = ", ".join(html.escape(text) for _, text in links)
            return (
                f'<details class="{css_class} el-passages"><summary style="cursor:pointer">{html.escape(label)} '
                f'<span class="el-link" style="{LINK_STYLE}">{names}</span></summary>{"".join(said)}</details>'
            )
    return f'<span class="{css_class}">{html.escape(label)} ' + ", ".join(doc_link(h, t) for h, t in links) + "</span>"


def status_html(message: str = "", kind: str = "", rules: Sequence[str] = (), *, yours: str = "") -> str:
    """The feedback region: a live region screen readers announce, with a ✓ or ✗ in text
    (colour is never the only cue), a "why?" link to each rule, a link into the glossary for
    each Euchre word the message uses, and ``yours``, the learner's answer, when given.

    >>> print(status_html('Correct!', 'right', ['R1.3']))
    <div role="status" aria-live="polite" class="el-feedback el-right" style="..."><strong><span aria-hidden="true">✓</span></strong> Correct! <span class="el-why">Why? <a href="../docs/rules.md#R1.3" target="_blank" rel="noopener" class="el-link" style="...">R1.3</a></span></div>
    >>> 'Your answer: <b>3</b>' in status_html('Correct!', 'right', yours='3')
    True
    >>> 'href="../docs/glossary.md#left-bower"' in status_html('Not quite: the J♦ is the left bower.', 'wrong')
    True
    """
    head = {
        "right": '<strong><span aria-hidden="true">✓</span></strong> ',
        "wrong": '<strong><span aria-hidden="true">✗</span></strong> ',
    }.get(kind, "")
    text = html.escape(message)
    links = ""
    if rules:
        links = " " + doc_links("Why?", [(rule_link(r), r) for r in rules], "el-why")
    answer = f' <span class="el-yours">(Your answer: <b>{html.escape(yours)}</b>.)</span>' if yours else ""
    words = terms_in(message) if kind in ("right", "wrong") else ()
    if words:
        links += " " + doc_links("Words:", [(term_link(t), t) for t in words], "el-words")
    return (
        f'<div role="status" aria-live="polite" class="el-feedback el-{kind or "empty"}" '
        f'style="{_STATUS_STYLE[kind]}">{head}{text}{answer}{links}</div>'
    )


def trick_view(question: Question) -> str:
    """The trick a question is about, drawn as cards under the seats that played them (no
    winner marked: that may be the question), when its cards are a trick of the question's
    own hand record; else ``''``.

    >>> from euchre_learn import quiz
    >>> 'played by' in trick_view(quiz.generate('trick-winner', seed=2))
    True
    >>> trick_view(quiz.generate('left-bower', seed=2))
    ''
    """
    if question.record is None or not question.cards:
        return ""
    from euchre_learn.display import trick_html
    from euchre_learn.engine.hand import Trick
    from euchre_learn.engine.records import replay

    try:
        hand = replay(dict(question.record))
    except ValueError:
        return ""
    for t in (*hand.tricks, hand.current_trick):
        if t is not None and tuple(t.cards) == tuple(question.cards):
            return trick_html(Trick(t.leader, t.cards, t.seats, None), rules=hand.rules, style=False)
    return ""


_SCOPES = (".el-quiz", ".el-practice", ".el-tableview", ".el-stepper", ".el-setup")
"""The classes this package's widget containers carry; the CSS below touches nothing else."""


def _scoped(selector: str) -> str:
    return ",".join(f"{scope} {selector}" for scope in _SCOPES)


# The focus ring: 3 px of #0b61a4 (6.4:1 on white), a light blue (#8cc8ff, 10:1 on #111) on the dark theme
# (body[data-jp-theme-light="false"]); it beats ipywidgets' own 1 px focus outline.
# Button text may wrap (no "…"): ipywidgets cuts a button's text at its width by default.
_RULES = {
    # room for the ring: ipywidgets boxes hide what overflows them (overflow:auto), which would
    # cut the ring of a button at a box's edge
    ",".join(_SCOPES): "padding:5px;box-sizing:border-box",
    ".el-practice .el-quiz": "padding:0",
    ",".join([*_SCOPES, _scoped(".widget-box")]): "overflow:visible",
    _scoped(":is(button,select,input,a,[tabindex]):focus-visible"): (
        "outline:3px solid #0b61a4!important;outline-offset:2px!important"
    ),
    ",".join(f'[data-jp-theme-light="false"] {scope} :focus-visible' for scope in _SCOPES): (
        "outline-color:#8cc8ff!important"
    ),
    _scoped(".jupyter-button.el-wrap"): (
        "white-space:normal;overflow:visible;text-overflow:clip;height:auto;"
        "min-height:var(--jp-widgets-inline-height,28px);line-height:1.3;padding-top:4px;padding-bottom:4px;"
        "text-align:left;max-width:100%"
    ),
    # a chosen choice: white bold text on dark blue (6.4:1), still plain once answered (disabled)
    ".el-quiz .jupyter-button.el-chosen": (
        "background-color:#0b61a4;color:#fff;font-weight:700;box-shadow:inset 0 0 0 2px #06375e"
    ),
    ".el-quiz .jupyter-button.el-chosen:disabled": "opacity:.8",
    # the right answer, revealed once answered ("✓ …"): not greyed like the other locked choices
    ".el-quiz .jupyter-button.el-answer:disabled": "opacity:1;font-weight:700;box-shadow:inset 0 0 0 2px #1a7f37",
    # an answered number box is disabled: keep its value dark, not greyed like a placeholder
    ".el-quiz .widget-text input:disabled": "color:var(--jp-widgets-input-color,inherit);opacity:1;font-weight:700",
}
_CSS = "".join(f"{selectors}{{{declarations}}}" for selectors, declarations in _RULES.items())
STYLE = "<style>" + _CSS + _render.css().removeprefix("<style>").removesuffix("</style>") + "</style>"
"""The one ``<style>`` block of the quiz, practice, table and stepper widgets (focus ring,
wrapping button text, a readable answered number, and the cards' own CSS for the cards a
question shows), put in once per widget by :func:`style_view`."""


def paragraphs(text: str) -> str:
    """Each line of ``text`` as a paragraph of HTML, escaped, with the table's and the stepper's tight margins.

    >>> paragraphs('South passes.\\n\\nWest <leads>.')
    "<p style='margin:0.2em 0'>South passes.</p><p style='margin:0.2em 0'>West &lt;leads&gt;.</p>"
    """
    return "".join(f"<p style='margin:0.2em 0'>{html.escape(p)}</p>" for p in text.split("\n") if p)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this code (a kernel's, where a widget's timers go), or ``None`` outside one.

    >>> running_loop() is None          # a plain call, no loop running
    True
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def style_view() -> W.HTML:
    """An invisible HTML widget that carries :data:`STYLE` into the page.

    >>> style_view().value.startswith('<style>')
    True
    """
    return W.HTML(STYLE, layout=W.Layout(display="none"))


def auto_width(min_width: str = "6em") -> W.Layout:
    """A button layout as wide as its text (never cut off with "…"), at least ``min_width``,
    neither stretched across a column nor squeezed in a row."""
    return W.Layout(width="auto", min_width=min_width, flex="0 0 auto", align_self="flex-start")


def focus_when_shown(widget: Any) -> None:
    """Give ``widget`` the keyboard focus as soon as its view is on the page.

    A focus message sent before the front end has drawn the view is lost, so this waits for
    the front end to count the view: it does that in ``_view_count`` when that is a number.
    """
    if widget._view_count:
        widget.focus()
        return

    def shown(change: dict[str, Any]) -> None:
        if change["new"]:
            widget.unobserve(shown, names="_view_count")
            widget.focus()

    widget.observe(shown, names="_view_count")
    widget._view_count = 0


def warnings_html(warnings: Sequence[str]) -> str:
    """The learner-store warnings a practice widget shows above its question (empty: none).

    >>> warnings_html([]), 'role="alert"' in warnings_html(['kept in memory'])
    ('', True)
    """
    if not warnings:
        return ""
    return (
        '<div role="alert" class="el-warning" style="border-left:4px solid #b35900;padding:4px 8px">⚠ '
        + " ".join(html.escape(w) for w in warnings)
        + "</div>"
    )

"""The look the teaching and table widgets share: the feedback line (:func:`status_html`), the
trick a question is about (:func:`trick_view`), the one ``<style>`` block (:data:`STYLE`,
:func:`style_view`), buttons as wide as their text (:func:`auto_width`), the keyboard focus
(:func:`focus_when_shown`) and the learner-store warnings (:func:`warnings_html`). Plain HTML
strings and layouts: the widgets themselves are :mod:`euchre_learn.teaching.widgets` and the
views that use them.

>>> '✓' in status_html('Correct!', 'right')
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn import display as _render
from euchre_learn.teaching.glossary import term_link, terms_in
from euchre_learn.teaching.quiz.question import Question
from euchre_learn.teaching.quiz.topics import rule_link

__all__ = [
    "STYLE",
    "auto_width",
    "focus_when_shown",
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


def status_html(message: str = "", kind: str = "", rules: Sequence[str] = (), *, yours: str = "") -> str:
    """The feedback region: a live region screen readers announce, with a ✓ or ✗ in text
    (colour is never the only cue), a "why?" link to each rule, a link into the glossary for
    each Euchre word the message uses, and ``yours``, the learner's answer, when given.

    >>> print(status_html('Correct!', 'right', ['R1.3']))
    <div role="status" aria-live="polite" class="el-feedback el-right" style="..."><strong><span aria-hidden="true">✓</span></strong> Correct! <span class="el-why">Why? <a href="../docs/rules.md#R1.3" target="_blank" rel="noopener">R1.3</a></span></div>
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
        links = (
            ' <span class="el-why">Why? '
            + ", ".join(
                f'<a href="{html.escape(rule_link(r))}" target="_blank" rel="noopener">{html.escape(r)}</a>'
                for r in rules
            )
            + "</span>"
        )
    answer = f' <span class="el-yours">(Your answer: <b>{html.escape(yours)}</b>.)</span>' if yours else ""
    words = terms_in(message) if kind in ("right", "wrong") else ()
    if words:
        links += (
            ' <span class="el-words">Words: '
            + ", ".join(
                f'<a href="{html.escape(term_link(t))}" target="_blank" rel="noopener">{html.escape(t)}</a>'
                for t in words
            )
            + "</span>"
        )
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
    # an answered number box is disabled: keep its value dark, not greyed like a placeholder
    ".el-quiz .widget-text input:disabled": "color:var(--jp-widgets-input-color,inherit);opacity:1;font-weight:700",
}
_CSS = "".join(f"{selectors}{{{declarations}}}" for selectors, declarations in _RULES.items())
STYLE = "<style>" + _CSS + _render.css().removeprefix("<style>").removesuffix("</style>") + "</style>"
"""The one ``<style>`` block of the quiz, practice, table and stepper widgets (focus ring,
wrapping button text, a readable answered number, and the cards' own CSS for the cards a
question shows), put in once per widget by :func:`style_view`."""


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

"""Quiz widgets: thin ipywidgets views over :mod:`euchre_learn.teaching.quiz` (grading lives there).

In a notebook::

    from euchre_learn import widgets
    widgets.quiz('left-bower', seed=3)        # one question, with a Check button
    widgets.practice()                        # endless practice, all topics mixed
    widgets.practice('legal-plays')           # or one topic

Every choice is a real button (a card as text with its name as tooltip, or the answer's
words), so everything works from the keyboard, in JupyterLab and Voilà alike: Tab to a
choice, Space or Enter to choose it (a chosen one turns dark blue and reads "✓ J♦"), Tab to
Check, Enter. After "Next question" the focus moves to the new question's first choice. The
feedback goes to a live region (``role="status" aria-live="polite"``) that screen readers
announce. A second click on Check, or a click after answering, changes nothing. (No radio
buttons: in JupyterLab the arrow keys move the notebook's cell selection, not the choice.)

Each widget keeps its model in plain attributes, so tests drive it without a browser:

>>> from euchre_learn import quiz
>>> w = quiz_widget(quiz.generate('left-bower', seed=3))
>>> w.choose(w.question.answer); w.check_button.click()
>>> w.feedback.correct, 'role="status"' in w.feedback_area.value
(True, True)
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.engine.cards import Card
from euchre_learn.engine.rules import Rules
from euchre_learn import display as _render
from euchre_learn.teaching.glossary import term_link, terms_in
from euchre_learn.teaching.quiz import TOPICS, Practice, Question, QuizError, generate, rule_link, topic
from euchre_learn.teaching.quiz.question import Feedback

__all__ = [
    "NumberQuiz",
    "OrderQuiz",
    "PracticeWidget",
    "QuizWidget",
    "SelectAllQuiz",
    "SingleChoiceQuiz",
    "practice",
    "quiz",
    "quiz_widget",
]

Grader = Callable[[object], Feedback]

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
    from euchre_learn.engine.hand import Trick
    from euchre_learn.engine.records import replay
    from euchre_learn.display import trick_html

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


def _focus_when_shown(widget: Any) -> None:
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


def _card_name(label: str) -> str:
    try:
        return Card.parse(label).name
    except ValueError:
        return label


class QuizWidget(W.VBox):  # type: ignore[misc]
    """One question with a Check button and a feedback region. Subclasses build the answer
    controls for each kind of question; :func:`quiz_widget` picks the right one.

    ``grade`` grades a response (default: ``question.check``; the practice widget passes
    :meth:`Practice.answer`, which also counts it); ``on_answer`` is called once with the
    feedback. ``focus``: give the first choice the keyboard focus when the widget appears
    (the practice widget does, after "Next question").
    """

    question: Question
    feedback: Feedback | None

    def __init__(
        self,
        question: Question,
        *,
        grade: Grader | None = None,
        on_answer: Callable[[Feedback], None] | None = None,
        focus: bool = False,
    ) -> None:
        self.question = question
        self.feedback = None
        self._grade: Grader = grade or question.check
        self._on_answer = on_answer
        self.prompt = W.HTML(f'<p class="el-prompt" style="margin:4px 0">{html.escape(question.prompt)}</p>')
        parts: list[W.Widget] = [style_view(), self.prompt]
        trick = trick_view(question)
        if trick:
            parts.append(W.HTML(trick))
        elif question.cards and tuple(question.cards) != question.choice_cards:
            parts.append(W.HTML(_render.holding_html(question.cards, style=False)))
        self.controls = self._build()
        self.check_button = W.Button(
            description="Check",
            button_style="primary",
            tooltip="Check your answer",
            icon="check",
            layout=auto_width("8em"),
        )
        self.check_button.on_click(self._on_check)
        self.feedback_area = W.HTML(status_html())
        super().__init__([*parts, self.controls, self.check_button, self.feedback_area])
        self.add_class("el-quiz")
        if focus:
            _focus_when_shown(self.first_control)

    # --- for subclasses --------------------------------------------------------------------
    def _build(self) -> W.Widget:  # pragma: no cover - abstract
        raise NotImplementedError

    def response(self) -> object | None:  # pragma: no cover - abstract
        """The learner's answer as the controls show it, or ``None`` if not complete."""
        raise NotImplementedError

    @property
    def first_control(self) -> W.DOMWidget:
        """The control a keyboard user starts from: the first choice (or the number box)."""
        return next(c for c in _walk(self.controls) if hasattr(c, "disabled"))

    def _lock(self) -> None:
        """Disable the answer controls (after answering)."""
        for child in _walk(self.controls):
            if hasattr(child, "disabled"):
                child.disabled = True

    def _given_words(self, given: object) -> str:
        """The learner's answer in words, when the locked controls do not show it plainly."""
        return ""

    _incomplete = "Choose an answer first, then press Check."

    # --- checking --------------------------------------------------------------------------
    @property
    def answered(self) -> bool:
        return self.feedback is not None

    def check(self) -> Feedback | None:
        """Grade what the controls show (as pressing Check does); ``None`` if nothing is chosen."""
        self._on_check(self.check_button)
        return self.feedback

    def _on_check(self, _button: Any = None) -> None:
        if self.feedback is not None:  # answered already: a second click changes nothing
            return
        given = self.response()
        if given is None:
            self.feedback_area.value = status_html(self._incomplete, "hint")
            return
        try:
            fb = self._grade(given)
        except QuizError as err:
            self.feedback_area.value = status_html(str(err), "hint")
            return
        self.feedback = fb
        self._lock()
        self.check_button.disabled = True
        self.feedback_area.value = status_html(
            fb.message, "right" if fb.correct else "wrong", self.question.rules, yours=self._given_words(given)
        )
        if self._on_answer is not None:
            self._on_answer(fb)


def _walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out.extend(_walk(child))
    return out


class _ChoiceButtons(QuizWidget):
    """Choices as toggle buttons: a row of cards, or a column of texts. Each button is a Tab
    stop that Space or Enter presses, in JupyterLab (where the arrow keys belong to the
    notebook) as in Voilà. A chosen button turns dark blue and its text gains a ✓ (which a
    screen reader reads too); ``toggles`` maps each choice to its button."""

    single = False

    def _build(self) -> W.Widget:
        q = self.question
        cards = q.choice_cards is not None
        self.toggles: dict[str, W.ToggleButton] = {}
        for c in q.choices:
            if cards:
                tip = _card_name(c) if self.single else f"{_card_name(c)} (select or unselect)"
            else:
                tip = "" if self.single else "select or unselect"
            b = W.ToggleButton(value=False, description=c, tooltip=tip, layout=auto_width("3.5em" if cards else "6em"))
            b.add_class("el-choice")
            if not cards:
                b.add_class("el-wrap")  # long answers wrap instead of being cut off
            b.observe(lambda change, c=c: self._toggled(c, bool(change["new"])), names="value")
            self.toggles[c] = b
        self._confirm_none = False
        buttons = list(self.toggles.values())
        if cards:
            return W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))
        return W.VBox(buttons, layout=W.Layout(align_items="flex-start"))

    def _toggled(self, label: str, on: bool) -> None:
        b = self.toggles[label]
        b.description = f"✓ {label}" if on else label
        if on:
            b.add_class("el-chosen")
        else:
            b.remove_class("el-chosen")
        if on and self.single:
            for other, t in self.toggles.items():
                if other != label and t.value:
                    t.value = False  # one choice at a time
        self._confirm_none = False

    @property
    def selected(self) -> tuple[str, ...]:
        """The chosen choices, in the question's order."""
        return tuple(c for c, t in self.toggles.items() if t.value)


class SingleChoiceQuiz(_ChoiceButtons):
    """One choice: a toggle button per choice (a card, or a text); pressing one releases the others."""

    single = True

    def choose(self, label: str) -> None:
        """Select a choice, as a click would."""
        self.toggles[label].value = True

    def response(self) -> object | None:
        chosen = self.selected
        return chosen[0] if chosen else None


class SelectAllQuiz(_ChoiceButtons):
    """Select all that apply: a toggle button per choice (a card, or a text)."""

    _incomplete = "Select the choices that apply, then press Check."

    def choose(self, *labels: str) -> None:
        """Select exactly these choices (unselect the others), as clicks would."""
        for c, t in self.toggles.items():
            t.value = c in labels

    def response(self) -> object | None:
        chosen = self.selected
        if not chosen and not self._confirm_none:
            # nothing selected: ask once, and a second Check answers "none of them"
            self._confirm_none = True
            self._incomplete = (
                "Nothing is selected. Select the choices that apply, or press Check again to answer 'none of them'."
            )
            return None
        return chosen


class OrderQuiz(QuizWidget):
    """Put in order: click the choices in order (strongest first); Undo and Start over."""

    _incomplete = "Place every choice, in order, then press Check."

    def _build(self) -> W.Widget:
        q = self.question
        self.order: list[str] = []
        self.buttons: dict[str, W.Button] = {}
        cards = q.choice_cards is not None
        for c in q.choices:
            b = W.Button(description=c, tooltip=f"{_card_name(c)}: place next", layout=auto_width("3.5em"))
            b.add_class("el-choice")
            if not cards:
                b.add_class("el-wrap")  # long steps wrap instead of being cut off
            b.on_click(lambda _b, c=c: self.place(c))
            self.buttons[c] = b
        self.undo_button = W.Button(
            description="Undo", icon="undo", tooltip="Take back the last placed choice", layout=auto_width()
        )
        self.undo_button.on_click(lambda _b: self.undo())
        self.clear_button = W.Button(
            description="Start over", tooltip="Take back every placed choice", layout=auto_width()
        )
        self.clear_button.on_click(lambda _b: self.clear())
        self.order_view = W.HTML(self._order_html())
        layout = W.Layout(flex_flow="row wrap")
        return W.VBox(
            [
                W.HBox(list(self.buttons.values()), layout=layout),
                self.order_view,
                W.HBox([self.undo_button, self.clear_button]),
            ]
        )

    def _order_html(self) -> str:
        if not self.order:
            return '<p class="el-order">Your order: (click the choices in order, first one first)</p>'
        items = "".join(f"<li>{html.escape(c)}</li>" for c in self.order)
        return f'<div class="el-order">Your order:<ol>{items}</ol></div>'

    def _refresh(self) -> None:
        for c, b in self.buttons.items():
            b.disabled = self.answered or c in self.order
        self.order_view.value = self._order_html()

    def place(self, label: str) -> None:
        """Put ``label`` next in the order (ignored once answered, or if already placed)."""
        if self.answered or label in self.order or label not in self.buttons:
            return
        self.order.append(label)
        self._refresh()

    def choose(self, *labels: str) -> None:
        """Place these choices in this order, from scratch."""
        self.clear()
        for c in labels:
            self.place(c)

    def undo(self) -> None:
        if not self.answered and self.order:
            self.order.pop()
            self._refresh()

    def clear(self) -> None:
        if not self.answered:
            self.order.clear()
            self._refresh()

    def response(self) -> object | None:
        return tuple(self.order) if len(self.order) == len(self.question.choices) else None

    def _lock(self) -> None:
        super()._lock()
        self._refresh()


class NumberQuiz(QuizWidget):
    """A whole number, typed in a text box."""

    _incomplete = "Type a whole number, then press Check."

    def _build(self) -> W.Widget:
        self.entry = W.Text(value="", placeholder="a number", description="Answer:", continuous_update=True)
        return self.entry

    def choose(self, value: int | str) -> None:
        self.entry.value = str(value)

    def _given_words(self, given: object) -> str:
        # a disabled box greys its value out like a placeholder: say the answer in the feedback
        return str(given).strip()

    def response(self) -> object | None:
        text = self.entry.value.strip()
        return text or None


_KINDS: dict[str, type[QuizWidget]] = {
    "single": SingleChoiceQuiz,
    "select-all": SelectAllQuiz,
    "order": OrderQuiz,
    "number": NumberQuiz,
}


def quiz_widget(
    question: Question,
    *,
    grade: Grader | None = None,
    on_answer: Callable[[Feedback], None] | None = None,
    focus: bool = False,
) -> QuizWidget:
    """The widget for ``question``'s kind (``focus``: give its first choice the keyboard focus
    when it appears).

    >>> from euchre_learn import quiz
    >>> type(quiz_widget(quiz.generate('scoring', seed=1))).__name__
    'NumberQuiz'
    """
    return _KINDS[question.kind](question, grade=grade, on_answer=on_answer, focus=focus)


def quiz(
    topic_or_question: str | Question, seed: int | None = None, *, rules: Rules | str | dict[str, Any] | None = None
) -> QuizWidget:
    """A widget for one question: a :class:`Question`, or a new one on a topic.

    >>> quiz('trick-winner', seed=2).question.topic
    'trick-winner'
    """
    q = topic_or_question if isinstance(topic_or_question, Question) else generate(topic_or_question, seed, rules=rules)
    return quiz_widget(q)


MIXED = "(mixed)"


class PracticeWidget(W.VBox):  # type: ignore[misc]
    """Endless practice: a topic menu (one topic or all mixed), the question, Next, the score
    and streak, a "why?" link to each rule practised, and any warning about the progress file.
    The counting is :class:`~euchre_learn.teaching.quiz.Practice`'s; this only shows it.
    """

    def __init__(
        self,
        topics: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        rules: Rules | str | dict[str, Any] | None = None,
        progress: Any = None,
        bank: Any = None,
    ) -> None:
        self.practice = Practice(topics, seed=seed, rules=rules, progress=progress, bank=bank)
        self._all = self.practice.topics
        options = [(self._topic_words(t)[0], t) for t in self._all]
        if len(self._all) > 1:
            every = set(self._all) == set(TOPICS) or self.practice.bank is not None
            mixed = "Mixed: all topics" if every else f"Mixed: these {len(self._all)} topics"
            options.insert(0, (mixed, MIXED))
        self.topic_menu = W.Dropdown(
            options=options, value=options[0][1], description="Topic:", layout=W.Layout(width="max-content")
        )
        self.topic_menu.observe(self._on_topic, names="value")
        self.score_view = W.HTML()
        self.warning_view = W.HTML()
        self.next_button = W.Button(
            description="Next question", icon="arrow-right", tooltip="A new question", layout=auto_width("10em")
        )
        self.next_button.on_click(lambda _b: self.next(focus=True))
        self.rules_view = W.HTML()
        self.holder = W.VBox()
        self.current: QuizWidget = self._show(self.practice.question)
        super().__init__(
            [
                self.warning_view,
                W.HBox([self.topic_menu, self.score_view], layout=W.Layout(flex_flow="row wrap")),
                self.holder,
                W.HBox([self.next_button, self.rules_view]),
            ]
        )
        self.add_class("el-practice")
        self._refresh()

    def _topic_words(self, name: str) -> tuple[str, str]:
        """A topic's title and description (a teacher's bank may use topics of its own)."""
        if name in TOPICS:
            t = topic(name)
            return t.title, t.description
        titles = [q.title for q in self.practice.bank or () if q.topic == name and q.title]
        return (titles[0] if titles else name), ""

    def _show(self, q: Question, focus: bool = False) -> QuizWidget:
        w = quiz_widget(q, grade=self.practice.answer, on_answer=lambda _fb: self._refresh(), focus=focus)
        self.holder.children = [w]
        self.current = w
        return w

    def _on_topic(self, change: dict[str, Any]) -> None:
        value = change["new"]
        self.practice.topics = self._all if value == MIXED else (value,)
        self.next()

    def next(self, focus: bool = False) -> QuizWidget:
        """Show a new question. ``focus`` (as "Next question" does) moves the keyboard focus to
        its first choice, so a keyboard user goes on from there; a new topic from the menu
        leaves the focus on the menu."""
        self._show(self.practice.next(), focus=focus)
        self._refresh()
        return self.current

    def _refresh(self) -> None:
        p = self.practice
        name = p.question.topic
        line = f"Score {p.score} of {p.asked} · streak {p.streak} · best {p.best_streak}"
        if p.progress is not None:
            s = p.progress.stats(name)
            line += f" · this topic, all sessions: {s.correct} of {s.answered}"
        self.score_view.value = f'<span class="el-score" style="margin-left:1em">{html.escape(line)}</span>'
        title, description = self._topic_words(name)
        why = " · Why? " if p.question.rules else ""
        self.rules_view.value = (
            f'<span class="el-topic" style="margin-left:1em"><b>{html.escape(title)}</b> '
            f"{html.escape(description)}{why}"
            + ", ".join(
                f'<a href="{html.escape(rule_link(r))}" target="_blank" rel="noopener">{html.escape(r)}</a>'
                for r in p.question.rules
            )
            + "</span>"
        )
        self.warning_view.value = warnings_html(p.warnings)


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


def practice(
    topics: str | Sequence[str] | None = None,
    *,
    seed: int | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    progress: str | os.PathLike[str] | bool | None = None,
    bank: Any = None,
) -> PracticeWidget:
    """Endless practice on one topic, several, or all of them (``None``); or on the
    questions of a teacher's ``bank`` (a :class:`~euchre_learn.teaching.quiz.Bank` or a path).

    >>> w = practice('left-bower', seed=1, progress=False)
    >>> w.current.choose(w.practice.question.answer); w.current.check_button.click()
    >>> w.practice.score, w.practice.streak
    (1, 1)
    """
    return PracticeWidget(topics, seed=seed, rules=rules, progress=progress, bank=bank)

"""Quiz widgets: thin ipywidgets views over :mod:`euchre_learn.teaching.quiz` (grading lives there).

In a notebook::

    from euchre_learn import widgets
    widgets.quiz('left-bower', seed=3)        # one question, with a Check button
    widgets.practice()                        # endless practice, all topics mixed
    widgets.practice('legal-plays')           # or one topic

Every choice is a real button (a card as text with its name as tooltip, or the answer's
words), so everything works from the keyboard, in JupyterLab and Voilà alike: Tab to a
choice, Space or Enter to choose it (a chosen one turns dark blue and reads "● J♦": chosen, not
yet right or wrong), Tab to Check, Enter. Once answered, only the verdict and the right answer
(its button then reads "✓ J♦") say right or wrong. After "Next question" the focus moves to the new question's first choice. The
feedback goes to a live region (``role="status" aria-live="polite"``) that screen readers
announce. A second click on Check, or a click after answering, changes nothing.

A lesson's ``quiz(...)`` records its answer in the learner's store
(:class:`~euchre_learn.teaching.quiz_record.Recorder`) when Check
is clicked, never when it is shown: one answer on its topic and one review in the practice
schedule, so Today's practice counts the topic as seen and brings a mistake back. (No radio
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
from typing import TYPE_CHECKING, Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn import display as _render
from euchre_learn.engine.cards import Card
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz import TOPICS, Practice, Question, QuizError, generate, rule_link, topic
from euchre_learn.teaching.quiz.question import Feedback
from euchre_learn.teaching.quiz_record import Recorder

if TYPE_CHECKING:
    from euchre_learn.learner.progress import Progress
from euchre_learn.teaching.widget_look import (
    auto_width,
    doc_links,
    focus_when_shown,
    status_html,
    style_view,
    trick_view,
    warnings_html,
)

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

CHOSEN = "●"
"""The mark a chosen choice's button wears: chosen, neither right nor wrong (✓ and ✗ are the verdict's)."""


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
        self.on_answer = on_answer
        self.recorder: Recorder | None = None
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
            focus_when_shown(self.first_control)

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

    def _reveal(self, fb: Feedback) -> None:
        """Show the right answer on the controls, once answered (nothing by default)."""

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
        self._reveal(fb)
        self.check_button.disabled = True
        self.feedback_area.value = status_html(
            fb.message, "right" if fb.correct else "wrong", self.question.rules, yours=self._given_words(given)
        )
        if self.on_answer is not None:
            self.on_answer(fb)


def _walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out.extend(_walk(child))
    return out


class _ChoiceButtons(QuizWidget):
    """Choices as toggle buttons: a row of cards, or a column of texts. Each button is a Tab
    stop that Space or Enter presses, in JupyterLab (where the arrow keys belong to the
    notebook) as in Voilà. A chosen button turns dark blue and its text gains a ● (which a
    screen reader reads too): chosen, not a verdict. Once answered, the right answer's buttons
    read "✓ …" (:meth:`_reveal`); ``toggles`` maps each choice to its button."""

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
        b.description = f"{CHOSEN} {label}" if on else label
        if on:
            b.add_class("el-chosen")
        else:
            b.remove_class("el-chosen")
        if on and self.single:
            for other, t in self.toggles.items():
                if other != label and t.value:
                    t.value = False  # one choice at a time
        self._confirm_none = False

    def _reveal(self, fb: Feedback) -> None:
        """The right answer's buttons read "✓ …" (a chosen wrong one keeps its ●): right and
        wrong are said by the verdict and on the right answer only."""
        right = fb.answer if isinstance(fb.answer, tuple) else (fb.answer,)
        for c in (*right, *self.question.accept):
            if c in self.toggles:
                self.toggles[c].description = f"✓ {c}"
                self.toggles[c].add_class("el-answer")

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

    def _reveal(self, fb: Feedback) -> None:
        """Show the right answer on the controls, once answered (nothing by default)."""

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
    topic_or_question: str | Question,
    seed: int | None = None,
    *,
    rules: Rules | str | dict[str, Any] | None = None,
    progress: Progress | str | os.PathLike[str] | bool | None = None,
) -> QuizWidget:
    """A widget for one question: a :class:`Question`, or a new one on a topic. Its answer is
    recorded once, when Check is clicked (:class:`~euchre_learn.teaching.quiz_record.Recorder`), in ``progress``: the learner's own
    store by default, ``False`` for none.

    >>> quiz('trick-winner', seed=2).question.topic
    'trick-winner'
    """
    q = topic_or_question if isinstance(topic_or_question, Question) else generate(topic_or_question, seed, rules=rules)
    recorder = Recorder(q, progress)
    w = quiz_widget(q, grade=recorder)
    w.recorder = recorder

    def warn(_fb: Feedback) -> None:
        if recorder.warnings:
            w.feedback_area.value += warnings_html(recorder.warnings)

    w.on_answer = warn
    return w


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
        why = (
            " · " + doc_links("Why?", [(rule_link(r), r) for r in p.question.rules], "el-why")
            if p.question.rules
            else ""
        )
        self.rules_view.value = (
            f'<span class="el-topic" style="margin-left:1em"><b>{html.escape(title)}</b> '
            f"{html.escape(description)}{why}</span>"
        )
        self.warning_view.value = warnings_html(p.warnings)


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

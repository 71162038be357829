"""The "Today's practice" widget: a thin ipywidgets view over
:class:`euchre_learn.teaching.today.TodaysPractice` (what to ask and the counting live there), built
from the quiz widgets of :mod:`euchre_learn.teaching.widgets`.

In a notebook::

    from euchre_learn.teaching.today_widget import today
    today()                       # what is due first, then new topics

>>> import tempfile, os
>>> w = today(['left-bower'], seed=2, progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'))
>>> w.current.choose(w.model.question.answer); w.current.check_button.click()
>>> w.model.score, 'streak 1 day' in w.status_view.value
(1, True)
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz import TOPICS, topic
from euchre_learn.teaching.today import TodaysPractice
from euchre_learn.teaching.widget_look import auto_width, warnings_html
from euchre_learn.teaching.widgets import QuizWidget, quiz_widget

__all__ = ["TodaysPracticeWidget", "today"]

_WHY = {
    "due": "Due for review",
    "new": "New topic",
    "more": "Extra practice: nothing else is due",
}


class TodaysPracticeWidget(W.VBox):  # type: ignore[misc]
    """Today's practice: a status line (due now, new topics left, the daily streak), the
    question with why it was chosen, Next, and any warning about the learner's store."""

    def __init__(
        self,
        topics: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        rules: Rules | str | dict[str, Any] | None = None,
        progress: Any = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.model = TodaysPractice(topics, progress=progress, seed=seed, rules=rules, clock=clock)
        self.warning_view = W.HTML()
        self.status_view = W.HTML()
        self.why_view = W.HTML()
        self.holder = W.VBox()
        self.next_button = W.Button(
            description="Next question", icon="arrow-right", tooltip="The next item", layout=auto_width("10em")
        )
        self.next_button.on_click(lambda _b: self.next(focus=True))
        self.current: QuizWidget = self._show(focus=False)
        super().__init__([self.warning_view, self.status_view, self.why_view, self.holder, self.next_button])
        self.add_class("el-today")
        self._refresh()

    def _show(self, focus: bool) -> QuizWidget:
        w = quiz_widget(
            self.model.question, grade=self.model.answer, on_answer=lambda _fb: self._refresh(), focus=focus
        )
        self.holder.children = [w]
        self.current = w
        return w

    def next(self, focus: bool = False) -> QuizWidget:
        """Show the next item (``focus``: move the keyboard focus to its first choice)."""
        self.model.next()
        self._show(focus)
        self._refresh()
        return self.current

    def _refresh(self) -> None:
        m = self.model
        days = m.streak
        line = (
            f"Due now: {m.count_due} · new topics left: {m.new_left} · "
            f"streak {days} day{'s' if days != 1 else ''} · today {m.score} of {m.asked} right"
        )
        self.status_view.value = f'<span class="el-score" role="status">{html.escape(line)}</span>'
        kind, key = m.item
        what = topic(key).title if kind == "quiz" and key in TOPICS else m.question.title or key
        self.why_view.value = (
            f'<span class="el-topic"><b>{html.escape(_WHY.get(m.source, m.source))}</b>: {html.escape(what)}</span>'
        )
        self.warning_view.value = warnings_html(m.warnings)


def today(
    topics: Sequence[str] | None = None,
    *,
    seed: int | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    progress: str | os.PathLike[str] | None = None,
    clock: Callable[[], datetime] | None = None,
) -> TodaysPracticeWidget:
    """Today's practice on the learner's own schedule (or the store at ``progress``)."""
    return TodaysPracticeWidget(topics, seed=seed, rules=rules, progress=progress, clock=clock)

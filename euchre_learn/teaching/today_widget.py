"""The "Today's practice" widget: a thin ipywidgets view over
:class:`euchre_learn.teaching.today.TodaysPractice` (what to ask and the counting live there), built
from the quiz widgets of :mod:`euchre_learn.teaching.widgets`.

In a notebook::

    from euchre_learn.teaching.today_widget import today
    today()                       # past mistakes first, then new topics, then what is due

>>> import tempfile, os
>>> w = today(['left-bower'], seed=2, progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'))
>>> w.current.choose(w.model.question.answer); w.current.check_button.click()
>>> w.model.score, 'streak 1 day' in w.status_view.value, 'Done for today' in w.status_view.value
(1, True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.display import hand_html
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.puzzle_model import KIND as PUZZLE
from euchre_learn.teaching.puzzle_model import puzzle_of
from euchre_learn.teaching.quiz import TOPICS, topic
from euchre_learn.teaching.session_widget import SessionWidget
from euchre_learn.teaching.today import TodaysPractice

__all__ = ["TodaysPracticeWidget", "today"]

_WHY = {
    "due": "Due for review",
    "new": "New topic",
    "more": "Extra practice: nothing else is due",
}


class TodaysPracticeWidget(SessionWidget):
    """Today's practice: a status line (how many are left today, or "Done for today", the daily
    streak, today's answers, and once situations have been met, how many are mastered),
    the question with why it was chosen, Next, and any warning about the learner's store. A puzzle,
    a retry and a situation are asked with their board (:attr:`board_view`), as the puzzle trainer
    shows a puzzle: the table as the seat to act sees it, the bidding, the trick so far and who led it."""

    model: TodaysPractice

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
        self.board_view = W.HTML()
        super().__init__(
            next_words="Next question",
            next_tooltip="The next item",
            focus_on_next=True,
            css_class="el-today",
            beside=[self.board_view],
        )

    def _before_show(self) -> None:
        kind, key = self.model.item
        puzzle = puzzle_of(key) if kind == PUZZLE else None
        if puzzle is not None:
            self.board_view.value = hand_html(puzzle.hand, show=puzzle.seat, mark_legal=True)
            return
        board = self.model.board  # a retry or another deal of a situation: the position asked
        self.board_view.value = "" if board is None else hand_html(board, show=board.to_act, mark_legal=True)

    def status_line(self) -> str:
        m = self.model
        days = m.streak
        met = m.situations.cards()
        mastered = f" · situations mastered: {sum(c.mastered for c in met)} of {len(met)}" if met else ""
        left = m.left_today
        day = "Done for today ✓ (more is extra practice)" if left == 0 else f"{left} left today"
        return (
            f"{day} · streak {days} day{'s' if days != 1 else ''} · today {m.today.correct} of {m.today.answered} right"
            f"{mastered}"
        )

    def why(self) -> tuple[str, str | None]:
        m = self.model
        kind, key = m.item
        if kind == "situation":
            card = m.situations.card(key)
            missed = card is not None and card.mistake
            why = "Another deal of a situation you missed" if missed else "A situation due for a check"
            return why, m.question.title or key
        what = topic(key).title if kind == "quiz" and key in TOPICS else m.question.title or key
        if m.done:
            return "Extra practice: done for today", what
        return _WHY.get(m.source, m.source), what


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

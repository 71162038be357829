"""The daily workout's widget: a thin ipywidgets view over
:class:`euchre_learn.teaching.workout.DailyWorkout` (the plan and the counting live there): the
item's number, why it is asked, its board as the seat to act sees it, the question and Next.

In a notebook::

    from euchre_learn.teaching.workout_widget import workout
    workout()                     # fifteen items, each with its board

>>> import tempfile, os
>>> w = workout(seed=2, size=2, progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'))
>>> 'Item 1 of 2' in w.status_view.value, 'el-hand' in w.board_view.value
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.analysis.situation import FAMILIES
from euchre_learn.display import hand_html
from euchre_learn.teaching.session_widget import SessionWidget
from euchre_learn.teaching.workout import FAMILY, SIZE, DailyWorkout

__all__ = ["WorkoutWidget", "workout"]

_WHY = {
    "due": "Due: a situation or puzzle to see again",
    "weak": "Your weakest family: another deal of its weakest situation",
    "new": "New",
    "more": "More practice",
}


class WorkoutWidget(SessionWidget):
    """The workout: a status line (the item's number, right so far), why the item is asked, its
    board (:attr:`board_view`), the question and Next; "Workout done" after the last answer."""

    model: DailyWorkout

    def __init__(
        self,
        *,
        seed: int | None = None,
        size: int = SIZE,
        progress: Any = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.model = DailyWorkout(progress=progress, seed=seed, clock=clock, size=size)
        self.board_view = W.HTML()
        super().__init__(
            next_words="Next item",
            next_tooltip="The next item of the workout",
            focus_on_next=True,
            css_class="el-workout",
            beside=[self.board_view],
        )

    def _before_show(self) -> None:
        board = self.model.board
        self.board_view.value = "" if board is None else hand_html(board, show=board.to_act, mark_legal=True)

    def status_line(self) -> str:
        m = self.model
        done = " · workout done!" if m.done else ""
        return f"Item {m.number} of {m.size} · {m.score} of {m.asked} right{done}"

    def why(self) -> tuple[str, str | None]:
        m = self.model
        kind, key = m.item
        what = f"a deal of {FAMILIES.get(key, key)}" if kind == FAMILY else m.question.title or key
        return _WHY.get(m.source, m.source), what


def workout(
    *,
    seed: int | None = None,
    size: int = SIZE,
    progress: str | os.PathLike[str] | None = None,
    clock: Callable[[], datetime] | None = None,
) -> WorkoutWidget:
    """Today's workout on the learner's own store (or the one at ``progress``)."""
    return WorkoutWidget(seed=seed, size=size, progress=progress, clock=clock)

"""The puzzle widget: a thin ipywidgets view over
:class:`euchre_learn.teaching.puzzle_model.PuzzleTrainer` (which puzzle, checking and the
record in the learner's store live there): the themes to choose, the position as the seat
to act sees it (:func:`euchre_learn.display.hand_html`), the choices as buttons with
Check and the explanation (the quiz widget of :mod:`euchre_learn.teaching.widgets`), and Next: the
one widget of a scheduled session (:class:`~euchre_learn.teaching.session_widget.SessionWidget`).

In a notebook::

    from euchre_learn.teaching.puzzle_widget import puzzles
    puzzles()                          # every theme
    puzzles(['trumping in'])       # one theme
    puzzles(daily=True)                # start with the puzzle of the day

>>> import tempfile, os
>>> w = puzzles(['trumping in'], seed=2, progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'))
>>> w.current.choose(w.model.question.answer); w.current.check_button.click()
>>> w.model.solved, 'solved 1 of 1' in w.status_view.value
(1, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.display import hand_html
from euchre_learn.teaching.puzzle_model import PuzzleTrainer
from euchre_learn.teaching.session_widget import SessionWidget

__all__ = ["PuzzleWidget", "puzzles"]

_WHY = {
    "daily": "Puzzle of the day",
    "due": "Due for review",
    "new": "New puzzle",
    "more": "Again: every puzzle of these themes tried, none due",
}


class PuzzleWidget(SessionWidget):
    """Themes to choose, a status line, the position, the question with its choices, Next."""

    model: PuzzleTrainer

    def __init__(
        self,
        themes: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        progress: Any = None,
        clock: Callable[[], datetime] | None = None,
        daily: bool = False,
    ) -> None:
        self.model = PuzzleTrainer(themes, progress=progress, seed=seed, clock=clock, daily=daily)
        have = self.model.available_themes()
        self.theme_picker = W.SelectMultiple(
            options=[(f"{t} ({n})", t) for t, n in have.items()],
            value=tuple(self.model.themes) if themes else (),
            rows=min(8, len(have)),
            description="Themes",
            tooltip="Choose one or more themes (none chosen: all)",
            layout=W.Layout(width="28em"),
        )
        self.theme_picker.observe(self._on_themes, names="value")
        self.position_view = W.HTML()
        super().__init__(
            next_words="Next puzzle",
            next_tooltip="The next puzzle",
            focus_on_next=False,
            css_class="el-puzzles",
            above=[self.theme_picker],
            beside=[self.position_view],
        )

    def _before_show(self) -> None:
        m = self.model
        self.position_view.value = hand_html(m.puzzle.hand, show=m.puzzle.seat, mark_legal=True)

    def _on_themes(self, change: dict[str, Any]) -> None:
        self.model.set_themes(tuple(change["new"]) or None)
        self._show(focus=False)

    def choose_themes(self, themes: Sequence[str]) -> None:
        """Pick themes as the learner does in the list (a new puzzle of them is shown)."""
        self.theme_picker.value = tuple(themes)

    def status_line(self) -> str:
        m = self.model
        return (
            f"Puzzle {m.puzzle.id} · theme: {m.puzzle.theme} · due now: {m.count_due} · "
            f"tried {m.tried} of {len(m.pool)} · solved {m.today.correct} of {m.today.answered} today"
        )

    def why(self) -> tuple[str, str | None]:
        return _WHY.get(self.model.source, self.model.source), None


def puzzles(
    themes: Sequence[str] | None = None,
    *,
    seed: int | None = None,
    progress: str | os.PathLike[str] | None = None,
    clock: Callable[[], datetime] | None = None,
    daily: bool = False,
) -> PuzzleWidget:
    """The puzzle trainer on the learner's own store (or the one at ``progress``)."""
    return PuzzleWidget(themes, seed=seed, progress=progress, clock=clock, daily=daily)

"""The one widget of a scheduled session (:class:`~euchre_learn.teaching.session.ScheduledSession`):
any warning about the learner's store, a status line, why this item was chosen, the question
(the quiz widget of :mod:`euchre_learn.teaching.widgets`, graded by the session) and Next. "Today's
practice" (:mod:`euchre_learn.teaching.today_widget`) and the puzzle trainer
(:mod:`euchre_learn.teaching.puzzle_widget`) are this widget with their own words, and the puzzles
with their themes above and the position beside the question.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W  # type: ignore[import-untyped]

from euchre_learn.teaching.session import ScheduledSession
from euchre_learn.teaching.widget_look import auto_width, warnings_html
from euchre_learn.teaching.widgets import QuizWidget, quiz_widget

__all__ = ["SessionWidget"]


class SessionWidget(W.VBox):  # type: ignore[misc]
    """A session's view (see the module docs). A subclass makes its :attr:`model` and any views of
    its own, then calls ``super().__init__`` with them: ``above`` goes over the status lines,
    ``beside`` between them and the question; it says its status line (:meth:`status_line`) and
    why the item was chosen (:meth:`why`)."""

    model: ScheduledSession

    def __init__(
        self,
        *,
        next_words: str,
        next_tooltip: str,
        focus_on_next: bool,
        css_class: str,
        above: Sequence[W.Widget] = (),
        beside: Sequence[W.Widget] = (),
    ) -> None:
        self.warning_view = W.HTML()
        self.status_view = W.HTML()
        self.why_view = W.HTML()
        self.holder = W.VBox()
        self.next_button = W.Button(
            description=next_words, icon="arrow-right", tooltip=next_tooltip, layout=auto_width("10em")
        )
        self.next_button.on_click(lambda _b: self.next(focus=focus_on_next))
        self.current: QuizWidget = self._show(focus=False)
        super().__init__(
            [*above, self.warning_view, self.status_view, self.why_view, *beside, self.holder, self.next_button]
        )
        self.add_class(css_class)

    # --- what a subclass says -------------------------------------------------------------------
    def status_line(self) -> str:  # pragma: no cover - abstract
        """The status line: the session's counts, in words."""
        raise NotImplementedError

    def why(self) -> tuple[str, str | None]:  # pragma: no cover - abstract
        """Why the item was chosen, and what it is (``None``: not said)."""
        raise NotImplementedError

    def _before_show(self) -> None:
        """Update the subclass's own views for the item about to be shown."""

    # --- showing ----------------------------------------------------------------------------------
    def _show(self, focus: bool) -> QuizWidget:
        self._before_show()
        m = self.model
        w = quiz_widget(m.question, grade=m.answer, on_answer=lambda _fb: self._refresh(), focus=focus)
        self.holder.children = [w]
        self.current = w
        self._refresh()
        return w

    def next(self, focus: bool = False) -> QuizWidget:
        """Show the next item (``focus``: move the keyboard focus to its first choice)."""
        self.model.next()
        return self._show(focus)

    def _refresh(self) -> None:
        self.status_view.value = f'<span class="el-score" role="status">{html.escape(self.status_line())}</span>'
        why, what = self.why()
        said = "" if what is None else f": {html.escape(what)}"
        self.why_view.value = f'<span class="el-topic"><b>{html.escape(why)}</b>{said}</span>'
        self.warning_view.value = warnings_html(self.model.warnings)

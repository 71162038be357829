"""The seat widget: a learner's seat at a class table on screen (``el.table.join(code)``).

The same felt as the table widget (:class:`~euchre_learn.interactive.table.felt.Felt`: the
learner's cards are the controls; Enter or Space on a focused card plays it), the bids as
buttons, the server's word on a refused action, and after each hand the coach's review of the
learner's own decisions, in the review panel's look, each flagged one with a "Try it again"
button: the decision replayed from the learner's own position against the coach's values, on
this machine, and filed in the learner's store as at the bot table. What it shows comes from a
:class:`~euchre_learn.interactive.seat.model.SeatTable`: the seat's view, never another's cards.

The connection's thread wakes the widget through the kernel's event loop (the widgets are only
changed on the kernel's thread); outside a running loop (a test, a script), :meth:`SeatWidget.refresh`
takes the waiting messages in. There is no Undo, Hint or new game here: the server decides.
"""

from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from euchre_learn.analysis.coach.grades import cost_label
from euchre_learn.analysis.review.drill import Retry
from euchre_learn.analysis.review.report import REVIEW_CSS
from euchre_learn.engine.actions import Action
from euchre_learn.interactive.seat.model import SeatTable
from euchre_learn.interactive.table.felt import Felt
from euchre_learn.teaching.widget_look import auto_width, running_loop

__all__ = ["SeatWidget", "review_html"]

_MARKS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def review_html(review: dict[str, Any]) -> str:
    """The coach's review of one hand, as the server sent it: the accuracy, then the flagged
    decisions (graded inaccuracy or worse, or breaking a rule of thumb), worst first, each with
    the better choice, the coach's explanation and the rule of thumb, in the review panel's look.

    >>> r = {'hand': 1, 'accuracy': 80.0, 'flagged': 1, 'decisions': [{'phase': 'PLAY',
    ...      'action': 'play 9♥', 'best': 'play A♥', 'grade': 'mistake', 'loss': 0.4,
    ...      'explanation': 'The A♥ wins the trick.', 'forced': False, 'flagged': True, 'convention': None}]}
    >>> 'better: <b>play A♥</b> (−0.40 points)' in review_html(r)
    True
    >>> r['decisions'][0].update(grade='good', win_loss=0.0003, convention='Lead trump when you called it.')
    >>> 'better: <b>play A♥</b> (−&lt;0.1% to win)' in review_html(r)   # a game's: the chance to win
    True
    """
    acc = review.get("accuracy")
    head = f"<b>Review of your decisions: hand {html.escape(str(review.get('hand', '?')))}</b>"
    if acc is not None:
        head += f" (accuracy {float(acc):.0f})"
    rows = []
    flagged = [d for d in review.get("decisions", []) if d.get("flagged")]
    for d in sorted(flagged, key=lambda d: -float(d.get("loss") or 0)):  # worst first, as the panel
        grade = str(d.get("grade"))
        line = (
            f"<span class='el-grade el-g-{html.escape(grade)}'>{_MARKS.get(grade, '')} {html.escape(grade)}</span> "
            f"you chose <b>{html.escape(str(d.get('action')))}</b>"
        )
        if d.get("best") != d.get("action") and grade != "best":
            win_loss = d.get("win_loss")
            lost = cost_label(float(d.get("loss") or 0), None if win_loss is None else float(win_loss))
            line += f"; better: <b>{html.escape(str(d.get('best')))}</b> ({html.escape(lost)})"
        rule = ""
        if d.get("convention"):
            rule = f"<br><small><b>Rule of thumb:</b> {html.escape(str(d['convention']))}"
            rule += {"best": " In this deal it cost nothing.", "good": " Here it cost little."}.get(grade, "")
            rule += "</small>"
        rows.append(
            "<div class='el-review-item' style='line-height:1.4;margin:0.3em 0'>"
            f"{line}.<br><small>{html.escape(str(d.get('explanation', '')))}</small>{rule}</div>"
        )
    if not rows:
        rows.append("<div>Every decision was best or good, and no rule of thumb broken. Well played.</div>")
    return f"{REVIEW_CSS}<div class='el-review-panel'>{head}{''.join(rows)}</div>"


class SeatWidget(widgets.VBox):  # type: ignore[misc]
    """A :class:`SeatTable` on screen. ``seat`` is the model; ``board`` the felt (its cards
    play when clicked), ``action_buttons`` the bids shown now, ``message`` the server's word on
    a refused action, ``review`` the last hand's review, ``retry_buttons`` its "Try it again"
    buttons (one per :meth:`SeatTable.retries`), ``retry_box`` the retry opened, with
    ``choice_buttons`` (the legal actions there) and ``retry_feedback``."""

    def __init__(self, seat: SeatTable) -> None:
        self.seat = seat
        self.scoreboard = widgets.HTML()
        self.board = Felt(on_pick=self.choose)
        self.status = widgets.HTML()
        self.status.add_class("el-status")
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_buttons: list[widgets.Button] = []
        self.message = widgets.HTML()
        self.review = widgets.HTML(layout=widgets.Layout(margin="0.6em 0 0 0"))
        self.retry_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.retry_buttons: list[widgets.Button] = []
        self.retry_box = widgets.VBox()
        self.choice_buttons: list[widgets.Button] = []
        self.retry_feedback = widgets.HTML()
        self.retry: Retry | None = None
        self.leave_button = widgets.Button(
            description="Leave the table",
            icon="sign-out",
            tooltip="Close the connection (your seat waits for you: join again to go on)",
            layout=auto_width(),
        )
        self.leave_button.on_click(lambda _b: self.leave())
        self._drawn: Any = None
        self._loop = running_loop()
        self._loop_thread = threading.get_ident()  # the kernel's thread, which runs that loop
        super().__init__(
            [
                self.scoreboard,
                self.board,
                self.status,
                self.action_box,
                self.message,
                self.review,
                self.retry_row,
                self.retry_box,
                self.leave_button,
            ]
        )
        self.add_class("el-seat-widget")
        conn = seat.connection
        seat.listeners.append(lambda _t: self.draw())
        if self._loop is not None and hasattr(conn, "on_message"):
            conn.on_message = self._wake  # the reading thread asks the kernel's loop to refresh
        self.refresh()

    def _wake(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.refresh)

    def refresh(self) -> None:
        """Take in what the server sent and redraw what changed."""
        self.seat.update()
        self.draw()

    def draw(self) -> None:
        """Redraw what changed in the model (it calls this after each update too)."""
        t = self.seat
        state = t.state
        key = (None if state is None else state.get("n"), t.connection_state, len(t.reviews), id(state))
        self.status.value = f"<b>{html.escape(t.status_text())}</b>" + (
            f" <i>{html.escape(t.notice)}</i>" if t.notice else ""
        )
        self._show_error()
        if key == self._drawn:
            return
        self._drawn = key
        self.scoreboard.value = t.scoreboard_html()
        cards = t.card_choices()
        self.board.draw(t.html(), t.seat if cards else None, cards, t.card_verb(), rules=t.rules)
        buttons = []
        for choice in t.choices():
            b = widgets.Button(
                description=choice.label, tooltip=choice.tooltip, button_style="primary", layout=auto_width()
            )
            b.on_click(lambda _b, a=choice.action: self.choose(a))
            buttons.append(b)
        self.action_buttons = buttons
        self.action_box.children = tuple(buttons)
        if t.reviews and self.review.value != review_html(t.reviews[-1]):
            self.review.value = review_html(t.reviews[-1])
            self._retry_buttons()

    def _retry_buttons(self) -> None:
        """A "Try it again" button for each flagged decision of the last review; a retry of an
        earlier hand is closed."""
        review = self.seat.reviews[-1]
        buttons = []
        for d in self.seat.retries(review):
            b = widgets.Button(
                description=f"Try it again: {d.get('action')}",
                icon="undo",
                tooltip="Replay this decision from your own position: find a better action",
                layout=auto_width(),
            )
            b.on_click(lambda _b, d=d, r=review: self.open_retry(d, r))
            buttons.append(b)
        self.retry_buttons = buttons
        self.retry_row.children = tuple(buttons)
        self.retry_box.children = ()
        self.retry = None

    def open_retry(self, decision: dict[str, Any], review: dict[str, Any] | None = None) -> Retry | None:
        """Open ``decision`` again below the review: its position as you saw it, a button for each
        legal action, the coach's word on each try."""
        from euchre_learn.display import hand_html
        from euchre_learn.interactive.retry_question import choice_label

        try:
            retry = self.seat.retry(decision, review)
        except ValueError as err:
            self.retry_box.children = (widgets.HTML(f"<i>{html.escape(str(err))}</i>"),)
            return None
        self.retry = retry
        pos = retry.position
        seat = retry.decision.seat
        self.retry_feedback = widgets.HTML()
        self.choice_buttons = []
        for a in pos.legal_actions():
            b = widgets.Button(description=choice_label(pos, a), layout=widgets.Layout(width="auto", min_width="4em"))
            b.on_click(lambda _b, a=a: self.try_action(a))
            self.choice_buttons.append(b)
        self.retry_box.children = (
            widgets.HTML("<hr style='margin:0.5em 0'><b>Try again</b>"),
            widgets.HTML(f"<div style='line-height:1.4'><b>{html.escape(retry.prompt)}</b></div>"),
            widgets.HTML(hand_html(pos, show=frozenset((seat,)), text=False)),
            widgets.HBox(self.choice_buttons, layout=widgets.Layout(flex_flow="row wrap")),
            self.retry_feedback,
        )
        return retry

    def try_action(self, action: Action) -> None:
        """One try at the open retry (a click on one of its buttons)."""
        retry = self.retry
        if retry is None or retry.finished:
            return
        fb = retry.attempt(action)
        self.retry_feedback.value = f"<div style='line-height:1.4' role='status'>{html.escape(fb.message)}</div>"
        if retry.finished:
            for b in self.choice_buttons:
                b.disabled = True

    def _show_error(self) -> None:
        err = self.seat.error
        self.message.value = f"<div role='alert' style='color:#b00020'>{html.escape(err)}</div>" if err else ""

    def choose(self, action: Action | str) -> None:
        """Send a choice (a click on a card or a button); show the server's word if refused.

        A click that arrives on another thread (JupyterLab 4.6's kernel takes some widget
        messages on a subshell's thread) is handed to the kernel's event loop, so the model is
        still changed on one thread only: a refresh there would otherwise take the server's
        answer out of the queue while :meth:`SeatTable.act` waits for it."""
        loop = self._loop
        if loop is not None and threading.get_ident() != self._loop_thread and not loop.is_closed():
            loop.call_soon_threadsafe(self.choose, action)
            return
        try:
            self.seat.act(action)
        except (TimeoutError, ConnectionError) as err:
            self.seat.error = str(err)
        self._drawn = None
        self.refresh()

    def leave(self) -> None:
        self.seat.close()
        self.leave_button.disabled = True
        self.status.value = "<b>You left the table. Your seat waits: join again to go on.</b>"

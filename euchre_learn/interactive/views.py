"""Views of the table and the stepper for a lesson's stored output: what their widgets show,
without the buttons (lessons 09 and 10). The widgets themselves are :mod:`.table.widget` and
:mod:`.stepper_widget`.
"""

from __future__ import annotations

import html

from euchre_learn import display as render
from euchre_learn.engine.cards import Seat
from euchre_learn.interactive.stepper_model import Stepper
from euchre_learn.interactive.table.model import Table
from euchre_learn.teaching.lesson import Shown

__all__ = ["step_view", "table_view"]


def _paragraphs(text: str) -> str:
    return "".join(f'<p style="margin:.25em 0">{html.escape(str(line))}</p>' for line in text.splitlines() if line)


def step_view(stepper: Stepper, step: int | None = None, *, show_all: bool = True) -> Shown:
    """One step of a :class:`~euchre_learn.interactive.stepper.Stepper` as its widget shows it, without
    the buttons (so a lesson's stored output shows it too): the table after ``step`` actions
    (default: the stepper's position; 0 is the deal) and that step explained in words.
    ``show_all=False`` shows only the hand of the seat that just acted. The stepper does not move.

    >>> from euchre_learn.interactive.stepper_model import Stepper
    >>> s = Stepper('made')
    >>> print(str(step_view(s, 1)).splitlines()[0])
    Step 1 of 22: East orders it up: ♠ spades are trump, and North, the dealer, takes up the 10♠.
    >>> s.position
    0
    """
    n = len(stepper)
    at = stepper.position if step is None else step
    explained = stepper.explanation(at)  # checks the step
    hand = stepper.hands[at]
    shown: tuple[Seat, ...] = tuple(Seat)
    if not show_all:
        act = stepper.action(at)
        shown = (act[0],) if act is not None else ()
    if explained.startswith(f"Step {at}:"):
        explained = f"Step {at} of {n}:" + explained[len(f"Step {at}:") :]
    text = f"{explained}\n\n{render.hand_text(hand, show=shown)}"
    first, _, rest = explained.partition("\n")
    said = f'<div style="margin:.2em 0 .4em"><b>{html.escape(str(first))}</b>{_paragraphs(rest)}</div>'
    body = said + render.hand_html(hand, show=shown, text=False, style=False)
    return Shown(f'<div class="el-root">{render.css()}{body}</div>', text)


def table_view(table: Table, *, log: bool = True) -> Shown:
    """What the table widget shows, without its buttons: who plays where, the scoreboard,
    the table (hidden hands face down, unless the table has open hands), whose turn it is or
    what happened, and the log of the hand (with the bots' reasons when hands are open).

    >>> from euchre_learn.interactive.table.model import Table
    >>> t = Table(humans='S', seed=1, dealer='N')
    >>> _ = t.run_bots()
    >>> print(table_view(t))
    North: standard bot · East: standard bot · South: you · West: standard bot
    Your turn, South: bid (round 1).
    1. East passes.
    """
    lines = [table.players_text(), table.status()]
    entries = table.log_lines() if log else []
    lines += [f"{i}. {line}" for i, line in enumerate(entries, 1)]
    items = "".join(f"<li>{html.escape(str(line))}</li>" for line in entries)
    body = (
        table.scoreboard_html()
        + f'<div style="margin:.2em 0"><small>{html.escape(str(table.players_text()))}</small></div>'
        + table.html()
        + f'<div style="margin:.3em 0"><b>{html.escape(str(table.status()))}</b></div>'
        + (
            f'<details open><summary>Log of the hand</summary><ol style="margin:0;padding-left:1.6em">{items}</ol></details>'
            if entries
            else ""
        )
    )
    return Shown(f"<div>{body}</div>", "\n".join(lines))  # both renderings carry their own style

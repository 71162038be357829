"""A double-dummy solver: the rest of a hand played perfectly with every card face up.

:func:`solve` answers "what was the best play here?" exactly. Both sides see all the
cards and play their best: the makers to take as many tricks as they can, the defenders
to hold them to as few. It works from any point of the play phase (R6), with 4, 3 or 2
players at the table (a loner, a lone defender: R5.1, R5.4) and with the Benny (R1.1).
The search itself, and how it is fast enough to run thousands of times, is
:mod:`euchre_learn.analysis.search`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from euchre_learn.analysis.search import Search, search_for
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.core import OVER, PLAY_PHASE
from euchre_learn.engine.errors import type_error
from euchre_learn.engine.trump import POWER

if TYPE_CHECKING:
    from euchre_learn.engine.hand import Hand

__all__ = ["NotInPlayError", "Solution", "solve"]


class NotInPlayError(ValueError):
    """:func:`solve` was asked about a hand that is not in its play phase."""


class Solution:
    """The double-dummy analysis of a hand in play: see :func:`solve`.

    ``tricks`` are ``{Team: tricks}`` at the end of the hand with best play (tricks already
    won included); ``values`` give, for each legal play of :attr:`to_act`, the tricks the
    makers end with after it; ``line`` is one best sequence of plays to the end, and
    ``plays`` the same with the seat that makes each play.

    >>> import euchre_learn as el
    >>> sol = el.solve(el.examples.hand('trumping-partners-winner', after=17))
    >>> print(sol)
    Double-dummy: ♠ spades trump, makers NS; with best play NS take 3, EW take 2
    South to play (makers' tricks at the end):
      play 10♣     3  ← best
      play Q♥      3  ← best
      play 9♠      2
    >>> [f"{seat} {action}" for seat, action in sol.plays[:2]]
    ['S play 10♣', 'N play 9♥']
    """

    def __init__(self, hand: Hand, values: dict[Action, int], makers_total: int, search: Search) -> None:
        self._hand = hand
        self._search = search
        self._line: tuple[tuple[Seat, Action], ...] | None = None
        self.values = values
        state = hand.core
        self.makers = Team(state.maker & 1)
        self.to_act = Seat(state.to_act)
        self.trump = hand.trump
        self.tricks = {self.makers: makers_total, self.makers.other: 5 - makers_total}

    @property
    def makers_tricks(self) -> int:
        """The makers' tricks at the end of the hand with best play."""
        return self.tricks[self.makers]

    @property
    def best(self) -> tuple[Action, ...]:
        """The legal plays that achieve the best result for the side of :attr:`to_act`."""
        target = self.makers_tricks
        return tuple(a for a, v in self.values.items() if v == target)

    @property
    def plays(self) -> tuple[tuple[Seat, Action], ...]:
        """One best continuation to the end of the hand, each play with its seat."""
        if self._line is None:
            self._line = self._compute_line()
        return self._line

    @property
    def line(self) -> tuple[Action, ...]:
        """One best continuation to the end of the hand (the seats are in :attr:`plays`)."""
        return tuple(a for _, a in self.plays)

    def _compute_line(self) -> tuple[tuple[Seat, Action], ...]:
        state = self._hand.state
        search = self._search
        mt = state.maker & 1
        out: list[tuple[Seat, Action]] = []
        target = self.makers_tricks
        while state.phase == PLAY_PHASE:
            search.load(state.hands)
            done = state.won[mt]
            values = search.play_values(state.leader, state.trick[:], target - done)
            card = min((c for c, v in values.items() if v + done == target), key=lambda c: (POWER[state.trump][c], c))
            out.append((Seat(state.to_act), Action(act.PLAY + card)))
            state.apply(act.PLAY + card)
        return tuple(out)

    # ---- display ------------------------------------------------------------------------------
    def _rows(self) -> list[tuple[str, int, bool]]:
        target = self.makers_tricks
        order = sorted(
            self.values.items(), key=lambda kv: (-kv[1] if self.to_act.team == self.makers else kv[1], kv[0])
        )
        return [(str(a), v, v == target) for a, v in order]

    def __str__(self) -> str:
        assert self.trump is not None
        head = (
            f"Double-dummy: {self.trump.symbol} {self.trump.plural} trump, makers {self.makers}; "
            f"with best play {self.makers} take {self.makers_tricks}, {self.makers.other} take "
            f"{self.tricks[self.makers.other]}"
        )
        lines = [head, f"{self.to_act.word} to play (makers' tricks at the end):"]
        for text, v, best in self._rows():
            lines.append(f"  {text:<12} {v}" + ("  ← best" if best else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        vals = ", ".join(f"{a}: {v}" for a, v in self.values.items())
        return f"<Solution {self.makers} {self.makers_tricks} tricks; {vals}>"

    def _repr_html_(self) -> str:
        import html

        rows = "".join(
            f"<tr><td>{html.escape(t)}</td><td>{v}</td><td>{'best' if b else ''}</td></tr>" for t, v, b in self._rows()
        )
        head = html.escape(str(self).splitlines()[0])
        return (
            f"<div><p>{head}</p><table><thead><tr><th>{html.escape(self.to_act.word)} plays</th>"
            f"<th>makers' tricks</th><th></th></tr></thead><tbody>{rows}</tbody></table></div>"
        )


def solve(hand: Hand) -> Solution:
    """Perfect-information ("double-dummy") analysis of a hand in its play phase.

    Every card is visible and every player plays best for their side. ``.tricks`` is
    ``{Team: tricks}`` at the end, ``.values`` the makers' final tricks after each legal
    play of the seat to act, ``.line`` one best continuation (``.plays`` with seats).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> hand = hand.apply('pass').apply('order up').apply('discard 9♣')
    >>> sol = el.solve(hand)
    >>> sol.tricks                           # North assisted, but East-West euchre them
    {<Team.NS: 0>: 2, <Team.EW: 1>: 3}
    >>> sol.values                           # only West's J♠ lead holds North-South to 2
    {Action.parse('play J♣'): 3, Action.parse('play Q♣'): 3, Action.parse('play 10♦'): 3, Action.parse('play K♦'): 3, Action.parse('play J♠'): 2}
    >>> len(sol.line), sol.plays[0][0]
    (20, <Seat.W: 3>)

    Outside the play phase there is nothing to solve:

    >>> el.solve(el.Hand.deal('N', seed=1))
    Traceback (most recent call last):
    ...
    euchre_learn.analysis.solver.NotInPlayError: solve() needs a hand in its play phase ...
    """
    from euchre_learn.engine.hand import Hand

    if not isinstance(hand, Hand):
        raise type_error("solve(hand)", hand, "a Hand in its play phase, e.g. el.examples.hand('made', after=5)")
    state = hand.core
    if state.phase != PLAY_PHASE:
        where = "the hand is over" if state.phase == OVER else f"the hand is in {hand.phase.value}"
        raise NotInPlayError(
            f"solve() needs a hand in its play phase (R6), but {where}: "
            "trump must be made (and any discard done) before the cards are played. "
            "For bidding decisions, ask el.advise(hand)."
        )
    search = search_for(state)
    done = state.won[state.maker & 1]
    card_values = search.play_values(state.leader, state.trick[:])
    values = {Action(act.PLAY + c): done + v for c, v in sorted(card_values.items())}
    mt = state.maker & 1
    pick = max if state.to_act & 1 == mt else min
    total = pick(values.values())
    return Solution(hand, values, total, search)

"""The table's coach: the Hint button (what the seat to act may do, and what a bot suggests,
with its reason and, in the bidding, the advisor's odds) and the Why? button (why the last
thing happened).

Functions of the game at the table, with no table and no widget: :class:`~.model.Table`'s
:meth:`~.model.Table.hint` and :meth:`~.model.Table.why` call them.

>>> from euchre_learn import Game
>>> from euchre_learn.analysis.bots import get
>>> game = Game(seed=3, dealer='S')
>>> h = hint(game, get('standard', seed=1))
>>> h.seat, h.legal
(<Seat.W: 3>, ('Pass', 'Order it up', 'Order it up alone'))
>>> print(why(game.hand, game).splitlines()[0])
Round 1 of the bidding: the upcard Q♠ proposes ♠ spades as trump. West (eldest, on the dealer's left) may order it up, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre_learn.analysis.bots import Bot
from euchre_learn.engine import explain
from euchre_learn.engine.actions import PASS, Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.interactive.table.words import CARD_PHASES, action_label

__all__ = ["HINT_WORLDS", "Hint", "hint", "odds_text", "why"]

HINT_WORLDS = 40
"""Deals the hint's advisor plays out (about 0.4 s; the standard errors are near 0.2 points)."""


@dataclass(frozen=True)
class Hint:
    """What the seat to act may do, and what the 'standard' bot suggests, with its reason."""

    seat: Seat
    legal: tuple[str, ...]
    action: Action
    label: str
    reason: str
    rules_text: str
    odds: str = ""
    """In a bidding phase, with ``hint(odds=True)``: each choice played out by the advisor over
    deals of the unseen cards, its chance to make it and its expected points, in words."""

    def __str__(self) -> str:
        return (
            f"{self.seat.word} may: {', '.join(self.legal)}.\n"
            f"Suggestion: {self.label}. {self.reason}\n{self.odds}\n{self.rules_text}".replace("\n\n", "\n").rstrip()
        )


def hint(game: Game, bot: Bot, *, odds: bool = False, worlds: int = HINT_WORLDS, seed: Any = None) -> Hint:
    """The legal actions of the seat to act in ``game.hand`` and ``bot``'s suggestion with its reason.

    ``odds``: in a bidding phase, also play every choice out in ``worlds`` deals of the cards
    the seat cannot see (:func:`euchre_learn.advise`, double-dummy play, seeded by ``seed``) and
    say each one's chance to make it and its expected points (a fraction of a second for 40 deals)."""
    hand = game.hand
    seat = hand.to_act
    if seat is None:
        raise ValueError("there is nothing to decide: the hand is over")
    action, reason = bot.choose(game)
    if hand.phase in CARD_PHASES:
        legal = tuple(str(a.card) for a in hand.legal_actions() if a.card is not None)
        if hand.phase == Phase.PLAY:
            rules_text = explain.leader_reason(hand) if not hand.tricks and not hand.current_trick else ""
            trick = hand.current_trick
            if trick is not None and trick.cards:
                assert hand.trump is not None
                legal_cards = [a.card for a in hand.legal_actions() if a.card is not None]
                rules_text = explain.play_reasons(legal_cards, hand.trump, trick.cards[0])[legal_cards[0]]
        else:
            rules_text = explain.bidding_options(hand)
    else:
        legal = tuple(action_label(hand, a) for a in hand.legal_actions())
        rules_text = explain.bidding_options(hand)
    chances = odds_text(hand, worlds, seed) if odds and hand.phase != Phase.PLAY else ""
    return Hint(seat, legal, action, action_label(hand, action), reason, rules_text, chances)


def odds_text(hand: Hand, worlds: int = HINT_WORLDS, seed: Any = None) -> str:
    """The advisor's numbers for each choice of the seat to act, in one sentence."""
    from euchre_learn.analysis.advisor import advise

    advice = advise(hand, worlds=worlds, seed=seed, progress=False)
    rows = []
    for o in advice.options:
        label = action_label(hand, o.action)
        made = f", made {o.p_make:.0%} of the time" if o.action.id != PASS else ""
        rows.append(f"{label}: {o.expected_points:+.1f} points{made}")
    return (
        f"Played out in {worlds} deals of the cards you cannot see (points on average, for your side): "
        + "; ".join(rows)
        + "."
    )


def why(hand: Hand, game: Game) -> str:
    """Why the last thing happened in ``hand`` (the hand on the table, finished or not, of
    ``game``): the last trick's winner, the score of a finished hand, who leads, or what the
    bidding offers now."""
    parts = []
    if hand.thrown_in:
        return explain.score_reason(hand)
    if hand.tricks:
        trick = hand.tricks[-1]
        assert hand.trump is not None
        parts.append(f"Trick {len(hand.tricks)}: " + explain.trick_reason(trick.cards, trick.seats, hand.trump))
    if hand.is_over:
        parts.append(explain.score_reason(hand))
        parts.append(explain.game_reason(game))
    elif hand.phase == Phase.PLAY and not hand.tricks:
        assert hand.trump is not None and hand.maker is not None
        made = f"{hand.maker.word} made {hand.trump.symbol} {hand.trump.plural} trump" + (
            " and plays alone." if hand.alone else "."
        )
        parts.append(made + " " + explain.leader_reason(hand))
    elif hand.phase != Phase.PLAY:
        parts.append(explain.bidding_options(hand))
    return "\n".join(parts)

"""The club player's rules the expert bot keeps over its own numbers (issues 33 and 35).

The expert bids by a learned policy and plays by sampling; where either would break a rule every
club player keeps, these say so, on the core state (no sentence, so the fast path pays little):

* the rules over the bids, :func:`strong_order`, :func:`loner_suit`, :func:`loner_allowed` and
  :func:`one_trump_call`, which live in :mod:`euchre_learn.analysis.bots.learned` (the standard
  bot bids by the learned policy too, and keeps them);
* :func:`position`: the core state as a :class:`~euchre_learn.engine.hand.Hand`, so that a lead
  can be checked against the convention book (:func:`kept`).

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('W', {'N': 'J♥ J♦ A♥ A♣ 9♠', 'E': 'K♣ Q♣ 9♣ K♦ Q♦',
...                                 'S': '10♦ 9♦ K♠ Q♠ J♠', 'W': 'A♦ 10♠ A♠ 10♥ Q♥'}, upcard='9♥')
>>> strong_order(hand.core), position(hand.core) == hand
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre_learn.analysis.bots.learned import (
    LONER_LOSERS,
    loner_allowed,
    loner_suit,
    one_trump_call,
    strong_order,
)
from euchre_learn.analysis.convention_book import Convention, book
from euchre_learn.analysis.convention_checks import CHECKS, Context
from euchre_learn.analysis.sampling import dead_upcard, known_history, played_by
from euchre_learn.analysis.situation import situation
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.core import BID1, PLAY_PHASE, State, bits
from euchre_learn.engine.hand import Hand

__all__ = ["LONER_LOSERS", "kept", "loner_allowed", "loner_suit", "one_trump_call", "position", "strong_order"]

def position(state: State) -> Hand | None:
    """The core ``state`` as a :class:`~euchre_learn.engine.hand.Hand` (dealt again and replayed),
    for the convention book's checks; ``None`` under the house rules that hand cards across (the
    railroad, the Benny), and outside round 1 and the play."""
    if state.rules.benny or state.given >= 0 or state.phase not in (BID1, PLAY_PHASE):
        return None
    _own, history = known_history(state)
    played = played_by(state)
    dealt = [state.hands[s] | played[s] for s in range(4)]
    dealer = state.dealer
    if state.maker >= 0 and state.turned_down < 0 and not dead_upcard(state):  # the dealer took it up
        dealt[dealer] &= ~(1 << state.upcard)
        if state.discard >= 0:
            dealt[dealer] |= 1 << state.discard
    hand = Hand.from_cards(
        Seat(dealer),
        {Seat(s): [Card(c) for c in bits(dealt[s])] for s in range(4)},
        Card(state.upcard),
        rules=state.rules,
    )
    for _seat, a in history:
        hand = hand.apply(Action(a))
    for _lead, cs, _seats, _w in state.tricks:
        for c in cs:
            hand = hand.apply(Action(act.PLAY + c))
    for c in state.trick:
        hand = hand.apply(Action(act.PLAY + c))
    return hand


def kept(hand: Hand, actions: Iterable[int]) -> dict[int, tuple[Convention, ...]]:
    """For each action id: the conventions of the book it breaks in ``hand``, as
    :func:`~euchre_learn.analysis.convention_book.broken` says (empty: it keeps them all), the
    situation and the conventions that apply to it found once for all the actions.

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.convention_book import broken
    >>> hand = el.examples.hand('left-bower-trap', after=2)
    >>> got = kept(hand, [a.id for a in hand.legal_actions()])
    >>> got == {a.id: broken(hand, a) for a in hand.legal_actions()}
    True
    """
    wanted = list(actions)
    if len(hand.legal_actions()) <= 1:
        return dict.fromkeys(wanted, ())
    sit = situation(hand)
    rules = [c for c in book() if c.applies_to(sit)]
    out: dict[int, tuple[Convention, ...]] = {}
    for a in wanted:
        ctx = Context(hand, Action(a), None)
        out[a] = tuple(c for c in rules if CHECKS[c.id](ctx))
    return out

"""The club player's rules the expert bot keeps over its own numbers (issues 33 and 35).

The expert bids by a learned policy and plays by sampling; where either would break a rule every
club player keeps, these say so, on the core state (no sentence, so the fast path pays little):

* :func:`strong_order`: round 1, the right bower and two of the left, the ace and the king of
  the upcard's suit (the dealer counting the upcard): order it up (the book's
  ``order-up-strong``). The learned policy passes such hands left of the dealer (R-L-A with a nine
  up) to call next in round 2, which does no better by the policy's own sampling.
* :func:`loner_suit`: the dealer, round 1, whose take-up leaves at most two trumps while another
  suit holds four trumps or more with the right bower and marches alone but for one trick
  (:func:`~euchre_learn.analysis.bots.march_losers`): turn it down and call that suit alone
  (J♣ A♣ K♣ Q♣ 9♣ with the 9♠ up).
* :func:`loner_allowed`: a loner only on three trumps with the right bower, or four trumps, and
  at most :data:`LONER_LOSERS` losers: the sampled deals, played out by 'standard', defend a
  loner too weakly to judge one on less (two bare side kings beside three trumps is a euchre).
* :func:`one_trump_call`: no trump made holding one trump (the policy's round-2 'next' on a bare
  bower).
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

from euchre_learn.analysis.bots import best_discard, march_losers
from euchre_learn.analysis.convention_book import Convention, book
from euchre_learn.analysis.convention_checks import CHECKS, Context
from euchre_learn.analysis.sampling import dead_upcard, known_history, played_by
from euchre_learn.analysis.situation import situation
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.core import BID1, PLAY_PHASE, State, bits
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.trump import POWER, SUIT_MASK

__all__ = ["LONER_LOSERS", "kept", "loner_allowed", "loner_suit", "one_trump_call", "position", "strong_order"]

LONER_LOSERS = 2
"""A loner is weighed only when :func:`~euchre_learn.analysis.bots.march_losers` counts at most
this many losers (three let in two bare side kings beside the right, the ace and the king)."""
_RIGHT, _LEFT, _ACE, _KING = 16, 15, 14, 13


def _bid_hand(state: State) -> int:
    """The five cards the seat would bid with: the dealer's in round 1 with the upcard taken up
    and the standard discard made."""
    hand = state.hands[state.to_act]
    if state.phase == BID1 and state.to_act == state.dealer:
        hand |= 1 << state.upcard
        hand &= ~(1 << best_discard(hand, state.proposed, 1 << state.upcard))
    return hand


def _powers(hand: int, t: int) -> list[int]:
    return sorted((POWER[t][c] for c in bits(hand & SUIT_MASK[t][t])), reverse=True)


def strong_order(state: State) -> bool:
    """Round 1 with the right bower and two of the left, the ace and the king of the upcard's suit
    (the dealer counting the upcard, as the book's ``order-up-strong`` does): a pass breaks the
    convention."""
    if state.phase != BID1 or act.ORDER_UP not in state.legal():
        return False
    hand = state.hands[state.to_act]
    if state.to_act == state.dealer:
        hand |= 1 << state.upcard
    ts = _powers(hand, state.proposed)
    return bool(ts) and ts[0] == _RIGHT and sum(1 for p in ts if p in (_LEFT, _ACE, _KING)) >= 2


def loner_allowed(hand: int, t: int, benny: bool = False) -> bool:
    """Whether five cards are worth a loner with ``t`` trump: three trumps with the right bower, or
    four trumps or more, and at most :data:`LONER_LOSERS` losers by
    :func:`~euchre_learn.analysis.bots.march_losers`.

    >>> from euchre_learn.engine.cards import cards_to_mask
    >>> from euchre_learn import cards
    >>> loner_allowed(cards_to_mask(cards('J♦ A♦ K♦ K♠ K♣')), 1)    # two bare side kings
    False
    >>> loner_allowed(cards_to_mask(cards('J♥ J♦ A♥ A♠ A♣')), 2)
    True
    """
    ts = _powers(hand, t)
    if not (len(ts) >= 4 or (len(ts) == 3 and ts[0] >= _RIGHT)):
        return False
    return march_losers(hand, t, benny) <= LONER_LOSERS


def loner_suit(state: State) -> int:
    """The dealer in round 1 whose take-up would leave at most two trumps, while another suit
    holds four trumps or more with the right bower and loses at most one trick alone: that suit
    (to call alone in round 2, R4.2), else ``-1``."""
    seat = state.to_act
    if state.phase != BID1 or seat != state.dealer or state.rules.benny:
        return -1
    if len(_powers(_bid_hand(state), state.proposed)) > 2:
        return -1
    hand = state.hands[seat]
    for t in range(4):
        ts = _powers(hand, t)
        if t != state.proposed and len(ts) >= 4 and ts[0] == _RIGHT and march_losers(hand, t) <= 1:
            return t
    return -1


def one_trump_call(state: State, action: int) -> bool:
    """Whether ``action`` makes trump (not alone) with one trump or none in the suit it names."""
    if action in (act.ORDER_UP,):
        t = state.proposed
    elif act.CALL <= action < act.CALL + 4:
        t = action - act.CALL
    else:
        return False
    return len(_powers(_bid_hand(state), t)) <= 1


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

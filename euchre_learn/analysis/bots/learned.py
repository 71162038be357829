"""The bidding the standard bot and the expert learned by counterfactual regret minimisation: the
policy's lookup, the club player's rules over it, and its words.

:mod:`euchre_learn.analysis.cfr_bidding` trains the policy (``tools/train_cfr.py``) and says how;
this module reads what it wrote (``data/cfr_bidding.json``) and answers a bid with it
(:func:`policy_action`), so the bots can bid by it without the trainer and the sampling it
builds on. The key of a bid is a trump-relative abstraction of the hand (:func:`infoset`,
:func:`describe`). The policy covers the rules it was trained with (:func:`covers`) and ignores
the score.

The club player's rules over the policy (issue 35), on the core state:

* :func:`strong_order`: round 1, the right bower and two of the left, the ace and the king of
  the upcard's suit (the dealer counting the upcard): order it up (the book's
  ``order-up-strong``). The learned policy passes such hands left of the dealer (R-L-A with a nine
  up) to call next in round 2, which does no better by the policy's own sampling.
* :func:`loner_suit`: the dealer, round 1, whose take-up leaves at most two trumps while another
  suit holds four trumps or more with the right bower and marches alone but for one trick
  (:func:`~euchre_learn.analysis.bots.bidding.march_losers`): turn it down and call that suit alone
  (J♣ A♣ K♣ Q♣ 9♣ with the 9♠ up).
* :func:`loner_allowed`: a loner only on three trumps with the right bower, or four trumps, and
  at most :data:`LONER_LOSERS` losers: the sampled deals, played out by 'standard', defend a
  loner too weakly to judge one on less (two bare side kings beside three trumps is a euchre).
* :func:`one_trump_call`: no trump made holding one trump (the policy's round-2 'next' on a bare
  bower).

>>> import random, euchre_learn as el
>>> from euchre_learn.engine import core
>>> state = core.deal(el.Rules(), 3, random.Random(5))    # East bids first, the J♠ turned up
>>> key, moves = infoset(state)
>>> key, [el.Action(a) for a in moves]
('1|0|0|2.0.1.1.0.1', [Action.parse('pass'), Action.parse('order up'), Action.parse('order up alone')])
>>> describe(key)
'round 1, left of the dealer, the upcard the right bower; 2 trumps: no right bower, the left bower or the ace, 1 king or queen; no side ace, 1 void'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from euchre_learn.analysis.bots.bidding import best_discard, hand_value, march_losers
from euchre_learn.analysis.convention_book import Convention, broken
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.core import BID1, BID2, State, bits
from euchre_learn.engine.explain import action_words
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import POWER, SUIT_MASK

__all__ = [
    "ALONE_LOSERS",
    "LONER_LOSERS",
    "MIN_VISITS",
    "NEAR_GAME",
    "against",
    "covers",
    "describe",
    "gate",
    "holding",
    "infoset",
    "loner_allowed",
    "loner_suit",
    "near_game",
    "one_trump_call",
    "policy",
    "policy_action",
    "policy_words",
    "strong_order",
]

LONER_LOSERS = 2
"""A loner is weighed only when :func:`~euchre_learn.analysis.bots.bidding.march_losers` counts at most
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
    :func:`~euchre_learn.analysis.bots.bidding.march_losers`.

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


ACTIONS = ("pass", "make", "alone")
"""The abstract actions, in the order of every strategy's three numbers."""
PLACES = ("left of the dealer", "the dealer's partner", "right of the dealer", "the dealer")
UPCARDS = ("the right bower", "an ace, king or queen", "a ten or nine")
DATA = "cfr_bidding.json"
TRAINED = Rules()
"""The rules the policy was trained with (:func:`covers`)."""
ALONE_LOSERS = LONER_LOSERS
"""The expert samples loners, and the policy goes alone, only when :func:`loner_allowed` lets a club player weigh one: three
trumps with the right bower or four trumps, and at most this many losers by
:func:`~euchre_learn.analysis.bots.march_losers` (at 3, the policy's loners on two trumps and the
expert's sampled loner beside two bare side kings came through: issue 35)."""
MIN_VISITS = 200
"""A hand the training met fewer times than this is left to the bot's own bidding: its average
strategy is mostly the first iterations' guesses."""


def covers(state: State) -> bool:
    """Whether the policy speaks for this decision: a bid under the rules it was trained with (the
    defaults of RULES.md; any target score and packets). A stuck dealer (R4.3), a Canadian loner
    (R5.3) or a lone defender (R5.4) changes what a bid is worth, so those tables bid without it.

    >>> from euchre_learn.engine import core
    >>> import random
    >>> covers(core.deal(Rules(points_to_win=5), 0, random.Random(1)))
    True
    >>> covers(core.deal(Rules(stick_the_dealer=True), 0, random.Random(1)))
    False
    """
    return state.phase in (BID1, BID2) and _trained_under(state.rules)


@cache
def _trained_under(rules: Rules) -> bool:
    """Whether ``rules`` are the trained ones but for the target score and the packets (asked at
    every bid, so kept per rules rather than rebuilt)."""
    return dataclasses.replace(rules, points_to_win=TRAINED.points_to_win, deal_packets=TRAINED.deal_packets) == TRAINED


def holding(mask: int, t: int) -> str:
    """The trump-relative summary of a hand with ``t`` trump: trumps, the right bower (1 or 0),
    the left bower and the ace of trump (how many), kings and queens of trump, off-suit aces (at
    most 2) and off-suit voids (at most 2).

    >>> from euchre_learn.engine.cards import cards
    >>> hand = sum(1 << c.index for c in cards('J♥ J♦ A♥ 9♥ A♣'))
    >>> holding(hand, 2)       # hearts trump: four trumps, the right, the left and the ace, an ace beside, two voids
    '4.1.2.0.1.2'
    """
    trumps = mask & SUIT_MASK[t][t]
    power = [POWER[t][c] for c in bits(trumps)]
    aces = sum(1 for s in range(4) if s != t and mask >> (s * 6 + 5) & 1)  # an ace is never a bower
    voids = sum(1 for s in range(4) if s != t and not mask & SUIT_MASK[t][s])
    right = int(16 in power)
    top = sum(1 for p in power if p in (14, 15))
    mid = sum(1 for p in power if p in (12, 13))
    return f"{len(power)}.{right}.{top}.{mid}.{min(aces, 2)}.{min(voids, 2)}"


def _place(state: State) -> int:
    return (state.to_act - state.dealer - 1) & 3


def _best_suit(state: State) -> int:
    hand = state.hands[state.to_act]
    down = state.turned_down
    return max((t for t in range(4) if t != down), key=lambda t: (hand_value(hand, t), -t))


def infoset(state: State) -> tuple[str, list[int]]:
    """The abstraction's key for the bid to make in ``state``, and the engine action of each of
    pass, make and alone (``-1`` where that one is not legal)."""
    key, moves, _hand, _t = _view(state)
    return key, moves


def _view(state: State) -> tuple[str, list[int], int, int]:
    """:func:`infoset`, and the five cards it judged with the trump suit it judged them for."""
    legal = set(state.legal())
    place = _place(state)
    hand = state.hands[state.to_act]
    if state.phase == BID1:
        t, up = state.proposed, state.upcard
        if place == 3:
            hand |= 1 << up
            hand &= ~(1 << best_discard(hand, t, 1 << up))
        power = POWER[t][up]
        upclass = 0 if power == 16 else 1 if power >= 12 else 2
        key = f"1|{place}|{upclass}|{holding(hand, t)}"
        moves = [act.PASS, act.ORDER_UP, act.ORDER_UP_ALONE]
    else:
        t = _best_suit(state)
        nxt = int(t == 3 - state.turned_down)
        key = f"2|{place}|{nxt}|{holding(hand, t)}"
        moves = [act.PASS, act.CALL + t, act.CALL_ALONE + t]
    return key, [a if a in legal else -1 for a in moves], hand, t


NEAR_GAME = 2
"""When either side needs this many points or fewer, the game, not the hand's points, decides a
bid (R8: no loner when a march wins it, more daring when a euchre cannot lose it), which the
policy, learned for the points, cannot weigh: the standard bot bids by its thresholds then, and
the expert samples its bids."""


def near_game(score: Sequence[int] | None, target: int) -> bool:
    """Whether a side needs at most :data:`NEAR_GAME` points to reach ``target``.

    >>> near_game((8, 3), 10), near_game((7, 7), 10), near_game(None, 10)
    (True, False, False)
    """
    return score is not None and min(target - score[0], target - score[1]) <= NEAR_GAME


@cache
def policy() -> dict[str, Any]:
    """The trained policy shipped with the package (``data/cfr_bidding.json``)."""
    text = resources.files("euchre_learn.analysis").joinpath("data", DATA).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def policy_action(state: State, no_alone: bool = False) -> tuple[int, list[float], str] | None:
    """The policy's bid in ``state``: the legal action with the highest average probability
    (ties to the safer one) once the club player's gate (:func:`gate`) has moved the shares it
    refuses, those three shares and the key; ``None`` when the policy does not cover the decision
    or the training met its key fewer than :data:`MIN_VISITS` times.

    ``no_alone``: going alone is not an option (the score makes a loner pointless, R7.1)."""
    if not covers(state):
        return None
    key, moves, hand, t = _view(state)
    row = policy()["policy"].get(key)
    if row is None or row[3] < MIN_VISITS:
        return None
    weights = gate(state, moves, hand, t, row[:3], no_alone)
    legal = [i for i, m in enumerate(moves) if m >= 0 and weights[i] > 0] or [i for i, m in enumerate(moves) if m >= 0]
    i = max(legal, key=lambda j: (weights[j], -j))
    return moves[i], weights, key


def gate(
    state: State, moves: list[int], hand: int, t: int, probs: Sequence[float], no_alone: bool = False
) -> list[float]:
    """The policy's three shares (pass, make, alone) after the bids no club player makes are
    refused (issue 35's scan of the shipped policy, :func:`absurd`):

    * a loner on a hand :func:`~euchre_learn.analysis.expert_rules.loner_allowed` refuses (two
      trumps, three without the right bower, more than :data:`ALONE_LOSERS` losers), or where
      ``no_alone``: its share goes to making trump with the partner (a hand worth a loner is
      worth making trump with);
    * making trump on one trump or none: its share goes to the pass;
    * a pass in round 1 holding the right bower and two of the left, the ace and the king
      (:func:`~euchre_learn.analysis.expert_rules.strong_order`): its share goes to making
      trump.
    """
    w = list(probs)  # each check only where it would move a share (the standard bot asks at every bid)
    if w[2] and (no_alone or not loner_allowed(hand, t)):
        w = [w[0], w[1] + w[2], 0.0]
    if w[1] and moves[1] >= 0 and one_trump_call(state, moves[1]):
        w = [w[0] + w[1], 0.0, w[2]]
    if w[0] and state.phase == BID1 and strong_order(state):
        w = [0.0, w[1] + w[0], w[2]]
    return [round(x, 3) for x in w]


LEFT_AND_ACE = ("neither the left bower nor the ace", "the left bower or the ace", "the left bower and the ace")
DOES = ("passes", "makes trump with its partner", "goes alone")
"""What each abstract action is, in words."""


def policy_words(state: State, action: int, probs: list[float], key: str) -> str:
    """The sentence for a bid the policy chose (``probs``: the shares after :func:`gate`); where the
    gate overruled what was learned, the club player's rule it kept."""
    who = Seat(state.to_act).word
    n = policy()["iterations"]
    learned = policy()["policy"][key][:3]
    share = ", ".join(f"{does} {p:.0%}" for does, p in zip(DOES, learned, strict=True) if p >= 0.005)
    text = (
        f"{who} chooses to {action_words(state, state.to_act, action)}: with hands like this one "
        f"({describe(key)}), the bidding it learned by counterfactual regret minimisation over {n:,} deals "
        f"{share} of the time"
    )
    chosen = max(range(3), key=lambda i: (probs[i], -i))
    if max(range(3), key=lambda i: (learned[i], -i)) != chosen:
        text += f"; {_gate_words(state, chosen)}"
    return text + "."


def _gate_words(state: State, chosen: int) -> str:
    """Why :func:`gate` overruled the learned share, given the action it chose (0 pass, 1 make)."""
    if chosen == 0:
        return "but a club player does not make trump on one trump, and neither does this bot"
    if state.phase == BID1 and strong_order(state):
        return (
            "but with the right bower and two more of the top trumps a club player orders it up "
            "(the convention), and so does this bot"
        )
    return "but a club player goes alone only on three trumps with the right bower or four, so this bot makes trump with its partner"


def describe(key: str) -> str:
    """The key in words.

    >>> describe('1|0|0|2.0.1.1.0.1')
    'round 1, left of the dealer, the upcard the right bower; 2 trumps: no right bower, the left bower or the ace, 1 king or queen; no side ace, 1 void'
    """
    rnd, place, third, hold = key.split("|")
    n, right, top, mid, aces, voids = (int(x) for x in hold.split("."))
    where = f"the upcard {UPCARDS[int(third)]}" if rnd == "1" else ("next" if third == "1" else "not next")

    def count(k: int, one: str, many: str, capped: bool = False) -> str:
        return "no " + one if k == 0 else f"1 {one}" if k == 1 else f"{k}{'+' if capped else ''} {many}"

    return (
        f"round {rnd}, {PLACES[int(place)]}, {where}; {count(n, 'trump', 'trumps')}: "
        f"{'the' if right else 'no'} right bower, {LEFT_AND_ACE[top]}, "
        f"{count(mid, 'king or queen', 'kings and queens')}; {count(aces, 'side ace', 'side aces', True)}, "
        f"{count(voids, 'void', 'voids', True)}"
    )


def against(state: State, action: int) -> tuple[Convention, ...]:
    """The rules of thumb of the coach's book (:mod:`~euchre_learn.analysis.convention_book`) the
    bid ``action`` goes against in ``state``; none where it keeps them all.

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('W', {'N': 'J♥ J♦ A♥ A♣ 9♠', 'E': 'K♣ Q♣ 9♣ K♦ Q♦',
    ...                                 'S': '10♦ 9♦ K♠ Q♠ J♠', 'W': 'A♦ 10♠ A♠ 10♥ Q♥'}, upcard='9♥')
    >>> [c.id for c in against(hand.core, act.PASS)], against(hand.core, act.ORDER_UP)
    (['order-up-strong'], ())
    """
    hand = Hand.from_cards(
        Seat(state.dealer),
        {Seat(s): [Card(c) for c in bits(state.hands[s])] for s in range(4)},
        Card(state.upcard),
        rules=state.rules,
    )
    for _ in range(((state.to_act - state.dealer - 1) & 3) + (4 if state.phase == BID2 else 0)):
        hand = hand.apply(Action(act.PASS))  # every bid before a trump is made is a pass
    return broken(hand, Action(action))

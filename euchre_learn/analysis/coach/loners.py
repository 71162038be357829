"""When the coach may suggest going alone (issue 33): the expert's march gate, and the score at
which a loner adds nothing.

The coach values every option by playing the rest of the hand on at a table. A thin loner, such
as the dealer's partner's J♥ 9♥ A♠ K♠ Q♠ with the K♥ turned up, marches there about 4 times in 10
whether its defenders defend as the standard bot now does or as the expert does, and tops the
table values (+1.47 points against +0.81 for the assist on 240 deals; +1.57 with the standard
bot's defence before issue 33), though strong players do not go alone with it and the best
defence (double dummy) makes it worth +0.70 against +1.19. Two rules stand before a loner is
suggested:

* **The march gate** (:func:`march_gate`): the expert bot goes alone only with a hand that may
  lose at most :data:`~euchre_learn.analysis.cfr_bidding.ALONE_LOSERS` tricks, counted
  pessimistically by :func:`~euchre_learn.analysis.bots.march_losers` (every missing trump in
  one defender's hand, a side ace good only with three trumps to draw with). The coach keeps the
  same gate.
* **Going alone adds nothing** (:func:`loner_adds_nothing`) when a march with the partner
  already reaches the target (R7.1: a march scores 2, so at 8 points of 10, or 9): alone the
  hand can only do worse for the game, since the partner's help is given up for points past
  the target, which count nothing. Defending alone (R5.4) likewise adds nothing when a euchre
  with the partner wins the game.

:func:`refusal` says, in a player's words, why the coach will not suggest a loner (``''`` when it
may), and :func:`with_partner` names the same bid made with the partner, the option to suggest
instead; :func:`gated_best` applies both to a ranking of the options, best first.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_learn.analysis.bots import best_discard, march_losers
from euchre_learn.analysis.bots.base import ACE_RANK, KING_RANK, TRUMP_MASK, card_list
from euchre_learn.analysis.cfr_bidding import ALONE_LOSERS
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card
from euchre_learn.engine.core import BID1, BID2, DEFEND, bits
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE, POWER, SUIT_MASK

__all__ = [
    "gated_best",
    "loner_adds_nothing",
    "loner_cards",
    "loner_losers",
    "march_gate",
    "refusal",
    "with_partner",
]


def _action(action: Action | int | str) -> Action:
    return action if isinstance(action, Action) else Action(action) if isinstance(action, int) else Action.parse(action)


def _trump(hand: Hand, action: Action) -> int:
    """The trump suit ``action`` (a loner) makes in ``hand``: the one the upcard proposes in round 1."""
    state = hand.core
    return state.proposed if action.id == act.ORDER_UP_ALONE else (action.id - act.CALL_ALONE) % 4


def loner_cards(hand: Hand, action: Action | int | str) -> int:
    """The five cards (a mask) the seat to act plays alone with if it takes ``action``, a loner:
    its hand, but the dealer who orders up alone in round 1 picks up the upcard and discards
    first (its best discard); the dealer's partner plays without the upcard (R5.2).

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.bots.base import card_list
    >>> hand = el.Hand.from_cards('N', {'N': 'J♥ A♥ Q♥ 9♣ A♠', 'E': '9♠ 10♠ J♠ Q♠ K♠',
    ...     'S': '9♦ 10♦ J♦ Q♦ K♦', 'W': '9♥ 10♥ K♥ 10♣ J♣'}, upcard='A♦')
    >>> hand = hand.apply('pass').apply('pass').apply('pass')         # North deals: the dealer
    >>> card_list(loner_cards(hand, 'order up alone'), hand.core.upcard // 6)   # diamonds trump
    'J♥ A♦ A♥ A♠ Q♥'
    """
    a = _action(action)
    state = hand.core
    seat = state.to_act
    cards = state.hands[seat]
    if a.id == act.ORDER_UP_ALONE and seat == state.dealer:
        t = _trump(hand, a)
        cards |= 1 << state.upcard
        cards &= ~(1 << best_discard(cards, t, 1 << state.upcard))
    return cards


def loner_losers(hand: Hand, action: Action | int | str) -> int:
    """How many tricks the loner ``action`` may lose, counted as the expert counts before it goes
    alone (:func:`~euchre_learn.analysis.bots.march_losers` on :func:`loner_cards`).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': 'J♥ 9♥ A♠ K♠ Q♠', 'E': '9♣ 10♣ Q♦ K♦ 10♥',
    ...     'S': 'J♣ A♣ 9♦ 10♦ A♥', 'W': 'K♣ Q♣ J♦ A♦ 9♠'}, upcard='K♥').apply('pass')
    >>> loner_losers(hand, 'order up alone')     # North, the dealer's partner: the 9♥, A♠ K♠ Q♠
    4
    """
    a = _action(action)
    return march_losers(loner_cards(hand, a), _trump(hand, a), bool(hand.rules.benny))


def march_gate(hand: Hand, action: Action | int | str) -> bool:
    """Whether ``action`` passes the expert's march gate: ``True`` for anything but going alone
    (ordering up or calling alone), and for a loner whose hand may lose at most
    :data:`~euchre_learn.analysis.cfr_bidding.ALONE_LOSERS` tricks (:func:`loner_losers`).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': 'J♥ 9♥ A♠ K♠ Q♠', 'E': '9♣ 10♣ Q♦ K♦ 10♥',
    ...     'S': 'J♣ A♣ 9♦ 10♦ A♥', 'W': 'K♣ Q♣ J♦ A♦ 9♠'}, upcard='K♥').apply('pass')
    >>> march_gate(hand, 'order up alone'), march_gate(hand, 'order up')
    (False, True)
    """
    a = _action(action)
    if not a.alone:
        return True
    return loner_losers(hand, a) <= ALONE_LOSERS


def _needs(hand: Hand, score: Sequence[int]) -> int:
    """The points the seat to act's side still needs to win the game."""
    return int(hand.rules.points_to_win - score[hand.core.to_act & 1])


def loner_adds_nothing(hand: Hand, score: Sequence[int] | None) -> bool:
    """Whether a march with the partner already wins the game for the seat to act's side, so that
    going alone adds nothing (R7.1: a march scores 2 with the partner): at 8 or 9 points of 10.
    For a defender asked whether to defend alone (R5.4), whether a euchre with the partner (2
    points) wins it. ``score`` is the game score ``(NS, EW)`` before the hand; ``None`` (no
    game): ``False``.

    >>> import euchre_learn as el
    >>> hand = el.Hand.deal('N', seed=1)                     # East to bid first
    >>> [loner_adds_nothing(hand, s) for s in ((5, 8), (8, 5), (0, 9), (9, 9), None)]
    [True, False, True, True, False]
    """
    if score is None:
        return False
    return _with_partner_points(hand) >= _needs(hand, score)


def _with_partner_points(hand: Hand) -> int:
    """What the seat to act's side scores at best with the partner's help: a march (R7.1), or,
    a defender deciding whether to defend alone (R5.4), a euchre of the loner."""
    if hand.core.phase == DEFEND:
        return score_hand(2, alone=True, rules=hand.rules).defenders
    return score_hand(5, alone=False, rules=hand.rules).makers


def _score_words(hand: Hand, score: Sequence[int]) -> str:
    team = hand.core.to_act & 1
    return f"at {score[team]}–{score[1 - team]}"


def refusal(hand: Hand, action: Action | int | str, score: Sequence[int] | None = None) -> str:
    """Why the coach will not suggest ``action`` (a loner) for the seat to act, in a player's
    words; ``''`` when it may (not a loner, or a loner through the march gate at a score where
    it can add something).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': 'J♥ 9♥ A♠ K♠ Q♠', 'E': '9♣ 10♣ Q♦ K♦ 10♥',
    ...     'S': 'J♣ A♣ 9♦ 10♦ A♥', 'W': 'K♣ Q♣ J♦ A♦ 9♠'}, upcard='K♥').apply('pass')
    >>> refusal(hand, 'order up alone')
    'alone, this hand can lose 4 tricks (the 9♥ to any of 4 higher trumps still out; the A♠ K♠ Q♠, with only 2 trumps to draw with): strong players go alone only with 2 such losers or fewer'
    >>> refusal(hand, 'order up alone', score=(8, 5))
    'going alone adds nothing: at 8–5, 2 points win the game, which a march with your partner scores too (R7.1)'
    >>> refusal(hand, 'order up')
    ''
    """
    a = _action(action)
    defend = a.id == act.DEFEND_ALONE
    if not (a.alone or defend):
        return ""
    if loner_adds_nothing(hand, score):
        assert score is not None
        need = _needs(hand, score)
        points = "1 point wins" if need == 1 else f"{need} points win"
        if defend:
            return (
                f"defending alone adds nothing: {_score_words(hand, score)}, {points} the game, which a euchre "
                "with your partner scores too (R7.1, R7.4)"
            )
        return (
            f"going alone adds nothing: {_score_words(hand, score)}, {points} the game, which a march with "
            "your partner scores too (R7.1)"
        )
    if defend:
        return ""
    if march_gate(hand, a):
        return ""
    return (
        f"alone, this hand can lose {loner_losers(hand, a)} tricks ({_losers_words(hand, a)}): strong players go "
        f"alone only with {ALONE_LOSERS} such losers or fewer"
    )


def _losers_words(hand: Hand, a: Action) -> str:
    """Where a loner's losers come from: its lowest trump under the higher ones still out (the
    upcard counts as out unless it is turned down or dead, R5.2), and the side cards that are
    not aces with three trumps to draw with (or kings under them with four)."""
    state = hand.core
    t = _trump(hand, a)
    power = POWER[t]
    cards = loner_cards(hand, a)
    trumps = cards & TRUMP_MASK[t]
    n = trumps.bit_count()
    deck = 25 if hand.rules.benny else 24
    gone = cards
    dead = state.dealer == (state.to_act + 2) & 3 and not hand.rules.dealer_picks_up_for_partner_loner
    if state.phase == BID2 or dead:
        gone |= 1 << state.upcard
    parts = []
    if trumps:
        low = min(bits(trumps), key=power.__getitem__)
        higher = [c for c in range(deck) if EFFECTIVE[t][c] == t and not gone >> c & 1 and power[c] > power[low]]
        if len(higher) == 1:
            parts.append(f"the {Card(low)} to the {Card(higher[0])}, still out")
        elif higher:
            parts.append(f"the {Card(low)} to any of {len(higher)} higher trumps still out")
    else:
        parts.append("no trump to stop the others' trumps")
    good = 0
    for c in bits(cards & ~TRUMP_MASK[t]):
        held = cards & SUIT_MASK[t][EFFECTIVE[t][c]]
        if (c % 6 == ACE_RANK and n >= 3) or (c % 6 == KING_RANK and n >= 4 and held >> (c + 1) & 1):
            good |= 1 << c
    side = cards & ~TRUMP_MASK[t] & ~good
    if side:
        draw = f"with only {n} trump{'s' if n != 1 else ''} to draw with" if n < 3 else "that may lose"
        parts.append(f"the {card_list(side, t)}, {draw}")
    return "; ".join(parts)


def with_partner(hand: Hand, action: Action | int | str) -> Action | None:
    """The same bid made with the partner (``order up`` for ``order up alone``, ``call ♥`` for
    ``call ♥ alone``) when it is legal for the seat to act; ``None`` otherwise (the dealer's
    partner under ``canadian_loner``, R5.3, may only assist alone).

    >>> import euchre_learn as el
    >>> hand = el.Hand.deal('N', seed=1)
    >>> str(with_partner(hand, 'order up alone'))
    'order up'
    """
    a = _action(action)
    if not a.alone:
        return a
    twin = act.ORDER_UP if a.id == act.ORDER_UP_ALONE else a.id - act.CALL_ALONE + act.CALL
    return Action(twin) if twin in hand.core.legal() else None


def gated_best(hand: Hand, ranked: Sequence[Action | int | str], score: Sequence[int] | None = None) -> Action:
    """The first of ``ranked`` (the options, best first, as the coach's values rank them) that the
    coach may suggest: a loner the march gate refuses, or one that adds nothing at ``score``,
    gives way to the next option (the same bid with the partner, where the values rank it next).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': 'J♥ 9♥ A♠ K♠ Q♠', 'E': '9♣ 10♣ Q♦ K♦ 10♥',
    ...     'S': 'J♣ A♣ 9♦ 10♦ A♥', 'W': 'K♣ Q♣ J♦ A♦ 9♠'}, upcard='K♥').apply('pass')
    >>> str(gated_best(hand, ['order up alone', 'order up', 'pass']))
    'order up'
    """
    if not ranked:
        raise ValueError("gated_best: got no options: expected the legal actions, best first")
    actions = [_action(a) for a in ranked]
    if hand.core.phase not in (BID1, BID2, DEFEND):
        return actions[0]
    return next((a for a in actions if not refusal(hand, a, score)), actions[0])

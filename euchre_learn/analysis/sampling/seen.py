"""What the seat to act has seen, as every strategy of the sampler reads it: what it remembers of
the bidding (:func:`known_history`), the cards each seat played (:func:`played_by`), the suits each
showed out of (:func:`voids`, R6.2), and a deal of the hidden cards around those voids
(:func:`deal_hidden`, tried again by :func:`deal_around_voids` until one fits).
"""

from __future__ import annotations

import random

from euchre_learn.analysis.sampling.base import dead_upcard
from euchre_learn.engine import act
from euchre_learn.engine.cards import BENNY_INDEX
from euchre_learn.engine.core import BENNY, BID1, DEFEND, RR_DISCARD, State
from euchre_learn.engine.trump import EFFECTIVE

__all__ = ["deal_around_voids", "deal_hidden", "known_history", "played_by", "voids"]


def voids(state: State) -> list[int]:
    """For each seat, a bitmask of the effective suits it has shown out of (R6.2).

    >>> import euchre_learn as el
    >>> voids(el.examples.hand('left-bower-trap', after=2).state)
    [0, 0, 0, 0]
    """
    eff = EFFECTIVE[state.trump]
    out = [0, 0, 0, 0]
    tricks = [(cs, seats) for _lead, cs, seats, _w in state.tricks]
    if state.trick:
        tricks.append((tuple(state.trick), tuple(state.trick_seats)))
    for cs, seats in tricks:
        led = eff[cs[0]]
        for c, who in zip(cs[1:], seats[1:], strict=True):
            if eff[c] != led:
                out[who] |= 1 << led
    return out


def deal_hidden(
    hidden: list[int], counts: list[int], voids: list[int], trump: int, rng: random.Random
) -> list[int] | None:
    """Give each seat ``counts[s]`` of the hidden cards, none of a suit it has shown out of;
    the rest stay unseen (kitty, or a hand sitting out). ``None`` when a try gets stuck."""
    eff = EFFECTIVE[trump]
    spare = len(hidden) - sum(counts)
    room = counts[:]
    hands = [0, 0, 0, 0]
    cards = hidden[:]
    rng.shuffle(cards)
    # the most constrained cards first: those few seats may take
    cards.sort(key=lambda c: sum(1 for s in range(4) if room[s] and not voids[s] >> eff[c] & 1))
    for c in cards:
        suit = eff[c]
        options = [s for s in range(4) if room[s] and not voids[s] >> suit & 1]
        weights = [room[s] for s in options]
        total = sum(weights) + spare
        if total == 0:
            return None
        pick = rng.randrange(total)
        for s, w in zip(options, weights, strict=True):
            if pick < w:
                hands[s] |= 1 << c
                room[s] -= 1
                break
            pick -= w
        else:
            spare -= 1
    if any(room):
        return None
    return hands



def deal_around_voids(
    hidden: list[int], counts: list[int], voids: list[int], trump: int, rng: random.Random, tries: int
) -> list[int]:
    """:func:`deal_hidden` tried up to ``tries`` times; should the voids leave no room every time,
    one more deal that ignores them (a world must hold every hidden card somewhere).

    >>> import random
    >>> hands = deal_around_voids(list(range(10)), [3, 3, 3, 0], [0, 0, 0, 0], 0, random.Random(1), 20)
    >>> [bin(h).count('1') for h in hands]
    [3, 3, 3, 0]
    """
    for _ in range(tries):
        dealt = deal_hidden(hidden, counts, voids, trump, rng)
        if dealt is not None:
            return dealt
    dealt = deal_hidden(hidden, counts, [0, 0, 0, 0], trump, rng)
    assert dealt is not None
    return dealt


def played_by(state: State) -> list[int]:
    """The cards each seat has played so far, as four card masks (by seat)."""
    played = [0, 0, 0, 0]
    for _lead, cs, seats, _w in state.tricks:
        for c, s in zip(cs, seats, strict=True):
            played[s] |= 1 << c
    for c, s in zip(state.trick, state.trick_seats, strict=True):
        played[s] |= 1 << c
    return played



def known_history(state: State) -> tuple[int, list[tuple[int, int]]]:
    """What the seat to act remembers of a hand in a bidding phase, rebuilt from the core state
    alone: its dealt cards and the ``(seat, action id)`` pairs so far. Cards it never saw (another
    dealer's discard, a railroad card given to someone else) appear as the state holds them; the
    advisor redraws them in each world. (Bots act on a :class:`State`, which keeps no history.)

    >>> import euchre_learn as el
    >>> from euchre_learn.engine.actions import Action
    >>> dealt, history = known_history(el.examples.hand('stuck-dealer-poor-hand', after=7).state)
    >>> len(history), {str(Action(a)) for _, a in history}
    (7, {'pass'})
    """
    seat, dealer = state.to_act, state.dealer
    hist: list[tuple[int, int]] = []
    if state.upcard == BENNY_INDEX and state.phase != BENNY:
        hist.append((dealer, act.NAME + state.proposed))
    eldest = (dealer + 1) & 3
    made = state.maker >= 0
    round2 = state.turned_down >= 0
    if round2:
        hist += [((eldest + i) & 3, act.PASS) for i in range(4)]
        if made:
            hist += [((eldest + i) & 3, act.PASS) for i in range((state.maker - eldest) & 3)]
            hist.append((state.maker, (act.CALL_ALONE if state.alone else act.CALL) + state.trump))
        else:
            hist += [((eldest + i) & 3, act.PASS) for i in range(state.passes)]
    elif made:
        hist += [((eldest + i) & 3, act.PASS) for i in range((state.maker - eldest) & 3)]
        hist.append((state.maker, act.ORDER_UP_ALONE if state.alone else act.ORDER_UP))
    elif state.phase == BID1:
        hist += [((eldest + i) & 3, act.PASS) for i in range(state.passes)]
    picked_up = made and not round2 and not dead_upcard(state)
    if picked_up and state.discard >= 0:
        hist.append((dealer, act.DISCARD + state.discard))
    if state.given >= 0:
        hist.append(((state.maker + 2) & 3, act.GIVE + state.given))
        if state.phase in (RR_DISCARD, DEFEND):  # the loner has taken or declined it
            hist.append((state.maker, act.TAKE if state.taken else act.DECLINE))
        if state.rr_discard >= 0:
            hist.append((state.maker, act.DISCARD + state.rr_discard))
    if state.phase == DEFEND:
        hist += [((state.maker + 1 + 2 * i) & 3, act.PASS) for i in range(state.passes)]
    dealt = state.hands[seat]
    if picked_up and seat == dealer:
        dealt &= ~(1 << state.upcard)
        if state.discard >= 0:
            dealt |= 1 << state.discard
    if state.given >= 0:
        if seat == state.maker and state.taken:
            dealt &= ~(1 << state.given)
            if state.rr_discard >= 0:
                dealt |= 1 << state.rr_discard
        elif seat == (state.maker + 2) & 3:
            dealt |= 1 << state.given
    return dealt, hist


"""The play phase without copying the state: what the public :class:`~euchre_learn.Hand` reads
while the cards are played (issue 12).

:meth:`State.apply <euchre_learn.engine.core.state.State.apply>` plays a card on a copy of the
state; copying the state for every card took more time than the rest of ``Hand.apply``. So a hand
in the play keeps only what a card changes (the cards played, the trick in progress, who is to
act) in its own slots, and shares with the hands after it a :data:`Play`: what changes only when
a trick ends (the tricks, the tricks won, the leader, the score) and, in a :class:`PlayTable`,
what the play never changes (the seats of a trick, the follow masks, the strength of each card).
:func:`state_of` builds the :class:`State` from them when something asks for it.

This is a second reading of ``State.apply``'s play branch, for speed: a change to the play phase
in :mod:`~euchre_learn.engine.core.state` must be made here too. ``tests/engine/test_hand_sharing.py``
checks that every hand, along a line and down every other branch, reads exactly as copy-and-apply
gives.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from euchre_learn.engine import act
from euchre_learn.engine.actions import ACTIONS, Action, Actions
from euchre_learn.engine.core.state import BENNY, BID1, BID2, DEFEND, DISCARD_PHASE, OVER, RR_TAKE, State, final_score
from euchre_learn.engine.rules import HandScore
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK, TRUMP_KEYS

__all__ = [
    "AFTER",
    "BASE",
    "CHAIN",
    "DEAL",
    "FOLLOW",
    "HOLDINGS",
    "LEADER",
    "NO_ACTIONS",
    "ONE",
    "PLAYED",
    "SCORE",
    "TABLE",
    "TRICKS",
    "UNBIT",
    "WON",
    "Deal",
    "Play",
    "PlayTable",
    "TrickBits",
    "discards",
    "end_trick",
    "enter",
    "legal_of",
    "plays",
    "plays_since",
    "state_of",
]

Deal = tuple[tuple[int, ...], int, int]
"""A deal: the four holdings dealt (bitmasks), the upcard, the kitty (a bitmask)."""
TrickBits = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A finished trick as :class:`State` keeps it: leader, cards, seats, winner."""


def _card_table(base: int, low: int, width: int) -> tuple[tuple[Action, ...], ...]:
    """``table[b]``: the actions ``base + low + i`` (a play or a discard of card ``low + i``) for
    the bits ``i`` of ``b``."""
    return tuple(tuple(ACTIONS[base + low + i] for i in range(width) if b >> i & 1) for b in range(1 << width))


# the plays (discards) of a card mask are three lookups (the cards are 0-23, the Benny 24)
_P0, _P1, _P2 = _card_table(act.PLAY, 0, 8), _card_table(act.PLAY, 8, 8), _card_table(act.PLAY, 16, 9)
_D0, _D1, _D2 = _card_table(act.DISCARD, 0, 8), _card_table(act.DISCARD, 8, 8), _card_table(act.DISCARD, 16, 9)

PLAYS: dict[int, Actions] = {}
"""The :class:`Actions` of the card masks of up to three cards seen (2,625 at most): in random play
four legal plays in five are one of them. Four or five cards seldom come back, and are built."""


def plays(mask: int) -> Actions:
    """The play actions of the cards in ``mask``, in id order, as :class:`Actions` (after a miss
    in :data:`PLAYS`; ``PLAYS.get(mask) or plays(mask)`` reads both)."""
    found = tuple.__new__(Actions, _P0[mask & 255] + _P1[mask >> 8 & 255] + _P2[mask >> 16])
    if mask.bit_count() <= 3:
        PLAYS[mask] = found
    return found


def discards(mask: int) -> Actions:
    """The discard actions of the cards in ``mask``, in id order."""
    return tuple.__new__(Actions, _D0[mask & 255] + _D1[mask >> 8 & 255] + _D2[mask >> 16])


_BIDDING_LEGAL: dict[tuple[int, ...], tuple[Actions, int]] = {}
"""The legal actions and their mask of a bidding list of ids (a few dozen lists, asked often)."""

_SMALL_PHASES = frozenset({BENNY, BID1, BID2, RR_TAKE, DEFEND})
"""The phases whose legal actions are one of a few lists (the discards and gives are not)."""


def legal_of(state: State) -> tuple[Actions, int]:
    """The legal actions of a state before the play, as :class:`Actions`, and their mask (bit
    ``i`` for action id ``i``): what ``Hand.legal_actions`` gives, worked out once a hand."""
    if state.phase == DISCARD_PHASE:  # once a hand, from a card mask as the plays
        m = state.discard_mask()
        return discards(m), m << act.DISCARD
    ids = state.legal()
    key = tuple(ids)
    found = _BIDDING_LEGAL.get(key)
    if found is None:
        mask = 0
        for a in ids:
            mask |= 1 << a
        found = (tuple.__new__(Actions, [ACTIONS[a] for a in ids]), mask)
        if state.phase in _SMALL_PHASES:
            _BIDDING_LEGAL[key] = found
    return found


UNBIT = tuple(~(1 << c) for c in range(25))
"""``UNBIT[c]``: every bit but card ``c``'s."""
ONE = tuple((x,) for x in range(25))
"""``(c,)`` made once, to add card ``c`` to a trick."""
NO_ACTIONS = Actions()

_FOLLOW = tuple(tuple(SUIT_MASK[t][EFFECTIVE[t][c]] for c in range(25)) for t in range(4))
"""``_FOLLOW[trump][led]``: the cards that follow the card led (R6.2)."""


class PlayTable(NamedTuple):
    """What the play phase reads and never changes, for one (seats out, trump)."""

    orders: tuple[tuple[int, ...], ...]
    """By leader, the seats of a trick in play order (empty for a seat that sits out)."""
    afters: tuple[tuple[int, ...], ...]
    """By leader, the next seat of the trick after each seat (-1 after the last)."""
    follow: tuple[int, ...]
    """By the card led, the cards that follow it (R6.2)."""
    trump: int
    strength: tuple[tuple[int, ...], ...]
    """By the card led, the strength of each card in the trick (``winner_index``'s table)."""


_TABLES: dict[tuple[int, int], PlayTable] = {}


def play_table(out: int, trump: int) -> PlayTable:
    """The :class:`PlayTable` of the seats ``out`` (a bitmask) and ``trump``, made once."""
    key = (out, trump)
    found = _TABLES.get(key)
    if found is None:
        size = 4 - out.bit_count()  # the cards in a trick, and the next active seat, as State.apply
        orders, afters = [], []
        for leader in range(4):
            seats = [leader]
            while len(seats) < size:
                after = (seats[-1] + 1) & 3
                while out >> after & 1:
                    after = (after + 1) & 3
                seats.append(after)
            order = () if out >> leader & 1 or size < 1 else tuple(seats)
            nxt = [-1, -1, -1, -1]
            for k in range(len(order) - 1):
                nxt[order[k]] = order[k + 1]
            orders.append(order)
            afters.append(tuple(nxt))
        strength = tuple(TRUMP_KEYS[trump][EFFECTIVE[trump][c]] for c in range(25))
        found = _TABLES[key] = PlayTable(tuple(orders), tuple(afters), _FOLLOW[trump & 3], trump, strength)
    return found


Play = tuple[
    tuple[int, ...],  # AFTER: the next seat of this trick after each seat; -1 after the last
    tuple[int, ...],  # FOLLOW: the cards that follow each card led
    PlayTable,  # TABLE
    tuple[int, ...],  # HOLDINGS: the holdings at the start of the play (of BASE)
    tuple[TrickBits, ...],  # TRICKS: the finished tricks
    tuple[int, int],  # WON: the tricks won by North-South and East-West
    int,  # LEADER
    HandScore | None,  # SCORE: once the fifth trick is over, else None
    State,  # BASE
    Deal,  # DEAL
    tuple[Any, ...],  # CHAIN: the history chain up to BASE (see Hand.history_ids)
    int,  # PLAYED: the cards played in BASE (the plays in TRICKS that CHAIN already has)
]
"""What the hands of one trick share; it changes only when a trick ends (:func:`end_trick`).
BASE is a state with the hand's values of everything the play does not change (rules, dealer,
trump, maker, who sits out, ...), shared by the hands of a play and never mutated.

A plain tuple read by the named indices below, not a class: a new one is made at every trick's
end and its fields are read on every card played, and a tuple is the fastest at both (a
class with slots made ``Hand.apply`` 7% slower in the play)."""

AFTER: Final = 0
FOLLOW: Final = 1
TABLE: Final = 2
HOLDINGS: Final = 3
TRICKS: Final = 4
WON: Final = 5
LEADER: Final = 6
SCORE: Final = 7
BASE: Final = 8
DEAL: Final = 9
CHAIN: Final = 10
PLAYED: Final = 11


def enter(state: State, own: bool, deal: Deal, chain: tuple[Any, ...]) -> Play | None:
    """The :data:`Play` of a state in the play phase, or ``None`` when the play slots cannot hold
    it (two seats holding one card, a trick whose seats are out of turn: such a state plays on by
    copy-and-apply). ``own``: nothing else holds ``state``, so it is kept as BASE without a copy."""
    hands, trick, leader = tuple(state.hands), state.trick, state.leader
    a, b, c, d = hands
    table = _TABLES.get((state.out, state.trump)) or play_table(state.out, state.trump)
    order = table.orders[leader & 3]
    if (  # what the play slots hold exactly (as every state that was dealt and played does)
        not (a & (b | c | d) or b & (c | d) or c & d)
        and 0 <= leader < 4
        and len(state.tricks) < 5
        and len(trick) < len(order)
        and state.to_act == order[len(trick)]
        and state.trick_seats == list(order[: len(trick)])
    ):
        tricks = tuple(state.tricks)
        played = sum(len(t[1]) for t in tricks) + len(trick)
        base = state if own else state.copy()
        won = (state.won[0], state.won[1])
        return (
            table.afters[leader],
            table.follow,
            table,
            hands,
            tricks,
            won,
            leader,
            state.score,
            base,
            deal,
            chain,
            played,
        )
    return None


def end_trick(play: Play, trick: tuple[int, ...]) -> Play:
    """The :data:`Play` after the last card of ``trick``: its winner leads the next trick, or,
    after the fifth, the hand is scored (SCORE set)."""
    _, follow, table, holdings, tricks, won, leader, _, base, deal, chain, played = play
    orders, afters, _, _, strengths = table  # unpacked: faster than three reads by name
    seats = orders[leader]
    keys = strengths[trick[0]]  # winner_index, inline
    strength = tuple(map(keys.__getitem__, trick))
    w = seats[strength.index(max(strength))]
    tricks = (*tricks, (leader, trick, seats, w))
    won = (won[0] + 1, won[1]) if w & 1 == 0 else (won[0], won[1] + 1)
    score = None
    if len(tricks) == 5:
        score = final_score(base.rules, won[base.maker & 1], base.alone, base.lone_defender >= 0)
    return (afters[w], follow, table, holdings, tricks, won, w, score, base, deal, chain, played)


def state_of(play: Play, left: int, trick: tuple[int, ...], to_act: int, over: bool) -> State:
    """The :class:`State` of a hand in the play: ``left`` is ``~`` the cards played since
    ``base``, ``trick`` the cards of the trick in progress."""
    _, _, table, holdings, tricks, won, leader, score, base, _, _, _ = play
    s = base.copy()
    gone = ~left
    s.hands = [x & ~gone for x in holdings]  # each card left the one holding that had it
    s.played = s.played | gone
    s.trick, s.trick_seats = list(trick), list(table.orders[leader][: len(trick)])
    s.tricks, s.won = list(tricks), list(won)
    s.leader, s.to_act, s.score = leader, to_act, score
    if over:
        s.phase = OVER
    return s


def plays_since(play: Play, trick: tuple[int, ...]) -> list[tuple[int, int]]:
    """The plays since ``base`` as ``(seat, action id)``, read from the tricks."""
    out = [(s, act.PLAY + c) for _, cards, seats, _ in play[TRICKS] for s, c in zip(seats, cards, strict=True)]
    seats = play[TABLE].orders[play[LEADER]]
    out += [(seats[k], act.PLAY + c) for k, c in enumerate(trick)]
    return out[play[PLAYED] :]

"""The phase machine on small integers: the one implementation of RULES.md's hand.

Cards are indices (0-23, Benny 24), holdings are bitmasks, actions are ids
(:mod:`euchre_learn.engine.actions`). :class:`State` is mutable and cheap to copy; the public
:class:`~euchre_learn.engine.hand.Hand` wraps it immutably, and playouts, bots and the solver
drive it directly. Every rule option is read from :class:`~euchre_learn.engine.rules.Rules` here,
in one place per phase, as OpenSpiel's ``euchre.cc`` switches on its ``Phase``.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable
from operator import itemgetter

from euchre_learn.engine import act
from euchre_learn.engine.cards import BENNY_INDEX
from euchre_learn.engine.rules import HandScore, Rules, score_hand
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK, winner_index

# phases
BENNY, BID1, DISCARD_PHASE, BID2, RR_GIVE, RR_TAKE, RR_DISCARD, DEFEND, PLAY_PHASE, OVER = range(10)
PHASE_NAMES = (
    "benny",
    "bidding round 1",
    "dealer discard",
    "bidding round 2",
    "railroad give",
    "railroad take",
    "railroad discard",
    "defend alone",
    "play",
    "over",
)

_BID2_ALL = [
    [act.CALL + s for s in range(4) if s != td] + [act.CALL_ALONE + s for s in range(4) if s != td] for td in range(4)
]


_new_object = object.__new__

_SCORES: dict[int, tuple[Rules, dict[tuple[int, bool, bool], HandScore]]] = {}
"""``score_hand``'s answers (a frozen :class:`HandScore`, safe to share) by the rules' ``id`` (the
rules kept beside them, so a reused ``id`` is noticed), then by (maker tricks, alone, lone defender):
a hand's end scores one of a dozen ways, and building the score took more time than the last trick."""


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class State:
    """One hand in progress, mutable. Use :meth:`copy` before :meth:`apply` to keep the old one."""

    __slots__ = (
        "alone",
        "dealer",
        "discard",
        "given",
        "hands",
        "kitty",
        "leader",
        "lone_defender",
        "maker",
        "out",
        "passes",
        "phase",
        "played",
        "proposed",
        "rr_discard",
        "rules",
        "score",
        "taken",
        "thrown_in",
        "to_act",
        "trick",
        "trick_seats",
        "tricks",
        "trump",
        "turned_down",
        "upcard",
        "won",
    )  # fmt: skip

    rules: Rules
    dealer: int
    phase: int
    to_act: int
    hands: list[int]
    upcard: int
    kitty: int
    proposed: int
    turned_down: int
    trump: int
    maker: int
    alone: bool
    lone_defender: int
    out: int
    passes: int
    discard: int
    given: int
    taken: bool
    rr_discard: int
    leader: int
    trick: list[int]
    trick_seats: list[int]
    tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]]
    won: list[int]
    score: HandScore | None
    thrown_in: bool
    played: int

    @classmethod
    def new(cls, rules: Rules, dealer: int, hands: list[int], upcard: int, kitty: int) -> State:
        s = cls.__new__(cls)
        s.rules = rules
        s.dealer = dealer
        s.hands = list(hands)
        s.upcard = upcard
        s.kitty = kitty
        s.turned_down = s.trump = s.maker = s.lone_defender = -1
        s.discard = s.given = s.rr_discard = s.leader = -1
        s.alone = s.taken = s.thrown_in = False
        s.out = s.passes = s.played = 0
        s.trick, s.trick_seats, s.tricks = [], [], []
        s.won = [0, 0]
        s.score = None
        s.to_act = (dealer + 1) & 3
        if upcard == BENNY_INDEX:
            s.phase, s.proposed, s.to_act = BENNY, -1, dealer
        else:
            s.phase, s.proposed = BID1, upcard // 6
        return s

    def copy(self) -> State:
        """An independent copy. Every slot is named here (a loop over ``__slots__`` with
        ``getattr``/``setattr`` took three times as long, and bots and solvers copy a lot):
        a new slot must be added here too, which ``tests/engine/core/test_state.py`` checks."""
        s = _new_object(State)
        s.alone = self.alone
        s.dealer = self.dealer
        s.discard = self.discard
        s.given = self.given
        s.hands = self.hands[:]
        s.kitty = self.kitty
        s.leader = self.leader
        s.lone_defender = self.lone_defender
        s.maker = self.maker
        s.out = self.out
        s.passes = self.passes
        s.phase = self.phase
        s.played = self.played
        s.proposed = self.proposed
        s.rr_discard = self.rr_discard
        s.rules = self.rules
        s.score = self.score
        s.taken = self.taken
        s.thrown_in = self.thrown_in
        s.to_act = self.to_act
        s.trick = self.trick[:]
        s.trick_seats = self.trick_seats[:]
        s.tricks = self.tricks[:]
        s.trump = self.trump
        s.turned_down = self.turned_down
        s.upcard = self.upcard
        s.won = self.won[:]
        return s

    # --- reading ---------------------------------------------------------------------------
    def next_active(self, seat: int) -> int:
        seat = (seat + 1) & 3
        while self.out >> seat & 1:
            seat = (seat + 1) & 3
        return seat

    def n_active(self) -> int:
        return 4 - self.out.bit_count()

    def play_mask(self) -> int:
        """Bitmask of the cards the seat to act may play (R6.2)."""
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        t = self.trump
        follow = hand & SUIT_MASK[t][EFFECTIVE[t][self.trick[0]]]
        return follow or hand

    def discard_mask(self) -> int:
        """Bitmask of the cards the dealer may discard after taking up: any but the upcard (R3.2),
        or any at all with ``dealer_may_discard_upcard`` (R3.2)."""
        if self.rules.dealer_may_discard_upcard:
            return self.hands[self.dealer]
        return self.hands[self.dealer] & ~(1 << self.upcard)

    def legal(self) -> list[int]:
        """The legal action ids of the seat to act, in id order."""
        phase = self.phase
        if phase == PLAY_PHASE:
            return [act.PLAY + c for c in bits(self.play_mask())]
        if phase == BID1:
            if self.rules.canadian_loner and self.to_act == (self.dealer + 2) & 3:
                return [act.PASS, act.ORDER_UP_ALONE]
            return [act.PASS, act.ORDER_UP, act.ORDER_UP_ALONE]
        if phase == BID2:
            calls = _BID2_ALL[self.turned_down]
            if self.passes == 3 and self.rules.stick_the_dealer:
                return calls[:]
            return [act.PASS, *calls]
        if phase == DISCARD_PHASE:
            return [act.DISCARD + c for c in bits(self.discard_mask())]
        if phase == BENNY:
            return [act.NAME, act.NAME + 1, act.NAME + 2, act.NAME + 3]
        if phase == RR_GIVE:
            return [act.GIVE + c for c in bits(self.hands[self.to_act])]
        if phase == RR_TAKE:
            return [act.TAKE, act.DECLINE]
        if phase == RR_DISCARD:
            return [act.DISCARD + c for c in bits(self.hands[self.maker])]
        if phase == DEFEND:
            return [act.PASS, act.DEFEND_ALONE]
        return []

    # --- moving ----------------------------------------------------------------------------
    def apply(self, a: int) -> None:
        """Apply a legal action id (not checked: ask :meth:`legal` first)."""
        phase = self.phase
        seat = self.to_act
        if phase == PLAY_PHASE:
            c = a - act.PLAY
            bit = 1 << c
            self.hands[seat] &= ~bit
            self.played |= bit
            trick = self.trick
            trick.append(c)
            seats = self.trick_seats
            seats.append(seat)
            out = self.out
            if len(trick) < 4 - out.bit_count():
                seat = (seat + 1) & 3  # the next active seat, as next_active (inline: the hot path)
                while out >> seat & 1:
                    seat = (seat + 1) & 3
                self.to_act = seat
                return
            w = seats[winner_index(trick, self.trump)]
            self.tricks.append((self.leader, tuple(trick), tuple(seats), w))
            self.won[w & 1] += 1
            self.trick, self.trick_seats = [], []
            self.leader = self.to_act = w
            if len(self.tricks) == 5:
                self._finish()
        elif phase == BID1:
            if a == act.PASS:
                self.passes += 1
                if self.passes == 4:
                    self.phase, self.passes = BID2, 0
                    self.turned_down = self.proposed
                    self.to_act = (self.dealer + 1) & 3
                else:
                    self.to_act = (seat + 1) & 3
                return
            self.trump, self.maker, self.alone = self.proposed, seat, a == act.ORDER_UP_ALONE
            if self.alone and seat == (self.dealer + 2) & 3 and not self.rules.dealer_picks_up_for_partner_loner:
                self._made()  # R5.2: the dealer sits out, the upcard is dead
            else:
                if self.alone and seat != (self.dealer + 2) & 3:  # R5.1: the partner is out at once,
                    self.out |= 1 << ((seat + 2) & 3)  # unless the partner is the dealer, who discards
                self.hands[self.dealer] |= 1 << self.upcard  # R3.2
                self.phase, self.to_act = DISCARD_PHASE, self.dealer
        elif phase == BID2:
            if a == act.PASS:
                self.passes += 1
                if self.passes == 4:  # R4.2: thrown in
                    self.phase, self.to_act, self.thrown_in = OVER, -1, True
                else:
                    self.to_act = (seat + 1) & 3
                return
            self.trump = (a - act.CALL) & 3
            self.maker, self.alone = seat, a >= act.CALL_ALONE
            self._made()
        elif phase == DISCARD_PHASE:
            c = a - act.DISCARD
            self.hands[seat] &= ~(1 << c)
            self.discard = c
            self._made()
        elif phase == BENNY:
            self.proposed = a - act.NAME
            self.phase, self.to_act = BID1, (self.dealer + 1) & 3
        elif phase == RR_GIVE:
            c = a - act.GIVE
            self.hands[seat] &= ~(1 << c)
            self.given = c
            self.phase, self.to_act = RR_TAKE, self.maker
        elif phase == RR_TAKE:
            if a == act.TAKE:
                self.taken = True
                self.hands[seat] |= 1 << self.given
                self.phase = RR_DISCARD
            else:
                self._defend_or_play()
        elif phase == RR_DISCARD:
            c = a - act.DISCARD
            self.hands[seat] &= ~(1 << c)
            self.rr_discard = c
            self._defend_or_play()
        elif phase == DEFEND:
            if a == act.DEFEND_ALONE:
                self.lone_defender = seat
                self.out |= 1 << ((seat + 2) & 3)
                self._start_play()
            else:
                self.passes += 1
                if self.passes == 2:
                    self._start_play()
                else:
                    self.to_act = (seat + 2) & 3
        else:
            raise ValueError(f"no action is possible in phase {PHASE_NAMES[phase]}")

    def _made(self) -> None:
        """Trump is made: the loner's partner sits out (R5.1), then railroad (R5.5)."""
        if self.alone:
            partner = (self.maker + 2) & 3
            self.out |= 1 << partner
            if self.rules.railroad:
                self.phase, self.to_act = RR_GIVE, partner
                return
        self._defend_or_play()

    def _defend_or_play(self) -> None:
        if self.alone and self.rules.defend_alone:  # R5.4
            self.phase, self.passes = DEFEND, 0
            self.to_act = (self.maker + 1) & 3
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self.leader = self.to_act = self.first_leader()

    def first_leader(self) -> int:
        """R6.1: left of the dealer, or left of a loner; the first active seat from there."""
        if self.alone and self.rules.loner_lead == "left_of_loner":
            start = (self.maker + 1) & 3
        else:
            start = (self.dealer + 1) & 3
        while self.out >> start & 1:
            start = (start + 1) & 3
        return start

    def _finish(self) -> None:
        self.phase, self.to_act = OVER, -1
        self.score = final_score(self.rules, self.won[self.maker & 1], self.alone, self.lone_defender >= 0)

    # --- fast random play ------------------------------------------------------------------
    def playout(self, rng: random.Random) -> None:
        """Play to the end with uniformly random legal actions."""
        choice = rng.choice
        while self.phase != OVER:
            if self.phase == PLAY_PHASE:
                self.apply(act.PLAY + choice(bits(self.play_mask())))
            else:
                self.apply(choice(self.legal()))


def final_score(rules: Rules, maker_tricks: int, alone: bool, lone_defender: bool) -> HandScore:
    """``score_hand(maker_tricks, alone=..., lone_defender=..., rules=rules)``, kept in ``_SCORES``
    (the one place a finished hand is scored, for :class:`State` and the public ``Hand`` alike)."""
    known = _SCORES.get(id(rules))
    if known is None or known[0] is not rules:
        if len(_SCORES) >= 64:
            _SCORES.clear()
        known = _SCORES[id(rules)] = (rules, {})
    key = (maker_tricks, alone, lone_defender)
    score = known[1].get(key)
    if score is None:
        score = known[1][key] = score_hand(maker_tricks, alone=alone, lone_defender=lone_defender, rules=rules)
    return score


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """``(i, i + 1, (i + 1).bit_length())`` for ``i`` from ``size - 1`` down to 1: what each step
    of :func:`_shuffle` draws, worked out once."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS = {24: _shuffle_steps(24), 25: _shuffle_steps(25)}


def _shuffle(pack: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(pack)``, step for step (the same draws, the same order: Fisher-Yates
    from the top, each index by rejection sampling on ``getrandbits`` as ``Random._randbelow``
    does), without its two Python calls per card; ``tests/engine/test_rules.py`` checks it against
    ``random.Random.shuffle``."""
    steps = _STEPS.get(len(pack)) or _shuffle_steps(len(pack))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


def _deal_order(dealer: int, packets: tuple[int, ...]) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each seat, a getter of the five cards of the pack it is dealt (R2.2): clockwise from
    eldest, a packet to each seat, then the next packet to each."""
    where: list[list[int]] = [[], [], [], []]
    i = 0
    for packet in packets:
        for k in range(4):
            where[(dealer + 1 + k) & 3] += range(i, i + packet)
            i += packet
    return tuple(itemgetter(*w) for w in where)


_DEAL_ORDER: dict[tuple[int, tuple[int, ...]], tuple[Callable[[list[int]], tuple[int, ...]], ...]] = {}
_BIT = tuple(1 << c for c in range(25))


def deal(rules: Rules, dealer: int, rng: random.Random) -> State:
    """Shuffle and deal (R2.2): clockwise from eldest, a packet of 3 to each seat, then 2 to each
    (or 2 then 3); then the upcard; the rest is the kitty."""
    if type(rng) is random.Random:
        return deal_by(rules, dealer, rng.getrandbits)
    pack = list(range(25 if rules.benny else 24))
    rng.shuffle(pack)
    return _deal_pack(rules, dealer, pack)


def deal_by(rules: Rules, dealer: int, getrandbits: Callable[[int], int]) -> State:
    """:func:`deal` with a ``random.Random``'s ``getrandbits`` (the same deal as that ``Random``)."""
    pack = list(range(25 if rules.benny else 24))
    _shuffle(pack, getrandbits)
    return _deal_pack(rules, dealer, pack)


def deal_seeded(rules: Rules, dealer: int, seed: int) -> State:
    """:func:`deal` with ``random.Random(seed)`` for an int ``seed``, without ``Random``'s Python
    layer: the same generator (``_random.Random``), the same deal."""
    return deal_by(rules, dealer, _random.Random(seed).getrandbits)


def _deal_pack(rules: Rules, dealer: int, pack: list[int]) -> State:
    key = (dealer, rules.deal_packets)
    order = _DEAL_ORDER.get(key)
    if order is None:
        order = _DEAL_ORDER[key] = _deal_order(dealer, rules.deal_packets)
    bit = _BIT.__getitem__  # the cards are distinct, so the sum of their bits is their mask
    n, e, s, w = order
    hands = [sum(map(bit, n(pack))), sum(map(bit, e(pack))), sum(map(bit, s(pack))), sum(map(bit, w(pack)))]
    return State.new(rules, dealer, hands, pack[20], sum(map(bit, pack[21:])))

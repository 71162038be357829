"""The fast strategy of the sampler, for a bidding decision in the plain game: a deal is kept when
the standard bot's ratings explain every bid heard (:func:`round1_rating`, within :data:`BID_SLACK`),
without replaying the bot. The expert bot's sampled bids use it (``Worlds(..., fast=True)``), and the
play's bid model (:class:`~euchre_learn.analysis.sampling.play.BidModel`) rates the bids with the
same :func:`round1_rating` and :data:`BID_SLACK`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre_learn.analysis.bots import BIDDING, best_discard, hand_value
from euchre_learn.analysis.bots.bidding import TRUMP_VALUE
from euchre_learn.analysis.sampling.base import Sampler, World
from euchre_learn.engine import act
from euchre_learn.engine.core import State
from euchre_learn.engine.trump import POWER

__all__ = ["BID_SLACK", "FastWorlds", "fast_ok", "round1_rating"]

BID_SLACK = (0.3, 0.6)
"""How far a modelled player may stray from the standard bot's ratings: a passer's hand may be
rated up to 0.3 above what a call needs, a maker's up to 0.6 below it."""


class FastWorlds(Sampler):
    """The fast strategy (``Worlds(..., fast=True)``, which hands it ``pool``), for a bidding
    decision in the plain game (no Benny, no railroad): each other seat gets five of the cards the seat cannot see (``pool``), the
    rest go to the kitty, and the deal is kept when every bid heard so far (the passes, an
    order-up) is one the standard bot's rating explains (within :data:`BID_SLACK`). Cheaper
    than replaying the bidding bot through the history, which the rarer phases still use."""

    def __init__(self, state: State, own: int, history: Sequence[tuple[int, int]], pool: list[int]) -> None:
        self.state = state
        self.seat = state.to_act
        self.own = own
        self.pool = pool
        # (seat, round, made): every pass heard, and an order-up in round 1
        self.bids = [(seat, 1 if i < 4 else 2, a != act.PASS) for i, (seat, a) in enumerate(history)]
        self.history = history

    def sample(self, rng: random.Random) -> World:
        """Up to 24 deals; the first that every bid heard fits, else the one that fits the most bids."""
        st = self.state
        best: list[int] | None = None
        best_bad = 99
        for _ in range(24):
            pool = self.pool[:]
            rng.shuffle(pool)
            hands = [0, 0, 0, 0]
            i = 0
            for x in range(4):
                if x == self.seat:
                    hands[x] = self.own
                    continue
                for c in pool[i : i + 5]:
                    hands[x] |= 1 << c
                i += 5
            bad = 0
            t1 = st.upcard // 6
            for seat, rnd, made in self.bids:
                if seat == self.seat:
                    continue
                if rnd == 1:
                    value, need = round1_rating(st, seat, hands[seat], t1, False)
                    margin = value - need
                else:
                    margin = max(hand_value(hands[seat], x) - BIDDING["call"] for x in range(4) if x != t1)
                bad += margin < -BID_SLACK[1] if made else margin > BID_SLACK[0]
            if bad < best_bad:
                best, best_bad = hands, bad
            if bad == 0:
                break
        assert best is not None
        kitty = 0
        taken = 0
        for h in best:
            taken |= h
        for c in self.pool:
            if not taken >> c & 1:
                kitty |= 1 << c
        world = State.new(st.rules, st.dealer, best, st.upcard, kitty)
        for _seat, a in self.history:
            world.apply(a)
        return World(world, 0.0, best_bad == 0)


def fast_ok(state: State, history: Sequence[tuple[int, int]]) -> bool:
    """Whether the fast strategy (:class:`FastWorlds`) covers this decision: the plain game, a history of passes
    and at most an order-up in round 1 (the dealer's discard)."""
    r = state.rules
    return (
        not r.benny
        and not r.railroad
        and all(a == act.PASS or (a == act.ORDER_UP and i < 4) for i, (_s, a) in enumerate(history))
    )


def round1_rating(s: State, seat: int, dealt: int, t: int, made: bool) -> tuple[float, float]:
    """The standard bot's round-1 rating of ``dealt`` for ``seat``, ``t`` the upcard's suit."""
    up = s.upcard
    upv = BIDDING["upcard"] * TRUMP_VALUE[POWER[t][up]]
    if seat == s.dealer:
        # the dealer's five after the pick-up (when it made trump, the cards it holds and played)
        five = dealt if made else dealt | 1 << up
        if five.bit_count() > 5:
            five &= ~(1 << best_discard(five, t, 1 << up))
        return hand_value(five, t), BIDDING["dealer"]
    if seat == (s.dealer + 2) & 3:
        return hand_value(dealt, t) + upv, BIDDING["assist"]
    need = BIDDING["order"] - (BIDDING["eldest"] if seat == (s.dealer + 1) & 3 else 0.0)
    return hand_value(dealt, t) - upv, need


"""The replay strategy of the sampler, for every phase under every rule: a deal of the hidden cards
is replayed through the hand's history and kept when each bid the others made is of the kind the
bidding model (a bot) makes with those cards (:class:`Worlds`). The advisor
(:func:`euchre_learn.advise`) and the expert bot's bidding draw their worlds here, and the coach's
:class:`~euchre_learn.analysis.sampling.fitted.FitWorlds` falls back on it under the Benny and the
railroad.

Two more strategies ride on the same class, as the callers choose them:

* ``fast=True`` (a bidding decision in the plain game: no Benny, no railroad, a history of passes
  and at most an order-up in round 1) hands the decision to
  :class:`~euchre_learn.analysis.sampling.fast.FastWorlds`: the standard bot's ratings, no replay;
* ``uniform=True`` keeps no bid out: every deal that agrees with the cards seen (and, in the play,
  the suits shown out of) is as likely as any other. It is the plain PIMC baseline's worlds
  (``ExpertBot(fit=False)``), against which the bid-fitted worlds are measured.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre_learn.analysis.sampling.base import Sampler, World, bid_kind, dead_upcard, deck_mask
from euchre_learn.analysis.sampling.fast import FastWorlds, fast_ok
from euchre_learn.analysis.sampling.seen import deal_around_voids, played_by, voids
from euchre_learn.engine import act
from euchre_learn.engine.core import BENNY, BID1, BID2, DEFEND, DISCARD_PHASE, PLAY_PHASE, State, bits

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot

__all__ = ["Worlds"]

_MAX_TRIES = 100
"""Deals tried per world before settling for one that fits the bids less well (counted in ``loose``)."""


class Worlds(Sampler):
    """Deals of the hidden cards that the advised seat cannot tell from the real one.

    A world is a deal of the cards the seat has not seen, replayed through the hand's
    history. It fits when every bid the others made is of the kind the model (the bidding
    bot) makes with those cards: a pass where they passed, a making action where they made
    trump, alone where they went (or defended) alone.
    Cards the seat never saw (another dealer's discard, a railroad card passed to someone
    else) are chosen by the model in each world.

    In the play phase a world also agrees with every card played: each seat is dealt the
    cards it has played, and its unplayed cards are drawn from the hidden ones, none of a
    suit it has shown out of (:func:`~euchre_learn.analysis.sampling.seen.deal_hidden`); the upcard stays with the dealer who
    took it up; another dealer's unseen discard is a hidden card the model would have
    discarded from that six-card hand (a near fit when no such card is found). When no deal
    fits the bids in time, the fallback keeps only the cards played and the voids.
    """

    def __init__(
        self,
        state: State,
        own_dealt: int,
        history: Sequence[tuple[int, int]],
        bidder: Bot,
        *,
        fast: bool = False,
        uniform: bool = False,
    ) -> None:
        self.rules = state.rules
        self.dealer = state.dealer
        self.seat = state.to_act
        self.own_dealt = own_dealt
        self.upcard = state.upcard
        self.history = history
        self.bidder = bidder
        # naming the Benny's suit happens before the dealer looks at the hand (R3.5)
        self.own_known = state.phase != BENNY
        # a railroad card the loner has taken is known to the loner (R5.5)
        self.given = state.given if state.taken and state.maker == self.seat else -1
        known = (own_dealt if self.own_known else 0) | (1 << self.upcard)
        if self.given >= 0:
            known |= 1 << self.given
        self.pool = [c for c in range(25) if deck_mask(state) >> c & 1 and not known >> c & 1]
        self.play = _PlayLayout(state, own_dealt, self.given) if state.phase == PLAY_PHASE else None
        self.discard_at = next(
            (i for i, (seat, a) in enumerate(history) if seat == self.dealer and act.DISCARD <= a < act.GIVE), -1
        )
        self.uniform = uniform
        self.fast = (
            FastWorlds(state, own_dealt, history, self.pool) if fast and not uniform and fast_ok(state, history) else None
        )
        """The fast strategy, when asked for and :func:`~euchre_learn.analysis.sampling.fast.fast_ok` covers the decision; else None."""

    def sample(self, rng: random.Random) -> World:
        """A world at the current decision (all weigh the same: ``log_weight`` 0), and whether
        every bid in it fits the model.

        When no deal fits exactly within ``_MAX_TRIES`` (a partner's loner is rare in any
        model), the first deal that fits in all but going alone is used, else the last one.
        The fast strategy tries 24 deals and keeps the first that fits, else the one that fits best.
        With ``uniform``, the first deal is kept whatever its bids (and counts as fitting).
        """
        if self.uniform:
            return World(self.play.loose(rng) if self.play is not None else self._try(rng, check=False)[0], 0.0, True)
        if self.fast is not None:
            return self.fast.sample(rng)
        fallback: State | None = None
        for _ in range(_MAX_TRIES):
            state, fit = self._try(rng)
            if fit == 2:
                return World(state, 0.0, True)
            if fit == 1 and fallback is None:
                fallback = state
        if fallback is None:
            fallback = self.play.loose(rng) if self.play is not None else self._try(rng, check=False)[0]
        return World(fallback, 0.0, False)

    def _try(self, rng: random.Random, check: bool = True) -> tuple[State, int]:
        """A random world, and how well it fits: 2 every bid, 1 all but going alone, 0 not
        (then the world is left unfinished, unless ``check`` is False)."""
        if self.play is not None:
            return self._try_play(self.play, rng, check)
        pool = self.pool[:]
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        i = 0
        for s in range(4):
            if s == self.seat and self.own_known:
                hands[s] = self.own_dealt
                continue
            n = 5
            if self.given >= 0 and s == (self.seat + 2) & 3:
                hands[s], n = 1 << self.given, 4
            for c in pool[i : i + n]:
                hands[s] |= 1 << c
            i += n
        kitty = 0
        for c in pool[i:]:
            kitty |= 1 << c
        state = State.new(self.rules, self.dealer, hands, self.upcard, kitty)
        return state, self._replay(state, rng, check)

    def _replay(self, state: State, rng: random.Random, check: bool, discard: int = -1) -> int:
        """Replay the history on a fresh world ``state``, checking the others' bids against the
        model; ``discard`` is the dealer's unseen discard when the world fixes it. Returns the fit."""
        bidder = self.bidder
        fit = 2
        for seat, a in self.history:
            if seat != self.seat:
                if check and state.phase in (BID1, BID2, DEFEND):
                    model, real = bid_kind(bidder.decide(state, rng, None)), bid_kind(a)
                    if (model == 0) != (real == 0):
                        return 0
                    if model != real:
                        fit = 1
                elif discard >= 0 and state.phase == DISCARD_PHASE:
                    a = act.DISCARD + discard
                elif act.DISCARD <= a < act.PLAY and not (a >= act.GIVE and self.given >= 0):
                    a = bidder.decide(state, rng, None)  # a card the seat did not see: chosen in this world
                elif a >= act.PLAY and check and not state.play_mask() >> (a - act.PLAY) & 1:
                    return 0  # a railroad card chosen in this world does not fit the cards played
            state.apply(a)
        return fit

    def _try_play(self, lay: _PlayLayout, rng: random.Random, check: bool) -> tuple[State, int]:
        hands, kitty = lay.deal(rng)
        fit = 2
        discard = -1
        if lay.discards:
            # the dealer's unseen discard: a card of the kitty's share the model would throw
            spare = bits(kitty)
            rng.shuffle(spare)
            base = hands[self.dealer]
            for d in spare:
                if not check or self._would_discard(base | 1 << d, kitty & ~(1 << d), hands, d, rng):
                    discard = d
                    break
            else:
                discard, fit = spare[0], 1
            hands[self.dealer] = base | 1 << discard
            kitty &= ~(1 << discard)
        state = State.new(self.rules, self.dealer, hands, self.upcard, kitty)
        got = self._replay(state, rng, check, discard)
        return state, min(fit, got)

    def _would_discard(self, dealt: int, kitty: int, hands: list[int], d: int, rng: random.Random) -> bool:
        probe_hands = hands[:]
        probe_hands[self.dealer] = dealt
        probe = State.new(self.rules, self.dealer, probe_hands, self.upcard, kitty)
        for _seat, a in self.history[: self.discard_at]:
            probe.apply(a)
        return self.bidder.decide(probe, rng, None) == act.DISCARD + d


class _PlayLayout:
    """What the seat to play knows of where the cards are (the play-phase part of :class:`Worlds`)."""

    def __init__(self, state: State, own_dealt: int, given: int) -> None:
        me = self.seat = state.to_act
        self.trump = state.trump
        self.dealer = state.dealer
        self.out = state.out
        self.given = given
        self.own_dealt = own_dealt
        self.played = played = played_by(state)
        up = 1 << state.upcard
        self.up = up
        self.picked = state.turned_down < 0 and not dead_upcard(state)
        dealer_active = not state.out >> state.dealer & 1
        self.fixed = [0, 0, 0, 0]
        if self.picked and state.dealer != me and dealer_active and not played[state.dealer] & up:
            self.fixed[state.dealer] = up
        self.discards = self.picked and state.dealer != me and dealer_active
        known = own_dealt | up | played[0] | played[1] | played[2] | played[3]
        if given >= 0:
            known |= 1 << given
        self.hidden = bits(deck_mask(state) & ~known)
        self.counts = [
            0 if s == me or state.out >> s & 1 else state.hands[s].bit_count() - self.fixed[s].bit_count()
            for s in range(4)
        ]
        self.voids = voids(state)
        self.base = state.copy()

    def _current(self, rng: random.Random) -> list[int]:
        return deal_around_voids(self.hidden, self.counts, self.voids, self.trump, rng, 20)

    def deal(self, rng: random.Random) -> tuple[list[int], int]:
        """Dealt hands (the dealer's without the discard, which :class:`Worlds` adds) and the
        cards left over (the kitty, with the dealer's discard among them)."""
        current = self._current(rng)
        taken = current[0] | current[1] | current[2] | current[3]
        spare = [c for c in self.hidden if not taken >> c & 1]
        rng.shuffle(spare)
        hands = [0, 0, 0, 0]
        i = 0
        for s in range(4):
            if s == self.seat:
                hands[s] = self.own_dealt
            elif self.out >> s & 1:
                n = 5
                if self.given >= 0 and s == (self.seat + 2) & 3:
                    hands[s], n = 1 << self.given, 4
                for c in spare[i : i + n]:
                    hands[s] |= 1 << c
                i += n
            else:
                h = current[s] | self.played[s] | self.fixed[s]
                hands[s] = h & ~self.up if s == self.dealer and self.picked else h
        kitty = 0
        for c in spare[i:]:
            kitty |= 1 << c
        return hands, kitty

    def loose(self, rng: random.Random) -> State:
        """A world that keeps only the cards played and the voids shown (no bid checked)."""
        world = self.base.copy()
        current = self._current(rng)
        for s in range(4):
            if s != self.seat:
                world.hands[s] = 0 if self.out >> s & 1 else current[s] | self.fixed[s]
        return world



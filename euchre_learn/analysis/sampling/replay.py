"""The one sampler of hidden cards: deals of the cards a seat cannot see that fit what it saw.

:class:`Worlds` deals the hidden cards of a hand again and again (the *worlds*), each one a
deal the seat to act cannot tell from the real one: its own cards, the upcard, the bids and
discards it saw, the cards played and the suits each player has shown out of. The advisor
(:func:`euchre_learn.advise`), the review (:func:`euchre_learn.review`) and the expert bot's
bidding all draw their worlds here, seeded by the caller, so the same seed gives the same
worlds in the same order.

Two strategies, one class:

* **replay** (every phase, every rule): a deal is replayed through the hand's history and
  kept when each bid the others made is of the kind the bidding model (a bot) makes with
  those cards (:meth:`Worlds.sample`);
* **fast** (``fast=True``, for a bidding decision in the plain game: no Benny, no railroad, a
  history of passes and at most an order-up in round 1): a deal is kept when the standard
  bot's ratings explain every bid heard (:func:`round1_rating`, within :data:`BID_SLACK`),
  without replaying the bot. The expert bot's sampled bids use it.

``uniform=True`` keeps no bid out: every deal that agrees with the cards seen (and, in the play,
the suits shown out of) is as likely as any other. It is the plain PIMC baseline's worlds
(``ExpertBot(fit=False)``), against which the bid-fitted worlds are measured.

Also here: what a seat remembers of a hand (:func:`known_history`), the cards each seat played
(:func:`played_by`) and the suits it showed out of (:func:`voids`), a deal of hidden cards
around those voids (:func:`deal_hidden`), and the two ways a sampled world is played out
(:func:`finish` by bots, :func:`score_solved` by the solver).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre_learn.analysis.bots import BIDDING, best_discard, hand_value
from euchre_learn.analysis.bots.bidding import TRUMP_VALUE
from euchre_learn.analysis.search import makers_score_tricks
from euchre_learn.engine import act
from euchre_learn.engine.cards import BENNY_INDEX
from euchre_learn.engine.core import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RR_DISCARD,
    State,
    bits,
)
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE, POWER

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot

__all__ = [
    "BID_SLACK",
    "Worlds",
    "deal_hidden",
    "fast_ok",
    "finish",
    "known_history",
    "played_by",
    "round1_rating",
    "score_solved",
    "voids",
]

_MAX_TRIES = 100
"""Deals tried per world before settling for one that fits the bids less well (counted in ``loose``)."""


BID_SLACK = (0.3, 0.6)
"""How far a modelled player may stray from the standard bot's ratings: a passer's hand may be
rated up to 0.3 above what a call needs, a maker's up to 0.6 below it."""


def _deck(state: State) -> int:
    return (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1


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


class Worlds:
    """Deals of the hidden cards that the advised seat cannot tell from the real one.

    A world is a deal of the cards the seat has not seen, replayed through the hand's
    history. It fits when every bid the others made is of the kind the model (the bidding
    bot) makes with those cards: a pass where they passed, a making action where they made
    trump, alone where they went (or defended) alone.
    Cards the seat never saw (another dealer's discard, a railroad card passed to someone
    else) are chosen by the model in each world.

    In the play phase a world also agrees with every card played: each seat is dealt the
    cards it has played, and its unplayed cards are drawn from the hidden ones, none of a
    suit it has shown out of (:func:`deal_hidden`); the upcard stays with the dealer who
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
        self.pool = [c for c in range(25) if _deck(state) >> c & 1 and not known >> c & 1]
        self.play = _PlayLayout(state, own_dealt, self.given) if state.phase == PLAY_PHASE else None
        self.discard_at = next(
            (i for i, (seat, a) in enumerate(history) if seat == self.dealer and act.DISCARD <= a < act.GIVE), -1
        )
        self.uniform = uniform
        self.fast = (
            _Fast(state, own_dealt, history, self.pool) if fast and not uniform and fast_ok(state, history) else None
        )
        """The fast strategy, when asked for and :func:`fast_ok` covers the decision; else None."""

    def sample(self, rng: random.Random) -> tuple[State, bool]:
        """A world at the current decision, and whether every bid in it fits the model.

        When no deal fits exactly within ``_MAX_TRIES`` (a partner's loner is rare in any
        model), the first deal that fits in all but going alone is used, else the last one.
        The fast strategy tries 24 deals and keeps the first that fits, else the one that fits best.
        With ``uniform``, the first deal is kept whatever its bids (and counts as fitting).
        """
        if self.uniform:
            return (self.play.loose(rng) if self.play is not None else self._try(rng, check=False)[0]), True
        if self.fast is not None:
            return self.fast.sample(rng)
        fallback: State | None = None
        for _ in range(_MAX_TRIES):
            state, fit = self._try(rng)
            if fit == 2:
                return state, True
            if fit == 1 and fallback is None:
                fallback = state
        if fallback is None:
            fallback = self.play.loose(rng) if self.play is not None else self._try(rng, check=False)[0]
        return fallback, False

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
                    model, real = _kind(bidder.decide(state, rng, None)), _kind(a)
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


def played_by(state: State) -> list[int]:
    """The cards each seat has played so far, as four card masks (by seat)."""
    played = [0, 0, 0, 0]
    for _lead, cs, seats, _w in state.tricks:
        for c, s in zip(cs, seats, strict=True):
            played[s] |= 1 << c
    for c, s in zip(state.trick, state.trick_seats, strict=True):
        played[s] |= 1 << c
    return played


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
        self.picked = state.turned_down < 0 and not _dead_upcard(state)
        dealer_active = not state.out >> state.dealer & 1
        self.fixed = [0, 0, 0, 0]
        if self.picked and state.dealer != me and dealer_active and not played[state.dealer] & up:
            self.fixed[state.dealer] = up
        self.discards = self.picked and state.dealer != me and dealer_active
        known = own_dealt | up | played[0] | played[1] | played[2] | played[3]
        if given >= 0:
            known |= 1 << given
        self.hidden = bits(_deck(state) & ~known)
        self.counts = [
            0 if s == me or state.out >> s & 1 else state.hands[s].bit_count() - self.fixed[s].bit_count()
            for s in range(4)
        ]
        self.voids = voids(state)
        self.base = state.copy()

    def _current(self, rng: random.Random) -> list[int]:
        for _ in range(20):
            dealt = deal_hidden(self.hidden, self.counts, self.voids, self.trump, rng)
            if dealt is not None:
                return dealt
        dealt = deal_hidden(self.hidden, self.counts, [0, 0, 0, 0], self.trump, rng)  # the voids leave no room
        assert dealt is not None
        return dealt

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


def _kind(a: int) -> int:
    """0 for a pass, 1 for making trump, 2 for going or defending alone."""
    if a == act.PASS:
        return 0
    return 2 if a in (act.ORDER_UP_ALONE, act.DEFEND_ALONE) or act.CALL_ALONE <= a < act.NAME else 1


# ---- the fast strategy: the standard bot's ratings, no replay ------------------------------


class _Fast:
    """The fast strategy of :class:`Worlds`, for a bidding decision in the plain game (no Benny,
    no railroad): each other seat gets five of the cards the seat cannot see (``pool``), the
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

    def sample(self, rng: random.Random) -> tuple[State, bool]:
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
        return world, best_bad == 0


def fast_ok(state: State, history: Sequence[tuple[int, int]]) -> bool:
    """Whether the fast strategy of :class:`Worlds` covers this decision: the plain game, a history of passes
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


# ---- playing a world out --------------------------------------------------------------------


def finish(state: State, bidder: Bot, player: Bot | None, rng: random.Random) -> None:
    """Play ``state`` to the end: bidding by ``bidder``, play by ``player`` (or leave the
    play phase for the solver when ``player`` is None)."""
    while state.phase != OVER:
        if state.phase == PLAY_PHASE:
            if player is None:
                return
            state.apply(player.decide(state, rng, None))
        else:
            state.apply(bidder.decide(state, rng, None))


def score_solved(state: State) -> None:
    """Finish a state in its play phase with the solver's trick count, and score it."""
    tricks = makers_score_tricks(state)
    state.phase, state.to_act = OVER, -1
    state.score = score_hand(tricks, alone=state.alone, lone_defender=state.lone_defender >= 0, rules=state.rules)


# ---- what the seat remembers ----------------------------------------------------------------


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
    picked_up = made and not round2 and not _dead_upcard(state)
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


def _dead_upcard(state: State) -> bool:
    """R5.2: the dealer's partner went alone in round 1, so the dealer never picked up."""
    return state.alone and state.maker == (state.dealer + 2) & 3 and not state.rules.dealer_picks_up_for_partner_loner

"""Perfect-information Monte Carlo for the play: deals of the cards a seat to play cannot see,
each solved double-dummy, averaged card by card (the 'expert' bot's play, and the PIMC baselines').

The sampler's play strategy is :class:`PlayWorlds`. A world agrees with everything the seat has seen: its own cards, the cards played, the suits each
player has shown out of, where the upcard went, its own discard (:func:`play_layout`). With a
:class:`BidModel` it also fits the bids (a player who passed rarely held a hand the standard bot
would have made trump with, the maker rarely one it would pass) and, with ``reads``, how the
others played (:func:`play_reads`: a club player who follows low holds nothing lower in the suit,
and so on). :func:`sample_play` averages each legal card's points over the worlds, stopping early
once one card clearly leads; :func:`play_worlds` is its plain form.
"""

from __future__ import annotations

import random

from euchre_learn.analysis.bots import BIDDING, hand_value
from euchre_learn.analysis.bots.base import ABOVE, TRUMP_MASK, highest_card, trick_key
from euchre_learn.analysis.sampling.base import Sampler, World, dead_upcard, deck_mask
from euchre_learn.analysis.sampling.fast import BID_SLACK, round1_rating
from euchre_learn.analysis.sampling.seen import deal_around_voids, played_by, voids
from euchre_learn.analysis.search import search_for
from euchre_learn.engine.cards import BENNY_INDEX
from euchre_learn.engine.core import State, bits
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK

__all__ = ["BidModel", "PlayWorlds", "play_layout", "play_reads", "play_worlds", "sample_play"]


def play_layout(state: State) -> tuple[int, list[int], list[int]]:
    """What the seat to play knows: (hidden cards, cards known in each seat's hand, how
    many unknown cards each active seat holds)."""
    seat = state.to_act
    hidden = deck_mask(state) & ~state.hands[seat] & ~state.played
    fixed = [0, 0, 0, 0]
    up = 1 << state.upcard
    if state.turned_down >= 0 or dead_upcard(state):
        hidden &= ~up  # turned down or out of play: in the kitty (R3.4, R5.2)
    elif hidden & up:
        fixed[state.dealer] |= up  # picked up (R3.2) and not played yet
        hidden &= ~up
    if seat == state.dealer and state.discard >= 0:
        hidden &= ~(1 << state.discard)
    if seat == state.maker and state.rr_discard >= 0:
        hidden &= ~(1 << state.rr_discard)
    if seat == state.maker and state.taken and hidden >> state.given & 1:
        hidden &= ~(1 << state.given)  # in the loner's own hand, or discarded by the loner
    counts = [0, 0, 0, 0]
    for s in range(4):
        if s != seat and not state.out >> s & 1:
            counts[s] = state.hands[s].bit_count() - fixed[s].bit_count()
    return hidden, fixed, counts


class BidModel:
    """The bids heard, as tests on a sampled deal: would the standard bot, holding these cards,
    have passed where the player passed and made trump where the player made it (within
    :data:`BID_SLACK`)? Each seat's dealt cards are its cards in the deal plus those it played.
    With ``reads``, also the cards played: no seat may hold a card :func:`play_reads` rules out."""

    def __init__(self, state: State, reads: bool = True) -> None:
        self.checks: list[tuple[int, int, int, bool]] = []  # (seat, round, suit or -1 for any, made)
        self.state = state
        self.forbid = [0, 0, 0, 0]
        if state.maker < 0:
            return
        dealer, maker = state.dealer, state.maker
        eldest = (dealer + 1) & 3
        me = state.to_act
        round2 = state.turned_down >= 0
        t1 = state.turned_down if round2 else state.trump
        if round2:
            for i in range(4):
                self.checks.append(((eldest + i) & 3, 1, t1, False))
            for i in range((maker - eldest) & 3):
                self.checks.append(((eldest + i) & 3, 2, -1, False))
            self.checks.append((maker, 2, state.trump, True))
        else:
            for i in range((maker - eldest) & 3):
                self.checks.append(((eldest + i) & 3, 1, t1, False))
            self.checks.append((maker, 1, t1, True))
        self.checks = [c for c in self.checks if c[0] != me and not (state.alone and c[0] == maker and c[3])]
        self.played = played_by(state)
        if reads:
            self.forbid = play_reads(state)

    @property
    def active(self) -> bool:
        """Whether there is anything to check a deal against."""
        return bool(self.checks) or any(self.forbid)

    def misfits(self, hands: list[int]) -> int:
        """How many of the bids a deal (each seat's cards now) fails to explain, plus how many
        seats hold a card their play ruled out."""
        s = self.state
        bad = 0
        for seat, rnd, suit, made in self.checks:
            dealt = hands[seat] | self.played[seat]
            if rnd == 1:
                value, need = round1_rating(s, seat, dealt, suit, made)
                margin = value - need
            else:
                suits = [suit] if suit >= 0 else [x for x in range(4) if x != s.turned_down]
                margin = max(hand_value(dealt, x) - BIDDING["call"] for x in suits)
            if (made and margin < -BID_SLACK[1]) or (not made and margin > BID_SLACK[0]):
                bad += 1
        for seat in range(4):
            bad += bool(hands[seat] & self.forbid[seat])
        return bad


def play_reads(state: State) -> list[int]:
    """The cards each other seat cannot hold, read from how it played, as a club player plays
    (the standard bot's card play): a card that follows suit without winning the trick is the
    lowest of that suit in hand; a player who let the other side's card win held nothing
    that beats it, save second hand (low, or not ruffing a small card); and a low lead in a plain suit means no plain suit's
    highest card left. Four card masks, by seat (0 for the seat to play)."""
    t = state.trump
    me = state.to_act
    deck = (1 << BENNY_INDEX) - 1  # the Benny is never read
    forbid = [0, 0, 0, 0]
    tricks = [(cs, seats) for _lead, cs, seats, _w in state.tricks]
    if state.trick:
        tricks.append((tuple(state.trick), tuple(state.trick_seats)))
    gone = 1 << state.upcard if state.turned_down >= 0 else 0  # out of play, as everyone knows
    plain = not state.rules.benny and not state.rules.railroad
    for cs, seats in tricks:
        led = EFFECTIVE[t][cs[0]]
        x = seats[0]
        if plain and x not in (me, state.dealer) and led != t and ABOVE[t][cs[0]] & ~gone:
            # a low off-suit lead: a club player leads an off-suit winner when it holds one, so
            # it held the highest card left in no plain suit (the dealer knows its discard: not read)
            for suit in range(4):
                live = SUIT_MASK[t][suit] & deck & ~gone
                if suit != t and live:
                    forbid[x] |= 1 << highest_card(live, t)
        for c in cs:
            gone |= 1 << c
        w = 0  # the card winning the trick so far
        for i in range(1, len(cs)):
            x, c, win = seats[i], cs[i], cs[w]
            if trick_key(c, t, led) > trick_key(win, t, led):
                w = i
                continue  # it won the trick so far: no reading
            if x == me:
                continue
            following = EFFECTIVE[t][c] == led
            if following:  # the lowest of the suit in hand (R6.2: it had to follow)
                forbid[x] |= SUIT_MASK[t][led] & deck & ~ABOVE[t][c] & ~(1 << c)
            if seats[w] & 1 == x & 1:
                continue  # partner was winning: nothing to read about winners
            if i == 1 and not state.out >> ((x + 2) & 3) & 1:
                continue  # second hand low (or no ruff of a small card), partner still to play: it may hold a winner
            # what beats the winner: higher cards of its suit, and any trump over a plain card
            beats = (ABOVE[t][win] | (0 if EFFECTIVE[t][win] == t else TRUMP_MASK[t])) & deck
            forbid[x] |= (beats & SUIT_MASK[t][led]) if following else beats
    return forbid


class PlayWorlds(Sampler):
    """The play's strategy: deals of the cards the seat to play cannot see that agree with
    everything it has seen (:func:`play_layout`, :func:`~euchre_learn.analysis.sampling.seen.voids`),
    with ``model`` also fitted to the bids and, with ``reads``, to how the others played
    (:class:`BidModel`): each world is the first of ``tries`` deals that fits, else the one that
    fits the most (and, should the voids leave no room, one that ignores them). Without ``model``
    (or with nothing to check) the first deal is kept: the PIMC baseline's uniform worlds.

    >>> import euchre_learn as el, random
    >>> state = el.examples.hand('left-bower-trap', after=2).core
    >>> world = PlayWorlds(state, model=True).sample(random.Random(0))
    >>> world.fits, world.state.to_act == state.to_act, world.state.hands[state.to_act] == state.hands[state.to_act]
    (True, True, True)
    """

    def __init__(self, state: State, *, model: bool = False, reads: bool = True, tries: int = 8) -> None:
        self.state = state
        hidden_mask, self.fixed, self.counts = play_layout(state)
        self.hidden = bits(hidden_mask)
        self.voids = voids(state)
        self.model = BidModel(state, reads) if model else None
        self.tries = tries

    def deal(self, rng: random.Random) -> tuple[list[int], bool]:
        """The unknown cards of each seat (without the cards known to be in its hand, ``fixed``
        of :func:`play_layout`), and whether the deal fits every bid and read."""
        model = self.model
        if model is None or not model.active:
            return deal_around_voids(self.hidden, self.counts, self.voids, self.state.trump, rng, 50), True
        best: list[int] | None = None
        best_bad = 99
        for _try in range(self.tries):
            dealt = deal_around_voids(self.hidden, self.counts, self.voids, self.state.trump, rng, 50)
            bad = model.misfits([d | f for d, f in zip(dealt, self.fixed, strict=True)])
            if bad == 0:
                return dealt, True
            if bad < best_bad:
                best, best_bad = dealt, bad
        assert best is not None
        return best, False

    def sample(self, rng: random.Random) -> World:
        """One world: the position with every other active seat's hand dealt (weight 1)."""
        state = self.state
        dealt, fits = self.deal(rng)
        world = state.copy()
        for s in range(4):
            if s != state.to_act and not state.out >> s & 1:
                world.hands[s] = dealt[s] | self.fixed[s]
        return World(world, 0.0, fits)


def sample_play(
    state: State,
    worlds: int,
    rng: random.Random,
    *,
    model: bool = False,
    reads: bool = True,
    cands: int | None = None,
) -> tuple[dict[int, float], dict[int, float], int]:
    """The engine of :func:`play_worlds`; ``model`` fits the deals to the bids (and, with
    ``reads``, to the cards played: :func:`play_reads`), ``cands`` (a mask of touching-card
    representatives) lets the sampling stop early once one card leads clearly. Returns the
    averages and the number of worlds used."""
    seat = state.to_act
    team = seat & 1
    mt = state.maker & 1
    sampler = PlayWorlds(state, model=model, reads=reads)
    legal = bits(state.play_mask())
    points = dict.fromkeys(legal, 0.0)
    tricks = dict.fromkeys(legal, 0.0)
    done = state.won[mt]
    lone = state.lone_defender >= 0
    scores: dict[int, tuple[float, int]] = {}  # final makers' tricks -> (points for us, tricks for us)
    n = 0
    stop_at = 8 if cands is not None else worlds
    for _ in range(worlds):
        world = sampler.sample(rng).state
        search = search_for(world)
        values = search.play_values(world.leader, world.trick[:])
        for c, v in values.items():
            final = done + v
            got = scores.get(final)
            if got is None:
                sc = score_hand(final, alone=state.alone, lone_defender=lone, rules=state.rules)
                mine = (sc.makers - sc.defenders) if team == mt else (sc.defenders - sc.makers)
                got = scores[final] = (float(mine), final if team == mt else 5 - final)
            points[c] += got[0]
            tricks[c] += got[1]
        n += 1
        if n == stop_at and n < worlds:
            ranked = sorted((points[c] / n for c in bits(cands or 0)), reverse=True)
            if len(ranked) < 2 or ranked[0] - ranked[1] > 8.0 / n:
                break  # one card leads by more than a world or two could overturn
            stop_at += 8
    return {c: p / n for c, p in points.items()}, {c: k / n for c, k in tricks.items()}, n


def play_worlds(state: State, worlds: int, rng: random.Random) -> tuple[dict[int, float], dict[int, float]]:
    """For each legal card of the seat to play: the average points for its side (its points
    minus the other side's) and the average tricks its side ends with, over ``worlds``
    deals of the unseen cards, each solved double-dummy.

    >>> import random, euchre_learn as el
    >>> from euchre_learn.engine.core import bits
    >>> state = el.examples.hand('left-bower-trap', after=2).state
    >>> points, tricks = play_worlds(state, 8, random.Random(0))
    >>> sorted(el.Card(c) for c in points) == sorted(el.Card(c) for c in bits(state.play_mask()))
    True
    """
    points, tricks, _n = sample_play(state, worlds, rng)
    return points, tricks

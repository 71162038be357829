"""The deals behind one position's judgement: one stream per position, drawn once and extended on
demand, so that every voice that asks about a position reads the same numbers (issue 33).

A position's **stream** is its worlds (deals of the cards the seat cannot see, from the one
sampler's fitted strategy) and every option valued in each, in one fixed order. The stream is a
function of what the seat knows only: its cards, every bid, discard and card it saw, the score
and the rules (the seed of its draws is made from them, never from the hidden cards). So:

* **the same position gives the same judgement in any process**, with or without a seed;
* **asking again refines, never redraws**: a later question adds deals to the same stream, and a
  judgement on ``n`` deals is always the stream's first ``n`` (:meth:`Stream.upto`);
* **a judgement settles** (:meth:`Stream.settle`): deals are added in steps, from a floor, until
  every option's grade is beyond the noise (:func:`settled`), or a cap is reached. The check is
  on prefixes of the stream, so where it stops does not depend on who asked first.

A seed chooses another stream of the same position (for ``worlds=N`` studies). Streams live in a
small cache of the process (:data:`CACHE_SIZE` positions); a position dropped from it is drawn
again identically when asked.

**The floor and the cap.** A grade below 'good' needs the loss's interval (:data:`Z` standard
errors each side) to clear the 'inaccuracy' line, 0.2 points. The paired difference of two card
options varies by about 1 point from deal to deal (a bid's by about 2), so below 24 deals (72 for
a bid) no interval is narrower than ±0.4 points: nothing could be told apart, so no check is made
before. The cap (160 deals, 480 for a bid) holds the standard error near 0.07 points (0.1 for a
bid), enough to show a mistake (half a point) as at least an inaccuracy: a difference still
unsettled there lies near a grade's line, and is said as a close call.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.coach.grades import POINT_THRESHOLDS, WIN_THRESHOLDS, Context
from euchre_learn.analysis.coach.values import Samples, paired_se, touching, value_world
from euchre_learn.analysis.sampling import FitWorlds
from euchre_learn.analysis.search import reduce_holding
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.deals import seed_text, seeded_random

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot
    from euchre_learn.engine.hand import Hand

__all__ = [
    "BID_FACTOR",
    "CACHE_SIZE",
    "CAP",
    "FLOOR",
    "STEP",
    "Stream",
    "Z",
    "bands",
    "clear",
    "settled",
    "stream",
]

FLOOR = 24
"""The fewest deals a card decision is judged on (a bid, a discard or defending alone: times :data:`BID_FACTOR`)."""
CAP = 160
"""The most deals a card decision settles on (a bid: times :data:`BID_FACTOR`)."""
STEP = 8
"""Deals added between two checks of whether a card decision has settled (a bid: times :data:`BID_FACTOR`)."""
BID_FACTOR = 3
"""A bid, a discard or defending alone is judged on this many times a card decision's deals: its
values vary about twice as much from deal to deal, and it decides the whole hand."""
Z = 2.0
"""Standard errors each side of a loss that its interval spans (about 95%, 98% on one side)."""
CACHE_SIZE = 256
"""Positions whose streams the process keeps."""


def bands(game: bool) -> tuple[float, ...]:
    """The lines between the grades that matter to a learner: not costly (best or good),
    inaccuracy, mistake, blunder (points lost, or game-win chance lost with ``game``)."""
    return (WIN_THRESHOLDS if game else POINT_THRESHOLDS)[1:]


def _band(x: float, lines: tuple[float, ...]) -> int:
    return sum(1 for line in lines if x >= line)


def settled(samples: Samples, n: int | None = None) -> bool:
    """Whether every option's grade is beyond the noise on the first ``n`` deals of ``samples``
    (all of them by default): for each option, the interval of its loss against the top option
    (:data:`Z` paired standard errors each side) lies within one grade band (:func:`bands`).

    >>> s = Samples([1, 2], game=False)
    >>> for d in range(30):
    ...     s.log_weights.append(0.0); s.fits.append(True)
    ...     s.table[1].append(1.0 + d % 2); s.table[2].append(0.0 + d % 2)
    >>> settled(s)          # option 2 loses exactly 1 point in every deal: a blunder, surely
    True
    """
    s = samples.upto(n) if n is not None else samples
    if len(s.actions) < 2:
        return True
    ws = s.weights()
    lines = bands(s.game)
    means = {a: s.mean(s.metric(a), ws) for a in s.actions}
    top = max(s.actions, key=lambda a: means[a])
    for a in s.actions:
        if a == top or a in s.same:
            continue
        gap, se = paired_se(s.metric(top), s.metric(a), ws)
        if _band(max(0.0, gap - Z * se), lines) != _band(gap + Z * se, lines):
            return False
    return True


@dataclass
class Stream:
    """One position's worlds, each option valued in each, in one fixed order; extended on demand."""

    state: State
    sampler: FitWorlds
    bidder: Bot
    ctx: Context
    rng: random.Random
    samples: Samples
    forced: bool
    scale: int
    settled_at: int | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def floor(self) -> int:
        return 2 if self.forced else FLOOR * self.scale

    @property
    def cap(self) -> int:
        return 2 if self.forced else CAP * self.scale

    @property
    def step(self) -> int:
        return STEP * self.scale

    def extend(self, n: int) -> None:
        """Draw and value deals until there are at least ``n``."""
        while self.samples.n < n:
            value_world(self.samples, self.sampler.sample(self.rng), self.ctx, self.bidder, self.rng)

    def upto(self, n: int) -> Samples:
        """The stream's first ``n`` deals (drawn now if need be)."""
        self.extend(n)
        return self.samples.upto(n)

    def settle(self, first: bool = False) -> Samples:
        """The deals the settled judgement rests on: from :attr:`floor`, in steps, until
        :func:`settled` or :attr:`cap`. ``first``: only the floor (a quick first answer, which
        a later :meth:`settle` refines with more of the same deals)."""
        if first:
            return self.upto(self.floor)
        if self.settled_at is None:
            n = self.floor
            while n < self.cap:
                self.extend(n)
                if settled(self.samples, n):
                    break
                n += self.step
            self.settled_at = min(n, self.cap)
        return self.upto(self.settled_at)


_CACHE: OrderedDict[tuple[Any, ...], Stream] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def stream(hand: Hand, score: tuple[int, int] | None, seed: Any, key: tuple[Any, ...]) -> Stream:
    """The stream of the decision of the seat to act in ``hand`` (made on first use, then kept):
    ``key`` is what the seat knows (its cards, the history it saw), ``seed`` picks another stream
    of the same position (``None``: the position's own, the one every voice reads)."""
    from euchre_learn.analysis.bots import get

    full = (hand.rules, score, seed_text(seed) if seed is not None else None, *key)
    with _CACHE_LOCK:
        found = _CACHE.get(full)
        if found is not None:
            _CACHE.move_to_end(full)
            return found
    state = hand.core
    rng = seeded_random(f"coach|{full[2] or ''}|{key}|{score}")
    bidder = get("standard", seed=rng.getrandbits(32))
    ctx = Context(score, state.rules.points_to_win)
    card = state.phase == PLAY_PHASE
    actions = state.legal()
    samples = Samples(actions, score is not None)
    forced = len(actions) == 1
    if card and not forced:
        deck = (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1
        outstanding = (deck & ~state.played) | sum(1 << c for c in state.trick)
        forced = reduce_holding(state.play_mask(), outstanding, state.trump).bit_count() == 1
        if not forced:
            samples.same = touching(state)
    made = Stream(
        state.copy(), FitWorlds(hand, bidder, score), bidder, ctx, rng, samples, forced, 1 if card else BID_FACTOR
    )
    with _CACHE_LOCK:
        found = _CACHE.setdefault(full, made)
        _CACHE.move_to_end(full)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return found


def clear() -> None:
    """Forget every stream (tests use it to show a judgement is drawn again identically)."""
    with _CACHE_LOCK:
        _CACHE.clear()


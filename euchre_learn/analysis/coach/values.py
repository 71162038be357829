"""Every option of a decision valued in the same weighted worlds, two ways: **double dummy** (the
rest of the hand played with every card face up, as the review does) and **at the table** (the
rest of the hand played by imperfect-information players: the standard bot's card play for every
seat, which reads only its own cards and what is public, and the standard bot's bidding).

:func:`value_options` fills a :class:`Samples`: per world and option the points of the hand for
the seat's side both ways, the game-win chance both ways when the score is known, and whether
the seat's side was euchred or set the makers at the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from euchre_learn.analysis.coach.grades import Context, outcome
from euchre_learn.analysis.sampling import finish, score_solved, truncated
from euchre_learn.analysis.search import search_for
from euchre_learn.engine import act
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE, POWER

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot
    from euchre_learn.analysis.sampling import World

__all__ = ["Samples", "paired_se", "play_on", "touching", "value_world"]


@dataclass
class Samples:
    """Per-world values of each option (lists in world order) and the worlds' weights."""

    actions: list[int]
    game: bool
    log_weights: list[float] = field(default_factory=list)
    fits: list[bool] = field(default_factory=list)
    dd: dict[int, list[float]] = field(default_factory=dict)
    table: dict[int, list[float]] = field(default_factory=dict)
    dd_win: dict[int, list[float]] = field(default_factory=dict)
    table_win: dict[int, list[float]] = field(default_factory=dict)
    euchred: dict[int, list[float]] = field(default_factory=dict)
    set: dict[int, list[float]] = field(default_factory=dict)
    made: dict[int, list[float]] = field(default_factory=dict)
    tricks: dict[int, list[float]] = field(default_factory=dict)
    same: dict[int, int] = field(default_factory=dict)
    """For a card whose value is another's (the cards touch), that card (see :func:`touching`)."""

    def __post_init__(self) -> None:
        for d in (self.dd, self.table, self.dd_win, self.table_win, self.euchred, self.set, self.made, self.tricks):
            for a in self.actions:
                d.setdefault(a, [])

    @property
    def n(self) -> int:
        return len(self.log_weights)

    def weights(self) -> list[float]:
        """Relative weights (truncated: :func:`~.worlds.truncated`), summing to 1."""
        ws = truncated(self.log_weights)
        total = sum(ws)
        return [w / total for w in ws]

    def mean(self, xs: Sequence[float], ws: Sequence[float] | None = None) -> float:
        ws = self.weights() if ws is None else ws
        return sum(w * x for w, x in zip(ws, xs, strict=True))

    def upto(self, n: int) -> Samples:
        """The first ``n`` worlds (all of them when there are fewer)."""
        out = Samples(self.actions, self.game, self.log_weights[:n], self.fits[:n], same=self.same)
        for name in ("dd", "table", "dd_win", "table_win", "euchred", "set", "made", "tricks"):
            mine, theirs = getattr(self, name), getattr(out, name)
            for a in self.actions:
                theirs[a] = mine[a][:n]
        return out

    def metric(self, a: int, table: bool = True) -> list[float]:
        """What grades: the game-win chance with a score, else the points; at the table or double dummy."""
        if self.game:
            return self.table_win[a] if table else self.dd_win[a]
        return self.table[a] if table else self.dd[a]


def paired_se(xs: Sequence[float], ys: Sequence[float], ws: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``xs - ys`` and its standard error (by the effective sample size)."""
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    mean = sum(w * d for w, d in zip(ws, diffs, strict=True))
    var = sum(w * (d - mean) ** 2 for w, d in zip(ws, diffs, strict=True))
    ess = 1.0 / sum(w * w for w in ws)
    if ess > 1:
        var *= ess / (ess - 1)
    return mean, math.sqrt(var / ess)


def play_on(state: State, bidder: Bot, rng: random.Random, score: tuple[int, int] | None) -> None:
    """Play ``state`` to the end at a real table: every seat bids and plays as the standard bot
    does, each seat's card play reading only its own cards and what is public (never peeking)."""
    decide = bidder.decide
    while state.phase != OVER:
        state.apply(decide(state, rng, None, score))


def _record(
    samples: Samples, a: int, ctx: Context, team: int, dealer: int, dd: tuple[tuple[int, int], int], tab: State
) -> None:
    (pts, _e) = dd
    samples.dd[a].append(float(pts[team] - pts[1 - team]))
    tpts, euchred = outcome(tab)
    samples.table[a].append(float(tpts[team] - tpts[1 - team]))
    samples.euchred[a].append(1.0 if euchred == team else 0.0)
    samples.set[a].append(1.0 if euchred >= 0 and euchred != team else 0.0)
    samples.tricks[a].append(float(tab.won[team]))
    samples.made[a].append(
        1.0 if tab.maker >= 0 and tab.maker & 1 == team and euchred < 0 and not tab.thrown_in else 0.0
    )
    if ctx.score is not None:
        samples.dd_win[a].append(ctx.win(team, dealer, pts))
        samples.table_win[a].append(ctx.win(team, dealer, tpts))


def value_world(samples: Samples, world: World, ctx: Context, bidder: Bot, rng: random.Random) -> None:
    """Value every option of ``samples`` in one world, both ways."""
    state = world.state
    team = state.to_act & 1
    score = ctx.score
    samples.log_weights.append(world.log_weight)
    samples.fits.append(world.fits)
    seed = rng.getrandbits(32)
    if state.phase == PLAY_PHASE:
        search = search_for(state)
        values = search.play_values(state.leader, state.trick[:])
        mt = state.maker & 1
        done = state.won[mt]
        lone = state.lone_defender >= 0
        same = samples.same
        for a in sorted(samples.actions, key=lambda a: a in same):  # each run's top card first
            twin = same.get(a)
            if twin is not None:  # touching cards: the value of the highest of their run
                for d in (samples.dd, samples.table, samples.dd_win, samples.table_win):
                    if d[twin]:
                        d[a].append(d[twin][-1])
                for d in (samples.euchred, samples.set, samples.made, samples.tricks):
                    d[a].append(d[twin][-1])
                continue
            final = done + values[a - act.PLAY]
            sc = score_hand(final, alone=state.alone, lone_defender=lone, rules=state.rules)
            pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
            tab = state.copy()
            tab.apply(a)
            play_on(tab, bidder, random.Random(seed), score)
            _record(samples, a, ctx, team, state.dealer, (pts, -1), tab)
        return
    for a in samples.actions:
        dd = state.copy()
        dd.apply(a)
        finish(dd, bidder, None, random.Random(seed))
        if dd.phase == PLAY_PHASE:
            score_solved(dd)
        tab = state.copy()
        tab.apply(a)
        play_on(tab, bidder, random.Random(seed), score)
        _record(samples, a, ctx, team, state.dealer, outcome(dd), tab)


def touching(state: State) -> dict[int, int]:
    """For each legal card of the seat to play that touches a higher legal card of its suit (no
    card still out, and not the seat's own, lies between them), the highest card of that run:
    such cards take the same tricks, so the coach values the run once. Keys and values are actions.

    >>> import euchre_learn as el
    >>> hand = el.examples.hand('left-bower-trap', after=2)   # North holds J♥ A♥ K♥: A♥ and K♥ touch
    >>> {str(el.Action(a)): str(el.Action(b)) for a, b in touching(hand.state).items()}
    {'play K♥': 'play A♥'}
    """
    trump = state.trump
    eff, power = EFFECTIVE[trump], POWER[trump]
    deck = (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1
    held = state.hands[state.to_act]
    live = (deck & ~state.played & ~held) | sum(1 << c for c in state.trick)  # the trick's cards count
    out = [c for c in range(deck.bit_length()) if live >> c & 1]
    legal = [a - act.PLAY for a in state.legal()]
    same: dict[int, int] = {}
    for suit in {eff[c] for c in legal}:
        run = sorted((c for c in legal if eff[c] == suit), key=lambda c: -power[c])
        top = run[0]
        for hi, lo in pairwise(run):
            if any(eff[x] == suit and power[lo] < power[x] < power[hi] for x in out):
                top = lo
            else:
                same[act.PLAY + lo] = act.PLAY + top
    return same

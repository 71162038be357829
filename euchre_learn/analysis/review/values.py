"""The review's Monte-Carlo valuation: every legal action of a decision valued in the same
sampled worlds (:class:`~euchre_learn.analysis.sampling.Worlds`), cards double-dummy
(:func:`value_cards`), bids played out as the advisor does (:func:`value_bids`); points for the
seat's side and, with a game score (:class:`Context`), the chance to win the game."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from euchre_learn.analysis.review.model import ReviewOption
from euchre_learn.analysis.sampling import Worlds, finish, score_solved
from euchre_learn.analysis.search import reduce_holding, search_for
from euchre_learn.analysis.win_table import win_probability
from euchre_learn.engine.actions import PLAY, Action
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import score_hand

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot


__all__ = ["Context", "Values", "add_outcome", "outcome", "value_bids", "value_cards"]


# ---- valuing the options ------------------------------------------------------------------------


class Values:
    """Per-world values of each option: points for the seat's side, game-win chance, tricks."""

    def __init__(self, actions: Sequence[int], graded_by_win: bool) -> None:
        self.actions = list(actions)
        self.by_win = graded_by_win
        self.points: dict[int, list[float]] = {a: [] for a in actions}
        self.wins: dict[int, list[float]] = {a: [] for a in actions}
        self.tricks: dict[int, list[float]] = {a: [] for a in actions}
        self.euchred: dict[int, int] = dict.fromkeys(actions, 0)
        self.set: dict[int, int] = dict.fromkeys(actions, 0)
        self.fits = 0
        """How many of the worlds fit every bid the seat saw (the sampler's verdict)."""

    @property
    def n(self) -> int:
        return len(self.points[self.actions[0]])

    @property
    def fit(self) -> float:
        """The share of the worlds that fit every bid, discard and play the seat saw."""
        return self.fits / self.n if self.n else 1.0

    def metric(self, a: int) -> list[float]:
        return self.wins[a] if self.by_win else self.points[a]

    def mean(self, a: int) -> float:
        xs = self.metric(a)
        return sum(xs) / len(xs)

    def separated(self) -> bool:
        """Are the two best options apart by more than twice their paired standard error?"""
        if len(self.actions) < 2:
            return True
        order = sorted(self.actions, key=lambda a: -self.mean(a))
        first, second = self.metric(order[0]), self.metric(order[1])
        diffs = [x - y for x, y in zip(first, second, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        se = math.sqrt(var / n)
        return mean > 2 * se or (se == 0.0 and mean == 0.0)

    def rows(self) -> tuple[ReviewOption, ...]:
        n = self.n
        out = []
        for a in self.actions:
            pts = self.points[a]
            m = sum(pts) / n
            var = sum((p - m) ** 2 for p in pts) / max(1, n - 1)
            out.append(
                ReviewOption(
                    Action(a),
                    m,
                    math.sqrt(var / n),
                    sum(self.wins[a]) / n if self.by_win else None,
                    sum(self.tricks[a]) / n,
                    self.euchred[a] / n,
                    self.set[a] / n,
                )
            )
        key = (
            (lambda o: (-(o.win_probability or 0.0), -o.expected_points, o.action.id))
            if self.by_win
            else (lambda o: (-o.expected_points, o.action.id))
        )
        return tuple(sorted(out, key=key))


@dataclass(frozen=True)
class Context:
    """What is known about the game around the hand: the score before it, the target."""

    score: tuple[int, int] | None
    points_to_win: int

    def win(self, team: int, dealer: int, points: tuple[int, int]) -> float:
        assert self.score is not None
        mine = self.score[team] + points[team]
        theirs = self.score[1 - team] + points[1 - team]
        dealing_next = ((dealer + 1) & 3) & 1 == team  # the deal passes left (R2.3)
        return win_probability(mine, theirs, dealing_next, self.points_to_win)


def add_outcome(
    vals: Values, a: int, pts: tuple[int, int], euchred_team: int, team: int, dealer: int, ctx: Context, tricks: float
) -> None:
    """One world's outcome of action ``a``: ``pts`` the (NS, EW) points of the hand,
    ``euchred_team`` the side euchred as makers (-1 if none)."""
    if euchred_team == team:
        vals.euchred[a] += 1
    elif euchred_team >= 0:
        vals.set[a] += 1
    vals.points[a].append(float(pts[team] - pts[1 - team]))
    vals.tricks[a].append(tricks)
    if ctx.score is not None:
        vals.wins[a].append(ctx.win(team, dealer, pts))


def outcome(state: State) -> tuple[tuple[int, int], int]:
    """The (NS, EW) points of a finished world and the side euchred as makers (-1 if none)."""
    if state.thrown_in or state.score is None:
        return (0, 0), -1
    sc = state.score
    mt = state.maker & 1
    pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
    return pts, (mt if not sc.makers else -1)


def value_cards(hand: Hand, ctx: Context, lo: int, hi: int, rng: random.Random, bidder: Bot) -> tuple[Values, bool]:
    """Every legal card of the seat to play, valued double-dummy over sampled worlds."""
    state = hand._s
    seat = state.to_act
    team = seat & 1
    legal = state.legal()
    vals = Values(legal, ctx.score is not None)
    # from the seat's view, every card not yet played and not its own is still out
    deck = (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1
    outstanding = (deck & ~state.played) | sum(1 << c for c in state.trick)
    reps = reduce_holding(state.play_mask(), outstanding, state.trump)
    forced = reps.bit_count() == 1
    if forced:
        lo = hi = min(lo, 8)
    sampler = Worlds(state, hand._deal[0][seat], hand._history, bidder)
    mt = state.maker & 1
    lone = state.lone_defender >= 0
    while vals.n < hi:
        world, ok = sampler.sample(rng)
        vals.fits += ok
        search = search_for(world)
        values = search.play_values(world.leader, world.trick[:])
        done = world.won[mt]
        for a in legal:
            final = done + values[a - PLAY]
            sc = score_hand(final, alone=state.alone, lone_defender=lone, rules=state.rules)
            pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
            euchred = mt if not sc.makers else -1
            add_outcome(vals, a, pts, euchred, team, state.dealer, ctx, float(final if team == mt else 5 - final))
        if vals.n >= lo and vals.n % 4 == 0 and vals.separated():
            break
    return vals, forced


def value_bids(hand: Hand, ctx: Context, lo: int, hi: int, rng: random.Random, bidder: Bot) -> tuple[Values, bool]:
    """Every legal bidding action, played out over sampled worlds as the advisor does."""
    state = hand._s
    seat = state.to_act
    team = seat & 1
    actions = state.legal()
    vals = Values(actions, ctx.score is not None)
    if len(actions) == 1:
        lo = hi = min(lo, 8)
    sampler = Worlds(state, hand._deal[0][seat], hand._history, bidder)
    while vals.n < hi:
        world, ok = sampler.sample(rng)
        vals.fits += ok
        world_seed = rng.getrandbits(32)
        for a in actions:
            s = world.copy()
            s.apply(a)
            finish(s, bidder, None, random.Random(world_seed))
            if s.phase == PLAY_PHASE:
                score_solved(s)
            pts, euchred = outcome(s)
            add_outcome(vals, a, pts, euchred, team, state.dealer, ctx, 0.0)
        if vals.n >= lo and vals.n % 8 == 0 and vals.separated():
            break
    return vals, len(actions) == 1

"""Review a hand or a game: every decision of a seat graded, explained, and ready to try again.

:func:`review` walks through a finished hand (or every hand of a :class:`~euchre_learn.Game`,
or a saved record) and, for each decision of the reviewed seat, values every legal action
**on what that seat knew at the time**: its own cards, the upcard, the bids and discards it
saw, the cards played, and what they imply. The hidden cards are dealt many times over (the
*worlds*) by the advisor's sampler (:mod:`euchre_learn.analysis.advisor`), which keeps only deals in
which the others' bids are the kind the 'standard' bot makes with those cards, and in the
play, deals that agree with every card played and every suit a player has shown out of.

* **Cards**: in every world, each legal card is valued by the double-dummy solver
  (:mod:`euchre_learn.analysis.solver`): the rest of the hand played with every card visible.
* **Bids, discards, defending alone, the railroad**: each option is played out in every
  world as :func:`euchre_learn.advise` does: the rest of the bidding by the 'standard' bot,
  the play double-dummy.

Every option is tried in the same worlds, so the differences between them are sharp. The
review stops adding worlds once the two best options are apart by more than twice the
standard error of their paired difference (or at the maximum).

**The value** of an option is the expected points of the hand for the seat's side (its points
minus the other side's). When the game score is known (a ``Game``, or a record with a
``"score"``), each outcome is also turned into the chance to win the game, from the table
in ``euchre_learn/analysis/data/win_probability.json`` (see :func:`win_probability`), and the
grades use that chance.

**Grades**, by the loss against the best option:

============  ===================  ==========================
grade         points lost (hand)   game-win chance lost
============  ===================  ==========================
best          under 0.05           under 0.5 percentage points
good          under 0.2            under 1.5
inaccuracy    under 0.5            under 3.5
mistake       under 1.0            under 7
blunder       1.0 or more          7 or more
============  ===================  ==========================

(At the start of a game one point is worth about 7 percentage points of game-win chance in
our table, so the two columns roughly agree.) The action the review finds best is always
graded 'best'.

**Accuracy** (0-100), adapted from lichess's published formula. Each decision scores
``103.1668 * exp(-0.04354 * L) - 3.1669`` (clamped to 0-100, lichess's curve), where ``L`` is
20 times the points lost, or in a game 20 times the game-win chance lost counted 7 percentage
points to a point: a blunder (1 point or more) scores 40 or less, a mistake 40 to 64, an
inaccuracy 64 to 84, a good decision 84 to 96. A seat's accuracy is the average of two means of
its decisions' scores, as lichess's game accuracy is: one weighted by each decision's *stakes*
(the points between its best and worst option, held between 0.1 and 2: lichess weights by
volatility), so a slip where nothing much hung on the choice counts little; and the harmonic
mean (scores under 1 count as 1), so one blunder costs more than several small slips.
Decisions where every option is worth the same (a forced card, touching cards) are left out.
Why this scale: over the same 60 deals, a random player scores 77, the 'standard' bot 95 and
the 'expert' 97 (the plain lichess curve at 15 times the points gave 86, 96 and 98, and a
random player looked nearly as good as a bot, because most of its choices, like most card
plays, risk little); see docs/review.md.

>>> import euchre_learn as el
>>> hand = el.examples.hand('left-bower-trap')
>>> rev = el.review(hand, seat='N', worlds=8, seed=1)
>>> [d.grade for d in rev.decisions]
['inaccuracy', 'best', 'inaccuracy', 'best', 'best', 'best']
>>> print(rev.decisions[0].explanation)  # doctest: +ELLIPSIS
To order it up alone was better than to order it up: +1.84 against +1.47 points for North-South, over 32 deals ...
>>> round(rev.accuracy)
85
"""

from __future__ import annotations

import html
import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.advisor import _finish, _score_solved, _Worlds
from euchre_learn.analysis.solver import _search_for, reduce_holding
from euchre_learn.analysis.win_table import win_probability
from euchre_learn.engine.actions import PLAY, Action
from euchre_learn.engine.cards import Card, Seat, Team
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.explain import action_words, card_reason, suit_words
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import RecordError, load_record, replay
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE, POWER

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from euchre_learn.analysis.bots import Bot
    from euchre_learn.engine.game import Game

__all__ = [
    "GRADES",
    "POINT_THRESHOLDS",
    "WIN_THRESHOLDS",
    "Decision",
    "Review",
    "ReviewOption",
    "accuracy_score",
    "review",
    "review_decision",
    "win_probability",
]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
POINT_THRESHOLDS = (0.05, 0.2, 0.5, 1.0)
"""Points lost in a hand below which a decision is best, good, inaccuracy, mistake (else blunder)."""
WIN_THRESHOLDS = (0.005, 0.015, 0.035, 0.07)
"""Game-win chance lost below which a decision is best, good, inaccuracy, mistake (else blunder)."""
DEFAULT_WORLDS = 96
"""The most worlds for a card decision; a bidding decision takes up to four times as many. At
48 the best card agreed with the best at four times the worlds in only 90% of the decisions
where that mattered (bench_review_quality); at 96 it does in 97%, still well inside 100 ms."""
POINTS_TO_PERCENT = 20.0
"""In the accuracy formula, one point lost in a hand counts as this many of lichess's
percentage points: a blunder (1 point or more) scores 40 or less, a mistake 40 to 64, an
inaccuracy 64 to 84, a good decision 84 to 96."""
WIN_PERCENT_PER_POINT = 7.0
"""Percentage points of game-win chance that count as one point of a hand in the accuracy
formula: the ratio of the grades' own thresholds (a blunder is 1 point, or 7 of game-win chance),
and about what one point is worth near 0-0 in the win-probability table."""
STAKES_LIMITS = (0.1, 2.0)
"""A decision's weight in the accuracy is its stakes, the points between its best and worst
option, held between these limits."""


# ---- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewOption:
    """One legal action of a reviewed decision and what it was worth, over the worlds.

    ``expected_points`` is for the seat's side (negative when the other side scores),
    ``win_probability`` the chance to win the game after it (``None`` without a game score);
    ``tricks`` the seat's side's average tricks (card decisions), ``p_euchred`` the chance
    that the seat's side makes trump and is euchred, ``p_set`` that it euchres the makers.
    """

    action: Action
    expected_points: float
    expected_points_se: float
    win_probability: float | None
    tricks: float
    p_euchred: float
    p_set: float

    def __str__(self) -> str:
        win = "" if self.win_probability is None else f", win {self.win_probability:.1%}"
        return f"{self.action}: {self.expected_points:+.2f} ± {self.expected_points_se:.2f} points{win}"


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what was done, what was best, the grade and why.

    ``index`` is the 0-based position of the action in the hand record's ``actions``;
    ``hand_number`` the hand in the game (0 for a single hand); ``position`` the hand just
    before the decision (:meth:`Review.retry` gives it). ``loss`` is the expected points given
    up against ``best`` (never negative), ``win_loss`` the game-win chance given up (``None``
    without a score); the grade uses ``win_loss`` when there is one. ``forced`` is true when
    every option was worth the same (one legal card, touching cards). ``note`` is the honest
    caveat, also at the end of ``explanation``.
    """

    seat: Seat
    phase: Phase
    index: int
    action: Action
    best: Action
    options: tuple[ReviewOption, ...]
    loss: float
    win_loss: float | None
    grade: str
    explanation: str
    note: str
    worlds: int
    forced: bool
    hand_number: int
    position: Hand = field(repr=False, compare=False)

    def option(self, action: Action | str) -> ReviewOption:
        """The row of one action (an :class:`~euchre_learn.Action` or its text)."""
        a = Action.parse(action)
        for o in self.options:
            if o.action == a:
                return o
        raise ValueError(f"{a} was not a legal option: {', '.join(str(o.action) for o in self.options)}")

    @property
    def chosen(self) -> ReviewOption:
        """The row of the action taken."""
        return self.option(self.action)

    @property
    def accuracy(self) -> float:
        """This decision's score in the accuracy formula (0-100)."""
        return accuracy_score(self.loss, self.win_loss)

    @property
    def stakes(self) -> float:
        """What was at stake: the points between the best and the worst option (in a game, the
        game-win chance between them, ``WIN_PERCENT_PER_POINT`` percentage points to a point),
        held within ``STAKES_LIMITS``: the decision's weight in the accuracy."""
        wins = [o.win_probability for o in self.options]
        if self.win_loss is not None and all(w is not None for w in wins):
            known = [w for w in wins if w is not None]
            spread = 100.0 * (max(known) - min(known)) / WIN_PERCENT_PER_POINT
        else:
            points = [o.expected_points for o in self.options]
            spread = max(points) - min(points)
        low, high = STAKES_LIMITS
        return min(high, max(low, spread))

    def gap(self, action: Action | str) -> float:
        """How much ``action`` gave up against the best, in the unit that grades (points, or
        game-win chance when there is a score); never negative."""
        o, b = self.option(action), self.option(self.best)
        if b.win_probability is not None and o.win_probability is not None:
            return max(0.0, b.win_probability - o.win_probability)
        return max(0.0, b.expected_points - o.expected_points)

    def grade_of(self, action: Action | str) -> str:
        """The grade ``action`` would have had here."""
        a = Action.parse(action)
        if a == self.best:
            return "best"
        return _grade(self.gap(a), self.win_loss is not None)

    def __str__(self) -> str:
        return f"{self.seat} {self.action} ({self.phase.value}): {self.grade}" + (
            f", best {self.best} (−{self.loss:.2f} points)" if self.action != self.best else ""
        )


def _grade(loss: float, game: bool) -> str:
    limits = WIN_THRESHOLDS if game else POINT_THRESHOLDS
    for grade, limit in zip(GRADES, limits, strict=False):
        if loss < limit:
            return grade
    return GRADES[-1]


def accuracy_score(loss: float, win_loss: float | None = None) -> float:
    """One decision's accuracy (0-100) by the module's formula: lichess's curve
    ``103.1668 * exp(-0.04354 * L) - 3.1669`` with ``L`` = ``POINTS_TO_PERCENT`` (20) times
    the points lost, or in a game the game-win chance lost counted ``WIN_PERCENT_PER_POINT``
    (7) percentage points to a point.

    >>> accuracy_score(0.0), round(accuracy_score(1.0)), round(accuracy_score(0.5)), round(accuracy_score(0.2))
    (100.0, 40, 64, 84)
    >>> round(accuracy_score(0.0, 0.07))    # 7 percentage points of game-win chance: like 1 point
    40
    """
    points = 100.0 * win_loss / WIN_PERCENT_PER_POINT if win_loss is not None else loss
    lost = POINTS_TO_PERCENT * points
    if lost <= 0:
        return 100.0
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def _mean_accuracy(decisions: Iterable[Decision]) -> float:
    """A seat's accuracy over some decisions: the average of the mean of their scores weighted
    by their stakes and of the harmonic mean of the scores (lichess's game accuracy, with
    the stakes in the place of its volatility weights); forced decisions are left out.

    A slip where little was at stake counts little; a blunder weighs on the harmonic mean:

    >>> from types import SimpleNamespace as D
    >>> calm = D(forced=False, accuracy=100.0, stakes=0.1)
    >>> slip = D(forced=False, accuracy=accuracy_score(0.08), stakes=0.1)
    >>> blunder = D(forced=False, accuracy=accuracy_score(1.5), stakes=2.0)
    >>> best_big = D(forced=False, accuracy=100.0, stakes=2.0)
    >>> round(_mean_accuracy([calm, slip, best_big])), round(_mean_accuracy([calm, calm, blunder]))
    (99, 41)
    """
    ds = [d for d in decisions if not d.forced]
    if not ds:
        return 100.0
    scores = [d.accuracy for d in ds]
    weights = [d.stakes for d in ds]
    weighted = sum(w * a for w, a in zip(weights, scores, strict=True)) / sum(weights)
    harmonic = len(scores) / sum(1.0 / max(1.0, a) for a in scores)
    return (weighted + harmonic) / 2


# ---- valuing the options ------------------------------------------------------------------------


class _Values:
    """Per-world values of each option: points for the seat's side, game-win chance, tricks."""

    def __init__(self, actions: Sequence[int], graded_by_win: bool) -> None:
        self.actions = list(actions)
        self.by_win = graded_by_win
        self.points: dict[int, list[float]] = {a: [] for a in actions}
        self.wins: dict[int, list[float]] = {a: [] for a in actions}
        self.tricks: dict[int, list[float]] = {a: [] for a in actions}
        self.euchred: dict[int, int] = dict.fromkeys(actions, 0)
        self.set: dict[int, int] = dict.fromkeys(actions, 0)

    @property
    def n(self) -> int:
        return len(self.points[self.actions[0]])

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
class _Context:
    """What is known about the game around the hand: the score before it, the target."""

    score: tuple[int, int] | None
    points_to_win: int

    def win(self, team: int, dealer: int, points: tuple[int, int]) -> float:
        assert self.score is not None
        mine = self.score[team] + points[team]
        theirs = self.score[1 - team] + points[1 - team]
        dealing_next = ((dealer + 1) & 3) & 1 == team  # the deal passes left (R2.3)
        return win_probability(mine, theirs, dealing_next, self.points_to_win)


def _add_outcome(
    vals: _Values, a: int, pts: tuple[int, int], euchred_team: int, team: int, dealer: int, ctx: _Context, tricks: float
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


def _outcome(state: State) -> tuple[tuple[int, int], int]:
    """The (NS, EW) points of a finished world and the side euchred as makers (-1 if none)."""
    if state.thrown_in or state.score is None:
        return (0, 0), -1
    sc = state.score
    mt = state.maker & 1
    pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
    return pts, (mt if not sc.makers else -1)


def _value_cards(hand: Hand, ctx: _Context, lo: int, hi: int, rng: random.Random, bidder: Bot) -> tuple[_Values, bool]:
    """Every legal card of the seat to play, valued double-dummy over sampled worlds."""
    state = hand._s
    seat = state.to_act
    team = seat & 1
    legal = state.legal()
    vals = _Values(legal, ctx.score is not None)
    # from the seat's view, every card not yet played and not its own is still out
    deck = (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1
    outstanding = (deck & ~state.played) | sum(1 << c for c in state.trick)
    reps = reduce_holding(state.play_mask(), outstanding, state.trump)
    forced = reps.bit_count() == 1
    if forced:
        lo = hi = min(lo, 8)
    sampler = _Worlds(state, hand._deal[0][seat], hand._history, bidder)
    mt = state.maker & 1
    lone = state.lone_defender >= 0
    while vals.n < hi:
        world, _ok = sampler.sample(rng)
        search = _search_for(world)
        values = search.play_values(world.leader, world.trick[:])
        done = world.won[mt]
        for a in legal:
            final = done + values[a - PLAY]
            sc = score_hand(final, alone=state.alone, lone_defender=lone, rules=state.rules)
            pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
            euchred = mt if not sc.makers else -1
            _add_outcome(vals, a, pts, euchred, team, state.dealer, ctx, float(final if team == mt else 5 - final))
        if vals.n >= lo and vals.n % 4 == 0 and vals.separated():
            break
    return vals, forced


def _value_bids(hand: Hand, ctx: _Context, lo: int, hi: int, rng: random.Random, bidder: Bot) -> tuple[_Values, bool]:
    """Every legal bidding action, played out over sampled worlds as the advisor does."""
    state = hand._s
    seat = state.to_act
    team = seat & 1
    actions = state.legal()
    vals = _Values(actions, ctx.score is not None)
    if len(actions) == 1:
        lo = hi = min(lo, 8)
    sampler = _Worlds(state, hand._deal[0][seat], hand._history, bidder)
    while vals.n < hi:
        world, _ok = sampler.sample(rng)
        world_seed = rng.getrandbits(32)
        for a in actions:
            s = world.copy()
            s.apply(a)
            _finish(s, bidder, None, random.Random(world_seed))
            if s.phase == PLAY_PHASE:
                _score_solved(s)
            pts, euchred = _outcome(s)
            _add_outcome(vals, a, pts, euchred, team, state.dealer, ctx, 0.0)
        if vals.n >= lo and vals.n % 8 == 0 and vals.separated():
            break
    return vals, len(actions) == 1


# ---- explanations -----------------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(state: State, seat: int, a: int) -> str:
    """An action as the explanation says it: 'the K♣' for a card, 'to assist' for a bid."""
    if a >= PLAY:
        return f"the {Card(a - PLAY)}"
    return f"to {action_words(state, seat, a)}"


def _card_why(state: State, chosen: int, better: int, rows: dict[int, ReviewOption]) -> list[str]:
    """Plain reasons, read off the position, why ``better`` beat ``chosen``."""
    seat, trump = state.to_act, state.trump
    c, b = chosen - PLAY, better - PLAY
    eff, power = EFFECTIVE[trump], POWER[trump]
    why: list[str] = []
    partner = (seat + 2) & 3
    if state.trick:
        from euchre_learn.engine.trump import winner_index

        w = winner_index(state.trick, trump)
        winner_seat = state.trick_seats[w]
        if winner_seat == partner and eff[c] == trump and eff[state.trick[0]] != trump and eff[b] != trump:
            why.append(
                f"your partner's {Card(state.trick[w])} was already winning the trick, so the trump was spent for nothing"
            )
        elif eff[c] == eff[b] and power[c] > power[b] and winner_seat == partner:
            why.append(f"your partner was already winning the trick, so the lower {Card(b)} would have done")
    else:
        if eff[b] == trump and eff[c] != trump:
            why.append("leading trump draws the other side's trumps before they can ruff your winners")
        elif eff[c] == trump and eff[b] != trump:
            why.append(f"leading trump here spends trumps your side needed; the {Card(b)} keeps them")
    rb, rc = rows[better], rows[chosen]
    if abs(rb.tricks - rc.tricks) >= 0.05:
        why.append(
            f"your side ends with {rb.tricks:.1f} tricks on average after the {Card(b)}, against {rc.tricks:.1f}"
        )
    if rc.p_euchred - rb.p_euchred >= 0.05:
        why.append(f"it is euchred in {rc.p_euchred:.0%} of the deals after the {Card(c)}, against {rb.p_euchred:.0%}")
    return why


def _explain(
    hand: Hand, chosen: int, best: int, rows: tuple[ReviewOption, ...], vals: _Values, forced: bool, game: bool
) -> tuple[str, str]:
    """The explanation and the honest note of one decision."""
    state = hand._s
    seat = state.to_act
    team = Seat(seat).team.word
    by = {o.action.id: o for o in rows}
    n = vals.n

    def value(a: int) -> str:
        o = by[a]
        if o.win_probability is not None:
            return f"{o.win_probability:.1%} to win the game ({o.expected_points:+.2f} points for {team})"
        return f"{o.expected_points:+.2f} points for {team}"

    def against(a: int, b: int) -> str:
        x, y = by[a], by[b]
        if x.win_probability is not None and y.win_probability is not None:
            return (
                f"{x.win_probability:.1%} against {y.win_probability:.1%} to win the game "
                f"({x.expected_points:+.2f} against {y.expected_points:+.2f} points for {team})"
            )
        return f"{x.expected_points:+.2f} against {y.expected_points:+.2f} points for {team}"

    if forced:
        if len(rows) == 1:
            return f"{_cap(_name(state, seat, chosen))} was the only legal choice.", ""
        return (
            f"Every legal card did the same here (the cards touch: nothing still out lies between them), "
            f"so {_name(state, seat, chosen)} was as good as any.",
            "",
        )
    deals = f"over {n} deals of the cards {Seat(seat).word} could not see"
    if chosen == best:
        runner = next(o for o in rows if o.action.id != best)
        text = f"{_cap(_name(state, seat, best))} was the best choice: {value(best)} {deals}; " + (
            f"{_name(state, seat, runner.action.id)} does as well."
            if vals.mean(runner.action.id) >= vals.mean(best) - 1e-9
            else f"the next best, {_name(state, seat, runner.action.id)}, gives {value(runner.action.id)}."
        )
        other = runner.action.id
    else:
        text = (
            f"{_cap(_name(state, seat, best))} was better than {_name(state, seat, chosen)}: "
            f"{against(best, chosen)}, {deals}."
        )
        other = chosen
    apart = vals.mean(best) > vals.mean(other) + 1e-9
    if not apart:
        pass
    elif state.phase == PLAY_PHASE:
        why = _card_why(state, other, best, by)
        if why:
            text += " " + _cap("; ".join(why)) + "."
        bower = best - PLAY if chosen != best else -1
        if bower >= 0 and EFFECTIVE[state.trump][bower] == state.trump and bower % 6 == 2:
            text += " " + card_reason(Card(bower), suit_words(state.trump).split()[-1])
    else:
        b, o = by[best], by[other]
        if o.p_euchred - b.p_euchred >= 0.05:
            text += (
                f" After the choice {_name(state, seat, other)}, your side is euchred in {o.p_euchred:.0%} of the deals, "
                f"against {b.p_euchred:.0%}."
            )
        if b.p_set - o.p_set >= 0.05:
            text += f" After the choice {_name(state, seat, best)}, your side euchres the makers in {b.p_set:.0%} of the deals."
    # the honest note: perfect-information play sees every card
    metric_b, metric_o = vals.metric(best), vals.metric(other)
    better = sum(1 for x, y in zip(metric_b, metric_o, strict=True) if x > y + 1e-9)
    worse = sum(1 for x, y in zip(metric_b, metric_o, strict=True) if x < y - 1e-9)
    note = ""
    if state.phase == PLAY_PHASE:
        if worse:
            note = (
                f"Each deal is played with every card visible, and {_name(state, seat, best)} did better in only "
                f"{better} of the {n} deals and worse in {worse}: which deal it is cannot be seen at the table, "
                f"so the solver's perfect play flatters this line."
            )
    elif game is False and abs(by[best].expected_points - by[other].expected_points) < 0.3:
        note = (
            "The play after each bid is double-dummy (every card visible, both sides perfect), so a close bidding "
            "call like this one can go either way at a real table."
        )
    elif Action(best).alone:
        note = (
            "The play after each bid is double-dummy: a loner is played perfectly here, with the defenders' "
            "cards in view, which flatters going alone a little."
        )
    if note:
        text += " " + note
    return text, note


# ---- the review -------------------------------------------------------------------------------------


class Review:
    """The review of one or more seats' decisions (see :func:`review`).

    ``decisions`` in play order; ``accuracy`` (0-100) for the seat, or ``{Seat: accuracy}``
    when every seat was reviewed; ``hand_accuracy`` per hand. :meth:`mistakes` lists the
    costly decisions worst first, :meth:`retry` gives the position before one, :meth:`plot`
    draws how the expected points moved.
    """

    def __init__(
        self,
        decisions: tuple[Decision, ...],
        seat: Seat | None,
        hands: tuple[Hand, ...],
        scores: tuple[tuple[int, int] | None, ...],
        worlds: int,
        seed: Any,
    ) -> None:
        self.decisions = decisions
        self.seat = seat
        self.hands = hands
        self.scores = scores
        self.worlds = worlds
        self.seed = seed

    @property
    def is_game(self) -> bool:
        """True when a game score was known and the grades use the chance to win."""
        return any(s is not None for s in self.scores)

    def _seats(self) -> list[Seat]:
        return [self.seat] if self.seat is not None else sorted({d.seat for d in self.decisions})

    @property
    def accuracy(self) -> Any:
        """The seat's accuracy (0-100), or ``{Seat: accuracy}`` when every seat was reviewed."""
        if self.seat is not None:
            return _mean_accuracy(self.decisions)
        return {s: _mean_accuracy(d for d in self.decisions if d.seat == s) for s in self._seats()}

    @property
    def hand_accuracy(self) -> list[Any]:
        """The accuracy hand by hand (each like :attr:`accuracy`)."""
        out: list[Any] = []
        for i in range(len(self.hands)):
            ds = [d for d in self.decisions if d.hand_number == i]
            if self.seat is not None:
                out.append(_mean_accuracy(ds))
            else:
                out.append({s: _mean_accuracy(d for d in ds if d.seat == s) for s in self._seats()})
        return out

    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions graded mistake or blunder, worst first."""
        bad = [d for d in self.decisions if d.grade in ("mistake", "blunder")]
        return tuple(
            sorted(bad, key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        )

    def costly(self) -> tuple[Decision, ...]:
        """Every decision not graded best or good, worst first (what a review panel lists)."""
        bad = [d for d in self.decisions if d.grade not in ("best", "good")]
        return tuple(
            sorted(bad, key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        )

    def retry(self, decision: Decision | int) -> Hand:
        """The position just before ``decision`` (a :class:`Decision`, or its number in
        :attr:`decisions`), as a :class:`~euchre_learn.Hand` to try again."""
        if isinstance(decision, int) and not isinstance(decision, bool):
            if not 0 <= decision < len(self.decisions):
                raise ValueError(f"there are {len(self.decisions)} decisions in this review, not a number {decision}")
            decision = self.decisions[decision]
        if not isinstance(decision, Decision):
            raise ValueError(f"retry() takes a Decision of this review or its number, not {decision!r}")
        return decision.position

    def counts(self) -> dict[str, int]:
        """How many decisions got each grade."""
        return {g: sum(1 for d in self.decisions if d.grade == g) for g in GRADES}

    def _head(self) -> str:
        who = self.seat.word if self.seat is not None else "every seat"
        what = f"{len(self.hands)} hands of a game" if len(self.hands) > 1 else "one hand"
        acc = self.accuracy
        acc_text = (
            f"accuracy {acc:.0f}"
            if isinstance(acc, float)
            else "accuracy " + ", ".join(f"{s} {a:.0f}" for s, a in acc.items())
        )
        unit = "game-win chance" if self.is_game else "expected points"
        return f"Review of {who}, {what}: {len(self.decisions)} decisions, {acc_text} (graded by {unit})"

    def __str__(self) -> str:
        lines = [self._head()]
        for d in self.decisions:
            lost = f"-{d.win_loss:.1%}" if d.win_loss is not None else f"-{d.loss:.2f}"
            lines.append(
                f"{d.hand_number + 1:>2}.{d.index:<3} {d.seat} {d.action!s:<16} {d.grade:<10}"
                + ("" if d.action == d.best else f" best {d.best} ({lost})")
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Review {self.seat if self.seat is not None else 'all seats'}: {len(self.decisions)} decisions>"

    def _repr_html_(self) -> str:
        return review_html(self)

    def plot(self) -> Figure:
        """A chart of how the expected points for the reviewed side moved, decision by decision:
        the best option's value before each decision and the chosen action's, marked by grade.

        >>> import euchre_learn as el
        >>> fig = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1).plot()
        >>> fig.axes[0].get_ylabel()
        'expected points for North-South'
        """
        return review_figure(self)


_GRADE_COLOURS = {
    "best": "#009E73",
    "good": "#56B4E9",
    "inaccuracy": "#F0E442",
    "mistake": "#E69F00",
    "blunder": "#D55E00",
}
_GRADE_MARKS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
_REVIEW_CSS = (
    "<style>.el-review table{border-collapse:collapse;font-size:.9em;margin-top:.4em}"
    ".el-review th,.el-review td{padding:.2em .5em;border-bottom:1px solid var(--jp-border-color2,rgba(127,127,127,.35));"
    "text-align:left;vertical-align:top}.el-review .el-why{max-width:38em;font-size:.92em}"
    ".el-grade{display:inline-block;padding:.05em .45em;border-radius:.8em;font-weight:700;font-size:.85em;"
    "color:#1b1b1b;border:1px solid #1b1b1b;white-space:nowrap}"
    + "".join(f".el-g-{g}{{background:{c}}}" for g, c in _GRADE_COLOURS.items())
    + "</style>"
)


def review_html(rev: Review, *, style: bool = True) -> str:
    """The review as a learner reads it: the accuracy, the grades counted, then every decision
    with its grade (a word and a mark, never colour alone), the better action and why.

    >>> import euchre_learn as el
    >>> html = review_html(el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1))
    >>> 'el-review' in html and 'accuracy' in html and 'best' in html
    True
    """
    from euchre_learn.display.html import _root

    counts = rev.counts()
    summary = " · ".join(f"{_GRADE_MARKS[g]} {g} {n}" for g, n in counts.items() if n)
    rows = []
    for d in rev.decisions:
        lost = ""
        if d.action != d.best:
            lost = f"−{d.win_loss:.1%} to win" if d.win_loss is not None else f"−{d.loss:.2f} points"
        rows.append(
            f"<tr><td>{d.hand_number + 1}</td><td>{html.escape(d.seat.word)}</td><td>{html.escape(d.phase.value)}</td>"
            f"<td>{html.escape(str(d.action))}</td>"
            f'<td><span class="el-grade el-g-{d.grade}">{_GRADE_MARKS[d.grade]} {d.grade}</span></td>'
            f"<td>{html.escape(str(d.best)) if d.action != d.best else ''}</td><td>{html.escape(lost)}</td>"
            f'<td class="el-why">{html.escape(d.explanation)}</td></tr>'
        )
    body = (
        (_REVIEW_CSS if style else "")
        + f"<p><b>{html.escape(rev._head())}</b></p><p>{html.escape(summary)}</p>"
        + "<table><thead><tr><th>hand</th><th>seat</th><th>phase</th><th>action</th><th>grade</th>"
        + "<th>better</th><th>cost</th><th>why</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    return _root(body, "review", None, style=style)


def review_figure(rev: Review) -> Figure:
    """The chart behind :meth:`Review.plot` (matplotlib, imported here)."""
    from euchre_learn.analysis.plots import PALETTE, _figure

    seats = rev._seats()
    fig, ax = _figure(8.0, 4.0)
    for k, seat in enumerate(seats):
        ds = [d for d in rev.decisions if d.seat == seat]
        xs = list(range(1, len(ds) + 1))
        before = [d.option(d.best).expected_points for d in ds]
        after = [d.chosen.expected_points for d in ds]
        colour = [PALETTE["blue"], PALETTE["vermillion"], PALETTE["green"], PALETTE["purple"]][k % 4]
        label = "" if len(seats) == 1 else f"{seat.word}: "
        ax.plot(xs, before, color=colour, linestyle=":", marker="^", markersize=4, label=f"{label}best available")
        ax.plot(xs, after, color=colour, linestyle="-", marker="o", markersize=4, label=f"{label}after the choice made")
        for x, d, y in zip(xs, ds, after, strict=True):
            if d.grade in ("inaccuracy", "mistake", "blunder"):
                ax.annotate(_GRADE_MARKS[d.grade], (x, y), xytext=(0, -12), textcoords="offset points", ha="center")
        for i in range(1, len(rev.hands)):
            first = next((x for x, d in zip(xs, ds, strict=True) if d.hand_number == i), None)
            if first is not None:
                ax.axvline(first - 0.5, color=PALETTE["black"], linewidth=0.5, linestyle="--")
    ax.axhline(0, color=PALETTE["black"], linewidth=0.6)
    team = seats[0].team.word if len(seats) == 1 else "each seat's side"
    ax.set_ylabel(f"expected points for {team}")
    ax.set_xlabel("decision (the seat's own, in play order; ?! inaccuracy, ? mistake, ?? blunder)")
    ax.grid(alpha=0.3)
    # below the chart, not loc='best': that search can take over a second on a busy machine, and
    # matplotlib then writes a warning into the notebook
    if len(seats) == 1:
        fig.legend(loc="outside lower center", ncols=2, fontsize=8)
    else:
        fig.legend(loc="outside right upper", fontsize=8)
    ax.set_title("How the expected points moved through the hand")
    return fig


# ---- entry point ----------------------------------------------------------------------------------


def _subject(subject: Any) -> tuple[list[Hand], list[tuple[int, int] | None], int]:
    """The hands to review, the score before each (or None) and the target."""
    from euchre_learn.engine.game import Game

    if isinstance(subject, Game):
        hands = list(subject.hands)
        if not hands:
            raise ValueError("this game has no finished hand to review yet: review(game.hand) reviews the hand in play")
        scores: list[tuple[int, int] | None] = []
        run = [0, 0]
        for h in hands:
            scores.append((run[0], run[1]))
            pts = h.points
            run[0] += pts[Team.NS]
            run[1] += pts[Team.EW]
        return hands, scores, subject.rules.points_to_win
    if isinstance(subject, Hand):
        return [subject], [None], subject.rules.points_to_win
    if isinstance(subject, (list, tuple)):  # the hands of a saved game, in order
        if not subject:
            raise ValueError("review() was given an empty list of hand records: there is nothing to review")
        parts = [_subject(r) if isinstance(r, (dict, str, os.PathLike)) else None for r in subject]
        if any(p is None for p in parts):
            bad = next(r for r, p in zip(subject, parts, strict=True) if p is None)
            raise ValueError(f"review() takes a list of hand records (dicts, JSON text or paths), not of {type(bad).__name__}")
        return [p[0][0] for p in parts if p], [p[1][0] for p in parts if p], max(p[2] for p in parts if p)
    if isinstance(subject, (dict, str, os.PathLike)):
        data = load_record(subject)
        hand = replay(data)
        score = data.get("score")
        if score is None:
            return [hand], [None], hand.rules.points_to_win
        if (
            not isinstance(score, dict)
            or set(score) != {"NS", "EW"}
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in score.values())
        ):
            raise RecordError(
                f"record['score'] is {str(score)[:40]!r}: expected the game score before this hand, "
                'e.g. {"NS": 4, "EW": 6}'
            )
        target = hand.rules.points_to_win
        if max(score.values()) >= target:
            raise RecordError(f"record['score'] is {score}: a side with {target} points has already won the game")
        return [hand], [(score["NS"], score["EW"])], target
    raise ValueError(
        f"review() takes a Hand, a Game or a hand record (a dict, JSON text or a path), not {type(subject).__name__}"
    )


def review(
    subject: Hand | Game | dict[str, Any] | str | os.PathLike[str],
    seat: Seat | str | None = None,
    worlds: int | None = None,
    seed: Any = None,
    *,
    adaptive: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Grade every decision of ``seat`` (``None``: every seat) in a hand, a game, a record or a
    list of records (the hands of a saved game, each with its ``"score"``).

    ``worlds`` is the most deals of the hidden cards for a card decision (default 96); a
    bidding decision takes up to four times as many. With ``adaptive`` (the default) a
    decision stops adding worlds, after a third of them, once its two best options are apart
    by twice their paired standard error. ``progress(done, total)`` is called after each
    decision (a table runs the review in the background with it). The same ``seed`` gives
    the same review; see the module docs for the values, grades and accuracy.

    >>> import euchre_learn as el
    >>> rev = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=8, seed=1)
    >>> rev.decisions[0].seat, rev.decisions[0].phase.value
    (<Seat.N: 0>, 'bidding round 1')
    >>> rev.retry(rev.decisions[0]).to_act
    <Seat.N: 0>
    """
    hands, scores, target = _subject(subject)
    who = None if seat is None else Seat.parse(seat)
    worlds = _check_worlds(worlds)
    todo: list[tuple[int, int, Hand]] = []
    for number, final in enumerate(hands):
        pos = Hand._start(State.new(final.rules, final._s.dealer, list(final._deal[0]), final._deal[1], final._deal[2]))
        for i, (s, a) in enumerate(final._history):
            if who is None or s == who:
                todo.append((number, i, pos))
            pos = pos.apply(Action(a))
    decisions: list[Decision] = []
    for k, (number, i, pos) in enumerate(todo):
        chosen = Action(hands[number]._history[i][1])
        decisions.append(_review_one(pos, chosen, _Context(scores[number], target), worlds, adaptive, seed, number, i))
        if progress is not None:
            progress(k + 1, len(todo))
    return Review(tuple(decisions), who, tuple(hands), tuple(scores), worlds, seed)


def review_decision(
    position: Hand,
    action: Action | str,
    worlds: int | None = None,
    seed: Any = None,
    *,
    score: tuple[int, int] | None = None,
    adaptive: bool = True,
) -> Decision:
    """Grade one decision: ``action`` taken by the seat to act in ``position`` (a table can
    call this as each action is made). ``score`` is the game score ``(NS, EW)`` before the
    hand, when known. The same seed gives the same answer; :func:`review` uses it for each decision.

    >>> import euchre_learn as el
    >>> d = review_decision(el.examples.hand('left-bower-trap', after=2), 'play A♣', worlds=8, seed=1)
    >>> d.best, d.grade != 'best'
    (Action.parse('play J♥'), True)
    """
    a = Action.parse(action)
    if not position.is_legal(a):
        raise ValueError(f"{a} is not legal here: {position.explain_illegal(a)}")
    worlds = _check_worlds(worlds)
    index = len(position._history)
    return _review_one(position, a, _Context(score, position.rules.points_to_win), worlds, adaptive, seed, 0, index)


def _check_worlds(worlds: int | None) -> int:
    if worlds is None:
        return DEFAULT_WORLDS
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {worlds!r}")
    return worlds


def _review_one(
    pos: Hand, chosen: Action, ctx: _Context, worlds: int, adaptive: bool, seed: Any, number: int, index: int
) -> Decision:
    from euchre_learn.analysis.bots import get

    rng = random.Random(f"review|{seed}|{number}|{index}")
    bidder = get("standard", seed=rng.getrandbits(32))
    if pos._s.phase == PLAY_PHASE:
        vals, forced = _value_cards(pos, ctx, max(1, worlds // 3) if adaptive else worlds, worlds, rng, bidder)
    else:
        hi = 4 * worlds
        vals, forced = _value_bids(pos, ctx, max(1, hi // 4) if adaptive else hi, hi, rng, bidder)
    return _decide(pos, chosen.id, vals, forced, ctx, number, index)


def _decide(pos: Hand, chosen: int, vals: _Values, forced: bool, ctx: _Context, number: int, index: int) -> Decision:
    rows = vals.rows()
    game = ctx.score is not None
    if forced:
        # every option is worth the same: keep the one value for all, with the choice as best
        top = vals.rows()[0]
        rows = tuple(
            ReviewOption(
                o.action,
                top.expected_points,
                top.expected_points_se,
                top.win_probability,
                top.tricks,
                top.p_euchred,
                top.p_set,
            )
            for o in rows
        )
        best = chosen
    else:
        best = rows[0].action.id
        if vals.mean(chosen) >= vals.mean(best) - 1e-9:
            best = chosen  # a tie with the best is the best
    by = {o.action.id: o for o in rows}
    b, c = by[best], by[chosen]
    loss = max(0.0, b.expected_points - c.expected_points)
    win_loss = None
    if game:
        assert b.win_probability is not None and c.win_probability is not None
        win_loss = max(0.0, b.win_probability - c.win_probability)
    if chosen == best:
        grade = "best"
    else:
        grade = _grade(win_loss if win_loss is not None else loss, game)
    text, note = _explain(pos, chosen, best, rows, vals, forced, game)
    return Decision(
        seat=Seat(pos._s.to_act),
        phase=pos.phase,
        index=index,
        action=Action(chosen),
        best=Action(best),
        options=rows,
        loss=loss,
        win_loss=win_loss,
        grade=grade,
        explanation=text,
        note=note,
        worlds=vals.n,
        forced=forced,
        hand_number=number,
        position=pos,
    )

"""The coach's judgement of one position: every option valued double dummy and at the table, in
worlds that fit what the seat saw, graded by the table (and by the game when the score is known).

:func:`judge` is the entry point; :class:`Judgement` what it returns. The rules it follows:

* **Values a real table would see.** Each option has a double-dummy value (every card visible)
  and a table value (the hand played on by the standard bot's card play, which never peeks, and
  its bidding). The table value grades; where the two values name different best options the
  judgement says the table decided (``decided_by == 'table'``); where they agree, ``'both'``;
  where options tie at the table and double dummy breaks the tie, ``'double-dummy'``; where the
  top option breaks a strong players' convention (:mod:`~euchre_learn.analysis.convention_book`)
  and another within noise of it, and less than a mistake below it, keeps every convention, that one is best and the convention
  decided (``'convention'``): a statistical tie is no reason to break what strong players teach.
* **Game-aware.** With a game score, the value is the chance to win the game (points past the
  target count nothing); options within :data:`GAME_TIE` of each other on the game tie, and of
  tied options the one with less risk (fewer euchres, then a steadier result) is best, with a
  sentence saying so ("both win the game; going alone adds nothing").
* **'best' means nothing better.** Only the best option, and any option equal to it on every
  count, is graded 'best'; an option a hair worse is at most 'good'. So a 'best' grade never
  names a better action, by construction.
* **Close calls say so**: when the best two are within twice their paired standard error,
  ``close`` is true and the reason says "close: it depends on cards you can't see".
* **Seeded**: the same seed gives the same judgement; the seed is mixed with what the seat
  knows only (its cards and the history), never with the hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre_learn.analysis.coach.grades import GRADES, Context, grade_for
from euchre_learn.analysis.coach.values import Samples, paired_se, value_options
from euchre_learn.analysis.coach.words import explain
from euchre_learn.analysis.sampling import FitWorlds, weighted_fit
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.core import OVER, PLAY_PHASE
from euchre_learn.engine.deals import seed_text, seeded_random
from euchre_learn.engine.errors import EuchreError, quote, type_error
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import positions

__all__ = [
    "BID_WORLDS",
    "CARD_WORLDS",
    "GAME_TIE",
    "HINT_BID_WORLDS",
    "UPCARD_DISCARDED",
    "CoachOption",
    "Judgement",
    "check_position",
    "check_score",
    "judge",
    "judge_hand",
    "scaled_worlds",
]

CARD_WORLDS = 40
"""The most worlds for a card decision (it stops after a quarter (6 at least) once the best two are apart)."""
BID_WORLDS = 120
"""The most worlds for a bid, a discard or defending alone."""
HINT_BID_WORLDS = BID_WORLDS
"""The most worlds the Hint uses for a bid: the review's, so that the Hint and the review, asked
about the same position with the same seed, give the same answer (one voice)."""
GAME_TIE = 0.002
"""Options whose chances to win the game are this close (0.2 percentage points) tie on the game."""
_EPS = 1e-9


@dataclass(frozen=True)
class CoachOption:
    """One legal action and what it is worth, over the worlds (weighted), for the seat's side.

    ``table_points``/``dd_points``: expected points of the hand (negative when the other side
    scores) at the table and double dummy; ``win``/``dd_win``: the chance to win the game (``None``
    without a score); ``p_euchred``: the seat's side makes trump and is euchred (at the table);
    ``p_set``: it euchres the makers; ``p_made``: it makes trump and makes it; ``se``: the standard
    error of the grading value's difference from the best's; ``points_se`` the standard error of
    ``table_points``; ``tricks`` the seat's side's tricks at the table."""

    action: Action
    table_points: float
    dd_points: float
    win: float | None
    dd_win: float | None
    p_euchred: float
    p_set: float
    p_made: float
    se: float
    points_se: float = 0.0
    tricks: float = 0.0

    def value(self, table: bool = True) -> float:
        """The grading value: the game-win chance when there is a score, else the points."""
        if self.win is not None:
            return self.win if table else (self.dd_win or 0.0)
        return self.table_points if table else self.dd_points

    def __str__(self) -> str:
        win = "" if self.win is None else f", win {self.win:.1%} (dd {self.dd_win:.1%})"
        return f"{self.action}: {self.table_points:+.2f} at the table, {self.dd_points:+.2f} double dummy{win}"


@dataclass(frozen=True)
class Judgement:
    """The coach's judgement of a position: the options best first, the best action, which value
    decided, how well the worlds fit what the seat saw, and a plain reason.

    ``fit`` is the weighted share of the worlds in which every bid, discard and card the seat saw
    is one the model would make; ``ess`` the effective number of worlds behind the weights.
    ``forced``: only one distinct choice. ``close``: the best two are within noise.
    """

    seat: Seat
    phase: Phase
    options: tuple[CoachOption, ...]
    best: Action
    decided_by: str
    fit: float
    ess: float
    worlds: int
    forced: bool
    close: bool
    reason: str
    score: tuple[int, int] | None
    position: Hand = field(repr=False, compare=False)
    _keys: dict[int, tuple[float, ...]] = field(repr=False, compare=False, default_factory=dict)

    @property
    def game(self) -> bool:
        """Whether the grades are on the chance to win the game."""
        return self.score is not None

    def option(self, action: Action | str) -> CoachOption:
        """The row of one action (an :class:`~euchre_learn.Action` or its text)."""
        a = Action.parse(action)
        for o in self.options:
            if o.action == a:
                return o
        raise ValueError(f"{a} is not a legal option here: {', '.join(str(o.action) for o in self.options)}")

    def loss_of(self, action: Action | str) -> float:
        """What ``action`` gives up against the best, at the table (game-win chance with a score,
        else points); never negative."""
        o, b = self.option(action), self.option(self.best)
        return max(0.0, b.value() - o.value())

    def close_for(self, action: Action | str) -> bool:
        """Whether the close call (:attr:`close`: the best two within noise) is about ``action``:
        it is one of those two. A choice further down is not 'close', however close the best two."""
        return self.close and Action.parse(action) in (self.best, self.options[1].action)

    def grade_of(self, action: Action | str) -> str:
        """The grade of ``action`` here: 'best' only when nothing is better (the best action, or
        one equal to it on every count), else by :func:`~.grades.grade_for`,
        at least 'good'."""
        a = Action.parse(action)
        self.option(a)
        if a == self.best or self.forced or self._keys.get(a.id) == self._keys.get(self.best.id):
            return "best"
        grade = grade_for(self.loss_of(a), self.game)
        return GRADES[1] if grade == GRADES[0] else grade

    def better_than(self, action: Action | str) -> tuple[Action, ...]:
        """The actions ranked above ``action`` (empty exactly when it is graded 'best')."""
        a = Action.parse(action)
        if self.grade_of(a) == "best":
            return ()
        ranked = [o.action for o in self.options]
        return tuple(ranked[: ranked.index(a)])

    def explain(self, action: Action | str, convention: str | None = None, *, both_break: bool = False) -> str:
        """Why ``action`` earns its grade here, in Euchre words, numbers second (the review's
        explanation; for the best action it is :attr:`reason`). ``convention``: the sentence of a
        convention the action breaks; ``both_break``: the best action breaks it too."""
        return explain(self, Action.parse(action), convention, both_break=both_break)

    def __str__(self) -> str:
        rows = "\n".join(f"  {o}" for o in self.options)
        return (
            f"{self.seat.word}: best {self.best} (decided by {self.decided_by}; fit {self.fit:.0%}, "
            f"{self.worlds} worlds)\n{rows}\n{self.reason}"
        )


# ---- judging --------------------------------------------------------------------------------------


def scaled_worlds(hand: Hand, worlds: int | None) -> int | None:
    """The most worlds for the decision of ``hand`` when ``worlds`` is the most for a card decision:
    a bid, a discard or defending alone gets :data:`BID_WORLDS` / :data:`CARD_WORLDS` times as many
    (``None`` stays ``None``: the defaults). The review and the Hint both count worlds this way.

    >>> import euchre_learn as el
    >>> scaled_worlds(el.Hand.deal('N', seed=1), 10)
    30
    """
    if worlds is None or hand.core.phase == PLAY_PHASE:
        return worlds
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {quote(worlds)}")
    return max(1, worlds * BID_WORLDS // CARD_WORLDS)


UPCARD_DISCARDED = (
    "the dealer discarded the upcard (R3.2's house rule dealer_may_discard_upcard): the coach's worlds keep "
    "the upcard with the dealer, so it does not judge what follows"
)
"""Why the coach does not judge a position after the dealer discarded the upcard."""


def judge(
    hand: Hand,
    *,
    score: tuple[int, int] | None = None,
    worlds: int | None = None,
    seed: Any = None,
    adaptive: bool = True,
) -> Judgement:
    """The coach's judgement of the decision of the seat to act in ``hand``.

    ``score``: the game score ``(NS, EW)`` before the hand (grades by the chance to win the
    game). ``worlds``: the most worlds (default :data:`CARD_WORLDS` for a card,
    :data:`BID_WORLDS` for anything else); with ``adaptive`` it stops after a quarter once the
    best two are apart. The same seed gives the same judgement.

    >>> import euchre_learn as el
    >>> j = judge(el.Hand.deal('N', seed=2), seed=1, worlds=16)
    >>> j.grade_of(j.best), j.decided_by in ('both', 'table', 'double-dummy', 'convention')
    ('best', True)
    """
    from euchre_learn.analysis.bots import get

    check_position(hand, "judge")
    check_score(score, hand.rules.points_to_win)  # refused here, by name; kept as given (it seeds the worlds)
    state = hand.core
    if state.phase == OVER:
        raise ValueError("the hand is over: there is no decision to judge")
    if state.discard >= 0 and state.discard == state.upcard:
        raise ValueError(UPCARD_DISCARDED)
    seat = state.to_act
    card = state.phase == PLAY_PHASE
    hi = worlds if worlds is not None else (CARD_WORLDS if card else BID_WORLDS)
    if isinstance(hi, bool) or not isinstance(hi, int) or hi < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {quote(worlds)}")
    lo = max(min(hi, 6), hi // 4) if adaptive else hi  # a quarter, and never judged on under 6 worlds
    rng = seeded_random(f"coach|{seed_text(seed)}|{hand.deal_masks[0][seat]}|{_public(hand)}|{score}")
    bidder = get("standard", seed=rng.getrandbits(32))
    ctx = Context(score, state.rules.points_to_win)
    sampler = FitWorlds(hand, bidder, score)
    samples, forced = value_options(state, sampler, ctx, bidder, rng, lo, hi, 4 if card else 8)
    return _judgement(hand, samples, forced, score, sampler)


def check_position(hand: Any, where: str) -> Hand:
    """``hand`` if it is a :class:`~euchre_learn.Hand`, else an error naming ``where`` it was given.

    >>> check_position('J♠', 'hint')
    Traceback (most recent call last):
    ...
    euchre_learn.engine.errors.EuchreTypeError: hint: got 'J♠': expected a Hand, the position with the seat to act (el.Hand.deal(...), or a review's retry(...))
    """
    if not isinstance(hand, Hand):
        raise type_error(
            where, hand, "a Hand, the position with the seat to act (el.Hand.deal(...), or a review's retry(...))"
        )
    return hand


def check_score(score: Any, points_to_win: int) -> tuple[int, int] | None:
    """The game score ``(NS, EW)`` before a hand, checked: two whole numbers of points, neither
    side at ``points_to_win`` yet (``None``: no game score).

    >>> check_score([4, 6], 10)
    (4, 6)
    >>> check_score((10, 2), 10)
    Traceback (most recent call last):
    ...
    euchre_learn.engine.errors.EuchreError: score (10, 2): a side with 10 points has already won the game
    """
    if score is None:
        return None
    if (
        not isinstance(score, (tuple, list))
        or len(score) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in score)
    ):
        raise type_error("score", score, "the game score before this hand as (NS, EW), two whole numbers, e.g. (4, 6)")
    if max(score) >= points_to_win:
        raise EuchreError(f"score {tuple(score)}: a side with {points_to_win} points has already won the game")
    return (score[0], score[1])


def _public(hand: Hand) -> tuple[tuple[int, int], ...]:
    """The history as the seat to act saw it: another dealer's discard is hidden (so the seed, and
    the judgement, cannot depend on it)."""
    me = hand.core.to_act
    out = []
    for s, a in hand.history_ids:
        if act.DISCARD <= a < act.DISCARD + 25 and s != me:
            a = act.DISCARD
        out.append((s, a))
    return tuple(out)


def judge_hand(
    final: Hand, seat: Seat | str, *, score: tuple[int, int] | None = None, seed: Any = None
) -> tuple[tuple[Hand, Action, Judgement], ...]:
    """Every decision ``seat`` made in the finished (or unfinished) hand ``final``: the position,
    the action taken and the judgement."""
    who = Seat.parse(seat)
    return tuple(
        (pos, action, judge(pos, score=score, seed=seed)) for _i, pos, action in positions(final) if pos.to_act == who
    )


def _sd(xs: list[float], ws: list[float]) -> float:
    m = sum(w * x for w, x in zip(ws, xs, strict=True))
    return float(sum(w * (x - m) ** 2 for w, x in zip(ws, xs, strict=True)) ** 0.5)


def _se(xs: list[float], ws: list[float]) -> float:
    """The standard error of the weighted mean of ``xs`` (by the effective number of worlds)."""
    ess = 1.0 / sum(w * w for w in ws)
    return _sd(xs, ws) * (ess / (ess - 1)) ** 0.5 / ess**0.5 if ess > 1 else 0.0


def _judgement(
    hand: Hand, samples: Samples, forced: bool, score: tuple[int, int] | None, sampler: FitWorlds
) -> Judgement:
    state = hand.core
    ws = samples.weights()
    game = samples.game
    acts = samples.actions
    tab = {a: samples.mean(samples.metric(a), ws) for a in acts}
    dd = {a: samples.mean(samples.metric(a, table=False), ws) for a in acts}
    euch = {a: samples.mean(samples.euchred[a], ws) for a in acts}
    spread = {a: _sd(samples.metric(a), ws) for a in acts}
    top = max(tab.values())
    tie = GAME_TIE if game else _EPS
    # the ranking: the table value; among options tied with the top, less risk on the game, then
    # double dummy; every count is in the key, so 'best' is exactly "nothing ranks above"
    keys: dict[int, tuple[float, ...]] = {}
    for a in acts:
        tied = tab[a] >= top - tie
        if game:
            # less risk: fewer euchres, a steadier result, not alone (a loner gives up the
            # partner's help, which only matters when something goes wrong)
            alone = 1.0 if Action(a).alone else 0.0
            # then the bigger margin (more points at the table: more tricks to spare)
            pts = samples.mean(samples.table[a], ws)
            keys[a] = (
                (1.0, -round(euch[a], 9), -round(spread[a], 9), -alone, round(pts, 9), round(dd[a], 9))
                if tied
                else (0.0, tab[a], 0.0, 0.0, 0.0, 0.0)
            )
        else:
            keys[a] = (1.0, round(dd[a], 9)) if tied else (0.0, tab[a])
    # ties: the card at the top of a run of touching cards first (the others take its value)
    ranked = sorted(acts, key=lambda a: (tuple(-k for k in keys[a]), a in samples.same, a))
    conventional = None if forced else _conventional(hand, ranked, samples, ws, score)
    if conventional is not None:
        # within noise of the top, the choice that keeps the strong players' conventions is best
        first = keys[conventional]
        for a in acts:
            if keys[a] == first:
                keys[a] = (2.0, *first[1:])
        ranked.remove(conventional)
        ranked.insert(0, conventional)
    best = ranked[0]
    dd_top = max(dd.values())
    dd_best = {a for a in acts if dd[a] >= dd_top - _EPS}
    tied_top = [a for a in acts if keys[a][0] == 1.0]
    if forced:
        decided_by = "both"
    elif conventional is not None:
        decided_by = "convention"
    elif best not in dd_best:
        decided_by = "table"
    elif len(tied_top) > 1 and any(a not in dd_best for a in tied_top) and not game:
        decided_by = "double-dummy"
    else:
        decided_by = "both"
    rows = []
    for a in ranked:
        se = paired_se(samples.metric(a), samples.metric(best), ws)[1] if a != best else 0.0
        rows.append(
            CoachOption(
                action=Action(a),
                table_points=samples.mean(samples.table[a], ws),
                dd_points=samples.mean(samples.dd[a], ws),
                win=tab[a] if game else None,
                dd_win=dd[a] if game else None,
                p_euchred=euch[a],
                p_set=samples.mean(samples.set[a], ws),
                p_made=samples.mean(samples.made[a], ws),
                se=se,
                points_se=_se(samples.table[a], ws),
                tricks=samples.mean(samples.tricks[a], ws),
            )
        )
    close = False
    if not forced and len(ranked) > 1:
        mean, se = paired_se(samples.metric(best), samples.metric(ranked[1]), ws)
        close = se > 0 and mean <= 2 * se
    fit, ess = weighted_fit_of(samples)
    if forced:
        keys = dict.fromkeys(acts, (1.0,))
    j = Judgement(
        seat=Seat(state.to_act),
        phase=hand.phase,
        options=tuple(rows),
        best=Action(best),
        decided_by=decided_by,
        fit=fit,
        ess=ess,
        worlds=samples.n,
        forced=forced,
        close=close,
        reason="",
        score=score,
        position=hand,
        _keys=keys,
    )
    object.__setattr__(j, "reason", explain(j, j.best))
    return j


def _conventional(
    hand: Hand, ranked: list[int], samples: Samples, ws: list[float], score: tuple[int, int] | None
) -> int | None:
    """When the top option breaks a convention of the book and another option within noise of it
    (paired mean difference at most twice its standard error, and less than a mistake: under 0.5
    points, or 3.5 points in a hundred of the game) keeps every convention, that
    option, the highest ranked such; else ``None``. A statistical tie is no reason to break what
    strong players teach: the convention decides it."""
    from euchre_learn.analysis.convention_book import broken

    top = ranked[0]
    if not broken(hand, Action(top), score):
        return None
    for a in ranked[1:]:
        mean, se = paired_se(samples.metric(top), samples.metric(a), ws)
        small = grade_for(max(0.0, mean), score is not None) in GRADES[:3]
        if mean <= 2 * se and small and not broken(hand, Action(a), score):
            return a
    return None


def weighted_fit_of(samples: Samples) -> tuple[float, float]:
    """``(fit, ess)`` of the worlds behind ``samples`` (see :func:`~.worlds.weighted_fit`)."""
    from euchre_learn.analysis.sampling import World

    return weighted_fit([World(None, lw, f) for lw, f in zip(samples.log_weights, samples.fits, strict=True)])  # type: ignore[arg-type]

"""The coach's judgement of one position: every option valued double dummy and at the table, in
worlds that fit what the seat saw, graded by the table (and by the game when the score is known).

:func:`judge` is the entry point; :class:`Judgement` what it returns. The rules it follows:

* **One judgement per decision.** The deals behind a position are its stream (:mod:`.deals`),
  keyed by what the seat knows: the Hint, Why?, training mode, the review, drills, practice and
  puzzles read the same numbers, and asking again adds deals, never draws new ones.
* **Sure before it speaks.** With ``worlds=None`` deals are added until every option's grade is
  beyond the noise, or the cap is reached. A grade below 'good' is given only when the loss's
  interval (:data:`~.deals.Z` paired standard errors each side) clears the grade's line: the
  grade is the one of the interval's lower end (:meth:`Judgement.grade_of`, :meth:`Judgement.sure`).
* **Values a real table would see.** Each option has a double-dummy value (every card visible)
  and a table value (the hand played on by the standard bot's card play, which never peeks, and
  its bidding). The table value grades; where the two values name different best options the
  judgement says the table decided (``decided_by == 'table'``); where they agree, ``'both'``;
  where options tie at the table and double dummy breaks the tie, ``'double-dummy'``.
* **Rules of thumb decide only what the numbers cannot.** The options the numbers cannot
  separate from the top (within the noise and :data:`TIE_MARGIN`) are all graded 'best'
  (:attr:`Judgement.tied`); where the top breaks a strong players' convention
  (:mod:`~euchre_learn.analysis.convention_book`) and one of them keeps it, that one is the
  suggestion and the convention decided (``'convention'``). Never further.
* **Game-aware.** With a game score, the value is the chance to win the game (points past the
  target count nothing); options within :data:`GAME_TIE` of each other on the game tie, and of
  tied options the one with less risk (fewer euchres, then a steadier result, then not alone)
  ranks first. An option that surely risks more for the same game (euchred more often beyond
  the noise of the deals, or alone for nothing) is 'good', not 'best', with a sentence saying so
  ("both win the game; going alone adds nothing"); one euchre more in a few dozen deals is noise,
  and decides no grade.
* **Close calls say so**: when the numbers cannot separate the best two, ``close`` is true and
  the reason says "close: it depends on cards you can't see".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre_learn.analysis.coach.deals import BID_FACTOR, Z, bands, stream
from euchre_learn.analysis.coach.grades import GRADES, grade_for
from euchre_learn.analysis.coach.values import Samples, paired_se
from euchre_learn.analysis.coach.words import explain
from euchre_learn.analysis.sampling import weighted_fit
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.core import OVER, PLAY_PHASE
from euchre_learn.engine.errors import EuchreError, quote, type_error
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import positions

__all__ = [
    "GAME_TIE",
    "GAME_TIE_MARGIN",
    "TIE_MARGIN",
    "UPCARD_DISCARDED",
    "CoachOption",
    "Judgement",
    "check_position",
    "check_score",
    "check_worlds",
    "judge",
    "judge_hand",
    "scaled_worlds",
]

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
    ``table_points``; ``tricks`` the seat's side's tricks at the table; ``riskier``: with a score,
    it surely risks more than the top option for the game (euchred more often beyond the noise of
    the deals, or alone where the top is not)."""

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
    riskier: bool = False

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
    tied: tuple[Action, ...] = ()
    """The options graded 'best': the top by the numbers and those the numbers cannot separate
    from it (within :data:`~.deals.Z` standard errors and :data:`TIE_MARGIN`); :attr:`best` is
    one of them (a rule of thumb chooses among them, see :attr:`decided_by`)."""
    settling: bool = False
    """Whether the deals were added until the grades settled (``worlds=None``), rather than fixed."""
    top: Action | None = None
    """The top option by the numbers (``None``: :attr:`best`); losses are counted from it."""

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
        """What ``action`` gives up against the top option by the numbers, at the table (game-win
        chance with a score, else points); never negative."""
        o, top = self.option(action), self.option(self.top or self.best)
        return max(0.0, top.value() - o.value())

    def _bounds(self, action: Action) -> tuple[float, float]:
        """The interval of ``action``'s loss: :data:`~.deals.Z` paired standard errors each side."""
        loss, se = self.loss_of(action), self.option(action).se
        return max(0.0, loss - Z * se), loss + Z * se

    def close_for(self, action: Action | str) -> bool:
        """Whether the close call (:attr:`close`: the numbers cannot separate the best two) is
        about ``action``: it is one of those two. A choice further down is not 'close', nor one
        that comes to the same as the best in every deal (the call is about another option)."""
        a = Action.parse(action)
        if a != self.best and self.same_as_best(a):
            return False
        return self.close and a in (self.best, self.options[1].action, *self.tied)

    def same_as_top(self, action: Action | str) -> bool:
        """Whether ``action`` comes to the same as the top option in every deal: the top's value,
        and no difference from it in any deal (touching cards, or a hand already decided)."""
        o, top = self.option(action), self.option(self.top or self.best)
        return _level(top.value() - o.value(), o.se)

    def same_as_best(self, action: Action | str) -> bool:
        """Whether ``action`` comes to the same as the suggestion (:attr:`best`) in every deal:
        both come to the same as the top (so only a rule of thumb can set them apart)."""
        return self.same_as_top(action) and self.same_as_top(self.best)

    def grade_of(self, action: Action | str) -> str:
        """The grade of ``action`` here: 'best' for the options the numbers cannot separate from
        the top (:attr:`tied`); else by the **lower end** of its loss's interval
        (:func:`~.grades.grade_for`), at least 'good'. So a grade below 'good' is only given
        when the loss is beyond the noise of the deals behind it (:meth:`sure`)."""
        a = Action.parse(action)
        self.option(a)
        if self.forced or a in self.tied:
            return "best"
        grade = grade_for(self._bounds(a)[0], self.game)
        return GRADES[1] if grade == GRADES[0] else grade

    def sure(self, action: Action | str) -> bool:
        """Whether ``action``'s grade is settled beyond the noise: a grade below 'good' always is
        (its interval clears the grade's line); 'best' or 'good' is sure when the whole interval
        of its loss lies under the 'inaccuracy' line (the choice is surely not costly)."""
        a = Action.parse(action)
        if self.forced or self.grade_of(a) not in GRADES[:2]:
            return True
        return self._bounds(a)[1] < bands(self.game)[0]

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
    """The deals for the decision of ``hand`` when ``worlds`` is the count for a card decision:
    a bid, a discard or defending alone gets :data:`~.deals.BID_FACTOR` times as many (``None``
    stays ``None``: the coach settles). The review and the Hint both count deals this way.

    >>> import euchre_learn as el
    >>> scaled_worlds(el.Hand.deal('N', seed=1), 10)
    30
    """
    worlds = check_worlds(worlds)
    if worlds is None or hand.core.phase == PLAY_PHASE:
        return worlds
    return worlds * BID_FACTOR


def check_worlds(worlds: Any) -> int | None:
    """``worlds`` checked: ``None`` (the coach settles) or a whole number of deals, at least 1.

    >>> check_worlds(0)
    Traceback (most recent call last):
    ...
    ValueError: worlds must be a whole number of deals, at least 1, not 0
    """
    if worlds is not None and (isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1):
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {quote(worlds)}")
    return worlds


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
    first: bool = False,
) -> Judgement:
    """The coach's judgement of the decision of the seat to act in ``hand``: the one judgement of
    this position (:mod:`.deals`), whoever asks.

    ``score``: the game score ``(NS, EW)`` before the hand (grades by the chance to win the
    game). ``worlds=None`` (the default): the judgement settles, adding deals until every
    option's grade is beyond the noise (see :mod:`.deals` for the floor and the cap); the seed
    is not used, so every voice reads the same numbers. ``worlds=N``: exactly ``N`` deals of the
    position's stream (of another stream when a ``seed`` is given), with no early stop.
    ``first``: the quick first answer, on the floor's deals only, which the settled judgement
    refines (the Hint answers with it first; it never grades a choice below 'good', see
    :meth:`Judgement.grade_of`).

    >>> import euchre_learn as el
    >>> j = judge(el.Hand.deal('N', seed=2), worlds=16)
    >>> j.grade_of(j.best), j.worlds, j.decided_by in ('both', 'table', 'double-dummy', 'convention')
    ('best', 16, True)
    """
    check_position(hand, "judge")
    check_score(score, hand.rules.points_to_win)  # refused here, by name; kept as given (it keys the stream)
    state = hand.core
    if state.phase == OVER:
        raise ValueError("the hand is over: there is no decision to judge")
    if state.discard >= 0 and state.discard == state.upcard:
        raise ValueError(UPCARD_DISCARDED)
    check_worlds(worlds)
    seat = state.to_act
    run = stream(hand, score, seed if worlds is not None else None, (hand.deal_masks[0][seat], _public(hand)))
    with run.lock:
        if run.forced:
            samples = run.upto(2)
        elif worlds is not None:
            samples = run.upto(worlds)
        else:
            samples = run.settle(first=first)
        return _judgement(hand, samples, run.forced, score, settling=worlds is None and not first)


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


TIE_MARGIN = 0.1
"""Options at most this many points apart (without a score) are tied on the numbers, as are options
within the noise of each other (:data:`~.deals.Z` standard errors) under the 'inaccuracy' line:
between tied options a rule of thumb decides, and nothing else may."""
GAME_TIE_MARGIN = 0.007
"""With a score: the same margin in game-win chance (0.7 percentage points)."""


def _judgement(
    hand: Hand, samples: Samples, forced: bool, score: tuple[int, int] | None, *, settling: bool
) -> Judgement:
    state = hand.core
    ws = samples.weights()
    game = samples.game
    acts = samples.actions
    tab = {a: samples.mean(samples.metric(a), ws) for a in acts}
    dd = {a: samples.mean(samples.metric(a, table=False), ws) for a in acts}
    euch = {a: samples.mean(samples.euchred[a], ws) for a in acts}
    ranked = _ranked(samples, ws, tab, dd, euch)
    # the march gate: a loner strong players refuse (or one that adds nothing at this score) is
    # never suggested; the same bid with the partner is, and losses count from it
    gated = None if forced else _gated(hand, ranked, score)
    top = gated if gated is not None else ranked[0]
    se = {a: paired_se(samples.metric(top), samples.metric(a), ws)[1] if a != top else 0.0 for a in acts}
    risky = {a: game and a != top and _riskier(a, top, samples, ws) for a in acts}
    tied = [top] if not forced else list(acts)
    if not forced:
        margin = GAME_TIE_MARGIN if game else TIE_MARGIN
        line = bands(game)[0]
        for a in ranked:
            gap = tab[top] - tab[a]
            if a == top or (gated is not None and ranked.index(a) < ranked.index(top)):
                continue  # the top itself, or a loner the gate refused: at most 'good'
            if a in samples.same and samples.same[a] in tied:
                tied.append(a)  # touching cards: one value
            elif (gap <= margin or (gap <= Z * se[a] and gap < line)) and not risky[a]:
                tied.append(a)
    conventional = None if forced else _conventional(hand, [a for a in ranked if a in tied], score)
    best = conventional if conventional is not None else top
    if not forced and len(tied) > 1:
        tied = _keeping(hand, best, tied, score)
    dd_top = max(dd.values())
    dd_best = {a for a in acts if dd[a] >= dd_top - _EPS}
    if forced:
        decided_by = "both"
    elif gated is not None and best == gated:
        decided_by = "gate"
    elif conventional is not None:
        decided_by = "convention"
    elif best not in dd_best:
        decided_by = "table"
    elif len(tied) > 1 and any(a not in dd_best for a in tied) and not game:
        decided_by = "double-dummy"
    else:
        decided_by = "both"
    rows = [
        CoachOption(
            action=Action(a),
            table_points=samples.mean(samples.table[a], ws),
            dd_points=samples.mean(samples.dd[a], ws),
            win=tab[a] if game else None,
            dd_win=dd[a] if game else None,
            p_euchred=euch[a],
            p_set=samples.mean(samples.set[a], ws),
            p_made=samples.mean(samples.made[a], ws),
            se=se[a],
            points_se=_se(samples.table[a], ws),
            tricks=samples.mean(samples.tricks[a], ws),
            riskier=risky[a],
        )
        for a in [best, *(a for a in ranked if a != best)]
    ]
    # close: the numbers cannot separate another option from the top; not one that comes to the
    # same in every deal (the hand is decided, or the cards are touching): that depends on nothing
    close = not forced and any(
        (a in tied or 0.0 <= tab[top] - tab[a] <= Z * se[a]) and not _level(tab[top] - tab[a], se[a])
        for a in acts
        if a != top
    )
    fit, ess = weighted_fit_of(samples)
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
        tied=tuple(Action(a) for a in ranked if a in tied),
        settling=settling,
        top=Action(top),
    )
    object.__setattr__(j, "reason", explain(j, j.best))
    return j


def _ranked(
    samples: Samples, ws: list[float], tab: dict[int, float], dd: dict[int, float], euch: dict[int, float]
) -> list[int]:
    """The options by the numbers, best first: the table value; among options tied with the top
    on the game, less risk (fewer euchres, a steadier result, not alone: a loner gives up the
    partner's help, which only matters when something goes wrong), then the bigger margin; without
    a score, ties by double dummy; touching cards after the top of their run."""
    game = samples.game
    top = max(tab.values())
    tie = GAME_TIE if game else _EPS
    keys: dict[int, tuple[float, ...]] = {}
    for a in samples.actions:
        tied = tab[a] >= top - tie
        if game:
            alone = 1.0 if Action(a).alone else 0.0
            pts = samples.mean(samples.table[a], ws)
            spread = _sd(samples.metric(a), ws)
            keys[a] = (
                (1.0, -round(euch[a], 9), -round(spread, 9), -alone, round(pts, 9), round(dd[a], 9))
                if tied
                else (0.0, tab[a], 0.0, 0.0, 0.0, 0.0)
            )
        else:
            keys[a] = (1.0, round(dd[a], 9)) if tied else (0.0, tab[a])
    return sorted(samples.actions, key=lambda a: (tuple(-k for k in keys[a]), a in samples.same, a))


def _gated(hand: Hand, ranked: list[int], score: tuple[int, int] | None) -> int | None:
    """The option the march gate puts first where it refuses the top of ``ranked`` (a loner strong
    players do not go with, or one that adds nothing at the score: :mod:`.loners`), else ``None``."""
    from euchre_learn.analysis.coach.loners import gated_best

    first = gated_best(hand, ranked, score).id
    return None if first == ranked[0] else first


def _level(gap: float, se: float) -> bool:
    """Whether an option ``gap`` below the top, with that standard error of its difference, comes
    to the same as the top in every deal: no gap, and no difference in any deal."""
    return abs(gap) <= _EPS and se <= _EPS


def _riskier(a: int, top: int, samples: Samples, ws: list[float]) -> bool:
    """With a score, ``a`` surely risks more than ``top`` for the same game: it is euchred more
    often by more than the noise of the deals (:data:`~.deals.Z` paired standard errors), or it
    goes alone where ``top`` does not (going alone adds nothing when the game is won either way).
    One more euchre in a couple of dozen deals is not a risk a strong player could see: such
    options are tied, and the grade does not turn on which deals were drawn."""
    if Action(a).alone and not Action(top).alone:
        return True
    more, se = paired_se(samples.euchred[a], samples.euchred[top], ws)
    return more > Z * se + _EPS


def _keeping(hand: Hand, best: int, tied: list[int], score: tuple[int, int] | None) -> list[int]:
    """Of the options the numbers cannot separate, those that keep every convention ``best``
    keeps: where the numbers are silent, the rule of thumb is the difference, so a tied option
    that breaks a rule the suggestion keeps is not 'best' (it is 'good')."""
    from euchre_learn.analysis.convention_book import broken

    broken_by_best = {c.sentence for c in broken(hand, Action(best), score)}
    return [
        a for a in tied if a == best or all(c.sentence in broken_by_best for c in broken(hand, Action(a), score))
    ]


def _conventional(hand: Hand, tied: list[int], score: tuple[int, int] | None) -> int | None:
    """When the top option breaks a convention of the book and another option the numbers cannot
    separate from it (``tied``, best first) keeps every convention, that option, the highest
    ranked such; else ``None``. A statistical tie is no reason to break what strong players
    teach: the convention decides it, and only then."""
    from euchre_learn.analysis.convention_book import broken

    if len(tied) < 2 or not broken(hand, Action(tied[0]), score):
        return None
    return next((a for a in tied[1:] if not broken(hand, Action(a), score)), None)


def weighted_fit_of(samples: Samples) -> tuple[float, float]:
    """``(fit, ess)`` of the worlds behind ``samples`` (see :func:`~.worlds.weighted_fit`)."""
    from euchre_learn.analysis.sampling import World

    return weighted_fit([World(None, lw, f) for lw, f in zip(samples.log_weights, samples.fits, strict=True)])  # type: ignore[arg-type]

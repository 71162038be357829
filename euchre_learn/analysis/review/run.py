"""Review a hand or a game: every decision of a seat graded, explained, and ready to try again.

This module is the driver, :func:`review` and :func:`review_decision`; the review's rooms are
:mod:`.model` (decisions, grades, accuracy), :mod:`.report` (the :class:`~.report.Review`, its
HTML and chart) and :mod:`.drill` (practice of its mistakes). The judgement itself is the
coach's (:mod:`euchre_learn.analysis.coach`): the review asks it about each decision and keeps
none of its own, so the review, the Hint and the drills say one thing.

:func:`review` walks through a finished hand (or every hand of a :class:`~euchre_learn.Game`,
or a saved record) and, for each decision of the reviewed seat, asks
:func:`~euchre_learn.analysis.coach.judge` about the position before it, **on what that seat
knew at the time**: the hidden cards are dealt many times over (the *worlds*), each weighted by
how likely a model of players fitted to real games makes every bid, discard and card the seat
saw (``Decision.fit``: the weighted share of worlds whose seen actions, together, are no more
surprising than that model expects), and every legal option is valued in each world two ways: **at the
table** (the rest of the hand played by the standard bot, which never peeks) and **double
dummy** (every card visible).

**The value** of an option is its expected points of the hand at the table for the seat's side
(its points minus the other side's). When the game score is known (a ``Game``, or a record with
a ``"score"``), the grade is by the chance to win the game instead (points past the target count
nothing; of choices that tie on the game, the less risky is best: "both win the game; going
alone adds nothing").

**Grades**, by the loss against the coach's top option, **sure before it speaks**: a grade
below 'good' is given only when the lower end of the loss's interval (two paired standard
errors) clears the grade's line, so the loss is surely at least that (``Decision.sure``); the
options the numbers cannot separate from the top are all 'best' (a rule of thumb decides which
one the coach names); a loss not surely past the 'inaccuracy' line is 'good', a close call:

============  ===================  ==========================
grade         points lost (hand)   game-win chance lost
============  ===================  ==========================
best          nothing better       nothing better
good          under 0.2            under 1.5 percentage points
inaccuracy    under 0.5            under 3.5
mistake       under 1.0            under 7
blunder       1.0 or more          7 or more
============  ===================  ==========================

'best' means nothing ranks above the choice; so its explanation never names a better action.
A forced choice (one legal card, or touching cards) is graded 'best' and says only that.

**Accuracy** (0-100), adapted from lichess's published formula. Each decision scores
``103.1668 * exp(-0.04354 * L) - 3.1669`` (clamped to 0-100, lichess's curve), where ``L`` is
20 times the points lost, or in a game 20 times the game-win chance lost counted 7 percentage
points to a point: a blunder (1 point or more) scores 40 or less, a mistake 40 to 64, an
inaccuracy 64 to 84, a good decision 84 to 96. A seat's accuracy is the average of two means of
its decisions' scores, as lichess's game accuracy is: one weighted by each decision's *stakes*
(the points between its best and worst option, held between 0.1 and 2: lichess weights by
volatility), so a slip where nothing much hung on the choice counts little; and the harmonic
mean (scores under 1 count as 1), so one blunder costs more than several small slips.
Forced decisions are left out; see docs/review.md.

>>> import euchre_learn as el
>>> hand = el.examples.hand('left-bower-trap')
>>> rev = el.review(hand, seat='N')
>>> [d.grade for d in rev.decisions]
['inaccuracy', 'best', 'good', 'best', 'best', 'best']
>>> print(rev.decisions[0].explanation)  # doctest: +ELLIPSIS
To order it up alone was better than to order it up: your hand can take the tricks by itself, and alone a march scores 4 points instead of 2; ... (+1.83 points against +1.50, over 480 deals of the cards you can't see.) ...
>>> rev.decisions[2].sure      # a close call: graded 'good', not surely costly, on the cap's 160 deals
False
>>> round(rev.accuracy)
87
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.coach.judgement import (
    UPCARD_DISCARDED,
    Judgement,
    check_position,
    check_worlds,
    judge,
    scaled_worlds,
)
from euchre_learn.analysis.coach.words import table_note
from euchre_learn.analysis.convention_book import broken as broken_conventions
from euchre_learn.analysis.review.model import Decision, ReviewOption
from euchre_learn.analysis.review.report import Notes, Review, Skipped
from euchre_learn.analysis.situation import situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.egn.model import EgnDeal, Match
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import RecordError, Step, load_record, positions, replay

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game


__all__ = ["decide", "review", "review_decision"]


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
    if isinstance(subject, (Match, EgnDeal)):  # a game read from EGN (el.egn.read), or one deal of it
        deals = subject.deals if isinstance(subject, Match) else (subject,)
        if not deals:
            raise ValueError("this EGN match has no deal to review")
        target = deals[0].hand.rules.points_to_win
        return [d.hand for d in deals], [(d.score_before[Team.NS], d.score_before[Team.EW]) for d in deals], target
    if isinstance(subject, (list, tuple)):  # the hands of a saved game, in order
        if not subject:
            raise ValueError("review() was given an empty list of hand records: there is nothing to review")
        parts = [_subject(r) if isinstance(r, (dict, str, os.PathLike)) else None for r in subject]
        if any(p is None for p in parts):
            bad = next(r for r, p in zip(subject, parts, strict=True) if p is None)
            raise ValueError(
                f"review() takes a list of hand records (dicts, JSON text or paths), not of {type(bad).__name__}"
            )
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
                f"record['score'] is {quote(score)}: expected the game score before this hand, "
                'e.g. {"NS": 4, "EW": 6}'
            )
        target = hand.rules.points_to_win
        if max(score.values()) >= target:
            raise RecordError(f"record['score'] is {score}: a side with {target} points has already won the game")
        return [hand], [(score["NS"], score["EW"])], target
    raise ValueError(
        f"review() takes a Hand, a Game or a hand record (a dict, JSON text or a path), not {type(subject).__name__}"
    )


def _egn_extras(subject: Any) -> tuple[dict[tuple[int, int], tuple[str, bool]], Notes]:
    """For a game read from EGN: the decisions that depend on cards the file does not name (and
    why), and the people's annotations, each by (hand number, action index)."""
    if not isinstance(subject, (Match, EgnDeal)):
        return {}, {}
    deals = subject.deals if isinstance(subject, Match) else (subject,)
    skip: dict[tuple[int, int], tuple[str, bool]] = {}
    notes: Notes = {}
    for number, deal in enumerate(deals):
        for i, (_seat, action) in enumerate(deal.hand.history):
            reason = deal.depends_on_unknown(i)
            if reason is not None:
                skip[number, i] = (reason, action.card in deal.stand_ins)
        for i, found in deal.annotations.items():
            notes[number, i] = found
    return skip, notes


def review(
    subject: Hand | Game | Match | EgnDeal | dict[str, Any] | str | os.PathLike[str],
    seat: Seat | str | None = None,
    worlds: int | None = None,
    seed: Any = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Grade every decision of ``seat`` (``None``: every seat) in a hand, a game, a record, a
    list of records (the hands of a saved game, each with its ``"score"``), or a game read from
    EGN (``el.egn.read``: a match or one of its deals). For EGN, a decision whose seat held a
    card the file does not name is not graded but listed in ``Review.skipped`` with why, and the
    people's annotations stand beside the coach's words (``Review.annotations``).

    ``worlds=None`` (the default): each decision is the coach's one judgement of its position,
    settled (deals added until every grade is beyond the noise; the seed is then not used, so the
    review says what the Hint and every other voice said there). ``worlds=N``: every decision
    judged on exactly ``N`` deals of the hidden cards (a bid, a discard or defending alone on
    three times as many), with no early stop, from the stream ``seed`` picks. ``progress(done, total)`` is called after each
    decision (a table runs the review in the background with it). The same ``seed`` gives
    the same review; see the module docs for the values, grades and accuracy.

    >>> import euchre_learn as el
    >>> rev = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=8, seed=1)
    >>> rev.decisions[0].seat, rev.decisions[0].phase.value
    (<Seat.N: 0>, 'bidding round 1')
    >>> rev.retry(rev.decisions[0]).to_act
    <Seat.N: 0>
    """
    hands, scores, _target = _subject(subject)
    skip, notes = _egn_extras(subject)
    who = None if seat is None else Seat.parse(seat)
    worlds = check_worlds(worlds)
    todo: list[tuple[int, Step]] = []
    skipped: list[Skipped] = []
    for number, final in enumerate(hands):
        for step in positions(final):
            pos, s = step.position, Seat(step.position.core.to_act)
            if who is not None and s != who:
                continue
            if pos.discard is not None and pos.discard == pos.upcard:
                skipped.append(Skipped(number, step.index, s, step.action, UPCARD_DISCARDED))
            elif (number, step.index) in skip:
                reason, hidden = skip[number, step.index]
                skipped.append(Skipped(number, step.index, s, step.action, reason, hidden))
            else:
                todo.append((number, step))
    decisions: list[Decision] = []
    for k, (number, (i, pos, chosen)) in enumerate(todo):
        decisions.append(_review_one(pos, chosen, scores[number], worlds, seed, number, i))
        if progress is not None:
            progress(k + 1, len(todo))
    return Review(
        tuple(decisions), who, tuple(hands), tuple(scores), worlds, seed, tuple(skipped), notes
    )


def review_decision(
    position: Hand,
    action: Action | str,
    worlds: int | None = None,
    seed: Any = None,
    score: tuple[int, int] | None = None,
) -> Decision:
    """Grade one decision: ``action`` taken by the seat to act in ``position`` (a table can
    call this as each action is made), judged exactly as :func:`review` judges it: ``worlds`` and
    ``seed`` as there. ``score`` is the game score ``(NS, EW)`` before the hand, when known.

    >>> import euchre_learn as el
    >>> d = review_decision(el.examples.hand('left-bower-trap', after=2), 'play A♣')
    >>> d.best, d.grade, d.sure
    (Action.parse('play A♥'), 'good', False)
    """
    check_position(position, "review_decision")
    a = Action.parse(action)
    if not position.is_legal(a):
        raise ValueError(f"{a} is not legal here: {position.explain_illegal(a)}")
    worlds = check_worlds(worlds)
    index = len(position.history_ids)
    return _review_one(position, a, score, worlds, seed, 0, index)


def _review_one(
    pos: Hand,
    chosen: Action,
    score: tuple[int, int] | None,
    worlds: int | None,
    seed: Any,
    number: int,
    index: int,
) -> Decision:
    j = judge(pos, score=score, worlds=scaled_worlds(pos, worlds), seed=seed)
    return decide(j, chosen, number, index)


def decide(j: Judgement, chosen: Action, number: int = 0, index: int | None = None) -> Decision:
    """The review's :class:`~.model.Decision` for ``chosen`` from the coach's judgement ``j`` of
    the position before it: the grade is ``j.grade_of(chosen)``; the best is the coach's, or the
    chosen action when the coach grades it 'best' (a 'best' grade never names a better action);
    the loss is the expected points given up at the table."""
    pos = j.position
    grades = tuple(j.grade_of(o.action) for o in j.options)
    grade = j.grade_of(chosen)
    best = chosen if grade == "best" else j.best
    rows = tuple(
        ReviewOption(o.action, o.table_points, o.points_se, o.win, o.tricks, o.p_euchred, o.p_set) for o in j.options
    )
    b, c = j.option(best), j.option(chosen)
    loss = 0.0 if grade == "best" else max(0.0, b.table_points - c.table_points)
    win_loss = None
    if j.game:
        win_loss = 0.0 if grade == "best" else j.loss_of(chosen)
    broken = () if j.forced else broken_conventions(pos, chosen, score=j.score)
    sentence = broken[0].sentence if broken else None
    # the rule of thumb to teach: one the better choice keeps; a rule the best choice breaks too
    # does not point the way here, and the words say so
    kept = [c for c in broken if best == chosen or not c.breaks(pos, best, j.score)]
    text = j.explain(chosen, kept[0].sentence if kept else sentence, both_break=bool(broken) and not kept)
    note = table_note(j, chosen)
    return Decision(
        seat=Seat(pos.core.to_act),
        phase=pos.phase,
        index=len(pos.history_ids) if index is None else index,
        action=chosen,
        best=best,
        options=rows,
        loss=loss,
        win_loss=win_loss,
        grade=grade,
        explanation=text,
        note=note,
        worlds=j.worlds,
        forced=j.forced,
        hand_number=number,
        position=pos,
        situation=situation(pos),
        convention=sentence,
        fit=j.fit,
        grades=grades,
        sure=j.sure(chosen),
    )

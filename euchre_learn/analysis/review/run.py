"""Review a hand or a game: every decision of a seat graded, explained, and ready to try again.

This module is the driver, :func:`review` and :func:`review_decision`; the review's rooms are
:mod:`.model` (decisions, grades, accuracy), :mod:`.values` (the Monte-Carlo valuation),
:mod:`.words` (the explanations), :mod:`.report` (the :class:`~.report.Review`, its HTML and
chart) and :mod:`.drill` (practice of its mistakes).

:func:`review` walks through a finished hand (or every hand of a :class:`~euchre_learn.Game`,
or a saved record) and, for each decision of the reviewed seat, values every legal action
**on what that seat knew at the time**: its own cards, the upcard, the bids and discards it
saw, the cards played, and what they imply. The hidden cards are dealt many times over (the
*worlds*) by the one sampler (:mod:`euchre_learn.analysis.sampling`), which keeps only deals in
which the others' bids are the kind the 'standard' bot makes with those cards, and in the
play, deals that agree with every card played and every suit a player has shown out of.

* **Cards**: in every world, each legal card is valued by the double-dummy solver
  (:mod:`euchre_learn.analysis.search`): the rest of the hand played with every card visible.
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

import os
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.convention_book import broken as broken_conventions
from euchre_learn.analysis.review.model import Decision, ReviewOption, grade_for
from euchre_learn.analysis.review.report import Review
from euchre_learn.analysis.review.values import Context, Values, value_bids, value_cards
from euchre_learn.analysis.review.words import explain
from euchre_learn.analysis.situation import situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import RecordError, load_record, replay

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game


__all__ = ["DEFAULT_WORLDS", "decide", "review", "review_decision"]


DEFAULT_WORLDS = 96
"""The most worlds for a card decision; a bidding decision takes up to four times as many. At
48 the best card agreed with the best at four times the worlds in only 90% of the decisions
where that mattered (bench_review_quality); at 96 it does in 97%, still well inside 100 ms."""


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
        decisions.append(_review_one(pos, chosen, Context(scores[number], target), worlds, adaptive, seed, number, i))
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
    return _review_one(position, a, Context(score, position.rules.points_to_win), worlds, adaptive, seed, 0, index)


def _check_worlds(worlds: int | None) -> int:
    if worlds is None:
        return DEFAULT_WORLDS
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {worlds!r}")
    return worlds


def _review_one(
    pos: Hand, chosen: Action, ctx: Context, worlds: int, adaptive: bool, seed: Any, number: int, index: int
) -> Decision:
    from euchre_learn.analysis.bots import get

    rng = random.Random(f"review|{seed}|{number}|{index}")
    bidder = get("standard", seed=rng.getrandbits(32))
    if pos._s.phase == PLAY_PHASE:
        vals, forced = value_cards(pos, ctx, max(1, worlds // 3) if adaptive else worlds, worlds, rng, bidder)
    else:
        hi = 4 * worlds
        vals, forced = value_bids(pos, ctx, max(1, hi // 4) if adaptive else hi, hi, rng, bidder)
    return decide(pos, chosen.id, vals, forced, ctx, number, index)


def decide(pos: Hand, chosen: int, vals: Values, forced: bool, ctx: Context, number: int, index: int) -> Decision:
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
        grade = grade_for(win_loss if win_loss is not None else loss, game)
    text, note = explain(pos, chosen, best, rows, vals, forced, game)
    broken = () if forced else broken_conventions(pos, Action(chosen), score=ctx.score)
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
        situation=situation(pos),
        convention=broken[0].sentence if broken else None,
        fit=vals.fit,
    )

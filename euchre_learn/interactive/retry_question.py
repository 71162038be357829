"""A decision retried at the table's review panel, as a quiz question for Today's practice.

:func:`retry_question` turns a reviewed :class:`~euchre_learn.analysis.review.Decision` into a
:class:`~euchre_learn.teaching.quiz.question.Question`: the situation in words (no hidden card
named), the seat's cards, every legal action a choice and the best one the answer.
:mod:`euchre_learn.interactive.review_panel` keeps each finished retry in the learner's store
with it (and re-exports it), through :func:`file_retry`, which a class table's seat uses too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from euchre_learn.analysis.coach.grades import loss_text
from euchre_learn.analysis.review import Decision
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import positions
from euchre_learn.interactive.table.words import action_label, describe_action

if TYPE_CHECKING:
    from euchre_learn.analysis.review.drill import RetryResult
    from euchre_learn.learner.progress import Progress
    from euchre_learn.teaching.quiz.question import Question

__all__ = ["RETRY_TOPIC", "choice_label", "file_retry", "retry_question", "situation_text"]

RETRY_TOPIC = "table-retry"
"""The topic a retried decision from the table is counted under in the learner's progress."""


def choice_label(position: Hand, action: Action) -> str:
    """An action as a learner reads it: the card for a card, else the button's label."""
    return str(action.card) if action.card is not None else action_label(position, action)


def situation_text(position: Hand, seat: Seat) -> str:
    """What the seat knew, in a sentence or two (no hidden card named)."""
    parts = [f"You are {seat.word}; {position.dealer.word} dealt."]
    if position.phase == Phase.PLAY:
        assert position.trump is not None and position.maker is not None
        parts.append(
            f"{position.trump.symbol} {position.trump.plural.capitalize()} are trump, made by {position.maker.word}"
            + (" alone." if position.alone else ".")
        )
        won = {Team.NS: 0, Team.EW: 0}
        for t in position.tricks:
            assert t.winner is not None
            won[t.winner.team] += 1
        if position.tricks:
            parts.append(f"Tricks so far: North-South {won[Team.NS]}, East-West {won[Team.EW]}.")
        trick = position.current_trick
        if trick is not None and trick.cards:
            played = ", ".join(f"{s.word} the {c}" for s, c in zip(trick.seats, trick.cards, strict=True))
            parts.append(f"This trick: {played}.")
        else:
            parts.append("You lead.")
    else:
        parts.append(f"The upcard is the {position.upcard}.")
        said = [describe_action(step, action, reveal=step.to_act == seat) for _i, step, action in positions(position)]
        if said:
            parts.append(" ".join(said))
    return " ".join(parts)


def retry_question(decision: Decision, key: str = "") -> Question:
    """A decision to find again, as a quiz question: the situation in words, the seat's cards,
    every legal action a choice, the best one the answer, each choice's cost its feedback.

    >>> import euchre_learn as el
    >>> rev = el.review(el.examples.hand('left-bower-trap'), seat='N', worlds=4, seed=1)
    >>> q = retry_question(rev.decisions[0])
    >>> q.kind, q.answer in q.choices, q.check(q.answer).correct
    ('single', True, True)
    """
    from euchre_learn.teaching.quiz.question import Question

    pos = decision.position
    seat = decision.seat
    game = decision.win_loss is not None
    choices, feedback = [], {}
    for opt in decision.options:
        label = choice_label(pos, opt.action)
        choices.append(label)
        cost = decision.gap(opt.action)
        grade = decision.grade_of(opt.action)
        cost_text = f"{loss_text(cost, game, words=True)} " + ("of the chance to win" if game else "points")
        feedback[label] = (
            "The best choice here."
            if opt.action == decision.best
            else f"{grade.capitalize()}: it gives up {cost_text}."
        )
    answer = choice_label(pos, decision.best)
    prompt = (
        f"From your game at the table. {situation_text(pos, seat)} You chose {choice_label(pos, decision.action)}, "
        f"{'an' if decision.grade[0] in 'aeiou' else 'a'} {decision.grade}. What is the best choice?"
    )
    return Question(
        prompt=prompt,
        kind="single",
        choices=tuple(choices),
        answer=answer,
        explanation=decision.explanation,
        feedback=feedback,
        cards=pos.holding(seat),
        topic=RETRY_TOPIC,
        title=f"Try again: {decision.phase.value}",
        id=key,
        record=pos.to_record(),
    )


def file_retry(progress: Progress, decision: Decision, result: RetryResult, note: str | None = None) -> None:
    """Keep a finished retry of ``decision`` in the learner's store as a quiz question (kind
    ``'retry'``, under ``result.key``), and count the attempt as an answer to it by the one answer
    path (:func:`~euchre_learn.teaching.answering.record_answer`): on :data:`RETRY_TOPIC`, a review
    of it (a miss brings it back soon, a first-try success later: the FSRS schedule, so Today's
    practice asks it again), filed under its position's situation, at the time it finished. The
    retry reached its own verdict (a first try within the good threshold), once: it reports when
    finished and never again. The bot table's review panel and a class table's seat both file
    their retries here."""
    from euchre_learn.learner.store import PutRetry
    from euchre_learn.teaching.answering import record_answer

    question = retry_question(decision, key=result.key)
    progress.store.write(PutRetry(result.key, question.to_dict(), note=note or f"{decision.grade} at the table"))
    record_answer(progress, question, result.first_try, item=("retry", result.key))

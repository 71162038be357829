"""The "What good players do" quizzes: every kept position is one where the box's rule of thumb
applies, the coach's best choice keeps it and beats every choice that breaks it, and the file
agrees with the coach judged again."""

from __future__ import annotations

import random

import pytest

from euchre_learn import quiz
from euchre_learn.analysis.coach import judge
from euchre_learn.analysis.convention_book import convention
from euchre_learn.engine.actions import Action
from euchre_learn.teaching.quiz.strategy import (
    BEFORE_LONERS,
    BOXES,
    LONER_LATER,
    MARGIN,
    PER_BOX,
    askable,
    choice_label,
    positions,
    strategy_question,
)


@pytest.mark.parametrize("box", list(BOXES))
def test_every_kept_position_is_one_the_rule_and_the_coach_agree_on(box: str) -> None:
    ps = positions(box)
    assert len(ps) == PER_BOX
    assert len({p.convention for p in ps}) >= 2  # the quiz varies its rule of thumb
    assert len({repr(sorted(p.record.items())) for p in ps}) == len(ps)
    for p in ps:
        assert p.convention in BOXES[box][1]
        hand = p.hand
        c = convention(p.convention)
        legal = {str(a) for a in hand.legal_actions()}
        assert set(p.points) == legal and p.best in legal
        assert c.applies(hand) and not c.breaks(hand, p.best)
        broken = [a for a in legal if c.breaks(hand, a)]
        assert broken, "some choice must break the rule, or there is nothing to ask"
        assert all(p.points[p.best] - p.points[a] >= MARGIN for a in broken)
        assert p.points[p.best] == max(p.points.values())


@pytest.mark.parametrize("box", list(BOXES))
def test_the_file_agrees_with_the_coach_judged_again(box: str) -> None:
    """Two positions per box, drawn at random, judged again as the writer judged them: the same
    best action (the file goes stale when the coach or the standard bot changes)."""
    for p in random.Random(box).sample(positions(box), 2):
        j = judge(p.hand, seed=0)
        assert str(j.best) == p.best, (box, p.convention, p.record)


def test_questions_ask_the_position_and_teach_the_rule() -> None:
    for box in BOXES:
        for seed in range(6):
            q = strategy_question(box, seed)
            assert q == strategy_question(box, seed)
            assert q.topic == f"strategy-{box}" and q.check(q.answer).correct
            p = next(p for p in positions(box) if p.record == q.record)
            c = convention(p.convention)
            hand = p.hand
            assert c.sentence in q.explanation and hand.to_act.word in q.prompt
            for choice in q.choices:
                if choice == q.answer:
                    continue
                fb = q.check(choice)
                assert p.points[p.best] - p.points[_key(hand, choice)] >= 0.005  # a tie is not offered
                assert not fb.correct and (c.sentence in fb.message or c.title in fb.message)
                action = Action.parse(_key(hand, choice))
                if c.breaks(hand, action):
                    assert "breaks the rule of thumb" in fb.message


def test_the_topics_are_registered_in_teaching_order_and_keep_standard_rules() -> None:
    names = [f"strategy-{b}" for b in BOXES]
    assert list(quiz.TOPICS[-len(names) :]) == names
    q = quiz.generate("strategy-tricks", 5, rules="stick-the-dealer")
    assert q.check(q.answer).correct and not q.prompt.startswith("House rules")
    with pytest.raises(ValueError, match="no strategy box 'bidding'"):
        positions("bidding")


def _key(hand, choice: str) -> str:  # type: ignore[no-untyped-def]
    """The action (as text) a choice's label names."""
    return next(str(a) for a in hand.legal_actions() if choice_label(hand, a) == choice)


@pytest.mark.parametrize("box", BEFORE_LONERS)
def test_lessons_before_loners_ask_no_loner(box: str) -> None:
    """Lessons 03 and 04 come before lesson 07 teaches going alone: their quizzes neither offer a
    loner nor expect one (issue 34: lesson 03's quiz expected 'Take it up alone'), and their
    words do not talk of one."""
    assert len(askable(box)) >= PER_BOX - 2  # a loner's position is asked with the loner left out
    for seed in range(80):
        q = strategy_question(box, seed)
        assert not any("alone" in c.casefold() for c in q.choices), (seed, q.choices)
        for c in q.choices:
            said = q.check(c).message.replace(LONER_LATER, "")
            assert "alone" not in said, (seed, c, said)


def test_a_tie_with_the_coachs_choice_is_not_offered_and_is_named() -> None:
    """Touching cards that come to the same as the coach's choice would be second right answers:
    they are left out of the choices and named in the feedback (issue 34, item 9)."""
    named = 0
    for box in ("tricks", "alone"):
        for seed in range(40):
            q = strategy_question(box, seed)
            p = next(p for p in positions(box) if p.record == q.record)
            hand = p.hand
            offered = {_key(hand, c) for c in q.choices}
            for a in hand.legal_actions():
                if str(a) not in offered:
                    assert p.points[p.best] - p.points[str(a)] < 0.005
                    said = q.check(q.answer).message
                    assert f"{a.card}" in said and "would do as well" in said
                    named += 1
    assert named  # the positions do hold ties


@pytest.mark.parametrize("box", list(BOXES))
def test_every_position_asked_reads_as_whole_sentences(box: str) -> None:
    """Every position a box asks, not only those the first seeds draw: its prompt, explanation and
    the feedback to each choice read whole (issue 34, item 8)."""
    from tests.teaching.quiz.test_sentences import garbled

    left = {repr(sorted(p.record.items())) for p in askable(box)}
    for seed in range(600):
        if not left:
            break
        q = strategy_question(box, seed)
        left.discard(repr(sorted(q.record.items())))
        for text in (q.prompt, q.explanation, *(q.check(c).message for c in q.choices)):
            assert not garbled(text), (box, seed, garbled(text), text)
    assert not left, f"{len(left)} positions of {box!r} never drawn in 600 seeds"

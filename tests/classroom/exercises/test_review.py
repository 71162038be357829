"""The final review (issue 7, "Exercises"): questions generated per learner from their name.
Different names give different questions on the same topics, the same name the same
questions, and every answer is the engine's (each question's hand is replayed and asked again)."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import pytest

from euchre_learn import Rules, Seat, Team, effective_suit, left_bower, legal_plays, replay, trick_winner
from euchre_learn.classroom.exercises.review import REVIEW_TOPICS, Review, final_review, review_seed, review_view
from euchre_learn.engine.explain import make_word
from euchre_learn.engine.hand import Phase
from euchre_learn.teaching.quiz import QuizError

NAMES = ["Ada", "Ben", "Chloé", "Dmitri", "Efua", "Farid", "Grace Hopper", "Hiro", "Ines", "Jamal", "Kai", "Lena"]


@pytest.fixture(scope="module")
def reviews() -> list[Review]:
    return [final_review(n) for n in NAMES]


# ---- per learner: different questions, the same topics -------------------------------------------


def test_every_learner_gets_the_same_topics_in_the_same_order(reviews: list[Review]) -> None:
    for review in reviews:
        assert review.topics == REVIEW_TOPICS
        assert len(review) == len(REVIEW_TOPICS)
        assert [q.kind for q in review.questions] == [q.kind for q in reviews[0].questions]


def test_different_names_give_different_questions(reviews: list[Review]) -> None:
    for a, b in itertools.combinations(reviews, 2):
        differ = sum(
            qa.prompt != qb.prompt or qa.cards != qb.cards for qa, qb in zip(a.questions, b.questions, strict=True)
        )
        assert differ >= len(REVIEW_TOPICS) // 2, f"{a.name} and {b.name} share too many questions"
    for i in range(len(REVIEW_TOPICS)):
        prompts = {r.questions[i].prompt for r in reviews}
        assert len(prompts) >= len(reviews) // 2, f"question {i + 1} ({REVIEW_TOPICS[i]}) hardly varies"


def test_the_same_name_gives_the_same_questions() -> None:
    assert final_review("Ada").questions == final_review("Ada").questions
    assert final_review("Grace Hopper").questions == final_review("  grace   HOPPER ").questions
    assert final_review("Ada").name == "Ada" and final_review(" Grace  Hopper ").name == "Grace Hopper"


def test_seeds_come_from_the_name_and_the_number() -> None:
    seeds = {review_seed(n, i) for n in NAMES for i in range(1, 13)}
    assert len(seeds) == len(NAMES) * 12
    assert review_seed("Ada", 3) == review_seed("ada", 3) != review_seed("Ada", 4)
    assert final_review("Ada").questions[2].seed == review_seed("Ada", 3)


def test_the_same_name_gives_the_same_questions_in_another_process() -> None:
    code = (
        "from euchre_learn.classroom.exercises.review import final_review\n"
        "print([(q.prompt, q.choices, q.answer) for q in final_review('Ada').questions])"
    )
    here = str([(q.prompt, q.choices, q.answer) for q in final_review("Ada").questions])
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == here


def test_house_rules_reach_every_question() -> None:
    review = final_review("Ada", rules="stick-the-dealer")
    for q in review.questions:
        if q.record is not None:
            assert replay(q.record).rules.stick_the_dealer
    assert review.rules == Rules.preset("stick-the-dealer")
    plain = final_review("Ada")
    assert plain.rules == Rules()
    i = REVIEW_TOPICS.index("round-2")
    assert replay(review.questions[i].record).to_act == replay(review.questions[i].record).dealer
    assert "pass" not in review.questions[i].answer  # the dealer is stuck under these rules (R4.3)
    assert "pass" in plain.questions[i].answer


def test_other_topics() -> None:
    review = final_review("Ada", topics=["left-bower", "benny"])
    assert review.topics == ("left-bower", "benny")
    with pytest.raises(QuizError, match="not a quiz topic"):
        final_review("Ada", topics=["bowers"])


@pytest.mark.parametrize("name", ["", "   ", None, 3])
def test_a_name_is_needed(name: object) -> None:
    with pytest.raises(ValueError, match="needs your name"):
        final_review(name)  # type: ignore[arg-type]


def test_questions_are_numbered_from_one() -> None:
    review = final_review("Ada")
    assert review.question(1) is review.questions[0]
    for bad in (0, 13, True, "1"):
        with pytest.raises(ValueError, match="questions 1 to 12"):
            review.question(bad)  # type: ignore[arg-type]


# ---- the answers are the engine's -----------------------------------------------------------------


def _seat_word(word: str) -> Seat:
    return next(s for s in Seat if s.word == word)


def _engine_answer(q):  # type: ignore[no-untyped-def]
    """Ask the engine again, from the question's own hand record (or its cards)."""
    if q.topic == "first-dealer":
        shown = list(q.cards)
        black_jacks = [
            i for i, c in enumerate(shown) if c.rank is not None and c.rank.name == "JACK" and c.suit.color == "black"
        ]
        assert black_jacks == [len(shown) - 1], "the deal stops at the first black jack"
        return Seat((len(shown) - 1) % 4).word  # dealt one each from North, clockwise (R2.1)
    hand = replay(q.record)
    trump = hand.trump
    if q.topic == "left-bower":
        return str(left_bower(trump))
    if q.topic == "trump-ranking":
        order = list(q.answer)
        for a, b in itertools.pairwise(order):
            assert trick_winner([a, b], trump) == 0 and trick_winner([b, a], trump) == 1
        return q.answer
    if q.topic == "round-1":
        assert hand.phase == Phase.ROUND_1 and hand.is_legal("order up")
        return make_word(hand.dealer, hand.to_act)
    if q.topic in ("round-2", "stick-the-dealer"):
        assert hand.phase == Phase.ROUND_2
        legal = [str(a) for a in hand.legal_actions() if not a.alone]
        return tuple(c for c in q.choices if ("pass" if c == "pass" else "call " + c.split()[1]) in legal)
    if q.topic == "effective-suit":
        suit = effective_suit(q.cards[0], trump)
        return next(c for c in q.choices if c.endswith(suit.plural))
    if q.topic == "legal-plays":
        held = hand.holding(hand.to_act)
        return tuple(str(c) for c in legal_plays(held, trump, hand.current_trick.cards[0]))
    if q.topic == "trick-winner":
        trick = next(t for t in hand.tricks if t.cards == q.cards)
        return str(trick.cards[trick_winner(trick.cards, trump)])
    if q.topic == "who-leads":
        assert hand.phase == Phase.PLAY and not hand.tricks
        return hand.to_act.word
    if q.topic == "scoring":
        team_word = re.search(r"How many points does (\S+)", q.prompt).group(1)
        return hand.points[next(t for t in Team if t.word == team_word)]
    if q.topic == "game-state":
        target = int(re.search(r"A game to (\d+) points", q.prompt).group(1))
        before = re.search(r"North-South (\d+), East-West (\d+)", q.prompt)
        score = {
            Team.NS: int(before.group(1)) + hand.points[Team.NS],
            Team.EW: int(before.group(2)) + hand.points[Team.EW],
        }
        won = [t for t in Team if score[t] >= target]
        if won:
            return f"{won[0].word} won"
        barn = [t for t in Team if score[t] == target - 1]
        if len(barn) == 2:
            return "both sides are in the barn"
        return f"{barn[0].word} is in the barn" if barn else "nobody has won and nobody is in the barn"
    raise AssertionError(f"no engine check for {q.topic}")


def test_every_answer_is_the_engines(reviews: list[Review]) -> None:
    for review in reviews:
        for q in review.questions:
            assert q.answer == _engine_answer(q), f"{review.name}: {q.topic} {q.prompt}"


def test_the_answer_is_accepted_and_every_other_choice_rejected(reviews: list[Review]) -> None:
    for review in reviews:
        for number, q in enumerate(review.questions, 1):
            right = review.check(number, q.answer)
            assert right.correct and right.rules == q.rules
            if q.kind == "single":
                for choice in q.choices:
                    if choice != q.answer and choice not in q.accept:  # accept: another name of the answer
                        wrong = review.check(number, choice)
                        assert not wrong.correct and len(wrong.message) > 20
            elif q.kind == "number":
                assert not review.check(number, q.answer + 1).correct
            else:
                assert not review.check(number, tuple(reversed(q.answer)) if q.kind == "order" else ()).correct


def test_a_response_that_is_no_answer_is_feedback_not_an_error() -> None:
    review = final_review("Ada")
    for number in range(1, len(review) + 1):
        for junk in ("J♦", 3, None, ["x"]):
            feedback = review.check(number, junk)
            assert isinstance(feedback.message, str) and feedback.message


def test_the_answer_key() -> None:
    review = final_review("Ben")
    key = review.key()
    rows = key.rows()
    assert [r[0] for r in rows] == list(range(1, 13))
    assert str(key).startswith("Answer key: final review for Ben")
    for (_, _, answer, rules), q in zip(rows, review.questions, strict=True):
        assert rules == " ".join(q.rules)
        shown = q.answer if isinstance(q.answer, tuple) else (q.answer,)
        assert all(str(part) in answer for part in shown)
    assert "<table" in key._repr_html_() and "rules.md#R" in key._repr_html_()


def test_the_review_prints_its_questions_without_answers() -> None:
    review = final_review("Ada")
    text = str(review)
    assert text.startswith("Final review for Ada: 12 questions")
    for i, q in enumerate(review.questions, 1):
        assert f"{i}. {q.prompt}" in text
    page = review._repr_html_()
    assert page.count("<li ") == 12 and "Answer key" not in page


# ---- the view ------------------------------------------------------------------------------------


def test_the_view_counts_answers_and_names_what_to_look_at_again() -> None:
    review = final_review("Ada")
    view = review_view(review)
    assert len(view.quizzes) == 12
    assert "0 of 12 answered" in view.score.value
    for i, quiz in enumerate(view.quizzes, 1):
        q = quiz.question
        if i == 4:  # answer question 4 wrongly
            pick = next(c for c in q.choices if c != q.answer and c not in q.accept)
            quiz.choose(pick)
        elif q.kind in ("single", "number"):
            quiz.choose(q.answer)
        else:
            quiz.choose(*q.answer)
        quiz.check_button.click()
    assert view.score.value.startswith("<b>All 12 answered: 11 right.</b>")
    assert "question 4." in view.score.value


def test_the_model_never_imports_widgets() -> None:
    code = (
        "import sys, euchre_learn.classroom.exercises.review as r\n"
        "r.final_review('Ada').key()\n"
        "print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"

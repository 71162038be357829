"""Quizzes (euchre_learn.teaching.quiz): every topic, 200 seeds each: the answer is accepted, every
other choice is rejected with an explanation, the answer is the engine's (checked again here
by replaying the question's hand record), and generation is deterministic everywhere."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_learn import (
    Hand,
    Phase,
    Rules,
    Seat,
    Suit,
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    quiz,
    replay,
    trick_winner,
)
from euchre_learn.teaching.quiz import Practice, Question, QuizError, generate

SEEDS = range(200)
RULE_IDS = set(
    re.findall(r'id="(R\d+\.\d+|[a-z][a-z-]*)"', (Path(__file__).parents[3] / "docs" / "rules.md").read_text())
)
"""The rule ids of docs/rules.md, and the anchors of its passages without an id ('seats')."""
REQUIRED = {
    "left-bower",
    "trump-ranking",
    "is-trump",
    "effective-suit",
    "round-1",
    "dealer-discard",
    "round-2",
    "stick-the-dealer",
    "who-leads",
    "legal-plays",
    "trick-winner",
    "scoring",
    "game-state",
    # one per variant in RULES.md
    "benny",
    "railroad",
    "defend-alone",
    "super-euchre",
    "canadian-loner",
    "partner-alone",
    "loner-lead",
}


@pytest.fixture(scope="module")
def bank() -> dict[str, list[Question]]:
    """Every topic, 200 seeds: generated once for the whole module."""
    return {name: [generate(name, seed) for seed in SEEDS] for name in quiz.TOPICS}


def test_topics():
    assert REQUIRED <= set(quiz.TOPICS)
    variants = {t.variant for t in quiz.topics() if t.variant}
    assert variants >= {
        "benny",
        "railroad",
        "defend_alone",
        "super_euchre",
        "canadian_loner",
        "stick_the_dealer",
        "dealer_picks_up_for_partner_loner",
        "loner_lead",
    }
    for t in quiz.topics():
        assert t.title and t.description and t.kinds
        assert set(t.rules) <= RULE_IDS, t
        assert set(t.kinds) <= set(quiz.KINDS)
    assert {k for t in quiz.topics() for k in t.kinds} == set(quiz.KINDS)


def _wrong_responses(q: Question):
    """Every other choice not also accepted (single), each choice toggled (select-all), each
    adjacent swap (order), nearby numbers (number)."""
    if q.kind == "single":
        return [c for c in q.choices if c != q.answer and c not in q.accept]
    if q.kind == "select-all":
        out = []
        for c in q.choices:
            out.append(tuple(x for x in q.choices if (x in q.answer) != (x == c)))
        return out
    if q.kind == "order":
        out = []
        for i in range(len(q.answer) - 1):
            a = list(q.answer)
            a[i], a[i + 1] = a[i + 1], a[i]
            out.append(tuple(a))
        return out
    return [n for n in (q.answer - 1, q.answer + 1, q.answer + 2, 0, 4) if n != q.answer]


def _assert_explanation_said(explanation, message):
    """Each clause of the explanation is in the message, or is left out because the message
    says it already: most of its five-word runs are in the message."""
    said = _word_runs(message, 5)
    plain = _CITE.sub("", message)
    for clause in re.split(r"(?<=[.!?:;])\s+", explanation):
        runs = _word_runs(clause, 5)
        if runs and _CITE.sub("", clause).strip(" .:;") not in plain:
            assert len(runs & said) >= 0.6 * len(runs), (clause, message)


@pytest.mark.parametrize("name", quiz.TOPICS)
def test_every_seed_accepts_the_answer_and_rejects_every_other_choice(bank, name):
    t = quiz.topic(name)
    for q in bank[name]:
        assert q.topic == name and q.title == t.title and q.kind in t.kinds
        assert q.prompt and q.explanation and q.rules and set(q.rules) <= RULE_IDS
        right = q.check(q.answer)
        assert right.correct and right.message.startswith("Correct!"), q
        for also in q.accept:  # another name of the same action: right, and the note says why
            fb = q.check(also)
            assert fb.correct and fb.message.startswith("Correct!") and q.feedback_for(also) in fb.message, (q, also)
        wrong = _wrong_responses(q)
        assert wrong, q
        for response in wrong:
            fb = q.check(response)
            assert not fb.correct, (q, response)
            assert fb.message.startswith("Not quite")
            _assert_explanation_said(q.explanation, fb.message)
            if q.kind == "single":
                assert q.feedback_for(response)
                _assert_explanation_said(q.feedback_for(response), fb.message)
            if q.kind == "select-all":
                toggled = next(c for c in q.choices if (c in response) != (c in q.answer))
                assert q.feedback_for(toggled) in fb.message
        # every choice has feedback of its own
        for c in q.choices:
            assert q.feedback_for(c), (q, c)
            if name in STRATEGY:  # a rule of thumb, not a rule: its feedback names the rule of thumb
                assert "rule of thumb" in q.feedback_for(c) or q.explanation.split(": ", 1)[1] in q.feedback_for(c)
            else:
                assert CITED.search(q.feedback_for(c)), (q, c)
        assert Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q


CITED = re.compile(r"R\d+\.\d+|\(rule book: [a-z-]+\)")
STRATEGY = {name for name in quiz.TOPICS if name.startswith("strategy-")}
"""The "What good players do" topics: positions kept from standard-rules deals the coach graded,
so they keep the standard rules whatever house rules are asked for."""
"""A citation: a rule id, or a passage of the rule book by its anchor ("(rule book: seats)")."""


@pytest.mark.parametrize("name", quiz.TOPICS)
def test_generation_is_deterministic(bank, name):
    for seed in (0, 1, 57, 199):
        assert generate(name, seed) == bank[name][seed]
    assert len({q.prompt + repr(q.choices) + repr(q.answer) for q in bank[name]}) > 20  # and the seeds vary


def test_generation_is_deterministic_across_processes():
    """The same seeds in a fresh interpreter with other hash seeds give the same questions."""
    code = (
        "import json; from euchre_learn import quiz\n"
        "print(json.dumps([quiz.generate(t, s).to_dict() for t in quiz.TOPICS for s in range(3)]))"
    )
    here = json.dumps([generate(t, s).to_dict() for t in quiz.TOPICS for s in range(3)])
    for hashseed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        assert out.stdout.strip() == here


# ---- the answers are the engine's: replay each question's hand and ask the engine again ----


def test_left_bower_and_is_trump_and_effective_suit(bank):
    for q in bank["left-bower"]:
        hand = replay(q.record)
        assert q.answer == str(left_bower(hand.trump))
    for q in bank["is-trump"]:
        hand = replay(q.record)
        assert q.answer == tuple(c for c in q.choices if is_trump(c, hand.trump))
        assert 1 <= len(q.answer) <= 4
    lefts = 0
    for q in bank["effective-suit"]:
        hand = replay(q.record)
        card = q.cards[0]
        assert q.answer.endswith(effective_suit(card, hand.trump).plural)
        lefts += card == left_bower(hand.trump)
    assert lefts > 40  # the tricky case comes up often


def test_trump_ranking_orders_by_the_engine(bank):
    for q in bank["trump-ranking"] + [b for b in bank["benny"] if b.kind == "order"]:
        hand = replay(q.record)
        order = list(q.answer)
        for a, b in itertools.pairwise(order):
            assert trick_winner([a, b], hand.trump) == 0 and trick_winner([b, a], hand.trump) == 1
        assert list(q.choices) != order


def test_bidding_answers_are_legal_actions(bank):
    for q in bank["round-2"] + bank["stick-the-dealer"]:
        hand = replay(q.record)
        assert hand.phase == Phase.ROUND_2
        legal = {str(a) for a in hand.legal_actions() if not a.alone}
        words = {"pass" if c == "pass" else "call " + c.split()[1] for c in q.answer}
        assert words == legal
    stuck = [q for q in bank["stick-the-dealer"] if "pass" not in q.answer]
    assert len(stuck) > 100
    for q in bank["dealer-discard"]:
        hand = replay(q.record)
        assert {f"discard {c}" for c in q.answer} == {str(a) for a in hand.legal_actions()}
        assert str(hand.upcard) not in q.answer
    for q in bank["canadian-loner"]:
        hand = replay(q.record)
        partner = hand.to_act == hand.dealer.partner
        assert ("assist" in q.answer) is False if partner else len(q.answer) == 3
    for q in bank["round-1"]:
        hand = replay(q.record)
        assert q.answer in ("order it up", "assist", "take it up")
        assert hand.is_legal("order up")


def test_leaders_are_the_engines(bank):
    alone = 0
    for q in bank["who-leads"] + bank["loner-lead"]:
        hand = replay(q.record)
        assert hand.phase == Phase.PLAY and not hand.tricks
        assert q.answer == hand.to_act.word
        alone += hand.alone
    assert alone > 200
    skipped = [q for q in bank["loner-lead"] if "sits out" in q.explanation]
    assert skipped, "a lone defender's partner or the loner's partner is skipped sometimes"


def test_legal_plays_are_the_engines(bank):
    tricky = 0
    for q in bank["legal-plays"]:
        hand = replay(q.record)
        trick = hand.current_trick
        held = hand.holding(hand.to_act)
        assert tuple(str(c) for c in held) == q.choices
        assert q.answer == tuple(str(c) for c in legal_plays(held, hand.trump, trick.cards[0]))
        assert q.cards == trick.cards
        tricky += left_bower(hand.trump) in held or trick.cards[0] == left_bower(hand.trump)
    assert tricky > 60


def test_trick_winners_are_the_engines(bank):
    for q in bank["trick-winner"] + [b for b in bank["benny"] if "wins the trick" in b.prompt]:
        hand = replay(q.record)
        trick = next(t for t in hand.tricks if t.cards == q.cards)
        assert q.answer == str(trick.cards[trick_winner(trick.cards, hand.trump)])
        assert str(trick.cards[trick.seats.index(trick.winner)]) == q.answer


def test_scores_are_the_engines(bank):
    outcomes = set()
    for name in ("scoring", "defend-alone", "super-euchre"):
        for q in bank[name]:
            hand = replay(q.record)
            assert hand.is_over and hand.score is not None
            team_word = re.search(r"How many points does (\S+)", q.prompt).group(1)
            team = next(t for t in hand.points if t.word == team_word)
            assert q.answer == hand.points[team]
            outcomes.add((name, hand.score.outcome))
            if name == "defend-alone":
                assert hand.lone_defender is not None
    assert ("super-euchre", "super euchre") in outcomes
    assert {("scoring", o) for o in ("made", "march", "euchred")} <= outcomes


def test_game_state_answers(bank):
    answers = {q.answer for q in bank["game-state"]}
    assert {"North-South won", "East-West won"} <= answers
    assert answers & {"North-South is in the barn", "East-West is in the barn"}
    for q in bank["game-state"]:
        hand = replay(q.record)
        assert hand.is_over


def test_railroad_and_partner_alone(bank):
    for q in bank["railroad"]:
        hand = replay(q.record)
        assert hand.railroad_card is not None and hand.alone
        assert q.answer[-1].endswith("leads the first trick")
        assert any("passes" in step and "face down" in step for step in q.answer)
    picked = {q.answer.startswith(replay(q.record).dealer.word) for q in bank["partner-alone"]}
    assert picked == {True, False}
    for q in bank["partner-alone"]:
        hand = replay(q.record)
        picks_up = hand.phase == Phase.DISCARD
        assert picks_up == q.answer.startswith(hand.dealer.word)
        if picks_up:
            assert hand.upcard in hand.holding(hand.dealer)
            hand = hand.apply(hand.legal_actions()[0])
        assert hand.dealer in hand.sitting_out and hand.upcard not in hand.holding(hand.dealer.partner)


# ---- house rules, seeds, errors ----------------------------------------------------------


def test_house_rules():
    q = generate("round-2", 3, rules="stick-the-dealer")
    assert q.house_rules == "stick-the-dealer" and q.id == "round-2-3-stick-the-dealer"
    assert replay(q.record).rules == Rules.preset("stick-the-dealer")
    # a variant topic turns its option on over the given rules
    q = generate("super-euchre", 1, rules=Rules(points_to_win=7))
    assert q.house_rules == {"points_to_win": 7, "super_euchre": True}
    uk = generate("legal-plays", 4, rules="uk")
    assert replay(uk.record).rules.benny == "joker"
    for name in quiz.TOPICS:
        q = generate(name, 11, rules={"loner_lead": "left_of_dealer"})
        assert q.check(q.answer).correct
        if name in STRATEGY:
            assert replay(q.record).rules == Rules()
            continue
        if name != "first-dealer" and q.record is not None:  # first-dealer and the-table's seats: no hand
            assert replay(q.record).rules.loner_lead == "left_of_dealer"
        assert q.record is not None or name in ("first-dealer", "the-table")


def test_seed_none_is_recorded():
    q = generate("trick-winner")
    assert isinstance(q.seed, int) and generate("trick-winner", q.seed) == q


def test_bad_topic_and_seed():
    with pytest.raises(QuizError, match="not a quiz topic"):
        generate("bowers", 1)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        generate("left-bower", "one")  # type: ignore[arg-type]


# ---- checking responses ------------------------------------------------------------------


def test_check_accepts_other_spellings():
    q = generate("left-bower", 1)
    lb = q.answer
    assert q.check(lb.replace("♦", "d").replace("♥", "h").replace("♠", "s").replace("♣", "c").lower()).correct
    sel = next(x for x in (generate("legal-plays", s) for s in range(50)) if len(x.answer) >= 2)
    assert sel.check(", ".join(reversed(sel.answer))).correct
    assert sel.check(" ".join(sel.answer)).correct
    assert sel.check(list(reversed(sel.answer))).correct
    num = generate("scoring", 2)
    assert num.check(str(num.answer)).correct and num.check(num.answer).correct


def test_check_rejects_what_is_not_an_answer():
    q = generate("left-bower", 1)
    with pytest.raises(QuizError, match="not one of the choices"):
        q.check("A♥")
    with pytest.raises(QuizError):
        q.check(["J♦"])
    order = generate("trump-ranking", 1)
    with pytest.raises(QuizError, match="every choice exactly once"):
        order.check(order.answer[:-1])
    num = generate("scoring", 1)
    for bad in ("two", True, 2.5, None):
        with pytest.raises(QuizError):
            num.check(bad)


def test_feedback_names_what_was_missed_and_what_was_wrong():
    q = next(x for x in (generate("legal-plays", s) for s in range(80)) if 1 < len(x.choices) - len(x.answer))
    missed = q.answer[0]
    wrong = next(c for c in q.choices if c not in q.answer)
    fb = q.check([wrong])
    assert f"You left out {missed}" in fb.message and f"{wrong} is wrong" in fb.message
    assert q.feedback_for(wrong) in fb.message


# ---- teachers' own questions ---------------------------------------------------------------


def test_a_teacher_question_needs_no_engine():
    q = Question(
        prompt="What do you call the jack of trump?",
        kind="single",
        choices=("right bower", "left bower", "Benny"),
        answer="right bower",
        explanation="The jack of trump is the right bower, the highest trump (R1.3).",
        feedback={"left bower": "The left bower is the other jack of the same colour."},
        rules=("R1.3",),
    )
    assert q.check("Right Bower").correct
    fb = q.check("left bower")
    assert "other jack of the same colour" in fb.message and "highest trump" in fb.message
    assert q.choice_cards is None


@pytest.mark.parametrize(
    ("fields", "field", "match"),
    [
        ({"answer": "Q♥"}, "answer", "not one of the choices"),
        ({"choices": ("A♥", "A♥")}, "choices", "appears twice"),
        ({"kind": "many"}, "type", "not a kind of question"),
        ({"explanation": " "}, "explanation", "empty"),
        ({"rules": ("3.2",)}, "rules", "not a rule id"),
        ({"feedback": {"Q♥": "?"}}, "feedback", "not one of the choices"),
        ({"choices": ("A♥",), "answer": "A♥"}, "choices", "at least two"),
    ],
)
def test_a_bad_question_names_the_field(fields, field, match):
    base = {
        "prompt": "Highest heart, hearts not trump?",
        "kind": "single",
        "choices": ("A♥", "K♥"),
        "answer": "A♥",
        "explanation": "Aces are high in an off suit (R1.4).",
    }
    with pytest.raises(QuizError, match=match) as err:
        Question(**{**base, **fields})
    assert err.value.field == field


# ---- practice (the model behind the practice widget) -------------------------------------


def test_practice_counts_once_and_keeps_streaks(tmp_path):
    p = Practice(["trick-winner", "left-bower"], seed=5, progress=tmp_path / "p.json")
    fb = p.answer(p.question.answer)
    assert fb.correct and (p.asked, p.score, p.streak) == (1, 1, 1)
    assert p.answer(p.question.answer) is fb and p.asked == 1  # a second answer counts nothing
    p.next()
    wrong = next(c for c in p.question.choices if c != p.question.answer)
    assert not p.answer(wrong).correct
    assert (p.asked, p.score, p.streak, p.best_streak) == (2, 1, 0, 1)
    p.next()
    p.next()  # skipping counts nothing
    assert p.asked == 2
    total = p.progress.total
    assert (total.answered, total.correct) == (2, 1)
    with pytest.raises(QuizError):
        p.answer("not a choice at all")
    assert p.asked == 2 and not p.answered


def test_practice_is_deterministic_and_mixes_topics():
    a = Practice(seed=8, progress=False)
    b = Practice(seed=8, progress=False)
    seen = set()
    for _ in range(30):
        assert a.question == b.question
        seen.add(a.question.topic)
        a.next()
        b.next()
    assert len(seen) > 8


def test_practice_with_house_rules_and_bad_topics():
    p = Practice("round-2", seed=1, rules="stick-the-dealer", progress=False)
    assert p.question.house_rules == "stick-the-dealer"
    with pytest.raises(QuizError, match="not a quiz topic"):
        Practice("nope", progress=False)
    with pytest.raises(QuizError, match="at least one topic"):
        Practice([], progress=False)


def test_rule_links_use_the_rule_books_anchors():
    assert quiz.rule_link("R3.2").endswith("rules.md#R3.2")
    p = Practice("legal-plays", seed=1, progress=False)
    assert p.links() == [(r, quiz.rule_link(r)) for r in p.question.rules]


def test_seats_and_suits_in_choices_are_spelled_for_learners():
    q = generate("who-leads", 1)
    assert q.choices == tuple(s.word for s in Seat)
    q = generate("effective-suit", 1)
    assert q.choices == tuple(f"{s.symbol} {s.plural}" for s in Suit)
    assert isinstance(replay(q.record), Hand)


# ---- banks: save generated questions, load teachers' own, checked against the schema ------


def teacher_bank() -> dict:
    return {
        "format": quiz.BANK_FORMAT,
        "title": "Bowers, my way",
        "questions": [
            {
                "id": "right",
                "type": "single",
                "prompt": "With ♠ spades trump, which is the highest card?",
                "choices": ["A♠", "J♠", "J♣"],
                "answer": "J♠",
                "explanation": "The right bower, the jack of trump, is the highest trump (R1.3).",
                "feedback": {"J♣": "The J♣ is the left bower: second-highest."},
                "rules": ["R1.3"],
            },
            {
                "type": "select-all",
                "prompt": "Hearts are trump. Which of these are trumps?",
                "choices": ["J♦", "A♦", "9♥"],
                "answer": ["9♥", "J♦"],
                "explanation": "Hearts and the left bower J♦ are trumps (R1.3).",
            },
            {
                "type": "order",
                "prompt": "Order, strongest first, clubs trump.",
                "choices": ["A♣", "J♠", "J♣"],
                "answer": ["J♣", "J♠", "A♣"],
                "explanation": "Right bower, left bower, ace (R1.3).",
                "cards": "J♣ J♠ A♣",
            },
            {
                "type": "number",
                "prompt": "Points for a loner's march?",
                "answer": 4,
                "explanation": "A loner who takes all five scores 4 (R7.1).",
            },
        ],
    }


def test_save_and_load_a_generated_bank(tmp_path):
    qs = [generate(name, seed) for name in quiz.TOPICS for seed in (1, 2)]
    path = quiz.save_bank(qs, tmp_path / "class" / "bank.json", title="Week 1", description="All topics")
    loaded = quiz.load_bank(path)
    assert loaded.title == "Week 1" and loaded.description == "All topics"
    assert list(loaded) == qs and len(loaded) == len(qs) and loaded[0] == qs[0]
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert "♦" in path.read_text(encoding="utf-8") or "♣" in path.read_text(encoding="utf-8")  # readable UTF-8
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(quiz.BANK_SCHEMA)
    jsonschema.validate(raw, quiz.BANK_SCHEMA)
    assert [p.name for p in path.parent.iterdir()] == ["bank.json"]
    assert quiz.load_bank(json.dumps(raw)).questions == loaded.questions  # a JSON string works too


def test_load_a_teachers_bank():
    bank = quiz.load_bank(teacher_bank())
    right, select, order, number = bank
    assert right.id == "right" and select.id == "q2" and number.id == "q4"
    assert right.check("j♠").correct and "left bower: second-highest" in right.check("J♣").message
    assert select.answer == ("J♦", "9♥")  # kept in the order of the choices
    assert select.check(["9♥", "J♦"]).correct
    assert order.check(["J♣", "J♠", "A♣"]).correct and set(order.cards) == set(order.choice_cards)
    assert number.check(4).correct and not number.check(2).correct


def _broken(change) -> dict:
    bank = teacher_bank()
    change(bank)
    return bank


@pytest.mark.parametrize(
    ("change", "index", "qid", "field", "words"),
    [
        (lambda b: b["questions"][0].pop("answer"), 0, "right", "answer", "missing"),
        (lambda b: b["questions"][1].update(answer="9♥"), 1, "q2", "answer", "array"),
        (lambda b: b["questions"][0].update(answer="Q♠"), 0, "right", "answer", "not one of the choices"),
        (lambda b: b["questions"][3].update(answer="four"), 3, "q4", "answer", "integer"),
        (lambda b: b["questions"][3].update(choices=["4"]), 3, "q4", "choices", "has no choices"),
        (lambda b: b["questions"][2].update(answer=["J♣", "J♠"]), 2, "q3", "answer", "missing A♣"),
        (lambda b: b["questions"][0].update(anwser="J♠"), 0, "right", "anwser", "not a known field"),
        (lambda b: b["questions"][1].update(type="multiple"), 1, "q2", "type", "is not one of"),
        (lambda b: b["questions"][0].update(rules=["3.2"]), 0, "right", "rules.0", "not a rule id"),
        (lambda b: b["questions"][0].update(feedback={"K♠": "?"}), 0, "right", "feedback", "not one of the choices"),
        (lambda b: b["questions"][2].update(cards="J♣ X♠"), 2, "q3", "cards", "not a card"),
        (lambda b: b["questions"][1].update(id="right"), 1, "right", "id", "already used"),
        (lambda b: b["questions"][1].update(explanation=""), 1, "q2", "explanation", "non-empty"),
    ],
)
def test_a_bad_bank_names_the_question_and_the_field(change, index, qid, field, words):
    with pytest.raises(quiz.BankError) as err:
        quiz.load_bank(_broken(change))
    e = err.value
    assert (e.index, e.question_id, e.field) == (index, qid, field), str(e)
    assert f"questions[{index}] (id {qid!r}), field {field!r}" in str(e) and words in str(e), str(e)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ({"questions": []}, "'format'"),
        ({"format": "euchre-learn/quiz-bank-9", "questions": []}, "must be 'euchre-learn/quiz-bank-1'"),
        ({"format": quiz.BANK_FORMAT, "questions": {}}, "'questions'"),
        ('{"format": ', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_a_bad_bank_file(source, words):
    with pytest.raises(quiz.BankError, match=re.escape(words)):
        quiz.load_bank(source)


def test_a_missing_bank_file(tmp_path):
    with pytest.raises(quiz.BankError, match="cannot read"):
        quiz.load_bank(tmp_path / "nope.json")


def test_saving_duplicate_ids_is_refused(tmp_path):
    q = generate("left-bower", 1)
    with pytest.raises(quiz.BankError, match="unique"):
        quiz.save_bank([q, q], tmp_path / "b.json")


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_topic_under_every_preset(preset):
    for name in quiz.TOPICS:
        for seed in range(3):
            q = generate(name, seed, rules=preset)
            assert q.check(q.answer).correct
            if name == "first-dealer":  # no hand: cards dealt face up until a black jack
                assert q.record is None
                continue
            if name == "the-table" and q.record is None:  # the seats: no hand to deal
                continue
            if name in STRATEGY:
                continue
            rules = replay(q.record).rules
            for field, value in Rules.preset(preset).changes().items():  # house rules are kept
                assert getattr(rules, field) == value, (name, field)


def test_practice_from_a_teachers_bank(tmp_path):
    path = tmp_path / "bank.json"
    path.write_text(json.dumps(teacher_bank()), encoding="utf-8")
    p = Practice(seed=1, progress=False, bank=path)
    ids = []
    for _ in range(4):
        ids.append(p.question.id)
        p.answer(p.question.answer)
        p.next()
    assert sorted(ids) == ["q2", "q3", "q4", "right"]  # each once before any repeat
    assert p.score == 4 and p.topics == ("custom",)
    generated = [generate("left-bower", s) for s in range(3)] + [generate("scoring", 1)]
    p = Practice("scoring", seed=2, progress=False, bank=generated)
    assert all(p.next().topic == "scoring" for _ in range(3))
    with pytest.raises(QuizError, match="not a topic of this bank"):
        Practice("benny", progress=False, bank=generated)
    with pytest.raises(QuizError, match="no questions"):
        Practice(progress=False, bank=[])


def test_dealing_topics(bank):
    for q in bank["first-dealer"]:
        jacks = [i for i, c in enumerate(q.cards) if c.rank.name == "JACK" and c.suit.color == "black"]
        assert jacks == [len(q.cards) - 1]  # dealing stopped at the first black jack
        assert q.answer == Seat((len(q.cards) - 1) % 4).word  # dealt one each from North
    assert any("red jack" in q.explanation for q in bank["first-dealer"])
    packets = set()
    for q in bank["dealing"]:
        hand = replay(q.record)
        eldest = hand.dealer.left
        assert q.answer[0].startswith(eldest.word) and q.answer[3].startswith(hand.dealer.word)
        assert q.answer[4].startswith(eldest.word) and "upcard" in q.answer[5]
        first = min(hand.dealt(eldest)).index  # the pack is unshuffled: card index = position dealt
        assert first == 0
        packets.add(hand.rules.deal_packets)
    assert packets == {(3, 2), (2, 3)}
    thrown = 0
    for q in bank["next-dealer"]:
        last = replay(q.record)
        assert last.is_over and q.answer == last.dealer.left.word
        thrown += last.thrown_in
    assert 50 < thrown < 150
    turned_up = [q for q in bank["benny"] if "turns up the Benny" in q.prompt]
    assert turned_up and all(replay(q.record).phase == Phase.BENNY for q in turned_up)


# ---- issue 11: the feedback a newcomer reads --------------------------------------------------


def test_one_right_card_is_the_only_right_choice_not_the_right_choices():
    for s in range(60):
        q = generate("legal-plays", s)
        wrong = [c for c in q.choices if c not in q.answer]
        if len(q.answer) == 1 and wrong:
            message = q.check([wrong[0]]).message
            assert f"the only right choice is {q.answer[0]}." in message and "right choices are" not in message
            return
    pytest.fail("no legal-plays question with one legal card in 60 seeds")


def test_choices_missed_for_the_same_reason_are_named_together_and_no_sentence_repeats():
    for topic_name in ("legal-plays", "round-2", "is-trump", "stick-the-dealer"):
        for s in range(15):
            q = generate(topic_name, s)
            for response in ((), tuple(c for c in q.choices if c not in q.answer)):
                message = q.check(list(response)).message
                sentences = [x.strip() for x in message.split(". ") if x.strip()]
                assert len(sentences) == len(set(sentences)), message
                assert message.count("You left out") <= len({q.feedback_for(c) for c in q.answer}), message


def _answers_to_try(q):
    """A learner's possible answers to ``q``: every choice, a few subsets, a few orders."""
    if q.kind == "number":
        return [q.answer, q.answer + 1]
    if q.kind == "single":
        return list(q.choices)
    rng = random.Random(q.prompt)
    if q.kind == "select-all":
        return [[c for c in q.choices if rng.random() < 0.5] for _ in range(6)]
    return [rng.sample(list(q.choices), len(q.choices)) for _ in range(4)]


_CITE = re.compile(r"\s*\((?:R\d+(?:\.\d+)*(?:,\s*)?)+\)")


def _word_runs(sentence, n):
    words = re.findall(r"[\w♠♥♦♣]+", _CITE.sub("", sentence).lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize("topic_name", [t.name for t in quiz.topics()])
def test_feedback_says_each_fact_once(topic_name):
    """No sentence of the feedback is said twice, and no two sentences share ten words in a row
    (the same reason again) outside the lists of choices a select-all quiz names: an order quiz's
    first two sentences (the order, the first misplaced card) are left out of the comparison."""
    for s in range(15):
        q = generate(topic_name, s)
        for response in _answers_to_try(q):
            message = q.check(response).message
            if q.kind == "order":
                message = message.split(". ", 2)[-1]
            sentences = [_CITE.sub("", x).strip(" .") for x in re.split(r"(?<=[.!?])\s+(?=[A-Z])", message)]
            assert len(sentences) == len(set(sentences)), message
            seen = set()
            for sentence in sentences:
                runs = _word_runs(sentence, 10)
                if q.kind != "select-all":
                    assert not runs & seen, message
                seen |= runs


def test_a_left_bower_is_explained_without_the_word_next_before_lesson_03():
    """Lesson 02's quizzes (the left bower, trump ranking) use 'the other suit of the same
    colour'; "next" is defined in lesson 03 (issue 11)."""
    for topic_name in ("left-bower", "trump-ranking", "is-trump", "effective-suit"):
        for s in range(15):
            q = generate(topic_name, s)
            for response in _answers_to_try(q):
                assert "next" not in q.check(response).message.lower(), (topic_name, s)


def test_feedback_links_the_glossary_terms_it_uses_the_same_way_every_time():
    from euchre_learn.teaching.widget_look import status_html

    q = generate("left-bower", 4)
    wrong = next(c for c in q.choices if c != q.answer)
    fb = q.check(wrong)
    assert fb.terms == generate("left-bower", 4).check(wrong).terms
    assert ("left bower", "../docs/glossary.md#left-bower") in fb.terms
    shown = status_html(fb.message, "wrong", fb.rules)
    assert 'class="el-words">Words: ' in shown and 'href="../docs/glossary.md#left-bower"' in shown
    assert "el-words" not in status_html("Pick a card first.", "hint")


def test_a_quiz_under_other_rules_says_so_in_its_first_words():
    for name, topic_name in (("stick-the-dealer", "stick-the-dealer"), ("super-euchre", "super-euchre")):
        q = generate(topic_name, 0)
        assert q.prompt.startswith("House rules: ") and name.replace("-", " ") in q.prompt.split(".")[0], q.prompt
    assert generate("round-2", 0, rules="stick-the-dealer").prompt.startswith("House rules: stick the dealer")
    assert generate("round-2", 0, rules="short-game").prompt.startswith("House rules: a game to 5.")
    for topic_name in ("round-1", "round-2", "trick-winner", "scoring"):
        assert not generate(topic_name, 0).prompt.startswith("House rules"), topic_name


def test_a_trick_question_draws_the_trick_without_giving_the_winner_away():
    from euchre_learn.teaching.widget_look import trick_view
    from euchre_learn.teaching.widgets import quiz_widget

    q = generate("trick-winner", 2)
    drawn = trick_view(q)
    for seat in ("East", "South", "West", "North"):
        assert f"played by {seat}" in drawn
    assert "wins" not in drawn and "winning" not in drawn
    assert any(drawn == getattr(w, "value", None) for w in quiz_widget(q).children)


def test_round_2_feedback_says_each_thing_once():
    """Issue 24: lesson 04's round-2 feedback said which suits may be named three times."""
    for seed in (2, 4):
        q = quiz.generate("round-2", seed=seed)
        for response in _wrong_responses(q):
            message = q.check(response).message
            assert "The same goes for" not in message, message
            assert message.count("may name") <= 1 and message.count("may call") == 0, message


def test_lesson_07_feedback_is_plain_english():
    """Issue 24: "the dealer sits out with the loner's partner's cards" (the dealer IS the loner's
    partner) and code words ("loner lead 'left of loner'")."""
    from euchre_learn.engine.rules import Rules

    lead = quiz.generate("loner-lead", seed=2, rules=Rules())
    alone = quiz.generate("partner-alone", seed=1, rules=Rules())
    for q in (lead, alone):
        for c in q.choices:
            message = q.check(c).message
            assert "left of loner" not in message and "loner lead '" not in message, message
            assert "with the loner's partner's cards" not in message, message
    assert "The dealer is the loner's partner" in alone.explanation


def test_the_table_is_a_topic_whose_every_question_says_where_to_read():
    """Issue 24: lesson 01's questions on the table and the deal are a registered topic, so
    practice and Today's practice ask them again; partners sitting opposite have no rule id, so
    those questions cite the rule book's passage by its anchor (docs/rules.md#seats)."""
    from euchre_learn.teaching.quiz.table import TOPIC, table_question

    assert TOPIC == "the-table" and quiz.TOPICS[0] == TOPIC
    assert 'id="seats"' in (Path(__file__).parents[3] / "docs" / "rules.md").read_text()
    partners = [q for q in (generate(TOPIC, s) for s in range(40)) if q.rules == ("seats",)]
    assert partners and all("(rule book: seats)" in q.explanation for q in partners)
    assert table_question(2).rules == ("seats",)  # lesson 01's own question cites it too
    with pytest.raises(QuizError, match="rules"):
        Question(prompt="?", kind="number", choices=(), answer=1, explanation=".", rules=("3.2",))


def test_green_as_the_coach_says_it_is_in_the_glossary_and_linked() -> None:
    """The Hint and the review say "clubs is green" in round 2; the word was taught nowhere and
    not in the glossary (issue 34, item 9)."""
    import re
    from pathlib import Path

    from euchre_learn.analysis.coach.words import reasons
    from euchre_learn.teaching.glossary import term_link, terms_in
    from euchre_learn.teaching.quiz.strategy import positions

    p = next(p for p in positions("round-2") if p.convention == "reverse-next")
    said = reasons(p.hand, p.best, "pass")
    assert " is green" in said and "green" in terms_in(said)
    glossary = (Path(__file__).resolve().parents[3] / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert '<a id="green"></a>' in glossary and term_link("green").endswith("glossary.md#green")
    entry = glossary.split('<a id="green"></a>', 1)[1].split("<a id=", 1)[0]
    assert re.search(r"other colour", entry) and "Lesson 04" in entry


def test_the_dealer_discard_quiz_under_the_option() -> None:
    """R3.2's option in a quiz's house rules: the upcard is among the discards, and the words say why."""
    q = generate("dealer-discard", seed=4, rules={"dealer_may_discard_upcard": True})
    up = replay(q.record).upcard
    assert str(up) in q.answer and len(q.answer) == 6
    assert "the upcard too" in q.feedback[str(up)]
    assert "the dealer may discard the upcard taken up" in q.prompt

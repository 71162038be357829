"""Quiz widgets, driven without a browser: set values, call .click(), and look at the model
and at the feedback shown (the ipywidgets tutorial's way)."""

from __future__ import annotations

import html
import json
import subprocess
import sys

import ipywidgets as W
import pytest

from euchre_learn import Card, quiz
from euchre_learn.progress import Progress, ProgressWarning
from euchre_learn.quiz import Question
from euchre_learn.widgets import (
    MIXED,
    NumberQuiz,
    OrderQuiz,
    PracticeWidget,
    SelectAllQuiz,
    SingleChoiceQuiz,
    practice,
    quiz_widget,
)


def first(topic: str, pred=lambda q: True) -> Question:
    return next(q for q in (quiz.generate(topic, s) for s in range(100)) if pred(q))


def shown(w) -> str:
    return html.unescape(w.feedback_area.value)


def assert_live_region(w) -> None:
    value = w.feedback_area.value
    assert 'role="status"' in value and 'aria-live="polite"' in value


def wrong_answer(q: Question):
    if q.kind == "single":
        return next(c for c in q.choices if c != q.answer)
    if q.kind == "select-all":
        return tuple(c for c in q.choices if c not in q.answer) or q.choices[:1]
    if q.kind == "order":
        return tuple(reversed(q.answer))
    return str(q.answer + 1)


def answer_in(w, response) -> None:
    if isinstance(response, tuple):
        w.choose(*response)
    else:
        w.choose(response)


KINDS = {
    "left-bower": SingleChoiceQuiz,  # card buttons
    "who-leads": SingleChoiceQuiz,  # text choices (radio buttons)
    "legal-plays": SelectAllQuiz,  # card toggles
    "round-2": SelectAllQuiz,  # text checkboxes
    "trump-ranking": OrderQuiz,
    "railroad": OrderQuiz,
    "scoring": NumberQuiz,
}


@pytest.mark.parametrize("topic", KINDS)
def test_the_right_answer(topic):
    q = first(topic)
    w = quiz_widget(q)
    assert type(w) is KINDS[topic] and w.question is q
    assert_live_region(w)
    answer_in(w, q.answer)
    w.check_button.click()
    assert w.answered and w.feedback.correct
    assert_live_region(w)
    assert "Correct!" in shown(w) and "✓" in shown(w)
    assert all(f'rules.md#{r}"' in w.feedback_area.value for r in q.rules)  # the "why?" links
    assert w.check_button.disabled


@pytest.mark.parametrize("topic", KINDS)
def test_a_wrong_answer_shows_the_rule_and_a_second_click_changes_nothing(topic):
    q = first(topic, lambda q: q.kind != "select-all" or len(q.answer) < len(q.choices))
    seen = []
    w = quiz_widget(q, on_answer=seen.append)
    answer_in(w, wrong_answer(q))
    w.check_button.click()
    fb = w.feedback
    assert not fb.correct and "Not quite" in shown(w) and "✗" in shown(w)
    assert q.explanation in shown(w)
    before = w.feedback_area.value
    # change the answer to the right one after answering, and click again: nothing changes
    answer_in(w, q.answer)
    w.check_button.click()
    w.check_button.click()
    assert w.feedback is fb and w.feedback_area.value == before and seen == [fb]


def test_check_with_nothing_chosen_asks_first():
    w = quiz_widget(first("left-bower"))
    w.check_button.click()
    assert not w.answered and "Choose an answer first" in shown(w)
    assert_live_region(w)
    w.choose(w.question.answer)
    w.check_button.click()
    assert w.feedback.correct


def test_card_buttons_carry_the_card_and_its_name():
    q = first("left-bower")
    w = quiz_widget(q)
    assert isinstance(w.options, W.ToggleButtons)
    assert [label for label, _ in w.options.options] == list(q.choices)
    assert list(w.options.tooltips) == [Card.parse(c).name for c in q.choices]  # 'jack of diamonds'
    q = first("legal-plays")
    w = quiz_widget(q)
    assert all(isinstance(t, W.ToggleButton) for t in w.toggles.values())
    for label, t in w.toggles.items():
        assert t.description == label and Card.parse(label).name in t.tooltip
    w = quiz_widget(first("trump-ranking"))
    for label, b in w.buttons.items():
        assert isinstance(b, W.Button) and b.description == label and Card.parse(label).name in b.tooltip


def test_text_choices_are_radio_buttons_and_checkboxes():
    w = quiz_widget(first("who-leads"))
    assert isinstance(w.options, W.RadioButtons) and w.options.value is None
    w = quiz_widget(first("round-2"))
    assert all(isinstance(t, W.Checkbox) for t in w.toggles.values())


def test_context_cards_are_shown():
    q = first("legal-plays")  # the trick so far is shown above the player's cards
    w = quiz_widget(q)
    assert "data-card" in "".join(c.value for c in w.children if isinstance(c, W.HTML))  # rendered cards


def test_select_all_by_clicking_toggles():
    q = first("legal-plays", lambda q: len(q.answer) < len(q.choices))
    w = quiz_widget(q)
    for c in q.answer:
        w.toggles[c].value = True
    assert w.selected == q.answer
    w.check_button.click()
    assert w.feedback.correct
    assert all(t.disabled for t in w.toggles.values())


def test_select_all_with_nothing_selected_asks_once_then_answers_none():
    q = Question(
        prompt="Clubs are trump. Which of these are trumps?",
        kind="select-all",
        choices=("A♦", "K♥"),
        answer=(),
        explanation="Neither is a club or the J♠ (R1.3).",
    )
    w = quiz_widget(q)
    w.check_button.click()
    assert not w.answered and "none of them" in shown(w)
    w.check_button.click()
    assert w.answered and w.feedback.correct


def test_order_by_clicking_buttons_with_undo_and_start_over():
    q = first("trump-ranking")
    w = quiz_widget(q)
    a = q.answer
    w.buttons[a[0]].click()
    w.buttons[a[0]].click()  # placing twice is ignored
    assert w.order == [a[0]] and w.buttons[a[0]].disabled
    w.buttons[a[1]].click()
    w.undo_button.click()
    assert w.order == [a[0]] and not w.buttons[a[1]].disabled
    w.clear_button.click()
    assert w.order == []
    w.check_button.click()
    assert not w.answered and "Place every choice" in shown(w)
    for c in a:
        w.buttons[c].click()
    assert "<ol>" in w.order_view.value
    w.check_button.click()
    assert w.feedback.correct
    w.undo_button.click()  # after answering: nothing moves
    assert w.order == list(a) and all(b.disabled for b in w.buttons.values())


def test_number_entry():
    q = first("scoring")
    w = quiz_widget(q)
    w.check_button.click()
    assert "Type a whole number" in shown(w)
    w.entry.value = "two"
    w.check_button.click()
    assert not w.answered and "not a whole number" in shown(w)
    w.entry.value = f" {q.answer} "
    w.check_button.click()
    assert w.feedback.correct and w.entry.disabled


def test_feedback_is_escaped():
    q = Question(
        prompt="<b>bold?</b>",
        kind="single",
        choices=("<x>", "y"),
        answer="y",
        explanation="Because <script>no</script> (R1.1).",
    )
    w = quiz_widget(q)
    w.choose("<x>")
    w.check_button.click()
    assert "<script>" not in w.feedback_area.value and "&lt;script&gt;" in w.feedback_area.value
    assert "<b>" not in w.prompt.value


def test_every_topic_makes_a_working_widget():
    for name in quiz.TOPICS:
        q = quiz.generate(name, 5)
        w = quiz_widget(q)
        answer_in(w, q.answer if q.kind != "number" else str(q.answer))
        w.check_button.click()
        assert w.feedback.correct, name


# ---- practice ---------------------------------------------------------------------------


def test_practice_counts_score_and_streak(tmp_path):
    path = tmp_path / "progress.json"
    w = practice("left-bower", seed=2, progress=path)
    assert isinstance(w, PracticeWidget)
    w.current.choose(w.practice.question.answer)
    w.current.check_button.click()
    w.current.check_button.click()  # a second click does not count again
    assert (w.practice.score, w.practice.asked, w.practice.streak) == (1, 1, 1)
    assert "Score 1 of 1" in w.score_view.value and "streak 1" in w.score_view.value
    w.next_button.click()
    assert not w.current.answered
    q = w.practice.question
    w.current.choose(next(c for c in q.choices if c != q.answer))
    w.current.check_button.click()
    assert (w.practice.score, w.practice.asked, w.practice.streak, w.practice.best_streak) == (1, 2, 0, 1)
    assert "Score 1 of 2" in w.score_view.value and "best 1" in w.score_view.value
    assert Progress(path).stats("left-bower").answered == 2
    assert "this topic, all sessions: 1 of 2" in w.score_view.value
    assert all(f"rules.md#{r}" in w.rules_view.value for r in q.rules)  # the "why?" links
    assert w.warning_view.value == ""


def test_practice_topic_menu_and_mix(tmp_path):
    w = practice(seed=4, progress=False)
    assert w.topic_menu.value == MIXED
    topics = set()
    for _ in range(25):
        topics.add(w.practice.question.topic)
        w.next_button.click()
    assert len(topics) > 6
    w.topic_menu.value = "trick-winner"
    for _ in range(3):
        assert w.practice.question.topic == "trick-winner"
        w.next_button.click()
    assert w.practice.asked == 0  # skipping counts nothing


def test_practice_shows_a_damaged_progress_file_and_goes_on(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text('{"topics": {')
    with pytest.warns(ProgressWarning):
        w = practice("scoring", seed=1, progress=path)
    assert "moved aside" in w.warning_view.value and 'role="alert"' in w.warning_view.value
    w.current.choose(w.practice.question.answer)
    w.current.check_button.click()
    assert w.practice.score == 1 and Progress(path).stats("scoring").answered == 1
    assert list(tmp_path.glob("progress.json.corrupt-*"))


def test_the_quiz_widget_sends_answers_through_practice():
    w = practice("trump-ranking", seed=3, progress=False)
    q = w.practice.question
    w.current.choose(*q.answer)
    w.current.check()
    assert w.practice.feedback is w.current.feedback and w.practice.score == 1


def test_import_euchre_learn_and_quiz_without_ipywidgets():
    code = (
        "import sys, json, euchre_learn, euchre_learn.quiz, euchre_learn.progress\n"
        "euchre_learn.quiz.generate('trick-winner', 1)\n"
        "print(json.dumps(['ipywidgets' in sys.modules, 'matplotlib' in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [False, False]


def test_practice_on_a_bank_of_generated_questions(tmp_path):
    qs = [quiz.generate("left-bower", s) for s in range(2)] + [quiz.generate("scoring", 3)]
    path = quiz.save_bank(qs, tmp_path / "bank.json")
    w = practice(seed=1, progress=False, bank=path)
    assert w.topic_menu.options[0][0] == "Mixed: all topics"
    w.topic_menu.value = "scoring"
    assert w.practice.question.topic == "scoring" and isinstance(w.current, NumberQuiz)
    assert "Scoring a hand" in w.rules_view.value

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
from euchre_learn.learner.progress import Progress, ProgressWarning
from euchre_learn.teaching.quiz import Question
from euchre_learn.teaching.widgets import (
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
    "who-leads": SingleChoiceQuiz,  # text choices (toggle buttons)
    "legal-plays": SelectAllQuiz,  # card toggles
    "round-2": SelectAllQuiz,  # text toggles
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


def walk(widget) -> list:
    return [widget, *(x for child in getattr(widget, "children", ()) for x in walk(child))]


def test_card_buttons_carry_the_card_and_its_name():
    for topic in ("left-bower", "legal-plays"):  # one choice, select all
        q = first(topic)
        w = quiz_widget(q)
        assert list(w.toggles) == list(q.choices)
        for label, t in w.toggles.items():
            assert isinstance(t, W.ToggleButton) and t.description == label
            assert Card.parse(label).name in t.tooltip  # 'jack of diamonds'
    w = quiz_widget(first("trump-ranking"))
    for label, b in w.buttons.items():
        assert isinstance(b, W.Button) and b.description == label and Card.parse(label).name in b.tooltip


@pytest.mark.parametrize("topic", ["who-leads", "round-2", "railroad"])
def test_text_choices_are_buttons_not_radios_or_checkboxes(topic):
    """In JupyterLab the arrow keys move the notebook's cell selection, not a radio choice:
    every text choice is a button of its own (one Tab stop, Space or Enter presses it), its
    text allowed to wrap rather than be cut off."""
    q = first(topic)
    w = quiz_widget(q)
    assert not [x for x in walk(w) if isinstance(x, (W.RadioButtons, W.Checkbox, W.ToggleButtons))]
    buttons = w.buttons if q.kind == "order" else w.toggles
    assert list(buttons) == list(q.choices)
    for label, b in buttons.items():
        assert isinstance(b, (W.Button, W.ToggleButton)) and b.description == label
        assert "el-wrap" in b._dom_classes and b.layout.width == "auto"
    assert w.first_control is next(iter(buttons.values()))


def test_one_choice_at_a_time_and_the_chosen_one_stands_out():
    for topic in ("who-leads", "left-bower"):  # text, cards
        q = first(topic)
        w = quiz_widget(q)
        a, b = q.choices[:2]
        w.toggles[a].value = True  # a click
        assert w.response() == a
        assert w.toggles[a].description == f"● {a}" and "el-chosen" in w.toggles[a]._dom_classes
        assert all(t.description == c and "el-chosen" not in t._dom_classes for c, t in w.toggles.items() if c != a)
        w.toggles[b].value = True  # another click releases the first
        assert w.response() == b and not w.toggles[a].value
        assert w.toggles[a].description == a and "el-chosen" not in w.toggles[a]._dom_classes
        assert w.toggles[b].description == f"● {b}"
        w.toggles[b].value = False  # and a click on the chosen one takes it back
        assert w.response() is None
        w.check_button.click()
        assert not w.answered and "Choose an answer first" in shown(w)


def test_selected_toggles_show_a_mark_that_is_not_a_verdict():
    q = first("legal-plays", lambda q: len(q.choices) > 1)
    w = quiz_widget(q)
    a, b = q.choices[:2]
    w.choose(a, b)
    assert [t.description for t in w.toggles.values()][:2] == [f"● {a}", f"● {b}"]
    assert w.selected == (a, b)
    w.toggles[a].value = False
    assert w.toggles[a].description == a and w.selected == (b,)


def test_the_style_block_is_there_once_and_rings_the_focus():
    """A focus ring that reads on light and dark themes, scoped to our widgets, in one <style>."""
    from euchre_learn.teaching.widget_look import STYLE

    def styles(widget) -> int:
        return sum(x.value.count("<style>") for x in walk(widget) if isinstance(x, W.HTML))

    for w in (quiz_widget(first("who-leads")), practice(seed=1, progress=False)):
        assert styles(w) == 1
        assert any(isinstance(x, W.HTML) and x.value == STYLE for x in walk(w))
    assert "el-quiz" in quiz_widget(first("scoring"))._dom_classes
    for scope in (".el-quiz", ".el-practice", ".el-tableview"):
        ring = css_rule(STYLE, f"{scope} :is(button,select,input,a,[tabindex]):focus-visible")
        assert "outline:3px solid #0b61a4!important" in ring
        assert "outline-color:#8cc8ff" in css_rule(STYLE, f'[data-jp-theme-light="false"] {scope} :focus-visible')
    # ipywidgets boxes hide what overflows them: ours show the ring whole, with room around
    assert "overflow:visible" in css_rule(STYLE, ".el-quiz .widget-box")
    assert "padding:5px" in css_rule(STYLE, ".el-practice")
    # a chosen choice: white bold text on dark blue; a button's text wraps instead of "…"
    assert "background-color:#0b61a4;color:#fff;font-weight:700" in css_rule(
        STYLE, ".el-quiz .jupyter-button.el-chosen"
    )
    assert "white-space:normal" in css_rule(STYLE, ".el-quiz .jupyter-button.el-wrap")
    assert "opacity:1" in css_rule(STYLE, ".el-quiz .widget-text input:disabled")  # the answered number


def css_rule(css: str, selector: str) -> str:
    """The declarations of the rule whose selector list holds ``selector``."""
    import re

    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css.removeprefix("<style>")):
        if selector in (s.strip() for s in re.split(r",(?![^()]*\))", selectors)):  # not the commas in :is()
            return body
    raise AssertionError(f"no CSS rule for {selector}")


def test_no_button_is_narrower_than_its_text():
    """ipywidgets cuts a button's text at 148 px by default ("the next card is t…")."""
    for name in quiz.TOPICS:
        w = quiz_widget(quiz.generate(name, 5))
        for b in walk(w):
            if isinstance(b, (W.Button, W.ToggleButton)):
                assert b.layout.width == "auto" and b.layout.min_width, (name, b.description)
    p = practice(seed=1, progress=False)
    assert p.next_button.layout.width == "auto" and p.next_button.layout.flex == "0 0 auto"


def test_next_question_moves_the_focus_to_the_first_choice():
    w = practice(["who-leads", "left-bower"], seed=3, progress=False)
    w.topic_menu.value = "who-leads"
    assert w.current.first_control._view_count is None  # the first question: no focus taken
    w.current.choose(w.practice.question.answer)
    w.current.check_button.click()
    w.next_button.click()
    first_choice = w.current.first_control
    assert first_choice is next(iter(w.current.toggles.values()))
    focused = []
    first_choice.focus = lambda: focused.append(True)
    assert first_choice._view_count == 0 and focused == []  # waits for the view to be drawn
    first_choice._view_count = 1  # the front end has drawn it
    assert focused == [True]
    first_choice._view_count = 2  # drawn again elsewhere: the focus is not taken twice
    assert focused == [True]
    w.topic_menu.value = "left-bower"  # a new topic from the menu: the focus stays on the menu
    assert w.current.first_control._view_count is None


def test_focus_when_already_shown_is_at_once():
    w = quiz_widget(first("scoring"))
    focused = []
    w.entry.focus = lambda: focused.append(True)
    w.entry._view_count = 1
    from euchre_learn.teaching.widget_look import focus_when_shown

    focus_when_shown(w.entry)
    assert focused == [True]


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
    # the disabled box greys its value like a placeholder: the feedback says the answer given
    assert f"(Your answer: {q.answer}.)" in shown(w).replace("<b>", "").replace("</b>", "")
    assert_live_region(w)


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
    path = tmp_path / "learner.sqlite3"
    path.write_text('{"topics": {')
    with pytest.warns(ProgressWarning):
        w = practice("scoring", seed=1, progress=path)
    assert "moved aside" in w.warning_view.value and 'role="alert"' in w.warning_view.value
    w.current.choose(w.practice.question.answer)
    w.current.check_button.click()
    assert w.practice.score == 1 and Progress(path).stats("scoring").answered == 1
    assert list(tmp_path.glob("learner.sqlite3.corrupt-*"))


def test_the_quiz_widget_sends_answers_through_practice():
    w = practice("trump-ranking", seed=3, progress=False)
    q = w.practice.question
    w.current.choose(*q.answer)
    w.current.check()
    assert w.practice.feedback is w.current.feedback and w.practice.score == 1


def test_import_euchre_learn_and_quiz_without_ipywidgets():
    code = (
        "import sys, json, euchre_learn, euchre_learn.teaching.quiz, euchre_learn.learner.progress\n"
        "euchre_learn.teaching.quiz.generate('trick-winner', 1)\n"
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


def test_a_chosen_wrong_answer_wears_no_tick_and_the_right_one_does():
    """Issue 24: "✓ North" on the chosen button beside "✗ Not quite" read as "right". A chosen
    choice wears ● (chosen), and once answered only the right answer's button wears ✓."""
    q = first("who-leads")
    wrong = next(c for c in q.choices if c != q.answer)
    w = quiz_widget(q)
    w.choose(wrong)
    assert w.toggles[wrong].description == f"● {wrong}"
    w.check_button.click()
    assert not w.feedback.correct and "✗" in shown(w)
    assert w.toggles[wrong].description == f"● {wrong}"  # still the learner's, never ✓
    assert w.toggles[q.answer].description == f"✓ {q.answer}" and "el-answer" in w.toggles[q.answer]._dom_classes
    assert [t.description for c, t in w.toggles.items() if c not in (wrong, q.answer)] == [
        c for c in q.choices if c not in (wrong, q.answer)
    ]
    # a right answer: its button turns to ✓, as the verdict says
    w = quiz_widget(q)
    w.choose(q.answer)
    assert w.toggles[q.answer].description == f"● {q.answer}"
    w.check_button.click()
    assert w.feedback.correct and w.toggles[q.answer].description == f"✓ {q.answer}"


def test_round_1_asks_the_name_the_seat_uses_and_says_whose_the_others_are():
    """Issue 24: lesson 03's round-1 quiz (seed 7) marked 'order it up' wrong for the dealer's
    partner though its feedback said 'one action, three names'; accepting all three (issue 24's
    fix) made a guess right three times in four (issue 34). The question now asks which of the
    three names the seat uses: the other two are wrong, and their feedback says whose they are."""
    from euchre_learn import quiz

    q = quiz.generate("round-1", seed=7)
    assert q.answer == "assist" and not q.accept and "three names" in q.prompt
    assert [c for c in q.choices if q.check(c).correct] == ["assist"]
    said = q.check("order it up").message
    assert "“order it up” is the name an opponent of the dealer uses for the same action" in said
    assert "South is the dealer's partner, so South says “assist”" in said
    w = quiz_widget(q)
    w.choose("order it up")
    w.check_button.click()
    assert not w.feedback.correct and w.toggles["assist"].description == "✓ assist"


def test_feedback_links_look_like_links_and_open_in_jupyterlab(tmp_path, monkeypatch):
    """Issue 24: the feedback's "Why? R1.3" and "Words: ..." links looked like plain text and opened
    a second JupyterLab showing raw Markdown. Inside a Jupyter server's kernel they carry
    JupyterLab's own link command (the rule book rendered, at the anchor, in the same JupyterLab);
    outside one (nbclient, a script) they stay plain relative links. (The click itself:
    tests/browser/test_lab_widgets.py.)"""
    import json
    import re

    from euchre_learn.teaching import widget_look
    from euchre_learn.teaching.widget_look import status_html

    def commands(value: str) -> list[dict]:
        found = re.findall(r'data-commandlinker-args="([^"]*)"', value)
        return [json.loads(html.unescape(a)) for a in found]

    message = "Not quite: the J♦ is the left bower."
    plain = status_html(message, "wrong", ["R1.3"])
    assert "text-decoration:underline" in plain and 'class="el-link"' in plain
    assert commands(plain) == [] and 'href="../docs/rules.md#R1.3"' in plain

    root = tmp_path / "course"
    (root / "notebooks").mkdir(parents=True)
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "jpserver-123.json").write_text(json.dumps({"root_dir": str(root), "port": 8888}))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("JPY_SESSION_NAME", str(root / "notebooks" / "00_how_to_use.ipynb"))
    widget_look._server_roots.cache_clear()
    try:
        value = status_html(message, "wrong", ["R1.3"])
    finally:
        widget_look._server_roots.cache_clear()
    assert 'data-commandlinker-command="rendermime:handle-local-link"' in value
    assert commands(value) == [
        {"path": "docs/rules.md", "id": "#R1.3"},
        {"path": "docs/glossary.md", "id": "#left-bower"},
    ]
    assert 'href="../docs/rules.md#R1.3"' in value  # Voilà and the site still follow the href


def test_in_voila_the_rule_unfolds_in_place(monkeypatch):
    """Issue 24: a Voilà app serves no rule book (its relative link led nowhere): there the rule's
    own words, from docs/rules.md, unfold in place under "Why? R1.3", and a glossary word's entry
    under "Words: …"."""
    from euchre_learn.teaching.widget_look import status_html

    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    value = status_html("Not quite: the J♦ is the left bower.", "wrong", ["R1.3"])
    assert value.count("<details") == 2 and "href=" not in value
    assert "R1.3 — Trump ranking. From high to low" in html.unescape(value)
    assert "left bower — the jack of next" in html.unescape(value)
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert "<details" not in status_html("Not quite: the J♦ is the left bower.", "wrong", ["R1.3"])

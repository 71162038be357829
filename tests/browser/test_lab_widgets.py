"""The browser machinery proves itself on small fixture notebooks (tests/browser/fixtures/):
an error is caught, widgets render, every kind of quiz answers to clicks and to the keyboard,
and a hand is played at the table by clicking. Lessons are in test_lessons.py."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from . import browserkit as bk
from . import quizkit as qk


def run_fixture(page: Any, lab: bk.Server, name: str) -> tuple[bk.NotebookFacts, list[bk.CellReport]]:
    bk.open_notebook(page, lab, f"fixtures/{name}.ipynb")
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / "fixtures" / f"{name}.ipynb")
    return facts, bk.read_cells(page)


def test_an_error_in_a_notebook_is_reported(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    facts, cells = run_fixture(page, lab, "has_error")
    bk.screenshot(page, "fixture_has_error")
    found = bk.problems(facts, cells)
    assert len(found) == 1 and found[0].startswith("cell 2: error output"), found
    assert "this error must be reported" in found[0]


def test_widgets_render_and_a_tagged_error_is_allowed(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    facts, cells = run_fixture(page, lab, "widgets_ok")
    assert bk.problems(facts, cells) == []
    assert cells[4].stderr and "ZeroDivisionError" in cells[4].stderr[0]  # tagged raises-exception
    assert cells[5].prompt.startswith("[") and cells[5].prompt != "[ ]:"  # and the run went on
    assert cells[3].widgets > 0, "the tiny quiz did not render as widgets"
    quiz = bk.cell_locator(page, 3)
    quiz.locator("button", has_text="J♥").click()
    quiz.get_by_role("status").filter(has_text="Not quite").wait_for()
    assert "the answer is J♦" in quiz.get_by_role("status").inner_text()
    bk.screenshot(page, "fixture_widgets_ok")


def test_every_kind_of_quiz_answers_right_and_wrong_by_clicking(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    facts, cells = run_fixture(page, lab, "quiz_kinds")
    assert bk.problems(facts, cells) == []
    found, notes = qk.quiz_cells(lab.root / "fixtures" / "quiz_kinds.ipynb", lab.env)
    assert notes == [] and len(found) == 13
    kinds = set()
    for n, qc in enumerate(found[:-1]):
        q = qc.question
        quiz = bk.cell_locator(page, qc.index).locator(".el-quiz")
        assert qk.squash(quiz.locator(".el-prompt").inner_text()) == qk.squash(q.prompt), "not the same question"
        response = qk.right_response(q) if n % 2 == 0 else qk.wrong_response(q)
        quiz.scroll_into_view_if_needed()
        qk.click_response(quiz, q, response)
        qk.expect_feedback(quiz, q, response)
        # answered: the Check button is disabled, a second answer changes nothing
        assert quiz.locator("button", has_text=re.compile(r"^\s*Check\s*$")).is_disabled()
        kinds.add((q.kind, q.choice_cards is not None, n % 2 == 0))
    assert {k for k, _, _ in kinds} == {"single", "select-all", "order", "number"}
    assert {right for _, _, right in kinds} == {True, False}
    bk.screenshot(page, "fixture_quiz_kinds_answered")

    # practice: answer right, then Next question, then answer wrong; the score follows
    qc = found[-1]
    practice = bk.cell_locator(page, qc.index).locator(".el-practice")
    model = qc.widget
    for right in (True, False):
        q = model.current.question
        quiz = practice.locator(".el-quiz")
        assert qk.squash(quiz.locator(".el-prompt").inner_text()) == qk.squash(q.prompt)
        response = qk.right_response(q) if right else qk.wrong_response(q)
        qk.click_response(quiz, q, response)
        qk.expect_feedback(quiz, q, response)
        model.current.choose(*response) if q.kind in ("select-all", "order") else model.current.choose(response)
        model.current.check()
        expected = f"Score {model.practice.score} of {model.practice.asked}"
        practice.locator(".el-score", has_text=expected).wait_for()
        if right:
            practice.locator("button", has_text="Next question").click()
            model.next()
            practice.locator(".el-prompt", has_text=model.current.question.prompt[:40]).wait_for()
    bk.screenshot(page, "fixture_practice")
    assert bk.new_console_errors(page) == []


def _answer_a_trainer(page: Any, lab: bk.Server, fixture: str, css: str, before: str, after: str) -> None:
    """Run a fixture whose one widget asks one question after another from a store of its own
    (``<fixture>-fixture.sqlite3`` in the server's private home); check that the browser shows the
    question the same code gives here, answer it right by clicking, watch the status line go from
    ``before`` to ``after``, and find the answer in the store."""
    facts, cells = run_fixture(page, lab, fixture)
    assert bk.problems(facts, cells) == []
    found, notes = qk.quiz_cells(lab.root / "fixtures" / f"{fixture}.ipynb", lab.env)
    assert notes == [] and len(found) == 1 and found[0].is_practice
    qc = found[0]
    q = qc.question
    widget = bk.cell_locator(page, qc.index).locator(css)
    widget.locator(".el-score", has_text=before).wait_for()
    quiz = widget.locator(".el-quiz")
    assert qk.squash(quiz.locator(".el-prompt").inner_text()) == qk.squash(q.prompt), "not the same question"
    response = qk.right_response(q)
    qk.click_response(quiz, q, response)
    qk.expect_feedback(quiz, q, response)
    widget.locator(".el-score", has_text=after).wait_for()
    bk.screenshot(page, f"fixture_{fixture}")
    from euchre_learn.learner.progress import Progress

    stats = Progress(Path(lab.env["EUCHRE_LEARN_HOME"]) / f"{fixture}-fixture.sqlite3").stats(q.topic)
    assert (stats.answered, stats.correct) == (1, 1)
    # The previous test's widgets, in a tab whose kernel is already shut down, may still try to
    # sync their focus when this notebook takes the screen: that message is theirs, not ours.
    stale = "Could not send widget sync message"
    assert [e for e in bk.new_console_errors(page) if stale not in e] == []


def test_todays_practice_answers_by_clicking_and_counts_the_day(lab_tab: Any, lab: bk.Server) -> None:
    """Today's practice: the item the schedule serves first here is the one the browser shows; a
    right answer shows in its status line (today 1 of 1 right) and lands in its store."""
    _answer_a_trainer(lab_tab, lab, "today", ".el-today", "today 0 of 0 right", "today 1 of 1 right")


def test_a_puzzle_is_solved_by_clicking_and_recorded(lab_tab: Any, lab: bk.Server) -> None:
    """The puzzle trainer: the same puzzle as here, solved by clicking, counted in its status line
    and in its store under the topic 'puzzle' (scheduled like a quiz topic)."""
    _answer_a_trainer(lab_tab, lab, "puzzles", ".el-puzzles", "solved 0 of 0 today", "solved 1 of 1 today")


FOCUSED = """() => {
    const a = document.activeElement;
    const ring = getComputedStyle(a);
    return [a.classList.contains('el-choice') ? 'choice' : (a.type || a.tagName), a.innerText.trim(),
            ring.outlineStyle + ' ' + ring.outlineWidth];
}"""


def test_a_quiz_by_keyboard_only(lab_tab: Any, lab: bk.Server) -> None:
    """Tab to the choices, Space to choose, Tab to Check, Enter: no mouse.

    In JupyterLab the arrow keys belong to the notebook (command mode moves the cell
    selection), so every choice is a button of its own: Tab moves between them, Space or
    Enter presses one, and the focused control wears a 3 px ring.
    """
    page = lab_tab
    run_fixture(page, lab, "quiz_kinds")
    found, _ = qk.quiz_cells(lab.root / "fixtures" / "quiz_kinds.ipynb", lab.env)
    qc = next(q for q in found if not q.is_practice and q.question.kind == "single" and q.question.choice_cards is None)
    q = qc.question
    quiz = bk.cell_locator(page, qc.index).locator(".el-quiz")
    quiz.scroll_into_view_if_needed()
    # Start from the prompt, just before the first control, as a reader tabbing down would.
    quiz.locator(".el-prompt").evaluate("e => { e.setAttribute('tabindex', '-1'); e.focus(); }")
    page.keyboard.press("Tab")
    for _ in range(len(q.choices)):
        kind, label, ring = page.evaluate(FOCUSED)
        assert kind == "choice", f"Tab should move through the choices, reached {kind} {label!r}"
        assert ring == "solid 3px", f"the focused choice {label!r} should wear the focus ring, not {ring!r}"
        if label == q.answer:
            break
        page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)[:2] == ["choice", q.answer]
    page.keyboard.press(" ")
    quiz.locator("button.el-chosen", has_text=f"{qk.CHOSEN} {q.answer}").wait_for()  # the chosen one says so
    bk.screenshot(page, "lab_keyboard_chosen", full_page=False)
    for _ in range(len(q.choices)):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED)[1] == "Check":
            break
    assert page.evaluate(FOCUSED) == ["submit", "Check", "solid 3px"], page.evaluate(FOCUSED)
    bk.screenshot(page, "lab_keyboard_focus_on_check", full_page=False)
    page.keyboard.press("Enter")
    qk.expect_feedback(quiz, q, q.answer)
    bk.screenshot(page, "lab_keyboard_answered", full_page=False)


def test_play_one_hand_at_the_table_by_clicking(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    facts, cells = run_fixture(page, lab, "table")
    assert bk.problems(facts, cells) == []
    table = bk.cell_locator(page, 2)
    status = table.locator(".el-status")
    # the learner's cards on the felt are buttons, the illegal ones marked with their reason
    table.locator(".widget-hbox button.mod-primary:not([disabled])").first.wait_for()
    played = bk.play_hand(page, table, keyboard=2, shot="fixture_table_last_trick")
    bk.screenshot(page, "fixture_table_hand_over")
    text = status.inner_text()
    assert re.search(r"Hand over|Thrown in", text), text
    assert bk.cut_text(table) == []
    # the scoreboard names the hand on the board until "Next hand" brings the next deal
    assert re.search(r"hand 1 over · dealer", table.locator(".el-board-head").inner_text())
    assert played.keys == 2 and played.pictures >= 1, played  # cards played from the felt itself
    assert played.saw_last_trick, "a trick the bots finished never stayed on the felt"
    assert bk.new_console_errors(page) == []


def test_the_felt_cards_say_why_one_may_not_be_played(lab_tab: Any, lab: bk.Server) -> None:
    """A card that may not be played is greyed on the felt, not focusable, and says why."""
    page = lab_tab
    run_fixture(page, lab, "table")
    table = bk.cell_locator(page, 2)
    deadline = time.monotonic() + 120
    # One look and one click in the page at once: the felt redraws between two round trips,
    # so a count of greyed cards, then a click, could play through the very trick we wait for.
    step = """(root, [off, live]) => {
        if (root.querySelector(off)) return "off";
        if (/Hand over|Thrown in/.test(root.innerText)) return "over";
        const target = root.querySelector(live)
            || root.querySelector(".widget-hbox button.mod-primary:not([disabled])");
        if (target) target.click();
        return "on";
    }"""
    while time.monotonic() < deadline:
        seen = table.evaluate(step, [".el-felt .el-pick-off", bk.FELT_CARDS])
        if seen == "off":
            break
        if seen == "over":
            raise AssertionError("the hand ended before South held a card that may not be played")
        page.wait_for_timeout(200)
    else:
        raise AssertionError(f"no card was greyed on the felt within 120 s:\n{table.inner_text()[:2000]}")
    off = table.locator(".el-felt .el-pick-off").first
    assert off.get_attribute("aria-disabled") == "true" and off.get_attribute("tabindex") is None
    reason = off.get_attribute("title")
    assert reason and "may not be played" in reason and "(R6.2)" in reason, reason
    card = off.get_attribute("data-card")
    # the text buttons are another widget, redrawn by a message of their own: wait for it
    button = table.locator("button.widget-button:disabled", has_text=re.compile(rf"^\s*{re.escape(card)}\s*$"))
    button.wait_for(timeout=10_000)
    assert button.get_attribute("title") == reason  # the same as the text button
    moves = table.locator("ol li").count()  # the log of the hand
    off.click(force=True)  # a click on it does nothing
    page.wait_for_timeout(500)
    assert table.locator("ol li").count() == moves
    table.scroll_into_view_if_needed()
    bk.screenshot(page, "fixture_table_card_may_not_be_played", full_page=False)


def test_a_widget_that_cannot_render_is_reported(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    facts, cells = run_fixture(page, lab, "broken_widget")
    page.wait_for_timeout(1000)  # the widget manager gives up on the missing module
    cells = bk.read_cells(page)
    bk.screenshot(page, "fixture_broken_widget", full_page=False)
    found = bk.problems(facts, cells)
    assert len(found) == 1 and found[0].startswith("cell 2: widget failed to render"), (found, cells[2])


CURRENT_TAB = "#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current"


def _wait_tab(page: Any, name: str) -> None:
    page.wait_for_function(
        """([css, name]) => {
            const t = document.querySelector(css);
            return !!t && t.innerText.trim() === name;
        }""",
        arg=[CURRENT_TAB, name],
        timeout=60_000,
    )


LOOK = """a => {
    const s = getComputedStyle(a), around = getComputedStyle(a.closest('.el-feedback'));
    return [s.textDecorationLine, s.color, around.color];
}"""


def test_a_feedback_link_opens_the_rule_book_rendered_in_this_jupyterlab(lab_tab: Any, lab: bk.Server) -> None:
    """Issue 24: the feedback's "Why? R…" and "Words: …" links looked like plain text and opened a
    second JupyterLab in a new tab showing docs/rules.md as raw Markdown at line 1. As a lesson's
    own links do, they must look like links and open the page rendered (the Markdown viewer), in
    this JupyterLab, at the anchor. The chosen wrong answer wears ● and only the right answer ✓."""
    page = lab_tab
    facts, cells = run_fixture(page, lab, "quiz_kinds")
    assert bk.problems(facts, cells) == []
    found, _ = qk.quiz_cells(lab.root / "fixtures" / "quiz_kinds.ipynb", lab.env)
    qc = next(q for q in found if not q.is_practice and q.question.kind == "single" and q.question.choice_cards is None)
    q = qc.question
    assert q.rules, "the quiz cites no rule"
    quiz = bk.cell_locator(page, qc.index).locator(".el-quiz")
    quiz.scroll_into_view_if_needed()
    response = qk.wrong_response(q)
    qk.click_response(quiz, q, response)
    shown = qk.expect_feedback(quiz, q, response)
    assert shown.startswith("✗")
    # the learner's wrong choice wears no tick; the right answer does, once revealed
    assert qk.squash(quiz.locator("button.el-chosen").inner_text()) == f"{qk.CHOSEN} {response}"
    quiz.locator("button.el-answer", has_text=f"✓ {q.answer}").wait_for()
    assert "✓" not in quiz.locator("button.el-chosen").inner_text()

    rule = max(q.rules, key=lambda r: [int(x) for x in r[1:].split(".")])  # the deepest: the viewer must scroll
    link = quiz.locator(".el-why a", has_text=re.compile(rf"^\s*{re.escape(rule)}\s*$"))
    decoration, color, text_color = link.evaluate(LOOK)
    assert "underline" in decoration and color != text_color, (decoration, color, text_color)
    bk.screenshot(page, "lab_feedback_links", full_page=False)
    tabs = len(page.context.pages)
    link.click()
    _wait_tab(page, "rules.md")
    viewer = page.locator(".jp-MarkdownViewer:not(.lm-mod-hidden)")
    heading = viewer.locator("strong", has_text=re.compile(rf"^{re.escape(rule)}\b")).first
    heading.wait_for()
    page.wait_for_timeout(500)  # the viewer scrolls to the fragment once rendered
    box, frame = heading.bounding_box(), viewer.bounding_box()
    assert box is not None and frame is not None
    assert frame["y"] - 2 <= box["y"] <= frame["y"] + 0.5 * frame["height"], (
        f"{rule} is not at the top of the rule book's view (it is at {box['y']:.0f} px, the view spans "
        f"{frame['y']:.0f} to {frame['y'] + frame['height']:.0f} px)"
    )
    assert len(page.context.pages) == tabs, "the link opened another browser tab"
    assert page.locator(".jp-FileEditor:not(.lm-mod-hidden)").count() == 0, "rules.md opened as Markdown source"
    bk.screenshot(page, f"lab_feedback_link_{rule}", full_page=False)

    # a glossary word of the same feedback: the glossary, rendered, in this JupyterLab too
    page.locator(CURRENT_TAB.replace(".lm-mod-current", ""), has_text="quiz_kinds.ipynb").click()
    _wait_tab(page, "quiz_kinds.ipynb")
    word = quiz.locator(".el-words a").first
    word.scroll_into_view_if_needed()
    assert "underline" in word.evaluate(LOOK)[0]
    word.click()
    _wait_tab(page, "glossary.md")
    page.locator(".jp-MarkdownViewer .jp-RenderedMarkdown", has_text="Glossary").first.wait_for()
    assert len(page.context.pages) == tabs
    assert bk.new_console_errors(page) == []

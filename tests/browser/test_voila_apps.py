"""The Voilà apps (apps/practice.ipynb, apps/play.ipynb), served as `euchre-learn practice` and
`euchre-learn play` serve them (code hidden, loopback), loaded in Chromium and used: a quiz
answered by clicking, one by keyboard only (Tab, Space, Enter), a hand played at the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom import apps

from . import browserkit as bk
from . import quizkit as qk


@pytest.fixture(scope="module")
def voila_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("voila-home")


@pytest.fixture(scope="module")
def practice_server(chromium: str, voila_home: Path) -> Iterator[bk.Server]:
    server = bk.start_voila(bk.ROOT / "apps" / "practice.ipynb", voila_home)
    yield server
    bk.stop(server.proc)


@pytest.fixture(scope="module")
def play_server(chromium: str, voila_home: Path) -> Iterator[bk.Server]:
    server = bk.start_voila(bk.ROOT / "apps" / "play.ipynb", voila_home)
    yield server
    bk.stop(server.proc)


def widget_errors(page: Any) -> list[str]:
    """Uncaught page errors, and console errors about widgets. (Voilà's page also logs a
    failed font request to a CDN, unreachable here, and any broken JupyterLab extension of
    the environment; those do not stop the app.)"""
    return [e for e in page.errors if e.startswith("page error") or re.search(r"widget|euchre", e, re.I)]


def assert_no_code(page: Any) -> None:
    """Voilà with --strip_sources: the reader sees outputs and prose, never the code."""
    content = page.content()
    assert "practice_app" not in content and "play_app" not in content
    assert page.locator(".jp-InputArea-editor:visible, .cm-editor:visible").count() == 0


FOCUS_ON = """(label) => {
    const a = document.activeElement;
    return a.classList.contains('el-choice') && a.innerText.trim() === label;
}"""
"""The keyboard focus is on the choice ``label`` (a quiz's toggle button)."""


def test_practice_app_answers_by_click_and_by_keyboard(page: Any, practice_server: bk.Server) -> None:
    query = "topic=who-leads&seed=5"
    with qk.environment(practice_server.env):
        model: Any = apps.practice_app(query)  # the same widget, built here, to know the answers
    page.goto(f"{practice_server.url}/?{query}", wait_until="domcontentloaded")
    practice = page.locator(".el-practice")
    practice.wait_for(timeout=90_000)
    assert_no_code(page)
    assert page.get_by_role("heading", name="Euchre practice").is_visible()
    bk.screenshot(page, "voila_practice_loaded")

    # 1. by clicking, the right answer
    q = model.current.question
    quiz = practice.locator(".el-quiz")
    assert qk.squash(quiz.locator(".el-prompt").inner_text()) == qk.squash(q.prompt)
    qk.click_response(quiz, q, q.answer)
    qk.expect_feedback(quiz, q, q.answer)
    practice.locator(".el-score", has_text="Score 1 of 1").wait_for()

    # 2. by keyboard only: Tab through the choices to the answer, Space, Tab to Check, Enter;
    #    then Tab to "Next question" and Enter: the focus goes to the new question's first choice
    page.locator("button", has_text="Next question").click()
    model.next()
    q = model.current.question
    quiz = practice.locator(".el-quiz")
    quiz.locator(".el-prompt", has_text=q.prompt[:30]).wait_for()
    page.wait_for_function(FOCUS_ON, arg=q.choices[0])  # Next question hands the focus to the first choice
    quiz.locator(".el-prompt").evaluate("e => { e.setAttribute('tabindex', '-1'); e.focus(); }")
    focused = "() => { const a = document.activeElement; return [a.classList.contains('el-choice') ? 'choice' : (a.type || a.tagName), a.innerText.trim(), getComputedStyle(a).outlineWidth]; }"
    page.keyboard.press("Tab")
    for _ in range(len(q.choices)):
        assert page.evaluate(focused)[0] == "choice", page.evaluate(focused)
        if page.evaluate(focused)[1] == q.answer:
            break
        page.keyboard.press("Tab")
    assert page.evaluate(focused) == ["choice", q.answer, "3px"], "Tab should reach every choice, with a focus ring"
    page.keyboard.press(" ")
    quiz.locator("button.el-chosen", has_text=f"● {q.answer}").wait_for()  # chosen: ●, not a verdict (issue 24)
    for _ in range(len(q.choices) + 1):
        page.keyboard.press("Tab")
        if page.evaluate(focused)[1] == "Check":
            break
    assert page.evaluate(focused) == ["submit", "Check", "3px"]
    bk.screenshot(page, "voila_practice_keyboard_focus", full_page=False)
    page.keyboard.press("Enter")
    qk.expect_feedback(quiz, q, q.answer)
    practice.locator(".el-score", has_text="Score 2 of 2").wait_for()
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate(focused)[1] == "Next question":
            break
    assert page.evaluate(focused)[1] == "Next question"
    page.keyboard.press("Enter")
    model.next()
    q = model.current.question
    practice.locator(".el-prompt", has_text=q.prompt[:30]).wait_for()
    page.wait_for_function(FOCUS_ON, arg=q.choices[0])  # ready for the next answer: no Tab back from Next
    bk.screenshot(page, "voila_practice_keyboard_answered", full_page=False)

    # the answers went to this server's own learner store (each user's home on a hub)
    assert widget_errors(page) == []
    from euchre_learn.learner.progress import Progress

    assert Progress(practice_server.env["EUCHRE_LEARN_PROGRESS"]).stats("who-leads").answered >= 1


def test_play_app_plays_a_hand_by_clicking(page: Any, play_server: bk.Server) -> None:
    page.goto(f"{play_server.url}/?seed=3&pace=instant", wait_until="domcontentloaded")
    page.get_by_role("heading", name="Play Euchre against the bots").wait_for(timeout=90_000)
    table = page.locator(".jupyter-widgets.widget-vbox").first
    page.locator("button.mod-primary, button.widget-button:not([disabled])").first.wait_for(timeout=90_000)
    assert_no_code(page)
    bk.screenshot(page, "voila_play_loaded")
    played = bk.play_hand(page, table, keyboard=1, shot="voila_play_last_trick")
    assert played.keys == 1 and played.pictures >= 1, played  # the card pictures are the controls
    assert played.saw_last_trick, "at instant pace a trick the bots finished never stayed on the felt"
    text = table.inner_text()
    assert "Hand over" in text or "Thrown in" in text
    assert bk.cut_text(table) == []
    assert "hand 1 over · dealer" in table.locator(".el-board-head").inner_text()  # the hand on the board
    bk.screenshot(page, "voila_play_hand_over")
    assert widget_errors(page) == []

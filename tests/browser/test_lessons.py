"""Every lesson, opened in JupyterLab in Chromium and run (Run > Run All Cells): no error output,
the widgets render, and two quizzes are answered by clicking, one right and one wrong, with the
feedback the engine gives. A lesson with a table gets one hand played by clicking.

The notebooks are copies, outputs cleared, served by the session's JupyterLab (conftest.py).
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from . import browserkit as bk
from . import quizkit as qk

NOTEBOOKS = bk.ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
PAGES = [*LESSONS, *([NOTEBOOKS / "index.ipynb"] if (NOTEBOOKS / "index.ipynb").exists() else [])]
EXERCISES = sorted((bk.ROOT / "exercises").glob("[0-9][0-9]_*.ipynb"))
_ANSWERED: list[str] = []  # lessons whose quizzes were answered in this run
_PRACTICE: list[str] = []  # topics answered in the lessons' practice widgets (counted in progress)


def _next_question(page: Any, qc: qk.QuizCell) -> None:
    cell = bk.cell_locator(page, qc.index)
    cell.locator("button", has_text="Next question").click()
    qc.widget.next()
    cell.locator(".el-prompt", has_text=qc.widget.current.question.prompt[:30]).wait_for()


TABLE_CALL = re.compile(r"^\s*(?:\w+\.)*(?:play|TableWidget)\(", re.MULTILINE)


def _answer(page: Any, qc: qk.QuizCell, right: bool) -> str:
    """Answer the quiz in cell ``qc`` (its current question, for a practice widget) by clicking."""
    q = qc.question
    cell = bk.cell_locator(page, qc.index)
    quiz = cell.locator(".el-quiz").first
    quiz.scroll_into_view_if_needed()
    shown = qk.squash(quiz.locator(".el-prompt").inner_text())
    assert shown == qk.squash(q.prompt), (
        f"cell {qc.index}: the browser shows a different question from the one the same code gives here:\n"
        f"  browser: {shown}\n  here:    {q.prompt}"
    )
    response = qk.right_response(q) if right else qk.wrong_response(q)
    qk.click_response(quiz, q, response)
    return qk.expect_feedback(quiz, q, response)


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_lesson_runs_clean_and_its_quizzes_answer(lab_tab: Any, lab: bk.Server, path: Path) -> None:
    page = lab_tab
    rel = f"notebooks/{path.name}"
    bk.open_notebook(page, lab, rel)
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / rel)
    cells = bk.read_cells(page)
    bk.screenshot_notebook(page, f"lesson_{path.stem}")
    found = bk.problems(facts, cells)
    assert not found, f"{rel} shows errors in the browser:\n" + "\n".join(found)

    quizzes, notes = qk.quiz_cells(lab.root / rel, lab.env)
    for qc in quizzes:
        assert cells[qc.index].widgets > 0, f"{rel} cell {qc.index}: the quiz did not render as widgets"
    if facts.has_widgets:
        assert sum(c.widgets for c in cells) > 0, f"{rel} uses widgets but none rendered"

    if path.name == "index.ipynb":
        return
    assert quizzes, f"{rel} has no quiz widget the test could rebuild (lessons end with live quizzes, STYLE.md)" + (
        "; " + "; ".join(notes) if notes else ""
    )
    plain = [qc for qc in quizzes if not qc.is_practice]
    practice = [qc for qc in quizzes if qc.is_practice]
    answered: list[str] = []
    first = plain[0] if plain else practice[0]
    answered.append(_answer(page, first, right=True))
    if len(plain) > 1:
        answered.append(_answer(page, plain[1], right=False))
    else:
        qc = practice[-1]
        if qc is first:  # one practice widget only: Next question, then the wrong answer
            _next_question(page, qc)
        answered.append(_answer(page, qc, right=False))
        _PRACTICE.append(qc.question.topic)
    assert answered[0].startswith("✓") and answered[1].startswith("✗")
    if practice and len(plain) > 1:
        # the lesson's practice widget too: one right answer, which the progress file counts
        qc = practice[-1]
        answered.append(_answer(page, qc, right=True))
        _PRACTICE.append(qc.question.topic)
        bk.cell_locator(page, qc.index).locator(".el-score", has_text="Score 1 of 1").wait_for()
    _ANSWERED.append(path.name)
    bk.screenshot(page, f"lesson_{path.stem}_quizzes", full_page=False)

    table_cells = [i for i in facts.code_cells if TABLE_CALL.search(_source(lab.root / rel, i))]
    if table_cells:
        table = bk.cell_locator(page, table_cells[0])
        table.scroll_into_view_if_needed()
        bk.play_hand(page, table)
        bk.screenshot(page, f"lesson_{path.stem}_table", full_page=False)
        assert bk.cut_text(table) == [], "text of the table is cut off"
    assert bk.new_console_errors(page) == [], "the browser console shows errors"


def _source(path: Path, index: int) -> str:
    import nbformat

    return str(nbformat.read(path, as_version=4).cells[index].source)


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_exercises_run_clean(lab_tab: Any, lab: bk.Server, path: Path) -> None:
    """The exercise notebooks as a learner first opens them: every cell runs without an error
    (the checks say "not answered yet"), and their widgets render."""
    page = lab_tab
    rel = f"exercises/{path.name}"
    bk.open_notebook(page, lab, rel)
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / rel)
    cells = bk.read_cells(page)
    bk.screenshot_notebook(page, f"exercise_{path.stem}")
    found = bk.problems(facts, cells)
    assert not found, f"{rel} shows errors in the browser:\n" + "\n".join(found)
    assert bk.new_console_errors(page) == [], "the browser console shows errors"


def test_practice_answers_went_to_the_private_progress_file(lab: bk.Server) -> None:
    """What the lessons' practice widgets counted is in the test server's own learner store
    (EUCHRE_LEARN_PROGRESS in its private home), never the user's."""
    if not _ANSWERED:
        pytest.skip("no lesson's quizzes were answered in this run")
    if not _PRACTICE:
        pytest.skip("no lesson's practice widget was answered in this run")
    from euchre_learn.learner.progress import Progress

    path = Path(lab.env["EUCHRE_LEARN_PROGRESS"])
    assert path.is_relative_to(Path(lab.env["HOME"])) and path.read_bytes().startswith(b"SQLite format 3")
    answered = {topic: stats.answered for topic, stats in Progress(path).topics.items()}
    for topic in set(_PRACTICE):
        assert answered.get(topic, 0) >= _PRACTICE.count(topic), (topic, answered)


def test_there_are_lessons_to_open() -> None:
    """The lessons are the point of the browser suite: an empty notebooks/ is a failure, not a pass."""
    assert LESSONS, "no notebooks/NN_*.ipynb found"

"""Issue 23, in a real browser: quizzes answered by clicking, called as the lessons call them
(``widgets.quiz(topic, seed=...)``, the learner's own store), land in the store, and Today's
practice on the same page hears them: the topics answered are no longer new, today's count
includes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat

from euchre_learn.learner.progress import Progress

from . import browserkit as bk
from . import quizkit as qk

NAME = "lesson_quizzes_today"

SETUP = """import os
from euchre_learn import widgets
from euchre_learn.teaching.today_widget import today

# the learner's own store, as the lessons use it, in a file of this test's own (the test clears it)
os.environ['EUCHRE_LEARN_PROGRESS'] = os.path.join(os.environ['EUCHRE_LEARN_HOME'], 'lesson-quizzes-fixture.sqlite3')"""

CELLS = [
    SETUP,
    "widgets.quiz('left-bower', seed=8)",
    "widgets.quiz('trick-winner', seed=2)",
    "today(['left-bower', 'trick-winner', 'scoring'], seed=4)",
]


def test_lesson_quizzes_answered_by_clicking_are_heard_by_todays_practice(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    path = lab.root / "fixtures" / f"{NAME}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    store = Path(lab.env["EUCHRE_LEARN_HOME"]) / "lesson-quizzes-fixture.sqlite3"
    for end in ("", "-wal", "-shm"):  # here, not in the notebook: quiz_cells runs its setup cell here too
        Path(f"{store}{end}").unlink(missing_ok=True)
    bk.open_notebook(page, lab, f"fixtures/{NAME}.ipynb")
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(path)
    assert bk.problems(facts, bk.read_cells(page)) == []
    found, notes = qk.quiz_cells(path, lab.env)
    assert notes == [] and [qc.index for qc in found] == [1, 2, 3]
    todays = bk.cell_locator(page, 3).locator(".el-today")
    todays.locator(".el-score", has_text="3 left today").wait_for()
    todays.locator(".el-score", has_text="today 0 of 0 right").wait_for()
    # the lessons' quizzes, one wrong and one right, by clicking
    for qc, right in ((found[0], False), (found[1], True)):
        q = qc.question
        quiz = bk.cell_locator(page, qc.index).locator(".el-quiz")
        assert qk.squash(quiz.locator(".el-prompt").inner_text()) == qk.squash(q.prompt), "not the same question"
        response = qk.right_response(q) if right else qk.wrong_response(q)
        quiz.scroll_into_view_if_needed()
        qk.click_response(quiz, q, response)
        qk.expect_feedback(quiz, q, response)
    answers = Progress(store).store.answers()
    assert answers == [("left-bower", False), ("trick-winner", True)]
    # Today's practice, on the same page, hears them at its next question
    todays.locator("button", has_text="Next question").click()
    todays.locator(".el-score", has_text="1 left today").wait_for()
    todays.locator(".el-score", has_text="today 1 of 2 right").wait_for()
    todays.locator(".el-topic", has_text="New topic: Scoring a hand").wait_for()  # not a topic answered above
    bk.screenshot(page, "lesson_quizzes_today")
    assert bk.new_console_errors(page) == []

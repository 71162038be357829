"""A real game in Euchre Game Notation in a real browser: the final shipped with the package opened
in the stepper (the commentator's words with the step, the buttons moving through the deal) and its
review, the commentator's words in the same row as the coach's grade and explanation."""

from __future__ import annotations

import re
from typing import Any

from . import browserkit as bk


def test_the_shipped_final_in_the_stepper_and_its_review(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    bk.open_notebook(page, lab, "fixtures/egn_real_game.ipynb")
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / "fixtures" / "egn_real_game.ipynb")
    assert bk.problems(facts, bk.read_cells(page)) == []

    stepper = bk.cell_locator(page, 2)
    stepper.locator(".el-stepper").wait_for()
    assert "VWEC Finals, deal 2 of 13" in stepper.inner_text()
    step = stepper.locator(".el-step")
    step.get_by_text(re.compile(r"The annotator: Pretty ambitious next call")).wait_for()
    assert "North calls ♣ clubs" in step.inner_text()
    stepper.locator("button:not([disabled])").nth(2).click()  # ▶: one step forward
    step.get_by_text(re.compile(r"^Step 6:")).wait_for()
    assert "The annotator" not in step.inner_text()
    stepper.scroll_into_view_if_needed()
    bk.screenshot(page, "egn_stepper")

    review = bk.cell_locator(page, 3)
    review.locator(".el-review table").wait_for()
    headers = review.locator(".el-review th").all_inner_texts()
    assert headers[-2:] == ["why", "the annotator"], headers
    row = review.locator("tr", has_text="Pretty ambitious next call")
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert cells[3] == "call ♣" and re.search(r"best|good|inaccuracy|mistake|blunder", cells[4]), cells
    assert cells[7].startswith(("To pass", "The ", "To call")), cells  # the coach's words, beside
    assert cells[8].startswith("Pretty ambitious next call"), cells  # the commentator's
    review.scroll_into_view_if_needed()
    bk.screenshot(page, "egn_review")
    assert bk.cut_text(review) == []
    assert bk.new_console_errors(page) == []

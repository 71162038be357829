"""The table's review panel in a real browser: a hand played by clicking in JupyterLab, then the
panel below the table grades South's decisions in the background and lists the flagged ones,
each with a "Try it again" that opens the position to try again."""

from __future__ import annotations

import re
from typing import Any

from . import browserkit as bk


def test_the_review_panel_lists_the_costly_decisions_after_a_hand(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    bk.open_notebook(page, lab, "fixtures/review_panel.ipynb")
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / "fixtures" / "review_panel.ipynb")
    assert bk.problems(facts, bk.read_cells(page)) == []
    table = bk.cell_locator(page, 2)
    panel = table.locator(".el-review-panel")
    assert not panel.is_visible()  # nothing to review before a hand ends
    clicks = bk.click_through_hand(page, table)
    assert clicks >= 1
    panel.wait_for(state="visible")
    panel.get_by_text(re.compile(r"Hand 1 reviewed: \d+ decisions graded")).wait_for(timeout=120_000)
    # the list is drawn after the line that says the review is in (its rows are new widgets, made
    # in the page one by one): wait for its first row, a flagged decision or the all-clear
    panel.locator(".el-review-item").or_(panel.get_by_text("Every decision was best or good")).first.wait_for()
    grades = panel.locator(".el-grade").all_inner_texts()
    assert grades, panel.inner_text()
    assert any("blunder" in g or "mistake" in g for g in grades), grades
    # worst first; a decision graded good or best is listed only for a rule of thumb it breaks
    order = ["blunder", "mistake", "inaccuracy", "good", "best"]
    ranks = [next(i for i, g in enumerate(order) if g in text) for text in grades]
    assert ranks == sorted(ranks), grades  # worst first
    panel.scroll_into_view_if_needed()
    bk.screenshot(page, "review_panel_after_hand")
    assert bk.cut_text(panel) == []

    # the worst decision, first in the list: what South chose and what was better, as the row says
    row = panel.locator(".el-review-item").first.inner_text()
    found = re.search(r"you chose (.+?); better: (.+?) \(", row)
    assert found, row
    chosen, better = found.group(1).strip(), found.group(2).strip()
    panel.locator("button", has_text="Try it again").first.click()
    panel.get_by_text("Find a better choice").wait_for()
    # the same choice again is a first miss
    same = panel.locator("button:not([disabled])", has_text=re.compile(rf"^\s*{re.escape(chosen)}\s*$"))
    assert same.count() == 1, (chosen, row)
    same.scroll_into_view_if_needed()
    same.click()
    panel.get_by_role("status").filter(has_text="Not yet").wait_for()
    bk.screenshot(page, "review_panel_retry")
    panel.locator("button:not([disabled])", has_text=re.compile(rf"^\s*{re.escape(better)}\s*$")).click()
    panel.get_by_role("status").filter(has_text="the best choice").wait_for()
    assert panel.locator("button[disabled]", has_text=re.compile(rf"^\s*{re.escape(better)}\s*$")).count() == 1
    assert bk.new_console_errors(page) == []

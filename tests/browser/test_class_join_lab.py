"""``el.table.join(code)`` in a real JupyterLab: a learner's seat at a class table, played by
clicking in Chromium against the table's bots, the view drawn by the kernel's event loop as the
server sends it, and the learner's own review after the hand."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from classroom.server.serverkit import quick_config, running

from . import browserkit as bk

WAIT = 240.0


def test_a_learner_joins_a_class_table_from_jupyterlab_and_plays_a_hand(
    lab_tab: Any, lab: bk.Server, tmp_path: Path
) -> None:
    page = lab_tab
    config = quick_config(review=True, review_worlds=4, bot_delay=0.05)
    with running(f"sqlite:///{tmp_path / 'class.sqlite3'}", config) as srv:
        code = srv.table(seed="lab-join", dealer="N", bot="standard")
        token = srv.student("Ann")
        (lab.root / "fixtures" / "class_join.json").write_text(
            json.dumps({"code": code, "server": srv.url, "token": token}), encoding="utf-8"
        )
        bk.open_notebook(page, lab, "fixtures/class_join.ipynb")
        bk.run_all_cells(page)
        facts = bk.NotebookFacts.read(lab.root / "fixtures" / "class_join.ipynb")
        assert bk.problems(facts, bk.read_cells(page)) == []
        table = bk.cell_locator(page, 2)
        table.get_by_text("Waiting for your teacher").wait_for()
        srv.start(code)  # the teacher starts the table: the widget redraws itself as the server sends
        table.locator(".el-felt .el-table").first.wait_for()
        clicks = 0
        deadline = time.monotonic() + WAIT
        while not re.search(r"Review of your decisions: hand \d", table.inner_text()):
            assert time.monotonic() < deadline, f"no review within {WAIT:g} s:\n{table.inner_text()[:2000]}"
            # only South's cards are ever face up on this learner's felt
            for other in "NEW":
                assert table.locator(f".el-seat-{other} .el-card[data-card]").count() == 0
            cards = table.locator(bk.FELT_CARDS)
            bids = table.locator(".widget-hbox button.mod-primary:not([disabled])")
            if cards.count():
                clicks += bk.try_click(cards.last)
            elif bids.count():
                clicks += bk.try_click(bids.first)
            else:
                page.wait_for_timeout(150)  # the bots move, or the server reviews the hand
                continue
            page.wait_for_timeout(100)
        assert clicks >= 5, clicks  # bids and at least the five cards of a hand
        assert table.locator(".el-review-panel").count() == 1
        assert re.search(r"North-South\s+\d+", table.locator(".el-board").inner_text())
        bk.screenshot(page, "class_join_review")
        assert bk.new_console_errors(page) == []
        log = srv.log(code)
        assert sum(1 for seat, _ in log if seat == "S") >= 5

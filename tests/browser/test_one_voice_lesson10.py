"""One decision, one voice (issue 33): lesson 10's own table, in training mode, opened in
JupyterLab in Chromium and played by clicking. At the learner's first decision the test clicks
**Hint** and waits for the settled numbers, then clicks a choice the coach calls costly: training
mode stops it and says what it gives up; the same choice again is played, and the table says
the coach's choice with its numbers; **Why?** gives the coach's word on it; the hand is played
out, and the review panel's row for that decision is read. Every number the page shows for the
decision (the chance to win the game of each choice, the cost, the grade, the deals) must be
the same in all of them, and the same as this process's own judgement of the position
(``el.review_decision``: the same position gives the same judgement in any process)."""

from __future__ import annotations

import re
from typing import Any

import nbformat

import euchre_learn as el
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.words import action_label

from . import browserkit as bk
from . import quizkit as qk

LESSON = "notebooks/10_play_against_bots.ipynb"
FLAGGED = ("inaccuracy", "mistake", "blunder")
HINT_ROW = re.compile(r"^(?P<label>.+?): (?P<win>\d+(?:\.\d)?)% to win the game")
COST = r"it gives up (?P<loss>\d+\.\d)% of the chance to win the game"
AGAINST = re.compile(r"\((?P<best>\d+(?:\.\d)?)% to win the game against (?P<chosen>\d+(?:\.\d)?)%")
DEALS = re.compile(r"over (\d+) deals")


def _table_cell() -> tuple[int, str]:
    """The lesson's own table in training mode: its cell index (all cells) and source."""
    nb = nbformat.read(bk.ROOT / LESSON, as_version=4)
    found = [
        (i, c.source)
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and "table.play(" in c.source and "training=True" in c.source
    ]
    assert len(found) == 1, f"{LESSON} should have one table.play(..., training=True) cell, found {len(found)}"
    return found[0]


def _table_args(source: str) -> dict[str, Any]:
    """The seed, dealer and humans of the lesson's call, read from its source."""
    seed = re.search(r"seed=(\d+)", source)
    dealer = re.search(r"dealer='([NESW])'", source)
    humans = re.search(r"humans='([NESW]+)'", source)
    assert seed and dealer and humans, f"{LESSON}: cannot read the table's seed, dealer and humans from {source!r}"
    return {"seed": int(seed.group(1)), "dealer": dealer.group(1), "humans": humans.group(1)}


def _button(table: Any, label: str) -> Any:
    return table.locator("button.widget-button:not([disabled])", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def _match(pattern: str | re.Pattern[str], text: str, voice: str) -> re.Match[str]:
    found = re.search(pattern, text)
    assert found, (
        f"{voice} does not say what the test reads ({pattern if isinstance(pattern, str) else pattern.pattern}):\n{text}"
    )
    return found


def test_hint_why_training_and_review_show_one_decision_with_the_same_numbers(lab_tab: Any, lab: bk.Server) -> None:
    page = lab_tab
    index, source = _table_cell()
    args = _table_args(source)
    with qk.environment(lab.env):  # the kernel's house rules: the same position, here
        rules = el.house_rules()
        here = Table(rules, humans=args["humans"], seed=args["seed"], dealer=args["dealer"])
        here.run_bots()
    position = here.hand
    assert here.is_human_turn, "the lesson's table no longer starts at the learner's decision"
    score = (0, 0)  # the first hand of the game
    coach = el.hint(position, score=score)
    costly = [o.action for o in coach.judgement.options if coach.judgement.grade_of(o.action) in FLAGGED]
    assert costly, f"the first decision of {LESSON}'s table has no costly choice any more: choose another decision"
    chosen = costly[0]  # the least costly of the costly choices
    expected = el.review_decision(position, chosen, score=score)
    assert expected.sure, "a costly grade is said only when it is sure (issue 33)"
    best_label, chosen_label = action_label(position, coach.action), action_label(position, chosen)
    deals = expected.worlds

    bk.open_notebook(page, lab, LESSON)
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / LESSON)
    assert bk.problems(facts, bk.read_cells(page)) == []
    table = bk.cell_locator(page, index).locator(".el-tableview")
    table.scroll_into_view_if_needed()
    _button(table, chosen_label).wait_for(timeout=60_000)

    # 1. the Hint: a first answer at once, then the settled judgement's numbers
    _button(table, "Hint").click()
    hint = table.locator(".el-hint")
    try:
        hint.filter(has_text=f"Played out in {deals} deals").wait_for(timeout=120_000)
    except Exception as err:
        raise AssertionError(
            f"the Hint never showed the settled judgement's {deals} deals:\n{hint.inner_text()}"
        ) from err
    hint_text = hint.inner_text()
    rows = {}
    for li in hint.locator(".el-hint-numbers li").all_inner_texts():
        row = _match(HINT_ROW, li, "a row of the Hint's numbers")
        rows[row["label"]] = float(row["win"])
    assert f"Suggestion: {best_label}." in hint_text, hint_text
    assert {best_label, chosen_label} <= rows.keys(), rows
    hint_gap = rows[best_label] - rows[chosen_label]
    hint.locator(".el-hint-numbers").scroll_into_view_if_needed()
    bk.screenshot(page, "one_voice_hint", full_page=False)

    # 2. training mode: the costly choice is stopped, with its grade and cost
    _button(table, chosen_label).click()
    stop = table.locator(".el-training-stop")
    stop.wait_for(timeout=120_000)
    stop_text = stop.inner_text()
    stop.scroll_into_view_if_needed()
    bk.screenshot(page, "one_voice_training_stop", full_page=False)
    said = _match(rf"is an? (?P<grade>\w+) here \({COST}\)", stop_text, "training mode's stop")
    # the same choice again is played; the table says the coach's choice and its numbers
    _button(table, chosen_label).click()
    note = table.locator(".el-training-note")
    note.wait_for(timeout=120_000)
    note_text = note.inner_text()
    assert f"Still costly ({said['grade']})" in note_text, note_text

    # 3. Why?: the coach's word on the decision just played
    _button(table, "Why?").click()
    why = table.locator(".el-why")
    why.filter(has_text=f"Your {chosen_label[0].lower()}{chosen_label[1:]}:").wait_for(timeout=120_000)
    why_text = why.inner_text()
    why.scroll_into_view_if_needed()
    bk.screenshot(page, "one_voice_why", full_page=False)
    word = _match(rf"Your .+?: (?P<grade>\w+) \({COST}\)\. The coach's choice: (?P<best>[^.]+)\.", why_text, "Why?")

    # 4. the review panel, once the hand is played out
    bk.click_through_hand(page, table)
    panel = table.locator(".el-review-panel")
    panel.get_by_text(re.compile(r"Hand 1 reviewed: \d+ decisions? graded")).wait_for(timeout=240_000)
    row = panel.locator(".el-review-item").filter(has_text=f"you chose {chosen_label};")
    row.first.wait_for()  # the list's rows are new widgets, drawn after the line that says the review is in
    assert row.count() == 1, panel.inner_text()
    row.scroll_into_view_if_needed()
    bk.screenshot(page, "one_voice_review", full_page=False)
    row_text = row.inner_text()
    listed = _match(
        rf"(?P<grade>\w+) South, .*?you chose {re.escape(chosen_label)}; better: (?P<best>.+?) \(−(?P<loss>\d+\.\d)% to win\)",
        row_text,
        "the review panel's row",
    )

    # one grade, one cost, one best choice, in every voice and in this process
    voices = {"training mode": said, "Why?": word, "the review": listed}
    grades = {name: m["grade"] for name, m in voices.items()}
    losses = {name: m["loss"] for name, m in voices.items()}
    assert set(grades.values()) == {expected.grade}, (grades, expected.grade)
    assert set(losses.values()) == {f"{expected.win_loss:.1%}"[:-1]}, (losses, expected.win_loss)
    assert word["best"] == listed["best"] == best_label == action_label(position, expected.best)
    # the Hint's whole percents differ by the same cost, within their rounding
    assert abs(hint_gap - 100 * expected.win_loss) <= 1.0, (rows, expected.win_loss)
    # one set of deals, and the same two chances, in the Hint, training mode's note and the review
    for name, text in (("the Hint", hint_text), ("training mode's note", note_text), ("the review", row_text)):
        assert [int(n) for n in DEALS.findall(text)] == [deals], f"{name} is not on {deals} deals:\n{text}"
    for name, text in (("training mode's note", note_text), ("the review", row_text)):
        pair = _match(AGAINST, text, name)
        assert (float(pair["best"]), float(pair["chosen"])) == (rows[best_label], rows[chosen_label]), (
            name,
            text,
            rows,
        )
    assert bk.new_console_errors(page) == []

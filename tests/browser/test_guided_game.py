"""The guided first game in a real browser (issue 34, item 7): lesson 00 opened in JupyterLab and
run; its table's first notes (the deal, the first bid) appear under the felt with their rule and
lesson links; the learner bids and plays a card by clicking its picture, and the notes that
rule brought (trump, the lead or following suit) replace them while the first ones fold away.
Then the game is walked to its end by clicking, as a newcomer would (the first action offered,
the first playable card), a screenshot at each new note; what the walk took is written to
``test-artifacts/browser/guided_game_walk.json`` (hands, clicks, notes and their words, seconds)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import nbformat
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from . import browserkit as bk

LESSON = "notebooks/00_how_to_use.ipynb"


def test_the_guided_game_starts_from_lesson_00_and_its_notes_come_as_the_rules_matter(
    lab_tab: Any, lab: bk.Server
) -> None:
    page = lab_tab
    bk.open_notebook(page, lab, LESSON)
    bk.run_all_cells(page)
    facts = bk.NotebookFacts.read(lab.root / LESSON)
    cells = bk.read_cells(page)
    assert bk.problems(facts, cells) == []
    nb = nbformat.read(lab.root / LESSON, as_version=4)
    index = next(i for i, c in enumerate(nb.cells) if "table.play(guided=True" in c.source)
    table = bk.cell_locator(page, index)
    table.scroll_into_view_if_needed()

    now = table.locator(".el-guide-now")
    now.wait_for(timeout=60_000)
    said = now.inner_text()
    assert "The deal." in said and "the upcard" in said and "Your first bid." in said, said
    assert "Why it matters:" in said
    rule = now.locator("a.el-link", has_text="R3.1")
    assert rule.get_attribute("href") == "../docs/rules.md#R3.1"
    lesson = now.locator("a.el-link", has_text="03 Bidding, round 1")
    assert lesson.get_attribute("href") == "03_bidding_round_1.ipynb"
    bk.screenshot(page, "guided_game_first_notes", full_page=False)

    # bid (pass, as a careful newcomer might) until South has a card to play, then play it
    actions = table.locator(".widget-hbox button.mod-primary:not([disabled])")
    cards = table.locator(bk.FELT_CARDS)
    clicks = 0
    for _ in range(40):
        if cards.count():
            break
        if actions.count():
            actions.first.click()
            clicks += 1
        page.wait_for_timeout(300)
    else:
        raise AssertionError(f"South never had a card to play:\n{table.inner_text()[:2000]}")
    # the bots move at the lesson's pace: trump is made, then South leads or follows
    table.locator(".el-guide-now", has_text=re.compile(r"Leading a trick\.|Following suit\.")).wait_for(timeout=30_000)
    said = table.locator(".el-guide-now").inner_text()
    assert "Trump and the bowers." in said, said
    assert "The deal." not in said, "the first notes stay up after the learner acted"
    assert "Rules met so far" in table.locator(".el-guide").inner_text()
    bk.screenshot(page, "guided_game_trump_note", full_page=False)

    played = cards.first.get_attribute("aria-label") or ""
    assert played.startswith("Play the "), played
    cards.first.click()
    clicks += 1
    table.locator("li", has_text=re.compile(r"^South (leads|plays) ")).first.wait_for(timeout=30_000)
    bk.screenshot(page, "guided_game_card_played", full_page=False)
    assert bk.new_console_errors(page) == []

    # the walk: on to the end of the game, at the bots' instant pace, a screenshot at each new rule
    t0 = time.monotonic()
    table.locator("select").filter(has_text="instant").select_option(label="instant")
    titles = [t.rstrip(".") for t in table.locator(".el-guide-note > b").all_text_contents()]
    nxt = table.locator("button:visible", has_text=re.compile(r"^\s*Next hand\s*$"))
    for _ in range(3000):
        for title in table.locator(".el-guide-now .el-guide-note > b").all_inner_texts():
            if title.rstrip(".") not in titles:
                titles.append(title.rstrip("."))
                bk.screenshot(page, f"guided_game_note_{len(titles):02d}", full_page=False)
        if table.locator(".el-status").inner_text().startswith("Game over"):
            break
        # the table redraws as it goes: a control found a moment ago may be gone; look again then
        try:
            if nxt.count():
                nxt.first.click(timeout=2_000)
            elif cards.count():
                cards.first.click(timeout=2_000)
                clicks += 1
            elif actions.count():
                actions.first.click(timeout=2_000)
                clicks += 1
        except PlaywrightTimeout:
            pass
        page.wait_for_timeout(150)
    else:
        raise AssertionError(f"the guided game did not end:\n{table.inner_text()[:2000]}")
    table.locator(".el-guide-now", has_text="The end of the game.").wait_for(timeout=30_000)
    bk.screenshot(page, "guided_game_over", full_page=False)
    titles = [  # in the order they came: the earlier notes (folded away), then the last ones
        t.rstrip(".")
        for where in (".el-guide-earlier", ".el-guide-now")
        for t in table.locator(f"{where} .el-guide-note > b").all_text_contents()
    ]
    needed = ["The deal", "Your first bid", "Trump and the bowers", "Following suit", "Who wins a trick"]
    needed += ["Going alone", "Scoring a hand", "The end of the game"]
    assert not set(needed) - set(titles), f"never introduced: {set(needed) - set(titles)} (saw {titles})"
    assert len(titles) == len(set(titles)), f"a rule introduced twice: {titles}"
    notes = table.locator(".el-guide-note").all_text_contents()  # the earlier ones are folded away
    played = re.search(r"Hands played \((\d+)\)", table.inner_text())
    assert played is not None, "the scoreboard lists the hands played"
    walk = {
        "hands": int(played.group(1)),
        "clicks": clicks,
        "notes": len(notes),
        "note_words": sum(len(re.findall(r"[\w'’♣♦♥♠-]+", n)) for n in notes),
        "seconds_at_instant_pace": round(time.monotonic() - t0, 1),
        "titles": titles,
    }
    (bk.ARTIFACTS / "guided_game_walk.json").write_text(json.dumps(walk, indent=1), encoding="utf-8")
    assert bk.new_console_errors(page) == []

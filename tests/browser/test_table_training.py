"""Training mode in a real browser (issue 23): the play app served by Voilà with ``?training=1``; a
costly bid clicked is not played, the table says why and asks again; the second choice is played.
The miss lands in the learner's store under the position's situation, and Today's practice (on
that store, once the situation is due) brings it back as another deal of the same situation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.analysis.situation import situation
from euchre_learn.classroom import apps
from euchre_learn.engine.actions import Action
from euchre_learn.interactive.table.training import flagged
from euchre_learn.interactive.table.words import action_label
from euchre_learn.learner.situation_schedule import SituationSchedule
from euchre_learn.learner.store import Store
from euchre_learn.teaching.today import TodaysPractice

from . import browserkit as bk
from . import quizkit as qk

QUERY = "seed=1&pace=instant&training=1"
"""Seed 1: North deals, East passes, and South (you) should assist: passing is flagged."""


@pytest.fixture(scope="module")
def play_server(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[bk.Server]:
    server = bk.start_voila(bk.ROOT / "apps" / "play.ipynb", tmp_path_factory.mktemp("training-home"))
    yield server
    bk.stop(server.proc)


def button(table: Any, label: str) -> Any:
    return table.locator(".widget-hbox button.mod-primary:not([disabled])", has_text=re.compile(f"^{label}$"))


def test_training_mode_stops_a_costly_bid_and_the_situation_comes_back(page: Any, play_server: bk.Server) -> None:
    with qk.environment(play_server.env):  # the same table, built here, to know the position
        model: Any = apps.play_app(QUERY)
    position = model.table.hand
    assert model.table.training and model.table.to_act is not None and model.table.is_human_turn
    key = situation(position).key
    judged = model.table.trainer.judge(model.table, Action.parse("pass"))
    assert judged is not None and flagged(judged), "seed 1 no longer has a costly pass: choose another seed"
    best = action_label(position, judged.best)

    page.goto(f"{play_server.url}/?{QUERY}", wait_until="domcontentloaded")
    page.get_by_role("heading", name="Play Euchre against the bots").wait_for(timeout=90_000)
    table = page.locator(".jupyter-widgets.widget-vbox").first
    button(table, "Pass").wait_for(timeout=90_000)
    log_before = table.inner_text().count("passes")

    button(table, "Pass").click()  # a blunder here: the table stops and asks again
    stop = table.locator(".el-training-stop")
    stop.wait_for(timeout=60_000)
    said = stop.inner_text()
    assert f"is a {judged.grade} here" in said and "Try again" in said and best not in said, said
    # the status is a widget of its own, drawn by a later message than the stop: wait for it
    table.locator(".el-status", has_text="Choose again, South").wait_for(timeout=30_000)
    assert table.inner_text().count("passes") == log_before  # the pass was not played
    bk.screenshot(page, "voila_training_stop")

    button(table, best).click()  # the coach's choice, as the retry: played, and the coach says why
    table.locator(".el-training-note", has_text="Right").wait_for(timeout=60_000)
    table.locator(".el-status", has_text=re.compile("turn|Hand over|Thrown in")).wait_for(timeout=60_000)
    bk.screenshot(page, "voila_training_retry")

    # the learner's store (this server's home): the miss under the situation, then the retry
    path = Path(play_server.env["EUCHRE_LEARN_PROGRESS"])
    store = Store(path)
    misses = [a for a in store.situation_answers() if a.source.startswith("training:")]
    assert [(a.situation, a.correct) for a in misses] == [(key, False)]
    assert any(d.situation == key and d.action == str(judged.best) and not d.flagged for d in store.decisions())

    # Today's practice, once the situation is due, asks it again as another deal
    card = SituationSchedule(store).card(key)
    assert card is not None
    when = datetime.fromtimestamp(card.due.timestamp(), tz=timezone.utc) + timedelta(minutes=1)
    practice = TodaysPractice(progress=path, seed=2, clock=lambda: when)
    assert practice.item == ("situation", key)
    board = practice.board
    assert board is not None and situation(board).key == key
    assert board.to_record()["hands"] != position.to_record()["hands"]

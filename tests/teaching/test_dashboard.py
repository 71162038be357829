"""The learner's dashboard (euchre_learn.teaching.dashboard and its widget): counted from the store,
the same after a restart, a damaged store named and set aside."""

from __future__ import annotations

import html
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from euchre_learn.analysis.situation import FAMILIES, name_of
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.situation_schedule import SituationSchedule
from euchre_learn.learner.store import AddDecision, Store, StoreWarning
from euchre_learn.teaching.dashboard import LESSONS, dashboard, lesson_for, situation_name
from euchre_learn.teaching.dashboard_widget import dashboard_widget

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 11, 28, 10, 0, tzinfo=timezone.utc)
NOW = T0 + timedelta(days=3, hours=2)  # 1 December, 12:00


def _decision(
    n: int, key: str, family: str, grade: str, loss: float, at: datetime, convention: str = ""
) -> AddDecision:
    return AddDecision(
        "g", 0, n, "S", key, family, "pass", "order up", grade, loss, at=at.timestamp(), convention=convention
    )


def _fill(path: Path) -> Progress:
    """Three days of practice: 28 and 29 November, then 1 December (a gap on the 30th)."""
    p = Progress(path)
    day1, day2, day4 = T0, T0 + timedelta(days=1), T0 + timedelta(days=3)
    p.record("left-bower", True, at=day1.timestamp())
    p.record("left-bower", False, at=day1.timestamp() + 60)
    p.store.write(
        _decision(1, "bid1.eldest", "bid1", "mistake", 0.8, day1 + timedelta(minutes=5)),
        _decision(
            2,
            "play.maker.lead1",
            "lead-makers",
            "best",
            0.0,
            day1 + timedelta(minutes=6),
            convention="Lead trump when your side made it.",
        ),
        _decision(3, "bid1.eldest", "bid1", "blunder", 1.5, day2),
        _decision(4, "play.defender.2nd.side.opp.follow.win", "follow-defenders", "inaccuracy", 0.2, day2),
    )
    s = SituationSchedule(p)
    for minutes in (10, 20, 30):  # bid1.eldest mastered on the 1st
        s.record("bid1.eldest", "bid1", True, at=day4 + timedelta(minutes=minutes))
        p.record("situation", True, at=(day4 + timedelta(minutes=minutes)).timestamp())
    return p


def test_the_dashboard_counts_every_answer_and_decision_from_the_store(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    d = dashboard(_fill(path), now=NOW)
    by_day = {day.day.isoformat(): (day.right, day.answered) for day in d.days}
    # day 1: two quiz answers (one right), two decisions (one mistake, one breaking a convention: flagged)
    assert by_day == {"2026-11-28": (1, 4), "2026-11-29": (0, 2), "2026-12-01": (3, 3)}
    assert (d.right, d.answered) == (4, 9)
    assert (d.streak, d.best_streak) == (1, 2)  # the 30th was missed
    assert (d.right_in_a_row, d.best_right_in_a_row) == (3, 3)
    fams = {f.family: f for f in d.families}
    assert (fams["bid1"].answered, fams["bid1"].right, fams["bid1"].mastered, fams["bid1"].situations) == (5, 3, 1, 1)
    assert fams["bid1"].loss == pytest.approx(2.3) and fams["bid1"].name == FAMILIES["bid1"]
    assert (fams["lead-makers"].answered, fams["lead-makers"].right) == (1, 0)
    assert d.families[0].family == "bid1"  # most answered first
    assert [(c.key, round(c.loss, 2)) for c in d.costliest] == [
        ("bid1.eldest", 2.3),
        ("play.defender.2nd.side.opp.follow.win", 0.2),
    ]
    assert d.costliest[0].lesson.notebook == "03_bidding_round_1.ipynb"
    assert d.costliest[1].lesson.notebook == "05_following_suit.ipynb"
    assert [c.key for c in d.mastered] == ["bid1.eldest"]
    text = str(d)
    assert "4 of 9 right" in text and "1 day in a row (best 2)" in text and "read again: 03 Bidding, round 1" in text
    assert d.puzzles is None and "Puzzle rating" not in text  # no puzzle answered yet
    page = d.to_html()
    assert "<a href='03_bidding_round_1.ipynb'>" in page and "2026-11-29" in page


def test_the_dashboard_names_situations_in_a_players_words_not_keys(tmp_path: Path) -> None:
    """The costliest and the mastered situations, and every family row, show the classifier's
    names (as el.situation names a position), never the internal keys."""
    d = dashboard(_fill(tmp_path / "learner.sqlite3"), now=NOW)
    eldest = "Bidding round 1 · first to speak (left of the dealer)"
    second = (
        "Following · a defender · second to play · a side suit led · an opponent winning · following suit · can win"
    )
    assert [c.name for c in d.costliest] == [eldest, second]
    assert name_of("bid1.eldest") == eldest and name_of("play.defender.2nd.side.opp.follow.win") == second
    text, page = str(d), d.to_html()
    assert f"2.30  {eldest} · 3 of 5 right" in text and f"0.20  {second} · 0 of 1 right" in text
    assert f"Mastered (three right in a row):\n  {eldest}" in text
    assert html.escape(eldest) in page and html.escape(second) in page
    for shown in (text, page):
        for key in ("bid1.eldest", "play.defender.2nd", "lead-makers", "follow-defenders"):
            assert key not in shown, key
    for f in d.families:
        assert f.name == FAMILIES[f.family] and f.name in text and html.escape(f.name) in page
    w = dashboard_widget(_fill(tmp_path / "again.sqlite3"), clock=lambda: NOW)
    assert html.escape(eldest) in w.view.value and "bid1.eldest" not in w.view.value


def test_a_key_the_classifier_no_longer_knows_is_shown_as_it_is(tmp_path: Path) -> None:
    p = Progress(tmp_path / "learner.sqlite3")
    p.store.write(_decision(1, "bid9.someone", "old-family", "blunder", 1.0, NOW - timedelta(hours=1)))
    d = dashboard(p, now=NOW)
    assert situation_name("bid9.someone") == "bid9.someone" and d.costliest[0].name == "bid9.someone"
    assert d.families[0].name == "Other situations"


def test_a_restart_shows_the_same_dashboard(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    p = _fill(path)
    for n, ok in enumerate((True, True, False)):
        p.record("puzzle", ok, item=("puzzle", f"p{n}"), at=NOW.timestamp() - 100 + n)
    before = dashboard(p, now=NOW)
    assert before.puzzles is not None and before.puzzles.answers == 3
    assert "Puzzle rating: " in str(before) and "from 3 puzzle answers" in before.to_html()
    assert dashboard(Progress(store=Store(path)), now=NOW) == before
    assert dashboard(path, now=NOW) == before


def test_a_damaged_store_is_named_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    path.write_bytes(b"\x00garbage" * 100)
    with pytest.warns(StoreWarning):
        d = dashboard(path, now=NOW)
    assert d.warnings and "could not be used" in d.warnings[0] and "Warning:" in str(d)
    aside = list(tmp_path.glob("learner.sqlite3.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"\x00garbage" * 100  # kept as it was
    assert "Nothing answered yet" in str(d)


def test_every_family_points_to_a_lesson_that_exists() -> None:
    assert set(LESSONS) == set(FAMILIES)
    for fam in FAMILIES:
        assert (ROOT / "notebooks" / LESSONS[fam].notebook).is_file()
    for key in ("bid2.dealer.stuck", "benny", "railroad.give", "play.loner.lead1", "unknown.key"):
        assert (ROOT / "notebooks" / lesson_for(key).notebook).is_file()


def test_bad_input_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="top"):
        dashboard(tmp_path / "l.sqlite3", top=-1)
    with pytest.raises(ValueError, match=r"\.html"):
        dashboard(tmp_path / "l.sqlite3").save(tmp_path / "page.txt")


def test_the_page_of_its_own_holds_the_dashboard(tmp_path: Path) -> None:
    d = dashboard(_fill(tmp_path / "learner.sqlite3"), now=NOW)
    page = d.save(tmp_path / "progress.html").read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and d.to_html() in page and "Euchre practice on 2026-12-01" in page


def test_the_widget_shows_the_model_and_refreshes(tmp_path: Path) -> None:
    p = _fill(tmp_path / "learner.sqlite3")
    w = dashboard_widget(p, clock=lambda: NOW, top=1)
    assert len(w.model.costliest) == 1 and "4 of 9 right" in w.view.value
    assert "03 Bidding, round 1" in w.view.value and w.text == str(w.model)
    p.record("scoring", True, at=NOW.timestamp())
    w.refresh_button.click()
    assert "5 of 10 right" in w.view.value

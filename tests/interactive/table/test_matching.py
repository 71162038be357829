"""Opponents at your level (issue 26): ``opponents='match'`` at the table, in el.table.play and in the
play app, read from the learner's store (euchre_learn.interactive.table.matching)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn import Seat
from euchre_learn.analysis.review import accuracy_score
from euchre_learn.classroom import apps
from euchre_learn.interactive.table import matching
from euchre_learn.interactive.table.model import Table
from euchre_learn.learner.store import AddDecision, Store, StoreWarning

LEVEL_NAMES = [name for name, _ in el.bots.levels()]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """A fresh learner's store, the one the table reads (Store.shared() of $EUCHRE_LEARN_PROGRESS)."""
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "learner.sqlite3"))
    monkeypatch.delenv("EUCHRE_LEARN_RULES", raising=False)
    return Store.shared()


def loss_for(accuracy: float) -> float:
    """The points lost that the review's accuracy formula scores ``accuracy`` (by bisection on it)."""
    low, high = 0.0, 10.0
    for _ in range(80):
        mid = (low + high) / 2
        low, high = (mid, high) if accuracy_score(mid) > accuracy else (low, mid)
    return (low + high) / 2


def play_hands(store: Store, hands: int, per_hand: int, loss: float, game: str = "g") -> None:
    """``hands`` reviewed hands of ``per_hand`` decisions each, every one losing ``loss`` points."""
    grade = "best" if loss < 0.05 else "mistake"
    store.write(
        *(
            AddDecision(game, h, i, "S", f"sit{i}", "fam", f"play {i}", "play 0", grade, loss)
            for h in range(hands)
            for i in range(per_hand)
        )
    )


def opponents_of(t: Table) -> tuple[str, str]:
    return t.bots[Seat.E].name, t.bots[Seat.W].name


# ---- no history, history in each band --------------------------------------------------------


def test_a_learner_with_no_history_plays_casual_and_is_told_why(store: Store) -> None:
    t = Table(humans="S", opponents="match", seed=1)
    assert opponents_of(t) == (matching.FIRST_LEVEL, matching.FIRST_LEVEL) == ("casual", "casual")
    assert t.bots[Seat.N].name == "standard"  # the partner is not matched unless asked
    assert t.level_match is not None and t.level_match.accuracy is None
    assert t.seating_note == "Opponents: casual (no hand of yours has been reviewed yet, so the table starts at casual)"
    assert t.players_text().endswith(". " + t.seating_note + ".")


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_history_in_each_band_picks_that_level(store: Store, level: str) -> None:
    measured = dict(el.bots.levels())[level]
    assert measured is not None
    play_hands(store, hands=8, per_hand=5, loss=loss_for(measured))
    t = Table(humans="S", opponents="match", seed=2)
    assert opponents_of(t) == (level, level)
    m = t.level_match
    assert m is not None and m.decisions == 40 and m.hands == 8
    assert m.accuracy == pytest.approx(measured, abs=0.01)
    assert t.seating_note == f"Opponents: {level} (your recent accuracy {measured:.0f} on 40 decisions)"


def test_only_the_recent_hands_count_and_a_blunder_weighs(store: Store) -> None:
    play_hands(store, hands=30, per_hand=5, loss=2.0, game="old")  # long ago: blunders
    play_hands(store, hands=matching.RECENT_HANDS, per_hand=5, loss=0.0, game="new")
    accuracy, decisions, hands = matching.recent_accuracy(store)
    assert (accuracy, decisions, hands) == (100.0, 5 * matching.RECENT_HANDS, matching.RECENT_HANDS)
    assert matching.match_level(store).level == "expert"
    # one blunder among five decisions pulls that hand down as the review's harmonic mean does
    fresh = Store(store.path.with_name("other.sqlite3"))
    fresh.write(*(AddDecision("g", 0, i, "S", "s", "f", f"a{i}", "b", "best", 0.0) for i in range(4)))
    fresh.write(AddDecision("g", 0, 4, "S", "s", "f", "a4", "b", "blunder", 2.0))
    acc, _, _ = matching.recent_accuracy(fresh)
    assert acc is not None and acc < 100 - (100 - accuracy_score(2.0)) / 5


def test_too_few_decisions_start_at_casual(store: Store) -> None:
    play_hands(store, hands=1, per_hand=3, loss=0.0)
    m = matching.match_level()
    assert m.level == "casual" and m.decisions == 3
    assert m.reason == "only 3 of your decisions reviewed so far, too few to judge by, so the table starts at casual"


def test_partner_and_opponents_can_both_match_or_be_set_apart(store: Store) -> None:
    play_hands(store, hands=4, per_hand=5, loss=0.0)
    t = Table(humans="S", partner="match", opponents="match", seed=3)
    assert {b.name for b in t.bots.values()} == {"expert"}
    assert t.seating_note.startswith("Partner and opponents: expert (your recent accuracy 100 on 20 decisions)")
    t = Table(humans="S", partner="expert", opponents="match", seed=3)
    assert t.seating_note.startswith("Opponents: expert") and t.bots[Seat.N].name == "expert"
    t = Table(humans="S", opponents="club", seed=3)
    assert t.level_match is None and t.seating_note == "" and opponents_of(t) == ("club", "club")


def test_el_table_play_matches_too(store: Store) -> None:
    w = el.table.play(humans="S", opponents="match", seed=4, delay=0, review=False)
    assert opponents_of(w.table) == ("casual", "casual")
    assert "Opponents: casual" in w.scoreboard.value  # said above the table


# ---- a damaged store: a warning, and the table still starts ------------------------------------


def test_a_damaged_store_falls_back_with_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "learner.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(path))
    with pytest.warns(StoreWarning):
        t = Table(humans="S", opponents="match", seed=5)
    assert opponents_of(t) == ("casual", "casual")


def test_a_store_that_fails_to_read_falls_back_with_a_warning(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(Store, "decisions", broken)
    with pytest.warns(StoreWarning, match="could not be read"):
        t = Table(humans="S", opponents="match", seed=5)
    assert opponents_of(t) == ("casual", "casual")
    assert t.seating_note == "Opponents: casual (your reviewed hands could not be read, so the table starts at casual)"


def test_rows_with_an_impossible_loss_are_left_out(store: Store) -> None:
    play_hands(store, hands=3, per_hand=5, loss=0.0)
    store.write(AddDecision("bad", 0, 0, "S", "s", "f", "a", "b", "best", -3.0))
    assert matching.recent_accuracy(store) == (100.0, 15, 3)


# ---- bad values -------------------------------------------------------------------------------


def test_a_bad_value_names_it_and_lists_the_choices() -> None:
    with pytest.raises(ValueError) as err:
        Table(humans="S", opponents="grandmaster")
    text = str(err.value)
    assert text.startswith("opponents='grandmaster' is not a bot or a level")
    for name in [*LEVEL_NAMES, "random", "beginner", "'match'"]:
        assert name in text
    with pytest.raises(ValueError, match=r"partner=42 should be a bot's name: choose a level \(novice"):
        Table(humans="S", partner=42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="opponents='Match'"):
        el.table.play(opponents="Match", delay=0)


# ---- the play app: ?opponents=... ----------------------------------------------------------------


def test_the_play_app_reads_opponents_from_the_address(store: Store) -> None:
    play_hands(store, hands=6, per_hand=5, loss=loss_for(dict(el.bots.levels())["club"] or 0.0))
    w: Any = apps.play_app("opponents=match&seed=3&pace=instant")
    assert opponents_of(w.table) == ("club", "club") and w.table.bots[Seat.N].name == "standard"
    assert "Opponents: club (your recent accuracy" in w.table.players_text()
    w = apps.play_app("opponents=novice&bots=random&pace=instant")
    assert opponents_of(w.table) == ("novice", "novice") and w.table.bots[Seat.N].name == "random"
    bad: Any = apps.play_app("opponents=grandmaster&pace=instant")
    alert = bad.children[0].value
    assert 'role="alert"' in alert and "grandmaster" in alert and "match" in alert and "novice" in alert
    assert opponents_of(bad.children[1].table) == ("standard", "standard")  # the default instead

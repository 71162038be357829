"""Saved games to and from EGN: import all or nothing, export back to the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.learner.saved_egn import export_egn, import_egn
from euchre_learn.learner.saved_games import SavedGameError, load_game, saved_games
from euchre_learn.learner.store import Store

CORPUS = Path(__file__).parents[1] / "engine" / "egn" / "data"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "learner.sqlite3")


def test_import_then_export_gives_the_same_game(store: Store) -> None:
    original = el.egn.read(el.egn.example())
    game_id = import_egn(el.egn.example(), store=store, at=0.0)
    (listed,) = saved_games(store)
    assert listed.id == game_id and listed.source == "egn" and listed.hands_played == 13
    assert listed.result == "East-West won 10 to 8"
    again = el.egn.read(export_egn(game_id, store))
    assert [d.hand for d in again.deals] == [d.hand for d in original.deals]
    assert [d.points for d in again.deals] == [d.points for d in original.deals]
    assert [d.score_before for d in again.deals] == [d.score_before for d in original.deals]
    assert [d.annotations for d in again.deals] == [d.annotations for d in original.deals]
    assert [d.inferred for d in again.deals] == [d.inferred for d in original.deals]


def test_a_bad_file_imports_nothing(store: Store, tmp_path: Path) -> None:
    data = json.loads(Path(el.egn.example()).read_text(encoding="utf-8"))
    data["deals"][9]["phases"][1]["tricks"][2][0] = "Qz"  # deal 10 is malformed: deals 1-9 are fine
    bad = tmp_path / "bad.egn"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(el.egn.EgnError, match=r"deal 10 \(deals\[9\]\.phases\[1\]\.tricks\[2\]\[0\]\)"):
        import_egn(bad, store=store)
    assert store.hand_rows() == [] and saved_games(store) == []


def test_an_unfinished_deal_imports_nothing(store: Store) -> None:
    with pytest.raises(el.egn.EgnError, match="stops before its end"):
        import_egn(CORPUS / "validation examples" / "egn_m_20260529_01.egn", store=store)
    assert store.hand_rows() == []


def test_an_id_is_never_overwritten(store: Store) -> None:
    game_id = import_egn(el.egn.example(), store=store)
    with pytest.raises(SavedGameError, match="already called"):
        import_egn(el.egn.example(), store=store)
    assert import_egn(el.egn.example(), store=store, game_id="again") == "again"
    assert load_game(game_id, store).records == load_game("again", store).records

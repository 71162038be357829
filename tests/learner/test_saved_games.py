"""Nothing is lost: every hand played at the table is in the learner's store as soon as it ends;
saved games list and load for review, and a damaged one says why while the others still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.saver import GameSaver
from euchre_learn.learner.saved_games import SavedGameError, load_game, saved_games
from euchre_learn.learner.store import SaveHand, Store


def _table(store: Store, seed: int = 3) -> tuple[Table, GameSaver]:
    t = Table(humans="S", seed=seed, dealer="N")
    saver = GameSaver(store)
    t.on_hand_end[:] = [saver]
    return t, saver


def _finish_hand(t: Table) -> None:
    while not t.hand_over:
        t.run_bots()
        if t.is_human_turn:
            t.act(t.legal_actions()[0])


def test_each_hand_is_saved_as_it_ends_with_the_score_before_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    t, saver = _table(store)
    _finish_hand(t)
    assert [n for _g, n, _r in store.hands()] == [0]  # saved at once, before the next hand is dealt
    first = t.hand
    t.next_hand()
    _finish_hand(t)
    rows = store.hands(saver.last_id)
    assert [n for _g, n, _r in rows] == [0, 1]
    assert rows[0][2]["score"] == {"NS": 0, "EW": 0}
    pts = first.points
    assert rows[1][2]["score"] == {"NS": pts[el.Team.NS], "EW": pts[el.Team.EW]}
    assert rows[1][2]["game"]["humans"] == ["S"] and rows[1][2]["game"]["bots"]["N"] == "standard"
    # a fresh process (a new Store on the file) finds them: a closed tab loses nothing finished
    again = Store(tmp_path / "l.sqlite3")
    game = load_game(saver.last_id, again)
    assert game.hands == (first, t.hand) and game.learner == el.Seat.S and game.hands_played == 2


def test_a_hand_played_again_after_undo_replaces_the_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    t, saver = _table(store, seed=9)
    _finish_hand(t)
    t.undo()
    _finish_hand(t)
    assert len(store.hands(saver.last_id)) == 1
    assert load_game(saver.last_id, store).hands[0] == t.hand


def test_a_new_game_at_the_table_is_a_new_saved_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    t, saver = _table(store)
    _finish_hand(t)
    t.new_game()
    _finish_hand(t)
    assert len(saver.ids) == 2 and len(saved_games(store)) == 2


def test_the_list_says_the_date_and_result_newest_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    game = el.Game(seed=1, dealer="N")
    rec = game
    while not rec.is_over:
        rec = rec.apply(rec.legal_actions()[-1])  # loners and last cards: a short game
    from euchre_learn.learner.saved_games import hand_record

    for n in range(len(rec.hands)):
        store.write(SaveHand("old", n, hand_record(rec, n, humans="S"), at=1000.0 + n))
    store.write(SaveHand("new", 0, hand_record(rec, 0, humans="S"), at=5000.0))
    games = saved_games(store)
    assert [g.id for g in games] == ["new", "old"]
    winner = rec.winner
    assert winner is not None
    assert games[1].result == f"{winner.word} won {rec.score[winner]} to {rec.score[winner.other]}"
    assert games[0].result.endswith("after 1 hand (unfinished)")
    assert str(games[1]).startswith(games[1].started.strftime("%Y-%m-%d"))


def test_a_damaged_game_gives_a_clear_error_and_the_others_still_load(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    t, saver = _table(store)
    _finish_hand(t)
    good = saver.last_id
    assert good is not None
    rec = load_game(good, store).records[0]
    broken = json.loads(json.dumps(rec))
    broken["actions"] = [*broken["actions"][:3], "S play A♣", *broken["actions"][4:]]  # not this seat's turn
    store.write(SaveHand("illegal", 0, broken, at=1.0))
    short = dict(rec, actions=rec["actions"][:4])
    store.write(SaveHand("cut-short", 0, short, at=2.0))
    store.write(SaveHand("gap", 0, rec, at=3.0), SaveHand("gap", 2, rec, at=3.0))
    db = store._connection()
    db.execute("INSERT INTO hands VALUES ('not-json', 0, '{\"dealer\": ', 4.0)")

    listed = {g.id: g for g in saved_games(store)}
    assert set(listed) == {good, "illegal", "cut-short", "gap", "not-json"}
    assert listed[good].problem is None
    expected = {
        "illegal": "saved game 'illegal', hand 0: ",
        "cut-short": "hand 0: the hand stops before its end",
        "gap": "saved game 'gap': hand 1 is missing",
        "not-json": "saved game 'not-json', hand 0: unreadable JSON",
    }
    for game_id, words in expected.items():
        assert words in (listed[game_id].problem or ""), (game_id, listed[game_id].problem)
        assert listed[game_id].result.startswith("damaged: ")
        with pytest.raises(SavedGameError, match=game_id):
            load_game(game_id, store)
    assert load_game(good, store).hands[0] == t.hand  # the others still load
    with pytest.raises(SavedGameError, match="no saved game 'nope'"):
        load_game("nope", store)


def test_a_saved_game_is_reviewed_by_the_chance_to_win(tmp_path: Path) -> None:
    store = Store(tmp_path / "l.sqlite3")
    t, saver = _table(store, seed=4)
    _finish_hand(t)
    t.next_hand()
    _finish_hand(t)
    game = load_game(saver.last_id or "", store)
    rev = el.review(game.records, seat=game.learner, worlds=2, seed=1)
    assert rev.is_game and len(rev.hands) == 2
    assert {d.hand_number for d in rev.decisions} == {0, 1}
    assert all(d.seat == el.Seat.S and d.win_loss is not None for d in rev.decisions)
    with pytest.raises(ValueError, match="empty list"):
        el.review([])


def test_the_table_saves_to_the_learners_store_by_default() -> None:
    t = Table(humans="S", seed=12, dealer="E")
    saver = t.on_hand_end[0]
    assert isinstance(saver, GameSaver)
    _finish_hand(t)
    assert saver.last_id is not None
    assert el.table.load_game(saver.last_id).hands == (t.hand,)
    assert any(g.id == saver.last_id for g in el.table.saved_games())


def test_a_game_of_bots_only_is_a_demonstration_not_one_of_your_games(tmp_path: Path) -> None:
    """Lesson 10's demo and lesson 15's beginner-bot game (``humans=()``) are not saved: "your
    games" are the games with a human seat (issue 23)."""
    store = Store(tmp_path / "l.sqlite3")
    demo = Table(humans=[], seed=2, dealer="S")
    saver = GameSaver(store)
    demo.on_hand_end[:] = [saver]
    demo.run_bots()
    assert demo.hand_over and store.hands() == [] and saved_games(store) == []
    assert saver.last_id is None
    mine, _ = _table(store)
    _finish_hand(mine)
    assert [g.learner for g in saved_games(store)] == [el.Seat.S]


def test_bot_only_games_kept_from_before_are_listed_apart_and_still_load(tmp_path: Path) -> None:
    from euchre_learn.learner.saved_games import hand_record

    store = Store(tmp_path / "l.sqlite3")
    game = el.Game(seed=4, dealer="N")
    while not game.hands:
        game = game.apply(game.legal_actions()[0])
    store.write(SaveHand("old-demo", 0, hand_record(game, humans=()), at=1.0))
    store.write(SaveHand("mine", 0, hand_record(game, humans="S"), at=2.0))
    assert [g.id for g in saved_games(store)] == ["mine"]  # your games
    assert [g.id for g in saved_games(store, demos=True)] == ["mine", "old-demo"]  # nothing is lost
    assert load_game("old-demo", store).hands == (game.hands[0],)

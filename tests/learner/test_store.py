"""The learner's store (euchre_learn.learner.store): SQLite in WAL mode, one transaction per change,
schema migrations, and every kind of trouble (a damaged file, a lock held for long, a full
disk, a read-only folder, a newer schema, no sqlite3 at all) met with one warning while
practice goes on and nothing else is lost. The concurrency test runs several processes
recording at once, with resets, and counts every answer afterwards."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from euchre_learn.learner import store as store_module
from euchre_learn.learner.progress import Progress, TopicStats, stats_of
from euchre_learn.learner.schedule import Schedule
from euchre_learn.learner.store import (
    AddAnswer,
    AddDecision,
    DropRetry,
    PutRetry,
    SaveHand,
    SetSetting,
    Store,
    StoreWarning,
)
from euchre_learn.learner.store_tables import MIGRATIONS, SCHEMA_VERSION


def asides(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.glob(path.name + ".corrupt-*") if not p.name.endswith(("-wal", "-shm")))


def test_a_new_store_is_wal_at_the_current_schema(tmp_path: Path) -> None:
    s = Store(tmp_path / "learner.sqlite3")
    db = s._connection()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATIONS)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {
        "answers",
        "class_sent",
        "carried",
        "settings",
        "meta",
        "hands",
        "retries",
        "cards",
        "reviews",
        "decisions",
        "situation_answers",
    }
    assert s.saving and s.warnings == []


def test_games_retries_and_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    s = Store(path)
    record = {"dealer": "N", "actions": ["pass"]}
    question = {"type": "number", "prompt": "Points for a march?", "answer": 2, "explanation": "R7.1"}
    assert s.write(SaveHand("g1", 1, record), SaveHand("g1", 2, record), SaveHand("g2", 1, {"dealer": "E"}))
    assert s.write(PutRetry("g1/2/7", question, note="led the wrong card"), SetSetting("theme", {"dark": True}))
    again = Store(path)
    assert [(g, n) for g, n, _ in again.hands()] == [("g1", 1), ("g1", 2), ("g2", 1)]
    assert again.hands("g2") == [("g2", 1, {"dealer": "E"})]
    assert again.retries() == {"g1/2/7": question}
    assert again.setting("theme") == {"dark": True} and again.setting("missing", 3) == 3
    again.write(DropRetry("g1/2/7"), SetSetting("theme", None))
    assert Store(path).retries() == {} and Store(path).settings() == {}


def test_a_failing_change_leaves_nothing_half_done(tmp_path: Path) -> None:
    s = Store(tmp_path / "learner.sqlite3")

    class Boom:
        def sql(self, db: object) -> None:
            raise RuntimeError("boom")

        def memory(self, m: object) -> None:
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        s.write(AddAnswer("scoring", True), Boom())  # type: ignore[arg-type]
    assert s.answers() == [] and s.saving


def test_an_older_schema_is_migrated_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    db = sqlite3.connect(path)
    for sql in MIGRATIONS[0]:
        db.execute(sql)
    db.execute("INSERT INTO answers (topic, correct, at) VALUES ('benny', 1, 0)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    p = Progress(path)
    assert p.stats("benny") == TopicStats(1, 1, 1, 1)
    assert p.store._connection().execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    p.record("benny", False)  # the schedule's tables (version 2) are there
    assert [r.key for r in p.store.cards("quiz")] == ["benny"]


def _decision(index: int = 3, action: str = "play 9♣", grade: str = "mistake") -> AddDecision:
    return AddDecision(
        "g1", 0, index, "S", "play/last/partner-winning/void", "following", action, "play 10♣", grade, 0.4, at=5.0
    )


def test_decisions_at_the_table_are_kept_once_with_their_situation(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    s = Store(path)
    assert s.write(_decision(), _decision(index=5, action="play A♠", grade="best"))
    s.write(_decision())  # the same decision again (a review run twice) is kept once
    rows = Store(path).decisions()
    assert [(r.index, r.grade, r.situation, r.family) for r in rows] == [
        (3, "mistake", "play/last/partner-winning/void", "following"),
        (5, "best", "play/last/partner-winning/void", "following"),
    ]
    assert rows[0].loss == 0.4 and rows[0].best == "play 10♣" and rows[0].game == "g1" and rows[0].seat == "S"
    assert [r.index for r in s.decisions(situation="play/last/partner-winning/void", grade="mistake")] == [3]
    Progress(path).reset()  # forgetting the quiz answers keeps what was played at the table
    assert len(Store(path).decisions()) == 2


def test_a_version_2_store_gains_the_decisions_table_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    db = sqlite3.connect(path)
    for statements in MIGRATIONS[:2]:
        for sql in statements:
            db.execute(sql)
    db.execute("INSERT INTO answers (topic, correct, at) VALUES ('benny', 1, 0)")
    db.execute("INSERT INTO hands VALUES ('g0', 0, '{\"dealer\": \"N\"}', 1.0)")
    db.execute("INSERT INTO retries VALUES ('g0/0/4', '{}', 'a note', 1.0)")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    s = Store(path)
    assert s._connection().execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    assert s.answers() == [("benny", True)] and s.hands() == [("g0", 0, {"dealer": "N"})]
    assert s.retries() == {"g0/0/4": {}} and s.decisions() == [] and s.warnings == []
    assert s.situation_answers() == []  # and migration 4 (answers filed by situation) on top
    s.write(_decision())
    assert len(Store(path).decisions()) == 1


def test_without_sqlite3_decisions_are_kept_for_the_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "sqlite3", None)
    with pytest.warns(StoreWarning):
        s = Store(tmp_path / "learner.sqlite3")
    s.write(_decision(), _decision())
    assert [r.index for r in s.decisions()] == [3]


def test_a_store_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    first = Progress(path)
    first.record("scoring", True)
    # closed now, not whenever the collector gets to it: its connection's close would move the
    # write-ahead log into the file after `before` is read (a two-worker run caught that)
    first.store.close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.warns(StoreWarning, match="newer euchre_learn"):
        p = Progress(path)
    p.record("scoring", True)
    assert p.stats("scoring").answered == 1 and not p.store.saving
    assert path.read_bytes() == before and asides(path) == []


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.commit()
    db.close()
    with pytest.warns(StoreWarning, match="not a euchre_learn one"):
        s = Store(path)
    [aside] = asides(path)
    assert sqlite3.connect(aside).execute("SELECT count(*) FROM photos").fetchone() == (0,)
    assert s.write(AddAnswer("scoring", True)) and s.saving


def test_a_store_damaged_inside_is_set_aside_with_its_wal(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    p = Progress(path)
    for i in range(300):
        p.record(f"topic-{i % 7}", i % 2 == 0)
    p.store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[page : 3 * page] = b"\x5a" * (2 * page)  # the tables' pages, not the header
    path.write_bytes(bytes(data))
    with pytest.warns(StoreWarning, match="moved aside") as caught:
        again = Progress(path)
    assert len(caught) == 1 and len(again.warnings) == 1
    [aside] = asides(path)
    assert aside.read_bytes() == bytes(data)
    again.record("scoring", True)
    assert Progress(path).topics == {"scoring": TopicStats(1, 1, 1, 1)}


def test_a_lock_held_for_long_keeps_answers_in_memory_until_it_is_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "learner.sqlite3"
    Progress(path).record("scoring", True)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    p = Progress(store=Store(path, timeout=0.1))
    with pytest.warns(StoreWarning, match="locked for over 0.1 seconds"):
        p.record("scoring", False)
    waits: list[float] = []  # every later try of the file, by how long it may wait for the lock
    opened = p.store._open_file

    def spy(timeout: float) -> object:
        waits.append(timeout)
        return opened(timeout)

    monkeypatch.setattr(p.store, "_open_file", spy)
    p.record("scoring", True)  # no second warning, and no second wait for the lock
    assert all(w <= 0.05 for w in waits), waits  # at most a quick look, never the full timeout again
    assert p.stats("scoring") == TopicStats(3, 2, 1, 1)  # what was in the file, and this session's
    assert len(p.warnings) == 1 and "Practice goes on" in p.warnings[0]
    assert not p.save()  # still locked
    other.execute("ROLLBACK")
    assert p.save()
    assert Progress(path).stats("scoring") == TopicStats(3, 2, 1, 1)
    p.record("legal-plays", True)  # and from now on straight to the file
    assert p.store.saving and Progress(path).stats("legal-plays").answered == 1


def test_a_full_disk_keeps_answers_in_memory_with_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    p = Progress(path)
    p.record("scoring", True)
    db = p.store._connection()
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # this connection sees a full disk
    with pytest.warns(StoreWarning, match="disk is full"):
        for _ in range(400):
            p.record("scoring", True)
    assert not p.store.saving and len(p.warnings) == 1
    assert p.stats("scoring").answered == 401
    assert p.save()  # a new connection has room again
    assert Progress(path).stats("scoring") == TopicStats(401, 401, 401, 401)


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """No new files in ``folder``: its permissions, or for root (whom they do not bind) the
    immutable attribute; skip where neither binds."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        undo = ["chmod", "755", str(folder)]
    elif shutil.which("chattr") and subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0:
        undo = ["chattr", "-i", str(folder)]
    else:
        pytest.skip("cannot make a folder read-only here")
    try:
        yield
    finally:
        subprocess.run(undo, check=True)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_is_read_and_answers_are_kept_in_memory(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    first = Progress(folder / "learner.sqlite3")
    first.record("scoring", True)
    first.store.close()  # closed cleanly: no -wal or -shm file left beside it
    with read_only(folder):
        with pytest.warns(StoreWarning, match="kept in memory"):
            p = Progress(folder / "learner.sqlite3")
        p.record("scoring", False)
        assert p.stats("scoring") == TopicStats(2, 1, 0, 1)  # what the file held, and this session's
        assert len(p.warnings) == 1 and not p.save()
        assert sorted(f.name for f in folder.iterdir()) == ["learner.sqlite3"]
    assert p.save()  # writable again: saved
    assert Progress(folder / "learner.sqlite3").stats("scoring") == TopicStats(2, 1, 0, 1)


def test_without_sqlite3_the_same_api_keeps_data_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "progress.json").write_text('{"topics": {"benny": {"answered": 2, "correct": 2, "streak": 2}}}')
    monkeypatch.setattr(store_module, "sqlite3", None)
    with pytest.warns(StoreWarning, match="no SQLite") as caught:
        p = Progress(tmp_path / "learner.sqlite3")
        for ok in (True, False, True):
            p.record("benny", ok)
        p.reset("scoring")
        s = Schedule(p, clock=lambda: datetime(2025, 3, 1, tzinfo=timezone.utc))
        assert [i.key for i in s.items()] == ["benny"]
    assert len(caught) == 1 and len(p.warnings) == 1
    assert p.stats("benny") == TopicStats(5, 4, 1, 3)
    assert not (tmp_path / "learner.sqlite3").exists()  # no second file format: nothing written


# --- many processes at once ---------------------------------------------------------------------

WORKERS = 4
ANSWERS = 300


def _worker(path: str, me: int, start: object) -> None:
    start.wait()  # type: ignore[attr-defined]
    p = Progress(path)
    for k in range(ANSWERS):
        topic = "shared" if k % 2 == 0 else f"own-{me}"
        p.record(topic, k % 3 != 0, seconds=float(k % 40))
        if k in (99, 199):
            p.reset(f"own-{me}")  # a reset between answers: only this process's own topic
    if p.warnings:
        raise SystemExit(f"worker {me}: {p.warnings}")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_processes_recording_at_once_lose_no_answer(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    Store(path).close()
    ctx = multiprocessing.get_context("fork")
    start = ctx.Event()
    procs = [ctx.Process(target=_worker, args=(str(path), me, start)) for me in range(WORKERS)]
    for proc in procs:
        proc.start()
    start.set()
    for proc in procs:
        proc.join(60)
    # each worker exits 0 only when its store never had to keep an answer in memory (no warning):
    # no process ever waited out another's lock, however slow the machine
    assert [proc.exitcode for proc in procs] == [0] * WORKERS
    p = Progress(path)
    shared_ks = [k for k in range(ANSWERS) if k % 2 == 0]
    assert p.stats("shared").answered == WORKERS * len(shared_ks) == 600
    assert p.stats("shared").correct == WORKERS * sum(k % 3 != 0 for k in shared_ks)
    own_after = [k for k in range(200, ANSWERS) if k % 2 == 1]  # after the last reset
    for me in range(WORKERS):
        assert p.stats(f"own-{me}") == stats_of(k % 3 != 0 for k in own_after)
    # every answer was also a review, read and written in one transaction: none lost there either
    reviews = {c.key: c.reviews for c in p.store.cards("quiz")}
    assert reviews == {"shared": 600, **{f"own-{me}": len(own_after) for me in range(WORKERS)}}
    assert len(p.store.review_times()) == 600 + WORKERS * len(own_after)


def test_without_sqlite3_house_rules_last_the_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import euchre_learn as el

    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.delenv("EUCHRE_LEARN_RULES", raising=False)
    monkeypatch.setattr(store_module, "sqlite3", None)
    with pytest.warns(StoreWarning, match="no SQLite") as caught:
        el.set_house_rules("uk")
        assert el.house_rules() == el.Rules.preset("uk")
        Progress().record("scoring", True)
        assert Progress().stats("scoring").answered == 1  # the lessons in this kernel share it
    assert len(caught) == 1 and list(tmp_path.iterdir()) == []


def test_the_shared_store_follows_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.delenv("EUCHRE_LEARN_PROGRESS", raising=False)
    first = Store.shared()
    assert Store.shared() is first and Progress().store is first
    assert Store(tmp_path / "learner.sqlite3") is not first  # a path given: a store of its own
    first.write(AddAnswer("scoring", True))
    first.close()
    for name in ("learner.sqlite3", "learner.sqlite3-wal", "learner.sqlite3-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    again = Store.shared()  # the file was deleted: a new store, on a new file
    assert again is not first and again.answers() == [] and again.write(AddAnswer("benny", True))
    assert Store(tmp_path / "learner.sqlite3").answers() == [("benny", True)]

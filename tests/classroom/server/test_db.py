"""The class server's database: migrations, WAL, tokens kept as hashes, an action log that
refuses a number twice, answers once per key."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from euchre_learn.classroom.server.db import MIGRATIONS, Database, database_url, migrations_table


def test_migrations_run_once_and_a_newer_schema_is_refused(db_url: str) -> None:
    url = db_url
    db = Database(url)
    assert db.version == len(MIGRATIONS)
    cid = db.create_class("Room 5", "t0k3n")
    db.close()
    db = Database(url)  # opened again: nothing re-run, nothing lost
    assert db.version == len(MIGRATIONS) and db.first_class() == cid
    if url.startswith("sqlite"):
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    else:
        assert db.engine.dialect.name == "postgresql" and db.engine.dialect.driver == "psycopg"
    with db.engine.begin() as conn:
        conn.execute(migrations_table.insert().values(version=len(MIGRATIONS) + 1, applied_at=0.0))
    db.close()
    with pytest.raises(RuntimeError, match="newer"):
        Database(url)


def test_tokens_are_stored_as_hashes(db_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    db = Database(db_url)
    cid = db.create_class("Room 5", "teacher-secret-token")
    db.add_student(cid, "Ann", "ann-secret-token")
    assert db.class_by_teacher_token("teacher-secret-token")["id"] == cid  # type: ignore[index]
    assert db.student_by_token("ann-secret-token")["name"] == "Ann"  # type: ignore[index]
    if db_url.startswith("sqlite"):
        db.close()
        files = [p for p in tmp_path.iterdir() if p.is_file()]
    else:  # every byte the cluster wrote, after a checkpoint: tables, indexes and the WAL
        with db.engine.connect() as conn:
            conn.exec_driver_sql("CHECKPOINT")
        db.close()
        files = [p for p in request.getfixturevalue("postgres").data.rglob("*") if p.is_file()]
    assert files
    raw = b"".join(p.read_bytes() for p in files)
    assert b"secret-token" not in raw


def test_an_action_number_is_taken_once(db_url: str) -> None:
    db = Database(db_url)
    cid = db.create_class("c", "t")
    tid = db.create_table(
        cid, "ABCDE", preset="standard", rules={}, points_to_win=10, bot="standard", seed="s", dealer="N"
    )
    db.append_action(tid, 0, "E", "pass", by_bot=False, student_id=None)
    with pytest.raises(sa.exc.IntegrityError):
        db.append_action(tid, 0, "E", "order up", by_bot=True, student_id=None)
    assert [(a["n"], a["action"]) for a in db.actions(tid)] == [(0, "pass")]


def test_answers_once_per_student_and_key(db_url: str) -> None:
    db = Database(db_url)
    cid = db.create_class("c", "t")
    ann, bob = db.add_student(cid, "Ann", "a"), db.add_student(cid, "Bob", "b")
    e = {"key": "k1", "topic": "bowers", "correct": True, "at": 5.0}
    assert db.add_answers(ann, [e, e]) == (1, 1)
    assert db.add_answers(bob, [e]) == (1, 0)  # the same key from another learner is theirs
    assert [(r["student"], r["answered"]) for r in db.progress(cid)] == [("Ann", 1), ("Bob", 1)]
    assert db.progress(cid, start=6.0) == []


def test_database_urls() -> None:
    assert database_url("postgresql://teacher@school/euchre") == "postgresql+psycopg://teacher@school/euchre"
    assert database_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url(None, Path("/srv")) == "sqlite:////srv/class.sqlite3"


def test_flagged_decisions_for_the_teacher(db_url: str) -> None:
    import json

    db = Database(db_url)
    cid = db.create_class("c", "t")
    ann = db.add_student(cid, "Ann", "a")
    tid = db.create_table(
        cid, "ABCDE", preset="standard", rules={}, points_to_win=10, bot="standard", seed="s", dealer="N"
    )
    body = {
        "decisions": [
            {"index": 0, "action": "pass", "best": "pass", "grade": "best", "explanation": "ok", "flagged": False},
            {
                "index": 4,
                "action": "play 9♠",
                "best": "play A♠",
                "grade": "mistake",
                "explanation": "why",
                "flagged": True,
            },
        ]
    }
    db.save_review(tid, 1, "S", ann, 80.0, 1, json.dumps(body))
    db.save_review(tid, 1, "S", ann, 80.0, 1, json.dumps(body))  # sent twice: kept once
    got = db.flagged_decisions(cid)
    assert [(d["student"], d["table"], d["hand"], d["action"], d["best"]) for d in got] == [
        ("Ann", "ABCDE", 1, "play 9♠", "play A♠")
    ]
    assert db.review_summary(cid) == [{"student": "Ann", "hands": 1, "accuracy": 80.0, "flagged": 1}]

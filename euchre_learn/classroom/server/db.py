"""The class server's data layer: one database, SQLite by default, PostgreSQL by URL.

Everything the server knows lives here (the tables are in :mod:`.schema`; the reviews, owed
and sent, in :mod:`.db_reviews`): the
classes, the students (a name and the hash of their token), the tables (code, rules, seed,
first dealer, the bot for empty seats), the seats, the **actions** (an append-only log:
a table's game is the replay of its actions, so a restarted server resumes every table) and
the **answers** (progress events, unique per student and idempotency key, so an event queued
offline and sent twice is counted once).

Written with SQLAlchemy Core (no ORM: the rows are few and plain), because the one library
speaks both SQLite and PostgreSQL with the same statements, pools connections for the
server's threads, and is among the best kept in Python. Migrations are a numbered list of
steps and a ``schema_migrations`` table that records which have run (Alembic would be a
second tool and a folder of scripts for what is, so far, one step).

SQLite runs in WAL mode (readers never wait for the writer), with foreign keys on and a busy
timeout, in one file.

>>> db = Database('sqlite://')                       # in memory, for the example
>>> cls = db.create_class('Room 12', 'teacher-token')
>>> sid = db.add_student(cls, 'Ann', 'ann-token')
>>> db.student_by_token('ann-token')['name'], db.student_by_token('forged') is None
('Ann', True)
>>> db.add_answers(sid, [{'key': 'a1', 'topic': 'bowers', 'correct': True, 'at': 1.0}] * 2)
(1, 1)
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from euchre_learn.classroom.server.db_reviews import SELF_REPORTED, ReviewRecords, queue_reviews
from euchre_learn.classroom.server.schema import (
    MIGRATIONS,
    actions,
    answers,
    classes,
    migrations_table,
    review_jobs,
    reviews,
    seats,
    students,
    tables,
)

__all__ = ["MIGRATIONS", "Database", "answers", "database_url", "hash_token", "new_token"]

_INSERT_ACTION = actions.insert()


def new_token() -> str:
    """A fresh secret token: 32 random bytes, URL-safe, never beginning with ``-``.

    A token is given on command lines (``euchre-learn progress join-class --token T``), where
    one beginning with ``-`` is taken for an option; ``secrets.token_urlsafe`` starts one in 64
    that way, so those are drawn again (each of the others stays equally likely).

    >>> tokens = [new_token() for _ in range(200)]
    >>> any(t.startswith('-') for t in tokens), len(set(tokens)), min(map(len, tokens))
    (False, 200, 43)
    """
    token = secrets.token_urlsafe(32)
    while token.startswith("-"):
        token = secrets.token_urlsafe(32)
    return token


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256 (a token is 32 random bytes, so no salt is
    needed; a copy of the database gives nobody a working token).

    >>> len(hash_token('abc'))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def database_url(value: str | None, default_folder: Path | None = None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given (``postgresql://`` is read with
    psycopg 3), a plain path as a SQLite file, nothing as ``class.sqlite3`` in ``default_folder``.

    >>> database_url('postgresql://u@host/db')
    'postgresql+psycopg://u@host/db'
    >>> database_url('/tmp/x.sqlite3')
    'sqlite:////tmp/x.sqlite3'
    """
    if not value:
        folder = default_folder if default_folder is not None else Path.cwd()
        return f"sqlite:///{(folder / 'class.sqlite3').resolve()}"
    if value.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + value.split("://", 1)[1]
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _now() -> float:
    return time.time()


class Database(ReviewRecords):
    """The server's database at ``url`` (a SQLAlchemy URL; see :func:`database_url`),
    migrated to the newest schema on opening."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            if url != "sqlite://" and not url.startswith("sqlite:///:memory:"):
                path = url.split("sqlite:///", 1)[-1]
                if path:
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                self.engine: Engine = sa.create_engine(url, connect_args={"check_same_thread": False})
            else:  # one shared in-memory database (tests, examples)
                self.engine = sa.create_engine(
                    url, connect_args={"check_same_thread": False}, poolclass=sa.pool.StaticPool
                )
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        self.migrate()

    # --- schema ------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The schema version the database is at (0 before the first migration)."""
        with self.engine.connect() as conn:
            if not sa.inspect(conn).has_table("schema_migrations"):
                return 0
            return int(conn.execute(sa.select(sa.func.max(migrations_table.c.version))).scalar() or 0)

    def migrate(self) -> int:
        """Run the migrations not yet run, each in its own transaction; returns the version.
        A database newer than this code is refused (it would be read wrongly)."""
        with self.engine.begin() as conn:
            migrations_table.create(conn, checkfirst=True)
        while True:
            with self.engine.begin() as conn:
                have = int(conn.execute(sa.select(sa.func.max(migrations_table.c.version))).scalar() or 0)
                if have > len(MIGRATIONS):
                    raise RuntimeError(
                        f"the class database {self.url} has schema version {have}, newer than this "
                        f"euchre_learn knows ({len(MIGRATIONS)}): upgrade euchre_learn"
                    )
                if have == len(MIGRATIONS):
                    return have
                MIGRATIONS[have](conn)
                conn.execute(migrations_table.insert().values(version=have + 1, applied_at=_now()))

    def close(self) -> None:
        """Close every pooled connection (the database itself stays)."""
        self.engine.dispose()

    # --- classes and students -------------------------------------------------------------
    def create_class(self, name: str, teacher_token: str) -> int:
        """A new class named ``name`` whose teacher signs in with ``teacher_token`` (kept as a hash); returns its id."""
        with self.engine.begin() as conn:
            res = conn.execute(
                classes.insert().values(name=name, teacher_token_hash=hash_token(teacher_token), created_at=_now())
            )
            return int(res.inserted_primary_key[0])  # type: ignore[index]

    def first_class(self) -> int | None:
        """The id of the oldest class, or ``None`` while there is none."""
        with self.engine.connect() as conn:
            value = conn.execute(sa.select(sa.func.min(classes.c.id))).scalar()
            return None if value is None else int(value)

    def set_teacher_token(self, class_id: int, teacher_token: str) -> None:
        """A new teacher token for the class (the old one stops working)."""
        with self.engine.begin() as conn:
            conn.execute(
                classes.update().where(classes.c.id == class_id).values(teacher_token_hash=hash_token(teacher_token))
            )

    def class_by_teacher_token(self, token: str) -> dict[str, Any] | None:
        """The class whose teacher token is ``token`` (a row as a dict), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.teacher_token_hash == hash_token(token))).first()
            return None if row is None else dict(row._mapping)

    def class_by_id(self, class_id: int) -> dict[str, Any] | None:
        """The class with id ``class_id`` (a row as a dict), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.id == class_id)).first()
            return None if row is None else dict(row._mapping)

    def student_by_name(self, class_id: int, name: str) -> dict[str, Any] | None:
        """The student of the class called ``name`` (a row as a dict), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(students).where(students.c.class_id == class_id, students.c.name == name)
            ).first()
            return None if row is None else dict(row._mapping)

    def add_student(self, class_id: int, name: str, token: str) -> int:
        """A new student of the class, who signs in with ``token`` (kept as a hash); returns the id."""
        with self.engine.begin() as conn:
            res = conn.execute(
                students.insert().values(class_id=class_id, name=name, token_hash=hash_token(token), created_at=_now())
            )
            return int(res.inserted_primary_key[0])  # type: ignore[index]

    def set_student_token(self, student_id: int, token: str) -> None:
        """A new token for the student (the old one is stale from now on)."""
        with self.engine.begin() as conn:
            conn.execute(students.update().where(students.c.id == student_id).values(token_hash=hash_token(token)))

    def add_students(self, class_id: int, named: Sequence[tuple[str, str]]) -> None:
        """Add students ``(name, token)`` in one transaction: all of them, or (a name taken
        meanwhile) none."""
        now = _now()
        with self.engine.begin() as conn:
            for name, token in named:
                conn.execute(
                    students.insert().values(class_id=class_id, name=name, token_hash=hash_token(token), created_at=now)
                )

    def remove_student(self, student_id: int) -> None:
        """Take a student out of the class, in one transaction: their token stops working, their
        seats are free (the table's bot plays them), their answers and reviews go; the tables'
        logs keep the actions they took (no longer linked to them)."""
        with self.engine.begin() as conn:
            for t in (answers, reviews, review_jobs, seats):
                conn.execute(t.delete().where(t.c.student_id == student_id))
            conn.execute(actions.update().where(actions.c.student_id == student_id).values(student_id=None))
            conn.execute(students.delete().where(students.c.id == student_id))

    def student_by_token(self, token: str) -> dict[str, Any] | None:
        """The student whose token is ``token`` (a row as a dict), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(students).where(students.c.token_hash == hash_token(token))).first()
            return None if row is None else dict(row._mapping)

    def students(self, class_id: int) -> list[dict[str, Any]]:
        """The students of the class by name: ``id``, ``name`` and ``created_at`` each."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(students.c.id, students.c.name, students.c.created_at)
                .where(students.c.class_id == class_id)
                .order_by(students.c.name)
            )
            return [dict(r._mapping) for r in rows]

    # --- tables, seats, actions ----------------------------------------------------------------
    def create_table(
        self,
        class_id: int,
        code: str,
        *,
        preset: str,
        rules: Mapping[str, Any] | str,
        points_to_win: int,
        bot: str,
        seed: str,
        dealer: str,
    ) -> int:
        """A new table of the class, ``'waiting'`` for its players, with its rules, bot, seed and dealer;
        returns its id."""
        with self.engine.begin() as conn:
            res = conn.execute(
                tables.insert().values(
                    class_id=class_id,
                    code=code,
                    preset=preset,
                    rules=json.dumps(rules, ensure_ascii=False),
                    points_to_win=points_to_win,
                    bot=bot,
                    seed=seed,
                    dealer=dealer,
                    status="waiting",
                    created_at=_now(),
                )
            )
            return int(res.inserted_primary_key[0])  # type: ignore[index]

    def set_status(self, table_id: int, status: str) -> None:
        """Set the table's status: ``'waiting'``, ``'playing'`` or ``'over'``."""
        with self.engine.begin() as conn:
            conn.execute(tables.update().where(tables.c.id == table_id).values(status=status))

    def tables(self, class_id: int | None = None, statuses: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The tables, oldest first (of one class, and with one of ``statuses``, when given), ``rules``
        read from JSON."""
        q = sa.select(tables).order_by(tables.c.id)
        if class_id is not None:
            q = q.where(tables.c.class_id == class_id)
        if statuses is not None:
            q = q.where(tables.c.status.in_(list(statuses)))
        with self.engine.connect() as conn:
            out = []
            for r in conn.execute(q):
                row = dict(r._mapping)
                row["rules"] = json.loads(row["rules"])
                out.append(row)
            return out

    def seats(self, table_id: int) -> dict[str, int]:
        """Seat letter → student id, for the seats a student holds."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(seats.c.seat, seats.c.student_id).where(seats.c.table_id == table_id))
            return {r.seat: r.student_id for r in rows}

    def take_seat(self, table_id: int, seat: str, student_id: int) -> None:
        """Seat the student at the table; the primary key (table, seat) refuses a second taker."""
        with self.engine.begin() as conn:
            conn.execute(seats.insert().values(table_id=table_id, seat=seat, student_id=student_id, joined_at=_now()))

    def actions(self, table_id: int) -> list[dict[str, Any]]:
        """The table's log of actions in order of ``n``, a dict each."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(actions).where(actions.c.table_id == table_id).order_by(actions.c.n))
            return [dict(r._mapping) for r in rows]

    def append_action(
        self,
        table_id: int,
        n: int,
        seat: str,
        action: str,
        *,
        by_bot: bool,
        student_id: int | None,
        owed: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        """Add action number ``n`` to the table's log. The primary key (table, n) refuses a
        second action with the same number, so no action is ever applied twice. ``owed``: the
        reviews an action that ends a hand owes (:func:`.db_reviews.queue_reviews`), queued in
        the same transaction, so the log never holds a finished hand whose reviews were lost."""
        at = _now()
        row = {
            "table_id": table_id,
            "n": n,
            "seat": seat,
            "action": action,
            "by_bot": by_bot,
            "student_id": student_id,
            "at": at,
        }
        with self.engine.begin() as conn:
            conn.execute(_INSERT_ACTION, row)  # one compiled statement, parameters apart: the hot path
            if owed:
                queue_reviews(conn, table_id, owed, at)

    # --- progress ------------------------------------------------------------------------------
    def add_answers(self, student_id: int, events: Iterable[Mapping[str, Any]]) -> tuple[int, int]:
        """Record progress events (already checked: ``key``, ``topic``, ``correct``, ``at``, and
        optionally ``family`` and ``situation``); returns (added, duplicates). An event whose key
        this student has sent before is a duplicate and changes nothing."""
        added = dups = 0
        now = _now()
        with self.engine.begin() as conn:
            for e in events:
                seen = conn.execute(
                    sa.select(answers.c.id).where(answers.c.student_id == student_id, answers.c.key == e["key"])
                ).first()
                if seen is not None:
                    dups += 1
                    continue
                conn.execute(
                    answers.insert().values(
                        student_id=student_id,
                        key=e["key"],
                        topic=e["topic"],
                        family=e.get("family"),
                        situation=e.get("situation"),
                        correct=bool(e["correct"]),
                        at=float(e["at"]),
                        received_at=now,
                    )
                )
                added += 1
        return added, dups

    def progress(self, class_id: int, start: float | None = None, end: float | None = None) -> list[dict[str, Any]]:
        """Per student and topic (and situation family): answered, right, first and last time,
        and ``source`` (:data:`~.db_reviews.SELF_REPORTED`: the learners' notebooks sent these);
        answers with ``start <= at < end`` (epoch seconds) only."""
        q = (
            sa.select(
                students.c.name.label("student"),
                answers.c.topic,
                answers.c.family,
                sa.func.count().label("answered"),
                sa.func.sum(sa.case((answers.c.correct, 1), else_=0)).label("correct"),
                sa.func.min(answers.c.at).label("first"),
                sa.func.max(answers.c.at).label("last"),
            )
            .select_from(answers.join(students, answers.c.student_id == students.c.id))
            .where(students.c.class_id == class_id)
            .group_by(students.c.name, answers.c.topic, answers.c.family)
            .order_by(students.c.name, answers.c.topic, answers.c.family)
        )
        if start is not None:
            q = q.where(answers.c.at >= start)
        if end is not None:
            q = q.where(answers.c.at < end)
        with self.engine.connect() as conn:
            return [{**dict(r._mapping), "source": SELF_REPORTED} for r in conn.execute(q)]

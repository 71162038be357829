"""The class server's schema: its tables (SQLAlchemy Core) and the numbered migrations that make
them (:mod:`.db` runs them; ``schema_migrations`` records which have run).

Version 1: the classes, students, tables, seats, the actions (each table's append-only log), the
answers (progress events) and the reviews sent. Version 2: ``review_jobs``, the reviews owed,
queued in the transaction of the action that ends a hand and deleted in the one that saves the
review, so a server killed mid-review finishes it after a restart.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = [
    "MIGRATIONS",
    "actions",
    "answers",
    "classes",
    "metadata",
    "migrations_table",
    "review_jobs",
    "reviews",
    "seats",
    "students",
    "tables",
]

metadata = sa.MetaData()

migrations_table = sa.Table(
    "schema_migrations",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("applied_at", sa.Float, nullable=False),
)

classes = sa.Table(
    "classes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("teacher_token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

students = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "name", name="students_one_name_per_class"),
)

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),  # the Rules as a record's "rules" (JSON)
    sa.Column("points_to_win", sa.Integer, nullable=False),
    sa.Column("bot", sa.String(40), nullable=False),
    sa.Column("seed", sa.String(80), nullable=False),
    sa.Column("dealer", sa.String(1), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # waiting, playing, paused (by the teacher), over, closed
    sa.Column("created_at", sa.Float, nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.String(1), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "student_id", name="seats_one_per_student"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.String(1), nullable=False),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("by_bot", sa.Boolean, nullable=False),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)

answers = sa.Table(
    "answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("key", sa.String(100), nullable=False),
    sa.Column("topic", sa.String(100), nullable=False),
    sa.Column("family", sa.String(200), nullable=True),
    sa.Column("situation", sa.String(200), nullable=True),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("received_at", sa.Float, nullable=False),
    sa.UniqueConstraint("student_id", "key", name="answers_once_per_key"),
    sa.Index("answers_by_time", "at"),
)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.String(1), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("accuracy", sa.Float, nullable=True),
    sa.Column("flagged", sa.Integer, nullable=False),
    sa.Column("body", sa.Text, nullable=False),  # the review message sent, as JSON
    sa.Column("at", sa.Float, nullable=False),
)

review_jobs = sa.Table(
    "review_jobs",
    metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.String(1), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("job", sa.Text, nullable=False),  # what review_hand needs (record, seed, by_bot), as JSON
    sa.Column("at", sa.Float, nullable=False),
)
"""The reviews owed: queued with the action that ends the hand (one transaction), deleted with
the review saved (one transaction), so a server that dies mid-review finishes it after a restart."""

_V1 = (classes, students, tables, seats, actions, answers, reviews)


def _v1(conn: Connection) -> None:
    for t in _V1:
        t.create(conn)


def _v2(conn: Connection) -> None:
    review_jobs.create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1, _v2)
"""Step ``i`` brings the schema from version ``i`` to ``i + 1``; append, never edit."""

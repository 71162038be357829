"""The class database's reviews: the reviews owed (``review_jobs``, queued with the action that
ends a hand, so none is lost when the server dies), the reviews sent, and what the teacher's
page reads of them: the decisions the coach flagged, each student's accuracy, and the table
decisions the server graded itself (beside the quiz answers, which the learners report).

:class:`ReviewRecords` is a part of :class:`~.db.Database` (its methods are the database's).

>>> from euchre_learn.classroom.server.db import Database
>>> db = Database('sqlite://')
>>> cid = db.create_class('Room 12', 't'); ann = db.add_student(cid, 'Ann', 'a')
>>> tid = db.create_table(cid, 'K7QBX', preset='standard', rules={}, points_to_win=10, bot='standard',
...                       seed='s', dealer='N')
>>> db.append_action(tid, 0, 'N', 'pass', by_bot=False, student_id=ann,
...                  owed=[{'hand': 1, 'seat': 'N', 'student_id': ann, 'job': {'seed': 's'}}])
>>> [(j['hand'], j['seat'], j['job']) for j in db.review_jobs()]
[(1, 'N', {'seed': 's'})]
>>> db.save_review(tid, 1, 'N', ann, 90.0, 0, '{"decisions": []}')
>>> db.review_jobs(), len(db.reviews(tid, 'N'))
([], 1)
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from euchre_learn.classroom.server.schema import review_jobs, reviews, students, tables

__all__ = ["GRADED", "SELF_REPORTED", "ReviewRecords", "queue_reviews"]

GRADED = "graded by the server"
"""The source of a progress row the server graded itself: a decision at a class table, judged by
the coach on the server from the table's own log."""
SELF_REPORTED = "self-reported"
"""The source of a progress row a learner's notebook sent (a quiz answer, a puzzle, a decision at
their own table): the server cannot check it."""


def queue_reviews(conn: Connection, table_id: int, owed: Sequence[Mapping[str, Any]], at: float) -> None:
    """Queue the reviews ``owed`` (each ``hand``, ``seat``, ``student_id``, ``job``) in ``conn``'s
    transaction (the one that writes the action ending the hand)."""
    for o in owed:
        conn.execute(
            review_jobs.insert().values(
                table_id=table_id,
                hand=o["hand"],
                seat=o["seat"],
                student_id=o["student_id"],
                job=json.dumps(o["job"], ensure_ascii=False),
                at=at,
            )
        )


class ReviewRecords:
    """The database's methods on reviews (mixed into :class:`~.db.Database`)."""

    engine: Engine

    def review_jobs(self) -> list[dict[str, Any]]:
        """The reviews owed, oldest first: ``table_id``, ``hand``, ``seat``, ``student_id``, ``job``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(review_jobs).order_by(review_jobs.c.at, review_jobs.c.table_id, review_jobs.c.hand)
            )
            return [{**dict(r._mapping), "job": json.loads(r.job)} for r in rows]

    def save_review(
        self, table_id: int, hand: int, seat: str, student_id: int, accuracy: float | None, flagged: int, body: str
    ) -> None:
        """Keep the review sent (once: a second copy changes nothing) and take it off the queue,
        in one transaction."""
        where = (reviews.c.table_id == table_id, reviews.c.hand == hand, reviews.c.seat == seat)
        with self.engine.begin() as conn:
            exists = conn.execute(sa.select(reviews.c.hand).where(*where)).first()
            if exists is None:
                conn.execute(
                    reviews.insert().values(
                        table_id=table_id,
                        hand=hand,
                        seat=seat,
                        student_id=student_id,
                        accuracy=accuracy,
                        flagged=flagged,
                        body=body,
                        at=time.time(),
                    )
                )
            conn.execute(
                review_jobs.delete().where(
                    review_jobs.c.table_id == table_id, review_jobs.c.hand == hand, review_jobs.c.seat == seat
                )
            )

    def reviews(self, table_id: int, seat: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(reviews)
                .where(reviews.c.table_id == table_id, reviews.c.seat == seat)
                .order_by(reviews.c.hand)
            )
            return [dict(r._mapping) for r in rows]

    def flagged_decisions(self, class_id: int, limit: int = 100) -> list[dict[str, Any]]:
        """The decisions the coach flagged in the class's table reviews, newest hands first:
        student, table, hand, and the decision (phase, action, best, grade, explanation)."""
        q = (
            sa.select(students.c.name, tables.c.code, reviews.c.hand, reviews.c.body, reviews.c.at)
            .select_from(
                reviews.join(students, reviews.c.student_id == students.c.id).join(
                    tables, reviews.c.table_id == tables.c.id
                )
            )
            .where(students.c.class_id == class_id, reviews.c.flagged > 0)
            .order_by(reviews.c.at.desc())
        )
        out: list[dict[str, Any]] = []
        with self.engine.connect() as conn:
            for r in conn.execute(q):
                for d in json.loads(r.body).get("decisions", []):
                    if d.get("flagged") and len(out) < limit:
                        out.append({"student": r.name, "table": r.code, "hand": r.hand, "at": r.at, **d})
        return out

    def review_summary(self, class_id: int) -> list[dict[str, Any]]:
        """Per student: hands reviewed at tables, their mean accuracy, and flagged decisions."""
        q = (
            sa.select(
                students.c.name.label("student"),
                sa.func.count().label("hands"),
                sa.func.avg(reviews.c.accuracy).label("accuracy"),
                sa.func.sum(reviews.c.flagged).label("flagged"),
            )
            .select_from(reviews.join(students, reviews.c.student_id == students.c.id))
            .where(students.c.class_id == class_id)
            .group_by(students.c.name)
            .order_by(students.c.name)
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def graded_progress(
        self, class_id: int, start: float | None = None, end: float | None = None
    ) -> list[dict[str, Any]]:
        """The class tables' decisions as the server graded them, per student and situation family,
        in the rows of :meth:`~.db.Database.progress` (topic ``'class table'``, ``source``
        :data:`GRADED`): each decision the learner made (not the bot's while they were away, not a
        forced one), right unless the review flagged it; reviews kept with ``start <= at < end``."""
        q = (
            sa.select(students.c.name, reviews.c.body, reviews.c.at)
            .select_from(reviews.join(students, reviews.c.student_id == students.c.id))
            .where(students.c.class_id == class_id)
        )
        if start is not None:
            q = q.where(reviews.c.at >= start)
        if end is not None:
            q = q.where(reviews.c.at < end)
        sums: dict[tuple[str, str | None], dict[str, Any]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(q):
                for d in json.loads(r.body).get("decisions", []):
                    if d.get("by_bot") or d.get("forced"):
                        continue
                    family = (d.get("situation") or {}).get("family")
                    row = sums.setdefault(
                        (r.name, family),
                        {
                            "student": r.name,
                            "topic": "class table",
                            "family": family,
                            "answered": 0,
                            "correct": 0,
                            "first": r.at,
                            "last": r.at,
                            "source": GRADED,
                        },
                    )
                    row["answered"] += 1
                    row["correct"] += 0 if d.get("flagged") else 1
                    row["first"], row["last"] = min(row["first"], r.at), max(row["last"], r.at)
        return [sums[k] for k in sorted(sums, key=lambda k: (k[0], k[1] or ""))]

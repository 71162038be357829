"""Where the learner's tables live: a SQLite file (:class:`SQLiteBackend`) or, for a Python without
sqlite3 or a file that cannot be opened, memory (:class:`MemoryBackend`). :mod:`euchre_learn.learner.store`
reads and writes through a :class:`Backend`; the changes it applies and the rows it reads back are
:mod:`euchre_learn.learner.store_tables`'.

>>> from euchre_learn.learner.store_tables import AddAnswer
>>> t = MemoryBackend()
>>> t.apply([AddAnswer('scoring', True, at=0.0), AddAnswer('scoring', False, at=1.0)])
>>> t.answers('scoring'), t.answer_rows()[0]
([('scoring', True), ('scoring', False)], (1, 'scoring', True, 0.0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from euchre_learn.learner.store_tables import (
    DECISION_COLUMNS,
    CardRow,
    DecisionRow,
    Op,
    SituationAnswerRow,
    Tables,
)

__all__ = ["Backend", "MemoryBackend", "SQLiteBackend"]


class Backend(Protocol):
    """Where the store's tables live: a SQLite file (:class:`SQLiteBackend`) or memory
    (:class:`MemoryBackend`, where Python has no sqlite3); the store reads and writes through it."""

    def apply(self, ops: Sequence[Op]) -> None:
        """Make the changes, in order, all or none (one transaction)."""

    def answers(self, topic: str | None) -> list[tuple[str, bool]]:
        """Every answer (on ``topic``, or on any topic for ``None``) as ``(topic, correct)``, oldest first."""

    def answer_log(self) -> list[tuple[str, bool, float, float | None]]:
        """Every answer as ``(topic, correct, at, seconds)``, oldest first."""

    def answer_rows(self) -> list[tuple[int, str, bool, float]]:
        """Every answer as ``(id, topic, correct, at)``, oldest first."""

    def sent(self) -> set[str]:
        """The keys of the answers a class server already has."""

    def carried(self) -> dict[str, tuple[int, int, int, int]]:
        """The totals carried over from an old progress file, by topic."""

    def settings(self) -> dict[str, str]:
        """The settings, each as its JSON text."""

    def meta(self) -> dict[str, str]:
        """The notes the store keeps about itself."""

    def hands(self) -> list[tuple[str, int, str, float]]:
        """The saved hands as ``(game, number, record JSON, at)``, by game and number."""

    def retries(self) -> list[tuple[str, str, str, float]]:
        """The retries as ``(key, question JSON, note, at)``, oldest first."""

    def cards(self) -> list[CardRow]:
        """The scheduled items (:class:`CardRow`), soonest due first."""

    def review_times(self) -> list[float]:
        """When each review of a scheduled item was made."""

    def reviews(self) -> list[tuple[str, str, int, float]]:
        """Every review as ``(kind, key, rating, at)``, oldest first."""

    def decisions(self) -> list[DecisionRow]:
        """The decisions kept at the table (:class:`DecisionRow`), oldest first."""

    def situation_answers(self) -> list[SituationAnswerRow]:
        """The answers filed under a situation (:class:`SituationAnswerRow`), oldest first."""

    def close(self) -> None:
        """Let go of the file (nothing to do in memory)."""


class MemoryBackend(Backend):
    """The tables in memory (:class:`Tables`)."""

    def __init__(self) -> None:
        self.m = Tables()

    def apply(self, ops: Sequence[Op]) -> None:
        for op in ops:
            op.memory(self.m)

    def answers(self, topic: str | None) -> list[tuple[str, bool]]:
        return [(a[1], a[2]) for a in self.m.answers if topic is None or a[1] == topic]

    def answer_log(self) -> list[tuple[str, bool, float, float | None]]:
        return [(a[1], a[2], a[3], a[4]) for a in self.m.answers]

    def answer_rows(self) -> list[tuple[int, str, bool, float]]:
        return [(a[0], a[1], a[2], a[3]) for a in self.m.answers]

    def sent(self) -> set[str]:
        return set(self.m.sent)

    def carried(self) -> dict[str, tuple[int, int, int, int]]:
        return dict(self.m.carried)

    def settings(self) -> dict[str, str]:
        return dict(self.m.settings)

    def meta(self) -> dict[str, str]:
        return dict(self.m.meta)

    def hands(self) -> list[tuple[str, int, str, float]]:
        return [(g, n, r, at) for (g, n), (r, at) in sorted(self.m.hands.items())]

    def retries(self) -> list[tuple[str, str, str, float]]:
        return sorted(((k, q, n, at) for k, (q, n, at) in self.m.retries.items()), key=lambda r: (r[3], r[0]))

    def cards(self) -> list[CardRow]:
        return [CardRow(k, key, *v) for (k, key), v in sorted(self.m.cards.items(), key=lambda kv: kv[1][1])]

    def review_times(self) -> list[float]:
        return [r[3] for r in self.m.reviews]

    def reviews(self) -> list[tuple[str, str, int, float]]:
        return [(r[0], r[1], r[2], r[3]) for r in self.m.reviews]

    def decisions(self) -> list[DecisionRow]:
        return list(self.m.decisions)

    def situation_answers(self) -> list[SituationAnswerRow]:
        return list(self.m.situation_answers.values())

    def close(self) -> None:
        pass


class SQLiteBackend(Backend):
    """The tables in a SQLite file, through a ``sqlite3`` connection."""

    def __init__(self, db: Any) -> None:
        self.db = db

    def apply(self, ops: Sequence[Op]) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for op in ops:
                op.sql(self.db)
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        return list(self.db.execute(sql, args).fetchall())

    def answers(self, topic: str | None) -> list[tuple[str, bool]]:
        if topic is None:
            rows = self._all("SELECT topic, correct FROM answers ORDER BY id")
        else:
            rows = self._all("SELECT topic, correct FROM answers WHERE topic = ? ORDER BY id", (topic,))
        return [(t, bool(c)) for t, c in rows]

    def answer_log(self) -> list[tuple[str, bool, float, float | None]]:
        return [
            (t, bool(c), at, s)
            for t, c, at, s in self._all("SELECT topic, correct, at, seconds FROM answers ORDER BY id")
        ]

    def answer_rows(self) -> list[tuple[int, str, bool, float]]:
        return [
            (i, t, bool(c), at) for i, t, c, at in self._all("SELECT id, topic, correct, at FROM answers ORDER BY id")
        ]

    def sent(self) -> set[str]:
        return {r[0] for r in self._all("SELECT key FROM class_sent")}

    def carried(self) -> dict[str, tuple[int, int, int, int]]:
        return {r[0]: tuple(r[1:]) for r in self._all("SELECT * FROM carried")}

    def settings(self) -> dict[str, str]:
        return dict(self._all("SELECT key, value FROM settings"))

    def meta(self) -> dict[str, str]:
        return dict(self._all("SELECT key, value FROM meta"))

    def hands(self) -> list[tuple[str, int, str, float]]:
        return self._all("SELECT game, number, record, at FROM hands ORDER BY game, number")

    def retries(self) -> list[tuple[str, str, str, float]]:
        return self._all("SELECT key, question, note, at FROM retries ORDER BY at, key")

    def cards(self) -> list[CardRow]:
        return [CardRow(*r) for r in self._all("SELECT * FROM cards ORDER BY due")]

    def review_times(self) -> list[float]:
        return [r[0] for r in self._all("SELECT at FROM reviews")]

    def reviews(self) -> list[tuple[str, str, int, float]]:
        return [(k, key, g, at) for k, key, g, at in self._all("SELECT kind, key, rating, at FROM reviews ORDER BY id")]

    def decisions(self) -> list[DecisionRow]:
        return [DecisionRow(*r) for r in self._all(f"SELECT {DECISION_COLUMNS} FROM decisions ORDER BY id")]

    def situation_answers(self) -> list[SituationAnswerRow]:
        rows = self._all("SELECT source, situation, family, correct, at FROM situation_answers ORDER BY id")
        return [SituationAnswerRow(src, key, fam, bool(ok), at) for src, key, fam, ok, at in rows]

    def close(self) -> None:
        self.db.close()

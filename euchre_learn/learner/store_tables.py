"""The tables of the learner's store and the changes made to them (:mod:`euchre_learn.learner.store`
opens the file and deals with trouble; this module knows the schema and the rows).

Each change is a small frozen value with two ways to apply itself: to a SQLite connection
inside a transaction (:meth:`sql`), or to :class:`Tables`, the same data in Python lists and
dicts for a Python without sqlite3 (:meth:`memory`); :mod:`~euchre_learn.learner.store_backends`
holds the two places the tables live. The store keeps the changes it could not
write yet and applies them again, in order, when the file can take them.

>>> from euchre_learn.learner.store_backends import MemoryBackend
>>> t = MemoryBackend()
>>> t.apply([AddAnswer('scoring', True, at=0.0), SetSetting('rules', 'uk')])
>>> t.answers(None), t.settings()
([('scoring', True)], {'rules': '"uk"'})
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "DECISION_COLUMNS",
    "FLAGGED_GRADES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "AddAnswer",
    "AddDecision",
    "AddSituationAnswer",
    "CardRow",
    "Carry",
    "DecisionRow",
    "DropRetry",
    "Forget",
    "MarkSent",
    "Note",
    "Op",
    "PutRetry",
    "Review",
    "SaveHand",
    "SetSetting",
    "SituationAnswerRow",
    "Tables",
    "Update",
]


# --- the schema -----------------------------------------------------------------------------

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: answers (with the totals carried over from progress.json), settings, notes
    (
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, topic TEXT NOT NULL,"
        " correct INTEGER NOT NULL CHECK (correct IN (0, 1)), at REAL NOT NULL, seconds REAL)",
        "CREATE INDEX answers_by_topic ON answers (topic, id)",
        "CREATE TABLE carried (topic TEXT PRIMARY KEY, answered INTEGER NOT NULL, correct INTEGER NOT NULL,"
        " streak INTEGER NOT NULL, best_streak INTEGER NOT NULL)",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    # 2: saved games, review retries, the practice schedule (FSRS cards and their reviews)
    (
        "CREATE TABLE hands (game TEXT NOT NULL, number INTEGER NOT NULL, record TEXT NOT NULL,"
        " at REAL NOT NULL, PRIMARY KEY (game, number))",
        "CREATE TABLE retries (key TEXT PRIMARY KEY, question TEXT NOT NULL, note TEXT NOT NULL, at REAL NOT NULL)",
        "CREATE TABLE cards (kind TEXT NOT NULL, key TEXT NOT NULL, card TEXT NOT NULL, due REAL NOT NULL,"
        " last_rating INTEGER NOT NULL, reviews INTEGER NOT NULL, lapses INTEGER NOT NULL, PRIMARY KEY (kind, key))",
        "CREATE INDEX cards_by_due ON cards (due)",
        "CREATE TABLE reviews (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL,"
        " rating INTEGER NOT NULL, at REAL NOT NULL, seconds REAL)",
    ),
    # 3: the learner's decisions at the table, each with its situation (so a schedule can bring situations back)
    (
        "CREATE TABLE decisions (id INTEGER PRIMARY KEY, game TEXT NOT NULL, hand INTEGER NOT NULL,"
        " idx INTEGER NOT NULL, seat TEXT NOT NULL, situation TEXT NOT NULL, family TEXT NOT NULL,"
        " action TEXT NOT NULL, best TEXT NOT NULL, grade TEXT NOT NULL, loss REAL NOT NULL, at REAL NOT NULL,"
        " UNIQUE (game, hand, idx, seat, action))",
        "CREATE INDEX decisions_by_situation ON decisions (situation, id)",
    ),
    # 4: answers filed under a situation (practice, puzzles, retries: the situation schedule reads them with
    # the decisions), and the convention a decision at the table breaks ('' for none)
    (
        "CREATE TABLE situation_answers (id INTEGER PRIMARY KEY, source TEXT NOT NULL UNIQUE,"
        " situation TEXT NOT NULL, family TEXT NOT NULL, correct INTEGER NOT NULL CHECK (correct IN (0, 1)),"
        " at REAL NOT NULL)",
        "CREATE INDEX situation_answers_by_situation ON situation_answers (situation, id)",
        "ALTER TABLE decisions ADD COLUMN convention TEXT NOT NULL DEFAULT ''",
    ),
    # 5: the answers a class server has acknowledged ('<server> <key>', :mod:`euchre_learn.learner.class_link`)
    ("CREATE TABLE class_sent (key TEXT PRIMARY KEY)",),
)
"""The schema, one tuple of statements per version: a database at version ``n`` gets
``MIGRATIONS[n:]`` in one transaction when opened."""

SCHEMA_VERSION = len(MIGRATIONS)


# --- the changes: each one a small value, applied in one transaction -----------------------


class Tables:
    """The tables as Python lists and dicts (where there is no sqlite3)."""

    def __init__(self) -> None:
        self.answers: list[tuple[int, str, bool, float, float | None]] = []
        self.carried: dict[str, tuple[int, int, int, int]] = {}
        self.settings: dict[str, str] = {}
        self.meta: dict[str, str] = {}
        self.hands: dict[tuple[str, int], tuple[str, float]] = {}
        self.retries: dict[str, tuple[str, str, float]] = {}
        self.cards: dict[tuple[str, str], tuple[str, float, int, int, int]] = {}
        self.reviews: list[tuple[str, str, int, float, float | None]] = []
        self.decisions: list[DecisionRow] = []
        self.situation_answers: dict[str, SituationAnswerRow] = {}
        self.sent: set[str] = set()
        self.next_id = 1


class Op(Protocol):
    """One change to the store, for a SQLite connection (inside a transaction) or memory. Each change
    below names it as its base, so ``help()`` shows these two methods' words on each."""

    def sql(self, db: Any) -> None:
        """Make the change on ``db``, a ``sqlite3`` connection inside the store's transaction."""

    def memory(self, m: Tables) -> None:
        """Make the same change on ``m``, the tables in Python lists and dicts."""


@dataclass(frozen=True)
class AddAnswer(Op):
    """One answer on a topic (``at``: seconds since the epoch, now by default)."""

    topic: str
    correct: bool
    at: float = field(default_factory=time.time)
    seconds: float | None = None

    def sql(self, db: Any) -> None:
        db.execute(
            "INSERT INTO answers (topic, correct, at, seconds) VALUES (?, ?, ?, ?)",
            (self.topic, int(bool(self.correct)), self.at, self.seconds),
        )

    def memory(self, m: Tables) -> None:
        m.answers.append((m.next_id, self.topic, bool(self.correct), self.at, self.seconds))
        m.next_id += 1


@dataclass(frozen=True)
class Carry(Op):
    """Totals for a topic carried over from an old progress file (answered, correct, streak,
    best streak); set only where the topic has none yet."""

    topic: str
    totals: tuple[int, int, int, int]

    def sql(self, db: Any) -> None:
        db.execute("INSERT OR IGNORE INTO carried VALUES (?, ?, ?, ?, ?)", (self.topic, *self.totals))

    def memory(self, m: Tables) -> None:
        m.carried.setdefault(self.topic, self.totals)


@dataclass(frozen=True)
class Forget(Op):
    """Forget the answers on one topic (or all, ``topic=None``) and the schedule of those quiz
    topics. Saved games, retries and settings stay."""

    topic: str | None = None

    def sql(self, db: Any) -> None:
        if self.topic is None:
            for table in ("answers", "carried"):
                db.execute(f"DELETE FROM {table}")
            db.execute("DELETE FROM cards WHERE kind = 'quiz'")
            db.execute("DELETE FROM reviews WHERE kind = 'quiz'")
        else:
            for table in ("answers", "carried"):
                db.execute(f"DELETE FROM {table} WHERE topic = ?", (self.topic,))
            db.execute("DELETE FROM cards WHERE kind = 'quiz' AND key = ?", (self.topic,))
            db.execute("DELETE FROM reviews WHERE kind = 'quiz' AND key = ?", (self.topic,))

    def memory(self, m: Tables) -> None:
        hit = (lambda t: True) if self.topic is None else (lambda t: t == self.topic)
        m.answers = [a for a in m.answers if not hit(a[1])]
        m.carried = {t: v for t, v in m.carried.items() if not hit(t)}
        m.cards = {k: v for k, v in m.cards.items() if not (k[0] == "quiz" and hit(k[1]))}
        m.reviews = [r for r in m.reviews if not (r[0] == "quiz" and hit(r[1]))]


@dataclass(frozen=True)
class SetSetting(Op):
    """Set a setting to a JSON value (``None`` removes it)."""

    key: str
    value: Any

    def sql(self, db: Any) -> None:
        if self.value is None:
            db.execute("DELETE FROM settings WHERE key = ?", (self.key,))
        else:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (self.key, json.dumps(self.value)))

    def memory(self, m: Tables) -> None:
        if self.value is None:
            m.settings.pop(self.key, None)
        else:
            m.settings[self.key] = json.dumps(self.value)


@dataclass(frozen=True)
class Note(Op):
    """A note the store keeps about itself (what was imported, when)."""

    key: str
    value: str

    def sql(self, db: Any) -> None:
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (self.key, self.value))

    def memory(self, m: Tables) -> None:
        m.meta[self.key] = self.value


@dataclass(frozen=True)
class SaveHand(Op):
    """One finished hand of a game (its hand record, API.md), for the review."""

    game: str
    number: int
    record: dict[str, Any]
    at: float = field(default_factory=time.time)

    def sql(self, db: Any) -> None:
        db.execute(
            "INSERT OR REPLACE INTO hands VALUES (?, ?, ?, ?)",
            (self.game, self.number, json.dumps(self.record), self.at),
        )

    def memory(self, m: Tables) -> None:
        m.hands[(self.game, self.number)] = (json.dumps(self.record), self.at)


@dataclass(frozen=True)
class PutRetry(Op):
    """A position to try again, as a quiz question (``Question.to_dict()``), under a key."""

    key: str
    question: dict[str, Any]
    note: str = ""
    at: float = field(default_factory=time.time)

    def sql(self, db: Any) -> None:
        db.execute(
            "INSERT OR REPLACE INTO retries VALUES (?, ?, ?, ?)",
            (self.key, json.dumps(self.question), self.note, self.at),
        )

    def memory(self, m: Tables) -> None:
        m.retries[self.key] = (json.dumps(self.question), self.note, self.at)


@dataclass(frozen=True)
class DropRetry(Op):
    """Remove a retry (and its schedule)."""

    key: str

    def sql(self, db: Any) -> None:
        db.execute("DELETE FROM retries WHERE key = ?", (self.key,))
        db.execute("DELETE FROM cards WHERE kind = 'retry' AND key = ?", (self.key,))

    def memory(self, m: Tables) -> None:
        m.retries.pop(self.key, None)
        m.cards.pop(("retry", self.key), None)


@dataclass(frozen=True)
class DecisionRow:
    """One decision of the learner at the table, as stored: the game (its saved id), the hand's
    number, the action's index in the hand record, the seat, the situation's key and family
    (:func:`euchre_learn.analysis.situation.situation`), what was done, the best action found,
    the review's grade and the expected points given up (``loss``), when, and the sentence of the
    convention it breaks (``''`` for none)."""

    game: str
    hand: int
    index: int
    seat: str
    situation: str
    family: str
    action: str
    best: str
    grade: str
    loss: float
    at: float
    convention: str = ""

    @property
    def flagged(self) -> bool:
        """Whether the learner is shown this decision as one to learn from: graded inaccuracy or
        worse, or breaking a convention (API.md's ``Review.flagged()``)."""
        return self.grade in FLAGGED_GRADES or bool(self.convention)


FLAGGED_GRADES = frozenset({"inaccuracy", "mistake", "blunder"})
"""The grades a review flags (shown to the learner, brought back by the situation schedule)."""

DECISION_COLUMNS = "game, hand, idx, seat, situation, family, action, best, grade, loss, at, convention"
"""The columns of the ``decisions`` table, in :class:`DecisionRow`'s order."""


@dataclass(frozen=True)
class AddDecision(DecisionRow, Op):
    """Keep one decision at the table (:class:`DecisionRow`), once: the same decision written
    again (the same game, hand, index, seat and action) changes nothing."""

    at: float = field(default_factory=time.time)

    def sql(self, db: Any) -> None:
        db.execute(
            f"INSERT OR IGNORE INTO decisions ({DECISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            tuple(getattr(self, f) for f in DecisionRow.__dataclass_fields__),  # the columns, in order
        )

    def memory(self, m: Tables) -> None:
        same = (self.game, self.hand, self.index, self.seat, self.action)
        if not any((d.game, d.hand, d.index, d.seat, d.action) == same for d in m.decisions):
            m.decisions.append(DecisionRow(*(getattr(self, f) for f in DecisionRow.__dataclass_fields__)))


@dataclass(frozen=True)
class SituationAnswerRow:
    """One answer filed under a situation (from practice, a puzzle, a retry), as stored: ``source``
    names the answer (one row per source), ``situation`` and ``family`` are the situation's key and
    family, ``correct`` whether it was right, ``at`` when (seconds since the epoch)."""

    source: str
    situation: str
    family: str
    correct: bool
    at: float


@dataclass(frozen=True)
class AddSituationAnswer(SituationAnswerRow, Op):
    """Keep one answer filed under a situation (:class:`SituationAnswerRow`), once: the same
    ``source`` written again changes nothing, so a retried write never counts twice."""

    def sql(self, db: Any) -> None:
        db.execute(
            "INSERT OR IGNORE INTO situation_answers (source, situation, family, correct, at) VALUES (?, ?, ?, ?, ?)",
            (self.source, self.situation, self.family, int(bool(self.correct)), self.at),
        )

    def memory(self, m: Tables) -> None:
        if self.source not in m.situation_answers:
            m.situation_answers[self.source] = SituationAnswerRow(
                self.source, self.situation, self.family, bool(self.correct), self.at
            )


@dataclass(frozen=True)
class MarkSent(Op):
    """Keep that a class server has these answers (``'<server> <key>'`` each), so none is sent twice."""

    keys: tuple[str, ...]

    def sql(self, db: Any) -> None:
        db.executemany("INSERT OR IGNORE INTO class_sent (key) VALUES (?)", [(k,) for k in self.keys])

    def memory(self, m: Tables) -> None:
        m.sent.update(self.keys)


Update = Callable[[str | None], tuple[str, float]]
"""From a card's stored state (``None`` for a new card) to its new state and due time."""


@dataclass(frozen=True)
class Review(Op):
    """One review of a scheduled item: ``update`` turns the stored card into the new one, read
    and written in the same transaction (so two processes reviewing at once both count)."""

    kind: str
    key: str
    rating: int
    update: Update = field(compare=False)
    at: float = field(default_factory=time.time)
    seconds: float | None = None

    def sql(self, db: Any) -> None:
        row = db.execute(
            "SELECT card, reviews, lapses FROM cards WHERE kind = ? AND key = ?", (self.kind, self.key)
        ).fetchone()
        card, due = self.update(None if row is None else row[0])
        reviews, lapses = (0, 0) if row is None else (row[1], row[2])
        db.execute(
            "INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?, ?, ?, ?)",
            (self.kind, self.key, card, due, self.rating, reviews + 1, lapses + (self.rating == 1)),
        )
        db.execute(
            "INSERT INTO reviews (kind, key, rating, at, seconds) VALUES (?, ?, ?, ?, ?)",
            (self.kind, self.key, self.rating, self.at, self.seconds),
        )

    def memory(self, m: Tables) -> None:
        old = m.cards.get((self.kind, self.key))
        card, due = self.update(None if old is None else old[0])
        reviews, lapses = (0, 0) if old is None else (old[3], old[4])
        m.cards[(self.kind, self.key)] = (card, due, self.rating, reviews + 1, lapses + (self.rating == 1))
        m.reviews.append((self.kind, self.key, self.rating, self.at, self.seconds))


# --- the rows the places data can live give back (euchre_learn.learner.store_backends) ---------


@dataclass(frozen=True)
class CardRow:
    """A scheduled item as stored: its FSRS card (JSON), due time, last rating and counts."""

    kind: str
    key: str
    card: str
    due: float
    last_rating: int
    reviews: int
    lapses: int

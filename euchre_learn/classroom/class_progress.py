"""A class's progress: export a learner's answers to JSON, import them into a store, and sum
up a folder of exports for the teacher (per topic, per student, as CSV for a gradebook).

From the command line::

    euchre-learn progress export --learner "Ann Lee" --out ann.json   # the name is kept: asked once
    euchre-learn progress import ann.json           # into this machine's store (again: no change)
    euchre-learn progress summary exports/          # one line per topic (class_summary)
    euchre-learn progress summary exports/ --students --since 2026-09-01 --csv grades.csv

**Who is who.** Each learner's store carries an id of its own (made once, at the first export)
and the learner's name (given once with ``--learner``, or asked for): an export holds both, so
two learners with the same login (``jovyan``, a shared account) stay two learners, and the
summary names them apart and says so. Exports of one learner (the same id: a weekly export)
replace each other, the newest counted, never added up (:mod:`euchre_learn.classroom.class_summary`).

An export holds the answers themselves (topic, right or wrong, when, how long), the totals
carried over from an old progress file, the schedule's cards, and per topic the totals, which
must agree with the answers. :data:`EXPORT_SCHEMA` is its JSON Schema; a file that does not
match is refused with a message naming the place.

>>> import tempfile, os
>>> from euchre_learn.learner.progress import Progress
>>> folder = tempfile.mkdtemp()
>>> p = Progress(os.path.join(folder, 'a.sqlite3'))
>>> for ok in (True, False, False, False, False): p.record('scoring', ok)
>>> data = export_progress(p.store, learner='alice')
>>> data['topics']['scoring']
{'answered': 5, 'correct': 1, 'streak': 0, 'best_streak': 1}
>>> data['learner_id'] == learner_id(p.store)      # the store's own id, the same every time
True
>>> import_progress(data, Progress(os.path.join(folder, 'b.sqlite3')).store)
5
"""

from __future__ import annotations

import datetime as dt
import getpass
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_learn.engine.errors import EuchreError
from euchre_learn.learner.files import read_json_file
from euchre_learn.learner.identity import ID_KEY, KeepSetting, learner_id, valid_id
from euchre_learn.learner.progress import TopicStats, stats_of
from euchre_learn.learner.store import Carry, SetSetting, Store, Tables

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA",
    "SHARED_LOGINS",
    "ProgressFileError",
    "check_export",
    "export_progress",
    "import_progress",
    "learner_id",
    "learner_name",
    "load_export",
    "set_learner_name",
    "topic_stats",
    "topic_totals",
]

EXPORT_FORMAT = "euchre-learn/progress-export-2"
"""The format of an export (version 2 adds ``learner_id``); version 1 files are still read."""
OLD_FORMATS = ("euchre-learn/progress-export-1",)
NAME_KEY = "learner-name"
"""The store's setting holding the learner's name (given once)."""
SHARED_LOGINS = frozenset(
    {"jovyan", "root", "user", "student", "students", "guest", "pi", "ubuntu", "admin", "vscode", "codespace"}
)
"""Login names many people share (Jupyter's Docker images run as ``jovyan``): never taken as a
learner's name without asking."""

_COUNT = {"type": "integer", "minimum": 0, "maximum": 10**9}
_TOTALS = {
    "type": "object",
    "properties": {"answered": _COUNT, "correct": _COUNT, "streak": _COUNT, "best_streak": _COUNT},
    "required": ["answered", "correct", "streak", "best_streak"],
    "additionalProperties": False,
}
_TIME = {"type": "number", "minimum": 0, "maximum": 10**11}
_NAME = {"type": "string", "minLength": 1, "maxLength": 200}

EXPORT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "euchre_learn progress export",
    "type": "object",
    "properties": {
        "format": {"enum": [EXPORT_FORMAT, *OLD_FORMATS]},
        "learner": _NAME,
        "learner_id": {"type": "string", "pattern": "^[0-9a-f]{8,64}$"},
        "exported": {"type": "string", "maxLength": 40},
        "topics": {"type": "object", "propertyNames": {"maxLength": 200}, "additionalProperties": _TOTALS},
        "carried": {"type": "object", "propertyNames": {"maxLength": 200}, "additionalProperties": _TOTALS},
        "answers": {
            "type": "array",
            "maxItems": 10**7,
            "items": {
                "type": "object",
                "properties": {
                    "topic": _NAME,
                    "correct": {"type": "boolean"},
                    "at": _TIME,
                    "seconds": {"type": ["number", "null"], "minimum": 0, "maximum": 10**7},
                },
                "required": ["topic", "correct", "at"],
                "additionalProperties": False,
            },
        },
        "schedule": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": _NAME,
                    "key": {"type": "string", "minLength": 1, "maxLength": 1000},
                    "card": {"type": "object"},
                    "due": _TIME,
                    "last_rating": {"type": "integer", "minimum": 1, "maximum": 4},
                    "reviews": _COUNT,
                    "lapses": _COUNT,
                },
                "required": ["kind", "key", "card", "due", "last_rating", "reviews", "lapses"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["format", "learner", "topics", "answers"],
    "additionalProperties": False,
}
"""The JSON Schema of an export file."""


class ProgressFileError(EuchreError):
    """An export file that cannot be used; the message names the file and the place."""


def _learner() -> str:
    return os.environ.get("JUPYTERHUB_USER") or getpass.getuser()


def learner_name(store: Store) -> str | None:
    """The name the learner gave (:func:`set_learner_name`), or ``None``."""
    name = store.setting(NAME_KEY)
    return name if isinstance(name, str) and name.strip() else None


def _clean_name(name: str) -> str:
    text = " ".join(str(name).split())
    if not text or len(text) > 200:
        raise ProgressFileError(f"a learner's name has 1 to 200 characters, not {str(name)[:40]!r}")
    return text


def set_learner_name(store: Store, name: str) -> str:
    """Keep ``name`` as the learner's name in ``store`` (used by every later export)."""
    text = _clean_name(name)
    store.write(SetSetting(NAME_KEY, text))
    return text


def topic_totals(t: TopicStats) -> dict[str, int]:
    """A topic's stats as an export writes them."""
    return {"answered": t.answered, "correct": t.correct, "streak": t.streak, "best_streak": t.best_streak}


def topic_stats(answers: Iterable[Mapping[str, Any]], carried: Mapping[str, Any]) -> dict[str, TopicStats]:
    """Per topic, the stats of an export's answers (oldest first) after its carried totals."""
    runs: dict[str, list[bool]] = {}
    for a in answers:
        runs.setdefault(a["topic"], []).append(bool(a["correct"]))
    names = sorted(set(runs) | set(carried))
    out = {}
    for name in names:
        c = carried.get(name)
        base = None if c is None else (c["answered"], c["correct"], c["streak"], c["best_streak"])
        out[name] = stats_of(runs.get(name, ()), base)
    return out


def export_progress(store: Store, *, learner: str | None = None) -> dict[str, Any]:
    """The learner's progress in ``store`` as export data (see :data:`EXPORT_SCHEMA`): named
    ``learner``, else the name kept in the store, else the hub or login user; with the store's
    own :func:`learner_id`."""
    answers = [
        {"topic": t, "correct": ok, "at": at, **({"seconds": s} if s is not None else {})}
        for t, ok, at, s in store.answer_log()
    ]
    carried = {
        t: dict(zip(("answered", "correct", "streak", "best_streak"), v, strict=True))
        for t, v in store.carried().items()
    }
    topics = topic_stats(answers, carried)
    return {
        "format": EXPORT_FORMAT,
        "learner": _clean_name(learner or learner_name(store) or _learner()),
        "learner_id": learner_id(store),
        "exported": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "topics": {name: topic_totals(s) for name, s in topics.items()},
        "carried": carried,
        "answers": answers,
        "schedule": [
            {
                "kind": c.kind,
                "key": c.key,
                "card": json.loads(c.card),
                "due": c.due,
                "last_rating": c.last_rating,
                "reviews": c.reviews,
                "lapses": c.lapses,
            }
            for c in store.cards()
        ],
    }


def check_export(data: Any, source: str = "the export") -> dict[str, Any]:
    """``data`` if it is a valid export; else :class:`ProgressFileError` naming the place."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(EXPORT_SCHEMA)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "(the file)"
        raise ProgressFileError(f"{source}: {where}: {error.message[:200]}")
    assert isinstance(data, dict)
    computed = topic_stats(data["answers"], data.get("carried", {}))
    for name, totals in data["topics"].items():
        if topic_totals(computed.get(name, TopicStats())) != totals:
            raise ProgressFileError(f"{source}: topics.{name[:40]}: the totals do not match the answers")
    missing = sorted(set(computed) - set(data["topics"]))
    if missing:
        raise ProgressFileError(f"{source}: topics: {missing[0][:40]!r} has answers but no totals")
    return data


def load_export(path: str | os.PathLike[str]) -> dict[str, Any]:
    """An export file, read and checked (:class:`ProgressFileError` if it cannot be used)."""
    p = Path(path)
    if not p.exists():
        raise ProgressFileError(f"{str(p)[:80]}: no such file")
    data, why = read_json_file(p)
    if why is not None:
        raise ProgressFileError(f"{str(p)[:80]}: {why}")
    return check_export(data, str(p)[:80])


@dataclass(frozen=True)
class _ImportAnswers:
    """Add answers not already in the store (the same topic, result and moment): importing
    the same file twice changes nothing."""

    rows: tuple[tuple[str, bool, float, float | None], ...]

    def sql(self, db: Any) -> None:
        for topic, ok, at, seconds in self.rows:
            db.execute(
                "INSERT INTO answers (topic, correct, at, seconds) SELECT ?, ?, ?, ? WHERE NOT EXISTS "
                "(SELECT 1 FROM answers WHERE topic = ? AND correct = ? AND at = ?)",
                (topic, int(ok), at, seconds, topic, int(ok), at),
            )

    def memory(self, m: Tables) -> None:
        have = {(a[1], a[2], a[3]) for a in m.answers}
        for topic, ok, at, seconds in self.rows:
            if (topic, ok, at) not in have:
                m.answers.append((m.next_id, topic, ok, at, seconds))
                m.next_id += 1
                have.add((topic, ok, at))


@dataclass(frozen=True)
class _ImportCards:
    """Schedule cards for items the store does not schedule yet."""

    cards: tuple[tuple[str, str, str, float, int, int, int], ...]

    def sql(self, db: Any) -> None:
        db.executemany("INSERT OR IGNORE INTO cards VALUES (?, ?, ?, ?, ?, ?, ?)", self.cards)

    def memory(self, m: Tables) -> None:
        for kind, key, *rest in self.cards:
            m.cards.setdefault((kind, key), tuple(rest))  # type: ignore[arg-type]


def import_progress(data: Mapping[str, Any], store: Store) -> int:
    """Add an export's answers (those not there already), carried totals and schedule to
    ``store``, in one transaction. Returns how many answers were new. A store with no learner
    id or name of its own yet takes the export's (the same learner on a new machine)."""
    checked = check_export(dict(data))
    before = len(store.answer_log())
    rows = tuple((a["topic"], bool(a["correct"]), float(a["at"]), a.get("seconds")) for a in checked["answers"])
    carry = [
        Carry(t, (v["answered"], v["correct"], v["streak"], v["best_streak"]))
        for t, v in checked.get("carried", {}).items()
    ]
    cards = tuple(
        (c["kind"], c["key"], json.dumps(c["card"]), float(c["due"]), c["last_rating"], c["reviews"], c["lapses"])
        for c in checked.get("schedule", [])
    )
    who: list[Any] = [KeepSetting(NAME_KEY, checked["learner"])]
    if valid_id(checked.get("learner_id")) and not valid_id(store.setting(ID_KEY)):
        who.append(KeepSetting(ID_KEY, checked["learner_id"]))
    store.write(*carry, _ImportAnswers(rows), _ImportCards(cards), *who)
    return len(store.answer_log()) - before

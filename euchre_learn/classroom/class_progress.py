"""A class's progress: export a learner's answers to JSON, import them into a store, and sum
up a folder of exports for the teacher (per topic: answered, right, learners struggling).

From the command line::

    euchre-learn progress export --out alice.json     # the learner's own store
    euchre-learn progress import alice.json           # into this machine's store (again: no change)
    euchre-learn progress summary exports/            # one line per topic

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
>>> import_progress(data, Progress(os.path.join(folder, 'b.sqlite3')).store)
5
>>> print(format_summary(summarize([data])))
topic      learners  answered  right  struggling
scoring           1         5    20%  alice
"""

from __future__ import annotations

import datetime as dt
import getpass
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_learn.engine.errors import EuchreError
from euchre_learn.learner.progress import TopicStats, stats_of
from euchre_learn.learner.store import Carry, Store, Tables, read_json_file

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA",
    "STRUGGLING_ACCURACY",
    "STRUGGLING_MIN_ANSWERS",
    "ProgressFileError",
    "TopicSummary",
    "export_progress",
    "format_summary",
    "import_progress",
    "load_export",
    "summarize",
    "summarize_folder",
]

EXPORT_FORMAT = "euchre-learn/progress-export-1"
STRUGGLING_MIN_ANSWERS = 5
"""A learner is struggling on a topic after at least this many answers ..."""
STRUGGLING_ACCURACY = 0.6
"""... with fewer than this share right."""

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
        "format": {"const": EXPORT_FORMAT},
        "learner": _NAME,
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


def _totals(t: TopicStats) -> dict[str, int]:
    return {"answered": t.answered, "correct": t.correct, "streak": t.streak, "best_streak": t.best_streak}


def _stats(answers: Iterable[Mapping[str, Any]], carried: Mapping[str, Any]) -> dict[str, TopicStats]:
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
    """The learner's progress in ``store`` as export data (see :data:`EXPORT_SCHEMA`)."""
    answers = [
        {"topic": t, "correct": ok, "at": at, **({"seconds": s} if s is not None else {})}
        for t, ok, at, s in store.answer_log()
    ]
    carried = {
        t: dict(zip(("answered", "correct", "streak", "best_streak"), v, strict=True))
        for t, v in store.carried().items()
    }
    topics = _stats(answers, carried)
    return {
        "format": EXPORT_FORMAT,
        "learner": learner or _learner(),
        "exported": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "topics": {name: _totals(s) for name, s in topics.items()},
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
    computed = _stats(data["answers"], data.get("carried", {}))
    for name, totals in data["topics"].items():
        if _totals(computed.get(name, TopicStats())) != totals:
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
    ``store``, in one transaction. Returns how many answers were new."""
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
    store.write(*carry, _ImportAnswers(rows), _ImportCards(cards))
    return len(store.answer_log()) - before


@dataclass(frozen=True)
class TopicSummary:
    """One topic over a class: how many learners answered, answers, right, and who struggles."""

    topic: str
    learners: int
    answered: int
    correct: int
    struggling: tuple[str, ...]

    @property
    def accuracy(self) -> float | None:
        return None if self.answered == 0 else self.correct / self.answered


def summarize(exports: Sequence[Mapping[str, Any]]) -> list[TopicSummary]:
    """Per topic over all ``exports`` (checked export data), by topic name. A learner struggles
    on a topic with at least :data:`STRUGGLING_MIN_ANSWERS` answers and under
    :data:`STRUGGLING_ACCURACY` right."""
    per: dict[str, list[tuple[str, dict[str, int]]]] = {}
    for e in exports:
        for name, totals in e["topics"].items():
            per.setdefault(name, []).append((e["learner"], totals))
    out = []
    for name in sorted(per):
        rows = [(who, t) for who, t in per[name] if t["answered"] > 0]
        struggling = sorted(
            {
                who
                for who, t in rows
                if t["answered"] >= STRUGGLING_MIN_ANSWERS and t["correct"] < STRUGGLING_ACCURACY * t["answered"]
            }
        )
        out.append(
            TopicSummary(
                name,
                len({who for who, _ in rows}),
                sum(t["answered"] for _, t in rows),
                sum(t["correct"] for _, t in rows),
                tuple(struggling),
            )
        )
    return out


def summarize_folder(folder: str | os.PathLike[str]) -> list[TopicSummary]:
    """:func:`summarize` over every ``*.json`` export in ``folder`` (a bad file is refused, named)."""
    p = Path(folder)
    if not p.is_dir():
        raise ProgressFileError(f"{str(p)[:80]}: not a folder of progress exports")
    files = sorted(p.glob("*.json"))
    if not files:
        raise ProgressFileError(f"{str(p)[:80]}: no progress exports (*.json) in it")
    return summarize([load_export(f) for f in files])


def format_summary(rows: Sequence[TopicSummary]) -> str:
    """The summary as a plain-text table."""
    width = max([len("topic"), *(len(r.topic) for r in rows)])
    lines = [f"{'topic':{width}}  learners  answered  right  struggling"]
    for r in rows:
        right = "-" if r.accuracy is None else f"{r.accuracy:.0%}"
        lines.append(
            f"{r.topic:{width}}  {r.learners:8}  {r.answered:8}  {right:>5}  {', '.join(r.struggling) or '-'}".rstrip()
        )
    return "\n".join(lines)

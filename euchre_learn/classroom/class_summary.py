"""A class's progress for the teacher: a folder of exports (:mod:`euchre_learn.classroom.class_progress`)
summed per topic and per student, as text tables or a CSV for a gradebook, over a date range.

From the command line::

    euchre-learn progress summary exports/          # one line per topic
    euchre-learn progress summary exports/ --students --since 2026-09-01 --until 2026-09-30
    euchre-learn progress summary exports/ --csv grades.csv    # one row per student

**One learner, one row.** Exports with the same learner id (each store makes its own, once)
are one learner: a weekly export replaces the last one, the newest counted, never added up.
Learners who gave the same name (two ``jovyan``) stay apart, each shown with a tag of their id
(``jovyan (3f2a9c)``), and the teacher is told. A file that cannot be used is skipped and named
(:meth:`ClassExports.warnings`); the others are summed.

>>> import tempfile, os
>>> from euchre_learn.learner.progress import Progress
>>> from euchre_learn.classroom.class_progress import export_progress
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'a.sqlite3'))
>>> for ok in (True, False, False, False, False): p.record('scoring', ok)
>>> data = export_progress(p.store, learner='alice')
>>> print(format_summary(summarize([data])))
topic      learners  answered  right  struggling
scoring           1         5    20%  alice
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_learn.classroom.class_progress import ProgressFileError, load_export, topic_stats, topic_totals
from euchre_learn.learner.progress import Tally

__all__ = [
    "STRUGGLING_ACCURACY",
    "STRUGGLING_MIN_ANSWERS",
    "ClassExports",
    "StudentSummary",
    "TopicSummary",
    "format_students",
    "format_summary",
    "parse_day",
    "read_class",
    "students",
    "students_csv",
    "summarize",
    "summarize_folder",
]

STRUGGLING_MIN_ANSWERS = 5
"""A learner is struggling on a topic after at least this many answers ..."""
STRUGGLING_ACCURACY = 0.6
"""... with fewer than this share right."""


@dataclass(frozen=True)
class ClassExports:
    """The exports of a folder, one per learner (see :func:`read_class`)."""

    exports: tuple[dict[str, Any], ...]
    """One checked export per learner, the newest; ``learner`` made unique where names clash
    (the name given is kept as ``_name``, the file as ``_file``)."""
    skipped: tuple[tuple[str, str], ...] = ()
    """``(file, why)`` for each file that could not be used."""
    replaced: tuple[tuple[str, str], ...] = ()
    """``(older file, newer file)``: two exports of one learner; only the newer is counted."""
    clashes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``(name, files)``: learners who gave the same name; each is shown with a tag of their own."""

    def warnings(self) -> list[str]:
        """What the teacher should know, one line each: files skipped, names shared."""
        out = [f"skipped {name}: {why}" for name, why in self.skipped]
        for name, files in self.clashes:
            shown = ", ".join(e["learner"] for e in self.exports if e.get("_name") == name)
            out.append(
                f"{len(files)} learners call themselves {name!r} ({', '.join(files)}): shown as {shown}; "
                f"ask each to set a name of their own once (euchre-learn progress export --learner NAME)"
            )
        return out

    def notes(self) -> list[str]:
        """Repeated exports of one learner, one line each (the newer counted)."""
        return [f"{old} and {new} are the same learner: counted {new}, the newer" for old, new in self.replaced]


def _exported(e: Mapping[str, Any]) -> tuple[float, int, float]:
    """How new an export is: its time of export, then how many answers, then the last answer."""
    try:
        when = dt.datetime.fromisoformat(str(e.get("exported", ""))).timestamp()
    except ValueError:
        when = 0.0
    return (when, len(e["answers"]), max((a["at"] for a in e["answers"]), default=0.0))


def _answer_set(e: Mapping[str, Any]) -> set[tuple[str, bool, float]]:
    return {(a["topic"], bool(a["correct"]), float(a["at"])) for a in e["answers"]}


def read_class(folder: str | os.PathLike[str]) -> ClassExports:
    """Every ``*.json`` export in ``folder``, one per learner: the same learner id (or, in old
    exports without one, the same name and answers one within the other) is one learner, and
    the newest export counts. A file that cannot be used is skipped and listed; learners who
    share a name are each tagged (``jovyan (3f2a9c)``). :class:`ProgressFileError` when the
    folder is missing or holds no export at all."""
    p = Path(folder)
    if not p.is_dir():
        raise ProgressFileError(f"{str(p)[:80]}: not a folder of progress exports")
    files = sorted(p.glob("*.json"))
    if not files:
        raise ProgressFileError(f"{str(p)[:80]}: no progress exports (*.json) in it")
    skipped: list[tuple[str, str]] = []
    loaded: list[tuple[str, dict[str, Any]]] = []
    for f in files:
        try:
            loaded.append((f.name, load_export(f)))
        except ProgressFileError as err:
            skipped.append((f.name, str(err).removeprefix(str(f)[:80] + ": ")))
    loaded.sort(key=lambda item: _exported(item[1]), reverse=True)  # newest first
    kept: list[tuple[str, dict[str, Any]]] = []
    replaced: list[tuple[str, str]] = []
    for name, e in loaded:
        same = None
        for k_name, k in kept:
            if e.get("learner_id") or k.get("learner_id"):
                if e.get("learner_id") == k.get("learner_id"):
                    same = k_name
            elif e["learner"] == k["learner"]:
                mine, theirs = _answer_set(e), _answer_set(k)
                if mine <= theirs or theirs <= mine:
                    same = k_name
            if same:
                break
        if same:
            replaced.append((name, same))
        else:
            kept.append((name, e))
    kept.sort(key=lambda item: item[0])
    by_name: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for name, e in kept:
        by_name.setdefault(e["learner"], []).append((name, e))
    exports: list[dict[str, Any]] = []
    clashes: list[tuple[str, tuple[str, ...]]] = []
    for name, e in kept:
        shared = by_name[e["learner"]]
        e = dict(e, _name=e["learner"], _file=name)
        if len(shared) > 1:
            tag = e.get("learner_id", "")[:6] or Path(name).stem
            e["learner"] = f"{e['_name']} ({tag})"
        exports.append(e)
    for who, group in sorted(by_name.items()):
        if len(group) > 1:
            clashes.append((who, tuple(n for n, _ in group)))
    if not exports:
        raise ProgressFileError(
            f"{str(p)[:80]}: no usable progress exports: " + "; ".join(f"{n}: {why}" for n, why in skipped)[:400]
        )
    return ClassExports(tuple(exports), tuple(skipped), tuple(sorted(replaced)), tuple(clashes))


def _totals_in(e: Mapping[str, Any], since: float | None, until: float | None) -> dict[str, dict[str, int]]:
    """Per topic totals of an export: all of them, or only the answers from ``since`` (epoch
    seconds, included) to ``until`` (excluded); carried totals have no date and count only
    without a range."""
    if since is None and until is None:
        return dict(e["topics"])
    answers = [a for a in e["answers"] if (since is None or a["at"] >= since) and (until is None or a["at"] < until)]
    return {name: topic_totals(s) for name, s in topic_stats(answers, {}).items()}


def _struggles(t: Mapping[str, int]) -> bool:
    return t["answered"] >= STRUGGLING_MIN_ANSWERS and t["correct"] < STRUGGLING_ACCURACY * t["answered"]


@dataclass(frozen=True)
class TopicSummary(Tally):
    """One topic over a class: how many learners answered, answers, right, and who struggles."""

    topic: str
    learners: int
    answered: int
    correct: int
    struggling: tuple[str, ...]


def summarize(
    exports: Sequence[Mapping[str, Any]], *, since: float | None = None, until: float | None = None
) -> list[TopicSummary]:
    """Per topic over all ``exports`` (checked export data, one per learner: see
    :func:`read_class`), by topic name. A learner struggles on a topic with at least
    :data:`STRUGGLING_MIN_ANSWERS` answers and under :data:`STRUGGLING_ACCURACY` right.
    ``since`` and ``until`` (epoch seconds) count only the answers between them."""
    per: dict[str, list[tuple[str, dict[str, int]]]] = {}
    for e in exports:
        for name, totals in _totals_in(e, since, until).items():
            per.setdefault(name, []).append((e["learner"], totals))
    out = []
    for name in sorted(per):
        rows = [(who, t) for who, t in per[name] if t["answered"] > 0]
        out.append(
            TopicSummary(
                name,
                len({who for who, _ in rows}),
                sum(t["answered"] for _, t in rows),
                sum(t["correct"] for _, t in rows),
                tuple(sorted({who for who, t in rows if _struggles(t)})),
            )
        )
    return out


def summarize_folder(folder: str | os.PathLike[str]) -> list[TopicSummary]:
    """:func:`summarize` over the exports in ``folder`` (:func:`read_class`: one per learner;
    a bad file is skipped, see :attr:`ClassExports.skipped`)."""
    return summarize(read_class(folder).exports)


@dataclass(frozen=True)
class StudentSummary(Tally):
    """One learner over the class's topics: answers, right, when, and the topics they struggle on."""

    learner: str
    learner_id: str
    file: str
    answered: int
    correct: int
    topics: dict[str, tuple[int, int]]
    """``{topic: (answered, right)}``"""
    first: float | None
    last: float | None
    struggling: tuple[str, ...]


def students(
    exports: Sequence[Mapping[str, Any]], *, since: float | None = None, until: float | None = None
) -> list[StudentSummary]:
    """One row per learner, by name: see :class:`StudentSummary` (``since``/``until`` as in
    :func:`summarize`)."""
    out = []
    for e in exports:
        totals = {n: t for n, t in _totals_in(e, since, until).items() if t["answered"] > 0}
        times = [
            a["at"] for a in e["answers"] if (since is None or a["at"] >= since) and (until is None or a["at"] < until)
        ]
        out.append(
            StudentSummary(
                e["learner"],
                str(e.get("learner_id", "")),
                str(e.get("_file", "")),
                sum(t["answered"] for t in totals.values()),
                sum(t["correct"] for t in totals.values()),
                {n: (t["answered"], t["correct"]) for n, t in sorted(totals.items())},
                min(times, default=None),
                max(times, default=None),
                tuple(sorted(n for n, t in totals.items() if _struggles(t))),
            )
        )
    return sorted(out, key=lambda s: (s.learner.casefold(), s.learner_id))


def _when(t: float | None) -> str:
    return "-" if t is None else dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")


def _share(part: int, whole: int) -> str:
    return "-" if whole == 0 else f"{part / whole:.0%}"


def format_students(rows: Sequence[StudentSummary]) -> str:
    """The per-student table as plain text."""
    width = max([len("learner"), *(len(r.learner) for r in rows)])
    lines = [f"{'learner':{width}}  answered  right  topics  last answer       struggling"]
    for r in rows:
        lines.append(
            f"{r.learner:{width}}  {r.answered:8}  {_share(r.correct, r.answered):>5}  {len(r.topics):6}  "
            f"{_when(r.last):16}  {', '.join(r.struggling) or '-'}".rstrip()
        )
    return "\n".join(lines)


def students_csv(rows: Sequence[StudentSummary]) -> str:
    """A CSV for a gradebook: one row per learner (name, id, totals, percent right, first and
    last answer, the topics they struggle on), then two columns per topic (answered, right)."""
    topics = sorted({t for r in rows for t in r.topics})
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        [
            "learner",
            "learner_id",
            "answered",
            "right",
            "percent_right",
            "first_answer",
            "last_answer",
            "struggling",
            *(f"{t} {what}" for t in topics for what in ("answered", "right")),
        ]
    )
    for r in rows:
        w.writerow(
            [
                r.learner,
                r.learner_id,
                r.answered,
                r.correct,
                "" if r.accuracy is None else f"{100 * r.accuracy:.1f}",
                "" if r.first is None else _when(r.first),
                "" if r.last is None else _when(r.last),
                "; ".join(r.struggling),
                *(n for t in topics for n in r.topics.get(t, (0, 0))),
            ]
        )
    return buf.getvalue()


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


def parse_day(text: str, *, end: bool = False) -> float:
    """A date (``2026-09-01``, this machine's time zone) or date and time as epoch seconds; with
    ``end``, a plain date means the end of that day (``--until 2026-09-30`` includes the 30th).

    >>> parse_day('2026-09-02') - parse_day('2026-09-01', end=False) == 86400
    True
    >>> parse_day('2026-09-01', end=True) == parse_day('2026-09-02')
    True
    """
    raw = str(text).strip()
    try:
        when = dt.datetime.fromisoformat(raw)
    except ValueError:
        raise ProgressFileError(f"{raw[:40]!r} is not a date: write it as 2026-09-01 (or 2026-09-01T14:00)") from None
    if end and len(raw) == 10:
        when += dt.timedelta(days=1)
    return when.timestamp()

"""A learner's quiz progress (answers per topic, streaks), kept in a JSON file.

Where: the ``path`` given, else ``$EUCHRE_LEARN_PROGRESS``, else ``progress.json`` in
euchre_learn's data folder (:func:`euchre_learn.learner.settings.data_dir`: ``$EUCHRE_LEARN_HOME`` or
``<jupyter_data_dir()>/euchre_learn``), so on JupyterHub each user keeps their own.

The file is written atomically (a temporary file, then ``os.replace``), and each save adds
this session's answers to what is on disk, so two notebooks practising at once lose nothing.
A damaged or unreadable file is moved aside (``progress.json.corrupt-<time>``), a warning
says so (:attr:`Progress.warnings`, and :class:`ProgressWarning`), and practice goes on.

>>> import tempfile, os
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'progress.json'))
>>> p.record('left-bower', True); p.record('left-bower', False); p.record('left-bower', True)
>>> s = p.stats('left-bower')
>>> s.answered, s.correct, s.streak, s.best_streak
(3, 2, 1, 1)
>>> Progress(p.path).stats('left-bower') == s       # saved
True
"""

from __future__ import annotations

import json
import os
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

__all__ = ["PROGRESS_FORMAT", "Progress", "ProgressWarning", "TopicStats", "default_path"]

PROGRESS_FORMAT = "euchre-learn/progress-1"
ENV_VAR = "EUCHRE_LEARN_PROGRESS"


class ProgressWarning(UserWarning):
    """The progress file could not be read or written; practice goes on."""


@dataclass(frozen=True)
class TopicStats:
    """Answers on one topic: how many, how many right, the current and best streak."""

    answered: int = 0
    correct: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share answered right (``None`` before any answer)."""
        return None if self.answered == 0 else self.correct / self.answered


def default_path() -> Path:
    """``$EUCHRE_LEARN_PROGRESS``, else ``progress.json`` in the data folder.

    >>> default_path().name
    'progress.json'
    """
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    from euchre_learn.learner.settings import data_dir

    return data_dir() / "progress.json"


def _stats_from(value: Any) -> TopicStats | None:
    """A :class:`TopicStats` from file data, or ``None`` when it does not make sense."""
    if not isinstance(value, dict):
        return None
    fields = ("answered", "correct", "streak", "best_streak")
    nums = [value.get(f, 0) for f in fields]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in nums):
        return None
    answered, correct, streak, best = nums
    if correct > answered or streak > answered or best > answered:
        return None
    return TopicStats(answered, correct, streak, max(best, streak))


class Progress:
    """Quiz progress, loaded from and saved to a JSON file (see the module docs).

    ``autosave`` (default) saves after every :meth:`record`.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, autosave: bool = True) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.autosave = autosave
        self.warnings: list[str] = []
        self._extra: dict[str, Any] = {}
        self._topics: dict[str, TopicStats] = {}
        self._base: dict[str, TopicStats] = {}
        loaded = self._read()
        if loaded is not None:
            self._topics = dict(loaded)
            self._base = dict(loaded)

    # --- reading -------------------------------------------------------------------------
    def stats(self, topic: str) -> TopicStats:
        """The answers on ``topic`` so far (all zero for a new topic)."""
        return self._topics.get(topic, TopicStats())

    @property
    def topics(self) -> dict[str, TopicStats]:
        """Every topic answered, with its stats."""
        return dict(self._topics)

    @property
    def total(self) -> TopicStats:
        """All topics together (the streak is the best of the current streaks)."""
        ts = self._topics.values()
        return TopicStats(
            sum(t.answered for t in ts),
            sum(t.correct for t in ts),
            max((t.streak for t in ts), default=0),
            max((t.best_streak for t in ts), default=0),
        )

    # --- changing ------------------------------------------------------------------------
    def record(self, topic: str, correct: bool) -> None:
        """Count one answer on ``topic`` (and save, with ``autosave``)."""
        old = self.stats(topic)
        streak = old.streak + 1 if correct else 0
        self._topics[topic] = TopicStats(
            old.answered + 1, old.correct + int(bool(correct)), streak, max(old.best_streak, streak)
        )
        if self.autosave:
            self.save()

    def reset(self, topic: str | None = None) -> None:
        """Forget one topic, or everything (and save). The file keeps no copy."""
        if topic is None:
            self._topics.clear()
        else:
            self._topics.pop(topic, None)
        self._base = {}
        self._write(dict(self._topics))

    def save(self) -> bool:
        """Add this session's answers to the file (written atomically). Returns ``False`` (with a
        warning) if it could not be written; the answers stay in memory and the next save tries again."""
        on_disk = self._read()
        if on_disk is None:  # no file (or a damaged one, now moved aside): write all we know
            on_disk, self._base = {}, {}
        merged = dict(on_disk)
        for name, mine in self._topics.items():
            base = self._base.get(name, TopicStats())
            disk = merged.get(name, TopicStats())
            new_answers = mine.answered - base.answered
            if new_answers == 0 and name in merged:
                continue
            merged[name] = TopicStats(
                disk.answered + new_answers,
                disk.correct + (mine.correct - base.correct),
                mine.streak if new_answers else disk.streak,
                max(disk.best_streak, mine.best_streak),
            )
        if not self._write(merged):
            return False
        self._topics = dict(merged)
        self._base = dict(merged)
        return True

    # --- the file ------------------------------------------------------------------------
    def _warn(self, message: str) -> None:
        if message in self.warnings:
            return
        self.warnings.append(message)
        warnings.warn(message, ProgressWarning, stacklevel=3)

    def _move_aside(self, why: str) -> None:
        from euchre_learn.learner.settings import move_aside

        where = move_aside(self.path)
        self._warn(
            f"Your quiz progress file {self.path} could not be used ({why}); {where}, "
            "and your progress starts afresh from here. Practice goes on."
        )

    def _read(self) -> dict[str, TopicStats] | None:
        """The topics on disk; ``None`` when there is no usable file (moved aside if damaged)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None  # no file yet (saving will say if the folder cannot be made)
        except (OSError, UnicodeDecodeError) as err:
            why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            self._move_aside(f"it cannot be read: {why}")
            return None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            self._move_aside(f"it is not valid JSON: {err.msg} at line {err.lineno}")
            return None
        if not isinstance(data, dict) or not isinstance(data.get("topics"), dict):
            self._move_aside("it does not hold a 'topics' table")
            return None
        out: dict[str, TopicStats] = {}
        bad = []
        for name, value in data["topics"].items():
            stats = _stats_from(value)
            if stats is None:
                bad.append(name)
            else:
                out[name] = stats
        if bad:
            self._move_aside(f"the entries for {', '.join(map(repr, bad))} make no sense")
            # the sensible entries are kept: the next save writes them back
        self._extra = {k: v for k, v in data.items() if k not in ("format", "topics")}
        return out

    def _write(self, topics: dict[str, TopicStats]) -> bool:
        data = {
            **self._extra,
            "format": PROGRESS_FORMAT,
            "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "topics": {name: asdict(s) for name, s in sorted(topics.items())},
        }
        from euchre_learn.learner.settings import write_json

        try:
            write_json(self.path, data)
        except OSError as err:
            self._warn(
                f"Your quiz progress could not be saved to {self.path} ({err.strerror}); it is kept for "
                "this session only. Practice goes on."
            )
            return False
        return True

    def __repr__(self) -> str:
        t = self.total
        return f"<Progress {self.path}: {t.correct}/{t.answered} right over {len(self._topics)} topics>"

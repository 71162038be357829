"""The learner's own data in one SQLite database: answers, house rules and other settings,
saved games, review retries and the practice schedule.

One file per learner, ``learner.sqlite3`` in euchre_learn's data folder
(:func:`euchre_learn.learner.files.data_dir`). ``$EUCHRE_LEARN_PROGRESS`` names another file; a
name ending in ``.json`` (the old progress file) means the database beside it with the
suffix ``.sqlite3``.

Why it never loses an answer:

- WAL mode, and every change is one transaction (``BEGIN IMMEDIATE``, waiting up to
  ``timeout`` seconds for another writer). Nothing is read, merged and written back: an
  answer is a row, so any number of notebooks and processes may record at once.
- The schema has a version (``PRAGMA user_version``) and migrations (``store_tables.MIGRATIONS``);
  a database made by a newer euchre_learn is read but never changed.
- On first creation, an existing ``progress.json`` and ``settings.json`` beside the database
  are imported, in the same transaction that creates the tables (so exactly once); both
  files are left as they were, as a backup (a settings file that cannot be read is set aside).
- A damaged file (not a database, failing ``PRAGMA quick_check``, a folder in its place) is
  renamed ``<name>.corrupt-<time>`` (its ``-wal`` beside it) and a fresh one started. A
  file that stays locked, a read-only folder, a full disk: the data goes on in memory (a
  copy of what could be read) and is written to the file as soon as it can be. Either way
  there is one warning, in :attr:`Store.warnings` and as a :class:`StoreWarning`, and
  practice goes on.
- Without ``sqlite3`` (a JupyterLite build without it), the same API keeps everything in
  memory for the session and says so once.

The tables (their schema, :data:`~euchre_learn.learner.store_tables.MIGRATIONS`), their rows and
the changes to them (:class:`AddAnswer`, :class:`Review`, ...) are in
:mod:`euchre_learn.learner.store_tables`; where the file is (:func:`~euchre_learn.learner.files.default_path`)
in :mod:`euchre_learn.learner.files`.

>>> import tempfile, os
>>> s = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> s.write(AddAnswer('left-bower', True), SetSetting('rules', 'uk'))
True
>>> s.answers('left-bower'), s.setting('rules')
([('left-bower', True)], 'uk')
>>> s.saving, s.warnings
(True, [])
"""

from __future__ import annotations

import json
import os
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

try:
    import sqlite3
except ImportError:  # pragma: no cover - exercised by monkeypatching in tests
    sqlite3 = None  # type: ignore[assignment]

from euchre_learn.learner.files import aside_path, default_path, move_aside, old_totals, read_json_file, store_path
from euchre_learn.learner.store_backends import Backend, MemoryBackend, SQLiteBackend
from euchre_learn.learner.store_tables import (
    MIGRATIONS,
    SCHEMA_VERSION,
    AddAnswer,
    AddDecision,
    AddSituationAnswer,
    CardRow,
    Carry,
    DecisionRow,
    DropRetry,
    Forget,
    MarkSent,
    Note,
    Op,
    PutRetry,
    Review,
    SaveHand,
    SetSetting,
    SituationAnswerRow,
    Tables,
)

_SQL_ERRORS: tuple[type[Exception], ...] = () if sqlite3 is None else (sqlite3.Error,)
_FILE_ERRORS: tuple[type[Exception], ...] = (*_SQL_ERRORS, OSError)

__all__ = [
    "WRITE_HOOKS",
    "AddAnswer",
    "AddDecision",
    "AddSituationAnswer",
    "Carry",
    "DropRetry",
    "Forget",
    "MarkSent",
    "Op",
    "PutRetry",
    "Review",
    "SaveHand",
    "SetSetting",
    "Store",
    "StoreWarning",
    "Tables",
]

WRITE_HOOKS: list[Callable[[Store, tuple[Op, ...]], None]] = []
"""Called after each :meth:`Store.write` (:mod:`.class_link` sends the answers to a joined class)."""


class StoreWarning(UserWarning):
    """The learner's data file could not be used as it is; practice goes on."""


# --- the store -------------------------------------------------------------------------------


class _Damaged(Exception):
    """The file is not a usable euchre_learn store (set it aside)."""


class _Newer(Exception):
    """The file was made by a newer euchre_learn (read it, never change it)."""


_OPEN_ERRORS: tuple[type[Exception], ...] = (*_FILE_ERRORS, _Damaged, _Newer)


_SHARED: dict[tuple[int, Path], Store] = {}


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file ``path`` is (device, inode), ``None`` when there is none."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _trouble(err: BaseException) -> str:
    """What kind of trouble a sqlite3 or OS error is: 'damaged', 'busy', 'full', 'readonly' or 'unwritable'."""
    name = str(getattr(err, "sqlite_errorname", "") or "")
    text = str(err).lower()
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return "damaged"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "busy"
    if name.startswith("SQLITE_FULL") or "full" in text:
        return "full"
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return "readonly"
    return "unwritable"


def _why(err: BaseException) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err)
    return str(err)


class Store:
    """The learner's data (see the module docs). Reading methods return plain values;
    :meth:`write` applies changes (one transaction for all the ops given).

    ``timeout``: seconds to wait for another writer before going on in memory. ``legacy``:
    the old progress file to import when the database is first made (default: ``progress.json``
    beside it, or the ``.json`` path given). ``path=None`` is :func:`default_path`.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        timeout: float = 5.0,
        legacy: str | os.PathLike[str] | None = None,
    ) -> None:
        given = default_path() if path is None else Path(path)
        self.path = store_path(given)
        if legacy is not None:
            self.legacy = Path(legacy)
        elif given.suffix.lower() == ".json":
            self.legacy = given
        else:
            self.legacy = self.path.with_name("progress.json")
        self.timeout = timeout
        self.warnings: list[str] = []
        self._lock = threading.RLock()
        self._pid = os.getpid()
        self._unsaved: list[Op] = []
        self._memory = False  # the data is in memory (not, or not yet, in the file)
        self._retry = False  # in memory: try the file again on each change
        self._next_try = 0.0
        self._identity: tuple[int, int] | None = None
        self._backend: Backend = self._start()

    @classmethod
    def shared(cls, path: str | os.PathLike[str] | None = None) -> Store:
        """One store per file in this process (a new one after a fork, or when the file was
        replaced or deleted): the lessons' widgets and the house rules share it, and so does
        what is kept in memory where the file cannot be used."""
        given = default_path() if path is None else Path(path)
        key = (os.getpid(), store_path(given).absolute())
        found = _SHARED.get(key)
        if found is None or not found._same_file():
            found = _SHARED[key] = cls(given)
        return found

    def _same_file(self) -> bool:
        return self._memory or _identity(self.path) == self._identity

    # --- state -----------------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """True while changes go to the file (False: kept in memory for this session)."""
        return not self._memory and not self._unsaved

    def _warn(self, message: str) -> None:
        if message in self.warnings:
            return
        self.warnings.append(message)
        warnings.warn(message, StoreWarning, stacklevel=4)

    # --- opening ---------------------------------------------------------------------------
    def _start(self) -> Backend:
        if sqlite3 is None:
            self._warn(
                "This Python has no SQLite (sqlite3), so your answers and settings are kept in memory "
                "for this session only. Practice goes on."
            )
            self._memory = True
            mem = MemoryBackend()
            mem.apply(self._legacy_ops())
            return mem
        for attempt in (1, 2):
            try:
                return SQLiteBackend(self._open_file(self.timeout))
            except _Newer as err:
                self._retry = False
                return self._in_memory(
                    f"Your learner data file {self.path} was made by a newer euchre_learn (schema {err}); "
                    "it is left unchanged and this session's answers are kept in memory. Practice goes on.",
                    seed=False,
                )
            except _Damaged as err:
                if attempt == 2:
                    break
                self._set_aside(str(err))
            except _FILE_ERRORS as err:
                trouble = _trouble(err)
                if trouble == "damaged" and attempt == 1:
                    self._set_aside(_why(err))
                    continue
                self._retry = True
                return self._in_memory(self._memory_message(trouble, err), seed=True)
        self._retry = False
        return self._in_memory(
            f"Your learner data file {self.path} could not be started afresh; this session's answers are "
            "kept in memory. Practice goes on.",
            seed=False,
        )

    def _open_file(self, timeout: float) -> Any:
        """A connection to the file, made and migrated as needed (raises on any trouble)."""
        if self.path.is_dir():
            raise _Damaged("a folder is where the file should be")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
        try:
            db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Newer(str(version))
            if version:
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise _Damaged(f"its check failed: {check}")
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            if version < SCHEMA_VERSION:
                self._migrate(db)
        except BaseException:
            db.close()
            raise
        self._identity = _identity(self.path)
        return db

    def _migrate(self, db: Any) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Damaged("it is a database, but not a euchre_learn one")
            for statements in MIGRATIONS[version:]:
                for sql in statements:
                    db.execute(sql)
            if version == 0:
                for op in self._legacy_ops():
                    op.sql(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _memory_message(self, trouble: str, err: BaseException) -> str:
        why = {
            "busy": f"another program has kept it locked for over {self.timeout:g} seconds",
            "full": "the disk is full",
            "readonly": "it or its folder is read-only",
        }.get(trouble, f"it cannot be written: {_why(err)}")
        if trouble != "busy" and self.path.parent.is_dir() and not os.access(self.path.parent, os.W_OK):
            why = "its folder is read-only"
        return (
            f"Your learner data file {self.path} cannot be saved to just now ({why}); your answers are kept "
            "in memory and saved to it as soon as it can be. Practice goes on."
        )

    def _in_memory(self, message: str, *, seed: bool) -> Backend:
        """Go on in memory: a copy of what the file holds (when it can be read), else a fresh
        start with the old progress file imported."""
        self._warn(message)
        self._memory = True
        mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        copied = False
        # read-only first; where even that fails (a WAL file in a read-only folder), the file as it is
        for how in ("mode=ro", "immutable=1"):
            if copied or not (seed and self.path.is_file()):
                break
            try:
                src = sqlite3.connect(f"file:{quote(str(self.path))}?{how}", uri=True, timeout=0.2)
                try:
                    if 0 < src.execute("PRAGMA user_version").fetchone()[0] <= SCHEMA_VERSION:
                        src.backup(mem)
                        copied = True
                finally:
                    src.close()
            except _SQL_ERRORS:
                copied = False
        if copied:
            version = mem.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                self._migrate(mem)
        else:
            mem.close()
            mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            self._migrate(mem)
        self._next_try = time.monotonic() + 1.0
        return SQLiteBackend(mem)

    def _set_aside(self, why: str) -> None:
        aside = aside_path(self.path)
        try:
            os.replace(self.path, aside)
        except OSError as err:
            where = f"it could not be moved aside ({err.strerror})"
        else:
            where = f"it was moved aside to {aside.name}"
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    try:
                        os.replace(side, aside.with_name(aside.name + suffix))
                    except OSError:
                        pass
        self._warn(
            f"Your learner data file {self.path} could not be used ({why}); {where}, and a fresh one is "
            "started. Practice goes on."
        )

    def _legacy_ops(self) -> list[Op]:
        """The old progress.json and settings.json beside the store, as changes (with a warning
        for what could not be imported; the files themselves are never changed)."""
        ops: list[Op] = []
        data, why = read_json_file(self.legacy)
        if why is None and data is not None and not (isinstance(data, dict) and isinstance(data.get("topics"), dict)):
            why = "it does not hold a 'topics' table"
        if why:
            self._warn(
                f"Your old quiz progress file {self.legacy} could not be imported ({why}); it is kept as it "
                "was. Practice goes on."
            )
        elif isinstance(data, dict):
            bad = []
            for name, value in data["topics"].items():
                totals = old_totals(value)
                if totals is None:
                    bad.append(name)
                else:
                    ops.append(Carry(str(name), totals))
            if bad:
                self._warn(
                    f"Your old quiz progress file {self.legacy} could not be imported in full: the entries for "
                    f"{', '.join(map(repr, bad))} make no sense; the others were imported, and the file is kept "
                    "as it was. Practice goes on."
                )
            ops.append(Note("imported progress", f"{self.legacy} at {time.strftime('%Y-%m-%dT%H:%M:%S')}"))
        settings_file = self.path.with_name("settings.json")
        data, why = read_json_file(settings_file)
        if why is None and data is not None and not isinstance(data, dict):
            kind = {list: "a list", str: "a string", bool: "true or false"}.get(type(data), "a number")
            why = f'it holds {kind}, not a table of settings such as {{"rules": "uk"}}'
        if why:  # set aside, as a damaged store is: kept whole, and never read again
            self._warn(
                f"Your settings file {settings_file} was damaged and could not be read ({why}); "
                f"{move_aside(settings_file)}, and the standard settings are used. Practice goes on."
            )
        elif isinstance(data, dict):
            ops.extend(SetSetting(str(k), v) for k, v in data.items() if v is not None)
            ops.append(Note("imported settings", f"{settings_file} at {time.strftime('%Y-%m-%dT%H:%M:%S')}"))
        return ops

    # --- changing --------------------------------------------------------------------------
    def write(self, *ops: Op) -> bool:
        """Apply ``ops`` in one transaction. ``True`` when they are in the file; ``False``
        when they are kept in memory (with one warning) until the file can take them."""
        with self._lock:
            try:
                self._after_fork()
                for _attempt in (1, 2):  # a second time on a fresh file, when the first was damaged
                    if self._memory:
                        break
                    try:
                        self._backend.apply(ops)
                        return True
                    except _SQL_ERRORS as err:
                        self._trouble_writing(err)
                self._backend.apply(ops)
                if self._retry:
                    self._unsaved.extend(ops)
                    return self.save()
                return False
            finally:
                for hook in WRITE_HOOKS:
                    hook(self, ops)

    def _trouble_writing(self, err: BaseException) -> None:
        if self._memory:
            raise err
        trouble = _trouble(err)
        old = self._backend
        if trouble == "damaged":
            old.close()
            self._set_aside(_why(err))
            self._backend = self._start()
            return
        self._retry = True
        self._backend = self._in_memory(self._memory_message(trouble, err), seed=True)
        old.close()

    def save(self, *, force: bool = False) -> bool:
        """Write what is kept in memory to the file, if it can be now. ``True`` when nothing is left unsaved."""
        with self._lock:
            if not self._retry:
                return self.saving
            if not force and time.monotonic() < self._next_try:
                return False
            self._next_try = time.monotonic() + 1.0
            try:
                db = self._open_file(min(self.timeout, 0.05))
            except _OPEN_ERRORS:
                return False
            disk = SQLiteBackend(db)
            try:
                disk.apply(self._unsaved)
            except _SQL_ERRORS:
                disk.close()
                return False
            db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            self._backend.close()
            self._backend = disk
            self._unsaved = []
            self._retry = self._memory = False
            return True

    def _after_fork(self) -> None:
        """A connection must not cross a fork: a child process opens its own."""
        if os.getpid() != self._pid:
            self._pid = os.getpid()
            if not self._memory:
                self._backend = self._start()

    # --- reading ---------------------------------------------------------------------------
    def _read(self, fn: Callable[[Backend], Any]) -> Any:
        with self._lock:
            self._after_fork()
            try:
                return fn(self._backend)
            except _SQL_ERRORS as err:
                self._trouble_writing(err)
                return fn(self._backend)

    def answers(self, topic: str | None = None) -> list[tuple[str, bool]]:
        """``(topic, correct)`` for every answer (on ``topic``), oldest first."""
        result: list[tuple[str, bool]] = self._read(lambda b: b.answers(topic))
        return result

    def answer_log(self) -> list[tuple[str, bool, float, float | None]]:
        """Every answer as ``(topic, correct, at, seconds)``, oldest first."""
        result: list[tuple[str, bool, float, float | None]] = self._read(lambda b: b.answer_log())
        return result

    def carried(self) -> dict[str, tuple[int, int, int, int]]:
        """Totals carried over from an old progress file, per topic."""
        result: dict[str, tuple[int, int, int, int]] = self._read(lambda b: b.carried())
        return result

    def setting(self, key: str, default: Any = None) -> Any:
        """A setting's value, or ``default``."""
        raw = self._read(lambda b: b.settings()).get(key)
        if raw is None:
            return default
        try:
            return json.loads(raw)
        except ValueError:
            return default

    def settings(self) -> dict[str, Any]:
        """Every setting, with its value."""
        out = {}
        for k, raw in self._read(lambda b: b.settings()).items():
            try:
                out[k] = json.loads(raw)
            except ValueError:
                continue
        return out

    def meta(self) -> dict[str, str]:
        """Notes the store keeps about itself (what was imported, when)."""
        result: dict[str, str] = self._read(lambda b: b.meta())
        return result

    def hands(self, game: str | None = None) -> list[tuple[str, int, dict[str, Any]]]:
        """Saved hands as ``(game, number, record)``, by game and number."""
        return [(g, n, json.loads(r)) for g, n, r, _at in self.hand_rows() if game is None or g == game]

    def hand_rows(self) -> list[tuple[str, int, str, float]]:
        """Saved hands as they are stored, ``(game, number, record's JSON text, time saved)``, by
        game and number: a damaged row is read as text, not parsed."""
        rows: list[tuple[str, int, str, float]] = self._read(lambda b: b.hands())
        return rows

    def retries(self) -> dict[str, dict[str, Any]]:
        """The retry questions by key (oldest first)."""
        return {k: json.loads(q) for k, q, _note, _at in self._read(lambda b: b.retries())}

    def cards(self, kind: str | None = None) -> list[CardRow]:
        """The scheduled items (of one ``kind``), soonest due first."""
        rows: list[CardRow] = self._read(lambda b: b.cards())
        return [r for r in rows if kind is None or r.kind == kind]

    def review_times(self) -> list[float]:
        """When each review happened (seconds since the epoch)."""
        result: list[float] = self._read(lambda b: b.review_times())
        return result

    def reviews(self) -> list[tuple[str, str, int, float]]:
        """Every review in the practice schedule as ``(kind, key, rating, at)``, oldest first."""
        result: list[tuple[str, str, int, float]] = self._read(lambda b: b.reviews())
        return result

    def decisions(self, situation: str | None = None, grade: str | None = None) -> list[DecisionRow]:
        """The learner's decisions at the table (in one ``situation``, of one ``grade``), oldest first."""
        rows: list[DecisionRow] = self._read(lambda b: b.decisions())
        return [r for r in rows if situation in (None, r.situation) and grade in (None, r.grade)]

    def situation_answers(self, situation: str | None = None) -> list[SituationAnswerRow]:
        """The answers filed under a situation (under ``situation``), oldest first."""
        rows: list[SituationAnswerRow] = self._read(lambda b: b.situation_answers())
        return [r for r in rows if situation in (None, r.situation)]

    def outbox(self) -> tuple[list[tuple[int, str, bool, float]], set[str]]:
        """Every answer as ``(id, topic, correct, at)``, and the keys a class has acknowledged (:mod:`.class_link`)."""
        result: tuple[list[tuple[int, str, bool, float]], set[str]] = self._read(lambda b: (b.answer_rows(), b.sent()))
        return result

    def close(self) -> None:
        """Close the file (after a last try to save what is in memory)."""
        with self._lock:
            if self._retry:
                self.save(force=True)
            self._backend.close()
            for key in [k for k, v in _SHARED.items() if v is self]:
                del _SHARED[key]

    def _connection(self) -> Any:
        """The SQLite connection in use (for tests and tools), ``None`` without SQLite."""
        return self._backend.db if isinstance(self._backend, SQLiteBackend) else None

    def __repr__(self) -> str:
        where = "saving to" if self.saving else "in memory, for"
        return f"<Store {where} {self.path}>"

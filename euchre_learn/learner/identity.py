"""Who the learner is, for a class: an id made once and kept in the learner's store, so every
export of the store, and every answer it sends to a class, is known as the same learner
whatever name it carries (two students sharing a login name stay two).

>>> import tempfile, os
>>> from euchre_learn.learner.store import Store
>>> s = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> first = learner_id(s)
>>> len(first), first == learner_id(s) == learner_id(Store(s.path))
(16, True)
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from euchre_learn.learner.store import Store
from euchre_learn.learner.store_tables import Tables

__all__ = ["ID_KEY", "KeepSetting", "MakeId", "learner_id", "valid_id"]

ID_KEY = "learner-id"
"""The store's setting holding the learner's id (made once)."""


@dataclass(frozen=True)
class KeepSetting:
    """A store op: set a setting only where it is not set yet (two processes making an id keep one)."""

    key: str
    value: Any

    def sql(self, db: Any) -> None:
        db.execute("INSERT OR IGNORE INTO settings VALUES (?, ?)", (self.key, json.dumps(self.value)))

    def memory(self, m: Tables) -> None:
        m.settings.setdefault(self.key, json.dumps(self.value))


@dataclass(frozen=True)
class MakeId:
    """A store op: give the learner ``value`` as their id unless the store already holds a valid
    one, checked inside the write's transaction. Two notebooks making an id at once keep the first
    one written; a damaged id is replaced."""

    value: str

    def sql(self, db: Any) -> None:
        row = db.execute("SELECT value FROM settings WHERE key = ?", (ID_KEY,)).fetchone()
        if row is None or not valid_id(_loads(row[0])):
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (ID_KEY, json.dumps(self.value)))

    def memory(self, m: Tables) -> None:
        if not valid_id(_loads(m.settings.get(ID_KEY, "null"))):
            m.settings[ID_KEY] = json.dumps(self.value)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def valid_id(value: Any) -> bool:
    """Whether ``value`` can be a learner's id: 8 to 64 lower-case hex digits."""
    return isinstance(value, str) and 8 <= len(value) <= 64 and all(c in "0123456789abcdef" for c in value)


def learner_id(store: Store) -> str:
    """The learner's id in ``store``: made once (16 random hex digits) and kept with their data."""
    have = store.setting(ID_KEY)
    if not valid_id(have):
        # not "clear, then keep one": a clear that follows another notebook's new id would wipe it,
        # and the two would send the class the same answers under two ids (the fresh-clone CI saw it)
        store.write(MakeId(secrets.token_hex(8)))
        have = store.setting(ID_KEY)
    assert isinstance(have, str)
    return have

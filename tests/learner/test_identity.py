"""The learner's id (learner/identity.py): made once, kept by every notebook on the same store,
even when two make it at once (the fresh-clone CI once saw two ids, and every answer sent to the
class twice: a notebook cleared the id another had just made)."""

from __future__ import annotations

import threading
from pathlib import Path

from euchre_learn.learner.identity import ID_KEY, MakeId, learner_id, valid_id
from euchre_learn.learner.store import Store
from euchre_learn.learner.store_tables import SetSetting


def test_a_late_maker_keeps_the_id_another_notebook_made(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    late, first = Store(path), Store(path)
    made = learner_id(first)
    late.write(MakeId("f" * 16))  # as if it had looked before the other notebook wrote its id
    assert learner_id(late) == learner_id(first) == made != "f" * 16


def test_a_damaged_id_is_replaced_by_a_valid_one(tmp_path: Path) -> None:
    store = Store(tmp_path / "learner.sqlite3")
    store.write(SetSetting(ID_KEY, "not an id"))
    new = learner_id(store)
    assert valid_id(new) and learner_id(Store(store.path)) == new


def _make_at_once(path: Path, n: int) -> list[str]:
    """``n`` notebooks (stores on one file) asking for the id at the same moment."""
    stores = [Store(path) for _ in range(n)]
    ids: list[str] = []
    start = threading.Barrier(n)

    def make(store: Store) -> None:
        start.wait()
        ids.append(learner_id(store))

    threads = [threading.Thread(target=make, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return ids


def test_many_notebooks_making_an_id_at_once_agree(tmp_path: Path) -> None:
    for attempt in range(10):  # the old clear-then-keep gave two ids in about 1 run in 4
        ids = _make_at_once(tmp_path / f"learner{attempt}.sqlite3", 6)
        assert len(ids) == 6 and len(set(ids)) == 1, ids

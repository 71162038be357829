"""Live progress against the real class server (issue 25): a learner's store linked to the class
(euchre_learn.learner.class_link) sends what it records; answers kept while the server was down
go once it is up; a lost reply means a resend the server counts once; a table decision's
situation reaches the class; a bad token loses nothing."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from euchre_learn.classroom.cli import main
from euchre_learn.classroom.server.db import answers as answers_table
from euchre_learn.learner import class_link
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.store import AddDecision, Store

from .serverkit import quick_config, running


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_learners_answers_reach_the_class_exactly_once(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = Progress(tmp_path / "learner.sqlite3")
    # recorded while the class server is down (the learner had joined it the day before)
    class_link.join_class(f"http://127.0.0.1:{_free_port()}", "not-yet", store=p.store)
    for i in range(4):
        p.record("bowers", i != 1, at=1_700_000_000.0 + i)
    p.store.write(
        AddDecision(
            "g1", 2, 5, "S", "bid-2-dealer-opp", "bidding", "pass", "order up", "blunder", 0.9, at=1_700_000_100.0
        )
    )
    assert class_link.wait(p.store, 30)
    assert len(class_link.pending(p.store)) == 5  # nothing lost

    with running(db_url, quick_config()) as srv:
        ann = srv.student("Ann")
        with pytest.warns(class_link.ClassLinkWarning, match="token was not accepted"):
            assert class_link.join_class(srv.url, "wrong-token", store=p.store).status == "refused"
        assert len(class_link.pending(p.store)) == 5  # a refusal keeps everything

        # joining from the command line sends the backlog
        store_file = str(tmp_path / "learner.sqlite3")
        assert main(["progress", "join-class", "--server", srv.url, "--token", ann, "--store", store_file]) == 0
        assert "5 answers sent now (0 the class had already)" in capsys.readouterr().out
        assert class_link.pending(p.store) == []
        rows = {(r["student"], r["topic"]): (r["answered"], r["correct"]) for r in srv.http.get("/api/progress").json()}
        assert rows == {("Ann", "bowers"): (4, 3), ("Ann", "table"): (1, 0)}
        # the decision's situation is at the class, for the teacher's per-situation view
        with srv.db.engine.connect() as c:
            got = c.execute(sa.select(answers_table.c.topic, answers_table.c.family, answers_table.c.situation)).all()
        assert ("table", "bidding", "bid-2-dealer-opp") in [tuple(r) for r in got]

        # a reply lost: the server got the answers, the learner never recorded that it did
        class_link.leave_class(store=p.store)
        p.record("scoring", True, at=1_700_000_200.0)
        p.record("scoring", False, at=1_700_000_201.0)
        class_link.join_class(srv.url, ann, store=p.store, send=False)
        lost = class_link.pending(p.store)
        assert len(lost) == 2
        with httpx.Client(base_url=srv.url, headers={"authorization": f"Bearer {ann}"}, timeout=10) as http:
            assert http.post("/api/answers", json={"answers": lost}).json()["added"] == 2
        # the next sends (twice, as a write's background send and an explicit one may) count once
        assert class_link.flush(p.store) == class_link.Flush("sent", 0, 2, 0)
        assert class_link.flush(p.store) == class_link.Flush("sent", 0, 0, 0)
        rows = {(r["student"], r["topic"]): (r["answered"], r["correct"]) for r in srv.http.get("/api/progress").json()}
        assert rows[("Ann", "scoring")] == (2, 1) and rows[("Ann", "bowers")] == (4, 3)

        # as it happens: a new answer goes in the background
        p.record("bowers", True, at=1_700_000_300.0)
        assert class_link.wait(p.store, 30)
        rows = {(r["student"], r["topic"]): r["answered"] for r in srv.http.get("/api/progress").json()}
        assert rows[("Ann", "bowers")] == 5

        assert main(["progress", "leave-class", "--store", store_file]) == 0
        assert "no longer sent to a class" in capsys.readouterr().out
        p.record("bowers", True, at=1_700_000_400.0)
        assert class_link.flush_soon(p.store) is None and class_link.flush(p.store).status == "not linked"

        # a restart (a new store object on the same file) sends nothing again
        p.store.close()
        again = Store(tmp_path / "learner.sqlite3")
        class_link.join_class(srv.url, ann, store=again, send=False)
        assert [e["at"] for e in class_link.pending(again)] == [1_700_000_400.0]  # only the one recorded unlinked
        assert class_link.flush(again) == class_link.Flush("sent", 1, 0, 0)
        again.close()


def test_joining_a_table_joins_the_class_so_the_teacher_sees_the_game(db_url: str, tmp_path: Path) -> None:
    """One step: ``el.table.join`` links the learner's store to the class too, so after a hand at
    the table the teacher's Progress has the learner's decisions (self-reported, from their store)
    beside the same decisions graded by the server."""
    import time

    import euchre_learn as el

    with running(db_url, quick_config(review=True, review_worlds=4)) as srv:
        code = srv.table(seed="one-step", dealer="W")
        ann = srv.student("Ann")
        widget = el.table.join(code, server=srv.url, token=ann, seat="S", progress=str(tmp_path / "ann.sqlite3"))
        t = widget.seat
        assert t.keeper is not None
        store = t.keeper.store
        assert class_link.class_link(store) == {"server": srv.url, "token": ann}  # joined the class too
        srv.start(code)
        deadline = time.monotonic() + 120
        while not any(r.get("hand") == 1 for r in t.reviews):
            assert time.monotonic() < deadline, "no review of hand 1"
            t.update(wait=0.05)
            if t.my_turn:
                assert t.act(t.legal_actions()[0]), t.error
        t.update(wait=0.2)
        kept = len(store.decisions())
        assert kept > 0 and class_link.wait(store, 30)
        answered: dict[tuple[str, str], int] = {}
        for r in srv.http.get("/api/progress").json():  # a row per situation family: summed
            if r["student"] == "Ann":
                answered[r["topic"], r["source"]] = answered.get((r["topic"], r["source"]), 0) + r["answered"]
        # the same decisions twice: as the learner's store sent them, and as the server graded them
        assert answered == {("table", "self-reported"): kept, ("class table", "graded by the server"): kept}
        widget.seat.close()

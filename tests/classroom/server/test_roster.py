"""A class roster (classroom/server/roster.py): a CSV of names in, a CSV of links out, from the
command line (``euchre-learn class roster IN.csv OUT.csv --server URL``), the teacher's page and
the API; a bad CSV is refused whole, naming the line; each link opens the learner's own page."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import httpx
import pytest

from euchre_learn.classroom.cli import main
from euchre_learn.classroom.server import Database

from .serverkit import TEACHER, running

SERVER = "http://10.0.0.5:8765"


def _links(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_roster_command_adds_the_students_and_writes_their_links(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = tmp_path / "names.csv"
    names.write_text("name,group\nAnn Lee,1\n\n  Bob   Ray ,2\nCy,1\n", encoding="utf-8")
    out = tmp_path / "links.csv"
    assert main(["class", "roster", str(names), str(out), "--server", SERVER, "--db", db_url]) == 0
    assert "added 3 students" in capsys.readouterr().out
    rows = _links(out.read_text(encoding="utf-8"))
    assert [r["name"] for r in rows] == ["Ann Lee", "Bob Ray", "Cy"]
    assert all(r["link"] == f"{SERVER}/join?token={r['token']}" for r in rows)
    with running(db_url) as srv:  # the server on that database knows them by their tokens
        code = srv.table(seed="roster")
        for r in rows:
            page = httpx.get(f"{srv.url}/join", params={"token": r["token"]}, timeout=10)
            assert page.status_code == 200 and f"You are <b>{r['name']}</b>" in page.text
            assert code in page.text and f"el.table.join(&#x27;{code}&#x27;" in page.text
        assert httpx.get(f"{srv.url}/join", params={"token": "forged"}, timeout=10).status_code == 401
        # the same roster again: every name is taken now, and the first is named
        assert (
            main(["class", "roster", str(names), str(tmp_path / "again.csv"), "--server", SERVER, "--db", db_url]) == 2
        )
        err = capsys.readouterr().err.strip().splitlines()
        assert err == [f"euchre-learn: {names}: line 2: there is already a student called 'Ann Lee' in this class"]
        assert not (tmp_path / "again.csv").exists()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"Ann\nBob\nann\n", "line 3: 'ann' is on line 1 already"),
        (b"Ann\n,Bob\n", "line 2: no name in the first column"),
        (b"name\nAnn\n" + b"x" * 101 + b"\n", "line 3: the name has 101 characters; at most 100"),
        (b"Ann\nBj\xf6rn\n", "line 2 is not UTF-8 text"),
        (b"\n\n", "the roster has no names"),
    ],
)
def test_a_bad_roster_names_its_line_and_adds_nobody(
    content: bytes, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names, out, db = tmp_path / "names.csv", tmp_path / "links.csv", tmp_path / "class.sqlite3"
    names.write_bytes(content)
    assert main(["class", "roster", str(names), str(out), "--server", SERVER, "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"euchre-learn: {names}: ") and problem in err[0], err
    assert not out.exists()
    database = Database(f"sqlite:///{db}")
    assert database.students(database.first_class() or 0) == []
    database.close()


def test_the_roster_from_the_teachers_page_and_the_api(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'class.sqlite3'}") as srv:
        with httpx.Client(base_url=srv.url, timeout=10) as browser:
            browser.get(f"/teacher?token={TEACHER}")
            assert 'action="/teacher/roster"' in browser.get("/teacher").text
            r = browser.post("/teacher/roster", data={"csv": "Ann\nBob\n"})
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
            assert [x["name"] for x in _links(r.text)] == ["Ann", "Bob"]
            assert all(x["link"].startswith(f"{srv.url}/join?token=") for x in _links(r.text))
            bad = browser.post("/teacher/roster", data={"csv": "Cy\nBob\n"})
            assert bad.status_code == 400 and "line 2: there is already a student called &#x27;Bob&#x27;" in bad.text
        r = srv.http.post("/api/roster", params={"server": SERVER}, content="name\nCy\n")
        assert r.status_code == 200 and _links(r.text)[0]["link"].startswith(f"{SERVER}/join?token=")
        r = srv.http.post("/api/roster", content="Dee\nDee\n")
        assert r.status_code == 400 and r.json() == {
            "type": "error",
            "code": "bad_roster",
            "message": "the roster: line 2: 'Dee' is on line 1 already (names are told apart without case)",
        }
        assert [s["name"] for s in srv.http.get("/api/students").json()] == ["Ann", "Bob", "Cy"]
        assert httpx.post(f"{srv.url}/api/roster", content="Eve\n", timeout=10).status_code == 401

"""A class's progress (euchre_learn.classroom.class_progress, class_summary and `euchre-learn progress`):
export to JSON checked against a schema, import without double counting, a summary over a folder:
one row per learner (by the store's own id, not the login name), repeated exports replacing each
other, a bad file skipped and named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from euchre_learn.classroom.class_progress import (
    EXPORT_FORMAT,
    ProgressFileError,
    check_export,
    export_progress,
    import_progress,
    learner_id,
    learner_name,
)
from euchre_learn.classroom.class_summary import read_class, students, summarize_folder
from euchre_learn.classroom.cli import main
from euchre_learn.learner.progress import Progress, TopicStats
from euchre_learn.learner.schedule import Schedule


def learner(path: Path, answers: dict[str, list[bool]]) -> Progress:
    p = Progress(path)
    for topic, results in answers.items():
        for ok in results:
            p.record(topic, ok, seconds=10)
    return p


def test_export_and_import_round_trip_and_import_twice_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "progress.json").write_text(
        json.dumps({"topics": {"benny": {"answered": 4, "correct": 4, "streak": 4, "best_streak": 4}}})
    )
    a = learner(tmp_path / "a" / "learner.sqlite3", {"benny": [True, False], "scoring": [True]})
    data = export_progress(a.store, learner="alice")
    assert data["format"] == EXPORT_FORMAT and data["learner"] == "alice"
    assert data["topics"]["benny"] == {"answered": 6, "correct": 5, "streak": 0, "best_streak": 5}
    json.dumps(data)  # plain JSON
    b = Progress(tmp_path / "b.sqlite3")
    b.record("scoring", False)
    assert import_progress(data, b.store) == 3
    assert import_progress(data, b.store) == 0
    assert b.stats("benny") == TopicStats(6, 5, 0, 5)
    assert b.stats("scoring").answered == 2
    assert Schedule(b).item("quiz", "benny") == Schedule(a).item("quiz", "benny")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d["answers"][0].update(correct="yes"), "answers.0.correct"),
        (lambda d: d["answers"][0].pop("topic"), "answers.0"),
        (lambda d: d.update(extra=1), "(the file)"),
        (lambda d: d["topics"]["scoring"].update(answered=9), "topics.scoring: the totals do not match"),
        (lambda d: d["topics"].pop("scoring"), "topics: 'scoring' has answers but no totals"),
        (lambda d: d["answers"][0].update(at=10**20), "answers.0.at"),
    ],
)
def test_a_bad_export_is_refused_naming_the_place(tmp_path: Path, change, where) -> None:
    data = export_progress(learner(tmp_path / "l.sqlite3", {"scoring": [True, True]}).store, learner="bo")
    change(data)
    with pytest.raises(ProgressFileError, match=re.escape(f"x.json: {where}")):
        check_export(data, "x.json")


def test_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    marks = {"ann": [True] * 9 + [False], "ben": [False] * 4 + [True] * 2, "cat": [False, False]}
    for who, results in marks.items():
        store = tmp_path / f"{who}.sqlite3"
        learner(store, {"scoring": results, "left-bower": [True]}).store.close()
        assert (
            main(["progress", "export", "--store", str(store), "--learner", who, "--out", str(folder / f"{who}.json")])
            == 0
        )
    capsys.readouterr()
    assert main(["progress", "summary", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["topic", "learners", "answered", "right", "struggling"]
    assert out[1].split() == ["left-bower", "3", "3", "100%", "-"]
    assert out[2].split() == ["scoring", "3", "18", "61%", "ben"]  # cat has too few answers to tell

    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("EUCHRE_LEARN_PROGRESS", raising=False)
    assert main(["progress", "import", str(folder / "ann.json")]) == 0
    assert "imported 11 new answers" in capsys.readouterr().out
    assert Progress().stats("scoring") == TopicStats(10, 9, 0, 9)
    assert main(["progress", "export"]) == 0
    assert json.loads(capsys.readouterr().out)["topics"]["scoring"]["answered"] == 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["progress", "import", "{missing}"], "no such file"),
        (["progress", "import", "{bad}"], "not valid JSON"),
        (["progress", "import", "{deep}"], "nested too deeply"),
        (["progress", "summary", "{missing}"], "not a folder"),
        (["progress", "summary", "{empty}"], "no progress exports"),
        (["progress", "summary", "{badfolder}"], "format"),
        (["progress", "export", "--out", "{blocked}/x.json"], "euchre-learn: "),
    ],
)
def test_command_line_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv, message) -> None:
    (tmp_path / "bad.json").write_text("{oops")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "empty").mkdir()
    (tmp_path / "badfolder").mkdir()
    (tmp_path / "badfolder" / "x.json").write_text('{"format": "no", "learner": "x", "topics": {}, "answers": []}')
    (tmp_path / "blocked").write_text("a file, not a folder")
    names = {
        k: str(tmp_path / v)
        for k, v in [
            ("missing", "nope.json"),
            ("bad", "bad.json"),
            ("deep", "deep.json"),
            ("empty", "empty"),
            ("badfolder", "badfolder"),
            ("blocked", "blocked"),
        ]
    }
    args = [a.format(**names) for a in argv]
    if args[1] == "export":
        args += ["--store", str(tmp_path / "s.sqlite3")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre-learn: ") and message in err and err.count("\n") == 1


def test_summary_of_a_folder_is_by_topic(tmp_path: Path) -> None:
    for who in ("a", "b"):
        data = export_progress(learner(tmp_path / f"{who}.sqlite3", {"benny": [who == "a"] * 5}).store, learner=who)
        (tmp_path / f"{who}.json").write_text(json.dumps(data))
    [row] = summarize_folder(tmp_path)
    assert (row.topic, row.learners, row.answered, row.correct, row.struggling) == ("benny", 2, 10, 5, ("b",))


def _export(store: Path, out: Path, *extra: str) -> int:
    return main(["progress", "export", "--store", str(store), "--out", str(out), *extra])


def test_two_learners_with_one_name_stay_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two students whose servers both run as `jovyan` (or who type the same name): each store
    has its own id, so the summary keeps them apart and says so."""
    folder = tmp_path / "class"
    folder.mkdir()
    learner(tmp_path / "a.sqlite3", {"scoring": [True] * 6}).store.close()
    learner(tmp_path / "b.sqlite3", {"scoring": [False] * 6}).store.close()
    assert _export(tmp_path / "a.sqlite3", folder / "a.json", "--learner", "jovyan") == 0
    assert _export(tmp_path / "b.sqlite3", folder / "b.json", "--learner", "jovyan") == 0
    capsys.readouterr()
    assert main(["progress", "summary", str(folder)]) == 0
    captured = capsys.readouterr()
    [row] = [line.split() for line in captured.out.splitlines() if line.startswith("scoring")]
    assert row[:4] == ["scoring", "2", "12", "50%"]  # two learners, not one with 12 answers
    assert "2 learners call themselves 'jovyan' (a.json, b.json)" in captured.err
    found = read_class(folder)
    assert len({e["learner"] for e in found.exports}) == 2
    assert all(e["learner"].startswith("jovyan (") for e in found.exports)
    assert len({e["learner_id"] for e in found.exports}) == 2


def test_a_shared_login_is_never_taken_as_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import getpass

    monkeypatch.setattr(getpass, "getuser", lambda: "jovyan")
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    store = tmp_path / "s.sqlite3"
    learner(store, {"scoring": [True]}).store.close()
    assert _export(store, tmp_path / "x.json") == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre-learn: the login name 'jovyan' is shared") and "--learner" in err
    assert err.count("\n") == 1 and not (tmp_path / "x.json").exists()
    # given once, the name is kept with the learner's data for every later export
    assert _export(store, tmp_path / "x.json", "--learner", "Ann  Lee") == 0
    assert _export(store, tmp_path / "y.json") == 0
    first, second = (json.loads((tmp_path / f).read_text()) for f in ("x.json", "y.json"))
    assert first["learner"] == second["learner"] == "Ann Lee"
    assert first["learner_id"] == second["learner_id"]
    monkeypatch.setenv("JUPYTERHUB_USER", "bo")  # a hub user is a person's own login
    fresh = tmp_path / "t.sqlite3"
    learner(fresh, {"scoring": [True]}).store.close()
    assert _export(fresh, tmp_path / "z.json") == 0
    assert json.loads((tmp_path / "z.json").read_text())["learner"] == "bo"


def test_a_repeated_export_replaces_the_last_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Week 1: 10 answers; week 2: 19 more. The class has 29 answers, not 10 + 29 = 39."""
    folder = tmp_path / "class"
    folder.mkdir()
    store = tmp_path / "ann.sqlite3"
    p = learner(store, {"scoring": [True] * 10})
    assert _export(store, folder / "ann-week1.json", "--learner", "ann") == 0
    week1 = json.loads((folder / "ann-week1.json").read_text())
    week1["exported"] = "2026-09-07T10:00:00+00:00"
    (folder / "ann-week1.json").write_text(json.dumps(week1))
    for ok in [True] * 15 + [False] * 4:
        p.record("scoring", ok, seconds=10)
    p.store.close()
    assert _export(store, folder / "ann-week2.json") == 0
    capsys.readouterr()
    assert main(["progress", "summary", str(folder)]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].split() == ["scoring", "1", "29", "86%", "-"]
    assert "ann-week1.json and ann-week2.json are the same learner: counted ann-week2.json" in captured.err
    # an old export (format 1, no id) sent twice under one name counts once too
    old = tmp_path / "old"
    old.mkdir()
    for i, n in enumerate((10, 29)):
        data = {k: v for k, v in week1.items() if k != "learner_id"} | {"format": "euchre-learn/progress-export-1"}
        data["answers"] = [{"topic": "scoring", "correct": True, "at": 1e9 + j} for j in range(n)]
        data["topics"] = {"scoring": {"answered": n, "correct": n, "streak": n, "best_streak": n}}
        data["exported"] = f"2026-09-0{i + 1}T10:00:00+00:00"
        (old / f"w{i}.json").write_text(json.dumps(data))
    [row] = summarize_folder(old)
    assert (row.learners, row.answered) == (1, 29)


def test_a_bad_file_is_skipped_and_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for who, results in {"ann": [True] * 4, "ben": [False, True]}.items():
        learner(tmp_path / f"{who}.sqlite3", {"scoring": results}).store.close()
        assert _export(tmp_path / f"{who}.sqlite3", folder / f"{who}.json", "--learner", who) == 0
    (folder / "broken.json").write_text('{"format": "euchre-learn/progress-export-2", "learner"')
    capsys.readouterr()
    assert main(["progress", "summary", str(folder)]) == 1  # summed the rest; 1 says a file was skipped
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].split() == ["scoring", "2", "6", "83%", "-"]
    [warning] = captured.err.splitlines()
    assert warning.startswith("euchre-learn: warning: skipped broken.json: ") and "JSON" in warning


def test_per_student_table_csv_and_dates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import datetime as dt

    folder = tmp_path / "class"
    folder.mkdir()
    day = dt.datetime(2026, 9, 1, 12).timestamp()
    for who, plan in {"ann": [(0, True), (0, True), (10, False)], "ben": [(10, True)] * 6}.items():
        store = tmp_path / f"{who}.sqlite3"
        p = Progress(store)
        p.store.close()
        data = export_progress(Progress(store).store, learner=who)
        data["answers"] = [
            {"topic": "scoring" if i % 2 else "left-bower", "correct": ok, "at": day + d * 86400 + i}
            for i, (d, ok) in enumerate(plan)
        ]
        from euchre_learn.classroom.class_progress import topic_stats, topic_totals

        data["topics"] = {n: topic_totals(t) for n, t in topic_stats(data["answers"], {}).items()}
        (folder / f"{who}.json").write_text(json.dumps(data))
    out = tmp_path / "grades.csv"
    assert main(["progress", "summary", str(folder), "--students", "--csv", str(out)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:4] == ["learner", "answered", "right", "topics"]
    assert table[1].split()[:4] == ["ann", "3", "67%", "2"]
    assert table[2].split()[:4] == ["ben", "6", "100%", "2"]
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["learner"], r["answered"], r["right"], r["percent_right"]) for r in rows] == [
        ("ann", "3", "2", "66.7"),
        ("ben", "6", "6", "100.0"),
    ]
    ann_row = rows[0]
    assert (ann_row["scoring answered"], ann_row["left-bower answered"], ann_row["left-bower right"]) == ("1", "2", "1")
    assert rows[0]["learner_id"] and rows[0]["first_answer"].startswith("2026-09-01")
    # the first week only: ann's two answers of the 1st; ben answered later
    assert main(["progress", "summary", str(folder), "--students", "--until", "2026-09-01", "--csv", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:3] == ["ann", "2", "100%"] and lines[2].split()[:3] == ["ben", "0", "-"]
    assert main(["progress", "summary", str(folder), "--since", "2026-09-05"]) == 0
    assert [line.split()[:3] for line in capsys.readouterr().out.splitlines()[1:]] == [
        ["left-bower", "2", "4"],
        ["scoring", "1", "3"],
    ]
    assert main(["progress", "summary", str(folder), "--since", "Sept 1"]) == 2
    assert "is not a date" in capsys.readouterr().err
    [ann, ben] = students(read_class(folder).exports)
    assert (ann.answered, ben.answered) == (3, 6)


def test_the_store_keeps_one_id(tmp_path: Path) -> None:
    p = learner(tmp_path / "s.sqlite3", {"scoring": [True]})
    first = learner_id(p.store)
    assert first == learner_id(Progress(tmp_path / "s.sqlite3").store) and len(first) == 16
    assert learner_name(p.store) is None
    data = export_progress(p.store, learner="ann")
    other = Progress(tmp_path / "new-machine.sqlite3")
    import_progress(data, other.store)  # the same learner on a new machine keeps their id and name
    assert learner_id(other.store) == first and learner_name(other.store) == "ann"

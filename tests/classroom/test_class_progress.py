"""A class's progress (euchre_learn.classroom.class_progress and `euchre-learn progress`): export to
JSON checked against a schema, import without double counting, a summary over a folder."""

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
    summarize_folder,
)
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

"""Quiz progress (euchre_learn.learner.progress): kept in the learner's SQLite store where the learner's
Jupyter data lives, counted from one row per answer, an old progress.json imported once, and
a damaged store set aside with a warning while practice goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_learn.learner.progress import PROGRESS_FORMAT, Progress, ProgressWarning, TopicStats, default_path
from euchre_learn.teaching.quiz import Practice


def asides(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.glob(path.name + ".corrupt-*") if not p.name.endswith(("-wal", "-shm")))


def test_where_the_store_lives(monkeypatch, tmp_path):
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    assert Progress().path == tmp_path / "mine.sqlite3"
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "old.json"))  # the old file's name: the store beside it
    assert default_path() == tmp_path / "old.sqlite3"
    monkeypatch.delenv("EUCHRE_LEARN_PROGRESS")
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "learner.sqlite3"
    monkeypatch.delenv("EUCHRE_LEARN_HOME")
    from jupyter_core.paths import jupyter_data_dir

    assert default_path() == Path(jupyter_data_dir()) / "euchre_learn" / "learner.sqlite3"
    assert Progress(tmp_path / "given.sqlite3").path == tmp_path / "given.sqlite3"
    assert Progress(tmp_path / "given.json").path == tmp_path / "given.sqlite3"


def test_without_jupyter_core_the_data_folder_is_still_found(monkeypatch, tmp_path):
    import builtins

    from euchre_learn.learner import files

    real = builtins.__import__

    def no_jupyter_core(name, *args, **kwargs):
        if name.startswith("jupyter_core"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.delenv("EUCHRE_LEARN_HOME")
    monkeypatch.setattr(builtins, "__import__", no_jupyter_core)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jd"))
    assert files.data_dir() == tmp_path / "jd" / "euchre_learn"
    monkeypatch.delenv("JUPYTER_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert files.data_dir() == tmp_path / "xdg" / "jupyter" / "euchre_learn"


def test_record_save_and_load(tmp_path):
    path = tmp_path / "sub" / "learner.sqlite3"
    p = Progress(path)
    for right in (True, True, False, True, True, True):
        p.record("trick-winner", right)
    p.record("scoring", False)
    assert p.stats("trick-winner") == TopicStats(6, 5, 3, 3)
    assert p.stats("scoring") == TopicStats(1, 0, 0, 0)
    assert p.stats("unseen") == TopicStats()
    assert p.total == TopicStats(7, 5, 3, 3)
    assert path.read_bytes().startswith(b"SQLite format 3")
    assert p.store.answers("scoring") == [("scoring", False)]
    assert Progress(path).topics == p.topics
    assert p.stats("trick-winner").accuracy == pytest.approx(5 / 6)
    assert not p.warnings


def test_two_sessions_lose_nothing(tmp_path):
    path = tmp_path / "learner.sqlite3"
    a, b = Progress(path), Progress(path)
    a.record("left-bower", True)
    b.record("left-bower", False)
    b.record("scoring", True)
    a.record("left-bower", True)
    final = Progress(path)
    assert final.stats("left-bower").answered == 3 and final.stats("left-bower").correct == 2
    assert final.stats("scoring") == TopicStats(1, 1, 1, 1)
    assert a.stats("scoring") == TopicStats(1, 1, 1, 1)  # each session sees the other's answers at once


def test_a_reset_in_one_session_keeps_the_other_sessions_later_answers(tmp_path):
    path = tmp_path / "learner.sqlite3"
    a, b = Progress(path), Progress(path)
    for _ in range(3):
        a.record("left-bower", True)
        b.record("scoring", True)
    a.reset("left-bower")
    b.record("left-bower", False)
    assert Progress(path).stats("left-bower") == TopicStats(1, 0, 0, 0)
    assert Progress(path).stats("scoring") == TopicStats(3, 3, 3, 3)


def test_autosave_off_and_reset(tmp_path):
    path = tmp_path / "learner.sqlite3"
    p = Progress(path, autosave=False)
    p.record("benny", True)
    assert p.stats("benny").answered == 1 and Progress(path).stats("benny").answered == 0
    assert p.save() and Progress(path).stats("benny").answered == 1
    p.reset("benny")
    assert Progress(path).stats("benny").answered == 0
    p.record("railroad", True)
    p.save()
    p.reset()
    assert Progress(path).topics == {}


def test_the_old_progress_file_is_imported_once_and_kept(tmp_path):
    old = tmp_path / "progress.json"
    text = json.dumps(
        {
            "format": PROGRESS_FORMAT,
            "topics": {
                "left-bower": {"answered": 6, "correct": 5, "streak": 3, "best_streak": 4},
                "scoring": {"answered": 2, "correct": 0, "streak": 0, "best_streak": 0},
            },
        }
    )
    old.write_text(text)
    p = Progress(tmp_path / "learner.sqlite3")
    assert p.stats("left-bower") == TopicStats(6, 5, 3, 4)
    p.record("left-bower", True)
    p.record("left-bower", True)
    assert p.stats("left-bower") == TopicStats(8, 7, 5, 5)  # the streak carries on from the old file
    assert old.read_text() == text  # kept as it was, a backup
    assert "imported progress" in p.store.meta()
    assert Progress(tmp_path / "learner.sqlite3").stats("left-bower") == TopicStats(8, 7, 5, 5)  # not again
    p.reset("scoring")
    assert "scoring" not in Progress(tmp_path / "learner.sqlite3").topics
    assert not p.warnings


def test_a_json_path_names_the_store_beside_it_and_imports_that_file(tmp_path):
    old = tmp_path / "mine.json"
    old.write_text(json.dumps({"topics": {"benny": {"answered": 2, "correct": 1}}}))
    p = Progress(old)
    assert p.path == tmp_path / "mine.sqlite3" and p.stats("benny") == TopicStats(2, 1, 0, 0)
    p.record("benny", True)
    assert Practice("benny", seed=1, progress=old).progress.stats("benny").answered == 3
    assert json.loads(old.read_text())["topics"]["benny"]["answered"] == 2


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "not valid JSON"),
        ('["a", "list"]', "'topics' table"),
        ('{"topics": 3}', "'topics' table"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        ('{"topics": {"a": ' + "[" * 100_000 + "]" * 100_000 + "}}", "nested too deeply"),
        ('{"topics": {"a": {"answered": ' + "9" * 5000 + "}}}", "cannot be read"),
    ],
)
def test_a_damaged_old_progress_file_warns_is_kept_and_practice_goes_on(tmp_path, content, why):
    old = tmp_path / "progress.json"
    if isinstance(content, bytes):
        old.write_bytes(content)
    else:
        old.write_text(content)
    with pytest.warns(ProgressWarning, match="could not be imported"):
        p = Progress(tmp_path / "learner.sqlite3")
    assert len(p.warnings) == 1 and why in p.warnings[0] and "Practice goes on" in p.warnings[0]
    assert old.read_bytes() == (content if isinstance(content, bytes) else content.encode())
    p.record("scoring", True)  # nothing crashes, and the new answers are saved
    assert Progress(p.path).stats("scoring").answered == 1


def test_bad_entries_are_dropped_and_the_good_ones_kept(tmp_path):
    path = tmp_path / "progress.json"
    good = {"answered": 4, "correct": 3, "streak": 2, "best_streak": 2}
    path.write_text(
        json.dumps(
            {
                "format": PROGRESS_FORMAT,
                "topics": {
                    "left-bower": good,
                    "scoring": {"answered": 1, "correct": 5},
                    "benny": {"answered": -1},
                    "railroad": "lots",
                },
            }
        )
    )
    with pytest.warns(ProgressWarning, match="make no sense"):
        p = Progress(tmp_path / "learner.sqlite3")
    assert p.stats("left-bower") == TopicStats(4, 3, 2, 2)
    assert set(p.topics) == {"left-bower"}
    assert "'scoring'" in p.warnings[0] and "'railroad'" in p.warnings[0]
    p.record("left-bower", True)
    assert Progress(p.path).stats("left-bower") == TopicStats(5, 4, 3, 3)


@pytest.mark.parametrize(
    "content",
    [b"{not a database", b"SQLite format 3\x00" + b"\x07" * 4000, b"\x00" * 100 + b"garbage" * 300],
)
def test_a_damaged_store_is_set_aside_and_practice_goes_on(tmp_path, content):
    path = tmp_path / "learner.sqlite3"
    path.write_bytes(content)
    with pytest.warns(ProgressWarning, match="moved aside"):
        p = Progress(path)
    assert len(p.warnings) == 1 and "Practice goes on" in p.warnings[0]
    [aside] = asides(path)
    assert aside.read_bytes() == content
    p.record("scoring", True)
    assert Progress(path).stats("scoring").answered == 1


def test_an_unreadable_path_is_moved_aside(tmp_path):
    path = tmp_path / "learner.sqlite3"
    path.mkdir()  # a directory where the file should be
    (path / "keep.txt").write_text("precious")
    with pytest.warns(ProgressWarning, match="moved aside"):
        p = Progress(path)
    [aside] = asides(path)
    assert (aside / "keep.txt").read_text() == "precious"
    p.record("who-leads", True)
    assert Progress(path).stats("who-leads").answered == 1


def test_a_store_that_cannot_be_written_warns_and_keeps_answers(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the folder should be")
    with pytest.warns(ProgressWarning, match="kept in memory"):
        p = Progress(blocker / "learner.sqlite3")
    p.record("scoring", True)
    assert p.stats("scoring").answered == 1
    p.record("scoring", True)  # a second failure does not repeat the warning
    assert len(p.warnings) == 1 and p.stats("scoring").answered == 2
    assert not p.save()
    assert blocker.read_text() == "a file where the folder should be"


def test_two_damaged_files_in_one_second_keep_both(tmp_path):
    path = tmp_path / "learner.sqlite3"
    for text in ("{bad one", "{bad two"):
        path.write_text(text)
        with pytest.warns(ProgressWarning):
            Progress(path).store.close()
        path.unlink()
    assert sorted(a.read_text() for a in asides(path)) == ["{bad one", "{bad two"]


def test_practice_records_progress(tmp_path):
    path = tmp_path / "learner.sqlite3"
    p = Practice("left-bower", seed=3, progress=path)
    p.answer(p.question.answer)
    p.answer(p.question.answer)
    p.next()
    p.answer(next(c for c in p.question.choices if c != p.question.answer))
    assert Progress(path).stats("left-bower") == TopicStats(2, 1, 0, 1)


def test_practice_goes_on_with_a_damaged_file(tmp_path):
    path = tmp_path / "learner.sqlite3"
    path.write_text("{{{")
    with pytest.warns(ProgressWarning):
        p = Practice("scoring", seed=1, progress=path)
    assert p.warnings and "moved aside" in p.warnings[0]
    assert p.answer(p.question.answer).correct
    assert Progress(path).stats("scoring").answered == 1

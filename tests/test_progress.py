"""Quiz progress (euchre_learn.learner.progress): saved atomically where the learner's Jupyter data
lives, merged with what is on disk, and a damaged file is moved aside with a warning while
practice goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_learn.learner.progress import PROGRESS_FORMAT, Progress, ProgressWarning, TopicStats, default_path
from euchre_learn.teaching.quiz import Practice


def asides(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def test_where_the_file_lives(monkeypatch, tmp_path):
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    assert Progress().path == tmp_path / "mine.json"
    monkeypatch.delenv("EUCHRE_LEARN_PROGRESS")
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "progress.json"
    monkeypatch.delenv("EUCHRE_LEARN_HOME")
    from jupyter_core.paths import jupyter_data_dir

    assert default_path() == Path(jupyter_data_dir()) / "euchre_learn" / "progress.json"
    assert Progress(tmp_path / "given.json").path == tmp_path / "given.json"


def test_record_save_and_load(tmp_path):
    path = tmp_path / "sub" / "progress.json"
    p = Progress(path)
    for right in (True, True, False, True, True, True):
        p.record("trick-winner", right)
    p.record("scoring", False)
    assert p.stats("trick-winner") == TopicStats(6, 5, 3, 3)
    assert p.stats("scoring") == TopicStats(1, 0, 0, 0)
    assert p.stats("unseen") == TopicStats()
    assert p.total == TopicStats(7, 5, 3, 3)
    data = json.loads(path.read_text())
    assert data["format"] == PROGRESS_FORMAT
    assert data["topics"]["trick-winner"] == {"answered": 6, "correct": 5, "streak": 3, "best_streak": 3}
    assert Progress(path).topics == p.topics
    assert [f.name for f in path.parent.iterdir()] == ["progress.json"]  # no temporary file left behind
    assert p.stats("trick-winner").accuracy == pytest.approx(5 / 6)


def test_two_sessions_lose_nothing(tmp_path):
    path = tmp_path / "progress.json"
    a, b = Progress(path), Progress(path)
    a.record("left-bower", True)
    b.record("left-bower", False)
    b.record("scoring", True)
    a.record("left-bower", True)
    final = Progress(path)
    assert final.stats("left-bower").answered == 3 and final.stats("left-bower").correct == 2
    assert final.stats("scoring") == TopicStats(1, 1, 1, 1)


def test_autosave_off_and_reset(tmp_path):
    path = tmp_path / "progress.json"
    p = Progress(path, autosave=False)
    p.record("benny", True)
    assert not path.exists()
    assert p.save() and Progress(path).stats("benny").answered == 1
    p.reset("benny")
    assert Progress(path).stats("benny").answered == 0
    p.record("railroad", True)
    p.save()
    p.reset()
    assert Progress(path).topics == {}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "not valid JSON"),
        ('["a", "list"]', "'topics' table"),
        ('{"topics": 3}', "'topics' table"),
        (b"\xff\xfe\x00garbage", "cannot be read"),
    ],
)
def test_a_damaged_file_is_moved_aside_and_practice_goes_on(tmp_path, content, why):
    path = tmp_path / "progress.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.warns(ProgressWarning, match="moved aside"):
        p = Progress(path)
    assert len(p.warnings) == 1 and why in p.warnings[0] and "Practice goes on" in p.warnings[0]
    [aside] = asides(path)
    assert aside.read_bytes() == (content if isinstance(content, bytes) else content.encode())
    p.record("scoring", True)  # nothing crashes, and the new answers are saved
    assert Progress(path).stats("scoring").answered == 1


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
        p = Progress(path)
    assert p.stats("left-bower") == TopicStats(4, 3, 2, 2)
    assert set(p.topics) == {"left-bower"}
    assert "'scoring'" in p.warnings[0] and "'railroad'" in p.warnings[0]
    assert len(asides(path)) == 1  # the whole original is kept aside
    p.record("left-bower", True)
    assert Progress(path).stats("left-bower") == TopicStats(5, 4, 3, 3)


def test_an_unreadable_path_is_moved_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.mkdir()  # a directory where the file should be: reading fails
    (path / "keep.txt").write_text("precious")
    with pytest.warns(ProgressWarning, match="cannot be read"):
        p = Progress(path)
    [aside] = asides(path)
    assert (aside / "keep.txt").read_text() == "precious"
    p.record("who-leads", True)
    assert Progress(path).stats("who-leads").answered == 1


def test_a_file_that_cannot_be_written_warns_and_keeps_answers(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the folder should be")
    p = Progress(blocker / "progress.json")
    with pytest.warns(ProgressWarning, match="could not be saved"):
        p.record("scoring", True)
    assert p.stats("scoring").answered == 1
    p.record("scoring", True)  # a second failure does not repeat the warning in the list
    assert len(p.warnings) == 1 and p.stats("scoring").answered == 2


def test_two_damaged_files_in_one_second_keep_both(tmp_path):
    path = tmp_path / "progress.json"
    for text in ("{bad one", "{bad two"):
        path.write_text(text)
        with pytest.warns(ProgressWarning):
            Progress(path)
    assert sorted(a.read_text() for a in asides(path)) == ["{bad one", "{bad two"]


def test_practice_records_progress(tmp_path):
    path = tmp_path / "progress.json"
    p = Practice("left-bower", seed=3, progress=path)
    p.answer(p.question.answer)
    p.answer(p.question.answer)
    p.next()
    p.answer(next(c for c in p.question.choices if c != p.question.answer))
    assert Progress(path).stats("left-bower") == TopicStats(2, 1, 0, 1)


def test_practice_goes_on_with_a_damaged_file(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{{{")
    with pytest.warns(ProgressWarning):
        p = Practice("scoring", seed=1, progress=path)
    assert p.warnings and "moved aside" in p.warnings[0]
    assert p.answer(p.question.answer).correct
    assert Progress(path).stats("scoring").answered == 1

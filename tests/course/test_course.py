"""``euchre-learn lessons DIR`` (euchre_learn.classroom.course): the course is written with its layout, so
the lessons' links work in the copy; a learner's edited file is never replaced without --force;
files the learner left alone are updated; errors are one line and exit 2. The same command from
an installed wheel is tested in tests/course/test_wheel.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from euchre_learn.classroom import cli
from euchre_learn.classroom.course import COURSE_FOLDERS, MANIFEST, CourseError, copy_course, course_files, course_root

ROOT = Path(__file__).resolve().parents[2]


def test_the_course_is_the_checkouts_folders() -> None:
    assert course_root() == ROOT
    files = course_files()
    tracked = subprocess.run(
        ["git", "ls-files", *COURSE_FOLDERS], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.split()
    if tracked:  # every file git keeps in the course folders is handed out
        assert set(tracked) <= set(files)
    assert not any(".ipynb_checkpoints" in f or "__pycache__" in f for f in files)
    for needed in (
        "notebooks/index.ipynb",
        "notebooks/01_cards_and_table.ipynb",
        "exercises/index.ipynb",
        "exercises/01_cards_and_bidding.ipynb",
        "exercises/solutions/01_cards_and_bidding/q1.py",
        "docs/rules.md",
        "docs/teaching.md",
        "apps/play.ipynb",
    ):
        assert needed in files


def _links(notebook: Path) -> set[str]:
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return {unquote(m) for m in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text) if "://" not in m}


def test_every_relative_link_of_the_copied_lessons_resolves(tmp_path: Path) -> None:
    report = copy_course(tmp_path / "course")
    assert set(report.written) == set(course_files())
    checked = 0
    for folder in ("notebooks", "exercises"):
        for nb in (tmp_path / "course" / folder).glob("*.ipynb"):
            for link in _links(nb):
                assert (nb.parent / link).exists(), f"{nb.name}: {link}"
                checked += 1
    assert checked > 50
    # '# %load solutions/...' in the exercise sheets is relative to exercises/
    sheet = (tmp_path / "course" / "exercises" / "01_cards_and_bidding.ipynb").read_text(encoding="utf-8")
    loads = set(re.findall(r"# %load (solutions/[\w/]+\.py)", sheet))
    assert loads and all((tmp_path / "course" / "exercises" / p).is_file() for p in loads)


def test_a_second_run_is_quiet_and_keeps_the_learners_edits(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    copy_course(folder)
    lesson = folder / "notebooks" / "02_trump_and_bowers.ipynb"
    solution = folder / "exercises" / "solutions" / "01_cards_and_bidding" / "q1.py"
    lesson.write_text(lesson.read_text(encoding="utf-8") + " ", encoding="utf-8")
    solution.write_text("answer = 25\n", encoding="utf-8")
    (folder / "notebooks" / "mine.ipynb").write_text("{}", encoding="utf-8")  # the learner's own file
    (folder / "docs" / "rules.md").unlink()  # a deleted file comes back

    again = copy_course(folder)
    assert set(again.kept) == {"notebooks/02_trump_and_bowers.ipynb", "exercises/solutions/01_cards_and_bidding/q1.py"}
    assert again.written == ("docs/rules.md",)
    assert again.updated == again.replaced == ()
    assert lesson.read_text(encoding="utf-8").endswith(" ")
    assert solution.read_text(encoding="utf-8") == "answer = 25\n"
    assert (folder / "notebooks" / "mine.ipynb").read_text(encoding="utf-8") == "{}"
    assert any("kept 2 files you changed" in line and "--force" in line for line in again.lines())

    # still the learner's on the next run too (the fingerprint is the one last written)
    assert set(copy_course(folder).kept) == set(again.kept)

    forced = copy_course(folder, force=True)
    assert set(forced.replaced) == set(again.kept)
    assert lesson.read_bytes() == (ROOT / "notebooks" / "02_trump_and_bowers.ipynb").read_bytes()
    assert (folder / "notebooks" / "mine.ipynb").exists()  # not the course's: never touched
    assert copy_course(folder).lines()[0].endswith("nothing to do")


def test_files_the_learner_left_alone_follow_an_upgrade(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    copy_course(folder)
    # as if an older version had written these two: the record holds what was written then
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    import hashlib

    for rel in ("notebooks/03_bidding_round_1.ipynb", "docs/coverage.md"):
        old = b"an older version of " + rel.encode()
        (folder / rel).write_bytes(old)
        manifest["files"][rel] = hashlib.sha256(old).hexdigest()
    (folder / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    report = copy_course(folder)
    assert set(report.updated) == {"notebooks/03_bidding_round_1.ipynb", "docs/coverage.md"}
    assert report.kept == ()
    assert (folder / "docs" / "coverage.md").read_bytes() == (ROOT / "docs" / "coverage.md").read_bytes()


def test_a_damaged_record_counts_every_difference_as_the_learners(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    copy_course(folder)
    (folder / "docs" / "coverage.md").write_text("mine", encoding="utf-8")
    (folder / MANIFEST).write_text("{not json", encoding="utf-8")
    assert copy_course(folder).kept == ("docs/coverage.md",)
    assert json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["format"] == "euchre-learn/course-1"


def test_the_command_prints_a_report_and_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["lessons", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out
    assert f"into {tmp_path / 'c'}" in out and "notebooks/index.ipynb" in out

    (tmp_path / "file").write_text("x", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "euchre_learn.classroom.cli", "lessons", str(tmp_path / "file")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("euchre-learn: ")
    assert "is a file, not a folder" in done.stderr

    (tmp_path / "c" / "docs" / "rules.md").unlink()
    (tmp_path / "c" / "docs" / "rules.md").mkdir()
    with pytest.raises(CourseError, match="is a folder where the course has a file"):
        copy_course(tmp_path / "c")


def test_the_commands_in_the_teachers_notes_exist() -> None:
    """Every ``euchre-learn COMMAND --option`` that docs/teaching.md shows is one the command takes."""
    import argparse

    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    parser = cli._parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    shown = re.findall(r"euchre-learn ([a-z][a-z-]*)((?: +[^\s`]+)*)", text)
    assert {"lessons", "nbgrader", "worksheet"} <= {name for name, _ in shown}
    for name, rest in shown:
        if name == "key":  # the line a hidden test prints (the grading section), output, not a command
            continue
        assert name in sub.choices, name
        command = sub.choices[name]
        for word in rest.split():  # into a sub-command's own actions (`progress export --out`)
            nested = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
            if nested and word in nested[0].choices:
                command = nested[0].choices[word]
        options = {o for a in command._actions for o in a.option_strings}
        for flag in re.findall(r"(?<!\S)(--[a-z][a-z-]*)", rest):
            assert flag in options, (name, flag)


def test_without_solutions_the_copy_holds_no_solution_and_no_hint_to_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["lessons", str(tmp_path / "class"), "--without-solutions"]) == 0
    assert "wrote" in capsys.readouterr().out
    copied = {p.relative_to(tmp_path / "class").as_posix() for p in (tmp_path / "class").rglob("*") if p.is_file()}
    assert not any("solutions" in f for f in copied)
    assert {f for f in course_files() if not f.startswith("exercises/solutions/")} <= copied
    for sheet in (tmp_path / "class" / "exercises").glob("*.ipynb"):
        nb = json.loads(sheet.read_text(encoding="utf-8"))
        text = sheet.read_text(encoding="utf-8")
        assert "%load" not in text and "solutions/" not in text and "Stuck?" not in text, sheet.name
        # the sheet is otherwise the shipped one: same cells, the answer cells and their checks kept
        shipped = json.loads((ROOT / "exercises" / sheet.name).read_text(encoding="utf-8"))
        assert [c.get("id") for c in nb["cells"]] == [c.get("id") for c in shipped["cells"]]
        assert text.count('check("q') == (ROOT / "exercises" / sheet.name).read_text(encoding="utf-8").count('check("q')
    for link_sheet in (tmp_path / "class" / "exercises").glob("*.ipynb"):
        for link in _links(link_sheet):
            assert (link_sheet.parent / link).exists(), f"{link_sheet.name}: {link}"
    # a second run without solutions is quiet: nothing counts as the learner's edit
    again = copy_course(tmp_path / "class", solutions=False)
    assert not again.written and not again.kept and not again.updated

"""Each student's own questions on a graded sheet (issue 34, item 3).

``euchre-learn nbgrader DIR`` (by default ``--variant student``) writes sheets 01 and 02 so that
each student's copy renames its suits and seats by a renaming chosen from the course id and the
student's id: the questions and deals are dealt when the sheet runs, in the student's kernel (the
student's id as nbgrader's submit records it) and in autograde (the id nbgrader filed the
submission under). Two students get different questions, each is graded right on their own, and a
student who hands in a neighbour's right answers loses every point whose answer the renaming
changes.
"""

from __future__ import annotations

import json
import os
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom import cli, grading
from euchre_learn.classroom.exercises import checker
from euchre_learn.classroom.exercises.relabel import VARIANTS, Relabel
from euchre_learn.classroom.exercises.variants import STUDENT_ENV, student_id, student_variant

ROOT = Path(__file__).resolve().parents[2]
COURSE = "euchre-101"
SHEETS = {"01_cards_and_bidding": "cards-and-bidding", "02_play_and_scoring": "play-and-scoring"}


def _src(cell: dict[str, Any]) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else s


def _call(cell: dict[str, Any]) -> str:
    """A dealt cell's call (its source after the comment line JupyterLab shows when folded)."""
    return _src(cell).split("\n", 1)[-1]


def _gid(cell: dict[str, Any]) -> str:
    return str(cell["metadata"].get("nbgrader", {}).get("grade_id", ""))


def _two_students() -> tuple[str, str]:
    """The first two ids of a class list whose renamings differ in every part (suits and seats)."""
    names = [f"student{i:02d}" for i in range(40)]
    for a, b in combinations(names, 2):
        ra, rb = Relabel.parse(student_variant(COURSE, a)), Relabel.parse(student_variant(COURSE, b))
        if ra.black != rb.black and ra.red != rb.red and ra.turn != rb.turn:
            return a, b
    raise AssertionError("no two students of forty differ in every part")


def _copiers(ada: str, bob: str) -> tuple[str, str]:
    """Two more students: the first dealt bob's renaming (who hands in ada's answers), the second
    ada's (who hands in bob's)."""
    names = [f"student{i:02d}" for i in range(100) if f"student{i:02d}" not in (ada, bob)]
    carol = next(n for n in names if student_variant(COURSE, n) == student_variant(COURSE, bob))
    dan = next(n for n in names if student_variant(COURSE, n) == student_variant(COURSE, ada))
    return carol, dan


def _right_answers(name: str, variant: str) -> dict[str, str]:
    """The published solutions, renamed as this student's sheet is."""
    answers = {}
    for qid in checker(SHEETS[name]).qids:
        text = (ROOT / "exercises" / "solutions" / name / f"{qid}.py").read_text(encoding="utf-8")
        text = "\n".join(line for line in text.split("\n") if not line.startswith("# %load"))
        answers[qid] = Relabel.parse(variant).text(text)
    return answers


def _fill(nb: dict[str, Any], answers: dict[str, str]) -> dict[str, Any]:
    nb = json.loads(json.dumps(nb))
    for cell in nb["cells"]:
        if _gid(cell).startswith("answer-") and _gid(cell)[7:] in answers:
            cell["source"] = answers[_gid(cell)[7:]]
    return nb


def _answer_values(nb: dict[str, Any], student: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Run a filled-in copy's cells here as ``student``'s kernel would (the test cells left out);
    the value each answer cell hands to ``check``."""
    monkeypatch.setenv(STUDENT_ENV, student)
    namespace: dict[str, Any] = {}
    values = {}
    for cell in nb["cells"]:
        gid = _gid(cell)
        if cell["cell_type"] != "code" or gid.startswith("test-"):
            continue
        source = _src(cell).replace("### BEGIN SOLUTION\n", "").replace("### END SOLUTION\n", "")
        if gid.startswith("answer-"):
            qid = gid[7:]
            *body, last = source.rstrip().split("\n")
            exec("\n".join(body), namespace)
            values[qid] = eval(last[len(f'check("{qid}", ') : -1], namespace)
        else:
            exec(source, namespace)
    return values


def _unchanged(sheet: str, va: str, vb: str) -> list[str]:
    """The questions whose right answers two renamings ask the same (numbers, functions, words
    such as 'assist', and whatever both leave alone)."""
    out = []
    for qid in checker(sheet).qids:
        grade: Any = checker(sheet).exercise(qid).grade
        if grade.kind not in ("card", "cards", "suit", "text"):
            out.append(qid)
            continue
        asked = [{grade.key(Relabel.parse(v).answer(k, grade.kind)) for k in grade.keys} for v in (va, vb)]
        if asked[0] == asked[1]:
            out.append(qid)
    return out


def test_a_student_is_named_as_nbgrader_names_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from nbgrader.utils import get_username

    monkeypatch.delenv(STUDENT_ENV, raising=False)
    assert student_id() == get_username()  # who nbgrader submit files the copy under
    monkeypatch.setenv(STUDENT_ENV, "ada")  # the grader running ada's copy
    assert student_id() == "ada"
    # the same renaming every time, spread over the seven
    assert student_variant(COURSE, "ada") == student_variant(COURSE, "ada")
    spread = {student_variant(COURSE, f"s{i}") for i in range(100)}
    assert spread == set(VARIANTS)
    assert student_variant("euchre-102", "ada") in VARIANTS
    with pytest.raises(ValueError, match="no student id"):
        student_variant(COURSE, "")


def test_two_students_get_different_questions_and_each_is_graded_on_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without nbgrader: the sheet run as each student shows their own questions; each one's
    renamed solutions are right for them, and copied into the other's sheet lose every answer
    the renamings tell apart."""
    ada, bob = _two_students()
    va, vb = student_variant(COURSE, ada), student_variant(COURSE, bob)
    monkeypatch.chdir(ROOT / "exercises")
    for name, sheet in SHEETS.items():
        nb = grading.source_notebook(name, "answers", "student", COURSE)
        setup = next(_src(c) for c in nb["cells"] if f'checker("{sheet}"' in _src(c))
        assert f'check = checker("{sheet}", course="{COURSE}")' in setup
        shows = [c for c in nb["cells"] if _call(c).startswith("check.show(")]
        assert all(_src(c).startswith("# Your own question: run the cell to see it") for c in shows)
        assert len(shows) >= 8 and all(c["metadata"]["jupyter"]["source_hidden"] for c in shows)
        # the questions as each student's kernel shows them
        asked = {}
        for student in (ada, bob):
            monkeypatch.setenv(STUDENT_ENV, student)
            check = checker(sheet, course=COURSE)
            asked[student] = [check.show(eval(_call(c)[len("check.show(") : -1])).data for c in shows]
        differ = [a != b for a, b in zip(asked[ada], asked[bob], strict=True)]
        assert sum(differ) >= len(shows) - 1, (name, asked)
        assert asked[ada] == [Relabel.parse(va).text(eval(_call(c)[len("check.show(") : -1])) for c in shows]

        right = {s: _fill(nb, _right_answers(name, v)) for s, v in ((ada, va), (bob, vb))}
        qids = checker(sheet).qids
        for student, variant in ((ada, va), (bob, vb)):
            check = checker(sheet, variant=variant)
            own = _answer_values(right[student], student, monkeypatch)
            assert all(check.grade(q, own[q]).correct for q in qids), (name, student)
        # bob hands in ada's answers: right only where the two renamings agree
        copied = _answer_values(right[ada], bob, monkeypatch)
        score = sum(checker(sheet, variant=vb).grade(q, copied[q]).correct for q in qids)
        same = _unchanged(sheet, va, vb)
        assert score == len(same) and score <= len(qids) // 2, (name, score, same)


@pytest.mark.nbgrader
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook sessions
def test_each_student_is_dealt_and_graded_their_own_sheet_by_nbgrader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the real nbgrader, as ``euchre-learn nbgrader DIR`` writes the course: two students
    hand in their own right answers, and two others, dealt the first two's questions the other way
    round, hand in their answers; autograde grades each on their own questions, and the graded
    copies and the feedback show each their own questions."""
    ada, bob = _two_students()
    variants = {ada: student_variant(COURSE, ada), bob: student_variant(COURSE, bob)}
    course = tmp_path / "course"
    assert cli.main(["nbgrader", str(course), "--course-id", COURSE, "--exchange", str(tmp_path / "x")]) == 0
    assert "each student's suits and seats renamed" in capsys.readouterr().out
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.delenv(STUDENT_ENV, raising=False)
    monkeypatch.chdir(course)
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    api = NbGraderAPI(config=config)
    assert config.GradeOutsideTheKernel.variants == {
        "01_cards_and_bidding": "student",
        "02_play_and_scoring": "student",
        "03_hands_strategy_variants": "",
    }
    name = "01_cards_and_bidding"
    sheet = SHEETS[name]
    assert api.generate_assignment(name)["success"]
    release = json.loads((course / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
    carol, dan = _copiers(ada, bob)  # dealt bob's and ada's questions; they hand in ada's and bob's answers
    copies = {
        ada: _right_answers(name, variants[ada]),
        bob: _right_answers(name, variants[bob]),
        carol: _right_answers(name, variants[ada]),
        dan: _right_answers(name, variants[bob]),
    }
    for student, answers in copies.items():
        folder = course / "submitted" / student / name
        folder.mkdir(parents=True)
        (folder / f"{name}.ipynb").write_text(json.dumps(_fill(release, answers), ensure_ascii=False), encoding="utf-8")
    from nbgrader.api import Gradebook

    for student in copies:
        assert api.autograde(name, student)["success"]
    total = len(checker(sheet).qids)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {s: gb.find_submission_notebook(name, name, s).score for s in copies}
    assert scores[ada] == total and scores[bob] == total, scores
    # a copied answer scores only where the two renamings agree, as the checker says
    for copier, owner in ((carol, ada), (dan, bob)):
        mine = student_variant(COURSE, copier)
        values = _answer_values(_fill(release, copies[copier]), copier, monkeypatch)
        expected = sum(checker(sheet, variant=mine).grade(q, values[q]).correct for q in checker(sheet).qids)
        assert scores[copier] == expected, (copier, mine, variants[owner], scores)
        assert scores[copier] == len(_unchanged(sheet, mine, variants[owner])), (copier, scores)
        assert mine != variants[owner] and scores[copier] <= total // 2, (copier, scores)
    # the graded copies show each student their own questions (as the feedback does)
    shown = {}
    for student in (ada, bob):
        graded = json.loads((course / "autograded" / student / name / f"{name}.ipynb").read_text(encoding="utf-8"))
        shown[student] = [
            "".join(o["data"]["text/markdown"])
            for c in graded["cells"]
            if _call(c).startswith("check.show(")
            for o in c["outputs"]
            if "text/markdown" in o.get("data", {})
        ]
        q4 = next(t for t in shown[student] if t.startswith("### q4"))
        assert Relabel.parse(variants[student]).text("Spades are trump.") in q4, (student, q4)
        assert api.generate_feedback(name, student)["success"]
        html = (course / "feedback" / student / name / f"{name}.html").read_text(encoding="utf-8")
        trump = Relabel.parse(variants[student]).text("Spades are trump.")
        assert trump in html, (student, trump)
        assert "check.show(" not in html and "check.deal(" not in html  # the questions, not the calls
    assert shown[ada] != shown[bob] and len(shown[ada]) == len(shown[bob]) >= 8

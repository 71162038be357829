"""Grading the exercise sheets with nbgrader (euchre_learn.classroom.grading, ``euchre-learn nbgrader``).

The whole loop runs with the real nbgrader (its Python API, which its commands and formgrader
run) in a temporary course folder: the source
assignments are written, ``generate_assignment`` makes the student releases (no solution,
no hidden test, no ``%load solutions/`` hint in them), two students hand in filled-in copies
(one with the solutions, one with wrong, missing and broken answers), ``autograde`` grades
them, and the gradebook's points, question by question, are exactly what the sheet's checker
says of each answer.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom import cli, grading
from euchre_learn.classroom.exercises import checker

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"
SHEETS = {
    "01_cards_and_bidding": "cards-and-bidding",
    "02_play_and_scoring": "play-and-scoring",
    "03_hands_strategy_variants": "hands-strategy-variants",
}


def _src(cell: dict[str, Any]) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else s


def _nbg(cell: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = cell["metadata"].get("nbgrader", {})
    return meta


def test_each_answer_cell_gets_its_solution_and_a_hidden_test_with_the_checker() -> None:
    assert grading.assignments() == ("01_cards_and_bidding", "02_play_and_scoring", "03_hands_strategy_variants")
    for name in grading.assignments():
        nb = grading.source_notebook(name)
        sheet = SHEETS[name]
        qids = checker(sheet).qids
        ids = [_nbg(c)["grade_id"] for c in nb["cells"]]
        assert len(ids) == len(set(ids))  # nbgrader needs unique ids
        cells = {_nbg(c)["grade_id"]: c for c in nb["cells"]}
        for qid in qids:
            answer, test = cells[f"answer-{qid}"], cells[f"test-{qid}"]
            assert ids.index(f"test-{qid}") == ids.index(f"answer-{qid}") + 1  # graded right after its answer
            assert _nbg(answer)["solution"] and not _nbg(answer)["grade"]
            assert _nbg(test)["grade"] and _nbg(test)["locked"] and _nbg(test)["points"] == 1
            text = _src(answer)
            solution = (EXERCISES / "solutions" / name / f"{qid}.py").read_text(encoding="utf-8")
            body = solution.rstrip().rsplit("\n", 1)[0].strip()
            assert f"### BEGIN SOLUTION\n{body}\n### END SOLUTION\n" in text
            assert "%load" not in text
            assert f'_grading_checker("{sheet}").grade("{qid}", ' in _src(test)
            assert "### BEGIN HIDDEN TESTS" in _src(test)
        # every other cell is read-only, outputs are cleared, the navigation is gone
        for c in nb["cells"]:
            if not _nbg(c)["grade_id"].startswith("answer-"):
                assert _nbg(c)["locked"]
            if c["cell_type"] == "code":
                assert c["outputs"] == [] and c["execution_count"] is None
        text = json.dumps(nb)
        assert "../docs/rules.md" not in text and "rules.md#R" in text
        assert "index.ipynb" not in text and "%load" not in text


def test_a_missing_solution_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "exercises"
    shutil.copytree(EXERCISES, copy)
    (copy / "solutions" / "02_play_and_scoring" / "q7.py").unlink()
    monkeypatch.setattr(grading, "_exercises", lambda: copy)
    with pytest.raises(grading.GradingError, match=r"no solution for 02_play_and_scoring q7"):
        grading.source_notebook("02_play_and_scoring")
    with pytest.raises(grading.GradingError, match=r"'04_final_review' is not an exercise sheet with solutions"):
        grading.source_notebook("04_final_review")


def test_the_command_writes_the_course_and_keeps_a_teachers_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["nbgrader", str(tmp_path / "course")]) == 0
    out = capsys.readouterr().out
    assert "wrote nbgrader_config.py" in out and "nbgrader generate_assignment 01_cards_and_bidding" in out
    nb = tmp_path / "course" / "source" / "01_cards_and_bidding" / "01_cards_and_bidding.ipynb"
    assert nb.is_file() and (nb.parent / "rules.md").is_file()
    nb.write_text(nb.read_text(encoding="utf-8").replace('"points": 1', '"points": 2', 1), encoding="utf-8")
    assert cli.main(["nbgrader", str(tmp_path / "course")]) == 0
    assert "kept 1 changed file(s)" in capsys.readouterr().out
    assert '"points": 2' in nb.read_text(encoding="utf-8")
    assert cli.main(["nbgrader", str(tmp_path / "course"), "--force"]) == 0
    assert '"points": 2' not in nb.read_text(encoding="utf-8")
    (tmp_path / "f").write_text("", encoding="utf-8")
    assert cli.main(["nbgrader", str(tmp_path / "f")]) == 2
    assert capsys.readouterr().err.startswith("euchre-learn: ")


# --- the whole loop with the real nbgrader -------------------------------------------------------


def _api(root: Path) -> Any:
    """The real nbgrader's API (what its command line and formgrader run), on ``root``, with
    the setting of the course's nbgrader_config.py."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    config = Config()
    config.CourseDirectory.root = str(root)
    config.ClearSolutions.code_stub = {"python": ""}
    return NbGraderAPI(config=config)


def _ok(result: dict[str, Any]) -> None:
    assert result["success"], str(result.get("log", ""))[-3000:] + str(result.get("error", ""))[-3000:]


def _fill(release: dict[str, Any], answers: dict[str, str]) -> dict[str, Any]:
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        gid = _nbg(cell).get("grade_id", "")
        if gid.startswith("answer-") and gid[7:] in answers:
            cell["source"] = answers[gid[7:]]
    return nb


def _what_the_checker_says(nb: dict[str, Any], sheet: str) -> dict[str, int]:
    """Run the filled-in copy's own cells here and grade each answer with the sheet's checker
    (1 point when ✓)."""
    check = checker(sheet)
    namespace: dict[str, Any] = {}
    points: dict[str, int] = {}
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = _src(cell)
        gid = _nbg(cell).get("grade_id", "")
        if not gid.startswith("answer-"):
            exec(source, namespace)
            continue
        qid = gid[7:]
        *body, last = source.rstrip().split("\n")
        expr = last[len(f'check("{qid}", ') : -1]
        try:
            exec("\n".join(body), namespace)
            value = eval(expr, namespace)
        except Exception:  # the cell fails in the kernel too: no point
            points[qid] = 0
            continue
        points[qid] = int(check.grade(qid, value).correct)
    return points


@pytest.mark.nbgrader
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook sessions
def test_generate_fill_autograde_and_the_gradebook_agrees_with_the_checker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    course = tmp_path / "course"
    grading.write_course(course)
    names = grading.assignments()
    sheets = SHEETS
    # nbgrader runs alembic (its database migrations) as a command: the venv's bin on the PATH
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.chdir(course)
    assert "ClearSolutions.code_stub" in (course / "nbgrader_config.py").read_text(encoding="utf-8")
    api = _api(course)
    for name in names:
        _ok(api.generate_assignment(name))

    expected: dict[str, dict[str, int]] = {}
    for name in names:
        release_path = course / "release" / name / f"{name}.ipynb"
        release = json.loads(release_path.read_text(encoding="utf-8"))
        assert (course / "release" / name / "rules.md").is_file()
        text = "\n".join(_src(c) for c in release["cells"])
        # no solution, no hidden test, no way to load the solutions in the student release
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS", "_grading_checker", "%load", "solutions/"):
            assert marker not in text, (name, marker)
        source = grading.source_notebook(name)
        for cell in source["cells"]:
            src = _src(cell)
            if "### BEGIN SOLUTION" in src:
                template = src.split("### BEGIN SOLUTION")[0]
                solved = src.split("### BEGIN SOLUTION\n")[1].split("\n### END SOLUTION")[0]
                for line in solved.split("\n"):
                    if len(line.strip()) >= 8 and line not in template:
                        assert line not in text, (name, line)

        check = checker(sheets[name])
        solutions = {q: (EXERCISES / "solutions" / name / f"{q}.py").read_text(encoding="utf-8") for q in check.qids}
        plain = [
            q
            for q in check.qids
            if not check.exercise(q).coding and isinstance(check.exercise(q).wrong, (str, int, float, bool))
        ]
        coding = [q for q in check.qids if check.exercise(q).coding]
        wrong = dict(solutions)
        for q in plain[:2]:  # the sheet's own wrong answers
            wrong[q] = f'answer = {check.exercise(q).wrong!r}\n\ncheck("{q}", answer)'
        del wrong[plain[2]]  # left as released: "answer = ..."
        if coding:  # a function that raises: the checker says so, and no point
            expr = _src(next(c for c in source["cells"] if _nbg(c)["grade_id"] == f"answer-{coding[0]}")).rstrip()
            fn = expr.rsplit("\n", 1)[1][len(f'check("{coding[0]}", ') : -1]
            wrong[coding[0]] = f'def {fn}(*args):\n    raise ValueError("not yet")\n\ncheck("{coding[0]}", {fn})'
        for student, answers in (("right", solutions), ("wrong", wrong)):
            nb = _fill(release, answers)
            folder = course / "submitted" / student / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
            expected[f"{name}/{student}"] = _what_the_checker_says(nb, sheets[name])

    graded: dict[str, dict[str, Any]] = {}
    from nbgrader.api import Gradebook

    for name in names:
        for student in ("right", "wrong"):
            _ok(api.autograde(name, student))
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in names:
            for student in ("right", "wrong"):
                sub = gb.find_submission_notebook(name, name, student)
                graded[f"{name}/{student}"] = {
                    "score": sub.score,
                    "max_score": sub.max_score,
                    "points": {g.name: g.score for g in sub.grades if g.cell_type == "code"},
                }
    for key, points in expected.items():
        name = key.split("/")[0]
        total = len(checker(sheets[name]).qids)
        assert graded[key]["max_score"] == total
        assert graded[key]["points"] == {f"test-{q}": float(p) for q, p in points.items()}, key
        assert graded[key]["score"] == sum(points.values()), key
        if key.endswith("/right"):
            assert graded[key]["score"] == total  # every solution scores
        else:
            assert graded[key]["score"] <= total - 3  # two wrong and one missing (and a broken function)

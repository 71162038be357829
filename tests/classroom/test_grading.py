"""Grading the exercise sheets with nbgrader (euchre_learn.classroom.grading, ``euchre-learn nbgrader``).

The whole loop runs with the real nbgrader (its Python API, which its commands and formgrader
run, with the course's own nbgrader_config.py) in a temporary course folder: the source
assignments are written, ``generate_assignment`` makes the student releases (no solution,
no hidden test, no ``%load solutions/`` hint in them), students hand in filled-in copies
(one with the solutions, one with wrong, missing and broken answers, one that attacks the
grading from its answer cells), ``autograde`` grades them, and the gradebook's points,
question by question, are exactly what the sheet's checker says of each answer; the attack
scores nothing. ``generate_feedback`` shows no hidden test, ``autograde`` warns of no changed
checksum, and ``nbgrader validate`` fails blank and wrong copies.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom import cli, grading
from euchre_learn.classroom.exercises import checker
from euchre_learn.classroom.exercises.relabel import VARIANTS, Relabel

ROOT = Path(__file__).resolve().parents[2]
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
            hidden = _src(test).split("### BEGIN HIDDEN TESTS\n")[1]
            assert f"print('euchre-learn key {qid}', repr(_answer_key({sheet!r}, {qid!r}, " in hidden
            assert hidden.rstrip().endswith('which did not run")\n### END HIDDEN TESTS')
            # the right answers are nowhere in the notebook: the grader computes them in its own process
            for key in checker(sheet).exercise(qid).grade.keys:  # type: ignore[attr-defined]
                assert repr(key) not in hidden
        # every other cell is read-only, outputs are cleared, the navigation is gone
        for c in nb["cells"]:
            if not _nbg(c)["grade_id"].startswith("answer-"):
                assert _nbg(c)["locked"]
            if c["cell_type"] == "code":
                assert c["outputs"] == [] and c["execution_count"] is None
        text = json.dumps(nb)
        assert "../docs/rules.md" not in text and "rules.md#R" in text
        assert "index.ipynb" not in text and "%load" not in text


def _solution_value(name: str, qid: str, sheet: str) -> Any:
    """The value the solution of ``qid`` hands to ``check`` (run after the sheet's setup cell)."""
    namespace: dict[str, Any] = {}
    setup = next(_src(c) for c in grading.source_notebook(name)["cells"] if f'checker("{sheet}")' in _src(c))
    exec(setup, namespace)
    body, last = (EXERCISES / "solutions" / name / f"{qid}.py").read_text(encoding="utf-8").rstrip().rsplit("\n", 1)
    exec(body, namespace)
    return eval(last[len(f'check("{qid}", ') : -1], namespace)


def test_a_graded_copy_without_answers_says_right_or_wrong_or_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_learn.classroom import exercises

    for name, sheet in SHEETS.items():
        answers, right_wrong, silent = (checker(sheet, feedback=f) for f in ("answers", "right-wrong", "none"))
        for qid in answers.qids:
            wrong = answers.exercise(qid).wrong
            told = answers(qid, wrong)
            assert not told.correct
            said = right_wrong(qid, wrong)
            assert not said.correct and said.message == exercises.RIGHT_WRONG_WRONG, (name, qid)
            # whatever the sheet's own explanation says, the right-wrong copy says none of it
            assert told.message not in said.message and "should be" not in said.message
            quiet = silent(qid, wrong)
            assert quiet.message == exercises.RECORDED and "✗" not in quiet._repr_html_()
            assert "✓" not in quiet._repr_html_() and "Not yet" not in quiet._repr_html_()
            assert silent(qid).message == exercises.NOT_ANSWERED  # a blank answer is still pointed out
        value = _solution_value(name, answers.qids[0], sheet)
        assert right_wrong(answers.qids[0], value).message == exercises.RIGHT_WRONG_RIGHT
        assert silent(answers.qids[0], value).message == exercises.RECORDED
    # Validate: nothing outside nbgrader's validation; there, blank fails, wrong fails unless the copy is silent
    check = checker("cards-and-bidding", feedback="none")
    assert check.validate("q4") is None
    monkeypatch.setenv("NBGRADER_VALIDATING", "1")
    with pytest.raises(AssertionError, match="q4 is not answered yet"):
        check.validate("q4")
    check.validate("q4", "J♠")  # wrong, but a silent copy does not say so
    with pytest.raises(AssertionError, match="q4 is not right yet"):
        checker("cards-and-bidding", feedback="right-wrong").validate("q4", "J♠")
    checker("cards-and-bidding", feedback="right-wrong").validate("q4", "J♣")


def test_the_graded_sheet_says_what_its_check_tells() -> None:
    for feedback in ("right-wrong", "none"):
        for name, sheet in SHEETS.items():
            nb = grading.source_notebook(name, feedback)
            text = "\n".join(_src(c) for c in nb["cells"] if not _nbg(c)["grade_id"].startswith("test-"))
            assert f'check = checker("{sheet}", feedback="{feedback}")' in text
            for promise in ("a ✗ explains the rule", "says why", "shows the first one it gets wrong", "Stuck?"):
                assert promise not in text, (feedback, name, promise)
            assert ("Try again as often as you like" in text) == (feedback == "right-wrong")
    answers = "\n".join(_src(c) for c in grading.source_notebook("01_cards_and_bidding")["cells"])
    assert 'check = checker("cards-and-bidding")' in answers and "a ✗ explains the rule" in answers
    with pytest.raises(grading.GradingError, match="feedback 'loud'"):
        grading.source_notebook("01_cards_and_bidding", "loud")


def _run_hidden_test(body: str, namespace: dict[str, Any]) -> list[dict[str, Any]]:
    """Run a hidden test here as the kernel would; its outputs as nbformat outputs."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            exec(body, namespace)
        except AssertionError as err:
            assert "which did not run" in str(err)  # it always fails: the grader decides
        except Exception as err:  # an answer with no key: no key line
            print(type(err).__name__)
    return [{"output_type": "stream", "name": "stdout", "text": out.getvalue()}]


def test_the_hidden_test_prints_a_key_and_the_grader_decides() -> None:
    """The hidden test prints one key line and fails; the grader's verdict on that line is the grade."""
    from euchre_learn.classroom.nbgrader_hooks import verdict

    test = grading.hidden_test("cards-and-bidding", "q4", "answer")
    body = test.split("### BEGIN HIDDEN TESTS\n")[1].split("### END HIDDEN TESTS")[0]
    for answer, right in (("J♣", True), ("jc", True), ("J♠", False)):
        outputs = _run_hidden_test(body, {"answer": answer})
        assert outputs[0]["text"].startswith("euchre-learn key q4 "), outputs
        assert (verdict("cards-and-bidding", "q4", outputs) is None) == right, answer
    # the same key, asked in a renamed copy, is read back through the renaming
    outputs = _run_hidden_test(body, {"answer": "J♠"})
    assert verdict("cards-and-bidding", "q4", outputs, "black-turn") is None
    assert verdict("cards-and-bidding", "q4", outputs, "red-turn") == "q4 is not right"
    # no key line, two, another question's, an unreadable one, or a key that is not a plain str
    stdout = [{"output_type": "stream", "name": "stdout", "text": ""}]
    assert "has no answer to grade" in str(verdict("cards-and-bidding", "q4", stdout))
    for text in ("euchre-learn key q4 'J♣'\neuchre-learn key q4 'J♣'\n", "euchre-learn key q5 'J♣'\n"):
        stdout[0]["text"] = text
        assert "2 key lines" in str(verdict("cards-and-bidding", "q4", stdout)) or "not its own" in str(
            verdict("cards-and-bidding", "q4", stdout)
        )
    for text in ("euchre-learn key q4 J♣\n", "euchre-learn key q4 ['J♣']\n", "euchre-learn key q4 __import__('os')\n"):
        stdout[0]["text"] = text
        assert verdict("cards-and-bidding", "q4", stdout) is not None, text
    # a key line elsewhere than stdout (an error's text, a display) is not read
    assert verdict(
        "cards-and-bidding", "q4", [{"output_type": "stream", "name": "stderr", "text": "euchre-learn key q4 'J♣'\n"}]
    )


def _hidden_tests_passed(
    nb: dict[str, Any], answers: dict[str, str] | None = None, variant: str | None = None
) -> set[str]:
    """Run a source notebook's cells here (each answer cell with its solution, or with
    ``answers[qid]``), hidden tests included, and grade each test's key line as the grader does
    (``variant``: the questions' renaming); the questions that score."""
    from euchre_learn.classroom.nbgrader_hooks import verdict

    namespace: dict[str, Any] = {}
    passed = set()
    sheet = ""
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        gid = _nbg(cell)["grade_id"]
        source = _src(cell).replace("### BEGIN SOLUTION\n", "").replace("### END SOLUTION\n", "")
        sheet = sheet or (source.split('checker("')[1].split('"')[0] if 'checker("' in source else "")
        if answers is not None and gid.startswith("answer-"):
            source = answers[gid[7:]]
        if gid.startswith("test-"):
            if verdict(sheet, gid[5:], _run_hidden_test(source, namespace), variant) is None:
                passed.add(gid[5:])
            continue
        try:
            exec(source, namespace)
        except AssertionError:
            continue
    return passed


@pytest.mark.parametrize(
    ("name", "variants"), [("01_cards_and_bidding", VARIANTS), ("02_play_and_scoring", ("black-red-turn",))]
)
def test_a_renamed_sheet_deals_its_own_questions(
    name: str, variants: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every renaming of the sheet is consistent (its own solutions, renamed, score every point,
    in place and in the hidden tests), and the published solutions do not fit it."""
    monkeypatch.chdir(EXERCISES)
    sheet = SHEETS[name]
    qids = checker(sheet).qids
    published = {q: (EXERCISES / "solutions" / name / f"{q}.py").read_text(encoding="utf-8") for q in qids}
    original = grading.source_notebook(name)
    for variant in variants:
        nb = grading.source_notebook(name, "answers", variant)
        assert _hidden_tests_passed(nb, variant=variant) == set(qids), variant
        missed = set(qids) - _hidden_tests_passed(nb, published, variant)
        assert len(missed) >= 3, (variant, missed)
        # the same cells, the deals and the words about them renamed
        assert [_nbg(c)["grade_id"] for c in nb["cells"]] == [_nbg(c)["grade_id"] for c in original["cells"]]
        assert json.dumps(nb, ensure_ascii=False) != json.dumps(original, ensure_ascii=False)
        check = checker(sheet, variant=variant)
        for qid in missed:  # in place, too, the published answer is wrong and the renamed one right
            exercise = check.exercise(qid)
            if not exercise.coding and isinstance(exercise.wrong, str):
                right = Relabel.parse(variant).answer(exercise.grade.keys[0], exercise.grade.kind)  # type: ignore[attr-defined]
                assert check(qid, right).correct, (variant, qid, right)
    with pytest.raises(grading.GradingError, match="cannot be renamed"):
        grading.source_notebook("03_hands_strategy_variants", "answers", "black-turn")


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
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    config.CourseDirectory.root = str(root)
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


def _what_the_checker_says(nb: dict[str, Any], sheet: str, variant: str | None = None) -> dict[str, int]:
    """Run the filled-in copy's own cells here and grade each answer with the sheet's checker
    (1 point when ✓)."""
    check = checker(sheet, variant=variant)
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


# An answer cell that attacks the grading: the checker says ✓ to everything (the attack of issue
# 24: with the hidden tests of before, which asked the checker, it scored every point), the
# answer key the hidden tests import hands back what the test itself holds, a stand-in module
# answers the import of the checker's package (importlib.reload included), builtins a comparison
# might use always agree, and the answers are objects whose == always says yes.
ATTACK = r"""import builtins, importlib, sys, types
import euchre_learn.classroom.exercises as _ex


class _Yes(str):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    __hash__ = str.__hash__


def _peek(*args, **kwargs):
    frame = sys._getframe(1)
    found = [c for c in frame.f_code.co_consts if isinstance(c, tuple) and c and isinstance(c[0], int)]
    return _Yes(found[0][0] if found else "")


_ex.Checker.grade = lambda self, qid, answer=...: _ex.Result(True, "Right.", "", "", ())
_ex.answer_key = _peek
_fake = types.ModuleType("euchre_learn.classroom.exercises")
_fake.__dict__.update(vars(_ex))
_fake.answer_key = _peek
sys.modules["euchre_learn.classroom.exercises"] = _fake
importlib.reload = lambda module: module
builtins.all = builtins.any = lambda *a, **k: True
builtins.sorted = lambda items, *a, **k: list(items)

answer = _Yes("nothing")
check("{qid}", answer)"""


def _cheat(source: dict[str, Any], check: Any) -> dict[str, str]:
    """The attacking copy: the attack in the first answer cell, then a yes-to-everything answer
    (or a function returning one) in every other."""
    answers: dict[str, str] = {}
    for cell in source["cells"]:
        gid = _nbg(cell).get("grade_id", "")
        if not gid.startswith("answer-"):
            continue
        qid = gid[7:]
        if not answers:
            answers[qid] = ATTACK.replace("{qid}", qid)
        elif check.exercise(qid).coding:
            fn = _src(cell).rstrip().rsplit("\n", 1)[1][len(f'check("{qid}", ') : -1]
            answers[qid] = f'def {fn}(*args):\n    return _Yes("x")\n\ncheck("{qid}", {fn})'
        else:
            answers[qid] = f'answer = _Yes("x")\ncheck("{qid}", answer)'
    return answers


@pytest.mark.nbgrader
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook sessions
def test_generate_fill_autograde_and_the_gradebook_agrees_with_the_checker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    course = tmp_path / "course"
    # one renaming for the whole class (--variant course); each student's own: test_grading_variants.py
    grading.write_course(course, course_id="euchre-101", exchange=str(tmp_path / "exchange"), variant="course")
    names = grading.assignments()
    sheets = SHEETS
    # nbgrader runs alembic (its database migrations) as a command: the venv's bin on the PATH
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.chdir(course)
    config = (course / "nbgrader_config.py").read_text(encoding="utf-8")
    assert "ClearSolutions.code_stub" in config
    assert "c.CourseDirectory.course_id = 'euchre-101'" in config
    assert f"c.Exchange.root = {str(tmp_path / 'exchange')!r}" in config
    api = _api(course)
    for name in names:
        _ok(api.generate_assignment(name))

    expected: dict[str, dict[str, int]] = {}
    students = ("right", "wrong", "cheat")
    # sheets 01 and 02 deal questions of their own: suits and seats renamed, fixed by the course id
    variant = grading.variant_for("euchre-101")
    variants = {name: variant if name in grading.RENAMED else None for name in names}
    assert grading.RENAMED == ("01_cards_and_bidding", "02_play_and_scoring") and variant == "black-red-turn"
    for name in names:
        release_path = course / "release" / name / f"{name}.ipynb"
        release = json.loads(release_path.read_text(encoding="utf-8"))
        assert (course / "release" / name / "rules.md").is_file()
        text = "\n".join(_src(c) for c in release["cells"])
        # no solution, no hidden test, no way to load the solutions in the student release
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS", "_answer_key", "%load", "solutions/"):
            assert marker not in text, (name, marker)
        source = json.loads((course / "source" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
        assert source == grading.source_notebook(name, "answers", variants[name])
        given: dict[str, str] = {}  # the source notebook's own solutions (renamed, where the sheet is)
        for cell in source["cells"]:
            src = _src(cell)
            if "### BEGIN SOLUTION" in src:
                qid = _nbg(cell)["grade_id"][7:]
                given[qid] = src.split("### BEGIN SOLUTION\n")[1].split("\n### END SOLUTION")[0]
                given[qid] += "\n" + src.rstrip().rsplit("\n", 1)[1]
                template = src.split("### BEGIN SOLUTION")[0]
                solved = src.split("### BEGIN SOLUTION\n")[1].split("\n### END SOLUTION")[0]
                for line in solved.split("\n"):
                    if len(line.strip()) >= 8 and line not in template:
                        assert line not in text, (name, line)

        check = checker(sheets[name])
        renaming = Relabel.parse(variants[name]) if variants[name] else None
        published = {q: (EXERCISES / "solutions" / name / f"{q}.py").read_text(encoding="utf-8") for q in check.qids}
        solutions = given
        plain = [
            q
            for q in check.qids
            if not check.exercise(q).coding and isinstance(check.exercise(q).wrong, (str, int, float, bool))
        ]
        coding = [q for q in check.qids if check.exercise(q).coding]
        wrong = dict(solutions)
        for q in plain[:2]:  # the sheet's own wrong answers, renamed as the sheet is
            bad = check.exercise(q).wrong
            if renaming is not None:
                bad = renaming.answer(bad, check.exercise(q).grade.kind)  # type: ignore[attr-defined]
            wrong[q] = f'answer = {bad!r}\n\ncheck("{q}", answer)'
        del wrong[plain[2]]  # left as released: "answer = ..."
        if coding:  # a function that raises: the checker says so, and no point
            expr = _src(next(c for c in source["cells"] if _nbg(c)["grade_id"] == f"answer-{coding[0]}")).rstrip()
            fn = expr.rsplit("\n", 1)[1][len(f'check("{coding[0]}", ') : -1]
            wrong[coding[0]] = f'def {fn}(*args):\n    raise ValueError("not yet")\n\ncheck("{coding[0]}", {fn})'
        handed_in = [("right", solutions), ("wrong", wrong), ("cheat", _cheat(source, check))]
        if renaming is not None:  # the published solutions, copied into a renamed sheet
            handed_in.append(("published", published))
        for student, answers in handed_in:
            nb = _fill(release, answers)
            folder = course / "submitted" / student / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
            if student != "cheat":
                expected[f"{name}/{student}"] = _what_the_checker_says(nb, sheets[name], variants[name])
        expected[f"{name}/cheat"] = dict.fromkeys(check.qids, 0)  # no right answer anywhere: no point

    graded: dict[str, dict[str, Any]] = {}
    from nbgrader.api import Gradebook

    for name in names:
        for student in (*students, "published") if variants[name] else students:
            result = api.autograde(name, student)
            _ok(result)
            # the hidden tests are put back quietly in a copy handed in as released
            assert "checksum" not in result["log"], result["log"][-2000:]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in names:
            for student in (*students, "published") if variants[name] else students:
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
        elif key.endswith("/cheat"):
            assert graded[key]["score"] == 0  # the attack scores nothing
        elif key.endswith("/published"):  # the renamed sheet's questions are not the published ones
            assert graded[key]["score"] <= total - 5, key
        else:
            assert graded[key]["score"] <= total - 3  # two wrong and one missing (and a broken function)

    # the feedback a student gets shows no hidden test, neither its code nor a traceback through it
    name = names[0]
    for student in ("wrong", "cheat"):
        _ok(api.generate_feedback(name, student))
        html = (course / "feedback" / student / name / f"{name}.html").read_text(encoding="utf-8")
        for marker in ("HIDDEN TESTS", "_answer_key", "euchre-learn key", "GradeOutsideTheKernel"):
            assert marker not in html, (student, marker)
        assert "q1 is not right" in html or student == "wrong"


def _validate(notebooks: dict[str, Path]) -> dict[str, str]:
    """What ``nbgrader validate`` (the Validate button's command) prints for each copy. The
    commands run side by side, each in its copy's folder with a learner folder of its own."""
    running = {}
    for label, notebook in notebooks.items():
        env = dict(os.environ, EUCHRE_LEARN_HOME=str(notebook.parent / "learner-home"))
        running[label] = subprocess.Popen(
            [sys.executable, "-m", "nbgrader", "validate", str(notebook)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=notebook.parent,
            env=env,
        )
    outputs = {}
    try:
        for label, proc in running.items():
            outputs[label] = proc.communicate(timeout=600)[0]
    finally:
        for proc in running.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return outputs


@pytest.mark.nbgrader
def test_validate_fails_a_blank_or_wrong_copy_and_passes_a_right_one(tmp_path: Path) -> None:
    name = "01_cards_and_bidding"
    course = tmp_path / "course"
    grading.write_course(course, feedback="right-wrong")
    source = grading.source_notebook(name, "right-wrong")
    # the student's release, as generate_assignment makes it: no solution, no hidden test
    from nbformat import from_dict
    from nbgrader.preprocessors import ClearHiddenTests, ClearSolutions

    release = from_dict(json.loads(json.dumps(source)))
    release, _ = ClearSolutions(code_stub={"python": ""}).preprocess(release, {})
    release, _ = ClearHiddenTests().preprocess(release, {})
    check = checker(SHEETS[name])
    solutions = {q: (EXERCISES / "solutions" / name / f"{q}.py").read_text(encoding="utf-8") for q in check.qids}
    wrong = dict(solutions, q4=f'answer = {check.exercise("q4").wrong!r}\ncheck("q4", answer)')
    copies = {}
    for label, answers in (("blank", {}), ("wrong", wrong), ("right", solutions)):
        folder = tmp_path / label
        folder.mkdir()
        shutil.copy(course / "source" / name / "rules.md", folder / "rules.md")
        copies[label] = folder / f"{name}.ipynb"
        copies[label].write_text(json.dumps(_fill(release, answers), ensure_ascii=False), encoding="utf-8")
    outputs = _validate(copies)
    assert "Success! Your notebook passes all the tests" not in outputs["blank"], outputs["blank"][-2000:]
    assert "q1 is not answered yet" in outputs["blank"]
    assert "Success! Your notebook passes all the tests" not in outputs["wrong"], outputs["wrong"][-2000:]
    assert "q4 is not right yet" in outputs["wrong"] and "q1 is not" not in outputs["wrong"]
    assert "Success! Your notebook passes all the tests" in outputs["right"], outputs["right"][-2000:]

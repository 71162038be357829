"""Students who attack the grading, through the real nbgrader (issue 34, item 2).

Every attacking copy answers every question wrong (the sheet's own wrong answers, renamed as
the student's sheet is, and functions that raise), and its first answer cell, or the .ipynb
itself, attacks the grading. Each copy is handed in to a course written by ``euchre-learn
nbgrader``, graded by ``nbgrader autograde`` with the course's own nbgrader_config.py, and read
by ``euchre-learn nbgrader audit``. Each attack must score 0 or be flagged; the attacks the
grader prevents must score 0 (and are flagged too), and the one it cannot prevent (working the
right answers out of the installed package) scores but is flagged. An honest right copy and an
honest wrong copy are graded beside them and flagged by nothing.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.classroom import cli, grading
from euchre_learn.classroom.exercises import checker, is_right_key
from euchre_learn.classroom.exercises.relabel import VARIANTS, Relabel
from euchre_learn.classroom.exercises.variants import student_variant

ROOT = Path(__file__).resolve().parents[2]
NAME = "01_cards_and_bidding"
SHEET = "cards-and-bidding"
COURSE = "euchre-101"


def _src(cell: dict[str, Any]) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else s


def _gid(cell: dict[str, Any]) -> str:
    return str(cell["metadata"].get("nbgrader", {}).get("grade_id", ""))


# ---- the attacks: code run at the top of the first answer cell ------------------------------

# The three of issue 34. (1) answer_key replaced with one that reads the hidden test's own text
# from IPython's history and plants what it finds there (a fingerprint, in the tests of before).
IH_ANSWER_KEY = r"""
import re
import euchre_learn.classroom.exercises as _ex


class _Yes(str):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    __hash__ = str.__hash__


def _planted(name, qid, answer, variant=None):
    hidden = [cell for cell in _ih if "BEGIN HIDDEN TESTS" in cell or "euchre-learn key" in cell]
    numbers = re.findall(r"\d{6,}", hidden[-1]) if hidden else []
    quoted = re.findall(r"'([^']*)'", hidden[-1]) if hidden else []
    return _Yes(numbers[0] if numbers else quoted[-1] if quoted else "")


_ex.answer_key = _planted
"""

# (2) the same, in a copy of the checker's module put into sys.modules
SYS_MODULES_COPY = (
    IH_ANSWER_KEY
    + r"""
import sys, types
_copy = types.ModuleType("euchre_learn.classroom.exercises")
_copy.__dict__.update(vars(_ex))
_copy.answer_key = _planted
sys.modules["euchre_learn.classroom.exercises"] = _copy
"""
)

# (3) an input transformer that turns every hidden test into `pass`
INPUT_TRANSFORMER = r"""
def _no_tests(lines):
    if any("HIDDEN TESTS" in line or "euchre-learn key" in line for line in lines):
        return ["pass\n"]
    return lines


get_ipython().input_transformers_cleanup.append(_no_tests)
"""

# (4) builtins a test might use made to agree: print prints a key line of the attacker's, repr
# and AssertionError made harmless
BUILTINS = r"""
import builtins
_print = builtins.print
builtins.print = lambda *args, **kwargs: _print(*args[:1], "'J♥'", **kwargs)
builtins.repr = lambda value: "'J♥'"
builtins.AssertionError = type("AssertionError", (Warning,), {})
builtins.all = builtins.any = lambda *a, **k: True
"""

# (5) importlib.reload made a no-op and the grading module's own function replaced in the kernel
RELOAD = r"""
import importlib
import euchre_learn.classroom.exercises as _ex
import euchre_learn.classroom.nbgrader_hooks as _hooks
importlib.reload = lambda module: module
_ex.is_right_key = lambda *args, **kwargs: True
_hooks.verdict = lambda *args, **kwargs: None
"""

# (6) gc.get_objects: every checker found in memory made to say right to everything
GC_OBJECTS = r"""
import gc
from euchre_learn.classroom.exercises import Checker, Result
for _obj in gc.get_objects():
    if isinstance(_obj, Checker):
        _obj.grade = lambda qid, answer=..., _r=Result: _r(True, "Right.", "", "", ())
    if callable(_obj) and getattr(_obj, "__name__", "") == "answer_key":
        _obj.__code__ = (lambda name, qid, answer, variant=None: "J♥").__code__
"""

# (7) frame walking: an answer whose text is read off the frames that read it
FRAME_WALK = r"""
import inspect, sys


class _Peek(str):
    def strip(self, *args):
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if isinstance(value, tuple) and value and isinstance(value[0], str):
                    return value[0]
            frame = frame.f_back
        return str.strip(self, *args)

    def casefold(self):
        return self.strip()


for _frame in inspect.stack():
    _frame.frame.f_globals.setdefault("_peeked", True)
answer = _Peek("north")
"""

# (8) IPython's event hooks: a key line printed after every cell, and the test's text swapped
EVENTS = r"""
def _after(result):
    qid = "q%d" % (getattr(result.info, "raw_cell", "").count("check") or 1)
    print("euchre-learn key", qid, "'J♥'")


get_ipython().events.register("post_run_cell", _after)
get_ipython().events.register("pre_run_cell", lambda info: None)
"""

# (9) exec of obfuscated text: base64 and a getattr chain, patching the answer key
OBFUSCATED = r"""
import base64
_code = base64.b64decode("aW1wb3J0IGV1Y2hyZV9sZWFybi5jbGFzc3Jvb20uZXhlcmNpc2VzIGFzIGUKZS5hbnN3ZXJfa2V5ID0gbGFtYmRhICphLCAqKms6ICdK4pmlJw==")
getattr(__builtins__, "ex" + "ec")(_code)
"""

# (10) writing into the grading module's globals
GRADING_GLOBALS = r"""
import euchre_learn.classroom.grading as _g
import euchre_learn.classroom.exercises as _ex
_g.KEY_LINE = "ignored"
vars(_ex)["answer_key"] = lambda *args, **kwargs: "J♥"
globals()["_answer_key"] = lambda *args, **kwargs: "J♥"
"""

# (11) answers that answer for themselves: == always yes, str() says a right answer's text
EQ_OBJECTS = r"""
class _Yes(str):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __str__(self): return "J♥"
    def strip(self, *args): return self
    def casefold(self): return self
    __hash__ = str.__hash__


answer = _Yes("J♥")
"""

# (12) a custom handler of errors: a failing hidden test shows no error at all
CUSTOM_EXC = r"""
get_ipython().set_custom_exc((Exception,), lambda shell, etype, value, tb, tb_offset=None: None)
"""

# (13) the kernel killed mid-notebook, before any hidden test runs
KILL_KERNEL = r"""
import os
os._exit(0)
"""

# (14) not prevented, only detected: the right answers worked out from the installed package
# (the checker's keys, renamed as the student's sheet is) and handed to the hidden test
PACKAGE_KEYS = r"""
import euchre_learn.classroom.exercises as _ex


def _right(name, qid, answer, variant=None):
    grade = check.exercise(qid).grade
    key = grade.keys[0]
    if check.relabel is not None and grade.kind in ("card", "cards", "suit", "text"):
        key = grade.key(check.relabel.answer(key, grade.kind))
    return key


_ex.answer_key = _right
"""


def _edit_metadata(nb: dict[str, Any]) -> None:
    """(15) the .ipynb edited: test cells no longer graded or worth 0, one renamed, one removed,
    the visible line of a test replaced, and a new cell that claims to be a test worth 10."""
    cells = nb["cells"]
    tests = [c for c in cells if _gid(c).startswith("test-")]
    tests[0]["metadata"]["nbgrader"]["grade"] = False
    tests[1]["metadata"]["nbgrader"]["points"] = 0
    tests[2]["metadata"]["nbgrader"]["grade_id"] = "test-q99"
    tests[3]["source"] = 'print("euchre-learn key q4", repr("J♥"))'
    cells.remove(tests[4])
    cells.insert(
        1,
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "planted",
            "metadata": {"nbgrader": {**tests[5]["metadata"]["nbgrader"], "grade_id": "test-q0", "points": 10}},
            "outputs": [],
            "source": "pass",
        },
    )


PLANTED = "J♥"
"""What the attacks that make the kernel print a key of their own print: the right answer to no
question of the sheet, in no renaming (a kernel that prints a key answers with that key)."""

ATTACKS: dict[str, tuple[str, Callable[[dict[str, Any]], None] | None, bool]] = {
    # name: (code, edit of the .ipynb, prevented: scores 0)
    "ih-answer-key": (IH_ANSWER_KEY, None, True),
    "sys-modules-copy": (SYS_MODULES_COPY, None, True),
    "input-transformer": (INPUT_TRANSFORMER, None, True),
    "builtins": (BUILTINS, None, True),
    "reload": (RELOAD, None, True),
    "gc-objects": (GC_OBJECTS, None, True),
    "frame-walk": (FRAME_WALK, None, True),
    "events": (EVENTS, None, True),
    "obfuscated-exec": (OBFUSCATED, None, True),
    "grading-globals": (GRADING_GLOBALS, None, True),
    "eq-objects": (EQ_OBJECTS, None, True),
    "custom-exc": (CUSTOM_EXC, None, True),
    "kill-kernel": (KILL_KERNEL, None, True),
    "ipynb-metadata": ("", _edit_metadata, True),
    "package-keys": (PACKAGE_KEYS, None, False),
}


def _wrong_answers(release: dict[str, Any], variant: str | None) -> dict[str, str]:
    """Every question answered wrong: the sheet's own wrong answers (renamed as the student's
    sheet is), and functions that raise."""
    check = checker(SHEET)
    renaming = Relabel.parse(variant) if variant else None
    answers = {}
    for cell in release["cells"]:
        gid = _gid(cell)
        if not gid.startswith("answer-"):
            continue
        qid = gid[7:]
        exercise = check.exercise(qid)
        if exercise.coding:
            fn = _src(cell).rstrip().rsplit("\n", 1)[1][len(f'check("{qid}", ') : -1]
            answers[qid] = f'def {fn}(*args):\n    raise ValueError("no")\n\ncheck("{qid}", {fn})'
            continue
        bad = exercise.wrong
        if renaming is not None:
            bad = renaming.answer(bad, exercise.grade.kind)  # type: ignore[attr-defined]
        assert not checker(SHEET, variant=variant).grade(qid, bad).correct, (qid, bad)
        answers[qid] = f'answer = {bad!r}\ncheck("{qid}", answer)'
    return answers


def _fill(release: dict[str, Any], answers: dict[str, str]) -> dict[str, Any]:
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        if _gid(cell).startswith("answer-") and _gid(cell)[7:] in answers:
            cell["source"] = answers[_gid(cell)[7:]]
    return nb


def _api(root: Path) -> Any:
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    config.CourseDirectory.root = str(root)
    return NbGraderAPI(config=config)


def _variant_of(course: Path, student: str) -> str | None:
    """The questions the course deals this student, as its nbgrader_config.py tells the grader."""
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    mode = config.GradeOutsideTheKernel.variants[NAME]
    return student_variant(COURSE, student) if mode == "student" else mode or None


def _right_answers(student_variant: str | None) -> dict[str, str]:
    """The published solutions, renamed as the student's sheet is."""
    renaming = Relabel.parse(student_variant) if student_variant else None
    answers = {}
    for qid in checker(SHEET).qids:
        text = (ROOT / "exercises" / "solutions" / NAME / f"{qid}.py").read_text(encoding="utf-8")
        answers[qid] = "\n".join(line for line in text.split("\n") if not line.startswith("# %load"))
        answers[qid] = renaming.text(answers[qid]) if renaming else answers[qid]
    return answers


@pytest.mark.nbgrader
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook sessions
def test_every_attack_scores_nothing_or_is_flagged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    course = tmp_path / "course"
    grading.write_course(course, course_id=COURSE, exchange=str(tmp_path / "exchange"))
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.chdir(course)
    api = _api(course)
    assert api.generate_assignment(NAME)["success"]
    release = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    total = len(checker(SHEET).qids)

    copies: dict[str, dict[str, Any]] = {}
    for student, (code, edit, _) in ATTACKS.items():
        answers = _wrong_answers(release, _variant_of(course, student))
        first = next(iter(answers))
        answers[first] = code.strip() + "\n\n" + answers[first] if code else answers[first]
        nb = _fill(release, answers)
        if edit is not None:
            edit(nb)
        copies[student] = nb
    copies["honest-wrong"] = _fill(release, _wrong_answers(release, _variant_of(course, "honest-wrong")))
    copies["honest-right"] = _fill(release, _right_answers(_variant_of(course, "honest-right")))
    for student, nb in copies.items():
        folder = course / "submitted" / student / NAME
        folder.mkdir(parents=True)
        (folder / f"{NAME}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")

    scores = {}
    from nbgrader.api import Gradebook

    for student in copies:
        api.autograde(NAME, student)  # a killed kernel fails the run: its grades are what was saved
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for student in copies:
            try:
                scores[student] = gb.find_submission_notebook(NAME, NAME, student).score
            except Exception:  # nbgrader kept no grade at all: nothing scored
                scores[student] = 0.0

    capsys.readouterr()
    status = cli.main(["nbgrader", "audit", str(course)])
    out = capsys.readouterr().out
    assert status == 1, out
    flagged = {line.split("/")[1] for line in out.splitlines() if line.startswith("submitted/")}

    assert scores["honest-right"] == total, scores
    assert scores["honest-wrong"] == 0, scores
    assert "honest-right" not in flagged and "honest-wrong" not in flagged, out
    assert len(ATTACKS) >= 10
    assert not any(is_right_key(SHEET, q, PLANTED, v) for q in checker(SHEET).qids for v in (None, *VARIANTS))
    for student, (_, _, prevented) in ATTACKS.items():
        assert scores[student] == 0 or student in flagged, (student, scores[student], out)
        if prevented:
            assert scores[student] == 0, (student, scores)
        assert student in flagged, (student, out)  # every attack is seen, too
    assert scores["package-keys"] == total  # not prevented: the package can work out its answers
    assert f"{len(ATTACKS)} of {len(copies)} notebook(s) flagged" in out, out
    # the lines say what each attack reached for
    for student, words in (
        ("ih-answer-key", "uses _ih"),
        ("sys-modules-copy", ".modules"),
        ("input-transformer", "input_transformers_cleanup"),
        ("kill-kernel", "._exit"),
        ("ipynb-metadata", "nbgrader's 'points' changed from 1 to 0"),
        ("package-keys", "check.exercise"),
    ):
        assert any(line.startswith(f"submitted/{student}/") and words in line for line in out.splitlines()), (
            student,
            words,
            out,
        )

"""Graded copies of the exercise sheets for nbgrader: ``euchre-learn nbgrader DIR``.

`nbgrader <https://nbgrader.readthedocs.io>`_ is the grader JupyterHub classes use. It works
from a course folder with ``source/<assignment>/<notebook>.ipynb``: notebooks whose cells
carry nbgrader's metadata. :func:`write_course` writes one such source assignment for each
exercise sheet with fixed answers (sheets 01, 02 and 03; the final review deals each learner
their own questions from their name, in widgets, and is not graded this way):

- each **answer cell** (``check("q3", answer)`` at its end) becomes an *autograded answer*
  cell: the learner's template (``answer = ...``), then the solution from
  ``exercises/solutions/`` between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, which
  ``nbgrader generate_assignment`` removes from the student release;
- after it, a **test** cell worth one point. Its visible line, ``check.validate("q3", answer)``,
  is what nbgrader's *Validate* button checks (answered and, unless the copy gives no
  feedback, right). Its **hidden test** (``### BEGIN HIDDEN TESTS``, removed from the release
  and put back by ``nbgrader autograde``) decides nothing: it prints the key of the answer
  (:func:`~euchre_learn.classroom.exercises.answer_key`, on one line that begins with
  :data:`KEY_LINE`) and fails. The grading happens in nbgrader's own process, where a student's
  code never runs: :class:`~euchre_learn.classroom.nbgrader_hooks.GradeOutsideTheKernel` reads
  that line, compares the key with the right answers, which it computes there (they are nowhere
  in the notebook), and replaces the test's outputs with its verdict. A kernel made to lie
  (the checker, ``answer_key``, ``sys.modules``, builtins, input transformers that rewrite the
  hidden test, answers whose ``==`` always says yes) has no right answer to lie with, and
  scores nothing; what the grader cannot see from outside the kernel, ``euchre-learn nbgrader
  audit DIR`` (:mod:`.audit`) flags in the submitted notebooks (docs/teaching.md);
- every other cell is read-only, so ``autograde`` restores it (the setup cell that makes
  ``check`` included); outputs are cleared; the navigation lines and the ``# %load solutions/``
  hints are left out, and the rule links point at a copy of the rule book in the assignment.

The graded copies of sheets 01 and 02 deal **questions of their own** (``variant``,
``--variant``): the sheet with its suits and seats renamed (:mod:`.exercises.relabel`), so the
published solutions in ``exercises/solutions/`` do not fit them. By default (``'student'``)
each student gets their own renaming, chosen from the course id and the student's id
(:mod:`.exercises.variants`): nbgrader hands every student the same file, so the questions and
deals that a renaming changes are read-only code cells, their source folded away, that show
the student's own question when the sheet runs (``check.show``, ``check.deal``), and the grader
reads each answer through the renaming of the student nbgrader filed it under. ``'course'``
gives the whole class one renaming, fixed by the course id. Sheet 03, about hands the package
shows, keeps its published questions.

``feedback`` (``--feedback``) chooses what the in-place ``check`` says in the graded copy:
``'answers'`` (✓ or ✗ and why, as in the practice sheets: the right answer shows),
``'right-wrong'`` (✓ or ✗ only) or ``'none'`` (only that the answer is recorded).

``nbgrader_config.py`` in the folder sets the course id, the exchange, the empty solution stub
(the template above it stays, not ``raise NotImplementedError()``) and the preprocessors of
:mod:`euchre_learn.classroom.nbgrader_hooks`: the grader, the student's name for the kernel, no
checksum warning per test cell at autograde, no hidden test in the feedback.

>>> nb = source_notebook('01_cards_and_bidding')
>>> [c['metadata']['nbgrader']['grade_id'] for c in nb['cells'] if c['metadata']['nbgrader'].get('points')][:3]
['test-q1', 'test-q2', 'test-q3']
>>> answer = next(c for c in nb['cells'] if c['metadata']['nbgrader']['grade_id'] == 'answer-q1')
>>> print(answer['source'])
answer = ...
### BEGIN SOLUTION
answer = 24  # 9, 10, J, Q, K, A in four suits
### END SOLUTION
check("q1", answer)
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_learn.classroom.course import course_root
from euchre_learn.classroom.exercises import FEEDBACK, Grader, checker
from euchre_learn.classroom.exercises.relabel import VARIANTS, Relabel

__all__ = [
    "DEFAULT_COURSE_ID",
    "DEFAULT_EXCHANGE",
    "GradingError",
    "GradingReport",
    "assignments",
    "config_text",
    "hidden_test",
    "sheet_of",
    "source_notebook",
    "write_course",
]

DEFAULT_COURSE_ID = "euchre"
DEFAULT_EXCHANGE = "/srv/nbgrader/exchange"
"""nbgrader's own default exchange folder (on a hub: a folder every user can write, see docs/teaching.md)."""


class GradingError(ValueError):
    """An exercise sheet that cannot be turned into an nbgrader assignment, or a course folder
    that cannot be written."""


_CONFIG = """\
# nbgrader's settings for the euchre_learn exercise sheets (written by `euchre-learn nbgrader`).
# Run nbgrader from this folder: nbgrader generate_assignment 01_cards_and_bidding, ... (docs/teaching.md)
from nbgrader.preprocessors import GetGrades
from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties, CheckCellMetadata, ClearOutput, DeduplicateIds, Execute, IgnorePattern,
    LimitOutput, OverwriteKernelspec, SaveAutoGrades,
)

from euchre_learn.classroom.nbgrader_hooks import GradeOutsideTheKernel, HideHiddenTests, NameTheStudent, RestoreHiddenTests

c = get_config()  # noqa: F821 (nbgrader provides it)

# The course, and the exchange folder that release / fetch / submit / collect go through.
# Students need the same two lines in their own ~/.jupyter/nbgrader_config.py (docs/teaching.md).
c.CourseDirectory.course_id = {course_id!r}
c.Exchange.root = {exchange!r}

# The answer cells keep the learner's template ("answer = ..." or the function to complete)
# above the solution, so the solution is replaced by nothing rather than by nbgrader's
# "raise NotImplementedError()".
c.ClearSolutions.code_stub = {{"python": ""}}

# autograde puts each test cell's hidden test back without a "checksum has changed" warning
# when the student left the cell as released; generate_feedback shows no hidden test.
c.Autograde.sanitize_preprocessors = [
    ClearOutput,
    DeduplicateIds,
    OverwriteKernelspec,
    RestoreHiddenTests,
    CheckCellMetadata,
]
c.GenerateFeedback.preprocessors = [GetGrades, HideHiddenTests, CSSHTMLHeaderPreprocessor]

# The grading itself happens here, in nbgrader's process, not in the student's kernel: each hidden
# test only prints its answer's key and fails, and GradeOutsideTheKernel, right after the notebook
# has run, replaces every test cell's outputs with its own verdict (nothing, or "q3 is not right")
# from the right answers, which it computes here. Leave it out and every test scores 0.
# euchre_learn must be installed where autograde runs, at the version that generated the course.
c.Autograde.autograde_preprocessors = [
    NameTheStudent,
    Execute,
    GradeOutsideTheKernel,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
# Which questions each sheet asks: the published ones (""), one renaming for the whole class
# (its name), or one for each student, from the course id and the student's id ("student").
c.GradeOutsideTheKernel.course_id = {course_id!r}
c.GradeOutsideTheKernel.variants = {variants!r}
"""


def config_text(
    course_id: str = DEFAULT_COURSE_ID, exchange: str = DEFAULT_EXCHANGE, variants: dict[str, str] | None = None
) -> str:
    """The course's ``nbgrader_config.py``; ``variants``: each sheet's questions, by notebook
    name (``''``: the published ones; a renaming's name; ``'student'``: one per student).

    >>> "c.CourseDirectory.course_id = 'euchre'" in config_text(), "c.Exchange.root" in config_text()
    (True, True)
    """
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", course_id):
        raise GradingError(f"course id {course_id[:40]!r}: use letters, digits, '.', '_' and '-' only")
    return _CONFIG.format(course_id=course_id, exchange=str(exchange), variants=dict(variants or {}))


_CHECK = re.compile(r'^check\("(?P<qid>q\d+)",\s*(?P<expr>.+)\)\s*$')
_SETUP = re.compile(r'checker\("(?P<name>[a-z-]+)"\)')
_SCHEMA = 3


def _exercises() -> Path:
    return course_root() / "exercises"


def _sheet_name(path: Path) -> str | None:
    """The checker a sheet's setup cell makes (``checker("cards-and-bidding")``), if any."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        found = _SETUP.search(_text(cell)) if cell.get("cell_type") == "code" else None
        if found:
            return found["name"]
    return None


def sheet_of(notebook: str) -> str | None:
    """The checker (sheet name) of the exercise sheet whose notebook is ``notebook``, or None
    for a notebook that is not one of :func:`assignments`.

    >>> sheet_of("02_play_and_scoring"), sheet_of("04_final_review")
    ('play-and-scoring', None)
    """
    if notebook not in assignments():
        return None
    return _sheet_name(_exercises() / f"{notebook}.ipynb")


def assignments() -> tuple[str, ...]:
    """The exercise sheets that become nbgrader assignments (by notebook name): those that
    call a checker and have solutions.

    >>> assignments()
    ('01_cards_and_bidding', '02_play_and_scoring', '03_hands_strategy_variants')
    """
    folder = _exercises()
    return tuple(
        p.stem
        for p in sorted(folder.glob("[0-9][0-9]_*.ipynb"))
        if (folder / "solutions" / p.stem).is_dir() and _sheet_name(p)
    )


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False) -> dict[str, Any]:
    return {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": _SCHEMA,
        "solution": solution,
        "task": False,
    }


def _split_check(text: str, where: str) -> tuple[str, str, str, str]:
    """(the lines before ``check(...)``, the check line, its question id, the checked expression)."""
    lines = [line for line in text.rstrip().split("\n") if not line.startswith("# %load")]
    last = lines[-1] if lines else ""
    found = _CHECK.match(last)
    if not found:
        raise GradingError(f'{where} does not end in check("qN", answer): {last[:60]!r}')
    return "\n".join(lines[:-1]).strip("\n"), last, found["qid"], found["expr"]


KEY_LINE = "euchre-learn key"
"""How a hidden test's one line of output begins: ``euchre-learn key q4 'J♣'``, the question and
the key of the answer (:func:`~euchre_learn.classroom.exercises.answer_key`), which nbgrader's
grader reads (:class:`~euchre_learn.classroom.nbgrader_hooks.GradeOutsideTheKernel`)."""

_HIDDEN = """\
### BEGIN HIDDEN TESTS
# Graded outside this kernel: the test prints the key of the answer (the answer as plain text),
# and euchre_learn's grader, in nbgrader's own process (GradeOutsideTheKernel in the course's
# nbgrader_config.py), compares it with the right answers, which are nowhere in the notebook.
# Without that grader, the test fails.
from euchre_learn.classroom.exercises import answer_key as _answer_key
print({marker!r}, repr(_answer_key({sheet!r}, {qid!r}, {expr})))
raise AssertionError({message!r})
### END HIDDEN TESTS"""


RENAMED = ("01_cards_and_bidding", "02_play_and_scoring")
"""The sheets whose graded copies deal their own questions (their suits and seats renamed): those
whose every card and seat an answer depends on is written in the notebook (sheet 02's two game
questions, printed by the package, are answered with a partnership, which no renaming changes).
Sheet 03 asks about deals the package shows (an example hand, the lesson-10 table), which a
renaming of the notebook's text cannot follow: its graded copy asks the published questions."""


def variant_for(course_id: str) -> str:
    """The renaming a course's graded copies use, fixed by its id, never the published names.

    >>> variant_for('euchre') in VARIANTS
    True
    """
    return Relabel.for_course(course_id).name


def hidden_test(sheet: str, qid: str, expr: str) -> str:
    """The hidden test of question ``qid`` of the sheet ``sheet`` (checker name), for the answer
    the expression ``expr`` names (``answer``, or the learner's function). It holds no right
    answer and decides nothing: it prints the answer's key on one line (:data:`KEY_LINE`) and
    fails, and nbgrader's grader, outside the student's kernel, replaces its outputs with its
    own verdict (:class:`~euchre_learn.classroom.nbgrader_hooks.GradeOutsideTheKernel`).

    >>> print(hidden_test("cards-and-bidding", "q4", "answer").splitlines()[-3])
    print('euchre-learn key q4', repr(_answer_key('cards-and-bidding', 'q4', answer)))
    """
    grade = checker(sheet).exercise(qid).grade
    if not isinstance(grade, Grader):
        raise GradingError(f"{sheet} {qid} has no answer key, so it cannot be graded by nbgrader")
    message = f"{qid} is graded by euchre_learn's grader (GradeOutsideTheKernel), which did not run"
    return _HIDDEN.format(marker=f"{KEY_LINE} {qid}", sheet=sheet, qid=qid, expr=expr, message=message)


_HOW_TO = re.compile(
    r"Replace the `\.\.\.` with your answer and run the cell \(\*\*Shift\+Enter\*\*\):.*?Try again as often as you like\.",
    re.S,
)
_HOW_TO_SAYS = {
    "right-wrong": (
        "Replace the `...` with your answer and run the cell (**Shift+Enter**): a ✓ means right, a ✗ "
        "means not right yet; neither shows the right answer. The question's rules are linked from "
        "[the rule book](rules.md). Try again as often as you like: the answer in the cell when the "
        "sheet is collected is the one graded."
    ),
    "none": (
        "Replace the `...` with your answer and run the cell (**Shift+Enter**): the check records your "
        "answer but does not say whether it is right; each question is graded when the sheet is "
        "collected. The question's rules are in [the rule book](rules.md). Change your answers as often "
        "as you like before you hand the sheet in."
    ),
}
_CODING = re.compile(r"shows the first one it gets wrong(, with the rule)?")
_CODING_SAYS = {
    "right-wrong": "says whether it agrees on all of them",
    "none": "is graded when the sheet is collected",
}


def _graded_markdown(text: str, feedback: str) -> str:
    """A markdown cell of a graded copy: no ``%load`` hint, no "Stuck?" line, and what
    ``check`` says in this copy."""
    lines = [line for line in text.split("\n") if "%load" not in line and not line.startswith("- Stuck?")]
    text = "\n".join(lines).replace("../docs/rules.md", "rules.md")
    if feedback in _HOW_TO_SAYS:
        text = _HOW_TO.sub(lambda _: _HOW_TO_SAYS[feedback], text)
        text = _CODING.sub(_CODING_SAYS[feedback], text)
    return text


def _varies(text: str) -> bool:
    """Whether some renaming changes ``text`` (a question or a deal, in a sheet that deals each
    student their own)."""
    return any(Relabel.parse(v).text(text) != text for v in VARIANTS)


def _literal(text: str) -> str:
    """``text`` as a Python literal a reader can read: a raw triple-quoted string when it can be one."""
    if '"""' not in text and not text.endswith("\\") and "\r" not in text:
        return f'r"""{text}"""'
    return repr(text)


_OWN_QUESTION = "# Your own question: run the cell to see it (the text below is the sheet's, renamed for you)."
_OWN_DEAL = "# Your own deal: run the cell to see it (the cards below are the sheet's, renamed for you)."
"""The first line of a cell that deals a student's own question or deal: what JupyterLab shows of
its folded source."""


def _dealt(cid: str, source: str) -> dict[str, Any]:
    """A read-only code cell, its source folded away, that shows the student's own question or deal."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cid,
        "metadata": {"jupyter": {"source_hidden": True}, "nbgrader": _meta(f"code-{cid}", locked=True)},
        "outputs": [],
        "source": source,
    }


def source_notebook(
    name: str, feedback: str = "answers", variant: str | None = None, course_id: str = DEFAULT_COURSE_ID
) -> dict[str, Any]:
    """The nbgrader source notebook (nbformat 4 JSON) of the exercise sheet ``name``
    (``'01_cards_and_bidding'``, see :func:`assignments`); ``feedback``: what the in-place
    ``check`` of the graded copy says (see the module's text); ``variant``: the sheet with its
    suits and seats renamed (one of :data:`RENAMED`'s sheets only; see :func:`variant_for`), or
    ``'student'``: each student's own renaming, from ``course_id`` and the student's id
    (:func:`~euchre_learn.classroom.exercises.variants.student_variant`), dealt when the sheet runs:
    its questions and deals are read-only code cells (``check.show(...)``, ``check.deal(...)``)
    whose output is the student's own question."""
    if name not in assignments():
        raise GradingError(
            f"{name[:40]!r} is not an exercise sheet with solutions: choose one of {', '.join(assignments())}"
        )
    if feedback not in FEEDBACK:
        raise GradingError(f"feedback {feedback[:20]!r}: choose one of {', '.join(FEEDBACK)}")
    path = _exercises() / f"{name}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    sheet = _sheet_name(path)
    assert sheet is not None  # assignments() has only sheets with a checker
    if variant is not None and name not in RENAMED:
        raise GradingError(f"{name} shows deals the package computes: it cannot be renamed")
    per_student = variant == "student"
    relabel = Relabel.parse(variant) if variant and not per_student else None

    def renamed(text: str) -> str:
        return relabel.text(text) if relabel is not None else text

    solutions = _exercises() / "solutions" / name
    cells: list[dict[str, Any]] = []
    seen: set[str] = set()
    asking = False  # past the first question: from there on, a sheet per student deals what varies
    for i, cell in enumerate(nb["cells"]):
        tags = cell.get("metadata", {}).get("tags", [])
        if "navigation" in tags:
            continue
        cid = str(cell.get("id") or f"cell-{i}")
        text = _text(cell)
        asking = asking or (cell["cell_type"] == "markdown" and "### q" in text)
        if per_student and asking and cell["cell_type"] == "markdown" and _varies(text):
            cells.append(_dealt(cid, f"{_OWN_QUESTION}\ncheck.show({_literal(_graded_markdown(text, feedback))})"))
            continue
        if per_student and asking and cell["cell_type"] == "code" and not tags and _varies(text):
            cells.append(_dealt(cid, f"{_OWN_DEAL}\ncheck.deal({_literal(text)})"))
            continue
        if cell["cell_type"] != "code":
            text = renamed(_graded_markdown(text, feedback))
            cells.append(
                {
                    "cell_type": cell["cell_type"],
                    "id": cid,
                    "metadata": {"nbgrader": _meta(f"text-{cid}", locked=True)},
                    "source": text,
                }
            )
            if len(cells) == 1 and cell["cell_type"] == "markdown" and text.startswith("# "):
                cells.append(_note(cid, feedback, per_student))
            continue
        qids = [t.split(":", 1)[1] for t in tags if t.startswith("answer:")]
        base: dict[str, Any] = {"cell_type": "code", "execution_count": None, "id": cid, "outputs": []}
        if not qids:
            text = renamed(text)
            chosen = (("course", course_id),) if per_student else (("variant", variant),)
            options = "".join(f', {k}="{v}"' for k, v in (("feedback", feedback), *chosen) if v and v != "answers")
            text = text.replace(f'checker("{sheet}")', f'checker("{sheet}"{options})')
            cells.append({**base, "metadata": {"nbgrader": _meta(f"code-{cid}", locked=True)}, "source": text})
            continue
        template, check_line, qid, expr = _split_check(text, f"{name} cell {cid}")
        if qids != [qid] or qid in seen:
            raise GradingError(f"{name} cell {cid}: tagged {qids} but checks {qid!r}")
        seen.add(qid)
        solution_file = solutions / f"{qid}.py"
        try:
            solution, _, solved, _ = _split_check(solution_file.read_text(encoding="utf-8"), str(solution_file))
        except OSError as err:
            raise GradingError(f"no solution for {name} {qid}: {err.strerror or err} ({solution_file})") from err
        if solved != qid:
            raise GradingError(f"{solution_file} checks {solved!r}, not {qid!r}")
        source = f"{renamed(template)}\n### BEGIN SOLUTION\n{renamed(solution)}\n### END SOLUTION\n{check_line}"
        cells.append(
            {**base, "metadata": {"nbgrader": _meta(f"answer-{qid}", solution=True), "tags": tags}, "source": source}
        )
        test = (
            f"# {qid}: one point when the sheet is graded (by euchre_learn's grader, outside this notebook).\n"
            f'check.validate("{qid}", {expr})\n' + hidden_test(sheet, qid, expr)
        )
        meta = {**_meta(f"test-{qid}", grade=True, locked=True), "points": 1}
        cells.append({**base, "id": f"{cid}-test", "metadata": {"nbgrader": meta}, "source": test})
    if not seen:
        raise GradingError(f"{name} has no answer cells (tagged answer:qN)")
    metadata = {k: v for k, v in nb.get("metadata", {}).items() if k in ("kernelspec", "language_info")}
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": max(5, nb.get("nbformat_minor", 5))}


_NOTES = {
    "answers": (
        "**This copy is graded.** Answer in the cells that end in `check(...)`, as in the other sheets: "
        "run one and the ✓ or ✗ tells you at once. When the sheet is collected, each question is worth "
        "one point, and it is scored by the same check: a ✓ here is a point there. Leave the other cells as they are."
    ),
    "right-wrong": (
        "**This copy is graded.** Answer in the cells that end in `check(...)`: run one and the ✓ or ✗ "
        "tells you whether your answer is right, not what the right answer is. When the sheet is collected, "
        "each question is worth one point: a ✓ here is a point there. Leave the other cells as they are."
    ),
    "none": (
        "**This copy is graded.** Answer in the cells that end in `check(...)`: running one records your "
        "answer without saying whether it is right. When the sheet is collected, each question is worth one "
        "point. *Validate* (in the Assignments tab) checks only that every question is answered. Leave the "
        "other cells as they are."
    ),
}


_YOUR_OWN = (
    " **Your questions are your own**, dealt for you (your neighbour's differ): run the sheet from the top "
    "(**Run → Run All Cells**) and each question appears under its cell."
)


def _note(after: str, feedback: str, per_student: bool = False) -> dict[str, Any]:
    text = _NOTES[feedback] + (_YOUR_OWN if per_student else "")
    return {
        "cell_type": "markdown",
        "id": f"{after}-graded",
        "metadata": {"nbgrader": _meta(f"text-{after}-graded", locked=True)},
        "source": text,
    }


@dataclass(frozen=True)
class GradingReport:
    """What :func:`write_course` did: ``written`` and ``unchanged`` files, ``kept`` ones that
    differ from what would be written (a teacher's edits; ``force`` replaces them), relative
    to ``folder``."""

    folder: Path
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept: tuple[str, ...]
    variant: str | None = None

    def lines(self) -> list[str]:
        """The report as the command prints it."""
        out = [f"wrote {rel}" for rel in self.written]
        if self.variant == "student":
            out.append(
                f"questions of their own in {', '.join(RENAMED)}: each student's suits and seats renamed, "
                "chosen by the course id and the student's id"
            )
        elif self.variant:
            out.append(f"questions of their own in {', '.join(RENAMED)}: suits and seats renamed ({self.variant})")
        if self.kept:
            out.append(f"kept {len(self.kept)} changed file(s) (--force replaces them): {', '.join(self.kept)}")
        if not self.written and not self.kept:
            out.append(f"{self.folder} already holds these nbgrader assignments; nothing to do")
        first = assignments()[0]
        out.append(f"next: cd {self.folder} && nbgrader generate_assignment {first} (see docs/teaching.md)")
        return out


def write_course(
    folder: str | os.PathLike[str],
    *,
    force: bool = False,
    feedback: str = "answers",
    course_id: str = DEFAULT_COURSE_ID,
    exchange: str = DEFAULT_EXCHANGE,
    variant: str | None = "student",
) -> GradingReport:
    """Write an nbgrader course folder: ``nbgrader_config.py`` (:func:`config_text`) and, for
    each sheet of :func:`assignments`, ``source/<sheet>/<sheet>.ipynb`` (:func:`source_notebook`
    with ``feedback``) with ``rules.md`` beside it. ``variant``: how the sheets of
    :data:`RENAMED` rename their suits and seats (``'student'``: each student their own, from the
    course id and the student's id; ``'course'``: one for the class, :func:`variant_for` the course
    id; a renaming by name; ``None`` or ``'published'``: the published questions). A file that
    differs from what would be written is kept unless ``force``."""
    root = Path(folder).expanduser()
    if root.exists() and not root.is_dir():
        raise GradingError(f"{str(root)[:80]!r} is a file, not a folder: give a folder for the nbgrader course")
    rules = (course_root() / "docs" / "rules.md").read_bytes()
    renaming = variant_for(course_id) if variant == "course" else None if variant in (None, "published") else variant
    if renaming is not None and renaming not in (*VARIANTS, "student"):
        raise GradingError(
            f"variant {renaming[:30]!r}: choose one of student, course, published, {', '.join(VARIANTS)}"
        )
    variants = {name: (renaming or "") if name in RENAMED else "" for name in assignments()}
    files: dict[str, bytes] = {"nbgrader_config.py": config_text(course_id, exchange, variants).encode("utf-8")}
    for name in assignments():
        chosen = renaming if name in RENAMED else None
        nb = json.dumps(source_notebook(name, feedback, chosen, course_id), indent=1, ensure_ascii=False) + "\n"
        files[f"source/{name}/{name}.ipynb"] = nb.encode("utf-8")
        files[f"source/{name}/rules.md"] = rules
    written, unchanged, kept = [], [], []
    for rel, data in files.items():
        path = root / rel
        try:
            if path.exists() and path.read_bytes() == data:
                unchanged.append(rel)
                continue
            if path.exists() and not force:
                kept.append(rel)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as err:
            raise GradingError(f"cannot write {path}: {err.strerror or err}") from err
        written.append(rel)
    return GradingReport(root, tuple(written), tuple(unchanged), tuple(kept), renaming)

"""The nbgrader preprocessors the course's ``nbgrader_config.py`` puts in place (written by
``euchre-learn nbgrader``; nbgrader imports this module only through that file).

- :class:`GradeOutsideTheKernel` (``autograde``, right after the notebook has run): the grading
  itself. A student's code runs in the kernel that runs the hidden tests, and can change
  anything there (the checker, ``sys.modules``, builtins, the hidden test's own text through
  IPython's input transformers), so nothing the kernel says is taken as a verdict. Each hidden
  test only prints the key of its answer (``euchre-learn key q3 'J♣'``) and fails; this
  preprocessor, in nbgrader's own process, reads that one line, compares the key with the right
  answers, which it computes here (they are nowhere in the notebook), and replaces the test
  cell's outputs with its verdict: none (the point) or ``AssertionError: q3 is not right``.
  A test cell with no key line, two of them, or a key for another question scores 0, and so
  does any grade cell it does not know.
- :class:`NameTheStudent` (``autograde``, before the notebook runs): tells the kernel whose copy it
  runs (:data:`~euchre_learn.classroom.exercises.variants.STUDENT_ENV`), so that a sheet that deals
  each student their own questions shows, in the graded copy and its feedback, the student's own.
- :class:`RestoreHiddenTests` (``autograde``): a student's copy of a test cell lacks its hidden
  test, so nbgrader's own ``OverwriteCells`` finds the locked cell's checksum changed, warns
  ("Attribute 'checksum' for cell test-q1 has changed!", one line per question per student)
  and puts the source back. This one puts the hidden test back first when the rest of the cell
  is exactly what was released, so only a cell the student really changed is reported.
- :class:`HideHiddenTests` (``generate_feedback``): the feedback a student receives shows each
  test cell without its hidden test, and a failed test as its one-line message
  ("AssertionError: q3 is not right"), not as a traceback quoting the test's code; a student's
  own questions (``check.show(...)``, ``check.deal(...)``) show without the call that dealt them.
"""

from __future__ import annotations

import ast
import copy
import functools
import os
import re
from typing import Any

from nbformat import NotebookNode
from nbgrader import utils  # type: ignore[import-untyped]
from nbgrader.preprocessors import ClearHiddenTests, NbGraderPreprocessor, OverwriteCells  # type: ignore[import-untyped]
from traitlets import Dict, Unicode

from euchre_learn.classroom.exercises import Grader, checker, is_right_key
from euchre_learn.classroom.exercises.variants import STUDENT_ENV, student_variant
from euchre_learn.classroom.grading import KEY_LINE, sheet_of

__all__ = [
    "GradeOutsideTheKernel",
    "HideHiddenTests",
    "NameTheStudent",
    "RestoreHiddenTests",
    "verdict",
    "without_hidden_tests",
]

_TEST_ID = re.compile(r"test-(q\d+)")


def verdict(sheet: str, qid: str, outputs: list[Any], variant: str | None = None) -> str | None:
    """What :class:`GradeOutsideTheKernel` decides of question ``qid`` from the outputs of its
    test cell: None when they hold exactly one key line for ``qid`` (and no other key line) whose
    key is right, else why not.

    >>> out = [{"output_type": "stream", "name": "stdout", "text": "euchre-learn key q4 'J♣'\\n"}]
    >>> verdict("cards-and-bidding", "q4", out), verdict("cards-and-bidding", "q4", out, "black-turn")
    (None, 'q4 is not right')
    """
    text = "".join(
        str(o.get("text", "")) for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )
    lines = [line for line in text.splitlines() if line.startswith(KEY_LINE)]
    if not lines:
        return f"{qid} has no answer to grade: the answer cell or the test failed, or the answer is still ..."
    mine = f"{KEY_LINE} {qid} "
    if len(lines) != 1 or not lines[0].startswith(mine):
        return f"{qid} is not right: its test printed {len(lines)} key lines, not its own one"
    try:
        key = ast.literal_eval(lines[0][len(mine) :])
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return f"{qid} is not right: its key line cannot be read"
    return None if is_right_key(sheet, qid, key, variant) else f"{qid} is not right"


def _error(message: str) -> Any:
    error: Any = NotebookNode(  # type: ignore[no-untyped-call]
        output_type="error", ename="AssertionError", evalue=message, traceback=[f"AssertionError: {message}"]
    )
    return error


@functools.cache
def _ready(notebook: str) -> str | None:
    """The sheet of ``notebook``, with every right answer of it computed, in this process,
    before any student's code runs: the verdicts read nothing from disk that a kernel could
    have changed meanwhile."""
    sheet = sheet_of(notebook)
    if sheet is not None:
        check = checker(sheet)
        for qid in check.qids:
            grade = check.exercise(qid).grade
            if isinstance(grade, Grader):
                grade.keys  # noqa: B018 - computed now (a lazy grader plays its game here, once)
    return sheet


class NameTheStudent(NbGraderPreprocessor):  # type: ignore[misc]
    """Name the student whose copy runs next to the kernel nbgrader is about to start (the
    kernel inherits this process's environment), and ready the sheet's right answers first."""

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        _ready(str(resources.get("nbgrader", {}).get("notebook", "")))
        student = str(resources.get("nbgrader", {}).get("student", "") or "")
        if student:
            os.environ[STUDENT_ENV] = student
        else:
            os.environ.pop(STUDENT_ENV, None)
        return nb, resources


class GradeOutsideTheKernel(NbGraderPreprocessor):  # type: ignore[misc]
    """Grade each test cell from its one key line, here, not in the student's kernel (see the
    module's text). ``variants``: each sheet's questions, by notebook name: ``''`` the published
    ones, a renaming's name (:data:`~euchre_learn.classroom.exercises.relabel.VARIANTS`), or
    ``'student'``: the student's own (:func:`~euchre_learn.classroom.exercises.variants.student_variant`
    of ``course_id`` and the student's id, which nbgrader gives, never the notebook)."""

    course_id = Unicode("euchre", help="the course id that picks each student's questions").tag(config=True)
    variants = Dict(help="each sheet's questions, by notebook name: '', a renaming, or 'student'").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        names = resources.get("nbgrader", {})
        self._sheet = _ready(str(names.get("notebook", "")))
        variant = str(self.variants.get(names.get("notebook"), "") or "")
        if variant == "student":
            variant = student_variant(self.course_id, str(names.get("student", "")))
        self._variant = variant or None
        done: tuple[Any, Any] = super().preprocess(nb, resources)
        return done

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        if self._sheet is None or not utils.is_grade(cell) or cell.cell_type != "code":
            return cell, resources
        found = _TEST_ID.fullmatch(str(cell.metadata.get("nbgrader", {}).get("grade_id", "")))
        why: str | None
        try:
            why = verdict(self._sheet, found[1], cell.outputs, self._variant) if found else "not a test of this sheet"
        except ValueError:  # a grade id with a question the sheet does not have
            why = f"{cell.metadata.nbgrader.grade_id} is not a question of this sheet"
        cell.outputs = [] if why is None else [_error(why)]
        return cell, resources


def without_hidden_tests(cell: Any) -> Any:
    """A copy of ``cell`` with its hidden-test region removed, as nbgrader releases it."""
    released = copy.deepcopy(cell)
    ClearHiddenTests()._remove_hidden_test_region(released)
    return released


class RestoreHiddenTests(OverwriteCells):  # type: ignore[misc]
    """``OverwriteCells`` that quietly restores a test cell handed in exactly as released."""

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id is not None and utils.is_grade(cell) and utils.is_locked(cell):
            try:
                source = self.gradebook.find_source_cell(grade_id, self.notebook_id, self.assignment_id)
            except Exception:  # not in the gradebook: nbgrader's own handling says so
                source = None
            if source is not None and source.source != cell.source:
                released = copy.deepcopy(cell)
                released.source = source.source
                if without_hidden_tests(released).source.strip() == cell.source.strip():
                    cell.source = source.source
        done: tuple[Any, Any] = super().preprocess_cell(cell, resources, cell_index)
        return done


_DEALT = ("check.show(", "check.deal(")


class HideHiddenTests(NbGraderPreprocessor):  # type: ignore[misc]
    """For feedback: test cells without their hidden tests, errors without tracebacks, and a
    sheet that deals each student their own questions showing the questions without the calls
    that dealt them."""

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        if cell.cell_type == "code" and any(line.startswith(_DEALT) for line in cell.source.split("\n")[:2]):
            # a student's own question or deal: the page shows the question, not the call that dealt it
            cell.metadata["transient"] = {"remove_source": True}
        if cell.cell_type == "code" and utils.is_grade(cell):
            hidden = "### BEGIN HIDDEN TESTS" in cell.source
            if hidden:
                cell.source = without_hidden_tests(cell).source.rstrip() + "\n# (the hidden test ran here)"
            for output in cell.get("outputs", []):
                if hidden and output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources

"""Two nbgrader preprocessors the course's ``nbgrader_config.py`` puts in place (written by
``euchre-learn nbgrader``; nbgrader imports this module only through that file).

- :class:`RestoreHiddenTests` (``autograde``): a student's copy of a test cell lacks its hidden
  test, so nbgrader's own ``OverwriteCells`` finds the locked cell's checksum changed, warns
  ("Attribute 'checksum' for cell test-q1 has changed!", one line per question per student)
  and puts the source back. This one puts the hidden test back first when the rest of the cell
  is exactly what was released, so only a cell the student really changed is reported.
- :class:`HideHiddenTests` (``generate_feedback``): the feedback a student receives shows each
  test cell without its hidden test, and a failed test as its one-line message
  ("AssertionError: q3 is not right"), not as a traceback quoting the test's code.
"""

from __future__ import annotations

import copy
from typing import Any

from nbgrader import utils  # type: ignore[import-untyped]
from nbgrader.preprocessors import ClearHiddenTests, NbGraderPreprocessor, OverwriteCells  # type: ignore[import-untyped]

__all__ = ["HideHiddenTests", "RestoreHiddenTests", "without_hidden_tests"]


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


class HideHiddenTests(NbGraderPreprocessor):  # type: ignore[misc]
    """For feedback: test cells without their hidden tests, errors without tracebacks."""

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        if cell.cell_type == "code" and utils.is_grade(cell):
            hidden = "### BEGIN HIDDEN TESTS" in cell.source
            if hidden:
                cell.source = without_hidden_tests(cell).source.rstrip() + "\n# (the hidden test ran here)"
            for output in cell.get("outputs", []):
                if hidden and output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources

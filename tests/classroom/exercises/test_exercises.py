"""Every exercise, run with its solutions filled in: each checker accepts the solution and
rejects a wrong answer (issue 7, "Exercises")."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from euchre_learn.classroom.exercises import NOT_ANSWERED, checker, sheets

ROOT = Path(__file__).resolve().parents[3]
EXERCISES = ROOT / "exercises"
NOTEBOOKS = sorted(EXERCISES.glob("[0-9][0-9]_*.ipynb"))
SHEET_CALL = re.compile(r"""checker\(["']([\w-]+)["']\)""")


def answer_cells(nb: nbformat.NotebookNode) -> dict[str, nbformat.NotebookNode]:
    out = {}
    for cell in nb.cells:
        for tag in cell.metadata.get("tags", []):
            if tag.startswith("answer:"):
                out[tag.split(":", 1)[1]] = cell
    return out


def sheet_of(nb: nbformat.NotebookNode) -> str | None:
    for cell in nb.cells:
        if cell.cell_type == "code" and (m := SHEET_CALL.search(cell.source)):
            return m.group(1)
    return None


def test_every_sheet_has_a_notebook_and_every_notebook_a_sheet() -> None:
    used = {sheet_of(nbformat.read(p, as_version=4)) for p in NOTEBOOKS}
    assert set(sheets()) <= used, f"sheets without an exercise notebook: {set(sheets()) - used}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_question_has_an_answer_cell_and_a_solution(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    name = sheet_of(nb)
    if name is None:  # the final review generates its questions per learner
        return
    cells = answer_cells(nb)
    assert set(cells) == set(checker(name).qids), "answer cells and the sheet's questions differ"
    for qid, cell in cells.items():
        solution = EXERCISES / "solutions" / path.stem / f"{qid}.py"
        assert solution.exists(), f"no solution file {solution.relative_to(ROOT)}"
        assert f"%load solutions/{path.stem}/{qid}.py" in cell.source, (
            f"{qid}: the answer cell must say how to %load it"
        )
        assert "..." in cell.source, f"{qid}: the committed answer cell must be a stub for the learner"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_checkers_accept_the_solutions_in_the_notebook(path: Path) -> None:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    cells = answer_cells(nb)
    if not cells:
        return
    for qid, cell in cells.items():
        cell.source = (EXERCISES / "solutions" / path.stem / f"{qid}.py").read_text(encoding="utf-8")
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(EXERCISES)}}).execute()
    for qid, cell in cells.items():
        shown = " ".join(
            str(out.get("data", {}).get("text/plain", "")) + str(out.get("text", "")) for out in cell.outputs
        )
        assert "✓ Right" in shown, f"{path.name} {qid}: the solution was not accepted: {shown[:300]}"


@pytest.mark.parametrize("name", sheets())
def test_checkers_reject_a_wrong_answer_and_a_stub(name: str) -> None:
    sheet = checker(name)
    for ex in sheet.exercises:
        wrong = sheet.grade(ex.qid, ex.wrong)
        assert not wrong.correct, f"{name} {ex.qid} accepted the wrong answer {ex.wrong!r}"
        assert len(wrong.message) > 20, f"{name} {ex.qid}: a wrong answer needs an explanation"
        stub = sheet.grade(ex.qid, ...)
        assert not stub.correct and stub.message == NOT_ANSWERED

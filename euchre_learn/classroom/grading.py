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
- after it, a **hidden test** cell worth one point (``### BEGIN HIDDEN TESTS``, removed from
  the release and put back by ``nbgrader autograde``) grades the answer with the sheet's own
  checker, the same that gives the learner feedback in place: the point is scored exactly when
  ``check`` says ✓;
- every other cell is read-only, so ``autograde`` restores it (the setup cell that makes
  ``check`` included); outputs are cleared; the navigation lines and the ``# %load solutions/``
  hints are left out, and the rule links point at a copy of the rule book in the assignment.

``nbgrader_config.py`` in the folder sets the one option the sheets need: the solution region
is replaced by nothing (the template above it stays), not by ``raise NotImplementedError()``.

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

__all__ = [
    "CONFIG",
    "GradingError",
    "GradingReport",
    "assignments",
    "source_notebook",
    "write_course",
]


class GradingError(ValueError):
    """An exercise sheet that cannot be turned into an nbgrader assignment, or a course folder
    that cannot be written."""


CONFIG = """\
# nbgrader's settings for the euchre_learn exercise sheets (written by `euchre-learn nbgrader`).
# Run nbgrader from this folder: nbgrader generate_assignment 01_cards_and_bidding, ...
c = get_config()  # noqa: F821 (nbgrader provides it)

# The answer cells keep the learner's template ("answer = ..." or the function to complete)
# above the solution, so the solution is replaced by nothing rather than by nbgrader's
# "raise NotImplementedError()".
c.ClearSolutions.code_stub = {"python": ""}

# Each hidden test grades one question with the sheet's own checker (euchre_learn.classroom.exercises);
# euchre_learn must be installed where autograde runs the notebooks.
"""

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


def source_notebook(name: str) -> dict[str, Any]:
    """The nbgrader source notebook (nbformat 4 JSON) of the exercise sheet ``name``
    (``'01_cards_and_bidding'``, see :func:`assignments`)."""
    if name not in assignments():
        raise GradingError(
            f"{name[:40]!r} is not an exercise sheet with solutions: choose one of {', '.join(assignments())}"
        )
    path = _exercises() / f"{name}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    sheet = _sheet_name(path)
    solutions = _exercises() / "solutions" / name
    cells: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, cell in enumerate(nb["cells"]):
        tags = cell.get("metadata", {}).get("tags", [])
        if "navigation" in tags:
            continue
        cid = str(cell.get("id") or f"cell-{i}")
        text = _text(cell)
        if cell["cell_type"] != "code":
            text = "\n".join(line for line in text.split("\n") if "%load" not in line)
            text = text.replace("../docs/rules.md", "rules.md")
            cells.append(
                {
                    "cell_type": cell["cell_type"],
                    "id": cid,
                    "metadata": {"nbgrader": _meta(f"text-{cid}", locked=True)},
                    "source": text,
                }
            )
            if len(cells) == 1 and cell["cell_type"] == "markdown" and text.startswith("# "):
                cells.append(_note(cid))
            continue
        qids = [t.split(":", 1)[1] for t in tags if t.startswith("answer:")]
        base: dict[str, Any] = {"cell_type": "code", "execution_count": None, "id": cid, "outputs": []}
        if not qids:
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
        source = f"{template}\n### BEGIN SOLUTION\n{solution}\n### END SOLUTION\n{check_line}"
        cells.append(
            {**base, "metadata": {"nbgrader": _meta(f"answer-{qid}", solution=True), "tags": tags}, "source": source}
        )
        test = (
            f"# {qid}, one point when graded: the sheet's own checker on the answer above.\n"
            "### BEGIN HIDDEN TESTS\n"
            "from euchre_learn.classroom.exercises import checker as _grading_checker\n\n"
            f'_graded = _grading_checker("{sheet}").grade("{qid}", {expr})\n'
            "assert _graded.correct, _graded.message\n"
            "### END HIDDEN TESTS"
        )
        meta = {**_meta(f"test-{qid}", grade=True, locked=True), "points": 1}
        cells.append({**base, "id": f"{cid}-test", "metadata": {"nbgrader": meta}, "source": test})
    if not seen:
        raise GradingError(f"{name} has no answer cells (tagged answer:qN)")
    metadata = {k: v for k, v in nb.get("metadata", {}).items() if k in ("kernelspec", "language_info")}
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": max(5, nb.get("nbformat_minor", 5))}


def _note(after: str) -> dict[str, Any]:
    text = (
        "**This copy is graded.** Answer in the cells that end in `check(...)`, as in the other sheets: "
        "run one and the ✓ or ✗ tells you at once. When the sheet is collected, each question is worth "
        "one point, and it is scored by the same check: a ✓ here is a point there. Leave the other cells as they are."
    )
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

    def lines(self) -> list[str]:
        """The report as the command prints it."""
        out = [f"wrote {rel}" for rel in self.written]
        if self.kept:
            out.append(f"kept {len(self.kept)} changed file(s) (--force replaces them): {', '.join(self.kept)}")
        if not self.written and not self.kept:
            out.append(f"{self.folder} already holds these nbgrader assignments; nothing to do")
        first = assignments()[0]
        out.append(f"next: cd {self.folder} && nbgrader generate_assignment {first} (see docs/teaching.md)")
        return out


def write_course(folder: str | os.PathLike[str], *, force: bool = False) -> GradingReport:
    """Write an nbgrader course folder: ``nbgrader_config.py`` and, for each sheet of
    :func:`assignments`, ``source/<sheet>/<sheet>.ipynb`` with ``rules.md`` beside it. A file
    that differs from what would be written is kept unless ``force``."""
    root = Path(folder).expanduser()
    if root.exists() and not root.is_dir():
        raise GradingError(f"{str(root)[:80]!r} is a file, not a folder: give a folder for the nbgrader course")
    files: dict[str, bytes] = {"nbgrader_config.py": CONFIG.encode("utf-8")}
    rules = (course_root() / "docs" / "rules.md").read_bytes()
    for name in assignments():
        nb = json.dumps(source_notebook(name), indent=1, ensure_ascii=False) + "\n"
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
    return GradingReport(root, tuple(written), tuple(unchanged), tuple(kept))

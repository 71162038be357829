"""Issue 24: JupyterLite's "Run All" stops at the deliberate errors of the lessons (JupyterLab
runs past a cell tagged raises-exception, JupyterLite does not): the Lite copy of the lessons says
what to do at that cell. A build-level check of lite/build.py's staging (no browser)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]

spec = importlib.util.spec_from_file_location("lite_build_run_all", ROOT / "lite" / "build.py")
assert spec is not None and spec.loader is not None
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)


def _raises(cell: nbformat.NotebookNode) -> bool:
    return cell.cell_type == "code" and "raises-exception" in cell.metadata.get("tags", [])


def test_the_lite_copy_says_what_to_do_where_run_all_stops(tmp_path: Path) -> None:
    staged = lite_build.stage(tmp_path)
    seen = set()
    for path in staged:
        cells = nbformat.read(path, as_version=4).cells
        for i, cell in enumerate(cells):
            if _raises(cell):
                note = cells[i - 1]
                assert note.cell_type == "markdown" and lite_build.RUN_ALL_TAG in note.metadata.get("tags", []), (
                    f"{path.name}: no note before the cell that raises on purpose (cell {i})"
                )
                assert "Run All stops" in note.source and "Run Selected Cell and All Below" in note.source
                seen.add(path.name)
        notes = [c for c in cells if lite_build.RUN_ALL_TAG in c.metadata.get("tags", [])]
        assert len(notes) == sum(map(_raises, cells)), path.name  # one note per such cell, no stray one
    raising = {p.name for p in (ROOT / "notebooks").glob("*.ipynb") if any(map(_raises, nbformat.read(p, 4).cells))}
    assert "00_how_to_use.ipynb" in raising and raising <= seen  # every lesson that raises on purpose says so
    # staging again (or a notebook staged twice) adds no second note
    again = lite_build.with_run_all_notes(nbformat.read(tmp_path / "notebooks" / "00_how_to_use.ipynb", as_version=4))
    cells = again.cells
    assert sum(lite_build.RUN_ALL_TAG in c.metadata.get("tags", []) for c in cells) == sum(map(_raises, cells))
    nbformat.validate(again)

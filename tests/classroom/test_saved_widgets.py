"""The note a saved widget carries (euchre_learn.classroom.saved_widgets): on a real lesson's saved
widgets, once each, in a notebook nbformat still reads (tools/lab.py runs it at every save: see
tests/course/test_lab_launcher.py and, in a browser, tests/browser/test_lab_restart.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import nbformat

from euchre_learn.classroom.saved_widgets import NOTE, PREFIX, mark_inert, pre_save_hook

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "00_how_to_use.ipynb"
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


def _views(nb: dict) -> list[str]:  # type: ignore[type-arg]
    return [o["data"][VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", []) if VIEW in o.get("data", {})]


def test_every_saved_widget_of_a_lesson_gets_the_note_once() -> None:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    before = _views(nb)
    state = nb["metadata"]["widgets"][STATE]["state"]
    assert before and all(v in state for v in before)
    n = mark_inert(nb)
    assert n == len(before)
    after = _views(nb)
    assert after == [f"{PREFIX}{v}" for v in before]
    for old, box in zip(before, after, strict=True):
        children = state[box]["state"]["children"]
        assert children[1] == f"IPY_MODEL_{old}"
        note = state[children[0].removeprefix("IPY_MODEL_")]["state"]["value"]
        assert "Run the cell again (or Run ▸ Run All) to bring this widget back" in note and "el-inert-note" in note
        for ref in (state[box]["state"]["layout"], *children):  # every model a box names is saved
            assert ref.removeprefix("IPY_MODEL_") in state
    again = copy.deepcopy(nb)
    assert mark_inert(again) == 0 and again == nb  # a saved lesson saved again: wrapped once
    nbformat.validate(nbformat.from_dict(nb))
    assert "bring this widget back" in NOTE


def test_the_hook_marks_notebooks_only_and_leaves_unsaved_models_alone() -> None:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    model = {"type": "notebook", "content": nb}
    pre_save_hook(model, path="notebooks/00_how_to_use.ipynb", contents_manager=None)
    assert all(v.startswith(PREFIX) for v in _views(model["content"]))
    text = {"type": "file", "content": "x", "format": "text"}
    pre_save_hook(text)
    assert text == {"type": "file", "content": "x", "format": "text"}
    bare = json.loads(LESSON.read_text(encoding="utf-8"))
    bare["metadata"].pop("widgets")  # saved without widget state: nothing to wrap, nothing invented
    assert mark_inert(bare) == 0 and not any(v.startswith(PREFIX) for v in _views(bare))

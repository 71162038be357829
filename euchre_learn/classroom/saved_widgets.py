"""What a saved lesson's widgets say when no Python answers them: a note on each, saved with it.

`make lab` saves the widgets' state with the notebook, so a lesson run, saved and reopened after
the server restarted shows its widgets instead of "Error displaying widget: model not found". But
the kernel that drove them is gone: they show and do nothing until their cell runs again, and
nothing said so (issue 34). :func:`mark_inert` wraps each widget output of a notebook, in the
copy written to disk only, in a box whose first line says how to bring it back
(:data:`NOTE`); :func:`pre_save_hook` does it at every save of the server `make lab` starts
(``tools/lab.py``: ``--ContentsManager.pre_save_hook``). The notebook on screen keeps its live
widgets, without the note; reopened from disk after a restart, the widgets show with it, until the
cell runs again and draws them afresh. Reopened while its kernel still runs, the widgets are live
and the note stays hidden (:data:`CSS`). A wrapped output is never wrapped twice.

>>> nb = {'cells': [{'cell_type': 'code', 'outputs': [{'output_type': 'display_data', 'data': {
...     'application/vnd.jupyter.widget-view+json': {'model_id': 'abc', 'version_major': 2, 'version_minor': 0},
...     'text/plain': 'VBox()'}}]}], 'metadata': {'widgets': {'application/vnd.jupyter.widget-state+json': {
...     'state': {'abc': {'model_name': 'VBoxModel'}}, 'version_major': 2, 'version_minor': 0}}}}
>>> mark_inert(nb), mark_inert(nb)
(1, 0)
>>> nb['cells'][0]['outputs'][0]['data']['application/vnd.jupyter.widget-view+json']['model_id']
'el-inert-abc'
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["CSS", "NOTE", "PREFIX", "mark_inert", "pre_save_hook"]

NOTE = "Saved with the lesson: this widget shows, but nothing answers it until its cell runs again. Run the cell again (or Run ▸ Run All) to bring this widget back."
"""The note a saved widget shows above itself."""
PREFIX = "el-inert-"
"""The model ids this module adds begin with it (so a wrapped output is never wrapped again)."""

_VIEW = "application/vnd.jupyter.widget-view+json"
_STATE = "application/vnd.jupyter.widget-state+json"
_BASE = {"_model_module_version": "2.0.0", "_view_module_version": "2.0.0", "_view_count": None}


def _layout() -> dict[str, Any]:
    return {
        "model_module": "@jupyter-widgets/base",
        "model_module_version": "2.0.0",
        "model_name": "LayoutModel",
        "state": {
            **_BASE,
            "_model_module": "@jupyter-widgets/base",
            "_model_name": "LayoutModel",
            "_view_module": "@jupyter-widgets/base",
            "_view_name": "LayoutView",
        },
    }


def _controls(model: str, view: str, state: dict[str, Any]) -> dict[str, Any]:
    return {
        "model_module": "@jupyter-widgets/controls",
        "model_module_version": "2.0.0",
        "model_name": model,
        "state": {
            **_BASE,
            "_model_module": "@jupyter-widgets/controls",
            "_model_name": model,
            "_view_module": "@jupyter-widgets/controls",
            "_view_name": view,
            "_dom_classes": [],
            "tabbable": None,
            "tooltip": None,
            **state,
        },
    }


CSS = (
    ".el-inert-box>.el-inert-note-host{display:none}"
    ".el-inert-box:has(>.jupyter-widgets-disconnected:not(.el-inert-note-host))>.el-inert-note-host{display:block}"
)
"""The note shows only while the widget beside it is disconnected: ipywidgets marks a view
``jupyter-widgets-disconnected`` when no kernel holds its model (after a restart). A lesson
reopened while its kernel still runs restores the live widget from the kernel, and the note stays
hidden."""


def _note_html() -> str:
    return (
        f"<style>{CSS}</style>"
        '<div class="el-inert-note" role="note" style="font-size:.9em;padding:.25em .5em;margin:0 0 .3em 0;'
        'border-left:4px solid #b35900;background:rgba(179,89,0,.08)">'
        f"{html.escape(NOTE)}</div>"
    )


def _wrap(state: dict[str, Any], model_id: str) -> str:
    """Add a box holding the note and the widget ``model_id`` to ``state``; its id."""
    box, note = f"{PREFIX}{model_id}", f"{PREFIX}note-{model_id}"
    state[f"{box}-layout"] = _layout()
    state[f"{note}-layout"] = _layout()
    state[f"{note}-style"] = {
        "model_module": "@jupyter-widgets/controls",
        "model_module_version": "2.0.0",
        "model_name": "HTMLStyleModel",
        "state": {
            **_BASE,
            "_model_module": "@jupyter-widgets/controls",
            "_model_name": "HTMLStyleModel",
            "_view_module": "@jupyter-widgets/base",
            "_view_name": "StyleView",
            "background": None,
            "description_width": "",
            "font_size": None,
            "text_color": None,
        },
    }
    state[note] = _controls(
        "HTMLModel",
        "HTMLView",
        {
            "_dom_classes": ["el-inert-note-host"],
            "description": "",
            "description_allow_html": False,
            "placeholder": "\u200b",
            "layout": f"IPY_MODEL_{note}-layout",
            "style": f"IPY_MODEL_{note}-style",
            "value": _note_html(),
        },
    )
    state[box] = _controls(
        "VBoxModel",
        "VBoxView",
        {
            "_dom_classes": ["el-inert-box"],
            "box_style": "",
            "children": [f"IPY_MODEL_{note}", f"IPY_MODEL_{model_id}"],
            "layout": f"IPY_MODEL_{box}-layout",
        },
    )
    return box


def mark_inert(nb: dict[str, Any]) -> int:
    """Wrap each widget output of ``nb`` (a notebook as JSON) whose model the notebook's saved
    widget state holds in a box that says :data:`NOTE` first; returns how many were wrapped. An
    output already wrapped, or whose model was not saved, is left as it is."""
    widgets = nb.get("metadata", {}).get("widgets", {})
    state = widgets.get(_STATE, {}).get("state") if isinstance(widgets, dict) else None
    if not isinstance(state, dict) or not state:
        return 0
    wrapped = 0
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            view = output.get("data", {}).get(_VIEW) if isinstance(output, dict) else None
            if not isinstance(view, dict):
                continue
            model_id = view.get("model_id")
            if not isinstance(model_id, str) or model_id.startswith(PREFIX) or model_id not in state:
                continue
            view["model_id"] = _wrap(state, model_id)
            wrapped += 1
    return wrapped


def pre_save_hook(model: dict[str, Any], **_kwargs: Any) -> None:
    """The Jupyter server's pre-save hook: a notebook is written with its saved widgets marked
    (:func:`mark_inert`); anything else as it is."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        mark_inert(model["content"])

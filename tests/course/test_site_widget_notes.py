"""The course site says, where a notebook's buttons are, that they do not answer there
(tools/site_sphinx/euchre_site.py, add_widget_notes): a one-notebook Sphinx build with MyST-NB,
as `make site` reads the notebooks, and the note after each widget output in the HTML."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE_SPHINX = ROOT / "tools" / "site_sphinx"

pytest.importorskip("myst_nb", reason="the site extra is not installed (make site installs it)")


def _notebook(outputs: list[dict]) -> dict:
    cell = {
        "cell_type": "code",
        "execution_count": 1,
        "id": "c1",
        "metadata": {},
        "source": "quiz()",
        "outputs": outputs,
    }
    prose = {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": "# A lesson\n\nSome words."}
    return {
        "cells": [prose, cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _widget(model: str) -> dict:
    return {
        "output_type": "display_data",
        "metadata": {},
        "data": {
            "application/vnd.jupyter.widget-view+json": {"model_id": model, "version_major": 2, "version_minor": 0},
            "text/plain": "VBox(children=(HTML(value='Which card wins?'), ToggleButtons(...)))",
        },
    }


def test_each_widget_output_says_its_buttons_do_not_answer(tmp_path: Path) -> None:
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    (src / "notebooks").mkdir(parents=True)
    text_output = {"output_type": "stream", "name": "stdout", "text": "no widget here\n"}
    nb = _notebook([_widget("aaa"), text_output, _widget("bbb")])
    (src / "notebooks" / "01_lesson.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(SITE_SPHINX)!r})\n"
        "extensions = ['myst_nb']\n"
        "nb_execution_mode = 'off'\n"
        "root_doc = 'notebooks/01_lesson'\n"
        "def setup(app):\n"
        "    from euchre_site import add_widget_notes\n"
        "    app.add_config_value('euchre_site_lite', '../lite/', 'html', str)\n"
        "    app.connect('doctree-read', add_widget_notes, priority=410)\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html", status=None, warning=None)
    app.build()
    sys.modules.pop("euchre_site", None)
    page = (out / "notebooks" / "01_lesson.html").read_text(encoding="utf-8")
    views = [m.start() for m in re.finditer(r'<script type="application/vnd.jupyter.widget-view\+json">', page)]
    notes = [m.start() for m in re.finditer(r'class="[^"]*euchre-widget-note', page)]
    assert len(views) == 2 and len(notes) == 2  # one note per widget, none for the text output
    assert views[0] < notes[0] < views[1] < notes[1]  # each right after its widget
    note = re.sub(r"<[^>]+>", "", page[notes[0] : page.index("</div>", notes[0])])
    assert "nothing answers on this page" in " ".join(note.split())
    assert (
        'href="../../lite/lab/index.html?path=notebooks/01_lesson.ipynb"'
    )  # as the page's own link in page[notes[0] : notes[1]]

"""A returning learner: run a lesson under `make lab`, stop the server, start it again with the
same command, reopen the lesson. Every widget must show (no "Error displaying widget: model not
found"), and the checkout must be as the clone was (`git status` clean): the lesson ran in the
learner's own copy of the course, ``my-course/``.

The server is started by ``tools/lab.py``, the script `make lab` runs, with only ``--no-browser``
and a free port added (browserkit.start_make_lab), in a fresh git clone of the project.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from . import browserkit as bk

LESSON = "notebooks/00_how_to_use.ipynb"
WIDGET_ERROR = "Error displaying widget"


def _views_and_state(path: Path) -> tuple[list[str], set[str]]:
    """The widget models the saved lesson's outputs show, and those its saved widget state holds."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    views = [
        o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
        for c in nb["cells"]
        for o in c.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return views, set(state)


def _open_lesson(page: Any, url: str) -> Any:
    page.goto(url.replace("notebooks/index.ipynb", LESSON), wait_until="domcontentloaded")
    lesson = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    lesson.locator(".jp-Cell").first.wait_for(timeout=60_000)
    bk.wait_kernel_idle(page, timeout=120_000)
    return lesson


def _save(page: Any, path: Path, before: int, timeout: float = 60.0) -> None:
    """Save the open lesson as a learner would (File > Save Notebook) and wait until the file on
    disk has changed. The save is asked again every few seconds: a keypress that landed while the
    page was still drawing the outputs Run All made was once lost (the fresh-clone CI saw it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page.keyboard.press("Escape")  # close any menu a lost click left open
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
        page.locator('.lm-Menu-item[data-command="docmanager:save"]').click()
        for _ in range(20):
            if path.stat().st_mtime_ns != before:
                return
            page.wait_for_timeout(250)
    raise AssertionError(f"the run lesson was not saved into the learner's copy ({path}) within {timeout:.0f} s")


def test_a_returning_learner_finds_every_widget_and_a_clean_checkout(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    clone = bk.clone_for_make_lab(tmp_path_factory.mktemp("clone"))
    home = tmp_path_factory.mktemp("returning-learner")
    saved = clone / "my-course" / LESSON

    # 1. the first visit: run the whole lesson and save it, as autosave would
    url, proc, log = bk.start_make_lab(clone, home)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
        page = context.new_page()
        _open_lesson(page, url)
        before = saved.stat().st_mtime_ns
        bk.run_all_cells(page)
        ran, _ = _views_and_state(saved)
        _save(page, saved, before)
        context.close()
    finally:
        bk.stop(proc)
    views, state = _views_and_state(saved)
    assert views and views != ran, "the saved lesson still shows the committed widgets, not the ones run"
    missing = [v for v in views if v not in state]
    assert not missing, f"{len(missing)} widget outputs point at models the saved widget state lacks: {missing[:3]}"

    # 2. the return: the same command again, the same lesson reopened
    url, proc, log = bk.start_make_lab(clone, home)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        lesson = _open_lesson(page, url)
        widgets = lesson.locator(".jp-OutputArea-output .jupyter-widgets")
        widgets.first.wait_for(timeout=60_000)
        bk.settle(page)
        text = lesson.inner_text()
        bk.screenshot(page, "lab_restart_lesson_00", full_page=False)
        context.close()
    finally:
        bk.stop(proc)
    assert WIDGET_ERROR not in text, text[text.index(WIDGET_ERROR) - 200 :][:400]
    assert not [e for e in errors if "model not found" in e.lower()], errors[:5]
    assert "kept 1 file(s) you changed: notebooks/00_how_to_use.ipynb" in log.read_text(errors="replace")

    # 3. the checkout is as it was cloned: everything the learner did is in my-course/ (ignored)
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True, check=True)
    assert status.stdout == "", status.stdout

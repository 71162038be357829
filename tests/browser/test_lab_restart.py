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
import warnings
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


SHOWN_JS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    if (!panel) return false;
    return [...panel.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')].some(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
    });
}"""
"""Whether the visible notebook draws a widget: any widget view in an output with a size (the
first in the page may be one that draws nothing)."""

WHAT_SHOWS_JS = """() => {
    const panels = [...document.querySelectorAll('.jp-NotebookPanel')];
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const outs = panel ? [...panel.querySelectorAll('.jp-OutputArea-output')] : [];
    const views = panel ? [...panel.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')] : [];
    return {
        tabs: [...document.querySelectorAll('.lm-DockPanel .lm-TabBar-tab')].map(t => t.innerText.trim()),
        notebooks: panels.length,
        visible: panel ? panel.id + ' ' + (panel.querySelector('.jp-Cell') || {}).innerText?.slice(0, 60) : null,
        outputs: outs.length,
        views: views.length,
        drawn: views.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length,
        loading: outs.filter(o => /Loading widget/.test(o.innerText)).length,
        errors: outs.map(o => o.innerText).filter(t => /Error displaying widget|model not found/i.test(t)).slice(0, 3),
        status: (document.querySelector('#jp-main-statusbar') || {}).innerText,
    };
}"""


def _widgets_show(page: Any, url: str, timeout: float = 60_000) -> Any:
    """Wait until the open lesson draws its widgets; the lesson. If it draws none within
    ``timeout``, say what the page showed and reopen the lesson once: a reopened lesson that then
    draws them passes with a warning that carries what the first page showed (once in a fresh-clone
    CI run, a lesson reopened while its kernel ran drew none in 60 s, and the log said nothing
    more); one that draws none again fails with both pictures."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(SHOWN_JS, timeout=timeout, polling=250)
        return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    except PlaywrightTimeout:
        first = {**page.evaluate(WHAT_SHOWS_JS), "console errors": page.errors[-5:]}
    bk.screenshot(page, "lab_restart_no_widgets", full_page=False)
    lesson = _open_lesson(page, url)
    try:
        page.wait_for_function(SHOWN_JS, timeout=timeout, polling=250)
    except PlaywrightTimeout:
        again = {**page.evaluate(WHAT_SHOWS_JS), "console errors": page.errors[-5:]}
        raise AssertionError(f"the lesson drew no widget in {timeout / 1000:.0f} s, twice: {first}; reopened: {again}") from None
    warnings.warn(f"the lesson drew no widget in {timeout / 1000:.0f} s until reopened: {first}", stacklevel=2)
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
        page = bk.new_page(browser)
        _open_lesson(page, url)
        before = saved.stat().st_mtime_ns
        bk.run_all_cells(page)
        ran, _ = _views_and_state(saved)
        _save(page, saved, before)
        page.context.close()
    finally:
        bk.stop(proc)
    views, state = _views_and_state(saved)
    assert views and views != ran, "the saved lesson still shows the committed widgets, not the ones run"
    missing = [v for v in views if v not in state]
    assert not missing, f"{len(missing)} widget outputs point at models the saved widget state lacks: {missing[:3]}"

    # 2. the return: the same command again, the same lesson reopened
    url, proc, log = bk.start_make_lab(clone, home)
    try:
        page = bk.new_page(browser)
        _open_lesson(page, url)
        lesson = _widgets_show(page, url)
        bk.settle(page)
        text = lesson.inner_text()
        bk.screenshot(page, "lab_restart_lesson_00", full_page=False)
        page.context.close()
    finally:
        bk.stop(proc)
    assert WIDGET_ERROR not in text, text[text.index(WIDGET_ERROR) - 200 :][:400]
    assert not [e for e in page.errors if "model not found" in e.lower()], page.errors[:5]
    assert "kept 1 file(s) you changed: notebooks/00_how_to_use.ipynb" in log.read_text(errors="replace")

    # 3. the checkout is as it was cloned: everything the learner did is in my-course/ (ignored)
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True, check=True)
    assert status.stdout == "", status.stdout


NOTE = "Run the cell again (or Run ▸ Run All) to bring this widget back"


def _dirty_tabs(page: Any) -> list[str]:
    """The document tabs that show the modified mark."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty')].map(t => t.innerText.trim())"
    )


def _close_current(page: Any) -> bool:
    """Close the current tab from the File menu; whether JupyterLab asked to save changes (the
    question is answered 'Discard' so the file stays as it was)."""
    page.keyboard.press("Escape")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
    page.locator('.lm-Menu-item[data-command="application:close"]').click()
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.wait_for(timeout=3_000)
    except Exception:  # no dialog: closed at once
        return False
    asked = "save" in dialog.inner_text().lower()
    dialog.locator("button", has_text=re.compile("Discard|Don't Save", re.I)).first.click()
    return asked


def test_a_lesson_opened_untouched_closes_without_save_changes_and_a_saved_widget_says_how_to_come_back(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Issue 34, item 10: the widget manager marked every lesson modified while it restored the
    saved widgets, so a lesson opened and closed untouched asked "Save changes?", and the contents
    page showed the modified mark; and after a restart the saved widgets showed but did nothing,
    with nothing saying so. Under `make lab` (tools/lab.py): open, wait, close: no mark, no question;
    run, save, restart, reopen: the widgets show, each with the note, and still no mark; a cell run
    still marks the lesson modified (the plugin hides nothing real); reopened while the kernel still
    runs, the widgets are live and the note stays hidden."""
    clone = bk.clone_for_make_lab(tmp_path_factory.mktemp("clone"))
    home = tmp_path_factory.mktemp("untouched-learner")
    saved = clone / "my-course" / LESSON

    url, proc, _log = bk.start_make_lab(clone, home)
    try:
        page = bk.new_page(browser)
        page.goto(url, wait_until="domcontentloaded")  # the contents page
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.wait_for(timeout=60_000)
        _open_lesson(page, url)
        _widgets_show(page, url)
        bk.settle(page)
        page.wait_for_timeout(3_000)  # the widget manager marked the lesson modified seconds after it opened
        assert _dirty_tabs(page) == [], f"opened untouched, shown modified: {_dirty_tabs(page)}"
        assert not _close_current(page), "a lesson opened and closed untouched asked to save changes"
        assert _dirty_tabs(page) == []  # nor the contents page

        lesson = _open_lesson(page, url)
        before = saved.stat().st_mtime_ns
        bk.run_all_cells(page)
        # a cell run marks the lesson modified (checked on one cell run again just now: autosave may
        # have saved the Run All already)
        lesson.locator(".jp-CodeCell .jp-InputArea-editor").first.click()
        page.keyboard.press("Control+Enter")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty')].some(t => /00_how_to_use/.test(t.innerText))",
            timeout=10_000,
        )
        bk.wait_kernel_idle(page)
        _save(page, saved, before)
        # closed and reopened while its kernel still runs: the widgets are live, the note hidden
        assert not _close_current(page)
        _open_lesson(page, url)
        lesson = _widgets_show(page, url)
        bk.settle(page)
        hidden = lesson.locator(".el-inert-note")
        assert hidden.count() > 0 and not any(hidden.nth(i).is_visible() for i in range(hidden.count()))
        page.context.close()
    finally:
        bk.stop(proc)
    views, state = _views_and_state(saved)
    assert views and all(v.startswith("el-inert-") for v in views), views[:3]  # each saved widget, wrapped
    assert all(v in state for v in views)

    url, proc, _log = bk.start_make_lab(clone, home)
    try:
        page = bk.new_page(browser)
        _open_lesson(page, url)
        lesson = _widgets_show(page, url)
        bk.settle(page)
        page.wait_for_timeout(3_000)
        notes = lesson.locator(".el-inert-note")
        assert notes.count() == len(views), (notes.count(), len(views))
        assert NOTE in notes.first.inner_text() and all(notes.nth(i).is_visible() for i in range(notes.count()))
        notes.nth(1 if notes.count() > 1 else 0).scroll_into_view_if_needed()
        bk.screenshot(page, "lab_restart_inert_note", full_page=False)
        assert _dirty_tabs(page) == [], f"reopened untouched after a restart, shown modified: {_dirty_tabs(page)}"
        assert not _close_current(page), "a lesson reopened after a restart asked to save changes, untouched"
        page.context.close()
    finally:
        bk.stop(proc)

"""The JupyterLite site with no internet: served from a plain static web server on loopback and
opened in Chromium, where every request for a host other than 127.0.0.1 or localhost is
aborted (Playwright's route, for the page and its workers) and cannot even be resolved or
proxied (Chromium's host resolver and a dead proxy, for anything the route does not see).

The Pyodide kernel must start (Idle) from the site's own files, and the core lessons must run
every cell with no error output: lessons 00, 01 and 02, and lesson 11 (the advisor, and its
charts, which say in a sentence that they need matplotlib). A quiz of each is answered by
clicking, with the feedback the engine gives. Screenshots: test-artifacts/browser/lite_*.png.

JupyterLite's kernel cancels every queued cell after any error, even in a cell tagged
``raises-exception`` (a lesson's deliberate error), so Run All stops there; the test then runs
Run > Run Selected Cell and All Below from the next cell, as docs/teaching.md tells learners.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import nbformat
import pytest

from . import browserkit as bk
from . import quizkit as qk

LESSONS = ("00_how_to_use", "01_cards_and_table", "02_trump_and_bowers", "11_strategy_by_simulation")
LOOPBACK = bk.LOOPBACK


@pytest.fixture(scope="module")
def site_url(lite_site: Path) -> Iterator[str]:
    """The site on loopback, from Python's own static file server."""
    with bk.serve_static(lite_site) as url:
        yield url


@pytest.fixture(scope="module")
def offline_browser(chromium: str, browser: Any) -> Iterator[Any]:
    """Chromium that can resolve and reach loopback only: a second browser launched through the
    browser suite's own Playwright (a second ``sync_playwright()`` cannot start inside its loop)."""
    offline = browser.browser_type.launch(executable_path=chromium, headless=True, args=bk.OFFLINE_ARGS)
    yield offline
    offline.close()


@pytest.fixture()
def offline(offline_browser: Any) -> Iterator[Any]:
    """A fresh context (its own browser storage, so no JupyterLite workspace of an earlier
    lesson is restored) whose requests for any host but loopback are aborted;
    ``context.blocked`` lists them, ``context.failed`` every loopback answer of 400 or more."""
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(30_000)
    blocked, failed = bk.block_offsite(context)

    def lab_settings(route: Any) -> None:
        # the test server's JupyterLab settings (browserkit.LAB_OVERRIDES): every cell drawn
        # (no windowing) so outputs can be read, no autosave
        response = route.fetch()
        config = response.json()
        config.setdefault("jupyter-config-data", {})["settingsOverrides"] = bk.LAB_OVERRIDES
        route.fulfill(response=response, json=config)

    # registered after block_offsite, so Playwright asks it first
    context.route(lambda url: urlparse(url).path.endswith("/jupyter-lite.json"), lab_settings)
    context.blocked = blocked
    context.failed = failed
    yield context
    context.close()


CELLS_JS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    return [...panel.querySelectorAll('.jp-Cell')].map(c => ({
        code: c.classList.contains('jp-CodeCell'),
        prompt: (c.querySelector('.jp-InputPrompt') || {}).textContent || '',
        empty: !(c.querySelector('.cm-content')?.textContent || '').trim(),
    }));
}"""

IDLE_JS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const bar = (document.querySelector('#jp-main-statusbar') || {}).innerText || '';
    const busy = [...panel.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
    return /Python \\(Pyodide\\) \\| Idle/.test(bar) && !busy;
}"""


def _idle(page: Any, timeout: float) -> None:
    """The kernel is Idle (status bar) and no cell is queued. (JupyterLab's execution indicator
    stays 'busy' after JupyterLite cancels a queue, so it is not read here.)"""
    page.wait_for_function(IDLE_JS, timeout=timeout, polling=250)


def _menu(page: Any, command: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(f'.lm-Menu-item[data-command="{command}"]').click()


def _run_lesson(page: Any, raises: frozenset[int], timeout: float = 150_000) -> list[int]:
    """Run > Run All Cells; where JupyterLite stopped after a ``raises-exception`` cell, Run >
    Run Selected Cell and All Below from the next one. Returns the cells it restarted at."""
    _menu(page, "runmenu:run-all")
    restarts: list[int] = []
    while True:
        page.wait_for_timeout(400)
        _idle(page, timeout)
        cells = page.evaluate(CELLS_JS)
        pending = [
            i for i, c in enumerate(cells) if c["code"] and not c["empty"] and not re.search(r"\[\d+\]", c["prompt"])
        ]
        if not pending:
            return restarts
        first = pending[0]
        ran = [i for i in range(first) if cells[i]["code"] and not cells[i]["empty"]]
        if not ran or ran[-1] not in raises or len(restarts) > len(raises):
            return restarts  # stopped by a real error: bk.problems reports it
        restarts.append(first)
        bk.cell_locator(page, first).locator(".jp-InputPrompt").click()
        _menu(page, "notebook:run-all-below")


ADDED_BY_THE_BUILD = ("lite-install", "lite-run-all-note")
"""The tags of the cells lite/build.py adds: the install cell, and a note before each cell that raises on purpose."""


def _served_indices(path: Path) -> list[int]:
    """For each cell of the original notebook, its index in the served one (build.py's cells skipped)."""
    nb = nbformat.read(path, as_version=4)
    return [i for i, c in enumerate(nb.cells) if not set(c.metadata.get("tags", [])) & set(ADDED_BY_THE_BUILD)]


def _answer_one_quiz(page: Any, lesson: Path, served: list[int], home: Path) -> str:
    """Click the right answer of the lesson's first quiz; the feedback must be the engine's."""
    env = {"EUCHRE_LEARN_HOME": str(home), "EUCHRE_LEARN_PROGRESS": str(home / "progress.json")}
    quizzes, notes = qk.quiz_cells(lesson, env)  # built from the original notebook, same seeds
    plain = [q for q in quizzes if not q.is_practice] or quizzes
    assert plain, f"{lesson.name}: no quiz to answer ({'; '.join(notes)})"
    qc = plain[0]
    index = served[qc.index]
    quiz = bk.cell_locator(page, index).locator(".el-quiz").first
    quiz.scroll_into_view_if_needed()
    shown = qk.squash(quiz.locator(".el-prompt").inner_text())
    assert shown == qk.squash(qc.question.prompt), f"Lite shows another question: {shown!r}"
    qk.click_response(quiz, qc.question, qk.right_response(qc.question))
    return qk.expect_feedback(quiz, qc.question, qk.right_response(qc.question), timeout=30_000)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_runs_offline_in_jupyterlite(
    offline: Any, site_url: str, lite_site: Path, name: str, tmp_path: Path
) -> None:
    rel = f"notebooks/{name}.ipynb"
    served = lite_site / "files" / rel
    facts = bk.NotebookFacts.read(served)
    page = offline.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on(
        "console",  # a file not found is in offline.failed, with its path (Chromium's favicon.ico aside)
        lambda m: (
            errors.append(f"console error: {m.text}")
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    t = time.monotonic()
    try:
        page.goto(f"{site_url}/lab/index.html?path={rel}", wait_until="domcontentloaded")
        page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=60_000)
        _idle(page, timeout=120_000)  # Pyodide, the stdlib and the kernel's packages: from the site
        started = time.monotonic()
        restarts = _run_lesson(page, facts.raises)
        ran = time.monotonic()
        bk.settle(page)  # the widget views draw after the kernel is idle
        cells = bk.read_cells(page)
        bk.screenshot_notebook(page, f"lite_offline_{name}")
        found = bk.problems(facts, cells)
        assert not found, f"{rel} shows errors in JupyterLite:\n" + "\n".join(found)
        nb = nbformat.read(served, as_version=4)
        to_run = {i for i in facts.code_cells if nb.cells[i].source.strip()}
        unrun = sorted(c.index for c in cells if c.index in to_run and not re.search(r"\[\d+\]", c.prompt))
        assert not unrun, f"{rel}: cells {unrun} never ran"
        if facts.has_widgets:
            assert sum(c.widgets for c in cells) > 0, f"{rel} uses widgets but none rendered"
        text = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").inner_text()
        if name.startswith("11_"):
            charts = sum(
                any("image/png" in o.get("data", {}) for o in cell.get("outputs", []))
                for cell in nbformat.read(bk.ROOT / rel, as_version=4).cells
                if cell.cell_type == "code"
            )  # the lesson's stored charts, drawn where matplotlib is
            assert charts and text.count("No chart here.") == charts, "each chart of lesson 11 says it needs matplotlib"
            assert "Advice for North" in text  # the advisor ran, in the browser
        feedback = _answer_one_quiz(page, bk.ROOT / rel, _served_indices(served), tmp_path)
        assert feedback.startswith("✓")
        bk.screenshot(page, f"lite_offline_{name}_quiz", full_page=False)
        assert offline.blocked == [], "the site asked for something off the machine"
        assert offline.failed == [], "the site asked for files it does not have"
        assert errors == [], "the browser console shows errors"
        print(
            f"{name}: kernel Idle in {started - t:.0f} s, cells ran in {ran - started:.0f} s, restarted at {restarts}"
        )
    finally:
        (bk.ARTIFACTS / f"console-lite-{name}.txt").parent.mkdir(parents=True, exist_ok=True)
        (bk.ARTIFACTS / f"console-lite-{name}.txt").write_text("\n".join(errors) + "\n", encoding="utf-8")
        page.close()


def test_the_offline_site_is_what_was_tested(lite_site: Path) -> None:
    """The site under test is offline by construction: Pyodide from itself, no PyPI fallback."""
    config = json.loads((lite_site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./") and kernel["disablePyPIFallback"] is True

"""Fixtures for the real-browser tests: one JupyterLab server and one Chromium for the session.

Chromium is Debian's (``/usr/bin/chromium``, or ``$CHROMIUM``), driven by Playwright; no browser
is downloaded. ``tools/ensure_chromium.sh`` (run by ``make test`` and ``.ci/run``) installs it
with apt when it is missing. Where it still cannot be had, every browser test is skipped with
the reason, and the end of the pytest run says so in a loud banner and a warning: never a
silent pass. ``EUCHRE_LEARN_REQUIRE_BROWSER=1`` turns that skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
import reportkit

from . import browserkit as bk

BROWSER_DIR = Path(__file__).resolve().parent
_SKIPPED: list[str] = []  # the reason browser tests were skipped, once
_TIMES = reportkit.BROWSER_TIMES  # the end of the run lists the slowest (tests/reportkit.py)


class BrowserTestsSkipped(UserWarning):
    """The real-browser tests could not run on this machine."""


def _why_no_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as err:
        return f"Playwright for Python is not installed ({err}); run `make test`, which installs the test extra"
    if bk.find_chromium() is None:
        return (
            "Chromium is not installed (no /usr/bin/chromium, no $CHROMIUM): tools/ensure_chromium.sh "
            "installs it with `apt-get install chromium` when run as root"
        )
    return None


def _skip_or_fail(reason: str) -> None:
    message = f"REAL-BROWSER TESTS NOT RUN: {reason}"
    if not _SKIPPED:
        _SKIPPED.append(reason)
        reportkit.skipped("browser", reason)  # the banner at the end of the run
        warnings.warn(message, BrowserTestsSkipped, stacklevel=2)
    if os.environ.get("EUCHRE_LEARN_REQUIRE_BROWSER") == "1":
        pytest.fail(message + " (EUCHRE_LEARN_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(message)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(BROWSER_DIR):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="package")
def chromium() -> str:
    reason = _why_no_browser()
    if reason is not None:
        _skip_or_fail(reason)
    path = bk.find_chromium()
    assert path is not None
    return path


@pytest.fixture(scope="package")
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=chromium, headless=True, args=bk.CHROMIUM_ARGS)
        except Exception as err:  # a broken install: say so, as loudly as a missing one
            _skip_or_fail(f"Chromium at {chromium} did not start: {str(err).splitlines()[0]}")
        yield b
        b.close()


def _copy_notebooks(src: Path, dst: Path) -> None:
    """Copy a folder of notebooks with their outputs cleared: the browser must show what the
    live run produced, not what was committed."""
    for path in src.rglob("*"):
        if ".ipynb_checkpoints" in path.parts:
            continue
        target = dst / path.relative_to(src)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.suffix == ".ipynb":
            target.parent.mkdir(parents=True, exist_ok=True)
            nb = nbformat.read(path, as_version=4)
            for cell in nb.cells:
                if cell.cell_type == "code":
                    cell.outputs = []
                    cell.execution_count = None
            nb.metadata.pop("widgets", None)
            nbformat.write(nb, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


@pytest.fixture(scope="package")
def lab_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The private home of the test servers: Jupyter settings, progress file, house rules."""
    return tmp_path_factory.mktemp("home")


@pytest.fixture(scope="package")
def lab(chromium: str, lab_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[bk.Server]:
    """One JupyterLab for the session, serving copies of the lessons, exercises, docs and fixtures."""
    t = time.monotonic()
    work = tmp_path_factory.mktemp("lab-root")
    for name in ("notebooks", "exercises", "docs", "apps"):
        if (bk.ROOT / name).is_dir():
            _copy_notebooks(bk.ROOT / name, work / name)
    _copy_notebooks(bk.FIXTURES, work / "fixtures")
    server = bk.start_lab(work, lab_home)
    _TIMES["JupyterLab start"] = time.monotonic() - t
    yield server
    bk.stop(server.proc)


@pytest.fixture(scope="package")
def lab_page(browser: Any, lab: bk.Server) -> Iterator[Any]:
    """One page for every JupyterLab test: the app loads once, notebooks open in it one after
    another (browserkit.open_notebook)."""
    pg = bk.new_page(browser)
    errors: list[str] = pg.errors
    context = pg.context
    yield pg
    _save_console("jupyterlab", errors)
    context.close()


def _save_console(name: str, errors: list[str]) -> None:
    """Keep the browser console's errors beside the screenshots, for a person to read."""
    bk.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if str(bk.ARTIFACTS.relative_to(bk.ROOT)) not in reportkit.SCREENSHOTS:
        reportkit.SCREENSHOTS.append(str(bk.ARTIFACTS.relative_to(bk.ROOT)))
    (bk.ARTIFACTS / f"console-{name}.txt").write_text("\n".join(errors) + "\n", encoding="utf-8")


@pytest.fixture()
def lab_tab(lab_page: Any, lab: bk.Server, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The JupyterLab page for one test; the test's kernels are shut down after it, pass or fail."""
    t = time.monotonic()
    lab_page.error_mark = len(lab_page.errors)
    yield lab_page
    _TIMES[request.node.name] = time.monotonic() - t
    # Close this test's notebooks before their kernels go, and let the page settle: a widget or the
    # debugger still talking to a kernel shut down under it logs an error a moment later, which
    # would otherwise land in the next test's share of the console.
    try:
        lab_page.evaluate(
            """() => {
                const app = window.jupyterapp;
                if (!app) return;
                for (const w of Array.from(app.shell.widgets('main'))) {
                    if (w.context && w.context.model) { w.context.model.dirty = false; }
                    w.dispose();
                }
            }"""
        )
        lab_page.wait_for_timeout(500)
    except Exception as err:  # a page left broken by the test: the next open_notebook reloads it
        warnings.warn(f"could not close the test's notebooks: {str(err)[:200]}", stacklevel=1)
    try:
        lab.shutdown_kernels()
    except OSError as err:  # the server is gone: the next test will say so
        warnings.warn(f"could not shut the test kernels down: {err}", stacklevel=1)
    lab_page.wait_for_timeout(1000)


@pytest.fixture()
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (its own context) in the session's browser; console errors are kept on
    ``page.errors`` for the test to report."""
    pg = bk.new_page(browser)
    errors: list[str] = pg.errors
    context = pg.context
    t = time.monotonic()
    yield pg
    _TIMES[request.node.name] = time.monotonic() - t
    _save_console(request.node.name, errors)
    context.close()

"""The door: `make lab` as a newcomer meets it, in Chromium.

The server is started the way the Makefile's ``lab`` target starts it, ``tools/lab.py`` (the
same script and options; tests/course/test_lab_launcher.py checks that the Makefile runs it), adding
only ``--no-browser`` and a free port. It runs on a fresh copy of the project (the lessons,
exercises, docs, apps and tools, with their stored outputs, as a clone has them), and the
script serves the learner's own copy of the course inside it (``my-course/``). The test opens the URL the server prints
and checks what a newcomer needs:

* it lands on the contents page, notebooks/index.ipynb, not the Launcher, with no news pop-up;
* the stored outputs of a lesson show as HTML (the notebooks were trusted), not plain text;
* a rule link in a lesson opens docs/rules.md in the Markdown viewer, at the rule's anchor;
* the exercises folder opens, and the first exercise sheet with it.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest

from . import browserkit as bk

CURRENT_TAB = "#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current"


@dataclass
class Lab:
    """The `make lab` server: the URL it printed, the folder it serves, its log and process."""

    url: str
    root: Path
    log: Path
    proc: subprocess.Popen[bytes]


@pytest.fixture(scope="module")
def make_lab(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    clone = bk.clone_for_make_lab(tmp_path_factory.mktemp("clone"))
    url, proc, log = bk.start_make_lab(clone, tmp_path_factory.mktemp("make-lab-home"))
    try:
        yield Lab(url, clone / "my-course", log, proc)
    finally:
        bk.stop(proc)  # SIGTERM: the server shuts its kernels down, then exits


def _wait_tab(page: Any, name: str) -> None:
    page.wait_for_function(
        """(name) => {
            const t = document.querySelector(name[0]);
            return !!t && t.innerText.trim() === name[1];
        }""",
        arg=[CURRENT_TAB, name],
        timeout=60_000,
    )


def _wait_markdown(page: Any, path: Path) -> None:
    """Wait until every markdown cell of the open notebook (``path``) has rendered."""
    n = sum(c.cell_type == "markdown" for c in nbformat.read(path, as_version=4).cells)
    page.wait_for_function(
        """(n) => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            const done = [...panel.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown')]
                .filter(e => e.childElementCount > 0);
            return done.length >= n;
        }""",
        arg=n,
        timeout=60_000,
    )


def test_make_lab_opens_the_contents_page_rules_and_exercises(make_lab: Lab, page: Any) -> None:
    # 1. What Jupyter printed: the contents page of the project root, not notebooks/ alone
    log = make_lab.log.read_text(errors="replace")
    assert f"Serving notebooks from local directory: {make_lab.root}" in log, bk.tail(make_lab.log)
    assert "/lab/tree/notebooks/index.ipynb?token=" in make_lab.url
    assert re.search(r"lab: \d+ notebooks of the course trusted", log)

    page.goto(make_lab.url, wait_until="domcontentloaded")
    _wait_tab(page, "index.ipynb")
    contents = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    contents.get_by_role("heading", name=re.compile("Learn Euchre")).first.wait_for()
    assert page.locator(".jp-Launcher:visible").count() == 0, "the Launcher opened, not the contents page"
    # JupyterLab asks about news once the app is restored; give it the time to (not) ask
    page.wait_for_timeout(2500)
    toasts = page.locator(".Toastify__toast").all_inner_texts()
    assert not [t for t in toasts if "news" in t.lower()], f"the news pop-up showed: {toasts}"
    bk.screenshot(page, "make_lab_contents", full_page=False)

    # 2. the first lesson, from the contents page; its stored outputs are trusted HTML
    contents.locator(".jp-RenderedMarkdown a", has_text=re.compile(r"^\s*00\b")).first.click()
    _wait_tab(page, "00_how_to_use.ipynb")
    lesson = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    lesson.locator(".jp-Cell").first.wait_for()
    html_outputs = lesson.locator('.jp-OutputArea-output[data-mime-type="text/html"]')
    html_outputs.first.wait_for()  # untrusted, JupyterLab would show the plain-text version instead
    assert html_outputs.count() >= 1

    # 3. a rule link: the deepest rule the lesson cites, so the viewer must scroll to it
    links = lesson.locator('.jp-RenderedMarkdown a[href*="/docs/rules.md"][href*="#R"]')
    _wait_markdown(page, make_lab.root / "notebooks" / "00_how_to_use.ipynb")
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    ids = [re.search(r"#(R\d+(?:\.\d+)*)", h).group(1) for h in hrefs]  # type: ignore[union-attr]
    deepest = max(range(len(ids)), key=lambda i: [int(x) for x in ids[i][1:].split(".")])
    rule = ids[deepest]
    links.nth(deepest).scroll_into_view_if_needed()
    links.nth(deepest).click()
    _wait_tab(page, "rules.md")
    viewer = page.locator(".jp-MarkdownViewer:not(.lm-mod-hidden)")
    heading = viewer.locator("strong", has_text=re.compile(rf"^{re.escape(rule)}\b")).first
    heading.wait_for()
    page.wait_for_timeout(500)  # the viewer scrolls to the fragment once rendered
    box, frame = heading.bounding_box(), viewer.bounding_box()
    assert box is not None and frame is not None
    assert frame["y"] - 2 <= box["y"] <= frame["y"] + 0.5 * frame["height"], (
        f"{rule} is not at the top of the rule book's view (it is at {box['y']:.0f} px, the view spans "
        f"{frame['y']:.0f} to {frame['y'] + frame['height']:.0f} px)"
    )
    bk.screenshot(page, f"make_lab_rule_{rule}", full_page=False)

    # 4. the exercises: from the project root in the file browser, the folder, then sheet 01
    page.locator(".jp-BreadCrumbs-home").click()
    listing = page.locator(".jp-DirListing-content")
    listing.locator(".jp-DirListing-itemText", has_text=re.compile(r"^\s*exercises\s*$")).dblclick()
    sheet = listing.locator(".jp-DirListing-itemText", has_text=re.compile(r"^\s*01_cards_and_bidding\.ipynb\s*$"))
    sheet.wait_for()
    sheet.dblclick()
    _wait_tab(page, "01_cards_and_bidding.ipynb")
    exercise = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    # JupyterLab draws a notebook's cells a few at a time: wait for the fourth, not a count at once
    exercise.locator(".jp-Cell").nth(3).wait_for(state="attached")
    assert exercise.locator(".jp-Cell").count() > 3
    bk.screenshot(page, "make_lab_exercise_01", full_page=False)
    errors = [e for e in page.errors if "404" in e or "page error" in e]
    assert errors == [], errors

"""The course site (`make site`) in Chromium with no internet: built by make site's own command
(tests/sitekit.py, the ``course_site`` fixture), served by Python's static file server on
loopback from the folder that holds it (as ``python -m http.server -d build``), opened in a
Chromium that can reach loopback only (every other request aborted, unresolvable, and sent to a
dead proxy: browserkit.OFFLINE_ARGS, block_offsite).

A lesson page must draw its widgets from the state saved in the notebook, with no kernel: every
widget output drawn, a quiz's buttons showing their labels, the felt (an anywidget) drawn by
anywidget's own front end; its rule link must land on the rule book at the rule's anchor, its
glossary link on the glossary's entry, and its JupyterLite link must point at the same notebook
in ``../lite/``. No request may leave the machine, no file may be missing, and the console must
show no error. Screenshots: test-artifacts/browser/site_*.png.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from . import browserkit as bk

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


@pytest.fixture(scope="module")
def site_url(course_site: Path) -> Iterator[str]:
    with bk.serve_static(course_site.parent) as url:
        yield f"{url}/{course_site.name}"


@pytest.fixture(scope="module")
def offline_browser(chromium: str, browser: Any) -> Iterator[Any]:
    """Chromium that can resolve and reach loopback only (as in test_lite_offline.py)."""
    offline = browser.browser_type.launch(executable_path=chromium, headless=True, args=bk.OFFLINE_ARGS)
    yield offline
    offline.close()


class Visit:
    """One page of the site opened offline, with what went wrong while it loaded."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
        self.context.set_default_timeout(30_000)
        self.blocked, self.failed = bk.block_offsite(self.context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.goto(url, wait_until="load")

    def clean(self) -> None:
        assert self.blocked == [], f"the page asked for something off the machine: {self.blocked[:5]}"
        assert self.failed == [], f"the page asked for files the site does not have: {self.failed[:5]}"
        assert self.errors == [], "the browser console shows errors:\n" + "\n".join(self.errors[:10])


@pytest.fixture()
def visit(offline_browser: Any) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_(url: str) -> Visit:
        opened.append(Visit(offline_browser, url))
        return opened[-1]

    yield open_
    for v in opened:
        v.context.close()


def widget_facts(lesson: str) -> tuple[int, set[str]]:
    """How many widget outputs the notebook stores (each must be drawn), and every button label
    of its saved widget state."""
    nb = nbformat.read(bk.ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    state = nb.metadata["widgets"][STATE]["state"]
    views = [
        out["data"][VIEW]["model_id"]
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
        if VIEW in out.get("data", {})
    ]
    assert all(v in state for v in views), f"{lesson}: a widget output has no saved state"
    labels = {
        m["state"].get("description", "").strip()
        for m in state.values()
        if m["model_name"] in ("ButtonModel", "ToggleButtonModel")
    }
    return len(views), labels - {""}


def wait_widgets(page: Any, count: int) -> None:
    """html-manager draws each widget output into a .widget-subarea beside its script tag."""
    page.wait_for_function(
        "n => document.querySelectorAll('.widget-subarea').length >= n"
        " && [...document.querySelectorAll('.widget-subarea')].every(e => e.childElementCount > 0)",
        arg=count,
        timeout=30_000,
    )


LESSON = "11_strategy_by_simulation"
"""A lesson with quizzes, rule links and glossary links with anchors."""


def test_a_lesson_page_draws_its_quizzes_from_saved_state_offline(visit: Any, site_url: str) -> None:
    v = visit(f"{site_url}/notebooks/{LESSON}.html")
    count, labels = widget_facts(LESSON)
    wait_widgets(v.page, count)
    assert v.page.locator(".widget-subarea").count() == count
    quizzes = v.page.locator(".el-quiz")
    assert quizzes.count() > 0, "no quiz drawn"
    drawn = []
    for i in range(quizzes.count()):
        quiz = quizzes.nth(i)
        quiz.scroll_into_view_if_needed()
        shown = [b.inner_text().strip() for b in quiz.locator("button.jupyter-button").all() if b.is_visible()]
        drawn.append(shown)
        answers = [s for s in shown if s in labels and s != "Check"]
        if answers and "Check" in shown:
            assert quiz.locator(".el-prompt").inner_text().strip(), "the quiz shows no question"
            break
    else:
        raise AssertionError(f"no quiz shows an answer button of the saved state and its Check button: {drawn}")
    page_text = v.page.locator("article").inner_text()
    assert '"model_id"' not in page_text and "widget-state" not in page_text, "raw widget JSON on the page"
    bk.screenshot(v.page, "site_lesson_11_quiz", full_page=False)
    # the quizzes' own rule links (in the saved state) point at the built rule book
    hrefs = v.page.eval_on_selector_all(".widget-subarea a[href]", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.startswith("../docs/rules.html#R") for h in hrefs), hrefs
    assert not [h for h in hrefs if ".md" in h or ".ipynb" in h], hrefs
    v.clean()


def _anchor_in_view(page: Any, anchor: str) -> dict[str, Any]:
    """Where the anchor is once the page has loaded and scrolled to it (None when it is not there)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_load_state("load")
    with contextlib.suppress(PlaywrightTimeout):  # the caller's assertion says where it is instead
        page.wait_for_function(
            "id => { const e = document.getElementById(id); const t = e && e.getBoundingClientRect().top;"
            " return e && t >= 0 && t < 300; }",
            arg=anchor,
            timeout=5_000,
        )
    return dict(
        page.evaluate(
            """id => { const e = document.getElementById(id);
                      return e ? {top: e.getBoundingClientRect().top, hash: location.hash} : {top: null, hash: location.hash}; }""",
            anchor,
        )
    )


def test_rule_and_glossary_links_land_on_their_anchors(visit: Any, site_url: str) -> None:
    v = visit(f"{site_url}/notebooks/{LESSON}.html")
    page = v.page
    rule = page.locator('article a.reference.internal[href*="rules.html#R"]').first
    href = rule.get_attribute("href")
    assert href is not None and href.startswith("../docs/rules.html#R")
    anchor = href.split("#", 1)[1]
    rule.click()
    page.wait_for_url(f"{site_url}/docs/rules.html#{anchor}")
    where = _anchor_in_view(page, anchor)
    assert where["top"] is not None, f"the rule book has no anchor {anchor}"
    assert 0 <= where["top"] < 300, f"the rule book is not scrolled to {anchor}: {where}"
    assert anchor in page.locator(f'[id="{anchor}"] + strong, [id="{anchor}"] ~ strong').first.inner_text()
    bk.screenshot(page, "site_rules_anchor", full_page=False)

    page.go_back()
    page.wait_for_url(f"{site_url}/notebooks/{LESSON}.html")
    term = page.locator('article a.reference.internal[href*="glossary.html#"]').first
    href = term.get_attribute("href")
    assert href is not None
    entry = href.split("#", 1)[1]
    term.click()
    page.wait_for_url(f"{site_url}/docs/glossary.html#{entry}")
    where = _anchor_in_view(page, entry)
    assert where["top"] is not None and 0 <= where["top"] < 300, f"the glossary is not at {entry}: {where}"
    assert page.title().startswith("Glossary")
    v.clean()


def test_the_jupyterlite_link_opens_the_same_lesson(visit: Any, site_url: str) -> None:
    v = visit(f"{site_url}/notebooks/{LESSON}.html")
    link = v.page.locator("a.euchre-lite-link")
    assert link.count() == 1 and link.is_visible()
    resolved = link.evaluate("a => a.href")
    root = site_url.rsplit("/", 1)[0]
    assert resolved == f"{root}/lite/lab/index.html?path=notebooks/{LESSON}.ipynb"
    v.clean()


def test_the_felt_draws_from_saved_state(visit: Any, site_url: str) -> None:
    """Lesson 10's table is an anywidget: its front end (anywidget's AMD build, from the site)
    draws the felt from the saved traitlets, with the cards in the saved hand."""
    lesson = "10_play_against_bots"
    v = visit(f"{site_url}/notebooks/{lesson}.html")
    count, _ = widget_facts(lesson)
    wait_widgets(v.page, count)
    felt = v.page.locator(".el-felt").first
    felt.wait_for(state="visible")
    felt.scroll_into_view_if_needed()
    assert "South" in felt.inner_text()
    nb = json.loads((bk.ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    models = nb["metadata"]["widgets"][STATE]["state"].values()
    assert any(m["model_module"] == "anywidget" for m in models)
    bk.screenshot(v.page, "site_lesson_10_felt", full_page=False)
    v.clean()


def test_the_contents_page_opens_at_the_site_root(visit: Any, site_url: str) -> None:
    v = visit(f"{site_url}/")
    v.page.wait_for_url(f"{site_url}/notebooks/index.html")
    sidebar = v.page.locator(".sidebar-tree").inner_text()
    for caption in ("LESSONS", "EXERCISES", "REFERENCE"):
        assert caption in sidebar.upper()
    assert "01 The cards and the table" in sidebar and "The rules of Euchre" in sidebar
    bk.screenshot(v.page, "site_contents", full_page=False)
    v.page.locator('article a[href="../exercises/index.html"]').first.click()
    v.page.wait_for_url(f"{site_url}/exercises/index.html")
    assert v.page.locator("a.euchre-lite-link").count() == 1
    v.clean()

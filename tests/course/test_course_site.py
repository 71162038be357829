"""The course site (`make site`, tools/site.py), built once per session as `make site` builds it
(tests/sitekit.py): every lesson, exercise sheet and reference page is a page; no page loads
anything from another host; no solution ships; every link between pages lands on a page and an
anchor that exist; each notebook page links to the same notebook in the JupyterLite site.
The pages in Chromium, offline: tests/browser/test_site.py."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest

from euchre_learn.classroom.exercises import checker

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_PAGES = sorted(
    p.relative_to(ROOT).with_suffix("").as_posix()
    for p in [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]
)
DOC_PAGES = sorted(p.relative_to(ROOT).with_suffix("").as_posix() for p in ROOT.glob("docs/*.md"))
LOADING = {  # tag -> the attributes whose URL the browser fetches when it reads the page
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
}
JSON_SCRIPTS = ("application/vnd.jupyter.widget-state+json", "application/vnd.jupyter.widget-view+json")
OFFSITE = re.compile(r"^\s*(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//")
CSS_OFFSITE = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])\s*(?:https?:)?//""", re.IGNORECASE)


class Page(HTMLParser):
    """One built page, read: the tags that load files, the links, the ids, the visible text,
    and the saved widget state (its strings hold the quizzes' HTML)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.lite_links: list[str] = []
        self.text: list[str] = []
        self.styles: list[str] = []
        self.json: list[object] = []
        self._script: str | None = None
        self._style = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        for attr in LOADING.get(tag, ()):
            if a.get(attr):
                self.loads.append((tag, attr, a[attr]))
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
            if "euchre-lite-link" in a.get("class", "").split():
                self.lite_links.append(a["href"])
        if a.get("style"):
            self.styles.append(a["style"])
        if tag == "script":
            self._script = a.get("type", "")
        self._style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None
        self._style = False

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            if self._script in JSON_SCRIPTS and data.strip():
                self.json.append(json.loads(data.replace("<\\/", "</")))
            return
        if self._style:
            self.styles.append(data)
            return
        self.text.append(data)

    def widget_strings(self) -> list[str]:
        out: list[str] = []

        def walk(value: object) -> None:
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, dict):
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)

        for blob in self.json:
            walk(blob)
        return out

    def widget_html(self) -> list[Page]:
        """The widget state's HTML strings (the quizzes' prompts, rule links and feedback), read."""
        return [Page(s) for s in self.widget_strings() if "<" in s]


def squash(text: str) -> str:
    return " ".join(text.split())


@cache
def read(site: Path, rel: str) -> Page:
    return Page((site / rel).read_text(encoding="utf-8"))


def html_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def test_the_tests_build_the_site_with_the_command_make_site_runs(tmp_path: Path) -> None:
    from sitekit import SITE_SCRIPT, site_command

    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^site:.*\n((?:\t.*\n)+)", text, re.MULTILINE)
    assert recipe is not None, "the Makefile has no site target"
    assert "\t$(BIN)/python tools/site.py --out build/site\n" in recipe.group(1)
    assert "ensure_npm.sh" in recipe.group(1)
    command = site_command(tmp_path / "out", tmp_path / "work")
    assert command[1:4] == [str(SITE_SCRIPT), "--out", str(tmp_path / "out")]
    assert SITE_SCRIPT == ROOT / "tools" / "site.py"
    assert re.search(r"^test: .*\$\(VENV\)/\.installed-test", text, re.MULTILINE)
    assert "'.[test,dev,site]'" in text, "make test must install the site extra (Sphinx, MyST-NB, Furo)"


def test_every_lesson_exercise_sheet_and_reference_page_is_a_page(course_site: Path) -> None:
    built = set(html_pages(course_site))
    wanted = {f"{d}.html" for d in [*NOTEBOOK_PAGES, *DOC_PAGES]}
    assert len([d for d in NOTEBOOK_PAGES if d.startswith("notebooks/")]) >= 18  # 00-15, cheat sheet, contents
    assert wanted <= built, f"pages missing: {sorted(wanted - built)}"
    home = (course_site / "index.html").read_text(encoding="utf-8")
    assert 'url=notebooks/index.html"' in home, "the site's root page must open the lessons' contents"
    contents = read(course_site, "notebooks/index.html")
    for lesson in ("01_cards_and_table.html", "15_review_your_game.html", "cheat_sheet.html"):
        assert lesson in contents.links, f"the contents page does not link {lesson}"
    assert "../exercises/index.html" in contents.links and "../docs/rules.html" in contents.links


def test_no_page_loads_anything_from_the_web(course_site: Path) -> None:
    """No script, style sheet, font, image or frame from another host (a CDN): the tags of every
    page, the inline styles, and the site's own CSS files."""
    found = []
    for rel in html_pages(course_site):
        page = read(course_site, rel)
        found += [f"{rel}: <{tag} {attr}={value!r}>" for tag, attr, value in page.loads if OFFSITE.match(value)]
        found += [f"{rel}: style {s[:120]!r}" for s in page.styles if CSS_OFFSITE.search(s)]
    for css in sorted(course_site.rglob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8"), flags=re.DOTALL)
        found += [f"{css.relative_to(course_site)}: {m[0]}" for m in CSS_OFFSITE.finditer(text)]
    assert found == [], "loaded from the web:\n" + "\n".join(found[:30])
    # the widget pages use the widgets' JavaScript served by the site itself
    lesson = read(course_site, "notebooks/01_cards_and_table.html")
    scripts = [v.split("?")[0] for tag, _, v in lesson.loads if tag == "script"]
    for name in ("require.js", "config.js", "embed-amd.js"):
        assert f"../_static/widgets/{name}" in scripts, f"{name} is not loaded from the site: {scripts}"
        assert (course_site / "_static" / "widgets" / name).is_file()
    assert lesson.json, "lesson 01's page carries no saved widget state"


def _solution_feedback() -> list[str]:
    """What each exercise's checker says to a right answer (the solution's explanation), from
    the solutions in exercises/solutions/ run against the sheets' own setup cells."""
    messages = []
    for path in sorted((ROOT / "exercises").glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        ns: dict[str, object] = {}
        graded: dict[str, object] = {}
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            qids = [t.split(":", 1)[1] for t in cell.metadata.get("tags", []) if t.startswith("answer:")]
            source = cell.source
            if qids:
                source = (ROOT / "exercises" / "solutions" / path.stem / f"{qids[0]}.py").read_text(encoding="utf-8")
            source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(source, str(path), "exec"), ns)
            real = ns.get("check")
            if real is not None and not getattr(real, "recording", False):

                def recording(qid: str, answer: object, _real: object = real, _graded: dict = graded) -> object:  # type: ignore[type-arg]
                    result = _real(qid, answer)  # type: ignore[operator]
                    _graded[qid] = result
                    return result

                recording.recording = True  # type: ignore[attr-defined]
                ns["check"] = recording
        for qid, result in graded.items():
            assert result.correct, f"{path.name} {qid}: the solution is not accepted"  # type: ignore[attr-defined]
            messages.append(result.message)  # type: ignore[attr-defined]
    return messages


def test_no_solution_ships(course_site: Path) -> None:
    """Neither the solution files (exercises/solutions/) nor what a checker of
    euchre_learn/classroom/exercises says to a right answer is anywhere in the site."""
    shipped = [p.relative_to(course_site).as_posix() for p in course_site.rglob("*")]
    assert not [p for p in shipped if "solution" in p.lower()], "a solution file is in the site"
    feedback = _solution_feedback()
    assert len(feedback) >= 40, "the solutions gave too few explanations to compare with"
    assert checker("cards-and-bidding").qids  # the sheets themselves are there
    given = {  # what the student sheets themselves show: a coding question's def and docstring
        squash(line)
        for path in (ROOT / "exercises").glob("*.ipynb")
        for cell in nbformat.read(path, as_version=4).cells
        for line in cell.source.splitlines()
    }
    solution_lines = {
        squash(line)
        for path in (ROOT / "exercises" / "solutions").rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if len(line.strip()) > 14 and not line.lstrip().startswith(("check(", "#")) and squash(line) not in given
    }
    assert len(solution_lines) > 30
    corpus = []
    for rel in html_pages(course_site):
        page = read(course_site, rel)
        corpus.append(squash("".join(page.text)))
        corpus += [squash(s) for s in page.widget_strings()]
        corpus += [squash("".join(p.text)) for p in page.widget_html()]
    for text in (course_site / "searchindex.js", *course_site.rglob("*.txt")):
        corpus.append(squash(text.read_text(encoding="utf-8")))
    everything = "\n".join(corpus)
    # a lesson may show the engine's explanation of the same case (lesson 07 explains who leads
    # against a loner in the words of the exercise's feedback): that text ships as the lesson's
    lessons = "\n".join(
        squash(json.dumps(nbformat.read(p, as_version=4), ensure_ascii=False).replace("\\n", " "))
        for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
    )
    leaked = [m for m in feedback if squash(m) in everything and squash(m) not in lessons]
    assert leaked == [], "a right answer's explanation is in the site:\n" + "\n".join(leaked[:5])
    code = [line for line in solution_lines if line in everything]
    assert code == [], f"solution code is in the site: {code[:5]}"
    assert "✓ Right" not in everything


def test_every_rule_and_glossary_entry_is_an_anchor(course_site: Path) -> None:
    for doc in ("rules", "glossary"):
        source = (ROOT / "docs" / f"{doc}.md").read_text(encoding="utf-8")
        wanted = set(re.findall(r'<a id="([^"]+)"></a>', source))
        assert len(wanted) > 15
        missing = wanted - read(course_site, f"docs/{doc}.html").ids
        assert not missing, f"docs/{doc}.md anchors that are not anchors of the page: {sorted(missing)[:10]}"
    assert {"R3.2", "R1.3", "R7.1"} <= read(course_site, "docs/rules.html").ids


def _lands(site: Path, page: str, href: str) -> str | None:
    """Why a link of ``page`` does not land (its file, then its anchor), or None."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("mailto:"):
        return None
    target = (site / page).parent / unquote(parts.path) if parts.path else site / page
    target = target.resolve()
    if not target.is_relative_to(site.resolve()):
        return f"{href}: outside the site"
    if target.is_dir():
        target = target / "index.html"
    if not target.exists():
        return f"{href}: no such file"
    if parts.path.endswith((".md", ".ipynb")):
        return f"{href}: a source file, not its page"
    if parts.fragment and target.suffix == ".html":
        ids = read(site, target.relative_to(site.resolve()).as_posix()).ids
        if unquote(parts.fragment) not in ids:
            return f"{href}: no anchor #{parts.fragment} there"
    return None


def test_every_link_between_pages_lands(course_site: Path) -> None:
    """In the text and in the widgets' saved HTML (the quizzes' rule links): each relative link
    reaches a file of the site, never a .md or .ipynb source, and its anchor is there."""
    broken = []
    checked = 0
    for rel in html_pages(course_site):
        page = read(course_site, rel)
        lite = set(page.lite_links)
        hrefs = [h for h in page.links if h not in lite]
        hrefs += [h for p in page.widget_html() for h in p.links]
        for href in hrefs:
            checked += 1
            why = _lands(course_site, rel, href)
            if why:
                broken.append(f"{rel}: {why}")
    assert checked > 2000, checked
    assert broken == [], f"{len(broken)} links do not land:\n" + "\n".join(broken[:25])
    quiz_links = [h for p in read(course_site, "notebooks/03_bidding_round_1.html").widget_html() for h in p.links]
    assert any(h.startswith("../docs/rules.html#R") for h in quiz_links), "the quizzes' rule links are not rewritten"


def _lite_folders() -> tuple[str, ...]:
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.FOLDERS)


@pytest.mark.parametrize("docname", NOTEBOOK_PAGES)
def test_each_notebook_page_opens_the_same_notebook_in_jupyterlite(course_site: Path, docname: str) -> None:
    """``../lite/`` beside the site (both in build/): JupyterLite opens ``lab/index.html?path=``
    a notebook that lite/build.py copied from the same folder of the checkout."""
    links = read(course_site, f"{docname}.html").lite_links
    assert links == [f"../../lite/lab/index.html?path={docname}.ipynb"]
    assert docname.split("/")[0] in _lite_folders()
    assert (ROOT / f"{docname}.ipynb").exists()

"""The Sphinx extension that makes the course site out of the notebooks as they are committed.

Nothing here edits a source file; every change is made to the pages as Sphinx builds them.

- **Contents.** The home page is the lessons' own contents page (``notebooks/index``); the
  sidebar lists the lessons, the exercise sheets and the reference pages, in that order
  (hidden toctrees added to the home page's doctree).
- **Links.** The lessons link the way JupyterLab reads them: ``../docs/rules.md#R3.2`` (an
  explicit ``<a id="R3.2">`` of the rule book), ``../docs/glossary.md#upcard``,
  ``13_whats_next.ipynb#Today's-practice`` (JupyterLab's heading anchor). Markdown links are
  resolved to the built page and the anchor that is really there; links inside stored HTML
  outputs and inside the saved widget state (the quizzes' rule links) are rewritten to the
  ``.html`` pages the same way. A link to a page or anchor that the site does not have is a
  warning, and ``make site`` turns warnings into errors.
- **Widgets with no CDN.** The saved widget state is drawn by ``@jupyter-widgets/html-manager``
  and require.js served from the site's ``_static/widgets/`` (tools/site.py fetches them from
  npm at build time), with the felt's front end (anywidget) beside them.
- **Run it in JupyterLite.** Each lesson and exercise sheet opens with a link to the same
  notebook in the offline JupyterLite site (``make lite``), by default ``../lite/`` next to
  this site (``euchre_site_lite``).
- **Buttons that do not answer.** Under every widget output (a quiz, a practice widget, the
  table) a note says so where the buttons are: drawn from the saved state, they change when
  clicked, but no Python runs behind the page; the note links to the same notebook in
  JupyterLite, where they answer.
- **The root page** ``index.html`` of the site sends the reader to the contents page.
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)

WIDGET_JS = ("widgets/require.js", "widgets/config.js", "widgets/embed-amd.js")
"""The files nb_ipywidgets_js points at, under _static/ (in this order on every widget page)."""
FETCHED_STATIC = ("widgets/require.js", "widgets/embed-amd.js", "widgets/anywidget.js")
"""What tools/site.py puts in the folder ``euchre_site_static`` (from npm and the installed
anywidget); config.js and the site's CSS are in ``static/`` beside this file."""

SECTIONS = (
    ("Lessons", ("notebooks/[0-9][0-9]_*", "notebooks/cheat_sheet")),
    ("Exercises", ("exercises/index", "exercises/[0-9][0-9]_*")),
    ("Reference", ("docs/rules", "docs/glossary", "docs/*")),
)
"""The sidebar's sections: (caption, docname patterns in order; each page listed once)."""

_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"']+)["']""")
_URL_ATTR = re.compile(r"""(?P<attr>\bhref|\bsrc)=(?P<q>\\?["'])(?P<url>[^"'\\<>]*)(?P=q)""")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
NOTEBOOK_DIRS = ("notebooks/", "exercises/")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


# --- anchors ----------------------------------------------------------------------------------


def jupyterlab_anchor(title: str) -> str:
    """The id JupyterLab gives a Markdown heading: its text with spaces as hyphens."""
    return title.strip().replace(" ", "-")


def collect_anchors(app: Sphinx, doctree: nodes.document) -> None:
    """Every anchor a link may name in this page, mapped to the id the built page has: the
    explicit ``<a id=...>`` of raw HTML, every section id, and JupyterLab's heading anchors."""
    env = app.env
    anchors: dict[str, str] = {}
    for raw in doctree.findall(nodes.raw):
        if "html" in raw.get("format", "").split():
            for found in _ID.findall(raw.astext()):
                anchors.setdefault(found, found)
    for section in doctree.findall(nodes.section):
        if not section["ids"]:
            continue
        for sid in section["ids"]:
            anchors.setdefault(sid, sid)
        title = section.next_node(nodes.title)
        if title is not None:
            anchors.setdefault(jupyterlab_anchor(title.astext()), section["ids"][0])
    _anchors(env)[env.docname] = anchors


def _anchors(env: BuildEnvironment) -> dict[str, dict[str, str]]:
    if not hasattr(env, "euchre_anchors"):
        env.euchre_anchors = {}  # type: ignore[attr-defined]
    return env.euchre_anchors  # type: ignore[attr-defined, no-any-return]


def purge_anchors(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _anchors(env).pop(docname, None)


def merge_anchors(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    for docname in docnames:
        if docname in _anchors(other):
            _anchors(env)[docname] = _anchors(other)[docname]


class ResolveExplicitAnchors(SphinxPostTransform):
    """Markdown links to an anchor that is not a heading slug: ``rules.md#R3.2`` (an explicit
    ``<a id>``), ``#upcard`` in the glossary, a JupyterLab heading anchor. Runs just before
    MyST's own resolver (priority 9), which handles everything else and warns on what is left."""

    default_priority = 8

    def run(self, **kwargs: Any) -> None:
        anchors = _anchors(self.env)
        here = self.env.docname
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst":
                continue
            if node.get("refdomain") == "doc" and node.get("reftargetid"):
                target, wanted = node["reftarget"], node["reftargetid"]
                slugs = self.env.metadata.get(target, {}).get("myst_slugs", {})
                if wanted in slugs or wanted not in anchors.get(target, {}):
                    continue
                inner = nodes.inline("", "", *node[0].deepcopy().children, classes=["std", "std-ref"])
                if not inner.children:
                    inner += nodes.literal(wanted, wanted)
                assert self.app.builder is not None
                ref = make_refnode(self.app.builder, here, target, anchors[target][wanted], inner)
                node.replace_self(ref)
            elif node.get("refdomain") is None and node["reftarget"] in anchors.get(here, {}):
                wanted = node["reftarget"]
                ref = nodes.reference("", "", internal=True, refid=anchors[here][wanted])
                ref.extend(node[0].deepcopy().children or [nodes.literal(wanted, wanted)])
                node.replace_self(ref)


# --- links inside stored HTML outputs and the saved widget state -------------------------------


def rewrite_links(app: Sphinx, docname: str, text: str) -> str:
    """``href="../docs/rules.md#R3.2"`` (also JSON-escaped, ``href=\\"...\\"``) to the built page
    of that document and its real anchor. Only relative links to ``.md``/``.ipynb`` files change;
    one to a document the site does not have is a warning."""
    env = app.env
    builder = app.builder
    assert builder is not None
    anchors = _anchors(env)

    def swap(m: re.Match[str]) -> str:
        url = html.unescape(m["url"])
        if not url or _SCHEME.match(url) or url.startswith(("#", "/")):
            return m[0]
        path, _, anchor = url.partition("#")
        path = path.split("?", 1)[0]
        stem, suffix = posixpath.splitext(path)
        if suffix not in (".md", ".ipynb"):
            return m[0]
        target = posixpath.normpath(posixpath.join(posixpath.dirname(docname), stem))
        if target not in env.all_docs:
            logger.warning("%s: a link to %r, which is not a page of the site", docname, url, location=docname)
            return m[0]
        new = builder.get_relative_uri(docname, target)
        if anchor:
            if anchor not in anchors.get(target, {}):
                logger.warning("%s: a link to %r, whose anchor is not in %s", docname, url, target, location=docname)
            new += "#" + anchors.get(target, {}).get(anchor, anchor)
        return f"{m['attr']}={m['q']}{html.escape(new, quote=False)}{m['q']}"

    return _URL_ATTR.sub(swap, text)


def rewrite_outputs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The links in this page's raw HTML (stored outputs, HTML in Markdown cells) and in its
    saved widget state, which html-manager turns into the quizzes' HTML in the browser."""
    for raw in list(doctree.findall(nodes.raw)):
        if "html" in raw.get("format", "").split():
            text = raw.astext()
            new = rewrite_links(app, docname, text)
            if new != text:
                raw.replace_self(nodes.raw("", new, format=raw["format"]))
    js_files = getattr(app.env, "nb_metadata", {}).get(docname, {}).get("js_files", {})
    if "ipywidgets_state" in js_files:
        uri, kwargs = js_files["ipywidgets_state"]
        js_files["ipywidgets_state"] = (uri, {**kwargs, "body": rewrite_links(app, docname, kwargs["body"])})


# --- the contents, the Lite link ---------------------------------------------------------------


def _ordered(found: set[str], patterns: tuple[str, ...], taken: set[str]) -> list[str]:
    from fnmatch import fnmatchcase

    out = []
    for pattern in patterns:
        for docname in sorted(found):
            if docname not in taken and fnmatchcase(docname, pattern):
                out.append(docname)
                taken.add(docname)
    return out


def add_contents(app: Sphinx, doctree: nodes.document) -> None:
    """The sidebar of every page: hidden toctrees on the home page (before Sphinx's toctree
    collector reads the doctree, which is why this runs at a lower priority)."""
    env = app.env
    if env.docname != app.config.root_doc:
        return
    top = doctree.next_node(nodes.section)
    if top is None:
        logger.warning("the contents page has no title", location=env.docname)
        return
    taken = {env.docname}
    for caption, patterns in SECTIONS:
        docnames = _ordered(set(env.found_docs), patterns, taken)
        toctree = addnodes.toctree()
        toctree["parent"] = env.docname
        toctree["entries"] = [(None, d) for d in docnames]
        toctree["includefiles"] = docnames
        toctree["maxdepth"] = 1
        toctree["caption"] = toctree["rawcaption"] = caption
        toctree["glob"] = False
        toctree["hidden"] = True
        toctree["includehidden"] = False
        toctree["numbered"] = 0
        toctree["titlesonly"] = True
        top += nodes.compound("", toctree, classes=["toctree-wrapper"])


def lite_url(app: Sphinx, docname: str) -> str:
    """The same notebook in the JupyterLite site: ``lab/index.html?path=<notebook>`` there."""
    base = app.config.euchre_site_lite
    if not base.endswith("/"):
        base += "/"
    if not _SCHEME.match(base) and not base.startswith("/"):
        base = "../" * docname.count("/") + base
    return f"{base}lab/index.html?path={docname}.ipynb"


def add_lite_link(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    if not docname.startswith(NOTEBOOK_DIRS) or not app.env.doc2path(docname).name.endswith(".ipynb"):
        return
    top = doctree.next_node(nodes.section)
    if top is None:
        return
    link = nodes.reference("", "Open it in JupyterLite", refuri=lite_url(app, docname), classes=["euchre-lite-link"])
    widgets = any(WIDGET_VIEW in raw.astext() for raw in doctree.findall(nodes.raw))
    if posixpath.basename(docname) == "index":
        what = "the lessons" if docname.startswith("notebooks/") else "the exercise sheets"
        lead = f"Run {what} in your browser: "
        body = "each page here shows a notebook as it was last run, and its buttons do not answer. "
    else:
        kind = "this lesson" if docname.startswith("notebooks/") else "this exercise sheet"
        what = kind if posixpath.basename(docname)[:2].isdigit() else "this page"  # the cheat sheet
        lead = f"Run {what}: "
        body = "this page shows it as it was last run" + (", and its buttons do not answer here. " if widgets else ". ")
    para = nodes.paragraph(
        "",
        "",
        nodes.strong("", lead),
        nodes.Text(body),
        link,
        nodes.Text(" to run every cell in your browser, with nothing to install."),
    )
    note = nodes.container("", para, classes=["euchre-lite"])
    title_at = next((i for i, child in enumerate(top.children) if isinstance(child, nodes.title)), -1)
    top.insert(title_at + 1, note)


WIDGET_NOTE = (
    "The buttons above are a picture of this notebook's last run: they may change when clicked, "
    "but nothing answers on this page (no Python runs behind it). "
)
"""The note under each widget output on the site (:func:`add_widget_notes`)."""


def _widget_bundles(doctree: nodes.Node) -> list[nodes.Element]:
    """The outputs that show a widget: MyST-NB's ``mime_bundle`` containers offering the
    widget view (or, where a bundle holds one type only, the raw node itself)."""
    found: list[nodes.Element] = []
    for raw in doctree.findall(nodes.raw):
        if WIDGET_VIEW not in raw.astext():
            continue
        node: nodes.Element = raw
        up = raw.parent
        while up is not None and not isinstance(up, nodes.document):
            if isinstance(up, nodes.container) and up.get("nb_element") == "mime_bundle":
                node = up
                break
            up = up.parent
        if node not in found:
            found.append(node)
    return found


def insert_widget_notes(doctree: nodes.Node, lite_href: str) -> int:
    """After every widget output in ``doctree``, a note that its buttons do not answer here,
    with a link to the notebook in JupyterLite. Returns how many notes."""
    bundles = _widget_bundles(doctree)
    for bundle in bundles:
        para = nodes.paragraph(
            "",
            "",
            nodes.Text(WIDGET_NOTE),
            nodes.reference("", "Answer it in JupyterLite", refuri=lite_href),
            nodes.Text("."),
        )
        note = nodes.container("", para, classes=["euchre-widget-note"])
        parent = bundle.parent
        parent.insert(parent.index(bundle) + 1, note)
    return len(bundles)


def add_widget_notes(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    if not docname.startswith(NOTEBOOK_DIRS) or not app.env.doc2path(docname).name.endswith(".ipynb"):
        return
    insert_widget_notes(doctree, lite_url(app, docname))


# --- setup --------------------------------------------------------------------------------------


def check_static(app: Sphinx, config: Any) -> None:
    """The widgets' JavaScript must be in the folder tools/site.py prepared: never a CDN."""
    static = config.euchre_site_static
    if not static:
        raise RuntimeError("euchre_site_static is not set: build the site with `make site` (tools/site.py)")
    missing = [name for name in FETCHED_STATIC if not (Path(static) / name).is_file()]
    if missing:
        raise RuntimeError(f"the site's static folder {static} lacks {', '.join(missing)}: build with tools/site.py")
    config.html_static_path = [*config.html_static_path, static]
    config.nb_ipywidgets_js = {
        name: {"data-jupyter-widgets-cdn": "../_static/widgets/no-cdn/"} if name.endswith("embed-amd.js") else {}
        for name in WIDGET_JS
    }
    config.html_css_files = [*config.html_css_files, "euchre-site.css"]


def write_home(app: Sphinx, exception: Exception | None) -> None:
    """``index.html`` at the site's root: the contents page."""
    if exception is not None or app.builder is None or app.builder.format != "html":
        return
    target = app.builder.get_target_uri(app.config.root_doc)
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        f'<meta http-equiv="refresh" content="0; url={target}">\n'
        f"<title>Learn Euchre</title></head>\n"
        f'<body><p><a href="{target}">Learn Euchre: the lessons</a></p></body></html>\n'
    )
    (Path(app.outdir) / "index.html").write_text(page, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("euchre_site_static", "", "html", str)
    app.add_config_value("euchre_site_lite", "../lite/", "html", str)
    # config-inited: before myst-nb reads nb_ipywidgets_js (builder-inited)
    app.connect("config-inited", check_static)
    app.connect("doctree-read", collect_anchors, priority=400)
    app.connect("doctree-read", add_contents, priority=400)  # before the toctree collector (500)
    app.connect("doctree-read", add_lite_link, priority=400)
    app.connect("doctree-read", add_widget_notes, priority=410)
    app.connect("env-purge-doc", purge_anchors)
    app.connect("env-merge-info", merge_anchors)
    app.add_post_transform(ResolveExplicitAnchors)
    app.connect("doctree-resolved", rewrite_outputs)
    app.connect("build-finished", write_home)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": False}

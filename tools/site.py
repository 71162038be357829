"""`make site`: the course as a static web site, read without a kernel, in build/site.

    python tools/site.py [--out build/site] [--work build/site-work] [--lite-url ../lite/]
    python tools/site.py --fetch-only      # only the npm downloads, into the cache (tests/sitekit.py)

Every lesson (``notebooks/``, the contents page ``notebooks/index`` as the home page), the
exercise sheets' student versions (``exercises/*.ipynb``; ``exercises/solutions/`` is never
read) and the reference pages (``docs/*.md``), built by Sphinx with MyST-NB and the Furo theme
from the notebooks' **stored outputs**: nothing is run. The quizzes and other widgets are drawn
in the page from the widget state saved in each notebook. The config and the extension that
does the work are in ``tools/site_sphinx/`` (``conf.py``, ``euchre_site.py``).

**Nothing is fetched from the web by the site.** MyST-NB's default loads require.js and
``@jupyter-widgets/html-manager`` from a CDN; here both come from the npm registry at build
time (``npm pack`` at pinned versions, which checks the registry's integrity hash), once,
into ``lite/.cache/offline/npm/`` (shared with ``make lite``; ignored by git), and are copied
into the site's ``_static/widgets/``. The felt (an anywidget) is drawn by anywidget's own
AMD front end, copied from the installed ``anywidget`` package. After the build, every page is
checked: a ``<script src>`` or ``<link href>`` to another host stops the build.

Sphinx warnings are errors (``-W``): a lesson link to a page or an anchor the site does not
have fails the build. Each build starts afresh (``--work`` is emptied; ``-E``), so two builds
of one checkout give the same pages.

Serve it: ``python -m http.server -d build 8000``, then open http://127.0.0.1:8000/site/ (with
``make lite`` built too, each lesson's "Open it in JupyterLite" link opens the same notebook
in build/lite).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import sys
import tarfile
import time
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "tools" / "site_sphinx"
CACHE = ROOT / "lite" / ".cache" / "offline" / "npm"

NPM = {"@jupyter-widgets/html-manager": "1.0.15", "requirejs": "2.3.8"}
"""The npm packages the pages' widgets need, pinned (html-manager 1.x draws ipywidgets 8 state)."""
HTML_MANAGER_ASSETS = (".js", ".woff2", ".woff", ".ttf", ".eot", ".svg")
"""From html-manager's dist/: embed-amd.js and the icon fonts its CSS names (Font Awesome)."""

EXTERNAL_ASSET = re.compile(
    r"""<(?:script|link|img|iframe|source|audio|video)\b[^>]*\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""",
    re.IGNORECASE,
)
"""A tag that would make the browser fetch from another host (a CDN script, font or style)."""


class SiteError(Exception):
    """The site cannot be built as asked (npm missing, a download failed, a page loads the web)."""


def npm_package(name: str, version: str, cache: Path = CACHE) -> Path:
    """The npm package ``name@version`` as its .tgz (``npm pack``), from the cache when fetched
    before: lite/build.py's own ``npm_pack``, into the cache ``make lite`` uses too."""
    spec = importlib.util.spec_from_file_location("euchre_lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite)
    try:
        return Path(lite.npm_pack(name, version, cache))
    except lite.BuildError as exc:
        raise SiteError(f"{exc} (for the site's widgets)") from exc


def _extract(tgz: Path, member: str, dest: Path) -> None:
    with tarfile.open(tgz) as tar:
        source = tar.extractfile(member)
        if source is None:
            raise SiteError(f"{tgz.name} has no file {member}")
        dest.write_bytes(source.read())


def widget_assets(static: Path) -> list[Path]:
    """require.js, html-manager's embed-amd.js with its fonts, and anywidget's front end, into
    ``static/widgets/``. Returns the files written."""
    widgets = static / "widgets"
    widgets.mkdir(parents=True)
    manager = npm_package("@jupyter-widgets/html-manager", NPM["@jupyter-widgets/html-manager"])
    with tarfile.open(manager) as tar:
        members = [
            m
            for m in tar.getmembers()
            if m.isfile()
            and m.name.startswith("package/dist/")
            and "/" not in m.name.removeprefix("package/dist/")
            and m.name.endswith(HTML_MANAGER_ASSETS)
            and m.name != "package/dist/embed.js"  # the non-AMD bundle: not used
            and m.name != "package/dist/libembed-amd.js"  # embed-amd.js holds it
        ]
        for m in members:
            source = tar.extractfile(m)
            assert source is not None
            (widgets / Path(m.name).name).write_bytes(source.read())
    if not (widgets / "embed-amd.js").exists():
        raise SiteError(f"{manager.name} has no dist/embed-amd.js")
    _extract(npm_package("requirejs", NPM["requirejs"]), "package/require.js", widgets / "require.js")
    anywidget = resources.files("anywidget") / "nbextension" / "index.js"
    if not anywidget.is_file():
        raise SiteError("the installed anywidget has no nbextension/index.js (its AMD front end)")
    (widgets / "anywidget.js").write_bytes(anywidget.read_bytes())
    return sorted(widgets.iterdir())


def external_assets(site: Path) -> list[str]:
    """Every tag of the built pages that loads something from another host: ``page: tag``."""
    found = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for m in EXTERNAL_ASSET.finditer(text):
            end = text.find(">", m.end())
            found.append(f"{page.relative_to(site)}: {text[m.start() : end + 1][:200]}")
    return found


def sphinx_args(out: Path, work: Path, static: Path, lite_url: str) -> list[str]:
    return [
        "-b", "html",
        "-c", str(CONF),
        "-d", str(work / "doctrees"),
        "-E",  # read every source afresh
        "-q",
        "-W", "--keep-going",  # a link to a page or an anchor the site lacks is an error
        "-D", f"euchre_site_static={static}",
        "-D", f"euchre_site_lite={lite_url}",
        str(ROOT),
        str(out),
    ]  # fmt: skip


def build(out: Path, work: Path, lite_url: str = "../lite/") -> float:
    """Build the site into ``out`` (emptied first); returns the seconds it took."""
    from sphinx.cmd.build import build_main

    t = time.monotonic()
    for folder in (out, work):
        if folder.exists():
            shutil.rmtree(folder)
    work.mkdir(parents=True)
    static = work / "static"
    widget_assets(static)
    code = build_main(sphinx_args(out, work, static, lite_url))
    if code != 0:
        raise SiteError(f"Sphinx stopped with code {code} (its warnings are above; -W makes each one an error)")
    loads = external_assets(out)
    if loads:
        raise SiteError("pages load files from the web:\n" + "\n".join(loads[:20]))
    # Sphinx's note for incremental builds (a hash of the config, which names the work folder):
    # every build here is a full one, and the same checkout gives the same files wherever built
    (out / ".buildinfo").unlink(missing_ok=True)
    return time.monotonic() - t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the site (emptied first)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "site-work", help="scratch: doctrees, assets")
    parser.add_argument(
        "--lite-url",
        default="../lite/",
        help="the JupyterLite site, relative to this site's root or absolute (default: ../lite/, as in build/)",
    )
    parser.add_argument("--fetch-only", action="store_true", help="only fetch the npm packages into the cache")
    args = parser.parse_args(argv)
    try:
        if args.fetch_only:
            for name, version in NPM.items():
                print(f"site: {name}@{version}: {npm_package(name, version)}")
            return 0
        seconds = build(args.out.resolve(), args.work.resolve(), args.lite_url)
    except SiteError as err:
        print(f"site: {err}", file=sys.stderr)
        return 1
    print(f"site: built {args.out} in {seconds:.1f} s; serve it: python -m http.server -d {args.out.parent} 8000")
    return 0


if __name__ == "__main__":
    sys.exit(main())

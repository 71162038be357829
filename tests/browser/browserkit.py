"""Helpers for the real-browser tests: find Chromium, run JupyterLab and Voilà on loopback,
drive a notebook in the page and read what it shows.

Everything here is test infrastructure; the tests themselves live in ``test_*.py`` beside it.
Playwright drives Debian's Chromium (``/usr/bin/chromium`` or ``$CHROMIUM``); no browser is
ever downloaded.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlparse

import nbformat

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ARTIFACTS = ROOT / "test-artifacts" / "browser"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

LOOPBACK = {"127.0.0.1", "localhost"}
OFFLINE_ARGS = [
    *CHROMIUM_ARGS,
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    "--proxy-server=http://127.0.0.1:9",  # loopback bypasses proxies; anything else goes nowhere
]
"""Chromium that can resolve and reach loopback only (the static sites' offline tests)."""

# JupyterLab settings for the test server: no news or update checks (nothing leaves the
# machine), and every cell kept in the DOM (no virtual windowing) so outputs can be read.
LAB_OVERRIDES: dict[str, Any] = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


def find_chromium() -> str | None:
    """The path of the Chromium binary to drive, or None when there is none."""
    env = os.environ.get("CHROMIUM")
    if env and os.access(env, os.X_OK):
        return env
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Python's static file server, quiet, with the types the built sites serve."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve_static(directory: Path) -> Iterator[str]:
    """A static web site on loopback (a thread of this process); yields its base URL."""
    handler = functools.partial(StaticHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def block_offsite(context: Any) -> tuple[list[str], list[str]]:
    """Abort every request of ``context`` (its pages and workers) for a host other than
    loopback. Returns the lists it fills: the URLs blocked, and each loopback answer of 400 or
    more (``"404 /path"``; Chromium's own favicon.ico aside)."""
    blocked: list[str] = []
    failed: list[str] = []

    def guard(route: Any) -> None:
        if urlparse(route.request.url).hostname not in LOOPBACK:
            blocked.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    context.route("**/*", guard)
    context.on(
        "response",
        lambda r: (
            failed.append(f"{r.status} {urlparse(r.url).path}")
            if r.status >= 400 and urlparse(r.url).path != "/favicon.ico"
            else None
        ),
    )
    return blocked, failed


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def private_env(home: Path) -> dict[str, str]:
    """An environment whose every per-user directory (Jupyter, IPython, euchre_learn progress)
    is under ``home``, so a test never reads or writes the user's own files."""
    env = dict(os.environ)
    dirs = {
        "HOME": home,
        "JUPYTER_CONFIG_DIR": home / ".jupyter",
        "JUPYTER_DATA_DIR": home / ".local" / "share" / "jupyter",
        "JUPYTER_RUNTIME_DIR": home / ".local" / "share" / "jupyter" / "runtime",
        "IPYTHONDIR": home / ".ipython",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_CACHE_HOME": home / ".cache",
        "EUCHRE_LEARN_HOME": home / "euchre_learn",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env["EUCHRE_LEARN_PROGRESS"] = str(home / "euchre_learn" / "learner.sqlite3")
    # Keep matplotlib's font cache where it already is: rebuilding it costs seconds.
    with contextlib.suppress(Exception):
        import matplotlib

        env.setdefault("MPLCONFIGDIR", matplotlib.get_configdir())
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def wait_http(
    url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 90.0, any_status: bool = False
) -> None:
    """Poll ``url`` until it answers 200 (any HTTP answer with ``any_status``); fail early, with
    the server's log, if the process dies."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before answering {url}:\n{tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except urllib.error.HTTPError as e:
            if any_status:
                return
            last = str(e)
        except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
            last = str(e)
        time.sleep(0.25)
    raise RuntimeError(f"server did not answer {url} within {timeout:.0f}s (last error: {last}):\n{tail(log)}")


def tail(path: Path, n: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server we started, and its children (kernels), by its own process group."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


@dataclass
class Server:
    """A server process on 127.0.0.1, with its URL, root dir and log."""

    url: str
    root: Path
    log: Path
    proc: subprocess.Popen[bytes]
    env: dict[str, str] = field(default_factory=dict)

    def api(self, method: str, path: str) -> Any:
        req = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Stop every session's kernel, so two cores are not shared with idle lessons."""
        for s in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{s['id']}")


def start_lab(workdir: Path, home: Path) -> Server:
    """JupyterLab for tests: loopback, no token, allow_root, news off, private settings dirs,
    serving ``workdir`` (which holds copies of the notebooks)."""
    port = free_port()
    env = private_env(home)
    settings = home / "lab-app-settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=1))
    config = {
        "ServerApp": {
            "ip": "127.0.0.1",
            "port": port,
            "port_retries": 0,
            "open_browser": False,
            "allow_root": True,
            "root_dir": str(workdir),
            "terminals_enabled": False,
            "allow_remote_access": False,
            # loopback, no token, test-only: the test process shuts kernels down over the REST
            # API, which has no browser cookie to carry an XSRF token
            "disable_check_xsrf": True,
        },
        "IdentityProvider": {"token": ""},
        "PasswordIdentityProvider": {"hashed_password": "", "password_required": False},
        "LabApp": {
            "app_settings_dir": str(settings),
            "user_settings_dir": str(home / "lab-user-settings"),
            "workspaces_dir": str(home / "lab-workspaces"),
            "news_url": None,
            "check_for_updates_class": "jupyterlab.NeverCheckForUpdate",
            # window.jupyterapp: open notebooks with the app's own command, no page reload
            "expose_app_in_browser": True,
        },
        "LanguageServerManager": {"autodetect": False},
    }
    (Path(env["JUPYTER_CONFIG_DIR"]) / "jupyter_server_config.json").write_text(json.dumps(config, indent=1))
    log = home / "jupyterlab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(url + "/api/status", proc, log)
    except Exception:
        stop(proc)
        raise
    return Server(url=url, root=workdir, log=log, proc=proc, env=env)


MAKE_LAB_COPIED = ("notebooks", "exercises", "docs", "apps", "tools")
"""What a clone of the project holds that `make lab` serves or runs."""
MAKE_LAB_URL = re.compile(r"http://127\.0\.0\.1:(\d+)(/lab/\S*\?token=\w+)")


def clone_for_make_lab(clone: Path) -> Path:
    """A fresh copy of the project as a clone holds it (the course folders, tools and .gitignore),
    made a git repository with one commit, so a test can ask `git status` what a learner changed."""
    for name in MAKE_LAB_COPIED:
        shutil.copytree(ROOT / name, clone / name, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    shutil.copy2(ROOT / ".gitignore", clone / ".gitignore")
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the clone"]):
        subprocess.run([*git, *args], cwd=clone, check=True, capture_output=True)
    return clone


def start_make_lab(clone: Path, home: Path, timeout: float = 120.0) -> tuple[str, subprocess.Popen[bytes], Path]:
    """Start `make lab`'s own script, ``tools/lab.py``, in ``clone`` with only ``--no-browser`` and
    a free port added; returns the URL it prints for the learner (loopback, with its token), the
    process and its log."""
    env = private_env(home)
    env["PYTHONPATH"] = str(ROOT)  # the package under test, as the checkout's editable install gives it
    log = home / f"make-lab-{time.monotonic_ns()}.log"
    cmd = [sys.executable, str(clone / "tools" / "lab.py"), "--no-browser", f"--port={free_port()}"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = MAKE_LAB_URL.search(log.read_text(errors="replace")) if log.exists() else None
        if found:
            return found.group(0), proc, log
        if proc.poll() is not None:
            raise RuntimeError(f"`tools/lab.py` exited with code {proc.returncode}:\n{tail(log)}")
        time.sleep(0.25)
    stop(proc)
    raise RuntimeError(f"`tools/lab.py` printed no URL within {timeout:.0f} s:\n{tail(log)}")


def start_voila(notebook: Path, home: Path) -> Server:
    """Voilà serving one app notebook as ``euchre-learn practice`` and ``play`` serve it
    (``apps.voila_command``: code hidden, the apps' template and front-end extensions, loopback),
    with tracebacks shown in the page. Plain ``voila`` loads every front-end extension installed
    and so drew the widgets when the apps' own settings did not (issue 34)."""
    from euchre_learn.classroom.apps import voila_command

    port = free_port()
    env = private_env(home)
    log = home / f"voila-{notebook.stem}.log"
    cmd, served = voila_command(notebook, port=port, ip="127.0.0.1", browser=False)
    cmd.append("--show_tracebacks=True")
    env["JUPYTER_PATH"] = served["JUPYTER_PATH"]  # where the apps' template is written
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=notebook.parent, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(url + "/voila/static/no-such-file", proc, log, any_status=True)  # GET / would run the app
    except Exception:
        stop(proc)
        raise
    return Server(url=url, root=notebook.parent, log=log, proc=proc, env=env)


# --- reading a notebook file ----------------------------------------------------------------


@dataclass(frozen=True)
class NotebookFacts:
    """What the test needs to know about a notebook from its file."""

    path: Path
    n_cells: int
    code_cells: tuple[int, ...]  # indices (into all cells) of code cells
    raises: frozenset[int]  # indices of cells tagged raises-exception
    has_widgets: bool  # some code uses euchre_learn widgets or ipywidgets

    @classmethod
    def read(cls, path: Path) -> NotebookFacts:
        nb = nbformat.read(path, as_version=4)
        code = tuple(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
        raises = frozenset(
            i for i, c in enumerate(nb.cells) if "raises-exception" in c.get("metadata", {}).get("tags", [])
        )
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        has_widgets = bool(
            re.search(r"ipywidgets|\bwidgets\b|\bquiz\b|Quiz|Practice|practice\(|Table|table\(|Stepper|stepper", text)
        )
        return cls(path, len(nb.cells), code, raises, has_widgets)


# --- driving JupyterLab ---------------------------------------------------------------------


def open_notebook(page: Any, server: Server, relpath: str) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle.

    The page loads JupyterLab once; later notebooks are opened with the app's own command
    (``docmanager:open``) after closing the previous one, which saves reloading the whole app.
    A page left with a dialog open (a failed test) is reloaded.
    """
    ready = page.url.startswith(f"{server.url}/lab") and page.evaluate(
        "() => !!window.jupyterapp && !document.querySelector('.jp-Dialog')"
    )
    if not ready:
        page.goto(f"{server.url}/lab?reset", wait_until="domcontentloaded")
        page.wait_for_function("() => !!window.jupyterapp && !!document.querySelector('#jp-main-statusbar')")
        page.evaluate("() => window.jupyterapp.restored")
    page.evaluate(
        """async (path) => {
            const app = window.jupyterapp;
            for (const w of Array.from(app.shell.widgets('main'))) {
                if (w.context && w.context.model) { w.context.model.dirty = false; }
                w.dispose();
            }
            await app.commands.execute('docmanager:open', { path, factory: 'Notebook' });
        }""",
        relpath,
    )
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell", timeout=60_000)
    wait_kernel_idle(page)


def wait_kernel_idle(page: Any, timeout: float = 60_000) -> None:
    """Wait until the visible notebook's kernel is idle and no cell is queued ([*])."""
    page.wait_for_function(
        """() => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            if (!panel) return false;
            const status = panel.querySelector('.jp-Notebook-ExecutionIndicator');
            const bar = (document.querySelector('#jp-main-statusbar') || {}).innerText || '';
            const busy = [...panel.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
            return !!status && status.getAttribute('data-status') === 'idle' && /\\| Idle/.test(bar)
                && !/No Kernel/.test(bar) && !busy;
        }""",
        timeout=timeout,
        polling=200,
    )


def run_all_cells(page: Any, timeout: float = 240_000) -> None:
    """Run > Run All Cells from the menu bar, then wait until every code cell has run."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    # Every non-empty code cell gets an execution count; none is left pending ([*]). A cell
    # after an error never runs, so stop waiting when an error output has appeared.
    page.wait_for_function(
        """() => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            const cells = [...panel.querySelectorAll('.jp-Cell.jp-CodeCell')];
            if (panel.querySelector('.jp-InputPrompt') && [...panel.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'))) return false;
            const ran = cells.map(c => {
                const text = (c.querySelector('.jp-InputPrompt') || {}).textContent || '';
                const empty = !(c.querySelector('.cm-content')?.textContent || '').trim();
                return empty || /\\[\\d+\\]/.test(text);
            });
            if (ran.every(x => x)) return true;
            const firstPending = ran.indexOf(false);
            return cells.slice(0, firstPending).some(c => c.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'));
        }""",
        timeout=timeout,
        polling=250,
    )
    wait_kernel_idle(page, timeout=timeout)
    settle(page)


def settle(page: Any, quiet_ms: int = 600, timeout: float = 30_000) -> None:
    """Wait until the widgets have drawn: the number of widget views and outputs in the page
    stays the same for ``quiet_ms`` (views render after the kernel is idle). A page that never
    settles (a widget stuck "Loading") is left to :func:`problems` to report."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        _wait_settled(page, quiet_ms, timeout)
    except PlaywrightTimeout:
        pass
    page.evaluate("() => { delete window.__elSettle; }")


def _wait_settled(page: Any, quiet_ms: int, timeout: float) -> None:
    page.wait_for_function(
        """(quiet) => {
            const n = document.querySelectorAll('.jupyter-widgets, .jp-OutputArea-output').length;
            const loading = [...document.querySelectorAll('.jp-OutputArea-output')]
                .some(e => /^\\s*Loading widget/.test(e.innerText));
            const now = Date.now();
            const s = window.__elSettle || (window.__elSettle = {n: -1, t: now});
            if (n !== s.n || loading) { s.n = n; s.t = now; return false; }
            return now - s.t >= quiet;
        }""",
        arg=quiet_ms,
        timeout=timeout,
        polling=100,
    )


READ_CELLS_JS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const cells = [...panel.querySelectorAll('.jp-Cell')];
    return cells.map((c, i) => ({
        index: i,
        code: c.classList.contains('jp-CodeCell'),
        prompt: (c.querySelector('.jp-InputPrompt') || {}).textContent || '',
        stderr: [...c.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
            .map(e => e.innerText),
        widgetErrors: [
            ...[...c.querySelectorAll('.jp-OutputArea-output')].map(e => e.innerText)
                .filter(t => /Error displaying widget|Error rendering|model not found/i.test(t)),
            ...[...c.querySelectorAll('.jupyter-widgets-error-widget')]
                .map(e => 'the widget manager shows its error widget: ' + e.innerText),
        ],
        widgets: [...c.querySelectorAll('.jupyter-widgets, .widget-button')]
            .filter(e => !e.querySelector('.jupyter-widgets-error-widget')
                         && !e.classList.contains('jupyter-widgets-error-widget')).length,
        loading: [...c.querySelectorAll('.jp-OutputArea-output')]
            .map(e => e.innerText).filter(t => /^\\s*Loading widget/i.test(t)).length,
        reprs: [...c.querySelectorAll('.jp-OutputArea-output[data-mime-type="text/plain"]')]
            .map(e => e.innerText).filter(t => /^\\s*[A-Za-z]+\\(children=\\(/.test(t)),
    }));
}"""


@dataclass(frozen=True)
class CellReport:
    index: int
    code: bool
    prompt: str
    stderr: tuple[str, ...]
    widget_errors: tuple[str, ...]
    widgets: int
    loading: int
    reprs: tuple[str, ...] = ()


def read_cells(page: Any) -> list[CellReport]:
    raw = page.evaluate(READ_CELLS_JS)
    return [
        CellReport(
            r["index"],
            r["code"],
            r["prompt"],
            tuple(r["stderr"]),
            tuple(r["widgetErrors"]),
            int(r["widgets"]),
            int(r["loading"]),
            tuple(r["reprs"]),
        )
        for r in raw
    ]


def problems(facts: NotebookFacts, cells: list[CellReport]) -> list[str]:
    """Every error a reader would see, as plain lines naming the cell: tracebacks or stderr in
    cells not tagged raises-exception, and widgets that failed to render."""
    out: list[str] = []
    if len(cells) != facts.n_cells:
        out.append(f"the page shows {len(cells)} cells but the file has {facts.n_cells}")
    for c in cells:
        if c.index in facts.raises:
            continue
        for text in c.stderr:
            first = " | ".join(text.strip().splitlines()[-3:])
            out.append(f"cell {c.index}: error output: {first[:400]}")
        for text in c.widget_errors:
            out.append(f"cell {c.index}: widget failed to render: {text.strip()[:300]}")
        if c.loading:
            out.append(f"cell {c.index}: a widget is still 'Loading widget...'")
        for text in c.reprs:
            out.append(f"cell {c.index}: a widget shows as text, not rendered: {text.strip()[:200]}")
    return out


def new_console_errors(page: Any) -> list[str]:
    """The browser console errors since this test began (``lab_tab`` sets the mark)."""
    return list(page.errors[getattr(page, "error_mark", 0) :])


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def screenshot_notebook(page: Any, name: str, max_height: int = 14_000) -> Path:
    """The whole visible notebook in one picture: the viewport grows to the notebook's height
    for the shot (JupyterLab scrolls inside the page, so a full-page shot would show one screen)."""
    size = page.viewport_size
    height = page.evaluate(
        """() => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            const outer = panel && panel.querySelector('.jp-WindowedPanel-outer');
            return outer ? outer.scrollHeight : 0;
        }"""
    )
    try:
        if height:
            page.set_viewport_size({"width": size["width"], "height": min(int(height) + 250, max_height)})
            page.wait_for_timeout(300)
            page.evaluate(
                """() => {
                    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
                    const outer = panel && panel.querySelector('.jp-WindowedPanel-outer');
                    if (outer) outer.scrollTop = 0;
                }"""
            )
            page.wait_for_timeout(200)
        return screenshot(page, name, full_page=False)
    finally:
        page.set_viewport_size(size)


def cell_locator(page: Any, index: int) -> Any:
    """The index-th cell (all cell types) of the visible notebook."""
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(index)


@contextlib.contextmanager
def timed(label: str, sink: dict[str, float]) -> Iterator[None]:
    t = time.monotonic()
    try:
        yield
    finally:
        sink[label] = time.monotonic() - t


CUT_TEXT_JS = """(root) => {
    const out = [];
    const clipper = (e) => {  // the nearest ancestor that hides what overflows it
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') return a;
        }
        return null;
    };
    for (const table of root.querySelectorAll('.el-table')) {
        const felt = table.getBoundingClientRect();
        for (const e of table.querySelectorAll('*')) {
            if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
            const range = document.createRange();
            range.selectNodeContents(e);
            const r = range.getBoundingClientRect();
            const what = (e.className || e.tagName) + ': ' + e.innerText.trim().slice(0, 50);
            if (r.right > felt.right + 1 || r.left < felt.left - 1) out.push('outside the table: ' + what);
            const c = clipper(e);
            if (c && c.contains(table) === false) {
                const box = c.getBoundingClientRect();
                if (r.right > box.right + 1) out.push('cut off: ' + what);
            }
        }
    }
    for (const b of root.querySelectorAll('.jupyter-button')) {
        if (b.offsetParent && b.scrollWidth > b.clientWidth + 1) out.push('button text cut off: ' + b.innerText.trim());
    }
    return out;
}"""


def cut_text(locator: Any) -> list[str]:
    """Text a reader cannot read whole inside ``locator``: the table's words running past the
    felt or cut off by a box that hides its overflow (JupyterLab's output CSS sets
    ``dl {overflow: hidden}``), and buttons whose text ends in "…"."""
    return list(locator.evaluate(CUT_TEXT_JS))


FELT_CARDS = ".el-felt .el-holding:not(.el-sent) .el-pick[role=button]:not(.el-pick-off)"
"""The learner's playable cards on the felt: the card pictures themselves, not the buttons.
A holding is marked sent the moment one of its cards is picked, so a card picked but not yet
replaced by the next drawing is not offered again (a click on it would wait for nothing)."""


@dataclass
class HandPlayed:
    """What :func:`play_hand` did: the clicks on buttons (bidding), on card pictures, and the
    cards played with the keyboard; whether a finished trick was seen beside the next one."""

    buttons: int = 0
    pictures: int = 0
    keys: int = 0
    saw_last_trick: bool = False

    @property
    def clicks(self) -> int:
        return self.buttons + self.pictures + self.keys


def try_click(target: Any, timeout: float = 5_000) -> bool:
    """Click ``target`` if it can be clicked within ``timeout`` ms; False if not. A table that
    moves on between finding a control and clicking it (the bots at ``delay=0``, a server's move)
    may detach the control for good: the caller looks at the table again rather than wait."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        target.click(timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


def play_hand(
    page: Any, table: Any, timeout: float = 180.0, keyboard: int = 0, shot: str | None = None
) -> HandPlayed:
    """Play one hand as South: the first action offered while bidding (pass, mostly), then a
    playable card each trick, clicked on its picture on the felt (the first ``keyboard`` cards
    by keyboard instead: focus, then Enter or Space in turn), until the hand is over; the bots move in between
    at their own pace. ``shot``: a screenshot of the table the first time a finished trick
    shows beside the next one. Each click is short and, if missed, the table looked at again
    (:func:`try_click`): at ``delay=0`` a bid found may be gone for good when clicked."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    done = HandPlayed()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = table.inner_text()
        if re.search(r"Hand over|Thrown in|Game over", text):
            return done
        cards = table.locator(FELT_CARDS)
        actions = table.locator(".widget-hbox button.mod-primary:not([disabled])")
        if table.locator(".el-felt .el-last").count():
            if not done.saw_last_trick and shot:
                table.scroll_into_view_if_needed()
                screenshot(page, shot, full_page=False)
            done.saw_last_trick = True
        if cards.count():
            card = cards.last  # not always the first: a picture anywhere in the row must work
            if done.keys < keyboard:
                try:
                    card.focus(timeout=5_000)
                except PlaywrightTimeout:
                    continue  # the table moved on: look again
                page.keyboard.press("Enter" if done.keys % 2 == 0 else " ")  # Enter, then Space
                done.keys += 1
            elif try_click(card):
                done.pictures += 1
        elif actions.count():
            done.buttons += try_click(actions.first)
        else:
            page.wait_for_timeout(150)  # the bots are moving
            continue
        page.wait_for_timeout(100)
    raise AssertionError(f"the hand did not end within {timeout:.0f} s of clicking:\n{table.inner_text()[:2000]}")


def new_page(browser: Any) -> Any:
    """A page in a context of its own (1280×900, en-US, 30 s timeouts) in ``browser``; the page's
    errors and console errors are kept on ``page.errors`` for the test to report."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(30_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    pg.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.errors = errors
    return pg


CARD_BUTTON = re.compile(r"^\s*(?:[0-9JQKA]+[♣♦♥♠]|Benny)\s*$")
"""The text of a card button below the felt (a card, or the Benny)."""


def click_through_hand(page: Any, table: Any, timeout: float = 180.0) -> int:
    """South's clicks to the end of the hand, as :func:`play_hand` (the first action offered, the
    first playable card; a card training mode stops is clicked again, and played), but each click
    short and retried: at instant pace the table moves on within the click itself, and on a loaded
    machine Playwright may report the landed click as missed. Returns the clicks that landed."""
    clicks = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(r"Hand over|Thrown in|Game over", table.locator(".el-status").inner_text()):
            return clicks
        cards = table.locator("button.widget-button:not([disabled])").filter(has_text=CARD_BUTTON)
        actions = table.locator(".widget-hbox button.mod-primary:not([disabled])")
        target = cards.first if cards.count() else actions.first if actions.count() else None
        if target is None:
            page.wait_for_timeout(150)
            continue
        if not try_click(target):
            continue
        clicks += 1
        page.wait_for_timeout(150)
    raise AssertionError(f"the hand did not end within {timeout:.0f} s:\n{table.inner_text()[:2000]}")

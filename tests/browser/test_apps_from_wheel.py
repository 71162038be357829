"""The Voilà apps as a teacher serves them (issue 34): the wheel built from this checkout and
installed with its ``app`` extra into a fresh venv (tests/wheelkit.py), ``euchre-learn practice``
and ``euchre-learn play`` started exactly as docs/teaching.md says, and each page opened in a
Chromium that can reach nothing but loopback. The widgets must draw (a quiz answered by
clicking, a hand played on the felt, a seat at a class table), with no console error, no request
to another host and no failed request.

The same apps behind a hub's ``/voila/render/`` are served with the settings the image recipe
(tools/hub/Dockerfile) writes: its own steps are run in the fresh venv and a Jupyter server
started there serves the apps.

Before the fix the pages said "Click to show javascript error" and the console "No version of
module @jupyter-widgets/base is registered": the apps' extension allowlist left out the
extension that registers the widgets' modules, and the browser tests, started with plain
``voila`` (every extension loaded), drew them anyway.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import wheelkit

from euchre_learn.classroom.voila_template import ALLOWED_EXTENSIONS

from . import browserkit as bk

pytestmark = pytest.mark.wheel

DOCKERFILE = bk.ROOT / "tools" / "hub" / "Dockerfile"
LINK = re.compile(r"(http://127\.0\.0\.1:\d+/teacher\?token=\S+)")
WIDGET_ERROR = "Click to show javascript error"


@pytest.fixture(scope="module")
def wheel_venv(tmp_path_factory: pytest.TempPathFactory) -> wheelkit.Installed:
    """The wheel installed as ``pip install 'euchre_learn-….whl[app,server]'`` (the app extra
    for Voilà, the server extra for a class table to sit at)."""
    inst, _ = wheelkit.build_and_install(tmp_path_factory.mktemp("apps-wheel"), "app,server", data_files=True)
    where = inst.run(inst.python, "-c", "import euchre_learn; print(euchre_learn.__file__)").strip()
    assert Path(where).resolve().is_relative_to(inst.venv.resolve()), where
    return inst


def _env(inst: wheelkit.Installed, home: Path) -> dict[str, str]:
    """A private home (browserkit.private_env) in the fresh venv: its ``bin`` first, no checkout."""
    env = bk.private_env(home)
    for name in ("PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH"):
        env.pop(name, None)
    env.update(PATH=inst.env["PATH"], VIRTUAL_ENV=inst.env["VIRTUAL_ENV"], MPLBACKEND="Agg")
    return env


@dataclass
class Served:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path


def _start(cmd: list[str], env: dict[str, str], cwd: Path, log: Path, ready: str) -> Served:
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        bk.wait_http(ready, proc, log, timeout=120, any_status=True)
    except Exception:
        bk.stop(proc)
        raise
    return Served(url="/".join(ready.split("/", 3)[:3]), proc=proc, log=log)


def _serve_app(inst: wheelkit.Installed, name: str, home: Path) -> Served:
    """``euchre-learn NAME --no-browser --port P``, the installed script, from a folder that is
    not a checkout."""
    port = bk.free_port()
    cwd = home / "work"
    cwd.mkdir(parents=True, exist_ok=True)
    cmd = [str(inst.venv / "bin" / "euchre-learn"), name, "--no-browser", "--port", str(port)]
    served = _start(cmd, _env(inst, home), cwd, home / f"{name}.log", f"http://127.0.0.1:{port}/voila/static/x")
    text = served.log.read_text(errors="replace")
    assert f"serving the {name} app at http://127.0.0.1:{port}/" in text, text
    return served


@pytest.fixture(scope="module")
def practice(wheel_venv: wheelkit.Installed, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = _serve_app(wheel_venv, "practice", tmp_path_factory.mktemp("practice-home"))
    yield served
    bk.stop(served.proc)


@pytest.fixture(scope="module")
def play(wheel_venv: wheelkit.Installed, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = _serve_app(wheel_venv, "play", tmp_path_factory.mktemp("play-home"))
    yield served
    bk.stop(served.proc)


@pytest.fixture(scope="module")
def offline_browser(chromium: str, browser: Any) -> Iterator[Any]:
    """Chromium that can resolve and reach loopback only (as tests/browser/test_lite_offline.py)."""
    offline = browser.browser_type.launch(executable_path=chromium, headless=True, args=bk.OFFLINE_ARGS)
    yield offline
    offline.close()


@pytest.fixture()
def offline(offline_browser: Any) -> Iterator[Any]:
    """A page whose requests for any host but loopback are aborted: ``page.errors`` (page and
    console errors), ``page.blocked`` (requests to another host), ``page.failed`` (answers of
    400 or more)."""
    page = bk.new_page(offline_browser)
    page.blocked, page.failed = bk.block_offsite(page.context)
    yield page
    page.context.close()


def _clean(page: Any, what: str) -> None:
    assert WIDGET_ERROR not in page.locator("body").inner_text(), what
    assert page.blocked == [], (what, page.blocked)
    assert page.failed == [], (what, page.failed)
    assert page.errors == [], (what, page.errors[:3])


def _extensions(page: Any) -> list[str]:
    """The front-end extensions the page loads (Voilà's page config)."""
    config = page.locator("#jupyter-config-data").text_content()
    return sorted(e["name"] for e in json.loads(config)["federated_extensions"])


def _answer_a_quiz(page: Any, url: str, shot: str) -> None:
    """Open a practice page, click a choice and Check: the score counts the answer."""
    page.goto(url, wait_until="domcontentloaded", timeout=120_000)
    practice = page.locator(".el-practice")
    practice.wait_for(timeout=120_000)
    choices = practice.locator(".el-quiz .el-choice")
    page.locator(f".el-quiz .el-choice, :text('{WIDGET_ERROR}')").first.wait_for(timeout=60_000)
    assert WIDGET_ERROR not in page.locator("body").inner_text(), page.errors[:1]
    assert choices.count() == 4 and choices.first.is_visible()  # the left bower among four jacks
    assert _extensions(page) == sorted(ALLOWED_EXTENSIONS)
    bk.screenshot(page, f"{shot}_loaded", full_page=False)
    choices.first.click()
    practice.locator("button", has_text="Check").click()
    practice.locator(".el-score", has_text=re.compile(r"Score [01] of 1")).wait_for()
    practice.locator(".el-feedback.el-right, .el-feedback.el-wrong").first.wait_for()  # the verdict, with its rule
    bk.screenshot(page, f"{shot}_answered", full_page=False)


def test_euchre_learn_practice_from_the_wheel_draws_a_quiz_offline(offline: Any, practice: Served) -> None:
    _answer_a_quiz(offline, f"{practice.url}/?topic=bowers&seed=7", "wheel_practice")
    _clean(offline, "euchre-learn practice")


def test_euchre_learn_play_from_the_wheel_draws_the_table_and_plays_a_hand_offline(offline: Any, play: Served) -> None:
    offline.goto(f"{play.url}/?seed=3&pace=instant", wait_until="domcontentloaded", timeout=120_000)
    table = offline.locator(".jupyter-widgets.widget-vbox").first
    south = offline.locator(".el-felt .el-card[data-card]")
    south.nth(4).wait_for(timeout=120_000)  # the learner's five cards, face up on the felt
    assert _extensions(offline) == sorted(ALLOWED_EXTENSIONS)
    bk.screenshot(offline, "wheel_play_loaded", full_page=False)
    played = bk.play_hand(offline, table)
    assert played.clicks >= 1, played
    assert re.search(r"Hand over|Thrown in", table.inner_text())
    bk.screenshot(offline, "wheel_play_hand_over", full_page=False)
    _clean(offline, "euchre-learn play")


@pytest.fixture()
def class_server(wheel_venv: wheelkit.Installed, tmp_path: Path) -> Iterator[tuple[Served, str]]:
    """``euchre-learn class serve --db DB --port P`` from the fresh venv, and its teacher's link."""
    port = bk.free_port()
    cmd = [str(wheel_venv.venv / "bin" / "euchre-learn"), "class", "serve", "--db", str(tmp_path / "class.sqlite3")]
    cmd += ["--port", str(port)]
    served = _start(
        cmd, _env(wheel_venv, tmp_path / "home"), tmp_path, tmp_path / "serve.log", f"http://127.0.0.1:{port}/"
    )
    try:
        deadline = time.monotonic() + 60
        while not (found := LINK.search(served.log.read_text(errors="replace"))):
            assert time.monotonic() < deadline, bk.tail(served.log)
            time.sleep(0.2)
        yield served, found.group(1)
    finally:
        bk.stop(served.proc)


def test_a_seat_at_a_class_table_draws_in_the_installed_play_app(
    offline: Any, offline_browser: Any, play: Served, class_server: tuple[Served, str]
) -> None:
    """The class table's Voilà route: the teacher adds a student and opens a table, the learner
    opens the play app's link with ``join=``, the teacher starts the table (bots in the other
    seats), and the learner's seat shows its cards and a bid to click."""
    server, link = class_server
    teacher = bk.new_page(offline_browser)
    bk.block_offsite(teacher.context)
    try:
        teacher.goto(link)
        teacher.get_by_label("Name").fill("Nia")
        teacher.get_by_role("button", name="Add a student").click()
        teacher.get_by_role("heading", name="Nia added").wait_for()
        token = teacher.locator("code").first.inner_text().strip()
        teacher.goto(f"{server.url}/teacher")
        teacher.get_by_role("button", name="Open a table").click()
        row = teacher.locator("table tr", has=teacher.get_by_role("button", name="Start"))
        code = row.locator("td b").first.inner_text().strip()

        query = urlencode({"join": code, "server": server.url, "class_token": token, "seat": "S"})
        offline.goto(f"{play.url}/?{query}", wait_until="domcontentloaded", timeout=120_000)
        offline.get_by_text(f"Class table {code}").wait_for(timeout=120_000)
        seat = offline.locator(".el-seat-widget").first
        seat.get_by_text("Waiting for your teacher").wait_for(timeout=60_000)
        teacher.goto(f"{server.url}/teacher")
        teacher.locator("table").first.locator("tr", has_text=code).get_by_role("button", name="Start").click()
        seat.locator(".el-card[data-card]").nth(4).wait_for(timeout=120_000)  # the seat's own hand
        bk.screenshot(offline, "wheel_class_seat", full_page=False)
        assert seat.locator("button:not([disabled])").count() >= 1 or seat.locator(bk.FELT_CARDS).count() >= 1
    finally:
        teacher.context.close()
    _clean(offline, "a seat at a class table in euchre-learn play")


def _dockerfile_steps() -> list[str]:
    """The shell steps of the image recipe's RUN lines (continuations joined, comments dropped)."""
    script, current = [], ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#") or not line:
            continue
        current += " " + line.rstrip("\\").strip()
        if not line.endswith("\\"):
            if current.strip().startswith("RUN "):
                script.append(current.strip().removeprefix("RUN "))
            current = ""
    return [step.strip() for run in script for step in run.split(" && ")]


def test_the_hub_images_voila_settings_draw_the_apps(
    wheel_venv: wheelkit.Installed, offline: Any, tmp_path: Path
) -> None:
    """tools/hub/Dockerfile's own steps that install the apps' template and Voilà settings, run in
    the fresh venv (its prefix as the image's ``$CONDA_DIR``), then a Jupyter server there, as a
    hub's user server: ``/voila/render/…`` of an app draws its widgets."""
    every = _dockerfile_steps()
    first = next(i for i, s in enumerate(every) if s.startswith("euchre-learn voila-template"))
    last = next(i for i, s in enumerate(every) if "VOILA_SETTINGS" in s)
    steps = every[first : last + 1]  # the template, the settings' folder, the settings
    assert [shlex.split(s)[0] for s in steps] == ["euchre-learn", "mkdir", "python"], steps
    env = _env(wheel_venv, tmp_path / "home")
    env["CONDA_DIR"] = str(wheel_venv.venv)
    for step in steps:
        done = subprocess.run(["bash", "-c", step], env=env, capture_output=True, text=True, check=False, timeout=120)
        assert done.returncode == 0, (step, done.stdout, done.stderr)
    settings = wheel_venv.venv / "etc" / "jupyter" / "voila.json"
    assert json.loads(settings.read_text())["VoilaConfiguration"]["extension_allowlist"] == list(ALLOWED_EXTENSIONS)

    root = tmp_path / "course"
    wheel_venv.run(wheel_venv.venv / "bin" / "euchre-learn", "app-notebooks", root / "apps")
    port = bk.free_port()
    cmd = [str(wheel_venv.python), "-m", "jupyter_server", "--no-browser", "--allow-root", f"--port={port}"]
    cmd += ["--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={root}"]
    served = _start(cmd, env, root, tmp_path / "server.log", f"http://127.0.0.1:{port}/api/status")
    try:
        _answer_a_quiz(offline, f"{served.url}/voila/render/apps/practice.ipynb?topic=bowers&seed=7", "hub_practice")
        _clean(offline, "the hub's /voila/render/apps/practice.ipynb")
    finally:
        bk.stop(served.proc)

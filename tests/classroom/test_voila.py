"""The Voilà apps as served (euchre_learn.classroom.apps, euchre_learn.classroom.voila_template): every
bad option in the address gets its own warning, in sentences that end once; the pages ask no
other host for anything (Voilà's lab template linked Font Awesome from a CDN) and load only the
front-end extensions the apps use (the ones built for JupyterLab 4.6 logged "Unsatisfied version
4.2.5 … (required ^4.6.x)" in Voilà's front end)."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from euchre_learn import quiz
from euchre_learn.classroom import apps, cli
from euchre_learn.classroom.voila_template import ALLOWED_EXTENSIONS, TEMPLATE, write_template

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.delenv("EUCHRE_LEARN_RULES", raising=False)
    return tmp_path


def _alert(widget: Any) -> str:
    text = widget.children[0].value
    assert 'role="alert"' in text
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def test_every_bad_option_of_the_practice_app_is_named(private_home: Path) -> None:
    w: Any = apps.practice_app("topic=chess&seed=x")
    alert = _alert(w)
    assert "'chess' is not a quiz topic" in alert and "seed='x' in the address is not a whole number" in alert
    assert ".." not in alert and "; or all. " in alert  # it ended "or all.. Showing" once
    assert alert.endswith("Showing every topic and new questions each time instead.")
    assert w.children[1].practice.topics == quiz.TOPICS
    # a good topic is kept when only the seed is bad (the seed's warning was lost behind the topic's)
    w = apps.practice_app("topic=scoring&seed=x")
    assert "not a whole number" in _alert(w) and w.children[1].practice.topics == ("scoring",)
    w = apps.practice_app("topic=scoring&sed=3")
    assert "'sed' is not an option of this app: the options are topic, topics, seed." in _alert(w)
    assert "template" not in _alert(apps.practice_app("topic=scoring&template=x&seed=²"))  # ² is no seed


def test_every_bad_option_of_the_play_app_is_named(private_home: Path) -> None:
    w: Any = apps.play_app("rules=martian&pace=warp&seed=x&open=maybe&colour=red")
    alert = _alert(w)
    for words in ("'martian' is not a preset", "pace='warp'", "seed='x'", "open='maybe'", "'colour' is not an option"):
        assert words in alert, words
    assert ".." not in alert and alert.endswith("Using the defaults for those.")


def test_the_template_has_no_cdn_link(tmp_path: Path) -> None:
    folder = write_template(tmp_path) / "voila" / "templates" / TEMPLATE
    text = "".join(p.read_text(encoding="utf-8") for p in folder.iterdir())
    assert "cdn" not in text.replace("cdn.jsdelivr.net' in line", "")
    assert cli.main(["voila-template", str(tmp_path / "share")]) == 0
    assert json.loads((tmp_path / "share" / "voila" / "templates" / TEMPLATE / "conf.json").read_text()) == {
        "base_template": "lab"
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


OUTSIDE = re.compile(r"""<(?:link|script|img)\b[^>]*\b(?:href|src)=["']?(?:https?:)?//""", re.I)


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed (the app extra)")
def test_the_served_pages_ask_no_other_host(tmp_path: Path, private_home: Path) -> None:
    """`euchre-learn practice`'s very command, on a folder of both apps: the folder page, an app
    page and an error page link nothing outside, and the app page loads only the allowed
    front-end extensions."""
    folder = tmp_path / "apps"
    apps.write_app_notebooks(folder)
    port = _free_port()
    cmd, env = apps.voila_command(folder, port=port, ip="127.0.0.1", browser=False)
    server = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(240):
            try:
                status, tree = _get(base + "/")
                break
            except OSError:
                time.sleep(0.25)
        else:
            pytest.fail("Voilà did not answer within a minute")
        status, page = _get(base + "/voila/render/practice.ipynb")
        missing, error = _get(base + "/voila/render/nothing-here.ipynb")
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert status == 200 and "voila-tree-main" in tree and missing == 404
    for name, text in (("folder", tree), ("app", page), ("error", error)):
        assert not OUTSIDE.findall(text), (name, OUTSIDE.findall(text))
        assert "cdn.jsdelivr.net" not in text and "cdnjs" not in text, name
    assert "voila-style.js" in page  # Font Awesome, from Voilà's own bundle
    config = json.loads(
        re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    assert sorted(e["name"] for e in config["federated_extensions"]) == sorted(ALLOWED_EXTENSIONS)


def test_make_app_serves_both_apps_with_the_same_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make app` runs `python -m euchre_learn.classroom.apps`, which serves the apps' folder with
    voila_command: the template that asks no CDN, the allowed extensions only."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^app:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None and recipe.group(1).strip() == "$(BIN)/python -m euchre_learn.classroom.apps --port 8866"
    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd, env: calls.append((cmd, env)) or 0)
    assert apps.main(["--port", "8866", "--no-browser"]) == 0
    ((cmd, env),) = calls
    assert env["JUPYTER_PATH"]  # where the template is found
    assert cmd == apps.voila_command(apps.app_path("practice").parent, port=8866, ip="127.0.0.1", browser=False)[0]
    assert "--template=euchre" in cmd and {p.name for p in Path(cmd[3]).glob("*.ipynb")} >= {
        "play.ipynb",
        "practice.ipynb",
    }

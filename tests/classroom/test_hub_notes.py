"""The JupyterHub notes (docs/teaching.md, docs/hub-requirements.txt, tools/hub/Dockerfile) stay
true: nothing tells a teacher to install euchre_learn by a package index name it does not have,
and the ready image installs this checkout with the extras the notes promise, with commands,
extension names and settings that exist."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from euchre_learn.classroom import cli
from euchre_learn.classroom.voila_template import VOILA_SETTINGS

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "tools" / "hub" / "Dockerfile"

# `pip install euchre-learn`, `pip install 'euchre-learn[app]'`: a name on a package index (not
# JupyterLite's `%pip install`, which installs the wheel its own site serves).
INDEX_INSTALL = re.compile(
    r"(?<!%)pip install\s+(?:-\S+\s+)*['\"]?euchre[-_]learn(?:\[[^\]]*\])?['\"]?(?=[\s`\"'),.;]|$)", re.M
)


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 4)
    return text[start : end if end > 0 else None]


def _notes() -> dict[str, str]:
    teaching = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    return {
        "teaching.md, Voilà": _section(teaching, "Apps without code (Voilà)"),
        "teaching.md, JupyterHub": _section(teaching, "A class on JupyterHub"),
        "hub-requirements.txt": (ROOT / "docs" / "hub-requirements.txt").read_text(encoding="utf-8"),
        "Dockerfile": DOCKERFILE.read_text(encoding="utf-8"),
    }


@pytest.mark.parametrize(
    "name", ["teaching.md, Voilà", "teaching.md, JupyterHub", "hub-requirements.txt", "Dockerfile"]
)
def test_no_note_installs_from_a_package_index(name: str) -> None:
    found = INDEX_INSTALL.findall(_notes()[name])
    assert not found, found


def test_nothing_says_to_install_the_package_from_an_index() -> None:
    """Issue 34: four lines of docs/teaching.md and docs/class-server.md (and one of
    docs/studies.md, and two error messages) still said `pip install euchre-learn`; the
    package is on no index. Every page of the docs, the README, the hub recipe and every
    message of the package say how it is really installed (the built wheel, or the copy)."""
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "hub-requirements.txt"]
    texts += sorted((ROOT / "tools" / "hub").iterdir()) + sorted((ROOT / "euchre_learn").rglob("*.py"))
    found = {str(p.relative_to(ROOT)): INDEX_INSTALL.findall(p.read_text(encoding="utf-8")) for p in texts}
    assert {name: lines for name, lines in found.items() if lines} == {}
    assert INDEX_INSTALL.findall("needs pip install 'euchre-learn[server]'\", file=") == [
        "pip install 'euchre-learn[server]'"
    ]
    assert INDEX_INSTALL.findall("`pip install -U euchre-learn`, it") == ["pip install -U euchre-learn"]
    assert not INDEX_INSTALL.findall("pip install '/path/to/euchre_learn[server]'")
    assert not INDEX_INSTALL.findall("`%pip install -q --no-deps euchre_learn` (JupyterLite)")


def test_the_image_line_of_the_teaching_notes_installs_from_the_repository() -> None:
    teaching = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert "RUN pip install euchre-learn" not in teaching  # it once told teachers so
    assert "tools/hub/Dockerfile" in _notes()["teaching.md, JupyterHub"]


def _run_lines() -> list[str]:
    """The Dockerfile's instructions, continuation lines joined and comments dropped."""
    out: list[str] = []
    current = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#") or not line:
            continue
        current += " " + line.rstrip("\\").strip()
        if not line.endswith("\\"):
            out.append(current.strip())
            current = ""
    return out


def test_the_ready_image_installs_this_checkout_with_its_extras() -> None:
    lines = _run_lines()
    assert lines[0].startswith("ARG BASE_IMAGE=quay.io/jupyter/") and lines[1] == "FROM ${BASE_IMAGE}"
    copies = [ln for ln in lines if ln.startswith("COPY ")]
    assert copies == ["COPY --chown=${NB_UID}:${NB_GID} . /tmp/euchre_learn"]  # the build context: the checkout
    script = " ".join(ln for ln in lines if ln.startswith("RUN "))
    assert 'pip install --no-cache-dir "/tmp/euchre_learn[app,classroom]"' in script
    ignored = (ROOT / "tools" / "hub" / "Dockerfile.dockerignore").read_text(encoding="utf-8").split()
    assert {".venv", ".venv-lite", "build", "lite/.cache", ".git"} <= set(ignored)


def test_the_commands_and_names_in_the_image_exist(tmp_path: Path) -> None:
    import argparse

    script = " ".join(ln.removeprefix("RUN ") for ln in _run_lines() if ln.startswith("RUN "))
    steps = [shlex.split(step) for step in script.split(" && ")]
    parser = cli._parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    used = [s[1] for s in steps if s and s[0] == "euchre-learn"]
    assert used and all(name in sub.choices for name in used), used
    # the Voilà settings the image writes are the ones the apps are served with
    assert any("VOILA_SETTINGS" in " ".join(s) for s in steps)
    assert json.loads(json.dumps(VOILA_SETTINGS))["VoilaConfiguration"]["template"] == "euchre"
    # nbgrader's extension names: the server extension imports, the lab plugins are in its bundle
    disabled = [s[-1] for s in steps if s[:3] == ["jupyter", "labextension", "disable"]]
    assert disabled == ["@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment"]
    servers = [s[-1] for s in steps if s[:4] == ["jupyter", "server", "extension", "disable"]]
    assert servers == ["nbgrader.server_extensions.formgrader"]
    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (the classroom extra)")
    assert importlib.util.find_spec(servers[0]) is not None
    bundle = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter" / "nbgrader" / "static"
    text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in bundle.glob("*.js"))
    for plugin in disabled:
        assert f'"{plugin}"' in text or f"'{plugin}'" in text or plugin in text, plugin


class _Config:
    """Just enough of traitlets' config object (``c.Section.setting = ...``) to read a config file."""

    def __getattr__(self, name: str) -> object:
        value = _Config()
        object.__setattr__(self, name, value)
        return value


def _hub_settings(code: str) -> dict[str, object]:
    namespace: dict[str, object] = {"get_config": _Config, "c": _Config()}
    exec(code, namespace)
    c = namespace["c"]
    return {
        "services": c.JupyterHub.services,  # type: ignore[attr-defined]
        "load_roles": c.JupyterHub.load_roles,  # type: ignore[attr-defined]
        "server_token_scopes": c.Spawner.server_token_scopes,  # type: ignore[attr-defined]
    }


def test_the_class_servers_hub_configuration_in_the_notes_is_the_sample_file() -> None:
    """docs/teaching.md shows the lines of tools/hub/class_service_config.py (which the real-hub
    test, tests/classroom/server/test_hub.py, loads as it is), and its command exists."""
    section = _section((ROOT / "docs" / "teaching.md").read_text(encoding="utf-8"), "A class on JupyterHub")
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    shown = next(b for b in blocks if "c.JupyterHub.services" in b)
    sample = _hub_settings((ROOT / "tools" / "hub" / "class_service_config.py").read_text(encoding="utf-8"))
    assert _hub_settings(shown) == sample
    (service,) = sample["services"]  # type: ignore[misc]
    command = service["command"]
    assert command[:3] == ["euchre-learn", "class", "serve"]
    args = cli._parser().parse_args(command[1:])
    assert args.command == "class" and args.db and args.hub is None  # the hub's environment turns it on
    assert "tools/hub/class_service_config.py" in section

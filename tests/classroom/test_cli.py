"""The euchre-learn command (euchre_learn.classroom.cli): hub links, worksheets, the app notebooks and
how the apps are served. The apps themselves are clicked in tests/browser/test_voila_apps.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from euchre_learn import quiz
from euchre_learn.classroom import apps, cli
from euchre_learn.learner.settings import house_rules

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "euchre_learn.classroom.cli", *args], capture_output=True, text=True, timeout=120, check=False
    )


# --- hub-link -----------------------------------------------------------------------------------


def test_hub_link_is_the_nbgitpuller_url(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(
        [
            "hub-link",
            "--hub",
            "https://hub.example.edu",
            "--repo",
            "https://github.com/org/euchre_learn",
            "--branch",
            "main",
            "--path",
            "notebooks/00_how_to_use.ipynb",
        ]
    )
    out = capsys.readouterr().out.strip()
    assert code == 0
    # written out by hand from nbgitpuller's link format (every value encodeURIComponent'd)
    assert out == (
        "https://hub.example.edu/hub/user-redirect/git-pull"
        "?repo=https%3A%2F%2Fgithub.com%2Forg%2Feuchre_learn"
        "&urlpath=lab%2Ftree%2Feuchre_learn%2Fnotebooks%2F00_how_to_use.ipynb"
        "&branch=main"
    )


@pytest.mark.parametrize(("app", "prefix"), [("lab", "lab/tree"), ("notebook", "tree"), ("voila", "voila/render")])
def test_hub_link_round_trips_awkward_values(app: str, prefix: str) -> None:
    repo = "https://gitlab.example.edu/teach ing/euchre_learn.git"
    path = "notebooks/07 going alone & more.ipynb"
    url = apps.hub_link("https://hub.example.edu/prefix/", repo, path, branch="fall/2025+", app=app, targetpath="c 1")
    parts = urlsplit(url)
    assert parts.path == "/prefix/hub/user-redirect/git-pull"
    assert " " not in url and "&more" not in url  # everything is encoded
    query = parse_qs(parts.query, strict_parsing=True)
    assert query == {
        "repo": [repo],
        "urlpath": [f"{prefix}/c 1/{path}"],
        "branch": ["fall/2025+"],
        "targetPath": ["c 1"],
    }


def test_hub_link_folder_defaults_to_the_repository_name() -> None:
    url = apps.hub_link("https://h.example", "git@github.com:org/lessons.git", "apps/play.ipynb", app="voila")
    assert parse_qs(urlsplit(url).query)["urlpath"] == ["voila/render/lessons/apps/play.ipynb"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hub", "hub.example.edu", "--repo", "https://github.com/o/r"], "not a web address"),
        (["--hub", "https://h.example", "--repo", "github.com/o/r"], "not a git repository"),
        (["--hub", "https://h.example", "--repo", "https://github.com/o/r", "--branch", " "], "--branch"),
        (["--hub", "https://h.example", "--repo", "https://github.com/o/r", "--app", "voila"], "needs --path"),
    ],
)
def test_hub_link_bad_input_is_explained(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hub-link", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert words in captured.err


# --- worksheet and topics -------------------------------------------------------------------------


def test_worksheet_command_writes_the_same_sheet_for_the_same_seed(tmp_path: Path) -> None:
    args = ["worksheet", "--topics", "bowers,scoring", "--count", "20", "--seed", "7"]
    first = run(*args, "--out", str(tmp_path / "one.html"))
    second = run(*args, "--out", str(tmp_path / "two.html"))
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert first.stdout.split("\n")[:2] == [f"wrote {tmp_path / 'one.html'}", f"wrote {tmp_path / 'one-key.html'}"]
    one = (tmp_path / "one.html").read_bytes()
    assert one == (tmp_path / "two.html").read_bytes()
    assert (tmp_path / "one-key.html").read_bytes() == (tmp_path / "two-key.html").read_bytes()
    assert one.count(b'class="q"') == 20 and b'class="a"' not in one


def test_worksheet_command_refuses_an_unknown_topic(tmp_path: Path) -> None:
    done = run("worksheet", "--topics", "bowers,nonsense", "--out", str(tmp_path / "x.html"))
    assert done.returncode == 2
    assert "'nonsense' is not a quiz topic" in done.stderr
    assert "left-bower" in done.stderr and "bowers" in done.stderr
    assert not (tmp_path / "x.html").exists()


def test_topics_command_lists_topics_and_groups(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["topics"]) == 0
    out = capsys.readouterr().out
    for name in quiz.TOPICS:
        assert name in out
    assert "bowers" in out and "all" in out


def test_the_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "euchre-learn"
    if not script.exists():
        pytest.skip("euchre-learn is not installed in this environment (pip install -e .)")
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0
    for command in ("worksheet", "practice", "play", "hub-link"):
        assert command in done.stdout


# --- the apps -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(apps.APP_CELLS))
def test_app_notebooks_in_the_repo_are_the_ones_the_command_writes(name: str, tmp_path: Path) -> None:
    committed = json.loads((ROOT / "apps" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert committed == apps.app_notebook(name), "run: euchre-learn app-notebooks apps"
    written = apps.write_app_notebooks(tmp_path)
    assert {p.name for p in written} == {f"{n}.ipynb" for n in apps.APP_CELLS}
    import nbformat

    nbformat.validate(nbformat.read(tmp_path / f"{name}.ipynb", as_version=4))


def test_serving_an_app_runs_voila_with_the_code_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []

    def fake_call(cmd: list[str], **kwargs: Any) -> int:
        calls.append(cmd)
        return 0

    monkeypatch.setattr(cli.subprocess, "call", fake_call)
    assert cli.main(["practice", "--port", "9999", "--no-browser"]) == 0
    (cmd,) = calls
    assert cmd[:3] == [sys.executable, "-m", "voila"]
    assert Path(cmd[3]) == ROOT / "apps" / "practice.ipynb"
    assert {"--port=9999", "--Voila.ip=127.0.0.1", "--strip_sources=True", "--no-browser"} <= set(cmd)
    assert "--template=euchre" in cmd  # no CDN request (tests/classroom/test_voila.py)


def test_an_installed_package_writes_its_app_notebook_somewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(apps, "__file__", "/nonexistent/site-packages/euchre_learn/classroom/apps.py")
    path = apps.app_path("play")
    assert path.name == "play.ipynb" and path.exists()
    assert json.loads(path.read_text(encoding="utf-8")) == apps.app_notebook("play")
    with pytest.raises(ValueError, match="no app called 'chess'"):
        apps.app_path("chess")


@pytest.fixture()
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.delenv("EUCHRE_LEARN_RULES", raising=False)
    return tmp_path


def test_practice_app_takes_topics_and_seed_from_the_address(private_home: Path) -> None:
    w: Any = apps.practice_app("topic=bowers,scoring&seed=7")
    assert w.practice.topics == (*cli_groups("bowers"), "scoring")
    again = type(w)(w.practice.topics, seed=7, rules=house_rules()).practice.question
    assert w.practice.question == again  # seeded, under the house rules
    assert apps.practice_app("").practice.topics == quiz.TOPICS


def cli_groups(name: str) -> tuple[str, ...]:
    from euchre_learn.classroom.worksheet import GROUPS

    return GROUPS[name]


def test_practice_app_explains_a_bad_address(private_home: Path) -> None:
    w: Any = apps.practice_app("topic=chess&seed=7")
    alert, practice = w.children
    assert 'role="alert"' in alert.value and "chess" in alert.value and "left-bower" in alert.value
    assert practice.practice.topics == quiz.TOPICS
    w = apps.practice_app("seed=seven")
    assert "not a whole number" in w.children[0].value


def test_play_app_takes_rules_seed_pace_from_the_address(private_home: Path) -> None:
    w: Any = apps.play_app("rules=uk&seed=3&pace=instant&bots=random&open=1")
    assert w.table.rules.benny is not None  # the uk preset plays with the Benny
    assert w.delay == 0 and w.table.open_hands
    assert w.table.seed == 3
    bad: Any = apps.play_app("rules=martian&pace=warp&bots=nobody&seed=x")
    alert = bad.children[0].value
    for word in ("martian", "warp", "nobody", "not a whole number"):
        assert word in alert


# --- docs/teaching.md and docs/hub-requirements.txt stay true -------------------------------------


def test_the_hub_link_example_in_the_teaching_docs_is_what_the_command_prints() -> None:
    import re
    import shlex

    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    examples = re.findall(r"^\$ euchre-learn (hub-link .*)\n(\S+)$", text, re.M)
    assert examples, "docs/teaching.md shows no hub-link example"
    for command, shown in examples:
        done = run(*shlex.split(command))
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == shown


def test_the_hub_requirements_cover_what_the_package_needs() -> None:
    import re

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["app"], "nbgitpuller", "jupyterhub"]
    lines = [ln.split("#")[0].strip() for ln in (ROOT / "docs" / "hub-requirements.txt").read_text().splitlines()]
    lines = [ln for ln in lines if ln]
    names = {re.split(r"[<>=!~\[ @]", ln, maxsplit=1)[0].lower() for ln in lines}
    for req in wanted:
        name = re.split(r"[<>=!~\[ ]", req, maxsplit=1)[0].lower()
        assert name in names, f"docs/hub-requirements.txt lacks {req}"
        if req != name:  # the same lower bound as pyproject.toml
            assert req in lines, f"docs/hub-requirements.txt should say {req}"
    assert any(ln.startswith("euchre-learn[app] @ git+") for ln in lines)


# --- every failure: one line "euchre-learn: ...", exit 2, no traceback (issue 16) ------------------


def _one_line_failure(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("euchre-learn: ")
    return last


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["worksheet", "--topics", "bowers", "--out", "{file}/w.html"], "{file} is a file, not a folder"),
        (["worksheet", "--topics", "bowers", "--out", "{file}/deeper/w.html"], "{file} is a file, not a folder"),
        (["worksheet", "--topics", "bowers", "--out", "/proc/x/w.html"], "cannot write /proc/x/w.html"),
        (["worksheet", "--topics", "bowers", "--out", ""], "needs a file to write"),
        (["worksheet", "--topics", "bowers", "--out", "{dir}"], "is a folder: give a file name in it"),
        (["worksheet", "--topics", "bowers", "--out", "/"], "is a folder"),
        (["app-notebooks", "{file}/apps"], "{file} is a file, not a folder"),
        (["app-notebooks", "{file}"], "{file} is a file, not a folder"),
        (["app-notebooks", "/proc/x"], "cannot write /proc/x"),
        (["app-notebooks", ""], "give a folder name"),
        (["worksheet", "--count", "x", "--topics", "bowers"], "invalid int value"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_an_unwritable_or_odd_output_path_is_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path) -> None:
    file = tmp_path / "a-file"
    file.write_text("not a folder", encoding="utf-8")
    folder = tmp_path / "a-folder"
    folder.mkdir()
    fill = {"file": str(file), "dir": str(folder)}
    last = _one_line_failure(run(*(a.format(**fill) for a in args)))
    assert words.format(**fill) in last
    assert "choose" in last or "give" in last or "--help" in last  # what to do
    assert file.read_text(encoding="utf-8") == "not a folder" and list(folder.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "a-folder"]  # nothing else written


def test_main_reports_an_os_error_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "f"
    blocker.write_text("", encoding="utf-8")
    assert cli.main(["worksheet", "--topics", "bowers", "--out", str(blocker / "w.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"euchre-learn: cannot write {blocker / 'w.html'}")


# --- the table of commands ----------------------------------------------------------------------


def test_every_command_is_one_line_of_the_table_and_help_lists_them_in_its_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each command is added by its own function and run by another, from ``_COMMANDS``; the
    parser offers exactly the table's commands, in its order, and ``--help`` names each."""
    import argparse

    parser = cli._parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(cli._COMMANDS)
    for name, (add, run_it) in cli._COMMANDS.items():
        assert callable(add) and callable(run_it), name
        assert sub.choices[name].prog == f"euchre-learn {name}"
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    shown = capsys.readouterr().out
    assert all(name in shown for name in cli._COMMANDS)


def test_main_dispatches_to_the_commands_run_function(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main`` runs the table's function for the command and returns its status; a ValueError it
    raises becomes the one line ``euchre-learn: ...`` and status 2."""
    seen: list[str] = []

    def fake(args: Any) -> int:
        seen.append(args.command)
        if args.command == "play":
            raise ValueError("a made-up problem")
        return 7

    for name in ("topics", "play"):
        monkeypatch.setitem(cli._COMMANDS, name, (cli._COMMANDS[name][0], fake))
    assert cli.main(["topics"]) == 7
    assert cli.main(["play"]) == 2
    assert seen == ["topics", "play"]
    assert capsys.readouterr().err == "euchre-learn: a made-up problem\n"

"""Tokens on a command line (issue 34): ``secrets.token_urlsafe`` begins one token in 64 with
``-``, which argparse takes for an option in ``--token T`` (a fresh clone's ``make test`` failed
so: ``test_a_learners_answers_reach_the_class_exactly_once[postgresql]``). The server's tokens
never begin with ``-``; every option that takes a token also takes ``--token=T``, which is how a
token from before (one beginning with ``-``) is given, and the error for ``--token -x…`` says so."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from euchre_learn.classroom import cli
from euchre_learn.classroom.server import db as server_db
from euchre_learn.learner.progress import Progress

from .serverkit import running


def test_a_token_drawn_with_a_leading_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-starts-with-a-dash", "--two", "Kx9_-fine"])
    monkeypatch.setattr(server_db.secrets, "token_urlsafe", lambda n: next(drawn))
    assert server_db.new_token() == "Kx9_-fine"


def test_the_tokens_a_class_server_hands_out_never_begin_with_a_dash(db_url: str) -> None:
    """300 students added and 100 tokens renewed, as the teacher does: with one token in 64
    beginning with '-', before the fix about 6 of them did (none in 400 by chance: 0.2%)."""
    with running(db_url) as srv:
        tokens = [srv.student(f"Student {i}") for i in range(300)]
        for i in range(100):
            r = srv.http.post(f"/api/students/Student {i}/token")
            assert r.status_code == 200, r.text
            tokens.append(str(r.json()["token"]))
    assert len(set(tokens)) == 400
    assert [t for t in tokens if t.startswith("-")] == []


def _token_options() -> list[tuple[list[str], str]]:
    """Every option of ``euchre-learn`` whose name says it takes a token: (the command, the option)."""
    found: list[tuple[list[str], str]] = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])
            else:
                found.extend((path, o) for o in action.option_strings if "token" in o)

    walk(cli._parser(), [])
    return found


def test_every_token_option_takes_both_forms_and_a_dash_only_after_the_equals_sign(
    capsys: pytest.CaptureFixture[str],
) -> None:
    options = _token_options()
    assert (["progress", "join-class"], "--token") in options
    parser = cli._parser()
    for command, option in options:
        dest = option.lstrip("-").replace("-", "_")
        assert getattr(parser.parse_args([*command, option, "Kx9_abc"]), dest) == "Kx9_abc"
        assert getattr(parser.parse_args([*command, f"{option}=Kx9_abc"]), dest) == "Kx9_abc"
        assert getattr(parser.parse_args([*command, f"{option}=-old-token"]), dest) == "-old-token"
        with pytest.raises(SystemExit) as stop:
            parser.parse_args([*command, option, "-old-token"])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"argument {option}: expected one argument (a value that begins with '-' goes after '=': " in err
        assert f"{option}=VALUE)" in err


def test_a_learner_joins_the_class_with_either_form_and_an_old_dash_token_with_the_equals_sign(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(db_url) as srv:
        ann = srv.student("Ann")
        class_id = srv.db.first_class()
        assert class_id is not None
        srv.db.add_student(class_id, "Old", "-issued-before-the-fix")
        for name, args in (
            ("ann.sqlite3", ["--token", ann]),
            ("ann-equals.sqlite3", [f"--token={ann}"]),
            ("old.sqlite3", ["--token=-issued-before-the-fix"]),
        ):
            store = tmp_path / name
            Progress(store).record("bowers", True, at=1_700_000_000.0)
            argv = ["progress", "join-class", "--server", srv.url, *args, "--store", str(store)]
            assert cli.main(argv) == 0, capsys.readouterr()
            assert "1 answers sent now" in capsys.readouterr().out, args
        rows = {(r["student"], r["topic"]): r["answered"] for r in srv.http.get("/api/progress").json()}
    assert rows == {("Ann", "bowers"): 2, ("Old", "bowers"): 1}

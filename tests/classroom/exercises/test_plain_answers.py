"""Answers without quotes in an exercise sheet, in a real IPython shell: ``answer = N`` is the
seat, ``answer = J♦ A♦`` the cards, and a NameError says what to type (issue 11: lesson 00
says no Python is needed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from euchre_learn.classroom.exercises import plain_answers

from .test_exercises import EXERCISES

IPython = pytest.importorskip("IPython")
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

SETUP = 'from euchre_learn.classroom.exercises import checker\ncheck = checker("cards-and-bidding")\n'


@pytest.fixture()
def shell(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.chdir(EXERCISES)
    sh = InteractiveShell.instance()
    try:
        result = sh.run_cell(SETUP)
        assert result.success, result.error_in_exec
        yield sh
    finally:
        InteractiveShell.clear_instance()


def run(sh: Any, cell: str) -> Any:
    result = sh.run_cell(cell)
    return result


@pytest.mark.parametrize(
    ("cell", "qid", "value"),
    [
        ("answer = N", "q2", "N"),  # the seat on West's left
        ("answer = E   # East", "q3", "E"),
        ("answer = diamonds", "q13", "diamonds"),
        ("answer = assist", "q10", "assist"),
        ("answer = J♣", "q4", "J♣"),
        ("answer = J♠ 10♠ K♥ 9♦ Q♣", "q12", "J♠ 10♠ K♥ 9♦ Q♣"),
        ("answer = [J♦, K♥, 10♥]", "q7", "J♦, K♥, 10♥"),
    ],
)
def test_a_bare_seat_suit_word_or_card_is_read_as_text(shell: Any, cell: str, qid: str, value: str) -> None:
    result = run(shell, cell + f'\nresult = check("{qid}", answer)')
    assert result.success, result.error_in_exec or result.error_before_exec
    assert shell.user_ns["answer"] == value
    assert shell.user_ns["result"].correct, shell.user_ns["result"].message


def test_python_answers_are_left_alone(shell: Any) -> None:
    assert run(shell, "answer = 24").success and shell.user_ns["answer"] == 24
    assert run(shell, "answer = True").success and shell.user_ns["answer"] is True
    assert run(shell, "answer = ...").success and shell.user_ns["answer"] is ...
    assert run(shell, "answer = 'S'").success and shell.user_ns["answer"] == "S"
    # a name the notebook defined, earlier or in the same cell, is that object
    assert run(shell, "N = 'North, a variable'\nanswer = N").success
    assert shell.user_ns["answer"] == "North, a variable"
    assert run(shell, "def strongest(cards):\n    return cards[0]\nanswer = strongest").success
    assert callable(shell.user_ns["answer"])
    assert run(shell, "answer = len").success and shell.user_ns["answer"] is len
    # only a line of its own, at the top level
    assert run(shell, "if True:\n    answer = hearts").error_in_exec is not None


def test_a_name_error_says_what_to_type(shell: Any, capsys: pytest.CaptureFixture[str]) -> None:
    result = run(shell, 'check("q2", Nroth)')
    assert isinstance(result.error_in_exec, NameError)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "'Nroth' is not a name Python knows here. Did you mean 'north'?" in text
    assert "answer = 'N'" in text and "answer = 'J♦ A♦'" in text
    assert "NameError" in text  # the usual error follows the help


def test_installing_twice_keeps_one_transformer(shell: Any) -> None:
    assert run(shell, SETUP).success
    ours = [t for t in shell.input_transformers_cleanup if getattr(t, "euchre_learn", False)]
    assert len(ours) == 1
    assert shell.custom_exceptions == (NameError,)


def test_another_packages_error_handler_is_left_in_place(shell: Any) -> None:
    shell.set_custom_exc((ZeroDivisionError,), lambda self, *a, **k: ["theirs"])
    assert plain_answers.install(shell)
    assert shell.custom_exceptions == (ZeroDivisionError,)


def test_outside_ipython_nothing_is_installed() -> None:
    InteractiveShell.clear_instance()
    assert plain_answers.install() is False

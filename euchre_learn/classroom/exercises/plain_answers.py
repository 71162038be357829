"""Answers without quotes: ``answer = N``, ``answer = hearts``, ``answer = J♦ A♦`` in a sheet.

Lesson 00 promises that no Python is needed, but in Python ``answer = N`` is a ``NameError``
and ``answer = J♦`` a ``SyntaxError``. When a sheet's :func:`~euchre_learn.classroom.exercises.checker`
runs in IPython (Jupyter), it installs two helps for the cells that follow:

1. an input transformer that reads a top-level line ``answer = <plain words>`` as text:
   ``answer = N`` runs as ``answer = 'N'``, ``answer = J♦ A♦`` as ``answer = 'J♦ A♦'``. It
   only touches a line whose right-hand side is words, cards, commas and spaces (optionally in
   brackets), never a number, ``True``/``False``/``None``, ``...``, or a name the notebook has
   defined (``answer = my_function`` stays the function);
2. a ``NameError`` elsewhere (``check("q2", N)``) explains what to type, in quotes, before the
   usual error.

>>> plain_answer_line("answer = N", defined=set())
"answer = 'N'"
>>> plain_answer_line("answer = J♦ A♦  # the bowers", defined=set())
"answer = 'J♦ A♦'  # the bowers"
>>> plain_answer_line("answer = 24", defined=set())
'answer = 24'
>>> plain_answer_line("answer = strongest", defined={"strongest"})
'answer = strongest'
"""

from __future__ import annotations

import builtins
import difflib
import re
from collections.abc import Callable, Container
from typing import Any

__all__ = ["install", "name_error_help", "plain_answer_line", "transform_cell"]

_LINE = re.compile(r"^(answer\s*=\s*)([^#'\"\n]*?)(\s*#.*)?$")
"""A top-level ``answer = ...`` line, with no quotes on the right (a comment may follow)."""
_PLAIN = re.compile(r"^[\[(]?\s*([\w♣♦♥♠-]+(?:\s*[,\s]\s*[\w♣♦♥♠-]+)*)\s*,?\s*[\])]?$")
"""Words, cards and seats, separated by spaces or commas, maybe in brackets."""
_TOKEN = re.compile(r"[\w♣♦♥♠-]+")
_KEEP = frozenset({"True", "False", "None"})

EXAMPLES = "answer = 'N' (a seat), answer = 'hearts' (a suit), answer = 'J♦ A♦' (cards), answer = 'assist' (a word)"
"""What a text answer looks like, for the messages."""


def _defined_in(cell: str) -> set[str]:
    """Names the cell itself defines (def, class, import, assignment, for), before it runs."""
    found = set(re.findall(r"^\s*(?:def|class)\s+(\w+)", cell, re.MULTILINE))
    found |= set(re.findall(r"^\s*(\w+)\s*(?:=(?!=)|:)", cell, re.MULTILINE)) - {"answer"}
    found |= set(re.findall(r"\bfor\s+(\w+)\s+in\b", cell))
    found |= set(re.findall(r"\bas\s+(\w+)", cell))
    for names in re.findall(r"^\s*(?:from\s+\S+\s+)?import\s+(.+)$", cell, re.MULTILINE):
        found |= {n.strip().split(".")[0] for n in names.replace("(", "").replace(")", "").split(",")}
    return found


def plain_answer_line(line: str, defined: Container[str]) -> str:
    """``line`` with a plain-words answer put in quotes; any other line unchanged.

    ``defined``: the names the notebook knows (an answer naming one is Python, not text).
    """
    m = _LINE.match(line.rstrip("\n"))
    if m is None:
        return line
    head, rhs, comment = m.group(1), m.group(2).strip(), m.group(3) or ""
    plain = _PLAIN.match(rhs)
    if plain is None:
        return line
    tokens = _TOKEN.findall(rhs)
    if all(t.isdigit() for t in tokens):
        return line  # a number (or numbers): Python reads them as they are
    for t in tokens:
        if t in _KEEP:
            return line
        if t.isidentifier() and (t in defined or hasattr(builtins, t)):
            return line  # a name the notebook defined: the learner means that object
    text = plain.group(1).strip()
    return f"{head}{text!r}{comment}" + ("\n" if line.endswith("\n") else "")


def transform_cell(lines: list[str], defined: Container[str] = frozenset()) -> list[str]:
    """The input transformer: every top-level ``answer = <plain words>`` line quoted."""
    if not any(line.startswith("answer") for line in lines):
        return lines
    here = _defined_in("".join(lines))

    class _Known:
        def __contains__(self, name: object) -> bool:
            return name in here or name in defined

    known = _Known()
    return [plain_answer_line(line, known) for line in lines]


_WORDS = (
    "north east south west clubs diamonds hearts spades club diamond heart spade "
    "assist pass order alone march euchre benny trump"
).split()


def name_error_help(name: str) -> str:
    """What to say when ``name`` is not defined in an exercise sheet."""
    close = difflib.get_close_matches(name.lower(), _WORDS, n=1, cutoff=0.75)
    guess = f" Did you mean '{close[0]}'?" if close and close[0] != name.lower() else ""
    return (
        f"'{name}' is not a name Python knows here.{guess} An answer that is a seat, a suit, a card "
        f"or a word goes in quotes, e.g. {EXAMPLES}. (On its own line, answer = N works too.)"
    )


def _custom_name_error() -> Callable[..., None]:
    """IPython's handler for a NameError: the help first (as printed output), then the usual
    traceback. IPython calls it in place of showing the error, so it shows both itself."""
    busy: list[bool] = []

    def handler(self: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> None:
        name = getattr(value, "name", None)
        if name and not busy:
            print(name_error_help(str(name)))
        if busy:  # an IPython that calls the handler from showtraceback: show it plainly
            return
        busy.append(True)
        try:
            self.showtraceback((etype, value, tb), tb_offset=tb_offset)
        finally:
            busy.clear()

    return handler


def install(shell: Any = None) -> bool:
    """Install both helps in ``shell`` (the running IPython, by default); returns whether
    there was a shell to help. Installing twice changes nothing."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # plain Python: nothing to install
            return False
        shell = get_ipython()
        if shell is None:
            return False
    user_ns = shell.user_ns

    def transformer(lines: list[str]) -> list[str]:
        return transform_cell(lines, _Namespace(user_ns))

    transformer.euchre_learn = True  # type: ignore[attr-defined]
    cleanup = shell.input_transformers_cleanup
    cleanup[:] = [t for t in cleanup if not getattr(t, "euchre_learn", False)]
    cleanup.append(transformer)
    # the shell has one slot for custom error handlers: leave another package's in place
    if tuple(shell.custom_exceptions) in ((), (NameError,)):
        shell.set_custom_exc((NameError,), _custom_name_error())
    return True


class _Namespace:
    """The notebook's names, read at the moment a cell is transformed."""

    def __init__(self, ns: dict[str, Any]) -> None:
        self.ns = ns

    def __contains__(self, name: object) -> bool:
        return name in self.ns

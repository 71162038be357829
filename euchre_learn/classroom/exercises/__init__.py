"""Exercises checked in place: ``check("q3", answer)`` shows feedback that explains.

Each exercise notebook in ``exercises/`` opens with::

    from euchre_learn.classroom.exercises import checker
    check = checker("cards-and-bidding")

and each question's answer cell ends with ``check("q3", answer)``. The questions of a
sheet live in this package (one module per sheet, e.g. ``cards_and_bidding.py``), so their
answers are computed by the engine, never written by hand, and a test proves that every
checker accepts its solution (``exercises/solutions/``) and rejects a wrong answer.

>>> from euchre_learn.classroom.exercises import Checker, Exercise, same_card
>>> from euchre_learn import left_bower
>>> sheet = Checker("demo", "A demo", [Exercise("q1", "The left bower with ♠ trump?", ("R1.3",),
...     same_card(left_bower("spades"), why="The jack of the same colour, clubs, is the left bower."),
...     wrong="J♠")])
>>> sheet.grade("q1", "J♣").correct, sheet.grade("q1", "J♠").correct
(True, False)
>>> sheet.grade("q1", ...).message
'Not answered yet: replace the ... with your answer, then run the cell again.'
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre_learn.engine.cards import Card, InvalidCardError, Suit
from euchre_learn.teaching.quiz_bank import Feedback

__all__ = [
    "Checker",
    "Exercise",
    "Result",
    "checker",
    "same_card",
    "same_cards",
    "same_function",
    "same_number",
    "same_suit",
    "same_text",
    "sheets",
]

NOT_ANSWERED = "Not answered yet: replace the ... with your answer, then run the cell again."

Grade = Callable[[Any], tuple[bool, str]]


class Result(Feedback):
    """Feedback for one exercise, shown in a notebook as a ✓ or ✗ with the explanation.
    It is true when the answer is right."""

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        from euchre_learn.teaching.quiz import rule_link

        mark, colour, word = ("✓", "#1a7f37", "Right") if self.correct else ("✗", "#b35900", "Not yet")
        links = " ".join(f'<a href="{rule_link(r)}" target="_blank">{r}</a>' for r in self.rules)
        rules = f' <span style="opacity:.75">(rules: {links})</span>' if links else ""
        return (
            f'<div role="status" aria-live="polite" style="border-left:4px solid {colour};padding:4px 10px;'
            f'margin:4px 0"><b style="color:{colour}">{mark} {word}.</b> {html.escape(self.message)}{rules}</div>'
        )

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(("✓ Right. " if self.correct else "✗ Not yet. ") + self.message)


@dataclass(frozen=True)
class Exercise:
    """One question of a sheet: its id, the prompt, the rules it checks, how to grade an
    answer (``grade(answer) -> (correct, message)``) and one wrong answer (for the tests)."""

    qid: str
    prompt: str
    rules: tuple[str, ...]
    grade: Grade
    wrong: Any
    coding: bool = False


@dataclass
class Checker:
    """The questions of one exercise sheet. Call it to check an answer: ``check("q1", answer)``."""

    name: str
    title: str
    exercises: Sequence[Exercise]
    _by_id: dict[str, Exercise] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id = {}
        for ex in self.exercises:
            if ex.qid in self._by_id:
                raise ValueError(f"sheet {self.name!r} has two questions with the id {ex.qid!r}")
            self._by_id[ex.qid] = ex

    @property
    def qids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def exercise(self, qid: str) -> Exercise:
        try:
            return self._by_id[qid]
        except KeyError:
            raise ValueError(
                f"{qid!r} is not a question of the sheet {self.name!r}: its questions are {', '.join(self._by_id)}"
            ) from None

    def grade(self, qid: str, answer: Any) -> Result:
        """Grade without display; a broken answer (an exception in the learner's code) is
        reported as feedback, never raised."""
        ex = self.exercise(qid)
        if answer is ...:
            return Result(False, NOT_ANSWERED, "", "", ex.rules)
        try:
            ok, message = ex.grade(answer)
        except Exception as err:  # the learner's function may raise anything
            ok, message = False, f"Your answer raised {type(err).__name__}: {err}. Check it and try again."
        return Result(ok, message, str(answer), "", ex.rules)

    def __call__(self, qid: str, answer: Any = ...) -> Result:
        return self.grade(qid, answer)

    def prompt(self, qid: str) -> str:
        return self.exercise(qid).prompt


_SHEETS: dict[str, str] = {
    "cards-and-bidding": "cards_and_bidding",
    "play-and-scoring": "play_and_scoring",
    "hands-strategy-variants": "hands_strategy_variants",
}


def sheets() -> tuple[str, ...]:
    """The names of the exercise sheets."""
    return tuple(_SHEETS)


def checker(name: str) -> Checker:
    """The checker of an exercise sheet, by name (see :func:`sheets`). In Jupyter it also
    lets the answers that follow be written without quotes (``answer = N``, ``answer = J♦``)
    and explains a ``NameError`` (:mod:`.plain_answers`)."""
    if name not in _SHEETS:
        raise ValueError(f"{name!r} is not an exercise sheet: choose one of {', '.join(_SHEETS)}")
    module = importlib.import_module(f"{__name__}.{_SHEETS[name]}")
    sheet: Checker = module.SHEET
    from euchre_learn.classroom.exercises import plain_answers

    plain_answers.install()
    return sheet


# ---- graders: compare a learner's answer with what the engine computed -------------------


def _card(answer: Any) -> Card:
    return Card.parse(answer) if not isinstance(answer, Card) else answer


def same_card(expected: Card, *, why: str) -> Grade:
    """Grade a one-card answer (a ``Card`` or text like ``'J♦'``)."""

    def grade(answer: Any) -> tuple[bool, str]:
        try:
            card = _card(answer)
        except InvalidCardError as err:
            return False, f"{err}."
        if card == expected:
            return True, why
        return False, f"Not the {card}. {why}"

    return grade


def same_cards(expected: Iterable[Card], *, why: str, ordered: bool = False) -> Grade:
    """Grade an answer of several cards (a list, or text like ``'J♦ A♦'``); order matters only
    when ``ordered``."""
    want = list(expected)

    def grade(answer: Any) -> tuple[bool, str]:
        from euchre_learn.engine.cards import cards

        try:
            got = list(cards(answer)) if isinstance(answer, str) else [_card(a) for a in answer]
        except (InvalidCardError, TypeError) as err:
            return False, f"Give the cards as a list or as text like 'J♦ A♦': {err}."
        if (got == want) if ordered else (sorted(got) == sorted(want) and len(set(got)) == len(got)):
            return True, why
        missing = [str(c) for c in want if c not in got]
        extra = [str(c) for c in got if c not in want]
        parts = []
        if missing:
            parts.append(f"missing {' '.join(missing)}")
        if extra:
            parts.append(f"should not include {' '.join(extra)}")
        if not parts:
            parts.append("right cards, wrong order")
        return False, f"Not quite ({'; '.join(parts)}). {why}"

    return grade


def same_suit(expected: Suit, *, why: str) -> Grade:
    """Grade a suit answer (``Suit.HEARTS``, ``'hearts'``, ``'♥'`` or ``'H'``)."""

    def grade(answer: Any) -> tuple[bool, str]:
        try:
            suit = Suit.parse(answer)
        except InvalidCardError as err:
            return False, f"{err}."
        return (True, why) if suit == expected else (False, f"Not {suit.plural}. {why}")

    return grade


def same_number(expected: int, *, why: str) -> Grade:
    """Grade a whole-number answer."""

    def grade(answer: Any) -> tuple[bool, str]:
        if isinstance(answer, bool) or not isinstance(answer, int):
            return False, f"Give a whole number, not {answer!r}. {why}"
        return (True, why) if answer == expected else (False, f"Not {answer}. {why}")

    return grade


def same_text(expected: str, *, why: str, accept: Sequence[str] = ()) -> Grade:
    """Grade a short text answer (a seat 'N', a word 'march'); case and spaces are free."""
    ok = {expected.strip().casefold(), *(a.strip().casefold() for a in accept)}

    def grade(answer: Any) -> tuple[bool, str]:
        text = str(answer).strip().casefold()
        return (True, why) if text in ok else (False, f"Not {answer!r}. {why}")

    return grade


def same_function(
    reference: Callable[..., Any],
    cases: Iterable[tuple[Any, ...]],
    *,
    name: str,
    why: Callable[..., str],
    show: Callable[[Any], str] = str,
    normalize: Callable[..., Any] | None = None,
) -> Grade:
    """Grade a learner's function: it must agree with ``reference`` (the engine) on every case.
    The first disagreement is reported with ``why(*case)`` explaining the rule.

    A function that still returns ``...`` (the stub in the notebook) is "not answered yet",
    not wrong. ``normalize(result, want, *case)`` may turn an equivalent result into the
    engine's form first (a list of cards for a tuple, ``'N'`` for ``Seat.N``).
    """
    all_cases = list(cases)

    def grade(answer: Any) -> tuple[bool, str]:
        if not callable(answer):
            return False, f"Define a function {name}(...) and pass the function itself, not {answer!r}."
        try:
            stub = answer(*all_cases[0]) is ...
        except Exception:  # the learner's code: the cases below report what it raises
            stub = False
        if stub:
            return (
                False,
                f"Not answered yet: {name} still returns ... — replace the ... with your code, then run the cell again.",
            )
        for case in all_cases:
            want = reference(*case)
            got = answer(*case)
            if normalize is not None:
                got = normalize(got, want, *case)
            if got != want:
                args = ", ".join(map(show, case))
                return False, f"{name}({args}) returned {show(got)}, but it should be {show(want)}: {why(*case)}"
        return True, f"{name} agrees with the engine on all {len(all_cases)} cases."

    return grade

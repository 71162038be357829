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

import ast
import dataclasses
import html
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from euchre_learn.classroom.exercises.relabel import Relabel
from euchre_learn.classroom.exercises.variants import student_id, student_variant
from euchre_learn.engine.cards import Card, InvalidCardError, Seat, Suit
from euchre_learn.teaching.quiz.question import Feedback

__all__ = [
    "FEEDBACK",
    "Checker",
    "Exercise",
    "Grader",
    "Result",
    "answer_key",
    "checker",
    "is_right_key",
    "same_card",
    "same_cards",
    "same_function",
    "same_number",
    "same_seat",
    "same_suit",
    "same_text",
    "sheets",
]

NOT_ANSWERED = "Not answered yet: replace the ... with your answer, then run the cell again."

Grade = Callable[[Any], tuple[bool, str]]

FeedbackMode = Literal["answers", "right-wrong", "none"]
FEEDBACK: tuple[str, ...] = ("answers", "right-wrong", "none")
"""What ``check(...)`` says in place: ``'answers'`` (✓ or ✗ and why, the right answer
included: the exercise sheets), ``'right-wrong'`` (✓ or ✗ only) or ``'none'`` (only that the
answer is recorded; graded copies, ``euchre-learn nbgrader --feedback``)."""

RIGHT_WRONG_RIGHT = "Right."
RIGHT_WRONG_WRONG = "Not right yet. Try again as often as you like: this copy does not show the answer."
RECORDED = "Answer recorded. It is graded when the sheet is collected: this copy does not say whether it is right."


class Grader:
    """How one question grades an answer: called, ``(correct, message)``, the message
    explaining the rule; and, for graders that hold no secret, the answer's **key**, a plain
    text that equals one of :attr:`keys` exactly when the answer is right.

    nbgrader grades from the keys: each hidden test prints its answer's key, and the grader, in
    nbgrader's own process, compares it with :attr:`keys` (:func:`is_right_key`); see
    :mod:`euchre_learn.classroom.grading`.

    >>> g = same_number(24, why='6 ranks × 4 suits.')
    >>> g(24), g.key(24), g.keys
    ((True, '6 ranks × 4 suits.'), '24', ('24',))
    """

    def __init__(
        self, grade: Grade, key: Callable[[Any], str], keys: Callable[[], tuple[str, ...]], kind: str = "other"
    ) -> None:
        self._grade = grade
        self._key = key
        self._keys = keys
        self.kind = kind
        """What the answer is: ``'card'``, ``'cards'``, ``'suit'``, ``'number'``, ``'text'`` (a
        seat or a word) or ``'function'``; a renamed sheet (:mod:`.relabel`) renames the first four."""

    def __call__(self, answer: Any) -> tuple[bool, str]:
        return self._grade(answer)

    def key(self, answer: Any) -> str:
        """The answer as plain text, the same for every spelling of one answer ('JS', 'j♠',
        ``Card.parse('J♠')`` all give 'J♠'); raises ``ValueError`` for an answer that is no
        answer at all (unreadable, or still ``...``)."""
        if answer is ...:
            raise ValueError("not answered yet")
        return self._key(answer)

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys of the right answers."""
        return self._keys()


def lazy(build: Callable[[], Grader], kind: str = "text") -> Grader:
    """A grader built at its first use (for answers that take a game or the advisor to find)."""
    made: list[Grader] = []

    def get() -> Grader:
        if not made:
            made.append(build())
        return made[0]

    return Grader(lambda answer: get()(answer), lambda answer: get().key(answer), lambda: get().keys, kind)


def value_text(value: Any) -> str:
    """A value as plain text for a key: cards as 'J♠', enums by name, numbers rounded to 6
    places, lists and tuples told apart.

    >>> value_text([Card.parse('JS'), 2, 0.1 + 0.2, Suit.HEARTS, (True, 'N')])
    "[J♠, 2, 0.3, Suit.HEARTS, (True, 'N')]"
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return repr(round(value, 6) + 0.0)
    if isinstance(value, str):
        return repr(str(value))
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(value_text(v) for v in value) + ")"
    return repr(value)


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


class Recorded(Result):
    """What ``check`` shows in a copy without feedback (``feedback='none'``): the answer is
    recorded, right or not."""

    def _repr_html_(self) -> str:
        return (
            '<div role="status" aria-live="polite" style="border-left:4px solid #57606a;padding:4px 10px;'
            f'margin:4px 0"><b>Recorded.</b> {html.escape(self.message)}</div>'
        )

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.message)


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
    """The questions of one exercise sheet. Call it to check an answer: ``check("q1", answer)``.
    ``feedback`` (see :data:`FEEDBACK`) says how much the check tells in place."""

    name: str
    title: str
    exercises: Sequence[Exercise]
    feedback: FeedbackMode = "answers"
    relabel: Relabel | None = None
    _by_id: dict[str, Exercise] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.feedback not in FEEDBACK:
            raise ValueError(f"feedback {self.feedback!r} is not one of {', '.join(FEEDBACK)}")
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
        raised = False
        kind = getattr(ex.grade, "kind", "other")
        asked = answer
        if self.relabel is not None:  # a renamed sheet: its answer to the published question
            answer = self.relabel.answer(answer, kind)
        try:
            ok, message = ex.grade(answer)
        except Exception as err:  # the learner's function may raise anything
            raised = True
            ok, message = False, f"Your answer raised {type(err).__name__}: {err}. Check it and try again."
        if self.relabel is not None and kind != "function" and not raised:
            message = self.relabel.text(message)
        answer = asked
        return (
            Result(ok, message, str(answer), "", ex.rules)
            if self.feedback == "answers" or raised
            else (Result(ok, RIGHT_WRONG_RIGHT if ok else RIGHT_WRONG_WRONG, str(answer), "", ex.rules))
        )

    def __call__(self, qid: str, answer: Any = ...) -> Result:
        result = self.grade(qid, answer)
        if self.feedback == "none" and answer is not ... and not result.message.startswith("Your answer raised"):
            return Recorded(False, RECORDED, str(answer), "", result.rules)
        return result

    def validate(self, qid: str, answer: Any = ...) -> None:
        """What nbgrader's **Validate** button checks in a graded copy (the visible line of each
        test cell calls it; elsewhere it does nothing): that the question is answered and, unless
        the copy gives no feedback, that it is right. Raises ``AssertionError`` saying which."""
        if not os.environ.get("NBGRADER_VALIDATING"):
            return
        if answer is ...:
            raise AssertionError(f"{qid} is not answered yet: replace the ... with your answer.")
        if self.feedback != "none" and not self.grade(qid, answer).correct:
            raise AssertionError(f"{qid} is not right yet.")

    def prompt(self, qid: str) -> str:
        return self.exercise(qid).prompt

    def show(self, text: str) -> Any:
        """A question of a graded copy that deals each student their own (``euchre-learn nbgrader``):
        ``text``, markdown of the published sheet, as this copy asks it (its suits and seats
        renamed, :attr:`relabel`). The cell that calls it shows it.

        >>> checker("cards-and-bidding", variant="black").show("Spades are trump.").data
        'Clubs are trump.'
        """
        from IPython.display import Markdown

        return Markdown(self.relabel.text(text) if self.relabel is not None else text)  # type: ignore[no-untyped-call]

    def deal(self, code: str, namespace: dict[str, Any] | None = None) -> Any:
        """Run ``code``, a cell of the published sheet that builds a deal, as this copy asks it
        (renamed, :attr:`relabel`), in ``namespace`` (by default the caller's: in a notebook, the
        notebook's, so later cells see its names); returns the value of its last line, which the
        cell shows.

        >>> ns = {}
        >>> checker("cards-and-bidding", variant="black-turn").deal("seat = 'N'\\nseat + '♠'", ns), ns["seat"]
        ('S♣', 'S')
        """
        if namespace is None:  # the caller's: in a notebook, the namespace every cell runs in
            caller = sys._getframe(1)
            namespace = caller.f_globals
        tree = ast.parse(self.relabel.text(code) if self.relabel is not None else code)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        exec(compile(tree, "<the sheet>", "exec"), namespace)
        if not isinstance(last, ast.Expr):
            return None
        return eval(compile(ast.Expression(last.value), "<the sheet>", "eval"), namespace)


_SHEETS: dict[str, str] = {
    "cards-and-bidding": "cards_and_bidding",
    "play-and-scoring": "play_and_scoring",
    "hands-strategy-variants": "hands_strategy_variants",
}


def sheets() -> tuple[str, ...]:
    """The names of the exercise sheets."""
    return tuple(_SHEETS)


def _sheet(name: str) -> Checker:
    if name not in _SHEETS:
        raise ValueError(f"{name!r} is not an exercise sheet: choose one of {', '.join(_SHEETS)}")
    module = importlib.import_module(f"{__name__}.{_SHEETS[name]}")
    sheet: Checker = module.SHEET
    return sheet


def checker(
    name: str, feedback: FeedbackMode = "answers", variant: str | None = None, course: str | None = None
) -> Checker:
    """The checker of an exercise sheet, by name (see :func:`sheets`); ``feedback`` as in
    :data:`FEEDBACK`. In Jupyter it also lets the answers that follow be written without quotes
    (``answer = N``, ``answer = J♦``) and explains a ``NameError`` (:mod:`.plain_answers`).
    ``variant`` (one of :data:`.relabel.VARIANTS`) checks the sheet with its suits and seats
    renamed: the questions of a graded copy (``euchre-learn nbgrader``). ``course`` (a course id,
    without ``variant``) checks this student's own questions of that course: the renaming
    :func:`.variants.student_variant` picks for the course and :func:`.variants.student_id`.

    >>> checker("cards-and-bidding", feedback="right-wrong")("q4", "J♠").message
    'Not right yet. Try again as often as you like: this copy does not show the answer.'
    """
    sheet = _sheet(name)
    if course is not None and not variant:
        variant = student_variant(course, student_id())
    relabel = Relabel.parse(variant) if variant else None
    if feedback != sheet.feedback or relabel is not None:
        sheet = dataclasses.replace(sheet, feedback=feedback, relabel=relabel)
    from euchre_learn.classroom.exercises import plain_answers

    plain_answers.install()
    return sheet


def answer_key(name: str, qid: str, answer: Any, variant: str | None = None) -> str:
    """The key of ``answer`` to question ``qid`` of the sheet ``name`` (:meth:`Grader.key`):
    what an nbgrader hidden test prints for the grader (:func:`is_right_key`), and, with
    ``variant``, the key of the answer to the published question.

    >>> answer_key("cards-and-bidding", "q4", "jc"), answer_key("cards-and-bidding", "q2", " west ")
    ('J♣', 'west')
    """
    grade = _sheet(name).exercise(qid).grade
    if not isinstance(grade, Grader):
        raise TypeError(f"{name} {qid} has no answer key")
    if variant and answer is not ...:
        answer = Relabel.parse(variant).answer(answer, grade.kind)
    return grade.key(answer)


def is_right_key(name: str, qid: str, key: str, variant: str | None = None) -> bool:
    """Whether ``key``, the key of an answer to question ``qid`` of the sheet ``name`` as a copy
    with the renaming ``variant`` asks it (:func:`answer_key` without ``variant``), is the key of
    a right answer: what nbgrader's grader decides, in its own process, from the one line an
    nbgrader hidden test prints (:class:`~euchre_learn.classroom.nbgrader_hooks.GradeOutsideTheKernel`).
    Anything but a plain ``str`` is not right.

    >>> is_right_key("cards-and-bidding", "q4", "J♣"), is_right_key("cards-and-bidding", "q4", "J♠")
    (True, False)
    >>> is_right_key("cards-and-bidding", "q4", "J♠", "black-turn"), is_right_key("cards-and-bidding", "q2", "s", "turn")
    (True, True)
    """
    if type(key) is not str:  # noqa: E721 - exactly str: no subclass whose == or hash says yes
        return False
    grade = _sheet(name).exercise(qid).grade
    if not isinstance(grade, Grader):
        raise TypeError(f"{name} {qid} has no answer key")
    if variant and grade.kind in ("card", "cards", "suit", "text"):
        try:
            key = grade.key(Relabel.parse(variant).answer(key, grade.kind))
        except (ValueError, TypeError, KeyError):  # not a key of this kind: no right answer
            return False
    return str(key) in set(grade.keys)


# ---- graders: compare a learner's answer with what the engine computed -------------------


def _card(answer: Any) -> Card:
    return Card.parse(answer) if not isinstance(answer, Card) else answer


def same_card(expected: Card, *, why: str) -> Grader:
    """Grade a one-card answer (a ``Card`` or text like ``'J♦'``)."""

    def grade(answer: Any) -> tuple[bool, str]:
        try:
            card = _card(answer)
        except InvalidCardError as err:
            return False, f"{err}."
        if card == expected:
            return True, why
        return False, f"Not the {card}. {why}"

    return Grader(grade, lambda answer: str(_card(answer)), lambda: (str(expected),), "card")


def _cards_of(answer: Any) -> list[Card]:
    from euchre_learn.engine.cards import cards

    return list(cards(answer)) if isinstance(answer, str) else [_card(a) for a in answer]


def same_cards(expected: Iterable[Card], *, why: str, ordered: bool = False) -> Grader:
    """Grade an answer of several cards (a list, or text like ``'J♦ A♦'``); order matters only
    when ``ordered``."""
    want = list(expected)

    def grade(answer: Any) -> tuple[bool, str]:
        try:
            got = _cards_of(answer)
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

    def key(answer: Any) -> str:  # the expected cards are all different: a repeated card never matches
        got = _cards_of(answer)
        return " ".join(str(c) for c in (got if ordered else sorted(got)))

    return Grader(grade, key, lambda: (key(want),), "cards")


def same_suit(expected: Suit, *, why: str) -> Grader:
    """Grade a suit answer (``Suit.HEARTS``, ``'hearts'``, ``'♥'`` or ``'H'``)."""

    def grade(answer: Any) -> tuple[bool, str]:
        try:
            suit = Suit.parse(answer)
        except InvalidCardError as err:
            return False, f"{err}."
        return (True, why) if suit == expected else (False, f"Not {suit.plural}. {why}")

    return Grader(grade, lambda answer: Suit.parse(answer).name, lambda: (expected.name,), "suit")


def _whole_number(answer: Any) -> int:
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ValueError(f"not a whole number: {answer!r}")
    return int(answer)


def same_number(expected: int, *, why: str) -> Grader:
    """Grade a whole-number answer."""

    def grade(answer: Any) -> tuple[bool, str]:
        if isinstance(answer, bool) or not isinstance(answer, int):
            return False, f"Give a whole number, not {answer!r}. {why}"
        return (True, why) if answer == expected else (False, f"Not {answer}. {why}")

    return Grader(grade, lambda answer: str(_whole_number(answer)), lambda: (str(expected),), "number")


def same_text(expected: str, *, why: str, accept: Sequence[str] = ()) -> Grader:
    """Grade a short text answer (a seat 'N', a word 'march'); case and spaces are free."""
    ok = {expected.strip().casefold(), *(a.strip().casefold() for a in accept)}

    def key(answer: Any) -> str:
        return str(answer).strip().casefold()

    def grade(answer: Any) -> tuple[bool, str]:
        return (True, why) if key(answer) in ok else (False, f"Not {answer!r}. {why}")

    return Grader(grade, key, lambda: tuple(sorted(ok)), "text")


def same_seat(expected: Seat, *, why: str) -> Grader:
    """Grade a seat answer: its letter or its word (``'W'`` or ``'west'``), case and spaces free.

    >>> from euchre_learn.engine.cards import Seat
    >>> grade = same_seat(Seat.W, why="West sits left of the dealer.")
    >>> grade("west")[0], grade(" W ")[0], grade("N")[0]
    (True, True, False)
    """
    return same_text(expected.name, why=why, accept=(expected.word,))


def same_function(
    reference: Callable[..., Any],
    cases: Iterable[tuple[Any, ...]],
    *,
    name: str,
    why: Callable[..., str],
    show: Callable[[Any], str] = str,
    normalize: Callable[..., Any] | None = None,
) -> Grader:
    """Grade a learner's function: it must agree with ``reference`` (the engine) on every case.
    The first disagreement is reported with ``why(*case)`` explaining the rule.

    A function that still returns ``...`` (the stub in the notebook) is "not answered yet",
    not wrong. ``normalize(result, want, *case)`` may turn an equivalent result into the
    engine's form first (a list of cards for a tuple, ``'N'`` for ``Seat.N``); for the key,
    where no reference is at hand, it is called with ``want=None``, so it must not need it
    (:func:`value_text` already rounds numbers to 6 places).
    """
    all_cases = list(cases)

    def stub(answer: Any) -> bool:
        try:
            return answer(*all_cases[0]) is ...
        except Exception:  # the learner's code: the cases below report what it raises
            return False

    def grade(answer: Any) -> tuple[bool, str]:
        if not callable(answer):
            return False, f"Define a function {name}(...) and pass the function itself, not {answer!r}."
        if stub(answer):
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

    def results(function: Callable[..., Any]) -> str:
        out = []
        for case in all_cases:
            got = function(*case)
            out.append(value_text(normalize(got, None, *case) if normalize is not None else got))
        return "\n".join(out)

    def key(answer: Any) -> str:
        if not callable(answer) or stub(answer):
            raise ValueError(f"not a function {name}(...), or not written yet")
        return results(answer)

    return Grader(grade, key, lambda: (results(reference),), "function")

"""Quiz questions as data: the :class:`Question` model, grading, and banks saved as JSON.

A question carries everything it needs to be asked and graded: the prompt, the choices, the
answer, the explanation and one piece of feedback per choice. Generated questions (from
:func:`euchre_learn.teaching.quiz.generate`) and teachers' own questions are the same kind of object, so
a bank written by hand needs no engine. A bank is a JSON file checked against
:data:`BANK_SCHEMA` (JSON Schema) when it is loaded; a bad bank raises :class:`BankError`,
which names the question and the field.

The four kinds of question:

=============  ==========================================  ====================================
kind           ``answer``                                  ``check(response)`` takes
=============  ==========================================  ====================================
single         one of ``choices``                          one choice
select-all     the right choices, in ``choices`` order      the choices selected (any order)
order          every choice, in the right order             every choice, in the order given
number         a whole number (``choices`` is empty)        a whole number
=============  ==========================================  ====================================

>>> q = Question(prompt='With ♥ hearts trump, which card is the left bower?', kind='single',
...              choices=('J♣', 'J♦', 'J♥', 'J♠'), answer='J♦',
...              explanation='The left bower is the jack of the same colour as trump (R1.3).',
...              feedback={'J♥': 'The J♥ is the right bower.'}, rules=('R1.3',))
>>> q.check('jd').correct
True
>>> print(q.check('J♥').message)
Not quite: the answer is J♦. The J♥ is the right bower. The left bower is the jack of the same colour as trump (R1.3).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from euchre_learn.engine.cards import Card, Cards, InvalidCardError, cards
from euchre_learn.engine.errors import PATH_LIMIT, QUOTE_LIMIT, EuchreError, quote, type_error
from euchre_learn.engine.jsonfiles import parse_json, write_text_atomic

__all__ = [
    "BANK_FORMAT",
    "BANK_SCHEMA",
    "KINDS",
    "QUESTION_SCHEMA",
    "Bank",
    "BankError",
    "Feedback",
    "Question",
    "QuizError",
    "load_bank",
    "save_bank",
]

BANK_FORMAT = "euchre-learn/quiz-bank-1"
KINDS = ("single", "select-all", "order", "number")
Kind = Literal["single", "select-all", "order", "number"]
Answer = str | tuple[str, ...] | int

RULE_ID = r"^R[0-9]{1,2}\.[0-9]{1,2}$"


class QuizError(EuchreError):
    """A response that does not fit the question (not one of its choices, the wrong kind of
    answer), or a :class:`Question` built with inconsistent fields.

    >>> Question(prompt='?', kind='single', choices=('a', 'b'), answer='c', explanation='.')
    Traceback (most recent call last):
    ...
    euchre_learn.teaching.quiz.bank.QuizError: answer: 'c' is not one of the choices ('a', 'b')
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class BankError(EuchreError):
    """A quiz bank that cannot be loaded. ``.index`` (0-based, into ``questions``),
    ``.question_id`` and ``.field`` say where, when the problem is inside a question.

    >>> load_bank({'format': BANK_FORMAT, 'questions': [{'type': 'single', 'prompt': 'Which?',
    ...            'choices': ['A♥', 'K♥'], 'answer': 'Q♥', 'explanation': 'Aces are high.'}]})
    Traceback (most recent call last):
    ...
    euchre_learn.teaching.quiz.bank.BankError: quiz bank: questions[0] (id 'q1'), field 'answer': 'Q♥' is not one of the choices ('A♥', 'K♥')
    """

    def __init__(
        self, message: str, *, index: int | None = None, question_id: str | None = None, field: str | None = None
    ) -> None:
        super().__init__(message)
        self.index = index
        self.question_id = question_id
        self.field = field


@dataclass(frozen=True)
class Feedback:
    """The result of :meth:`Question.check`: whether the response is right, and a message
    that says why (for a wrong answer: the rule, explained)."""

    correct: bool
    message: str
    response: Answer
    answer: Answer
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.message

    @property
    def terms(self) -> tuple[tuple[str, str], ...]:
        """The glossary terms the message uses, as (term, link into docs/glossary.md), in the
        order they appear: found in the message itself, so the same answer gives the same links."""
        from euchre_learn.teaching.glossary import term_link, terms_in

        return tuple((t, term_link(t)) for t in terms_in(self.message))


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip()).casefold()


def _card_or_none(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except InvalidCardError:
        return None


@dataclass(frozen=True)
class Question:
    """One quiz question; see the module docs for the four kinds.

    ``choices`` are the texts shown; when every choice is a card (``'J♦'``), widgets show them
    as card buttons (:attr:`choice_cards`). ``cards`` are cards the question is about (a
    trick, a holding) for display. ``feedback`` says, per choice, why it is right or wrong;
    ``explanation`` explains the rule and is shown with every wrong answer. ``rules`` are the
    rule ids practised (docs/rules.md). ``record`` is the engine situation (a hand record,
    API.md) when the question was generated.
    """

    prompt: str
    kind: Kind
    choices: tuple[str, ...]
    answer: Answer
    explanation: str
    feedback: Mapping[str, str] = field(default_factory=dict, hash=False)
    rules: tuple[str, ...] = ()
    cards: Cards = field(default_factory=Cards)
    topic: str = "custom"
    title: str = ""
    id: str = ""
    seed: int | None = None
    house_rules: str | Mapping[str, Any] | None = field(default=None, hash=False)
    record: Mapping[str, Any] | None = field(default=None, hash=False, repr=False)

    def __post_init__(self) -> None:
        fix = object.__setattr__
        for name, accepts in (("choices", "a list of choice texts"), ("rules", "a list of rule ids such as 'R3.2'")):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise QuizError(f"{name}: got {quote(value)}: expected {accepts}", field=name)
            fix(self, name, tuple(value))
        if not isinstance(self.feedback, Mapping):
            raise QuizError(
                f"feedback: got {quote(self.feedback)}: expected a dict from choices to their feedback", field="feedback"
            )
        fix(self, "feedback", dict(self.feedback))
        if not isinstance(self.cards, Cards):
            try:
                fix(self, "cards", cards(self.cards))
            except EuchreError as err:  # cards of the wrong kind, or text that is not cards
                raise QuizError(f"cards: {err}", field="cards") from None
        if isinstance(self.answer, list):
            fix(self, "answer", tuple(self.answer))
        problem = _problem(self)
        if problem is not None:
            raise QuizError(f"{problem[0]}: {problem[1]}", field=problem[0])
        if self.kind == "select-all" and isinstance(self.answer, tuple):
            # the answer in choices order, so that equal answers compare equal
            picked = set(self.answer)
            fix(self, "answer", tuple(c for c in self.choices if c in picked))

    # --- reading -------------------------------------------------------------------------
    @property
    def choice_cards(self) -> tuple[Card, ...] | None:
        """The choices as cards when every choice names a card, else ``None``.

        >>> Question(prompt='?', kind='single', choices=('J♦', 'A♥'), answer='J♦', explanation='.').choice_cards
        (Card.parse('J♦'), Card.parse('A♥'))
        """
        if not self.choices:
            return None
        found = [_card_or_none(c) for c in self.choices]
        if any(c is None for c in found):
            return None
        return tuple(c for c in found if c is not None)

    def feedback_for(self, choice: str) -> str:
        """Why ``choice`` is right or wrong ('' when the question gives no feedback for it)."""
        return self.feedback.get(choice, "")

    # --- grading -------------------------------------------------------------------------
    def _choice(self, item: object) -> str:
        """The choice a response names: exact text, the same text in any case and spacing, or
        the same card spelled differently ('jd' for 'J♦')."""
        if isinstance(item, Card):
            item = str(item)
        if not isinstance(item, str):
            raise QuizError(f"{quote(item)} is not a choice: answer with the text of one of {self.choices}")
        if item in self.choices:
            return item
        key = _norm(item)
        for c in self.choices:
            if _norm(c) == key:
                return c
        card = _card_or_none(item)
        if card is not None:
            for c in self.choices:
                if _card_or_none(c) is card:
                    return c
        raise QuizError(f"{quote(item)} is not one of the choices: {', '.join(self.choices)}")

    def _choices(self, response: object) -> list[str]:
        if isinstance(response, (str, Card)):
            try:
                return [self._choice(response)]
            except QuizError:
                if not isinstance(response, str):
                    raise
            for sep in (r"\s*,\s*", r"[\s,]+"):
                parts = [p for p in re.split(sep, response.strip()) if p]
                try:
                    return [self._choice(p) for p in parts]
                except QuizError:
                    continue
            raise QuizError(f"{quote(response)} does not name the choices: use the texts of {', '.join(self.choices)}")
        if isinstance(response, Iterable):
            return [self._choice(r) for r in response]
        raise QuizError(f"{quote(response)} is not an answer: give a list of choices from {', '.join(self.choices)}")

    def normalize(self, response: object) -> Answer:
        """The response in the form of :attr:`answer` (raises :class:`QuizError` if it cannot be).

        >>> q = Question(prompt='?', kind='select-all', choices=('J♦', 'A♦', 'K♣'), answer=('J♦',), explanation='.')
        >>> q.normalize('k♣, jd')
        ('J♦', 'K♣')
        """
        if self.kind == "number":
            if isinstance(response, bool):
                raise QuizError(f"{quote(response)} is not a number: answer with a whole number")
            if isinstance(response, int):
                return response
            if isinstance(response, str) and re.fullmatch(r"\s*-?\d+\s*", response):
                return int(response)
            raise QuizError(f"{quote(response)} is not a whole number: answer with a number such as 2")
        if self.kind == "single":
            if not isinstance(response, (str, Card)):
                raise QuizError(f"{quote(response)} is not one choice: answer with one of {', '.join(self.choices)}")
            return self._choice(response)
        chosen = self._choices(response)
        if self.kind == "select-all":
            picked = set(chosen)
            return tuple(c for c in self.choices if c in picked)
        if sorted(chosen) != sorted(self.choices):
            raise QuizError(
                f"an order must use every choice exactly once: {', '.join(self.choices)} (got {', '.join(chosen)})"
            )
        return tuple(chosen)

    def check(self, response: object) -> Feedback:
        """Grade a response: a :class:`Feedback` with ``.correct`` and ``.message``.

        A response that is not an answer to this question (not a choice, not a number) raises
        :class:`QuizError`; a wrong answer is not an error.
        """
        given = self.normalize(response)
        right = given == self.answer
        return Feedback(right, self._message(given, right), given, self.answer, self.rules)

    def _message(self, given: Answer, right: bool) -> str:
        fb = self.feedback
        expl = self.explanation
        if right:
            note = fb.get(given, "") if isinstance(given, str) else ""
            return _join("Correct!", note or expl)
        if self.kind == "number":
            return f"Not quite: the answer is {self.answer}, not {given}. {_join(expl)}"
        if self.kind == "single":
            assert isinstance(given, str) and isinstance(self.answer, str)
            note = fb.get(given, "")
            answer = f"“{self.answer}”" if len(self.answer.split()) > 3 else self.answer  # a sentence, quoted
            return f"Not quite: the answer is {answer}. {_join(note, expl)}"
        assert isinstance(given, tuple) and isinstance(self.answer, tuple)
        if self.kind == "select-all":
            want = set(self.answer)
            missed = [c for c in self.choices if c in want and c not in given]
            extra = [c for c in given if c not in want]
            if not self.answer:
                head = "Not quite: none of them is right."
            elif len(self.answer) == 1:
                head = f"Not quite: the only right choice is {self.answer[0]}."
            else:
                head = f"Not quite: the right choices are {_and(self.answer)}."
            # choices missed (or picked) for the same reason are named together, the reason said once
            return f"{head} {_join(*_grouped('You left out {}', missed, fb), *_grouped('{} is wrong', extra, fb), expl)}"
        first = next(i for i, (a, b) in enumerate(zip(given, self.answer, strict=True)) if a != b)
        want_c = self.answer[first]
        note = fb.get(want_c, "")
        # the answer (the order and the first misplaced card) is said in full, the reasons each once after it
        head = f"Not quite: the right order is {' → '.join(self.answer)}. Place {first + 1} is {want_c}, not {given[first]}."
        return f"{head} {_join(note, expl)}".rstrip()

    # --- data ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """This question as JSON-ready data (the bank format; see :data:`QUESTION_SCHEMA`)."""
        out: dict[str, Any] = {
            "id": self.id,
            "topic": self.topic,
            "title": self.title,
            "type": self.kind,
            "prompt": self.prompt,
            "choices": list(self.choices),
            "answer": list(self.answer) if isinstance(self.answer, tuple) else self.answer,
            "explanation": self.explanation,
            "feedback": dict(self.feedback),
            "rules": list(self.rules),
            "cards": str(self.cards),
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.house_rules is not None:
            out["house_rules"] = self.house_rules if isinstance(self.house_rules, str) else dict(self.house_rules)
        if self.record is not None:
            out["record"] = dict(self.record)
        if not out["id"]:
            del out["id"]
        if not out["title"]:
            del out["title"]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Question:
        """A question from bank data (checked; a problem raises :class:`QuizError` naming the field).

        >>> q = Question.from_dict({'type': 'number', 'prompt': 'Points for a loner march?', 'answer': 4,
        ...                         'explanation': 'A loner who takes all five scores 4 (R7.1).'})
        >>> q.check(4).correct, q.kind
        (True, 'number')
        """
        if not isinstance(data, Mapping):
            raise QuizError(f"Question.from_dict(data): got {quote(data)}: expected a dict of question fields")
        errors = _schema_errors(dict(data), QUESTION_SCHEMA)
        if errors:
            fld, msg = errors[0]
            raise QuizError(f"{fld}: {msg}", field=fld)
        try:
            shown = cards(data.get("cards", ""))
        except InvalidCardError as err:
            raise QuizError(f"cards: {err}", field="cards") from None
        return cls(
            prompt=data["prompt"],
            kind=data["type"],
            choices=tuple(data.get("choices", ())),
            answer=tuple(data["answer"]) if isinstance(data["answer"], list) else data["answer"],
            explanation=data["explanation"],
            feedback=dict(data.get("feedback", {})),
            rules=tuple(data.get("rules", ())),
            cards=shown,
            topic=data.get("topic", "custom"),
            title=data.get("title", ""),
            id=data.get("id", ""),
            seed=data.get("seed"),
            house_rules=data.get("house_rules"),
            record=data.get("record"),
        )

    def __str__(self) -> str:
        lines = [self.prompt]
        if self.cards:
            lines.append(f"Cards: {self.cards}")
        hint = {
            "single": "Choose one",
            "select-all": "Select all that apply",
            "order": "Put in order",
            "number": "Answer with a number",
        }[self.kind]
        if self.choices:
            lines.append(f"{hint}: " + " · ".join(self.choices))
        else:
            lines.append(hint + ".")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        body = "".join(f"<li>{html.escape(c)}</li>" for c in self.choices)
        return (
            f'<div class="el-question"><p>{html.escape(self.prompt)}</p>'
            + (f"<p>{html.escape(str(self.cards))}</p>" if self.cards else "")
            + (f"<ul>{body}</ul>" if body else "")
            + "</div>"
        )


def _and(items: Sequence[str]) -> str:
    """``'9♥, 10♥ and A♦'``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _grouped(lead: str, choices: Sequence[str], fb: Mapping[str, str]) -> list[str]:
    # ``lead`` is "You left out {}" or "{} is wrong"; {} names the choices
    """One sentence per reason: choices whose notes say the same thing about each (the card's
    name aside) are named together and the reason is said once."""
    groups: dict[str, list[str]] = {}
    for c in choices:
        note = fb.get(c, "")
        groups.setdefault(_unnamed(note, c) if note else "", []).append(c)
    out = []
    for key, named in groups.items():
        said = lead.format(_and(named))
        if len(named) > 1:
            said = said.replace(" is wrong", " are wrong")
        if not key:
            out.append(f"{said}.")
            continue
        note = fb[named[0]]
        if len(named) > 1:
            note = f"{note} The same goes for {_and(named[1:])}."
        out.append(f"{said}: {note}")
    return out


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z♠♥♦♣0-9'])")
_CLAUSE = re.compile(r"(?<=[:;])\s+")
_CITE = re.compile(r"\s*\((?:R\d+(?:\.\d+)*(?:,\s*)?)+\)")
_TAIL = re.compile(r"(?:\s*\((?:R\d+(?:\.\d+)*(?:,\s*)?)+\))?[.!?]*\s*$")
_SAID_RUN = 5
"""A clause counts as said already when runs of this many words that were said before cover
at least three quarters of it."""


def _words(text: str) -> list[str]:
    return re.findall(r"[\w♠♥♦♣]+", _CITE.sub("", text).lower())


def _runs(words: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + _SAID_RUN]) for i in range(len(words) - _SAID_RUN + 1)}


def _said(clause: str, runs: set[tuple[str, ...]], clauses: set[tuple[str, ...]]) -> bool:
    words = _words(clause)
    if not words:
        return False
    if len(words) < _SAID_RUN:  # a short clause is said when a clause said before was the same
        return tuple(words) in clauses
    covered = [False] * len(words)
    for i in range(len(words) - _SAID_RUN + 1):
        if tuple(words[i : i + _SAID_RUN]) in runs:
            covered[i : i + _SAID_RUN] = [True] * _SAID_RUN
    return sum(covered) >= 0.75 * len(words)


def _unnamed(note: str, choice: str) -> str:
    """``note`` with the choice's own name taken out (and a card's rank and suit words), so notes
    that give two cards the same reason compare equal."""
    key = note.replace(choice, "\x00")
    try:
        card = Card.parse(choice)
    except InvalidCardError:
        return key
    if card.rank is not None and card.suit is not None:
        for word in (card.rank.word, card.suit.plural, card.suit.plural[:-1]):
            key = re.sub(rf"\b{re.escape(word)}\b", "\x01", key)
    return key


def _join(*parts: str) -> str:
    """The parts as one message, each fact said once.

    A sentence (or a clause of one, after a colon or a semicolon) that says again what an
    earlier sentence said is left out; the rule cited stays with what remains.

    >>> _join("Not quite.", "The J♦ is the left bower (R1.3).", "The J♦ is the left bower (R1.3).")
    'Not quite. The J♦ is the left bower (R1.3).'
    >>> _join("A trump beats every card of the suit led (R6.3).",
    ...       "The Q♥ wins the trick: it is the highest trump; any trump beats every card of the suit led (R6.3).")
    'A trump beats every card of the suit led (R6.3). The Q♥ wins the trick: it is the highest trump (R6.3).'
    """
    out: list[str] = []
    runs: set[tuple[str, ...]] = set()
    said: set[tuple[str, ...]] = set()
    for part in parts:
        for sentence in _SENTENCE.split(part.strip()) if part else ():
            tail = _TAIL.search(sentence)
            assert tail is not None  # the pattern matches the empty end of any sentence
            clauses = _CLAUSE.split(sentence[: tail.start()])
            kept = [c for c in clauses if not _said(c, runs, said)]
            if not kept:
                continue
            if kept[0] is not clauses[0]:
                kept.insert(0, clauses[0])  # a sentence keeps its subject
            end = tail.group().strip()
            text = " ".join(kept).rstrip(":;, ") + (" " + end if end.startswith("(") else end)
            out.append(text)
            runs |= _runs(_words(text))
            said |= {tuple(_words(c)) for c in kept}
    return " ".join(out)


def _problem(q: Question) -> tuple[str, str] | None:
    """The first inconsistency in a question, as (field, message), or ``None``."""
    if q.kind not in KINDS:
        return "type", f"{quote(q.kind)} is not a kind of question: use one of {', '.join(KINDS)}"
    if not isinstance(q.prompt, str) or not q.prompt.strip():
        return "prompt", "the prompt is empty: say what the learner should answer"
    if not isinstance(q.explanation, str) or not q.explanation.strip():
        return "explanation", "the explanation is empty: a wrong answer must be told the rule"
    for c in q.choices:
        if not isinstance(c, str) or not c.strip():
            return "choices", f"every choice must be non-empty text, not {quote(c)}"
    if len(set(q.choices)) != len(q.choices):
        dup = next(c for c in q.choices if q.choices.count(c) > 1)
        return "choices", f"{quote(dup)} appears twice"
    for r in q.rules:
        if not isinstance(r, str) or not re.match(RULE_ID, r):
            return "rules", f"{quote(r)} is not a rule id such as 'R3.2' (docs/rules.md)"
    for key in q.feedback:
        if not isinstance(q.feedback[key], str):
            return "feedback", f"the feedback for {quote(key)} must be text, not {quote(q.feedback[key])}"
        if key not in q.choices:
            return "feedback", f"feedback is given for {quote(key)}, which is not one of the choices {quote(q.choices)}"
    ans = q.answer
    if q.kind == "number":
        if q.choices:
            return "choices", "a number question has no choices: the learner types a number"
        if isinstance(ans, bool) or not isinstance(ans, int):
            return "answer", f"a number question needs a whole number as its answer, not {quote(ans)}"
        return None
    if len(q.choices) < 2:
        return "choices", f"a {q.kind} question needs at least two choices, not {len(q.choices)}"
    if q.kind == "single":
        if not isinstance(ans, str):
            return "answer", f"a single-choice question's answer is one choice (text), not {quote(ans)}"
        if ans not in q.choices:
            return "answer", f"{quote(ans)} is not one of the choices {quote(q.choices)}"
        return None
    if not isinstance(ans, tuple) or not all(isinstance(a, str) for a in ans):
        return "answer", f"a {q.kind} question's answer is a list of choices, not {quote(ans)}"
    for a in ans:
        if a not in q.choices:
            return "answer", f"{quote(a)} is not one of the choices {quote(q.choices)}"
    if len(set(ans)) != len(ans):
        return "answer", "a choice appears twice in the answer"
    if q.kind == "select-all":
        return None
    if len(ans) != len(q.choices):
        missing = [c for c in q.choices if c not in ans]
        return "answer", f"an order question's answer must place every choice: missing {', '.join(missing)}"
    return None


# ---- the JSON Schema of a bank ----------------------------------------------------------

QUESTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["type", "prompt", "answer", "explanation"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "minLength": 1, "description": "unique in the bank; default q1, q2, ..."},
        "topic": {"type": "string", "minLength": 1},
        "title": {"type": "string"},
        "type": {"enum": list(KINDS)},
        "prompt": {"type": "string", "minLength": 1},
        "choices": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "answer": {"type": ["string", "integer", "array"], "items": {"type": "string"}},
        "explanation": {"type": "string", "minLength": 1},
        "feedback": {"type": "object", "additionalProperties": {"type": "string"}},
        "rules": {"type": "array", "items": {"type": "string", "pattern": RULE_ID}},
        "cards": {"type": "string", "description": "cards to show, e.g. 'J♦ A♦ 9♣'"},
        "seed": {"type": ["integer", "null"]},
        "house_rules": {"type": ["string", "object", "null"]},
        "record": {"type": ["object", "null"], "description": "the hand the question comes from (API.md)"},
    },
    "allOf": [
        {
            "if": {"properties": {"type": {"const": "number"}}, "required": ["type"]},
            "then": {"properties": {"answer": {"type": "integer"}, "choices": {"maxItems": 0}}},
        },
        {
            "if": {"properties": {"type": {"const": "single"}}, "required": ["type"]},
            "then": {"required": ["choices"], "properties": {"answer": {"type": "string"}}},
        },
        {
            "if": {"properties": {"type": {"enum": ["select-all", "order"]}}, "required": ["type"]},
            "then": {"required": ["choices"], "properties": {"answer": {"type": "array"}}},
        },
    ],
}

BANK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "euchre_learn quiz bank",
    "type": "object",
    "required": ["format", "questions"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": BANK_FORMAT},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "questions": {"type": "array", "items": QUESTION_SCHEMA},
    },
}


_VALIDATORS: dict[int, Any] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    """A JSON Schema validator for one of this module's schemas, built once."""
    v = _VALIDATORS.get(id(schema))
    if v is None:
        import jsonschema

        v = _VALIDATORS[id(schema)] = jsonschema.Draft202012Validator(schema)
    return v


def _schema_errors(data: Any, schema: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The schema errors of ``data`` as (where, message), most specific first."""
    validator = _validator(schema)
    out = []
    try:
        found = list(validator.iter_errors(data))
    except RecursionError:
        return [("(the bank)", "is nested too deeply to read: a quiz bank is only a few levels deep")]
    except Exception as broken:  # a value jsonschema cannot even describe (its repr fails)
        return [("(the bank)", f"holds a value that is not JSON data ({type(broken).__name__})")]
    for err in sorted(found, key=lambda e: [str(p).zfill(8) for p in e.absolute_path]):
        path = [quote(p) if len(str(p)) > 40 else str(p) for p in err.absolute_path]
        msg = err.message
        if len(msg) > 2 * QUOTE_LIMIT:  # jsonschema repeats the whole value: quote a prefix of it
            try:
                msg = msg.replace(repr(err.instance), quote(err.instance))
            except RecursionError:
                msg = f"{quote(err.instance)}: {err.validator} {quote(err.validator_value)}"
        if err.validator == "required" and isinstance(err.instance, dict):
            missing = [r for r in err.validator_value if r not in err.instance]
            path.append(missing[0] if missing else "?")
            msg = "is missing (required)"
        elif err.validator == "additionalProperties" and isinstance(err.instance, dict):
            known = set(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in known]
            path.append(extra[0] if extra else "?")
            msg = f"is not a known field; the fields are {', '.join(sorted(known))}"
        elif err.validator == "const" and path == ["format"]:
            msg = f"must be {quote(BANK_FORMAT)}, not {quote(err.instance)}"
        elif err.validator == "maxItems" and path[-1:] == ["choices"]:
            msg = "a number question has no choices: the learner types a number"
        elif err.validator == "pattern":
            msg = f"{quote(err.instance)} is not a rule id such as 'R3.2'"
        out.append((".".join(map(str, path)) or "(the bank)", msg))
    return out


@dataclass(frozen=True)
class Bank:
    """A list of questions with a title, as saved by :func:`save_bank`."""

    questions: tuple[Question, ...]
    title: str = ""
    description: str = ""

    def __iter__(self) -> Iterator[Question]:
        return iter(self.questions)

    def __len__(self) -> int:
        return len(self.questions)

    def __getitem__(self, i: int) -> Question:
        return self.questions[i]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": BANK_FORMAT}
        if self.title:
            out["title"] = self.title
        if self.description:
            out["description"] = self.description
        out["questions"] = [q.to_dict() for q in self.questions]
        return out


def save_bank(
    questions: Iterable[Question], path: str | os.PathLike[str], *, title: str = "", description: str = ""
) -> Path:
    """Save questions as a bank (JSON) at ``path``, atomically; returns the path.

    >>> import tempfile, euchre_learn as el
    >>> path = Path(tempfile.mkdtemp()) / 'bowers.json'
    >>> qs = [el.quiz.generate('left-bower', seed=s) for s in range(3)]
    >>> list(load_bank(save_bank(qs, path, title='Bowers'))) == qs
    True
    """
    if isinstance(questions, (str, bytes, Mapping)) or not isinstance(questions, Iterable):
        raise type_error("save_bank(questions)", questions, "a list of Question objects (or a Bank)")
    bank = Bank(tuple(questions), title, description)
    for i, q in enumerate(bank.questions):
        if not isinstance(q, Question):
            raise type_error(f"save_bank(questions[{i}])", q, "a Question, e.g. from el.quiz.generate(...)")
    for name, value in (("title", title), ("description", description)):
        if not isinstance(value, str):
            raise type_error(f"save_bank({name})", value, "text")
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise type_error("save_bank(path)", path, "the path of the .json file to write")
    ids = [q.id for q in bank.questions if q.id]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup is not None:
        raise BankError(f"two questions have the id {quote(dup)}: ids must be unique in a bank", question_id=dup, field="id")
    try:
        text = json.dumps(bank.to_dict(), ensure_ascii=False, indent=2) + "\n"
    except (TypeError, ValueError, RecursionError) as err:  # a record or house rules that are not JSON data
        raise BankError(f"the questions cannot be saved as JSON: {quote(str(err), 80)}") from None
    target = Path(path)
    try:
        return write_text_atomic(target, text)
    except (OSError, ValueError) as err:  # ValueError: a NUL in the name
        raise BankError(
            f"cannot save the quiz bank to {quote(os.fspath(target), PATH_LIMIT)}: {getattr(err, 'strerror', None) or err}; "
            "choose a file in a folder you can write to"
        ) from None


def load_bank(source: str | os.PathLike[str] | Mapping[str, Any]) -> Bank:
    """Load a bank from a path, a JSON string or a dict, checking it against :data:`BANK_SCHEMA`
    and each question for sense (the answer is among the choices, ...). A bad bank raises
    :class:`BankError` naming the question (index and id) and the field.
    """
    where = "quiz bank"
    if isinstance(source, Mapping):
        data: Any = dict(source)
    elif not isinstance(source, (str, os.PathLike)) or not isinstance(os.fspath(source), str):
        raise BankError(
            f"load_bank(source): got {quote(source)}: expected the path of a bank (.json), its JSON text, or a dict"
            + ("; decode bytes first: data.decode('utf-8')" if isinstance(source, (bytes, bytearray)) else "")
        )
    else:
        text = os.fspath(source)
        if isinstance(source, str) and text.lstrip()[:1] in ("{", "["):
            raw = text
        else:
            where = f"quiz bank {quote(text, PATH_LIMIT)}"
            try:
                raw = Path(text).read_text(encoding="utf-8")
            except OSError as err:
                raise BankError(f"cannot read the {where}: {err.strerror}") from None
            except ValueError as err:  # a NUL in the name, or a file that is not UTF-8 text
                raise BankError(f"cannot read the {where}: {quote(str(err), 80)}") from None
        data = parse_json(raw, where, BankError)
    if not isinstance(data, dict):
        raise BankError(f"the {where} must be a JSON object with 'format' and 'questions', not {type(data).__name__}")
    questions = data.get("questions")
    errors = _schema_errors(data, BANK_SCHEMA)
    if errors:
        fld, msg = errors[0]
        parts = fld.split(".")
        if parts[0] == "questions" and len(parts) >= 2 and parts[1].isdigit() and isinstance(questions, list):
            i = int(parts[1])
            qid = _qid(questions[i], i)
            sub = ".".join(parts[2:]) or "(the question)"
            raise BankError(
                f"{where}: questions[{i}] (id {quote(qid)}), field {quote(sub)}: {msg}", index=i, question_id=qid, field=sub
            )
        raise BankError(f"{where}: field {quote(fld)}: {msg}", field=fld)
    assert isinstance(questions, list)
    out: list[Question] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(questions):
        qid = _qid(item, i)
        if qid in seen:
            raise BankError(
                f"{where}: questions[{i}] (id {quote(qid)}), field 'id': the id is already used by questions[{seen[qid]}]",
                index=i,
                question_id=qid,
                field="id",
            )
        seen[qid] = i
        try:
            q = Question.from_dict({**item, "id": qid})
        except QuizError as err:
            raise BankError(
                f"{where}: questions[{i}] (id {quote(qid)}), field {quote(err.field)}: {str(err).split(': ', 1)[-1]}",
                index=i,
                question_id=qid,
                field=err.field,
            ) from None
        out.append(q)
    return Bank(tuple(out), data.get("title", ""), data.get("description", ""))


def _qid(item: Any, i: int) -> str:
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
        return str(item["id"])
    return f"q{i + 1}"


def questions_of(source: Bank | Sequence[Question]) -> tuple[Question, ...]:
    """The questions of a bank or a sequence of questions (internal helper)."""
    return tuple(source)

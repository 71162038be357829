"""Quiz questions as data: the :class:`Question` model, its checks and grading, and the JSON Schema
of one question (:data:`QUESTION_SCHEMA`, which banks use too: :mod:`euchre_learn.teaching.quiz.bank`).

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

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from euchre_learn.engine.cards import Card, Cards, InvalidCardError, cards
from euchre_learn.engine.errors import QUOTE_LIMIT, EuchreError, quote
from euchre_learn.teaching.quiz.feedback import Answer, Feedback, and_list, grouped, join_once

__all__ = ["KINDS", "QUESTION_SCHEMA", "RULE_ID", "Answer", "Feedback", "Kind", "Question", "QuizError", "schema_errors"]

KINDS = ("single", "select-all", "order", "number")
Kind = Literal["single", "select-all", "order", "number"]

RULE_ID = r"^(?:R[0-9]{1,2}\.[0-9]{1,2}|[a-z][a-z-]{1,30})$"
"""A rule id of docs/rules.md ('R3.2'), or the anchor of a passage of it that has no id of its
own ('seats': the seats, clockwise, and partners sitting opposite)."""


class QuizError(EuchreError):
    """A response that does not fit the question (not one of its choices, the wrong kind of
    answer), or a :class:`Question` built with inconsistent fields.

    >>> Question(prompt='?', kind='single', choices=('a', 'b'), answer='c', explanation='.')
    Traceback (most recent call last):
    ...
    euchre_learn.teaching.quiz.question.QuizError: answer: 'c' is not one of the choices ('a', 'b')
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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
    API.md) when the question was generated. ``accept`` (single choice only): other choices
    graded right too, such as another name of the same action ('order it up' for 'assist').
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
    accept: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        fix = object.__setattr__
        for name, accepts in (
            ("choices", "a list of choice texts"),
            ("rules", "a list of rule ids such as 'R3.2'"),
            ("accept", "a list of choices also graded right"),
        ):
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
        right = given == self.answer or given in self.accept
        return Feedback(right, self._message(given, right), given, self.answer, self.rules)

    def _message(self, given: Answer, right: bool) -> str:
        fb = self.feedback
        expl = self.explanation
        if right:
            note = fb.get(given, "") if isinstance(given, str) else ""
            return join_once("Correct!", note or expl)
        if self.kind == "number":
            return f"Not quite: the answer is {self.answer}, not {given}. {join_once(expl)}"
        if self.kind == "single":
            assert isinstance(given, str) and isinstance(self.answer, str)
            note = fb.get(given, "")
            answer = f"“{self.answer}”" if len(self.answer.split()) > 3 else self.answer  # a sentence, quoted
            if self.accept:
                answer += f" (or, the same, {and_list(self.accept).replace(' and ', ' or ')})"
            return f"Not quite: the answer is {answer}. {join_once(note, expl)}"
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
                head = f"Not quite: the right choices are {and_list(self.answer)}."
            # choices missed (or picked) for the same reason are named together, the reason said once
            return f"{head} {join_once(*grouped('You left out {}', missed, fb), *grouped('{} is wrong', extra, fb), expl)}"
        first = next(i for i, (a, b) in enumerate(zip(given, self.answer, strict=True)) if a != b)
        want_c = self.answer[first]
        note = fb.get(want_c, "")
        # the answer (the order and the first misplaced card) is said in full, the reasons each once after it
        head = f"Not quite: the right order is {' → '.join(self.answer)}. Place {first + 1} is {want_c}, not {given[first]}."
        return f"{head} {join_once(note, expl)}".rstrip()

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
        if self.accept:
            out["accept"] = list(self.accept)
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
        errors = schema_errors(dict(data), QUESTION_SCHEMA)
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
            accept=tuple(data.get("accept", ())),
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
            return "rules", f"{quote(r)} is not a rule id such as 'R3.2' nor an anchor such as 'seats' (docs/rules.md)"
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
    if q.accept and q.kind != "single":
        return "accept", "only a single-choice question accepts other choices as right"
    if q.kind == "single":
        if not isinstance(ans, str):
            return "answer", f"a single-choice question's answer is one choice (text), not {quote(ans)}"
        if ans not in q.choices:
            return "answer", f"{quote(ans)} is not one of the choices {quote(q.choices)}"
        for a in q.accept:
            if a not in q.choices or a == ans:
                return "accept", f"{quote(a)} is not another of the choices {quote(q.choices)}"
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


# ---- the JSON Schema of a question --------------------------------------------------------

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
        "accept": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "description": "single choice: other choices graded right too (another name of the same action)",
        },
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


_VALIDATORS: dict[int, Any] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    """A JSON Schema validator for ``schema`` (this module's or the bank's), built once."""
    v = _VALIDATORS.get(id(schema))
    if v is None:
        import jsonschema

        v = _VALIDATORS[id(schema)] = jsonschema.Draft202012Validator(schema)
    return v


def schema_errors(data: Any, schema: Mapping[str, Any]) -> list[tuple[str, str]]:
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
            msg = f"must be {quote(err.validator_value)}, not {quote(err.instance)}"
        elif err.validator == "maxItems" and path[-1:] == ["choices"]:
            msg = "a number question has no choices: the learner types a number"
        elif err.validator == "pattern":
            msg = f"{quote(err.instance)} is not a rule id such as 'R3.2'"
        out.append((".".join(map(str, path)) or "(the bank)", msg))
    return out

"""Quiz banks: questions saved as JSON and loaded back, checked against :data:`BANK_SCHEMA` (JSON
Schema); a bad bank raises :class:`BankError`, which names the question and the field. The
questions are :class:`~euchre_learn.teaching.quiz.question.Question` objects, so a bank written
by hand needs no engine.

>>> bank = load_bank({'format': BANK_FORMAT, 'questions': [{'type': 'number', 'prompt': 'Cards in a hand?',
...                   'answer': 5, 'explanation': 'Five each (R2.2).'}]})
>>> len(bank), bank[0].id, bank[0].check(5).correct
(1, 'q1', True)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_learn.engine.errors import PATH_LIMIT, EuchreError, quote, type_error
from euchre_learn.engine.jsonfiles import parse_json, write_text_atomic
from euchre_learn.teaching.quiz.question import QUESTION_SCHEMA, Question, QuizError, schema_errors

__all__ = ["BANK_FORMAT", "BANK_SCHEMA", "Bank", "BankError", "load_bank", "questions_of", "save_bank"]

BANK_FORMAT = "euchre-learn/quiz-bank-1"


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
    errors = schema_errors(data, BANK_SCHEMA)
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

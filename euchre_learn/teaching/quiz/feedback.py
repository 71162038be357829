"""The wording of a quiz answer's feedback: :class:`Feedback` (what :meth:`Question.check
<euchre_learn.teaching.quiz.question.Question.check>` returns) and the sentences it is made of,
each fact said once.

>>> and_list(['9♥', '10♥', 'A♦'])
'9♥, 10♥ and A♦'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from euchre_learn.engine.cards import Card, InvalidCardError

__all__ = ["Answer", "Feedback", "and_list", "grouped", "join_once"]

Answer = str | tuple[str, ...] | int
"""An answer or a response in its normal form: a choice, the choices in order, or a number."""


@dataclass(frozen=True)
class Feedback:
    """The result of :meth:`Question.check <euchre_learn.teaching.quiz.question.Question.check>`: whether the response is right, and a message
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


def and_list(items: Sequence[str]) -> str:
    """``'9♥, 10♥ and A♦'``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _quoted(choice: str) -> str:
    """A choice in words ('call ♣ clubs') in quotation marks, so a sentence never starts with it in
    lower case; a card ('J♣') or a number as it is."""
    return f"“{choice}”" if choice[:1].isalpha() and choice[:1].islower() else choice


def grouped(lead: str, choices: Sequence[str], fb: Mapping[str, str]) -> list[str]:
    # ``lead`` is "You left out {}" or "{} is wrong"; {} names the choices
    """One sentence per reason: choices whose notes say the same thing about each (the card's
    name aside) are named together and the reason is said once."""
    groups: dict[str, list[str]] = {}
    for c in choices:
        note = fb.get(c, "")
        groups.setdefault(_unnamed(note, c) if note else "", []).append(c)
    out = []
    for key, named in groups.items():
        said = lead.format(and_list([_quoted(c) for c in named]))
        if len(named) > 1:
            said = said.replace(" is wrong", " are wrong")
        if not key:
            out.append(f"{said}.")
            continue
        note = fb[named[0]]
        if len(named) > 1 and named[0] in note:  # a note that names its choice: the others are named after it
            note = f"{note} The same goes for {and_list(named[1:])}."
        out.append(f"{said}: {note}")
    return out


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z♠♥♦♣0-9'])")
_REF = r"(?:R\d+(?:\.\d+)*|rule book: [a-z-]+)"  # a rule id, or a passage of the rule book by its anchor
_CITE = re.compile(rf"\s*\((?:{_REF}(?:,\s*)?)+\)")
_TAIL = re.compile(rf"(?:\s*\((?:{_REF}(?:,\s*)?)+\))?[.!?]*\s*$")
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


def _clauses(sentence: str) -> list[str]:
    """``sentence`` split after each colon or semicolon outside brackets and quotation marks: a
    clause in brackets or quoted stays whole, so leaving out a clause said before never leaves half
    a bracket or a quotation behind.

    >>> _clauses("It may not: hearts were led (the J♦ is a heart: trump was led); so it follows.")
    ['It may not:', 'hearts were led (the J♦ is a heart: trump was led);', 'so it follows.']
    """
    out: list[str] = []
    depth = start = 0
    quoted = False  # inside straight double quotes
    for m in re.finditer(r'[()“”"]|(?<=[:;])\s+', sentence):
        tok = m.group()
        if tok == '"':
            depth += -1 if quoted else 1
            quoted = not quoted
        elif tok in "(“":
            depth += 1
        elif tok in ")”":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(sentence[start : m.start()])
            start = m.end()
    out.append(sentence[start:])
    return out


def join_once(*parts: str) -> str:
    """The parts as one message, each fact said once.

    A sentence that says again what an earlier sentence said is left out, and so are the clauses
    at its end (after a colon or a semicolon) that do; a clause in the middle stays, as the clause
    after it may lean on it. The rule cited stays with what remains.

    >>> join_once("Not quite.", "The J♦ is the left bower (R1.3).", "The J♦ is the left bower (R1.3).")
    'Not quite. The J♦ is the left bower (R1.3).'
    >>> join_once("A trump beats every card of the suit led (R6.3).",
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
            clauses = _clauses(sentence[: tail.start()])
            new = [k for k, c in enumerate(clauses) if not _said(c, runs, said)]
            if not new:
                continue
            # only the clauses said before at the end go: one in the middle carries the next
            # ("the J♣ takes the trick; the 10♣ does not"), and the first is the subject
            kept = clauses[: new[-1] + 1]
            end = tail.group().strip()
            text = " ".join(kept).rstrip(":;, ") + (" " + end if end.startswith("(") else end)
            out.append(text)
            runs |= _runs(_words(text))
            said |= {tuple(_words(c)) for c in kept}
    return " ".join(out)

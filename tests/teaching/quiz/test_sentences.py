"""Every quiz question reads as whole sentences, and every wrong choice is graded wrong (issue 34,
items 8 and 9): each topic, many seeds, its prompt, explanation and the feedback to every choice.

A garbled sentence is found by what garbling leaves behind: a bracket or a quotation mark left
open or closed twice, a sentence that starts with '?' or with a lowercase word, an empty subject
('  leads this trick'), doubled spaces and stray spaces before punctuation."""

from __future__ import annotations

import re

import pytest

from euchre_learn import quiz
from euchre_learn.teaching.quiz import Question

SEEDS = range(60)

_PAIRS = {"(": ")", "[": "]", "“": "”"}
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.")


def garbled(text: str) -> list[str]:
    """What is wrong with ``text`` as sentences ('' problems: it reads whole).

    >>> garbled("Trick 1: East 9♥; ? won it.  leads this trick.")
    ['a sentence starts with ?: ...9♥; ? won it...', 'doubled space: ... it.  leads...', 'a sentence starts in lower case: ...it.  leads this...']
    """
    out: list[str] = []
    stack: list[str] = []
    for i, ch in enumerate(text):
        if ch in _PAIRS:
            stack.append(_PAIRS[ch])
        elif ch in _PAIRS.values():
            if not stack or stack.pop() != ch:
                out.append(f"unbalanced {ch!r}: ...{text[max(0, i - 40) : i + 10]}...")
                break
    if stack:
        out.append(f"unclosed {stack[-1]!r}: ...{text[-60:]}")
    for m in re.finditer(r"(?:^|[.;:!]\s+)\?", text):
        out.append(f"a sentence starts with ?: ...{text[max(0, m.start() - 4) : m.end() + 8]}...")
    for m in re.finditer(r"\S {2,}\S", text):
        out.append(f"doubled space: ...{text[max(0, m.start() - 3) : m.end() + 4]}...")
    for m in re.finditer(r" [.,;:!?)]", text):
        out.append(f"space before punctuation: ...{text[max(0, m.start() - 12) : m.end() + 4]}...")
    for m in re.finditer(r"(?<=[a-z0-9♣♦♥♠)'”])([.!?])\s+([a-z]\w*)", text):
        if not any(text[: m.start() + 1].endswith(a) for a in _ABBREVIATIONS):
            out.append(f"a sentence starts in lower case: ...{text[max(0, m.start() - 2) : m.end() + 5]}...")
    if "()" in text or "( " in text:
        out.append(f"an empty or open bracket: {text[:80]}...")
    return out


def _texts(q: Question) -> list[tuple[str, str]]:
    out = [("prompt", q.prompt), ("explanation", q.explanation)]
    if q.kind == "single":
        responses: list[object] = list(q.choices)
    elif q.kind == "select-all":
        responses = [list(q.answer), *([c] for c in q.choices)]
    elif q.kind == "order":
        responses = [list(q.answer), list(reversed(q.answer))]
    else:
        assert isinstance(q.answer, int)
        responses = [q.answer, q.answer + 1]
    for r in responses:
        out.append((f"feedback to {r!r}", q.check(r).message))
    return out


@pytest.mark.parametrize("topic", quiz.TOPICS)
def test_every_question_and_its_feedback_read_as_whole_sentences(topic: str) -> None:
    bad = []
    for seed in SEEDS:
        q = quiz.generate(topic, seed)
        for where, text in _texts(q):
            for problem in garbled(text):
                bad.append(f"{topic} seed {seed}, {where}: {problem}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("topic", quiz.TOPICS)
def test_one_right_choice_and_every_wrong_choice_graded_wrong(topic: str) -> None:
    """A single-choice question has exactly one right choice (three synonyms accepted would make a
    learner right three times in four by chance); in a select-all question the answer is right and
    adding any wrong choice or leaving out any right one is wrong."""
    for seed in SEEDS:
        q = quiz.generate(topic, seed)
        where = f"{topic} seed {seed}"
        if q.kind == "single":
            right = [c for c in q.choices if q.check(c).correct]
            assert right == [q.answer], f"{where}: {right} all graded right in {q.choices}"
            assert not q.accept, where
        elif q.kind == "select-all":
            answer = list(q.answer)
            assert q.check(answer).correct, where
            for c in q.choices:
                if c in q.answer:
                    assert not q.check([a for a in answer if a != c]).correct, f"{where}: {c!r} left out, graded right"
                else:
                    assert not q.check([*answer, c]).correct, f"{where}: wrong {c!r} added, graded right"


def test_the_check_finds_what_garbling_leaves() -> None:
    assert garbled("The coach agrees here: the left) and 1 side ace.")
    assert garbled("nothing still out beats it in its suit).")
    assert garbled("Trick 1: East 9♥; ? won it.  leads this trick.")
    assert garbled("It wins. then it leads.")
    assert not garbled("The J♦ (the left bower) wins: “Take it up” is right (R3.1). 10♣ is low, e.g. a nine.")

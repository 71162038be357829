"""The final review: one set of questions per learner, generated from a seed such as their name.

Every learner gets the same topics in the same order, one question on each, but the hands are
dealt from their own seed, so classmates sitting side by side get different but equivalent
questions, and nobody can copy a neighbour's answers. The same name always gives the same
questions, so a learner can come back to their review, and a teacher can print the answer key.

The questions are :mod:`euchre_learn.teaching.quiz` questions: the engine deals a hand, drives it to a
situation worth asking about and computes the answer, and a wrong answer is told the rule.
This module is the model (no ipywidgets here); :func:`review_view` (or ``review.show()``)
builds the widgets.

>>> review = final_review("Ada")
>>> len(review), review.topics == final_review("Ben").topics
(12, True)
>>> review.questions == final_review("  ada ").questions       # case and spaces do not count
True
>>> review.questions != final_review("Ben").questions
True
>>> review.check(1, review.questions[0].answer).correct
True
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.classroom.exercises import Result
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz import generate, rule_link, topic
from euchre_learn.teaching.quiz.question import Feedback, Question, QuizError

if TYPE_CHECKING:
    import ipywidgets  # type: ignore[import-untyped]

__all__ = ["REVIEW_TOPICS", "Review", "final_review", "review_seed", "review_view"]

REVIEW_TOPICS: tuple[str, ...] = (
    "first-dealer",
    "left-bower",
    "trump-ranking",
    "round-1",
    "round-2",
    "effective-suit",
    "legal-plays",
    "trick-winner",
    "who-leads",
    "scoring",
    "game-state",
    "stick-the-dealer",
)
"""The review's topics, one question each, in the order of the lessons (01 to 12)."""


def _normal_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(
            f"final_review needs your name (or any word you choose) to deal your own questions, not {name!r}: "
            'write it as text, e.g. final_review("Ada")'
        )
    return " ".join(name.split()).casefold()


def review_seed(name: str, number: int) -> int:
    """The quiz seed of question ``number`` (1, 2, …) of ``name``'s review: a whole number
    drawn from the text ``f"{name}/{number}"`` (case and extra spaces in the name do not
    count), the same on every machine.

    >>> review_seed("Ada", 1) == review_seed("ADA ", 1), review_seed("Ada", 1) == review_seed("Ada", 2)
    (True, False)
    """
    text = f"{_normal_name(name)}/{number}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


@dataclass(frozen=True)
class Review:
    """A learner's final review: ``questions[i]`` is question ``i + 1``, on ``topics[i]``.

    ``check(number, response)`` grades one answer (as the widgets do); ``key()`` is the
    answer key for a teacher; ``show()`` puts the review on screen as quiz widgets.
    """

    name: str
    questions: tuple[Question, ...]
    rules: Rules

    @property
    def topics(self) -> tuple[str, ...]:
        return tuple(q.topic for q in self.questions)

    def __len__(self) -> int:
        return len(self.questions)

    def question(self, number: int) -> Question:
        """Question ``number``, counting from 1 as the review shows them."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.questions):
            raise ValueError(f"the review has questions 1 to {len(self.questions)}; there is no question {number!r}")
        return self.questions[number - 1]

    def check(self, number: int, response: Any) -> Result:
        """Grade ``response`` to question ``number``: the feedback (a ✓ or ✗ in a notebook)
        says why it is right, or the rule it breaks. A response that is not an answer at all
        (a card for a number question, say) is feedback too, never an exception.

        >>> review = final_review("Ada")
        >>> review.check(10, -1).correct
        False
        """
        q = self.question(number)
        try:
            fb = q.check(response)
        except QuizError as err:
            return Result(False, str(err), response, q.answer, q.rules)
        return Result(fb.correct, fb.message, fb.response, fb.answer, fb.rules)

    # --- display ------------------------------------------------------------------------------
    def _title(self, i: int, q: Question) -> str:
        return f"Question {i} · {topic(q.topic).title}"

    def __str__(self) -> str:
        lines = [f"Final review for {self.name}: {len(self)} questions"]
        for i, q in enumerate(self.questions, 1):
            choices = f" ({' / '.join(q.choices)})" if q.choices else ""
            lines.append(f"{i}. {q.prompt}{choices}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Review for {self.name!r}: {len(self)} questions on {', '.join(self.topics)}>"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from euchre_learn.display import holding_html

        items = []
        for q in self.questions:
            shown = f"<div>{holding_html(q.cards, rules=self.rules)}</div>" if q.cards else ""
            choices = f"<div><small>Choices: {html.escape(' · '.join(q.choices))}</small></div>" if q.choices else ""
            items.append(
                f"<li style='margin-bottom:.5em'><b>{html.escape(topic(q.topic).title)}</b>"
                f"<div>{html.escape(q.prompt)}</div>{shown}{choices}</li>"
            )
        return (
            f"<div class='el-review'><p><b>Final review for {html.escape(self.name)}</b>: {len(self)} questions "
            f"(rules: {html.escape(self.rules.name or 'custom')})</p><ol>{''.join(items)}</ol></div>"
        )

    def key(self) -> AnswerKey:
        """The answer key, for a teacher: each question's answer and the rules it practises.

        >>> key = final_review("Ada").key()
        >>> print(str(key).splitlines()[0])
        Answer key: final review for Ada
        >>> len(key.rows())
        12
        """
        return AnswerKey(self)

    def show(self) -> ipywidgets.VBox:
        """The review as quiz widgets, with a running score (see :func:`review_view`)."""
        return review_view(self)


class AnswerKey:
    """A review's answers, one row per question, as text or an HTML table."""

    def __init__(self, review: Review) -> None:
        self.review = review

    def rows(self) -> list[tuple[int, str, str, str]]:
        out = []
        for i, q in enumerate(self.review.questions, 1):
            answer = q.answer
            text = " → ".join(answer) if isinstance(answer, tuple) and q.kind == "order" else answer
            text = ", ".join(text) if isinstance(text, tuple) else str(text)
            out.append((i, topic(q.topic).title, text, " ".join(q.rules)))
        return out

    def __str__(self) -> str:
        head = f"Answer key: final review for {self.review.name}"
        return "\n".join([head, *(f"{i}. {t}: {a} ({r})" for i, t, a, r in self.rows())])

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{i}</td><td>{html.escape(t)}</td><td><b>{html.escape(a)}</b></td><td>"
            + " ".join(f'<a href="{html.escape(rule_link(x))}">{html.escape(x)}</a>' for x in r.split())
            + "</td></tr>"
            for i, t, a, r in self.rows()
        )
        return (
            f"<table class='el-key'><caption style='text-align:left'><b>Answer key: final review for "
            f"{html.escape(self.review.name)}</b></caption><tr><th>#</th><th>topic</th><th>answer</th>"
            f"<th>rules</th></tr>{body}</table>"
        )


def final_review(
    name: str,
    *,
    rules: Rules | str | dict[str, Any] | None = None,
    topics: Sequence[str] = REVIEW_TOPICS,
) -> Review:
    """``name``'s final review: one question on each of ``topics`` (default
    :data:`REVIEW_TOPICS`), question ``i`` generated by ``quiz.generate(topic, seed)`` with
    the seed :func:`review_seed` draws from ``f"{name}/{i}"``. ``rules`` are the house rules
    (a variant topic turns its own option on in any case).

    >>> review = final_review("Ada")
    >>> review.topics[:3]
    ('first-dealer', 'left-bower', 'trump-ranking')
    >>> final_review("")
    Traceback (most recent call last):
    ...
    ValueError: final_review needs your name (or any word you choose) to deal your own questions, not '': write it as text, e.g. final_review("Ada")
    """
    shown = " ".join(name.split()) if isinstance(name, str) else name
    _normal_name(name)
    house = Rules.from_value(rules)
    chosen = tuple(topics)
    for t in chosen:
        topic(t)  # an unknown topic is a QuizError naming the topics
    questions = tuple(generate(t, review_seed(name, i), rules=rules) for i, t in enumerate(chosen, 1))
    return Review(str(shown), questions, house)


# ---- the view: widgets, imported only here --------------------------------------------------------


def review_view(review: Review) -> ipywidgets.VBox:
    """The review on screen: a heading, the score so far, and each question as a quiz widget
    (:mod:`euchre_learn.teaching.widgets`) with its number and topic. When every question is answered
    the score line says how it went and which questions to look at again.

    >>> w = review_view(final_review("Ada"))
    >>> quiz = w.quizzes[0]
    >>> quiz.choose(quiz.question.answer); quiz.check_button.click()
    >>> w.score.value
    '<b>1 of 12 answered, 1 right.</b>'
    """
    import ipywidgets as W

    from euchre_learn.teaching.widgets import quiz_widget

    results: dict[int, bool] = {}
    score = W.HTML()

    def refresh() -> None:
        n, right = len(results), sum(results.values())
        if n < len(review):
            score.value = f"<b>{n} of {len(review)} answered, {right} right.</b>"
            return
        again = [str(i) for i, ok in sorted(results.items()) if not ok]
        tail = f" Look again at question{'s' if len(again) > 1 else ''} {', '.join(again)}." if again else " Well done!"
        score.value = f"<b>All {len(review)} answered: {right} right.</b>{html.escape(tail)}"

    def recorder(i: int) -> Any:
        def on_answer(feedback: Feedback) -> None:
            results[i] = feedback.correct
            refresh()

        return on_answer

    quizzes = []
    parts: list[Any] = [
        W.HTML(
            f"<h3 style='margin:0.2em 0'>Final review for {html.escape(review.name)}</h3>"
            f"<p>{len(review)} questions, one on each part of the game. Answer each, then press Check.</p>"
        ),
        score,
    ]
    for i, q in enumerate(review.questions, 1):
        quiz = quiz_widget(q, on_answer=recorder(i))
        quizzes.append(quiz)
        parts.append(W.HTML(f"<h4 style='margin:0.8em 0 0.2em'>{html.escape(review._title(i, q))}</h4>"))
        parts.append(quiz)
    refresh()
    box = W.VBox(parts)
    box.add_class("el-review")
    box.quizzes = quizzes
    box.score = score
    return box

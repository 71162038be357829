"""Quizzes the engine generates without end (API.md, "Quizzes"). No widgets here.

Each topic deals a real hand (``Hand.deal`` from a seeded ``random.Random``), drives the
engine to a situation worth asking about, and lets the engine compute the answer: legal
actions, trick winners, scores, leaders. The words come from :mod:`euchre_learn.engine.explain`, so
a wrong answer is told the rule the same way an illegal action is. The same topic and seed
give the same question on every machine.

>>> from euchre_learn import quiz
>>> q = quiz.generate('left-bower', seed=7)
>>> q.kind, q.rules, q == quiz.generate('left-bower', seed=7)
('single', ('R1.2', 'R1.3'), True)
>>> q.check(q.answer).correct
True
>>> len(quiz.TOPICS) >= 20
True

Teachers: :func:`save_bank` writes generated questions to JSON and :func:`load_bank` reads a
bank (checked against :data:`BANK_SCHEMA`); see :mod:`euchre_learn.teaching.quiz.bank`. A
question is a :class:`Question` (:mod:`euchre_learn.teaching.quiz.question`); its feedback's words
come from :mod:`euchre_learn.teaching.quiz.feedback`.
"""

from euchre_learn.teaching.glossary import term_link, terms_in
from euchre_learn.teaching.quiz import bidding, cards_and_trump, play, scoring, strategy, table, variants  # noqa: F401  (each adds its topics, in teaching order)
from euchre_learn.teaching.quiz.bank import BANK_FORMAT, BANK_SCHEMA, Bank, BankError, load_bank, save_bank
from euchre_learn.teaching.quiz.practice import Practice
from euchre_learn.teaching.quiz.question import KINDS, QUESTION_SCHEMA, Feedback, Question, QuizError
from euchre_learn.teaching.quiz.topics import RULES_URL, Topic, generate, rule_link, topic, topics, topics_markdown

__all__ = [
    "BANK_FORMAT",
    "BANK_SCHEMA",
    "KINDS",
    "QUESTION_SCHEMA",
    "RULES_URL",
    "TOPICS",
    "Bank",
    "BankError",
    "Feedback",
    "Practice",
    "Question",
    "QuizError",
    "Topic",
    "generate",
    "load_bank",
    "rule_link",
    "save_bank",
    "term_link",
    "terms_in",
    "topic",
    "topics",
    "topics_markdown",
]


TOPICS: tuple[str, ...] = tuple(t.name for t in topics())
"""The topic names, in teaching order."""

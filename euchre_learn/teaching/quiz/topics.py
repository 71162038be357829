"""The quiz topics: the registry every subject module adds its topics to, and :func:`generate`."""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz.question import (
    Question,
    QuizError,
)

RULES_URL = os.environ.get("EUCHRE_LEARN_RULES_URL", "../docs/rules.md")
"""Where the rule book is, as seen from the notebooks; a rule's link is ``RULES_URL#R3.2``.
Set ``EUCHRE_LEARN_RULES_URL`` to point elsewhere (a published copy, say)."""


def rule_link(rule_id: str, base: str | None = None) -> str:
    """The link to a rule in the rule book: ``docs/rules.md`` has an anchor per rule id
    (``<a id="R3.2">``), so the link is ``rules.md#R3.2``.

    >>> rule_link('R3.2', base='docs/rules.md')
    'docs/rules.md#R3.2'
    """
    return f"{RULES_URL if base is None else base}#{rule_id}"


# ---- topics -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Topic:
    """A quiz topic: its name (for :func:`generate`), a title and a short description for
    lessons and docs, the rule ids it practises, the kinds of question it asks, and for a
    variant topic the ``Rules`` option it turns on."""

    name: str
    title: str
    description: str
    rules: tuple[str, ...]
    kinds: tuple[str, ...]
    variant: str | None
    make: Callable[[random.Random, Rules], Question] = dataclasses.field(repr=False, compare=False)
    forced: Callable[[Rules, random.Random | None], Rules] | None = dataclasses.field(
        default=None, repr=False, compare=False
    )


_TOPICS: dict[str, Topic] = {}

SUBJECTS = ("table", "cards_and_trump", "bidding", "play", "scoring", "variants", "strategy")
"""The subject modules of :mod:`euchre_learn.teaching.quiz`, in teaching order: the topics
come in this order whichever module is imported first."""


def register_topic(
    name: str,
    title: str,
    description: str,
    rules: tuple[str, ...],
    kinds: tuple[str, ...],
    variant: str | None = None,
    forced: Callable[[Rules, random.Random | None], Rules] | None = None,
) -> Callable[[Callable[[random.Random, Rules], Question]], Callable[[random.Random, Rules], Question]]:
    """Register the decorated question maker as the topic ``name``: each subject module
    (:data:`SUBJECTS`) decorates its makers with ``@register_topic(...)``."""

    def register(make: Callable[[random.Random, Rules], Question]) -> Callable[[random.Random, Rules], Question]:
        _TOPICS[name] = Topic(name, title, description, rules, kinds, variant, make, forced)
        return make

    return register


def topics() -> tuple[Topic, ...]:
    """Every topic, in teaching order.

    >>> topics()[0].name, topics()[1].name
    ('the-table', 'left-bower')
    """

    def subject(t: Topic) -> int:
        return SUBJECTS.index(t.make.__module__.rpartition(".")[2])

    return tuple(sorted(_TOPICS.values(), key=subject))  # a stable sort: each subject's own order


def topic(name: str) -> Topic:
    """The :class:`Topic` called ``name``.

    >>> topic('legal-plays').rules
    ('R1.3', 'R6.2')
    >>> topic('bowers')
    Traceback (most recent call last):
    ...
    euchre_learn.teaching.quiz.question.QuizError: 'bowers' is not a quiz topic: choose one of 'left-bower', ...
    """
    try:
        return _TOPICS[name]
    except (KeyError, TypeError):
        raise QuizError(f"{quote(name)} is not a quiz topic: choose one of {', '.join(map(repr, _TOPICS))}") from None


def house_rules_words(rules: Rules) -> str:
    """What ``rules`` change from the standard rules, in words ('' for the standard rules); every
    question asked under other rules starts with it, so nobody answers by the wrong rules.

    >>> house_rules_words(Rules.preset('stick-the-dealer'))
    'stick the dealer (the dealer may not pass in round 2)'
    >>> house_rules_words(Rules())
    ''
    """
    words = []
    for field, value in rules.changes().items():
        if field == "points_to_win":
            words.append(f"a game to {value}")
        elif field == "lone_defender_points":
            words.append(f"a lone defender's euchre scores {value[0]} ({value[1]} for all five tricks)")
        elif field == "benny":
            words.append("the Benny, a 25th card" + (" (the 2♠)" if value == "2♠" else ""))
        elif field == "loner_lead":
            words.append("against a loner, eldest leads" if value == "left_of_dealer" else "the loner's left leads")
        elif field == "deal_packets":
            words.append(f"packets of {value[0]} then {value[1]}")
        else:
            words.append(_RULE_WORDS.get(field, field.replace("_", " ")))
    return "; ".join(words)


_RULE_WORDS = {
    "stick_the_dealer": "stick the dealer (the dealer may not pass in round 2)",
    "defend_alone": "defending alone",
    "super_euchre": "super euchre",
    "railroad": "the railroad",
    "canadian_loner": "the Canadian loner",
    "dealer_picks_up_for_partner_loner": "the dealer picks up the upcard even when partner goes alone",
    "dealer_may_discard_upcard": "the dealer may discard the upcard taken up",
}


def generate(
    topic_name: str, seed: int | None = None, *, rules: Rules | str | dict[str, Any] | None = None
) -> Question:
    """A question on ``topic_name`` (one of :data:`TOPICS`), from a hand the engine deals with
    ``seed``; the same topic, seed and rules give the same question everywhere. With
    ``seed=None`` a fresh seed is drawn (and kept in ``question.seed``).

    ``rules`` (a :class:`Rules`, a preset name or fields) plays the question under house rules;
    a variant topic turns its own option on in any case.

    >>> q = generate('round-2', seed=3, rules='stick-the-dealer')
    >>> q.kind, q.house_rules
    ('select-all', 'stick-the-dealer')
    """
    t = topic(topic_name)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise QuizError(f"seed must be a whole number (or None), not {quote(seed)}")
    rng = random.Random(f"euchre-learn/{t.name}/{seed}")
    given = None if rules is None else Rules.from_value(rules)
    base = given or Rules()
    if t.forced is not None:
        base = t.forced(base, None if given is not None else rng)
    q = t.make(rng, base)
    said = house_rules_words(base)
    if said and not q.prompt.startswith("House rules:"):  # a learner answering by the standard rules must know
        q = dataclasses.replace(q, prompt=f"House rules: {said}. {q.prompt}")
    house: str | dict[str, Any] = base.name or {
        k: list(v) if isinstance(v, tuple) else v for k, v in base.changes().items()
    }
    qid = f"{t.name}-{seed}" + ("" if given is None else f"-{given.name or 'custom'}")
    return dataclasses.replace(q, topic=t.name, title=t.title, id=qid, seed=seed, house_rules=house)


def topics_markdown() -> str:
    """The topics as a Markdown table (name, title, kinds, rules, description), for docs.

    >>> print(topics_markdown().splitlines()[3])
    | `left-bower` | Which card is the left bower? | single | R1.2 R1.3 | Trump has just been made; pick the left bower, the jack of the same colour as trump. |
    """
    rows = ["| topic | title | kinds | rules | what it asks |", "|---|---|---|---|---|"]
    for t in topics():
        variant = f" (variant: `{t.variant}`)" if t.variant else ""
        rows.append(
            f"| `{t.name}` | {t.title} | {', '.join(t.kinds)} | {' '.join(t.rules)} | {t.description}{variant} |"
        )
    return "\n".join(rows)

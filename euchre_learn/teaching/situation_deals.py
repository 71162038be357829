"""Another deal of the same situation: when the learner got a situation wrong (at the table, in a
puzzle, in practice), practice brings it back as *a different deal* whose position is filed under
the same key (:func:`euchre_learn.analysis.situation.situation`), not the same position again.

:func:`find_positions` searches bot-played deals, seeded and bounded: each deal is played by the
standard bot and every position on the way is named; the first positions whose key matches are
kept. Where none of the ``deals`` searched reaches the situation (some are rare: the stuck dealer,
a railroad), positions of the same *family* stand in, and :attr:`Found.exact` says so. House
rules a situation needs (stick the dealer for ``'.stuck'``, the Benny, the railroad, defending
alone) are switched on for the search.

:func:`situation_question` asks a position as a quiz question (every legal action a choice, the
best one found by the review's judgement the answer, each choice's cost its feedback), and
:func:`serve` is Today's practice's maker for the ``'situation'`` items of the learner's
situation schedule (:mod:`euchre_learn.learner.situation_schedule`).
:func:`situation_of_question` says which situation a question asks, where it asks the seat to act
what to do (a puzzle, a retry, a situation item), so its answer is filed under it.

>>> found = find_positions('bid2.dealer', seed=1)
>>> found.exact, [situation(p).key for p in found.positions]
(True, ['bid2.dealer'])
>>> q = situation_question(found.positions[0], seed=1)
>>> q.kind, q.answer in q.choices, situation_of_question(q).key
('single', True, 'bid2.dealer')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.bots import get as get_bot
from euchre_learn.analysis.coach import judge, scaled_worlds
from euchre_learn.analysis.coach.grades import loss_text
from euchre_learn.analysis.convention_book import broken as broken_conventions
from euchre_learn.analysis.review.run import decide
from euchre_learn.analysis.situation import FAMILIES, Situation, situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.errors import EuchreError
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.rulings import action_words
from euchre_learn.learner.situation_schedule import KIND, SituationSchedule
from euchre_learn.teaching.quiz.question import Question

if TYPE_CHECKING:
    from euchre_learn.learner.store import Store

__all__ = [
    "DEALS",
    "KIND",
    "RIGHT_GRADES",
    "TOPIC",
    "Found",
    "family_of",
    "find_family_position",
    "find_positions",
    "kept_rule",
    "rules_for",
    "serve",
    "situation_of_question",
    "situation_question",
]

TOPIC = "situation"
"""The topic a situation item's answers are counted under in the learner's progress."""
DEALS = 150
"""Deals searched at most for one situation (two or three seconds when it is not found)."""
RIGHT_GRADES = ("best", "good")
"""The grades a choice is right with: the review flags the others (inaccuracy and worse)."""
@dataclass(frozen=True)
class Found:
    """What :func:`find_positions` found: the ``positions`` (seat to act in the situation),
    whether each is the situation itself (``exact``) or one of its family standing in, and how
    many deals were searched."""

    key: str
    family: str | None
    positions: tuple[Hand, ...]
    exact: bool
    deals: int


def rules_for(key: str, rules: Rules | None = None) -> Rules:
    """``rules`` (standard by default) with what situation ``key`` needs switched on.

    >>> rules_for('bid2.dealer.stuck').stick_the_dealer, rules_for('railroad.give').railroad
    (True, True)
    """
    base = rules or Rules()
    need: dict[str, Any] = {}
    if key.endswith(".stuck"):
        need["stick_the_dealer"] = True
    if key == "benny":
        need["benny"] = base.benny or "joker"
    if key.startswith("railroad"):
        need["railroad"] = True
    if key == "defend-alone" or ".lone-defender" in key or key.startswith("play.lone"):
        need["defend_alone"] = True
    if not need:
        return base
    try:
        return replace(base, **need)
    except ValueError:
        return base


def find_positions(
    key: str,
    *,
    family: str | None = None,
    seed: object = 0,
    count: int = 1,
    deals: int = DEALS,
    rules: Rules | None = None,
    exclude: tuple[dict[str, object], ...] = (),
) -> Found:
    """Up to ``count`` positions in situation ``key`` from at most ``deals`` deals played by the
    standard bot (see the module docs); the same ``seed`` finds the same positions. ``family``
    (default: the key's own, :func:`family_of`) is the fallback.
    ``exclude``: hand records of positions not to give again (the one the learner got wrong). A
    forced move (one legal action) is no decision and is never given."""
    if not isinstance(key, str) or not key:
        raise ValueError(f"key: got {key!r}: expected a situation's key such as 'bid1.eldest'")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count: got {count!r}: expected a whole number of positions, at least 1")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals: got {deals!r}: expected a whole number of deals to search, at least 1")
    if family is not None and family not in FAMILIES:
        raise ValueError(f"family: got {family!r}: expected one of {', '.join(FAMILIES)}")
    fam = family or family_of(key)
    house = rules_for(key, rules)
    rng = random.Random(f"euchre-learn/situation/{key}/{seed}")
    bot = get_bot("standard", seed=rng.getrandbits(32))
    exact: list[Hand] = []
    near: list[Hand] = []
    searched = 0
    seats = tuple(Seat)
    for n in range(deals):
        searched = n + 1
        hand = Hand.deal(seats[n % 4], rules=house, seed=rng.getrandbits(64))
        stood_in = False
        while not hand.is_over:
            s = situation(hand)
            if len(hand.legal_actions()) > 1 and not (exclude and hand.to_record() in exclude):
                if s.key == key:
                    exact.append(hand)
                    break  # one position per deal: each is another deal
                if s.family == fam and not stood_in and len(near) < count:
                    near.append(hand)
                    stood_in = True
            hand = hand.apply(bot.act(hand))
        if len(exact) >= count:
            break
    return Found(key, fam, tuple(exact or near), bool(exact), searched)


_MAKERS_ROLES = ("maker", "partner", "loner")
_DEFENDERS_ROLES = ("defender", "vs-loner", "lone-defender")


def find_family_position(
    family: str, *, seed: object = 0, deals: int = DEALS, rules: Rules | None = None
) -> Hand | None:
    """A position of situation family ``family`` (a decision, never a forced move) from at most
    ``deals`` deals played by the standard bot; ``None`` when none reaches it. The same ``seed``
    finds the same position.

    >>> situation(find_family_position('discard', seed=1)).family
    'discard'
    """
    if family not in FAMILIES:
        raise ValueError(f"family: got {family!r}: expected one of {', '.join(FAMILIES)}")
    rng = random.Random(f"euchre-learn/family/{family}/{seed}")
    bot = get_bot("standard", seed=rng.getrandbits(32))
    seats = tuple(Seat)
    for n in range(deals):
        hand = Hand.deal(seats[n % 4], rules=rules, seed=rng.getrandbits(64))
        while not hand.is_over:
            if len(hand.legal_actions()) > 1 and situation(hand).family == family:
                return hand
            hand = hand.apply(bot.act(hand))
    return None


def family_of(key: str) -> str | None:
    """The family a situation's key belongs to (``None`` for a key this does not know).

    >>> family_of('bid2.dealer.stuck'), family_of('play.vs-loner.lead1'), family_of('play.maker.2nd.side.opp.follow.win')
    ('bid2', 'lead-defenders', 'follow-makers')
    """
    parts = key.split(".")
    head = parts[0]
    if head in ("bid1", "bid2", "discard"):
        return head
    if head in ("benny", "railroad", "defend-alone"):
        return "loner-extras"
    if head == "play" and len(parts) >= 3:
        side = "makers" if parts[1] in _MAKERS_ROLES else "defenders" if parts[1] in _DEFENDERS_ROLES else None
        if side is not None:
            return f"{'lead' if parts[2].startswith('lead') else 'follow'}-{side}"
    return None


def _choice(hand: Hand, action: Action) -> str:
    """A choice's text: the card for a card to play (shown as a card button), else the action."""
    return str(action.card) if hand.phase == Phase.PLAY and action.card is not None else str(action)


def situation_question(
    position: Hand, *, seed: object = 0, worlds: int | None = None, stand_in: str = ""
) -> Question:
    """``position`` as a quiz question for the seat to act: every legal action a choice, the best
    of the coach's one judgement of the position (settled, the one the Hint and the review read;
    ``worlds=N``: exactly N deals for a card, seeded by ``seed``) the answer, any choice graded good accepted too (a decision at the table graded so is not flagged),
    each choice's cost and the coach's reason its feedback. ``stand_in``: the name of the situation
    this position stands in for (its family's), said in the prompt.

    A choice that keeps a rule of thumb the best choice breaks (second hand low, say, where the
    coach plays high) is told so plainly: the lessons and the cheat sheet teach the rule as a
    default, and here the numbers say otherwise (:func:`kept_rule`)."""
    if position.is_over or position.to_act is None or len(position.legal_actions()) < 2:
        raise ValueError("position: got a finished hand or a forced move: expected a position with a choice to make")
    seat = position.to_act
    sit = situation(position)
    j = judge(position, worlds=scaled_worlds(position, worlds), seed=f"situation/{seed}")
    best = decide(j, j.best)
    choices, feedback, accept = [], {}, []
    for opt in best.options:
        label = _choice(position, opt.action)
        choices.append(label)
        gap, grade = best.gap(opt.action), best.grade_of(opt.action)
        if opt.action == best.best:
            feedback[label] = "The best choice here."
            continue
        words = kept_rule(position, opt.action, best.best)
        if grade in RIGHT_GRADES:  # as good, or near enough: right, as at the table (not flagged)
            accept.append(label)
            said = (
                "Right too: as good as the best choice."
                if gap < 0.005
                else f"Right too: it gives up only {loss_text(gap, False, words=True)} points on average ({grade})."
            )
        else:
            said = f"{grade.capitalize()}: it gives up {loss_text(gap, False, words=True)} points on average. {decide(j, opt.action).explanation}"
        feedback[label] = f"{said} {words}".strip()
    also = f" (it stands in for “{stand_in}”, which the search could not deal)" if stand_in else ""
    return Question(
        prompt=f"You sit {seat}. {sit.name}{also}. What is the best choice?",
        kind="single",
        choices=tuple(choices),
        answer=_choice(position, best.best),
        explanation=best.explanation,
        feedback=feedback,
        cards=position.holding(seat),
        topic=TOPIC,
        title=f"Your situation: {sit.name}",
        id=sit.key,
        house_rules=position.rules.name,
        record=position.to_record(),
        accept=tuple(accept),
    )


def kept_rule(position: Hand, chosen: Action, best: Action) -> str:
    """Where ``chosen`` keeps a rule of thumb that ``best`` breaks, the sentence that says so: the
    rule is a default the lessons teach, and in this deal the numbers say otherwise ('' where no
    such rule applies).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'K♥ 9♥ A♦ K♣ 10♣',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♥ K♦ 10♦'}, upcard='10♥')
    >>> print(kept_rule(hand, Action.parse('pass'), Action.parse('order up')))
    You kept a rule of thumb, “Don't order up two small trumps”: the usual play, not a law; in this deal the numbers say “order it up” does better.
    """
    for c in broken_conventions(position, best):
        if not c.breaks(position, chosen):
            return (
                f"You kept a rule of thumb, “{c.title}”: the usual play, not a law; in this deal the numbers say "
                f"{_said(position, best)} does better."
            )
    return ""


def _said(hand: Hand, action: Action) -> str:
    if action.card is not None:
        return f"the {action.card}"
    return f"“{action_words(hand.state, hand.state.to_act, action.id)}”"


def serve(key: str, store: Store, rng: random.Random, rules: Rules | None) -> Question | None:
    """Today's practice's maker for ``'situation'`` items: a question on another deal of situation
    ``key`` (its family from the learner's card), or ``None`` when not even its family could be dealt."""
    card = SituationSchedule(store).card(key)
    family = card.family if card is not None and card.family in FAMILIES else None
    seed = rng.getrandbits(32)
    found = find_positions(key, family=family, seed=seed, rules=rules)
    if not found.positions:
        return None
    return situation_question(found.positions[0], seed=seed, stand_in="" if found.exact else key)


def situation_of_question(question: Question) -> Situation | None:
    """The situation ``question`` asks about, where it asks the seat to act in its position what
    to do (a single choice whose every choice, and the answer, is a legal action there, as a card
    to play or an action's text); ``None`` for any other question."""
    if question.kind != "single" or question.record is None or len(question.choices) < 2:
        return None
    try:
        hand = replay(dict(question.record))
    except (EuchreError, ValueError, TypeError, KeyError):
        return None
    if hand.is_over or hand.to_act is None:
        return None
    said = _legal_words(hand)
    for text in (*question.choices, str(question.answer)):
        if text.strip().casefold() not in said:
            return None
    return situation(hand)


def _legal_words(hand: Hand) -> dict[str, Action]:
    """Each legal action of ``hand`` by every text a question may show it as: the action ('play
    J♦', 'order up'), its card alone ('J♦', to play or discard), or the bid in the seat's own words
    ('Assist', 'Call ♠ spades', as the strategy quizzes label them); keys folded to lower case."""
    state = hand.state
    out: dict[str, Action] = {}
    for a in hand.legal_actions():
        texts = [str(a), action_words(state, state.to_act, a.id)]
        if a.card is not None:
            texts.append(str(a.card))
        for text in texts:
            out.setdefault(text.casefold(), a)
    return out

"""Quizzes the engine generates without end (API.md, "Quizzes"). No widgets here.

Each topic deals a real hand (``Hand.deal`` from a seeded ``random.Random``), drives the
engine to a situation worth asking about, and lets the engine compute the answer: legal
actions, trick winners, scores, leaders. The words come from :mod:`euchre_learn.explain`, so
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
bank (checked against :data:`BANK_SCHEMA`); see :mod:`euchre_learn.quiz_bank`.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._core import PLAY_PHASE, bits
from ._core import deal as _core_deal
from .actions import CALL, DISCARD, ORDER_UP, ORDER_UP_ALONE, PASS, PLAY, Action
from .cards import Card, Cards, Rank, Seat, Suit, Team, deck
from .explain import (
    action_words,
    bidding_options,
    card_reason,
    game_reason,
    illegal_action,
    leader_reason,
    make_word,
    play_reasons,
    score_reason,
    suit_words,
    trick_card_reasons,
    trick_reason,
)
from .game import Game, choose_first_dealer
from .hand import Hand, Phase, Trick
from .quiz_bank import (
    BANK_FORMAT,
    BANK_SCHEMA,
    KINDS,
    QUESTION_SCHEMA,
    Bank,
    BankError,
    Feedback,
    Question,
    QuizError,
    load_bank,
    save_bank,
)
from .rules import Rules
from .trump import effective_suit, is_trump, left_bower, right_bower, trick_winner, trump_order

if TYPE_CHECKING:
    from .progress import Progress

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
    "topic",
    "topics",
    "topics_markdown",
]

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


def _topic(
    name: str,
    title: str,
    description: str,
    rules: tuple[str, ...],
    kinds: tuple[str, ...],
    variant: str | None = None,
    forced: Callable[[Rules, random.Random | None], Rules] | None = None,
) -> Callable[[Callable[[random.Random, Rules], Question]], Callable[[random.Random, Rules], Question]]:
    def register(make: Callable[[random.Random, Rules], Question]) -> Callable[[random.Random, Rules], Question]:
        _TOPICS[name] = Topic(name, title, description, rules, kinds, variant, make, forced)
        return make

    return register


def topics() -> tuple[Topic, ...]:
    """Every topic, in teaching order.

    >>> topics()[0].name, topics()[0].title
    ('left-bower', 'Which card is the left bower?')
    """
    return tuple(_TOPICS.values())


def topic(name: str) -> Topic:
    """The :class:`Topic` called ``name``.

    >>> topic('legal-plays').rules
    ('R1.3', 'R6.2')
    >>> topic('bowers')
    Traceback (most recent call last):
    ...
    euchre_learn.quiz_bank.QuizError: 'bowers' is not a quiz topic: choose one of 'left-bower', ...
    """
    try:
        return _TOPICS[name]
    except (KeyError, TypeError):
        raise QuizError(f"{name!r} is not a quiz topic: choose one of {', '.join(map(repr, _TOPICS))}") from None


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
        raise QuizError(f"seed must be a whole number (or None), not {seed!r}")
    rng = random.Random(f"euchre-learn/{t.name}/{seed}")
    given = None if rules is None else Rules.from_value(rules)
    base = given or Rules()
    if t.forced is not None:
        base = t.forced(base, None if given is not None else rng)
    q = t.make(rng, base)
    house: str | dict[str, Any] = base.name or {
        k: list(v) if isinstance(v, tuple) else v for k, v in base.changes().items()
    }
    qid = f"{t.name}-{seed}" + ("" if given is None else f"-{given.name or 'custom'}")
    return dataclasses.replace(q, topic=t.name, title=t.title, id=qid, seed=seed, house_rules=house)


# ---- driving the engine -----------------------------------------------------------------


def _deal(rng: random.Random, rules: Rules) -> Hand:
    return Hand.deal(Seat(rng.randrange(4)), rules, seed=rng.getrandbits(32))


def _bid_step(hand: Hand, rng: random.Random, accept: float, alone: float, defend: float) -> Action:
    """One bidding action, chosen at random with some weight on making trump."""
    legal = hand.legal_actions()
    phase = hand.phase
    if phase in (Phase.ROUND_1, Phase.ROUND_2):
        makes = [a for a in legal if a.kind in ("order up", "call") and not a.alone]
        alones = [a for a in legal if a.alone]
        x = rng.random()
        if alones and x < alone:
            return rng.choice(alones)
        if makes and x < alone + accept:
            return rng.choice(makes)
        if Action(PASS) in legal:
            return Action(PASS)
        return rng.choice(makes or alones)
    if phase == Phase.DEFEND:
        return Action.parse("defend alone") if rng.random() < defend else Action(PASS)
    return rng.choice(legal)


def _bid(hand: Hand, rng: random.Random, accept: float = 0.3, alone: float = 0.1, defend: float = 0.4) -> Hand:
    while hand.phase not in (Phase.PLAY, Phase.OVER):
        hand = hand.apply(_bid_step(hand, rng, accept, alone, defend))
    return hand


def _made(rng: random.Random, rules: Rules, accept: float = 0.3, alone: float = 0.1, defend: float = 0.4) -> Hand:
    """A hand whose bidding is over and whose play is about to begin (thrown-in deals are dealt again)."""
    while True:
        hand = _bid(_deal(rng, rules), rng, accept, alone, defend)
        if not hand.thrown_in:
            return hand


def _name_benny(hand: Hand, rng: random.Random) -> Hand:
    if hand.phase == Phase.BENNY:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _passes(hand: Hand, n: int) -> Hand:
    for _ in range(n):
        hand = hand.apply("pass")
    return hand


def _loner(rng: random.Random, rules: Rules, defend: float = 0.5) -> Hand:
    """A hand where someone goes alone, driven to the first lead."""
    while True:
        hand = _name_benny(_deal(rng, rules), rng)
        if rng.random() < 0.6:
            hand = _passes(hand, rng.randrange(4))
            hand = hand.apply(Action(ORDER_UP_ALONE))
        else:
            hand = _passes(hand, 4 + rng.randrange(4))
            hand = hand.apply(rng.choice([a for a in hand.legal_actions() if a.alone]))
        hand = _bid(hand, rng, defend=defend)
        if not hand.thrown_in:
            return hand


def _play_random(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _play_until(start: Hand, rng: random.Random, goal: str, tries: int = 60) -> Hand:
    """Random play to the end: of up to ``tries`` random playouts from ``start`` (searched on
    the fast core ``State``), the first whose outcome is ``goal`` (see :func:`_outcome`),
    replayed as a :class:`Hand`."""
    seed = 0
    for _ in range(tries):
        seed = rng.getrandbits(32)
        s = start.state
        s.playout(random.Random(seed))
        if _outcome_of(s.won[s.maker & 1]) == goal:
            break
    return _replay_random(start, seed)


def _replay_random(hand: Hand, seed: int) -> Hand:
    """The hand ``State.playout(random.Random(seed))`` reaches, as a :class:`Hand`: the same
    random choices among the same legal actions, in the same order."""
    r = random.Random(seed)
    s = hand.state
    while not hand.is_over:
        if s.phase == PLAY_PHASE:  # playout chooses among the card indices of play_mask
            a = Action(PLAY + r.choice(bits(s.play_mask())))
        else:
            a = Action(r.choice(s.legal()))
        s.apply(a.id)
        hand = hand.apply(a)
    return hand


def _maker_tricks(hand: Hand) -> int:
    assert hand.maker is not None
    return hand.tricks_won[hand.maker.team]


# ---- words for situations ---------------------------------------------------------------


def _said(hand: Hand, seat: Seat, action: Action) -> str:
    """What a seat did, in the seeds' words: 'orders it up', 'calls ♥ hearts alone'."""
    kind = action.kind
    s = hand.state
    if kind == "pass":
        return "passes"
    if kind == "order up":
        first, _, rest = make_word(hand.dealer, seat).partition(" ")
        return f"{first}s" + (f" {rest}" if rest else "") + (" alone" if action.alone else "")
    if kind == "call":
        return "calls " + action_words(s, seat, action.id)[len("call ") :]
    if kind == "name":
        assert action.suit is not None
        return f"names {suit_words(action.suit)} for the Benny"
    if kind == "discard":
        return "discards a card face down"
    if kind == "give":
        return "passes a card face down (railroad)"
    if kind == "take":
        return "takes it"
    if kind == "decline":
        return "declines it"
    if kind == "defend alone":
        return "defends alone"
    return f"plays the {action.card}"


def _events(hand: Hand) -> list[tuple[Phase, Seat, Action]]:
    """The hand's actions with the phase each was taken in, by replaying the deal."""
    h = Hand.from_cards(hand.dealer, {s: hand.dealt(s) for s in Seat}, hand.upcard, rules=hand.rules)
    out = []
    for seat, action in hand.history:
        out.append((h.phase, seat, action))
        h = h.apply(action)
    return out


def _story(hand: Hand, *, play: bool = False) -> str:
    """The deal and the bidding so far, in a few sentences; passes are grouped:
    'South deals and turns up the 10♥. West and North pass, and East orders it up.'"""
    up = "the Benny" if hand.upcard.is_benny else f"the {hand.upcard}"
    groups: list[tuple[str, list[str]]] = []
    passing: list[str] = []

    def flush() -> None:
        if passing:
            who = "all four" if len(passing) == 4 else _and(passing)
            groups[-1][1].append(f"{who} pass" + ("" if len(passing) > 1 else "es"))
            passing.clear()

    for phase, seat, action in _events(hand):
        if phase == Phase.PLAY and not play:
            break
        key = "r2" if phase == Phase.ROUND_2 else "r1" if phase in (Phase.ROUND_1, Phase.BENNY) else "after"
        if not groups or groups[-1][0] != key:
            flush()
            groups.append((key, []))
        if action.kind == "pass" and key != "after":
            passing.append(seat.word)
            continue
        flush()
        if phase == Phase.DEFEND and action.kind == "pass":
            groups[-1][1].append(f"{seat.word} does not defend alone")
        elif phase == Phase.DISCARD:
            groups[-1][1].append(f"{seat.word} picks up {up} and discards a card face down")
        else:
            groups[-1][1].append(f"{seat.word} {_said(hand, seat, action)}")
    flush()
    out = [f"{hand.dealer.word} deals and turns up {up}."]
    for key, clauses in groups:
        if key == "r1" and clauses and clauses[-1] == "all four pass":
            clauses[-1] += f", and {up} is turned down"
        text = _and(clauses)
        out.append(("In round 2, " + text if key == "r2" else text[:1].upper() + text[1:]) + ".")
    return " ".join(out)


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _made_sentence(hand: Hand) -> str:
    """'West orders it up: ♥ hearts are trump.'"""
    assert hand.trump is not None and hand.maker is not None
    for seat, action in hand.history:
        if action.kind in ("order up", "call"):
            return f"{seat.word} {_said(hand, seat, action)}: {suit_words(hand.trump)} are trump."
    return f"{suit_words(hand.trump)} are trump."  # pragma: no cover


def _shuffled(rng: random.Random, items: Sequence[str], avoid: Sequence[str]) -> tuple[str, ...]:
    """``items`` in a random order that differs from ``avoid`` (when it can)."""
    out = list(items)
    for _ in range(10):
        rng.shuffle(out)
        if out != list(avoid) or len(out) < 2:
            break
    return tuple(out)


def _strength_order(items: Sequence[Card], trump: Suit) -> list[Card]:
    """Cards of one effective suit, strongest first, by asking the engine which wins a
    two-card trick."""

    def cmp(a: Card, b: Card) -> int:
        return -1 if trick_winner([a, b], trump) == 0 else 1

    return sorted(items, key=functools.cmp_to_key(cmp))


SEATS = tuple(s.word for s in Seat)


# ---- ranking and bowers (R1.2-R1.4) -----------------------------------------------------


@_topic(
    "left-bower",
    "Which card is the left bower?",
    "Trump has just been made; pick the left bower, the jack of the same colour as trump.",
    ("R1.2", "R1.3"),
    ("single",),
)
def _q_left_bower(rng: random.Random, rules: Rules) -> Question:
    hand = _made(rng, rules)
    t = hand.trump
    assert t is not None
    jacks = [c for c in deck() if c.rank == Rank.JACK]
    ans = left_bower(t)
    fb = {}
    for j in jacks:
        fb[str(j)] = card_reason(j, t) if j == ans else f"{card_reason(j, t)} So it is not the left bower."
    return Question(
        prompt=f"{_made_sentence(hand)} Which card is the left bower?",
        kind="single",
        choices=tuple(str(j) for j in jacks),
        answer=str(ans),
        explanation=card_reason(ans, t),
        feedback=fb,
        rules=("R1.2", "R1.3"),
        record=hand.to_record(),
    )


def _order_question(hand: Hand, rng: random.Random, rules: Rules, must: Sequence[Card] = ()) -> Question:
    t = hand.trump
    assert t is not None
    benny = bool(rules.benny)
    if must or rng.random() < 0.7:
        order = list(trump_order(t, benny=benny))
        forced = list(must)
        if rng.random() < 0.7:
            forced.append(left_bower(t))
        if rng.random() < 0.5:
            forced.append(right_bower(t))
        forced = list(dict.fromkeys(forced))[:4]
        rest = [c for c in order if c not in forced]
        rng.shuffle(rest)
        chosen = forced + rest[: 4 - len(forced)]
        ranking = " ".join(str(c) for c in order)
        expl = (
            f"With {suit_words(t)} trump the trumps rank, high to low: {ranking}"
            + (": the Benny, " if benny else ": ")
            + f"the right bower {right_bower(t)}, the left bower {left_bower(t)}, then A K Q 10 9 (R1.3)."
        )
        rule_ids: tuple[str, ...] = ("R1.3",) + (("R1.1",) if benny else ())
    else:
        suit = t.next if rng.random() < 0.5 else rng.choice([s for s in Suit if s not in (t, t.next)])
        pool = [c for c in deck() if c.suit == suit and effective_suit(c, t) == suit]
        chosen = rng.sample(pool, 4)
        full = " ".join(str(c) for c in _strength_order(pool, t))
        lost = (
            f" {suit_words(suit).capitalize()} are next to {suit_words(t)} and have lost their jack, the left bower."
            if suit == t.next
            else ""
        )
        expl = f"With {suit_words(t)} trump, {suit.plural} are an off suit: {full}, high to low (R1.4).{lost}"
        rule_ids = ("R1.2", "R1.4") if suit == t.next else ("R1.4",)
    answer = tuple(str(c) for c in _strength_order(chosen, t))
    return Question(
        prompt=f"{_made_sentence(hand)} Put these cards in order, strongest first.",
        kind="order",
        choices=_shuffled(rng, answer, answer),
        answer=answer,
        explanation=expl,
        feedback={str(c): card_reason(c, t) for c in chosen},
        rules=rule_ids,
        record=hand.to_record(),
    )


@_topic(
    "trump-ranking",
    "Order cards by strength",
    "Four trumps, or four cards of one off suit: put them in order, strongest first.",
    ("R1.3", "R1.4"),
    ("order",),
)
def _q_trump_ranking(rng: random.Random, rules: Rules) -> Question:
    return _order_question(_made(rng, rules), rng, rules)


@_topic(
    "is-trump",
    "Is this card a trump?",
    "A player's five cards: select every trump, the left bower included.",
    ("R1.3",),
    ("select-all",),
)
def _q_is_trump(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = _made(rng, rules)
        t = hand.trump
        assert t is not None
        seats = [s for s in Seat if s not in hand.sitting_out]
        good = [s for s in seats if 1 <= sum(is_trump(c, t) for c in hand.holding(s)) <= 4]
        if not good:
            continue
        with_left = [s for s in good if left_bower(t) in hand.holding(s)]
        seat = rng.choice(with_left) if with_left and rng.random() < 0.6 else rng.choice(good)
        held = hand.holding(seat)
        extra = " and the Benny" if rules.benny else ""
        return Question(
            prompt=f"{_made_sentence(hand)} Select every trump in {seat.word}'s hand.",
            kind="select-all",
            choices=tuple(str(c) for c in held),
            answer=tuple(str(c) for c in held if is_trump(c, t)),
            explanation=(
                f"The trumps are every {t.plural[:-1]}, the left bower {left_bower(t)} (the jack of "
                f"{t.next.plural}){extra} (R1.3)."
            ),
            feedback={str(c): card_reason(c, t) for c in held},
            rules=("R1.3",),
            cards=held,
            record=hand.to_record(),
        )


@_topic(
    "effective-suit",
    "Which suit does a card follow as?",
    "Once trump is made, a card plays as its effective suit: the left bower is a trump.",
    ("R1.3", "R6.2"),
    ("single",),
)
def _q_effective_suit(rng: random.Random, rules: Rules) -> Question:
    hand = _made(rng, rules)
    t = hand.trump
    assert t is not None
    x = rng.random()
    if x < 0.35:
        card = left_bower(t)
    elif x < 0.55:
        card = rng.choice([c for c in deck() if c.rank == Rank.JACK])
    else:
        card = rng.choice(list(hand.holding(rng.choice([s for s in Seat if s not in hand.sitting_out]))))
    eff = effective_suit(card, t)
    fb = {}
    for s in Suit:
        if s == eff:
            fb[suit_words(s)] = card_reason(card, t)
        elif s == card.suit:
            fb[suit_words(s)] = f"Its printed suit is {s.plural}, but it plays as {eff.plural}. {card_reason(card, t)}"
        else:
            printed = "it is always trump" if card.suit is None else f"its printed suit is {card.suit.plural}"
            fb[suit_words(s)] = (
                f"The {card} is not a {s.plural[:-1]}: {printed}, and with {t.plural} trump it plays as "
                f"{eff.plural} (R1.3, R6.2)."
            )
    return Question(
        prompt=f"{_made_sentence(hand)} Which suit does the {card} count as in play (the suit it follows)?",
        kind="single",
        choices=tuple(suit_words(s) for s in Suit),
        answer=suit_words(eff),
        explanation=f"{card_reason(card, t)} It follows {eff.plural} and only {eff.plural} (R6.2).",
        feedback=fb,
        rules=("R1.3", "R6.2"),
        cards=Cards([card]),
        record=hand.to_record(),
    )


# ---- choosing the dealer and dealing (R2) -----------------------------------------------


@_topic(
    "first-dealer",
    "Who deals first?",
    "Cards are dealt face up until a black jack appears: who deals the first hand?",
    ("R2.1",),
    ("single",),
)
def _q_first_dealer(rng: random.Random, rules: Rules) -> Question:
    want_red = rng.random() < 0.6  # often a red jack shows first: it does not count
    for _ in range(30):
        seat, shown = choose_first_dealer(rng.getrandbits(32))
        red_first = any(c.rank == Rank.JACK and c.suit is not None and c.suit.color == "red" for c in shown)
        if red_first == want_red:
            break
    # choose_first_dealer deals one card to each seat from North clockwise (its docs)
    dealt = [(Seat(i % 4), c) for i, c in enumerate(shown)]
    jack = shown[-1]
    said = ", ".join(f"{s.word} {c}" for s, c in dealt)
    red = [c for c in shown if c.rank == Rank.JACK and c is not jack]
    why = f"The {jack} is the first black jack, and {seat.word} received it, so {seat.word} deals first (R2.1)."
    if red:
        why += f" The {' and '.join(str(c) for c in red)} {'is a red jack' if len(red) == 1 else 'are red jacks'}: only a black jack counts."
    fb = {}
    for other in Seat:
        if other == seat:
            fb[other.word] = why
        else:
            got = [str(c) for s, c in dealt if s == other]
            fb[other.word] = (
                f"{other.word} received {' '.join(got) or 'no card'}: no black jack, so not the first dealer (R2.1)."
            )
    return Question(
        prompt=(
            "To choose the first dealer, cards are dealt face up, one to each player from North clockwise, "
            f"until a black jack appears: {said}. Who deals first?"
        ),
        kind="single",
        choices=SEATS,
        answer=seat.word,
        explanation=why,
        feedback=fb,
        rules=("R2.1",),
        cards=shown,
    )


class _Unshuffled(random.Random):
    """A Random whose shuffle leaves the pack in order, so that the engine's deal shows which
    position of the pack each seat receives."""

    def shuffle(self, x: Any) -> None:
        return None


@_topic(
    "dealing",
    "Dealing the cards",
    "Packets of 3 then 2 (or 2 then 3), clockwise from the dealer's left: put the deal in order.",
    ("R2.2",),
    ("order",),
)
def _q_dealing(rng: random.Random, rules: Rules) -> Question:
    if rules == Rules() and rng.random() < 0.3:
        rules = rules.replace(deal_packets=(2, 3))
    dealer = Seat(rng.randrange(4))
    state = _core_deal(rules, dealer, _Unshuffled())
    # position in the pack of every card each seat receives, from the engine's deal
    got = {seat: bits(state.hands[seat]) for seat in Seat}
    first, second = rules.deal_packets
    steps: list[tuple[int, str]] = []
    for seat in Seat:
        pos = got[seat]
        steps.append((pos[0], f"{seat.word} gets {first} cards"))
    eldest = min(Seat, key=lambda s: got[s][0])
    steps.append((got[eldest][first], f"{eldest.word} gets {second} more cards"))
    steps.append((state.upcard, "the next card is turned face up: the upcard"))
    steps.sort()
    answer = tuple(label for _, label in steps)
    fb = {label: "" for label in answer}
    for label in answer:
        if label.startswith(dealer.word + " gets"):
            fb[label] = f"The dealer, {dealer.word}, is served last in each round of packets (R2.2)."
        elif label.startswith(eldest.word + " gets") and "more" not in label:
            fb[label] = f"The deal starts with eldest, {eldest.word}, on the dealer's left (R2.2)."
        elif "more" in label:
            fb[label] = f"The second round of packets starts again with eldest, after everyone has {first} (R2.2)."
        elif "upcard" in label:
            fb[label] = "After the deal the next card is turned face up (R2.2)."
        else:
            fb[label] = "Packets go clockwise, one packet to each player in turn (R2.2)."
    return Question(
        prompt=(
            f"{dealer.word} deals, in packets of {first} then {second}. Put these in the order they happen "
            "(the rest of the second round is left out)."
        ),
        kind="order",
        choices=_shuffled(rng, answer, answer),
        answer=answer,
        explanation=(
            f"Dealing goes clockwise from eldest, {eldest.word}, on the dealer's left: a packet of {first} to each "
            f"player, the dealer last, then a packet of {second} to each, then the upcard is turned (R2.2)."
        ),
        feedback=fb,
        rules=("R2.2",),
        record=Hand._start(state).to_record(),
    )


@_topic(
    "next-dealer",
    "Who deals next?",
    "The deal passes to the left after every hand, also after a hand is thrown in.",
    ("R2.3", "R4.2"),
    ("single",),
)
def _q_next_dealer(rng: random.Random, rules: Rules) -> Question:
    thrown = rng.random() < 0.5
    accept = 0.02 if thrown else 0.4
    game = Game(rules, seed=rng.getrandbits(32), dealer=Seat(rng.randrange(4)))
    for _ in range(rng.randrange(1, 4)):
        n = len(game.hands)
        while len(game.hands) == n and not game.is_over:
            game = game.apply(_bid_step(game.hand, rng, accept, 0.0, 0.0))
    last = game.hands[-1]
    nxt = game.hand.dealer
    if last.thrown_in:
        what = "all four passed twice, so the hand was thrown in"
    else:
        assert last.maker is not None
        assert last.trump is not None
        won = _maker_tricks(last)
        what = (
            f"{last.maker.word} made {suit_words(last.trump)} trump"
            + (" alone" if last.alone else "")
            + f", and the makers took {won} trick{'s' if won != 1 else ''}"
        )
    why = f"The deal passes to the left after every hand: {last.dealer.word} dealt, so {nxt.word} deals next (R2.3)."
    if last.thrown_in:
        why += " A thrown-in hand passes the deal too (R4.2)."
    fb = {}
    for seat in Seat:
        if seat == nxt:
            fb[seat.word] = why
        elif seat == last.dealer:
            fb[seat.word] = (
                f"{seat.word} dealt this hand; nobody deals twice in a row, even after a throw-in (R2.3, R4.2)."
            )
        else:
            fb[seat.word] = f"The deal moves one seat to the left (clockwise), not to {seat.word} (R2.3)."
    return Question(
        prompt=f"{last.dealer.word} dealt this hand, and {what}. Who deals the next hand?",
        kind="single",
        choices=SEATS,
        answer=nxt.word,
        explanation=why,
        feedback=fb,
        rules=("R2.3", "R4.2") if last.thrown_in else ("R2.3",),
        record=last.to_record(),
    )


# ---- bidding (R3, R4) -------------------------------------------------------------------


def _round1_at(rng: random.Random, rules: Rules, passes: int) -> Hand:
    hand = _name_benny(_deal(rng, rules), rng)
    return _passes(hand, passes)


@_topic(
    "round-1",
    "Round 1: order up, assist, take it up",
    "It is a seat's turn in round 1: what does that seat say to accept the upcard's suit?",
    ("R3.1", "R3.3", "R4.1"),
    ("single",),
)
def _q_round1(rng: random.Random, rules: Rules) -> Question:
    hand = _round1_at(rng, rules, rng.randrange(4))
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    accept = ORDER_UP if ORDER_UP in legal else ORDER_UP_ALONE
    answer = action_words(s, seat, accept)
    words: dict[str, Seat] = {}
    for other in (hand.dealer.left, hand.dealer.partner, hand.dealer):
        words.setdefault(action_words(s, other, ORDER_UP), other)
    call = f"call {suit_words(s.proposed)}"
    choices = [*words, *([answer] if answer not in words else []), call]
    role = {hand.dealer: "the dealer", hand.dealer.partner: "the dealer's partner"}
    fb = {answer: bidding_options(hand)}
    for w, other in words.items():
        if w != answer:
            if ORDER_UP not in legal and action_words(s, seat, ORDER_UP) == w:
                fb[w] = illegal_action(s, ORDER_UP)
            else:
                fb[w] = (
                    f"'{w}' is what {role.get(other, 'an opponent of the dealer')} says. {seat.word} is "
                    f"{role.get(seat, 'an opponent of the dealer')} and says '{answer}': one action, three "
                    "names (R3.1)."
                )
    fb[call] = illegal_action(s, CALL + s.proposed)
    return Question(
        prompt=f"{_story(hand)} It is {seat.word}'s turn in round 1. What does {seat.word} say to make "
        f"{suit_words(s.proposed)} trump?",
        kind="single",
        choices=tuple(choices),
        answer=answer,
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.1", "R3.3", "R4.1") + (("R5.3",) if rules.canadian_loner else ()),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


@_topic(
    "dealer-discard",
    "The dealer's discard",
    "Trump was ordered up: which cards may the dealer discard after taking the upcard?",
    ("R3.2",),
    ("select-all",),
)
def _q_discard(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = _round1_at(rng, rules, rng.randrange(4))
        if Action(ORDER_UP) in hand.legal_actions():
            break
    hand = hand.apply(Action(ORDER_UP))
    s = hand.state
    dealer = hand.dealer
    held = hand.holding(dealer)
    legal = s.legal()
    ok = [c for c in held if DISCARD + c.index in legal]
    fb = {
        str(c): (
            f"The {c} may be discarded: the dealer discards any card but the upcard (R3.2)."
            if DISCARD + c.index in legal
            else illegal_action(s, DISCARD + c.index)
        )
        for c in held
    }
    return Question(
        prompt=f"{_story(hand)} {dealer.word} now holds six cards. Which cards may {dealer.word} discard? Select all.",
        kind="select-all",
        choices=tuple(str(c) for c in held),
        answer=tuple(str(c) for c in ok),
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.2",),
        cards=held,
        record=hand.to_record(),
    )


def _round2_question(rng: random.Random, rules: Rules, dealer_bias: float) -> Question:
    hand = _round1_at(rng, rules, 4)
    n = 3 if rng.random() < dealer_bias else rng.randrange(4)
    hand = _passes(hand, n)
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    options = [(PASS, "pass")] + [(CALL + x, f"call {suit_words(x)}") for x in range(4)]
    fb = {}
    for a, label in options:
        if a in legal:
            if a == PASS:
                fb[label] = (
                    f"{seat.word} may pass; the dealer passing too throws the hand in (R4.2)."
                    if seat == hand.dealer
                    else f"{seat.word} may pass (R4.1)."
                )
            else:
                fb[label] = f"{seat.word} may {label}: any suit but the turned-down one may be named (R4.1)."
        else:
            fb[label] = illegal_action(s, a)
    stick = ("R4.3",) if rules.stick_the_dealer else ()
    return Question(
        prompt=f"{_story(hand)} It is {seat.word}'s turn in round 2. Select everything {seat.word} may do "
        f"(each call may also be made alone).",
        kind="select-all",
        choices=tuple(label for _, label in options),
        answer=tuple(label for a, label in options if a in legal),
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.4", "R4.1", "R4.2", *stick),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


@_topic(
    "round-2",
    "Round 2: which suits may be named?",
    "All four passed and the upcard was turned down: what may the seat to act do now?",
    ("R3.4", "R4.1", "R4.2"),
    ("select-all",),
)
def _q_round2(rng: random.Random, rules: Rules) -> Question:
    return _round2_question(rng, rules, 0.3)


def _force(**fields: Any) -> Callable[[Rules, random.Random | None], Rules]:
    def forced(rules: Rules, rng: random.Random | None) -> Rules:
        return rules.replace(**fields)

    return forced


@_topic(
    "stick-the-dealer",
    "Stick the dealer",
    "With stick the dealer, the dealer may not pass at the end of round 2.",
    ("R4.1", "R4.3"),
    ("select-all",),
    variant="stick_the_dealer",
    forced=_force(stick_the_dealer=True),
)
def _q_stick(rng: random.Random, rules: Rules) -> Question:
    return _round2_question(rng, rules, 0.75)


# ---- who leads (R6.1) -------------------------------------------------------------------


def _leader_question(hand: Hand, extra: str = "") -> Question:
    leader = hand.to_act
    assert leader is not None
    why = leader_reason(hand)
    fb = {}
    for seat in Seat:
        if seat == leader:
            fb[seat.word] = why
        elif seat in hand.sitting_out:
            role = (
                "the loner's partner"
                if hand.maker is not None and seat == hand.maker.partner
                else "the lone defender's partner"
            )
            fb[seat.word] = f"{seat.word} is {role} and sits out this hand, so cannot lead (R5.1, R5.4). {why}"
        else:
            fb[seat.word] = f"Not {seat.word}. {why}"
    rules = ("R6.1",) + (("R5.1",) if hand.alone else ()) + (("R5.4",) if hand.lone_defender is not None else ())
    return Question(
        prompt=f"{_story(hand)} {extra}Who leads the first trick?",
        kind="single",
        choices=SEATS,
        answer=leader.word,
        explanation=why,
        feedback=fb,
        rules=rules,
        record=hand.to_record(),
    )


@_topic(
    "who-leads",
    "Who leads the first trick?",
    "The bidding is over, perhaps with someone going alone: who leads?",
    ("R6.1", "R5.1"),
    ("single",),
)
def _q_who_leads(rng: random.Random, rules: Rules) -> Question:
    hand = _loner(rng, rules) if rng.random() < 0.4 else _made(rng, rules, alone=0.0)
    return _leader_question(hand)


# ---- play (R6.2, R6.3) ------------------------------------------------------------------


def _trick_words(trick: Trick) -> str:
    return ", ".join(f"{s.word} {c}" for s, c in zip(trick.seats, trick.cards, strict=True))


@_topic(
    "legal-plays",
    "Which cards may be played?",
    "A trick has been led: select every card the player may play (follow the effective suit).",
    ("R1.3", "R6.2"),
    ("select-all",),
)
def _q_legal_plays(rng: random.Random, rules: Rules) -> Question:
    hand = _made(rng, rules)
    t = hand.trump
    assert t is not None
    plain: list[Hand] = []
    tricky: list[Hand] = []
    while not hand.is_over:
        trick = hand.current_trick
        seat = hand.to_act
        assert seat is not None and trick is not None
        held = hand.holding(seat)
        if trick.cards and len(held) >= 2:
            legal = hand.legal_actions()
            led = trick.cards[0]
            lb = left_bower(t)
            if len(legal) < len(held) and (
                lb in held
                or led == lb
                or any(c.suit == effective_suit(led, t) for c in held if is_trump(c, t) and c.suit != t)
            ):
                tricky.append(hand)
            elif len(legal) < len(held) or rng.random() < 0.3:
                plain.append(hand)
        hand = hand.apply(rng.choice(hand.legal_actions()))
    pool = tricky if tricky and (rng.random() < 0.7 or not plain) else plain or tricky
    if not pool:  # pragma: no cover - every hand has a trick with a choice to follow
        return _q_legal_plays(rng, rules)
    at = rng.choice(pool)
    seat = at.to_act
    trick = at.current_trick
    assert seat is not None and trick is not None
    held = at.holding(seat)
    led = trick.cards[0]
    legal_cards = [a.card for a in at.legal_actions()]
    reasons = play_reasons(held, t, led)
    led_suit = effective_suit(led, t)
    if len(legal_cards) == len(held):
        expl = f"{seat.word} holds no {led_suit.plural}, the suit led, so any card may be played (R6.2)."
    else:
        expl = (
            f"{seat.word} must follow {led_suit.plural}, the suit led, with "
            f"{' '.join(str(c) for c in legal_cards)}: follow the effective suit if able (R6.2)."
        )
    lb = left_bower(t)
    if lb in held or led == lb:
        expl += " " + card_reason(lb, t)
    return Question(
        prompt=f"{_made_sentence(at)} In this trick: {_trick_words(trick)}. Select every card {seat.word} may play.",
        kind="select-all",
        choices=tuple(str(c) for c in held),
        answer=tuple(str(c) for c in legal_cards if c is not None),
        explanation=expl,
        feedback={str(c): reasons[c] for c in held},
        rules=("R1.3", "R6.2"),
        cards=trick.cards,
        record=at.to_record(),
    )


def _trick_question(hand: Hand, rng: random.Random, prefer: Callable[[Trick], bool] | None = None) -> Question:
    t = hand.trump
    assert t is not None
    tricks = list(hand.tricks)

    def interesting(tr: Trick) -> bool:
        led = effective_suit(tr.cards[0], t)
        return (any(is_trump(c, t) for c in tr.cards) and led != t) or left_bower(t) in tr.cards

    pick = [tr for tr in tricks if (prefer or interesting)(tr)]
    trick = rng.choice(pick) if pick and (prefer is not None or rng.random() < 0.7) else rng.choice(tricks)
    assert trick.winner is not None
    win = trick.cards[trick.seats.index(trick.winner)]
    reasons = trick_card_reasons(trick.cards, trick.seats, t)
    return Question(
        prompt=f"{_made_sentence(hand)} {trick.leader.word} leads, and the trick goes {_trick_words(trick)}. "
        "Which card wins the trick?",
        kind="single",
        choices=tuple(str(c) for c in trick.cards),
        answer=str(win),
        explanation=trick_reason(trick.cards, trick.seats, t),
        feedback={str(c): reasons[c] for c in trick.cards},
        rules=("R1.3", "R6.3"),
        cards=trick.cards,
        record=hand.to_record(),
    )


@_topic(
    "trick-winner",
    "Who wins the trick?",
    "Four cards (or three, or two) have been played: which one wins?",
    ("R1.3", "R6.3"),
    ("single",),
)
def _q_trick_winner(rng: random.Random, rules: Rules) -> Question:
    hand = _play_random(_made(rng, rules, alone=0.1), rng)
    return _trick_question(hand, rng)


# ---- scoring and the game (R7, R8) ------------------------------------------------------


def _score_question(hand: Hand, rng: random.Random, team: Team, note: str = "") -> Question:
    assert hand.maker is not None
    makers = hand.maker.team
    won = _maker_tricks(hand)
    who = (
        "the makers" if team == makers else ("the lone defender" if hand.lone_defender is not None else "the defenders")
    )
    explanation = score_reason(hand) + " Only one side scores for a hand (R7.1)."
    rule_ids = ["R7.1"]
    if hand.rules.super_euchre and won == 0:
        rule_ids.append("R7.2")
    if hand.lone_defender is not None:
        rule_ids += ["R7.3", "R7.4"]
    return Question(
        prompt=f"{_story(hand)} {note}The makers, {makers.word}, took {won} trick{'s' if won != 1 else ''}. "
        f"How many points does {team.word} ({who}) score for this hand?",
        kind="number",
        choices=(),
        answer=hand.points[team],
        explanation=explanation,
        rules=tuple(rule_ids),
        record=hand.to_record(),
    )


def _target(rng: random.Random, outcomes: dict[str, float]) -> str:
    x = rng.random()
    for name, weight in outcomes.items():
        if x < weight:
            return name
        x -= weight
    return name


def _outcome_of(maker_tricks: int) -> str:
    won = maker_tricks
    return "march" if won == 5 else "made" if won >= 3 else "zero" if won == 0 else "euchred"


@_topic(
    "scoring",
    "Scoring a hand",
    "The hand is over: how many points does a side score (made, march, euchred, alone)?",
    ("R7.1",),
    ("number",),
)
def _q_scoring(rng: random.Random, rules: Rules) -> Question:
    start = _loner(rng, rules, defend=0.3) if rng.random() < 0.3 else _made(rng, rules, alone=0.0)
    goal = _target(rng, {"made": 0.35, "march": 0.3, "euchred": 0.2, "zero": 0.15})
    hand = _play_until(start, rng, goal)
    assert hand.maker is not None
    team = hand.maker.team if rng.random() < 0.6 else hand.maker.team.other
    return _score_question(hand, rng, team)


_STATES = (
    "North-South won",
    "East-West won",
    "North-South is in the barn",
    "East-West is in the barn",
    "both sides are in the barn",
    "nobody has won and nobody is in the barn",
)


def _game_answer(game: Game) -> str:
    if game.winner is not None:
        return f"{game.winner.word} won"
    barn = game.in_the_barn
    if len(barn) == 2:
        return _STATES[4]
    if barn:
        return f"{next(iter(barn)).word} is in the barn"
    return _STATES[5]


@_topic(
    "game-state",
    "The game: in the barn, who won?",
    "After a hand is scored: has a side won the game, or is a side in the barn?",
    ("R7.1", "R8.1", "R8.2", "R8.3"),
    ("single",),
)
def _q_game_state(rng: random.Random, rules: Rules) -> Question:
    if rules == Rules():
        rules = rules.replace(points_to_win=rng.choice((5, 7, 10)))
    target = rules.points_to_win
    mode = rng.random()
    stop_at = rng.randrange(1, 6)
    game = Game(rules, seed=rng.getrandbits(32), dealer=Seat(rng.randrange(4)))
    before = game.score
    while True:
        n = len(game.hands)
        prev = game.score
        while len(game.hands) == n and not game.is_over:
            game = game.apply(_bid_step(game.hand, rng, 0.3, 0.08, 0.3))
        before = prev
        if game.is_over:
            break
        if game.hands[-1].thrown_in:
            continue
        if mode < 0.45 and game.in_the_barn:
            break
        if 0.45 <= mode < 0.6 and len(game.hands) >= stop_at:
            break
    last = game.hands[-1]
    if last.thrown_in:
        what = "all four passed twice, and the hand was thrown in"
    else:
        assert last.maker is not None
        won = _maker_tricks(last)
        what = (
            f"{last.maker.word} made trump"
            + (" alone" if last.alone else "")
            + f" and the makers, {last.maker.team.word}, took {won} trick{'s' if won != 1 else ''}"
        )
    answer = _game_answer(game)
    why = game_reason(game)
    score = game.score
    fb: dict[str, str] = {}
    for label in _STATES:
        if label == answer:
            fb[label] = why
            continue
        team = Team.NS if label.startswith("North-South") else Team.EW if label.startswith("East-West") else None
        if team is not None and label.endswith("won"):
            fb[label] = f"{team.word} has {score[team]} points now: a side wins on reaching {target} (R8.2)."
        elif team is not None:
            fb[label] = (
                f"{team.word} has {score[team]} points now: in the barn means {target - 1}, one short of "
                f"{target} (R8.3)."
            )
        elif label == _STATES[4]:
            fb[label] = f"Both sides would need {target - 1} points, one short of {target} (R8.3)."
        else:
            fb[label] = f"A side with {target - 1} points is in the barn, and one with {target} has won (R8.2, R8.3)."
    return Question(
        prompt=f"A game to {target} points. Before this hand the score was North-South {before[Team.NS]}, "
        f"East-West {before[Team.EW]}. In this hand {what}. What is the state of the game now?",
        kind="single",
        choices=_STATES,
        answer=answer,
        explanation=(score_reason(last) + " " if not last.thrown_in else "") + why,
        feedback=fb,
        rules=("R7.1", "R8.1", "R8.2", "R8.3"),
        record=last.to_record(),
    )


# ---- variants ---------------------------------------------------------------------------


def _force_benny(rules: Rules, rng: random.Random | None) -> Rules:
    return rules if rules.benny else rules.replace(benny="joker")


@_topic(
    "benny",
    "The Benny",
    "UK Euchre's 25th card, the Benny: always the highest trump; turned up, the dealer names its suit.",
    ("R1.1", "R1.3", "R3.5", "R6.3"),
    ("order", "single"),
    variant="benny",
    forced=_force_benny,
)
def _q_benny(rng: random.Random, rules: Rules) -> Question:
    benny = Card.parse("Benny")
    x = rng.random()
    if x < 0.25:
        return _benny_turned_up(rng, rules)
    if x < 0.6:
        for _ in range(40):
            hand = _play_random(_made(rng, rules), rng)
            if any(benny in tr.cards for tr in hand.tricks):
                q = _trick_question(hand, rng, prefer=lambda tr: benny in tr.cards)
                return dataclasses.replace(q, rules=("R1.1", "R1.3", "R6.3"))
    q = _order_question(_made(rng, rules), rng, rules, must=[benny])
    return dataclasses.replace(q, rules=("R1.1", "R1.3"))


def _benny_turned_up(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = _deal(rng, rules)
        if hand.upcard.is_benny:
            break
    dealer, eldest = hand.dealer, hand.dealer.left
    names_first = hand.phase == Phase.BENNY and hand.to_act == dealer
    a = f"{dealer.word}, the dealer, names a suit for the Benny before looking at the hand"
    b = f"{eldest.word} orders it up or passes, as in any round 1"
    c = f"{dealer.word} takes the Benny and discards a card"
    d = "The Benny is buried and the next card is turned up"
    rule = (
        "When the Benny is turned up, the dealer first names the suit it proposes, without looking at the "
        "hand; round 1 then runs as normal with that suit, and a dealer who takes it up takes the Benny (R3.5)."
    )
    fb = {
        a: rule,
        b: "Not yet: round 1 needs a suit, and the Benny has none until the dealer names one (R3.5).",
        c: "Only if round 1 ends with the dealer taking it up; first the dealer names a suit (R3.5).",
        d: "The Benny stays the upcard; the dealer names a suit for it (R3.5).",
    }
    return Question(
        prompt=f"UK rules. {dealer.word} deals and turns up the Benny. What happens first?",
        kind="single",
        choices=(a, b, c, d),
        answer=a if names_first else b,
        explanation=rule,
        feedback=fb,
        rules=("R1.1", "R3.5"),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


_STEP_RULES = {
    Phase.DISCARD: "The dealer who picks up discards first (R3.2).",
    Phase.RAILROAD_GIVE: "Then the loner's partner passes one card of their choice, face down (R5.5).",
    Phase.RAILROAD_TAKE: "The loner takes it without looking at it, or declines it (R5.5).",
    Phase.RAILROAD_DISCARD: "A loner who took the card discards one, keeping five (R5.5).",
    Phase.DEFEND: "Only after the railroad may a defender declare to defend alone (R5.4, R5.5).",
    Phase.PLAY: "Play begins last, with the first lead (R6.1).",
}


@_topic(
    "railroad",
    "Railroad",
    "The loner's partner passes a card face down: put the steps in order.",
    ("R3.2", "R5.5", "R6.1"),
    ("order",),
    variant="railroad",
    forced=_force(railroad=True),
)
def _q_railroad(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = _name_benny(_deal(rng, rules), rng)
        if rng.random() < 0.6:
            hand = _passes(hand, rng.randrange(4)).apply(Action(ORDER_UP_ALONE))
        else:
            hand = _passes(hand, 4 + rng.randrange(4))
            hand = hand.apply(rng.choice([a for a in hand.legal_actions() if a.alone]))
        made = hand
        steps: list[tuple[Phase, str]] = []
        while hand.phase != Phase.PLAY:
            seat = hand.to_act
            assert seat is not None and hand.maker is not None
            a = _bid_step(hand, rng, 0.0, 0.0, 0.4)
            loner, partner = hand.maker.word, hand.maker.partner.word
            label = {
                Phase.DISCARD: f"{seat.word}, the dealer, discards a card",
                Phase.RAILROAD_GIVE: f"{partner} passes {loner} a card face down",
                Phase.RAILROAD_TAKE: f"{loner} {'takes' if a.kind == 'take' else 'declines'} the card without looking at it",
                Phase.RAILROAD_DISCARD: f"{loner} discards a card",
                Phase.DEFEND: f"{seat.word} may defend alone",
            }[hand.phase]
            steps.append((hand.phase, label))
            hand = hand.apply(a)
        leader = hand.to_act
        assert leader is not None
        steps.append((Phase.PLAY, f"{leader.word} leads the first trick"))
        if len(steps) >= 3:
            break
    answer = tuple(label for _, label in steps)
    fb = {label: _STEP_RULES[ph] for ph, label in steps}
    expl = " ".join(dict.fromkeys(_STEP_RULES[ph] for ph, _ in steps))
    return Question(
        prompt=f"Railroad is on. {_story(made)} Put what happens next in order.",
        kind="order",
        choices=_shuffled(rng, answer, answer),
        answer=answer,
        explanation=expl,
        feedback=fb,
        rules=("R3.2", "R5.5", "R6.1") + (("R5.4",) if any(ph == Phase.DEFEND for ph, _ in steps) else ()),
        record=hand.to_record(),
    )


def _force_defend(rules: Rules, rng: random.Random | None) -> Rules:
    if rules.defend_alone:
        return rules
    points = (4, 4) if rng is None else rng.choice(((4, 4), (1, 4)))
    return rules.replace(defend_alone=True, lone_defender_points=points)


@_topic(
    "defend-alone",
    "Defending alone",
    "Against a loner a defender may play alone too: how many points does the lone defender score?",
    ("R5.4", "R7.3", "R7.4"),
    ("number",),
    variant="defend_alone",
    forced=_force_defend,
)
def _q_defend_alone(rng: random.Random, rules: Rules) -> Question:
    while True:
        start = _loner(rng, rules, defend=0.9)
        if start.lone_defender is not None:
            break
    goal = _target(rng, {"euchred": 0.45, "zero": 0.3, "made": 0.15, "march": 0.1})
    hand = _play_until(start, rng, goal)
    assert hand.lone_defender is not None
    ldp = rules.lone_defender_points
    note = f"House rule: a lone defender scores {ldp[0]} for 3 or 4 tricks and {ldp[1]} for all 5. "
    team = hand.lone_defender.team if rng.random() < 0.75 else hand.lone_defender.team.other
    q = _score_question(hand, rng, team, note)
    return dataclasses.replace(q, rules=("R5.4", "R7.1", "R7.3", "R7.4"))


@_topic(
    "super-euchre",
    "Super euchre",
    "Makers who take no trick give the defenders 4 points.",
    ("R7.1", "R7.2"),
    ("number",),
    variant="super_euchre",
    forced=_force(super_euchre=True),
)
def _q_super_euchre(rng: random.Random, rules: Rules) -> Question:
    start = _loner(rng, rules, defend=0.3) if rng.random() < 0.2 else _made(rng, rules, alone=0.0)
    goal = _target(rng, {"zero": 0.6, "euchred": 0.25, "made": 0.15})
    hand = _play_until(start, rng, goal)
    assert hand.maker is not None
    team = hand.maker.team.other if rng.random() < 0.8 else hand.maker.team
    q = _score_question(hand, rng, team, "Super euchre is on. ")
    return dataclasses.replace(q, rules=("R7.1", "R7.2") + (("R7.4",) if hand.lone_defender is not None else ()))


@_topic(
    "canadian-loner",
    "Canadian loner",
    "The dealer's partner who assists in round 1 must go alone.",
    ("R3.1", "R5.3"),
    ("select-all",),
    variant="canadian_loner",
    forced=_force(canadian_loner=True),
)
def _q_canadian(rng: random.Random, rules: Rules) -> Question:
    hand = _round1_at(rng, rules, 1 if rng.random() < 0.7 else rng.randrange(4))
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    options = [
        (PASS, "pass"),
        (ORDER_UP, action_words(s, seat, ORDER_UP)),
        (ORDER_UP_ALONE, action_words(s, seat, ORDER_UP_ALONE)),
    ]
    fb = {}
    for a, label in options:
        if a not in legal:
            fb[label] = illegal_action(s, a)
        elif a == PASS:
            fb[label] = f"{seat.word} may pass (R3.1)."
        elif a == ORDER_UP:
            fb[label] = f"{seat.word} is not the dealer's partner, so may '{label}' with a partner (R3.1, R5.3)."
        else:
            fb[label] = f"{seat.word} may '{label}': going alone is declared with the making action (R5.1)."
    return Question(
        prompt=f"Canadian loner is on. {_story(hand)} It is {seat.word}'s turn in round 1. "
        f"Select everything {seat.word} may do.",
        kind="select-all",
        choices=tuple(label for _, label in options),
        answer=tuple(label for a, label in options if a in legal),
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.1", "R5.1", "R5.3"),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


def _force_pickup(rules: Rules, rng: random.Random | None) -> Rules:
    if rng is None:
        return rules
    return rules.replace(dealer_picks_up_for_partner_loner=rng.random() < 0.5)


@_topic(
    "partner-alone",
    "The dealer's partner goes alone",
    "When the dealer's partner assists alone, what happens to the upcard?",
    ("R3.2", "R5.1", "R5.2"),
    ("single",),
    variant="dealer_picks_up_for_partner_loner",
    forced=_force_pickup,
)
def _q_partner_alone(rng: random.Random, rules: Rules) -> Question:
    hand = _round1_at(rng, rules, 1)
    dealer, partner, up = hand.dealer, hand.dealer.partner, hand.upcard
    after = hand.apply(Action(ORDER_UP_ALONE))
    picks_up = after.phase == Phase.DISCARD
    a = f"{dealer.word}, the dealer, adds the {up} to the hand and discards a card, then sits out"
    b = f"The {up} is dead: {dealer.word} sits out and does not pick it up"
    c = f"{partner.word}, the loner, takes the {up} and discards a card"
    rule = (
        "With the house rule dealer_picks_up_for_partner_loner (as OpenSpiel plays), the dealer picks up and "
        "discards first anyway, then sits out (R5.2)."
        if picks_up
        else "The dealer sits out with the loner's partner's cards face down and does not pick up: the upcard is dead (R5.1, R5.2)."
    )
    fb = {
        a: rule if picks_up else f"Not with these rules. {rule}",
        b: rule if not picks_up else f"Not with these rules. {rule}",
        c: f"The upcard only ever goes to the dealer (R3.2); the loner plays the cards dealt. {rule}",
    }
    house = (
        "Rules: as OpenSpiel plays them (dealer_picks_up_for_partner_loner)."
        if rules.dealer_picks_up_for_partner_loner
        else "Rules: standard."
    )
    return Question(
        prompt=f"{house} {_story(after)} What happens to the upcard?",
        kind="single",
        choices=(a, b, c),
        answer=a if picks_up else b,
        explanation=rule,
        feedback=fb,
        rules=("R3.2", "R5.1", "R5.2"),
        cards=Cards([up]),
        record=after.to_record(),
    )


def _force_lead(rules: Rules, rng: random.Random | None) -> Rules:
    if rng is None:
        return rules
    lead = rng.choice(("left_of_loner", "left_of_dealer"))
    return rules.replace(loner_lead=lead, defend_alone=rules.defend_alone or rng.random() < 0.35)


@_topic(
    "loner-lead",
    "Who leads against a loner?",
    "Both loner-lead rules, and a lone defender: who leads the first trick?",
    ("R5.1", "R5.4", "R6.1"),
    ("single",),
    variant="loner_lead",
    forced=_force_lead,
)
def _q_loner_lead(rng: random.Random, rules: Rules) -> Question:
    hand = _loner(rng, rules, defend=0.6)
    rule = (
        "the player on the loner's left leads"
        if rules.loner_lead == "left_of_loner"
        else "the player on the dealer's left leads, even against a loner"
    )
    return _leader_question(hand, f"Loner lead rule: {rule}. ")


TOPICS: tuple[str, ...] = tuple(_TOPICS)
"""The topic names, in teaching order."""


def topics_markdown() -> str:
    """The topics as a Markdown table (name, title, kinds, rules, description), for docs.

    >>> print(topics_markdown().splitlines()[2])
    | `left-bower` | Which card is the left bower? | single | R1.2 R1.3 | Trump has just been made; pick the left bower, the jack of the same colour as trump. |
    """
    rows = ["| topic | title | kinds | rules | what it asks |", "|---|---|---|---|---|"]
    for t in topics():
        variant = f" (variant: `{t.variant}`)" if t.variant else ""
        rows.append(
            f"| `{t.name}` | {t.title} | {', '.join(t.kinds)} | {' '.join(t.rules)} | {t.description}{variant} |"
        )
    return "\n".join(rows)


# ---- practice: endless questions with score and streak (the model behind the widget) ----


class Practice:
    """Endless practice from one topic or a mix, with score and streak; the model the practice
    widget shows. Answering a question twice counts once.

    ``progress`` is a :class:`~euchre_learn.progress.Progress` (or a path to one), ``None``
    for the learner's progress file, or ``False`` to keep nothing. With ``bank`` (a
    :class:`Bank`, a list of questions, or a path to a bank file) the questions come from the
    bank, each once in a shuffled order before any repeats; ``topics`` then picks among the
    bank's topics.

    >>> p = Practice('left-bower', seed=1, progress=False)
    >>> fb = p.answer(p.question.answer)
    >>> fb.correct, p.score, p.asked, p.streak
    (True, 1, 1, 1)
    >>> p.answer('J♣') is fb, p.asked          # a second answer does not count again
    (True, 1)
    >>> q = p.next(); p.asked, p.answered
    (1, False)
    """

    def __init__(
        self,
        topics: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        rules: Rules | str | dict[str, Any] | None = None,
        progress: Progress | str | os.PathLike[str] | bool | None = None,
        bank: Bank | Sequence[Question] | str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(bank, (str, os.PathLike)):
            bank = load_bank(bank)
        self.bank: tuple[Question, ...] | None = None if bank is None else tuple(bank)
        if self.bank is not None and not self.bank:
            raise QuizError("the bank has no questions to practise")
        known = TOPICS if self.bank is None else tuple(dict.fromkeys(q.topic for q in self.bank))
        if topics is None:
            chosen = known
        elif isinstance(topics, str):
            chosen = (topics,)
        else:
            chosen = tuple(topics)
        if not chosen:
            raise QuizError("Practice needs at least one topic")
        for name in chosen:
            if self.bank is None:
                topic(name)
            elif name not in known:
                raise QuizError(f"{name!r} is not a topic of this bank: its topics are {', '.join(map(repr, known))}")
        self.topics: tuple[str, ...] = chosen
        self._queue: list[Question] = []
        self.rules = None if rules is None else Rules.from_value(rules)
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self._rng = random.Random(f"euchre-learn/practice/{self.seed}")
        if progress is None or progress is True:
            from .progress import Progress

            self.progress: Progress | None = Progress()
        elif progress is False:
            self.progress = None
        elif isinstance(progress, (str, os.PathLike)):
            from .progress import Progress

            self.progress = Progress(progress)
        else:
            self.progress = progress
        self.asked = 0
        self.score = 0
        self.streak = 0
        self.best_streak = 0
        self.feedback: Feedback | None = None
        self.question: Question = self._make()
        self._shown = time.monotonic()

    def _make(self) -> Question:
        if self.bank is not None:
            self._queue = [q for q in self._queue if q.topic in self.topics]
            if not self._queue:
                self._queue = [q for q in self.bank if q.topic in self.topics]
                self._rng.shuffle(self._queue)
            return self._queue.pop()
        name = self._rng.choice(self.topics)
        return generate(name, self._rng.getrandbits(32), rules=self.rules)

    @property
    def answered(self) -> bool:
        """True once the current question has been answered."""
        return self.feedback is not None

    def next(self) -> Question:
        """Move on to a new question (an unanswered one is skipped, not counted)."""
        self.question = self._make()
        self.feedback = None
        self._shown = time.monotonic()
        return self.question

    def answer(self, response: object) -> Feedback:
        """Grade ``response`` to the current question and count it, once. Answering again
        returns the first feedback and changes nothing. A response that is not an answer
        raises :class:`QuizError` and counts nothing."""
        if self.feedback is not None:
            return self.feedback
        fb = self.question.check(response)
        self.feedback = fb
        self.asked += 1
        if fb.correct:
            self.score += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        if self.progress is not None:  # also a review in the practice schedule, timed from when it was shown
            self.progress.record(self.question.topic, fb.correct, seconds=time.monotonic() - self._shown)
        return fb

    @property
    def warnings(self) -> list[str]:
        """Problems with the progress file, in words (shown by the widget)."""
        return [] if self.progress is None else list(self.progress.warnings)

    def links(self) -> list[tuple[str, str]]:
        """The rules the current question practises, as (rule id, link into docs/rules.md)."""
        return [(r, rule_link(r)) for r in self.question.rules]

    def __repr__(self) -> str:
        return f"<Practice {'mixed' if len(self.topics) > 1 else self.topics[0]}: {self.score}/{self.asked}, streak {self.streak}>"

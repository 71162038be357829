"""Dealing and driving the engine to a situation worth asking about, and the words for it:
the helpers every subject's topics share."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from euchre_learn.engine.actions import ORDER_UP_ALONE, PASS, PLAY, Action
from euchre_learn.engine.cards import Card, Seat, Suit
from euchre_learn.engine.core import PLAY_PHASE, bits
from euchre_learn.engine.explain import (
    action_words,
    make_word,
    suit_words,
)
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import trick_winner

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


def _outcome_of(maker_tricks: int) -> str:
    won = maker_tricks
    return "march" if won == 5 else "made" if won >= 3 else "zero" if won == 0 else "euchred"


def _target(rng: random.Random, outcomes: dict[str, float]) -> str:
    x = rng.random()
    for name, weight in outcomes.items():
        if x < weight:
            return name
        x -= weight
    return name


def _force(**fields: Any) -> Callable[[Rules, random.Random | None], Rules]:
    def forced(rules: Rules, rng: random.Random | None) -> Rules:
        return rules.replace(**fields)

    return forced

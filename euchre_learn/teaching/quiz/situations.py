"""Dealing and driving the engine to a situation worth asking about, and the words for it:
the helpers every subject's topics share (public: the subject modules import them)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
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


def deal_hand(rng: random.Random, rules: Rules) -> Hand:
    """A fresh deal under ``rules``: the dealer and the shuffle drawn from ``rng``."""
    return Hand.deal(Seat(rng.randrange(4)), rules, seed=rng.getrandbits(32))


def bid_step(hand: Hand, rng: random.Random, accept: float, alone: float, defend: float) -> Action:
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
        if Action(act.PASS) in legal:
            return Action(act.PASS)
        return rng.choice(makes or alones)
    if phase == Phase.DEFEND:
        return Action.parse("defend alone") if rng.random() < defend else Action(act.PASS)
    return rng.choice(legal)


def _bid(hand: Hand, rng: random.Random, accept: float = 0.3, alone: float = 0.1, defend: float = 0.4) -> Hand:
    while hand.phase not in (Phase.PLAY, Phase.OVER):
        hand = hand.apply(bid_step(hand, rng, accept, alone, defend))
    return hand


def made_hand(rng: random.Random, rules: Rules, accept: float = 0.3, alone: float = 0.1, defend: float = 0.4) -> Hand:
    """A hand whose bidding is over and whose play is about to begin (thrown-in deals are dealt again)."""
    while True:
        hand = _bid(deal_hand(rng, rules), rng, accept, alone, defend)
        if not hand.thrown_in:
            return hand


def name_benny(hand: Hand, rng: random.Random) -> Hand:
    """``hand`` after the dealer names a suit for a turned-up Benny (at random), if one was turned up."""
    if hand.phase == Phase.BENNY:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def pass_times(hand: Hand, n: int) -> Hand:
    """``hand`` after ``n`` passes."""
    for _ in range(n):
        hand = hand.apply("pass")
    return hand


def loner_hand(rng: random.Random, rules: Rules, defend: float = 0.5) -> Hand:
    """A hand where someone goes alone, driven to the first lead."""
    while True:
        hand = name_benny(deal_hand(rng, rules), rng)
        if rng.random() < 0.6:
            hand = pass_times(hand, rng.randrange(4))
            hand = hand.apply(Action(act.ORDER_UP_ALONE))
        else:
            hand = pass_times(hand, 4 + rng.randrange(4))
            hand = hand.apply(rng.choice([a for a in hand.legal_actions() if a.alone]))
        hand = _bid(hand, rng, defend=defend)
        if not hand.thrown_in:
            return hand


def play_random(hand: Hand, rng: random.Random) -> Hand:
    """``hand`` played to the end, each action drawn at random from the legal ones."""
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def play_until(start: Hand, rng: random.Random, goal: str, tries: int = 60) -> Hand:
    """Random play to the end: of up to ``tries`` random playouts from ``start`` (searched on
    the fast core ``State``), the first whose outcome is ``goal`` (see :func:`_outcome_of`),
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
            a = Action(act.PLAY + r.choice(bits(s.play_mask())))
        else:
            a = Action(r.choice(s.legal()))
        s.apply(a.id)
        hand = hand.apply(a)
    return hand


def maker_tricks(hand: Hand) -> int:
    """The tricks the makers' side has won so far."""
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


def story(hand: Hand, *, play: bool = False) -> str:
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


def made_sentence(hand: Hand) -> str:
    """'West orders it up: ♥ hearts are trump.'"""
    assert hand.trump is not None and hand.maker is not None
    for seat, action in hand.history:
        if action.kind in ("order up", "call"):
            return f"{seat.word} {_said(hand, seat, action)}: {suit_words(hand.trump)} are trump."
    return f"{suit_words(hand.trump)} are trump."  # pragma: no cover


def shuffled(rng: random.Random, items: Sequence[str], avoid: Sequence[str]) -> tuple[str, ...]:
    """``items`` in a random order that differs from ``avoid`` (when it can)."""
    out = list(items)
    for _ in range(10):
        rng.shuffle(out)
        if out != list(avoid) or len(out) < 2:
            break
    return tuple(out)


def strength_order(items: Sequence[Card], trump: Suit) -> list[Card]:
    """Cards of one effective suit, strongest first, by asking the engine which wins a
    two-card trick."""

    def cmp(a: Card, b: Card) -> int:
        return -1 if trick_winner([a, b], trump) == 0 else 1

    return sorted(items, key=functools.cmp_to_key(cmp))


SEATS = tuple(s.word for s in Seat)


def _outcome_of(maker_tricks: int) -> str:
    won = maker_tricks
    return "march" if won == 5 else "made" if won >= 3 else "zero" if won == 0 else "euchred"


def pick_outcome(rng: random.Random, outcomes: dict[str, float]) -> str:
    """One of ``outcomes`` (name → weight, the weights summing to 1), drawn with ``rng``."""
    x = rng.random()
    for name, weight in outcomes.items():
        if x < weight:
            return name
        x -= weight
    return name


def force_rules(**fields: Any) -> Callable[[Rules, random.Random | None], Rules]:
    """A topic's ``forced``: the rules it is asked under, with ``fields`` turned on."""

    def forced(rules: Rules, rng: random.Random | None) -> Rules:
        return rules.replace(**fields)

    return forced

"""A pre-play policy (bid, go alone) learned by counterfactual regret minimisation.

Monte Carlo CFR with **external sampling** (Lanctot, Waugh, Zinkevich and Bowling, 2009): each
iteration deals a hand and, for each seat in turn (the *traverser*), walks the bidding: at the
traverser's own decisions every action is tried on the same deal, at everyone else's one action
is drawn from the current strategy. Each leaf (trump made, or the hand thrown in) is played out
by the 'standard' bot, and the traverser's side's points are its value. Regret matching turns
each decision's summed regrets into the next strategy; the policy is the average strategy.

The decisions are grouped by a **trump-relative abstraction** (:func:`infoset`), so that what is
learned about a hand serves every hand like it:

* round 1: the seat's place at the table (left of the dealer, the dealer's partner, right of
  the dealer, the dealer), the upcard's rank (the right bower, an ace/king/queen, a ten/nine),
  and the seat's holding in the upcard's suit (for the dealer: with the upcard picked up);
* round 2: the seat's place, whether its best suit is *next* (the turned-down suit's colour
  mate) and its holding in that suit (the suit :func:`~euchre_learn.analysis.bots.hand_value`
  rates highest).

A holding is: how many trumps (the left bower counted), whether the right bower is among them,
how many of the left bower and the ace of trump, how many kings and queens of trump, off-suit
aces (0, 1, 2 or more) and off-suit voids (0, 1, 2 or more). The actions are pass, make trump
(order up, take up, or call the suit) and go alone. In training the dealer's discard is the
standard bot's (:func:`~euchre_learn.analysis.bots.best_discard`).

The policy covers the rules it was trained with (RULES.md's defaults, :func:`covers`); it ignores
the score. ``tools/train_cfr.py`` trains it and writes ``data/cfr_bidding.json``; :func:`policy` reads it.
``benchmarks/bench_cfr.py`` measures it in duplicate against the standard bot's bidding and the
expert's sampled bidding.

>>> import random, euchre_learn as el
>>> from euchre_learn.engine import core
>>> state = core.deal(el.Rules(), 3, random.Random(5))    # East bids first, the J♠ turned up
>>> key, moves = infoset(state)
>>> key, [el.Action(a) for a in moves]
('1|0|0|2.0.1.1.0.1', [Action.parse('pass'), Action.parse('order up'), Action.parse('order up alone')])
>>> describe(key)
'round 1, left of the dealer, the upcard the right bower; 2 trumps: no right bower, the left bower or the ace, 1 king or queen; no side ace, 1 void'
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from euchre_learn.analysis.bots import Bot, best_discard, get, hand_value
from euchre_learn.analysis.bots.bidding import alone_blocked
from euchre_learn.analysis.expert_rules import LONER_LOSERS, loner_allowed, one_trump_call, strong_order
from euchre_learn.analysis.sampling import finish
from euchre_learn.engine import act
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.core import BID1, BID2, OVER, State, bits, deal
from euchre_learn.engine.explain import action_words
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import POWER, SUIT_MASK

__all__ = ["ACTIONS", "PolicyBot", "Trainer", "covers", "describe", "holding", "infoset", "policy", "policy_action"]

ACTIONS = ("pass", "make", "alone")
"""The abstract actions, in the order of every strategy's three numbers."""
PLACES = ("left of the dealer", "the dealer's partner", "right of the dealer", "the dealer")
UPCARDS = ("the right bower", "an ace, king or queen", "a ten or nine")
DATA = "cfr_bidding.json"
TRAINED = Rules()
"""The rules the policy was trained with (:func:`covers`)."""
ALONE_LOSERS = LONER_LOSERS
"""The expert samples loners, and the policy goes alone, only when
:func:`~euchre_learn.analysis.expert_rules.loner_allowed` lets a club player weigh one: three
trumps with the right bower or four trumps, and at most this many losers by
:func:`~euchre_learn.analysis.bots.march_losers` (at 3, the policy's loners on two trumps and the
expert's sampled loner beside two bare side kings came through: issue 35)."""
MIN_VISITS = 200
"""A hand the training met fewer times than this is left to the bot's own bidding: its average
strategy is mostly the first iterations' guesses."""


def covers(state: State) -> bool:
    """Whether the policy speaks for this decision: a bid under the rules it was trained with (the
    defaults of RULES.md; any target score and packets). A stuck dealer (R4.3), a Canadian loner
    (R5.3) or a lone defender (R5.4) changes what a bid is worth, so those tables bid without it.

    >>> from euchre_learn.engine import core
    >>> import random
    >>> covers(core.deal(Rules(points_to_win=5), 0, random.Random(1)))
    True
    >>> covers(core.deal(Rules(stick_the_dealer=True), 0, random.Random(1)))
    False
    """
    return state.phase in (BID1, BID2) and _trained_under(state.rules)


@cache
def _trained_under(rules: Rules) -> bool:
    """Whether ``rules`` are the trained ones but for the target score and the packets (asked at
    every bid, so kept per rules rather than rebuilt)."""
    return dataclasses.replace(rules, points_to_win=TRAINED.points_to_win, deal_packets=TRAINED.deal_packets) == TRAINED


def holding(mask: int, t: int) -> str:
    """The trump-relative summary of a hand with ``t`` trump: trumps, the right bower (1 or 0),
    the left bower and the ace of trump (how many), kings and queens of trump, off-suit aces (at
    most 2) and off-suit voids (at most 2).

    >>> from euchre_learn.engine.cards import cards
    >>> hand = sum(1 << c.index for c in cards('J♥ J♦ A♥ 9♥ A♣'))
    >>> holding(hand, 2)       # hearts trump: four trumps, the right, the left and the ace, an ace beside, two voids
    '4.1.2.0.1.2'
    """
    trumps = mask & SUIT_MASK[t][t]
    power = [POWER[t][c] for c in bits(trumps)]
    aces = sum(1 for s in range(4) if s != t and mask >> (s * 6 + 5) & 1)  # an ace is never a bower
    voids = sum(1 for s in range(4) if s != t and not mask & SUIT_MASK[t][s])
    right = int(16 in power)
    top = sum(1 for p in power if p in (14, 15))
    mid = sum(1 for p in power if p in (12, 13))
    return f"{len(power)}.{right}.{top}.{mid}.{min(aces, 2)}.{min(voids, 2)}"


def _place(state: State) -> int:
    return (state.to_act - state.dealer - 1) & 3


def _best_suit(state: State) -> int:
    hand = state.hands[state.to_act]
    down = state.turned_down
    return max((t for t in range(4) if t != down), key=lambda t: (hand_value(hand, t), -t))


def infoset(state: State) -> tuple[str, list[int]]:
    """The abstraction's key for the bid to make in ``state``, and the engine action of each of
    pass, make and alone (``-1`` where that one is not legal)."""
    key, moves, _hand, _t = _view(state)
    return key, moves


def _view(state: State) -> tuple[str, list[int], int, int]:
    """:func:`infoset`, and the five cards it judged with the trump suit it judged them for."""
    legal = set(state.legal())
    place = _place(state)
    hand = state.hands[state.to_act]
    if state.phase == BID1:
        t, up = state.proposed, state.upcard
        if place == 3:
            hand |= 1 << up
            hand &= ~(1 << best_discard(hand, t, 1 << up))
        power = POWER[t][up]
        upclass = 0 if power == 16 else 1 if power >= 12 else 2
        key = f"1|{place}|{upclass}|{holding(hand, t)}"
        moves = [act.PASS, act.ORDER_UP, act.ORDER_UP_ALONE]
    else:
        t = _best_suit(state)
        nxt = int(t == 3 - state.turned_down)
        key = f"2|{place}|{nxt}|{holding(hand, t)}"
        moves = [act.PASS, act.CALL + t, act.CALL_ALONE + t]
    return key, [a if a in legal else -1 for a in moves], hand, t


def _matching(regret: list[float], moves: list[int]) -> list[float]:
    """Regret matching over the legal moves: positive regrets, normalised (uniform if none)."""
    pos = [max(r, 0.0) if m >= 0 else 0.0 for r, m in zip(regret, moves, strict=True)]
    total = sum(pos)
    if total > 0:
        return [p / total for p in pos]
    n = sum(1 for m in moves if m >= 0)
    return [1.0 / n if m >= 0 else 0.0 for m in moves]


class Trainer:
    """External-sampling MCCFR over the abstraction (see the module docs). ``regret`` and
    ``average`` map each key to three numbers (pass, make, alone)."""

    def __init__(self, seed: int = 0, player: Bot | None = None) -> None:
        self.rng = random.Random(seed)
        self.player = player or get("standard", seed=seed)
        self.regret: dict[str, list[float]] = {}
        self.average: dict[str, list[float]] = {}
        self.iterations = 0

    def run(self, iterations: int, progress: Callable[[int], None] | None = None) -> None:
        """``iterations`` more deals, every seat a traverser on each."""
        for _ in range(iterations):
            state = deal(TRAINED, self.rng.randrange(4), self.rng)
            play_seed = self.rng.getrandbits(32)
            for traverser in range(4):
                self._walk(state.copy(), traverser, play_seed)
            self.iterations += 1
            if progress is not None:
                progress(self.iterations)

    def _walk(self, s: State, traverser: int, play_seed: int) -> float:
        if s.phase not in (BID1, BID2):
            return self._value(s, traverser, play_seed)
        key, moves = infoset(s)
        regret = self.regret.setdefault(key, [0.0, 0.0, 0.0])
        sigma = _matching(regret, moves)
        if s.to_act == traverser:
            values = [0.0, 0.0, 0.0]
            for i, m in enumerate(moves):
                if m >= 0:
                    child = s.copy()
                    child.apply(m)
                    values[i] = self._walk(child, traverser, play_seed)
            v = sum(p * x for p, x in zip(sigma, values, strict=True))
            for i, m in enumerate(moves):
                if m >= 0:
                    regret[i] += values[i] - v
            return v
        avg = self.average.setdefault(key, [0.0, 0.0, 0.0])
        for i in range(3):
            avg[i] += sigma[i]
        i = self.rng.choices(range(3), weights=sigma)[0]
        s.apply(moves[i])
        return self._walk(s, traverser, play_seed)

    def _value(self, s: State, traverser: int, play_seed: int) -> float:
        """The traverser's side's points once the bidding is over, played out by the standard bot."""
        if s.phase != OVER:
            finish(s, self.player, self.player, random.Random(play_seed))
        sc = s.score
        if sc is None:  # thrown in
            return 0.0
        return float(sc.makers - sc.defenders if s.maker & 1 == traverser & 1 else sc.defenders - sc.makers)

    def strategy(self) -> dict[str, list[float]]:
        """The average strategy at every key seen, rounded to three places, and how many times
        it was met (as another seat's decision: the average strategy's weight)."""
        out = {}
        for key in sorted(self.average):
            total = sum(self.average[key])
            if total > 0:
                out[key] = [*(round(x / total, 3) for x in self.average[key]), round(total)]
        return out

    def save(self, path: Path) -> None:
        """Write the policy (and how it was made) as JSON; nothing in it depends on the machine's speed."""
        doc = {
            "method": "external-sampling MCCFR (Lanctot et al. 2009), regret matching, the average strategy",
            "abstraction": "trump-relative: round|place|upcard or next|trumps.right.left-and-ace.kings-queens.aces.voids",
            "min_visits": MIN_VISITS,
            "actions": list(ACTIONS),
            "iterations": self.iterations,
            "rules": "the plain game (RULES.md defaults)",
            "policy": self.strategy(),
        }
        path.write_text(_dump(doc), encoding="utf-8")


def _dump(doc: dict[str, Any]) -> str:
    """The policy's JSON, one abstract hand a line (to read and to diff)."""
    head = json.dumps({k: v for k, v in doc.items() if k != "policy"}, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in doc["policy"].items())
    return f'{head},\n "policy": {{\n{rows}\n }}\n}}\n'


@cache
def policy() -> dict[str, Any]:
    """The trained policy shipped with the package (``data/cfr_bidding.json``)."""
    text = resources.files("euchre_learn.analysis").joinpath("data", DATA).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def policy_action(state: State, no_alone: bool = False) -> tuple[int, list[float], str] | None:
    """The policy's bid in ``state``: the legal action with the highest average probability
    (ties to the safer one) once the club player's gate (:func:`gate`) has moved the shares it
    refuses, those three shares and the key; ``None`` when the policy does not cover the decision
    or the training met its key fewer than :data:`MIN_VISITS` times.

    ``no_alone``: going alone is not an option (the score makes a loner pointless, R7.1)."""
    if not covers(state):
        return None
    key, moves, hand, t = _view(state)
    row = policy()["policy"].get(key)
    if row is None or row[3] < MIN_VISITS:
        return None
    weights = gate(state, moves, hand, t, row[:3], no_alone)
    legal = [i for i, m in enumerate(moves) if m >= 0 and weights[i] > 0] or [i for i, m in enumerate(moves) if m >= 0]
    i = max(legal, key=lambda j: (weights[j], -j))
    return moves[i], weights, key


def gate(
    state: State, moves: list[int], hand: int, t: int, probs: Sequence[float], no_alone: bool = False
) -> list[float]:
    """The policy's three shares (pass, make, alone) after the bids no club player makes are
    refused (issue 35's scan of the shipped policy, :func:`absurd`):

    * a loner on a hand :func:`~euchre_learn.analysis.expert_rules.loner_allowed` refuses (two
      trumps, three without the right bower, more than :data:`ALONE_LOSERS` losers), or where
      ``no_alone``: its share goes to making trump with the partner (a hand worth a loner is
      worth making trump with);
    * making trump on one trump or none: its share goes to the pass;
    * a pass in round 1 holding the right bower and two of the left, the ace and the king
      (:func:`~euchre_learn.analysis.expert_rules.strong_order`): its share goes to making
      trump.
    """
    w = list(probs)  # each check only where it would move a share: the same shares, fewer checks
    if w[2] and (no_alone or not loner_allowed(hand, t)):
        w = [w[0], w[1] + w[2], 0.0]
    if w[1] and moves[1] >= 0 and one_trump_call(state, moves[1]):
        w = [w[0] + w[1], 0.0, w[2]]
    if w[0] and state.phase == BID1 and strong_order(state):
        w = [0.0, w[1] + w[0], w[2]]
    return [round(x, 3) for x in w]


def absurd(min_visits: int = MIN_VISITS) -> dict[str, list[str]]:
    """The keys of the shipped policy met ``min_visits`` times or more whose most likely bid no
    club player makes, by kind: ``'thin loner'`` (alone on two trumps, or three without the right
    bower), ``'one trump'`` (making trump on one trump) and ``'strong pass'`` (a round-1 pass with
    the right bower and two more of the top trumps, or the right, the left or ace, and a king or
    queen). :func:`gate` refuses every one of them.

    >>> {kind: len(keys) for kind, keys in absurd().items()}
    {'thin loner': 114, 'one trump': 23, 'strong pass': 7}
    """
    out: dict[str, list[str]] = {"thin loner": [], "one trump": [], "strong pass": []}
    for key, row in policy()["policy"].items():
        if row[3] < min_visits:
            continue
        rnd, _place, _third, hold = key.split("|")
        n, right, top, mid, _aces, _voids = (int(x) for x in hold.split("."))
        best = max(range(3), key=lambda i: row[i])
        if best == 2 and (n <= 2 or (n == 3 and not right)):
            out["thin loner"].append(key)
        if best == 1 and n <= 1:
            out["one trump"].append(key)
        if best == 0 and rnd == "1" and right and top >= 1 and top + mid >= 2:
            out["strong pass"].append(key)
    return out


LEFT_AND_ACE = ("neither the left bower nor the ace", "the left bower or the ace", "the left bower and the ace")
DOES = ("passes", "makes trump with its partner", "goes alone")
"""What each abstract action is, in words."""


def policy_words(state: State, action: int, probs: list[float], key: str) -> str:
    """The sentence for a bid the policy chose (``probs``: the shares after :func:`gate`); where the
    gate overruled what was learned, the club player's rule it kept."""
    who = Seat(state.to_act).word
    n = policy()["iterations"]
    learned = policy()["policy"][key][:3]
    share = ", ".join(f"{does} {p:.0%}" for does, p in zip(DOES, learned, strict=True) if p >= 0.005)
    text = (
        f"{who} chooses to {action_words(state, state.to_act, action)}: with hands like this one "
        f"({describe(key)}), the bidding it learned by counterfactual regret minimisation over {n:,} deals "
        f"{share} of the time"
    )
    chosen = max(range(3), key=lambda i: (probs[i], -i))
    if max(range(3), key=lambda i: (learned[i], -i)) != chosen:
        text += f"; {_gate_words(state, chosen)}"
    return text + "."


def _gate_words(state: State, chosen: int) -> str:
    """Why :func:`gate` overruled the learned share, given the action it chose (0 pass, 1 make)."""
    if chosen == 0:
        return "but a club player does not make trump on one trump, and neither does this bot"
    if state.phase == BID1 and strong_order(state):
        return (
            "but with the right bower and two more of the top trumps a club player orders it up "
            "(the convention), and so does this bot"
        )
    return "but a club player goes alone only on three trumps with the right bower or four, so this bot makes trump with its partner"


class PolicyBot(Bot):
    """``base`` with its bids taken from the CFR policy where the policy covers them
    (:func:`policy_action`); the discard, the play and everything else are ``base``'s."""

    def __init__(self, base: str = "standard", seed: Any = None) -> None:
        super().__init__(seed)
        self.base = get(base, seed=self.seed)
        self.name = f"cfr-{base}"

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        got = policy_action(state, bool(alone_blocked(score, state.to_act, state.rules.points_to_win)))
        if got is None:
            return self.base.decide(state, rng, why, score)
        if why is not None:
            why.append(policy_words(state, *got))
        return got[0]


def describe(key: str) -> str:
    """The key in words.

    >>> describe('1|0|0|2.0.1.1.0.1')
    'round 1, left of the dealer, the upcard the right bower; 2 trumps: no right bower, the left bower or the ace, 1 king or queen; no side ace, 1 void'
    """
    rnd, place, third, hold = key.split("|")
    n, right, top, mid, aces, voids = (int(x) for x in hold.split("."))
    where = f"the upcard {UPCARDS[int(third)]}" if rnd == "1" else ("next" if third == "1" else "not next")

    def count(k: int, one: str, many: str, capped: bool = False) -> str:
        return "no " + one if k == 0 else f"1 {one}" if k == 1 else f"{k}{'+' if capped else ''} {many}"

    return (
        f"round {rnd}, {PLACES[int(place)]}, {where}; {count(n, 'trump', 'trumps')}: "
        f"{'the' if right else 'no'} right bower, {LEFT_AND_ACE[top]}, "
        f"{count(mid, 'king or queen', 'kings and queens')}; {count(aces, 'side ace', 'side aces', True)}, "
        f"{count(voids, 'void', 'voids', True)}"
    )

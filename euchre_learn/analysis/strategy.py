"""Rules of thumb, each checked by the engine: the lessons' "What good players do" boxes.

A rule of thumb says that in some situation one choice beats another ("order up with three
trumps", "don't trump your partner's winning card"). Each one here is an experiment: deals
are shuffled until the situation comes up, the two choices are both tried *on the same
deal*, and the standard bot plays every seat from there to the end of the hand. The gain is
the choice's points for the chooser's side, minus the other choice's, per hand, with a 95%
interval (1.96 standard errors each way). A rule is **supported** only when every row that
makes a claim has its whole interval on the claimed side of zero; otherwise the box says
the numbers do not confirm it.

Playing thousands of hands takes a minute, so the results for the lessons' sample sizes are
kept in ``data/strategy_findings.json`` beside this module and :func:`finding` reads them; the
file is written by ``python -m euchre_learn.analysis.strategy`` and the tests re-derive it.
The same ``seed`` and ``samples`` always give the same numbers.

>>> f = finding('partner-winner')
>>> f.supported, f.groups[0].gain.low > 0
(True, True)
>>> small = compute('lead-trump', samples=8, seed=1)
>>> small == compute('lead-trump', samples=8, seed=1), small.groups[0].n
(True, 8)
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from euchre_learn.analysis.findings import Estimate, Finding, Group
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.core import BID1, BID2, OVER, PLAY_PHASE, State, bits, deal
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import EFFECTIVE, POWER, SUIT_MASK, winner_index

__all__ = ["RULES", "Claim", "claims", "compute", "finding"]

CACHE = Path(__file__).with_name("data") / "strategy_findings.json"
SAMPLES = 600
"""Deals per row in the lessons' boxes: intervals of about ±0.1 to ±0.2 points."""

N, E, S, W = 0, 1, 2, 3
_JACK, _ACE = 2, 5
_STANDARD = Rules()


# ---- the experiments ----------------------------------------------------------------------


def _trumps(hand: int, t: int) -> list[int]:
    return bits(hand & SUIT_MASK[t][t])


def _bowers(t: int) -> tuple[int, int]:
    return t * 6 + _JACK, (3 - t) * 6 + _JACK


def _off_aces(hand: int, t: int) -> int:
    return sum(1 for c in bits(hand) if c < 24 and c % 6 == _ACE and EFFECTIVE[t][c] != t)


def _shape(hand: int, t: int) -> tuple[int, bool, bool, int]:
    """Trumps held, the right bower?, the left bower?, off-suit aces."""
    tr = _trumps(hand, t)
    right, left = _bowers(t)
    return len(tr), right in tr, left in tr, _off_aces(hand, t)


Chooser = Callable[[State], int]
Situation = Callable[[State, random.Random], bool]
"""Advances a freshly dealt state to the decision (in place); False when the deal does not fit."""


def _bot() -> Any:
    from euchre_learn.analysis.bots import get

    return get("standard", seed=0)


def _finish(state: State, bot: Any, rng: random.Random) -> None:
    while state.phase != OVER:
        state.apply(bot.act_state(state, rng))


def _points(state: State, team: int) -> int:
    if state.score is None:  # thrown in
        return 0
    p = state.score.makers - state.score.defenders
    return p if state.maker & 1 == team else -p


At = Callable[[State], bool]
"""Whether the seat to act in a position (any dealer) is in a row's situation: :func:`claims`."""


# round 1, South deals: the seat to decide holds a hand of some shape in the upcard's suit
def _round1(seat: int, fits: Callable[[int, int], bool], jack_up: bool = False) -> tuple[Situation, At]:
    def situation(state: State, rng: random.Random) -> bool:
        t = state.upcard // 6
        if (state.upcard % 6 == _JACK) != jack_up or not fits(state.hands[seat], t):
            return False
        while state.to_act != seat:
            state.apply(act.PASS)
        return True

    def at(state: State) -> bool:
        return (
            state.phase == BID1
            and (state.to_act - state.dealer) % 4 == (seat - S) % 4
            and (state.upcard % 6 == _JACK) == jack_up
            and fits(state.hands[state.to_act], state.upcard // 6)
        )

    return situation, at


def _bots_until(pred: Callable[[State], bool]) -> tuple[Situation, At]:
    """The standard bots bid and play until ``pred`` holds for the seat to act."""

    def situation(state: State, rng: random.Random) -> bool:
        bot = _bot()
        while state.phase != OVER:
            if at(state):
                return True
            state.apply(bot.act_state(state, rng))
        return False

    def at(state: State) -> bool:
        return state.phase == PLAY_PHASE and not state.alone and pred(state)

    return situation, at


def _next_situation(state: State, rng: random.Random) -> bool:
    """Everyone passes round 1 of their own accord (the bots decide), and eldest holds as many
    trumps in *next* as in one of the other two suits: two each."""
    bot = _bot()
    while state.phase == BID1:
        a = bot.act_state(state, rng)
        if a != act.PASS:
            return False
        state.apply(a)
    return _next_at(state)


def _next_at(state: State) -> bool:
    return state.phase == BID2 and state.to_act == (state.dealer + 1) % 4 and _cross_suit(state) is not None


_NEXT = (_next_situation, _next_at)


def _cross_suit(state: State) -> int | None:
    down = state.turned_down
    nxt = 3 - down
    hand = state.hands[state.to_act]
    count = len(_trumps(hand, nxt))
    if count != 2:
        return None
    same = [s for s in range(4) if s not in (down, nxt) and len(_trumps(hand, s)) == count]
    return same[0] if same else None


def _call_next(state: State) -> int:
    return act.CALL + 3 - state.turned_down


def _call_cross(state: State) -> int:
    cross = _cross_suit(state)
    assert cross is not None  # the situation guarantees one
    return act.CALL + cross


def _holding(state: State) -> tuple[int, int]:
    return state.hands[state.to_act], state.trump


def _lead_top_trump(state: State) -> int:
    hand, t = _holding(state)
    return act.PLAY + max(_trumps(hand, t), key=lambda c: POWER[t][c])


def _lead_top_off(state: State) -> int:
    hand, t = _holding(state)
    return act.PLAY + max((c for c in bits(hand) if EFFECTIVE[t][c] != t), key=lambda c: POWER[t][c])


def _leading_with_both(makers: bool) -> Callable[[State], bool]:
    def pred(state: State) -> bool:
        if state.trick or (state.to_act & 1 == state.maker & 1) != makers or state.tricks:
            return False
        hand, t = _holding(state)
        tr = _trumps(hand, t)
        return len(tr) >= 2 and len(tr) < len(bits(hand))

    return pred


def _partner_winning_void(state: State) -> bool:
    if len(state.trick) < 2:
        return False
    hand, t = _holding(state)
    if state.trick_seats[winner_index(state.trick, t)] != (state.to_act + 2) & 3:
        return False
    led = EFFECTIVE[t][state.trick[0]]
    tr = _trumps(hand, t)
    return led != t and not hand & SUIT_MASK[t][led] and bool(tr) and len(tr) < len(bits(hand))


def _throw_off(state: State) -> int:
    hand, t = _holding(state)
    return act.PLAY + min((c for c in bits(hand) if EFFECTIVE[t][c] != t), key=lambda c: POWER[t][c])


def _trump_low(state: State) -> int:
    hand, t = _holding(state)
    return act.PLAY + min(_trumps(hand, t), key=lambda c: POWER[t][c])


def _second_hand(trump_led: bool) -> Callable[[State], bool]:
    """Second to play; can follow both above and below the card led."""

    def pred(state: State) -> bool:
        if len(state.trick) != 1:
            return False
        hand, t = _holding(state)
        lead = state.trick[0]
        if (EFFECTIVE[t][lead] == t) != trump_led:
            return False
        follow = bits(hand & SUIT_MASK[t][EFFECTIVE[t][lead]])
        return any(POWER[t][c] > POWER[t][lead] for c in follow) and any(POWER[t][c] < POWER[t][lead] for c in follow)

    return pred


def _follow(pick: Callable[..., int]) -> Chooser:
    def choose(state: State) -> int:
        hand, t = _holding(state)
        return act.PLAY + pick(bits(hand & SUIT_MASK[t][EFFECTIVE[t][state.trick[0]]]), key=lambda c: POWER[t][c])

    return choose


@dataclass(frozen=True)
class _Row:
    label: str
    where: tuple[Situation, At]
    """How to reach the situation from a fresh deal, and how to recognise it in any position."""
    choice: tuple[str, Chooser]
    versus: tuple[str, Chooser]
    claim: int

    @property
    def situation(self) -> Situation:
        return self.where[0]


def _const(a: int) -> Chooser:
    return lambda state: a


_ORDER = ("order up", _const(act.ORDER_UP))
_PASS = ("pass", _const(act.PASS))
_ALONE = ("order up alone", _const(act.ORDER_UP_ALONE))


def _three(h: int, t: int) -> bool:
    return _shape(h, t)[0] == 3


def _two_bower_ace(h: int, t: int) -> bool:
    n, right, left, aces = _shape(h, t)
    return n == 2 and (right or left) and aces >= 1


def _one(h: int, t: int) -> bool:
    return _shape(h, t)[0] == 1


def _both_bowers_ace(h: int, t: int) -> bool:
    n, right, left, aces = _shape(h, t)
    return n == 3 and right and left and aces >= 1


def _four_with_right(h: int, t: int) -> bool:
    n, right, _, _ = _shape(h, t)
    return n == 4 and right


def _three_one_bower(h: int, t: int) -> bool:
    n, right, left, _ = _shape(h, t)
    return n == 3 and right != left


_EXPERIMENTS: dict[str, tuple[str, str, tuple[_Row, ...]]] = {
    "order-up": (
        "Order up (assist) with about three trumps; with two, a bower among them, and an ace of another suit, usually (about two deals in three); with one trump, pass.",
        "The dealer, your partner, gets the upcard: one more trump for your side. Rows: the dealer's partner, after eldest passed.",
        (
            _Row("three trumps", _round1(N, _three), _ORDER, _PASS, +1),
            _Row("two trumps, one a bower, and an off ace", _round1(N, _two_bower_ace), _ORDER, _PASS, +1),
            _Row("one trump", _round1(N, _one), _ORDER, _PASS, -1),
        ),
    ),
    "bower-to-dealer": (
        "Don't order a bower into the opponents' dealer: when the jack is turned up and the dealer is on the "
        "other side, pass with the hands you would otherwise order up with.",
        "As eldest, you give the upcard to the other side's dealer: a jack turned up becomes their right bower.",
        (
            _Row("eldest, three trumps, a small card turned up", _round1(W, _three), _ORDER, _PASS, 0),
            _Row("eldest, three trumps, the jack turned up", _round1(W, _three, jack_up=True), _ORDER, _PASS, -1),
            _Row(
                "eldest, two trumps with a bower and an off ace, the jack turned up",
                _round1(W, _two_bower_ace, jack_up=True),
                _ORDER,
                _PASS,
                -1,
            ),
        ),
    ),
    "next": (
        "In round 2, eldest calls next (the suit of the same colour as the turned-down one) rather than a suit "
        "of the other colour held just as long.",
        "Rows: deals where all four passed round 1 of their own accord, eldest holding two cards of next and two of another suit.",
        (
            _Row(
                "eldest, two of next and two of another suit",
                _NEXT,
                ("call next", _call_next),
                ("call the other suit", _call_cross),
                +1,
            ),
        ),
    ),
    "lead-trump": (
        "Lead trump when your side made it (usually: in about one deal in four another lead is better); when the other side made it, lead something else.",
        "Leading trump pulls the defenders' trumps, so your aces are not trumped later. Rows: the first lead, holding two trumps or more.",
        (
            _Row(
                "your side made trump",
                _bots_until(_leading_with_both(True)),
                ("lead your highest trump", _lead_top_trump),
                ("lead your best other card", _lead_top_off),
                +1,
            ),
            _Row(
                "the other side made trump",
                _bots_until(_leading_with_both(False)),
                ("lead your highest trump", _lead_top_trump),
                ("lead your best other card", _lead_top_off),
                -1,
            ),
        ),
    ),
    "partner-winner": (
        "Don't trump your partner's winning card: throw off a low card of another suit instead (usually: in about one deal in four another card is better).",
        "The trick is your side's already; a trump spent on it cannot win another.",
        (
            _Row(
                "partner is winning, you have none of the suit led",
                _bots_until(_partner_winning_void),
                ("throw off your lowest other card", _throw_off),
                ("trump with your lowest trump", _trump_low),
                +1,
            ),
        ),
    ),
    "second-hand-low": (
        "Second hand low: second to play, follow with a low card and leave the trick to your partner (in Euchre only two or three deals in four).",
        "A saying from other card games; here second hand can follow above or below the card led.",
        (
            _Row(
                "another suit led",
                _bots_until(_second_hand(False)),
                ("follow low", _follow(min)),
                ("follow high", _follow(max)),
                +1,
            ),
            _Row(
                "trump led",
                _bots_until(_second_hand(True)),
                ("follow low", _follow(min)),
                ("follow high", _follow(max)),
                +1,
            ),
        ),
    ),
    "loner": (
        "Go alone with both bowers, another trump and an off ace, or four trumps with the right bower; with three trumps and one bower, usually keep your partner (about three deals in four).",
        "A loner's march scores 4 instead of 2; euchred, it gives away 2. Rows: eldest ordering up in round 1.",
        (
            _Row("both bowers, one more trump and an off ace", _round1(W, _both_bowers_ace), _ALONE, _ORDER, +1),
            _Row("four trumps with the right bower", _round1(W, _four_with_right), _ALONE, _ORDER, +1),
            _Row("three trumps, one of them a bower", _round1(W, _three_one_bower), _ALONE, _ORDER, -1),
        ),
    ),
}

RULES: tuple[str, ...] = tuple(_EXPERIMENTS)
"""The rules of thumb, in the order the lessons meet them."""


@dataclass(frozen=True)
class Claim:
    """A row of a rule of thumb that speaks in a position: the rule says ``choice`` beats
    ``versus`` here (``claim`` +1) or loses to it (-1)."""

    rule: str
    label: str
    choice: Action
    versus: Action
    claim: int


def claims(hand: Hand) -> tuple[Claim, ...]:
    """The rows of the rules of thumb (:data:`RULES`) whose situation the seat to act in ``hand``
    is in, with the two choices as actions; rows shown only for comparison are left out. The
    benchmark ``python -m benchmarks thumbs`` asks the coach about each.

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♥ 10♥ Q♥ A♣ 9♠', 'E': 'K♥ 9♦ A♦ K♣ 10♣',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♦ K♦ 10♦'}, upcard='A♥')
    >>> [(c.rule, c.label, str(c.choice), str(c.versus)) for c in claims(hand.apply('pass'))]
    [('order-up', 'three trumps', 'order up', 'pass')]
    """
    state = hand.state
    if state.phase not in (BID1, BID2, PLAY_PHASE) or hand.rules != _STANDARD:
        return ()
    out = []
    for rule, (_, _, rows) in _EXPERIMENTS.items():
        for row in rows:
            if row.claim and row.where[1](state):
                a, b = Action(row.choice[1](state)), Action(row.versus[1](state))
                if a != b:
                    out.append(Claim(rule, row.label, a, b, row.claim))
    return tuple(out)


def _rule(rule: str) -> tuple[str, str, tuple[_Row, ...]]:
    if rule not in _EXPERIMENTS:
        raise ValueError(f"{str(rule)[:40]!r} is not a rule of thumb: choose one of {', '.join(RULES)}")
    return _EXPERIMENTS[rule]


def _run(row: _Row, rule: str, samples: int, seed: int) -> Group:
    rng = random.Random(f"euchre-learn/strategy/{rule}/{row.label}/{seed}")
    bot = _bot()
    gains: list[float] = []
    mine: list[float] = []
    theirs: list[float] = []
    made = 0
    as_makers = 0
    tries = 0
    bidding = True
    while len(gains) < samples:
        tries += 1
        if tries > 2000 * samples:  # pragma: no cover - every situation here is common enough
            raise RuntimeError(f"the situation {row.label!r} came up too rarely to measure")
        state = deal(_STANDARD, S, rng)
        play_seed = rng.getrandbits(32)
        if not row.situation(state, random.Random(play_seed)):
            continue
        team = state.to_act & 1
        bidding = state.phase in (BID1, BID2)
        values = []
        for k, (_, choose) in enumerate((row.choice, row.versus)):
            s = state.copy()
            s.apply(choose(s))
            _finish(s, bot, random.Random(play_seed ^ 0x5EED))
            values.append(_points(s, team))
            if k == 0 and s.score is not None and s.maker & 1 == team:
                as_makers += 1
                made += s.score.makers > 0
        mine.append(values[0])
        theirs.append(values[1])
        gains.append(values[0] - values[1])
    rate = None
    if bidding and as_makers >= 2:
        p = made / as_makers
        rate = Estimate(p, 1.96 * math.sqrt(p * (1 - p) / as_makers), as_makers)
    return Group(
        row.label,
        row.choice[0],
        row.versus[0],
        row.claim,
        samples,
        Estimate.of(mine),
        Estimate.of(theirs),
        Estimate.of(gains),
        rate,
    )


def _check(samples: int, seed: int) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise ValueError(f"samples must be a whole number of deals, 2 or more, not {str(samples)[:20]!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {str(seed)[:20]!r}")


@lru_cache(maxsize=64)
def compute(rule: str, samples: int = SAMPLES, seed: int = 0) -> Finding:
    """Run the experiment for ``rule`` (one of :data:`RULES`): ``samples`` deals per row, played
    out by the standard bot under the standard rules. Slow for large ``samples`` (a few
    milliseconds a deal); :func:`finding` reads the stored results instead."""
    advice, why, rows = _rule(rule)
    _check(samples, seed)
    groups = tuple(_run(row, rule, samples, seed) for row in rows)
    return Finding(rule, advice, why, groups, samples, seed)


def _from_json(data: dict[str, Any]) -> Finding:
    def est(d: dict[str, Any] | None) -> Estimate | None:
        return None if d is None else Estimate(d["mean"], d["half"], d["n"])

    groups = []
    for g in data["groups"]:
        cp, vp, gain = est(g["choice_points"]), est(g["versus_points"]), est(g["gain"])
        assert cp is not None and vp is not None and gain is not None
        groups.append(
            Group(g["label"], g["choice"], g["versus"], g["claim"], g["n"], cp, vp, gain, est(g["make_rate"]))
        )
    return Finding(data["id"], data["advice"], data["why"], tuple(groups), data["samples"], data["seed"])


@lru_cache(maxsize=1)
def _stored() -> dict[str, Finding]:
    if not CACHE.exists():
        return {}
    raw = json.loads(CACHE.read_text(encoding="utf-8"))
    return {k: _from_json(v) for k, v in raw.items()}


def finding(rule: str, samples: int = SAMPLES, seed: int = 0) -> Finding:
    """What the engine found for ``rule``: from the stored results when they were computed with
    this ``samples`` and ``seed`` and the rule still reads the same, else :func:`compute`."""
    advice, why, rows = _rule(rule)
    _check(samples, seed)
    got = _stored().get(rule)
    if (
        got is not None
        and (got.samples, got.seed, got.advice, got.why) == (samples, seed, advice, why)
        and [(g.label, g.claim) for g in got.groups] == [(r.label, r.claim) for r in rows]
    ):
        return got
    return compute(rule, samples, seed)


def write(path: Path = CACHE, samples: int = SAMPLES, seed: int = 0) -> None:
    """Recompute every rule and store the results (``python -m euchre_learn.analysis.strategy``)."""
    data = {rule: asdict(compute(rule, samples, seed)) for rule in RULES}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    _stored.cache_clear()


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    write()
    for r in RULES:
        f = finding(r)
        print(r, "supported" if f.supported else "NOT supported", [str(g.gain) for g in f.groups], file=sys.stderr)

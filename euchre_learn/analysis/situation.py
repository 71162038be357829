"""The situation of a decision, named as a player would name it.

:func:`situation` reads a :class:`~euchre_learn.engine.hand.Hand` for the seat to act and says
where it stands: the bidding round and the seat's place in it, the dealer's discard, or in the
play its role (maker, the maker's partner, defender, loner, against a loner, lone defender), its
place in the trick, what was led, who is winning, whether it can follow and whether it can win.

Each :class:`Situation` has a ``key`` (short, stable: positions that differ only in cards that
do not change these facts share it), a ``name`` in a player's words and a coarser ``family``
for dashboards and practice schedules. The review and the convention book
(:mod:`euchre_learn.analysis.convention_book`) file decisions under these keys.

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
>>> situation(hand).name
'Bidding round 1 · first to speak (left of the dealer)'
>>> hand = hand.apply('pass').apply('order up').apply('discard 9♣')
>>> hand = hand.apply('play K♦').apply('play Q♦').apply('play A♦')
>>> s = situation(hand)
>>> s.key, s.family
('play.partner.last.side.opp.void-trump.win', 'follow-makers')
>>> s.name
"Following · the maker's partner · last to play · a side suit led · an opponent winning · void in the led suit, holding trump · can win"

"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_learn.analysis.table_facts import ROLES, Facts
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.errors import type_error
from euchre_learn.engine.hand import Hand, Phase

__all__ = ["FAMILIES", "Situation", "key_matches", "name_of", "situation"]

FAMILIES = {
    "bid1": "Bidding, round 1",
    "bid2": "Bidding, round 2",
    "discard": "The dealer's discard",
    "lead-makers": "Leading, on the side that made trump",
    "lead-defenders": "Leading, on defence",
    "follow-makers": "Following, on the side that made trump",
    "follow-defenders": "Following, on defence",
    "loner-extras": "Loner extras: the Benny, the railroad, defending alone",
}
"""Every family, with its words."""

_BID_SEAT = {1: "eldest", 2: "partner", 3: "third", 4: "dealer"}
_BID1_WORDS = {
    1: "first to speak (left of the dealer)",
    2: "second to speak (the dealer's partner)",
    3: "third to speak (right of the dealer)",
    4: "the dealer",
}
_BID2_WORDS = {
    1: "first to speak (left of the dealer: next is yours to call)",
    2: "second to speak (the dealer's partner)",
    3: "third to speak (right of the dealer)",
    4: "the dealer",
}
_POSITIONS = {
    "lead1": "opening lead",
    "lead": "leading",
    "2nd": "second to play",
    "3rd": "third to play",
    "last": "last to play",
}
_DISCARD = {
    "own": "you took it up",
    "partner": "your partner ordered it up",
    "opp": "an opponent ordered you up",
    "own-alone": "you took it up alone",
    "partner-alone": "your partner ordered it up alone (you sit out after the discard)",
    "opp-alone": "an opponent ordered you up alone",
}
_EXTRAS = {
    "benny": "The Benny is turned up · name its suit",
    "railroad.give": "Railroad · give your partner, the loner, one card",
    "railroad.take": "Railroad · take partner's card or decline it",
    "railroad.discard": "Railroad · discard one card",
    "defend-alone": "Against a loner · defend alone or let partner play",
}
_LED = {"trump": "trump led", "side": "a side suit led"}
_WINNING = {
    "partner": "partner winning",
    "partner-ruff": "partner winning with a trump",
    "opp": "an opponent winning",
    "opp-ruff": "an opponent winning with a trump",
}
_FOLLOW = {
    "follow": "following suit",
    "void-trump": "void in the led suit, holding trump",
    "void": "void in the led suit",
}


@dataclass(frozen=True)
class Situation:
    """Where the seat to act stands. ``key``, ``name`` and ``family`` are the API; the other
    fields are the facts the key is made of (``None`` where they do not apply)."""

    key: str
    name: str
    family: str
    seat: Seat
    phase: str
    role: str
    bid_seat: int | None = None
    """1 (left of the dealer) to 4 (the dealer), in the bidding."""
    stuck: bool = False
    position: str | None = None
    """``'lead1'`` (the opening lead), ``'lead'``, ``'2nd'``, ``'3rd'`` or ``'last'``."""
    led: str | None = None
    """``'trump'`` or ``'side'``."""
    winning: str | None = None
    """``'partner'``, ``'partner-ruff'``, ``'opp'`` or ``'opp-ruff'``."""
    follow: str | None = None
    """``'follow'``, ``'void-trump'`` or ``'void'``."""
    can_win: bool | None = None

    def __str__(self) -> str:
        return self.name

    def matches(self, pattern: str) -> bool:
        """Whether the key matches ``pattern``, a key whose parts may be ``*`` (any one part) and
        which may end in ``**`` (any further parts).

        >>> s = Situation('play.maker.lead', 'Leading', 'lead-makers', Seat.S, 'play', 'maker')
        >>> s.matches('play.*.lead'), s.matches('play.**'), s.matches('play.defender.**')
        (True, True, False)
        """
        return key_matches(self.key, pattern)


def key_matches(key: str, pattern: str) -> bool:
    """:meth:`Situation.matches` on a bare key."""
    parts, want = key.split("."), pattern.split(".")
    if want and want[-1] == "**":
        want = want[:-1]
        if len(parts) < len(want):
            return False
        parts = parts[: len(want)]
    if len(parts) != len(want):
        return False
    return all(w == "*" or w == p for p, w in zip(parts, want, strict=True))


def situation(hand: Hand, seat: Seat | str | None = None) -> Situation:
    """The situation of the seat to act in ``hand`` (or of ``seat``, whose turn it need not be:
    a seat that is not to act is named by its role only, e.g. a loner's partner sitting out).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> hand = hand.apply('order up alone').apply('discard 9♣')
    >>> situation(hand).name
    'Leading · defending against a loner · opening lead'
    >>> situation(hand, 'E').key
    'seat.sitting-out'
    """
    if not isinstance(hand, Hand):
        raise type_error("situation", hand, "a Hand, the position with the seat to act (el.Hand.deal(...))")
    if seat is not None:
        who = Seat.parse(seat)
        if who != hand.to_act:
            facts = Facts(hand, who)
            role = facts.role(who)
            return Situation(f"seat.{role}", ROLES[role].capitalize(), "seat", who, hand.phase.name.lower(), role)
    f = Facts(hand)
    phase = f.phase
    if phase == Phase.PLAY:
        return _play(f)
    if phase in (Phase.ROUND_1, Phase.ROUND_2):
        return _bid(f)
    if phase == Phase.DISCARD:
        return _discard(f)
    return _extras(f)


def _bid(f: Facts) -> Situation:
    rnd = 1 if f.phase == Phase.ROUND_1 else 2
    n = f.bid_seat
    key = f"bid{rnd}.{_BID_SEAT[n]}" + (".stuck" if f.stuck else "")
    return Situation(
        key, _bid_name(rnd, n, f.stuck), f"bid{rnd}", f.seat, f"bid{rnd}", "bidder", bid_seat=n, stuck=f.stuck
    )


def _bid_name(rnd: int, n: int, stuck: bool) -> str:
    words = "the dealer, stuck: you must name a suit" if stuck else (_BID1_WORDS if rnd == 1 else _BID2_WORDS)[n]
    return f"Bidding round {rnd} · {words}"


def _discard(f: Facts) -> Situation:
    maker = f.maker
    assert maker is not None
    who = "own" if maker == f.seat else "partner" if maker == f.seat.partner else "opp"
    if f.alone:
        who += "-alone"
    return Situation(
        f"discard.{who}", f"Dealer's discard · {_DISCARD[who]}", "discard", f.seat, "discard", f.role(f.seat)
    )


def _extras(f: Facts) -> Situation:
    phase = f.phase
    if phase == Phase.BENNY:
        return Situation("benny", _EXTRAS["benny"], "loner-extras", f.seat, "benny", "bidder")
    role = f.role(f.seat)
    if phase == Phase.RAILROAD_GIVE:
        key = "railroad.give"
    elif phase == Phase.RAILROAD_TAKE:
        key = "railroad.take"
    elif phase == Phase.RAILROAD_DISCARD:
        key = "railroad.discard"
    else:
        key = "defend-alone"
    return Situation(key, _EXTRAS[key], "loner-extras", f.seat, phase.name.lower(), role)


def _play(f: Facts) -> Situation:
    role = f.role(f.seat)
    side = "makers" if f.makers_side else "defenders"
    if f.leading:
        pos = "lead1" if f.trick_number == 1 else "lead"
        name = _lead_name(role, pos)
        return Situation(f"play.{role}.{pos}", name, f"lead-{side}", f.seat, "play", role, position=pos)
    p = f.position
    pos = "last" if f.last else ("2nd" if p == 1 else "3rd")
    led_card = f.led
    assert led_card is not None and f.winner is not None
    led = "trump" if f.is_trump(led_card) else "side"
    win_card, win_seat = f.winner
    winning = "partner" if f.is_partner(win_seat) else "opp"
    if led == "side" and f.is_trump(win_card):
        winning += "-ruff"
    if not f.void_in_led:
        follow = "follow"
    elif f.trumps():
        follow = "void-trump"
    else:
        follow = "void"
    can = f.can_win
    key = f"play.{role}.{pos}.{led}.{winning}.{follow}.{'win' if can else 'nowin'}"
    name = _follow_name(role, pos, led, winning, follow, can)
    return Situation(
        key,
        name,
        f"follow-{side}",
        f.seat,
        "play",
        role,
        position=pos,
        led=led,
        winning=winning,
        follow=follow,
        can_win=can,
    )


def _lead_name(role: str, pos: str) -> str:
    return f"Leading · {ROLES[role]} · {_POSITIONS[pos]}"


def _follow_name(role: str, pos: str, led: str, winning: str, follow: str, can: bool) -> str:
    words = (_POSITIONS[pos], _LED[led], _WINNING[winning], _FOLLOW[follow], "can win" if can else "cannot win")
    return " · ".join((f"Following · {ROLES[role]}", *words))


def name_of(key: str) -> str:
    """The name of the situation with ``key``, in a player's words: what :attr:`Situation.name`
    says for every position filed under it (a dashboard shows a stored key this way).

    >>> name_of('bid2.dealer.stuck')
    'Bidding round 2 · the dealer, stuck: you must name a suit'
    >>> name_of('play.vs-loner.lead1')
    'Leading · defending against a loner · opening lead'
    >>> name_of('bid3.dealer')
    Traceback (most recent call last):
    ...
    ValueError: key: got 'bid3.dealer': expected a situation's key such as 'bid1.eldest' or 'play.maker.lead1'
    """
    parts = key.split(".") if isinstance(key, str) else []
    seats = {v: k for k, v in _BID_SEAT.items()}
    try:
        head = parts[0]
        if head in ("bid1", "bid2") and len(parts) in (2, 3) and parts[1] in seats:
            stuck = len(parts) == 3
            if not stuck or (head == "bid2" and parts[1] == "dealer" and parts[2] == "stuck"):
                return _bid_name(int(head[-1]), seats[parts[1]], stuck)
        if head == "discard" and len(parts) == 2:
            return f"Dealer's discard · {_DISCARD[parts[1]]}"
        if key in _EXTRAS:
            return _EXTRAS[key]
        if head == "seat" and len(parts) == 2:
            return ROLES[parts[1]].capitalize()
        if head == "play" and len(parts) == 3 and parts[2] in ("lead1", "lead"):
            return _lead_name(parts[1], parts[2])
        if head == "play" and len(parts) == 7 and parts[6] in ("win", "nowin") and parts[2] in _POSITIONS:
            _p, role, pos, led, winning, follow, can = parts
            return _follow_name(role, pos, led, winning, follow, can == "win")
    except (KeyError, IndexError):
        pass
    raise ValueError(
        f"key: got {str(key)[:40]!r}: expected a situation's key such as 'bid1.eldest' or 'play.maker.lead1'"
    )

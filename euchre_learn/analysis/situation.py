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
from euchre_learn.engine.hand import Hand, Phase

__all__ = ["FAMILIES", "Situation", "key_matches", "situation"]

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
    key = f"bid{rnd}.{_BID_SEAT[n]}"
    words = (_BID1_WORDS if rnd == 1 else _BID2_WORDS)[n]
    if f.stuck:
        key += ".stuck"
        words = "the dealer, stuck: you must name a suit"
    name = f"Bidding round {rnd} · {words}"
    return Situation(key, name, f"bid{rnd}", f.seat, f"bid{rnd}", "bidder", bid_seat=n, stuck=f.stuck)


def _discard(f: Facts) -> Situation:
    maker = f.maker
    assert maker is not None
    if maker == f.seat:
        who, words = "own", "you took it up"
    elif maker == f.seat.partner:
        who, words = "partner", "your partner ordered it up"
    else:
        who, words = "opp", "an opponent ordered you up"
    if f.alone:
        who += "-alone"
        words += " alone" if maker != f.seat.partner else " alone (you sit out after the discard)"
    return Situation(f"discard.{who}", f"Dealer's discard · {words}", "discard", f.seat, "discard", f.role(f.seat))


def _extras(f: Facts) -> Situation:
    phase = f.phase
    if phase == Phase.BENNY:
        return Situation("benny", "The Benny is turned up · name its suit", "loner-extras", f.seat, "benny", "bidder")
    role = f.role(f.seat)
    if phase == Phase.RAILROAD_GIVE:
        key, name = "railroad.give", "Railroad · give your partner, the loner, one card"
    elif phase == Phase.RAILROAD_TAKE:
        key, name = "railroad.take", "Railroad · take partner's card or decline it"
    elif phase == Phase.RAILROAD_DISCARD:
        key, name = "railroad.discard", "Railroad · discard one card"
    else:
        key, name = "defend-alone", "Against a loner · defend alone or let partner play"
    return Situation(key, name, "loner-extras", f.seat, phase.name.lower(), role)


def _play(f: Facts) -> Situation:
    role = f.role(f.seat)
    side = "makers" if f.makers_side else "defenders"
    head = f"Following · {ROLES[role]}"
    if f.leading:
        pos = "lead1" if f.trick_number == 1 else "lead"
        name = f"Leading · {ROLES[role]} · {_POSITIONS[pos]}"
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
    name = " · ".join(
        (head, _POSITIONS[pos], _LED[led], _WINNING[winning], _FOLLOW[follow], "can win" if can else "cannot win")
    )
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

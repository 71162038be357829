"""What the seat to act can see at the table, as facts a player would name.

The situation (:mod:`euchre_learn.analysis.situation`) and the convention book
(:mod:`euchre_learn.analysis.convention_book`) read a position through one :class:`Facts`: the
roles of the seats, the trick in progress and who is winning it, the cards still unseen by the
seat, the boss card of each suit, and the voids each seat has shown. Everything here comes from
the public :class:`~euchre_learn.engine.hand.Hand` and the trump tables of
:mod:`euchre_learn.engine.trump`; nothing peeks at a hidden card.

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
>>> hand = hand.apply('pass').apply('order up').apply('discard 9♣').apply('play J♠')
>>> f = Facts(hand)
>>> f.seat, f.role(f.seat), f.winning_card
(<Seat.N: 0>, 'maker', Card.parse('J♠'))
"""

from __future__ import annotations

from functools import cached_property

from euchre_learn.engine.cards import BENNY_INDEX, Card, Seat, Suit
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.trump import EFFECTIVE, POWER, winner_index

__all__ = ["ROLES", "Facts"]

ROLES = {
    "maker": "the maker",
    "partner": "the maker's partner",
    "defender": "a defender",
    "loner": "playing alone",
    "vs-loner": "defending against a loner",
    "lone-defender": "defending alone",
    "sitting-out": "sitting out (partner plays alone)",
    "bidder": "bidding",
}
"""Every role a seat can have, with its words."""


class Facts:
    """The position as the seat to act (or ``seat``) sees it. Card arguments and results are
    card indices (0-23, the Benny 24) unless a name says ``card``."""

    def __init__(self, hand: Hand, seat: Seat | None = None) -> None:
        self.hand = hand
        to_act = hand.to_act
        if seat is None:
            if to_act is None:
                raise ValueError("the hand is over: no seat is to act, so there is no situation to name")
            seat = to_act
        self.seat: Seat = seat
        self.phase: Phase = hand.phase
        self.rules = hand.rules
        self.dealer: Seat = hand.dealer
        self.trump: Suit | None = hand.trump
        self.maker: Seat | None = hand.maker
        self.alone: bool = hand.alone
        self.lone_defender: Seat | None = hand.lone_defender
        self.out: tuple[Seat, ...] = hand.sitting_out

    # --- seats and roles ----------------------------------------------------------------
    def role(self, seat: Seat) -> str:
        """One of :data:`ROLES`' keys for ``seat``."""
        maker = self.maker
        if maker is None:
            return "bidder"
        if seat in self.out:
            return "sitting-out"
        if seat == maker:
            return "loner" if self.alone else "maker"
        if seat == maker.partner:
            return "partner"
        if self.lone_defender is not None:
            return "lone-defender"
        return "vs-loner" if self.alone else "defender"

    def is_partner(self, seat: Seat) -> bool:
        return seat != self.seat and seat.team == self.seat.team

    @property
    def makers_side(self) -> bool:
        """True when the seat is on the side that made trump."""
        return self.maker is not None and self.maker.team == self.seat.team

    @cached_property
    def bid_seat(self) -> int:
        """1 (left of the dealer, *eldest*) to 4 (the dealer): the seat's turn in the bidding."""
        return (self.seat - self.dealer - 1) % 4 + 1

    @cached_property
    def stuck(self) -> bool:
        """The seat is the dealer in round 2 under stick the dealer: it must name a suit."""
        return self.phase == Phase.ROUND_2 and self.rules.stick_the_dealer and self.seat == self.dealer

    @cached_property
    def made_in_round(self) -> int:
        """1 or 2: the bidding round in which trump was made (0 before)."""
        for _, action in self.hand.history:
            if action.kind == "order up":
                return 1
            if action.kind == "call":
                return 2
        return 0

    @cached_property
    def maker_was_stuck(self) -> bool:
        """The maker is a dealer who named trump stuck (seven passes, stick the dealer)."""
        if self.made_in_round != 2 or not self.rules.stick_the_dealer or self.maker != self.dealer:
            return False
        passes = sum(1 for _, a in self.hand.history if a.kind == "pass")
        return passes == 7

    # --- cards ------------------------------------------------------------------------------
    @cached_property
    def held(self) -> tuple[int, ...]:
        return tuple(c.index for c in self.hand.holding(self.seat))

    @cached_property
    def played(self) -> tuple[int, ...]:
        """Every card played so far, finished tricks and the trick in progress."""
        out = [c.index for t in self.hand.tricks for c in t.cards]
        trick = self.hand.current_trick
        if trick is not None:
            out += [c.index for c in trick.cards]
        return tuple(out)

    @cached_property
    def unseen(self) -> frozenset[int]:
        """Cards the seat has not seen: not its own, not played, not the turned-down upcard, not its
        own discard; the upcard a dealer took up counts as seen only by that dealer."""
        known = set(self.held) | set(self.played)
        h = self.hand
        if h.turned_down is not None or self.dealer in self.out:  # turned down, or dead with the dealer out
            known.add(h.upcard.index)
        if self.seat == self.dealer and h.discard is not None:
            known.add(h.discard.index)
        size = 25 if self.rules.benny else 24
        return frozenset(c for c in range(size) if c not in known)

    @cached_property
    def out_of_sight(self) -> frozenset[int]:
        """Cards that may still be played against the seat: unseen ones, and the upcard while the
        dealer (another seat) holds it."""
        up = self.hand.upcard.index
        extra: set[int] = set()
        if self.hand.turned_down is None and self.trump is not None and self.seat != self.dealer:
            if up not in self.played and self.dealer not in self.out:
                extra.add(up)
        return self.unseen | extra

    def suit_of(self, c: int) -> int:
        """The effective suit of card ``c`` (trump must be known)."""
        assert self.trump is not None
        return EFFECTIVE[self.trump][c]

    def power(self, c: int) -> int:
        assert self.trump is not None
        return POWER[self.trump][c]

    def is_trump(self, c: int) -> bool:
        return self.trump is not None and (c == BENNY_INDEX or EFFECTIVE[self.trump][c] == self.trump)

    def trumps(self, cards: tuple[int, ...] | None = None) -> tuple[int, ...]:
        """The trumps among ``cards`` (the seat's holding by default), highest first."""
        src = self.held if cards is None else cards
        return tuple(sorted((c for c in src if self.is_trump(c)), key=self.power, reverse=True))

    def higher_out(self, c: int) -> int:
        """How many cards of ``c``'s effective suit that beat it may still be played against the seat."""
        s, p = self.suit_of(c), self.power(c)
        return sum(1 for x in self.out_of_sight if self.suit_of(x) == s and self.power(x) > p)

    def is_boss(self, c: int) -> bool:
        """No card that may still be played against the seat beats ``c`` in its own suit."""
        return self.higher_out(c) == 0

    def boss_trump_out(self) -> int | None:
        """The highest trump not yet played (anyone's, the seat's own included), or ``None``."""
        assert self.trump is not None
        live = [c for c in self.out_of_sight | set(self.held) if self.is_trump(c)]
        return max(live, key=self.power) if live else None

    @cached_property
    def voids(self) -> dict[Seat, frozenset[int]]:
        """The effective suits each seat has shown it lacks (it did not follow them)."""
        assert self.trump is not None
        shown: dict[Seat, set[int]] = {s: set() for s in Seat}
        tricks = list(self.hand.tricks)
        cur = self.hand.current_trick
        if cur is not None and cur.cards:
            tricks.append(cur)
        for t in tricks:
            led = self.suit_of(t.cards[0].index)
            for card, seat in zip(t.cards[1:], t.seats[1:], strict=True):
                if self.suit_of(card.index) != led:
                    shown[seat].add(led)
        return {s: frozenset(v) for s, v in shown.items()}

    # --- the trick in progress -------------------------------------------------------------
    @cached_property
    def trick(self) -> tuple[tuple[int, ...], tuple[Seat, ...]]:
        t = self.hand.current_trick
        if t is None:
            return (), ()
        return tuple(c.index for c in t.cards), tuple(t.seats)

    @property
    def trick_number(self) -> int:
        """1 to 5: the trick being played."""
        return len(self.hand.tricks) + 1

    @property
    def leading(self) -> bool:
        return self.phase == Phase.PLAY and not self.trick[0]

    @cached_property
    def active(self) -> int:
        """How many seats play to each trick (4, 3 or 2)."""
        return 4 - len(self.out)

    @property
    def position(self) -> int:
        """0 when leading, 1 second, ... ``active - 1`` last."""
        return len(self.trick[0])

    @property
    def last(self) -> bool:
        return self.position == self.active - 1

    @cached_property
    def still_to_play(self) -> tuple[Seat, ...]:
        """The seats that play after this one in the trick in progress."""
        out: list[Seat] = []
        s = self.seat.left
        for _ in range(self.active - 1 - self.position):
            while s in self.out:
                s = s.left
            out.append(s)
            s = s.left
        return tuple(out)

    @property
    def led(self) -> int | None:
        cards = self.trick[0]
        return cards[0] if cards else None

    @cached_property
    def winner(self) -> tuple[int, Seat] | None:
        """The card winning the trick in progress and its seat."""
        cards, seats = self.trick
        if not cards:
            return None
        assert self.trump is not None
        i = winner_index(list(cards), self.trump)
        return cards[i], seats[i]

    @property
    def winning_card(self) -> Card | None:
        w = self.winner
        return None if w is None else Card(w[0])

    def wins(self, c: int) -> bool:
        """Whether card ``c``, played now, would be winning the trick."""
        assert self.trump is not None
        cards = list(self.trick[0])
        return winner_index([*cards, c], self.trump) == len(cards)

    @cached_property
    def legal(self) -> tuple[int, ...]:
        """The cards the seat may play now (play phase only)."""
        if self.phase != Phase.PLAY:
            return ()
        out = []
        for a in self.hand.legal_actions():
            card = a.card
            if card is not None:
                out.append(card.index)
        return tuple(out)

    @property
    def void_in_led(self) -> bool:
        led = self.led
        return led is not None and not any(self.suit_of(c) == self.suit_of(led) for c in self.held)

    @property
    def can_win(self) -> bool:
        return any(self.wins(c) for c in self.legal)

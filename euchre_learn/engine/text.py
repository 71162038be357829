"""Cards, holdings, tricks, hands and games as plain text: what ``str()`` and IPython's
plain-text display show.

Text belongs to the engine (python-chess's ``Board.__str__``): ``str(hand)`` and ``str(game)``
never leave this floor. The HTML pictures sit on the floor above, :mod:`euchre_learn.display`,
which reads the same words from here (a card's spoken name, who wins a trick, the result).

This module reads a trick, a hand and a game through what it shows (the protocols
:class:`TrickView`, :class:`HandView`, :class:`GameView`), so it imports neither
``hand`` nor ``game``, which import it.

>>> from euchre_learn import cards
>>> holding_text(cards('J♦ A♦ K♣'), legal=cards('J♦'))
'[J♦] A♦ K♣  (legal in brackets)'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Protocol

from euchre_learn.engine.cards import Card, Seat, Suit, Team
from euchre_learn.engine.rules import HandScore, Rules
from euchre_learn.engine.trump import trick_winner

__all__ = [
    "GameView",
    "HandView",
    "Names",
    "ShowSeats",
    "TrickView",
    "card_name",
    "card_text",
    "game_text",
    "hand_text",
    "holding_text",
    "result_words",
    "seat_names",
    "show_set",
    "trick_text",
    "trick_winner_seat",
    "upcard_taken",
]

Names = Mapping[Seat, str] | Mapping[str, str] | Mapping[Seat | str, str]
"""Player names by seat (``{'S': 'You'}`` or ``{Seat.S: 'You'}``)."""
ShowSeats = Iterable[Seat | str] | Iterable[Seat] | Iterable[str] | Seat | str | None
"""The seats whose cards are face up: one seat, several, or ``None`` for all."""


class TrickView(Protocol):
    """What the text of a trick reads (a :class:`~euchre_learn.Trick`)."""

    @property
    def leader(self) -> Seat:
        """The seat that led."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in play order."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that played each card."""

    @property
    def winner(self) -> Seat | None:
        """Who won it; ``None`` while it is in progress."""


class HandView(Protocol):
    """What the text of a hand reads (a :class:`~euchre_learn.Hand`)."""

    @property
    def rules(self) -> Rules:
        """The rules it is played by."""

    @property
    def dealer(self) -> Seat:
        """The dealer."""

    @property
    def phase(self) -> enum.Enum:
        """Where the hand stands (its value the phase in words)."""

    @property
    def to_act(self) -> Seat | None:
        """The seat to act, or ``None`` when the hand is over."""

    @property
    def upcard(self) -> Card:
        """The card turned up."""

    @property
    def proposed(self) -> Suit | None:
        """The suit the upcard proposes in round 1."""

    @property
    def turned_down(self) -> Suit | None:
        """The suit turned down after round 1."""

    @property
    def trump(self) -> Suit | None:
        """Trump, once made."""

    @property
    def maker(self) -> Seat | None:
        """The seat that made trump."""

    @property
    def alone(self) -> bool:
        """Whether the maker goes alone."""

    @property
    def lone_defender(self) -> Seat | None:
        """The seat defending alone, if any."""

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        """The seats that take no part."""

    @property
    def discard(self) -> Card | None:
        """The dealer's discard, if any."""

    @property
    def tricks(self) -> tuple[TrickView, ...]:
        """The finished tricks."""

    @property
    def current_trick(self) -> TrickView | None:
        """The trick in progress, or ``None`` outside the play."""

    @property
    def tricks_won(self) -> dict[Team, int]:
        """Tricks won by each team."""

    @property
    def thrown_in(self) -> bool:
        """Whether everyone passed and the hand was thrown in."""

    @property
    def score(self) -> HandScore | None:
        """The hand's score once it is over (``None`` before, or after a throw-in)."""

    def holding(self, seat: Seat | str) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""


class GameView(Protocol):
    """What the text of a game reads (a :class:`~euchre_learn.Game`)."""

    @property
    def rules(self) -> Rules:
        """The rules of the game."""

    @property
    def hand(self) -> HandView:
        """The hand in progress."""

    @property
    def hands(self) -> tuple[HandView, ...]:
        """The finished hands."""

    @property
    def score(self) -> dict[Team, int]:
        """The points of each team."""

    @property
    def winner(self) -> Team | None:
        """The team that won, or ``None``."""

    @property
    def in_the_barn(self) -> set[Team]:
        """The teams one point from the win."""


def card_text(card: Card, rules: Rules | None = None) -> str:
    """A card as text: ``'J♥'``; the Benny is ``'Benny'``, or ``'2♠ (Benny)'`` when the rules
    play the 2♠ as the Benny (R1.1).

    >>> from euchre_learn import Card, Rules
    >>> card_text(Card.parse('10♦')), card_text(Card.parse('Benny'), Rules(benny='2♠'))
    ('10♦', '2♠ (Benny)')
    """
    if card.is_benny and rules is not None and rules.benny == "2♠":
        return "2♠ (Benny)"
    return str(card)


def card_name(card: Card, rules: Rules | None) -> str:
    """A card's spoken name: ``'jack of hearts'``; the Benny says what it is (R1.1).

    >>> from euchre_learn import Card
    >>> card_name(Card.parse('J♥'), None)
    'jack of hearts'
    """
    if card.is_benny:
        if rules is not None and rules.benny == "2♠":
            return "the Benny (the two of spades, always the highest trump)"
        return "the Benny (a joker, always the highest trump)"
    return card.name


def holding_text(items: Iterable[Card], *, legal: Iterable[Card] | None = None, rules: Rules | None = None) -> str:
    """A holding as text, legal cards in brackets when ``legal`` is given.

    >>> from euchre_learn import cards
    >>> holding_text(cards('9♥ J♦ A♦'))
    '9♥ J♦ A♦'
    >>> holding_text(cards('9♥ J♦ A♦'), legal=cards('9♥ J♦'))
    '[9♥] [J♦] A♦  (legal in brackets)'
    """
    shown = list(items)
    if not shown:
        return "—"
    if legal is None:
        return " ".join(card_text(c, rules) for c in shown)
    ok = set(legal)
    body = " ".join(f"[{card_text(c, rules)}]" if c in ok else card_text(c, rules) for c in shown)
    return body + "  (legal in brackets)"


def trick_winner_seat(trick: TrickView, trump: Suit | None) -> Seat | None:
    """The seat that won ``trick``, or that is winning it so far (``None`` without ``trump``)."""
    if trick.winner is not None:
        return trick.winner
    if trump is None or not trick.cards:
        return None
    return trick.seats[trick_winner(trick.cards, trump)]


def trick_text(trick: TrickView, *, trump: Suit | str | None = None, rules: Rules | None = None) -> str:
    """A trick as text, in play order: who led, each seat's card, who wins.

    With ``trump``, a trick in progress also says who is winning it so far.

    >>> from euchre_learn import Seat, Trick, cards
    >>> t = Trick(Seat.W, cards('9♥ J♦ A♥ 10♥'), (Seat.W, Seat.N, Seat.E, Seat.S), Seat.N)
    >>> trick_text(t)
    'W led 9♥, N J♦, E A♥, S 10♥ → N wins'
    >>> trick_text(t._replace(cards=t.cards[:2], seats=t.seats[:2], winner=None), trump='hearts')
    'W led 9♥, N J♦ → N winning so far'
    """
    if not trick.cards:
        return f"{trick.leader} to lead"
    parts = [
        f"{s} led {card_text(c, rules)}" if i == 0 else f"{s} {card_text(c, rules)}"
        for i, (s, c) in enumerate(zip(trick.seats, trick.cards, strict=True))
    ]
    t = Suit.parse(trump) if trump is not None else None
    win = trick_winner_seat(trick, t)
    tail = ""
    if trick.winner is not None:
        tail = f" → {trick.winner} wins"
    elif win is not None:
        tail = f" → {win} winning so far"
    return ", ".join(parts) + tail


def show_set(show: ShowSeats) -> frozenset[Seat]:
    """The seats ``show`` names (one seat, several, or ``None`` for all four)."""
    if show is None:
        return frozenset(Seat)
    if isinstance(show, (str, Seat)):
        return frozenset((Seat.parse(show),))
    return frozenset(Seat.parse(s) for s in show)


def seat_names(names: Names | None) -> dict[Seat, str]:
    """Each seat's name: its word ('North'), or the name ``names`` gives it."""
    out = {s: s.word for s in Seat}
    if names:
        for k, v in names.items():
            out[Seat.parse(k)] = str(v)
    return out


def upcard_taken(hand: HandView) -> bool:
    """Whether the dealer picked the upcard up (R3.2)."""
    return hand.phase.name == "DISCARD" or hand.discard is not None


def hand_text(
    hand: HandView,
    *,
    show: ShowSeats = None,
    names: Names | None = None,
) -> str:
    """A plain-text table: the state of the hand, one line per seat, the upcard, the trick,
    the tricks won and the result. Seats not in ``show`` (default: all) are face down.

    >>> from euchre_learn import Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> print(hand_text(hand, show='S'))
    Dealer S · bidding round 1 · W to act
    N: ▮▮▮▮▮ (5 cards face down)
    E: ▮▮▮▮▮ (5 cards face down)
    S: 9♣ 10♣ Q♠ K♠ A♠  (dealer)
    W: ▮▮▮▮▮ (5 cards face down)  (to act)
    Upcard: A♥ (♥ hearts proposed)
    """
    shown = show_set(show)
    who = seat_names(names)
    rules = hand.rules
    head = [f"Dealer {hand.dealer}"]
    if hand.trump is not None:
        maker = f"{hand.maker}" + (" alone" if hand.alone else "")
        head.append(f"trump {hand.trump.symbol} {hand.trump.plural} (made by {maker})")
    head.append(str(hand.phase))
    if hand.to_act is not None:
        head.append(f"{hand.to_act} to act")
    lines = [" · ".join(head)]
    for seat in Seat:
        marks = []
        if names and who[seat] != seat.word:
            marks.append(who[seat])
        if seat == hand.dealer:
            marks.append("dealer")
        if seat == hand.maker:
            marks.append("maker, alone" if hand.alone else "maker")
        if seat == hand.lone_defender:
            marks.append("defends alone")
        if seat in hand.sitting_out:
            marks.append("sits out")
        if seat == hand.to_act:
            marks.append("to act")
        note = f"  ({', '.join(marks)})" if marks else ""
        held = hand.holding(seat)
        if seat in shown or not held:
            body = holding_text(held, rules=rules)
        else:
            body = "▮" * len(held) + f" ({len(held)} card{'s' if len(held) != 1 else ''} face down)"
        lines.append(f"{seat}: {body}{note}")
    up = card_text(hand.upcard, rules)
    if hand.turned_down is not None:
        lines.append(
            f"Upcard: {up} (turned down: {hand.turned_down.symbol} {hand.turned_down.plural} may not be named)"
        )
    elif hand.trump is None:
        proposed = hand.proposed
        prop = (
            f" ({proposed.symbol} {proposed.plural} proposed)" if proposed is not None else " (the dealer names a suit)"
        )
        lines.append(f"Upcard: {up}{prop}")
    elif upcard_taken(hand):
        lines.append(f"Upcard: {up} (taken up by the dealer, {hand.dealer})")
    else:
        lines.append(f"Upcard: {up} (not taken: the dealer sits out)")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        lines.append(f"Trick {len(hand.tricks) + 1}: {trick_text(trick, trump=hand.trump, rules=rules)}")
    elif hand.tricks:
        last = hand.tricks[-1]
        lines.append(f"Trick {len(hand.tricks)}: {trick_text(last, rules=rules)}")
    if hand.trump is not None:
        won = hand.tricks_won
        lines.append("Tricks: " + ", ".join(f"{t} {n}" for t, n in won.items()))
    if hand.score is not None:
        lines.append("Result: " + result_words(hand))
    if hand.thrown_in:
        lines.append("Thrown in: all four passed twice; no score, the deal passes left (R4.2)")
    return "\n".join(lines)


def result_words(hand: HandView) -> str:
    """How a finished hand ended: ``'North-South made it with 3 tricks: NS scores 1'``."""
    sc = hand.score
    assert sc is not None and hand.maker is not None
    makers = hand.maker.team
    took = hand.tricks_won[makers]
    tricks = f"{took} trick{'s' if took != 1 else ''}"
    if sc.outcome in ("made", "march"):
        what = "march" if sc.outcome == "march" else "made it"
        return f"{makers.word} {what} with {tricks}: {makers} scores {sc.makers}"
    word = "super euchred" if sc.outcome == "super euchre" else "euchred"
    return f"{makers.word} {word} with {tricks}: {makers.other} scores {sc.defenders}"


def game_text(game: GameView) -> str:
    """The scoreboard as text: points, target, who is in the barn, the winner (R8).

    >>> from euchre_learn import Game
    >>> print(game_text(Game(seed=1, dealer='N')))
    Game to 10 points · hand 1 · dealer N
    North-South: 0
    East-West: 0
    """
    rules = game.rules
    head = [f"Game to {rules.points_to_win} points"]
    winner = game.winner
    if winner is None:
        head += [f"hand {len(game.hands) + 1}", f"dealer {game.hand.dealer}"]
    else:
        head.append(f"{winner.word} won")
    lines = [" · ".join(head)]
    barn = game.in_the_barn
    for team in Team:
        notes = []
        if team == winner:
            notes.append("winner")
        if team in barn:
            notes.append(f"in the barn: {game.score[team]} of {rules.points_to_win}")
        lines.append(f"{team.word}: {game.score[team]}" + (f"  ({'; '.join(notes)})" if notes else ""))
    return "\n".join(lines)

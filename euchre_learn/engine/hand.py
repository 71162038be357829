"""One deal, from the bidding to the score: an immutable view over the core state machine."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from euchre_learn.engine import _core
from euchre_learn.engine._core import State
from euchre_learn.engine.actions import _ACTIONS, PLAY, Action, Actions
from euchre_learn.engine.cards import Card, Cards, InvalidCardError, Seat, Suit, Team, cards, deck, mask_to_cards
from euchre_learn.engine.errors import EuchreError, EuchreTypeError, quote, type_error
from euchre_learn.engine.explain import illegal_action
from euchre_learn.engine.rules import HandScore, Rules
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK

__all__ = ["Hand", "IllegalActionError", "Phase", "Trick"]


class IllegalActionError(EuchreError):
    """An action that the rules forbid now. The message names the seat and the action and
    explains the rule; ``.seat``, ``.action`` and (in :func:`~euchre_learn.replay`) ``.index``
    say where. The hand it was tried on is unchanged."""

    def __init__(
        self, message: str, *, seat: Seat | None = None, action: Action | None = None, index: int | None = None
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.index = index


class Phase(str, enum.Enum):
    """Where a hand stands. The value is the phase in words."""

    BENNY = "naming the Benny's suit"
    ROUND_1 = "bidding round 1"
    DISCARD = "dealer's discard"
    ROUND_2 = "bidding round 2"
    RAILROAD_GIVE = "railroad: partner gives a card"
    RAILROAD_TAKE = "railroad: loner takes or declines"
    RAILROAD_DISCARD = "railroad: loner discards"
    DEFEND = "defend alone"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


_PHASES = tuple(Phase)


def _play_tables() -> list[tuple[tuple[Action, ...], ...]]:
    """``_PLAY_BY_BYTE[k][b]``: the play actions of the cards ``8k + i`` for the bits ``i`` of
    ``b``, so the plays of a card mask are four lookups (the cards are 0-24, the Benny 24)."""
    return [tuple(tuple(_ACTIONS[PLAY + 8 * k + i] for i in range(8) if b >> i & 1) for b in range(256 if k < 3 else 2)) for k in range(4)]


_P0, _P1, _P2, _P3 = _play_tables()


def _plays(mask: int) -> Actions:
    """The play actions of the cards in ``mask``, in id order, as :class:`Actions`."""
    return tuple.__new__(Actions, _P0[mask & 255] + _P1[mask >> 8 & 255] + _P2[mask >> 16 & 255] + _P3[mask >> 24])


_new_object = object.__new__
_SEATS = tuple(Seat)


class Trick(NamedTuple):
    """A trick: who led, the cards in play order, who played them, and who won (``None``
    while it is in progress)."""

    leader: Seat
    cards: Cards
    seats: tuple[Seat, ...]
    winner: Seat | None

    def __str__(self) -> str:
        played = ", ".join(f"{s} {c}" for s, c in zip(self.seats, self.cards, strict=True))
        won = f" → {self.winner} wins" if self.winner is not None else ""
        return f"{played}{won}"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        from euchre_learn.teaching.render import trick_text

        p.text(trick_text(self))

    def _repr_html_(self) -> str:
        from euchre_learn.teaching.render import trick_html

        return trick_html(self)


def _read_cards(value: str | Iterable[Card | str], where: str, argument: str | None = None) -> Cards:
    try:
        return cards(value)
    except EuchreTypeError:
        raise type_error(argument or where, value, "cards as text such as '9♠ 10♠ J♥ Q♦ A♣' or an iterable of cards") from None
    except InvalidCardError as err:
        raise InvalidCardError(f"{where}: {err}") from None


_SEED_TYPES = (int, float, str, bytes, bytearray)


def seeded_random(seed: Any) -> random.Random:
    """``random.Random(seed)``; a seed that ``random`` does not take (a list, a tuple) is used
    by its text, as :class:`~euchre_learn.Game` uses every seed, so any seed deals.

    >>> seeded_random([1]).random() == seeded_random('[1]').random()
    True
    """
    if isinstance(seed, str):
        try:
            return random.Random(seed)
        except UnicodeEncodeError:  # a lone surrogate: still text, and still a seed
            return random.Random(seed.encode("utf-8", "surrogatepass"))
    if seed is None or isinstance(seed, _SEED_TYPES):
        return random.Random(seed)
    return seeded_random(seed_text(seed))


def seed_text(seed: Any) -> str:
    """``str(seed)``, or an ``EuchreTypeError`` when the seed has no text form (its ``str``
    fails, or it is nested too deep to write out)."""
    try:
        return str(seed)
    except Exception:
        raise type_error("seed", seed, "None, a number, text, or a value with a text form such as [1, 2]") from None


def _read_card(value: Card | str, where: str) -> Card:
    try:
        return Card.parse(value)
    except InvalidCardError as err:
        raise InvalidCardError(f"{where}: {err}") from None


class Hand:
    """One hand of Euchre. :meth:`apply` returns a new hand; a hand never changes.

    >>> from euchre_learn import Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> hand.to_act, hand.legal_actions()
    (<Seat.W: 3>, (pass, order up, order up alone))
    >>> hand = hand.apply('pass').apply('order up')   # North assists: hearts are trump
    >>> hand.trump, hand.maker, hand.to_act, hand.phase
    (<Suit.HEARTS: 2>, <Seat.N: 0>, <Seat.S: 2>, <Phase.DISCARD: "dealer's discard">)
    """

    __slots__ = ("_deal", "_history", "_legal", "_legal_mask", "_s")

    _s: State
    _deal: tuple[tuple[int, ...], int, int]
    _history: tuple[tuple[int, int], ...]
    _legal_mask: int
    """Bit ``i`` set when action id ``i`` is legal; ``-1`` until first asked (a hand never
    changes, so its legal actions are worked out once, for :meth:`legal_actions` and :meth:`apply` alike)."""
    _legal: Actions

    # --- making hands ----------------------------------------------------------------------
    @classmethod
    def _wrap(cls, state: State, deal: tuple[tuple[int, ...], int, int], history: tuple[tuple[int, int], ...]) -> Hand:
        h = _new_object(cls)
        h._s, h._deal, h._history, h._legal_mask = state, deal, history, -1
        return h

    def _find_legal(self) -> int:
        """Work out (once) and keep the legal actions and their mask; returns the mask."""
        s = self._s
        if s.phase == _core.PLAY_PHASE:
            cards = s.play_mask()
            self._legal = _plays(cards)
            self._legal_mask = mask = cards << PLAY
            return mask
        ids = s.legal()
        mask = 0
        for a in ids:
            mask |= 1 << a
        self._legal = tuple.__new__(Actions, [_ACTIONS[a] for a in ids])
        self._legal_mask = mask
        return mask

    @classmethod
    def _start(cls, state: State) -> Hand:
        return cls._wrap(state, (tuple(state.hands), state.upcard, state.kitty), ())

    @classmethod
    def deal(cls, dealer: Seat | str, rules: Rules | str | None = None, seed: Any = None) -> Hand:
        """Shuffle with ``random.Random(seed)`` and deal (R2.2). A seed of another kind (a
        list, a tuple) is used by its text, as :class:`~euchre_learn.Game` does.

        >>> Hand.deal('N', seed=1) == Hand.deal('N', seed=1)
        True
        >>> Hand.deal('N', seed=[1]) == Hand.deal('N', seed='[1]')
        True
        """
        r = rules if type(rules) is Rules else Rules.from_value(rules, argument="Hand.deal(rules)")
        seat = _SEATS[dealer] if type(dealer) is int and 0 <= dealer < 4 else Seat.parse(dealer)
        return cls._start(_core.deal(r, seat, seeded_random(seed)))

    @classmethod
    def from_cards(
        cls,
        dealer: Seat | str,
        holdings: Mapping[Seat | str, str | Iterable[Card | str]],
        upcard: Card | str,
        kitty: str | Iterable[Card | str] | None = None,
        rules: Rules | str | None = None,
    ) -> Hand:
        """A hand from chosen cards: five for each seat, the upcard, and optionally the kitty
        (the cards left face down; by default the rest of the deck).

        >>> Hand.from_cards('N', {'N': '9♣'}, upcard='A♥')
        Traceback (most recent call last):
        ...
        ValueError: holdings must give five cards to each of N, E, S, W: missing E, S, W
        """
        r = Rules.from_value(rules, argument="Hand.from_cards(rules)")
        if not isinstance(holdings, Mapping):
            raise type_error(
                "Hand.from_cards(holdings)", holdings, "a dict mapping each seat (N, E, S, W) to its five cards"
            )
        seat_of: dict[Seat, Cards] = {}
        for key, value in holdings.items():
            seat = Seat.parse(key)
            if seat in seat_of:
                raise ValueError(f"holdings names seat {seat} twice")
            seat_of[seat] = _read_cards(value, f"seat {seat}", f"Hand.from_cards(holdings['{seat}'])")
        missing = [str(s) for s in Seat if s not in seat_of]
        if missing:
            raise ValueError(f"holdings must give five cards to each of N, E, S, W: missing {', '.join(missing)}")
        in_deck = set(deck(r))
        seen: dict[Card, str] = {}

        def place(card: Card, where: str) -> None:
            if card not in in_deck:
                raise ValueError(
                    f"{where} {'is' if where == 'the upcard' else 'holds'} the {card}, which is not in this deck"
                    + (": the Benny is only in play with Rules(benny=...) (R1.1)" if card.is_benny else "")
                )
            if card in seen:
                raise ValueError(f"the {card} is dealt twice: to {seen[card]} and to {where}")
            seen[card] = where

        masks = []
        for seat in Seat:
            held = seat_of[seat]
            if len(held) != 5:
                raise ValueError(f"seat {seat} must hold 5 cards, not {len(held)}: {quote(str(held))}")
            for c in held:
                place(c, f"seat {seat}")
            masks.append(sum(1 << c.index for c in held))
        up = _read_card(upcard, "the upcard")
        place(up, "the upcard")
        rest = [c for c in deck(r) if c not in seen]
        if kitty is not None:
            k = _read_cards(kitty, "the kitty", "Hand.from_cards(kitty)")
            for c in k:
                place(c, "the kitty")
            if len(k) != len(rest):
                raise ValueError(
                    f"the kitty must hold the {len(rest)} cards left face down, not {len(k)}: "
                    f"missing {' '.join(str(c) for c in rest if c not in k)}"
                )
        return cls._start(State.new(r, Seat.parse(dealer), masks, up.index, sum(1 << c.index for c in rest)))

    # --- reading ---------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._s.rules

    @property
    def dealer(self) -> Seat:
        return Seat(self._s.dealer)

    @property
    def phase(self) -> Phase:
        return _PHASES[self._s.phase]

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        return None if self._s.to_act < 0 else Seat(self._s.to_act)

    @property
    def upcard(self) -> Card:
        return Card(self._s.upcard)

    @property
    def proposed(self) -> Suit | None:
        """The suit the upcard proposes in round 1 (for the Benny: the suit the dealer named)."""
        return None if self._s.proposed < 0 else Suit(self._s.proposed)

    @property
    def turned_down(self) -> Suit | None:
        """The suit turned down after round 1 (R3.4), which round 2 may not name."""
        return None if self._s.turned_down < 0 else Suit(self._s.turned_down)

    @property
    def trump(self) -> Suit | None:
        return None if self._s.trump < 0 else Suit(self._s.trump)

    @property
    def maker(self) -> Seat | None:
        return None if self._s.maker < 0 else Seat(self._s.maker)

    @property
    def alone(self) -> bool:
        return self._s.alone

    @property
    def lone_defender(self) -> Seat | None:
        return None if self._s.lone_defender < 0 else Seat(self._s.lone_defender)

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        """The seats that take no part: a loner's partner, a lone defender's partner (R5.1, R5.4)."""
        return tuple(s for s in Seat if self._s.out >> s & 1)

    @property
    def discard(self) -> Card | None:
        """The card the dealer discarded after taking up (known to the dealer only)."""
        return None if self._s.discard < 0 else Card(self._s.discard)

    @property
    def railroad_card(self) -> Card | None:
        """The card the loner's partner passed (R5.5), if any."""
        return None if self._s.given < 0 else Card(self._s.given)

    @property
    def kitty(self) -> Cards:
        """The cards left face down under the upcard."""
        return mask_to_cards(self._s.kitty)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return tuple(
            Trick(Seat(lead), Cards(Card(c) for c in cs), tuple(Seat(s) for s in seats), Seat(w))
            for lead, cs, seats, w in self._s.tricks
        )

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (``winner`` is ``None``), or ``None`` outside the play."""
        s = self._s
        if s.phase != _core.PLAY_PHASE:
            return None
        return Trick(Seat(s.leader), Cards(Card(c) for c in s.trick), tuple(Seat(x) for x in s.trick_seats), None)

    @property
    def tricks_won(self) -> dict[Team, int]:
        return {Team.NS: self._s.won[0], Team.EW: self._s.won[1]}

    @property
    def is_over(self) -> bool:
        return self._s.phase == _core.OVER

    @property
    def thrown_in(self) -> bool:
        return self._s.thrown_in

    @property
    def score(self) -> HandScore | None:
        """The :class:`HandScore` once all five tricks are played; ``None`` before, or after a throw-in."""
        return self._s.score

    @property
    def points(self) -> dict[Team, int]:
        """The points each team scores for this hand (all 0 until it is over)."""
        sc = self._s.score
        out = {Team.NS: 0, Team.EW: 0}
        if sc is not None:
            makers = Team(self._s.maker & 1)
            out[makers], out[makers.other] = sc.makers, sc.defenders
        return out

    @property
    def history(self) -> tuple[tuple[Seat, Action], ...]:
        """Every action so far, with the seat that took it."""
        return tuple((Seat(s), Action(a)) for s, a in self._history)

    def holding(self, seat: Seat | str) -> Cards:
        """The cards ``seat`` holds now, in deck order."""
        return mask_to_cards(self._s.hands[Seat.parse(seat)])

    def dealt(self, seat: Seat | str) -> Cards:
        """The five cards ``seat`` was dealt."""
        return mask_to_cards(self._deal[0][Seat.parse(seat)])

    def legal_actions(self) -> Actions:
        """The legal actions of :attr:`to_act` (empty when the hand is over).

        They print as a learner reads them, and ``in`` takes text:

        >>> hand = Hand.deal('S', seed=3)
        >>> 'order up' in hand.legal_actions(), 'call ♥' in hand.legal_actions()
        (True, False)
        """
        if self._legal_mask < 0:
            s = self._s
            if s.phase == _core.PLAY_PHASE:  # the common case, inline: see _find_legal
                cards = s.hands[s.to_act]
                if s.trick:
                    t = s.trump
                    cards = cards & SUIT_MASK[t][EFFECTIVE[t][s.trick[0]]] or cards
                legal = self._legal = tuple.__new__(
                    Actions, _P0[cards & 255] + _P1[cards >> 8 & 255] + _P2[cards >> 16 & 255] + _P3[cards >> 24]
                )
                self._legal_mask = cards << PLAY
                return legal
            self._find_legal()
        return self._legal

    def _allows(self, a: Action) -> bool:
        mask = self._legal_mask
        if mask < 0:
            mask = self._find_legal()
        return bool(mask >> a.id & 1)

    def is_legal(self, action: Action | str) -> bool:
        try:
            return self._allows(Action.parse(action))
        except ValueError:
            return False

    def explain_illegal(self, action: Action | str) -> str:
        """Why ``action`` is not legal now (or ``''`` if it is)."""
        a = Action.parse(action)
        return "" if self._allows(a) else illegal_action(self._s, a.id)

    # --- acting ----------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Hand:
        """The hand after ``action`` by :attr:`to_act`; this hand is unchanged.

        ``action`` is an :class:`Action` or its text, optionally after the seat ('W pass').
        An action the rules forbid raises :class:`IllegalActionError`, which explains why:

        >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
        ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
        >>> hand.apply('call ♠')
        Traceback (most recent call last):
        ...
        euchre_learn.engine.hand.IllegalActionError: West cannot 'call ♠ spades' in round 1: ...
        """
        a = action if isinstance(action, Action) else self._parse_with_seat(action)
        i = a.id
        mask = self._legal_mask
        if mask < 0:
            mask = self._find_legal()
        s = self._s
        if not mask >> i & 1:
            raise IllegalActionError(illegal_action(s, i), seat=self.to_act, action=a)
        new = s.copy()
        new.apply(i)
        h = _new_object(Hand)
        h._s, h._deal, h._history, h._legal_mask = new, self._deal, (*self._history, (s.to_act, i)), -1
        return h

    def _parse_with_seat(self, text: str) -> Action:
        if not isinstance(text, str):
            return Action.parse(text)  # a ValueError that names it
        head, _, rest = text.strip().partition(" ")
        if rest and head.upper() in ("N", "E", "S", "W"):
            seat = Seat.parse(head)
            if seat != self.to_act:
                raise IllegalActionError(self._not_your_turn(seat, text), seat=seat)
            text = rest
        return Action.parse(text)

    def _not_your_turn(self, seat: Seat, text: str) -> str:
        """Why ``seat`` may not act now: the hand is over, ``seat`` sits out, or it is another turn."""
        s = self._s
        if s.to_act < 0:
            return f"{seat.word} cannot act ({quote(text)}). " + illegal_action(s, 0)
        turn = f"It is {Seat(s.to_act).word}'s turn."
        if s.out >> seat & 1:
            if s.lone_defender >= 0 and seat == (s.lone_defender + 2) & 3:
                why = f"{Seat(s.lone_defender).word} is defending alone (R5.4)"
            else:
                why = f"{seat.partner.word} is going alone (R5.1)"
            return (
                f"{seat.word} cannot act ({quote(text)}): {seat.word} sits out this hand because {why}. "
                f"{seat.word}'s cards stay face down and {seat.word} never acts. {turn}"
            )
        return f"{seat.word} cannot act now ({quote(text)}): it is {Seat(s.to_act).word}'s turn, not {seat.word}'s."

    # --- records, equality, display ---------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """This hand as a JSON-ready record (see :func:`euchre_learn.replay`).

        >>> from euchre_learn import replay
        >>> hand = Hand.deal('E', seed=5).apply('pass')
        >>> replay(hand.to_record()) == hand
        True
        """
        hands, up, kitty = self._deal
        rules = self.rules
        return {
            "format": "euchre-learn/hand-1",
            "rules": rules.name or {k: list(v) if isinstance(v, tuple) else v for k, v in rules.changes().items()},
            "dealer": str(self.dealer),
            "hands": {str(seat): str(mask_to_cards(hands[seat])) for seat in Seat},
            "upcard": str(Card(up)),
            "kitty": str(mask_to_cards(kitty)),
            "actions": [f"{Seat(s)} {Action(a)}" for s, a in self._history],
        }

    @property
    def state(self) -> State:
        """A copy of the core state, for bots, solvers and playouts (see :mod:`euchre_learn.engine._core`)."""
        return self._s.copy()

    def _key(self) -> tuple[Any, ...]:
        return (self._s.rules, self._s.dealer, self._deal, self._history)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Hand dealer={self.dealer} {self.phase}" + (
            f", {self.to_act} to act>" if self.to_act is not None else ">"
        )

    def __str__(self) -> str:
        from euchre_learn.teaching.render import hand_text

        return hand_text(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from euchre_learn.teaching.render import hand_html

        return hand_html(self)

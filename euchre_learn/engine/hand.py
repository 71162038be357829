"""One deal, from the bidding to the score: an immutable view over the core state machine."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any, NamedTuple

from euchre_learn.engine import act, core
from euchre_learn.engine.actions import Action, Actions
from euchre_learn.engine.cards import Card, Cards, Seat, Suit, Team, mask_to_cards
from euchre_learn.engine.core import OVER, PLAY_PHASE, State, play
from euchre_learn.engine.core.play import AFTER, FOLLOW, HOLDINGS, ONE, PLAYS, UNBIT, plays
from euchre_learn.engine.deals import DealCheck, read_card, read_cards, seeded_random
from euchre_learn.engine.errors import EuchreError, quote, type_error
from euchre_learn.engine.rules import HandScore, Rules
from euchre_learn.engine.rulings import illegal_action, not_your_turn
from euchre_learn.engine.text import hand_text, trick_text

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
        p.text(trick_text(self))

    def _repr_html_(self) -> str:
        from euchre_learn.display import trick_html

        return trick_html(self)


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

    __slots__ = (
        "_bs",
        "_ctx",
        "_dl",
        "_hist",
        "_left",
        "_legal",
        "_legal_mask",
        "_over",
        "_st",
        "_to_act",
        "_trick",
    )  # fmt: skip

    # A hand keeps what :meth:`apply` and :meth:`legal_actions` read in its own slots, and its core
    # :class:`State` is built only when something asks for it (:attr:`core`): in the play phase, copying
    # the state for each card took more time than the rest of ``apply``. Hands share what does not
    # change (a tuple, a ``State`` that nothing mutates), never anything that does.
    _st: State | None
    """This hand's state; in the play phase ``None`` until asked for (see :attr:`core`)."""
    _bs: State
    """Before the play (``_ctx`` is ``None``) the state itself, which ``_b`` reads; in the play
    ``_ctx`` holds ``_b``: a state with this hand's values of everything the play does not change
    (rules, dealer, trump, maker, who sits out, ...), shared by the hands of a play and never
    mutated."""
    _ctx: play.Play | None
    """``None`` when ``_st`` says everything (before the play, or a state that the play below does
    not take: two seats holding one card, a trick whose seats are out of turn); in the play phase
    see :data:`~euchre_learn.engine.core.play.Play`: what changes only when a trick ends, and what
    never changes in the play."""
    _over: bool
    _to_act: int
    _left: int
    """In the play phase: ``~`` the cards played since ``_b`` (each left the one holding that had
    it), so that ``holding & _left`` is what is left of a holding."""
    _trick: tuple[int, ...]
    """In the play phase: the cards of the trick in progress (their seats follow from the leader)."""
    _dl: play.Deal
    """Before the play: :attr:`deal_masks`."""
    _hist: tuple[Any, ...]
    """Before the play: the history as a chain ``(earlier chain, seat, action id)``, ``()`` at the start: each
    :meth:`apply` adds one link instead of copying the tuple (see :attr:`history_ids`). In the play the
    plays are read from the tricks, and ``_b``, the deal and the chain so far are kept in ``_ctx``:
    a card played copies three slots fewer."""
    _legal_mask: int
    """Bit ``i`` set when action id ``i`` is legal; ``-1`` until first asked (a hand never
    changes, so its legal actions are worked out once, for :meth:`legal_actions` and :meth:`apply`
    alike). In the play phase it is known from the start (two int operations)."""
    _legal: Actions | None

    # --- making hands ----------------------------------------------------------------------
    @classmethod
    def _wrap(cls, state: State, deal: play.Deal, history: Iterable[tuple[int, int]]) -> Hand:
        chain: tuple[Any, ...] = ()
        for seat, action in history:
            chain = (chain, seat, action)
        return cls._of(state, deal, chain, False)

    @staticmethod
    def _of(state: State, deal: play.Deal, chain: tuple[Any, ...], own: bool) -> Hand:
        """The hand whose state is ``state``; ``own``: nothing else holds ``state``, so the play
        phase may keep it as ``_b`` without a copy."""
        h = _new_object(Hand)
        h._legal = None
        h._over = state.phase == OVER
        h._to_act = state.to_act
        if state.phase == PLAY_PHASE:
            ctx = play.enter(state, own, deal, chain)
            if ctx is not None:
                h._st = None if own else state
                h._ctx = ctx
                trick = tuple(state.trick)
                h._left, h._trick = -1, trick
                m = ctx[HOLDINGS][state.to_act]
                if trick:
                    m = m & ctx[FOLLOW][trick[0]] or m
                h._legal_mask, h._legal = m << act.PLAY, PLAYS.get(m) or plays(m)
                return h
        h._st = h._bs = state
        h._dl, h._hist = deal, chain
        h._ctx = None
        h._legal_mask = -1
        return h

    @property
    def _b(self) -> State:
        """A state with this hand's values of everything the play does not change (see ``_bs``)."""
        ctx = self._ctx
        return self._bs if ctx is None else ctx[play.BASE]

    # --- the core, in plain sight (read it; never change it) ---------------------------------
    @property
    def core(self) -> State:
        """The core :class:`~euchre_learn.engine.core.State` of this hand, shared, not copied: what
        the bots, the solver, the sampler, the coach and the explanations read (as python-chess's
        board shows its bitboards). Cards are bit indexes (``Card(i)``), seats ``0-3`` (``Seat(i)``),
        holdings bitmasks; see :mod:`euchre_learn.engine.core.state` for each field. **Read it, never
        change it**: other hands share it. :attr:`state` is a copy to change (a playout). In the play
        phase it is built from the hand's slots when first asked for, so bind it to a local in a loop.

        >>> hand = Hand.deal('S', seed=3)
        >>> hand.core.to_act == hand.to_act, hand.core.hands[hand.core.to_act] == hand.deal_masks[0][hand.to_act]
        (True, True)
        """
        s = self._st
        if s is None:
            assert self._ctx is not None
            s = play.state_of(self._ctx, self._left, self._trick, self._to_act, self._over)
            self._st = s
        return s

    @property
    def history_ids(self) -> tuple[tuple[int, int], ...]:
        """Every action so far as ``(seat, action id)`` in small integers, oldest first: the core's
        reading of :attr:`history` (``Seat(seat)``, ``Action(id)``).

        >>> Hand.deal('S', seed=3).apply('pass').history_ids
        ((3, 0),)
        """
        ctx = self._ctx
        out = []
        chain = self._hist if ctx is None else ctx[play.CHAIN]
        while chain:
            chain, seat, action = chain
            out.append((seat, action))
        out.reverse()
        if ctx is not None:  # the plays since _b, from the tricks
            out += play.plays_since(ctx, self._trick)
        return tuple(out)

    @property
    def deal_masks(self) -> play.Deal:
        """The deal as the core keeps it: ``(holdings, upcard, kitty)``, the four holdings dealt as
        card bitmasks by seat, the upcard's index and the kitty's bitmask (see :meth:`dealt`).

        >>> holdings, upcard, kitty = Hand.deal('S', seed=3).deal_masks
        >>> len(holdings), bin(holdings[0]).count('1'), str(Card(upcard)) == str(Hand.deal('S', seed=3).upcard)
        (4, 5, True)
        """
        ctx = self._ctx
        return self._dl if ctx is None else ctx[play.DEAL]

    def _find_legal(self) -> int:
        """Work out (once) and keep the legal actions and their mask; returns the mask."""
        if self._ctx is not None:  # the play phase: known from the start
            return self._legal_mask
        self._legal, self._legal_mask = found = play.legal_of(self._bs)
        return found[1]

    @classmethod
    def _start(cls, state: State) -> Hand:
        return cls._of(state, (tuple(state.hands), state.upcard, state.kitty), (), False)

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
        if type(seed) is int:
            state = core.deal_seeded(r, seat, seed)
        else:
            state = core.deal(r, seat, seeded_random(seed))
        return cls._of(state, (tuple(state.hands), state.upcard, state.kitty), (), True)

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
            seat_of[seat] = read_cards(value, f"seat {seat}", f"Hand.from_cards(holdings['{seat}'])")
        missing = [str(s) for s in Seat if s not in seat_of]
        if missing:
            raise ValueError(f"holdings must give five cards to each of N, E, S, W: missing {', '.join(missing)}")
        check = DealCheck(r, ValueError, "Rules(benny=...)")
        masks = []
        for seat in Seat:
            held = seat_of[seat]
            if len(held) != 5:
                raise ValueError(f"seat {seat} must hold 5 cards, not {len(held)}: {quote(str(held))}")
            check.place(f"seat {seat}", held)
            masks.append(sum(1 << c.index for c in held))
        up = read_card(upcard, "the upcard")
        check.place("the upcard", (up,), verb="is")
        rest = check.rest()
        if kitty is not None:
            k = read_cards(kitty, "the kitty", "Hand.from_cards(kitty)")
            check.kitty("the kitty", k)
        return cls._start(State.new(r, Seat.parse(dealer), masks, up.index, sum(1 << c.index for c in rest)))

    # --- reading ---------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._b.rules

    @property
    def dealer(self) -> Seat:
        return Seat(self._b.dealer)

    @property
    def phase(self) -> Phase:
        if self._over:
            return Phase.OVER
        return Phase.PLAY if self._ctx is not None else _PHASES[self._b.phase]

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        return None if self._to_act < 0 else _SEATS[self._to_act]

    @property
    def upcard(self) -> Card:
        return Card(self._b.upcard)

    @property
    def proposed(self) -> Suit | None:
        """The suit the upcard proposes in round 1 (for the Benny: the suit the dealer named)."""
        return None if self._b.proposed < 0 else Suit(self._b.proposed)

    @property
    def turned_down(self) -> Suit | None:
        """The suit turned down after round 1 (R3.4), which round 2 may not name."""
        return None if self._b.turned_down < 0 else Suit(self._b.turned_down)

    @property
    def trump(self) -> Suit | None:
        return None if self._b.trump < 0 else Suit(self._b.trump)

    @property
    def maker(self) -> Seat | None:
        return None if self._b.maker < 0 else Seat(self._b.maker)

    @property
    def alone(self) -> bool:
        return self._b.alone

    @property
    def lone_defender(self) -> Seat | None:
        return None if self._b.lone_defender < 0 else Seat(self._b.lone_defender)

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        """The seats that take no part: a loner's partner, a lone defender's partner (R5.1, R5.4)."""
        return tuple(s for s in Seat if self._b.out >> s & 1)

    @property
    def discard(self) -> Card | None:
        """The card the dealer discarded after taking up (known to the dealer only)."""
        return None if self._b.discard < 0 else Card(self._b.discard)

    @property
    def railroad_card(self) -> Card | None:
        """The card the loner's partner passed (R5.5), if any."""
        return None if self._b.given < 0 else Card(self._b.given)

    @property
    def kitty(self) -> Cards:
        """The cards left face down under the upcard."""
        return mask_to_cards(self._b.kitty)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return tuple(
            Trick(Seat(lead), Cards(Card(c) for c in cs), tuple(Seat(s) for s in seats), Seat(w))
            for lead, cs, seats, w in self.core.tricks
        )

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (``winner`` is ``None``), or ``None`` outside the play."""
        s = self.core
        if s.phase != core.PLAY_PHASE:
            return None
        return Trick(Seat(s.leader), Cards(Card(c) for c in s.trick), tuple(Seat(x) for x in s.trick_seats), None)

    @property
    def tricks_won(self) -> dict[Team, int]:
        return {Team.NS: self.core.won[0], Team.EW: self.core.won[1]}

    is_over = property(attrgetter("_over"), doc="True once the hand is over (scored or thrown in).")

    @property
    def thrown_in(self) -> bool:
        return self._b.thrown_in

    @property
    def score(self) -> HandScore | None:
        """The :class:`HandScore` once all five tricks are played; ``None`` before, or after a throw-in."""
        return self.core.score

    @property
    def points(self) -> dict[Team, int]:
        """The points each team scores for this hand (all 0 until it is over)."""
        sc = self.core.score
        out = {Team.NS: 0, Team.EW: 0}
        if sc is not None:
            makers = Team(self.core.maker & 1)
            out[makers], out[makers.other] = sc.makers, sc.defenders
        return out

    @property
    def history(self) -> tuple[tuple[Seat, Action], ...]:
        """Every action so far, with the seat that took it."""
        return tuple((Seat(s), Action(a)) for s, a in self.history_ids)

    def holding(self, seat: Seat | str) -> Cards:
        """The cards ``seat`` holds now, in deck order."""
        return mask_to_cards(self.core.hands[Seat.parse(seat)])

    def dealt(self, seat: Seat | str) -> Cards:
        """The five cards ``seat`` was dealt."""
        return mask_to_cards(self.deal_masks[0][Seat.parse(seat)])

    def legal_actions(self) -> Actions:
        """The legal actions of :attr:`to_act` (empty when the hand is over).

        They print as a learner reads them, and ``in`` takes text:

        >>> hand = Hand.deal('S', seed=3)
        >>> 'order up' in hand.legal_actions(), 'call ♥' in hand.legal_actions()
        (True, False)
        """
        legal = self._legal
        if legal is None:  # before the play (in the play phase apply works them out)
            self._find_legal()
            legal = self._legal
        return legal  # type: ignore[return-value]

    def _allows(self, a: Action) -> bool:
        mask = self._legal_mask
        if mask < 0:
            mask = self._find_legal()
        return bool(mask >> a.id & 1)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (an :class:`Action`, or its text, read once) is legal now."""
        try:
            return self._allows(action if type(action) is Action else Action.parse(action))
        except ValueError:
            return False

    def explain_illegal(self, action: Action | str) -> str:
        """Why ``action`` is not legal now (or ``''`` if it is)."""
        a = action if type(action) is Action else Action.parse(action)
        return "" if self._allows(a) else illegal_action(self.core, a.id)

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
        a = action if type(action) is Action else self._parse_with_seat(action)
        i = a.id
        mask = self._legal_mask
        if mask < 0:
            mask = self._find_legal()
        if not mask >> i & 1:
            raise IllegalActionError(illegal_action(self.core, i), seat=self.to_act, action=a)
        seat = self._to_act
        ctx = self._ctx
        if ctx is None:  # before the play: a few actions a hand, on a copy of the state
            new = self._bs.copy()
            new.apply(i)
            return Hand._of(new, self._dl, (self._hist, seat, i), True)
        # a card played: the new hand from the slots, as State.apply plays it (engine/core/play.py)
        c = i - act.PLAY
        h = _new_object(Hand)
        h._st = None
        left = h._left = self._left & UNBIT[c]
        trick = self._trick + ONE[c]
        seat = ctx[AFTER][seat]
        if seat >= 0:  # the trick goes on
            h._ctx = ctx
            h._over = False
            h._to_act = seat
            h._trick = trick
            cards = ctx[HOLDINGS][seat] & left
            m = cards & ctx[FOLLOW][trick[0]] or cards
            h._legal_mask = m << act.PLAY
            h._legal = PLAYS.get(m) or plays(m)
            return h
        # the trick is over: its winner leads the next, or the hand is over
        ctx = h._ctx = play.end_trick(ctx, trick)
        h._trick = ()
        if ctx[play.SCORE] is not None:
            h._over, h._to_act, h._legal_mask, h._legal = True, -1, 0, play.NO_ACTIONS
            return h
        h._over = False
        seat = h._to_act = ctx[play.LEADER]
        m = ctx[HOLDINGS][seat] & left
        h._legal_mask = m << act.PLAY
        h._legal = PLAYS.get(m) or plays(m)
        return h

    def _parse_with_seat(self, text: Action | str) -> Action:
        if not isinstance(text, str):
            return Action.parse(text)  # a ValueError that names it
        head, _, rest = text.strip().partition(" ")
        if rest and head.upper() in ("N", "E", "S", "W"):
            seat = Seat.parse(head)
            if seat != self.to_act:
                raise IllegalActionError(not_your_turn(self.core, seat, text), seat=seat)
            text = rest
        return Action.parse(text)

    # --- records, equality, display ---------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """This hand as a JSON-ready record (see :func:`euchre_learn.replay`).

        >>> from euchre_learn import replay
        >>> hand = Hand.deal('E', seed=5).apply('pass')
        >>> replay(hand.to_record()) == hand
        True
        """
        hands, up, kitty = self.deal_masks
        rules = self.rules
        return {
            "format": "euchre-learn/hand-1",
            "rules": rules.name or {k: list(v) if isinstance(v, tuple) else v for k, v in rules.changes().items()},
            "dealer": str(self.dealer),
            "hands": {str(seat): str(mask_to_cards(hands[seat])) for seat in Seat},
            "upcard": str(Card(up)),
            "kitty": str(mask_to_cards(kitty)),
            "actions": [f"{Seat(s)} {Action(a)}" for s, a in self.history_ids],
        }

    @property
    def state(self) -> State:
        """A copy of the core state, for bots, solvers and playouts (see :mod:`euchre_learn.engine.core`)."""
        return self.core.copy()

    def _key(self) -> tuple[Any, ...]:
        return (self._b.rules, self._b.dealer, self.deal_masks, self.history_ids)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Hand dealer={self.dealer} {self.phase}" + (
            f", {self.to_act} to act>" if self.to_act is not None else ">"
        )

    def __str__(self) -> str:
        return hand_text(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from euchre_learn.display import hand_html

        return hand_html(self)

"""A game to ``points_to_win``: hands dealt in turn, the deal passing left (R2.3, R8)."""

from __future__ import annotations

import random
from typing import Any

from euchre_learn.engine.actions import Action, Actions
from euchre_learn.engine.cards import Cards, Rank, Seat, Team, deck
from euchre_learn.engine.deals import seed_text, seeded_random
from euchre_learn.engine.hand import Hand, IllegalActionError
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.text import game_text

__all__ = ["Game", "choose_first_dealer"]


def choose_first_dealer(seed: Any = None) -> tuple[Seat, Cards]:
    """Deal cards face up, one to each seat from North clockwise, until a black jack
    appears; the seat that receives it deals first (R2.1). Returns that seat and the cards shown.

    >>> seat, shown = choose_first_dealer(seed=4)
    >>> shown[-1].rank.name, shown[-1].suit.color, seat == Seat(len(shown) - 1) % 4
    ('JACK', 'black', True)

    Any seed deals: one that ``random`` does not take (a list, a tuple) is used by its text.
    """
    pack = list(deck())
    seeded_random(seed).shuffle(pack)
    for i, card in enumerate(pack):
        if card.rank == Rank.JACK and card.suit is not None and card.suit.color == "black":
            return Seat(i % 4), Cards(pack[: i + 1])
    raise AssertionError("the deck always holds two black jacks")  # pragma: no cover


class Game:
    """A whole game: hands are dealt until one side reaches ``rules.points_to_win`` (R8.1).

    :meth:`apply` returns a new game; a game never changes. With a ``seed``, every deal
    is the same on every machine.

    >>> game = Game(seed=1, dealer='N')
    >>> game.hand.dealer, game.score, game.winner
    (<Seat.N: 0>, {<Team.NS: 0>: 0, <Team.EW: 1>: 0}, None)
    >>> game.apply('pass').to_act
    <Seat.S: 2>

    :attr:`hand` is always the hand in progress: the moment a hand ends, its points are added
    and the next hand is dealt. The hand just finished is :attr:`last_hand` (``None`` before
    the first one ends), so a loop plays a hand to its end like this:

    >>> from euchre_learn import bots
    >>> bot, game = bots.get('standard', seed=1), Game(seed=2, dealer='S')
    >>> game.last_hand is None
    True
    >>> while game.last_hand is None:
    ...     game = game.apply(bot.act(game.hand))
    >>> game.last_hand.is_over, game.last_hand is game.hands[-1], game.hand.dealer
    (True, True, <Seat.W: 3>)
    """

    __slots__ = ("_first", "_hand", "_hands", "_rules", "_score", "_seed")

    def __init__(self, rules: Rules | str | None = None, seed: Any = None, dealer: Seat | str | None = None) -> None:
        self._rules = Rules.from_value(rules, argument="Game(rules)")
        seed_text(seed)  # every deal is seeded by the seed's text: refuse a seed without one
        self._seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        if dealer is None:
            self._first: tuple[Seat, Cards] | None = choose_first_dealer(f"{self._seed}/first dealer")
            first = self._first[0]
        else:
            self._first = None
            first = Seat.parse(dealer)
        self._hands: tuple[Hand, ...] = ()
        self._score = (0, 0)
        self._hand = self._deal(first, 0)

    def _deal(self, dealer: Seat, number: int) -> Hand:
        return Hand.deal(dealer, self._rules, seed=f"{self._seed}/hand {number}")

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> Any:
        return self._seed

    @property
    def first_dealer_cards(self) -> Cards | None:
        """The cards dealt face up to choose the first dealer, or ``None`` if a dealer was given."""
        return None if self._first is None else self._first[1]

    @property
    def hand(self) -> Hand:
        """The hand in progress (after the game is won: the last hand)."""
        return self._hand

    @property
    def last_hand(self) -> Hand | None:
        """The hand finished last (over, with its score), or ``None`` before any hand ends.
        Unlike :attr:`hand`, which moves on to the next deal at once, it shows how the hand ended."""
        return self._hands[-1] if self._hands else None

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The finished hands, thrown-in hands included, in order."""
        return self._hands

    @property
    def score(self) -> dict[Team, int]:
        return {Team.NS: self._score[0], Team.EW: self._score[1]}

    @property
    def winner(self) -> Team | None:
        """The first side to reach ``points_to_win`` (R8.2), or ``None``."""
        target = self._rules.points_to_win
        for team in Team:
            if self._score[team] >= target:
                return team
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def in_the_barn(self) -> set[Team]:
        """The sides one point short of winning (R8.3)."""
        if self.winner is not None:
            return set()
        return {t for t in Team if self._score[t] == self._rules.points_to_win - 1}

    @property
    def to_act(self) -> Seat | None:
        return None if self.is_over else self._hand.to_act

    def legal_actions(self) -> Actions:
        return Actions() if self.is_over else self._hand.legal_actions()

    def apply(self, action: Action | str) -> Game:
        """The game after ``action`` in the current hand. When the hand ends, its points are
        added and, unless the game is won, the next hand is dealt by the seat on the left (R2.3)."""
        if self.is_over:
            winner = self.winner
            assert winner is not None
            raise IllegalActionError(
                f"The game is over: {winner.word} won {self._score[winner]} to {self._score[1 - winner]}. "
                "Start a new Game to play again."
            )
        hand = self._hand.apply(action)
        new = object.__new__(Game)
        new._rules, new._seed, new._first = self._rules, self._seed, self._first
        new._hands, new._score, new._hand = self._hands, self._score, hand
        if hand.is_over:
            points = hand.points
            new._score = (self._score[0] + points[Team.NS], self._score[1] + points[Team.EW])
            new._hands = (*self._hands, hand)
            if new.winner is None:
                new._hand = new._deal(hand.dealer.left, len(new._hands))
        return new

    def __repr__(self) -> str:
        ns, ew = self._score
        state = f"{self.winner} won" if self.winner is not None else f"hand {len(self._hands) + 1}"
        return f"<Game to {self._rules.points_to_win}: NS {ns}, EW {ew}, {state}>"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self._rules == other._rules
            and self._hands == other._hands
            and self._hand == other._hand
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return game_text(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        from euchre_learn.display import game_html

        return game_html(self)

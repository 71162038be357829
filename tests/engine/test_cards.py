"""Cards, suits, ranks, seats and teams (RULES.md §1, API.md "Cards and seats")."""

from __future__ import annotations

import copy
import pickle

import pytest

import euchre_learn as el
from euchre_learn import Card, Cards, InvalidCardError, Rank, Rules, Seat, Suit, Team, cards, deck

# Every spelling API.md promises for Card.parse, with the card it must give (suit, rank).
ACCEPTED = [
    ("J♠", Suit.SPADES, Rank.JACK),
    ("JS", Suit.SPADES, Rank.JACK),
    ("js", Suit.SPADES, Rank.JACK),
    ("Js", Suit.SPADES, Rank.JACK),
    ("jS", Suit.SPADES, Rank.JACK),
    ("10♥", Suit.HEARTS, Rank.TEN),
    ("TH", Suit.HEARTS, Rank.TEN),
    ("t♥", Suit.HEARTS, Rank.TEN),
    ("10h", Suit.HEARTS, Rank.TEN),
    ("Th", Suit.HEARTS, Rank.TEN),
    ("9♣", Suit.CLUBS, Rank.NINE),
    ("9c", Suit.CLUBS, Rank.NINE),
    ("Q♦", Suit.DIAMONDS, Rank.QUEEN),
    ("qd", Suit.DIAMONDS, Rank.QUEEN),
    ("K♠", Suit.SPADES, Rank.KING),
    ("ks", Suit.SPADES, Rank.KING),
    ("A♥", Suit.HEARTS, Rank.ACE),
    ("aH", Suit.HEARTS, Rank.ACE),
    (" A♥ ", Suit.HEARTS, Rank.ACE),
]


@pytest.mark.parametrize(("text", "suit", "rank"), ACCEPTED)
def test_parse_accepts_every_documented_spelling(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)
    assert card.index == suit * 6 + rank
    assert not card.is_benny


@pytest.mark.parametrize("text", ["Benny", "benny", "BENNY", "joker", "Joker", "2♠", "2s", "2S"])
def test_parse_the_benny(text: str) -> None:
    benny = Card.parse(text)
    assert benny.is_benny
    assert benny.index == 24
    assert benny.suit is None and benny.rank is None
    assert str(benny) == "Benny"
    assert benny.name == "the Benny"


def test_parse_returns_the_shared_object() -> None:
    assert Card.parse("J♠") is Card.parse("js") is Card(3 * 6 + 2)
    assert Card.parse(Card.parse("9♣")) is Card.parse("9♣")


@pytest.mark.parametrize(
    "text", ["", "J", "♠", "1H", "11♥", "8♠", "2♥", "JX", "J♠♠", "JSS", "J♠ Q♠", "jack of spades", "10", "T", "Bennyy"]
)
def test_parse_bad_text_names_the_text_and_the_accepted_forms(text: str) -> None:
    with pytest.raises(InvalidCardError) as err:
        Card.parse(text)
    message = str(err.value)
    assert repr(text) in message
    for form in ("9, 10 or T, J, Q, K, A", "♣ ♦ ♥ ♠", "C D H S", "'Benny'", "'joker'"):
        assert form in message
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("value", [None, 3, 2.5, ["J♠"]])
def test_parse_non_text_is_an_invalid_card(value: object) -> None:
    with pytest.raises(InvalidCardError, match="is not a card"):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, -25, 25, 100, "3", None])
def test_card_from_a_bad_index_raises(index: object) -> None:
    with pytest.raises(InvalidCardError, match="0 to 24"):
        Card(index)  # type: ignore[arg-type]


def test_str_is_rank_then_symbol_and_repr_pastes_back() -> None:
    assert str(Card.parse("js")) == "J♠"
    assert str(Card.parse("th")) == "10♥"
    assert repr(Card.parse("10h")) == "Card.parse('10♥')"
    namespace = {"Card": Card, "cards": cards}
    for card in deck(Rules(benny="joker")):
        assert eval(repr(card), namespace) is card
        assert Card.parse(str(card)) is card
    hand = cards("J♠ 10♥ A♦")
    assert repr(hand) == "cards('J♠ 10♥ A♦')"
    assert eval(repr(hand), namespace) == hand
    assert f"{Card.parse('js'):>4}" == "  J♠"


def test_card_is_immutable_and_survives_copy_and_pickle() -> None:
    card = Card.parse("Q♦")
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_ordering_is_suit_then_rank_and_consistent() -> None:
    ordered = deck(Rules(benny="joker"))
    assert list(ordered) == sorted(ordered)
    assert sorted(cards("A♠ 9♣ J♥ 10♣ K♦")) == list(cards("9♣ 10♣ K♦ J♥ A♠"))
    nine_clubs, ace_spades = Card.parse("9♣"), Card.parse("A♠")
    assert nine_clubs < ace_spades and nine_clubs <= ace_spades
    assert ace_spades > nine_clubs and ace_spades >= nine_clubs
    assert nine_clubs <= nine_clubs and nine_clubs >= nine_clubs
    assert not nine_clubs < nine_clubs
    # every card in a suit ranks 9 10 J Q K A, and ♣ < ♦ < ♥ < ♠
    for suit in Suit:
        in_suit = [c for c in ordered if c.suit is suit]
        assert [c.rank for c in in_suit] == list(Rank)
    assert Card.parse("A♣") < Card.parse("9♦") < Card.parse("9♥") < Card.parse("9♠")


def test_ordering_against_other_types_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("J♠") < 3  # type: ignore[operator]
    assert Card.parse("J♠") != "J♠"
    assert Card.parse("J♠") != 20


def test_hashing() -> None:
    all_cards = deck(Rules(benny="joker"))
    assert len({hash(c) for c in all_cards}) == 25
    lookup = {Card.parse("J♠"): "right bower of spades"}
    assert lookup[Card.parse("js")] == "right bower of spades"
    assert len({Card.parse("TH"), Card.parse("10♥"), Card.parse("t♥"), Card.parse("10h")}) == 1


def test_name_in_words() -> None:
    assert Card.parse("J♠").name == "jack of spades"
    assert Card.parse("10♦").name == "ten of diamonds"
    assert Card.parse("9♣").name == "nine of clubs"


def test_cards_separators_and_inputs() -> None:
    expected = (Card.parse("J♠"), Card.parse("A♥"), Card.parse("9♦"))
    assert cards("J♠ A♥ 9♦") == expected
    assert cards("J♠,A♥,9♦") == expected
    assert cards("J♠, A♥ ,  9♦ ") == expected
    assert cards("js ah 9d") == expected
    assert cards(["J♠", Card.parse("A♥"), "9d"]) == expected
    assert cards("") == ()
    assert isinstance(cards("J♠ A♥"), Cards)
    assert isinstance(cards("J♠ A♥ 9♦")[1:], Cards)
    assert cards("J♠ A♥ 9♦")[1] is Card.parse("A♥")
    assert str(cards("J♠ 10♥")) == "J♠ 10♥"


def test_cards_bad_item_names_it() -> None:
    with pytest.raises(InvalidCardError, match="'1H'"):
        cards("J♠ 1H 9♦")


def test_deck() -> None:
    standard = deck()
    assert len(standard) == 24 == len(set(standard))
    assert standard == deck(Rules())
    assert all(not c.is_benny for c in standard)
    assert {(c.suit, c.rank) for c in standard} == {(s, r) for s in Suit for r in Rank}
    for benny in ("joker", "2♠"):
        with_benny = deck(Rules(benny=benny))  # type: ignore[arg-type]
        assert len(with_benny) == 25 == len(set(with_benny))
        assert with_benny[:24] == standard
        assert with_benny[24].is_benny
    assert list(standard) == sorted(standard)


def test_suit_properties() -> None:
    expected = {
        Suit.CLUBS: ("♣", "C", "black", Suit.SPADES, "clubs"),
        Suit.DIAMONDS: ("♦", "D", "red", Suit.HEARTS, "diamonds"),
        Suit.HEARTS: ("♥", "H", "red", Suit.DIAMONDS, "hearts"),
        Suit.SPADES: ("♠", "S", "black", Suit.CLUBS, "spades"),
    }
    for suit, (symbol, letter, color, next_suit, plural) in expected.items():
        assert (suit.symbol, suit.letter, suit.color, suit.next, suit.plural) == (
            symbol,
            letter,
            color,
            next_suit,
            plural,
        )
        assert suit.next.next is suit
        assert suit.next is not suit and suit.next.color == suit.color
        assert str(suit) == symbol
        for text in (symbol, letter, letter.lower(), plural, plural[:-1], plural.upper()):
            assert Suit.parse(text) is suit


def test_suit_parse_bad_text() -> None:
    with pytest.raises(InvalidCardError, match="'trumps' is not a suit"):
        Suit.parse("trumps")


def test_rank_properties() -> None:
    assert [r.text for r in Rank] == ["9", "10", "J", "Q", "K", "A"]
    assert [r.word for r in Rank] == ["nine", "ten", "jack", "queen", "king", "ace"]
    assert Rank.NINE < Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING < Rank.ACE


def test_seat_properties() -> None:
    assert [s.name for s in Seat] == ["N", "E", "S", "W"]
    assert [s.left for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]  # clockwise
    assert [s.right for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.team for s in Seat] == [Team.NS, Team.EW, Team.NS, Team.EW]
    assert [s.word for s in Seat] == ["North", "East", "South", "West"]
    for seat in Seat:
        assert seat.partner.partner is seat
        assert seat.partner.team is seat.team
        assert seat.left.team is not seat.team
        assert seat.left.right is seat
        assert str(seat) == seat.name
        for text in (seat.name, seat.name.lower(), seat.word, seat.word.lower(), int(seat)):
            assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["X", "", "northwest", 4, -1, True, None])
def test_seat_parse_bad_text(text: object) -> None:
    with pytest.raises(ValueError, match="is not a seat: expected N, E, S or W"):
        Seat.parse(text)  # type: ignore[arg-type]


def test_team_properties() -> None:
    assert list(Team) == [Team.NS, Team.EW]
    assert Team.NS.seats == (Seat.N, Seat.S)
    assert Team.EW.seats == (Seat.E, Seat.W)
    assert Team.NS.other is Team.EW and Team.EW.other is Team.NS
    assert (Team.NS.word, Team.EW.word) == ("North-South", "East-West")
    assert str(Team.EW) == "EW"


def test_everything_is_exported_at_the_top() -> None:
    for name in ("Card", "Cards", "InvalidCardError", "Rank", "Seat", "Suit", "Team", "cards", "deck"):
        assert hasattr(el, name)
    assert issubclass(el.InvalidCardError, ValueError)

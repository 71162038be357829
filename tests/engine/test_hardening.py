"""Issue 16: every public entry point refuses bad input with the package's own error.

Each test here failed before the fix it names: wrong-type arguments raised ``TypeError`` or
``AttributeError`` from inside the package, deeply nested JSON raised ``RecursionError``, error
messages repeated a megabyte of input, ``save_bank`` left its temporary file behind, the
trump functions accepted a card twice, and a game never showed the hand it had just finished.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn import Game, Hand, Seat
from euchre_learn.engine.errors import EuchreError, EuchreTypeError, quote
from euchre_learn.engine.trump import DuplicateCardError
from euchre_learn.teaching.quiz.bank import BankError, load_bank, save_bank
from euchre_learn.teaching.quiz.question import Question

HOLDINGS = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}


def nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep, built without recursion."""
    top: list[Any] = []
    inner = top
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return top


def record() -> dict[str, Any]:
    return el.examples.load("made")


# --- wrong-type arguments: the package's own error, naming the argument ------------------------

WRONG_TYPES: list[tuple[str, Callable[[], object], str]] = [
    ("cards(None)", lambda: el.cards(None), "cards(text): got None"),  # type: ignore[arg-type]
    ("cards(5)", lambda: el.cards(5), "cards(text): got 5"),  # type: ignore[arg-type]
    ("deck(5)", lambda: el.deck(5), "deck(rules): 5 is not rules"),  # type: ignore[arg-type]
    ("legal_plays(None)", lambda: el.legal_plays(None, "hearts"), "legal_plays(holding): got None"),  # type: ignore[arg-type]
    ("trick_winner(None)", lambda: el.trick_winner(None, "hearts"), "trick_winner(played): got None"),  # type: ignore[arg-type]
    (
        "from_cards(holdings=None)",
        lambda: Hand.from_cards("S", None, "A♥"),  # type: ignore[arg-type]
        "Hand.from_cards(holdings): got None",
    ),
    (
        "from_cards({'N': None})",
        lambda: Hand.from_cards("S", {"N": None}, "A♥"),  # type: ignore[dict-item]
        "Hand.from_cards(holdings['N']): got None",
    ),
    (
        "from_cards(kitty=5)",
        lambda: Hand.from_cards("S", HOLDINGS, "A♥", kitty=5),  # type: ignore[arg-type]
        "Hand.from_cards(kitty): got 5",
    ),
    ("Hand.deal(rules=5)", lambda: Hand.deal("N", rules=5), "Hand.deal(rules): 5 is not rules"),  # type: ignore[arg-type]
    ("solve(None)", lambda: el.solve(None), "solve(hand): got None"),
    ("advise(None)", lambda: el.advise(None), "advise(hand): got None"),
    ("examples.load([])", lambda: el.examples.load([]), "the example's name: got []"),  # type: ignore[arg-type]
    ("bots.get([])", lambda: el.bots.get([]), "bots.get(name): got []"),  # type: ignore[arg-type]
    ("load_bank(None)", lambda: load_bank(None), "load_bank(source): got None"),  # type: ignore[arg-type]
    ("load_bank(b'{}')", lambda: load_bank(b"{}"), "decode bytes first"),  # type: ignore[arg-type]
    (
        "Question(choices=None)",
        lambda: Question(prompt="?", kind="single", choices=None, answer="a", explanation="."),  # type: ignore[arg-type]
        "choices: got None: expected a list of choice texts",
    ),
    ("score_hand(rules=5)", lambda: el.score_hand(3, rules=5), "score_hand(rules): 5 is not rules"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "words"), [(c, w) for _, c, w in WRONG_TYPES], ids=[i for i, _, _ in WRONG_TYPES])
def test_a_wrong_type_gets_the_packages_own_error(call: Callable[[], object], words: str) -> None:
    with pytest.raises(EuchreError) as info:
        call()
    assert words in str(info.value)
    assert "expected" in str(info.value)  # what it accepts


def test_a_wrong_type_error_is_a_type_error_too() -> None:
    with pytest.raises(TypeError):
        el.cards(None)  # type: ignore[arg-type]
    with pytest.raises(EuchreTypeError):
        el.solve(None)


def test_deck_takes_a_preset_name_like_everything_else() -> None:
    assert el.deck("uk") == el.deck(el.Rules.preset("uk"))
    assert len(el.deck("uk")) == 25 and el.deck("standard") == el.deck()


def test_score_hand_takes_a_preset_name() -> None:
    assert el.score_hand(0, rules="super-euchre").outcome == "super euchre"


def test_any_seed_deals_a_hand_as_a_game_takes_any_seed() -> None:
    game = Game(seed=[1])  # worked before: the game uses its seed as text
    assert Game(seed=[1]).hand == game.hand
    assert Hand.deal("N", seed=[1]) == Hand.deal("N", seed=[1]) == Hand.deal("N", seed="[1]")
    assert Hand.deal("N", seed=(2, 3)) != Hand.deal("N", seed=[1])
    assert Hand.deal("N", seed=5) == Hand.deal("N", seed=5)  # seeds random takes are as before
    seat, shown = el.choose_first_dealer([1])
    assert (seat, shown) == el.choose_first_dealer("[1]")


# --- deeply nested JSON: RecordError / BankError, never RecursionError --------------------------


def test_deeply_nested_record_text_is_a_record_error() -> None:
    for text in ("[" * 100000, '{"actions": ' + "[" * 100000):
        with pytest.raises(el.RecordError, match="nested too deeply"):
            el.replay(text)


def test_deeply_nested_record_file_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000, encoding="utf-8")
    with pytest.raises(el.RecordError, match=r"record file .*deep\.json' is nested too deeply"):
        el.replay(path)


def test_an_action_nested_1000_deep_is_a_record_error() -> None:
    with pytest.raises(el.RecordError, match=r"record\['actions'\]\[0\] is \[\[\[\[\.\.\.\]\]\]\]"):
        el.replay({**record(), "actions": [nested(1000)]})
    text = json.dumps({**record(), "actions": ["@"]}).replace('"@"', "[" * 1000 + "]" * 1000)
    with pytest.raises(el.RecordError):
        el.replay(text)
    with pytest.raises(ValueError, match="is not an action"):
        Hand.deal("N", seed=1).apply(nested(1000))  # type: ignore[arg-type]


def test_deeply_nested_quiz_bank_is_a_bank_error(tmp_path: Path) -> None:
    with pytest.raises(BankError, match="nested too deeply"):
        load_bank("[" * 100000)
    path = tmp_path / "deep.json"
    path.write_text('{"questions": ' + "[" * 100000, encoding="utf-8")
    with pytest.raises(BankError, match="nested too deeply"):
        load_bank(path)
    bank = {"format": "euchre-learn/quiz-bank-1", "questions": [{"type": "number", "prompt": nested(5000)}]}
    with pytest.raises(BankError):
        load_bank(bank)


# --- messages quote a short prefix of the input ---------------------------------------------------


def test_card_parse_quotes_a_short_prefix() -> None:
    with pytest.raises(el.InvalidCardError) as info:
        el.Card.parse("x" * 10**6)
    message = str(info.value)
    assert len(message) < 400 and "(1000000 characters)" in message


def test_a_300kb_holding_gives_a_short_record_error() -> None:
    for holding in ("x" * 300_000, "J♠ " * 100_000):
        with pytest.raises(el.RecordError) as info:
            el.replay({**record(), "hands": {**record()["hands"], "N": holding}})
        assert len(str(info.value)) < 400


@pytest.mark.parametrize(
    "call",
    [
        lambda big: el.Action.parse(big),
        lambda big: el.Rules.preset(big),
        lambda big: el.quiz.generate(big),
        lambda big: el.bots.get(big),
        lambda big: el.examples.load(big),
        lambda big: Hand.deal(big),
        lambda big: Hand.deal("N", seed=1).apply("N " + big),
        lambda big: el.Suit.parse(big),
        lambda big: el.quiz.generate("left-bower", seed=1).check(big),
        lambda big: load_bank({"format": "euchre-learn/quiz-bank-1", "questions": [{"type": big}]}),
        lambda big: load_bank({"format": big, "questions": []}),
    ],
)
def test_no_message_repeats_a_megabyte_of_input(call: Callable[[str], object]) -> None:
    with pytest.raises(ValueError) as info:
        call("y" * 10**6)
    assert len(str(info.value)) < 1000


def test_quote_is_short_and_never_fails() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quote("J♠") == "'J♠'"
    assert "Broken" in quote(Broken())
    assert len(quote(nested(100000))) < 100
    assert len(quote(b"z" * 10**6)) < 100
    assert len(quote({"k": "v" * 10**6, "l": list(range(10**5))})) <= 81


# --- save_bank: the shared atomic write, nothing left behind ---------------------------------------


def test_save_bank_leaves_no_temp_file_when_it_fails(tmp_path: Path) -> None:
    qs = [el.quiz.generate("left-bower", seed=1)]
    folder = tmp_path / "bank.json"
    folder.mkdir()  # a folder where the file should go: os.replace fails
    with pytest.raises(BankError, match="cannot save the quiz bank"):
        save_bank(qs, folder)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["bank.json"]
    bad = Question(prompt="?", kind="number", choices=(), answer=1, explanation=".", record={"x": object()})
    with pytest.raises(BankError, match="cannot be saved as JSON"):
        save_bank([bad], tmp_path / "other.json")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["bank.json"]


def test_save_bank_keeps_the_old_bank_when_a_save_fails(tmp_path: Path) -> None:
    path = tmp_path / "bank.json"
    good = [el.quiz.generate("left-bower", seed=s) for s in range(2)]
    save_bank(good, path)
    before = path.read_bytes()
    with pytest.raises(BankError):
        save_bank(
            [*good, Question(prompt="?", kind="number", choices=(), answer=1, explanation=".", record={"x": {1, 2}})],
            path,
        )
    assert path.read_bytes() == before and list(load_bank(path)) == good
    assert os.listdir(tmp_path) == ["bank.json"]


def test_save_bank_refuses_what_is_not_a_question(tmp_path: Path) -> None:
    with pytest.raises(EuchreTypeError, match=r"save_bank\(questions\[0\]\): got 'q'"):
        save_bank(["q"], tmp_path / "b.json")  # type: ignore[list-item]
    with pytest.raises(EuchreTypeError, match=r"save_bank\(path\): got None"):
        save_bank([], None)  # type: ignore[arg-type]
    assert os.listdir(tmp_path) == []


def test_save_bank_writes_what_it_wrote_before(tmp_path: Path) -> None:
    qs = [el.quiz.generate("left-bower", seed=s) for s in range(3)]
    path = save_bank(qs, tmp_path / "b.json", title="Bowers")
    text = path.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n"  # the format is unchanged


# --- the trump functions refuse a card twice --------------------------------------------------------


def test_trick_winner_refuses_a_card_played_twice() -> None:
    with pytest.raises(DuplicateCardError, match="the 9♠ is there twice"):
        el.trick_winner(el.cards("9♠ 9♠"), "hearts")
    with pytest.raises(ValueError, match="the J♥ is there twice"):
        el.trick_winner(el.cards("Q♠ J♥ 10♠ J♥"), "hearts")
    assert el.trick_winner(el.cards("K♦ A♦ J♦ 9♣"), "hearts") == 2  # unchanged for real tricks


def test_legal_plays_refuses_the_led_card_in_the_holding_and_duplicates() -> None:
    with pytest.raises(DuplicateCardError, match="the 9♥ is led and also in the holding"):
        el.legal_plays(el.cards("9♥ A♠"), "hearts", led="9♥")
    with pytest.raises(DuplicateCardError, match="the A♠ is there twice"):
        el.legal_plays(el.cards("A♠ A♠ K♦"), "hearts")
    assert el.legal_plays(el.cards("J♦ A♦ K♣"), "hearts", led="9♥") == el.cards("J♦")


def test_trump_functions_take_text_as_cards() -> None:
    assert el.trick_winner("K♦ A♦ J♦ 9♣", "hearts") == 2
    assert el.legal_plays("J♦ A♦ K♣", "hearts", led="9♥") == el.cards("J♦")


# --- Game.last_hand -------------------------------------------------------------------------------


def test_last_hand_is_none_before_any_hand_ends() -> None:
    game = Game(seed=3, dealer="N")
    assert game.last_hand is None
    assert game.apply("pass").last_hand is None


def test_last_hand_is_the_hand_just_finished() -> None:
    bot = el.bots.get("standard", seed=2)
    game = Game(seed=7, dealer="E")
    first_hand_moves = 0
    while game.last_hand is None:  # the loop the issue reports never ended on game.hand.is_over
        game = game.apply(bot.act(game.hand))
        first_hand_moves += 1
    finished = game.last_hand
    assert finished.is_over and finished.dealer == Seat.E
    assert finished is game.hands[0] and len(game.hands) == 1
    assert not game.hand.is_over and game.hand.dealer == Seat.S  # the next deal started at once
    assert sum(game.score.values()) == sum(finished.points.values())
    while len(game.hands) < 2 and game.winner is None:
        game = game.apply(bot.act(game.hand))
    assert game.last_hand is game.hands[-1] and game.last_hand is not finished


def test_last_hand_after_the_game_is_won() -> None:
    bot = el.bots.get("standard", seed=1)
    game = Game(rules=el.Rules(points_to_win=1), seed=4, dealer="N")
    while game.winner is None:
        game = game.apply(bot.act(game.hand))
    assert game.last_hand is game.hands[-1] and game.last_hand.is_over


# --- what the fuzz suite found ----------------------------------------------------------------------


def test_a_seed_without_a_text_form_is_refused_and_a_surrogate_seed_deals() -> None:
    class NoText:
        def __str__(self) -> str:
            raise RuntimeError("no text")

    for call in (lambda s: Hand.deal("N", seed=s), lambda s: Game(seed=s), el.choose_first_dealer):
        with pytest.raises(EuchreTypeError, match="seed: got"):
            call(NoText())
        with pytest.raises(EuchreTypeError, match="seed: got"):
            call(nested(100_000))
        assert call("\udcff") == call("\udcff")


def test_fuzz_found_wrong_types_in_quiz_banks_and_tables(tmp_path: Path) -> None:
    with pytest.raises(EuchreError, match=r"Question.from_dict\(data\): got None"):
        Question.from_dict(None)  # type: ignore[arg-type]
    with pytest.raises(BankError, match="is not a known field"):
        load_bank({"format": "euchre-learn/quiz-bank-1", "questions": [], 1: 2})  # type: ignore[dict-item]
    with pytest.raises(BankError, match="cannot save the quiz bank"):
        save_bank([el.quiz.generate("left-bower", seed=1)], tmp_path / "a\x00b")
    assert os.listdir(tmp_path) == []
    with pytest.raises(EuchreTypeError, match=r"humans: got 1\.5"):
        el.table.Table(humans=1.5)  # type: ignore[arg-type]


def test_a_huge_holding_with_a_duplicate_gives_a_short_message() -> None:
    with pytest.raises(DuplicateCardError) as info:
        el.legal_plays("J♠ " * 100_000, "hearts")
    assert len(str(info.value)) < 300

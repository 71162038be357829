"""Hand records: a hand stored and shared as JSON (API.md, "Records")."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, NamedTuple

from euchre_learn.engine.actions import ACTIONS, Action
from euchre_learn.engine.cards import Cards, InvalidCardError, Seat, cards
from euchre_learn.engine.core import State
from euchre_learn.engine.deals import DealCheck
from euchre_learn.engine.errors import PATH_LIMIT, EuchreError, quote
from euchre_learn.engine.hand import Hand, IllegalActionError
from euchre_learn.engine.jsonfiles import parse_json
from euchre_learn.engine.rules import Rules

__all__ = ["FORMAT", "RecordError", "Step", "load_record", "positions", "replay"]

FORMAT = "euchre-learn/hand-1"


class RecordError(EuchreError):
    """A malformed hand record: the message says what is wrong and where."""


def load_record(record: dict[str, Any] | str | os.PathLike[str]) -> dict[str, Any]:
    """A record as a dict, from a dict, a JSON string or a path to a JSON file."""
    if isinstance(record, dict):
        return record
    if not isinstance(record, (str, os.PathLike)):
        raise RecordError(f"{quote(record)} is not a record: expected a dict, a JSON string or a path to a JSON file")
    if isinstance(record, os.PathLike) or not record.lstrip().startswith(("{", "[")):
        path = os.fspath(record)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as err:
            raise RecordError(f"cannot read the record file {quote(path, PATH_LIMIT)}: {err.strerror}") from None
        except (ValueError, UnicodeError) as err:  # a NUL in the name, a file that is not UTF-8 text
            raise RecordError(f"cannot read the record file {quote(path, PATH_LIMIT)}: {err}") from None
        where = f"record file {quote(path, PATH_LIMIT)}"
    else:
        text, where = str(record), "record"
    data = parse_json(text, where, RecordError)
    if not isinstance(data, dict):
        raise RecordError(f"the {where} must be a JSON object with 'dealer', 'hands', 'upcard' and 'actions'")
    return data


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], expected: str) -> Any:
    if key not in data:
        raise RecordError(f"record['{key}'] is missing: expected {expected}")
    value = data[key]
    if not isinstance(value, kind):
        raise RecordError(f"record['{key}'] is {quote(value)}: expected {expected}")
    return value


def _check_deal(rules: Rules, hands: dict[str, str], upcard: str, kitty: str | None) -> None:
    """Every card once, five to each seat, the rest in the kitty: or a RecordError naming the place."""
    check = DealCheck(rules, RecordError, "rules that have a benny")

    def held(where: str, text: str, count: int | None) -> Cards:
        try:
            found = cards(text)
        except InvalidCardError as err:
            raise RecordError(f"{where}: {err}") from None
        if count is not None and len(found) != count:
            raise RecordError(f"{where} holds {len(found)} cards ({quote(text)}): expected {count}")
        return found

    for seat in "NESW":
        where = f"record['hands']['{seat}']"
        check.place(where, held(where, hands[seat], 5))
    check.place("record['upcard']", held("record['upcard']", upcard, 1))
    if kitty is not None:
        check.kitty("record['kitty']", held("record['kitty']", kitty, None))


def replay(record: dict[str, Any] | str | os.PathLike[str]) -> Hand:
    """The :class:`Hand` after the last action of a record (a dict, a JSON string or a path).

    >>> record = {"rules": "standard", "dealer": "S",
    ...   "hands": {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥",
    ...             "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"},
    ...   "upcard": "A♥", "actions": ["W pass", "N order up", "S discard 9♣"]}
    >>> hand = replay(record)
    >>> hand.trump, hand.to_act, hand.holding('S')
    (<Suit.HEARTS: 2>, <Seat.W: 3>, cards('10♣ A♥ Q♠ K♠ A♠'))

    A malformed record raises :class:`RecordError`; an illegal action raises
    :class:`IllegalActionError` with ``.index`` into ``actions``.
    """
    data = load_record(record)
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"record['format'] is {quote(fmt)}: expected {quote(FORMAT)}")
    try:
        rules = Rules.from_value(data.get("rules"))
    except ValueError as err:
        raise RecordError(f"record['rules']: {err}") from None
    try:
        dealer = Seat.parse(_field(data, "dealer", str, "a seat: 'N', 'E', 'S' or 'W'"))
    except ValueError as err:
        raise RecordError(f"record['dealer']: {err}") from None
    hands = _field(data, "hands", dict, "an object mapping N, E, S and W to five cards each")
    for seat in Seat:
        if str(seat) not in hands:
            raise RecordError(f"record['hands'] has no seat {seat}: expected five cards for each of N, E, S, W")
    for key, value in hands.items():
        if key not in ("N", "E", "S", "W"):
            raise RecordError(f"record['hands'] has an unknown seat {quote(key)}: expected N, E, S and W")
        if not isinstance(value, str):
            raise RecordError(
                f"record['hands']['{key}'] is {quote(value)}: expected five cards as text, e.g. '9♠ 10♠ J♥ Q♦ A♣'"
            )
    upcard = _field(data, "upcard", str, "one card as text, e.g. 'J♦'")
    kitty = data.get("kitty")
    if kitty is not None and not isinstance(kitty, str):
        raise RecordError(f"record['kitty'] is {quote(kitty)}: expected cards as text, e.g. '9♥ Q♠ K♦'")
    _check_deal(rules, hands, upcard, kitty)
    try:
        hand = Hand.from_cards(dealer, hands, upcard, kitty, rules=rules)
    except ValueError as err:  # pragma: no cover - _check_deal finds these first, naming the place
        raise RecordError(f"record: {err}") from None
    actions = _field(data, "actions", list, "a list of actions, each after its seat, e.g. 'W pass'")
    for i, text in enumerate(actions):
        where = f"record['actions'][{i}]"
        if not isinstance(text, str):
            raise RecordError(f"{where} is {quote(text)}: expected text such as 'W pass' or 'N play J♠'")
        head, _, rest = text.strip().partition(" ")
        try:
            seat = Seat.parse(head)
        except ValueError:
            raise RecordError(
                f"{where} is {quote(text)}: it must start with the seat that acts (N, E, S or W)"
            ) from None
        try:
            action = Action.parse(rest)
        except ValueError as err:
            raise RecordError(f"{where}: {err}") from None
        if hand.to_act is None:
            raise RecordError(f"{where} is {quote(text)}, but the hand is already over after {i} actions")
        if seat != hand.to_act:
            raise RecordError(f"{where} is {quote(text)}, but it is {hand.to_act.word}'s turn, not {seat.word}'s")
        try:
            hand = hand.apply(action)
        except IllegalActionError as err:
            raise IllegalActionError(
                f"{where} ({quote(text)}): {err}", seat=err.seat, action=err.action, index=i
            ) from None
    return hand


class Step(NamedTuple):
    """One step of a replay: the action's ``index`` (0-based, into a record's ``actions`` and the
    hand's :attr:`~euchre_learn.Hand.history`), the ``position`` before it (a :class:`Hand` whose
    ``to_act`` takes it) and the ``action``."""

    index: int  # type: ignore[assignment]  # the action's index, as API.md names it (not tuple.index)
    position: Hand
    action: Action


def positions(subject: Hand | dict[str, Any] | str | os.PathLike[str]) -> Iterator[Step]:
    """Replay a hand position by position: for each action, in order, the position before it.

    ``subject`` is a :class:`Hand` (finished or not: its actions so far) or a record (a dict, a JSON
    string or a path, read as :func:`replay` reads it). The coach judges each decision of a hand, the
    review each decision of a game and the retry question tells the bidding so far this way.

    >>> from euchre_learn import Hand
    >>> hand = Hand.deal('S', seed=3).apply('pass').apply('order up')
    >>> [(step.index, str(step.position.to_act), str(step.action)) for step in positions(hand)]
    [(0, 'W', 'pass'), (1, 'N', 'order up')]
    >>> next(positions(hand.to_record())).position == Hand.deal('S', seed=3)
    True
    """
    final = subject if isinstance(subject, Hand) else replay(subject)
    hands, upcard, kitty = final.deal_masks
    # the dealer as the core holds it (a Seat or an int): the positions read exactly as the hand's own
    position = Hand._start(State.new(final.rules, final._b.dealer, list(hands), upcard, kitty))
    for index, (_seat, action_id) in enumerate(final.history_ids):
        action = ACTIONS[action_id]
        yield Step(index, position, action)
        position = position.apply(action)

"""What one seat may see of a game: the single function the server sends every seat through.

A seat sees its own cards and the public play: the upcard (dealt face up), every bid, who
discarded (not what, unless it was this seat), who passed a railroad card (not which, unless
it was this seat), the cards played to tricks, the score. It never sees another seat's hidden
cards, the kitty, the cards a dealer or a loner laid away, nor anything of a bot's thinking.
The server builds each message for a seat with :func:`seat_view` and nothing else, and the
leak test checks every message against the cards the seat has seen.

>>> import euchre_learn as el
>>> game = el.Game(seed=4, dealer='S')
>>> view = seat_view(game, el.Seat.W)
>>> view['hand']['to_act'], len(view['hand']['holding']), view['hand']['legal'][:2]
('W', 5, ['pass', 'order up'])
>>> 'legal' in seat_view(game, el.Seat.N)['hand']      # not North's turn: no choices shown
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre_learn import Game, Hand, Seat, Team, replay
from euchre_learn.interactive.seat.stand_ins import HIDDEN_KINDS, stand_in_record

__all__ = ["HIDDEN_KINDS", "hand_view", "keepsake", "seat_record", "seat_view"]


_PUBLIC: dict[int, tuple[Hand, dict[str, Any], list[tuple[Seat, str]]]] = {}
"""The parts of recent hands every seat sees alike, built once for the four seats (keyed by
the hand object, which is kept with them so its id is not reused)."""


def _public(hand: Hand) -> tuple[dict[str, Any], list[tuple[Seat, str]]]:
    hit = _PUBLIC.get(id(hand))
    if hit is not None and hit[0] is hand:
        return hit[1], hit[2]
    events: list[tuple[Seat, str]] = []
    for seat, action in hand.history:
        text = str(action)
        if not text.startswith("play "):
            events.append((seat, text))
    trick = hand.current_trick
    part = {
        "trick": None
        if trick is None
        else {
            "leader": str(trick.leader),
            "cards": [{"seat": str(s), "card": str(c)} for s, c in zip(trick.seats, trick.cards, strict=True)],
        },
        "tricks": [
            {
                "leader": str(t.leader),
                "cards": [{"seat": str(s), "card": str(c)} for s, c in zip(t.seats, t.cards, strict=True)],
                "winner": str(t.winner),
            }
            for t in hand.tricks
        ],
    }
    if len(_PUBLIC) >= 256:
        _PUBLIC.clear()
    _PUBLIC[id(hand)] = (hand, part, events)
    return part, events


def _events(events: list[tuple[Seat, str]], viewer: Seat) -> list[dict[str, str]]:
    """The hand's actions other than plays (bids, discards, railroad, defending alone); a card
    laid face down is shown only to the seat that laid it."""
    out = []
    for seat, text in events:
        kind = text.split(" ", 1)[0]
        if kind in HIDDEN_KINDS and seat != viewer:
            text = kind  # the card stays face down
        out.append({"seat": str(seat), "action": text})
    return out


def hand_view(hand: Hand, viewer: Seat, number: int) -> dict[str, Any]:
    """One hand as ``viewer`` may see it (``number``: the hand's number in the game, from 1)."""
    public, events = _public(hand)
    to_act = hand.to_act
    view: dict[str, Any] = {
        "number": number,
        "dealer": str(hand.dealer),
        "phase": hand.phase.name,
        "to_act": None if to_act is None else str(to_act),
        "upcard": str(hand.upcard),
        "trump": None if hand.trump is None else hand.trump.letter,
        "maker": None if hand.maker is None else str(hand.maker),
        "alone": hand.alone,
        "lone_defender": None if hand.lone_defender is None else str(hand.lone_defender),
        "sitting_out": [str(s) for s in hand.sitting_out],
        "holding": [str(c) for c in hand.holding(viewer)],
        "held": {str(s): len(hand.holding(s)) for s in Seat},  # how many cards each seat holds: public
        "events": _events(events, viewer),
        "trick": public["trick"],
        "tricks": public["tricks"],
        "tricks_won": {t.name: n for t, n in hand.tricks_won.items()},
    }
    if to_act == viewer:
        view["legal"] = [str(a) for a in hand.legal_actions()]
    if hand.is_over:
        score = hand.score
        view["thrown_in"] = hand.thrown_in
        view["points"] = {t.name: n for t, n in hand.points.items()}
        view["outcome"] = None if score is None else score.outcome
    return view


def seat_view(
    game: Game,
    seat: Seat,
    *,
    table: str = "",
    n: int = 0,
    status: str = "playing",
    players: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The message the server sends ``seat`` about ``game``: the hand in progress as this seat
    sees it, the hand finished last (its play, never the cards left unplayed), the score, and
    who sits where (``players``: seat letter → public facts about the player). ``n`` is the
    number of actions the table has taken: a client sends it back with its action, so an
    action resent after a dropped connection is never applied twice."""
    finished = len(game.hands)
    over = game.winner is not None
    hand = game.hands[-1] if over else game.hand
    number = finished if over else finished + 1
    last = game.last_hand if not over else (game.hands[-2] if finished > 1 else None)
    score = game.score
    winner = game.winner
    return {
        "type": "state",
        "table": table,
        "seat": str(seat),
        "n": n,
        "status": "over" if over else status,
        "points_to_win": game.rules.points_to_win,
        "score": {t.name: score[t] for t in Team},
        "winner": None if winner is None else winner.name,
        "players": {k: dict(v) for k, v in (players or {}).items()},
        "hand": hand_view(hand, seat, number),
        "last_hand": None if last is None else hand_view(last, seat, number - 1),
    }


# --- a finished hand, as a seat may keep it ------------------------------------------------------


def _steps(hand: Hand) -> list[Hand]:
    """``hand`` after each of its actions, from the deal on (the first is the deal itself)."""
    rec = hand.to_record()
    step = Hand.from_cards(rec["dealer"], rec["hands"], rec["upcard"], rec["kitty"], rules=hand.rules)
    out = [step]
    for _seat, action in hand.history:
        step = step.apply(action)
        out.append(step)
    return out


def keepsake(hand: Hand, seat: Seat, number: int) -> dict[str, Any]:
    """What the server sends ``seat`` to keep of finished hand ``number`` (from 1): the hand as
    that seat saw it at its end (:func:`hand_view`: the bids, the cards played, its own face-down
    cards) and the five cards it was dealt. Nothing it did not see: the learner's side
    completes it with stand-ins (:func:`~euchre_learn.interactive.seat.stand_ins.stand_in_record`)."""
    if not hand.is_over:
        raise ValueError("a hand is kept only once it is over")
    return {
        "seat": str(seat),
        "dealt": [str(c) for c in hand.dealt(seat)],
        "view": hand_view(hand, seat, number),
    }


def seat_record(hand: Hand, seat: Seat, number: int = 1) -> dict[str, Any] | None:
    """The record the learner at ``seat`` keeps of the finished ``hand``: its :func:`keepsake`
    completed with stand-ins, checked: replayed, it shows ``seat`` exactly what the real hand
    showed it after every action (``None`` if not, which the tests show never happens).

    >>> import euchre_learn as el
    >>> hand = el.Hand.deal('S', seed=4)
    >>> while not hand.is_over:
    ...     hand = hand.apply(hand.legal_actions()[0])
    >>> rec = seat_record(hand, el.Seat.W)
    >>> rec['hands']['W'] == hand.to_record()['hands']['W'], el.replay(rec).is_over
    (True, True)
    """
    kept = keepsake(hand, seat, number)
    record = stand_in_record(kept["view"], kept["dealt"], seat, hand.rules)
    if record is None:
        return None
    views = [hand_view(h, seat, number) for h in _steps(hand)]
    mine = [hand_view(h, seat, number) for h in _steps(replay(record))]
    return record if mine == views else None

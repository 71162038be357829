"""Write Euchre Game Notation (EGN 1.4 JSON) for a game, a saved game, a match, hands or hand
records: ``read(write(x))`` gives the same deals, points and annotations."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from typing import Any

from euchre_learn.engine.cards import Card, Seat, Team, cards
from euchre_learn.engine.egn.model import EgnDeal, EgnError, Match, join_label
from euchre_learn.engine.egn.reader import FILE_TYPE
from euchre_learn.engine.egn.rules_map import ruleset_of
from euchre_learn.engine.errors import quote
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import load_record, replay

__all__ = ["egn_card", "write"]

VERSION = "1.4"


def egn_card(card: Card) -> str:
    """A card as EGN writes it: rank then suit letter.

    >>> from euchre_learn import Card
    >>> egn_card(Card.parse('10♦')), egn_card(Card.parse('J♣'))
    ('Td', 'Jc')
    """
    i = card.index
    if i >= 24:
        raise EgnError("the Benny has no EGN card: EGN's joker games are not written")
    return "9TJQKA"[i % 6] + "cdhs"[i // 6]


def write(subject: Game | Match | Hand | Iterable[Any] | Any, *, indent: int | None = 2) -> str:
    """EGN JSON text for ``subject``: a :class:`~euchre_learn.Game` (its hands, the one in
    play too if begun), a saved game (anything with ``.records``), a :class:`~.model.Match`,
    one :class:`~euchre_learn.Hand`, or a list of hands or hand records (each record's
    ``"score"`` is the game score before it). Rules EGN cannot state (the Benny, the railroad,
    super euchre) raise :class:`~.model.EgnError`.

    >>> import euchre_learn as el
    >>> game = el.Game(seed=3, dealer='N')
    >>> while not game.hands:
    ...     game = game.apply(game.legal_actions()[0])
    >>> text = el.egn.write(game)
    >>> el.egn.read(text).deals[0].points == game.hands[0].points
    True
    """
    if isinstance(subject, Match):
        return _dump(_match_json(subject), indent)
    hands, scores, title, known = _hands_of(subject)
    if not hands:
        raise EgnError("there is nothing to write: no hand has been played")
    rules = hands[0].rules
    for k, h in enumerate(hands):
        if h.rules.replace(dealer_may_discard_upcard=False) != rules.replace(dealer_may_discard_upcard=False):
            raise EgnError(f"hand {k + 1} is played under other rules than hand 1: one EGN game has one ruleset")
    try:
        ruleset = ruleset_of(rules)
    except ValueError as err:
        raise EgnError(str(err)) from None
    first = scores[0] or {Team.NS: 0, Team.EW: 0}
    data = {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": {
            "title": title,
            "players": [s.word for s in Seat],
            "initialScore": [first[Team.NS], first[Team.EW]],
            "ruleset": ruleset,
        },
        "deals": [_deal_json(i, h, None, k) for i, (h, k) in enumerate(zip(hands, known, strict=True))],
    }
    for i, (h, sc) in enumerate(zip(hands[:-1], scores[1:], strict=True)):
        before = scores[i] or first
        if sc is not None and any(before[t] + h.points[t] != sc[t] for t in Team):
            raise EgnError(
                f"record {i + 2}'s score before the hand, {sc[Team.NS]} to {sc[Team.EW]}, is not the score "
                f"after hand {i + 1}: the records are not one game"
            )
    return _dump(data, indent)


def _dump(data: dict[str, Any], indent: int | None) -> str:
    return json.dumps(data, ensure_ascii=False, indent=indent)


class _Known:
    """What a record says beyond its hand: the cards its keeper never saw and people's annotations."""

    def __init__(self, record: Mapping[str, Any] | None = None) -> None:
        record = record or {}
        try:
            self.stand_ins = frozenset(cards(str(record.get("stand_ins") or "")))
        except ValueError as err:
            raise EgnError(f"a record's 'stand_ins': {err}") from None
        notes = record.get("annotations") or {}
        self.notes: dict[int, list[tuple[str | None, str]]] = {}
        if isinstance(notes, Mapping):
            for key, found in notes.items():
                if str(key).isdigit() and isinstance(found, list):
                    self.notes[int(key)] = [(n[0], str(n[1])) for n in found if isinstance(n, list) and len(n) == 2]


def _hands_of(subject: Any) -> tuple[list[Hand], list[dict[Team, int] | None], str, list[_Known]]:
    if isinstance(subject, Game):
        hands = list(subject.hands)
        if subject.hand.history and not subject.is_over:
            hands.append(subject.hand)
        return hands, _running(hands), "A game of euchre_learn", [_Known() for _ in hands]
    if isinstance(subject, Hand):
        return [subject], [None], "A hand of euchre_learn", [_Known()]
    records = getattr(subject, "records", None)
    title = "A saved game of euchre_learn"
    if records is not None:
        title = f"Saved game {getattr(subject, 'id', '')}".strip()
        subject = records
    if isinstance(subject, (str, bytes, os.PathLike, Mapping)) or not isinstance(subject, Iterable):
        raise EgnError(
            f"write() takes a Game, a saved game, a Match, a Hand or a list of hands or records, not {quote(subject)}"
        )
    found: list[Hand] = []
    found_scores: list[dict[Team, int] | None] = []
    known: list[_Known] = []
    for k, item in enumerate(subject):
        if isinstance(item, Hand):
            found.append(item)
            found_scores.append(None)
            known.append(_Known())
            continue
        try:
            record = load_record(item)
            found.append(replay(record))
            known.append(_Known(record))
        except ValueError as err:
            raise EgnError(f"record {k + 1}: {err}") from None
        sc = record.get("score")
        found_scores.append(
            {Team.NS: sc["NS"], Team.EW: sc["EW"]} if isinstance(sc, dict) and set(sc) == {"NS", "EW"} else None
        )
    if found_scores and found_scores[0] is None:
        found_scores = _running(found)
    return found, found_scores, title, known


def _running(hands: list[Hand]) -> list[dict[Team, int] | None]:
    out: list[dict[Team, int] | None] = []
    run = {Team.NS: 0, Team.EW: 0}
    for h in hands:
        out.append(dict(run))
        for t in Team:
            run[t] += h.points[t]
    return out


def _match_json(match: Match) -> dict[str, Any]:
    meta = match.metadata
    try:
        ruleset = ruleset_of(match.rules.replace(dealer_may_discard_upcard=False))
    except ValueError as err:  # pragma: no cover - a match read from EGN has EGN's rules
        raise EgnError(str(err)) from None
    out: dict[str, Any] = {"title": meta.title} if meta.title else {}
    if meta.description:
        out["description"] = meta.description
    if meta.date:
        out["date"] = meta.date
    if meta.game_id:
        out["gameId"] = meta.game_id
    out["players"] = list(meta.players)
    out["initialScore"] = [meta.initial_score[Team.NS], meta.initial_score[Team.EW]]
    if meta.final_score is not None:
        out["finalScore"] = [meta.final_score[Team.NS], meta.final_score[Team.EW]]
    out["ruleset"] = ruleset
    return {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": out,
        "deals": [_deal_json(d.number, d.hand, d, None) for d in match.deals],
    }


def _deal_json(number: int, hand: Hand, deal: EgnDeal | None, known: _Known | None) -> dict[str, Any]:
    """One deal; ``deal`` (read from EGN) or ``known`` (a record's) say which cards are known, and
    the annotations."""
    state: dict[str, Any] = {"dealer": int(hand.dealer), "upCard": egn_card(hand.upcard)}
    hidden = known.stand_ins if known is not None else frozenset()
    if deal is not None:
        stated = set(deal.stated_seats)
    else:
        stated = {s for s in Seat if not hidden & set(hand.dealt(s))} if hidden else set(Seat)
    if stated:
        state["playerCards"] = [[egn_card(c) for c in hand.dealt(s)] if s in stated else [] for s in Seat]
    calls: list[str] = []
    pre = 0
    lone: int | None = None
    made = False
    for seat, action in hand.history:
        kind = action.kind
        if kind == "play":
            break
        pre += 1
        if kind == "pass" and not made:
            calls.append("Pass")
        elif kind == "order up":
            calls.append("Order")
            made = True
        elif kind == "call":
            assert action.suit is not None
            calls.append("cdhs"[int(action.suit)])
            made = True
        elif kind == "defend alone":
            lone = int(seat)
        elif kind not in ("discard", "pass"):  # a pass after trump is made declines to defend alone
            raise EgnError(f"EGN has no record of a {kind!r} (hand {number + 1}): only calls, the discard and plays")
    bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": hand.alone}
    if hand.lone_defender is not None or lone is not None:
        bid["aloneDefender"] = lone if lone is not None else -1
    discard = hand.discard
    stated_discard = deal.stated_discard if deal is not None else discard not in hidden
    if discard is not None and stated_discard:  # an inferred one is inferred again
        bid["discard"] = egn_card(discard)
    phases: list[dict[str, Any]] = [bid]
    tricks = [[egn_card(c) for c in t.cards] for t in hand.tricks]
    current = hand.current_trick
    if current is not None and current.cards:
        tricks.append([egn_card(c) for c in current.cards])
    if hand.trump is not None:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    annotations = deal.annotations if deal is not None else known.notes if known is not None else {}
    if annotations:
        n_calls = len(calls)
        call_notes = {str(i): [join_label(lb, t) for lb, t in v] for i, v in sorted(annotations.items()) if i < n_calls}
        play_notes = {
            str(i - pre): [join_label(lb, t) for lb, t in v] for i, v in sorted(annotations.items()) if i >= pre
        }
        if call_notes:
            bid["callAnnotations"] = call_notes
        if play_notes and len(phases) > 1:
            phases[1]["playAnnotations"] = play_notes
    out: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    if deal is not None and deal.alternative_lines:
        out["alternativeLines"] = list(deal.alternative_lines)
    return out

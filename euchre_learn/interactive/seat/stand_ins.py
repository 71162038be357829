"""A finished hand as one seat saw it, made whole with stand-ins, to keep and replay.

At a class table the server never sends a seat another seat's hidden cards, not even after the
hand; but a saved game, a review and a retry need a whole hand record that replays. So the
learner's side completes what its seat saw with **stand-ins** (:func:`stand_in_record`): the
cards it never saw, laid into the places it could not see in a fixed order. The record says
nothing the seat did not know (two deals the seat could not tell apart give the same record),
and the coach, which judges a decision only on what its seat knew, reviews it the same.

>>> view = {'dealer': 'N', 'upcard': 'J♠', 'holding': ['9♥', 'A♥', 'K♣', 'Q♠', '10♦'],
...         'events': [{'seat': s, 'action': 'pass'} for s in 'ESWNESWN'], 'tricks': []}
>>> rec = stand_in_record(view, ['9♥', 'A♥', 'K♣', 'Q♠', '10♦'], 'S')   # a hand thrown in
>>> rec['hands']['S'], len(rec['stand_ins'].split())
('K♣ 10♦ 9♥ A♥ Q♠', 18)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from euchre_learn.engine.cards import Card, Seat, deck
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules

__all__ = ["HIDDEN_KINDS", "stand_in_record"]

HIDDEN_KINDS = ("discard", "give")
"""Actions whose card is laid face down: only the seat that took it learns the card."""


def stand_in_record(
    view: Mapping[str, Any],
    dealt: Iterable[Card | str],
    seat: Seat | str,
    rules: Rules | str | dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """A whole record of a finished hand built from what ``seat`` saw of it alone: ``view``, the
    hand at its end as the class server showed it (the bids, the cards played, its own face-down
    cards; the others' are a bare ``discard`` or ``give``), and ``dealt``, its own five cards.
    The seat's own cards and every card it saw are the real ones; each card it never saw
    (another seat's discard, a hand that sat out, the kitty) is a **stand-in**: the unseen cards,
    in deck order, laid into those places in a fixed order. So the record says nothing the seat
    did not know: two deals the seat could not tell apart give the same record. Its
    ``"stand_ins"`` lists those cards. ``None`` when what the seat saw does not make a hand that
    replays (it always should: :func:`euchre_learn.classroom.server.view.seat_record` checks it)."""
    seat = Seat.parse(seat)
    rules = Rules.from_value(rules)
    dealer = Seat.parse(view["dealer"])
    up = Card.parse(view["upcard"])
    own_dealt = sorted(Card.parse(c) for c in dealt)
    events = [(Seat.parse(e["seat"]), str(e["action"])) for e in view["events"]]
    plays = [(Seat.parse(c["seat"]), Card.parse(c["card"])) for t in view["tricks"] for c in t["cards"]]
    played: dict[Seat, set[Card]] = {s: set() for s in Seat}
    for s, c in plays:
        played[s].add(c)
    laid = set()  # the cards this seat laid face down itself
    for s, text in events:
        if s == seat and " " in text and text.split(" ", 1)[0] in HIDDEN_KINDS:
            laid.add(Card.parse(text.split(" ", 1)[1]))
    # every card this seat held: dealt, kept to the end, played or laid away
    seen_own = set(own_dealt) | {Card.parse(c) for c in view["holding"]} | played[seat] | laid
    known = seen_own | {up} | {c for _s, c in plays}
    pool = [c for c in deck(rules) if c not in known]
    picked_up = any(t.startswith("order up") for _s, t in events) and any(
        s == dealer and t.split(" ", 1)[0] == "discard" for s, t in events
    )
    took = next((s for s, t in events if t == "take"), None)
    giver = next((s for s, t in events if t.split(" ", 1)[0] == "give"), None)
    gift: Card | None = None  # the railroad card, where this seat knows it
    if giver == seat:
        gift = next(Card.parse(t.split(" ", 1)[1]) for s, t in events if s == seat and t.startswith("give "))
    elif took == seat:
        extra = seen_own - set(own_dealt) - {up}
        gift = next(iter(extra), None)
    # a loner who took the card up and never played it laid it away at the railroad's discard
    # (the first discard may not be the upcard, R3.2): the card passed is then one it played
    up_laid_away = took is not None and took != seat and took == dealer and picked_up and up not in played[took]
    if up_laid_away and gift is None and took is not None:
        gift = min(played[took])  # which one this seat cannot tell: the lowest stands in
    hands: dict[Seat, list[Card]] = {seat: own_dealt}
    fillers: dict[Seat, list[Card]] = {}
    for s in Seat:
        if s == seat:
            continue
        base = set(played[s])
        if s == dealer and picked_up:
            base.discard(up)
        if s == took and gift is not None:
            base.discard(gift)
        if s == giver and gift is not None:
            base.add(gift)
        fill, pool = pool[: 5 - len(base)], pool[5 - len(base) :]
        fillers[s] = list(fill)
        hands[s] = sorted(base) + fill
    actions = []
    after_take = False
    for s, text in events:
        kind = text.split(" ", 1)[0]
        if s != seat and text in HIDDEN_KINDS:  # a card laid face down that this seat never saw
            if kind == "give" and gift is not None:
                card = gift
            elif kind == "give":
                card = gift = fillers[s].pop(0)
            elif after_take and s == took and up_laid_away:
                card = up
            elif after_take and s == took and gift is not None and gift not in played[s]:
                card = gift  # the loner lays away the railroad card: it was never played
            else:
                card = fillers[s].pop(0)
            text = f"{kind} {card}"
        after_take = after_take or text == "take"
        actions.append(f"{s} {text}")
    actions += [f"{s} play {c}" for s, c in plays]
    record = {
        "format": "euchre-learn/hand-1",
        "rules": rules.name or {k: list(v) if isinstance(v, tuple) else v for k, v in rules.changes().items()},
        "dealer": str(dealer),
        "hands": {str(s): " ".join(str(c) for c in hands[s]) for s in Seat},
        "upcard": str(up),
        "kitty": " ".join(str(c) for c in pool),
        "actions": actions,
    }
    try:
        out = replay(record).to_record()  # in the engine's own order
    except ValueError:
        return None
    out["stand_ins"] = " ".join(str(c) for c in deck(rules) if c not in known)
    return out

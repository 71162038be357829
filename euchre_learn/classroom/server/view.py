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

from collections.abc import Mapping, Sequence
from typing import Any

from euchre_learn import Card, Game, Hand, Rules, Seat, Team, deck, replay

__all__ = ["HIDDEN_KINDS", "hand_view", "seat_record", "seat_view", "stand_in_record"]

HIDDEN_KINDS = ("discard", "give")
"""Actions whose card is laid face down: only the seat that took it learns the card."""


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


def stand_in_record(views: Sequence[Mapping[str, Any]], seat: Seat, rules: Rules) -> dict[str, Any] | None:
    """A whole record of a finished hand built from ``views`` alone (what one seat was shown,
    one :func:`hand_view` after each action, the deal first): the seat's own cards and every
    card it saw are the real ones; each card it never saw (another seat's discard, a hand that
    sat out, the kitty) is a **stand-in**: the unseen cards, in deck order, laid into those
    places in a fixed order. So the record says nothing the seat did not know: two deals the
    seat could not tell apart give the same record. Its ``"stand_ins"`` lists those cards.
    ``None`` when the views do not make a hand that replays (they always should)."""
    first, last = views[0], views[-1]
    dealer = Seat.parse(first["dealer"])
    up = Card.parse(first["upcard"])
    own_dealt = [Card.parse(c) for c in first["holding"]]
    seen_own = {Card.parse(c) for v in views for c in v["holding"]}
    events = [(Seat.parse(e["seat"]), str(e["action"])) for e in last["events"]]
    plays = [(Seat.parse(c["seat"]), Card.parse(c["card"])) for t in last["tricks"] for c in t["cards"]]
    played: dict[Seat, set[Card]] = {s: set() for s in Seat}
    for s, c in plays:
        played[s].add(c)
    known = set(own_dealt) | seen_own | {up} | {c for _s, c in plays}
    for s, text in events:
        if s == seat and " " in text and text.split(" ", 1)[0] in HIDDEN_KINDS:
            known.add(Card.parse(text.split(" ", 1)[1]))
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
    dealt: dict[Seat, list[Card]] = {seat: own_dealt}
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
        dealt[s] = sorted(base) + fill
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
        "hands": {str(s): " ".join(str(c) for c in dealt[s]) for s in Seat},
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


def seat_record(hand: Hand, seat: Seat, number: int = 1) -> dict[str, Any] | None:
    """The finished ``hand`` as ``seat`` may keep it (:func:`stand_in_record` of what it was
    shown), checked: replayed, it shows ``seat`` exactly what the real hand showed it after every
    action. ``None`` when that check fails, so nothing that could mislead is ever sent.

    >>> import euchre_learn as el
    >>> hand = el.Hand.deal('S', seed=4)
    >>> while not hand.is_over:
    ...     hand = hand.apply(hand.legal_actions()[0])
    >>> rec = seat_record(hand, el.Seat.W)
    >>> rec['hands']['W'] == hand.to_record()['hands']['W'], el.replay(rec).is_over
    (True, True)
    """
    if not hand.is_over:
        raise ValueError("a hand is kept only once it is over")
    steps = _steps(hand)
    views = [hand_view(h, seat, number) for h in steps]
    record = stand_in_record(views, seat, hand.rules)
    if record is None:
        return None
    mine = _steps(replay(record))
    if len(mine) != len(steps) or any(hand_view(h, seat, number) != v for h, v in zip(mine, views, strict=True)):
        return None
    return record

"""One EGN deal replayed by the engine: the calls as our actions, each card's seat by EGN's own
rule (docs/replayer-logic.md: the first leader from the dealer and the loner rule, then the
trick's winner), the cards dealt from the cards played, the dealer's discard inferred only where
the plays determine it, and stand-ins where the file says nothing (see :mod:`.reader`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Cards, Seat, Suit, Team, deck
from euchre_learn.engine.egn.model import EgnDeal, Inference
from euchre_learn.engine.egn.where import Where
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Hand, IllegalActionError
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import EFFECTIVE, winner_index

__all__ = ["NeedsUpcardDiscard", "replay_deal"]

_ROUND_1 = {"order", "pickup", "call", "alone"}  # docs/replayer-logic.md: each accepts the upcard
_SUIT_CALLS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


_Step = tuple[str, Action]
"""An action of the replay and the field of the file it comes from, named if the engine refuses it."""


class NeedsUpcardDiscard(Exception):
    """Raised (and caught by the reader) when a deal's dealer discarded the upcard under rules
    that forbid it: the reader reads the file again with R3.2's option on."""

    def __init__(self, deal: int) -> None:
        super().__init__(deal)
        self.deal = deal


class _Bidding:
    """The calls as our actions, and what they made."""

    def __init__(self) -> None:
        self.steps: list[_Step] = []
        self.maker: Seat | None = None
        self.trump: Suit | None = None
        self.round = 0
        self.alone = False


def _bidding(w: Where, at: str, dealer: Seat, up: Card, bid: dict[str, Any], play: dict[str, Any]) -> _Bidding:
    """The bidding: each call as our action, seat by seat from the dealer's left, and who made
    trump, which suit, in which round and whether alone (the bidding's or the play's ``isAlone``,
    which must agree). Calls past the maker, a ninth call, no-trump, unknown calls and a suit
    named in round 1 are refused (R3.1, R3.4, R4.1, R4.2)."""
    b = _Bidding()
    alone = bid.get("isAlone", False)
    if not isinstance(alone, bool):
        raise w.error(f"{at}.phases[0].isAlone", f"{quote(alone)}: expected true or false")
    if "isAlone" in play:
        if not isinstance(play["isAlone"], bool):
            raise w.error(f"{at}.phases[1].isAlone", f"{quote(play['isAlone'])}: expected true or false")
        if "isAlone" in bid and play["isAlone"] != alone:
            raise w.error(f"{at}.phases[1].isAlone", "disagrees with the bidding's isAlone")
        alone = alone or play["isAlone"]
    calls = bid.get("calls", [])
    if not isinstance(calls, list):
        raise w.error(f"{at}.phases[0].calls", f"{quote(calls)}: expected a list of calls")
    for k, call in enumerate(calls):
        field = f"{at}.phases[0].calls[{k}]"
        seat = Seat((dealer + 1 + k) % 4)
        if b.maker is not None:
            raise w.error(field, f"a call after {b.maker.word} made trump: the bidding ended there (R3.1, R4.1)")
        if k >= 8:
            raise w.error(field, "a ninth call: the bidding has two rounds of four (R3.4, R4.2)")
        word = call.strip().lower() if isinstance(call, str) else None
        if word == "pass":
            b.steps.append((field, Action(act.PASS)))
            continue
        if k < 4 and word in _ROUND_1:
            b.maker, b.trump, b.round = seat, up.suit, 1
            b.steps.append((field, Action(act.ORDER_UP_ALONE if alone else act.ORDER_UP)))
        elif k >= 4 and word in _SUIT_CALLS:
            b.maker, b.trump, b.round = seat, _SUIT_CALLS[word], 2
            b.steps.append((field, Action((act.CALL_ALONE if alone else act.CALL) + int(b.trump))))
        elif word == "n":
            raise w.error(field, "'n' is a no-trump call: no trump is not in euchre_learn's rules")
        elif word == "x":
            raise w.error(field, "'x' is an unknown call: a deal can only be replayed when every call is named")
        elif k < 4 and word in _SUIT_CALLS:
            raise w.error(
                field, f"{quote(call)} names a suit in round 1: only 'Order' (the upcard's suit) or 'Pass' (R3.1)"
            )
        else:
            expected = "'Pass' or 'Order'" if k < 4 else "'Pass' or a suit: 's', 'h', 'd', 'c'"
            raise w.error(field, f"{quote(call)} is not a call: expected {expected}")
    b.alone = alone and b.maker is not None
    if alone and b.maker is None:
        raise w.error(f"{at}.phases[0].isAlone", "true, but nobody made trump: nobody can go alone")
    return b


def _dealer_picks_up(rules: Rules, dealer: Seat, b: _Bidding) -> bool:
    """R3.2 and R5.2: the dealer takes the upcard up after a round-1 call, unless sitting out."""
    if b.round != 1 or b.maker is None:
        return False
    return not (b.alone and b.maker == dealer.partner and not rules.dealer_picks_up_for_partner_loner)


def replay_deal(
    w: Where,
    at: str,
    number: int,
    dealer: Seat,
    up: Card,
    state: dict[str, Any],
    bid: dict[str, Any],
    play: dict[str, Any],
    rules: Rules,
    score: dict[Team, int],
    alternatives: object,
) -> EgnDeal:
    """The deal replayed (see the module docs); an EgnError names the field at fault.

    Each step below reads the file in the order the checks run, so the first fault found is the
    one named: the bidding, the stated discard, a lone defender, the seat of each card played,
    the cards dealt, the discard inferred, the kitty, the stand-ins, then the engine's replay."""
    b = _bidding(w, at, dealer, up, bid, play)
    d = _Replay(w, at, dealer, up, rules, b, _dealer_picks_up(rules, dealer, b))
    seen: dict[Card, str] = {up: f"{at}.initialState.upCard"}
    discard = _stated_discard(d, bid)
    defend_steps, out = _defending_alone(d, bid)
    plays = _seat_the_plays(d, play, out, seen)
    stated = _stated_hands(w, at, state, seen)
    known = _cards_held(d, discard, plays, stated, seen)
    inferred_discard = False
    if d.picks_up and discard is None:
        discard = _inferred_discard(d, plays, stated)
        inferred_discard = discard is not None
    if discard == up and not rules.dealer_may_discard_upcard:
        raise NeedsUpcardDiscard(w.deal or 0)
    kitty_stated = _stated_kitty(d, state, known)
    stand, pool = _stand_ins(d, discard, known, kitty_stated, plays)
    kitty = sorted(kitty_stated) if kitty_stated is not None else pool[:3]
    holdings: dict[Seat | str, list[Card]] = {s: sorted(known[s] | set(stand[s])) for s in Seat}
    discard_steps, inferred = _inferences(d, discard, inferred_discard, stand, kitty, kitty_stated)
    steps = [*b.steps, *discard_steps]
    hand = _replayed(d, holdings, kitty, steps + defend_steps + plays.steps)
    notes = _annotations(d, bid, play, plays, pre=len(steps) + len(defend_steps))
    points = hand.points if hand.is_over else {Team.NS: 0, Team.EW: 0}
    alt = tuple(alternatives) if isinstance(alternatives, list) else ()
    return EgnDeal(
        number,
        hand,
        dict(points),
        dict(score),
        notes,
        tuple(inferred),
        alt,
        stated_discard="discard" in bid,
        stated_seats=frozenset(stated),
    )


@dataclass(frozen=True)
class _Replay:
    """What every step of one deal's replay reads: the file's place, the dealer, the upcard, the
    rules, the bidding and whether the dealer takes the upcard up."""

    w: Where
    at: str
    dealer: Seat
    up: Card
    rules: Rules
    bidding: _Bidding
    picks_up: bool


@dataclass(frozen=True)
class _Plays:
    """The tricks as the file records them, each card given its seat: the cards each seat played,
    the suits (trump's effective suits) each showed void in, the plays as our actions, and whether
    all five tricks were played to the end."""

    played: dict[Seat, list[Card]]
    voids: dict[Seat, set[int]]
    steps: list[_Step]
    complete: bool


def _stated_discard(d: _Replay, bid: dict[str, Any]) -> Card | None:
    """The dealer's discard if the file states it (only after taking the upcard up, R3.2, R5.2);
    card exchanges are refused here too, as the bidding's last field."""
    discard: Card | None = None
    if "discard" in bid:
        field = f"{d.at}.phases[0].discard"
        discard = d.w.card(field, bid["discard"])
        if not d.picks_up:
            raise d.w.error(field, "a discard, but the dealer did not take the upcard up (R3.2, R5.2)")
    if bid.get("cardExchanges"):
        raise d.w.error(f"{d.at}.phases[0].cardExchanges", "card exchanges (partner's best, go under) are not read")
    return discard


def _defending_alone(d: _Replay, bid: dict[str, Any]) -> tuple[list[_Step], set[Seat]]:
    """Defending alone (R5.4): the defenders' answers to a loner as our actions (each defender,
    left of the maker first, passes or defends alone), and the seats sitting the hand out."""
    w, at, b = d.w, d.at, d.bidding
    defend_steps: list[_Step] = []
    out: set[Seat] = set()
    if b.alone and b.maker is not None:
        out.add(b.maker.partner)
    lone = bid.get("aloneDefender", -1)
    if lone is not None and (isinstance(lone, bool) or not isinstance(lone, int)):
        raise w.error(f"{at}.phases[0].aloneDefender", f"{quote(lone)}: expected -1 or a seat from 0 to 3")
    if lone not in (-1, None) and not (d.rules.defend_alone and b.alone):
        raise w.error(f"{at}.phases[0].aloneDefender", "a lone defender needs the ruleset's defend_alone and a loner")
    if d.rules.defend_alone and b.alone and b.maker is not None:
        field = f"{at}.phases[0].aloneDefender"
        first, second = b.maker.left, b.maker.right
        if lone not in (-1, None, int(first), int(second)):
            raise w.error(field, f"{quote(lone)}: expected -1 or a defender's seat, {int(first)} or {int(second)}")
        if lone == int(first):
            defend_steps = [(field, Action(act.DEFEND_ALONE))]
        elif lone == int(second):
            defend_steps = [(field, Action(act.PASS)), (field, Action(act.DEFEND_ALONE))]
        else:
            defend_steps = [(field, Action(act.PASS)), (field, Action(act.PASS))]
        if lone not in (-1, None):
            out.add(Seat(lone).partner)
    return defend_steps, out


def _first_leader(d: _Replay, play: dict[str, Any], out: set[Seat]) -> Seat:
    """Who leads the first trick by EGN's rule (R6.1): left of the dealer, or left of a loner
    under ``loner_lead``, skipping seats that sit out; a stated ``initialLead`` must agree."""
    b = d.bidding
    if b.alone and b.maker is not None and d.rules.loner_lead == "left_of_loner":
        leader = b.maker.left
    else:
        leader = d.dealer.left
    while leader in out:
        leader = leader.left
    if "initialLead" in play and play["initialLead"] != int(leader):
        raise d.w.error(
            f"{d.at}.phases[1].initialLead",
            f"{quote(play['initialLead'])}, but {leader.word} (seat {int(leader)}) leads by the rules (R6.1)",
        )
    return leader


def _seat_the_plays(d: _Replay, play: dict[str, Any], out: set[Seat], seen: dict[Card, str]) -> _Plays:
    """Each card played given its seat by EGN's rule: the first leader, then clockwise past the
    seats sitting out, and each whole trick's winner leads the next. A card seen twice, or the
    upcard played by anyone but a dealer who took it up, is refused; ``seen`` gains each card's
    field. A seat that does not follow the suit led is noted void in it."""
    w, at, b, up, dealer = d.w, d.at, d.bidding, d.up, d.dealer
    tricks = play.get("tricks", []) if play else []
    if play and b.maker is None:
        raise w.error(f"{at}.phases[1]", "tricks, but nobody made trump")
    if not isinstance(tricks, list) or len(tricks) > 5:
        raise w.error(f"{at}.phases[1].tricks", "expected a list of at most five tricks")
    active = [s for s in Seat if s not in out]
    plays = _Plays({s: [] for s in Seat}, {s: set() for s in Seat}, [], False)
    if b.maker is None or b.trump is None:
        return plays
    trump = b.trump
    leader = _first_leader(d, play, out)
    for t, trick in enumerate(tricks):
        tf = f"{at}.phases[1].tricks[{t}]"
        got = w.cards(tf, trick)
        if len(got) > len(active) or (len(got) < len(active) and t != len(tricks) - 1):
            raise w.error(
                tf,
                f"a trick of {len(got)} cards: with {len(active)} players in the hand each trick has {len(active)}",
            )
        seats = []
        seat = leader
        for j, card in enumerate(got):
            cf = f"{tf}[{j}]"
            seats.append(seat)
            if card in seen and not (card == up and seat == dealer and d.picks_up and seen[card].endswith("upCard")):
                raise w.error(cf, f"the {card} is seen twice: at {seen[card]} and here")
            if card == up and not (seat == dealer and d.picks_up):
                whose = "turned down in the kitty" if b.round != 1 else "with the dealer"
                raise w.error(cf, f"the {card} is the upcard, {whose}: {seat.word} cannot play it")
            seen[card] = cf
            if j and EFFECTIVE[trump][card.index] != EFFECTIVE[trump][got[0].index]:
                plays.voids[seat].add(EFFECTIVE[trump][got[0].index])
            plays.played[seat].append(card)
            plays.steps.append((cf, Action(act.PLAY + card.index)))
            seat = seat.left
            while seat in out:
                seat = seat.left
        if len(got) == len(active):
            leader = seats[winner_index([c.index for c in got], trump)]
    complete = len(tricks) == 5 and all(len(t) == len(active) for t in tricks)
    return _Plays(plays.played, plays.voids, plays.steps, complete)


def _cards_held(
    d: _Replay, discard: Card | None, plays: _Plays, stated: dict[Seat, set[Card]], seen: dict[Card, str]
) -> dict[Seat, set[Card]]:
    """The cards each seat is known to hold from the deal: the cards dealt where the file states
    them (which must hold every card played), else the cards played, with a dealer who took the
    upcard up holding a stated discard instead of the upcard. A stated discard must not be
    played, nor seen elsewhere."""
    w, at, dealer, up = d.w, d.at, d.dealer, d.up
    if discard is not None:
        if discard in plays.played[dealer]:
            raise w.error(f"{at}.phases[0].discard", f"the {discard} is discarded, then played by the dealer")
        if discard in seen and discard != up:
            raise w.error(f"{at}.phases[0].discard", f"the {discard} is seen twice: at {seen[discard]} and here")
    known: dict[Seat, set[Card]] = {}
    for s in Seat:
        cards_held = set(plays.played[s])
        if s == dealer and d.picks_up:
            cards_held.discard(up)
            if discard is not None and discard != up:
                cards_held.add(discard)
        if s in stated:
            missing = cards_held - stated[s]
            if missing:
                raise w.error(
                    f"{at}.initialState.playerCards[{int(s)}]",
                    f"{s.word} plays the {min(missing)}, which the cards dealt do not hold",
                )
            cards_held = set(stated[s])
        known[s] = cards_held
    return known


def _inferred_discard(d: _Replay, plays: _Plays, stated: dict[Seat, set[Card]]) -> Card | None:
    """The dealer's discard where the plays determine it, else ``None``: the one card of the
    dealer's stated hand and the upcard not played in five whole tricks, or the upcard itself when
    the dealer played five cards without it."""
    dealer, up, played = d.dealer, d.up, plays.played
    if dealer in stated and plays.complete:
        left = (stated[dealer] | {up}) - set(played[dealer])
        return min(left)
    if len(played[dealer]) == 5 and up not in played[dealer]:
        return up
    return None


def _stated_kitty(d: _Replay, state: dict[str, Any], known: dict[Seat, set[Card]]) -> set[Card] | None:
    """The kitty under the upcard if the file states it (EGN 1.0 writes blanks when unknown):
    three cards, none dealt to a seat nor the upcard."""
    if "kitty" not in state or state["kitty"] in ([], ["", "", ""]):
        return None
    field = f"{d.at}.initialState.kitty"
    kitty_stated = set(d.w.cards(field, state["kitty"]))
    clash = kitty_stated & (set().union(*known.values()) | {d.up})
    if clash:
        raise d.w.error(field, f"the {min(clash)} is in the kitty and dealt too")
    if len(kitty_stated) != 3:
        raise d.w.error(field, f"{len(kitty_stated)} cards: the kitty under the upcard holds 3")
    return kitty_stated


def _stand_ins(
    d: _Replay,
    discard: Card | None,
    known: dict[Seat, set[Card]],
    kitty_stated: set[Card] | None,
    plays: _Plays,
) -> tuple[dict[Seat, list[Card]], list[Card]]:
    """Stand-ins for the cards the file does not name: each seat is made up to five from the
    deck's other cards, none that would make a recorded play a revoke (the most constrained seat
    chooses first; a dealer whose discard is unknown takes one card free of that, as it leaves
    before play). Returns each seat's stand-ins and the cards left in the deck's order."""
    w, at, dealer = d.w, d.at, d.dealer
    for s in Seat:
        if len(known[s]) > 5:
            raise w.error(f"{at}.phases[1].tricks", f"{s.word} plays more than five cards")
    taken = set().union(*known.values()) | {d.up} | (kitty_stated or set())
    pool = [c for c in deck(d.rules) if c not in taken]
    stand: dict[Seat, list[Card]] = {s: [] for s in Seat}
    order = sorted(Seat, key=lambda s: -len(plays.voids[s]))  # the most constrained seat chooses first
    trump = d.bidding.trump
    for s in order:
        need = 5 - len(known[s])
        free = 1 if s == dealer and d.picks_up and discard is None else 0  # the discard leaves before play
        for c in list(pool):
            if need == 0:
                break
            if not free and trump is not None and EFFECTIVE[trump][c.index] in plays.voids[s]:
                continue
            free = 0
            stand[s].append(c)
            pool.remove(c)
            need -= 1
        if need:
            raise w.error(
                f"{at}.phases[1].tricks", f"no cards are left that {s.word} could have held: the plays revoke"
            )
    return stand, pool


def _inferences(
    d: _Replay,
    discard: Card | None,
    inferred_discard: bool,
    stand: dict[Seat, list[Card]],
    kitty: list[Card],
    kitty_stated: set[Card] | None,
) -> tuple[list[_Step], list[Inference]]:
    """The dealer's discard as our action (a stand-in's first card when nothing determines it),
    and what the reader inferred: the discard (known when the plays determine it), each seat's
    stand-ins, and the kitty (known only when nothing else was guessed)."""
    dealer = d.dealer
    steps: list[_Step] = []
    inferred: list[Inference] = []
    if d.picks_up:
        if discard is None:
            discard = stand[dealer][0]
            inferred.append(Inference("discard", dealer, Cards([discard]), False))
        elif inferred_discard:
            inferred.append(Inference("discard", dealer, Cards([discard]), True))
        steps.append((f"{d.at}.phases[0].discard", Action(act.DISCARD + discard.index)))
    for s in Seat:
        rest = [c for c in stand[s] if not (s == dealer and inferred and not inferred[0].known and c == discard)]
        if rest:
            inferred.append(Inference("hand", s, Cards(rest), False))
    if kitty_stated is None:
        inferred.append(Inference("kitty", None, Cards(kitty), not any(not i.known for i in inferred)))
    return steps, inferred


def _replayed(d: _Replay, holdings: dict[Seat | str, list[Card]], kitty: list[Card], steps: list[_Step]) -> Hand:
    """The hand dealt and replayed by the engine, action by action: a refusal (the engine's own
    words) names the field the action came from."""
    try:
        hand = Hand.from_cards(d.dealer, holdings, d.up, kitty, rules=d.rules)
    except ValueError as err:  # pragma: no cover - the checks above name the field first
        raise d.w.error(d.at, str(err)) from None
    for field, action in steps:
        try:
            hand = hand.apply(action)
        except IllegalActionError as err:
            raise d.w.error(field, str(err)) from None
    return hand


def _annotations(
    d: _Replay, bid: dict[str, Any], play: dict[str, Any], plays: _Plays, pre: int
) -> dict[int, list[tuple[str | None, str]]]:
    """The calls' and the plays' annotations by the number of the action in the hand (the plays'
    after the ``pre`` actions of the bidding, the discard and a lone defender's answers)."""
    notes = d.w.annotations(
        f"{d.at}.phases[0].callAnnotations",
        _one_of(bid, "callAnnotations", "calls_annotations"),
        len(d.bidding.steps),
        0,
    )
    notes.update(
        d.w.annotations(
            f"{d.at}.phases[1].playAnnotations",
            _one_of(play, "playAnnotations", "play_annotations", "tricks_annotations"),
            len(plays.steps),
            pre,
        )
    )
    return notes


def _one_of(phase: dict[str, Any], *keys: str) -> Any:
    """The value of the first of ``keys`` the phase has (EGN 1.x's names, then 1.0's), else ``None``."""
    for key in keys:
        if key in phase:
            return phase[key]
    return None


def _stated_hands(w: Where, at: str, state: dict[str, Any], seen: dict[Card, str]) -> dict[Seat, set[Card]]:
    """The cards dealt as the file states them (``playerCards`` or 1.0's ``player_cards``): an
    empty list means not stated."""
    key = "playerCards" if "playerCards" in state else "player_cards"
    raw = state.get(key)
    if raw is None:
        return {}
    field = f"{at}.initialState.{key}"
    if not isinstance(raw, list) or len(raw) not in (0, 4):
        raise w.error(field, "expected four lists of cards, seats 0 to 3 (an empty list: not known)")
    out: dict[Seat, set[Card]] = {}
    where: dict[Card, str] = {}
    for i, held in enumerate(raw):
        got = w.cards(f"{field}[{i}]", held)
        if not got:
            continue
        if len(got) != 5:
            raise w.error(f"{field}[{i}]", f"{len(got)} cards: each seat is dealt five (R2.2)")
        for c in got:
            if c in where or c == next(iter(seen)):
                raise w.error(f"{field}[{i}]", f"the {c} is dealt twice")
            where[c] = f"{field}[{i}]"
        out[Seat(i)] = set(got)
    return out

"""One EGN deal replayed by the engine: the calls as our actions, each card's seat by EGN's own
rule (docs/replayer-logic.md: the first leader from the dealer and the loner rule, then the
trick's winner), the cards dealt from the cards played, the dealer's discard inferred only where
the plays determine it, and stand-ins where the file says nothing (see :mod:`.reader`)."""

from __future__ import annotations

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


class NeedsUpcardDiscard(Exception):
    """Raised (and caught by the reader) when a deal's dealer discarded the upcard under rules
    that forbid it: the reader reads the file again with R3.2's option on."""

    def __init__(self, deal: int) -> None:
        super().__init__(deal)
        self.deal = deal


class _Bidding:
    """The calls as our actions, and what they made."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, Action]] = []
        self.maker: Seat | None = None
        self.trump: Suit | None = None
        self.round = 0
        self.alone = False


def _bidding(w: Where, at: str, dealer: Seat, up: Card, bid: dict[str, Any], play: dict[str, Any]) -> _Bidding:
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
    """The deal replayed (see the module docs); an EgnError names the field at fault."""
    b = _bidding(w, at, dealer, up, bid, play)
    picks_up = _dealer_picks_up(rules, dealer, b)
    seen: dict[Card, str] = {up: f"{at}.initialState.upCard"}
    steps = list(b.steps)
    # the dealer's discard, if the file states it
    discard: Card | None = None
    if "discard" in bid:
        field = f"{at}.phases[0].discard"
        discard = w.card(field, bid["discard"])
        if not picks_up:
            raise w.error(field, "a discard, but the dealer did not take the upcard up (R3.2, R5.2)")
    if bid.get("cardExchanges"):
        raise w.error(f"{at}.phases[0].cardExchanges", "card exchanges (partner's best, go under) are not read")
    # defending alone (R5.4)
    defend_steps: list[tuple[str, Action]] = []
    out: set[Seat] = set()
    if b.alone and b.maker is not None:
        out.add(b.maker.partner)
    lone = bid.get("aloneDefender", -1)
    if lone is not None and (isinstance(lone, bool) or not isinstance(lone, int)):
        raise w.error(f"{at}.phases[0].aloneDefender", f"{quote(lone)}: expected -1 or a seat from 0 to 3")
    if lone not in (-1, None) and not (rules.defend_alone and b.alone):
        raise w.error(f"{at}.phases[0].aloneDefender", "a lone defender needs the ruleset's defend_alone and a loner")
    if rules.defend_alone and b.alone and b.maker is not None:
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
    # the plays: each card's seat by EGN's rule
    tricks = play.get("tricks", []) if play else []
    if play and b.maker is None:
        raise w.error(f"{at}.phases[1]", "tricks, but nobody made trump")
    if not isinstance(tricks, list) or len(tricks) > 5:
        raise w.error(f"{at}.phases[1].tricks", "expected a list of at most five tricks")
    active = [s for s in Seat if s not in out]
    played: dict[Seat, list[Card]] = {s: [] for s in Seat}
    voids: dict[Seat, set[int]] = {s: set() for s in Seat}
    play_steps: list[tuple[str, Action]] = []
    complete_play = False
    if b.maker is not None and b.trump is not None:
        trump = b.trump
        if b.alone and rules.loner_lead == "left_of_loner":
            leader = b.maker.left
        else:
            leader = dealer.left
        while leader in out:
            leader = leader.left
        if "initialLead" in play and play["initialLead"] != int(leader):
            raise w.error(
                f"{at}.phases[1].initialLead",
                f"{quote(play['initialLead'])}, but {leader.word} (seat {int(leader)}) leads by the rules (R6.1)",
            )
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
                if card in seen and not (card == up and seat == dealer and picks_up and seen[card].endswith("upCard")):
                    raise w.error(cf, f"the {card} is seen twice: at {seen[card]} and here")
                if card == up and not (seat == dealer and picks_up):
                    whose = "turned down in the kitty" if b.round != 1 else "with the dealer"
                    raise w.error(cf, f"the {card} is the upcard, {whose}: {seat.word} cannot play it")
                seen[card] = cf
                if j and EFFECTIVE[trump][card.index] != EFFECTIVE[trump][got[0].index]:
                    voids[seat].add(EFFECTIVE[trump][got[0].index])
                played[seat].append(card)
                play_steps.append((cf, Action(act.PLAY + card.index)))
                seat = seat.left
                while seat in out:
                    seat = seat.left
            if len(got) == len(active):
                leader = seats[winner_index([c.index for c in got], trump)]
        complete_play = len(tricks) == 5 and all(len(t) == len(active) for t in tricks)
    # the cards dealt
    stated = _stated_hands(w, at, state, seen)
    if discard is not None:
        if discard in played[dealer]:
            raise w.error(f"{at}.phases[0].discard", f"the {discard} is discarded, then played by the dealer")
        if discard in seen and discard != up:
            raise w.error(f"{at}.phases[0].discard", f"the {discard} is seen twice: at {seen[discard]} and here")
    known: dict[Seat, set[Card]] = {}
    for s in Seat:
        cards_held = set(played[s])
        if s == dealer and picks_up:
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
    inferred_discard = False
    if picks_up and discard is None:
        if dealer in stated and complete_play:
            left = (stated[dealer] | {up}) - set(played[dealer])
            discard, inferred_discard = min(left), True
        elif len(played[dealer]) == 5 and up not in played[dealer]:
            discard, inferred_discard = up, True
    if discard == up and not rules.dealer_may_discard_upcard:
        raise NeedsUpcardDiscard(w.deal or 0)
    kitty_stated = None
    if "kitty" in state and state["kitty"] not in ([], ["", "", ""]):  # 1.0 writes blanks when unknown
        kitty_stated = set(w.cards(f"{at}.initialState.kitty", state["kitty"]))
        clash = kitty_stated & (set().union(*known.values()) | {up})
        if clash:
            raise w.error(f"{at}.initialState.kitty", f"the {min(clash)} is in the kitty and dealt too")
        if len(kitty_stated) != 3:
            raise w.error(f"{at}.initialState.kitty", f"{len(kitty_stated)} cards: the kitty under the upcard holds 3")
    for s in Seat:
        if len(known[s]) > 5:
            raise w.error(f"{at}.phases[1].tricks", f"{s.word} plays more than five cards")
    # stand-ins: the deck's other cards, none that would make a recorded play a revoke
    taken = set().union(*known.values()) | {up} | (kitty_stated or set())
    pool = [c for c in deck(rules) if c not in taken]
    stand: dict[Seat, list[Card]] = {s: [] for s in Seat}
    order = sorted(Seat, key=lambda s: -len(voids[s]))  # the most constrained seat chooses first
    for s in order:
        need = 5 - len(known[s])
        free = 1 if s == dealer and picks_up and discard is None else 0  # the discard leaves before play
        for c in list(pool):
            if need == 0:
                break
            if not free and b.trump is not None and EFFECTIVE[b.trump][c.index] in voids[s]:
                continue
            free = 0
            stand[s].append(c)
            pool.remove(c)
            need -= 1
        if need:
            raise w.error(
                f"{at}.phases[1].tricks", f"no cards are left that {s.word} could have held: the plays revoke"
            )
    kitty = sorted(kitty_stated) if kitty_stated is not None else pool[:3]
    holdings: dict[Seat | str, list[Card]] = {s: sorted(known[s] | set(stand[s])) for s in Seat}
    inferred: list[Inference] = []
    if picks_up:
        if discard is None:
            discard = stand[dealer][0]
            inferred.append(Inference("discard", dealer, Cards([discard]), False))
        elif inferred_discard:
            inferred.append(Inference("discard", dealer, Cards([discard]), True))
        steps.append((f"{at}.phases[0].discard", Action(act.DISCARD + discard.index)))
    for s in Seat:
        rest = [c for c in stand[s] if not (s == dealer and inferred and not inferred[0].known and c == discard)]
        if rest:
            inferred.append(Inference("hand", s, Cards(rest), False))
    if kitty_stated is None:
        inferred.append(Inference("kitty", None, Cards(kitty), not any(not i.known for i in inferred)))
    try:
        hand = Hand.from_cards(dealer, holdings, up, kitty, rules=rules)
    except ValueError as err:  # pragma: no cover - the checks above name the field first
        raise w.error(at, str(err)) from None
    for field, action in steps + defend_steps + play_steps:
        try:
            hand = hand.apply(action)
        except IllegalActionError as err:
            raise w.error(field, str(err)) from None
    pre = len(steps) + len(defend_steps)
    notes = w.annotations(
        f"{at}.phases[0].callAnnotations", _one_of(bid, "callAnnotations", "calls_annotations"), len(b.steps), 0
    )
    notes.update(
        w.annotations(
            f"{at}.phases[1].playAnnotations",
            _one_of(play, "playAnnotations", "play_annotations", "tricks_annotations"),
            len(play_steps),
            pre,
        )
    )
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


def _one_of(phase: dict[str, Any], *keys: str) -> Any:
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

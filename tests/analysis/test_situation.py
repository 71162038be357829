"""euchre_learn/analysis/situation.py: every legal position of random hands under every preset is
named, the key is stable and shared by positions that differ only in cards that do not matter,
and the name and family follow from the key; then one hand-written position per category."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import euchre_learn as el
from euchre_learn.analysis.situation import FAMILIES, Situation, key_matches, name_of, situation
from euchre_learn.analysis.table_facts import ROLES
from euchre_learn.engine.hand import Phase
from euchre_learn.engine.trump import EFFECTIVE

PRESETS = el.Rules.presets()

H = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}


def pos(actions: list[str], dealer: str = "S", hands: dict[Any, Any] = H, up: str = "A♥", rules: Any = None) -> el.Hand:
    h = el.Hand.from_cards(dealer, hands, upcard=up, rules=rules)
    for a in actions:
        h = h.apply(a)
    return h


def walk(preset: str, seed: int) -> list[el.Hand]:
    """Every position of one random hand under ``preset``, random legal actions throughout."""
    rng = random.Random(seed)
    h = el.Hand.deal(rng.choice("NESW"), rules=preset, seed=seed)
    out = []
    while not h.is_over:
        out.append(h)
        h = h.apply(rng.choice(h.legal_actions()))
    return out


def _check_shape(s: Situation, seen: dict[str, tuple[str, str]]) -> None:
    assert s.key and " " not in s.key and s.key == s.key.lower()
    assert s.family in FAMILIES
    assert s.role in ROLES
    assert s.name and s.name == str(s)
    assert name_of(s.key) == s.name, "a stored key gives back the name (the dashboard shows it so)"
    assert seen.setdefault(s.key, (s.name, s.family)) == (s.name, s.family), "one key, one name and one family"
    parts = s.key.split(".")
    if s.phase == "play":
        assert parts[1] == s.role
        assert s.family.startswith("lead-" if s.position in ("lead", "lead1") else "follow-")
        if s.position not in ("lead", "lead1"):
            assert parts[2:] == [s.position, s.led, s.winning, s.follow, "win" if s.can_win else "nowin"]
            assert ("partner winning" in s.name) == (s.winning is not None and s.winning.startswith("partner"))
            assert ("cannot win" in s.name) == (not s.can_win)
    elif s.family in ("bid1", "bid2"):
        assert parts[0] == s.family and s.bid_seat is not None
        assert ("stuck" in s.name) == s.stuck == (parts[-1] == "stuck")


def _swapped(h: el.Hand) -> el.Hand | None:
    """The same position with two unplayed cards swapped between two seats other than the one to
    act and the dealer, cards that play as the same suit (so every past action stays legal): a
    change the seat to act cannot see. ``None`` when no such pair exists."""
    to_act = h.to_act
    assert to_act is not None
    used = {a.card for _, a in h.history if a.card is not None}
    others = [s for s in el.Seat if s not in (to_act, h.dealer)]
    pairs = [(x, y) for i, x in enumerate(others) for y in others[i + 1 :]]
    for a_seat, b_seat in pairs:
        found = _swap_pair(h, a_seat, b_seat, used)
        if found is not None:
            return found
    return None


def _swap_pair(h: el.Hand, a_seat: el.Seat, b_seat: el.Seat, used: set[el.Card]) -> el.Hand | None:
    trump = h.trump
    for a in h.holding(a_seat):
        for b in h.holding(b_seat):
            if a in used or b in used:
                continue
            if trump is not None:
                same = EFFECTIVE[trump][a.index] == EFFECTIVE[trump][b.index]
            else:
                same = a.suit == b.suit and a.rank != el.Rank.JACK and b.rank != el.Rank.JACK
            if not same or a.is_benny or b.is_benny:
                continue
            start: dict[Any, Any] = {s: list(h.dealt(s)) for s in el.Seat}
            start[a_seat] = [b if c == a else c for c in start[a_seat]]
            start[b_seat] = [a if c == b else c for c in start[b_seat]]
            first = el.Hand.from_cards(
                h.dealer, start, upcard=h.upcard, kitty=h.kitty if h.turned_down is None else None, rules=h.rules
            )
            for _, act in h.history:
                first = first.apply(act)
            return first
    return None


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**6))
def test_every_position_of_random_hands_is_named(preset: str, seed: int) -> None:
    seen: dict[str, tuple[str, str]] = {}
    for h in walk(preset, seed):
        s = situation(h)
        _check_shape(s, seen)
        assert situation(h) == s, "the same position, the same situation"
        assert s.seat == h.to_act
        if h.phase == Phase.PLAY:
            other = _swapped(h)
            if other is not None:
                assert situation(other).key == s.key, "cards the seat cannot see do not change the key"


def test_every_preset_reaches_play_and_names_it() -> None:
    for preset in PRESETS:
        keys = {situation(h).key for seed in range(12) for h in walk(preset, seed)}
        assert any(k.startswith("play.") for k in keys), preset
        assert any(k.startswith("bid1.") for k in keys), preset


def test_the_kitty_is_kept_when_swapping() -> None:
    h = pos(["pass", "order up", "discard 9♣", "play J♠"])
    other = _swapped(h)
    assert other is not None and situation(other) == situation(h)


# --- one position per category -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("actions", "key", "words"),
    [
        ([], "bid1.eldest", "first to speak (left of the dealer)"),
        (["pass"], "bid1.partner", "the dealer's partner"),
        (["pass"] * 2, "bid1.third", "right of the dealer"),
        (["pass"] * 3, "bid1.dealer", "Bidding round 1 · the dealer"),
        (["pass"] * 4, "bid2.eldest", "next is yours to call"),
        (["pass"] * 7, "bid2.dealer", "Bidding round 2 · the dealer"),
        (["order up"], "discard.opp", "an opponent ordered you up"),
        (["pass", "order up"], "discard.partner", "your partner ordered it up"),
        (["pass"] * 3 + ["order up"], "discard.own", "you took it up"),
        (["pass"] * 3 + ["order up alone"], "discard.own-alone", "you took it up alone"),
        (["pass", "order up", "discard 9♣"], "play.defender.lead1", "Leading · a defender · opening lead"),
        (["pass", "pass", "order up", "discard 9♣"], "play.partner.lead1", "the maker's partner"),
        (["pass"] * 4 + ["call ♠"], "play.maker.lead1", "Leading · the maker"),
        (["pass"] * 4 + ["call ♠ alone"], "play.vs-loner.lead1", "defending against a loner"),
    ],
)
def test_bidding_discard_and_leads(actions: list[str], key: str, words: str) -> None:
    s = situation(pos(actions))
    assert s.key == key
    assert words in s.name


def test_stuck_dealer() -> None:
    s = situation(pos(["pass"] * 7, rules="stick-the-dealer"))
    assert s.key == "bid2.dealer.stuck" and s.stuck and "must name a suit" in s.name


def test_loner_leads_and_the_partner_sits_out() -> None:
    # East names clubs alone in round 2: West sits out; South, left of the loner, leads
    h = pos(["pass"] * 6 + ["call ♣ alone"])
    assert h.to_act == el.Seat.S
    assert situation(h).key == "play.vs-loner.lead1"
    assert situation(h, "W").key == "seat.sitting-out"
    assert situation(h, "E").key == "seat.loner"
    h = h.apply("play A♠")  # South leads; West sits out, so North plays next
    s = situation(h)
    assert s.key == "play.vs-loner.2nd.side.partner.follow.nowin"
    h = h.apply("play 9♠")
    s = situation(h)  # East, the loner, is last of three and void in spades
    assert s.key == "play.loner.last.side.opp.void-trump.win"


def test_following_second_third_last() -> None:
    h = pos(["pass", "order up", "discard 9♣", "play J♠"])  # hearts trump, West led the J♠
    s = situation(h)
    assert s.key == "play.maker.2nd.side.opp.follow.nowin"
    h = h.apply("play 9♠")
    s = situation(h)  # East: void in spades, holds trump, partner (West) winning
    assert s.key == "play.defender.3rd.side.partner.void-trump.win"
    assert "partner winning" in s.name and "void in the led suit" in s.name
    h = h.apply("play 9♥")  # East trumps partner's jack
    s = situation(h)
    assert s.key == "play.partner.last.side.opp-ruff.follow.nowin"


def test_trump_led_and_void_without_trump() -> None:
    hands = {"N": "9♠ 10♠ Q♠ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "J♥ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}
    h = pos(["pass", "order up", "discard 9♣"], hands=hands)  # N assists, hearts trump; W leads
    h = h.apply("play 10♦")
    assert situation(h).key == "play.maker.2nd.side.opp.follow.win"  # N follows with Q♦
    h = pos(["pass", "order up", "discard 9♣", "play 10♦", "play Q♦", "play A♦", "play A♥", "play J♥"], hands=hands)
    s = situation(h)  # South led the right bower; West holds no trump
    assert s.key == "play.defender.2nd.trump.opp.void.nowin"
    assert "trump led" in s.name


def test_lone_defender_and_defend_alone_decision() -> None:
    rules = el.Rules(defend_alone=True)
    h = pos(["pass", "pass", "order up alone"], rules=rules)  # East orders the dealer up alone
    assert situation(h).key == "discard.opp-alone"
    h = h.apply("discard 9♣")
    s = situation(h)
    assert s.key == "defend-alone" and s.family == "loner-extras"
    assert s.role == "vs-loner" and h.to_act == el.Seat.S
    h = h.apply("defend alone")  # South defends alone: North sits out too; South leads
    s = situation(h)
    assert s.key == "play.lone-defender.lead1" and s.name == "Leading · defending alone · opening lead"
    assert situation(h, "N").key == "seat.sitting-out"
    s = situation(h.apply("play Q♠"))  # East, the loner, void in spades, answers: the last of two cards
    assert s.key == "play.loner.last.side.opp.void-trump.win"


def test_railroad_and_benny() -> None:
    h = pos(["pass", "order up alone"], rules=el.Rules(railroad=True))
    assert situation(h).key.startswith("railroad.give")
    benny = next(h for seed in range(500) if (h := el.Hand.deal("S", rules="uk", seed=seed)).upcard.is_benny)
    s = situation(benny)
    assert s.key == "benny" and s.family == "loner-extras"


def test_patterns() -> None:
    assert key_matches("play.maker.lead1", "play.*.lead1")
    assert key_matches("play.maker.2nd.side.opp.follow.win", "play.*.2nd.**")
    assert not key_matches("play.maker.lead1", "play.*.2nd.**")
    assert not key_matches("bid1.eldest", "bid1.eldest.stuck")


def test_over_hand_has_no_situation() -> None:
    h = pos(["pass"] * 8)
    assert h.thrown_in
    with pytest.raises(ValueError, match="over"):
        situation(h)


def test_name_of_a_key_and_a_bad_key() -> None:
    h = pos(["order up alone", "discard 9♣"])
    assert name_of(situation(h, "E").key) == situation(h, "E").name == "Sitting out (partner plays alone)"
    assert (
        name_of("discard.partner-alone")
        == "Dealer's discard · your partner ordered it up alone (you sit out after the discard)"
    )
    assert name_of("bid2.dealer.stuck") == situation(pos(["pass"] * 7, rules="stick-the-dealer")).name
    for bad in (
        "",
        "bid1",
        "bid1.eldest.stuck",
        "bid2.eldest.stuck",
        "play.maker.4th",
        "play.maker.last.side.opp.follow.maybe",
        "x.y",
    ):
        with pytest.raises(ValueError, match="expected a situation's key"):
            name_of(bad)

"""el.egn.read: the match, what it infers, and bad input (an EgnError naming the file, the deal and
the field: a card seen twice, a trick of the wrong size, an unknown call, a malformed card, a score
that does not add up, a rule it cannot play)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn import Seat, Team
from euchre_learn.engine import egn

SHIPPED = el.egn.example()


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(SHIPPED).read_text(encoding="utf-8"))
    return data


def test_the_shipped_game_reads_three_ways() -> None:
    text = Path(SHIPPED).read_text(encoding="utf-8")
    by_path, by_text, by_dict = el.egn.read(SHIPPED), el.egn.read(text), el.egn.read(json.loads(text))
    assert by_path.file == SHIPPED and by_text.file is None
    for m in (by_text, by_dict):
        assert [d.hand for d in m.deals] == [d.hand for d in by_path.deals]
    meta = by_path.metadata
    assert meta.title == "VWEC Finals" and meta.players[0] == "WWMM" and meta.date.startswith("2026-05-29")
    assert meta.initial_score == {Team.NS: 0, Team.EW: 0}
    assert by_path.rules == el.Rules(stick_the_dealer=True, loner_lead="left_of_loner")


def test_annotations_are_keyed_by_the_action_and_labelled() -> None:
    path = Path(__file__).parent / "data" / "validation examples" / "July 4th Pairs Finals (3).egn"
    labelled = el.egn.read(path)
    labels = [lb for d in labelled.deals for _, notes in sorted(d.annotations.items()) for lb, _ in notes]
    texts = [
        t
        for d in json.loads(path.read_text(encoding="utf-8"))["deals"]
        for p in d["phases"]
        for _, notes in sorted(p.get("callAnnotations", p.get("playAnnotations", {})).items())
        for t in notes
    ]
    assert labels == [t[1 : t.index("]")] if t.startswith("[") else None for t in texts]
    assert {"??", "?", "!!"} <= set(labels)
    words = labelled.deals[3].annotations[4][0]
    assert words == (
        "??",
        "Crossing the river in diamonds here when next in clubs is nearly as strong is a big mistake here.",
    )
    match = el.egn.read(SHIPPED)
    raw = shipped()
    for deal, raw_deal in zip(match.deals, raw["deals"], strict=True):
        bid, *rest = raw_deal["phases"]
        for key, notes in bid.get("callAnnotations", {}).items():  # a call's index is its action's
            assert [el.egn.model.join_label(lb, t) for lb, t in deal.annotations[int(key)]] == notes
        if rest:
            first_play = next(i for i, (_, a) in enumerate(deal.hand.history) if a.kind == "play")
            for key, notes in rest[0].get("playAnnotations", {}).items():
                _, action = deal.hand.history[first_play + int(key)]
                assert action.kind == "play"
                assert len(deal.annotations[first_play + int(key)]) == len(notes)


def test_what_is_inferred_and_what_is_unknown() -> None:
    match = el.egn.read(SHIPPED)
    deal = match.deals[0]  # North orders, West (the dealer) takes the K♣ up and plays it
    assert deal.hand.dealer == Seat.S
    kinds = {(i.what, i.known) for i in deal.inferred}
    assert ("discard", False) in kinds and ("kitty", False) in kinds
    discard = next(i for i in deal.inferred if i.what == "discard")
    assert discard.cards[0] in deal.stand_ins and "unknown" in str(discard)
    # each seat's cards are the cards it played; the dealer's are the plays less the upcard, plus the discard
    for s in Seat:
        played = {c for t in deal.hand.tricks for c, who in zip(t.cards, t.seats, strict=True) if who == s}
        dealt = set(deal.hand.dealt(s))
        if s == deal.hand.dealer:
            assert dealt == (played - {deal.hand.upcard}) | {discard.cards[0]}
        else:
            assert dealt == played
    # the dealer's bids depend on the unknown discard; the plays do not
    bids = [i for i, (s, a) in enumerate(deal.hand.history) if s == deal.hand.dealer and a.kind != "play"]
    plays = [i for i, (s, a) in enumerate(deal.hand.history) if s == deal.hand.dealer and a.kind == "play"]
    assert all(deal.depends_on_unknown(i) for i in bids)
    assert not any(deal.depends_on_unknown(i) for i in plays)


def test_a_loners_partner_is_unknown() -> None:
    match = el.egn.read(SHIPPED)
    lone = [d for d in match.deals if d.hand.alone]
    assert lone
    for d in lone:
        assert d.hand.maker is not None
        partner = d.hand.maker.partner
        unknown = [i for i in d.inferred if i.what == "hand" and i.seat == partner]
        assert unknown and not unknown[0].known and len(unknown[0].cards) == 5


def test_a_round_two_deal_has_a_known_kitty() -> None:
    match = el.egn.read(SHIPPED)
    deal = next(d for d in match.deals if d.hand.turned_down is not None and not d.hand.alone)
    (kitty,) = [i for i in deal.inferred if i.what == "kitty"]
    assert kitty.known and set(kitty.cards) == set(deal.hand.kitty)
    assert not deal.stand_ins


def bad(mutate: Any) -> el.egn.EgnError:
    data = shipped()
    mutate(data)
    with pytest.raises(el.egn.EgnError) as caught:
        el.egn.read(data)
    err = caught.value
    assert isinstance(err, ValueError)
    return err


def test_a_card_seen_twice() -> None:
    err = bad(lambda d: d["deals"][0]["phases"][1]["tricks"][1].__setitem__(0, "Ad"))
    assert err.deal == 0 and err.field == "deals[0].phases[1].tricks[1][0]"
    assert "the A♦ is seen twice" in str(err) and "deals[0].phases[1].tricks[0][0]" in str(err)


def test_a_trick_of_the_wrong_size() -> None:
    err = bad(lambda d: d["deals"][2]["phases"][1]["tricks"][0].pop())
    assert err.field == "deals[2].phases[1].tricks[0]" and "a trick of 3 cards" in str(err)
    err = bad(lambda d: d["deals"][0]["phases"][1]["tricks"][0].append("9h"))
    assert "a trick of 5 cards" in str(err)


def test_an_unknown_call() -> None:
    err = bad(lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(1, "Bid"))
    assert err.field == "deals[0].phases[0].calls[1]" and "'Bid' is not a call" in str(err)
    err = bad(lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(1, "x"))
    assert "unknown call" in str(err)


def test_a_malformed_card() -> None:
    err = bad(lambda d: d["deals"][3]["phases"][1]["tricks"][2].__setitem__(1, "10h"))
    assert err.deal == 3 and err.field == "deals[3].phases[1].tricks[2][1]"
    assert "'10h' is not a card: expected a rank 9 T J Q K A then a suit c d h s" in str(err)


def test_a_score_that_does_not_add_up() -> None:
    err = bad(lambda d: d["metadata"].__setitem__("finalScore", [10, 8]))
    assert err.field == "metadata.finalScore" and "the score does not add up" in str(err)
    assert "8 to 10" in str(err)


def test_a_revoke_is_refused_by_the_engine() -> None:
    def revoke(d: dict[str, Any]) -> None:  # deal 1, trick 1: swap a follow for a card played later
        t = d["deals"][0]["phases"][1]["tricks"]
        t[0][1], t[4][1] = t[4][1], t[0][1]

    err = bad(revoke)
    assert err.deal == 0 and "tricks" in err.field


@pytest.mark.parametrize(
    ("flag", "value", "words"),
    [
        ("joker", True, "the joker"),
        ("allow_no_trump", True, "no-trump"),
        ("num_deals", 8, "a fixed number of deals"),
        ("loner_march_score", 5, "4 points for a loner's march"),
        ("house_rule", True, "unknown rule 'house_rule'"),
    ],
)
def test_rules_it_cannot_play_are_refused_by_name(flag: str, value: Any, words: str) -> None:
    err = bad(lambda d: d["metadata"]["ruleset"].__setitem__(flag, value))
    assert err.field == f"metadata.ruleset.{flag}" and words in str(err)


def test_each_ruleset_flag_maps() -> None:
    data = shipped()
    data["metadata"]["ruleset"] = {"std": False, "canadian": True, "loner_lead": "LEFT_OF_DEALER", "winning_score": 11}
    rules = el.egn.read(data).rules
    assert rules == el.Rules(stick_the_dealer=False, canadian_loner=True, loner_lead="left_of_dealer", points_to_win=11)


def test_the_file_is_named(tmp_path: Path) -> None:
    data = shipped()
    data["deals"][5]["initialState"]["upCard"] = "Zz"
    path = tmp_path / "final.egn"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(el.egn.EgnError) as caught:
        el.egn.read(path)
    assert str(caught.value).startswith(f"{str(path)!r}, deal 6 (deals[5].initialState.upCard): 'Zz' is not a card")
    with pytest.raises(el.egn.EgnError, match="cannot read the EGN file"):
        el.egn.read(tmp_path / "missing.egn")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(el.egn.EgnError):
        el.egn.read(path)


def test_not_egn() -> None:
    for value in (None, 3, [1, 2], b"\xff"):
        with pytest.raises(el.egn.EgnError):
            el.egn.read(value)  # type: ignore[arg-type]
    with pytest.raises(el.egn.EgnError, match=r"expected an EGN 1\.x version"):
        el.egn.read({**shipped(), "version": "2.0"})


def test_the_same_read_is_not_changed_by_the_caller() -> None:
    data = shipped()
    before = copy.deepcopy(data)
    egn.read(data)
    assert data == before

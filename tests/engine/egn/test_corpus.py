"""Every public example of Euchre Game Notation (tests/engine/egn/data, NOTICE.md there): the real
games replay with the points their tricks imply, score hand by hand, and the files that are not
valid EGN are refused with an EgnError naming the field.

The points are worked out again here from the file's own JSON, by EGN's documents
(docs/replayer-logic.md: the maker from the first call that is not a pass, the first leader by the
dealer and the loner rule, each trick to the card that wins it, read with tests/engine/naive_rules.py,
not the engine's tables) and its payout table (1, 2 for a march, 4 for a loner's march, 2 for a euchre).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_learn import Card, Team
from euchre_learn.engine import egn

from ..naive_rules import ref_winner

DATA = Path(__file__).parent / "data"
FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".egn", ".emn", ".json"))

REFUSED = {
    # an EMN file bundles several games: el.egn.read_series reads it (test_the_series_file below)
    "combination examples/MotE W5 Match.emn": ("fileType", "el.egn.read_series reads each of its games"),
    # converter test data: the dealer (seat 0) took the Q♠ up, and seat 3 leads it in trick 3
    "conversion examples/test.egn": ("deals[0].phases[1].tricks[2][0]", "the Q♠ is seen twice"),
    "conversion examples/test_annotated.egn": ("deals[0].phases[1].tricks[2][0]", "the Q♠ is seen twice"),
    # an early copy with the wrong initial score, [0, 1] (the later copy, (3), says [2, 0]):
    # East-West reach 10 before deal 10, which the file goes on to play
    "validation examples/July 4th Pairs Finals.egn": ("deals[9]", "the game was already won, 6 to 10"),
    # a hand-made file: North discards the 10♦ on a club lead, and plays the K♣ in trick 5
    "validation examples/egn_m_20260529_01 (5).egn": ("deals[1].phases[1].tricks[0][3]", "North must follow clubs"),
    # the validation examples' invalid input: not EGN at all
    "validation examples/invalid1.json": ("fileType", "this is not an EGN file"),
    "validation examples/invalid2.json": ("", "not an EGN object"),
}

SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def name(path: Path) -> str:
    return path.relative_to(DATA).as_posix()


def card(text: str) -> Card:
    return Card.parse(("10" if text[0] in "tT" else text[0].upper()) + SUITS[text[1].lower()])


def expected_points(raw: dict, loner_lead: str) -> tuple[int, int]:
    """(N-S, E-W) points of one deal, by EGN's documents alone."""
    dealer = raw["initialState"]["dealer"]
    bid = raw["phases"][0]
    calls = bid["calls"]
    making = next((i for i, c in enumerate(calls) if c != "Pass"), None)
    if making is None:
        return (0, 0)
    maker = (dealer + 1 + making) % 4
    trump = SUITS[raw["initialState"]["upCard"][1].lower()] if making < 4 else SUITS[calls[making]]
    alone = bid.get("isAlone", False)
    out = {(maker + 2) % 4} if alone else set()
    if alone and loner_lead == "LEFT_OF_LONER":
        lead = (maker + 1) % 4
    else:
        lead = (dealer + 1) % 4
    while lead in out:
        lead = (lead + 1) % 4
    won = [0, 0]
    for trick in raw["phases"][1]["tricks"]:
        seats, seat = [], lead
        for _ in trick:
            seats.append(seat)
            seat = (seat + 1) % 4
            while seat in out:
                seat = (seat + 1) % 4
        lead = seats[ref_winner([card(c) for c in trick], trump)]
        won[lead % 2] += 1
    team = maker % 2
    if won[team] == 5:
        pts = 4 if alone else 2
    elif won[team] >= 3:
        pts = 1
    else:
        team, pts = 1 - team, 2
    return (pts, 0) if team == 0 else (0, pts)


@pytest.mark.parametrize("path", FILES, ids=name)
def test_each_public_example(path: Path) -> None:
    if name(path) in REFUSED:
        field, words = REFUSED[name(path)]
        with pytest.raises(egn.EgnError) as caught:
            egn.read(path)
        assert caught.value.field == field, str(caught.value)
        assert words in str(caught.value)
        assert str(caught.value).startswith(repr(str(path)))  # the file is named
        return
    match = egn.read(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    lead_rule = raw["metadata"].get("ruleset", {}).get("loner_lead", "LEFT_OF_DEALER")
    score = list(raw["metadata"]["initialScore"])
    assert len(match.deals) == len(raw["deals"])
    for k, (deal, raw_deal) in enumerate(zip(match.deals, raw["deals"], strict=True)):
        assert [deal.score_before[Team.NS], deal.score_before[Team.EW]] == score
        if deal.complete:
            ns, ew = expected_points(raw_deal, lead_rule)
        else:  # a record that stops in the play (only ever the last deal): replayed as far as it goes
            assert k == len(match.deals) - 1 and deal.hand.tricks
            ns, ew = 0, 0
        assert (deal.points[Team.NS], deal.points[Team.EW]) == (ns, ew), f"deal {deal.number}"
        score = [score[0] + ns, score[1] + ew]
        # each card of the file is played by the engine in the file's order
        played = [str(c) for t in deal.hand.tricks for c in t.cards]
        assert played == [str(card(c)) for t in raw_deal["phases"][1]["tricks"] for c in t]
    assert [match.score[Team.NS], match.score[Team.EW]] == score


def test_the_corpus_counts() -> None:
    """What the corpus holds, and one deal only needs R3.2's option (the dealer discards the upcard)."""
    read = [egn.read(p) for p in FILES if name(p) not in REFUSED]
    assert len(read) == len(FILES) - len(REFUSED) == 38
    assert sum(not d.complete for m in read for d in m.deals) == 1  # egn_m_20260529_01.egn stops in trick 2
    assert sum(len(m.deals) for m in read) >= 350
    needing = [(m.file, n) for m in read for n in m.inferred]
    assert len(needing) == 1 and "Week 1 Game 6" in str(needing[0][0]) and "deal 5" in needing[0][1]
    assert read[0].rules.dealer_may_discard_upcard is False


def test_the_upcard_discarded_deal() -> None:
    """Masters of the Euchreverse week 1, game 6, deal 5: the dealer takes the upcard up and
    never plays it, so the discard is the upcard: inferred, known, and read with R3.2's option."""
    match = egn.read(DATA / "validation examples" / "Masters of the Euchreverse Week 1 Game 6.egn")
    deal = match.deals[4]
    assert match.rules.dealer_may_discard_upcard
    assert deal.hand.discard == deal.hand.upcard
    (found,) = [i for i in deal.inferred if i.what == "discard"]
    assert found.known and found.cards == (deal.hand.upcard,)
    assert "discarded the upcard" in (deal.depends_on_unknown(len(deal.hand.history) - 1) or "")


def test_the_series_file() -> None:
    """The EMN file holds the six games of the MotE W5 files, each the same deals, its seats named
    from the series' registry."""
    games = egn.read_series(DATA / "combination examples" / "MotE W5 Match.emn")
    raw = json.loads((DATA / "combination examples" / "MotE W5 Match.emn").read_text(encoding="utf-8"))
    names = {p["id"]: p["name"] for p in raw["metadata"]["players"]}
    assert len(games) == 6
    for k, match in enumerate(games, start=1):
        alone = egn.read(DATA / "combination examples" / f"MotE W5 G{k}.egn")
        assert [d.hand for d in match.deals] == [d.hand for d in alone.deals]
        assert [d.points for d in match.deals] == [d.points for d in alone.deals]
        assert match.metadata.players == tuple(names[i] for i in raw["games"][k - 1]["players"])


def test_a_bad_game_in_a_series_names_its_place() -> None:
    raw = json.loads((DATA / "combination examples" / "MotE W5 Match.emn").read_text(encoding="utf-8"))
    raw["games"][2]["gameData"]["deals"][4]["phases"][0]["calls"][0] = "Bid"
    with pytest.raises(egn.EgnError) as caught:
        egn.read_series(raw)
    assert caught.value.field == "games[2].gameData.deals[4].phases[0].calls[0]" and caught.value.deal == 4
    with pytest.raises(egn.EgnError, match=r"an EGN game is read by el\.egn\.read"):
        egn.read_series(DATA / "VWEC Finals.egn")

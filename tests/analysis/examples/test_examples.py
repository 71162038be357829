"""The example hands library (euchre_learn/analysis/examples/*.json, ``el.examples``).

Every record replays to the result it states, and every solver verdict it records is what
the solver says now. The topics the library promises are checked on the replayed hands
themselves (a loner who marches, a lone defender, a Benny turned up...), not on the names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources

import pytest

import euchre_learn as el
from euchre_learn import Phase, Team
from euchre_learn.analysis.examples import ExampleError

NAMES = el.examples.names()
RECORDS = {name: el.examples.load(name) for name in NAMES}
HANDS = {name: el.examples.hand(name) for name in NAMES}


def team_points(hand: el.Hand) -> dict[str, int]:
    return {str(t): p for t, p in hand.points.items()}


def test_there_are_at_least_25_examples_each_with_a_title_a_lesson_and_notes() -> None:
    assert len(NAMES) >= 25
    assert len(set(NAMES)) == len(NAMES)
    for name, record in RECORDS.items():
        assert record["name"] == name
        assert isinstance(record["title"], str) and len(record["title"]) > 5, name
        for key in ("teaches", "notes"):
            assert isinstance(record[key], str) and len(record[key]) > 40, (name, key)
        assert record["cites"], name
        assert all(rule.startswith("R") for rule in record["cites"])


def test_the_files_are_package_data_named_after_their_example() -> None:
    folder = resources.files("euchre_learn.analysis.examples")
    files = sorted(e.name for e in folder.iterdir() if e.name.endswith(".json"))
    assert files == sorted(f"{n}.json" for n in NAMES)
    for n in NAMES:
        data = json.loads(folder.joinpath(f"{n}.json").read_text(encoding="utf-8"))
        assert data["format"] == "euchre-learn/hand-1"


@pytest.mark.parametrize("name", NAMES)
def test_each_example_replays_to_its_stated_result(name: str) -> None:
    record, hand = RECORDS[name], HANDS[name]
    expect = record["expect"]
    assert hand.is_over
    if expect["outcome"] == "thrown in":
        assert hand.thrown_in and hand.score is None
    else:
        assert hand.score is not None
        assert hand.score.outcome == expect["outcome"]
        assert str(Team(hand.maker.team)) == expect["makers"]
        assert {str(t): n for t, n in hand.tricks_won.items()} == expect["tricks"]
    assert team_points(hand) == expect["points"]
    # the record round-trips through the engine's own records
    assert el.replay(hand.to_record()) == hand


@pytest.mark.parametrize("name", [n for n in NAMES if "solver" in RECORDS[n]])
def test_recorded_solver_verdicts_hold(name: str) -> None:
    for verdict in RECORDS[name]["solver"]:
        at = el.examples.hand(name, after=verdict["after"])
        assert at.phase == Phase.PLAY
        assert str(at.to_act) == verdict["seat"]
        sol = el.solve(at)
        assert {str(a): v for a, v in sol.values.items()} == verdict["values"]
        assert {str(t): n for t, n in sol.tricks.items()} == verdict["tricks"]


@pytest.mark.parametrize("name", [n for n in NAMES if "compare" in RECORDS[n]])
def test_recorded_comparisons_hold(name: str) -> None:
    for comparison in RECORDS[name]["compare"]:
        at = el.examples.hand(name, after=comparison["after"])
        assert str(at.to_act) == comparison["seat"]
        for choice, tricks in comparison["results"].items():
            h = at
            for text in choice.split(", "):
                h = h.apply(text)
            assert {str(t): n for t, n in el.solve(h).tricks.items()} == tricks, choice
        # the choice the example actually makes is one of those compared
        taken = RECORDS[name]["actions"][comparison["after"]].split(" ", 1)[1]
        assert any(choice.split(", ")[0] == taken for choice in comparison["results"])


def test_the_library_covers_the_promised_situations() -> None:
    hands = list(HANDS.values())

    def some(pred: Callable[[el.Hand], bool]) -> bool:
        return any(pred(h) for h in hands)

    over = [h for h in hands if h.score is not None]
    assert any(h.alone and h.score.outcome == "march" and h.lone_defender is None for h in over)  # loner march
    assert any(h.alone and h.score.outcome == "euchred" and h.lone_defender is None for h in over)  # euchred loner
    assert any(h.lone_defender is not None and h.score.outcome == "euchred" for h in over)  # lone defender
    assert {h.score.defenders for h in over if h.lone_defender is not None} >= {1, 4}  # (4, 4) and seed-000's (1, 4)
    assert any(h.score.outcome == "super euchre" for h in over)
    assert some(lambda h: h.upcard.is_benny)  # a Benny turned up (R3.5)
    assert some(lambda h: h.railroad_card is not None)  # the railroad exchange (R5.5)
    assert some(lambda h: h.thrown_in)
    assert any(h.score.outcome == "march" and not h.alone for h in over)
    assert any(h.score.outcome == "euchred" and not h.alone for h in over)
    assert any(h.score.outcome == "made" for h in over)
    # a stuck dealer (R4.3): seven passes, then the dealer names trump
    assert some(lambda h: h.rules.stick_the_dealer and h.maker == h.dealer and h.turned_down is not None)
    # next: called in round 2 by eldest, the suit of the turned-down colour (R1.2)
    assert some(lambda h: h.turned_down is not None and h.trump == h.turned_down.next and h.maker == h.dealer.left)
    # the dealer's partner assists (R3.1), and alone with the upcard dead (R5.2)
    assert some(lambda h: h.maker == h.dealer.partner and not h.alone and h.turned_down is None)
    assert some(
        lambda h: (
            h.maker == h.dealer.partner
            and h.alone
            and not h.rules.dealer_picks_up_for_partner_loner
            and all(h.upcard not in t.cards for t in h.tricks)
        )
    )
    assert some(lambda h: h.rules.canadian_loner and h.alone and h.maker == h.dealer.partner)
    # the loner-lead rule: the same cards under both rules, different results
    by_cards = {}
    for h in over:
        if h.alone:
            by_cards.setdefault(tuple(str(h.dealt(s)) for s in el.Seat), []).append(h)
    assert any(
        {x.rules.loner_lead for x in group} == {"left_of_loner", "left_of_dealer"}
        and len({x.score.makers for x in group}) > 1
        for group in by_cards.values()
    )


def test_a_mistake_example_shows_it_with_the_solver() -> None:
    # trumping partner's winner: the card played scores less than the best card
    record = RECORDS["trumping-partners-winner"]
    verdict = record["solver"][0]
    played = record["actions"][verdict["after"]].split(" ", 1)[1]
    assert verdict["values"][played] < max(verdict["values"].values())


def test_load_gives_a_fresh_copy() -> None:
    a = el.examples.load("made")
    a["title"] = "changed"
    a["actions"].clear()
    assert el.examples.load("made")["title"] != "changed"
    assert el.examples.hand("made").is_over


def test_hand_after_some_actions() -> None:
    record = RECORDS["left-bower-trap"]
    assert el.examples.hand("left-bower-trap", after=0).history == ()
    h = el.examples.hand("left-bower-trap", after=3)
    assert [f"{s} {a}" for s, a in h.history] == record["actions"][:3]
    with pytest.raises(ExampleError, match="from 0 to"):
        el.examples.hand("left-bower-trap", after=99)


def test_unknown_names_are_explained() -> None:
    with pytest.raises(ValueError, match="Did you mean 'super-euchre'"):
        el.examples.load("super-euchr")
    with pytest.raises(ExampleError, match="examples are"):
        el.examples.hand("no-such-thing")


def test_catalogue_lists_every_example() -> None:
    cat = el.examples.catalogue()
    assert [row[0] for row in cat] == list(NAMES)
    assert "left-bower-trap" in str(cat) and "<table" in cat._repr_html_()

"""Rules: defaults, validation, presets (RULES.md §9) and Rules.from_value."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from euchre_learn import Rules

DEFAULTS: dict[str, Any] = {
    "points_to_win": 10,
    "stick_the_dealer": False,
    "defend_alone": False,
    "lone_defender_points": (4, 4),
    "super_euchre": False,
    "railroad": False,
    "canadian_loner": False,
    "benny": None,
    "deal_packets": (3, 2),
    "loner_lead": "left_of_loner",
    "dealer_picks_up_for_partner_loner": False,
    "dealer_may_discard_upcard": False,
}


def test_defaults_are_exactly_those_of_api_md() -> None:
    rules = Rules()
    assert {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)} == DEFAULTS
    assert rules.changes() == {}
    assert rules.name == "standard"


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.points_to_win = 5  # type: ignore[misc]
    assert hash(Rules(points_to_win=7)) == hash(Rules(points_to_win=7))
    assert len({Rules(), Rules(), Rules(points_to_win=7)}) == 2


@pytest.mark.parametrize("points", [1, 5, 7, 10, 11, 100])
def test_good_points_to_win(points: int) -> None:
    assert Rules(points_to_win=points).points_to_win == points


BAD_VALUES: list[tuple[str, Any]] = [
    ("points_to_win", 0),
    ("points_to_win", -5),
    ("points_to_win", 101),
    ("points_to_win", 10.0),
    ("points_to_win", "10"),
    ("points_to_win", True),
    ("points_to_win", None),
    ("stick_the_dealer", 1),
    ("stick_the_dealer", "yes"),
    ("stick_the_dealer", None),
    ("defend_alone", 0),
    ("super_euchre", "True"),
    ("railroad", 1),
    ("canadian_loner", "no"),
    ("dealer_picks_up_for_partner_loner", 1),
    ("benny", "Benny"),
    ("benny", "2s"),
    ("benny", True),
    ("benny", ""),
    ("deal_packets", (5, 0)),
    ("deal_packets", (3, 3)),
    ("deal_packets", (1, 4)),
    ("deal_packets", (3, 2, 0)),
    ("deal_packets", "3-2"),
    ("deal_packets", None),
    ("loner_lead", "dealer"),
    ("loner_lead", "left_of_partner"),
    ("loner_lead", None),
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
def test_a_bad_value_names_the_field(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=rf"Rules\.{field}\b") as err:
        Rules(**{field: value})
    assert repr(value) in str(err.value)


@pytest.mark.parametrize(
    "points", [(0, 4), (4, 0), (-1, 4), (5, 4), (4,), (4, 4, 4), "44", (4.0, 4), (True, 4), None, 4]
)
def test_bad_lone_defender_points_name_the_field(points: Any) -> None:
    with pytest.raises(ValueError, match=r"Rules\.lone_defender_points"):
        Rules(defend_alone=True, lone_defender_points=points)


def test_lone_defender_points_without_defend_alone_is_impossible() -> None:
    # R7.3: without defending alone there is no lone defender to score them.
    with pytest.raises(ValueError, match=r"Rules\.lone_defender_points=\(1, 4\) needs defend_alone=True"):
        Rules(lone_defender_points=(1, 4))
    assert Rules(defend_alone=True, lone_defender_points=(1, 4)).lone_defender_points == (1, 4)


def test_lists_from_json_become_tuples() -> None:
    rules = Rules(defend_alone=True, lone_defender_points=[1, 4], deal_packets=[2, 3])  # type: ignore[arg-type]
    assert rules.lone_defender_points == (1, 4)
    assert rules.deal_packets == (2, 3)
    assert rules == Rules(defend_alone=True, lone_defender_points=(1, 4), deal_packets=(2, 3))
    hash(rules)


def test_replace_is_checked_like_the_constructor() -> None:
    assert Rules().replace(points_to_win=5) == Rules(points_to_win=5)
    with pytest.raises(ValueError, match=r"Rules\.points_to_win"):
        Rules().replace(points_to_win=0)


def test_every_valid_combination_of_the_switches_builds() -> None:
    # Every option is independent of the others except lone_defender_points (above).
    switches = ["stick_the_dealer", "defend_alone", "super_euchre", "railroad", "canadian_loner"]
    switches.append("dealer_picks_up_for_partner_loner")
    for bits in range(1 << len(switches)):
        values = {name: bool(bits >> i & 1) for i, name in enumerate(switches)}
        for benny in (None, "joker", "2♠"):
            for lead in ("left_of_loner", "left_of_dealer"):
                rules = Rules(**values, benny=benny, loner_lead=lead)  # type: ignore[arg-type]
                assert rules.changes() == {
                    k: v for k, v in {**values, "benny": benny, "loner_lead": lead}.items() if v != DEFAULTS[k]
                }


# ---- presets (RULES.md §9) ------------------------------------------------------------------

REQUIRED_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "stick-the-dealer": {"stick_the_dealer": True},
    "seed-000": {"defend_alone": True, "lone_defender_points": (1, 4)},
    "uk": {"benny": "joker"},
    "openspiel": {
        "stick_the_dealer": True,
        "loner_lead": "left_of_dealer",
        "dealer_picks_up_for_partner_loner": True,
    },
}


@pytest.mark.parametrize(("name", "changes"), REQUIRED_PRESETS.items())
def test_required_presets_and_their_contents(name: str, changes: dict[str, Any]) -> None:
    rules = Rules.preset(name)
    assert rules.changes() == changes
    assert rules == Rules(**changes)
    assert rules.name == name


def test_preset_names() -> None:
    names = Rules.presets()
    assert names[0] == "standard"
    assert set(REQUIRED_PRESETS) <= set(names)
    assert len(set(names)) == len(names)
    for name in names:
        rules = Rules.preset(name)
        assert isinstance(rules, Rules)
        assert Rules.from_value(name) == rules
        assert rules.name == name, f"two presets equal each other: {name} and {rules.name}"


def test_seed_000_differs_from_the_default_lone_defender_points() -> None:
    # R7.3: seed 000 gives a lone defender 1 for 3-4 tricks; the default is 4.
    assert Rules.preset("seed-000").lone_defender_points == (1, 4)
    assert Rules(defend_alone=True).lone_defender_points == (4, 4)


@pytest.mark.parametrize("name", ["Standard", "stick the dealer", "", "nope", None, 3])
def test_unknown_preset_lists_the_names(name: Any) -> None:
    with pytest.raises(ValueError, match="is not a preset: choose one of 'standard', 'stick-the-dealer'"):
        Rules.preset(name)


# ---- Rules.from_value -----------------------------------------------------------------------


def test_from_value() -> None:
    assert Rules.from_value(None) == Rules()
    custom = Rules(points_to_win=7, railroad=True)
    assert Rules.from_value(custom) is custom
    assert Rules.from_value("uk") == Rules(benny="joker")
    assert Rules.from_value({}) == Rules()
    assert Rules.from_value({"points_to_win": 5, "super_euchre": True}) == Rules(points_to_win=5, super_euchre=True)
    assert Rules.from_value({"defend_alone": True, "lone_defender_points": [1, 4]}) == Rules.preset("seed-000")


def test_from_value_errors() -> None:
    with pytest.raises(ValueError, match="unknown Rules field 'point_to_win'"):
        Rules.from_value({"point_to_win": 5})
    with pytest.raises(ValueError, match=r"Rules\.railroad"):
        Rules.from_value({"railroad": "yes"})
    with pytest.raises(ValueError, match="not a preset"):
        Rules.from_value("chess")
    with pytest.raises(ValueError, match="is not rules"):
        Rules.from_value(10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not rules"):
        Rules.from_value(["standard"])  # type: ignore[arg-type]


def test_name_of_custom_rules_is_none_and_changes_list_them() -> None:
    rules = Rules(points_to_win=7, railroad=True)
    assert rules.name is None
    assert rules.changes() == {"points_to_win": 7, "railroad": True}


def test_the_deals_shuffle_is_random_shuffle_step_for_step() -> None:
    import random as _random

    from euchre_learn.engine.core.state import _shuffle

    for seed in range(300):
        for size in (24, 25):
            ours, theirs = list(range(size)), list(range(size))
            a, b = _random.Random(seed), _random.Random(seed)
            _shuffle(ours, a.getrandbits)
            b.shuffle(theirs)
            assert ours == theirs and a.getstate() == b.getstate()


def test_every_preset_says_what_it_is_in_a_players_words() -> None:
    """The table's Rules menu shows these: `seed-000` alone says nothing to a newcomer (issue 24)."""
    labels = [Rules.preset_label(p) for p in Rules.presets()]
    assert all(label.startswith(f"{p}: ") and len(label) > len(p) + 8 for p, label in zip(Rules.presets(), labels, strict=True))
    assert len(set(labels)) == len(labels)
    assert "lone defender" in Rules.preset_label("seed-000")
    with pytest.raises(ValueError, match="is not a preset"):
        Rules.preset_label("martian")

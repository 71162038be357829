"""House rules chosen once for every lesson, and the learner's files (settings.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.learner import settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.delenv("EUCHRE_LEARN_RULES", raising=False)
    return tmp_path


def test_standard_rules_until_something_is_saved(home: Path) -> None:
    assert el.house_rules() == el.Rules()
    assert not (home / "settings.json").exists()


@pytest.mark.parametrize("choice", ["stick-the-dealer", "uk", "seed-000"])
def test_saved_preset_is_used_by_every_later_call(home: Path, choice: str) -> None:
    el.set_house_rules(choice)
    assert el.house_rules() == el.Rules.preset(choice)
    assert json.loads((home / "settings.json").read_text())["rules"] == choice


def test_saved_fields_round_trip(home: Path) -> None:
    rules = el.Rules(points_to_win=7, railroad=True, deal_packets=(2, 3))
    el.set_house_rules(rules)
    assert el.house_rules() == rules
    settings.reset_house_rules()
    assert el.house_rules() == el.Rules()


def test_bad_rules_are_refused_before_anything_is_written(home: Path) -> None:
    with pytest.raises(ValueError, match="points_to_win"):
        el.set_house_rules({"points_to_win": 0})
    assert not (home / "settings.json").exists()


def test_teacher_environment_variable_wins(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    el.set_house_rules("uk")
    monkeypatch.setenv("EUCHRE_LEARN_RULES", '{"stick_the_dealer": true}')
    assert el.house_rules() == el.Rules(stick_the_dealer=True)
    monkeypatch.setenv("EUCHRE_LEARN_RULES", "no-such-preset")
    with pytest.warns(UserWarning, match="no-such-preset"):
        assert el.house_rules() == el.Rules()


def test_corrupt_settings_are_moved_aside_with_a_warning(home: Path) -> None:
    (home / "settings.json").write_text('{"rules": "uk", "other": 1', encoding="utf-8")
    with pytest.warns(UserWarning, match="damaged"):
        assert el.house_rules() == el.Rules()
    aside = list(home.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith('{"rules"')
    el.set_house_rules("railroad")  # practice goes on: a fresh file is written
    assert el.house_rules() == el.Rules.preset("railroad")


def test_write_keeps_other_keys_and_leaves_no_temporary_files(home: Path) -> None:
    settings.write_json(home / "settings.json", {"theme": "dark"})
    el.set_house_rules("uk")
    assert json.loads((home / "settings.json").read_text())["theme"] == "dark"
    assert [p.name for p in home.iterdir()] == ["settings.json"]

"""House rules chosen once for every lesson, kept in the learner's store (settings.py); an old
settings.json is imported once, and one that cannot be read falls back to the standard rules."""

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
    monkeypatch.delenv("EUCHRE_LEARN_PROGRESS", raising=False)
    return tmp_path


def saved_rules(home: Path) -> object:
    from euchre_learn.learner.store import Store

    return Store(home / "learner.sqlite3").setting("rules")


def test_standard_rules_until_something_is_saved(home: Path) -> None:
    assert el.house_rules() == el.Rules()
    assert saved_rules(home) is None


@pytest.mark.parametrize("choice", ["stick-the-dealer", "uk", "seed-000"])
def test_saved_preset_is_used_by_every_later_call(home: Path, choice: str) -> None:
    el.set_house_rules(choice)
    assert el.house_rules() == el.Rules.preset(choice)
    assert saved_rules(home) == choice


def test_saved_fields_round_trip(home: Path) -> None:
    rules = el.Rules(points_to_win=7, railroad=True, deal_packets=(2, 3))
    el.set_house_rules(rules)
    assert el.house_rules() == rules
    settings.reset_house_rules()
    assert el.house_rules() == el.Rules()


def test_bad_rules_are_refused_before_anything_is_written(home: Path) -> None:
    with pytest.raises(ValueError, match="points_to_win"):
        el.set_house_rules({"points_to_win": 0})
    assert saved_rules(home) is None


def test_teacher_environment_variable_wins(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    el.set_house_rules("uk")
    monkeypatch.setenv("EUCHRE_LEARN_RULES", '{"stick_the_dealer": true}')
    assert el.house_rules() == el.Rules(stick_the_dealer=True)
    monkeypatch.setenv("EUCHRE_LEARN_RULES", "no-such-preset")
    with pytest.warns(UserWarning, match="no-such-preset"):
        assert el.house_rules() == el.Rules()


def test_an_old_settings_file_is_imported_once_and_kept(home: Path) -> None:
    text = json.dumps({"rules": "uk", "theme": "dark"})
    (home / "settings.json").write_text(text, encoding="utf-8")
    assert el.house_rules() == el.Rules.preset("uk")
    el.set_house_rules("railroad")
    assert el.house_rules() == el.Rules.preset("railroad")  # the file is not read again
    assert (home / "settings.json").read_text(encoding="utf-8") == text
    from euchre_learn.learner.store import Store

    assert Store(home / "learner.sqlite3").setting("theme") == "dark"


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b'{"rules": "uk", "other": 1', "not valid JSON"),
        (b'{"rules": "\xff\xfe"}', "not UTF-8"),
        (b'{"rules": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
        (b'{"rules": {"points_to_win": ' + b"7" * 5000 + b"}}", "cannot be read"),
        (b'["uk"]', 'it holds a list, not a table of settings such as {"rules": "uk"}'),
        (b'"uk"', "it holds a string, not a table of settings"),
        (b"7", "it holds a number, not a table of settings"),
        (b"true", "it holds true or false, not a table of settings"),
    ],
)
def test_settings_that_cannot_be_read_are_set_aside_and_the_standard_rules_used(
    home: Path, content: bytes, why: str
) -> None:
    """Issue 34: a settings file holding a list (or any JSON that is not a table) is set aside
    with a warning, as a damaged store is: kept whole under another name, never read again."""
    (home / "settings.json").write_bytes(content)
    with pytest.warns(UserWarning, match="damaged") as caught:
        assert el.house_rules() == el.Rules()
    message = str(caught[0].message)
    assert why in message
    (aside,) = home.glob("settings.json.corrupt-*")
    assert aside.read_bytes() == content  # nothing lost
    assert f"it was moved aside to {aside.name}, and the standard settings are used" in message
    assert not (home / "settings.json").exists()
    el.set_house_rules("railroad")  # practice goes on
    assert el.house_rules() == el.Rules.preset("railroad")
    assert aside.read_bytes() == content and not (home / "settings.json").exists()


def test_a_settings_file_that_cannot_be_moved_aside_is_kept_and_said(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    (home / "settings.json").write_bytes(b"[1, 2]")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.warns(UserWarning, match="could not be moved aside") as caught:
        assert el.house_rules() == el.Rules()
    assert "(Permission denied), so it is kept as it was" in str(caught[0].message)
    assert (home / "settings.json").read_bytes() == b"[1, 2]"


def test_saved_rules_that_make_no_sense_fall_back_with_a_warning(home: Path) -> None:
    from euchre_learn.learner.store import SetSetting, Store

    Store(home / "learner.sqlite3").write(SetSetting("rules", {"points_to_win": -3}))
    with pytest.warns(UserWarning, match="not usable"):
        assert el.house_rules() == el.Rules()


def test_the_package_imports_with_a_broken_settings_file(home: Path) -> None:
    import subprocess
    import sys

    (home / "settings.json").write_bytes(b'{"rules": ' + b"9" * 5000 + b"}")
    done = subprocess.run(
        [sys.executable, "-c", "import euchre_learn as el; print(el.house_rules() == el.Rules())"],
        capture_output=True,
        text=True,
        env={
            **__import__("os").environ,
            "EUCHRE_LEARN_HOME": str(home),
            "PYTHONPATH": str(Path(el.__file__).parents[1]),
        },
        check=False,
    )
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr
    assert "StoreWarning" in done.stderr


def test_write_json_leaves_no_temporary_files(home: Path) -> None:
    settings.write_json(home / "other.json", {"theme": "dark"})
    assert json.loads((home / "other.json").read_text())["theme"] == "dark"
    assert [p.name for p in home.iterdir()] == ["other.json"]

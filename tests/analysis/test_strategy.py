"""The rules of thumb of the "What good players do" boxes (euchre_learn.analysis.strategy) and
the box itself (euchre_learn.teaching.good_play): the numbers are the engine's, the stored
results are what the experiments give, and a box never says more than its numbers."""

from __future__ import annotations

import json

import pytest

from euchre_learn.analysis import strategy
from euchre_learn.teaching.good_play import good_play


def test_every_rule_has_stored_results_for_the_lessons_sample_size() -> None:
    stored = json.loads(strategy.CACHE.read_text(encoding="utf-8"))
    assert sorted(stored) == sorted(strategy.RULES)
    for rule in strategy.RULES:
        f = strategy.finding(rule)
        assert f is strategy._stored()[rule], f"{rule}: the stored results no longer match the rule (re-run the module)"
        assert f.samples == strategy.SAMPLES and all(g.n == strategy.SAMPLES for g in f.groups)


def test_a_verdict_follows_from_the_intervals() -> None:
    for rule in strategy.RULES:
        f = strategy.finding(rule)
        for g in f.groups:
            assert g.gain.low < g.gain.mean < g.gain.high
            if g.claim > 0:
                assert g.holds == (g.gain.low > 0)
            elif g.claim < 0:
                assert g.holds == (g.gain.high < 0)
        assert f.supported == all(g.holds for g in f.groups)
        assert f.verdict().startswith("The numbers back this" if f.supported else "The numbers do not confirm")


def test_the_engine_backs_the_lessons_rules_and_not_second_hand_low() -> None:
    backed = {r: strategy.finding(r).supported for r in strategy.RULES}
    assert backed == {
        "order-up": True,
        "bower-to-dealer": True,
        "next": True,
        "lead-trump": True,
        "partner-winner": True,
        "second-hand-low": False,
        "loner": True,
    }


def test_an_experiment_is_the_same_for_the_same_seed_and_pairs_the_choices() -> None:
    a = strategy.compute("partner-winner", samples=6, seed=3)
    assert a == strategy.compute.__wrapped__("partner-winner", 6, 3)  # not just the cache
    g = a.groups[0]
    assert g.n == 6 and g.gain.mean == pytest.approx(g.choice_points.mean - g.versus_points.mean)
    assert g.make_rate is None, "a play decision has no make rate of its own"
    bid = strategy.compute("order-up", samples=6, seed=3).groups[0]
    assert bid.make_rate is not None and 0 <= bid.make_rate.mean <= 1


def test_the_stored_results_are_what_the_experiment_gives(request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("re-deriving every rule at 600 deals a row takes minutes: run with -m slow")
    for rule in strategy.RULES:
        assert strategy.compute.__wrapped__(rule, strategy.SAMPLES, 0) == strategy.finding(rule), rule


test_the_stored_results_are_what_the_experiment_gives = pytest.mark.slow(
    test_the_stored_results_are_what_the_experiment_gives
)


def test_bad_input_is_refused_with_the_input_named() -> None:
    with pytest.raises(ValueError, match="'third hand high' is not a rule of thumb"):
        strategy.finding("third hand high")
    with pytest.raises(ValueError, match="samples must be"):
        strategy.compute("loner", samples=1)
    with pytest.raises(ValueError, match="name at least one"):
        good_play()


def test_the_box_shows_every_row_with_its_interval_and_the_verdict() -> None:
    box = good_play("order-up", "second-hand-low")
    text, page = str(box), box._repr_html_()
    assert text.startswith("What good players do")
    for rule in ("order-up", "second-hand-low"):
        f = strategy.finding(rule)
        assert f.advice in text and f.verdict() in text
        for g in f.groups:
            assert g.label in text and "95% interval" in text
    assert "[checked]" in text and "[NOT CONFIRMED]" in text
    assert "✓ checked" in page and "⚠ not confirmed" in page and 'role="note"' in page

"""What the review shows a learner (API.md): every decision named by its situation, the strong
players' convention it breaks, the share of worlds that fit what the seat saw, and flagged():
costly decisions and broken conventions, worst first, never a forced move."""

from __future__ import annotations

import pytest

import euchre_learn as el
from euchre_learn.analysis.convention_book import broken
from euchre_learn.analysis.situation import situation


@pytest.fixture(scope="module")
def south() -> el.analysis.review.Review:  # type: ignore[name-defined]
    return el.review(el.examples.hand("trumping-partners-winner"), seat="S", worlds=16, seed=1)


def test_every_decision_is_named_by_its_situation(south) -> None:  # type: ignore[no-untyped-def]
    for d in south.decisions:
        assert d.situation is not None
        assert d.situation == situation(d.position)
        assert d.situation.name and d.situation.family
    phases = {d.situation.key.split(".")[0] for d in south.decisions}
    assert {"bid1", "play"} <= phases


def test_trumping_partners_winning_card_carries_its_convention_and_is_flagged(south) -> None:  # type: ignore[no-untyped-def]
    ruff = next(d for d in south.decisions if str(d.action) == "play 9♠")
    assert ruff.convention == broken(ruff.position, ruff.action)[0].sentence
    assert "partner" in ruff.convention.lower() and "trump" in ruff.convention.lower()
    assert ruff in south.flagged()
    # the other decisions of this seat break nothing the book knows
    assert [d.index for d in south.decisions if d.convention] == [ruff.index]


def test_flagged_lists_costly_and_convention_breaking_decisions_never_forced_moves() -> None:
    rev = el.review(el.examples.hand("trumping-partners-winner"), worlds=12, seed=2)  # every seat
    shown = rev.flagged()
    for d in rev.decisions:
        wanted = not d.forced and (d.grade not in ("best", "good") or d.convention is not None)
        assert (d in shown) == wanted, d
    assert not any(d.forced for d in shown)
    # worst first
    costs = [d.win_loss if d.win_loss is not None else d.loss for d in shown]
    assert costs == sorted(costs, reverse=True)
    # a convention broken in a decision the numbers do not flag (best or good) is still shown
    assert any(d.grade in ("best", "good") and d.convention for d in shown)


def test_a_forced_move_breaks_no_convention() -> None:
    rev = el.review(el.examples.hand("left-bower-trap"), worlds=8, seed=3)
    forced = [d for d in rev.decisions if d.forced]
    assert forced
    assert all(d.convention is None for d in forced)


def test_fit_is_the_share_of_worlds_that_fit_what_the_seat_saw(south) -> None:  # type: ignore[no-untyped-def]
    """The coach's weighted share (API.md: the effective share where worlds are weighted)."""
    from euchre_learn.analysis.coach import judge, scaled_worlds

    for d in south.decisions:
        assert 0.0 <= d.fit <= 1.0
        assert d.fit == judge(d.position, worlds=scaled_worlds(d.position, 16), seed=1).fit
    assert max(d.fit for d in south.decisions) == 1.0

"""Reviewing hands (issue 12): grades of positions whose answer is known, the seat-knowledge
rule, determinism, the retry loop driven without a browser, damaged records, the score table."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn.analysis.review import GRADES, Decision, Review, accuracy_score, win_probability
from euchre_learn.analysis.review.drill import MistakeDrill, RetryResult

# South goes alone with hearts trump, wins the first trick, then leads the A♣ although the
# right bower (J♥) led first wins every trick: the double-dummy value of the real deal says so.
LONER = {
    "format": "euchre-learn/hand-1",
    "rules": "standard",
    "dealer": "E",
    "hands": {
        "N": "10♣ J♦ A♦ Q♥ Q♠",
        "E": "Q♣ 10♦ Q♦ 9♠ J♠",
        "S": "K♣ A♣ 10♥ J♥ A♥",
        "W": "9♣ J♣ K♦ K♥ 10♠",
    },
    "upcard": "9♥",
    "kitty": "9♦ K♠ A♠",
    "actions": [
        "S order up alone",
        "E discard 9♠",
        "W play 9♣",
        "E play Q♣",
        "S play K♣",
        "S play A♣",
        "W play J♣",
        "E play 9♥",
        "E play 10♦",
        "S play J♥",
        "W play K♦",
        "S play 10♥",
        "W play K♥",
        "E play J♠",
        "W play 10♠",
        "E play Q♦",
        "S play A♥",
    ],
}
WRONG = 5  # "S play A♣"


@pytest.fixture(scope="module")
def loner_review() -> Review:
    return el.review(LONER, seat="S")


def _decision(rev: Review, index: int) -> Decision:
    return next(d for d in rev.decisions if d.index == index)


def _summary(rev: Review) -> list[tuple[object, ...]]:
    return [(d.index, str(d.action), str(d.best), d.grade, d.options, d.explanation) for d in rev.decisions]


def test_the_real_deal_confirms_the_answer() -> None:
    before = el.replay({**LONER, "actions": LONER["actions"][:WRONG]})
    values = {str(a): v for a, v in el.solve(before).values.items()}
    assert values["play J♥"] == 5 and values["play A♣"] < 5


def test_leading_away_from_the_right_bower_that_wins_every_trick_is_a_mistake(loner_review) -> None:
    d = _decision(loner_review, WRONG)
    assert d.seat == el.Seat.S and d.action == el.Action.parse("play A♣")
    assert d.grade in ("mistake", "blunder")  # at the table: half a point or more, over 16 worlds
    assert d.option("play J♥").expected_points - d.chosen.expected_points >= 0.5
    assert d.loss >= 0.5 and d.best != d.action
    assert "better than the A♣" in d.explanation
    assert d in loner_review.mistakes()
    assert loner_review.mistakes()[0].loss == max(m.loss for m in loner_review.mistakes())


def test_a_forced_card_is_best(loner_review) -> None:
    last = _decision(loner_review, len(LONER["actions"]) - 1)
    assert last.forced and len(last.options) == 1
    assert last.grade == "best" and last.loss == 0.0 and last.best == last.action
    assert "only legal choice" in last.explanation


def test_every_decision_of_the_seat_is_graded_in_order(loner_review) -> None:
    ours = [i for i, text in enumerate(LONER["actions"]) if text.startswith("S ")]
    assert [d.index for d in loner_review.decisions] == ours
    assert loner_review.decisions[0].phase == el.Phase.ROUND_1
    for d in loner_review.decisions:
        assert d.grade in GRADES and d.loss >= 0
        assert {str(o.action) for o in d.options} == {str(a) for a in d.position.legal_actions()}
        assert all(o.win_probability is None for o in d.options)  # no game score is known
    assert 0 <= loner_review.accuracy < 100


def test_the_review_never_uses_cards_the_seat_could_not_see(loner_review) -> None:
    swapped = copy.deepcopy(LONER)
    # North sits out, so South never sees its cards: its Q♠ trades places with the kitty's K♠;
    # East's discard (the 9♠) was never shown either: East holds the A♠ instead and throws that
    swapped["hands"]["N"] = "10♣ J♦ A♦ Q♥ K♠"
    swapped["hands"]["E"] = "Q♣ 10♦ Q♦ A♠ J♠"
    swapped["kitty"] = "9♦ Q♠ 9♠"
    swapped["actions"][1] = "E discard A♠"
    other = el.review(swapped, seat="S")
    assert _summary(other) == _summary(loner_review)
    assert el.replay(swapped) != el.replay(LONER)


def test_the_same_seed_gives_the_same_review(loner_review) -> None:
    again = el.review(json.dumps(LONER), seat="S")
    assert _summary(again) == _summary(loner_review)
    assert again.accuracy == loner_review.accuracy


def test_every_seat_when_no_seat_is_named() -> None:
    hand = el.examples.hand("left-bower-trap")
    rev = el.review(hand, worlds=4, seed=2)
    assert set(rev.accuracy) == {s for s, _ in hand.history}
    assert [d.index for d in rev.decisions] == list(range(len(hand.history)))


def test_retry_gives_the_position_before_the_decision(loner_review) -> None:
    d = _decision(loner_review, WRONG)
    pos = loner_review.retry(d)
    assert pos == el.replay({**LONER, "actions": LONER["actions"][:WRONG]})
    assert pos.to_act == el.Seat.S and "play A♣" in pos.legal_actions()
    assert loner_review.retry(loner_review.decisions.index(d)) == pos
    with pytest.raises(ValueError, match="decisions in this review"):
        loner_review.retry(99)


# ---- learn from your mistakes -------------------------------------------------------------------------


def _wrong_only(rev: Review) -> Review:
    """The review with only the A♣ lead (the drill takes the worst first; here, that one)."""
    return Review(
        tuple(d for d in rev.decisions if d.index == WRONG), rev.seat, rev.hands, rev.scores, rev.worlds, rev.seed
    )


def test_two_misses_show_the_answer_and_the_retry_is_recorded(loner_review) -> None:
    seen: list[RetryResult] = []
    drill = MistakeDrill(_wrong_only(loner_review), recorder=seen.append)
    retry = drill.current
    assert retry is not None and retry.decision.index == WRONG
    assert f"a {retry.decision.grade}" in retry.prompt and retry.answer is None
    illegal = drill.attempt("play 9♠")  # not in South's hand: explained, not counted
    assert not illegal.correct and "not allowed" in illegal.message and retry.attempts == []
    first = drill.attempt("play A♣")
    assert not first.correct and not first.revealed and "Not yet" in first.message
    assert retry.answer is None and seen == []
    second = drill.attempt("play 10♥")
    assert second.revealed and not second.correct and retry.decision.explanation in second.message
    assert retry.answer == retry.decision.best
    assert len(seen) == 1 and not seen[0].solved and seen[0].attempts == ("play A♣", "play 10♥")
    assert el.replay(seen[0].record) == retry.position
    with pytest.raises(ValueError, match="finished"):
        retry.attempt("play J♥")


def test_finding_a_good_action_solves_the_retry(loner_review) -> None:
    seen: list[RetryResult] = []
    drill = MistakeDrill(_wrong_only(loner_review), recorder=seen.append)
    fb = drill.attempt("play J♥")
    assert fb.correct and fb.grade == "best" and "Yes" in fb.message
    assert seen[0].solved and seen[0].first_try
    again = MistakeDrill(_wrong_only(loner_review), recorder=seen.append)
    assert again.attempt("play J♥").correct
    assert seen[1].key == seen[0].key  # the same position keeps its key, so it can be scheduled
    every = MistakeDrill(loner_review, recorder=seen.append)
    assert WRONG in {r.decision.index for r in every.retries}
    while not every.done:
        every.attempt(str(every.current.decision.best))  # type: ignore[union-attr]
    assert every.score[0] == every.score[1] == len(every)


# ---- games and the score table ------------------------------------------------------------------------


def test_a_game_review_grades_by_the_chance_to_win() -> None:
    game = el.Game(seed=3, dealer="N")
    bot = el.bots.get("standard", seed=3)
    while len(game.hands) < 2:
        game = game.apply(bot.act(game))
    rev = el.review(game, seat="S", worlds=4, seed=1)
    assert rev.is_game and {d.hand_number for d in rev.decisions} == {0, 1}
    for d in rev.decisions:
        assert d.win_loss is not None and all(o.win_probability is not None for o in d.options)
    assert len(rev.hand_accuracy) == 2
    record = dict(game.hands[1].to_record(), score={"NS": 1, "EW": 2})
    assert el.review(record, seat="S", worlds=4, seed=1).is_game


def test_the_score_table_is_consistent() -> None:
    for mine in range(10):
        for theirs in range(10):
            p = win_probability(mine, theirs, True)
            assert abs(p + win_probability(theirs, mine, False) - 1) < 2e-3
            if mine < 9:
                assert win_probability(mine + 1, theirs, True) >= p
    assert 0.5 < win_probability(0, 0, True) < 0.55
    assert win_probability(9, 9, True) > 0.6
    assert win_probability(3, 3, True, points_to_win=5) == win_probability(8, 8, True)


def test_accuracy_formula() -> None:
    assert accuracy_score(0.0) == 100.0
    assert accuracy_score(0.2) > accuracy_score(0.5) > accuracy_score(1.0) > accuracy_score(3.0) >= 0
    # the scores agree with the grades: a blunder (1 point) 40, a mistake's start (0.5) 64
    assert round(accuracy_score(1.0)) == 40 and round(accuracy_score(0.5)) == 64
    # in a game, 7 percentage points of game-win chance count as one point
    assert accuracy_score(0.0, 0.07) == pytest.approx(accuracy_score(1.0))


def test_accuracy_weighs_decisions_by_their_stakes() -> None:
    from types import SimpleNamespace

    from euchre_learn.analysis.review.model import mean_accuracy

    def decision(loss: float, stakes: float, forced: bool = False) -> Any:
        return SimpleNamespace(forced=forced, accuracy=accuracy_score(loss), stakes=stakes)

    # the same slip (0.15 points) costs less where little was at stake than where much was
    small = mean_accuracy([decision(0.15, 0.2), decision(0.0, 2.0)])
    big = mean_accuracy([decision(0.15, 2.0), decision(0.0, 0.2)])
    assert big < small < 100
    # one blunder outweighs several good decisions (the harmonic mean)
    assert mean_accuracy([decision(0.0, 1.0)] * 4 + [decision(2.0, 2.0)]) < 60
    # forced decisions are left out; none at all is 100
    assert mean_accuracy([decision(3.0, 2.0, forced=True), decision(0.0, 1.0)]) == 100.0
    assert mean_accuracy([]) == 100.0


def test_a_decisions_stakes_are_the_spread_of_its_options_within_limits() -> None:
    rev = el.review(el.examples.hand("left-bower-trap"), seat="N", worlds=8, seed=1)
    for d in rev.decisions:
        points = [o.expected_points for o in d.options]
        assert d.stakes == pytest.approx(min(2.0, max(0.1, max(points) - min(points))))


# ---- errors and display ------------------------------------------------------------------------------


def test_a_damaged_saved_record_gives_a_clear_error(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(LONER), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(LONER)[:120], encoding="utf-8")
    with pytest.raises(el.RecordError, match="not valid JSON"):
        el.review(broken, seat="S", worlds=2)
    assert el.review(good, seat="S", worlds=2, seed=1).decisions  # the others still load
    with pytest.raises(el.RecordError, match=r"record\['score'\]"):
        el.review(dict(LONER, score={"NS": "four"}), seat="S", worlds=2)
    with pytest.raises(el.RecordError, match="already won"):
        el.review(dict(LONER, score={"NS": 10, "EW": 2}), seat="S", worlds=2)
    with pytest.raises(ValueError, match="worlds must be"):
        el.review(LONER, seat="S", worlds=0)
    with pytest.raises(ValueError, match="takes a Hand, a Game"):
        el.review(42)  # type: ignore[arg-type]


def test_html_and_plot(loner_review) -> None:
    page = loner_review._repr_html_()
    assert "el-review" in page and "blunder" in page and "accuracy" in page and "J♥" in page
    assert "?? blunder" in page  # a mark and a word, not colour alone
    fig = loner_review.plot()
    assert fig.axes[0].get_ylabel() == "expected points for North-South"
    assert "Review of South" in str(loner_review)


def test_the_html_lists_choices_not_forced_plays():
    """Lesson 15's table was a wall of '★ best' forced plays: they are counted, not listed."""
    from euchre_learn.analysis.review.report import review_html

    rev = el.review(el.examples.hand("left-bower-trap"), seat="N", worlds=4, seed=1)
    forced = [d for d in rev.decisions if d.forced]
    assert forced, "the example hand ends with a forced play"
    page = review_html(rev)
    assert page.count("<tr><td>") == len(rev.decisions) - len(forced)
    assert f"{len(forced)} forced play" in page

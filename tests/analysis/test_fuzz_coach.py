"""Fuzz the doors opened since the first fuzz (issue 34 item 12): ``el.review``, ``el.situation``,
``el.puzzles`` (``all(theme=...)``, ``daily(date=...)``, ``Puzzle.check``),
``el.tournament.duplicate`` (bots, deals, seeds, rules, executors, checkpoints), ``Review.retry``, one decision
reviewed (``review_decision``) and the Hint (``hint``). Wrong types, huge and nested inputs and
garbage text get only the package's own short errors, the shared hand stays as it was, and no
temporary file is left. The harness is tests/fuzzkit.py (``coach_targets``); the budget of
drawn examples per target is ``EUCHRE_FUZZ_EXAMPLES`` (``make fuzz`` runs ten times the default).
"""

from __future__ import annotations

import fuzzkit
import pytest

TARGETS = fuzzkit.coach_targets()


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_only_the_packages_own_errors_come_out(target: fuzzkit.Target) -> None:
    stats = fuzzkit.fuzz(target)
    assert stats.tried >= len(fuzzkit.SPECIAL) + len(target.extra)
    assert stats.leaks == [], "\n".join(f"{name}({value}): {problem}" for name, value, problem in stats.leaks)


# --- one test for each defect the fuzz found (each failed before its fix) ------------------------

POSITION = fuzzkit.el.examples.hand("made", after=5)
FINISHED = fuzzkit.el.examples.hand("dealer-alone")


def _review(**kw: object) -> object:
    return fuzzkit.el.review(FINISHED, **{"seat": "N", "worlds": 1, "seed": 1, **kw})  # type: ignore[arg-type]


def _duplicate(*bots: object, **kw: object) -> object:
    a, b = bots or ("random", "random")
    return fuzzkit.el.tournament.duplicate(a, b, **{"deals": 1, "seed": 1, **kw})  # type: ignore[arg-type]


BAD_REPR = next(v for v in fuzzkit.SPECIAL if type(v).__name__ == "_BadRepr")
DEFECTS = [
    # (what, call, words the message must hold); before: AttributeError, TypeError, RecursionError, ...
    ("situation(None)", lambda: fuzzkit.el.situation(None), "situation: got None: expected a Hand"),
    ("review_decision(None)", lambda: fuzzkit.review_decision(None, "pass"), "review_decision: got None"),
    ("hint('J♠')", lambda: fuzzkit.hint("J♠"), "hint: got 'J♠': expected a Hand"),
    ("a seed nested deep", lambda: _review(seed=fuzzkit.DEEP), "seed: got [[[[...]]]]"),
    ("a seed whose repr fails", lambda: _review(seed=BAD_REPR), "seed: got <_BadRepr instance"),
    ("worlds, a megabyte of text", lambda: _review(worlds=fuzzkit.HUGE_TEXT), "(1000000 characters)"),
    (
        "record['score'] nested deep",
        lambda: fuzzkit.el.review({**fuzzkit.el.examples.load("dealer-alone"), "score": fuzzkit.DEEP}),
        "record['score'] is [[[[...]]]]",
    ),
    (
        "retry(a megabyte)",
        lambda: fuzzkit.el.review(FINISHED, seat="N", worlds=1, seed=1).retry(fuzzkit.HUGE_TEXT),
        "(1000000 characters)",
    ),
    ("a theme nested deep", lambda: fuzzkit.el.puzzles.all(fuzzkit.DEEP), "is not a puzzle theme"),
    ("duplicate(None, ...)", lambda: _duplicate(None, "random"), "a: got None: expected a bot's name"),
    ("duplicate(..., object with a name)", lambda: _duplicate("random", fuzzkit.NotABot()), "b: got <"),
    ("a pool after its with block", lambda: _duplicate(executor=fuzzkit.stopped_pool()), "shut down"),
    (
        "the class of an executor",
        lambda: _duplicate(executor=fuzzkit.ThreadPoolExecutor),
        "the class ThreadPoolExecutor itself",
    ),
    ("processes='2'", lambda: _duplicate(processes="2"), "processes must be a whole number"),
    ("checkpoint=True", lambda: _duplicate(checkpoint=True), "checkpoint: got True: expected a file name"),
    (
        "score=True",
        lambda: fuzzkit.review_decision(fuzzkit.Hand.deal("N", seed=1), "pass", score=True),
        "score: got True",
    ),
    ("score={}", lambda: fuzzkit.hint(fuzzkit.Hand.deal("N", seed=1), score={}), "expected the game score"),
    ("a game already won", lambda: fuzzkit.hint(fuzzkit.Hand.deal("N", seed=1), score=(10, 2)), "already won the game"),
]


@pytest.mark.parametrize("call,words", [d[1:] for d in DEFECTS], ids=[d[0] for d in DEFECTS])
def test_each_defect_found_is_a_clear_error(call: object, words: str) -> None:
    with pytest.raises(ValueError) as err:
        call()  # type: ignore[operator]
    assert words in str(err.value) and len(str(err.value)) <= fuzzkit.MAX_MESSAGE


def test_a_seed_with_a_lone_surrogate_deals_like_any_text() -> None:
    """It was a UnicodeEncodeError (random.Random cannot hash it): now it is text like any other,
    and the same seed gives the same result."""
    assert _duplicate(seed="\udcff") == _duplicate(seed="\udcff")
    d = fuzzkit.review_decision(POSITION, POSITION.legal_actions()[0], worlds=1, seed="\udcff")
    assert d == fuzzkit.review_decision(POSITION, POSITION.legal_actions()[0], worlds=1, seed="\udcff")
    assert fuzzkit.hint(POSITION, seed="\udcff", worlds=1).action in POSITION.legal_actions()

"""Fuzz every public entry point of API.md (issue 16): wrong types, huge and nested inputs and
garbage text get only the package's own short errors, the shared state stays as it was, and no
temporary file is left. The harness is tests/fuzzkit.py; the budget of drawn examples per target
is ``EUCHRE_FUZZ_EXAMPLES`` (``make fuzz`` runs ten times the default), and ``make bench``
prints the figures (benchmarks/bench_fuzz.py).
"""

from __future__ import annotations

import fuzzkit
import pytest

TARGETS = fuzzkit.targets()


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_only_the_packages_own_errors_come_out(target: fuzzkit.Target) -> None:
    stats = fuzzkit.fuzz(target)
    assert stats.tried >= len(fuzzkit.SPECIAL)
    assert stats.leaks == [], "\n".join(f"{name}({value}): {problem}" for name, value, problem in stats.leaks)


def test_the_harness_tells_a_leak_from_a_clear_error() -> None:
    """The harness itself can fail: a TypeError, a long message, changed state, a temp file."""

    def leaky(value: object) -> None:
        raise TypeError("from inside")

    def chatty(value: object) -> None:
        raise fuzzkit.EuchreError("x" * 10_000)

    stats = fuzzkit.Stats()
    fuzzkit.probe(fuzzkit.Target("leaky", leaky), 1, stats)
    fuzzkit.probe(fuzzkit.Target("chatty", chatty), 1, stats)
    box = [0]

    def mutating(value: object) -> None:
        box[0] += 1
        raise fuzzkit.EuchreError("refused, but changed something")

    fuzzkit.probe(fuzzkit.Target("mutating", mutating, lambda: box[0]), 1, stats)
    assert [name for name, _, _ in stats.leaks] == ["leaky", "chatty", "mutating"]
    assert "TypeError" in stats.leaks[0][2] and "10000-character" in stats.leaks[1][2]
    assert stats.tried == 3 and stats.clear == 0


def test_a_value_error_from_outside_the_package_is_a_leak() -> None:
    assert not fuzzkit.own_error(ValueError("not raised here"))
    try:
        int("nope")
    except ValueError as err:
        assert not fuzzkit.own_error(err)
    try:
        fuzzkit.el.Seat.parse("nope")
    except ValueError as err:
        assert fuzzkit.own_error(err)

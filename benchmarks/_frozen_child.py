"""The child process of :mod:`benchmarks.frozen`: runs bots from a frozen tree of ``euchre_learn``.

Started as ``python _frozen_child.py TREE``; ``TREE`` holds a ``euchre_learn`` folder extracted
from an old commit, and it is put first on ``sys.path`` before anything imports the package, so
every module here is the old code. Requests arrive pickled on stdin, answers leave pickled on
stdout (see :class:`benchmarks.frozen.FrozenBot` for the protocol). Not imported by anything.
"""

from __future__ import annotations

import pickle
import random
import sys


def main() -> None:
    tree = sys.argv[1]
    sys.path.insert(0, tree)
    import euchre_learn
    from euchre_learn.analysis.bots import get

    where = euchre_learn.__file__ or ""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print in the old code must not corrupt the answers
    if not where.startswith(tree):
        pickle.dump(("error", f"euchre_learn came from {where}, not from the frozen tree {tree}"), stdout)
        stdout.flush()
        return
    pickle.dump(("ready", where), stdout)
    stdout.flush()
    bots: dict[int, object] = {}
    while True:
        try:
            msg = pickle.load(stdin)
        except EOFError:
            return
        kind = msg[0]
        try:
            if kind == "act":
                _, key, state, score, seed, explain = msg
                why: list[str] | None = [] if explain else None
                a = bots[key].decide(state, random.Random(seed), why, score)  # type: ignore[attr-defined]
                answer: tuple[object, ...] = ("ok", a, why)
            elif kind == "selfplay":  # the speed benchmark: hands played here, by the old code alone
                _, key, rules, hands, seed = msg
                answer = ("ok", _selfplay(bots[key], rules, hands, seed))
            elif kind == "new":
                _, key, name, seed = msg
                bots[key] = get(name, seed=seed)
                answer = ("ok", repr(bots[key]))
            else:
                answer = ("error", f"unknown request {kind!r}")
        except Exception as err:  # the parent raises it with the old code's message
            answer = ("error", f"{type(err).__name__}: {err}")
        pickle.dump(answer, stdout)
        stdout.flush()


def _selfplay(bot: object, rules: object, hands: int, seed: str) -> int:
    """Play ``hands`` seeded hands with ``bot`` in all four seats; the makers' points summed."""
    from euchre_learn.analysis.bots import play_hand
    from euchre_learn.engine import core
    from euchre_learn.engine.deals import seeded_random

    total = 0
    for i in range(hands):
        rng = seeded_random(f"{seed}/{i}")
        state = play_hand(core.deal(rules, i % 4, rng), [bot] * 4, rng)  # type: ignore[list-item]
        total += state.score.makers if state.score is not None else 0
    return total


if __name__ == "__main__":
    main()

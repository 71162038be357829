"""Frozen copies of the bots: any bot measured against the code it had at an old commit.

A bot is only better than it was if it beats its own old self. ``FrozenBot('standard')``
is the ``'standard'`` bot exactly as it was at commit :data:`REFERENCE` (29c2fb0, the main
branch on 2026-12-05, before issue 35): ``git archive`` extracts that commit's ``euchre_learn``
into ``build/frozen/<commit>/`` (once; later runs reuse it), and a child process runs the bot
with that tree first on its ``sys.path``, so every line it runs — bidding, card play, the
engine under them — is the old code. The parent sends each position (the core state, pickled:
the old engine reads it as its own), the game score and a seed for the bot's random choices;
the child answers the action id. A ``FrozenBot`` has the bot interface, so it plays anywhere a
bot does::

    >>> import euchre_learn as el
    >>> from benchmarks.frozen import FrozenBot
    >>> with FrozenBot('standard') as old:
    ...     result = el.tournament.duplicate('standard', old, deals=16, seed=1)
    >>> result.b
    'standard@29c2fb0'

The result depends only on the bots, the seed and the rules, never on the machine's speed: the
child is deterministic, its random choices seeded from the tournament's own generator. A
``FrozenBot`` sent to a process pool starts its own child there. ``bench_standard.py`` uses it.
"""

from __future__ import annotations

import atexit
import io
import os
import pickle
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from euchre_learn import Rules
from euchre_learn.analysis.bots import Bot, play_hand
from euchre_learn.engine import core
from euchre_learn.engine.core import State
from euchre_learn.engine.deals import seeded_random

REFERENCE = "29c2fb0"
"""The commit the frozen copies come from: the main branch when issue 35 began."""

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "_frozen_child.py"


def frozen_tree(commit: str = REFERENCE, cache: Path | None = None) -> Path:
    """The folder holding ``euchre_learn`` as it was at ``commit``, extracted with ``git archive``
    into ``cache`` (default: ``build/frozen`` in this checkout) the first time it is asked for.

    >>> tree = frozen_tree()
    >>> (tree / 'euchre_learn' / 'analysis' / 'bots' / 'standard.py').is_file()
    True
    """
    sha = _git("rev-parse", "--verify", f"{commit}^{{commit}}").decode().strip()
    base = cache if cache is not None else ROOT / "build" / "frozen"
    tree = base / sha
    if (tree / "euchre_learn" / "__init__.py").is_file():
        return tree
    base.mkdir(parents=True, exist_ok=True)
    archive = _git("archive", "--format=tar", sha, "euchre_learn")
    tmp = Path(tempfile.mkdtemp(prefix=f"{sha[:7]}-", dir=base))
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        try:
            tmp.rename(tree)  # atomic: a second run at the same time finds a whole tree or none
        except OSError:
            if not (tree / "euchre_learn" / "__init__.py").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return tree


def _git(*args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise RuntimeError(
            "frozen bots need git (to extract the old commit's code), and git is not installed"
        ) from None
    if done.returncode:
        raise RuntimeError(
            f"git {' '.join(args)} failed in {ROOT}: {done.stderr.decode().strip()} "
            "(frozen bots need a git checkout of euchre_learn that holds the reference commit)"
        )
    return done.stdout


class _Child:
    """One child process running the frozen tree; one per parent process, shared by its bots."""

    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), str(tree)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            cwd=str(tree),
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.send, self.recv = self.proc.stdin, self.proc.stdout
        self.pid = os.getpid()
        self.bots = 0
        kind, where = self.ask(None)
        if kind != "ready":  # pragma: no cover - the child reports a wrong tree
            raise RuntimeError(f"the frozen bot's process did not start: {where}")

    def ask(self, msg: Any) -> Any:
        if msg is not None:
            pickle.dump(msg, self.send, protocol=pickle.HIGHEST_PROTOCOL)
            self.send.flush()
        try:
            answer = pickle.load(self.recv)
        except EOFError:
            raise RuntimeError(
                f"the frozen bot's process stopped (exit code {self.proc.poll()}); its error is printed above"
            ) from None
        if answer[0] == "error":
            raise RuntimeError(f"the frozen bot failed: {answer[1]}")
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            self.send.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.proc.kill()
                self.proc.wait()
        self.recv.close()


_CHILDREN: dict[tuple[str, int], _Child] = {}


def _child(tree: Path) -> _Child:
    key = (str(tree), os.getpid())  # a forked worker starts its own: the parent's pipes are not its own
    child = _CHILDREN.get(key)
    if child is None or child.proc.poll() is not None:
        child = _CHILDREN[key] = _Child(tree)
    return child


@atexit.register
def close_all() -> None:
    """Stop every frozen bot's child process this process started (also done at exit)."""
    for key, child in list(_CHILDREN.items()):
        if child.pid == os.getpid():
            child.close()
        del _CHILDREN[key]


class FrozenBot(Bot):
    """The bot called ``bot`` as it was at ``commit`` (see the module's text), for tournaments.

    Its name is ``'<bot>@<commit>'``. It explains its choices too (the old code's sentences).
    Use it in a ``with`` block, or call :func:`close_all`, to stop its process early.

    >>> from euchre_learn import Hand
    >>> old = FrozenBot('standard', seed=1)
    >>> hand = Hand.deal('S', seed=4)
    >>> old.act(hand) in hand.legal_actions()
    True
    """

    def __init__(self, bot: str = "standard", seed: Any = None, commit: str = REFERENCE) -> None:
        if not isinstance(bot, str):
            raise TypeError(f"FrozenBot(bot): got {bot!r}: expected a bot's name, such as 'standard'")
        super().__init__(seed)
        self.bot, self.commit = bot, commit
        self.name = f"{bot}@{commit}"
        self._tree: Path | None = None
        self._made: _Child | None = None
        self._id = 0

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenBot, (self.bot, self.seed, self.commit))

    def __enter__(self) -> FrozenBot:
        return self

    def __exit__(self, *exc: object) -> None:
        close_all()

    def _child(self) -> tuple[_Child, int]:
        """This process's child for the frozen tree, with this bot made there (once per child)."""
        tree = frozen_tree(self.commit) if self._tree is None else self._tree
        self._tree = tree
        child = _child(tree)
        if self._made is not child:
            child.bots += 1
            child.ask(("new", child.bots, self.bot, self.seed))
            self._made, self._id = child, child.bots
        return child, self._id

    def selfplay(self, rules: Rules, hands: int, seed: str) -> int:
        """Play ``hands`` seeded hands with this bot in all four seats, inside its process (so a
        timing of it leaves out the pipe); the makers' points summed. :func:`selfplay` does the
        same with a bot of today's code, for a speed ratio."""
        child, key = self._child()
        return int(child.ask(("selfplay", key, rules, hands, seed))[1])

    def playout(self, states: Sequence[State], n: int) -> int:
        """:func:`playout` inside this bot's process (a timing of it leaves out the pipe, but for
        sending ``states`` once)."""
        child, key = self._child()
        return int(child.ask(("playout", key, list(states), n))[1])

    def blind_spots(self, rules: Rules, hands: int, seed: str) -> tuple[int, int, int, int, int]:
        """:func:`benchmarks._frozen_child.blind_spots` for this bot, counted inside its process."""
        child, key = self._child()
        return tuple(child.ask(("blind_spots", key, rules, hands, seed))[1])

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        child, key = self._child()
        _, a, said = child.ask(("act", key, state, score, rng.getrandbits(64), why is not None))
        if why is not None:
            why.extend(said)
        return int(a)


def has_reference(commit: str = REFERENCE) -> bool:
    """Whether this git checkout holds ``commit`` (a shallow clone may not): the frozen bots need it."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True, check=False
    )
    return done.returncode == 0


def playout(bot: Bot, states: Sequence[State], n: int) -> int:
    """Play ``n`` of ``states`` (in turn, each a copy) to the end, ``bot`` in every seat; the tricks
    won by the makers' side, summed. :meth:`FrozenBot.playout` runs the same loop in the old code."""
    total = 0
    for i in range(n):
        s = states[i % len(states)].copy()
        rng = random.Random(i)
        while s.phase != core.OVER:
            s.apply(bot.decide(s, rng, None))
        total += s.won[s.maker & 1]
    return total


def selfplay(bot: Bot, rules: Rules, hands: int, seed: str) -> int:
    """:meth:`FrozenBot.selfplay` for a bot of today's code: the same hands, played here."""
    total = 0
    for i in range(hands):
        rng = seeded_random(f"{seed}/{i}")
        state = play_hand(core.deal(rules, i % 4, rng), [bot] * 4, rng)
        total += state.score.makers if state.score is not None else 0
    return total

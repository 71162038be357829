"""The coach's worlds (issue 33, item 5): how long ``FitWorlds`` takes per world with the model of
players fitted to people, against the sampler before it, in one run (the coach asks for a world
for every deal it values).

*Before* is the package as it was at commit :data:`REFERENCE` (the coach's worlds then had to be
the standard bot's): ``git archive`` extracts its ``euchre_learn`` into ``build/frozen/<commit>/``
(once) and a child process times the same positions with that tree first on its path. The parent
times *now* before and after the child and takes the mean, so a busy spell hits both. Positions:
decisions from hands between 'standard' bots, and the real tournament games' decisions (where the
old sampler ran out of tries most). Without git the table has the *now* column only.

``python -m benchmarks worlds``.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import tarfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

import euchre_learn as el
from euchre_learn.analysis.bots import get
from euchre_learn.engine.records import positions as steps

from ._table import Table

REFERENCE = "29c2fb0"
"""The commit measured as *before*: the main branch when issue 33's item 5 began."""

ROOT = Path(__file__).resolve().parent.parent
WORLDS = 16


def cases(hands: int = 6, real_every: int = 3) -> dict[str, list[tuple[el.Hand, Any]]]:
    """The positions: 'bots' (standard-bot hands) and 'real' (every ``real_every``-th real decision)."""
    bot = get("standard", seed=7)
    bots: list[tuple[el.Hand, Any]] = []
    for k in range(hands):
        hand = el.Hand.deal(el.Seat(k % 4), seed=f"bench-worlds|{k}")
        while not hand.is_over:
            if len(hand.legal_actions()) > 1:
                bots.append((hand, None))
            hand = hand.apply(bot.act(hand))
    real: list[tuple[el.Hand, Any]] = []
    src = resources.files("euchre_learn.engine.egn") / "data" / "vwec-finals-annotated.egn"
    for d in el.egn.read(str(src)).deals:
        score = (d.score_before[el.Team.NS], d.score_before[el.Team.EW])
        for step in steps(d.hand):
            if not d.depends_on_unknown(step.index) and len(step.position.legal_actions()) > 1:
                real.append((step.position, score))
    return {"bots": bots, "real": real[::real_every]}


def timings() -> dict[str, float]:
    """CPU milliseconds per world for each set of positions."""
    from euchre_learn.analysis.sampling import FitWorlds

    out: dict[str, float] = {}
    for name, items in cases().items():
        start = time.process_time()
        for k, (pos, score) in enumerate(items):
            FitWorlds(pos, get("standard", seed=1), score).draw(WORLDS, random.Random(k))
        out[f"worlds: {name} positions"] = 1e3 * (time.process_time() - start) / (WORLDS * len(items))
    return out


def frozen_tree(commit: str = REFERENCE) -> Path | None:
    """``build/frozen/<commit>`` with the package as it was at ``commit`` (None without git)."""
    tree = ROOT / "build" / "frozen" / commit
    if (tree / "euchre_learn" / "__init__.py").is_file():
        return tree
    try:
        data = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "euchre_learn"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    tree.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def before(tree: Path) -> dict[str, float]:
    """:func:`timings` in a child process running the package in ``tree``."""
    code = "import json, sys; from benchmarks.bench_worlds import timings; print(json.dumps(timings()))"
    env = {"PYTHONPATH": f"{tree}{':' + str(ROOT)}", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def run(rounds: int = 1) -> Table:
    table = Table(
        f"The coach's worlds: CPU ms per world ({WORLDS} a decision), now against {REFERENCE}",
        ["what", "before ms", "now ms", "now / before"],
    )
    first = timings()
    tree = frozen_tree()
    old = before(tree) if tree is not None else {}
    second = timings()
    for key in first:
        now = (first[key] + second[key]) / 2
        was = old.get(key)
        table.add(key, "" if was is None else f"{was:.2f}", f"{now:.2f}", "" if was is None else f"{now / was:.2f}")
    table.notes.append(
        "before: the sampler that kept only worlds where 'standard' would have made every action seen; now: "
        "worlds weighted by the model of players fitted to real games (analysis/sampling/people.py)."
    )
    return table

"""Building the course site for the tests (tests/conftest.py builds it once per session) with
the very command ``make site`` runs: ``python tools/site.py --out DIR`` (here with a private
``--work`` folder too).

The npm downloads come first (``--fetch-only``, into lite/.cache/offline/npm/, once per
machine); then, where this machine allows it (root, Linux), the build itself runs in a network
namespace of its own with no network at all (``unshare --net``), which shows that neither
Sphinx, MyST-NB nor the theme fetches anything while building.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_SCRIPT = ROOT / "tools" / "site.py"


def site_command(out: Path, work: Path) -> list[str]:
    """What ``make site`` runs (the Makefile's ``$(BIN)/python tools/site.py --out build/site``)."""
    return [sys.executable, str(SITE_SCRIPT), "--out", str(out), "--work", str(work)]


def no_network_prefix() -> list[str]:
    """``unshare --net`` when it works here (a process with no network), else nothing."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    done = subprocess.run([unshare, "--net", "true"], capture_output=True, check=False)
    return [unshare, "--net"] if done.returncode == 0 else []


@dataclass
class SiteBuild:
    done: subprocess.CompletedProcess[str]
    offline: bool
    """The build ran with no network at all."""

    @property
    def log(self) -> str:
        return (self.done.stdout[-3000:] + self.done.stderr[-5000:]).strip()


def build_course_site(out: Path, work: Path) -> SiteBuild:
    fetch = subprocess.run(
        [sys.executable, str(SITE_SCRIPT), "--fetch-only"], capture_output=True, text=True, timeout=600, check=False
    )
    if fetch.returncode != 0:
        return SiteBuild(fetch, offline=False)
    prefix = no_network_prefix()
    done = subprocess.run([*prefix, *site_command(out, work)], capture_output=True, text=True, timeout=600, check=False)
    return SiteBuild(done, offline=bool(prefix))

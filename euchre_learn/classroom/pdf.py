"""Printing a page of ours to PDF with headless Chromium: the worksheets and the cheat sheet
(``euchre-learn worksheet --out sheet.pdf``, ``euchre-learn cheat-sheet --out sheet.pdf``) write their
HTML, then ask :func:`write_pdf` for the PDF beside it. Nothing is fetched: the Chromium is the
machine's own (:func:`find_chromium`), run with a throwaway profile.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PdfError", "find_chromium", "write_pdf"]


class PdfError(ValueError):
    """No PDF: no Chromium to print with, or Chromium failed (its last lines of output say why).

    >>> issubclass(PdfError, ValueError)
    True
    """


def find_chromium() -> str | None:
    """The Chromium to print with: ``$CHROMIUM``, else ``chromium`` / ``chromium-browser`` on the PATH.

    >>> find_chromium() is None or os.path.exists(find_chromium())
    True
    """
    env = os.environ.get("CHROMIUM")
    if env and os.access(env, os.X_OK):
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def write_pdf(html_path: str | os.PathLike[str], pdf_path: str | os.PathLike[str], *, timeout: float = 120) -> Path:
    """Print an HTML file to PDF with headless Chromium (no header or footer lines; the page
    numbers come from the sheet's CSS). Raises :class:`PdfError` when there is no Chromium or
    it fails."""
    chromium = find_chromium()
    if chromium is None:
        raise PdfError(
            "making a PDF needs Chromium (Debian: apt-get install chromium; or set CHROMIUM=/path/to/chrome); "
            "write the .html instead and print it from a browser"
        )
    src = Path(html_path).resolve()
    out = Path(pdf_path).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="euchre-learn-chromium-") as profile:
        cmd = [
            chromium,
            "--headless",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-pdf-header-footer",
            f"--user-data-dir={profile}",
            f"--print-to-pdf={out}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--no-sandbox")  # Chromium refuses to run as root otherwise
        cmd.append(src.as_uri())
        if out.exists():
            out.unlink()
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as err:
            raise PdfError(f"Chromium did not finish printing {src.name} within {timeout:.0f} s") from err
    if not out.exists() or out.stat().st_size == 0:
        tail = "\n".join((done.stderr or "").strip().splitlines()[-5:])
        raise PdfError(f"Chromium ({chromium}) did not write {out} (exit {done.returncode}): {tail}")
    return out

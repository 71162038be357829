"""The expert benchmarks' checkpoint names (``benchmarks/_code.py``, used by bench_expert and
bench_expert_frozen): a full run resumes only the chunks that the same code played."""

from __future__ import annotations

from pathlib import Path

from benchmarks._code import code_digest


def test_the_checkpoint_is_named_after_the_code(tmp_path: Path) -> None:
    package = tmp_path / "euchre_learn"
    (package / "analysis").mkdir(parents=True)
    (package / "analysis" / "expert.py").write_text("PLAY_WORLDS = 32\n")
    (package / "policy.json").write_text("{}")
    before = code_digest(package)
    assert code_digest(package) == before  # the same files, the same name
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "expert.cpython-312.pyc").write_bytes(b"compiled")
    assert code_digest(package) == before  # compiling the code changes nothing
    (package / "analysis" / "expert.py").write_text("PLAY_WORLDS = 64\n")
    assert code_digest(package) != before  # a changed bot plays into a fresh checkpoint
    (package / "analysis" / "expert.py").write_text("PLAY_WORLDS = 32\n")
    (package / "policy.json").rename(package / "analysis" / "policy.json")
    assert code_digest(package) != before  # so does a moved data file
    assert len(code_digest()) == 12  # the package itself

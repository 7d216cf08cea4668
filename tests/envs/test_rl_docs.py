"""Every Python example in docs/rl.md runs as written."""

from __future__ import annotations

import re

import pytest

from helpers.paths import ROOT

DOC = ROOT / "docs" / "rl.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)


def test_the_guide_has_an_example_for_each_library() -> None:
    assert len(EXAMPLES) == 5
    assert ["euchre_v0" in EXAMPLES[0], "gymnasium" in EXAMPLES[1],
            "python_euchre" in EXAMPLES[2], "BatchEuchre" in EXAMPLES[3],
            "EuchreVectorEnv" in EXAMPLES[4]] == [True] * 5


@pytest.mark.parametrize("source", EXAMPLES, ids=["pettingzoo", "gymnasium", "openspiel",
                                                   "batch", "vector"])
def test_the_example_runs(source: str) -> None:
    if "pyspiel" in source:
        pytest.importorskip("pyspiel")
    exec(compile(source, str(DOC), "exec"), {})

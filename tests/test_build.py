"""The compiled build: the hot modules run compiled where the build says, and the build
falls back to pure Python without a compiler (``hatch_build.py``, :mod:`euchre.build`).

``make test`` runs the whole suite against the compiled build (``.compiled``, with
``EUCHRE_EXPECT_BUILD=compiled``) and the engine's and solver's tests again on the
pure-Python path (``EUCHRE_EXPECT_BUILD=pure``); the first test below checks that each
run is the one it says.
"""

from __future__ import annotations

import importlib.util
import json
import os
from typing import Any

import pytest

from euchre.build import HOT_MODULES, build_line, compiled_modules
from euchre.cli.main import main
from helpers.paths import ROOT


def _hook() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hot_modules_run_as_the_build_says() -> None:
    expected = os.environ.get("EUCHRE_EXPECT_BUILD")
    if expected is None:
        pytest.skip("run by make test, which says which build it tests")
    if expected == "pure":
        assert compiled_modules() == ()
        assert build_line().startswith("pure Python")
        return
    assert expected == "compiled"
    if _hook().why_pure() is None:  # a compiler here: the build compiled every hot module
        assert compiled_modules() == HOT_MODULES
        assert build_line() == ("compiled with mypyc: engine.cards, engine.deal, "
                                "engine.game, analysis.playout, engine.scoring, "
                                "players.solver, engine.view, players.basic, "
                                "players.knowledge, players.sampling")
    else:
        assert compiled_modules() == ()


def test_the_hook_compiles_the_modules_the_package_names() -> None:
    names = tuple(p.removesuffix(".py").replace("/", ".") for p in _hook().COMPILED)
    assert names == HOT_MODULES


def test_without_a_compiler_the_build_is_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = _hook()
    monkeypatch.delenv("EUCHRE_PURE", raising=False)
    monkeypatch.setenv("CC", "/no/such/compiler")
    assert hook.compiler() is None
    assert hook.why_pure() == "no C compiler was found"
    monkeypatch.setenv("EUCHRE_PURE", "1")
    assert hook.why_pure() == "EUCHRE_PURE is set"


def test_bench_reports_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--deals", "20", "--games", "1", "--repeat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["build"] == {"compiled": list(compiled_modules()), "modules": list(HOT_MODULES)}
    assert main(["bench", "--solver", "--deals", "5", "--repeat", "1"]) == 0
    assert f"(this installation: {build_line()})" in capsys.readouterr().out

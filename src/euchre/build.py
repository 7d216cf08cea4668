"""How this installation of ``euchre`` runs: its hot modules compiled, or pure Python.

``pip install .`` compiles the engine's game loop, the lean play-out, the double-dummy
solver, the views and the bots' inner loops with mypyc where a C compiler is
(``hatch_build.py``); the editable development install and a machine without a compiler
run the same package as pure Python. ``euchre bench`` reports which
(:func:`build_info`).

>>> info = build_info()
>>> sorted(info) == ["compiled", "modules"] and set(info["compiled"]) <= set(HOT_MODULES)
True
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

__all__ = ["HOT_MODULES", "build_info", "build_line", "compiled_modules"]

HOT_MODULES: Final = (
    "euchre.engine.cards",
    "euchre.engine.deal",
    "euchre.engine.game",
    "euchre.analysis.playout",
    "euchre.engine.scoring",
    "euchre.players.solver",
    "euchre.engine.view",
    "euchre.players.basic",
    "euchre.players.knowledge",
    "euchre.players.sampling",
)
"""The modules a compiled installation compiles (the build hook's ``COMPILED``)."""


def compiled_modules() -> tuple[str, ...]:
    """The hot modules that run compiled here: those loaded from an extension module."""
    out = []
    for name in HOT_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return tuple(out)


def build_info() -> dict[str, object]:
    """``{"compiled": [...], "modules": [...]}``: the hot modules compiled here, of all."""
    return {"compiled": list(compiled_modules()), "modules": list(HOT_MODULES)}


def build_line() -> str:
    """One line for people: ``compiled with mypyc: game, playout, solver`` or
    ``pure Python``."""
    done = compiled_modules()
    if not done:
        return "pure Python (the hot modules are not compiled)"
    names = ", ".join(name.removeprefix("euchre.") for name in done)
    missing = len(HOT_MODULES) - len(done)
    return f"compiled with mypyc: {names}" + (f" ({missing} not)" if missing else "")

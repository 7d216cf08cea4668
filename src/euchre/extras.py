"""The optional extras: a module of one, imported where a feature needs it.

``pyproject.toml`` names the extras (``[project.optional-dependencies]``: ``web``, ``rl``,
``jit``, ``ray``, ``openspiel``, ``plot``, ``dev``); a feature that needs one imports its
module with :func:`optional_module`, which says in one line what to install when it is
missing.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from euchre.errors import EuchreError

__all__ = ["optional_module"]


def optional_module(name: str, extra: str, needed_by: str, *,
                    called: str | None = None) -> ModuleType:
    """The module ``name`` of the optional extra ``extra`` (pyproject's
    ``[project.optional-dependencies]``: ``plot``, ``rl``, ``ray``, ...), imported; where
    it is not installed, :class:`~euchre.errors.EuchreError` in one line that names what
    needs it (``needed_by``: an option, or a feature), the module (as ``called``, else
    by its name) and the extra to install. A command calls it for each option that
    needs an extra before its work starts.

    >>> optional_module("json", "none", "--demo").__name__
    'json'
    >>> optional_module("no_such_module_here", "plot", "--plot")
    Traceback (most recent call last):
    ...
    euchre.errors.EuchreError: --plot needs no_such_module_here, which is not installed: \
pip install 'euchre[plot]'
    """
    try:
        return importlib.import_module(name)
    except ImportError:
        raise EuchreError(f"{needed_by} needs {called or name}, which is not installed: "
                          f"pip install 'euchre[{extra}]'") from None

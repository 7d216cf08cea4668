"""How to write an ``euchre`` command so that it works where the user stands.

``make play`` runs ``.venv/bin/euchre`` without putting it on the ``PATH``, so a message
that says "resume it with: euchre play --resume" would not work as printed. Every
command the program prints for a person to type is built with :func:`command`, which
names the program the way it was started: plain ``euchre`` when that is what the
``PATH`` finds, otherwise the path that was used (relative to the working folder when
it lies inside it).

>>> command("play", "--resume").endswith("play --resume")
True
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

__all__ = ["command", "program"]


def _shown(path: Path) -> str:
    """``path`` relative to the working folder when inside it, else absolute."""
    absolute = path.absolute()
    try:
        relative = absolute.relative_to(Path.cwd())
    except ValueError:
        return shlex.quote(str(absolute))
    shown = str(relative) if relative.parent != Path(".") else f"./{relative}"
    return shlex.quote(shown)


def _same(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def program() -> str:
    """The program of a printed command, ready for a shell: ``euchre``, ``.venv/bin/euchre``."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    on_path = shutil.which("euchre")
    if Path(argv0).name == "euchre":
        if on_path is not None and _same(on_path, argv0):
            return "euchre"
        return _shown(Path(argv0))
    # Started some other way (python -m euchre, a test, an embedding program).
    beside = Path(sys.executable).parent / "euchre"
    if on_path is not None and (not beside.exists() or _same(on_path, beside)):
        return "euchre"
    if beside.exists():
        return _shown(beside)
    return f"{shlex.quote(sys.executable)} -m euchre"


def command(*args: str | os.PathLike[str]) -> str:
    """A whole command line for a person to type, e.g. ``command("replay", path)``."""
    words = [shlex.quote(os.fspath(arg)) for arg in args]
    return " ".join([program(), *words])

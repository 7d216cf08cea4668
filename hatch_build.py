"""The wheel's build hook: the hot modules compiled with mypyc where a C compiler is.

``pip install .`` builds a wheel; this hook (hatchling's ``custom`` build hook) copies
the package's sources to a scratch folder, compiles :data:`COMPILED` there with mypyc
(part of mypy, which the build requires) and adds the extension modules to the wheel
beside the Python sources, which stay: Python imports an extension module before a
source of the same name. Where there is no C compiler, or ``EUCHRE_PURE=1`` is set, or
the compilation fails, it says so in one line and the wheel is the same package as
pure Python: the install never fails for want of a compiler. The editable install
(``pip install -e .``, as ``make`` does for development) is never compiled, so an edit
to a source always takes effect. ``euchre bench --json`` says which modules run
compiled (:mod:`euchre.build`).

The modules are chosen by profile (``docs/benchmarks.md``): the cards' sets and tables,
the engine's game loop, dealing and scoring, the lean play-out, the double-dummy solver,
the views, and the bots' inner loops (``basic``, which plays every rollout, and the
search bots' knowledge and sampling).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = (
    "euchre/engine/cards.py",
    "euchre/engine/deal.py",
    "euchre/engine/game.py",
    "euchre/analysis/playout.py",
    "euchre/engine/scoring.py",
    "euchre/players/solver.py",
    "euchre/engine/view.py",
    "euchre/players/basic.py",
    "euchre/players/knowledge.py",
    "euchre/players/sampling.py",
)
"""The modules compiled, relative to ``src``."""


def compiler() -> str | None:
    """The C compiler Python's own build would use, if it is on this machine."""
    configured = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(configured[0]) if configured else None


def why_pure() -> str | None:
    """Why the wheel is built as pure Python (``None``: it is compiled)."""
    if os.environ.get("EUCHRE_PURE"):
        return "EUCHRE_PURE is set"
    if compiler() is None:
        return "no C compiler was found"
    return None


def compile_modules(source: Path, scratch: Path) -> dict[str, str]:
    """Compile :data:`COMPILED` from the package under ``source`` (``src``) in
    ``scratch``; returns each extension module's path by its place in the wheel. Raises
    ``RuntimeError`` with mypyc's last words when it fails."""
    work = scratch / "src"
    shutil.copytree(source, work, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    done = subprocess.run([sys.executable, "-m", "mypyc", *COMPILED], cwd=work,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:]
        raise RuntimeError(tail[0] if tail else f"mypyc exited {done.returncode}")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = {}
    for path in work.rglob(f"*{suffix}"):
        place = path.relative_to(work).as_posix()
        if not place.startswith("build/"):  # setuptools' own copies
            built[str(path)] = place
    if len(built) < len(COMPILED):
        raise RuntimeError(f"mypyc built {len(built)} extension modules, not "
                           f"{len(COMPILED)} or more")
    return built


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the hot modules into the wheel (see the module docstring)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        reason = why_pure()
        if reason is None:
            self._scratch = tempfile.mkdtemp(prefix="euchre-mypyc-")
            try:
                built = compile_modules(Path(self.root) / "src", Path(self._scratch))
            except (RuntimeError, OSError) as error:
                reason = f"mypyc could not compile it ({error})"
            else:
                build_data["force_include"].update(built)
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
                print(f"euchre: compiled with mypyc: {', '.join(COMPILED)}", file=sys.stderr)
                return
        print(f"euchre: installing as pure Python, slower: {reason}", file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)

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

Run as a script (any Python 3.11, no hatchling needed), it serves the Makefile:
``python hatch_build.py sources`` prints the files the extension modules are compiled
from (:func:`compile_sources`: the compiled modules and every module of the package they
import, which mypyc reads), so that only an edit to one of those compiles again;
``python hatch_build.py compiled`` prints :data:`COMPILED`;
``python hatch_build.py assemble BUILT OUT`` lays out ``OUT`` as the package's sources as
they are now plus the extension modules of the install in ``BUILT`` (:func:`assemble`).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

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


def _module_file(source: Path, name: str) -> Path | None:
    """The source of the module ``name`` under ``source``, if it is the package's."""
    path = source.joinpath(*name.split("."))
    for candidate in (path / "__init__.py", path.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _imported(tree: ast.Module, name: str, is_package: bool) -> Iterable[str]:
    """The modules an import in ``tree`` (the module ``name``) may name, each import and
    ``from`` import anywhere in it (in functions and under ``TYPE_CHECKING`` too), with
    each name a ``from`` import takes, which may be a submodule."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, up level - 1
                parts = name.split(".")
                parts = parts[:len(parts) - node.level + (1 if is_package else 0)]
                base = ".".join([*parts, base] if base else parts)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def compile_sources(source: Path, modules: Sequence[str] = COMPILED) -> list[Path]:
    """The sources under ``source`` (``src``) that compiling ``modules`` reads: the
    modules, every module of theirs they import, and so on, with each one's packages
    (their ``__init__.py``), sorted. mypyc compiles with the types and constants of all of
    them; an edit to any other source needs no compiling again.
    """
    package = {Path(m).parts[0] for m in modules}
    todo = [m.removesuffix(".py").replace("/", ".") for m in modules]
    done: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            module = ".".join(parts[:end])
            if module in done or parts[0] not in package:
                continue
            path = _module_file(source, module)
            if path is None:
                continue
            done[module] = path
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            todo.extend(_imported(tree, module, path.name == "__init__.py"))
    return sorted(done.values())


def assemble(built: Path, source: Path, out: Path) -> list[str]:
    """Make ``out`` the package under ``source`` as it is now (``src/euchre``, less caches
    and built files) with the extension modules of the install in ``built`` (``pip install
    --target``) in their places; returns the extension modules' paths in ``out``. Python
    loads an extension module before a source of the same name, so the compiled modules
    run compiled and every other module as its source is now.

    ``out`` is brought up to date in place: a file is copied only where it changed, by a
    rename (a process running from ``out`` keeps the files it opened), and what is no
    longer in ``source`` or ``built`` is removed."""
    extension = tuple(EXTENSION_SUFFIXES)
    wanted: dict[Path, Path] = {}
    for package in sorted(p for p in source.iterdir() if (p / "__init__.py").is_file()):
        for path in package.rglob("*"):
            if (path.is_file() and "__pycache__" not in path.parts
                    and not path.name.endswith((".pyc", *extension))):
                wanted[path.relative_to(source)] = path
    placed = []
    for path in sorted(built.rglob("*")):
        place = path.relative_to(built)
        if (path.is_file() and path.name.endswith(extension) and place.parts[0] != "bin"
                and not place.parts[0].endswith(".dist-info")):
            wanted[place] = path
            placed.append(place.as_posix())
    for place, origin in wanted.items():
        target = out / place
        if target.is_file():
            now, then = origin.stat(), target.stat()
            if (now.st_size, now.st_mtime_ns) == (then.st_size, then.st_mtime_ns):
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(f".{target.name}.part")
        shutil.copy2(origin, part)
        os.replace(part, target)
    keep = set()
    for place in wanted:
        keep.add(out / place)
        keep.update(out / folder for folder in place.parents)
    for path in sorted(out.rglob("*"), reverse=True):  # a folder after what it holds
        if path not in keep and "__pycache__" not in path.relative_to(out).parts:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
    return sorted(placed)


def get_build_hook() -> type[Any]:
    """The build hook's class, for hatchling (which calls this function when a build
    script defines it): hatchling is imported only here, so that the script runs without
    it."""
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

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
                    print(f"euchre: compiled with mypyc: {', '.join(COMPILED)}",
                          file=sys.stderr)
                    return
            print(f"euchre: installing as pure Python, slower: {reason}", file=sys.stderr)

        def finalize(self, version: str, build_data: dict[str, Any],
                     artifact_path: str) -> None:
            scratch = getattr(self, "_scratch", None)
            if scratch:
                shutil.rmtree(scratch, ignore_errors=True)

    return CustomBuildHook


def _main(argv: Sequence[str]) -> int:
    """``sources``, ``compiled`` or ``assemble BUILT OUT`` (the module docstring)."""
    root = Path(__file__).resolve().parent
    if list(argv) == ["sources"]:
        for path in compile_sources(root / "src"):
            print(path.relative_to(root).as_posix())
        return 0
    if list(argv) == ["compiled"]:
        print("\n".join(COMPILED))
        return 0
    if len(argv) == 3 and argv[0] == "assemble":
        placed = assemble(Path(argv[1]), root / "src", Path(argv[2]))
        if not placed:
            print(f"hatch_build.py: no extension modules in {argv[1]}: {argv[2]} is the "
                  "package as pure Python", file=sys.stderr)
        return 0
    print("usage: python hatch_build.py sources | compiled | assemble BUILT OUT",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))

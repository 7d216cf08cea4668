"""The compiled build: the hot modules run compiled where the build says, and the build
falls back to pure Python without a compiler (``hatch_build.py``, :mod:`euchre.build`);
and what each face installs (pyproject.toml's extras).

``make test`` runs the whole suite against the compiled build (``.compiled``, with
``EUCHRE_EXPECT_BUILD=compiled``) and the compiled modules' tests (``tests/engine``,
``tests/players``, this file) and every docstring example again on the pure-Python path
(``EUCHRE_EXPECT_BUILD=pure``); the first test below checks that each run is the one it
says. mypyc keeps no docstrings, so pytest finds no examples in a compiled module: the
hot modules' examples are read from their sources here and run against the modules as
they run, compiled on the compiled build.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from euchre.build import HOT_MODULES, build_line, compiled_modules
from euchre.cli.main import main
from helpers.paths import DATA, ROOT


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
        assert build_line() == ("compiled with mypyc: engine.cards, engine.deal, engine.game, "
                                "analysis.playout, engine.scoring, players.solver, "
                                "engine.view, players.basic, players.knowledge, "
                                "players.sampling")
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


def test_the_build_compiles_again_only_for_what_the_compiled_modules_read() -> None:
    """The Makefile's extension modules depend on these sources alone: a terminal's, a
    record's or the web table's edit runs at once on the compiled build too."""
    read = {p.relative_to(ROOT / "src").as_posix()
            for p in _hook().compile_sources(ROOT / "src")}
    assert set(_hook().COMPILED) <= read
    assert {"euchre/__init__.py", "euchre/engine/rules.py", "euchre/errors.py"} <= read
    assert not any(p.startswith(("euchre/tui/", "euchre/cli/", "euchre/web/",
                                 "euchre/table/", "euchre/records/")) for p in read)


def test_the_sources_read_follow_every_kind_of_import(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/hot.py": "import pkg.a\nfrom pkg import b\nfrom .c import x\n"
                      "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from pkg.sub.d import y\ndef f() -> None:\n    import pkg.e\n",
        "pkg/a.py": "", "pkg/b.py": "from . import f\n", "pkg/c.py": "x = 1\n",
        "pkg/e.py": "", "pkg/f.py": "", "pkg/cold.py": "import pkg.hot\n",
        "pkg/sub/__init__.py": "from ..g import z\n", "pkg/sub/d.py": "y = 1\n",
        "pkg/g.py": "z = 1\n", "other/__init__.py": "",
    }
    for place, text in files.items():
        (tmp_path / place).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / place).write_text(text)
    read = [p.relative_to(tmp_path).as_posix()
            for p in _hook().compile_sources(tmp_path, ["pkg/hot.py"])]
    assert read == sorted(set(files) - {"pkg/cold.py", "other/__init__.py"})


def test_assemble_lays_the_sources_beside_the_built_extension_modules(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    src, built, out = tmp_path / "src", tmp_path / "built", tmp_path / "out"
    for place in ("pkg/__init__.py", "pkg/hot.py", "pkg/sub/__init__.py", "pkg/sub/cold.py",
                  "pkg/static/page.html", "pkg/__pycache__/hot.cpython-311.pyc",
                  "loose.txt"):
        (src / place).parent.mkdir(parents=True, exist_ok=True)
        (src / place).write_text(place)
    for place in (f"pkg/hot{suffix}", f"abc__mypyc{suffix}", "pkg/hot.py", "pkg/sub/cold.py",
                  f"bin/tool{suffix}", f"pkg-0.1.dist-info/x{suffix}"):
        (built / place).parent.mkdir(parents=True, exist_ok=True)
        (built / place).write_text("built " + place)
    for place in ("stale/x.py", "pkg/gone.py", "pkg/__pycache__/cold.cpython-311.pyc",
                  "pkg/sub/cold.py"):
        (out / place).parent.mkdir(parents=True, exist_ok=True)
        (out / place).write_text("old " + place)
    assert _hook().assemble(built, src, out) == [f"abc__mypyc{suffix}", f"pkg/hot{suffix}"]
    laid = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert laid == sorted([f"abc__mypyc{suffix}", "pkg/__init__.py", "pkg/hot.py",
                           f"pkg/hot{suffix}", "pkg/static/page.html", "pkg/sub/__init__.py",
                           "pkg/sub/cold.py", "pkg/__pycache__/cold.cpython-311.pyc"])
    assert (out / "pkg/sub/cold.py").read_text() == "pkg/sub/cold.py"  # the source, now
    assert (out / f"pkg/hot{suffix}").read_text() == f"built pkg/hot{suffix}"
    (src / "pkg/hot.py").write_text("edited")
    before = (out / "pkg/sub/cold.py").stat().st_ino
    _hook().assemble(built, src, out)
    assert (out / "pkg/hot.py").read_text() == "edited"
    assert (out / "pkg/sub/cold.py").stat().st_ino == before  # unchanged: not copied again


def _examples(name: str) -> list[doctest.DocTest]:
    """The docstring examples of the module ``name``, read from its source where doctest
    looks (the module's, its classes' and functions' docstrings, its classes' methods'),
    with the module as it runs here as their globals."""
    module = importlib.import_module(name)
    path = ROOT / "src" / (name.replace(".", "/") + ".py")
    parser = doctest.DocTestParser()
    found = []

    def visit(node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef,
              qualname: str) -> None:
        text = ast.get_docstring(node, clean=False)
        if text:
            examples = parser.get_examples(text, qualname)
            if examples:
                line = node.body[0].lineno - 1
                found.append(doctest.DocTest(examples, dict(vars(module)), qualname,
                                             str(path), line, text))
        if isinstance(node, ast.Module | ast.ClassDef):
            for child in node.body:
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    visit(child, f"{qualname}.{child.name}")

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), name)
    return found


@pytest.mark.parametrize("name", HOT_MODULES)
def test_the_hot_modules_docstring_examples_run_on_this_build(name: str) -> None:
    """On the compiled build the examples call the compiled code; on the pure path the
    examples read here are the ones pytest's doctest finds, which checks the reading."""
    tests = _examples(name)
    assert tests, f"{name} has no docstring examples"
    if name not in compiled_modules():
        module = importlib.import_module(name)
        assert sorted(t.name for t in tests) == sorted(
            t.name for t in doctest.DocTestFinder().find(module) if t.examples)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE
                                   | doctest.ELLIPSIS)
    said: list[str] = []
    for test in tests:
        runner.run(test, out=said.append)
    assert runner.failures == 0, "".join(said)
    assert runner.tries == sum(len(t.examples) for t in tests)


def test_the_terminal_face_installs_no_web_framework() -> None:
    """``make play`` installs the base dependencies alone: the web table is an extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {d.split(">")[0].split("<")[0].split("=")[0].strip().lower()
            for d in project["dependencies"]}
    assert base == {"textual", "platformdirs", "mypy_extensions"}
    extras = project["optional-dependencies"]
    assert set(extras) >= {"web", "postgres", "clubs", "rl", "jit", "ray", "openspiel", "plot",
                           "dev"}
    assert {d.split(">")[0] for d in extras["web"]} == {"starlette", "uvicorn", "websockets",
                                                     "uvloop", "euchre[clubs]"}


WITHOUT_WEB = """
import sys
for name in ("starlette", "uvicorn", "websockets", "httpx", "httpx2"):
    sys.modules[name] = None  # as if not installed: importing one raises ImportError
from euchre.cli.main import main
for argv in {commands!r}:
    try:
        status = main(argv)
    except SystemExit as done:  # --help
        status = done.code
    print("exit", status, argv, flush=True)
"""


def test_every_command_but_serve_runs_without_the_web_extra(tmp_path: Path) -> None:
    commands = [["--help"], ["play", "--help"], ["serve", "--help"], ["stats"],
                ["replay", str(DATA / "egn" / "VWEC_Finals.egn")],
                ["hand", "--seat", "1", "--dealer", "0", "--upcard", "Jh",
                 "Jd Ah Kh 9s Tc"],
                ["arena", "random", "basic", "--deals", "4", "--seed", "1"],
                ["serve", "--port", "1"]]
    env = dict(os.environ, EUCHRE_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", WITHOUT_WEB.format(commands=commands)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    statuses = [line.split()[1] for line in done.stdout.splitlines()
                if line.startswith("exit ")]
    assert statuses == ["0"] * (len(commands) - 1) + ["1"], done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "euchre: the web table (euchre serve) needs starlette, which is not installed: "
        "pip install 'euchre[web]'")

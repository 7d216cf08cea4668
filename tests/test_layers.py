"""The package's layers: every module in one, no import upward, no cycle, no private name
taken from another module.

Every module under ``src/euchre`` is read with :mod:`ast` (nothing is imported), and
every import in it counts: at the top, inside functions (a lazy import is a dependency
all the same) and under ``if TYPE_CHECKING:``. What each check counts:

* **Layers** (:data:`LAYERS`, bottom to top): a module may import its own layer and the
  layers below it, never one above. Imports under ``if TYPE_CHECKING:`` count here: a
  type named from a higher layer is a dependency upward even if it costs nothing at run
  time, and the engine must read without the faces.
* **Cycles**: imports under ``if TYPE_CHECKING:`` do not count, since they never run
  (``view`` names ``game``'s ``Game`` for its annotations, and ``game`` builds views);
  nor does a package's ``__init__`` importing its own modules (``euchre`` gathers the
  public names of the engine), which is how a package is read, not a loop. Every other
  import does, lazy ones too: a cycle broken only by importing inside a function is
  still two modules that cannot be understood apart.
* **Private names**: no module imports a ``_name`` (or a ``_module``) from another
  module; what two modules share is a public name of its own module, with a docstring.

A module that no pattern of :data:`LAYERS` places fails the test: a new module must say
where it belongs.
"""

from __future__ import annotations

import ast
import dataclasses
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from helpers.paths import ROOT

SOURCE: Final = ROOT / "src" / "euchre"

LAYERS: Final[tuple[str, ...]] = (
    "base",  # the modules at the top of the package: errors, text, invocation, extras, build
    "engine",  # the rules of the game (and the package itself, which gathers its names)
    "records",  # the record and its file formats
    "protocol",  # the external-bot protocol: messages, the host side, the bot side
    "players",  # the bots, the sampler, the solver
    "analysis",  # the arena, the reviewer, the hand adviser, the benchmarks
    "table",  # the table every face shares: model, words, narration, saving
    "clubs",  # club events: rotations, scoring, ratings
    "faces",  # the terminal, the web table, the RL environments: none imports another
    "cli",  # the euchre command, a module per subcommand
)
"""The layers, bottom first. A module's layer is its folder under ``src/euchre``
(:data:`FACES` are one layer); a module at the top of the package is in ``base``."""

FACES: Final = ("tui", "web", "envs")
"""The folders of the faces' layer, which may not import one another."""

SPECIAL: Final = {"euchre": "engine", "euchre.__main__": "cli"}
"""The two modules at the top that are not ``base``: the package, which gathers the
engine's public names, and ``python -m euchre``, the command."""


KNOWN_PRIVATE_IMPORTS: Final[frozenset[tuple[str, str, str]]] = frozenset({
    # (importer, module, name): to be made public by the owner of euchre.players;
    # delete each entry as it goes
})
"""Private imports that are known and waiting for their fix; nothing else may join."""


@dataclass(frozen=True, slots=True)
class Import:
    """One imported name: who imports what, where, and how."""

    importer: str
    target: str
    """The module imported (for ``from m import n``: ``m.n`` when that is a module)."""
    name: str | None
    """The name taken (``n`` of ``from m import n``), ``None`` for ``import m``."""
    line: int
    type_only: bool
    """Under ``if TYPE_CHECKING:``."""

    def __str__(self) -> str:
        what = self.target if self.name is None else f"{self.name} from {self.target}"
        lazy = " (under TYPE_CHECKING)" if self.type_only else ""
        return f"{self.importer} imports {what} at line {self.line}{lazy}"


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own)."""
    modules = {}
    for path in sorted(SOURCE.rglob("*.py")):
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


MODULES: Final = module_files()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        test = node.test
        named = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )
        if named:
            for statement in node.body:
                inside.update(id(sub) for sub in ast.walk(statement))
    return inside


def _base(importer: str, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = importer if _is_package(importer) else importer.rpartition(".")[0]
    parts = package.split(".")
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def parse_imports(importer: str, source: str) -> Iterator[Import]:
    """Every import in the text of the module ``importer``, lazy and type-only ones
    included."""
    tree = ast.parse(source)
    type_only = _type_checking_nodes(tree)
    for node in ast.walk(tree):
        hidden = id(node) in type_only
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(importer, alias.name, None, node.lineno, hidden)
        elif isinstance(node, ast.ImportFrom):
            base = _base(importer, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in MODULES:
                    yield Import(importer, sub, None, node.lineno, hidden)
                else:
                    yield Import(importer, base, alias.name, node.lineno, hidden)


def imports_of(importer: str) -> Iterator[Import]:
    """Every import of a module of the package."""
    return parse_imports(importer, MODULES[importer].read_text(encoding="utf-8"))


ALL_IMPORTS: Final = tuple(i for name in MODULES for i in imports_of(name))


def _in_package(target: str) -> str | None:
    """The module of the package an import runs (``euchre.a.b`` of ``import euchre.a.b``;
    its longest known prefix otherwise), or ``None`` for another package's."""
    name = target
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def folder_of(module: str) -> str:
    """The folder of the package a module lives in (``""`` at the top)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and (SOURCE / parts[1]).is_dir()) else ""


def layers_of(module: str) -> list[str]:
    """The layers a module is in (one, or none for a folder no layer names)."""
    if module in SPECIAL:
        return [SPECIAL[module]]
    folder = folder_of(module)
    if not folder:
        return ["base"]
    if folder in FACES:
        return ["faces"]
    return [folder] if folder in LAYERS else []


LEVEL: Final = {layer: index for index, layer in enumerate(LAYERS)}


def test_every_module_is_in_one_layer() -> None:
    problems = []
    for module in MODULES:
        found = layers_of(module)
        if not found:
            problems.append(f"{module} is in no layer: put it in a layer's folder, or name "
                            f"its folder in LAYERS in {Path(__file__).name}")
    assert not problems, "\n".join(problems)


def upward_imports(imports: Iterable[Import]) -> list[str]:
    """What each import from a higher layer is, in words."""
    problems = []
    for item in imports:
        target = _in_package(item.target)
        if target is None:
            continue
        mine, theirs = layers_of(item.importer), layers_of(target)
        if len(mine) != 1 or len(theirs) != 1:
            continue  # test_every_module_is_in_one_layer says so
        if LEVEL[theirs[0]] > LEVEL[mine[0]]:
            problems.append(f"{item}: layer {mine[0]!r} imports from {theirs[0]!r}, above it")
    return problems


def test_layers_place_modules_by_folder() -> None:
    assert layers_of("euchre.players.knowledge") == ["players"]
    assert layers_of("euchre.tui.table_screen") == ["faces"]
    assert layers_of("euchre.engine") == ["engine"]
    assert layers_of("euchre.errors") == ["base"]
    assert layers_of("euchre") == ["engine"]
    assert layers_of("euchre.newcomer.thing") == []


def test_every_folder_is_a_layer() -> None:
    folders = sorted(p.name for p in SOURCE.iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert folders == sorted([*LAYERS[1:-2], *FACES, "cli"])
    top = sorted(p.stem for p in SOURCE.glob("*.py"))
    assert len(top) <= 12, f"{len(top)} modules at the top of the package: {top}"


def faces_importing_faces(imports: Iterable[Import]) -> list[str]:
    """What each import of one face by another is, in words."""
    problems = []
    for item in imports:
        target = _in_package(item.target)
        if target is None or "faces" not in layers_of(item.importer):
            continue
        mine, theirs = folder_of(item.importer), folder_of(target)
        if theirs in FACES and theirs != mine:
            problems.append(f"{item}: the face {mine!r} imports the face {theirs!r}")
    return problems


def test_no_face_imports_another() -> None:
    problems = faces_importing_faces(ALL_IMPORTS)
    assert not problems, "\n".join(problems)
    assert faces_importing_faces([Import("euchre.web.room", "euchre.tui.style", None, 1, False)])


def test_no_module_imports_from_a_higher_layer() -> None:
    problems = upward_imports(ALL_IMPORTS)
    assert not problems, "\n".join(problems)


def test_an_import_from_a_higher_layer_is_named() -> None:
    lazy = Import("euchre.table.data_folder", "euchre.cli.main", "main", 3, False)
    typed = Import("euchre.engine.game", "euchre.tui.app", "EuchreApp", 9, True)
    down = Import("euchre.cli.main", "euchre.table.data_folder", "games_dir", 5, False)
    assert upward_imports([lazy, typed, down]) == [
        "euchre.table.data_folder imports main from euchre.cli.main at line 3: "
        "layer 'table' imports from 'cli', above it",
        "euchre.engine.game imports EuchreApp from euchre.tui.app at line 9 "
        "(under TYPE_CHECKING): layer 'engine' imports from 'faces', above it",
    ]


def import_graph(imports: Iterable[Import]) -> dict[str, set[str]]:
    """Who imports whom at run time, for the cycles (see the module's docstring)."""
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for item in imports:
        target = _in_package(item.target)
        if item.type_only or target is None or target == item.importer:
            continue
        if _is_package(item.importer) and target.startswith(item.importer + "."):
            continue
        graph[item.importer].add(target)
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest cycle through each group of modules that import one another round,
    as the path ``[a, b, ..., a]``."""
    cycles: list[list[str]] = []
    covered: set[str] = set()
    for start in sorted(graph):
        if start in covered:
            continue
        # the shortest way back to start, breadth first
        came_from: dict[str, str] = {}
        queue = deque([start])
        back = None
        while queue and back is None:
            here = queue.popleft()
            for there in sorted(graph[here]):
                if there == start:
                    back = here
                    break
                if there not in came_from:
                    came_from[there] = here
                    queue.append(there)
        if back is None:
            continue
        path = [back]
        while path[-1] != start:
            path.append(came_from[path[-1]])
        path.reverse()
        path.append(start)
        cycles.append(path)
        covered.update(path)
    return cycles


def test_find_cycles_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert find_cycles(graph) == [["a", "b", "c", "a"], ["e", "e"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    cycles = find_cycles(import_graph(ALL_IMPORTS))
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_only_imports_that_run_make_a_cycle() -> None:
    typed = Import("euchre.engine.view", "euchre.engine.game", "Game", 1, True)
    lazy = Import("euchre.engine.game", "euchre.engine.view", "view_of", 2, False)
    own = Import("euchre", "euchre.engine.game", "Game", 3, False)
    back = Import("euchre.engine.game", "euchre", "Rules", 4, False)
    assert find_cycles(import_graph([typed, lazy, own, back])) == []
    runs = dataclasses.replace(typed, type_only=False)
    cycle = ["euchre.engine.game", "euchre.engine.view", "euchre.engine.game"]
    assert find_cycles(import_graph([runs, lazy])) == [cycle]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def takes_private(item: Import) -> bool:
    """Whether an import takes a private name (or a private module) from another module."""
    names = item.target.split(".") if item.name is None else [item.name]
    return item.target != item.importer and any(_private(part) for part in names)


def test_no_module_imports_a_private_name_from_another() -> None:
    found = [item for item in ALL_IMPORTS if takes_private(item)]
    new = [item for item in found
           if (item.importer, item.target, item.name) not in KNOWN_PRIVATE_IMPORTS]
    assert not new, "private names imported (make them public in a module of their own):\n" + (
        "\n".join(str(item) for item in new)
    )
    seen = {(item.importer, item.target, item.name) for item in found}
    gone = sorted(KNOWN_PRIVATE_IMPORTS - seen)
    assert not gone, f"fixed, so delete from KNOWN_PRIVATE_IMPORTS: {gone}"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from euchre.engine.cards import _x, card_name",
         ["_x from euchre.engine.cards at line 1"]),
        ("import euchre._hidden", ["euchre._hidden at line 1"]),
        ("def f():\n    from ..engine.game import _refuse",
         ["_refuse from euchre.engine.game at line 2"]),
        ("from euchre.cli.main import __all__, main\nfrom __future__ import annotations", []),
    ],
)
def test_private_imports_are_recognised(source: str, expected: list[str]) -> None:
    found = [str(i) for i in parse_imports("euchre.records.record", source) if takes_private(i)]
    assert len(found) == len(expected)
    for line, part in zip(found, expected, strict=True):
        assert part in line, line


def test_imports_are_found_lazy_relative_and_type_only() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from euchre.engine.game import Game\n"
        "else:\n    import json\n"
        "def f():\n    from . import emn\n    from ..players import registry\n"
    )
    found = {(i.target, i.type_only) for i in parse_imports("euchre.records.record", source)}
    assert found == {
        ("typing", False),
        ("euchre.engine.game", True),
        ("json", False),
        ("euchre.records.emn", False),
        ("euchre.players.registry", False),
    }
    (up,) = parse_imports("euchre.players.basic", "from ..engine.game import Game")
    assert (up.target, up.name) == ("euchre.engine.game", "Game")

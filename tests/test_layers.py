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
import fnmatch
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

SOURCE: Final = Path(__file__).resolve().parent.parent / "src" / "euchre"

LAYERS: Final[dict[str, tuple[str, ...]]] = {
    # the rules of the game and its records: imports nothing above it
    "engine": (
        "euchre",
        "euchre.cards",
        "euchre.errors",
        "euchre.seating",
        "euchre.rules",
        "euchre.scoring",
        "euchre.actions",
        "euchre.deal",
        "euchre.game",
        "euchre.view",
        "euchre.playout",
        "euchre.text",
        "euchre.invocation",
        "euchre.jsondata",
        "euchre.record",
    ),
    # file formats, above the record they read and write
    "formats": ("euchre.egn", "euchre.egn_versions", "euchre.emn", "euchre.files"),
    # the solver, the bots (euchre.players.knowledge among them) and external bots
    "search and bots": ("euchre.solver", "euchre.players", "euchre.players.*", "euchre.protocol"),
    "measurement": ("euchre.arena", "euchre.bench", "euchre.build"),
    # the reviewer: the bots' judgment of recorded games
    "review": ("euchre.review", "euchre.review_notes"),
    # what several faces share: no screen of its own
    "shared by faces": (
        "euchre.narrate",
        "euchre.storage",
        "euchre.options",
        "euchre.table",
        "euchre.wording",
        "euchre.saving",
        "euchre.winchart",
    ),
    "faces": (
        "euchre.cli",
        "euchre.arena_cli",
        "euchre.arena_ray",
        "euchre.replay_cli",
        "euchre.review_cli",
        "euchre.hand",
        "euchre.tui",
        "euchre.tui.*",
        "euchre.web",
        "euchre.web.*",
        "euchre.envs",
        "euchre.envs.*",
        "euchre.__main__",
    ),
}
"""Layer name to the module names it holds (:mod:`fnmatch` patterns), bottom first."""

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


def layers_of(module: str) -> list[str]:
    """The layers whose patterns take a module."""
    return [
        layer
        for layer, patterns in LAYERS.items()
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns)
    ]


LEVEL: Final = {layer: index for index, layer in enumerate(LAYERS)}


def test_every_module_is_in_one_layer() -> None:
    problems = []
    for module in MODULES:
        found = layers_of(module)
        if not found:
            problems.append(f"{module} is in no layer: add it to LAYERS in {Path(__file__).name}")
        elif len(found) > 1:
            problems.append(f"{module} is in several layers: {', '.join(found)}")
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


def test_layers_place_modules_by_pattern() -> None:
    assert layers_of("euchre.players.knowledge") == ["search and bots"]
    assert layers_of("euchre.tui.table_screen") == ["faces"]
    assert layers_of("euchre.newcomer") == []


def test_no_module_imports_from_a_higher_layer() -> None:
    problems = upward_imports(ALL_IMPORTS)
    assert not problems, "\n".join(problems)


def test_an_import_from_a_higher_layer_is_named() -> None:
    lazy = Import("euchre.storage", "euchre.cli", "main", 3, False)
    typed = Import("euchre.game", "euchre.tui.app", "EuchreApp", 9, True)
    down = Import("euchre.cli", "euchre.storage", "games_dir", 5, False)
    assert upward_imports([lazy, typed, down]) == [
        "euchre.storage imports main from euchre.cli at line 3: "
        "layer 'shared by faces' imports from 'faces', above it",
        "euchre.game imports EuchreApp from euchre.tui.app at line 9 (under TYPE_CHECKING): "
        "layer 'engine' imports from 'faces', above it",
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
    typed = Import("euchre.view", "euchre.game", "Game", 1, True)
    lazy = Import("euchre.game", "euchre.view", "view_of", 2, False)
    own = Import("euchre", "euchre.game", "Game", 3, False)
    back = Import("euchre.game", "euchre", "Rules", 4, False)
    assert find_cycles(import_graph([typed, lazy, own, back])) == []
    runs = dataclasses.replace(typed, type_only=False)
    cycle = ["euchre.game", "euchre.view", "euchre.game"]
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
        ("from euchre.cards import _x, card_name", ["_x from euchre.cards at line 1"]),
        ("import euchre._hidden", ["euchre._hidden at line 1"]),
        ("def f():\n    from .game import _refuse", ["_refuse from euchre.game at line 2"]),
        ("from euchre.cli import __all__, main\nfrom __future__ import annotations", []),
    ],
)
def test_private_imports_are_recognised(source: str, expected: list[str]) -> None:
    found = [str(i) for i in parse_imports("euchre.record", source) if takes_private(i)]
    assert len(found) == len(expected)
    for line, part in zip(found, expected, strict=True):
        assert part in line, line


def test_imports_are_found_lazy_relative_and_type_only() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from euchre.game import Game\n"
        "else:\n    import json\n"
        "def f():\n    from . import view\n    from .players import registry\n"
    )
    found = {(i.target, i.type_only) for i in parse_imports("euchre.record", source)}
    assert found == {
        ("typing", False),
        ("euchre.game", True),
        ("json", False),
        ("euchre.view", False),
        ("euchre.players.registry", False),
    }
    (up,) = parse_imports("euchre.players.basic", "from ..game import Game")
    assert (up.target, up.name) == ("euchre.game", "Game")

"""Every ``euchre`` command shown in the README and docs/ works as printed.

Each command line in a shell block of ``docs/*.md`` (and the README's command list) is
parsed by the real argument parser, so a renamed or removed option fails here. Those
that need no terminal and no program that a reader writes themselves are also run, in
a scratch folder with the files they name, at a small size (``--deals 2000`` becomes
``--deals 1``): each must exit 0 and print no traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from euchre.cli.main import build_parser, main
from euchre.table.data_folder import ENV_VAR
from euchre.web.database import SqliteStore
from helpers.paths import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EGN_GAME = ROOT / "tests" / "data" / "egn" / "VWEC_Finals.egn"

_COMMAND = re.compile(r"^(?:\$ )?(?:\.venv/bin/)?euchre\s")
_SHELL_FENCES = ("sh", "bash", "console", "")

# Options whose values set the size of a run, and the small value a test uses.
_SMALL = {"--deals": "1", "--games": "1", "--decisions": "5", "--repeat": "1", "--jobs": "1",
          "--budget": "2"}
# The commands that sample, and the small size they run at when the doc leaves it.
_SAMPLING_SMALL = {"review": {"--budget": "2", "--jobs": "1"}, "hand": {"--budget": "2"}}
# What the bench command needs to be quick when the doc leaves the size to the default.
_BENCH_SMALL = ["--deals", "200", "--games", "2", "--repeat", "1", "--decisions", "5"]


@dataclass(frozen=True)
class DocCommand:
    """One command line shown in a document."""

    doc: str
    line: int
    words: tuple[str, ...]  # after the program name

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: euchre {shlex.join(self.words)}"


def doc_commands() -> list[DocCommand]:
    """Every ``euchre`` command line in a shell block (or an indented block) of the docs."""
    found = []
    for path in DOCS:
        fence: str | None = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                fence = line[3:].strip() if fence is None else None
                continue
            in_block = fence in _SHELL_FENCES or (fence is None and line.startswith("    "))
            text = line.strip()
            if not in_block or not _COMMAND.match(text):
                continue
            words = shlex.split(text, comments=True)
            found.append(DocCommand(path.name, number, tuple(words[1:])))
    return found


COMMANDS = doc_commands()


def _needs_a_reader_program(command: DocCommand) -> bool:
    """A bot the reader writes (``ext:./mybot``) or a placeholder (``NAME``)."""
    for word in command.words:
        if word.startswith("ext:") and not word.startswith("ext:python examples/"):
            return True
        if word.isupper() and word.isalpha():
            return True
    return False


def _runnable(command: DocCommand) -> bool:
    sub = command.words[0]
    if sub in ("play", "bot", "serve"):  # a terminal, a bot's input, a server that runs on
        return False
    return not _needs_a_reader_program(command)


def _small(words: tuple[str, ...]) -> list[str]:
    """The command at a test's size: every size option small, bench's defaults too."""
    out = list(words)
    for index, word in enumerate(out[:-1]):
        if word in _SMALL:
            out[index + 1] = _SMALL[word]
    for option, value in _SAMPLING_SMALL.get(out[0], {}).items():
        if option not in out:
            out += [option, value]
    if out[0] == "bench":
        for option, value in zip(_BENCH_SMALL[::2], _BENCH_SMALL[1::2], strict=True):
            if option not in out:
                out += [option, value]
    return out


def test_the_docs_show_commands() -> None:
    subcommands = {command.words[0] for command in COMMANDS}
    assert {"play", "arena", "replay", "convert", "bench", "watch", "rules"} <= subcommands


@pytest.mark.parametrize("command", COMMANDS, ids=str)
def test_each_command_in_the_docs_parses(command: DocCommand) -> None:
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        try:
            build_parser().parse_args(list(command.words))
        except SystemExit as stop:
            pytest.fail(f"{command} does not parse: {error.getvalue().strip()} ({stop})")


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with what the docs' commands name: game.egn, game.json, examples/, and
    a web room's empty store, tables.sqlite3."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    asyncio.run(SqliteStore(tmp_path / "tables.sqlite3").close())
    shutil.copy(EGN_GAME, tmp_path / "game.egn")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["convert", "game.egn", "game.json"]) == 0
    return tmp_path


@pytest.mark.parametrize("command", [c for c in COMMANDS if _runnable(c)], ids=str)
def test_each_command_in_the_docs_runs(command: DocCommand, scratch: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(_small(command.words))
    assert status == 0, f"{command} exited {status}: {err.getvalue().strip()}"
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert out.getvalue().strip(), f"{command} printed nothing"

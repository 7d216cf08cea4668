"""The example session of ``docs/protocol.md``, taken from a real seeded game.

Usage: ``.venv/bin/python scripts/protocol_example.py`` prints the example;
``--write`` puts it into ``docs/protocol.md`` (``tests/protocol/test_protocol.py`` fails when the
doc's example is not what this prints).

Seat 0 is ``euchre bot basic`` run as a program through pipes by the engine's
:class:`~euchre.protocol.host.ExternalPlayer`, exactly as the arena runs an ``ext:`` bot;
the other seats are ``basic`` in the engine's process. The bot's program records every
line it reads and writes. The transcript is shortened for the doc (see
:func:`shorten`).
"""

from __future__ import annotations

import json
import shlex
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.players import Player
from euchre.players.basic import BasicPlayer
from euchre.protocol import ExternalPlayer

SEED = 57
"""The game's seed: its first deal passes round one, names trump in round two, and
has seat 0 follow to tricks."""

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
BEGIN = "<!-- the example session: scripts/protocol_example.py --write -->\n```text\n"
END = "```\n"


class _Tee:
    """A text stream that copies each line read or written to a log, marked."""

    def __init__(self, stream: IO[str], log: IO[str], mark: str) -> None:
        self._stream = stream
        self._log = log
        self._mark = mark

    def __iter__(self) -> _Tee:
        return self

    def __next__(self) -> str:
        line = next(self._stream)
        self._record(line)
        return line

    def write(self, text: str) -> int:
        for line in text.splitlines():
            self._record(line)
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def _record(self, line: str) -> None:
        self._log.write(f"{self._mark} {line.rstrip()}\n")
        self._log.flush()


def _bot(log_path: str) -> int:
    """The bot's program: ``euchre bot basic``, its input and output recorded."""
    from euchre.cli.main import main

    with open(log_path, "w", encoding="utf-8") as log:
        sys.stdin = _Tee(sys.stdin, log, ">")
        sys.stdout = _Tee(sys.stdout, log, "<")
        return main(["bot", "basic"])


def transcript(seed: int = SEED) -> list[str]:
    """Every line of a whole game between the engine and seat 0's program: ``> `` and
    the message for the engine's lines, ``< `` and the answer for the bot's."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "transcript.txt"
        command = shlex.join([sys.executable, str(Path(__file__).resolve()), "--bot", str(log)])
        with ExternalPlayer(command) as bot:
            game = Game(Rules(), seed=seed)
            players: list[Player] = [bot, *(BasicPlayer(seed=s) for s in range(1, 4))]
            while not game.is_over():
                seat = game.to_act
                deals = len(game.results)
                game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
                if len(game.results) > deals:
                    for s, player in enumerate(players):
                        player.deal_over(game.view(s), game.results[-1])
            for s, player in enumerate(players):
                player.game_over(game.view(s))
        return log.read_text(encoding="utf-8").splitlines()


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _object(fields: dict[str, Any], shown: set[str]) -> str:
    """``{...}`` JSON with the fields not in ``shown`` left out, each run of them one
    ``...``."""
    parts: list[str] = []
    for key, value in fields.items():
        if key in shown:
            parts.append(f"{_compact(key)}:{_compact(value)}")
        elif not parts or parts[-1] != "...":
            parts.append("...")
    return "{" + ",".join(parts) + "}"


def shorten(lines: list[str]) -> list[str]:
    """The transcript as the doc shows it.

    The first deal in full (from ``game_start`` to its ``deal_end``), a ``...`` line,
    then the last ``deal_end`` and the ``game_end``; every ``rules`` object as
    ``{...}``; the first ``decide``'s view in full, each later one with only the fields
    that changed since the previous ``decide`` (``...`` for the others); the views of
    ``deal_end`` and ``game_end`` as ``{...}``.
    """
    out: list[str] = []
    previous: dict[str, Any] | None = None
    ends = [i for i, line in enumerate(lines) if line.startswith('> {"type":"deal_end"')]
    chosen = [*range(ends[0] + 1), -1, *range(ends[-1], len(lines))]
    for i in chosen:
        if i < 0:
            out.append("...")
            continue
        mark, text = lines[i].split(" ", 1)
        if mark == "<":
            out.append(lines[i])
            continue
        message: dict[str, Any] = json.loads(text)
        parts: list[str] = []
        for key, value in message.items():
            if key == "rules":
                shown = "{...}"
            elif key == "view" and message["type"] == "decide":
                changed = {k for k in value if previous is None or previous.get(k) != value[k]}
                shown = _object(value, changed).replace(_compact(value["rules"]), "{...}")
                previous = value
            elif key == "view":
                shown = "{...}"
            else:
                shown = _compact(value)
            parts.append(f"{_compact(key)}:{shown}")
        out.append("> {" + ",".join(parts) + "}")
    return out


def example(seed: int = SEED) -> str:
    """The doc's example block: the shortened transcript, one line each."""
    return "\n".join(shorten(transcript(seed))) + "\n"


def doc_example(text: str) -> str | None:
    """The example block in the doc's text (``None`` when it has none)."""
    start = text.find(BEGIN)
    if start < 0:
        return None
    body = start + len(BEGIN)
    return text[body:text.index(END, body)]


def write(block: str, path: Path = DOC) -> None:
    """Put ``block`` into the doc, replacing the example that is there."""
    text = path.read_text(encoding="utf-8")
    old = doc_example(text)
    if old is None:
        raise SystemExit(f"{path}: no example block (a line {BEGIN.splitlines()[0]!r})")
    start = text.index(BEGIN) + len(BEGIN)
    path.write_text(text[:start] + block + text[start + len(old):], encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--bot"] and len(argv) == 2:
        return _bot(argv[1])
    block = example()
    if argv == ["--write"]:
        write(block)
    elif argv:
        print("usage: protocol_example.py [--write]", file=sys.stderr)
        return 2
    else:
        sys.stdout.write(block)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

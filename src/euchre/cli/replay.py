"""``euchre replay`` and ``euchre convert``: what they print, for a record or a match.

A record (native ``.json`` or ``.egn``) is narrated deal by deal, or with ``check``
summed up in one line; a match (``.emn``) is each of its games the same way, then the
standings. Warnings (deals recorded after the game's end, a stored score the replay
disagrees with) go to standard error, one line each; what is illegal or broken raises a
:class:`~euchre.errors.RecordError`. What could not be checked for want of the hands (a
record that gives only the cards played: :meth:`~euchre.records.record.Record.unchecked`) is
said after the game, under ``not checked, for want of the hands:``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from euchre.engine.game import Game
from euchre.errors import RecordError
from euchre.records.egn_versions import replay_note, version_note
from euchre.records.emn import (
    EMN_VERSIONS,
    combine,
    convert_match,
    dumps_emn,
    emn_version,
    game_line,
    load_emn,
    match_line,
    standings_lines,
)
from euchre.records.files import read_record, write_record
from euchre.records.jsondata import PathLike
from euchre.records.record import Record, Replay, game_after_end
from euchre.table.narrate import Narrator, seats_line
from euchre.text import plural

__all__ = ["convert", "narrate_record", "replay"]

Write = Callable[[str], None]


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def _is_match(path: PathLike) -> bool:
    return os.fspath(path).lower().endswith(".emn")


def replay(path: PathLike, *, check: bool = False, write: Write = print,
           warn: Write = _stderr) -> None:
    """What ``euchre replay FILE`` prints (``--check``: only check, in one line a game)."""
    if _is_match(path):
        _replay_match(path, check, write, warn)
        return
    record = read_record(path)
    if note := replay_note(path, record.metadata):
        write(note)  # an EGN file of an older (or newer) version
    if check:
        replayed = record.check_all()
        _warn(replayed, warn)
        write(_checked_line(replayed))
    else:
        replayed = record.replay_all()  # the first illegal action stops here, with why
        _warn(replayed, warn)
        narrate_record(record, replayed, write)
    _unchecked(record, write)


def convert(source: PathLike, target: PathLike, *, write: Write = print,
            warn: Write = _stderr) -> None:
    """What ``euchre convert SOURCE TARGET`` does: the format goes by the extensions; a
    match becomes one record per game."""
    if _is_match(source):
        convert_match(source, target, write)
        return
    record = read_record(source)
    _warn(record.replay_all(), warn)
    if note := write_record(record, target):
        warn(f"note: {note}")  # EGN written with its nearest rules
    write(f"wrote {os.fspath(target)} ({plural(len(record.deals), 'deal')})")


def make_match(target: PathLike, sources: list[PathLike], *, format: str | None = None,
               games: int | None = None, title: str | None = None,
               write: Write = print) -> None:
    """What ``euchre match OUT.emn GAME...`` does: the games, each read and replayed,
    written as one EMN match with its players, format and result."""
    if not os.fspath(target).lower().endswith(".emn"):
        raise RecordError(f"{os.fspath(target)}: a match is written as .emn")
    records = [read_record(source) for source in sources]  # its errors name the file
    match = combine(records, format=format, target=games, title=title)
    text = dumps_emn(match)
    try:
        with open(target, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        raise RecordError(f"can not write {os.fspath(target)}: {error.strerror or error}"
                          ) from None
    standings = match.standings()
    write(f"wrote {os.fspath(target)}: {plural(len(match.games), 'game')}, "
          f"{plural(len(match.players), 'player')}; leading on {standings.metric}: "
          f"{', '.join(match.name(p) for p in standings.leaders) or 'nobody yet'}")


def _unchecked(record: Record, write: Write, indent: str = "") -> None:
    """The checks the replay could not make for want of the hands, if any."""
    lines = record.unchecked()
    if lines:
        write(f"{indent}not checked, for want of the hands:")
        for line in lines:
            write(f"{indent}- {line}")


def _warn(replayed: Replay, warn: Write, prefix: str = "") -> None:
    for warning in replayed.warnings:
        warn(f"warning: {prefix}{warning}")


def _score(score: tuple[int, ...]) -> str:
    return "-".join(str(p) for p in score)


def _checked_line(replayed: Replay) -> str:
    line = (f"ok: {plural(len(replayed.results), 'deal')}, every action legal, "
            f"final score {_score(replayed.game.score)}")
    if replayed.after is not None:
        line += (f" (the game ended after deal {replayed.end}; the deals after it "
                 f"bring the score to {_score(replayed.score)})")
    return line


def _player_names(metadata: dict[str, Any], players: int) -> list[str] | None:
    names = metadata.get("players")
    if isinstance(names, list) and len(names) == players and all(
        isinstance(n, str) and n for n in names
    ):
        return names
    return None


def narrate_record(record: Record, replayed: Replay, write: Write = print) -> None:
    """The game deal by deal; deals recorded after its end come after it, marked."""
    names = _player_names(record.metadata, record.rules.players)
    game = Game(record.rules, deals=[d.deal for d in record.deals], score=record.start_score,
                tokens=record.start_tokens or None)
    narrator = Narrator(write, names)
    if names is not None:
        write(seats_line(names, record.rules.seating.partner_of[0] is not None))
    narrator.start(game)
    for recorded in record.deals[: replayed.end]:
        for action in recorded.actions:
            narrator.before(game, game.to_act, action)
            game.apply(action)
            narrator.after(game)
    if replayed.after is None:
        if len(game.results) < len(record.deals) or not game.is_over():
            write(f"(the record ends here; score {_score(game.score)})")
        return
    later = record.deals[replayed.end :]
    write(f"(the record goes on after the end of the game: {plural(len(later), 'more deal')}, "
          f"replayed from {_score(game.score)}; they do not count)")
    after = game_after_end(game, [d.deal for d in later])
    marked = Narrator(_after_the_end(write, replayed.end), names)
    marked.start(after)
    for recorded in later:
        for action in recorded.actions:
            marked.before(after, after.to_act, action)
            after.apply(action)
            marked.after(after)
    write(f"(the record ends here; score {_score(after.score)}, "
          f"the game having ended {_score(game.score)})")


def _after_the_end(write: Write, offset: int) -> Write:
    """The narration of deals recorded after the game's end: numbered on from the game's
    (``Deal 12 (after the end): ...``), without the start and end lines of the game
    they are replayed in."""

    def marked(line: str) -> None:
        if line.startswith(("Starting at ", "Game over")):
            return
        if line.startswith("Deal "):
            number, rest = line[len("Deal "):].split(":", 1)
            line = f"Deal {int(number) + offset} (after the end):{rest}"
        write(line)

    return marked


def _replay_match(path: PathLike, check: bool, write: Write, warn: Write) -> None:
    """Each game of the match deal by deal (or, with ``check``, one line per game after
    checking it), then the standings; a game's warnings as ``warning: game 2: ...``."""
    match = load_emn(path)
    try:
        standings = match.check() if check else match.standings()
    except RecordError as error:
        raise RecordError(f"{os.fspath(path)}: {error}") from None
    write(match_line(match))
    if emn_version(match.version) > emn_version(EMN_VERSIONS[-1]):
        write(f"EMN version {match.version} (newer than {EMN_VERSIONS[-1]}, the newest this "
              f"reader knows: read as {EMN_VERSIONS[-1]})")
    for k, game in enumerate(match.games):
        note = version_note(game.record.metadata.get("egnVersion"))
        replayed = game.record.check_all() if check else game.record.replay_all()
        _warn(replayed, warn, f"game {k + 1}: ")
        if check:
            write(f"ok: {game_line(match, k, game)}, every action legal")
            if note:
                write(f"  {note}")
            _unchecked(game.record, write, "  ")
            continue
        write("")
        write(f"== {game_line(match, k, game)}")
        if note:
            write(note)
        narrate_record(game.record, replayed, write)
        _unchecked(game.record, write)
    write("")
    for line in standings_lines(match, standings):
        write(line)

"""Records on disk, the format chosen by the file's extension: native JSON (``.json``,
:mod:`euchre.records.record`) or Euchre Game Notation (``.egn``, :mod:`euchre.records.egn`).

>>> import tempfile, pathlib
>>> from euchre.engine.game import Game
>>> from euchre.records.record import Record
>>> record = Record.from_game(Game(seed=3))
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_record(record, folder / "game.json") is None
True
>>> read_record(folder / "game.json") == record
True
"""

from __future__ import annotations

import os
from pathlib import Path

from euchre.errors import RecordError
from euchre.records.egn import dump_egn, egn_rules_note, load_egn
from euchre.records.jsondata import PathLike
from euchre.records.record import Record, dump, load

__all__ = ["read_record", "write_record"]


def read_record(path: PathLike) -> Record:
    """Read a record from a file, native (``.json``) or EGN (``.egn``) by its extension.

    Errors name the file: ``game.json: not JSON: ...``.
    """
    name = os.fspath(path)
    try:
        if _kind(path) == "egn":
            return load_egn(path)
        return load(path)
    except RecordError as error:
        if str(error).startswith(name):
            raise
        raise RecordError(f"{name}: {error}") from None


def write_record(record: Record, path: PathLike) -> str | None:
    """Write a record to a file, native (``.json``) or EGN (``.egn``) by its extension.

    Returns a one-line note when the file could not say the rules exactly (EGN written
    with its nearest rules: :func:`euchre.records.egn.egn_rules_note`), else ``None``.
    """
    if _kind(path) == "egn":
        dump_egn(record, path)
        return egn_rules_note(record.rules)
    dump(record, path)
    return None


def _kind(path: PathLike) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix == ".egn":
        return "egn"
    if suffix == ".emn":
        raise RecordError(
            f"{os.fspath(path)}: an EMN file is a match of several games, not one record: "
            "read it with euchre.records.emn.load_emn (the command line's replay and convert "
            "take it)"
        )
    raise RecordError(
        f"{os.fspath(path)}: unknown record file type {suffix or '(no extension)'!r}: "
        "use .json for the native format or .egn for Euchre Game Notation"
    )

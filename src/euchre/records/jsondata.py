"""Plain JSON data for the record formats: reading its fields, writing it, its files.

The readers (:func:`as_object`, :func:`as_list`, :func:`as_string`, :func:`as_int`,
:func:`require`, :func:`known_keys`) check one field each and name where a problem is,
so every format (:mod:`euchre.records.record`, :mod:`euchre.records.egn`,
:mod:`euchre.records.emn`) says
``deals[2].hands[1]: must be a list, not 7`` the same way. Every failure, a file's
included, is a :class:`~euchre.errors.RecordError`.

>>> data = parse_json('{"dealer": 1, "hands": 7}')
>>> as_int(require(data, "dealer", "deals[0]"), "deals[0].dealer", 0, 3)
1
>>> as_list(data["hands"], "deals[0].hands")
Traceback (most recent call last):
...
euchre.errors.RecordError: deals[0].hands: must be a list, not 7
>>> print(format_json({"score": [3, 10], "deals": [[1, 2], [3]]}))
{"score": [3, 10], "deals": [[1, 2], [3]]}
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from euchre.errors import RecordError

__all__ = [
    "PathLike",
    "as_int",
    "as_list",
    "as_object",
    "as_string",
    "check_json",
    "describe",
    "format_json",
    "known_keys",
    "parse_json",
    "read_text",
    "require",
    "write_text",
]

PathLike = str | os.PathLike[str]
"""A file's path, as text or as a path object."""


# -- reading fields ----------------------------------------------------------------------


def describe(value: object) -> str:
    """A short description of a JSON value, for messages.

    >>> describe(None), describe(True), describe({}), describe([1]), describe("x" * 50)[-5:]
    ('null', 'true', 'an object', 'a list', 'xx...')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def as_object(value: object, where: str) -> dict[str, object]:
    """``value`` if it is a JSON object, else a :class:`~euchre.errors.RecordError`
    naming ``where``."""
    if not isinstance(value, dict):
        raise RecordError(f"{where}: must be a JSON object, not {describe(value)}")
    return value


def as_list(value: object, where: str) -> list[object]:
    """``value`` if it is a JSON list, else a :class:`~euchre.errors.RecordError`
    naming ``where``."""
    if not isinstance(value, list):
        raise RecordError(f"{where}: must be a list, not {describe(value)}")
    return value


def as_string(value: object, where: str) -> str:
    """``value`` if it is a JSON string, else a :class:`~euchre.errors.RecordError`
    naming ``where``."""
    if not isinstance(value, str):
        raise RecordError(f"{where}: must be a string, not {describe(value)}")
    return value


def as_int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number (not ``true`` or ``false``) from ``low`` to
    ``high`` (each when given), else a :class:`~euchre.errors.RecordError` naming
    ``where``.

    >>> as_int(4, "dealer", 0, 3)
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: dealer: must be from 0 to 3, not 4
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: must be a whole number, not {describe(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low}" if high is None else f"from {low} to {high}"
        raise RecordError(f"{where}: must be {span}, not {value}")
    return value


def require(data: dict[str, object], key: str, where: str) -> object:
    """The field ``key`` of the object ``data`` (at ``where``), which must be there."""
    if key not in data:
        raise RecordError(f"{where}: the field {key!r} is missing")
    return data[key]


def known_keys(data: dict[str, object], known: Sequence[str], where: str) -> None:
    """Refuse a field of the object ``data`` (at ``where``) that is not in ``known``.

    >>> known_keys({"dealer": 0, "bid": 1}, ("dealer", "hands"), "deals[0]")
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: deals[0]: unknown field 'bid' (the fields are dealer, hands)
    """
    for key in data:
        if key not in known:
            raise RecordError(
                f"{where}: unknown field {key!r} (the fields are {', '.join(known)})"
            )


def check_json(value: object, where: str) -> None:
    """Check that free-form data is plain JSON (string keys, finite numbers).

    >>> check_json({"when": {1, 2}}, "metadata")
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: metadata.when: set is not JSON data
    """
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(f"{where}: {value} is not a JSON number")
        return
    if isinstance(value, (list, tuple)):
        for k, item in enumerate(value):
            check_json(item, f"{where}[{k}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"{where}: the key {key!r} is not a string")
            check_json(item, f"{where}.{key}")
        return
    raise RecordError(f"{where}: {type(value).__name__} is not JSON data")


# -- text --------------------------------------------------------------------------------


def parse_json(text: str | bytes) -> object:
    """JSON text as data, with any failure as a :class:`~euchre.errors.RecordError`."""
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError("not a record: the JSON nests too deeply") from None
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except (ValueError, TypeError) as error:
        raise RecordError(f"not JSON: {error}") from None


_WIDTH: Final = 96


def format_json(value: object) -> str:
    """Pretty JSON: a value on one line when it fits, lists of plain values filled."""
    return _format(value, 0, 0)


def _flat(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _format(value: object, level: int, column: int) -> str:
    flat = _flat(value)
    if column + len(flat) <= _WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = "  " * (level + 1)
    end = "  " * level
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            head = f"{pad}{json.dumps(key, ensure_ascii=False)}: "
            items.append(head + _format(item, level + 1, len(head)))
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if all(not isinstance(item, (dict, list)) for item in value):
        lines: list[str] = []
        line = ""
        for item in value:
            piece = _flat(item)
            if line and len(pad) + len(line) + len(piece) + 3 > _WIDTH:
                lines.append(line + ",")
                line = piece
            else:
                line = f"{line}, {piece}" if line else piece
        lines.append(line)
        return "[\n" + "\n".join(pad + text for text in lines) + "\n" + end + "]"
    items = [pad + _format(item, level + 1, len(pad)) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + end + "]"


# -- files -------------------------------------------------------------------------------


def read_text(path: PathLike) -> str:
    """The text of a file, with any failure as a :class:`~euchre.errors.RecordError`."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{os.fspath(path)}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise RecordError(
            f"{os.fspath(path)}: cannot read the file ({_os_reason(error)})"
        ) from None


def write_text(path: PathLike, text: str) -> None:
    """Write a file, with any failure as a :class:`~euchre.errors.RecordError`."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise RecordError(
            f"{os.fspath(path)}: cannot write the file ({_os_reason(error)})"
        ) from None


def _os_reason(error: OSError) -> str:
    return error.strerror or type(error).__name__

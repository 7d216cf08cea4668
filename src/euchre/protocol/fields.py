"""Reading the fields of a protocol message, each checked where it stands.

Every reader takes a JSON value and the path it was found at (``view.hand[2]``) and
returns what it holds, or raises :class:`ProtocolError` with a message that names the
path and says what is wrong, in the words ``docs/protocol.md`` quotes. The readers of
a whole view are :mod:`euchre.protocol.views`'; those of an action string and a bid,
:mod:`euchre.protocol.codec`'s.

>>> read_seat(2, "view.seat", 4)
2
>>> read_numbers([3, 4, 5], "score", 2)
Traceback (most recent call last):
...
euchre.protocol.fields.ProtocolError: score: must be two whole numbers, as [0, 0], not [3, 4, 5]
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, NoReturn

from euchre.engine.actions import NO_TRUMP
from euchre.engine.cards import (
    NO_TRUMP_CHAR,
    UNKNOWN,
    card_name,
    deck_mask,
    parse_card,
    parse_suit,
)
from euchre.engine.rules import Rules
from euchre.errors import CardError, EuchreError, RulesError

__all__ = [
    "ProtocolError",
    "counted",
    "fail",
    "listed",
    "read_card",
    "read_field",
    "read_items",
    "read_numbers",
    "read_pair",
    "read_rules",
    "read_seat",
    "read_seats",
    "read_suit",
    "read_whole",
    "show",
]


class ProtocolError(EuchreError, ValueError):
    """A protocol message, or a part of one, that cannot be read; the message says
    where (``view.hand[2]``) and what is wrong."""


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven")
_MISSING: Final = object()


def show(value: object) -> str:
    """A value as a short line of JSON, for messages: ``"Zz"``, ``[1, 2]``, cut to forty
    characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fail(where: str, why: str) -> NoReturn:
    """Raise :class:`ProtocolError`: ``where: why``."""
    raise ProtocolError(f"{where}: {why}")


def read_field(data: Mapping[str, Any], name: str, where: str,
               default: object = _MISSING) -> Any:
    """``data[name]``; a missing (or null) field takes ``default``, or is an error."""
    value = data.get(name)
    if value is None:
        if default is _MISSING:
            fail(f"{where}.{name}" if where else name, "missing")
        return default
    return value


def read_whole(value: object, where: str, low: int | None = None,
               high: int | None = None) -> int:
    """A whole number (not a bool, not a float), from ``low`` to ``high`` where given."""
    if type(value) is not int:
        fail(where, f"must be a whole number, not {show(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        fail(where, f"must be {bounds}, not {value}")
    return value


def read_seat(value: object, where: str, players: int) -> int:
    """A seat of a table of ``players``."""
    if type(value) is not int or not 0 <= value < players:
        fail(where, f"must be a seat from 0 to {players - 1}, not {show(value)}")
    return value


def read_items(value: object, where: str, most: int | None = None) -> list[Any]:
    """A JSON list (null or missing: empty) of at most ``most`` entries."""
    if value is None:
        return []
    if not isinstance(value, list):
        fail(where, f"must be a list, not {show(value)}")
    if most is not None and len(value) > most:
        fail(where, f"has {len(value)} entries; at most {most} are possible")
    return value


def read_numbers(value: object, where: str, count: int, low: int | None = None,
                 high: int | None = None) -> tuple[int, ...]:
    """One whole number per scoring side, as ``[side 0, side 1, ...]``."""
    if not isinstance(value, list) or len(value) != count:
        fail(where, f"must be {_NUMBER_WORDS[count]} whole numbers, as {[0] * count}, "
                    f"not {show(value)}")
    return tuple(read_whole(v, f"{where}[{i}]", low, high) for i, v in enumerate(value))


def read_pair(value: object, where: str, what: str, size: int = 2) -> list[Any]:
    """A list of ``size`` entries (two, or three), ``what`` naming them for the message:
    ``"[seat, card]"``."""
    if not isinstance(value, list) or len(value) != size:
        fail(where, f"must be a {'pair' if size == 2 else 'triple'} {what}, not {show(value)}")
    return value


def read_card(value: object, where: str, rules: Rules) -> int:
    """A card of the deck in use (never ``X``, the unknown card of records)."""
    if not isinstance(value, str):
        fail(where, f"must be a card such as \"Jd\", not {show(value)}")
    c = None
    if len(value) <= 8:
        with contextlib.suppress(CardError):
            c = parse_card(value)
    if c is None or c == UNKNOWN:
        ranks = "2 to 9, T J Q K A" if rules.deck == 52 else "9 T J Q K A, 7 8"
        fail(where, f"{show(value)} is not a card: a card is a rank ({ranks}) and "
                    "a suit (c d h s), or B for the Benny")
    if not deck_mask(rules.deck) >> c & 1:
        fail(where, f"{card_name(c)} is not in the {rules.deck}-card deck of these rules")
    return c


def read_suit(value: object, where: str, no_trump: bool = False) -> int:
    """A suit letter; ``n`` (no trump) too where ``no_trump``."""
    if isinstance(value, str) and len(value) <= 8:
        if no_trump and value.strip().lower() == NO_TRUMP_CHAR:
            return NO_TRUMP
        with contextlib.suppress(CardError):
            return parse_suit(value)
    letters = '"c", "d", "h", "s"' + (', "n" (no trump)' if no_trump else "")
    fail(where, f"must be a suit, one of {letters}, not {show(value)}")


def read_seats(value: object, where: str, players: int) -> tuple[int, ...]:
    """Distinct seats."""
    seats: list[int] = []
    for i, item in enumerate(read_items(value, where, players)):
        seat = read_seat(item, f"{where}[{i}]", players)
        if seat in seats:
            fail(f"{where}[{i}]", f"seat {seat} is listed twice")
        seats.append(seat)
    return tuple(seats)


def read_rules(value: object, where: str) -> Rules:
    """The rules of a ``rules`` object (:meth:`Rules.from_dict
    <euchre.engine.rules.Rules.from_dict>`; missing: the standard rules)."""
    if value is None:
        return Rules()
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        fail(where, f"must be an object of rules options, not {show(value)}")
    # Every message of a game carries the same rules: read them once. The key holds the
    # types too, so that 1 is not taken for true.
    key = tuple((name, type(option), option) for name, option in value.items())
    try:
        return _RULES_SEEN[key]
    except (KeyError, TypeError):  # new, or a value that is not hashable (refused below)
        pass
    try:
        rules = Rules.from_dict(value)
    except RulesError as error:
        fail(where, str(error))
    if len(_RULES_SEEN) < 64:
        _RULES_SEEN[key] = rules
    return rules


_RULES_SEEN: dict[tuple[tuple[str, type, object], ...], Rules] = {}


def counted(number: int, what: str) -> str:
    """``'five tricks'``, ``'one trick'``."""
    word = _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)
    return f"{word} {what}{'' if number == 1 else 's'}"


def listed(values: Sequence[object]) -> str:
    """``'1 and 0'``, ``'1, 0 and 2'``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"

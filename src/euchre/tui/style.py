"""Cards and suits as coloured text for the terminal (Rich ``Text``, no Textual).

Colour is never the only sign of anything: suits have their symbols, a trump in the
hand is underlined and marked :data:`TRUMP_MARK`, the winning card of a trick is
underlined, and :data:`NO_COLOR_CSS` gives the table's highlights a shape of their own
for terminals without colour (the environment variable ``NO_COLOR``, see
:func:`no_color_wanted`).

>>> from euchre.engine.cards import parse_card
>>> card_face(parse_card("Td"))
'10♦'
>>> card_text(parse_card("Jh")).plain
' J♥ '
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

from rich.text import Text

from euchre.engine.cards import BENNY, Card, card_suit, suit_name
from euchre.table.wording import SYMBOLS, card_face, suit_symbol

__all__ = [
    "NO_COLOR_CSS",
    "RED",
    "SYMBOLS",
    "TRUMP_MARK",
    "card_back",
    "card_face",
    "card_ink",
    "card_text",
    "is_red",
    "no_color_wanted",
    "suit_style",
    "suit_text",
]

RED: Final = "#e0203a"
"""Hearts and diamonds on a dark background."""
CARD_RED: Final = "#c8102e"
CARD_BLACK: Final = "#101010"
CARD_PAPER: Final = "#f4f1e8"
CARD_BENNY: Final = "#7a1fa2"
"""The joker's ink."""
TRUMP_MARK: Final = "T"
"""Written under a trump in the person's hand (which is underlined too)."""

NO_COLOR_CSS: Final = """
CardButton:nocolor.-cursor, ChoiceButton:nocolor.-cursor { text-style: bold reverse; }
CardButton:nocolor.-illegal { border: blank; }
ChoiceButton:nocolor.-illegal { text-style: strike; }
Button:nocolor:focus, Select:nocolor:focus > SelectCurrent, Checkbox:nocolor:focus,
Input:nocolor:focus { text-style: bold reverse; }
"""
"""The table's highlights as shapes, for an app without colour (Textual's ``:nocolor``):
the cursor reversed, a card that may not be played without its frame, a refused
choice struck through, the focused field reversed."""


def no_color_wanted(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal should show no colour: ``NO_COLOR`` is set and not empty
    (https://no-color.org).

    >>> no_color_wanted({"NO_COLOR": "1"}), no_color_wanted({"NO_COLOR": ""}), no_color_wanted({})
    (True, False, False)
    """
    return bool((os.environ if environ is None else environ).get("NO_COLOR"))


def is_red(suit: int) -> bool:
    """Diamonds and hearts are red."""
    return suit in (1, 2)


def suit_style(suit: int | None) -> str:
    """The style of a suit symbol on the screen's dark background."""
    if suit is None:
        return ""
    return f"bold {RED}" if is_red(suit) else "bold"


def suit_text(suit: int, long: bool = False) -> Text:
    """A suit symbol (and its name when ``long``), coloured; a no-trump call is ``NT``
    (``NT no trump``).

    >>> suit_text(2, long=True).plain, suit_text(4).plain
    ('♥ hearts', 'NT')
    """
    label = suit_symbol(suit) + (f" {suit_name(suit)}" if long else "")
    return Text(label, style=suit_style(suit))


def card_ink(c: Card) -> str:
    """The colour a card's face is printed in on paper: red for diamonds and hearts,
    purple for the joker, black for the rest.

    >>> from euchre.engine.cards import parse_card
    >>> card_ink(parse_card("Td")) == CARD_RED, card_ink(parse_card("As")) == CARD_BLACK
    (True, True)
    """
    if c == BENNY:
        return CARD_BENNY
    suit = card_suit(c)
    return CARD_RED if suit >= 0 and is_red(suit) else CARD_BLACK


def card_text(c: Card, *, dim: bool = False, mark: bool = False, width: int = 4) -> Text:
    """A card face on paper: red or black on white (``dim``: grey, ``mark``: gold and
    underlined)."""
    face = card_face(c).rjust(3).center(width)
    ink = card_ink(c)
    if dim:
        return Text(face, style="#8a8a8a on #3a3a3a")
    if mark:
        return Text(face, style=f"bold underline {ink} on #ffd75f")
    return Text(face, style=f"bold {ink} on {CARD_PAPER}")


def card_back(count: int) -> Text:
    """Face-down cards: one small blue block each."""
    return Text(" ".join("▆" * count), style="#3b6fd6")

"""Cards and suits as coloured text for the terminal (Rich ``Text``, no Textual).

>>> from euchre.cards import parse_card
>>> card_face(parse_card("Td"))
'10♦'
>>> card_text(parse_card("Jh")).plain
' J♥ '
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from euchre.cards import BENNY, UNKNOWN, Card, card_rank, card_suit, suit_name

__all__ = [
    "RED",
    "card_back",
    "card_face",
    "card_text",
    "is_red",
    "suit_style",
    "suit_text",
]

RED: Final = "#e0203a"
"""Hearts and diamonds on a dark background."""
CARD_RED: Final = "#c8102e"
CARD_BLACK: Final = "#101010"
CARD_PAPER: Final = "#f4f1e8"
_RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
SYMBOLS: Final = "♣♦♥♠"


def is_red(suit: int) -> bool:
    """Diamonds and hearts are red."""
    return suit in (1, 2)


def card_face(c: Card) -> str:
    """A card for people: ``10♦``, ``J♥``; the joker is ``Jkr``."""
    if c == BENNY:
        return "Jkr"
    if c == UNKNOWN:
        return "?"
    return _RANKS[card_rank(c)] + SYMBOLS[card_suit(c)]


def suit_style(suit: int | None) -> str:
    """The style of a suit symbol on the screen's dark background."""
    if suit is None:
        return ""
    return f"bold {RED}" if is_red(suit) else "bold"


def suit_text(suit: int, long: bool = False) -> Text:
    """A suit symbol (and its name when ``long``), coloured."""
    label = SYMBOLS[suit] + (f" {suit_name(suit)}" if long else "")
    return Text(label, style=suit_style(suit))


def card_text(c: Card, *, dim: bool = False, mark: bool = False, width: int = 4) -> Text:
    """A card face on paper: red or black on white (``dim``: grey, ``mark``: gold)."""
    face = card_face(c).rjust(3).center(width)
    suit = card_suit(c)
    ink = CARD_RED if suit >= 0 and is_red(suit) else CARD_BLACK
    if c == BENNY:
        ink = "#7a1fa2"
    paper = "#ffd75f" if mark else CARD_PAPER
    if dim:
        return Text(face, style="#8a8a8a on #3a3a3a")
    return Text(face, style=f"bold {ink} on {paper}")


def card_back(count: int) -> Text:
    """Face-down cards: one small blue block each."""
    return Text(" ".join("▆" * count), style="#3b6fd6")

"""The typed errors a person can cause.

Every error the library raises on bad input derives from :class:`EuchreError`, so a
user interface can catch one type and show its message as one clear line.

>>> from euchre.cards import parse_card
>>> try:
...     parse_card("Zq")
... except EuchreError as error:
...     print(type(error).__name__)
CardError
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "CardError",
    "EuchreError",
    "IllegalActionError",
    "RecordError",
    "RulesError",
]


class EuchreError(Exception):
    """Base class of every error caused by bad input (cards, rules, actions, files)."""


class CardError(EuchreError, ValueError):
    """Text that is not a card or a suit, or a card that is not in the deck."""


class RulesError(EuchreError, ValueError):
    """An unknown option, a bad value, or an impossible combination of options."""


class ActionError(EuchreError, ValueError):
    """Text that does not parse as an action."""


class IllegalActionError(EuchreError, ValueError):
    """An action that is not legal now; the game state is left unchanged.

    ``reason`` says why in a few words (``must follow hearts``) and ``legal`` holds the
    actions that were legal.
    """

    def __init__(self, message: str, *, reason: str = "", legal: tuple[object, ...] = ()):
        super().__init__(message)
        self.reason = reason or message
        self.legal = legal


class RecordError(EuchreError, ValueError):
    """A game record (native JSON or EGN) that cannot be read or does not replay."""

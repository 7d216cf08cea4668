"""The typed errors a person can cause.

Every error the library raises on bad input derives from :class:`EuchreError`, so a
user interface can catch one type and show its message as one clear line.

>>> from euchre.engine.cards import parse_card
>>> try:
...     parse_card("Zq")
... except EuchreError as error:
...     print(type(error).__name__)
CardError
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "ActionError",
    "CardError",
    "EuchreError",
    "IllegalActionError",
    "Reason",
    "RecordError",
    "RulesError",
]


class Reason(StrEnum):
    """Why the engine refuses an action: a code for programs, beside the message for
    people (:attr:`IllegalActionError.code`). A face words the refusal from the code and
    the error's ``seat``, ``card`` and ``suit``, never by parsing the message."""

    NOT_YOUR_TURN = "not_your_turn"
    """``seat`` tried to act out of turn."""
    WRONG_DECISION = "wrong_decision"
    """The action is not the kind of decision asked now (a bid while playing, ...)."""
    NOT_HELD = "not_held"
    """``seat`` does not hold ``card`` (to play it, or to discard it)."""
    MUST_FOLLOW = "must_follow"
    """``seat`` must follow ``suit``, the suit led."""
    DEALER_STUCK = "dealer_stuck"
    """Stick the dealer: the dealer may not pass in round two."""
    TURNED_DOWN = "turned_down"
    """``suit`` was turned down in round one and can't be named."""
    MUST_TAKE_UPCARD = "must_take_upcard"
    """The dealer must keep the upcard, so may not discard it."""
    NO_UNKNOWN_CARD = "no_unknown_card"
    """A record's unknown card was discarded by a dealer who holds none."""
    NOT_ALLOWED = "not_allowed"
    """The rules do not allow this bid, call or declaration now (too low a bid, a hand
    that does not qualify, a card that may not be laid away, ...)."""
    GAME_OVER = "game_over"
    """The game is over: nothing is legal."""


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

    ``reason`` says why in a few words (``must follow hearts``), ``code`` says it for
    programs (a :class:`Reason`), ``seat``, ``card`` and ``suit`` name what it is about
    (or are ``None``) and ``legal`` holds the actions that were legal.
    """

    def __init__(
        self,
        message: str,
        *,
        reason: str = "",
        legal: tuple[object, ...] = (),
        code: Reason = Reason.WRONG_DECISION,
        seat: int | None = None,
        card: int | None = None,
        suit: int | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason or message
        self.legal = legal
        self.code = code
        self.seat = seat
        self.card = card
        self.suit = suit


class RecordError(EuchreError, ValueError):
    """A game record (native JSON or EGN) that cannot be read or does not replay."""

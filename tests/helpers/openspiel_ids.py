"""OpenSpiel's ``euchre`` numbering of cards and actions, for the tests that play the
same deal in OpenSpiel and in our engine."""

from __future__ import annotations

from euchre.engine.actions import KIND_ALONE, KIND_CALL, KIND_ORDER, KIND_PASS, Action
from euchre.engine.cards import card_suit
from euchre.envs.encoders import openspiel_card as os_card

__all__ = ["os_action", "os_card"]


def os_action(action: Action, upcard: int) -> int:
    """OpenSpiel's euchre id of one of our actions (round one's order names the
    upcard's suit)."""
    kind = action.kind
    if kind == KIND_PASS:
        return 24
    if kind == KIND_ORDER:
        return 25 + card_suit(upcard)
    if kind == KIND_CALL:
        suit: int = action.suit  # type: ignore[attr-defined]
        return 25 + suit
    if kind == KIND_ALONE:
        return 29 if action.alone else 30  # type: ignore[attr-defined]
    return os_card(action.card)  # type: ignore[attr-defined]

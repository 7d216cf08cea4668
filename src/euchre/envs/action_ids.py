"""The environments' action ids: one fixed numbering of every decision of every form.

A reinforcement-learning environment offers a ``Discrete`` action space of
:data:`NUM_ACTIONS` ids and a mask of the legal ones; this table turns an id into the
engine's :class:`~euchre.engine.actions.Action` and back. It never changes within a version
(``v0``): a policy trained on it keeps its meaning.

=============  =====================================================================
ids            decision
=============  =====================================================================
0              ``pass``
1              ``order``
2, 3           ``alone``, ``stay``
4 to 8         ``call`` clubs, diamonds, hearts, spades, no-trump
9 to 18        ``bid`` 1 to 6, misère, Nap, Wellington, Blücher
19, 20         ``best``, ``decline`` (the partner's best card)
21             ``throw in``
22 to 74       ``play`` card code 0 to 52
75 to 127      ``discard`` card code 0 to 52
128 to 180     ``give`` card code 0 to 52
181 to 236     ``farmer`` with three of the eight 9s and 10s (56 ids)
237 to 1376    ``under`` with three of the twenty cards a hand going under may hold
               (7s to 10s and aces; 1,140 ids)
=============  =====================================================================

The three cards of a declaration are numbered in the order of
:func:`itertools.combinations` over the cards in ascending code. Card codes are
:mod:`euchre.engine.cards`' (the Benny is 32; Napoleon's low cards 33 to 52).

>>> from euchre.engine.actions import PASS, parse_action
>>> action_id(PASS), action_of(4)
(0, Call(suit=parse_suit('c')))
>>> action_of(action_id(parse_action("under 9c Tc Ac")))
parse_action('under 9c Tc Ac')
>>> NUM_ACTIONS
1377
>>> PASS_ID, ORDER_ID, ALONE_ID, STAY_ID, CALL_BASE, PLAY_BASE, DISCARD_BASE, GIVE_BASE
(0, 1, 2, 3, 4, 22, 75, 128)
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN_HAND,
    Action,
    Declare,
)
from euchre.engine.cards import BENNY, JACK, KING, NINE, NUM_CARD_CODES, QUEEN, TEN, card_rank
from euchre.errors import ActionError

__all__ = [
    "ACTIONS",
    "ALONE_ID",
    "CALL_BASE",
    "DISCARD_BASE",
    "GIVE_BASE",
    "NUM_ACTIONS",
    "ORDER_ID",
    "PASS_ID",
    "PLAY_BASE",
    "STAY_ID",
    "action_id",
    "action_of",
    "mask_of_actions",
]

_FARMER_CARDS: Final = tuple(c for c in range(BENNY) if card_rank(c) in (NINE, TEN))
_UNDER_CARDS: Final = tuple(c for c in range(BENNY) if card_rank(c) not in (JACK, QUEEN, KING))

ACTIONS: Final[tuple[Action, ...]] = (
    PASS, ORDER, ALONE, STAY, *CALL, *(BID[v] for v in sorted(BID)), BEST, DECLINE,
    THROW_IN_HAND,
    *PLAY[:NUM_CARD_CODES], *DISCARD[:NUM_CARD_CODES], *GIVE[:NUM_CARD_CODES],
    *(Declare(FARMER, three) for three in combinations(_FARMER_CARDS, 3)),
    *(Declare(GO_UNDER, three) for three in combinations(_UNDER_CARDS, 3)),
)
"""Every action, by id."""

NUM_ACTIONS: Final = len(ACTIONS)
"""The size of the action space."""

_IDS: Final[dict[Action, int]] = {action: i for i, action in enumerate(ACTIONS)}

# The id of each action without an argument, and where each run of ids by card or by
# suit starts: for code that works on ids alone (the batched simulator, compiled code
# that reads them as constants).
PASS_ID: Final = _IDS[PASS]
"""The id of ``pass``."""
ORDER_ID: Final = _IDS[ORDER]
"""The id of ``order``."""
ALONE_ID: Final = _IDS[ALONE]
"""The id of ``alone``."""
STAY_ID: Final = _IDS[STAY]
"""The id of ``stay``."""
CALL_BASE: Final = _IDS[CALL[0]]
"""The id of ``call`` clubs (a suit's call is ``CALL_BASE + suit``, no-trump's
``CALL_BASE + 4``)."""
PLAY_BASE: Final = _IDS[PLAY[0]]
"""The id of ``play`` card 0 (a card's play is ``PLAY_BASE + code``)."""
DISCARD_BASE: Final = _IDS[DISCARD[0]]
"""The id of ``discard`` card 0 (a card's discard is ``DISCARD_BASE + code``)."""
GIVE_BASE: Final = _IDS[GIVE[0]]
"""The id of ``give`` card 0 (a card's give is ``GIVE_BASE + code``)."""


def action_id(action: Action) -> int:
    """The id of ``action``; :class:`~euchre.errors.ActionError` for one no environment
    offers (a card a record does not show, a declaration of cards no hand can hold)."""
    try:
        return _IDS[action]
    except KeyError:
        raise ActionError(f"{action} has no action id") from None


def action_of(action: int) -> Action:
    """The action of an id; :class:`~euchre.errors.ActionError` for an id out of range."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise ActionError(f"an action id is a whole number from 0 to {NUM_ACTIONS - 1}, "
                          f"not {action!r}")
    return ACTIONS[action]


def mask_of_actions(actions: list[Action]) -> list[int]:
    """The ids of ``actions`` (the legal ones, from :meth:`Game.legal_actions
    <euchre.engine.game.Game.legal_actions>`), ascending."""
    return sorted(_IDS[a] for a in actions)

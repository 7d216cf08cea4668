"""Actions: one small frozen type per decision, with a text form that round-trips.

=============  ==============  ==================================================
type           text            decision
=============  ==============  ==================================================
``Pass()``     ``pass``        pass in either bidding round
``Order()``    ``order``       accept the upcard's suit (order up, assist, accept)
``Discard(c)`` ``discard 9c``  the dealer's exchange: the card laid away
``Call(s)``    ``call h``      name a trump suit in round two
``GoAlone(b)`` ``alone``,      go alone, or not (``stay``)
               ``stay``
``Play(c)``    ``play Jd``     play a card
=============  ==============  ==================================================

>>> parse_action("Discard 10C")
Discard(card=parse_card('Tc'))
>>> str(parse_action("call ♥"))
'call h'
>>> all(str(parse_action(str(a))) == str(a) for a in [PASS, ORDER, ALONE, STAY])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from euchre.cards import (
    NUM_CARD_CODES,
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    parse_card,
    parse_suit,
)
from euchre.errors import ActionError, CardError

__all__ = [
    "ALONE",
    "CALL",
    "DISCARD",
    "ORDER",
    "PASS",
    "PLAY",
    "STAY",
    "Action",
    "Call",
    "Discard",
    "GoAlone",
    "Order",
    "Pass",
    "Play",
    "parse_action",
]

KIND_PASS: Final = 0
KIND_ORDER: Final = 1
KIND_DISCARD: Final = 2
KIND_CALL: Final = 3
KIND_ALONE: Final = 4
KIND_PLAY: Final = 5


def _check_card(c: object) -> None:
    if type(c) is not int or not UNKNOWN <= c < NUM_CARD_CODES:
        raise ActionError(f"a card is a code from 0 to {NUM_CARD_CODES - 1} (or -1), not {c!r}")


class Action:
    """Base class of every action; ``str(action)`` is its text form."""

    __slots__ = ()
    kind: ClassVar[int]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass, in round one or round two of the bidding."""

    kind: ClassVar[int] = KIND_PASS

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Accept the upcard's suit as trump in round one (order up, assist, accept)."""

    kind: ClassVar[int] = KIND_ORDER

    def __str__(self) -> str:
        return "order"

    def __repr__(self) -> str:
        return "Order()"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The dealer's exchange: the card laid away face down (the upcard itself declines it)."""

    card: Card
    kind: ClassVar[int] = KIND_DISCARD

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Discard(card=parse_card({card_name(self.card)!r}))"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Name a trump suit in round two."""

    suit: int
    kind: ClassVar[int] = KIND_CALL

    def __post_init__(self) -> None:
        if type(self.suit) is not int or not 0 <= self.suit < 4:
            raise ActionError(f"a suit is 0 to 3 (c, d, h, s), not {self.suit!r}")

    def __str__(self) -> str:
        return f"call {SUIT_CHARS[self.suit]}"

    def __repr__(self) -> str:
        return f"Call(suit=parse_suit({SUIT_CHARS[self.suit]!r}))"


@dataclass(frozen=True, slots=True)
class GoAlone(Action):
    """Go alone (``alone``) or play with the partner (``stay``)."""

    alone: bool
    kind: ClassVar[int] = KIND_ALONE

    def __str__(self) -> str:
        return "alone" if self.alone else "stay"

    def __repr__(self) -> str:
        return f"GoAlone(alone={self.alone})"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the current trick."""

    card: Card
    kind: ClassVar[int] = KIND_PLAY

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Play(card=parse_card({card_name(self.card)!r}))"


PASS: Final = Pass()
ORDER: Final = Order()
ALONE: Final = GoAlone(True)
STAY: Final = GoAlone(False)
PLAY: Final = (*tuple(Play(c) for c in range(NUM_CARD_CODES)), Play(UNKNOWN))
"""``PLAY[c]`` is the shared ``Play(c)``; ``PLAY[-1]`` plays an unknown card."""
DISCARD: Final = (*tuple(Discard(c) for c in range(NUM_CARD_CODES)), Discard(UNKNOWN))
"""``DISCARD[c]`` is the shared ``Discard(c)``; ``DISCARD[-1]`` discards an unknown card."""
CALL: Final = tuple(Call(s) for s in range(4))
"""``CALL[s]`` is the shared ``Call(s)``."""

_WORDS: Final[dict[str, Action]] = {
    "pass": PASS,
    "p": PASS,
    "order": ORDER,
    "order up": ORDER,
    "accept": ORDER,
    "assist": ORDER,
    "pick up": ORDER,
    "pickup": ORDER,
    "alone": ALONE,
    "go alone": ALONE,
    "stay": STAY,
    "not alone": STAY,
}
_HELP: Final = (
    "actions are: pass, order, discard CARD, call SUIT, alone, stay, play CARD "
    "(for example 'play Jd' or 'call h')"
)


def parse_action(text: str) -> Action:
    """Parse an action leniently (any case; ``accept`` and ``assist`` mean ``order``).

    A card alone means playing it.

    >>> parse_action("PLAY 10♦")
    Play(card=parse_card('Td'))
    >>> parse_action("Jd")
    Play(card=parse_card('Jd'))
    >>> parse_action("bid 3")
    Traceback (most recent call last):
    ...
    euchre.errors.ActionError: unknown action 'bid 3': actions are: pass, order, discard CARD, ...
    """
    words = text.strip().lower().split()
    joined = " ".join(words)
    if joined in _WORDS:
        return _WORDS[joined]
    try:
        if len(words) == 2 and words[0] in ("play", "discard"):
            c = parse_card(words[1])
            return PLAY[c] if words[0] == "play" else DISCARD[c]
        if len(words) == 2 and words[0] in ("call", "name"):
            return CALL[parse_suit(words[1])]
        if len(words) == 1:
            return PLAY[parse_card(words[0])]
    except CardError as error:
        raise ActionError(f"unknown action {text!r}: {error}") from None
    raise ActionError(f"unknown action {text!r}: {_HELP}")

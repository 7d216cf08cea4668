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
``Bid(n)``     ``bid 3``,      bid for tricks (Hasenpfeffer, Napoleon), or
               ``bid nap``     Napoleon's misère, Nap, Wellington, Blücher
``Declare``    ``farmer 9c     a pre-bid declaration: a farmer's hand or going
               9d Th``,        under (the three cards swapped for the kitty's),
               ``throw in``    or a throw-in hand
``Best(b)``    ``best``,       a lone player calls for the partner's best card, or
               ``decline``     not
``Give(c)``    ``give Ah``     the partner passes the lone player a card
=============  ==============  ==================================================

``call n`` (``Call(4)``) calls no-trump, where the rules allow it.

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

from euchre.engine.cards import (
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
    "BEST",
    "BID",
    "BLUCHER",
    "CALL",
    "DECLINE",
    "DISCARD",
    "GIVE",
    "MISERE",
    "NAP",
    "NO_TRUMP",
    "ORDER",
    "PASS",
    "PLAY",
    "STAY",
    "THROW_IN_HAND",
    "WELLINGTON",
    "Action",
    "Best",
    "Bid",
    "Call",
    "Declare",
    "Discard",
    "Give",
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
KIND_BID: Final = 6
KIND_DECLARE: Final = 7
KIND_BEST: Final = 8
KIND_GIVE: Final = 9

NO_TRUMP: Final = 4
"""The pseudo-suit of a no-trump call (``call n``)."""
MISERE: Final = 20
"""Napoleon's misère as a :class:`Bid` (win no trick)."""
NAP: Final = 21
"""Napoleon's Nap: all five tricks."""
WELLINGTON: Final = 22
"""Napoleon's Wellington: all five tricks, over a Nap."""
BLUCHER: Final = 23
"""Napoleon's Blücher: all five tricks, over a Wellington."""
BID_WORDS: Final = {MISERE: "misere", NAP: "nap", WELLINGTON: "wellington", BLUCHER: "blucher"}
"""The text of each named bid (other bids are a number of tricks)."""


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
        if type(self.suit) is not int or not 0 <= self.suit <= NO_TRUMP:
            raise ActionError(f"a suit is 0 to 3 (c, d, h, s), or 4 for no-trump, "
                              f"not {self.suit!r}")

    def __str__(self) -> str:
        return f"call {_CALL_CHARS[self.suit]}"

    def __repr__(self) -> str:
        if self.suit == NO_TRUMP:
            return "Call(suit=4)"
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


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A bid: a number of tricks (1 to 6), or one of Napoleon's named bids
    (:data:`MISERE`, :data:`NAP`, :data:`WELLINGTON`, :data:`BLUCHER`)."""

    value: int
    kind: ClassVar[int] = KIND_BID

    def __post_init__(self) -> None:
        if type(self.value) is not int or not (1 <= self.value <= 6 or self.value in BID_WORDS):
            raise ActionError(f"a bid is 1 to 6 tricks, misere, nap, wellington or blucher, "
                              f"not {self.value!r}")

    def __str__(self) -> str:
        return f"bid {BID_WORDS.get(self.value, self.value)}"

    def __repr__(self) -> str:
        return f"Bid(value={self.value})"


FARMER: Final = "farmer"
GO_UNDER: Final = "under"
THROW_IN: Final = "throw in"
_DECLARATIONS: Final = (FARMER, GO_UNDER, THROW_IN)


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """A pre-bid declaration (RULES-forms.md §19.3): a farmer's hand (``what`` is
    ``"farmer"``, ``cards`` the three 9s and 10s shown and swapped), going under
    (``"under"``, the three cards swapped), or a throw-in hand (``"throw in"``)."""

    what: str
    cards: tuple[Card, ...] = ()
    kind: ClassVar[int] = KIND_DECLARE

    def __post_init__(self) -> None:
        if self.what not in _DECLARATIONS:
            raise ActionError(f"a declaration is farmer, under or throw in, not {self.what!r}")
        want = 0 if self.what == THROW_IN else 3
        if type(self.cards) is not tuple or len(self.cards) != want:
            raise ActionError(f"{self.what} names {want} cards, not {self.cards!r}")
        for c in self.cards:
            _check_card(c)
        if len(set(self.cards)) != len(self.cards):
            raise ActionError(f"{self.what} names three different cards")
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return " ".join((self.what, *(card_name(c) for c in self.cards)))

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Best(Action):
    """A lone player calls for the partner's best card (``best``), or not (``decline``)."""

    call: bool
    kind: ClassVar[int] = KIND_BEST

    def __str__(self) -> str:
        return "best" if self.call else "decline"

    def __repr__(self) -> str:
        return f"Best(call={self.call})"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """The lone player's partner passes one card face down to the lone player."""

    card: Card
    kind: ClassVar[int] = KIND_GIVE

    def __post_init__(self) -> None:
        _check_card(self.card)

    def __str__(self) -> str:
        return f"give {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Give(card=parse_card({card_name(self.card)!r}))"


PASS: Final = Pass()
ORDER: Final = Order()
ALONE: Final = GoAlone(True)
STAY: Final = GoAlone(False)
PLAY: Final = (*tuple(Play(c) for c in range(NUM_CARD_CODES)), Play(UNKNOWN))
"""``PLAY[c]`` is the shared ``Play(c)``; ``PLAY[-1]`` plays an unknown card."""
DISCARD: Final = (*tuple(Discard(c) for c in range(NUM_CARD_CODES)), Discard(UNKNOWN))
"""``DISCARD[c]`` is the shared ``Discard(c)``; ``DISCARD[-1]`` discards an unknown card."""
CALL: Final = tuple(Call(s) for s in range(5))
"""``CALL[s]`` is the shared ``Call(s)`` (``CALL[4]``: no-trump)."""
BID: Final = {v: Bid(v) for v in (*range(1, 7), *BID_WORDS)}
"""``BID[v]`` is the shared ``Bid(v)``."""
GIVE: Final = (*tuple(Give(c) for c in range(NUM_CARD_CODES)),)
"""``GIVE[c]`` is the shared ``Give(c)``."""
BEST: Final = Best(True)
DECLINE: Final = Best(False)
THROW_IN_HAND: Final = Declare(THROW_IN)
_CALL_CHARS: Final = SUIT_CHARS + "n"

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
    "best": BEST,
    "call best": BEST,
    "decline": DECLINE,
    "no best": DECLINE,
    "throw in": THROW_IN_HAND,
    "throw-in": THROW_IN_HAND,
    "call n": CALL[NO_TRUMP],
    "no trump": CALL[NO_TRUMP],
    "no-trump": CALL[NO_TRUMP],
    "call no trump": CALL[NO_TRUMP],
}
_BID_NAMES: Final = {
    **{str(v): v for v in range(1, 7)},
    **{word: v for v, word in BID_WORDS.items()},
    "misère": MISERE, "blücher": BLUCHER, "napoleon": NAP,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
}
_HELP: Final = (
    "actions are: pass, order, discard CARD, call SUIT, alone, stay, play CARD, bid N, "
    "farmer CARDS, under CARDS, throw in, best, decline, give CARD "
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
    Bid(value=3)
    >>> parse_action("raise 3")
    Traceback (most recent call last):
    ...
    euchre.errors.ActionError: unknown action 'raise 3': actions are: pass, order, discard CARD, ...
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
        if len(words) == 2 and words[0] == "bid":
            if words[1] not in _BID_NAMES:
                raise ActionError(f"unknown action {text!r}: a bid is a number of tricks "
                                  f"(1 to 6), misere, nap, wellington or blucher")
            return BID[_BID_NAMES[words[1]]]
        if len(words) == 2 and words[0] == "give":
            return GIVE[parse_card(words[1])]
        if len(words) == 4 and words[0] in (FARMER, GO_UNDER, "go_under", "farmers"):
            what = FARMER if words[0].startswith("farmer") else GO_UNDER
            return Declare(what, tuple(parse_card(w) for w in words[1:]))
        if len(words) == 5 and words[:2] == ["go", "under"]:
            return Declare(GO_UNDER, tuple(parse_card(w) for w in words[2:]))
        if len(words) == 1:
            return PLAY[parse_card(words[0])]
    except CardError as error:
        raise ActionError(f"unknown action {text!r}: {error}") from None
    raise ActionError(f"unknown action {text!r}: {_HELP}")

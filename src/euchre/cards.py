"""Cards as small ints, sets of cards as int bitmasks, and the per-trump tables.

A card is ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 and ranks
``7 8 9 T J Q K A`` = 0..7; the joker (the *Benny*) is 32. A set of cards is an int
whose bit ``c`` is set when card ``c`` is in it; :class:`CardSet` wraps such a mask in
the whole ``set`` protocol. Every table that depends on the trump suit is built once,
at import.

>>> parse_card("J♦") == card(JACK, DIAMONDS)
True
>>> card_name(parse_card("10h"))
'Th'
>>> effective_suit(parse_card("Jd"), HEARTS) == HEARTS   # the left bower is trump
True
>>> CardSet.parse("9c jd AH")
CardSet.parse('9c Jd Ah')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import Final

from euchre.errors import CardError

__all__ = [
    "ACE",
    "BENNY",
    "CLUBS",
    "DECKS",
    "DIAMONDS",
    "EIGHT",
    "HEARTS",
    "JACK",
    "KING",
    "NINE",
    "QUEEN",
    "RANK_CHARS",
    "SEVEN",
    "SPADES",
    "SUITS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "TEN",
    "UNKNOWN",
    "Card",
    "CardSet",
    "card",
    "card_name",
    "card_rank",
    "card_suit",
    "card_symbol",
    "cards_of",
    "deck_has_benny",
    "deck_lowest_rank",
    "deck_mask",
    "effective_suit",
    "effective_suit_mask",
    "left_bower",
    "mask_of",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "power",
    "same_colour",
    "sort_cards",
    "suit_name",
    "trick_winner_index",
    "trump_mask",
]

Card = int
"""A card: ``suit * 8 + rank``, or :data:`BENNY` (32), or :data:`UNKNOWN` (-1)."""

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

SEVEN: Final = 0
EIGHT: Final = 1
NINE: Final = 2
TEN: Final = 3
JACK: Final = 4
QUEEN: Final = 5
KING: Final = 6
ACE: Final = 7
RANK_CHARS: Final = "789TJQKA"

BENNY: Final = 32
"""The joker of the 25-card deck: always the highest trump."""
UNKNOWN: Final = -1
"""A card whose face a record does not show (``X`` in text)."""

NUM_CARD_CODES: Final = 33


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (``NINE`` .. ``ACE``, or ``SEVEN``/``EIGHT``) in ``suit``.

    >>> card_name(card(ACE, SPADES))
    'As'
    """
    return suit * 8 + rank


def card_suit(c: Card) -> int:
    """The printed suit of a card (the Benny has none: -1).

    >>> card_suit(parse_card("Jd")) == DIAMONDS
    True
    """
    return -1 if c >= BENNY or c < 0 else c >> 3


def card_rank(c: Card) -> int:
    """The printed rank of a card (-1 for the Benny)."""
    return -1 if c >= BENNY or c < 0 else c & 7


def same_colour(suit: int) -> int:
    """The other suit of the same colour (clubs and spades, diamonds and hearts).

    >>> same_colour(HEARTS) == DIAMONDS
    True
    """
    return 3 - suit


def left_bower(trump: int) -> Card:
    """The jack of the other suit of trump's colour, which belongs to trump."""
    return card(JACK, same_colour(trump))


def suit_name(suit: int) -> str:
    """The English name of a suit: ``'hearts'``."""
    return SUIT_NAMES[suit]


def card_name(c: Card) -> str:
    """The canonical text of a card: rank then suit, ``'Td'``; ``'B'``; ``'X'``."""
    if c == BENNY:
        return "B"
    if c == UNKNOWN:
        return "X"
    return RANK_CHARS[c & 7] + SUIT_CHARS[c >> 3]


def card_symbol(c: Card) -> str:
    """The text of a card for people, with a suit symbol: ``'T♦'``."""
    if c in (BENNY, UNKNOWN):
        return card_name(c)
    return RANK_CHARS[c & 7] + SUIT_SYMBOLS[c >> 3]


_SUIT_ALIASES: Final = {
    **{ch: i for i, ch in enumerate(SUIT_CHARS)},
    **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
    **{ch: i for i, ch in enumerate("♧♢♡♤")},
    **{name: i for i, name in enumerate(SUIT_NAMES)},
    **{name[:-1]: i for i, name in enumerate(SUIT_NAMES)},
}
_RANK_ALIASES: Final = {
    **{ch: i for i, ch in enumerate(RANK_CHARS)},
    "10": TEN,
    "N": NINE,
}
_BENNY_ALIASES: Final = frozenset({"B", "BENNY", "JOKER", "JK"})
_CARD_HELP: Final = (
    "a card is a rank (9 T J Q K A, or 10, 7, 8) and a suit (c d h s or ♣ ♦ ♥ ♠), "
    "like 'Jd' or '10♥'; the joker is 'B'"
)


def parse_suit(text: str) -> int:
    """Parse a suit leniently: ``h``, ``H``, ``♥``, ``hearts``.

    >>> parse_suit("♠") == SPADES
    True
    """
    key = text.strip().lower()
    if key in _SUIT_ALIASES:
        return _SUIT_ALIASES[key]
    raise CardError(f"unknown suit {text!r}: a suit is one of c d h s (or ♣ ♦ ♥ ♠)")


def parse_card(text: str) -> Card:
    """Parse a card leniently (any case, ``10`` for ``T``, suit symbols).

    ``X`` gives :data:`UNKNOWN`, for records that do not show a card.

    >>> card_name(parse_card(" qS "))
    'Qs'
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    euchre.errors.CardError: unknown card '1h': a card is a rank (9 T J Q K A, or 10, 7, 8) ...
    """
    key = text.strip()
    upper = key.upper()
    if upper in _BENNY_ALIASES:
        return BENNY
    if upper == "X":
        return UNKNOWN
    if len(key) >= 2:
        rank = _RANK_ALIASES.get(upper[:-1])
        suit = _SUIT_ALIASES.get(key[-1].lower())
        if rank is not None and suit is not None:
            return card(rank, suit)
    raise CardError(f"unknown card {text!r}: {_CARD_HELP}")


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas.

    >>> [card_name(c) for c in parse_cards("9c, 10d Jh")]
    ['9c', 'Td', 'Jh']
    """
    return [parse_card(part) for part in text.replace(",", " ").split()]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some (known) cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in ascending order of their ints."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SUIT_MASK: Final = tuple(0xFF << (8 * s) for s in SUITS)

DECKS: Final[dict[int, tuple[int, bool]]] = {
    24: (NINE, False),
    25: (NINE, True),
    28: (NINE - 1, False),
    29: (NINE - 1, True),
    32: (NINE - 2, False),
    33: (NINE - 2, True),
}
"""Each deck size: its lowest rank (9, 8 or 7, up to the ace in every suit) and whether
it adds the Benny (RULES-forms.md §13)."""

_DECK_MASKS: Final = {
    size: sum((0xFF & ~((1 << low) - 1)) << (8 * s) for s in SUITS) | (benny << BENNY)
    for size, (low, benny) in DECKS.items()
}


def deck_mask(size: int) -> int:
    """The mask of a deck of ``size`` cards (:data:`DECKS`).

    >>> len(CardSet(deck_mask(25))), len(CardSet(deck_mask(29))), BENNY in CardSet(deck_mask(29))
    (25, 29, True)
    """
    mask = _DECK_MASKS.get(size)
    if mask is None:
        raise CardError(f"unknown deck size {size}: the deck has "
                        f"{', '.join(map(str, DECKS))} cards")
    return mask


def deck_has_benny(size: int) -> bool:
    """Whether a deck of ``size`` cards has the Benny."""
    return DECKS[size][1]


def deck_lowest_rank(size: int) -> int:
    """The lowest rank of a deck of ``size`` cards (9, 8 or 7)."""
    return DECKS[size][0]


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[int, ...], ...], ...],
]:
    effective: list[tuple[int, ...]] = []
    suit_masks: list[tuple[int, ...]] = []
    powers: list[tuple[int, ...]] = []
    keys: list[tuple[tuple[int, ...], ...]] = []
    for trump in SUITS:
        left = left_bower(trump)
        eff = [card_suit(c) for c in range(NUM_CARD_CODES)]
        eff[left] = trump
        eff[BENNY] = trump
        masks = [0, 0, 0, 0]
        for c in range(NUM_CARD_CODES):
            masks[eff[c]] |= 1 << c
        pw = [card_rank(c) for c in range(NUM_CARD_CODES)]
        for c in range(NUM_CARD_CODES):
            if eff[c] == trump:
                pw[c] = 100 + card_rank(c)
        pw[left] = 108
        pw[card(JACK, trump)] = 109
        pw[BENNY] = 110
        key_by_led = []
        for led in SUITS:
            key_by_led.append(
                tuple(
                    pw[c] if eff[c] == trump or eff[c] == led else -1
                    for c in range(NUM_CARD_CODES)
                )
            )
        effective.append(tuple(eff))
        suit_masks.append(tuple(masks))
        powers.append(tuple(pw))
        keys.append(tuple(key_by_led))
    return tuple(effective), tuple(suit_masks), tuple(powers), tuple(keys)


EFFECTIVE_SUIT, SUIT_MASKS, POWER, TRICK_KEY = _build_tables()
"""Tables per trump suit ``t``: ``EFFECTIVE_SUIT[t][c]``, the effective suit of card
``c``; ``SUIT_MASKS[t][s]``, the mask of cards whose effective suit is ``s``;
``POWER[t][c]``, the card's strength (trumps from 100 up, the Benny 110);
``TRICK_KEY[t][led][c]``, the strength of ``c`` in a trick led in suit ``led`` (-1 when
it can not win)."""

PLAIN_SUIT_MASKS: Final = _SUIT_MASK
"""The mask of each printed suit, before trump is known (the Benny is in none)."""


def effective_suit(c: Card, trump: int) -> int:
    """The suit a card belongs to once ``trump`` is known (bowers and Benny: trump)."""
    return EFFECTIVE_SUIT[trump][c]


def effective_suit_mask(suit: int, trump: int) -> int:
    """The mask of the cards whose effective suit is ``suit`` under ``trump``."""
    return SUIT_MASKS[trump][suit]


def trump_mask(trump: int) -> int:
    """The mask of all trumps (bowers and Benny included) under ``trump``."""
    return SUIT_MASKS[trump][trump]


def power(c: Card, trump: int) -> int:
    """A card's strength under ``trump``: trumps from 100 up, others by rank.

    >>> power(parse_card("Jh"), HEARTS) > power(parse_card("Jd"), HEARTS) > power(
    ...     parse_card("Ah"), HEARTS)
    True
    """
    return POWER[trump][c]


def trick_winner_index(cards: Iterable[Card], trump: int) -> int:
    """The index of the winning card of a trick, given in the order played.

    >>> trick_winner_index(parse_cards("Ac 9c Jd Kc"), HEARTS)  # left bower trumps
    2
    """
    played = list(cards)
    keys = TRICK_KEY[trump][EFFECTIVE_SUIT[trump][played[0]]]
    best = 0
    for i in range(1, len(played)):
        if keys[played[i]] > keys[played[best]]:
            best = i
    return best


def sort_cards(cards: Iterable[Card], trump: int | None = None) -> list[Card]:
    """Cards sorted for display: trump first in trump order, then suits high to low.

    Before trump is known, suits alternate colours (spades, hearts, clubs, diamonds).

    >>> [card_name(c) for c in sort_cards(parse_cards("9h Jd Ac Jh Ah"), HEARTS)]
    ['Jh', 'Jd', 'Ah', '9h', 'Ac']
    """
    order = [SPADES, HEARTS, CLUBS, DIAMONDS]
    if trump is not None:
        # keep colours alternating after trump where the suits allow it
        rest = [s for s in order if s != trump]
        others = [s for s in rest if s != same_colour(trump)]
        order = [trump, others[0], same_colour(trump), others[1]]

    def key(c: Card) -> tuple[int, int]:
        if trump is None:
            if c == BENNY:
                return (-1, 0)
            return (order.index(c >> 3), -(c & 7))
        suit = EFFECTIVE_SUIT[trump][c]
        return (order.index(suit), -POWER[trump][c])

    return sorted(cards, key=key)


class CardSet(Set[Card]):
    """An immutable set of cards over one int bitmask (the whole ``set`` protocol).

    >>> hand = CardSet.parse("9c Jd Ah")
    >>> parse_card("Jd") in hand, len(hand)
    (True, 3)
    >>> str(hand | CardSet.parse("Ts"))
    '9c Jd Ah Ts'
    >>> hand.mask == mask_of(parse_cards("9c Jd Ah"))
    True
    """

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        if mask < 0:
            raise CardError(f"a card mask is never negative: {mask}")
        self._mask = mask

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> CardSet:
        """The set of some known cards."""
        return cls(mask_of(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or commas (unknown cards are refused)."""
        cards = parse_cards(text)
        if UNKNOWN in cards:
            raise CardError("a set of cards holds known cards only, not 'X'")
        return cls(mask_of(cards))

    @classmethod
    def _from_iterable(cls, it: Iterable[Card]) -> CardSet:  # type: ignore[override]
        return cls(mask_of(it))

    @property
    def mask(self) -> int:
        """The raw bitmask."""
        return self._mask

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 64 and bool(self._mask >> c & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __hash__(self) -> int:
        # equal sets must hash alike, and a CardSet equals the frozenset of its cards
        return hash(frozenset(cards_of(self._mask)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return Set.__eq__(self, other)

    def __and__(self, other: Set[object]) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & other._mask)
        return CardSet.from_cards(c for c in self if c in other)

    def __or__(self, other: Set[Card]) -> CardSet:  # type: ignore[override]
        if isinstance(other, CardSet):
            return CardSet(self._mask | other._mask)
        return CardSet(self._mask | mask_of(other))

    def __sub__(self, other: Set[object]) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & ~other._mask)
        return CardSet.from_cards(c for c in self if c not in other)

    def __xor__(self, other: Set[Card]) -> CardSet:  # type: ignore[override]
        if isinstance(other, CardSet):
            return CardSet(self._mask ^ other._mask)
        return CardSet(self._mask ^ mask_of(other))

    def __bool__(self) -> bool:
        return self._mask != 0

    def __str__(self) -> str:
        return " ".join(card_name(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

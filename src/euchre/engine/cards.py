"""Cards as small ints, sets of cards as int bitmasks, and the tables per trump.

The cards of the Euchre decks are ``suit * 8 + rank`` with suits ``c d h s`` = 0..3 and
ranks ``7 8 9 T J Q K A`` = 0..7 (codes 0..31); the joker (the *Benny*) is 32. The low
cards that only Napoleon's 52-card deck holds, ranks ``2 3 4 5 6`` = 8..12, come after
it: ``33 + suit * 5 + (rank - 8)`` (codes 33..52), so the Euchre codes never changed.
:data:`UNKNOWN` (-1) is a card whose face a record does not show. A set of cards is an
int whose bit ``c`` is set when card ``c`` is in it; :class:`CardSet` wraps such a mask
in the whole ``set`` protocol.

Every table that depends on trump is built once, at import, for each *trump order*
(:data:`TRUMP_ORDERS`): ``"euchre"`` (the bowers and the Benny above the other trumps)
and ``"plain"`` (Napoleon: every suit ranks A K Q .. 3 2, no bowers). Each is indexed by
the trump suit 0..3, or :data:`NO_TRUMP` (4) for a deal without a trump suit.

>>> parse_card("J♦") == card(JACK, DIAMONDS)
True
>>> card_name(parse_card("10h"))
'Th'
>>> effective_suit(parse_card("Jd"), HEARTS) == HEARTS   # the left bower is trump
True
>>> effective_suit(parse_card("Jd"), HEARTS, order="plain") == DIAMONDS  # not in Nap
True
>>> CardSet.parse("9c jd AH 2s")
CardSet.parse('9c Jd Ah 2s')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import Final, NamedTuple, TypeAlias

from euchre.errors import CardError

__all__ = [
    "ACE",
    "BENNY",
    "CLUBS",
    "DECKS",
    "DIAMONDS",
    "EIGHT",
    "EUCHRE_DECKS",
    "FIVE",
    "FOUR",
    "HEARTS",
    "JACK",
    "KING",
    "LOW_BASE",
    "LOW_RANKS",
    "NATURAL",
    "NINE",
    "NO_TRUMP",
    "NO_TRUMP_CHAR",
    "QUEEN",
    "RANK_CHARS",
    "SEVEN",
    "SIX",
    "SPADES",
    "SUITS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "TEN",
    "THREE",
    "TRUMP_ORDERS",
    "TWO",
    "UNKNOWN",
    "Card",
    "CardSet",
    "TrumpTables",
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
    "rank_char",
    "same_colour",
    "sort_cards",
    "suit_char",
    "suit_name",
    "trick_winner_index",
    "trump_mask",
]

Card = int
"""A card: ``suit * 8 + rank`` (7 to ace), :data:`BENNY` (32), ``33 + suit * 5 +
(rank - 8)`` (2 to 6), or :data:`UNKNOWN` (-1)."""

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

NO_TRUMP: Final = 4
"""The pseudo-trump of a deal without a trump suit: the fifth index of every table per
trump (a no-trump call, §19.2; Napoleon's misère). The Benny, if the deck has one, is
then a suit of its own, this one, and the only trump."""
NO_TRUMP_CHAR: Final = "n"
"""How EGN (and ``call n``) writes a no-trump call: :func:`suit_char` of :data:`NO_TRUMP`."""

SEVEN: Final = 0
EIGHT: Final = 1
NINE: Final = 2
TEN: Final = 3
JACK: Final = 4
QUEEN: Final = 5
KING: Final = 6
ACE: Final = 7
TWO: Final = 8
THREE: Final = 9
FOUR: Final = 10
FIVE: Final = 11
SIX: Final = 12
LOW_RANKS: Final = (TWO, THREE, FOUR, FIVE, SIX)
"""The ranks below the 7 (8..12), which only the 52-card deck holds."""
RANK_CHARS: Final = "789TJQKA"
"""The text of the ranks 7 to ace (0..7); :func:`rank_char` names every rank."""
_ALL_RANK_CHARS: Final = RANK_CHARS + "23456"

BENNY: Final = 32
"""The joker of the 25-card deck: always the highest trump."""
UNKNOWN: Final = -1
"""A card whose face a record does not show (``X`` in text)."""

LOW_BASE: Final = 33
"""The code of the 2 of clubs, the first of the low cards (2 to 6) of the 52-card deck."""
NUM_CARD_CODES: Final = 53
"""How many card codes there are (0..52): every table per card has this length."""


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (``SEVEN`` .. ``ACE``, or ``TWO`` .. ``SIX``) in ``suit``.

    >>> card_name(card(ACE, SPADES)), card(TWO, CLUBS), card_name(card(SIX, SPADES))
    ('As', 33, '6s')
    """
    if rank >= TWO:
        return LOW_BASE + suit * 5 + (rank - TWO)
    return suit * 8 + rank


_SUIT_OF: Final = (*(c >> 3 for c in range(BENNY)), -1,
                   *((c - LOW_BASE) // 5 for c in range(LOW_BASE, NUM_CARD_CODES)))
_RANK_OF: Final = (*(c & 7 for c in range(BENNY)), -1,
                   *(TWO + (c - LOW_BASE) % 5 for c in range(LOW_BASE, NUM_CARD_CODES)))


def card_suit(c: Card) -> int:
    """The printed suit of a card (the Benny has none: -1; nor has :data:`UNKNOWN`).

    >>> card_suit(parse_card("Jd")) == DIAMONDS, card_suit(parse_card("2h")) == HEARTS
    (True, True)
    """
    return _SUIT_OF[c] if 0 <= c < NUM_CARD_CODES else -1


def card_rank(c: Card) -> int:
    """The printed rank of a card (-1 for the Benny).

    >>> card_rank(parse_card("9h")) == NINE, card_rank(parse_card("5c")) == FIVE
    (True, True)
    """
    return _RANK_OF[c] if 0 <= c < NUM_CARD_CODES else -1


_NATURAL_OF_RANK: Final = (5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 2, 3, 4)
NATURAL: Final[tuple[int, ...]] = tuple(
    13 if c == BENNY else _NATURAL_OF_RANK[_RANK_OF[c]] for c in range(NUM_CARD_CODES)
)
"""Each card code's strength in a plain suit: the 2 is 0, the 7 is 5, the ace 12; the
Benny 13.

>>> [NATURAL[parse_card(t)] for t in ("2c", "6c", "7c", "Tc", "Jc", "Ac", "B")]
[0, 4, 5, 8, 9, 12, 13]
"""


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
    """The English name of a suit: ``'hearts'``; :data:`NO_TRUMP` is ``'no trump'``.

    >>> suit_name(HEARTS), suit_name(NO_TRUMP)
    ('hearts', 'no trump')
    """
    return "no trump" if suit == NO_TRUMP else SUIT_NAMES[suit]


def suit_char(suit: int) -> str:
    """The letter of a suit, or of a no-trump call: ``'h'``; ``'n'``.

    >>> suit_char(SPADES), suit_char(NO_TRUMP)
    ('s', 'n')
    """
    return NO_TRUMP_CHAR if suit == NO_TRUMP else SUIT_CHARS[suit]


def rank_char(rank: int) -> str:
    """The letter of any rank, 2 to ace: ``'T'``, ``'2'``.

    >>> rank_char(TEN), rank_char(TWO), rank_char(ACE)
    ('T', '2', 'A')
    """
    return _ALL_RANK_CHARS[rank]


def _check_code(c: Card) -> None:
    if not 0 <= c < NUM_CARD_CODES:
        raise CardError(f"not a card code: {c!r} (a card is 0 to {NUM_CARD_CODES - 1}, "
                        f"or {UNKNOWN} for unknown)")


def card_name(c: Card) -> str:
    """The canonical text of a card: rank then suit, ``'Td'``, ``'2c'``; ``'B'``; ``'X'``.

    >>> card_name(parse_card("10d")), card_name(LOW_BASE), card_name(BENNY)
    ('Td', '2c', 'B')
    """
    if c == BENNY:
        return "B"
    if c == UNKNOWN:
        return "X"
    _check_code(c)
    return _ALL_RANK_CHARS[_RANK_OF[c]] + SUIT_CHARS[_SUIT_OF[c]]


def card_symbol(c: Card) -> str:
    """The text of a card for people, with a suit symbol: ``'T♦'``, ``'6♠'``."""
    if c in (BENNY, UNKNOWN):
        return card_name(c)
    _check_code(c)
    return _ALL_RANK_CHARS[_RANK_OF[c]] + SUIT_SYMBOLS[_SUIT_OF[c]]


_SUIT_ALIASES: Final = {
    **{ch: i for i, ch in enumerate(SUIT_CHARS)},
    **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
    **{ch: i for i, ch in enumerate("♧♢♡♤")},
    **{name: i for i, name in enumerate(SUIT_NAMES)},
    **{name[:-1]: i for i, name in enumerate(SUIT_NAMES)},
}
_RANK_ALIASES: Final = {
    **{ch: i for i, ch in enumerate(_ALL_RANK_CHARS)},
    "10": TEN,
    "N": NINE,
}
_BENNY_ALIASES: Final = frozenset({"B", "BENNY", "JOKER", "JK"})
_CARD_HELP: Final = (
    "a card is a rank (9 T J Q K A, or 10, 7, 8, and 2 to 6 in the 52-card deck) and a "
    "suit (c d h s or ♣ ♦ ♥ ♠), like 'Jd' or '10♥'; the joker is 'B'"
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

    >>> card_name(parse_card(" qS ")), card_name(parse_card("2♥"))
    ('Qs', '2h')
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    euchre.errors.CardError: unknown card '1h': a card is a rank (9 T J Q K A, or 10, 7, 8, ...
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

    >>> [card_name(c) for c in parse_cards("9c, 10d Jh 3s")]
    ['9c', 'Td', 'Jh', '3s']
    """
    return [parse_card(part) for part in text.replace(",", " ").split()]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some (known) cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in ascending order of their ints (the low cards, 33..52,
    after the Benny)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


PRINTED_SUIT_MASKS: Final = tuple(
    mask_of(c for c in range(NUM_CARD_CODES) if _SUIT_OF[c] == s) for s in SUITS
)
"""The mask of each printed suit, all 13 ranks, before trump is known (the Benny is in
none)."""

DECKS: Final[dict[int, tuple[int, bool]]] = {
    24: (NINE, False),
    25: (NINE, True),
    28: (EIGHT, False),
    29: (EIGHT, True),
    32: (SEVEN, False),
    33: (SEVEN, True),
    52: (TWO, False),
}
"""Each deck size: its lowest rank and whether it adds the Benny (RULES-forms.md §13).
The lowest rank is 9, 8 or 7 (every rank from it to the ace, in every suit), or
:data:`TWO` for Napoleon's 52 cards (every rank, 2 to ace). Which form takes which deck
is for the rules to say: :data:`EUCHRE_DECKS` are the Euchre forms' decks."""

EUCHRE_DECKS: Final = (24, 25, 28, 29, 32, 33)
"""The deck sizes of the Euchre forms: :data:`DECKS` but Napoleon's 52."""


def _deck_ranks(low: int) -> tuple[int, ...]:
    if low >= TWO:
        return (*range(SEVEN, ACE + 1), *range(low, SIX + 1))
    return tuple(range(low, ACE + 1))


_DECK_MASKS: Final = {
    size: mask_of(card(r, s) for s in SUITS for r in _deck_ranks(low)) | (benny << BENNY)
    for size, (low, benny) in DECKS.items()
}


def deck_mask(size: int) -> int:
    """The mask of a deck of ``size`` cards (:data:`DECKS`).

    >>> len(CardSet(deck_mask(25))), len(CardSet(deck_mask(29))), BENNY in CardSet(deck_mask(29))
    (25, 29, True)
    >>> len(CardSet(deck_mask(52))), BENNY in CardSet(deck_mask(52))
    (52, False)
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
    """The lowest rank of a deck of ``size`` cards: ``NINE``, ``EIGHT`` or ``SEVEN``, or
    ``TWO`` for the 52-card deck.

    >>> [deck_lowest_rank(n) for n in (24, 29, 32, 52)] == [NINE, EIGHT, SEVEN, TWO]
    True
    """
    return DECKS[size][0]


class TrumpTables(NamedTuple):
    """The tables of one trump order, each indexed first by the trump suit ``t`` (0..3,
    or :data:`NO_TRUMP`).

    Every table has 5 rows (``t`` = 0..4); a row per card has :data:`NUM_CARD_CODES`
    entries; :attr:`suit_masks` and :attr:`trick_key` have 5 entries per trump, one per
    effective suit or led suit 0..4 (the fifth, suit 4, is the Benny's own suit under
    no trump, and empty under a trump suit).
    """

    effective: tuple[tuple[int, ...], ...]
    """``effective[t][c]``: the suit card ``c`` belongs to (0..3, or 4 for the Benny
    under no trump)."""
    suit_masks: tuple[tuple[int, ...], ...]
    """``suit_masks[t][s]``: the mask of the cards whose effective suit is ``s``."""
    power: tuple[tuple[int, ...], ...]
    """``power[t][c]``: the card's strength; every trump above every other card."""
    trick_key: tuple[tuple[tuple[int, ...], ...], ...]
    """``trick_key[t][led][c]``: the strength of ``c`` in a trick whose first card has
    effective suit ``led``, or -1 when it can not win it (neither trump nor of ``led``)."""


_TRUMPS: Final = (*SUITS, NO_TRUMP)


def _build_order(bowers: bool) -> TrumpTables:
    """The tables of the ``"euchre"`` order (``bowers``) or of the ``"plain"`` one.

    Euchre: a plain card's power is :data:`NATURAL` (the 2 at 0, the ace 12), a trump's
    95 + NATURAL (the 7 at 100, the ace 107), the left bower 108, the right 109, the Benny
    110. Plain: NATURAL, and a trump 100 + NATURAL (the ace 112, the Benny 113).
    """
    effective: list[tuple[int, ...]] = []
    suit_masks: list[tuple[int, ...]] = []
    powers: list[tuple[int, ...]] = []
    keys: list[tuple[tuple[int, ...], ...]] = []
    for trump in _TRUMPS:
        eff = list(_SUIT_OF)
        eff[BENNY] = trump  # the highest trump, or under no trump its own suit
        has_bowers = bowers and trump != NO_TRUMP
        if has_bowers:
            eff[left_bower(trump)] = trump
        masks = [0] * len(_TRUMPS)
        for c in range(NUM_CARD_CODES):
            masks[eff[c]] |= 1 << c
        base = 95 if bowers else 100
        pw = [base + NATURAL[c] if eff[c] == trump else NATURAL[c]
              for c in range(NUM_CARD_CODES)]
        if has_bowers:
            pw[left_bower(trump)] = 108
            pw[card(JACK, trump)] = 109
        if bowers:
            pw[BENNY] = 110
        key_by_led = tuple(
            tuple(pw[c] if eff[c] == trump or eff[c] == led else -1
                  for c in range(NUM_CARD_CODES))
            for led in _TRUMPS
        )
        effective.append(tuple(eff))
        suit_masks.append(tuple(masks))
        powers.append(tuple(pw))
        keys.append(key_by_led)
    return TrumpTables(tuple(effective), tuple(suit_masks), tuple(powers), tuple(keys))


TRUMP_ORDERS: Final[dict[str, TrumpTables]] = {
    "euchre": _build_order(bowers=True),
    "plain": _build_order(bowers=False),
}
"""The tables of each trump order, by the rules' name for it.

``"euchre"``: under a trump suit the right bower (the trump jack), then the left bower
(the other jack of trump's colour, which belongs to trump), then A K Q 10 9 8 7, with the
Benny above them all; the other suits rank A K Q J 10 9 8 7. Under :data:`NO_TRUMP`
(§19.2) every suit ranks by its printed cards, no bowers, and the Benny is a suit of its
own and the only trump: it wins any trick it is in, and when it is led any card may follow.

``"plain"`` (Napoleon, §17): every card keeps its printed suit; trumps beat the other
suits; within a suit A K Q J 10 .. 3 2 (:data:`NATURAL`). The Benny, which no Napoleon
deck holds, would be the highest trump (its own suit under no trump, as above).

The low cards (2 to 6) have their place in both orders, below the 7, though no Euchre
deck holds them.

>>> plain = TRUMP_ORDERS["plain"]
>>> plain.power[SPADES][parse_card("2s")] > plain.power[SPADES][parse_card("Ah")]
True
>>> plain.suit_masks[SPADES][CLUBS] == PRINTED_SUIT_MASKS[CLUBS]   # Jc stays a club
True
"""

_EUCHRE: Final = TRUMP_ORDERS["euchre"]
EFFECTIVE_SUIT: Final = _EUCHRE.effective
"""The effective suit per trump in the Euchre order: ``EFFECTIVE_SUIT[t][c]``
(:class:`TrumpTables`)."""
SUIT_MASKS: Final = _EUCHRE.suit_masks
"""``SUIT_MASKS[t][s]``, the mask of the cards whose effective suit is ``s`` (5 per
trump, the fifth the Benny alone under no trump and empty otherwise)."""
POWER: Final = _EUCHRE.power
"""``POWER[t][c]``, the card's strength: plain cards :data:`NATURAL` (0..12), trumps
from 95 (the 7 at 100, the ace 107, left bower 108, right 109, the Benny 110)."""
TRICK_KEY: Final = _EUCHRE.trick_key
"""``TRICK_KEY[t][led][c]``, the strength of ``c`` in a trick led in ``led`` (0..4; -1
when it can not win)."""

_PLAIN: Final = TRUMP_ORDERS["plain"]
PLAIN_EFFECTIVE_SUIT: Final = _PLAIN.effective
""":data:`EFFECTIVE_SUIT` of the plain order: always the printed suit."""
PLAIN_SUIT_MASKS: Final = _PLAIN.suit_masks
""":data:`SUIT_MASKS` of the plain order: ``PLAIN_SUIT_MASKS[t][s]`` is printed suit
``s`` (:data:`PRINTED_SUIT_MASKS`) whatever ``t``, the trump suit with the Benny."""
PLAIN_POWER: Final = _PLAIN.power
""":data:`POWER` of the plain order: :data:`NATURAL`, trumps 100 + NATURAL."""
PLAIN_TRICK_KEY: Final = _PLAIN.trick_key
""":data:`TRICK_KEY` of the plain order: -1 for an off-suit card that is not trump."""


def _order(order: str) -> TrumpTables:
    tables = TRUMP_ORDERS.get(order)
    if tables is None:
        raise CardError(f"unknown trump order {order!r}: it is one of "
                        f"{', '.join(TRUMP_ORDERS)}")
    return tables


def effective_suit(c: Card, trump: int, *, order: str = "euchre") -> int:
    """The suit a card belongs to once ``trump`` is known (in the Euchre order the
    bowers and the Benny belong to trump; under no trump the Benny is suit 4).

    >>> effective_suit(BENNY, NO_TRUMP), effective_suit(parse_card("Jd"), NO_TRUMP)
    (4, 1)
    """
    return _order(order).effective[trump][c]


def effective_suit_mask(suit: int, trump: int, *, order: str = "euchre") -> int:
    """The mask of the cards whose effective suit is ``suit`` under ``trump``."""
    return _order(order).suit_masks[trump][suit]


def trump_mask(trump: int, *, order: str = "euchre") -> int:
    """The mask of all trumps (bowers and Benny included) under ``trump``; under no
    trump, the Benny alone.

    >>> trump_mask(NO_TRUMP) == 1 << BENNY
    True
    """
    return _order(order).suit_masks[trump][trump]


def power(c: Card, trump: int, *, order: str = "euchre") -> int:
    """A card's strength under ``trump``: every trump above every other card, which rank
    by :data:`NATURAL`.

    >>> power(parse_card("Jh"), HEARTS) > power(parse_card("Jd"), HEARTS) > power(
    ...     parse_card("Ah"), HEARTS)
    True
    >>> power(parse_card("Ah"), HEARTS, order="plain") > power(parse_card("Jh"), HEARTS,
    ...     order="plain")
    True
    """
    return _order(order).power[trump][c]


def trick_winner_index(cards: Iterable[Card], trump: int, *, order: str = "euchre") -> int:
    """The index of the winning card of a trick, given in the order played.

    >>> trick_winner_index(parse_cards("Ac 9c Jd Kc"), HEARTS)  # left bower trumps
    2
    >>> trick_winner_index(parse_cards("Ac 9c Jd Kc"), HEARTS, order="plain")  # no bowers
    0
    >>> trick_winner_index(parse_cards("9c Ac B Ad"), NO_TRUMP)  # the Benny wins any trick
    2
    """
    tables = _order(order)
    played = list(cards)
    keys = tables.trick_key[trump][tables.effective[trump][played[0]]]
    best = 0
    for i in range(1, len(played)):
        if keys[played[i]] > keys[played[best]]:
            best = i
    return best


def sort_cards(cards: Iterable[Card], trump: int | None = None, *,
               order: str = "euchre") -> list[Card]:
    """Cards sorted for display: trump first in trump order, then suits high to low.

    Before trump is known, and under no trump, suits alternate colours (spades, hearts,
    clubs, diamonds), after the Benny.

    >>> [card_name(c) for c in sort_cards(parse_cards("9h Jd Ac Jh Ah"), HEARTS)]
    ['Jh', 'Jd', 'Ah', '9h', 'Ac']
    >>> [card_name(c) for c in sort_cards(parse_cards("9h Jd Ac Jh Ah"), HEARTS, order="plain")]
    ['Ah', 'Jh', '9h', 'Jd', 'Ac']
    >>> [card_name(c) for c in sort_cards(parse_cards("9h Jd B Jh 2s"), NO_TRUMP)]
    ['B', '2s', 'Jh', '9h', 'Jd']
    """
    suits = [SPADES, HEARTS, CLUBS, DIAMONDS]
    if trump is None or trump == NO_TRUMP:
        # the Benny (under no trump its own suit, suit 4) first
        rank = [NO_TRUMP, *suits]
    else:
        # keep colours alternating after trump where the suits allow it
        rest = [s for s in suits if s != trump]
        others = [s for s in rest if s != same_colour(trump)]
        rank = [trump, others[0], same_colour(trump), others[1]]
    place = {s: i for i, s in enumerate(rank)}

    if trump is None:
        def key(c: Card) -> tuple[int, int]:
            if c == BENNY:
                return (0, 0)
            return (place[card_suit(c)], -NATURAL[c])
    else:
        tables = _order(order)
        eff, pw = tables.effective[trump], tables.power[trump]

        def key(c: Card) -> tuple[int, int]:
            return (place[eff[c]], -pw[c])

    return sorted(cards, key=key)


SetOfCards: TypeAlias = "CardSet | Set[object]"
"""What :class:`CardSet`'s comparisons and operators take: another set (of cards, for
``|`` and ``^``, and for ``-`` from the other side)."""


class CardSet:
    """An immutable set of cards over one int bitmask (the whole ``set`` protocol).

    It is a :class:`collections.abc.Set` (registered as one, so that ``isinstance``
    says so) with every method written out over the mask rather than inherited: it
    equals, compares with and combines with any other set of cards, a ``frozenset`` or
    a ``set`` included, from either side, and hashes as the ``frozenset`` of its cards.

    >>> hand = CardSet.parse("9c Jd Ah")
    >>> parse_card("Jd") in hand, len(hand)
    (True, 3)
    >>> str(hand | CardSet.parse("Ts"))
    '9c Jd Ah Ts'
    >>> hand.mask == mask_of(parse_cards("9c Jd Ah"))
    True
    >>> hand == {parse_card("Ah"), parse_card("Jd"), parse_card("9c")}
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

    @property
    def mask(self) -> int:
        """The raw bitmask."""
        return self._mask

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and c >= 0 and bool(self._mask >> c & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __hash__(self) -> int:
        # equal sets must hash alike, and a CardSet equals the frozenset of its cards
        return hash(frozenset(cards_of(self._mask)))

    def _other_mask(self, other: object) -> int | None:
        """The mask of ``other`` where it is a set of cards only, else ``None``."""
        if isinstance(other, CardSet):
            return other._mask
        if not isinstance(other, Set):
            return None
        mask = 0
        for c in other:
            if not isinstance(c, int) or not 0 <= c < NUM_CARD_CODES:
                return None
            mask |= 1 << c
        return mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        if not isinstance(other, Set):
            return NotImplemented
        return self._other_mask(other) == self._mask

    def __le__(self, other: SetOfCards) -> bool:
        if not isinstance(other, Set):
            return NotImplemented
        return all(c in other for c in self)

    def __lt__(self, other: SetOfCards) -> bool:
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __ge__(self, other: SetOfCards) -> bool:
        if not isinstance(other, Set):
            return NotImplemented
        return all(c in self for c in other)

    def __gt__(self, other: SetOfCards) -> bool:
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def isdisjoint(self, other: Iterable[object]) -> bool:
        """Whether no card is in both."""
        return not any(c in self for c in other)

    def __and__(self, other: SetOfCards) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & other._mask)
        if not isinstance(other, Set):
            return NotImplemented
        return CardSet.from_cards(c for c in self if c in other)

    def __rand__(self, other: SetOfCards) -> CardSet:
        if not isinstance(other, Set):
            return NotImplemented
        return self.__and__(other)

    def __or__(self, other: SetOfCards) -> CardSet:
        mask = self._other_mask(other)
        return NotImplemented if mask is None else CardSet(self._mask | mask)

    def __ror__(self, other: SetOfCards) -> CardSet:
        mask = self._other_mask(other)
        return NotImplemented if mask is None else CardSet(mask | self._mask)

    def __sub__(self, other: SetOfCards) -> CardSet:
        if isinstance(other, CardSet):
            return CardSet(self._mask & ~other._mask)
        if not isinstance(other, Set):
            return NotImplemented
        return CardSet.from_cards(c for c in self if c not in other)

    def __rsub__(self, other: SetOfCards) -> CardSet:
        mask = self._other_mask(other)
        return NotImplemented if mask is None else CardSet(mask & ~self._mask)

    def __xor__(self, other: SetOfCards) -> CardSet:
        mask = self._other_mask(other)
        return NotImplemented if mask is None else CardSet(self._mask ^ mask)

    def __rxor__(self, other: SetOfCards) -> CardSet:
        mask = self._other_mask(other)
        return NotImplemented if mask is None else CardSet(mask ^ self._mask)

    def __str__(self) -> str:
        return " ".join(card_name(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


Set.register(CardSet)

"""A deal's cards: dealer, hands, upcard and kitty; random deals; deal results.

>>> from euchre.rules import Rules
>>> import random
>>> deal = random_deal(Rules(), dealer=0, rng=random.Random(1))
>>> [len(hand) for hand in deal.hands], len(deal.kitty)
([5, 5, 5, 5], 3)
>>> Deal.parse(0, ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd", "Kd Ad 9h Th Jh", "Qh Kh Ah 9s Ts"],
...            upcard="Js", kitty="Qs Ks As").upcard == 28
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import cast

from euchre.cards import (
    BENNY,
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    parse_cards,
)
from euchre.errors import CardError
from euchre.rules import Rules

__all__ = ["Deal", "DealResult", "random_deal", "shuffled_deck"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal. ``X`` (:data:`~euchre.cards.UNKNOWN`) marks a card a
    record does not show; the upcard is always known."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    kitty: tuple[Card, ...]

    @classmethod
    def parse(cls, dealer: int, hands: Sequence[str], upcard: str, kitty: str) -> Deal:
        """A deal from text: one string of cards per hand, in seat order."""
        (up,) = parse_cards(upcard) or [UNKNOWN]
        return cls(
            dealer,
            tuple(tuple(parse_cards(hand)) for hand in hands),
            up,
            tuple(parse_cards(kitty)),
        )

    def validate(self, rules: Rules) -> None:
        """Check the deal against the rules: sizes, deck, no card twice."""
        players = rules.players
        if not 0 <= self.dealer < players:
            raise CardError(f"dealer must be a seat from 0 to {players - 1}, not {self.dealer}")
        if len(self.hands) != players:
            raise CardError(f"a deal has {players} hands, not {len(self.hands)}")
        for seat, hand in enumerate(self.hands):
            if len(hand) != rules.hand_size:
                raise CardError(f"seat {seat} holds {len(hand)} cards, not {rules.hand_size}")
        if len(self.kitty) != rules.kitty_size - 1:
            raise CardError(
                f"the kitty holds {rules.kitty_size - 1} cards besides the upcard, "
                f"not {len(self.kitty)}"
            )
        if self.upcard == UNKNOWN:
            raise CardError("the upcard must be known")
        deck = deck_mask(rules.deck)
        seen = 0
        for c in (self.upcard, *self.kitty, *(c for hand in self.hands for c in hand)):
            if c == UNKNOWN:
                continue
            if type(c) is not int or not 0 <= c <= BENNY:
                raise CardError(f"{c!r} is not a card code (0 to {BENNY}, or -1 for unknown)")
            if not deck >> c & 1:
                raise CardError(f"{card_name(c)} is not in the {rules.deck}-card deck")
            if seen >> c & 1:
                raise CardError(f"{card_name(c)} is dealt twice")
            seen |= 1 << c

    def to_dict(self) -> dict[str, object]:
        """The deal as JSON-ready data (cards as text)."""
        return {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in hand] for hand in self.hands],
            "upcard": card_name(self.upcard),
            "kitty": [card_name(c) for c in self.kitty],
        }


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal came to."""

    dealer: int
    trump: int | None
    maker: int | None
    alone: tuple[int, ...]
    tricks: tuple[int, int]
    points: int
    team: int | None
    """The team that scored (``None`` when the deal was thrown in)."""
    score: tuple[int, int]
    """The game score after this deal."""

    @property
    def thrown_in(self) -> bool:
        """All passed twice: nobody scored."""
        return self.trump is None

    @property
    def verdict(self) -> str:
        """One word for people: thrown in, made, marched, euchred, loner march..."""
        if self.trump is None or self.maker is None:
            return "thrown in"
        maker_team = self.maker % 2
        made = self.tricks[maker_team]
        lone_maker = any(s % 2 == maker_team for s in self.alone)
        if made < 3:
            lone_defender = any(s % 2 != maker_team for s in self.alone)
            return "euchred by a lone defender" if lone_defender else "euchred"
        if made == 5:
            return "loner march" if lone_maker else "marched"
        return "made alone" if lone_maker else "made"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {
            "trump": None if self.trump is None else SUIT_CHARS[self.trump],
            "maker": self.maker,
            "alone": list(self.alone),
            "tricks": list(self.tricks),
            "points": self.points,
            "team": self.team,
            "score": list(self.score),
        }


@cache
def _deal_order(players: int, pattern: str) -> tuple[int, ...]:
    """For each card position of a shuffled deck, the offset from the dealer's left of
    the player who receives it."""
    if pattern == "1":
        return tuple(i % players for i in range(5 * players))
    order: list[int] = []
    for packet in ((3, 2), (2, 3)):
        for i in range(players):
            order.extend([i] * packet[i % 2])
    return tuple(order)


@cache
def _dealing(players: int, pattern: str, dealer: int, deck: int) -> tuple[
    tuple[Card, ...], tuple[Callable[[list[Card]], tuple[Card, ...]], ...], int
]:
    """The ordered deck, and for each seat a getter of its cards' positions."""
    positions: list[list[int]] = [[] for _ in range(players)]
    for position, offset in enumerate(_deal_order(players, pattern)):
        positions[(dealer + 1 + offset) % players].append(position)
    getters = tuple(
        cast(Callable[[list[Card]], tuple[Card, ...]], itemgetter(*p)) for p in positions
    )
    return tuple(cards_of(deck_mask(deck))), getters, 5 * players


def shuffled_deck(size: int, rng: random.Random) -> list[Card]:
    """The cards of a 24-, 32- or 25-card deck in shuffled order, top card first: the
    order :func:`random_deal` deals from.

    >>> len(shuffled_deck(32, random.Random(1)))
    32
    """
    return _shuffle(cards_of(deck_mask(size)), rng)


def _shuffle(cards: list[Card], rng: random.Random) -> list[Card]:
    # Fisher-Yates on rng.random(): portable like rng.shuffle, and several times faster
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def random_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle the deck and deal it as ``rules.deal_pattern`` says."""
    ordered, getters, dealt = _dealing(rules.players, rules.deal_pattern, dealer, rules.deck)
    cards = _shuffle(list(ordered), rng)
    hands = tuple(get(cards) for get in getters)
    return Deal(dealer, hands, cards[dealt], tuple(cards[dealt + 1:]))

"""A deal's cards: dealer, hands, upcard and kitty; random deals; deal results.

>>> from euchre.engine.rules import Rules
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
from math import floor
from operator import itemgetter
from typing import Final, cast

from mypy_extensions import mypyc_attr

from euchre.engine.cards import (
    NUM_CARD_CODES,
    SUIT_CHARS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    parse_cards,
)
from euchre.engine.rules import Rules
from euchre.engine.seating import Seating, seating_for, seating_of
from euchre.errors import CardError

__all__ = ["Deal", "DealResult", "deal_verdict", "random_deal", "shuffled_deck"]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal. ``X`` (:data:`~euchre.engine.cards.UNKNOWN`) marks a card a
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

    def validate(self, rules: Rules, where: str | None = None) -> None:
        """Check the deal against the rules: sizes, deck, no card twice.

        Raises :class:`~euchre.errors.CardError` saying what is wrong. With ``where``
        (the deal's place in a record: ``deals[3]``), the message names the field the
        problem is in, as the readers of records report it.

        >>> deal = Deal.parse(0, ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd", "Kd Ad 9h Th Jh",
        ...                       "Qh Kh Ah 9s 9c"], upcard="Js", kitty="Qs Ks As")
        >>> deal.validate(Rules())
        Traceback (most recent call last):
        ...
        euchre.errors.CardError: 9c is dealt twice
        >>> deal.validate(Rules(), "deal")
        Traceback (most recent call last):
        ...
        euchre.errors.CardError: deal.hands[3][4]: 9c is dealt twice (also at deal.hands[0][0])
        """
        players = rules.players
        dealer = self.dealer
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise _refusal(
                where, "dealer", f"must be a seat from 0 to {players - 1}, not {dealer!r}",
                f"dealer must be a seat from 0 to {players - 1}, not {dealer}",
            )
        if len(self.hands) != players:
            raise _refusal(where, "hands", f"a deal has {players} hands, not {len(self.hands)}")
        size = rules.hand_size
        for seat, hand in enumerate(self.hands):
            if len(hand) != size:
                raise _refusal(
                    where, f"hands[{seat}]", f"a hand holds {size} cards, not {len(hand)}",
                    f"seat {seat} holds {len(hand)} cards, not {size}",
                )
        upcard = rules.has_upcard
        kitty = rules.kitty_size - 1 if upcard else rules.kitty_size
        besides = " besides the upcard" if upcard else ""
        if len(self.kitty) != kitty:
            raise _refusal(
                where, "kitty",
                f"the kitty holds {kitty} cards{besides} "
                f"({rules.deck}-card deck, {players} players), not {len(self.kitty)}",
                f"the kitty holds {kitty} cards{besides}, not {len(self.kitty)}",
            )
        if upcard and self.upcard == UNKNOWN:
            raise _refusal(where, "upcard", "the upcard must be known")
        if not upcard and self.upcard != UNKNOWN:
            raise _refusal(where, "upcard", f"{rules.form_name} turns no card up")
        deck = deck_mask(rules.deck)
        cards = (self.upcard, *self.kitty, *(c for hand in self.hands for c in hand))
        seen = 0
        for index, c in enumerate(cards):
            if c == UNKNOWN:
                continue
            if type(c) is not int or not 0 <= c < NUM_CARD_CODES:
                shown = repr(c)
                raise _refusal(
                    where, _place(index, kitty, size),
                    f"{shown} is not a card of the {rules.deck}-card deck",
                    f"{c!r} is not a card code (0 to {NUM_CARD_CODES - 1}, or -1 for unknown)",
                )
            if not deck >> c & 1:
                raise _refusal(
                    where, _place(index, kitty, size),
                    f"{card_name(c)} is not a card of the {rules.deck}-card deck",
                    f"{card_name(c)} is not in the {rules.deck}-card deck",
                )
            if seen >> c & 1:
                if where is None:
                    raise CardError(f"{card_name(c)} is dealt twice")
                first = _place(cards.index(c), kitty, size)
                raise _refusal(
                    where, _place(index, kitty, size),
                    f"{card_name(c)} is dealt twice (also at {where}.{first})",
                )
            seen |= 1 << c

    def to_dict(self) -> dict[str, object]:
        """The deal as JSON-ready data (cards as text)."""
        return {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in hand] for hand in self.hands],
            "upcard": None if self.upcard == UNKNOWN else card_name(self.upcard),
            "kitty": [card_name(c) for c in self.kitty],
        }


def _refusal(where: str | None, place: str, placed: str, plain: str | None = None) -> CardError:
    """The error of :meth:`Deal.validate`: ``plain`` (by default ``placed``) on its own,
    or, given ``where``, ``placed`` after the field the problem is in."""
    if where is None:
        return CardError(placed if plain is None else plain)
    return CardError(f"{where}.{place}: {placed}")


def _place(index: int, kitty: int, size: int) -> str:
    """The field of a deal's card ``index`` in :meth:`Deal.validate`'s order: the upcard,
    the ``kitty`` cards of the kitty, then each hand of ``size`` cards."""
    if index == 0:
        return "upcard"
    if index <= kitty:
        return f"kitty[{index - 1}]"
    seat, k = divmod(index - 1 - kitty, size)
    return f"hands[{seat}][{k}]"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal came to."""

    dealer: int
    trump: int | None
    maker: int | None
    alone: tuple[int, ...]
    tricks: tuple[int, ...]
    """Tricks taken by each side."""
    points: int
    """The points scored (by each scorer, where more than one side scores; the largest
    change of a score where Hasenpfeffer's makers are set)."""
    team: int | None
    """The one side that scored (``None`` when nobody did, or more than one side did:
    :attr:`gains` says who)."""
    score: tuple[int, ...]
    """The game score after this deal."""
    gains: tuple[int, ...] = ()
    """What each side gained (negative: lost) in this deal."""
    bid: int | None = None
    """The winning bid (Hasenpfeffer, Napoleon), as a :class:`~euchre.engine.actions.Bid`
    value."""

    def __post_init__(self) -> None:
        if not self.gains:
            gains = tuple(self.points if t == self.team else 0 for t in range(len(self.score)))
            object.__setattr__(self, "gains", gains)

    @property
    def thrown_in(self) -> bool:
        """The deal was void and nobody scored: all passed, or it was thrown in at any
        point (a throw-in hand, §19.5, even after a ``dealer_names`` dealer named trump).
        Its result names no trump and no maker."""
        return self.trump is None

    @property
    def verdict(self) -> str:
        """One word for people: thrown in, made, marched, euchred, loner march...

        :func:`deal_verdict` at a four-handed table. A result does not say how many
        played, and the word is the same at a two-handed table: its seats 0 and 1 are
        on different sides there too, and nobody goes alone.
        """
        if len(self.score) == 2:
            return deal_verdict(self, _FOUR_HANDED)
        return deal_verdict(self, seating_of(len(self.score), partnerships=False))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {
            "trump": None if self.trump is None else (SUIT_CHARS + "n")[self.trump],
            "maker": self.maker,
            "alone": list(self.alone),
            "tricks": list(self.tricks),
            "points": self.points,
            "team": self.team,
            "score": list(self.score),
            **({"gains": list(self.gains)} if self.team is None and any(self.gains) else {}),
            **({} if self.bid is None else {"bid": self.bid}),
        }


_FOUR_HANDED: Final = seating_for(4)
"""The table :attr:`DealResult.verdict` reads a result at."""

# The engine makes a Deal and a DealResult every deal; a frozen dataclass's __init__ sets
# each field through object.__setattr__ and costs about twice as much as setting the
# slots through their descriptors, which these makers do (same objects, same equality).
# Compiled (mypyc), the module keeps Deal and DealResult plain Python classes
# (native_class=False), so that their slots have these descriptors, and they pickle and
# compare as before; the functions around them are what compiling speeds up.
_new: Final = object.__new__
_deal_dealer, _deal_hands, _deal_upcard, _deal_kitty = (
    vars(Deal)[name].__set__ for name in ("dealer", "hands", "upcard", "kitty"))
(_result_dealer, _result_trump, _result_maker, _result_alone, _result_tricks, _result_points,
 _result_team, _result_score, _result_gains, _result_bid) = (
    vars(DealResult)[name].__set__ for name in (
        "dealer", "trump", "maker", "alone", "tricks", "points", "team", "score", "gains", "bid"))


def _make_deal(dealer: int, hands: tuple[tuple[Card, ...], ...], upcard: Card,
               kitty: tuple[Card, ...]) -> Deal:
    """``Deal(dealer, hands, upcard, kitty)``, made without the dataclass's ``__init__``
    (:func:`random_deal`'s hot path)."""
    deal: Deal = _new(Deal)
    _deal_dealer(deal, dealer)
    _deal_hands(deal, hands)
    _deal_upcard(deal, upcard)
    _deal_kitty(deal, kitty)
    return deal


def make_result(dealer: int, trump: int | None, maker: int | None, alone: tuple[int, ...],
                tricks: tuple[int, ...], points: int, team: int | None,
                score: tuple[int, ...], gains: tuple[int, ...], bid: int | None) -> DealResult:
    """``DealResult(dealer, trump, ..., gains, bid)`` with every field given (``gains``
    not empty), made without the dataclass's ``__init__``: the engine's end of a deal.

    >>> fields = (0, 2, 1, (), (2, 3), 1, 1, (0, 1), (0, 1), None)
    >>> make_result(*fields) == DealResult(*fields), make_result(*fields).verdict
    (True, 'made')
    """
    result: DealResult = _new(DealResult)
    _result_dealer(result, dealer)
    _result_trump(result, trump)
    _result_maker(result, maker)
    _result_alone(result, alone)
    _result_tricks(result, tricks)
    _result_points(result, points)
    _result_team(result, team)
    _result_score(result, score)
    _result_gains(result, gains)
    _result_bid(result, bid)
    return result


def deal_verdict(result: DealResult, seating: Seating) -> str:
    """One word for people: what ``result`` came to at a table seated as ``seating``
    (``rules.seating``): thrown in, made, made alone, marched, loner march, euchred,
    euchred by a lone defender, fast break (nobody scored a deal that named trump).

    >>> loner = DealResult(dealer=0, trump=2, maker=1, alone=(1,), tricks=(0, 5),
    ...                    points=4, team=1, score=(0, 4))
    >>> deal_verdict(loner, Rules().seating)
    'loner march'
    >>> two = DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(3, 2),
    ...                  points=2, team=0, score=(2, 0))
    >>> deal_verdict(two, Rules.preset("two-handed").seating), two.verdict
    ('euchred', 'euchred')
    """
    maker = result.maker
    if result.trump is None or maker is None:
        return "thrown in"
    if not any(result.gains):
        return "fast break"
    if result.bid is not None:  # Hasenpfeffer's set, Napoleon's failed bid
        return "made" if result.gains[seating.team(maker)] > 0 else "set"
    made = result.tricks[seating.team(maker)]
    lone_maker = any(seating.same_team(s, maker) for s in result.alone)
    if made < 3:
        lone_defender = any(not seating.same_team(s, maker) for s in result.alone)
        return "euchred by a lone defender" if lone_defender else "euchred"
    if made == 5:
        return "loner march" if lone_maker else "marched"
    return "made alone" if lone_maker else "made"


@cache
def _deal_order(players: int, pattern: str, hand: int = 5) -> tuple[int, ...]:
    """For each card position of a shuffled deck, the offset from the dealer's left of
    the player who receives it: one at a time, or in batches (3 and 2 alternating at a
    table of two or four; else 3 then 2 to everyone, or 3 and 3 for six cards)."""
    if pattern == "1":
        return tuple(i % players for i in range(hand * players))
    order: list[int] = []
    if hand == 5 and players in (2, 4):
        rounds: tuple[tuple[int, ...], ...] = ((3, 2), (2, 3))
    else:
        first = 3
        rounds = ((first,) * 2, (hand - first,) * 2)
    for packet in rounds:
        for i in range(players):
            order.extend([i] * packet[i % 2])
    return tuple(order)


_Dealing = tuple[tuple[Card, ...], tuple[Callable[[list[Card]], tuple[Card, ...]], ...], int]
"""The ordered deck, a getter of each seat's cards from the shuffled deck, and how many
cards the hands take."""


@cache
def _dealing(players: int, pattern: str, dealer: int, deck: int, hand: int = 5) -> _Dealing:
    """The ordered deck, and for each seat a getter of its cards' positions."""
    positions: list[list[int]] = [[] for _ in range(players)]
    for position, offset in enumerate(_deal_order(players, pattern, hand)):
        positions[(dealer + 1 + offset) % players].append(position)
    getters = tuple(
        cast(Callable[[list[Card]], tuple[Card, ...]], itemgetter(*p)) for p in positions
    )
    return tuple(cards_of(deck_mask(deck))), getters, hand * players


def shuffled_deck(size: int, rng: random.Random) -> list[Card]:
    """The cards of a deck of any size the rules allow (24 to 33) in shuffled order, top
    card first: the order :func:`random_deal` deals from.

    >>> len(shuffled_deck(32, random.Random(1)))
    32
    """
    return _shuffle(cards_of(deck_mask(size)), rng)


def _shuffle(cards: list[Card], rng: random.Random) -> list[Card]:
    # Fisher-Yates on rng.random(): portable like rng.shuffle, and several times faster.
    # Card i swaps with card floor(random() * (i + 1)); floor is int() here (the product
    # is never negative) but a cheaper call, and the sizes come ready as floats.
    rand = rng.random
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = tuple(
            (i, float(i + 1)) for i in range(len(cards) - 1, 0, -1))
    for i, size in steps:
        j = floor(rand() * size)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, float], ...]]] = {}
"""For each length of deck shuffled: each position from the last down to 1, with how
many positions it may swap with (as a float)."""


_DEALINGS: Final[dict[int, tuple[Rules, int, bool, tuple[_Dealing, ...]]]] = {}
"""For each rules object met (by ``id``): the rules, the players, whether a card is
turned up, and :func:`_dealing` for each dealer. An entry holds its rules, so their ``id`` is not
reused while it lives."""


def _dealings(rules: Rules) -> tuple[Rules, int, bool, tuple[_Dealing, ...]]:
    """:data:`_DEALINGS`' entry for ``rules`` (made on first use; a random deal asks
    again every deal, so this answers with one dictionary look-up)."""
    entry = _DEALINGS.get(id(rules))
    if entry is None:
        if len(_DEALINGS) >= 256:
            _DEALINGS.clear()
        players = rules.players
        entry = _DEALINGS[id(rules)] = (rules, players, rules.has_upcard, tuple(
            _dealing(players, rules.deal_pattern, dealer, rules.deck, rules.hand_size)
            for dealer in range(players)))
    return entry


def random_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle the deck and deal it as ``rules.deal_pattern`` says: the next card is
    the upcard (in forms that turn one up) and the rest the kitty (Hasenpfeffer's widow;
    Napoleon's cards set aside)."""
    _, players, has_upcard, dealings = _dealings(rules)
    ordered, getters, dealt = dealings[dealer % players]
    cards = _shuffle(list(ordered), rng)
    hands = tuple([get(cards) for get in getters])
    if not has_upcard:
        return _make_deal(dealer, hands, UNKNOWN, tuple(cards[dealt:]))
    return _make_deal(dealer, hands, cards[dealt], tuple(cards[dealt + 1:]))

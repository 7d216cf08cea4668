"""Cards: lenient parsing, canonical output, the CardSet set protocol, and the tables
per trump suit (effective suits and ranks) for every deck."""

from __future__ import annotations

import random
from collections.abc import Callable, Set
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.engine.cards import (
    ACE,
    BENNY,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    NINE,
    SPADES,
    SUITS,
    UNKNOWN,
    Card,
    CardSet,
    card,
    card_name,
    card_rank,
    card_suit,
    card_symbol,
    cards_of,
    deck_mask,
    effective_suit,
    effective_suit_mask,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    power,
    sort_cards,
    suit_name,
    trick_winner_index,
    trump_mask,
)
from euchre.errors import CardError, EuchreError

ALL_CARDS = [*cards_of(deck_mask(32)), BENNY]
DECKS = (24, 32, 25, 28, 29, 33)


def names(cards: list[Card]) -> list[str]:
    return [card_name(x) for x in cards]


# -- parsing and printing --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Jd", "Jd"),
        ("jd", "Jd"),
        ("JD", "Jd"),
        (" jD ", "Jd"),
        ("10d", "Td"),
        ("10D", "Td"),
        ("td", "Td"),
        ("J♦", "Jd"),
        ("10♥", "Th"),
        ("a♠", "As"),
        ("9♣", "9c"),
        ("K♡", "Kh"),
        ("Q♤", "Qs"),
        ("7c", "7c"),
        ("8S", "8s"),
        ("B", "B"),
        ("b", "B"),
        ("joker", "B"),
        ("Benny", "B"),
        ("X", "X"),
        ("x", "X"),
    ],
)
def test_parse_card_is_lenient_and_output_canonical(text: str, canonical: str) -> None:
    assert card_name(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", " ", "1h", "Zq", "J", "d", "Jdd", "11c", "0h", "J-d", "Jz"])
def test_parse_card_refuses_bad_text_with_a_card_error(text: str) -> None:
    with pytest.raises(CardError, match="unknown card") as info:
        parse_card(text)
    assert isinstance(info.value, EuchreError) and isinstance(info.value, ValueError)
    assert "like 'Jd'" in str(info.value)


def test_every_card_round_trips_through_its_name_and_symbol() -> None:
    assert len(set(names(ALL_CARDS))) == 33
    for x in ALL_CARDS:
        assert parse_card(card_name(x)) == x
        assert parse_card(card_symbol(x)) == x
        assert parse_card(card_name(x).lower()) == x
    assert card_name(UNKNOWN) == "X" == card_symbol(UNKNOWN)
    assert parse_card("X") == UNKNOWN


def test_card_suit_and_rank() -> None:
    assert card(ACE, SPADES) == parse_card("As")
    assert (card_suit(parse_card("Qh")), card_rank(parse_card("9h"))) == (HEARTS, NINE)
    assert card_suit(BENNY) == card_rank(BENNY) == -1
    assert card_suit(UNKNOWN) == card_rank(UNKNOWN) == -1


@pytest.mark.parametrize(
    ("text", "suit"),
    [("c", CLUBS), ("C", CLUBS), ("♣", CLUBS), ("♧", CLUBS), ("clubs", CLUBS),
     ("club", CLUBS), (" Hearts ", HEARTS), ("♦", DIAMONDS), ("s", SPADES), ("♠", SPADES)],
)
def test_parse_suit_is_lenient(text: str, suit: int) -> None:
    assert parse_suit(text) == suit


def test_parse_suit_refuses_bad_text() -> None:
    for text in ("x", "", "club s", "1"):
        with pytest.raises(CardError, match="unknown suit"):
            parse_suit(text)
    assert [suit_name(s) for s in SUITS] == ["clubs", "diamonds", "hearts", "spades"]


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert names(parse_cards("9c, 10d Jh,AS")) == ["9c", "Td", "Jh", "As"]
    assert parse_cards("") == []
    with pytest.raises(CardError):
        parse_cards("9c 1d")


def test_deck_masks() -> None:
    assert [len(CardSet(deck_mask(size))) for size in DECKS] == list(DECKS)
    assert deck_mask(24) | 1 << BENNY == deck_mask(25)
    assert deck_mask(24) & ~deck_mask(32) == 0
    with pytest.raises(CardError, match="24, 25, 28, 29, 32, 33, 52"):
        deck_mask(36)


def test_forms_13_decks_of_28_29_and_33_cards() -> None:
    from euchre.engine.cards import DECKS as ALL_DECKS
    from euchre.engine.cards import EIGHT, SEVEN, deck_has_benny, deck_lowest_rank

    assert list(ALL_DECKS) == [24, 25, 28, 29, 32, 33, 52]
    for size in ALL_DECKS:
        cards = CardSet(deck_mask(size))
        assert len(cards) == size
        assert (BENNY in cards) == deck_has_benny(size) == (size % 2 == 1)
    assert deck_mask(28) == deck_mask(24) | sum(1 << card(EIGHT, s) for s in range(4))
    assert deck_mask(33) == deck_mask(32) | 1 << BENNY
    assert deck_mask(29) & ~deck_mask(33) == 0
    assert [deck_lowest_rank(n) for n in (24, 28, 32)] == [NINE, EIGHT, SEVEN]


# -- CardSet: the set protocol over one mask -------------------------------------------


def test_cardset_construction() -> None:
    hand = CardSet.parse("9c Jd Ah")
    assert hand == CardSet.from_cards(parse_cards("Ah 9c Jd")) == CardSet(hand.mask)
    assert hand.mask == mask_of(parse_cards("9c Jd Ah"))
    assert CardSet() == CardSet(0) == CardSet.parse("")
    with pytest.raises(CardError, match="never negative"):
        CardSet(-1)
    with pytest.raises(CardError, match="known cards only"):
        CardSet.parse("9c X")


def test_cardset_contains_len_iter_bool() -> None:
    hand = CardSet.parse("B Ah 9c Jd")
    assert parse_card("Jd") in hand and BENNY in hand
    assert parse_card("Js") not in hand
    strangers: list[object] = ["Jd", None, -1, 64, 2.5]
    assert not any(x in hand for x in strangers)
    assert len(hand) == 4
    assert list(hand) == sorted(parse_cards("B Ah 9c Jd"))  # ascending card ints
    assert bool(hand) and not CardSet()
    assert isinstance(hand, Set)


def test_cardset_text_and_repr_round_trip() -> None:
    hand = CardSet.parse("ah, 10c J♦ b")
    assert str(hand) == "Tc Jd Ah B"
    assert repr(hand) == "CardSet.parse('Tc Jd Ah B')"
    assert eval(repr(hand), {"CardSet": CardSet}) == hand
    assert str(CardSet()) == ""


def test_cardset_is_immutable_and_hashable() -> None:
    hand = CardSet.parse("9c Jd")
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]
    assert not hasattr(hand, "add")
    assert {hand: 1}[CardSet.parse("Jd 9c")] == 1
    assert hash(hand) == hash(CardSet.parse("Jd 9c"))


def test_cardset_equal_to_frozenset_hashes_the_same() -> None:
    hand = CardSet.parse("9c Jd Ah")
    same = frozenset(hand)
    assert hand == same
    assert hash(hand) == hash(same)
    assert len({hand, same}) == 1


codes = st.sets(st.sampled_from(ALL_CARDS))


@settings(max_examples=200, deadline=None)
@given(a=codes, b=codes)
def test_cardset_operators_match_python_sets(a: set[int], b: set[int]) -> None:
    x, y = CardSet.from_cards(a), CardSet.from_cards(b)
    fb = frozenset(b)
    for result, expected in [
        (x & y, a & b), (x | y, a | b), (x - y, a - b), (x ^ y, a ^ b),
        (x & fb, a & b), (x | fb, a | b), (x - fb, a - b), (x ^ fb, a ^ b),
    ]:
        assert isinstance(result, CardSet)
        assert set(result) == expected
    # the other operand a plain set
    assert set(fb & x) == a & b and set(fb | x) == a | b
    assert set(fb - x) == b - a and set(fb ^ x) == a ^ b
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert (x >= y) == (a >= b) and (x > y) == (a > b)
    assert (x <= fb) == (a <= b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert (x == y) == (a == b) and (x == fb) == (a == b) and (x != y) == (a != b)
    assert len(x) == len(a) and set(x) == a
    assert x.mask == sum(1 << c for c in a)


def test_cardset_with_plain_sets_and_strangers_from_either_side() -> None:
    hand = CardSet.parse("9c Jd Ah")
    nine, jack, ace, ten = parse_cards("9c Jd Ah Ts")
    other = {jack, ten}
    # a mutable set on either side: CardSet's own operators and their reflections
    assert isinstance(other | hand, CardSet) and set(other | hand) == {nine, jack, ace, ten}
    assert set(other & hand) == {jack} and set(other - hand) == {ten}
    assert set(other ^ hand) == {nine, ace, ten}
    assert {jack} < hand and hand > {jack} and not hand <= other and other >= {jack}
    assert hand.isdisjoint([ten]) and not hand.isdisjoint(iter([jack]))
    # a set with things that are not cards: equal to none, combined with none
    assert hand != {"9c", "Jd", "Ah"} and hand != {nine, jack, ace, 99}
    with pytest.raises(TypeError):
        _ = hand | {"Ts"}
    # not a set at all: comparisons and operators are not defined, as for frozenset
    assert hand != [nine, jack, ace] and (hand == 7) is False
    cards: Any = [nine]
    with pytest.raises(TypeError):
        _ = hand < cards
    with pytest.raises(TypeError):
        _ = hand & cards
    operations: list[Callable[[], object]] = [
        lambda: cards & hand, lambda: cards | hand, lambda: cards - hand, lambda: cards ^ hand]
    for operate in operations:
        with pytest.raises(TypeError):
            operate()


# -- the tables per trump suit, for every deck -----------------------------------------

BLACK_RED_PAIRS = {CLUBS: SPADES, SPADES: CLUBS, DIAMONDS: HEARTS, HEARTS: DIAMONDS}


def own_suit(x: Card, trump: int) -> int:
    if x == BENNY:
        return trump
    if card_rank(x) == JACK and card_suit(x) == BLACK_RED_PAIRS[trump]:
        return trump
    return card_suit(x)


def own_winner(trick: list[Card], trump: int) -> int:
    led = own_suit(trick[0], trump)

    def key(x: Card) -> tuple[int, int]:
        if x == BENNY:
            return (3, 0)
        if own_suit(x, trump) == trump:
            if card_rank(x) == JACK:
                return (2, 20 if card_suit(x) == trump else 10)
            return (2, card_rank(x))
        if own_suit(x, trump) == led:
            return (1, card_rank(x))
        return (0, 0)

    return max(range(len(trick)), key=lambda i: key(trick[i]))


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("trump", SUITS)
def test_effective_suits_per_trump(deck: int, trump: int) -> None:
    cards = cards_of(deck_mask(deck))
    for x in cards:
        assert effective_suit(x, trump) == own_suit(x, trump)
    union = 0
    for suit in SUITS:
        mask = effective_suit_mask(suit, trump) & deck_mask(deck)
        assert set(cards_of(mask)) == {x for x in cards if own_suit(x, trump) == suit}
        assert union & mask == 0
        union |= mask
    assert union == deck_mask(deck)
    trumps = trump_mask(trump) & deck_mask(deck)
    assert len(CardSet(trumps)) == {24: 7, 28: 8, 32: 9, 25: 8, 29: 9, 33: 10}[deck]
    assert len(CardSet(effective_suit_mask(BLACK_RED_PAIRS[trump], trump) & deck_mask(deck))) == (
        {24: 5, 28: 6, 32: 7, 25: 5, 29: 6, 33: 7}[deck]
    )


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("trump", SUITS)
def test_rank_tables_per_trump(deck: int, trump: int) -> None:
    cards = cards_of(deck_mask(deck))
    trumps = [x for x in cards if own_suit(x, trump) == trump]
    others = [x for x in cards if own_suit(x, trump) != trump]
    assert min(power(x, trump) for x in trumps) > max(power(x, trump) for x in others)
    rng = random.Random(deck * 10 + trump)
    for _ in range(1500):
        trick = rng.sample(cards, rng.choice([2, 3, 4]))
        assert trick_winner_index(trick, trump) == own_winner(trick, trump), names(trick)


def test_sort_cards_for_display() -> None:
    assert names(sort_cards(parse_cards("9h Jd Ac Jh Ah"), HEARTS)) == [
        "Jh", "Jd", "Ah", "9h", "Ac"
    ]
    # trump (clubs) first in trump order, then colours alternate: hearts, spades, diamonds
    assert names(sort_cards(parse_cards("9d As B Kh Tc Js"), CLUBS)) == [
        "B", "Js", "Tc", "Kh", "As", "9d"
    ]
    # before trump is known: the Benny, then spades, hearts, clubs, diamonds
    assert names(sort_cards(parse_cards("9d As B Kh Tc"))) == ["B", "As", "Kh", "Tc", "9d"]

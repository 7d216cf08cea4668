"""Cards for the further forms (RULES-forms.md §13, §17, §19.2): the low cards 2..6 of
Napoleon's 52-card deck, the natural rank order, the plain trump order (no bowers) and
no trump (the fifth pseudo-trump, where the Benny is a suit of its own)."""

from __future__ import annotations

import random

import pytest

from euchre.engine.cards import (
    ACE,
    BENNY,
    CLUBS,
    DECKS,
    DIAMONDS,
    EFFECTIVE_SUIT,
    EUCHRE_DECKS,
    FIVE,
    HEARTS,
    JACK,
    LOW_BASE,
    LOW_RANKS,
    NATURAL,
    NINE,
    NO_TRUMP,
    NO_TRUMP_CHAR,
    NUM_CARD_CODES,
    PLAIN_EFFECTIVE_SUIT,
    PLAIN_POWER,
    PLAIN_SUIT_MASKS,
    PLAIN_TRICK_KEY,
    POWER,
    PRINTED_SUIT_MASKS,
    SEVEN,
    SIX,
    SPADES,
    SUIT_CHARS,
    SUIT_MASKS,
    SUITS,
    TRICK_KEY,
    TRUMP_ORDERS,
    TWO,
    Card,
    CardSet,
    TrumpTables,
    card,
    card_name,
    card_rank,
    card_suit,
    card_symbol,
    cards_of,
    deck_has_benny,
    deck_lowest_rank,
    deck_mask,
    effective_suit,
    effective_suit_mask,
    mask_of,
    parse_card,
    parse_cards,
    power,
    rank_char,
    sort_cards,
    suit_char,
    suit_name,
    trick_winner_index,
    trump_mask,
)
from euchre.errors import CardError

TRUMPS = (*SUITS, NO_TRUMP)
ALL_CODES = range(NUM_CARD_CODES)
# the printed order of a suit, lowest first, as the rules state it (§17)
NATURAL_TEXT = "23456789TJQKA"


def names(cards: list[Card]) -> list[str]:
    return [card_name(x) for x in cards]


def natural_of(x: Card) -> int:
    return NATURAL_TEXT.index(card_name(x)[0])


# -- the 53 codes ------------------------------------------------------------------------


def test_forms_every_one_of_the_53_codes_round_trips() -> None:
    assert NUM_CARD_CODES == 53
    seen = set()
    for x in ALL_CODES:
        name = card_name(x)
        seen.add(name)
        assert parse_card(name) == x
        assert parse_card(name.lower()) == x
        assert parse_card(card_symbol(x)) == x
        if x != BENNY:
            assert card(card_rank(x), card_suit(x)) == x
            assert name == rank_char(card_rank(x)) + SUIT_CHARS[card_suit(x)]
    assert len(seen) == 53
    assert parse_cards(" ".join(card_name(x) for x in ALL_CODES)) == list(ALL_CODES)


def test_forms_low_cards_come_after_the_benny() -> None:
    # the Euchre codes are as they were: suit * 8 + rank for 7..A, the Benny 32
    assert [card(r, s) for s in SUITS for r in range(SEVEN, ACE + 1)] == list(range(32))
    assert BENNY == 32 and LOW_BASE == 33
    assert [card(r, s) for s in SUITS for r in LOW_RANKS] == list(range(33, 53))
    assert names([card(TWO, CLUBS), card(SIX, CLUBS), card(TWO, DIAMONDS), card(SIX, SPADES)]) \
        == ["2c", "6c", "2d", "6s"]
    assert LOW_RANKS == (8, 9, 10, 11, 12)
    for s in SUITS:
        for r in LOW_RANKS:
            assert (card_suit(card(r, s)), card_rank(card(r, s))) == (s, r)
    assert card_suit(BENNY) == card_rank(BENNY) == -1
    assert card_suit(53) == card_rank(53) == -1 == card_suit(-1)
    assert card_symbol(parse_card("6s")) == "6♠" and card_symbol(parse_card("2h")) == "2♥"


@pytest.mark.parametrize(("text", "name"), [
    ("2c", "2c"), ("2C", "2c"), ("3♦", "3d"), ("4h", "4h"), ("5♠", "5s"), ("6S", "6s"),
    ("10s", "Ts"), ("7c", "7c"),
])
def test_forms_parse_card_takes_the_low_ranks(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


@pytest.mark.parametrize("text", ["1h", "0c", "11s", "62c", "7x", "2"])
def test_forms_parse_card_still_refuses_what_is_no_card(text: str) -> None:
    with pytest.raises(CardError, match="2 to 6"):
        parse_card(text)


def test_forms_card_name_refuses_what_is_no_code() -> None:
    for bad in (53, 64, -2):
        with pytest.raises(CardError, match="not a card code"):
            card_name(bad)


def test_forms_cardset_holds_low_cards() -> None:
    hand = CardSet.parse("2c 6s Ah B")
    assert parse_card("6s") in hand and parse_card("2c") in hand and len(hand) == 4
    assert str(hand) == "Ah B 2c 6s"  # ascending codes: the low cards after the Benny
    assert CardSet(deck_mask(52)) == CardSet.from_cards(x for x in ALL_CODES if x != BENNY)
    assert 53 not in hand and -1 not in hand


def test_forms_natural_rank_order() -> None:
    assert len(NATURAL) == NUM_CARD_CODES
    assert NATURAL[BENNY] == 13
    for s in SUITS:
        in_order = sorted((x for x in ALL_CODES if card_suit(x) == s), key=NATURAL.__getitem__)
        assert "".join(card_name(x)[0] for x in in_order) == NATURAL_TEXT
        assert [NATURAL[x] for x in in_order] == list(range(13))


def test_forms_suit_and_rank_texts() -> None:
    assert NO_TRUMP == 4 and NO_TRUMP_CHAR == "n" and SUIT_CHARS == "cdhs"
    assert suit_name(NO_TRUMP) == "no trump" and suit_char(NO_TRUMP) == "n"
    assert [suit_char(s) for s in SUITS] == list("cdhs")
    assert [suit_name(s) for s in SUITS] == ["clubs", "diamonds", "hearts", "spades"]
    assert "".join(rank_char(r) for r in range(13)) == "789TJQKA23456"


def test_forms_card_face_names_low_cards_for_people() -> None:
    from euchre.table.wording import card_face

    assert card_face(parse_card("2c")) == "2♣"
    assert card_face(parse_card("6h")) == "6♥"
    assert card_face(parse_card("Td")) == "10♦"
    faces = {card_face(x) for x in cards_of(deck_mask(52))}
    assert len(faces) == 52


# -- decks ------------------------------------------------------------------------------


def old_deck_mask(size: int) -> int:
    """The masks as they were before the 52-card deck: 9 (8, 7) to ace per suit, with
    the Benny for the odd sizes."""
    lowest = {24: 2, 25: 2, 28: 1, 29: 1, 32: 0, 33: 0}[size]
    mask = 0
    for s in range(4):
        for r in range(lowest, 8):
            mask |= 1 << (s * 8 + r)
    if size % 2:
        mask |= 1 << 32
    return mask


@pytest.mark.parametrize("size", [24, 25, 28, 29, 32, 33])
def test_forms_euchre_decks_are_unchanged(size: int) -> None:
    assert deck_mask(size) == old_deck_mask(size)
    assert len(CardSet(deck_mask(size))) == size
    assert deck_has_benny(size) == (size % 2 == 1)
    assert deck_lowest_rank(size) == {24: NINE, 28: NINE - 1, 32: SEVEN}[size - size % 2]


def test_forms_napoleon_deck_of_52() -> None:
    mask = deck_mask(52)
    assert len(CardSet(mask)) == 52 and BENNY not in CardSet(mask)
    assert mask == (1 << 53) - 1 - (1 << BENNY)
    for s in SUITS:
        assert len(CardSet(mask & PRINTED_SUIT_MASKS[s])) == 13
    assert not deck_has_benny(52) and deck_lowest_rank(52) == TWO
    assert list(DECKS) == [24, 25, 28, 29, 32, 33, 52]
    assert EUCHRE_DECKS == (24, 25, 28, 29, 32, 33)
    with pytest.raises(CardError, match="24, 25, 28, 29, 32, 33, 52"):
        deck_mask(36)


def test_forms_printed_suit_masks_hold_every_rank() -> None:
    union = 0
    for s in SUITS:
        assert set(cards_of(PRINTED_SUIT_MASKS[s])) == {x for x in ALL_CODES if card_suit(x) == s}
        assert union & PRINTED_SUIT_MASKS[s] == 0
        union |= PRINTED_SUIT_MASKS[s]
    assert union == deck_mask(52)


# -- the shape of the tables -------------------------------------------------------------


@pytest.mark.parametrize("order", ["euchre", "plain"])
def test_forms_tables_have_five_trumps_and_five_led_suits(order: str) -> None:
    tables = TRUMP_ORDERS[order]
    assert isinstance(tables, TrumpTables)
    assert len(tables.effective) == len(tables.suit_masks) == len(tables.power) == 5
    assert len(tables.trick_key) == 5
    for trump in TRUMPS:
        assert len(tables.effective[trump]) == len(tables.power[trump]) == NUM_CARD_CODES
        assert len(tables.suit_masks[trump]) == 5 and len(tables.trick_key[trump]) == 5
        # the masks split the 53 codes by their effective suit
        union = 0
        for s in range(5):
            mask = tables.suit_masks[trump][s]
            assert set(cards_of(mask)) == {
                x for x in ALL_CODES if tables.effective[trump][x] == s
            }
            assert union & mask == 0
            union |= mask
        assert union == (1 << NUM_CARD_CODES) - 1
        # the fifth suit is the Benny's own under no trump, empty under a trump suit
        assert tables.suit_masks[trump][4] == (1 << BENNY if trump == NO_TRUMP else 0)
        for led in range(5):
            assert len(tables.trick_key[trump][led]) == NUM_CARD_CODES
        # every trump above every other card
        trumps = [x for x in ALL_CODES if tables.effective[trump][x] == trump]
        others = [x for x in ALL_CODES if tables.effective[trump][x] != trump]
        assert min(tables.power[trump][x] for x in trumps) > max(
            tables.power[trump][x] for x in others)


def test_forms_euchre_names_are_the_euchre_order() -> None:
    euchre = TRUMP_ORDERS["euchre"]
    assert tuple(euchre) == (EFFECTIVE_SUIT, SUIT_MASKS, POWER, TRICK_KEY)
    plain = TRUMP_ORDERS["plain"]
    assert tuple(plain) == (
        PLAIN_EFFECTIVE_SUIT, PLAIN_SUIT_MASKS, PLAIN_POWER, PLAIN_TRICK_KEY)


@pytest.mark.parametrize("order", ["euchre", "plain"])
def test_forms_low_cards_rank_below_the_seven_in_every_table(order: str) -> None:
    tables = TRUMP_ORDERS[order]
    for trump in TRUMPS:
        pw = tables.power[trump]
        for s in SUITS:
            cards = sorted((x for x in ALL_CODES if card_suit(x) == s
                            and tables.effective[trump][x] == s), key=natural_of)
            assert sorted(cards, key=pw.__getitem__) == cards or (
                # the Euchre order's bowers: the jacks are out of natural order in trump
                order == "euchre" and s == trump)
            for r in LOW_RANKS:
                assert tables.effective[trump][card(r, s)] == s
                assert pw[card(r, s)] < pw[card(SEVEN, s)]
                assert pw[card(r, s)] >= 0
    # a low card of the led suit still beats an off-suit card
    assert trick_winner_index(parse_cards("2c Ad"), SPADES) == 0
    assert trick_winner_index(parse_cards("2c Ad"), SPADES, order=order) == 0
    assert trick_winner_index(parse_cards("2c 3c"), NO_TRUMP, order=order) == 1


def test_forms_unknown_trump_order_is_refused() -> None:
    with pytest.raises(CardError, match="unknown trump order 'bid'"):
        power(BENNY, HEARTS, order="bid")


# -- the plain order (Napoleon) ------------------------------------------------------------


def test_forms_napoleon_plain_suits_have_no_bowers() -> None:
    jd, jh = parse_card("Jd"), parse_card("Jh")
    assert effective_suit(jd, HEARTS, order="plain") == DIAMONDS
    assert effective_suit(jh, HEARTS, order="plain") == HEARTS
    assert power(parse_card("Ah"), HEARTS, order="plain") > power(jh, HEARTS, order="plain")
    assert power(parse_card("Qh"), HEARTS, order="plain") > power(jh, HEARTS, order="plain")
    # the printed suits (the Benny, in no Napoleon deck, would be the highest trump)
    assert trump_mask(HEARTS, order="plain") == PRINTED_SUIT_MASKS[HEARTS] | 1 << BENNY
    for trump in SUITS:
        for s in SUITS:
            benny = 1 << BENNY if s == trump else 0
            assert effective_suit_mask(s, trump, order="plain") == PRINTED_SUIT_MASKS[s] | benny
    # the left bower is a plain diamond: it can not win a heart trick or a club trick
    assert trick_winner_index(parse_cards("Ah Jd"), HEARTS, order="plain") == 0
    assert trick_winner_index(parse_cards("9c Jd"), HEARTS, order="plain") == 0
    assert trick_winner_index(parse_cards("Qh Jh"), HEARTS, order="plain") == 0
    # the same tricks in the Euchre order
    assert trick_winner_index(parse_cards("Ah Jd"), HEARTS) == 1
    assert trick_winner_index(parse_cards("Qh Jh"), HEARTS) == 1


def test_forms_napoleon_trump_beats_a_higher_off_suit_card() -> None:
    assert trick_winner_index(parse_cards("Ks 2h"), HEARTS, order="plain") == 1
    assert trick_winner_index(parse_cards("As Ac 2h Kd 3h"), HEARTS, order="plain") == 4
    assert trick_winner_index(parse_cards("2h As"), HEARTS, order="plain") == 0
    assert PLAIN_TRICK_KEY[HEARTS][SPADES][parse_card("Ac")] == -1
    assert PLAIN_TRICK_KEY[HEARTS][SPADES][parse_card("2s")] >= 0


def test_forms_napoleon_led_suit_natural_order() -> None:
    assert trick_winner_index(parse_cards("5c Tc 2c Qc"), HEARTS, order="plain") == 3
    assert trick_winner_index(parse_cards("6c 7c 5c"), SPADES, order="plain") == 1
    assert trick_winner_index(parse_cards("Tc 9c Jc"), DIAMONDS, order="plain") == 2
    assert trick_winner_index(parse_cards("3d Ac Ks As"), HEARTS, order="plain") == 0


def own_plain_winner(trick: list[Card], trump: int) -> int:
    led = card_suit(trick[0])

    def key(x: Card) -> tuple[int, int]:
        if card_suit(x) == trump:
            return (2, natural_of(x))
        if card_suit(x) == led:
            return (1, natural_of(x))
        return (0, 0)

    return max(range(len(trick)), key=lambda i: key(trick[i]))


@pytest.mark.parametrize("trump", TRUMPS)
def test_forms_plain_order_tricks_match_the_rules(trump: int) -> None:
    """Napoleon's tricks (and, with no trump, misère's) on the 52-card deck."""
    cards = cards_of(deck_mask(52))
    rng = random.Random(5200 + trump)
    for _ in range(2000):
        trick = rng.sample(cards, rng.choice([2, 3, 4, 5, 6, 7]))
        assert trick_winner_index(trick, trump, order="plain") == own_plain_winner(
            trick, trump), names(trick)


# -- no trump in the Euchre order (§19.2) ------------------------------------------------


def test_forms_no_trump_highest_of_led_suit_wins() -> None:
    assert trick_winner_index(parse_cards("9c Ac Jc Kd"), NO_TRUMP) == 1
    # no bowers: the jacks are plain jacks of their printed suits
    assert effective_suit(parse_card("Jd"), NO_TRUMP) == DIAMONDS
    assert effective_suit(parse_card("Js"), NO_TRUMP) == SPADES
    assert trick_winner_index(parse_cards("Qh Jh Jd"), NO_TRUMP) == 0
    assert trick_winner_index(parse_cards("Tc Js Jc"), NO_TRUMP) == 2
    assert trick_winner_index(parse_cards("9d Ah As Ac"), NO_TRUMP) == 0
    assert trump_mask(NO_TRUMP) == 1 << BENNY
    for s in SUITS:
        assert effective_suit_mask(s, NO_TRUMP) == PRINTED_SUIT_MASKS[s]


def test_forms_no_trump_benny_wins_any_trick() -> None:
    assert EFFECTIVE_SUIT[NO_TRUMP][BENNY] == NO_TRUMP
    for led in range(5):
        keys = TRICK_KEY[NO_TRUMP][led]
        assert all(keys[BENNY] > keys[x] for x in ALL_CODES if x != BENNY)
    deck = cards_of(deck_mask(33))
    others = [x for x in deck if x != BENNY]
    rng = random.Random(19)
    for _ in range(500):
        trick = rng.sample(others, rng.choice([1, 2, 3]))
        trick.insert(rng.randrange(len(trick) + 1), BENNY)
        assert trick[trick_winner_index(trick, NO_TRUMP)] == BENNY, names(trick)
    assert trick_winner_index(parse_cards("Ac Kc B Qc"), NO_TRUMP) == 2


def test_forms_no_trump_benny_lead_lets_anything_be_played() -> None:
    assert SUIT_MASKS[NO_TRUMP][NO_TRUMP] == 1 << BENNY
    led = EFFECTIVE_SUIT[NO_TRUMP][BENNY]
    assert led == 4
    # nobody else holds a card of the Benny's suit, so no hand must follow it
    hand = mask_of(parse_cards("Ac Jd 9h Ts Qs"))
    assert hand & SUIT_MASKS[NO_TRUMP][led] == 0
    keys = TRICK_KEY[NO_TRUMP][led]
    assert [x for x in ALL_CODES if keys[x] >= 0] == [BENNY]
    assert trick_winner_index(parse_cards("B Ac Ad As"), NO_TRUMP) == 0
    # and to another suit's lead the Benny belongs to no suit that must be followed
    for s in SUITS:
        assert not SUIT_MASKS[NO_TRUMP][s] >> BENNY & 1


def own_no_trump_winner(trick: list[Card]) -> int:
    if BENNY in trick:
        return trick.index(BENNY)
    led = card_suit(trick[0])
    return max(range(len(trick)),
               key=lambda i: natural_of(trick[i]) if card_suit(trick[i]) == led else -1)


@pytest.mark.parametrize("size", [24, 25, 28, 29, 32, 33])
def test_forms_no_trump_tricks_match_the_rules(size: int) -> None:
    cards = cards_of(deck_mask(size))
    rng = random.Random(size)
    for _ in range(1000):
        trick = rng.sample(cards, rng.choice([2, 3, 4]))
        assert trick_winner_index(trick, NO_TRUMP) == own_no_trump_winner(trick), names(trick)


def test_forms_trump_suits_have_an_empty_fifth_suit() -> None:
    for trump in SUITS:
        assert SUIT_MASKS[trump][4] == 0 == PLAIN_SUIT_MASKS[trump][4]
        assert EFFECTIVE_SUIT[trump][BENNY] == trump
        assert POWER[trump][BENNY] == max(POWER[trump])


# -- display order ------------------------------------------------------------------------


def test_forms_sort_cards_under_no_trump_and_the_plain_order() -> None:
    hand = parse_cards("9h Jd B Kc Js As 2s")
    # no trump: the Benny (its own suit), then spades, hearts, clubs, diamonds, by rank
    assert names(sort_cards(hand, NO_TRUMP)) == ["B", "As", "Js", "2s", "9h", "Kc", "Jd"]
    assert names(sort_cards(hand, NO_TRUMP, order="plain")) == [
        "B", "As", "Js", "2s", "9h", "Kc", "Jd"]
    # before trump is known: the same, by natural rank (the low cards last in a suit)
    assert names(sort_cards(hand)) == ["B", "As", "Js", "2s", "9h", "Kc", "Jd"]
    nap = parse_cards("2h Jh Ah Jd 3c 6d")
    # plain order, hearts trump: hearts A J 2 (no bowers), then spades, diamonds, clubs
    assert names(sort_cards(nap, HEARTS, order="plain")) == ["Ah", "Jh", "2h", "Jd", "6d", "3c"]
    # the Euchre order would take the left bower into trump
    assert names(sort_cards(nap, HEARTS)) == ["Jh", "Jd", "Ah", "2h", "6d", "3c"]
    assert names(sort_cards(parse_cards("5c 2c Ac 9c"), CLUBS, order="plain")) == [
        "Ac", "9c", "5c", "2c"]


def test_forms_low_cards_have_their_natural_strength_in_the_euchre_order() -> None:
    assert power(parse_card("2h"), SPADES) < power(parse_card("7h"), SPADES)
    assert power(parse_card("6s"), SPADES) < power(parse_card("7s"), SPADES)
    assert power(parse_card("6s"), SPADES) > power(parse_card("As"), HEARTS)
    assert power(parse_card("5h"), NO_TRUMP) == NATURAL[card(FIVE, HEARTS)]
    assert effective_suit(card(TWO, SPADES), CLUBS) == SPADES
    assert card(JACK, SPADES) != card(TWO, SPADES)

"""One test per rule of RULES.md (``/work/shared/RULES.md``, kept in ``docs/rules.md``).

Each test is named after the rule it pins down and follows the sections of RULES.md
in order (1 cards ... 11 presets), then the choices the engine made where RULES.md is
silent (``test_choice_*``, listed in ``docs/rules.md``). Tests use explicit deals
(:meth:`Deal.parse`) so that every card is known.

The deal most tests use, ``G`` (seat: hand), with ``9s`` turned up and ``9d Th Js`` in
the kitty::

    0 (N): Jh Jd Ah Kh 9c      2 (S): As Ks Qs Ad Kd
    1 (E): Qh 9h Ac Kc Ts      3 (W): Tc Jc Qc Qd Td
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from euchre.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    Call,
    Discard,
    Play,
    parse_action,
)
from euchre.engine.cards import (
    ACE,
    BENNY,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SPADES,
    SUITS,
    TEN,
    UNKNOWN,
    CardSet,
    card,
    card_name,
    card_symbol,
    cards_of,
    deck_mask,
    effective_suit,
    effective_suit_mask,
    left_bower,
    parse_card,
    parse_cards,
    power,
    same_colour,
    trick_winner_index,
)
from euchre.engine.deal import Deal, random_deal, shuffled_deck
from euchre.engine.game import Game, Phase, score_deal
from euchre.engine.rules import PRESETS, Rules
from euchre.errors import CardError, EuchreError, IllegalActionError, RulesError

G = ("Jh Jd Ah Kh 9c", "Qh 9h Ac Kc Ts", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
G_UP = "9s"
G_KITTY = "9d Th Js"

NO_ALONE = Rules(going_alone=False, lone_defender=False, maker_partner_alone=False)


# -- helpers ---------------------------------------------------------------------------


def c(text: str) -> int:
    return parse_card(text)


def cs(text: str) -> set[int]:
    return set(parse_cards(text))


def deal_g(dealer: int = 3) -> Deal:
    return Deal.parse(dealer, G, G_UP, G_KITTY)


def new_game(
    dealer: int = 3,
    rules: Rules | None = None,
    hands: Sequence[str] = G,
    upcard: str = G_UP,
    kitty: str = G_KITTY,
    score: tuple[int, int] = (0, 0),
) -> Game:
    return Game(rules, seed=1, deals=[Deal.parse(dealer, hands, upcard, kitty)], score=score)


def act(game: Game, script: str) -> None:
    """Apply actions given as text, separated by commas (a card alone plays it)."""
    for word in script.split(","):
        if word.strip():
            game.apply(parse_action(word))


def phase_of(game: Game) -> Phase:
    """The phase, read through a call so that type checkers don't narrow it for good."""
    return game.phase


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def legal_cards(game: Game) -> set[int]:
    out = set()
    for a in game.legal_actions():
        assert str(a).startswith("play ")
        out.add(parse_card(str(a).split()[1]))
    return out


def snapshot(game: Game) -> object:
    """Everything observable about a game, to check that a refusal changed nothing."""
    seats = range(game.rules.players)
    return (
        repr(game),
        game.phase,
        game.to_act,
        game.legal_actions(),
        game.history,
        game.calls,
        game.score,
        game.results,
        game.tricks,
        game.current_trick,
        game.tricks_won,
        game.trump,
        game.maker,
        game.alone,
        game.sitting_out,
        game.discard,
        tuple(game.hand_mask(s) for s in seats),
        tuple(game.view(s) for s in seats),
    )


def refused(game: Game, action: Action, *words: str) -> str:
    """Apply an illegal action: it must be refused, leave the state unchanged, and its
    message must contain every word given."""
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert snapshot(game) == before
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)
    return message


def hearts_called_by_0(dealer: int = 3, rules: Rules | None = None) -> Game:
    """Deal G, round one passed, seat 0 names hearts in round two (dealer 3)."""
    game = new_game(dealer, rules)
    act(game, "pass, pass, pass, pass, call h")
    return game


def asked_alone(game: Game, alone: Sequence[int] = ()) -> list[int]:
    """Answer the going-alone questions (``alone`` go alone, others stay); the seats asked."""
    asked = []
    while game.phase is Phase.ALONE:
        seat = game.to_act
        asked.append(seat)
        game.apply(ALONE if seat in alone else STAY)
    return asked


def play_cards(game: Game, cards: str) -> None:
    for text in cards.split():
        game.apply(PLAY[c(text)])


# -- 1. Cards --------------------------------------------------------------------------


def test_rules_deck_default_24_cards_nine_to_ace_in_four_suits() -> None:
    assert Rules().deck == 24
    expected = {r + s for r in "9TJQKA" for s in "cdhs"}
    assert {card_name(x) for x in CardSet(deck_mask(24))} == expected
    game = Game(seed=5)
    d = game.deals[0]
    dealt = [x for hand in d.hands for x in hand] + [d.upcard, *d.kitty]
    assert sorted(dealt) == cards_of(deck_mask(24))


def test_rules_deck_32_adds_sevens_and_eights() -> None:
    expected = {r + s for r in "789TJQKA" for s in "cdhs"}
    assert {card_name(x) for x in CardSet(deck_mask(32))} == expected
    game = Game(Rules(deck=32), seed=5)
    d = game.deals[0]
    dealt = [x for hand in d.hands for x in hand] + [d.upcard, *d.kitty]
    assert sorted(dealt) == cards_of(deck_mask(32))


def test_rules_deck_25_adds_one_joker_the_benny() -> None:
    expected = {r + s for r in "9TJQKA" for s in "cdhs"} | {"B"}
    assert {card_name(x) for x in CardSet(deck_mask(25))} == expected
    game = Game(Rules(deck=25), seed=5)
    d = game.deals[0]
    dealt = [x for hand in d.hands for x in hand] + [d.upcard, *d.kitty]
    assert sorted(dealt) == cards_of(deck_mask(25))
    assert BENNY in dealt


def test_rules_deck_other_sizes_are_refused_naming_option() -> None:
    for size in (20, 27, 36, 52):
        with pytest.raises(RulesError, match=r"^deck:"):
            Rules(deck=size)


def test_rules_deck_deal_with_card_outside_the_deck_is_refused() -> None:
    hands = ("Jh Jd Ah Kh 7c", *G[1:])
    with pytest.raises(CardError, match="7c"):
        new_game(hands=hands, kitty="9d Th Js")
    with pytest.raises(CardError, match="dealt twice"):
        new_game(hands=("Jh Jd Ah Kh Kh", *G[1:]))


def test_rules_deck_deal_with_card_code_out_of_range_is_refused() -> None:
    d = deal_g()
    for code in (33, 40, -2):
        hands = ((code, *d.hands[0][1:]), *d.hands[1:])
        with pytest.raises(CardError):
            Game(deals=[Deal(3, hands, d.upcard, d.kitty)])


def test_rules_notation_ranks_and_suits() -> None:
    ranks = dict(zip("789TJQKA", (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE), strict=True))
    suits = dict(zip("cdhs", (CLUBS, DIAMONDS, HEARTS, SPADES), strict=True))
    for r, rank in ranks.items():
        for s, suit in suits.items():
            assert parse_card(r + s) == card(rank, suit)
            assert card_name(card(rank, suit)) == r + s
    assert card_name(c("Jd")) == "Jd"
    assert card_name(c("Ts")) == "Ts"
    assert card_name(c("9c")) == "9c"


def test_rules_notation_joker_is_b() -> None:
    assert parse_card("B") == BENNY
    assert parse_card("b") == BENNY
    assert card_name(BENNY) == "B"


def test_rules_notation_input_lenient_any_case() -> None:
    for text in ("Jd", "jd", "JD", "jD", " Jd "):
        assert parse_card(text) == card(JACK, DIAMONDS)


def test_rules_notation_input_lenient_10_for_t() -> None:
    assert parse_card("10d") == parse_card("Td") == card(TEN, DIAMONDS)
    assert parse_card("10S") == card(TEN, SPADES)
    assert parse_card("10♥") == card(TEN, HEARTS)


def test_rules_notation_input_lenient_suit_symbols() -> None:
    assert parse_card("A♣") == card(ACE, CLUBS)
    assert parse_card("J♦") == card(JACK, DIAMONDS)
    assert parse_card("q♥") == card(QUEEN, HEARTS)
    assert parse_card("9♠") == card(NINE, SPADES)


def test_rules_notation_output_is_canonical() -> None:
    assert card_name(parse_card("10♦")) == "Td"
    assert card_name(parse_card("jh")) == "Jh"
    assert str(CardSet.parse("10c, j♦ AS")) == "Tc Jd As"
    assert str(PLAY[parse_card("10♥")]) == "play Th"


def test_rules_notation_output_for_people_may_use_symbols() -> None:
    assert card_symbol(c("Td")) == "T♦"
    assert card_symbol(c("Ac")) == "A♣"
    assert card_symbol(c("Jh")) == "J♥"
    assert card_symbol(c("9s")) == "9♠"
    assert card_symbol(BENNY) == "B"


def test_rules_notation_bad_card_refused_with_help() -> None:
    for text in ("1h", "Zq", "J", "", "Jx", "11d"):
        with pytest.raises(CardError, match="a card is a rank"):
            parse_card(text)


def test_rules_colours_clubs_spades_black_diamonds_hearts_red() -> None:
    assert same_colour(CLUBS) == SPADES
    assert same_colour(SPADES) == CLUBS
    assert same_colour(DIAMONDS) == HEARTS
    assert same_colour(HEARTS) == DIAMONDS
    assert left_bower(HEARTS) == c("Jd")
    assert left_bower(DIAMONDS) == c("Jh")
    assert left_bower(CLUBS) == c("Js")
    assert left_bower(SPADES) == c("Jc")


@pytest.mark.parametrize("trump", SUITS)
def test_rules_benny_is_always_the_highest_trump(trump: int) -> None:
    right = card(JACK, trump)
    for other in cards_of(deck_mask(25)):
        if other != BENNY:
            assert power(BENNY, trump) > power(other, trump)
            assert trick_winner_index([other, BENNY], trump) == 1
            assert trick_winner_index([BENNY, other], trump) == 0
    assert trick_winner_index([right, left_bower(trump), BENNY], trump) == 2
    assert effective_suit(BENNY, trump) == trump


# A 25-card deal: seat 1 holds the Benny as its only trump once hearts are named.
B_ONLY_TRUMP = ("Jh Jd Ah Kh 9c", "B Ac Kc Ts Qs", "As Ks Qh Ad Kd", "Tc Jc Qc Qd Td")
B_ONLY_TRUMP_KITTY = "9d Th Js 9h"


def test_rules_benny_belongs_to_trump_for_following_suit() -> None:
    game = new_game(3, Rules(deck=25), B_ONLY_TRUMP, "9s", B_ONLY_TRUMP_KITTY)
    act(game, "pass, pass, pass, pass, call h, stay, stay, stay, stay")
    act(game, "Jh")
    assert legal_cards(game) == {BENNY}  # the Benny is seat 1's only trump
    refused(game, PLAY[c("Ac")], "must follow hearts")
    act(game, "B")
    assert legal_cards(game) == {c("Qh")}
    act(game, "Qh, Tc")
    assert game.tricks[-1] and game.to_act == 1  # the Benny took the right bower
    act(game, "Ts")  # seat 1 leads spades: seat 2 follows, the others are void
    assert legal_cards(game) == cs("As Ks")


def test_rules_benny_belongs_to_trump_for_voids() -> None:
    game = new_game(3, Rules(deck=25), B_ONLY_TRUMP, "9s", B_ONLY_TRUMP_KITTY)
    act(game, "pass, pass, pass, pass, call h, stay, stay, stay, stay")
    act(game, "9c")  # clubs led: seat 1 must follow clubs, the Benny is no club
    assert legal_cards(game) == cs("Ac Kc")
    refused(game, PLAY[BENNY], "must follow clubs")
    # dealer 2, seat 3 leads diamonds: seat 1 is void and may trump with the Benny
    game = new_game(2, Rules(deck=25), B_ONLY_TRUMP, "9s", B_ONLY_TRUMP_KITTY)
    act(game, "pass, pass, pass, pass, pass, call h, stay, stay, stay, stay")
    act(game, "Qd, 9c")
    assert legal_cards(game) == cs("B Ac Kc Ts Qs")
    act(game, "B")
    assert legal_cards(game) == cs("Ad Kd")
    act(game, "Ad")
    assert game.to_act == 1


# A 25-card deal: seat 0 holds the Benny.
B_LEAD = ("B Jd Ah Kh 9c", "Qh 9h Ac Kc Ts", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")


def test_rules_benny_leading_it_leads_trump() -> None:
    game = new_game(3, Rules(deck=25), B_LEAD, "9s", "9d Th Js Jh")
    act(game, "pass, pass, pass, pass, call h, stay, stay, stay, stay, B")
    assert legal_cards(game) == cs("Qh 9h")
    act(game, "9h")
    assert legal_cards(game) == cs("As Ks Qs Ad Kd")  # void in trump
    act(game, "As, Tc")
    assert game.to_act == 0
    assert game.tricks_won == (1, 0)


def test_rules_benny_upcard_skips_round_one() -> None:
    game = new_game(3, Rules(deck=25), G, "B", "9s 9d Th Js")
    assert phase_of(game) is Phase.BID2
    assert game.to_act == 0
    # all four suits may be named, the upcard has no suit to turn down
    assert legal(game) == {"pass", "call c", "call d", "call h", "call s"}
    act(game, "pass, pass, call s")
    # no exchange: straight to going alone; the dealer's hand is unchanged
    assert game.phase is Phase.ALONE
    assert game.discard is None
    assert game.hand_mask(3) == CardSet.parse(G[3]).mask
    assert game.trump == SPADES
    assert game.maker == 2


def test_rules_benny_upcard_all_pass_throws_in() -> None:
    game = new_game(3, Rules(deck=25), G, "B", "9s 9d Th Js")
    act(game, "pass, pass, pass, pass")
    assert game.results[0].thrown_in
    assert game.dealer == 0


@pytest.mark.parametrize("deck", [24, 32, 25])
@pytest.mark.parametrize("trump", SUITS)
def test_rules_order_once_trump_is_known_trump_suit(trump: int, deck: int) -> None:
    ranks = [ACE, KING, QUEEN, TEN, NINE] + ([EIGHT, SEVEN] if deck == 32 else [])
    expected = ([BENNY] if deck == 25 else []) + [card(JACK, trump), left_bower(trump)]
    expected += [card(r, trump) for r in ranks]
    trumps = [x for x in cards_of(deck_mask(deck)) if effective_suit(x, trump) == trump]
    assert sorted(trumps, key=lambda x: -power(x, trump)) == expected
    for i, high in enumerate(expected):
        for low in expected[i + 1:]:
            assert trick_winner_index([low, high], trump) == 1
            assert trick_winner_index([high, low], trump) == 0


@pytest.mark.parametrize("deck", [24, 32, 25])
@pytest.mark.parametrize("trump", SUITS)
def test_rules_order_once_trump_is_known_other_suits(trump: int, deck: int) -> None:
    low = [EIGHT, SEVEN] if deck == 32 else []
    for suit in SUITS:
        if suit == trump:
            continue
        ranks = [ACE, KING, QUEEN] + ([] if suit == same_colour(trump) else [JACK])
        ranks += [TEN, NINE, *low]
        expected = [card(r, suit) for r in ranks]
        members = [
            x for x in cards_of(deck_mask(deck)) if effective_suit(x, trump) == suit
        ]
        assert sorted(members, key=lambda x: -power(x, trump)) == expected
        for i, high in enumerate(expected):
            for lower in expected[i + 1:]:
                assert trick_winner_index([lower, high], trump) == 1


def test_rules_same_colour_suit_has_no_jack() -> None:
    deck = deck_mask(24)
    assert CardSet(effective_suit_mask(DIAMONDS, HEARTS) & deck) == CardSet.parse(
        "9d Td Qd Kd Ad"
    )
    assert CardSet(effective_suit_mask(HEARTS, HEARTS) & deck) == CardSet.parse(
        "9h Th Jh Qh Kh Ah Jd"
    )
    assert CardSet(effective_suit_mask(CLUBS, SPADES) & deck) == CardSet.parse("9c Tc Qc Kc Ac")


# Deal G2: seat 2 holds the left bower (Jd) as its only trump once hearts are trump.
G2 = ("Jh Ah Kh Qh 9c", "Th 9h Ac Kc Ts", "As Ks Jd Ad Kd", "Tc Jc Qc Qd Td")


def test_rules_left_bower_belongs_to_trump_for_following_suit() -> None:
    game = new_game(3, None, G2, "9s", "9d Qs Js")
    act(game, "pass, pass, pass, pass, call h, stay, stay, stay, stay, Jh")
    act(game, "9h")
    assert legal_cards(game) == {c("Jd")}  # must follow trump with the left bower
    refused(game, PLAY[c("Ad")], "must follow hearts")
    act(game, "Jd, Tc")
    assert game.to_act == 0


def test_rules_left_bower_is_not_of_its_printed_suit() -> None:
    # dealer 2, so seat 3 leads; diamonds led: seat 0's Jd is a trump, seat 0 is void
    game = new_game(2)
    act(game, "pass, pass, pass, pass, pass, call h, stay, stay, stay, stay")
    assert game.to_act == 3
    act(game, "Qd")
    assert legal_cards(game) == cs("Jh Jd Ah Kh 9c")
    act(game, "Jd")  # trumps in with the left bower
    assert legal_cards(game) == cs("Qh 9h Ac Kc Ts")
    act(game, "Ts")
    assert legal_cards(game) == cs("Ad Kd")
    act(game, "Ad")
    assert game.to_act == 0  # the left bower, a trump, took the trick


def test_rules_left_bower_leading_it_leads_trump() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "Jd")
    assert legal_cards(game) == cs("Qh 9h")
    act(game, "Qh")
    assert legal_cards(game) == cs("As Ks Qs Ad Kd")  # no obligation to follow diamonds
    act(game, "Kd, Tc")
    assert game.to_act == 0


def test_rules_other_suits_ace_high_and_jack_between_queen_and_ten() -> None:
    assert trick_winner_index(parse_cards("Jc Qc Tc 9c"), HEARTS) == 1
    assert trick_winner_index(parse_cards("9c Jc Tc Kc"), HEARTS) == 3
    assert trick_winner_index(parse_cards("Kc Ac Jc Qc"), HEARTS) == 1


def test_rules_32_card_deck_eight_and_seven_rank_lowest() -> None:
    assert trick_winner_index(parse_cards("7h 8h"), HEARTS) == 1
    assert trick_winner_index(parse_cards("8h 9h"), HEARTS) == 1
    assert trick_winner_index(parse_cards("7c 8c 9c"), HEARTS) == 2
    assert trick_winner_index(parse_cards("8c 7h"), HEARTS) == 1  # a 7 of trump still trumps


# -- 2. Seats, teams, dealer -----------------------------------------------------------


def test_rules_seats_partners_sit_opposite_in_teams() -> None:
    game = Game(seed=1)
    assert [game.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [game.view(s).team for s in range(4)] == [0, 1, 0, 1]


def test_rules_seats_teams_are_seats_0_2_and_1_3() -> None:
    # seat 1 (team 1) names hearts with a weak hand; team 0 (seats 0 and 2) euchres it
    game = new_game(3, NO_ALONE)
    act(game, "pass, pass, pass, pass, pass, call h")
    assert game.maker == 1
    play_cards(game, "Jh 9h As Tc  Jd Qh Ks Jc  Ah Ac Qs Qc  Kh Kc Kd Qd  9c Ts Ad Td")
    result = game.results[0]
    assert result.tricks == (5, 0)
    assert (result.team, result.points) == (0, 2)
    assert game.score == (2, 0)


def test_rules_everything_moves_clockwise_to_the_left() -> None:
    for dealer in range(4):
        game = new_game(dealer)
        seen = []
        for _ in range(4):
            seen.append(game.to_act)
            act(game, "pass")
        assert seen == [(dealer + i) % 4 for i in range(1, 5)]


def test_rules_first_dealer_chosen_at_random_seeded() -> None:
    dealers = [Game(seed=s).dealer for s in range(200)]
    assert dealers == [Game(seed=s).dealer for s in range(200)]
    assert set(dealers) == {0, 1, 2, 3}
    assert Counter(dealers).most_common()[-1][1] > 20  # no seat is rarely chosen
    assert set(Game(Rules.preset("two-handed"), seed=s).dealer for s in range(50)) == {0, 1}


def test_rules_deal_passes_left_after_every_deal() -> None:
    rng = random.Random(3)
    game = Game(seed=11)
    first = game.dealer
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.results) > 3
    for i, result in enumerate(game.results):
        assert result.dealer == (first + i) % 4


def test_rules_deal_passes_left_after_thrown_in_deal() -> None:
    game = new_game(2)
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    assert game.results[0].thrown_in
    assert game.dealer == 3
    assert game.deal_number == 1
    assert game.phase is Phase.BID1
    assert game.to_act == 0


def test_rules_deal_passes_left_explicit_deals_must_follow_rotation() -> None:
    with pytest.raises(CardError, match="passes to seat 3"):
        game = Game(deals=[deal_g(2), deal_g(2)])
        act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    game = Game(deals=[deal_g(2), deal_g(3)])
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    assert game.deals[1] == deal_g(3)


# -- 3. The deal -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck", "kitty"),
    [(4, 24, 4), (4, 32, 12), (4, 25, 5), (2, 24, 14), (2, 32, 22), (2, 25, 15)],
)
def test_rules_deal_five_cards_each_rest_in_kitty_top_card_turned_up(
    players: int, deck: int, kitty: int
) -> None:
    base = Rules.preset("two-handed") if players == 2 else Rules()
    rules = base.replace(deck=deck)
    assert rules.kitty_size == kitty
    for seed in range(20):
        game = Game(rules, seed=seed)
        d = game.deals[0]
        assert [len(hand) for hand in d.hands] == [5] * players
        assert len(d.kitty) == kitty - 1  # the rest of the kitty, under the upcard
        assert game.view(0).upcard == d.upcard
        assert [len(game.hand(s)) for s in range(players)] == [5] * players


def _dealt_by_pattern(
    players: int, deck: int, pattern: str, dealer: int, seed: int
) -> tuple[list[set[int]], int]:
    """Deal a shuffled deck by hand: the deck order is the engine's (``shuffled_deck``
    with ``random.Random(seed)``), the packets are the rule's."""
    order = shuffled_deck(deck, random.Random(seed))
    if pattern == "1":
        packets = [1] * (5 * players)
    else:
        packets = ([3, 2] * (players // 2)) + ([2, 3] * (players // 2))
    hands: list[set[int]] = [set() for _ in range(players)]
    position = 0
    for i, size in enumerate(packets):
        seat = (dealer + 1 + i) % players
        hands[seat].update(order[position:position + size])
        position += size
    return hands, order[position]


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("pattern", ["3-2", "1"])
def test_rules_deal_pattern_packets_from_left_of_dealer(players: int, pattern: str) -> None:
    base = Rules.preset("two-handed") if players == 2 else Rules()
    for deck in (24, 32, 25):
        rules = base.replace(deck=deck, deal_pattern=pattern)
        for seed in range(5):
            for dealer in range(players):
                d = random_deal(rules, dealer, random.Random(seed))
                hands, upcard = _dealt_by_pattern(players, deck, pattern, dealer, seed)
                assert [set(h) for h in d.hands] == hands
                assert d.upcard == upcard


def test_rules_deal_pattern_default_3_2() -> None:
    assert Rules().deal_pattern == "3-2"
    with pytest.raises(RulesError, match=r"^deal_pattern:"):
        Rules(deal_pattern="2-3")  # type: ignore[arg-type]


@pytest.mark.parametrize("pattern", ["3-2", "1"])
def test_rules_deal_pattern_any_pattern_gives_uniformly_random_hands(pattern: str) -> None:
    rules = Rules(deal_pattern=pattern)  # type: ignore[arg-type]
    rng = random.Random(2024)
    n = 3000
    counts: Counter[tuple[int, int]] = Counter()
    for i in range(n):
        d = random_deal(rules, i % 4, rng)
        for seat, hand in enumerate(d.hands):
            for x in hand:
                counts[(seat, x)] += 1
    expected = n * 5 / 24  # about 625, standard deviation about 22
    for seat in range(4):
        for x in cards_of(deck_mask(24)):
            assert abs(counts[(seat, x)] - expected) < 120, (seat, card_name(x))


# -- 4. Bidding, round one -------------------------------------------------------------


def test_rules_round_one_starts_left_of_dealer() -> None:
    for dealer in range(4):
        game = new_game(dealer)
        assert game.phase is Phase.BID1
        assert game.to_act == (dealer + 1) % 4
        assert legal(game) == {"pass", "order"}


def test_rules_round_one_opponent_orders_up() -> None:
    game = new_game(3)
    act(game, "order")
    assert (game.trump, game.maker) == (SPADES, 0)
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 3


def test_rules_round_one_dealer_partner_assists() -> None:
    game = new_game(3)
    act(game, "pass, assist")
    assert (game.trump, game.maker) == (SPADES, 1)
    assert game.phase is Phase.EXCHANGE and game.to_act == 3


def test_rules_round_one_dealer_accepts() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, accept")
    assert (game.trump, game.maker) == (SPADES, 3)
    assert game.phase is Phase.EXCHANGE and game.to_act == 3


def test_rules_round_one_first_acceptance_ends_the_round() -> None:
    game = new_game(3)
    act(game, "pass, order")
    assert [(s, str(a)) for s, a in game.calls] == [(0, "pass"), (1, "order")]
    assert "order" not in legal(game) and "pass" not in legal(game)
    refused(game, ORDER, "discard")


def test_rules_dealer_may_take_upcard_and_discard_one() -> None:
    game = new_game(3)
    act(game, "order")
    assert Rules().dealer_must_take_upcard is False
    assert legal(game) == {"discard " + x for x in [*G[3].split(), "9s"]}
    act(game, "discard Td")
    assert game.hand(3) == frozenset(parse_cards("Tc Jc Qc Qd 9s"))
    assert game.discard == c("Td")
    assert game.phase is Phase.ALONE


def test_rules_dealer_may_decline_upcard_by_discarding_it() -> None:
    game = new_game(3)
    act(game, "order, discard 9s")
    assert game.hand(3) == frozenset(parse_cards(G[3]))
    assert game.discard == c("9s")
    assert game.trump == SPADES  # the upcard's suit is trump all the same
    assert game.phase is Phase.ALONE


def test_rules_dealer_must_take_upcard_may_not_discard_it() -> None:
    rules = Rules(dealer_must_take_upcard=True)
    game = new_game(3, rules)
    act(game, "order")
    assert legal(game) == {"discard " + x for x in G[3].split()}
    refused(game, DISCARD[c("9s")], "must take the upcard", "discard Td")
    refused(game, DISCARD[c("Jh")], "does not hold Jh")
    act(game, "discard Qd")
    assert game.hand(3) == frozenset(parse_cards("Tc Jc Qc Td 9s"))


def test_rules_upcard_suit_is_trump_whether_or_not_dealer_takes_it() -> None:
    for discard in ("9s", "Tc"):
        game = new_game(3)
        act(game, f"pass, pass, order, discard {discard}, stay, stay, stay, stay")
        assert game.trump == SPADES
        assert game.maker == 2


def test_rules_only_the_dealer_sees_the_discard() -> None:
    game = new_game(3)
    act(game, "order, discard Td")
    for seat in range(4):
        view = game.view(seat)
        if seat == 3:
            assert view.discard == c("Td")
            assert c("Td") in view.known_cards()
        else:
            assert view.discard is None
            assert c("Td") not in view.known_cards()
            assert view.to_dict()["discard"] is None
    act(game, "stay, stay, stay, stay, Jh")
    assert game.view(0).discard is None and game.view(3).discard == c("Td")


def test_rules_all_pass_round_one_turns_upcard_down_round_two_starts() -> None:
    game = new_game(1)
    act(game, "pass, pass, pass, pass")
    assert game.phase is Phase.BID2
    assert game.to_act == 2
    assert game.discard is None
    assert game.hand(1) == frozenset(parse_cards(G[1]))


# -- 5. Bidding, round two -------------------------------------------------------------


def test_rules_round_two_starts_left_of_dealer_and_moves_clockwise() -> None:
    for dealer in range(4):
        game = new_game(dealer)
        act(game, "pass, pass, pass, pass")
        seen = []
        for _ in range(3):
            seen.append(game.to_act)
            act(game, "pass")
        assert seen == [(dealer + i) % 4 for i in range(1, 4)]


def test_rules_round_two_turned_down_suit_may_not_be_named() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, pass")
    assert legal(game) == {"pass", "call c", "call d", "call h"}
    refused(game, CALL[SPADES], "spades was turned down", "call h")


@pytest.mark.parametrize("suit", ["c", "d", "h"])
def test_rules_round_two_any_other_suit_may_be_named(suit: str) -> None:
    game = new_game(3)
    act(game, f"pass, pass, pass, pass, pass, call {suit}")
    assert game.trump == "cdhs".index(suit)
    assert game.maker == 1
    assert game.phase is Phase.ALONE


def test_rules_round_two_first_to_name_ends_bidding() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, pass, pass, pass, call d")
    assert game.maker == 2 and game.trump == DIAMONDS
    assert game.phase is Phase.ALONE
    assert [a for _, a in game.calls].count(CALL[DIAMONDS]) == 1
    refused(game, CALL[HEARTS], "alone")


def test_rules_round_two_all_pass_throws_in_the_deal() -> None:
    game = new_game(3, score=(3, 4))
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    result = game.results[0]
    assert result.thrown_in and result.trump is None and result.maker is None
    assert (result.points, result.team) == (0, None)
    assert result.score == (3, 4) == game.score
    assert game.dealer == 0  # the next dealer deals
    assert game.phase is Phase.BID1


def test_rules_stick_the_dealer_default_off_dealer_may_pass() -> None:
    assert Rules().stick_the_dealer is False
    game = new_game(3)
    act(game, "pass, pass, pass, pass, pass, pass, pass")
    assert "pass" in legal(game)


def test_rules_stick_the_dealer_dealer_may_not_pass_round_two() -> None:
    game = new_game(3, Rules(stick_the_dealer=True))
    act(game, "pass, pass, pass, pass")  # round one: the dealer may pass
    act(game, "pass, pass, pass")  # round two: the others may pass
    assert game.to_act == 3
    assert legal(game) == {"call c", "call d", "call h"}
    refused(game, PASS, "dealer is stuck", "call c")
    act(game, "call c")
    assert (game.trump, game.maker) == (CLUBS, 3)


def test_rules_makers_are_the_partnership_of_the_player_who_chose_trump() -> None:
    # dealer 1: seat 3 (the dealer's partner) names hearts in round two
    game = new_game(1, NO_ALONE)
    act(game, "pass, pass, pass, pass, pass, call h")
    assert game.maker == 3
    play_cards(game, "Ad Qd Jh Ts  Jd 9h As Tc  Ah Qh Ks Jc  9c Ac Kd Qc  Kc Qs Td Kh")
    result = game.results[0]
    assert result.maker == 3
    # team 1 (seats 1 and 3) are the makers and took one trick: euchred, team 0 scores
    assert result.tricks == (4, 1)
    assert (result.team, result.points) == (0, 2)


# -- 6. Going alone --------------------------------------------------------------------


def test_rules_going_alone_after_exchange_before_first_lead() -> None:
    game = new_game(3)
    act(game, "pass, order")
    assert phase_of(game) is Phase.EXCHANGE  # the dealer exchanges first
    act(game, "discard Td")
    assert game.phase is Phase.ALONE
    assert game.tricks == () and game.current_trick == ()
    assert game.to_act == 1


def test_rules_going_alone_partner_lays_hand_down_and_sits_out() -> None:
    game = hearts_called_by_0()
    assert asked_alone(game, alone=[0]) == [0, 1, 3]
    assert game.alone == (0,)
    assert game.sitting_out == (2,)
    order = []
    while game.phase is Phase.PLAY:
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert 2 not in order
    assert len(order) == 15
    result = game.results[0]
    assert sum(result.tricks) == 5
    assert result.alone == (0,)


def test_rules_going_alone_tricks_have_one_card_per_active_player() -> None:
    game = hearts_called_by_0()
    asked_alone(game, alone=[0])
    for _ in range(4):
        while len(game.current_trick) < 2:
            game.apply(game.legal_actions()[0])
        seats = [s for s, _ in game.current_trick]
        game.apply(game.legal_actions()[0])
        assert len(game.tricks[-1]) == 3
        assert sorted([*seats, game.tricks[-1][-1][0]]) == [0, 1, 3]
    assert game.hand(2) == frozenset(parse_cards(G[2]))  # the hand laid face down


def test_rules_going_alone_at_most_one_per_partnership() -> None:
    game = hearts_called_by_0()
    act(game, "alone")
    assert game.to_act == 1  # the maker's partner is not asked
    act(game, "alone")
    assert game.phase is Phase.PLAY  # nor is the lone defender's partner
    assert game.alone == (0, 1)


def test_rules_going_alone_both_partnerships_may_have_a_lone_player() -> None:
    game = hearts_called_by_0()
    assert asked_alone(game, alone=[0, 1]) == [0, 1]
    assert game.alone == (0, 1)
    assert game.sitting_out == (2, 3)
    # the lone defender leads; the two lone players alternate
    assert game.to_act == 1
    act(game, "Ac")
    assert game.to_act == 0
    act(game, "9c")
    assert len(game.tricks[-1]) == 2
    assert game.to_act == 1  # Ac won
    act(game, "Kc")
    assert game.to_act == 0  # seats 2 and 3 both sit out


@pytest.mark.parametrize(
    ("dealer", "script", "maker", "expected"),
    [
        (3, "order, discard Td", 0, [0, 2, 1, 3]),
        (3, "pass, order, discard Td", 1, [1, 3, 0, 2]),
        (0, "pass, pass, order, discard 9c", 3, [3, 1, 2, 0]),
        (1, "pass, pass, pass, pass, pass, pass, pass, call h", 1, [1, 3, 2, 0]),
        (1, "pass, pass, pass, pass, pass, pass, call c", 0, [0, 2, 3, 1]),
        (2, "pass, pass, pass, order, discard Kd", 2, [2, 0, 3, 1]),
    ],
)
def test_rules_going_alone_declaration_order(
    dealer: int, script: str, maker: int, expected: list[int]
) -> None:
    """The maker, the maker's partner, then the defenders clockwise from the dealer's
    left; each asked exactly once."""
    game = new_game(dealer)
    act(game, script)
    assert game.maker == maker
    assert asked_alone(game) == expected
    assert sorted(expected) == [0, 1, 2, 3]
    assert game.phase is Phase.PLAY


def test_rules_going_alone_maker_partner_asked_only_if_maker_did_not_go_alone() -> None:
    game = hearts_called_by_0()
    assert asked_alone(game, alone=[0]) == [0, 1, 3]
    game = hearts_called_by_0()
    assert asked_alone(game, alone=[2]) == [0, 2, 1, 3]
    assert game.sitting_out == (0,)


def test_rules_going_alone_defender_not_asked_once_partner_declared() -> None:
    game = hearts_called_by_0()
    assert asked_alone(game, alone=[1]) == [0, 2, 1]
    game = hearts_called_by_0(dealer=3)
    assert asked_alone(game, alone=[3]) == [0, 2, 1, 3]
    assert game.sitting_out == (1,)


def test_rules_lone_defender_default_true() -> None:
    assert Rules().lone_defender is True
    game = hearts_called_by_0()
    act(game, "stay, stay")
    assert game.to_act == 1 and "alone" in legal(game)


def test_rules_lone_defender_false_only_makers_may_go_alone() -> None:
    game = hearts_called_by_0(rules=Rules(lone_defender=False))
    assert asked_alone(game) == [0, 2]
    assert game.phase is Phase.PLAY


def test_rules_maker_partner_alone_default_true() -> None:
    assert Rules().maker_partner_alone is True


def test_rules_maker_partner_alone_false_only_the_maker_on_makers_side() -> None:
    game = hearts_called_by_0(rules=Rules(maker_partner_alone=False))
    assert asked_alone(game) == [0, 1, 3]
    game = hearts_called_by_0(rules=Rules(maker_partner_alone=False, lone_defender=False))
    assert asked_alone(game) == [0]


# -- 7. Play ---------------------------------------------------------------------------


def test_rules_first_lead_left_of_dealer() -> None:
    for dealer in range(4):
        game = new_game(dealer)
        act(game, "order")
        act(game, f"discard {G[dealer].split()[0]}")
        asked_alone(game)
        assert game.phase is Phase.PLAY
        assert game.to_act == (dealer + 1) % 4


@pytest.mark.parametrize(
    ("dealer", "script", "alone", "leader"),
    [
        (3, "pass, pass, pass, pass, call h", [0], 1),  # the maker alone
        (3, "pass, pass, pass, pass, call h", [2], 3),  # the maker's partner alone
        (0, "pass, pass, pass, pass, call h", [2], 3),  # a defender alone
    ],
)
def test_rules_first_lead_left_of_the_lone_player(
    dealer: int, script: str, alone: list[int], leader: int
) -> None:
    game = new_game(dealer)
    act(game, script)
    asked_alone(game, alone)
    assert game.alone == tuple(alone)
    assert game.to_act == leader != (dealer + 1) % 4


@pytest.mark.parametrize("alone", [[0, 1], [0, 3]])
def test_rules_first_lead_lone_defender_leads_when_two_go_alone(alone: list[int]) -> None:
    game = hearts_called_by_0()
    asked_alone(game, alone)
    assert game.alone == tuple(alone)
    assert game.to_act == alone[1]


def test_rules_loner_lead_default_left_of_loner() -> None:
    assert Rules().loner_lead == "left_of_loner"
    with pytest.raises(RulesError, match=r"^loner_lead:"):
        Rules(loner_lead="left_of_maker")  # type: ignore[arg-type]


def test_rules_loner_lead_left_of_dealer_keeps_the_lead_left_of_dealer() -> None:
    rules = Rules(loner_lead="left_of_dealer")
    game = hearts_called_by_0(rules=rules)
    asked_alone(game, [0])
    assert game.to_act == 0
    game = hearts_called_by_0(rules=rules)
    asked_alone(game, [0, 1])
    assert game.to_act == 0


def test_rules_loner_lead_left_of_dealer_skips_sitting_out_seat() -> None:
    rules = Rules(loner_lead="left_of_dealer")
    game = new_game(3, rules)
    act(game, "pass, pass, pass, pass, pass, pass, call h")
    assert asked_alone(game, [2]) == [2, 1, 3]
    assert game.sitting_out == (0,)
    assert game.to_act == 1
    # two loners, both seats left of the dealer sitting out: dealer 1, seats 2, 3 out
    game = new_game(1, rules)
    act(game, "pass, pass, pass, pass, pass, call h")
    assert game.maker == 3
    asked_alone(game, [3, 0])
    assert game.sitting_out == (1, 2)
    assert game.to_act == 3


def test_rules_play_in_turn_skipping_anyone_who_sits_out() -> None:
    game = hearts_called_by_0()
    asked_alone(game, [0])
    assert game.to_act == 1
    act(game, "Ac")
    assert game.to_act == 3
    act(game, "Tc")
    assert game.to_act == 0
    act(game, "9c")
    assert game.to_act == 1


def test_rules_follow_suit_must_play_the_led_suit_if_able() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "9c")
    assert legal_cards(game) == cs("Ac Kc")
    refused(game, PLAY[c("Ts")], "must follow clubs", "play Ac", "play Kc")
    refused(game, PLAY[c("Qh")], "must follow clubs")  # trumping while able to follow


def test_rules_follow_suit_otherwise_any_card_may_be_played() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "9c, Ac")
    assert legal_cards(game) == cs("As Ks Qs Ad Kd")
    act(game, "Ad")
    assert legal_cards(game) == cs("Tc Jc Qc")


def test_rules_follow_suit_leader_may_lead_any_card() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    assert legal_cards(game) == cs(G[0])


def test_rules_trick_without_trump_highest_card_of_led_suit_wins() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "9c, Ac, Ad, Tc")  # the ace of diamonds is off suit and can't win
    assert game.tricks_won == (0, 1)
    assert game.to_act == 1  # the winner leads the next trick


def test_rules_trick_highest_trump_wins() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "9c, Ac, Ad, Tc")
    act(game, "Kc, Kd, Jc, Jh")
    assert game.tricks_won == (1, 1)
    assert game.to_act == 0
    act(game, "Ah, 9h, Ks, Qc")  # trump led: the highest trump wins
    assert game.to_act == 0
    assert game.tricks_won == (2, 1)


def test_rules_trick_winner_leads_next_and_a_deal_has_five_tricks() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    for number in range(5):
        leader = game.to_act
        for _ in range(4):
            game.apply(game.legal_actions()[-1])
        if number < 4:
            trick = game.tricks[-1]
            assert trick[0][0] == leader
            winner = trick[trick_winner_index([x for _, x in trick], HEARTS)][0]
            assert game.to_act == winner
    assert len(game.results) == 1
    assert sum(game.results[0].tricks) == 5
    assert game.deal_number == 1


def test_rules_illegal_play_refused_with_reason_state_unchanged() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    act(game, "9c")
    message = refused(game, PLAY[c("Ts")], "play Ts", "must follow clubs")
    assert message.endswith(("the legal actions are: play Kc, play Ac",
                             "the legal actions are: play Ac, play Kc"))
    refused(game, PLAY[c("Jh")], "seat 1 does not hold Jh", "play Ac", "play Kc")
    refused(game, PASS, "seat 1 must play a card", "play Ac", "play Kc")
    refused(game, PLAY[UNKNOWN], "play Ac")


def _refused_or_unbuildable(game: Game, make: Callable[[], Action]) -> None:
    """An action with a value out of range is refused (or can't even be built)."""
    try:
        action = make()
    except EuchreError:
        return
    refused(game, action)


def test_rules_illegal_call_of_suit_below_range_refused_state_unchanged() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, pass")
    _refused_or_unbuildable(game, lambda: Call(-1))


def test_rules_illegal_call_of_suit_above_range_refused_state_unchanged() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, pass")
    _refused_or_unbuildable(game, lambda: Call(4))


def test_rules_illegal_card_code_out_of_range_refused() -> None:
    game = new_game(3)
    act(game, "order")
    for code in (33, 40, -2):
        _refused_or_unbuildable(game, lambda code=code: Discard(code))  # type: ignore[misc]
    act(game, "discard Td, stay, stay, stay, stay")
    for code in (33, 40, 1000):
        _refused_or_unbuildable(game, lambda code=code: Play(code))  # type: ignore[misc]
    try:
        action = Play(-2)
    except EuchreError:
        return
    assert "Ks" not in refused(game, action)


def test_rules_action_out_of_turn_refused() -> None:
    game = hearts_called_by_0()
    asked_alone(game)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="seat 0's turn, not seat 2's"):
        game.apply(PLAY[c("As")], seat=2)
    assert snapshot(game) == before
    game.apply(PLAY[c("9c")], seat=0)
    assert game.to_act == 1


def test_rules_wrong_kind_of_action_refused_in_every_phase() -> None:
    game = new_game(3)
    refused(game, CALL[HEARTS], "bid1", "pass, order")
    refused(game, PLAY[c("Jh")], "bid1")
    act(game, "order")
    refused(game, PASS, "exchange", "discard Td")
    refused(game, ALONE, "exchange")
    act(game, "discard Td")
    refused(game, PASS, "alone", "stay, alone")
    refused(game, PLAY[c("Jh")], "alone")
    asked_alone(game)
    refused(game, ORDER, "play")
    refused(game, DISCARD[c("Jh")], "play")
    game = new_game(3)
    act(game, "pass, pass, pass, pass")
    refused(game, ORDER, "bid2", "call c")
    refused(game, STAY, "bid2")


def test_rules_engine_never_lets_a_revoke_happen() -> None:
    """At every play of many random deals, every card not offered is refused."""
    rng = random.Random(7)
    for seed in range(30):
        game = Game(seed=seed)
        while game.deal_number == 0:
            if game.phase is Phase.PLAY:
                offered = set(game.legal_actions())
                for x in cards_of(game.hand_mask(game.to_act)):
                    if PLAY[x] not in offered:
                        refused(game, PLAY[x], "must follow")
            game.apply(rng.choice(game.legal_actions()))


# -- 8. Scoring a deal (four-handed) ---------------------------------------------------
# The golden deals (tests/engine/test_golden.py) play every row through whole deals; these
# tests pin the table itself.


def test_rules_scoring_makers_take_three_or_four_score_one() -> None:
    for tricks in (3, 4):
        assert score_deal(Rules(), tricks, lone_maker=False, lone_defender=False) == (True, 1)


def test_rules_scoring_makers_march_score_two() -> None:
    assert score_deal(Rules(), 5, lone_maker=False, lone_defender=False) == (True, 2)


def test_rules_scoring_makers_euchred_defenders_score_two() -> None:
    for tricks in (0, 1, 2):
        assert score_deal(Rules(), tricks, lone_maker=False, lone_defender=False) == (False, 2)
        assert score_deal(Rules(), tricks, lone_maker=True, lone_defender=False) == (False, 2)


def test_rules_scoring_lone_maker_takes_three_or_four_scores_one() -> None:
    for tricks in (3, 4):
        assert score_deal(Rules(), tricks, lone_maker=True, lone_defender=False) == (True, 1)


def test_rules_scoring_lone_maker_march_scores_four() -> None:
    assert score_deal(Rules(), 5, lone_maker=True, lone_defender=False) == (True, 4)


def test_rules_lone_defender_takes_three_or_four_scores_two() -> None:
    for tricks in (1, 2):
        assert score_deal(Rules(), tricks, lone_maker=False, lone_defender=True) == (False, 2)


def test_rules_lone_defender_takes_five_scores_four() -> None:
    assert score_deal(Rules(), 0, lone_maker=False, lone_defender=True) == (False, 4)


def test_rules_lone_defender_makers_take_three_or_more_score_as_if_nobody_alone() -> None:
    assert score_deal(Rules(), 3, lone_maker=False, lone_defender=True) == (True, 1)
    assert score_deal(Rules(), 4, lone_maker=False, lone_defender=True) == (True, 1)
    assert score_deal(Rules(), 5, lone_maker=False, lone_defender=True) == (True, 2)


def test_rules_both_alone_side_that_took_three_or_more_scores() -> None:
    rules = Rules(loner_euchred_points=3)
    assert score_deal(rules, 3, lone_maker=True, lone_defender=True) == (True, 1)
    assert score_deal(rules, 4, lone_maker=True, lone_defender=True) == (True, 1)
    assert score_deal(rules, 5, lone_maker=True, lone_defender=True) == (True, 4)
    # loner_euchred_points applies only when no defender went alone
    assert score_deal(rules, 2, lone_maker=True, lone_defender=True) == (False, 2)
    assert score_deal(rules, 1, lone_maker=True, lone_defender=True) == (False, 2)
    assert score_deal(rules, 0, lone_maker=True, lone_defender=True) == (False, 4)


def test_rules_scoring_option_defaults() -> None:
    rules = Rules()
    assert rules.loner_march_points == 4
    assert rules.loner_euchred_points == 2
    assert rules.lone_defender_scoring == "by_tricks"


@pytest.mark.parametrize("points", [3, 5])
def test_rules_scoring_option_loner_march_points(points: int) -> None:
    rules = Rules(loner_march_points=points)
    assert score_deal(rules, 5, lone_maker=True, lone_defender=False) == (True, points)
    assert score_deal(rules, 5, lone_maker=False, lone_defender=False) == (True, 2)
    assert score_deal(rules, 5, lone_maker=True, lone_defender=True) == (True, points)


def test_rules_scoring_option_loner_euchred_points() -> None:
    rules = Rules(loner_euchred_points=3)
    for tricks in (0, 1, 2):
        assert score_deal(rules, tricks, lone_maker=True, lone_defender=False) == (False, 3)
        assert score_deal(rules, tricks, lone_maker=False, lone_defender=False) == (False, 2)


def test_rules_scoring_option_lone_defender_scoring_flat_4() -> None:
    rules = Rules(lone_defender_scoring="flat_4")
    for tricks in (0, 1, 2):
        assert score_deal(rules, tricks, lone_maker=False, lone_defender=True) == (False, 4)
        assert score_deal(rules, tricks, lone_maker=True, lone_defender=True) == (False, 4)
    assert score_deal(rules, 3, lone_maker=False, lone_defender=True) == (True, 1)
    with pytest.raises(RulesError, match=r"^lone_defender_scoring:"):
        Rules(lone_defender_scoring="flat_5")  # type: ignore[arg-type]


def test_rules_scoring_options_out_of_range_refused() -> None:
    for name in ("loner_march_points", "loner_euchred_points"):
        for value in (0, -1, 101):
            with pytest.raises(RulesError, match=f"^{name}:"):
                Rules().replace(**{name: value})


def test_rules_dealer_exchanges_before_partner_goes_alone() -> None:
    game = new_game(3)
    act(game, "pass, order, discard Td")  # seat 1 assists, the dealer exchanges
    assert asked_alone(game, [1]) == [1, 0, 2]
    assert game.sitting_out == (3,)
    assert game.hand(3) == frozenset(parse_cards("Tc Jc Qc Qd 9s"))  # still exchanged
    assert game.discard == c("Td")
    assert game.to_act == 2


# -- 9. The game -----------------------------------------------------------------------


def test_rules_game_target_default_ten() -> None:
    assert Rules().target == 10
    assert Rules().deals == 0


def test_rules_game_first_partnership_to_reach_target_wins() -> None:
    game = new_game(3, NO_ALONE, score=(9, 9))
    act(game, "pass, pass, pass, pass, pass, call h")  # seat 1 names hearts and is euchred
    play_cards(game, "Jh 9h As Tc  Jd Qh Ks Jc  Ah Ac Qs Qc  Kh Kc Kd Qd  9c Ts Ad Td")
    assert game.is_over() and game.phase is Phase.OVER
    assert game.score == (11, 9)
    assert game.winner() == 0
    assert game.legal_actions() == []
    assert game.to_act == -1
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(PASS)


def test_rules_game_continues_below_target() -> None:
    game = new_game(3, NO_ALONE, score=(7, 9))
    act(game, "pass, pass, pass, pass, pass, call h")
    play_cards(game, "Jh 9h As Tc  Jd Qh Ks Jc  Ah Ac Qs Qc  Kh Kc Kd Qd  9c Ts Ad Td")
    assert game.score == (9, 9)
    assert not game.is_over() and game.winner() is None


@pytest.mark.parametrize("target", [1, 5, 11, 15])
def test_rules_game_target_option(target: int) -> None:
    rng = random.Random(target)
    game = Game(Rules(target=target), seed=target)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    assert max(game.score) >= target
    assert min(game.score) < target  # only one side scores on a deal: no ties
    assert game.winner() == game.score.index(max(game.score))
    assert all(max(r.score) < target for r in game.results[:-1])


def test_rules_game_deals_option_plays_a_fixed_number_of_deals() -> None:
    rng = random.Random(1)
    game = Game(Rules(target=0, deals=3), seed=4)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.results) == 3


def test_rules_game_exactly_one_of_target_and_deals_ends_a_game() -> None:
    with pytest.raises(RulesError, match=r"^target: exactly one of target and deals"):
        Rules(target=10, deals=3)
    with pytest.raises(RulesError, match=r"^target: exactly one"):
        Rules(target=0)
    assert Rules(deals=3).target == 0  # deals alone: no target
    assert Rules(target=0, deals=3).deals == 3
    assert Rules.from_options({"deals": "3"}) == Rules(target=0, deals=3)


def test_rules_game_thrown_in_deal_counts_as_a_deal() -> None:
    game = new_game(3, Rules(target=0, deals=2))
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    assert len(game.results) == 1 and game.results[0].thrown_in
    assert game.deal_number == 1
    assert not game.is_over()
    game = new_game(3, Rules(target=0, deals=1))
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    assert game.is_over()


# -- 10. Two-handed Euchre -------------------------------------------------------------

TWO = Rules.preset("two-handed")
# a two-handed deal: seat 0 and seat 1, 9s turned up, the 13 others face down
T_HANDS = ("Jh Jd Ah Kh 9c", "Qh 9h Ac Kc Ts")
T_UP = "9s"
T_KITTY = "Th 9d Td Qd Kd Ad Tc Jc Qc Js Qs Ks As"


def two_handed(dealer: int = 1, rules: Rules = TWO, score: tuple[int, int] = (0, 0)) -> Game:
    return new_game(dealer, rules, T_HANDS, T_UP, T_KITTY, score)


def test_rules_two_handed_two_players_each_the_others_opponent() -> None:
    assert TWO.players == 2
    game = two_handed()
    assert [game.view(s).team for s in (0, 1)] == [0, 1]
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        game.view(2)


def test_rules_two_handed_five_cards_each_fourteen_face_down_top_one_up() -> None:
    assert TWO.kitty_size == 14
    game = Game(TWO, seed=3)
    d = game.deals[0]
    assert [len(h) for h in d.hands] == [5, 5]
    assert len(d.kitty) == 13
    with pytest.raises(CardError, match="kitty holds 13"):
        new_game(1, TWO, T_HANDS, T_UP, "Th 9d")


def test_rules_two_handed_non_dealer_bids_first_then_dealer_both_rounds() -> None:
    for dealer in (0, 1):
        game = two_handed(dealer)
        seen = []
        for _ in range(4):
            seen.append((game.phase, game.to_act))
            act(game, "pass")
        other = 1 - dealer
        assert seen == [
            (Phase.BID1, other), (Phase.BID1, dealer), (Phase.BID2, other), (Phase.BID2, dealer)
        ]


def test_rules_two_handed_non_dealer_orders_up_dealer_exchanges() -> None:
    game = two_handed()
    act(game, "order")
    assert (game.trump, game.maker, game.phase, game.to_act) == (
        SPADES, 0, Phase.EXCHANGE, 1
    )
    assert legal(game) == {"discard " + x for x in [*T_HANDS[1].split(), "9s"]}
    act(game, "discard 9h")
    assert game.hand(1) == frozenset(parse_cards("Qh Ac Kc Ts 9s"))
    assert game.phase is Phase.PLAY


def test_rules_two_handed_dealer_accepts() -> None:
    game = two_handed()
    act(game, "pass, order, discard 9s")
    assert (game.trump, game.maker) == (SPADES, 1)
    assert game.phase is Phase.PLAY


def test_rules_two_handed_dealer_must_take_upcard_option() -> None:
    game = two_handed(rules=TWO.replace(dealer_must_take_upcard=True))
    act(game, "pass, order")
    assert "discard 9s" not in legal(game)
    refused(game, DISCARD[c("9s")], "must take the upcard")


def test_rules_two_handed_round_two_names_any_other_suit() -> None:
    game = two_handed()
    act(game, "pass, pass")
    assert legal(game) == {"pass", "call c", "call d", "call h"}
    refused(game, CALL[SPADES], "turned down")
    act(game, "pass, call d")
    assert (game.trump, game.maker) == (DIAMONDS, 1)


def test_rules_two_handed_both_pass_thrown_in_other_player_deals() -> None:
    game = two_handed(dealer=1)
    act(game, "pass, pass, pass, pass")
    assert game.results[0].thrown_in
    assert game.dealer == 0
    assert game.to_act == 1


def test_rules_two_handed_stick_the_dealer() -> None:
    game = two_handed(rules=TWO.replace(stick_the_dealer=True))
    act(game, "pass, pass, pass")
    assert legal(game) == {"call c", "call d", "call h"}
    refused(game, PASS, "stuck")


def test_rules_two_handed_maker_and_defender() -> None:
    game = two_handed()
    act(game, "pass, pass, pass, call h")
    assert game.maker == 1
    play_cards(game, "9c Ac  Kc Jh  Jd 9h  Ah Qh  Kh Ts")
    result = game.results[0]
    assert result.tricks == (4, 1)
    assert (result.team, result.points) == (0, 2)  # the maker (seat 1) was euchred


def test_rules_two_handed_no_going_alone() -> None:
    game = two_handed()
    act(game, "pass, pass, call h")
    assert game.phase is Phase.PLAY
    refused(game, ALONE, "play")


def test_rules_two_handed_going_alone_is_refused_naming_option() -> None:
    assert Rules(players=2) == TWO  # untouched going-alone defaults are turned off
    with pytest.raises(RulesError, match=r"^going_alone: two-handed Euchre does not take"):
        Rules(players=2, going_alone=True, lone_defender=False, maker_partner_alone=False)
    with pytest.raises(RulesError, match=r"^lone_defender:"):
        TWO.replace(lone_defender=True)
    with pytest.raises(RulesError, match=r"^players:"):
        Rules(players=5)


def test_rules_two_handed_non_dealer_leads() -> None:
    for dealer in (0, 1):
        game = two_handed(dealer)
        act(game, "order, discard 9s")
        assert game.phase is Phase.PLAY
        assert game.to_act == 1 - dealer


def test_rules_two_handed_first_to_ten_wins() -> None:
    assert TWO.target == 10
    game = two_handed(score=(9, 8))
    act(game, "pass, pass, call h")
    play_cards(game, "9c Ac  Kc Jh  Jd 9h  Ah Qh  Kh Ts")
    assert game.score == (10, 8)
    assert game.is_over() and game.winner() == 0


# -- 11. Presets -----------------------------------------------------------------------


def test_rules_standard_preset_is_four_handed_all_defaults() -> None:
    assert Rules.preset("standard") == Rules()
    assert Rules().players == 4


def test_rules_two_handed_preset_is_section_10() -> None:
    expected = Rules(
        players=2, going_alone=False, lone_defender=False, maker_partner_alone=False
    )
    assert expected == TWO


def test_rules_tournament_preset_options() -> None:
    rules = Rules.preset("tournament")
    assert rules == Rules(
        dealer_must_take_upcard=True,
        stick_the_dealer=True,
        lone_defender=False,
        maker_partner_alone=False,
        loner_lead="left_of_dealer",
    )
    assert rules.players == 4 and rules.target == 10


def test_rules_openspiel_preset_options() -> None:
    rules = Rules.preset("openspiel")
    assert rules == Rules(
        dealer_must_take_upcard=True,
        stick_the_dealer=True,
        lone_defender=False,
        maker_partner_alone=False,
        loner_lead="left_of_dealer",
        lone_defender_scoring="flat_4",
        target=0,
        deals=1,
    )


def test_rules_presets_are_exactly_those_named() -> None:
    assert list(PRESETS) == ["standard", "two-handed", "tournament", "openspiel", "canadian",
                             "three-handed", "railroad", "railroad-1887", "hasenpfeffer",
                             "napoleon", "napoleon-full", "british"]
    assert Rules.preset("Two_Handed") == Rules.preset(" two-handed ") == TWO
    with pytest.raises(RulesError, match="unknown preset 'pepper'"):
        Rules.preset("pepper")
    for name, rules in PRESETS.items():
        assert rules.preset_name() == name


# -- Choices the engine made where RULES.md is silent (docs/rules.md) ------------------


def test_choice_upcard_known_in_every_view_after_turned_down_or_taken() -> None:
    game = new_game(3)
    act(game, "pass, pass, pass, pass")  # turned down
    assert all(game.view(s).upcard == c("9s") for s in range(4))
    game = new_game(3)
    act(game, "order, discard Td, stay, stay, stay, stay")  # taken
    assert all(game.view(s).upcard == c("9s") for s in range(4))


def test_choice_benny_is_discardable() -> None:
    hands = ("Jh Jd Ah Kh 9c", "Qh 9h Ac Kc Ts", "As Ks Qs Ad Kd", "B Jc Qc Qd Td")
    game = new_game(3, Rules(deck=25), hands, "9s", "9d Th Js Tc")
    act(game, "order")
    assert "discard B" in legal(game)
    act(game, "discard B")
    assert game.discard == BENNY


def test_choice_going_alone_option_skips_declarations() -> None:
    assert Rules().going_alone is True
    game = hearts_called_by_0(rules=NO_ALONE)
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    with pytest.raises(RulesError, match=r"^lone_defender:"):
        Rules(going_alone=False, maker_partner_alone=False)
    with pytest.raises(RulesError, match=r"^maker_partner_alone:"):
        Rules(going_alone=False, lone_defender=False)


def test_choice_fixed_deals_game_can_end_tied_without_winner() -> None:
    game = new_game(3, Rules(target=0, deals=1), score=(4, 4))
    act(game, "pass, pass, pass, pass, pass, pass, pass, pass")
    assert game.is_over()
    assert game.score == (4, 4)
    assert game.winner() is None


def test_choice_game_may_start_from_a_score() -> None:
    game = new_game(3, score=(3, 5))
    assert game.start_score == (3, 5) == game.score
    assert Game(seed=1, score=(10, 2)).is_over()


def test_choice_records_with_unknown_cards() -> None:
    hands = ("Jh Jd Ah Kh 9c", "X X X X X", "X X X X X", "Tc Jc Qc X X")
    game = new_game(3, None, hands, "9s", "X X X")
    assert game.hand(1) == frozenset()
    assert game.unknown_count(1) == 5 and game.unknown_count(3) == 2
    with pytest.raises(CardError, match="upcard must be known"):
        new_game(3, None, hands, "X", "X X X")
    act(game, "order")
    # the dealer may lay away an unknown card: the upcard joins the known cards
    assert "discard X" in legal(game)
    act(game, "discard X")
    assert game.hand(3) == frozenset(parse_cards("Tc Jc Qc 9s"))
    assert game.unknown_count(3) == 1
    assert game.discard == UNKNOWN


def test_choice_stick_the_dealer_holds_after_benny_upcard() -> None:
    game = new_game(3, Rules(deck=25, stick_the_dealer=True), G, "B", "9s 9d Th Js")
    act(game, "pass, pass, pass")
    assert legal(game) == {"call c", "call d", "call h", "call s"}
    refused(game, PASS, "stuck")


def test_choice_option_values_checked_and_read_from_text() -> None:
    with pytest.raises(RulesError, match=r"^deck: must be int"):
        Rules(deck="24")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^stick_the_dealer: must be bool"):
        Rules(stick_the_dealer=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^target: must be from 0 to 1000"):
        Rules(target=1001)
    rules = Rules.from_options(
        {"Stick-The-Dealer": "yes", "loner-lead": "left-of-dealer", "deck": "32"}
    )
    assert rules == Rules(stick_the_dealer=True, loner_lead="left_of_dealer", deck=32)
    assert Rules.from_options({"going_alone": "off", "lone_defender": "no",
                               "maker_partner_alone": "0"}) == NO_ALONE
    with pytest.raises(RulesError, match=r"^unknown option 'colour'"):
        Rules.from_options({"colour": "red"})
    with pytest.raises(RulesError, match=r"^stick_the_dealer: must be true or false"):
        Rules.from_options({"stick_the_dealer": "maybe"})
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules

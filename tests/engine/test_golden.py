"""Golden deals, worked out by hand: every row of the scoring table (RULES.md section 8),
every scoring option, and two-handed scoring (section 10).

Each test gives the deal, the bidding and every trick as ``(leader, cards in the order
played)``. The leaders after the first trick are the winners worked out by hand (the
helper checks each one), and the tricks, points and score at the end are the table's.

Four-handed deals are dealt by seat 3, so seat 0 bids first; in every deal here the
upcard is a spade, everybody passes round one, and seat 0 names hearts in round two
(trump order: Jh > Jd > Ah > Kh > Qh > Th > 9h). The going-alone questions then go to
seat 0, seat 2 (unless seat 0 went alone), seat 1, seat 3 (unless seat 1 went alone).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from euchre.engine.actions import PLAY, parse_action
from euchre.engine.cards import parse_card, parse_cards
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules

CALL_HEARTS = "pass, pass, pass, pass, call h"

# Deal H: a fair fight.
H = ("Jh Ah 9c 9d 9s", "Jd Kh Ac Kc Ks", "Qh Th As Ad Qc", "9h Tc Jc Kd Qs")
H_UP, H_KITTY = "Ts", "Td Qd Js"
# Deal M: seat 0 holds five trumps.
M = ("Jh Jd Ah Kh Qh", "9h Ac Kc Ts 9c", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
# Deal G: seat 0 holds four trumps and a small club.
G = ("Jh Jd Ah Kh 9c", "Qh 9h Ac Kc Ts", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
UP, KITTY = "9s", "9d Th Js"
# Deal L3: seat 0 holds three trumps, seat 1 the left bower.
L3 = ("Jh Ah Kh 9c 9s", "Jd Qh Ac Kc Ts", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
L3_UP, L3_KITTY = "Js", "9d Th 9h"
# Deals M2 and G2: M and G with the hands of seats 0 and 2 swapped.
M2 = (M[2], M[1], M[0], M[3])
G2 = (G[2], G[1], G[0], G[3])
# Deals D, D3 and D5: a defender (seat 1) holds the trumps.
D = ("Th 9h Ac Kc Ts", "Jh Jd Ah Kh 9c", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
D3 = ("Th 9h Ac Kc Ts", "Jh Jd Ah 9c Td", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Kh")
D_KITTY = "9d Qh Js"
D5 = ("9h Ac Kc Ts 9c", "Jh Jd Ah Kh Qh", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")


def play_deal(
    hands: Sequence[str],
    upcard: str,
    kitty: str,
    bidding: str,
    tricks: Sequence[tuple[int, str]],
    rules: Rules | None = None,
    dealer: int = 3,
    score: tuple[int, int] = (0, 0),
) -> Game:
    """Play one explicit deal: the bidding (actions as text, separated by commas), then
    each trick from its leader."""
    game = Game(rules, seed=0, deals=[Deal.parse(dealer, hands, upcard, kitty)], score=score)
    for word in bidding.split(","):
        game.apply(parse_action(word))
    assert game.phase is Phase.PLAY
    for number, (leader, cards) in enumerate(tricks, 1):
        assert game.deal_number == 0, f"the deal ended before trick {number}"
        assert game.to_act == leader, f"trick {number} is led by seat {game.to_act}"
        for text in cards.split():
            game.apply(PLAY[parse_card(text)])
    assert len(game.results) == 1, "the deal did not end after five tricks"
    return game


def check(game: Game, tricks: tuple[int, int], team: int, points: int) -> None:
    result = game.results[0]
    assert result.tricks == tricks
    assert (result.team, result.points) == (team, points)
    start = game.start_score
    expected = (start[0] + points, start[1]) if team == 0 else (start[0], start[1] + points)
    assert result.score == expected == game.score


# -- nobody alone ----------------------------------------------------------------------


def test_golden_makers_take_three_score_one() -> None:
    game = play_deal(H, H_UP, H_KITTY, CALL_HEARTS + ", stay, stay, stay, stay", [
        (0, "Jh Kh Th 9h"),
        (0, "9s Ks As Qs"),
        (2, "Ad Kd 9d Jd"),  # seat 1, void in diamonds, trumps with the left bower
        (1, "Ac Qc Tc 9c"),
        (1, "Kc Qh Jc Ah"),  # both remaining trumps fall on a club: Ah wins
    ])
    check(game, (3, 2), team=0, points=1)


def test_golden_makers_take_four_score_one() -> None:
    game = play_deal(H, H_UP, H_KITTY, CALL_HEARTS + ", stay, stay, stay, stay", [
        (0, "Jh Jd Th 9h"),
        (0, "9s Ks As Qs"),
        (2, "Ad Kd 9d Ac"),
        (2, "Qh Tc Ah Kh"),
        (0, "9c Kc Qc Jc"),
    ])
    check(game, (4, 1), team=0, points=1)


def test_golden_makers_march_score_two() -> None:
    game = play_deal(M, UP, KITTY, CALL_HEARTS + ", stay, stay, stay, stay", [
        (0, "Jh 9h As Tc"),
        (0, "Jd Ac Ks Jc"),
        (0, "Ah Kc Qs Qc"),
        (0, "Kh Ts Ad Qd"),
        (0, "Qh 9c Kd Td"),
    ])
    check(game, (5, 0), team=0, points=2)


def test_golden_makers_euchred_defenders_score_two() -> None:
    game = play_deal(H, H_UP, H_KITTY, CALL_HEARTS + ", stay, stay, stay, stay", [
        (0, "Jh Kh Th 9h"),
        (0, "9s Ks As Qs"),
        (2, "Qh Kd Ah Jd"),
        (1, "Ac Qc Tc 9c"),
        (1, "Kc Ad Jc 9d"),
    ])
    check(game, (2, 3), team=1, points=2)


# -- the maker (or the maker's partner) alone ------------------------------------------


def test_golden_lone_maker_takes_three_scores_one() -> None:
    # seat 0 alone: seat 2 sits out, seat 1 leads, play goes 1, 3, 0
    game = play_deal(L3, L3_UP, L3_KITTY, CALL_HEARTS + ", alone, stay, stay", [
        (1, "Ac Tc 9c"),
        (1, "Ts Qd 9s"),
        (1, "Kc Jc Kh"),
        (0, "Jh Jd Qc"),
        (0, "Ah Qh Td"),
    ])
    check(game, (3, 2), team=0, points=1)


def test_golden_lone_maker_takes_four_scores_one() -> None:
    game = play_deal(G, UP, KITTY, CALL_HEARTS + ", alone, stay, stay", [
        (1, "Ac Tc 9c"),
        (1, "Kc Jc Jh"),
        (0, "Jd 9h Qc"),
        (0, "Ah Qh Qd"),
        (0, "Kh Ts Td"),
    ])
    check(game, (4, 1), team=0, points=1)


@pytest.mark.parametrize(("loner_march_points", "points"), [(None, 4), (3, 3), (5, 5)])
def test_golden_lone_maker_march_scores_loner_march_points(
    loner_march_points: int | None, points: int
) -> None:
    rules = Rules() if loner_march_points is None else Rules(
        loner_march_points=loner_march_points
    )
    game = play_deal(M, UP, KITTY, CALL_HEARTS + ", alone, stay, stay", [
        (1, "Ac Tc Jh"),
        (0, "Jd 9h Jc"),
        (0, "Ah Kc Qc"),
        (0, "Kh Ts Qd"),
        (0, "Qh 9c Td"),
    ], rules)
    check(game, (5, 0), team=0, points=points)
    assert game.results[0].alone == (0,)


@pytest.mark.parametrize(("loner_euchred_points", "points"), [(None, 2), (3, 3)])
def test_golden_lone_maker_euchred_scores_loner_euchred_points(
    loner_euchred_points: int | None, points: int
) -> None:
    rules = Rules() if loner_euchred_points is None else Rules(
        loner_euchred_points=loner_euchred_points
    )
    game = play_deal(H, H_UP, H_KITTY, CALL_HEARTS + ", alone, stay, stay", [
        (1, "Ac Tc 9c"),
        (1, "Kc Jc Jh"),
        (0, "9s Ks Qs"),
        (1, "Jd 9h Ah"),
        (1, "Kh Kd 9d"),
    ], rules)
    check(game, (1, 4), team=1, points=points)


def test_golden_maker_partner_alone_takes_four_scores_one() -> None:
    # seat 2 alone on seat 0's call: seat 0 sits out, seat 3 leads, play goes 3, 1, 2
    game = play_deal(G2, UP, KITTY, CALL_HEARTS + ", stay, alone, stay, stay", [
        (3, "Tc Ac 9c"),
        (1, "Kc Jh Jc"),
        (2, "Jd Qc 9h"),
        (2, "Ah Qd Qh"),
        (2, "Kh Td Ts"),
    ])
    check(game, (4, 1), team=0, points=1)
    assert game.results[0].alone == (2,)


def test_golden_maker_partner_alone_march_scores_four() -> None:
    game = play_deal(M2, UP, KITTY, CALL_HEARTS + ", stay, alone, stay, stay", [
        (3, "Tc Ac Jh"),
        (2, "Jd Jc 9h"),
        (2, "Ah Qc Kc"),
        (2, "Kh Qd Ts"),
        (2, "Qh Td 9c"),
    ])
    check(game, (5, 0), team=0, points=4)


def test_golden_dealer_partner_alone_after_dealer_exchanged() -> None:
    # hearts turned up; seat 1 (the dealer's partner) assists, the dealer takes Th and
    # lays away Td, then seat 1 goes alone: the dealer sits out with the exchanged hand
    hands = ("9h Ac Kc Ts 9c", "Jh Jd Ah Kh Qh", "As Ks Qs Ad Kd", "Tc Jc Qc Qd Td")
    game = Game(seed=0, deals=[Deal.parse(3, hands, "Th", "9d 9s Js")])
    for word in ("pass", "order", "discard Td", "alone", "stay", "stay"):
        game.apply(parse_action(word))
    assert game.sitting_out == (3,)
    assert game.hand(3) == frozenset(parse_cards("Tc Jc Qc Qd Th"))
    assert game.view(3).discard == parse_card("Td")
    assert game.to_act == 2
    for cards in ("As Ts Jh", "Jd Ks 9h", "Ah Qs Ac", "Kh Ad Kc", "Qh Kd 9c"):
        for text in cards.split():
            game.apply(PLAY[parse_card(text)])
    check(game, (0, 5), team=1, points=4)


# -- a defender alone ------------------------------------------------------------------


@pytest.mark.parametrize(("scoring", "points"), [("by_tricks", 2), ("flat_4", 4)])
def test_golden_lone_defender_takes_three(scoring: str, points: int) -> None:
    # seat 1 alone against seat 0's hearts: seat 3 sits out, seat 2 leads, play 2, 0, 1
    game = play_deal(D3, UP, D_KITTY, CALL_HEARTS + ", stay, stay, alone", [
        (2, "As Ts 9c"),
        (2, "Ad Kc Td"),
        (2, "Ks Ac Jh"),
        (1, "Jd Qs 9h"),
        (1, "Ah Kd Th"),
    ], Rules().replace(lone_defender_scoring=scoring))
    check(game, (2, 3), team=1, points=points)


@pytest.mark.parametrize(("scoring", "points"), [("by_tricks", 2), ("flat_4", 4)])
def test_golden_lone_defender_takes_four(scoring: str, points: int) -> None:
    game = play_deal(D, UP, D_KITTY, CALL_HEARTS + ", stay, stay, alone", [
        (2, "As Ts Jh"),
        (1, "Jd Kd 9h"),
        (1, "9c Ad Ac"),
        (0, "Kc Kh Ks"),
        (1, "Ah Qs Th"),
    ], Rules().replace(lone_defender_scoring=scoring))
    check(game, (1, 4), team=1, points=points)


@pytest.mark.parametrize("scoring", ["by_tricks", "flat_4"])
def test_golden_lone_defender_takes_five_scores_four(scoring: str) -> None:
    game = play_deal(D5, UP, KITTY, CALL_HEARTS + ", stay, stay, alone", [
        (2, "As Ts Jh"),
        (1, "Jd Ks 9h"),
        (1, "Ah Qs Ac"),
        (1, "Kh Ad Kc"),
        (1, "Qh Kd 9c"),
    ], Rules().replace(lone_defender_scoring=scoring))
    check(game, (0, 5), team=1, points=4)


def test_golden_lone_defender_makers_take_four_score_one() -> None:
    game = play_deal(G, UP, KITTY, CALL_HEARTS + ", stay, stay, alone", [
        (2, "As Jh Ts"),
        (0, "9c Ac Ks"),
        (1, "Kc Qs Jd"),
        (0, "Ah Qh Ad"),
        (0, "Kh 9h Kd"),
    ])
    check(game, (4, 1), team=0, points=1)


def test_golden_lone_defender_makers_march_score_two() -> None:
    game = play_deal(M, UP, KITTY, CALL_HEARTS + ", stay, stay, alone", [
        (2, "As Jh Ts"),
        (0, "Jd 9h Ks"),
        (0, "Ah Ac Qs"),
        (0, "Kh Kc Ad"),
        (0, "Qh 9c Kd"),
    ], Rules(loner_march_points=5))
    check(game, (5, 0), team=0, points=2)


# -- a maker and a defender alone: the lone defender leads, seats 2 and 3 sit out -------


@pytest.mark.parametrize(("loner_march_points", "points"), [(None, 4), (5, 5)])
def test_golden_both_alone_makers_march_score_loner_march_points(
    loner_march_points: int | None, points: int
) -> None:
    rules = Rules() if loner_march_points is None else Rules(
        loner_march_points=loner_march_points
    )
    game = play_deal(M, UP, KITTY, CALL_HEARTS + ", alone, alone", [
        (1, "Ac Jh"),
        (0, "Jd 9h"),
        (0, "Ah Kc"),
        (0, "Kh Ts"),
        (0, "Qh 9c"),
    ], rules)
    check(game, (5, 0), team=0, points=points)
    assert game.results[0].alone == (0, 1)


def test_golden_both_alone_makers_take_four_score_one() -> None:
    game = play_deal(G, UP, KITTY, CALL_HEARTS + ", alone, alone", [
        (1, "Ac 9c"),
        (1, "Kc Jh"),
        (0, "Jd 9h"),
        (0, "Ah Qh"),
        (0, "Kh Ts"),
    ])
    check(game, (4, 1), team=0, points=1)


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (Rules(), 2),
        (Rules(loner_euchred_points=3), 2),  # applies only when no defender is alone
        (Rules(lone_defender_scoring="flat_4"), 4),
    ],
)
def test_golden_both_alone_defenders_take_three(rules: Rules, points: int) -> None:
    game = play_deal(D3, UP, D_KITTY, CALL_HEARTS + ", alone, alone", [
        (1, "9c Ac"),
        (0, "Kc Td"),
        (0, "Ts Jh"),
        (1, "Jd 9h"),
        (1, "Ah Th"),
    ], rules)
    check(game, (2, 3), team=1, points=points)


def test_golden_both_alone_defenders_take_five_score_four() -> None:
    game = play_deal(D5, UP, KITTY, CALL_HEARTS + ", alone, alone", [
        (1, "Jh 9h"),
        (1, "Jd Ac"),
        (1, "Ah Kc"),
        (1, "Kh Ts"),
        (1, "Qh 9c"),
    ])
    check(game, (0, 5), team=1, points=4)


def test_golden_maker_and_defender_alone_lone_defender_leads_from_seat_3() -> None:
    # seat 0 alone, seat 1 stays, seat 3 alone: seat 3 leads, play goes 3, 0
    game = play_deal(G, UP, KITTY, CALL_HEARTS + ", alone, stay, alone", [
        (3, "Tc 9c"),
        (3, "Jc Jh"),
        (0, "Jd Qc"),
        (0, "Ah Qd"),
        (0, "Kh Td"),
    ])
    check(game, (4, 1), team=0, points=1)
    assert game.results[0].alone == (0, 3)


# -- two-handed (section 10): dealer 1, seat 0 bids first and leads --------------------

TWO = Rules.preset("two-handed")
STRONG = ("Jh Jd Ah Kh Qh", "9h Ac Kc Ts 9c")
STRONG_KITTY = "Th 9d Td Qd Kd Ad Tc Jc Qc Js Qs Ks As"


def test_golden_two_handed_maker_takes_three_scores_one() -> None:
    hands = ("Jh Ah Kh 9c 9s", "Jd Qh Ac Kc Ts")
    game = play_deal(hands, "Js", "Th 9h 9d Td Qd Kd Ad Tc Jc Qc Qs Ks As",
                     "pass, pass, call h", [
        (0, "9c Ac"),
        (1, "Ts 9s"),
        (1, "Kc Kh"),
        (0, "Jh Jd"),
        (0, "Ah Qh"),
    ], TWO, dealer=1)
    check(game, (3, 2), team=0, points=1)


def test_golden_two_handed_maker_takes_four_scores_one() -> None:
    hands = ("Jh Jd Ah Kh 9c", "Qh 9h Ac Kc Ts")
    game = play_deal(hands, "9s", STRONG_KITTY,
                     "pass, pass, call h", [
        (0, "9c Ac"),
        (1, "Kc Jh"),
        (0, "Jd 9h"),
        (0, "Ah Qh"),
        (0, "Kh Ts"),
    ], TWO, dealer=1)
    check(game, (4, 1), team=0, points=1)


def test_golden_two_handed_maker_march_scores_two() -> None:
    game = play_deal(STRONG, "9s", STRONG_KITTY, "pass, pass, call h", [
        (0, "Jh 9h"),
        (0, "Jd Ac"),
        (0, "Ah Kc"),
        (0, "Kh Ts"),
        (0, "Qh 9c"),
    ], TWO, dealer=1)
    check(game, (5, 0), team=0, points=2)


def test_golden_two_handed_maker_euchred_defender_scores_two() -> None:
    # the dealer (seat 1) names diamonds: seat 0 holds both bowers
    game = play_deal(STRONG, "9s", STRONG_KITTY, "pass, pass, pass, call d", [
        (0, "Jd 9h"),
        (0, "Jh 9c"),
        (0, "Ah Ac"),
        (0, "Kh Kc"),
        (0, "Qh Ts"),
    ], TWO, dealer=1)
    assert game.results[0].maker == 1
    check(game, (5, 0), team=0, points=2)


def test_golden_two_handed_dealer_accepts_exchanges_and_makes_four() -> None:
    # spades trump; the dealer picks up 9s and lays away 9c
    game = play_deal(STRONG, "9s", STRONG_KITTY, "pass, order, discard 9c", [
        (0, "Ah 9h"),
        (0, "Kh Ts"),
        (1, "9s Jd"),
        (1, "Ac Qh"),
        (1, "Kc Jh"),
    ], TWO, dealer=1)
    check(game, (1, 4), team=1, points=1)


def test_golden_two_handed_game_to_ten() -> None:
    game = play_deal(STRONG, "9s", STRONG_KITTY, "pass, pass, call h", [
        (0, "Jh 9h"),
        (0, "Jd Ac"),
        (0, "Ah Kc"),
        (0, "Kh Ts"),
        (0, "Qh 9c"),
    ], TWO, dealer=1, score=(8, 9))
    check(game, (5, 0), team=0, points=2)
    assert game.is_over() and game.winner() == 0

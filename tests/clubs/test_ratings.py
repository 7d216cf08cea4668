"""Rated play (:mod:`euchre.clubs.ratings`): OpenSkill's own published example, teams,
bots as fixed anchors, leavers losing, and ratings worked out again exactly."""

from __future__ import annotations

import random

import pytest

from euchre.clubs.ratings import (
    ANCHORS,
    RatedGame,
    Rating,
    Ratings,
    anchor,
    recompute,
)
from euchre.errors import EuchreError


def test_the_librarys_own_example() -> None:
    """openskill's README: a1 (new) and a2 (32.444, 5.123) beat b1 (43.381, 2.421) and
    b2 (25.188, 6.211), with the model's dynamics factor off, as in that example."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0)
    teams = [[model.rating(), model.rating(mu=32.444, sigma=5.123)],
             [model.rating(mu=43.381, sigma=2.421), model.rating(mu=25.188, sigma=6.211)]]
    [[x1, x2], [y1, y2]] = model.rate(teams)
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_a_rated_game_is_the_models_update_of_both_teams() -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = Ratings()
    ratings.rate(RatedGame("g", "four_handed", (("ada", "bea"), ("cy", "dee")), 1))
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]],
                          ranks=[1, 0])
    for player, new in zip(["ada", "bea", "cy", "dee"], [*expected[0], *expected[1]],
                           strict=True):
        got = ratings.rating(player, "four_handed")
        assert (got.mu, got.sigma, got.games) == pytest.approx((new.mu, new.sigma, 1))
    assert ratings.rating("cy", "four_handed").mu > 25 > ratings.rating("ada", "four_handed").mu


def test_bots_are_fixed_anchors() -> None:
    ratings = Ratings()
    for n in range(20):
        ratings.rate(RatedGame(f"g{n}", "four_handed",
                               (("ada", "bot:expert"), ("bot:basic", "bot:pimc")), 0))
    assert ratings.rating("bot:expert", "four_handed") == anchor("expert")
    assert ratings.rating("bot:basic", "two_handed") == Rating(ANCHORS["basic"], 0.5)
    assert [p for p, _ in ratings.leaderboard("four_handed")] == ["ada"]  # people only
    assert ratings.rating("ada", "four_handed").games == 20
    assert ANCHORS["random"] < ANCHORS["pimc"] < ANCHORS["basic"] < ANCHORS["expert"]
    # the anchors' spacing is the share of games each won against basic
    for bot, share in (("expert", 0.585), ("pimc", 0.45), ("random", 0.01)):
        assert ratings.chance(((f"bot:{bot}", f"bot:{bot}"), ("bot:basic", "bot:basic")),
                              "four_handed") == pytest.approx(share, abs=0.005)


def test_each_form_has_its_own_rating() -> None:
    ratings = Ratings()
    ratings.rate(RatedGame("g", "two_handed", (("ada",), ("bea",)), 0))
    assert ratings.rating("ada", "two_handed").mu > 25
    assert ratings.rating("ada", "four_handed") == Rating(25.0, 25.0 / 3)
    assert ratings.leaderboard("four_handed") == []


def test_recomputed_from_the_games_exactly() -> None:
    rng = random.Random(3)
    people = ["ada", "bea", "cy", "dee", "eve", "fay"]
    games = []
    for n in range(200):
        four = rng.sample(people, 4)
        games.append(RatedGame(f"g{n}", "four_handed", ((four[0], four[1]), (four[2], four[3])),
                               rng.randrange(2)))
    once, again = recompute(games), recompute(games)
    assert once.ratings == again.ratings
    assert once.leaderboard("four_handed") == again.leaderboard("four_handed")
    assert sum(r.games for r in once.ratings.values()) == 800


def test_a_leaderboard_orders_by_the_conservative_estimate() -> None:
    ratings = Ratings()
    ratings.ratings[("lucky", "four_handed")] = Rating(30.0, 8.0, 1)
    ratings.ratings[("steady", "four_handed")] = Rating(28.0, 1.5, 200)
    board = ratings.leaderboard("four_handed")
    assert [p for p, _ in board] == ["steady", "lucky"]
    assert str(board[0][1]) == "1680" and str(board[1][1]) == "1800?"


@pytest.mark.parametrize(("sides", "winner", "words"), [
    ((("ada",), ("ada",)), 0, "two sides of different players"),
    ((("ada",), ()), 0, "two sides of different players"),
    ((("ada",), ("bea",)), 2, "side 0 or side 1"),
    ((("ada",), ("bot:nobody",)), 0, "bot:nobody|nobody does not sit at rated tables"),
    ((("bot:basic",), ("bot:expert",)), 0, "a rated game has a person in it"),
])
def test_a_game_that_can_not_be_rated_says_why(sides: tuple[tuple[str, ...], tuple[str, ...]],
                                               winner: int, words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        RatedGame("g", "four_handed", sides, winner)


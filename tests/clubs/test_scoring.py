"""The scoring of club events (:mod:`euchre.clubs.scoring`): progressive score cards sum
to the standings; duplicate matchpoints as bridge clubs score them."""

from __future__ import annotations

import random

import pytest

from euchre.clubs.rotation import fixed_chart
from euchre.clubs.scoring import (
    Board,
    HandScore,
    RoundResult,
    matchpoints,
    ranked,
    score_cards,
    standings,
)
from euchre.errors import EuchreError


def evening(players: int, hands: int, seed: int) -> list[RoundResult]:
    """A whole fixed-chart evening with random hands."""
    rng = random.Random(seed)
    results = []
    for r, round_ in enumerate(fixed_chart(players)):
        for t, table in enumerate(round_.tables):
            played = []
            for _ in range(hands):
                side = rng.randrange(2)
                points = rng.choice([1, 1, 1, 2, 2, 4])
                pair = (table.ns, table.ew)[side]
                alone = rng.choice(pair) if points == 4 else None
                played.append(HandScore(points if side == 0 else 0,
                                        points if side == 1 else 0, alone))
            results.append(RoundResult(r, t, table.ns, table.ew, played))
    return results


@pytest.mark.parametrize("seed", range(5))
def test_every_score_card_sums_to_the_standings(seed: int) -> None:
    results = evening(16, 8, seed)
    cards = score_cards(results)
    table = standings(cards)
    assert sorted(s.player for s in table) == list(range(16))
    for standing in table:
        card = cards[standing.player]
        assert len(card.lines) == 15  # every round on the card
        assert standing.total == sum(line.points for line in card.lines)
        assert standing.won == sum(line.won for line in card.lines)
        assert standing.loners == sum(
            1 for r in results for h in r.hands if h.alone == standing.player)
    # the points scored at the tables are the points on the cards, twice (two partners)
    assert sum(s.total for s in table) == 2 * sum(sum(r.totals) for r in results)
    keys = [(s.total, s.won, s.loners) for s in table]
    assert keys == sorted(keys, reverse=True)
    assert [s.rank for s in table] == ranked(keys)


def test_a_tie_at_a_table_goes_to_the_side_that_scored_last() -> None:
    hands = [HandScore(2, 0), HandScore(0, 1), HandScore(0, 1)]
    assert RoundResult(0, 0, (0, 1), (2, 3), hands).winner == 1
    assert RoundResult(0, 0, (0, 1), (2, 3), hands[:1]).winner == 0
    assert RoundResult(0, 0, (0, 1), (2, 3), []).winner == 0


@pytest.mark.parametrize(("ns", "ew", "hands", "words"), [
    ((0, 1), (1, 3), [], "four different players"),
    ((0, 1), (2, 3), [HandScore(1, 1)], "one side scores a hand"),
    ((0, 1), (2, 3), [HandScore(-1, 0)], "never less than nothing"),
    ((0, 1), (2, 3), [HandScore(4, 0, 2)], "a player of the side that scored"),
    ((0, 1), (2, 3), [HandScore(0, 0, 1)], "a player of the side that scored"),
])
def test_a_wrong_entry_is_refused_in_words(ns: tuple[int, int], ew: tuple[int, int],
                                           hands: list[HandScore], words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        RoundResult(0, 0, ns, ew, hands)


def test_a_player_is_entered_once_a_round() -> None:
    results = [RoundResult(0, 0, (0, 1), (2, 3), []), RoundResult(0, 1, (0, 5), (6, 7), [])]
    with pytest.raises(EuchreError, match="player 0 is entered twice in round 1"):
        score_cards(results)


def test_matchpoints_as_bridge_clubs_score_them() -> None:
    # one board at four tables: North-South nets +2, +1, +1, -2
    boards = [Board("1", "A", "a", 2, 0), Board("1", "B", "b", 1, 0),
              Board("1", "C", "c", 1, 0), Board("1", "D", "d", 0, 2)]
    scores = matchpoints(boards)
    assert [scores[p].matchpoints for p in "ABCD"] == [6.0, 3.0, 3.0, 0.0]
    assert [scores[p].matchpoints for p in "abcd"] == [0.0, 3.0, 3.0, 6.0]
    assert all(s.top == 6.0 and s.boards == 1 for s in scores.values())
    assert scores["A"].percent == 100.0 and scores["B"].percent == 50.0
    # every board hands out its whole top, between the two directions
    assert sum(s.matchpoints for s in scores.values()) == 4 * 6.0


def test_a_board_played_once_scores_nothing_and_a_pair_plays_a_board_once() -> None:
    scores = matchpoints([Board("1", "A", "B", 4, 0)])
    assert scores["A"].top == 0 and scores["A"].percent == 0.0 and scores["A"].boards == 0
    with pytest.raises(EuchreError, match="board 2: a pair played it twice"):
        matchpoints([Board("2", "A", "B", 1, 0), Board("2", "A", "C", 0, 1)])


def test_a_daily_challenge_is_matchpoints_against_the_bots() -> None:
    results = [Board(deal, player, f"bots-{player}", mine, theirs)
               for player, nets in {"ada": [(2, 0), (0, 1)], "bea": [(1, 0), (0, 2)],
                                    "cy": [(2, 0), (1, 0)]}.items()
               for deal, (mine, theirs) in zip(["d1", "d2"], nets, strict=True)]
    scores = matchpoints(results)
    # d1: ada and cy +2 tie on top, bea +1; d2: cy +1, ada -1, bea -2
    assert {p: scores[p].matchpoints for p in ("ada", "bea", "cy")} == {
        "ada": 3.0 + 2.0, "bea": 0.0 + 0.0, "cy": 3.0 + 4.0}

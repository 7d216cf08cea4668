"""The deals of duplicate events and the daily challenge (:mod:`euchre.clubs.duplicate`):
the same seed gives the same deals at every table, and a day's seed can not be known
without the server's secret."""

from __future__ import annotations

import datetime

import pytest

from euchre.clubs.duplicate import board_game, boards, daily_seed
from euchre.clubs.scoring import Board, matchpoints
from euchre.engine.rules import PRESETS, Rules
from euchre.errors import EuchreError
from euchre.players.basic import BasicPlayer

KEY = b"a secret of this server's, long enough"


@pytest.mark.parametrize("preset", ["standard", "tournament", "two-handed", "railroad"])
def test_the_same_seed_gives_the_same_deals_at_every_table(preset: str) -> None:
    rules = PRESETS[preset]
    tables = [boards(2026, 8, rules) for _ in range(4)]
    assert all(t == tables[0] for t in tables)
    assert [d.dealer for d in tables[0]] == [n % rules.players for n in range(8)]
    for deal in tables[0]:
        deal.validate(rules)
        games = [board_game(deal, rules) for _ in range(3)]  # each table's game
        assert len({str(g.view(0).hand) for g in games}) == 1
    assert boards(2027, 8, rules) != tables[0]


def play_board(seed: int, board: int, seats: list[int]) -> tuple[int, int]:
    """Board ``board`` of event ``seed`` played out by basic bots; the points each side
    scored."""
    rules = Rules()
    game = board_game(boards(seed, board + 1, rules)[board], rules)
    players = [BasicPlayer(seed=s) for s in seats]
    while not game.is_over():
        seat = game.to_act
        game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
    assert len(game.results) == 1  # the board's one deal, played or thrown in
    ns, ew = game.score
    return ns, ew


def test_a_board_is_one_deal_and_its_results_score_by_matchpoints() -> None:
    results = [Board("1", f"ns{t}", f"ew{t}", *play_board(5, 0, [t, t + 1, t + 2, t + 3]))
               for t in range(4)]
    for board in results:
        assert board.ns_points * board.ew_points == 0  # one deal: one side scores at most
    scores = matchpoints(results)
    assert sum(s.matchpoints for s in scores.values()) == 4 * 6.0


def test_the_daily_seed_needs_the_secret() -> None:
    today = datetime.date(2026, 12, 5)
    assert daily_seed(today, KEY) == daily_seed(today, KEY)
    assert daily_seed(today, KEY) != daily_seed(today + datetime.timedelta(days=1), KEY)
    assert daily_seed(today, KEY) != daily_seed(today, KEY + b"!")
    with pytest.raises(EuchreError, match="at least 16 bytes"):
        daily_seed(today, b"short")


def test_an_event_plays_a_board() -> None:
    with pytest.raises(EuchreError, match="at least one board"):
        boards(1, 0, Rules())

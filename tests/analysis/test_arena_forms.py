"""The arena in every form: seats laid out by the rules, per-player figures, duplicate
seatings that give every bot every seat's cards equally often, bad lineups refused."""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import euchre.analysis.arena
from euchre.analysis.arena import MatchResult, lineup, run_match, seat_layout
from euchre.cli.main import main
from euchre.engine.rules import PRESETS, Rules
from euchre.errors import EuchreError
from euchre.records.record import load

THREE = Rules.preset("three-handed")
NAPOLEON = Rules.preset("napoleon")
HASEN = Rules.preset("hasenpfeffer")


def _deterministic(result: MatchResult) -> dict[str, Any]:
    data = result.to_dict()
    del data["seconds"]
    return data


# -- who sits where ---------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 8))
def test_forms_napoleon_duplicate_seatings_give_every_bot_every_seat_equally(
        players: int) -> None:
    rules = NAPOLEON.replace(players=players)
    for bots in range(2, players + 1):
        layout = seat_layout(bots, rules, duplicate=True)
        assert len(set(layout.plays)) == len(layout.plays)
        for seat in range(players):
            held = {layout.held(slot, seat) for slot in range(bots)}
            assert len(held) == 1, (players, bots, seat)
        assert layout.plays[0] == tuple(seat % bots for seat in range(players))
    # two bots: 2n seatings at an odd number of seats, two at an even number
    assert len(seat_layout(2, rules, duplicate=True).plays) == (
        2 if players % 2 == 0 else 2 * players)


def test_forms_three_handed_duplicate_is_each_bot_alone_in_each_seat_and_the_mirror() -> None:
    layout = seat_layout(2, THREE, duplicate=True)
    assert {"".join("XY"[slot] for slot in play) for play in layout.plays} == {
        "XYY", "YXY", "YYX", "YXX", "XYX", "XXY"}
    assert seat_layout(2, THREE, duplicate=False).plays == ((0, 1, 0),)
    assert seat_layout(3, THREE, duplicate=True).plays == ((0, 1, 2), (2, 0, 1), (1, 2, 0))


def test_forms_partnerships_keep_their_seats_and_swap_them_in_duplicate() -> None:
    for rules in (Rules(), HASEN, PRESETS["railroad"], PRESETS["british"]):
        assert seat_layout(4, rules, duplicate=True).plays == ((0, 1, 2, 3), (1, 0, 3, 2))
        assert lineup(["random", "basic"], rules) == ("random", "basic") * 2
    assert seat_layout(2, PRESETS["two-handed"], duplicate=True).plays == ((0, 1), (1, 0))


def test_forms_lineups_that_cannot_fill_the_seats_are_refused() -> None:
    with pytest.raises(EuchreError, match=r"^three-handed \(cutthroat\) Euchre with 3 players "
                                          r"takes from two to three bots .*, not 4$"):
        lineup(["random"] * 4, THREE)
    with pytest.raises(EuchreError, match="takes from two to five bots"):
        lineup(["random"], NAPOLEON)
    with pytest.raises(EuchreError, match=r"with 2 players takes two bots .*, not 3"):
        lineup(["random"] * 3, NAPOLEON.replace(players=2))
    with pytest.raises(EuchreError, match=r"four-handed Hasenpfeffer takes two bots"):
        lineup(["random"] * 3, HASEN)
    assert lineup(["random", "basic", "random"], NAPOLEON) == ("random", "basic", "random")


# -- per-player figures ------------------------------------------------------------------


def test_forms_duplicate_records_give_each_bot_each_seats_cards_equally_often(
        tmp_path: Path) -> None:
    for rules, bots, name in ((THREE, ["random", "random"], "three"),
                              (NAPOLEON, ["random", "random", "random"], "nap")):
        folder = tmp_path / name
        result = run_match(bots, rules, deals=2, duplicate=True, seed=5, record=folder)
        assert result.layout is not None
        plays = len(result.layout.plays)
        for index in (1, 2):
            records = [load(path) for path in sorted(folder.glob(f"deal-{index:06d}*.json"))]
            assert len(records) == plays
            # every play of the set deals the same cards to the same seats
            assert len({record.deals[0].deal for record in records}) == 1
            held: Counter[tuple[str, int]] = Counter()
            for record in records:
                slots = record.metadata["arena"]["slots"]  # type: ignore[index]
                for seat, slot in enumerate(slots):
                    held[(slot, seat)] += 1
                record.replay()
            letters = "ABC"[: len(bots)]
            for seat in range(rules.players):
                assert len({held[(slot, seat)] for slot in letters}) == 1
        assert result.plays == 2 * plays


def test_forms_the_seed_alone_decides_the_result_whatever_the_processes() -> None:
    kwargs: dict[str, Any] = {"deals": 12, "duplicate": True, "seed": 3}
    inline = run_match(["random", "random"], THREE, **kwargs)
    games = run_match(["random", "random", "random"], NAPOLEON, games=2, seed=3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_match(["random", "random"], THREE, executor=pool, **kwargs)
        pooled_games = run_match(["random", "random", "random"], NAPOLEON, games=2, seed=3,
                                 executor=pool)
    assert _deterministic(pooled) == _deterministic(inline)
    assert _deterministic(pooled_games) == _deterministic(games)
    other = run_match(["random", "random"], THREE, **{**kwargs, "seed": 4})
    assert _deterministic(other) != _deterministic(inline)


def test_forms_three_handed_random_against_random_centres_on_zero_and_adds_up() -> None:
    result = run_match(["random", "random"], THREE, deals=40, duplicate=True, seed=2)
    a, b = result.players
    assert result.net == a.net and result.net.n == 40
    assert a.net.low is not None and a.net.high is not None
    assert a.net.low < 0 < a.net.high
    # two bots: each one's net is the other's, negated
    assert b.net.mean == pytest.approx(-a.net.mean)
    assert a.net.mean == pytest.approx(a.points_per_deal.mean - b.points_per_deal.mean)
    # a duplicate set gives each bot the same number of seat-deals
    assert a.seat_deals == b.seat_deals == 40 * 6 * 3 // 2
    assert result.deals == 40 * 6
    for figures in result.players:
        assert figures.points_per_deal.mean * figures.seat_deals == pytest.approx(
            figures.points)
    stats = result.seats
    assert sum(s.calls for s in stats) + result.thrown_in == result.deals
    assert sum(s.dealt for s in stats) == result.deals
    for s in stats:
        assert s.made + s.marched + s.euchred == s.calls
        assert s.alone == 0


def test_forms_napoleon_points_add_up_to_what_the_games_scored(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[tuple[int, ...], tuple[int, ...], int | None]] = []
    tally = euchre.analysis.arena._tally

    def watched(unit: Any, game: Any, seating: tuple[int, ...], *args: Any) -> None:
        played.append((game.score, seating, game.winner()))
        tally(unit, game, seating, *args)

    monkeypatch.setattr(euchre.analysis.arena, "_tally", watched)
    result = run_match(["random", "random"], NAPOLEON, games=3, duplicate=True, seed=4)
    assert len(played) == result.plays == 30
    assert sum(result.points) == sum(sum(score) for score, _, _ in played)
    for slot, figures in enumerate(result.players):
        assert figures.points == sum(points for score, seating, _ in played
                                     for seat, points in enumerate(score)
                                     if seating[seat] == slot)
    assert result.games_won is not None
    assert sum(result.games_won) + result.games_tied + result.games_unfinished == result.plays
    assert sum(p.seat_games or 0 for p in result.players) == result.plays * 5
    # each game's winner is the seat with the top score, and the bot that held it wins
    won = Counter(seating[winner] for _, seating, winner in played if winner is not None)
    assert [won[slot] for slot in (0, 1)] == list(result.games_won)
    for figures in result.players:
        assert figures.game_win is not None and figures.seat_games is not None
        assert figures.game_win.mean == pytest.approx(
            (figures.games_won or 0) / figures.seat_games)


def test_forms_hasenpfeffer_scores_both_sides_of_a_deal() -> None:
    result = run_match(["random", "random"], HASEN, deals=30, duplicate=True, seed=1)
    assert result.deals == 60 and not result.players
    assert result.net.mean == pytest.approx((result.points[0] - result.points[1]) / 60)
    assert sum(s.calls for s in result.seats) + result.thrown_in == result.deals
    for s in result.seats:
        assert s.made + s.marched + s.euchred == s.calls
    data: Any = result.to_dict()
    assert data["scoring"] == "sides" and data["sides"][0]["side"] == "A+C"


def test_forms_a_game_that_never_ends_is_stopped_and_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(euchre.analysis.arena, "MAX_GAME_DEALS", 3)
    result = run_match(["random", "random"], HASEN.replace(target=1000), games=2, seed=1)
    assert result.games_unfinished == 2 and result.plays == 2
    assert result.deals == 6
    assert result.games_won == (0, 0)


def test_forms_per_player_json_has_the_documented_shape() -> None:
    data: Any = run_match(["random", "random"], NAPOLEON.replace(players=3), games=2,
                          duplicate=True, seed=6).to_dict()
    assert data["scoring"] == "per_player" and "sides" not in data
    assert data["layout"][0] == ["A", "B", "A"] and len(data["layout"]) == 6
    assert [p["slot"] for p in data["players"]] == ["A", "B"]
    for player in data["players"]:
        for key in ("bot", "seat_deals", "points", "points_per_deal", "net_per_deal",
                    "point_share", "seat_games", "games_won", "game_win_rate",
                    "game_win_ci95"):
            assert key in player
        assert set(player["net_per_deal"]) >= {"mean", "ci95_low", "ci95_high", "n"}
    assert data["points_per_deal"] == data["players"][0]["net_per_deal"]
    assert [s["slot"] for s in data["seats"]] == ["A", "B"]
    assert json.loads(json.dumps(data)) == data


# -- the command ---------------------------------------------------------------------------


def test_forms_arena_command_prints_per_player_tables(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["arena", "random", "random", "--rules", "three-handed", "--deals", "6",
                 "--duplicate", "--seed", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 duplicate sets of deals (36 games, 36 deals), three-handed")
    assert "under 6 seatings" in out and "A B A, A A B, B A A" in out
    assert "net per deal" in out and "seat-deals" in out and "euchred" in out
    assert "the interval is over 6 duplicate sets' point differences" in out
    assert main(["arena", "random", "random", "--rules", "napoleon", "--games", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "won bid" in out and "an even share is 20.0%" in out


def test_forms_arena_command_json_is_the_same_with_more_processes(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "random", "random", "random", "--rules", "napoleon", "--deals", "8",
            "--duplicate", "--seed", "9", "--json"]
    assert main([*argv, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*argv, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    del one["seconds"], two["seconds"]
    assert one == two
    assert one["plays"] == 8 * 15


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["--rules", "nosuch", "random", "random"], 2, "unknown preset 'nosuch'"),
    (["--rules", "napoleon", "random"], 1, "Napoleon (Nap) with 5 players takes from two "
                                           "to five bots"),
    (["--rules", "three-handed", "random", "random", "random", "random", "--duplicate"], 1,
     "takes from two to three bots"),
    (["--rules", "napoleon", "--players", "2", *["random"] * 3, "--duplicate"], 1,
     "with 2 players takes two bots"),
    (["--rules", "hasenpfeffer", "random", "random", "random", "--duplicate"], 1,
     "four-handed Hasenpfeffer takes two bots (each partners itself) or four"),
])
def test_forms_bad_lineups_give_one_clear_line(capsys: pytest.CaptureFixture[str],
                                               argv: list[str], status: int,
                                               message: str) -> None:
    assert main(["arena", *argv, "--deals", "1", "--no-progress"]) == status
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert message in err


def test_forms_a_deal_thrown_in_after_trump_is_named_counts_as_thrown_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """British Euchre, the Benny turned up: the dealer names trump, then a hand of no ace
    and no face card is thrown in (``basic`` throws such a hand in). The deal is thrown
    in: nobody called, made or was euchred."""
    from euchre.engine.deal import Deal

    rules = Rules.preset("british").replace(throw_in="no_ace_no_face")
    hands = ["Ac Jc Td Jd Qd", "9c Tc 9d 9h Ts", "Kd Ad Th Ah Jh", "Qh Qc Kc 9s Kh"]
    deal = Deal.parse(0, hands, upcard="B", kitty="Js Qs Ks As")
    monkeypatch.setattr(euchre.analysis.arena, "random_deal", lambda *_: deal)
    result = run_match(["basic", "basic"], rules, deals=1, seed=0)
    assert result.deals == 1 and result.thrown_in == 1
    assert all(s.calls == s.made == s.marched == s.euchred == 0 for s in result.seats)
    assert result.points == (0, 0)

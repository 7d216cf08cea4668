"""The data folder: atomic saves, resuming unfinished games, statistics in SQLite.

Refusals to resume and failed saves as the person meets them: ``tests/tui/test_resume.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from euchre.engine.actions import Action
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.players import RandomPlayer
from euchre.records.record import Record, load
from euchre.table.data_folder import (
    APP,
    ENV_VAR,
    GameStats,
    StatsDB,
    data_dir,
    find_unfinished,
    format_stats,
    game_stats,
    games_dir,
    new_game_path,
    resume_game,
    save_game,
    save_record,
    stats_path,
)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


TERMINAL = {"app": APP}
"""The metadata mark of the records the terminal saves (the only ones it resumes)."""


def _play(game: Game, actions: int, seed: int = 0) -> list[Action]:
    """Apply ``actions`` random legal actions (fewer if the game ends first)."""
    players = [RandomPlayer(seed + s) for s in range(game.rules.players)]
    taken: list[Action] = []
    for _ in range(actions):
        if game.is_over():
            break
        seat = game.to_act
        action = players[seat].choose(game.view(seat), game.legal_actions())
        game.apply(action)
        taken.append(action)
    return taken


def _finish(game: Game, seed: int = 0) -> None:
    while not game.is_over():
        _play(game, 500, seed)


def test_data_dir_is_the_env_folder(_data_folder: Path) -> None:
    assert data_dir() == _data_folder
    assert _data_folder.is_dir()
    assert games_dir() == _data_folder / "games"
    assert stats_path() == _data_folder / "stats.sqlite3"


def test_data_dir_defaults_to_the_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR)
    path = data_dir(create=False)
    assert path.name == "euchre"


def test_new_game_paths_never_collide() -> None:
    first = new_game_path(42)
    first.write_text("{}")
    second = new_game_path(42, when=None)
    assert first != second
    assert first.parent == second.parent == games_dir()


def test_save_record_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(seed=3)
    _play(game, 30)
    path = tmp_path / "game.json"
    save_record(Record.from_game(game), path)
    good = path.read_text()
    assert load(path).replay().history == game.history
    _play(game, 10)

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(RecordError, match=r"the disk holding .* is full"):
        save_record(Record.from_game(game), path)
    assert path.read_text() == good  # the old record is whole
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_save_game_records_the_seed_and_status(tmp_path: Path) -> None:
    game = Game(Rules(target=2), seed=9)
    path = tmp_path / "g.json"
    save_game(game, {"players": ["You", "West", "North", "East"]}, path)
    data = json.loads(path.read_text())
    assert data["metadata"]["seed"] == 9
    assert data["metadata"]["status"] == "playing"
    _finish(game)
    save_game(game, {}, path)
    assert json.loads(path.read_text())["metadata"]["status"] == "finished"
    assert load(path).check().score == game.score


@pytest.mark.parametrize("actions", [0, 1, 7, 23, 60, 150])
def test_resume_goes_on_exactly_where_the_game_stopped(tmp_path: Path, actions: int) -> None:
    original = Game(Rules(target=15), seed=1234)
    _play(original, actions, seed=1)
    assert not original.is_over()  # a finished game is not resumed (test_resume.py)
    path = tmp_path / "g.json"
    save_game(original, {"title": "t", **TERMINAL}, path)
    resumed, metadata = resume_game(path)
    assert metadata["title"] == "t"
    assert resumed.history == original.history
    assert resumed.score == original.score
    assert resumed.to_act == original.to_act
    assert resumed.deals == original.deals
    assert [resumed.hand(s) for s in range(4)] == [original.hand(s) for s in range(4)]
    # and the deals still to come are the ones the game would have dealt
    _finish(original, seed=5)
    _finish(resumed, seed=5)
    assert resumed.deals == original.deals
    assert resumed.score == original.score


def test_resume_right_after_a_deal_deals_the_next_deal_of_the_seed(tmp_path: Path) -> None:
    original = Game(seed=77)
    while not original.results:
        _play(original, 1, seed=2)
    path = tmp_path / "g.json"
    save_game(original, TERMINAL, path)
    resumed, _ = resume_game(path)
    assert resumed.deal_number == 1
    assert resumed.deals[1] == original.deals[1]
    assert resumed.deals[1] != resumed.deals[0]


def test_resume_without_a_seed_replays_the_recorded_deals(tmp_path: Path) -> None:
    game = Game(seed=5)
    _play(game, 40, seed=3)
    path = tmp_path / "g.json"
    save_record(Record.from_game(game, TERMINAL), path)
    resumed, metadata = resume_game(path)
    assert resumed.history == game.history
    assert isinstance(metadata["seed"], int)


def test_resume_two_handed(tmp_path: Path) -> None:
    game = Game(Rules.preset("two-handed"), seed=8)
    _play(game, 33, seed=4)
    path = tmp_path / "g.json"
    save_game(game, TERMINAL, path)
    resumed, _ = resume_game(path)
    assert resumed.history == game.history and resumed.rules.players == 2


def test_find_unfinished_skips_finished_broken_and_foreign_files() -> None:
    assert find_unfinished() is None
    folder = games_dir()
    (folder / "junk.json").write_text("not json")
    finished = Game(Rules(target=1), seed=2)
    _finish(finished)
    save_game(finished, TERMINAL, folder / "a_finished.json")
    assert find_unfinished() is None
    unfinished = Game(seed=3)
    _play(unfinished, 5)
    save_game(unfinished, TERMINAL, folder / "b_unfinished.json")
    assert find_unfinished() == folder / "b_unfinished.json"
    # newer, unfinished, but not the terminal's: an arena record, a record of no one
    foreign = Game(seed=4)
    _play(foreign, 5)
    save_game(foreign, {"event": "euchre arena"}, folder / "c_arena.json")
    save_record(Record.from_game(foreign), folder / "d_plain.json")
    os.utime(folder / "b_unfinished.json", (1, 1))
    assert find_unfinished() == folder / "b_unfinished.json"


def test_looking_for_games_creates_nothing(_data_folder: Path) -> None:
    assert find_unfinished() is None
    assert not _data_folder.exists()


def test_game_stats_count_calls_euchres_and_loners() -> None:
    game = Game(seed=31)
    _finish(game, seed=9)
    stats = game_stats(game, seat=0)
    results = game.results
    assert stats.games == 1
    assert stats.wins == int(game.winner() == 0)
    assert stats.deals == len(results)
    assert stats.points_for == sum(r.points for r in results if r.team == 0)
    assert stats.points_against == sum(r.points for r in results if r.team == 1)
    assert stats.calls == sum(r.maker == 0 for r in results)
    assert stats.side_calls == sum(r.maker is not None and r.maker % 2 == 0 for r in results)
    assert stats.defences == sum(r.maker is not None and r.maker % 2 == 1 for r in results)
    assert stats.calls_made <= stats.calls
    assert stats.euchred == sum(
        r.maker is not None and r.maker % 2 == 0 and r.tricks[0] < 3 for r in results
    )
    assert stats.euchres == sum(
        r.maker is not None and r.maker % 2 == 1 and r.tricks[1] < 3 for r in results
    )
    assert stats.loners == sum(0 in r.alone for r in results)
    total = stats + game_stats(game, seat=1)
    assert total.games == 2 and total.wins == 1


def test_stats_db_keeps_one_row_per_game_and_sums_them() -> None:
    db = StatsDB()
    assert db.summary() == GameStats()
    db.add_game("a.json", GameStats(games=1, wins=1, deals=5, calls=2, calls_made=1),
                rules="standard")
    db.add_game("b.json", GameStats(games=1, deals=7, loners=1), rules="two-handed")
    db.add_game("a.json", GameStats(games=1, wins=1, deals=6, calls=2, calls_made=2),
                rules="standard")  # the same game again: replaced
    total = db.summary()
    assert (total.games, total.wins, total.deals, total.calls_made) == (2, 1, 13, 2)
    assert total.make_rate == 1.0 and total.win_rate == 0.5
    assert db.summary("two-handed").deals == 7
    assert set(db.by_rules()) == {"standard", "two-handed"}
    assert stats_path().exists()
    text = format_stats(total)
    assert "Games won" in text and "50%" in text

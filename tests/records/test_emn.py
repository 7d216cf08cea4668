"""Euchre Match Notation: a real match replays, players are followed across seats, the
standings are those of the EGN project's rules, and a broken file is one clear error."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cli.main import main
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.egn import rules_from_egn, to_egn
from euchre.records.emn import (
    EMN_FILE_TYPE,
    Match,
    from_emn,
    game_paths,
    load_emn,
    loads_emn,
)
from euchre.records.files import read_record
from euchre.records.record import Record, load, seat_players
from helpers.egnspec import emn_problems
from helpers.fuzzing import fuzz, json_values, read_or_none, replace_deep
from helpers.paths import EGN_DATA
from helpers.randomplay import play_random

Json = Any

MOTE = EGN_DATA / "MotE_W5_Match.emn"
EGN_RULES = rules_from_egn({"std": True})


def raw(path: Path = MOTE) -> Json:
    return json.loads(path.read_text(encoding="utf-8"))


def egn_game(seed: int, rules: Rules = EGN_RULES, stop: int | None = None) -> Json:
    """An EGN game played at random (cut after ``stop`` deals when given)."""
    record = Record.from_game(play_random(rules, seed))
    if stop is not None:
        record = Record(rules=record.rules, deals=record.deals[:stop])
    return to_egn(record)


def match_data(games: list[tuple[list[str], Json]], **metadata: Json) -> Json:
    ids = sorted({pid for seats, _ in games for pid in seats})
    return {
        "fileType": EMN_FILE_TYPE,
        "version": "1.2",
        "metadata": {"players": [{"id": pid, "name": pid.upper()} for pid in ids], **metadata},
        "games": [
            {"gameIndex": k, "playersOverride": seats, "gameData": data}
            for k, (seats, data) in enumerate(games)
        ],
    }


def _swap(tricks: Json) -> None:
    tricks[1][0], tricks[2][0] = tricks[2][0], tricks[1][0]


def error_of(data: Json) -> str:
    with pytest.raises(RecordError) as info:
        from_emn(data)
    return str(info.value)


# -- the real match ----------------------------------------------------------------------


def test_emn_real_match_replays_every_game_and_follows_the_players() -> None:
    match = load_emn(MOTE)
    assert match.version == "1.1" and match.metadata["title"] == "MotE Week 5 Match"
    assert (match.format, match.target) == ("FIXED_GAMES", 6)
    assert [p.name for p in match.players] == ["Dad of Carl", "Jen-Eye", "Chach", "WWMM"]
    assert [g.index for g in match.games] == list(range(6))
    assert [g.score for g in match.games] == [(10, 3), (8, 10), (10, 6), (8, 10), (11, 7),
                                               (10, 9)]
    assert [g.winner for g in match.games] == [0, 1, 0, 1, 0, 0]
    assert all(g.finished for g in match.games)
    third = match.games[2]
    assert third.seats == ("p-02", "p-01", "p-03", "p-04")
    metadata = third.record.metadata
    assert metadata["players"] == ["Jen-Eye", "Dad of Carl", "Chach", "WWMM"]
    assert metadata["playerIds"] == ["p-02", "p-01", "p-03", "p-04"]
    assert (metadata["gameIndex"], metadata["match"]) == (2, "MotE Week 5 Match")
    assert (metadata["title"], metadata["egnVersion"]) == ("MotE W5 G3", "1.6")
    match.check()


def test_emn_real_match_standings_count_games_won_by_player_and_team() -> None:
    standings = load_emn(MOTE).standings()
    assert standings.metric == "games won"
    rows = {row.name: (row.score, row.won, row.games, row.points) for row in standings.players}
    assert rows == {
        "Chach": (4, 4, 6, 57), "WWMM": (4, 4, 6, 50),
        "Dad of Carl": (2, 2, 6, 50), "Jen-Eye": (2, 2, 6, 47),
    }
    assert [row.name for row in standings.players[:2]] == ["Chach", "WWMM"]
    assert standings.leaders == ("p-03", "p-04")
    assert standings.status == "COMPLETED"
    # a team scores each game one of its players won, whoever partnered whom
    assert {row.name: row.score for row in standings.teams} == {
        "Midwest Aces": 5, "Great Lakes Loners": 5,
    }


def test_emn_stored_result_is_checked() -> None:
    data = raw()
    data["metadata"]["result"] = {
        "status": "COMPLETED", "winner": ["p-03", "p-04"],
        "scores": {"p-01": 2, "p-02": 2, "p-03": 4, "p-04": 4, "team-01": 5},
    }
    from_emn(data).check()
    data["metadata"]["result"]["scores"]["p-04"] = 3
    with pytest.raises(RecordError, match=(
        r"^metadata.result.scores.p-04: the file says 3, the games give 4 \(games won\)$"
    )):
        from_emn(data).check()
    data["metadata"]["result"]["scores"] = {"p-99": 1}
    with pytest.raises(RecordError, match="p-99: not a player or team of the match"):
        from_emn(data).check()
    data["metadata"]["result"] = {"winner": ["p-01"]}
    with pytest.raises(RecordError, match="the file says p-01, the games give p-03, p-04"):
        from_emn(data).check()
    data["metadata"]["result"] = {"winner": ["team-01"], "status": "FORFEIT"}
    from_emn(data).check()  # a team's key, and a forfeit, are not derived from the games


# -- matches of the project's games ------------------------------------------------------


def combined(games: list[Json]) -> Json:
    """A match of EGN games, combined as EGN's own combiner does it (``emn-match-combine``:
    ``src/emn/combiner.ts`` of NextSuit-Labs/euchre-game-notation): each player of the
    games known by its first ``playerIds`` entry (``source:id``), or else by its name,
    case and surrounding spaces aside, and given the next master id (``p-01``...), so
    that each game's ``playersOverride`` names who sat where."""
    ids: dict[str, str] = {}
    registry = []
    entries = []
    for k, game in enumerate(games):
        seats = []
        for player in game["metadata"]["players"]:
            name = player if isinstance(player, str) else player["name"]
            external = [] if isinstance(player, str) else player.get("playerIds", [])
            key = (f"{external[0]['source']}:{external[0]['id']}" if external
                   else name).strip().lower()
            if key not in ids:
                ids[key] = f"p-{len(ids) + 1:02d}"
                registry.append({"id": ids[key], "name": name, "playerIds": external or [
                    {"id": ids[key], "source": "emn-combine"}]})
            seats.append(ids[key])
        entries.append({"gameIndex": k, "playersOverride": seats, "gameData": game})
    return {"fileType": EMN_FILE_TYPE, "version": "1.1",
            "metadata": {"title": "Arena", "players": registry,
                         "matchFormat": {"type": "FIXED_GAMES", "target": len(entries)}},
            "games": entries}


def test_emn_a_match_of_arena_games_has_four_different_players_a_game(tmp_path: Path) -> None:
    from euchre.analysis.arena import run_match

    run_match(["basic", "basic"], EGN_RULES, games=2, seed=1, record=tmp_path / "same")
    run_match(["basic", "random"], EGN_RULES.replace(target=5), games=1, duplicate=True,
              seed=2, record=tmp_path / "two")
    for folder, count in (("same", 2), ("two", 2)):
        records = [load(path) for path in sorted((tmp_path / folder).iterdir())]
        assert len(records) == count
        match = combined([to_egn(record) for record in records])
        assert emn_problems(match) == []
        read = from_emn(match)
        for game in read.games:
            assert len(set(game.seats)) == 4
        names = [[read.name(pid) for pid in game.seats] for game in read.games]
        if folder == "same":  # basic at every seat: a player of its own at each
            assert names == [["basic (South)", "basic (West)", "basic (North)",
                              "basic (East)"]] * 2
            assert [p.id for p in read.players] == ["p-01", "p-02", "p-03", "p-04"]
        else:  # the seats swapped: a bot keeps its level, beside its seat's id
            assert names[0] == ["basic (South)", "random (West)", "basic (North)",
                                "random (East)"]
            assert names[1] == ["random (South)", "basic (West)", "random (North)",
                                "basic (East)"]
        for record, game in zip(records, read.games, strict=True):
            assert game.record.metadata["bots"] == record.metadata["players"]


def test_emn_players_named_by_a_bot_at_two_seats_were_one_player() -> None:
    # what the writer wrote before: the arena's bot name at every seat (and a bot's
    # level as the first of its playerIds), so a combined match had one player sit four
    # (or two) times: EMN refuses it
    record = Record.from_game(play_random(EGN_RULES, 1), {"players": ["basic"] * 4,
                                                          "arena": {}})
    old = to_egn(record)
    old["metadata"]["players"] = ["basic"] * 4  # type: ignore[index]
    match = combined([old])
    assert emn_problems(match)[0].startswith("games[0].playersOverride: not four different")
    assert "'p-01' sits twice in one game" in error_of(match)
    people = Record.from_game(play_random(EGN_RULES, 1), {
        "players": ["You", "Hana", "Ned", "Ada"], "bots": ["human", "basic", "basic", "basic"]})
    old = to_egn(people)
    old["metadata"]["players"] = ["You", *(  # type: ignore[index]
        {"name": name, "playerIds": [{"id": "basic", "source": "euchre bot"}]}
        for name in ("Hana", "Ned", "Ada"))]
    assert "sits twice in one game" in error_of(combined([old]))
    # as written now: four players, each bot's level kept
    match = combined([to_egn(people)])
    assert emn_problems(match) == []
    read = from_emn(match)
    assert [read.name(pid) for pid in read.games[0].seats] == ["You", "Hana", "Ned", "Ada"]
    assert read.games[0].record.metadata["bots"] == ["human", "basic", "basic", "basic"]


@pytest.mark.parametrize(
    ("metadata", "players", "ids"),
    [
        ({"players": ["Ann", "Bo", "Cy", "Di"]}, 4, ["Ann", "Bo", "Cy", "Di"]),
        ({"players": ["Sam", " sam ", "Cy", "SAM"]}, 4,
         ["Sam (South)", "sam (West)", "Cy", "SAM (East)"]),
        ({"players": ["Bo (West)", "Bo", "Bo", "Di"]}, 4,
         ["Bo (West) (seat 0)", "Bo (West) (seat 1)", "Bo (North)", "Di"]),
        ({"players": ["Ann", "", 7, "Di"]}, 4, ["Ann", "West", "North", "Di"]),
        ({"players": ["expert", "expert"], "arena": {}}, 2, ["expert (South)", "expert (North)"]),
        ({}, 4, ["South", "West", "North", "East"]),
    ],
)
def test_emn_every_seat_gets_its_own_player_id(
    metadata: dict[str, Json], players: int, ids: list[str]
) -> None:
    seats = seat_players(metadata, players)
    assert [p.id for p in seats] == ids
    assert len({p.id.casefold() for p in seats}) == players
    assert all(p.bot == ("expert" if "arena" in metadata else None) for p in seats)


# -- standings by format -----------------------------------------------------------------


def test_emn_progressive_and_num_deals_matches_count_points() -> None:
    rules = rules_from_egn({"num_deals": 4})
    first, second = egn_game(1, rules), egn_game(2, rules)
    data = match_data([(["a", "b", "c", "d"], first), (["a", "c", "b", "d"], second)])
    match = from_emn(data)
    standings = match.standings()
    assert standings.metric == "points"
    s1, s2 = match.games[0].score, match.games[1].score
    expected = {"a": s1[0] + s2[0], "b": s1[1] + s2[0], "c": s1[0] + s2[1],
                "d": s1[1] + s2[1]}
    assert {row.id: row.score for row in standings.players} == expected
    assert {row.id: row.points for row in standings.players} == expected
    best = max(expected.values())
    assert set(standings.leaders) == {pid for pid, v in expected.items() if v == best}
    assert standings.status is None  # no format: nothing says when it ends
    data["metadata"]["matchFormat"] = {"type": "PROGRESSIVE", "target": 2}
    assert from_emn(data).standings().status == "COMPLETED"
    data["metadata"]["matchFormat"] = {"type": "PROGRESSIVE", "target": 3}
    assert from_emn(data).standings().status == "IN_PROGRESS"


def test_emn_best_of_n_ends_at_a_majority() -> None:
    games = [egn_game(seed) for seed in range(1, 4)]
    data = match_data([(["a", "b", "c", "d"], g) for g in games],
                      matchFormat={"type": "BEST_OF_N", "target": 5})
    match = from_emn(data)
    wins = [g.winner for g in match.games]
    standings = match.standings()
    assert standings.metric == "games won"
    side0 = wins.count(0)
    assert {row.id: row.won for row in standings.players} == {
        "a": side0, "c": side0, "b": 3 - side0, "d": 3 - side0,
    }
    assert standings.status == ("COMPLETED" if max(side0, 3 - side0) >= 3 else "IN_PROGRESS")


def test_emn_an_unfinished_game_wins_nothing_and_keeps_the_match_going() -> None:
    data = match_data([(["a", "b", "c", "d"], egn_game(4, stop=2))],
                      matchFormat={"type": "FIXED_GAMES", "target": 1})
    match = from_emn(data)
    game = match.games[0]
    assert not game.finished and game.winner is None
    standings = match.standings()
    assert all(row.won == 0 for row in standings.players)
    assert standings.leaders == () and standings.status == "IN_PROGRESS"
    data["metadata"]["matchFormat"] = {"type": "TARGET_SCORE", "target": 1}
    assert from_emn(data).standings().status == "IN_PROGRESS"


# -- versions ----------------------------------------------------------------------------


def test_emn_1_0_names_the_seats_players_and_newer_1_x_reads() -> None:
    data = raw()
    data["version"] = "1.0"
    for game in data["games"]:
        game["players"] = game.pop("playersOverride")
    old = from_emn(data)
    assert [g.seats for g in old.games] == [g.seats for g in load_emn(MOTE).games]
    data["version"] = "1.7"
    assert from_emn(data).version == "1.7"
    for bad in ("2.0", "1.a", 1.1, None):
        data["version"] = bad
        assert "is not supported" in error_of(data)


# -- broken files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(fileType="Euchre Game Notation"), "this is one EGN game"),
        (lambda d: d.update(extra=1), "the EMN file: unknown field 'extra'"),
        (lambda d: d.pop("games"), "the EMN file: the field 'games' is missing"),
        (lambda d: d["metadata"].update(players=[]), "metadata.players: a match has players"),
        (lambda d: d["metadata"]["players"][1].update(id="p-01"),
         "metadata.players[1].id: 'p-01' is given twice (also metadata.players[0])"),
        (lambda d: d["metadata"]["players"][0].pop("name"),
         "metadata.players[0]: the field 'name' is missing"),
        (lambda d: d["metadata"]["teams"][0]["playerIds"].append("p-07"),
         "metadata.teams[0].playerIds[2]: 'p-07' is not a player of metadata.players"),
        (lambda d: d["metadata"]["teams"][1].update(id="team-01"),
         "metadata.teams[1].id: 'team-01' is given twice"),
        (lambda d: d["metadata"]["matchFormat"].update(type="SWISSISH"),
         "metadata.matchFormat.type: unknown match format 'SWISSISH'"),
        (lambda d: d["metadata"]["matchFormat"].update(target=0),
         "metadata.matchFormat.target: must be from 1, not 0"),
        (lambda d: d["metadata"].update(result={"status": "WON"}),
         "metadata.result.status: must be one of COMPLETED"),
        (lambda d: d["metadata"].update(result={"scores": {"p-01": "2"}}),
         "metadata.result.scores.p-01: must be a number"),
        (lambda d: d["games"][1].update(gameIndex=0),
         "games[1].gameIndex: 0 is given twice (also games[0])"),
        (lambda d: d["games"][0]["playersOverride"].pop(),
         "games[0].playersOverride: four players, by seat, not 3"),
        (lambda d: d["games"][0]["playersOverride"].__setitem__(2, "p-01"),
         "games[0].playersOverride[2]: 'p-01' sits twice in one game (also seat 0)"),
        (lambda d: d["games"][0].update(gameData="MotE W5 G1.egn"),
         "games[0].gameData: must be a JSON object (an EGN game, embedded whole)"),
        (lambda d: d["games"][0]["gameData"].update(version="3"),
         "games[0].gameData.version: EGN version '3' is not supported"),
        (lambda d: d["games"][0]["gameData"].update(metadata=[]),
         "games[0].gameData.metadata: must be a JSON object"),
        (lambda d: d["games"][0]["gameData"].update(fileType="x"),
         "games[0].gameData.fileType: an EGN file has"),
        (lambda d: _swap(d["games"][0]["gameData"]["deals"][0]["phases"][1]["tricks"]),
         "games[0].gameData.deals[0].phases[1].tricks[1][3] (deal 1, play 8): 9d is not legal "
         "(must follow hearts)"),
        (lambda d: d["games"][3]["gameData"]["metadata"]["ruleset"].update(num_players=2),
         "games[3].gameData"),
    ],
)
def test_emn_broken_files_are_one_clear_error(change: Any, expected: str) -> None:
    data = raw()
    change(data)
    assert expected in error_of(data)


def test_emn_a_two_handed_game_is_refused() -> None:
    data = match_data([(["a", "b", "c", "d"], egn_game(1, Rules.preset("two-handed").replace(
        stick_the_dealer=True)))])
    assert "an EMN match is four-handed, this game has 2 players" in error_of(data)


# -- the command -------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_emn_replay_check_prints_each_game_and_the_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "replay", "--check", str(MOTE))
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "MotE Week 5 Match: 6 games (FIXED_GAMES, target 6)"
    assert lines[1] == (
        "ok: Game 1 of 6 (MotE W5 G1): Dad of Carl and Chach 10, Jen-Eye and WWMM 3 after "
        "11 deals: Dad of Carl and Chach win, every action legal"
    )
    assert len([line for line in lines if line.startswith("ok: Game")]) == 6
    assert "Standings (games won):" in lines
    assert lines[-1] == "Chach and WWMM win: the match is over"


def test_emn_replay_narrates_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(MOTE))
    assert status == 0
    assert out.count("\n== Game ") == 6
    assert "Deal 1: Dad of Carl deals, K♥ turned up" in out
    assert "Deal 16: Chach deals" in out  # the sixth game's last deal
    assert out.rstrip().endswith("Chach and WWMM win: the match is over")


def test_emn_replay_of_a_broken_match_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = raw()
    data["games"][1]["playersOverride"][0] = "p-09"
    path = tmp_path / "bad.emn"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 1 and out == ""
    assert err == (
        f"euchre: {path}: games[1].playersOverride[0]: 'p-09' is not a player of "
        "metadata.players\n"
    )
    data = raw()
    data["metadata"]["result"] = {"scores": {"p-01": 6}}
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "replay", "--check", str(path))
    assert status == 1
    assert err == (
        f"euchre: {path}: metadata.result.scores.p-01: the file says 6, the games give 2 "
        "(games won)\n"
    )


def test_emn_convert_writes_one_record_per_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "convert", str(MOTE), str(tmp_path / "week5.json"))
    assert status == 0
    assert out.splitlines()[0] == f"wrote {tmp_path / 'week5-1.json'} (11 deals)"
    match = load_emn(MOTE)
    for k, game in enumerate(match.games, 1):
        record = read_record(tmp_path / f"week5-{k}.json")
        assert record.deals == game.record.deals
        assert record.metadata["players"] == game.record.metadata["players"]
        assert record.check().score == game.score
    assert run(capsys, "convert", str(MOTE), str(tmp_path / "week5.egn"))[0] == 0
    back = read_record(tmp_path / "week5-5.egn")
    assert back.deals == match.games[4].record.deals
    assert back.metadata["players"] == ["WWMM", "Dad of Carl", "Chach", "Jen-Eye"]
    folder = tmp_path / "games"
    folder.mkdir()
    assert run(capsys, "convert", str(MOTE), str(folder))[0] == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        f"MotE_W5_Match-{k}.json" for k in range(1, 7)
    ]
    status, _, err = run(capsys, "convert", str(MOTE), str(tmp_path / "week5.txt"))
    assert status == 1 and "a match converts to one record per game" in err


def test_emn_game_paths() -> None:
    assert game_paths("m.emn", "x/out.JSON", 2) == [Path("x/out-1.JSON"), Path("x/out-2.JSON")]
    with pytest.raises(RecordError, match=r"name the output OUT\.json"):
        game_paths("m.emn", "out", 1)


# -- fuzzing -----------------------------------------------------------------------------

_WORDS = st.sampled_from(
    ["Euchre Match Notation", "Euchre Game Notation", "1.1", "1.6", "p-01", "p-02",
     "BEST_OF_N", "PROGRESSIVE", "COMPLETED", "Pass", "Order", "Jd"]
)
JSON = json_values(
    _WORDS,
    ["fileType", "version", "metadata", "games", "players", "teams", "id", "name",
     "playerIds", "matchFormat", "type", "target", "result", "status", "winner", "scores",
     "gameIndex", "playersOverride", "gameData", "deals", "initialScore", "color"],
)
FUZZ = fuzz(100)


def only_record_errors(text: str) -> Match | None:
    match = read_or_none(loads_emn, text)
    if match is not None:
        with contextlib.suppress(RecordError):
            match.check()
        match.standings()
    return match


@FUZZ
@given(st.text(max_size=100))
def test_emn_fuzz_random_text(text: str) -> None:
    only_record_errors(text)


@FUZZ
@given(JSON)
def test_emn_fuzz_random_json(value: Json) -> None:
    only_record_errors(json.dumps(value))
    only_record_errors(json.dumps({"fileType": EMN_FILE_TYPE, "version": "1.1",
                                   "metadata": value, "games": []}))
    only_record_errors(json.dumps({"fileType": EMN_FILE_TYPE, "version": "1.1",
                                   "metadata": {"players": [{"id": "p-01", "name": "A"}]},
                                   "games": value}))


_BASE = raw()
_BASE["games"] = _BASE["games"][4:5]  # one game keeps each example quick


@FUZZ
@given(st.data())
def test_emn_fuzz_mutated_real_match(data: st.DataObject) -> None:
    match = copy.deepcopy(_BASE)
    replace_deep(match, data.draw, JSON, steps=7)
    only_record_errors(json.dumps(match))


def test_emn_a_game_going_on_after_its_end_counts_as_its_rules_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = raw()
    deals = data["games"][0]["gameData"]["deals"]
    extra = copy.deepcopy(deals[3])  # dealt by seat 3, next after the last deal's dealer
    extra["dealNumber"] = len(deals)
    deals.append(extra)
    data["games"][0]["gameData"]["metadata"]["finalScore"] = [10, 4]
    match = from_emn(data)
    first = match.games[0]
    assert (first.score, first.winner, first.finished) == ((10, 3), 0, True)
    assert match.standings() == load_emn(MOTE).standings()
    path = tmp_path / "after.emn"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0
    assert "(the record goes on after the end of the game: 1 more deal, replayed from" in out
    assert "Deal 12 (after the end): " in out  # narrated as in the replay of one record
    assert "Deal 12:" not in out.split("== Game 2")[0]
    warnings = err.splitlines()
    assert warnings and all(line.startswith("warning: game 1: ") for line in warnings)
    status, out, err = run(capsys, "replay", "--check", str(path))
    assert status == 0 and "warning: game 1: " in err

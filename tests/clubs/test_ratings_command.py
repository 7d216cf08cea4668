"""``euchre ratings``: played games rated again from their records, each form's
leaderboard, and a line for each game that can not be rated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.cli.main import main
from euchre.clubs.ratings import RatedGame, recompute
from euchre.engine.rules import Rules
from euchre.records.emn import combine, dumps_emn
from euchre.records.files import write_record
from euchre.records.record import Record
from helpers.randomplay import play_random

PLAIN = Rules(target=0, deals=2, going_alone=False, lone_defender=False,
              maker_partner_alone=False)
PEOPLE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def game(k: int, bots: list[str] | None = None, rules: Rules = PLAIN) -> Record:
    four = [PEOPLE[(k + step) % 6] for step in (0, 1, 2, 3)][:rules.players]
    metadata: dict[str, object] = {"players": four}
    if bots is not None:
        metadata["bots"] = bots
    return Record.from_game(play_random(rules, seed=k), metadata)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_games_rated_in_order_give_the_leaderboard(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = [game(k) for k in range(6)]
    paths = []
    for k, record in enumerate(records[:4]):
        path = tmp_path / f"g{k}.{'egn' if k % 2 else 'json'}"
        write_record(record, path)
        paths.append(str(path))
    match = tmp_path / "rest.emn"
    match.write_text(dumps_emn(combine(records[4:])), encoding="utf-8")
    status, out, err = run(capsys, "ratings", *paths, str(match), "--json")
    assert status == 0 and err == ""
    board = json.loads(out)["four_handed"]
    def sides(record: Record) -> tuple[tuple[str, ...], tuple[str, ...]]:
        names = record.metadata["players"]
        assert isinstance(names, list)
        return tuple(map(str, names[0::2])), tuple(map(str, names[1::2]))

    expected = recompute(
        RatedGame(str(k), "four_handed", sides(r), r.replay_all().game.winner() or 0)
        for k, r in enumerate(records)).leaderboard("four_handed")
    assert [(row["player"], row["rating"], row["games"]) for row in board] == [
        (p, r.shown, r.games) for p, r in expected]
    status, out, _ = run(capsys, "ratings", *paths)
    assert out.startswith("4 games rated\n\nFour-handed partnership Euchre:\n   1. ")


def test_a_game_that_can_not_be_rated_is_one_line_and_the_rest_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "unfinished.json": Record.from_game(play_random(PLAIN, seed=1, stop_after=5),
                                            {"players": PEOPLE[:4]}),
        "cutthroat.json": game(2, rules=Rules.preset("three-handed").replace(target=1)),
        "stranger.json": game(3, bots=["human", "ext:./mine", "human", "human"]),
        "anchored.json": game(4, bots=["human", "expert", "human", "basic"]),
    }
    for name, record in cases.items():
        write_record(record, tmp_path / name)
    status, out, err = run(capsys, "ratings", *(str(tmp_path / n) for n in cases))
    assert status == 0 and out.startswith("1 game rated")
    lines = err.strip().splitlines()
    assert len(lines) == 3
    assert "unfinished.json: not finished, or tied: not rated" in lines[0]
    assert "cutthroat.json: three-handed (cutthroat) Euchre is not two sides" in lines[1]
    assert "stranger.json: seat 1 is the bot ext:./mine, which does not sit at rated" \
        in lines[2]
    assert "bot:" not in out  # the anchored bots are on no leaderboard

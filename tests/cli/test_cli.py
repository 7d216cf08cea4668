"""The ``euchre`` command: every subcommand, and one clear line for every mistake."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from euchre.cli.main import main
from helpers.paths import EGN_DATA, SHARED_EGN


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "stats", "watch", "rules", "replay", "convert", "bench", "arena",
                    "bot", "serve"):
        assert command in out


def test_rules_lists_presets_and_options_with_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules")
    assert status == 0
    for preset in ("standard", "two-handed", "tournament", "openspiel", "canadian"):
        assert preset in out
    assert re.search(r"\n  stick_the_dealer +false +", out)
    assert re.search(r"\n  target +10 +", out)
    assert re.search(r"\n  lone_defender_needs_loner false +", out)  # the longest name fits


def test_rules_of_a_preset_shows_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "--rules", "tournament")
    assert status == 0
    assert re.search(r"\n  stick_the_dealer +true +", out)


def test_watch_narrates_a_seeded_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "watch", "--seed", "11")
    assert status == 0
    assert "Deal 1:" in out
    assert "Trick 5:" in out
    assert out.rstrip().splitlines()[-1].startswith("Game over:")
    again = run(capsys, "watch", "--seed", "11")[1]
    assert again == out


def test_watch_takes_bots_and_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "watch", "basic", "random", "--seed", "2", "--rules", "two-handed", "--target", "3",
        "--stick-the-dealer",
    )
    assert status == 0
    assert "East" not in out
    assert "thrown in" not in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("Game over:") and "wins" in last


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--target", "x"], "target: must be a whole number"),
        (["play", "--rules", "bogus"], "unknown preset 'bogus'"),
        (["play", "--rules", "two-handed", "--going-alone"], "going_alone:"),
        (["play", "--deck", "36"], "deck: must be one of 24, 25, 28, 29, 32, 33, not 36"),
        (["replay", "no/such/file.json"], "no/such/file.json"),
    ],
)
def test_a_mistake_gives_one_clear_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status != 0
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_bench_json_has_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "bench", "--json", "--deals", "30", "--games", "2", "--repeat", "1"
    )
    assert status == 0
    result = json.loads(out)
    for key in ("hands_per_sec", "games_per_sec", "lean_hands_per_sec", "copy_us"):
        assert result[key] > 0


def test_console_script_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "euchre.cli.main", "watch", "--deals", "1", "--seed", "1"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout


def test_replay_check_accepts_every_published_egn_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for path in SHARED_EGN:
        status, out, err = run(capsys, "replay", "--check", str(path))
        assert status == 0, err
        assert out.startswith("ok: ")


def test_replay_prints_the_game_deal_by_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(EGN_DATA / "Six_Points_in_Two_Hands.egn"))
    assert status == 0
    seats, start = out.splitlines()[:2]
    assert seats.startswith("Seats, clockwise: South ") and "West" in seats
    assert start == "Starting at 4-9"
    assert "goes alone" in out
    # the game, then what could not be checked: the file gives only the cards played
    game, unchecked = out.rstrip().split("\nnot checked, for want of the hands:\n")
    assert game.endswith("win 10-9")
    assert unchecked.startswith("- that each seat was dealt the cards it plays, in deals 1-2: ")


def test_convert_round_trip_and_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    native = tmp_path / "final.json"
    again = tmp_path / "final.egn"
    assert run(capsys, "convert", str(EGN_DATA / "VWEC_Finals.egn"), str(native))[0] == 0
    assert run(capsys, "convert", str(native), str(again))[0] == 0
    status, out, _ = run(capsys, "replay", "--check", str(again))
    assert status == 0
    assert "final score 8-10" in out


def test_replay_check_names_the_first_illegal_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from euchre.engine.game import Game
    from euchre.players import RandomPlayer, play_game
    from euchre.records.record import Record, dumps

    game = play_game(Game(seed=4), [RandomPlayer(s) for s in range(4)])
    data = json.loads(dumps(Record.from_game(game)))
    actions = data["deals"][0]["actions"]
    # find a trick where the second player followed suit, and make it revoke
    for index, text in enumerate(actions):
        if text.startswith("play") and index + 1 < len(actions):
            led, follow = actions[index][5:], actions[index + 1]
            if follow.startswith("play") and follow[-1] == led[-1] and led[0] != "J":
                hand = data["deals"][0]["hands"]
                seat_cards = [c for h in hand for c in h if follow[5:] in h]
                off = next(c for c in seat_cards if c[-1] != led[-1] and c[0] != "J")
                actions[index + 1] = f"play {off}"
                break
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    status, _, err = run(capsys, "replay", "--check", str(path))
    assert status == 1
    assert len(err.strip().splitlines()) == 1
    assert "deal 1, play " in err and "is not legal" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "broken.json: not JSON"), ('{"format": "chess"}', "format")],
)
def test_a_broken_file_gives_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    status, _, err = run(capsys, "replay", str(path))
    assert status == 1
    assert len(err.strip().splitlines()) == 1
    assert message in err


def test_bench_solver_and_bot_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "--solver", "--deals", "20", "--repeat", "1", "--json")
    assert status == 0
    assert json.loads(out)["median_ms"] > 0
    status, out, _ = run(capsys, "bench", "--bot", "random", "--decisions", "50", "--json")
    assert status == 0
    timed = json.loads(out)
    assert timed["decisions"] == 50 and timed["max_ms"] >= timed["median_ms"] >= 0
    status, _, err = run(capsys, "bench", "--bot", "nobody")
    assert status == 1 and "unknown bot 'nobody'" in err

"""``euchre chart``: a progressive evening's rotation chart, to print."""

from __future__ import annotations

import json

import pytest

from euchre.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_round_at_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "chart", "14")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == ("A progressive evening of 14 players and 2 bots at 4 tables, "
                        "15 rounds: everyone partners everyone once.")
    rounds = [n for n, line in enumerate(lines) if line.startswith("Round ")]
    assert len(rounds) == 15
    for start in rounds:  # four tables a round, every seat once
        tables = lines[start + 1:start + 5]
        assert [t.split(":")[0] for t in tables] == [f"  Table {n}" for n in range(1, 5)]
        seated = [name for t in tables for half in t.split(": ")[1].split(" against ")
                  for name in half.split(" & ")]
        assert sorted(seated) == sorted([str(n) for n in range(1, 15)] + ["bot 1", "bot 2"])


def test_a_line_a_player_with_names(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "chart", "4", "--by-player", "--names", "Ada, Bea,Cy,Dee")
    assert status == 0
    assert "Ada:\n  Round 1: table 1, with Dee, against Bea & Cy\n" in out
    partners = {line.split("with ")[1].split(",")[0] for line in out.splitlines()
                if line.startswith("  Round") and out.index(line) < out.index("Bea:")}
    assert partners == {"Bea", "Cy", "Dee"}  # Ada partners each of the others once


def test_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "chart", "6", "--rounds", "2", "--json")
    chart = json.loads(out)
    assert status == 0 and chart["players"] == ["1", "2", "3", "4", "5", "6"]
    assert chart["bots"] == ["bot 1", "bot 2"] and len(chart["rounds"]) == 2
    assert set(chart["rounds"][0][0]) == {"north_south", "east_west"}


@pytest.mark.parametrize(("argv", "words"), [
    (["chart", "3", "--names", "a,b"], "--names needs 3 different names"),
    (["chart", "2", "--names", "a,a"], "--names needs 2 different names"),
    (["chart", "0"], "must be a whole number of at least 1"),
    (["chart", "8", "--rounds", "0"], "must be a whole number of at least 1"),
])
def test_a_mistake_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                               words: str) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_info:
        status = int(exit_info.code or 0)
    err = capsys.readouterr().err
    assert status == 2 if "--names" not in argv else status == 1
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1

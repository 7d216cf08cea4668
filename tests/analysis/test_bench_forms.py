"""``euchre bench`` under every preset: each figure measured, or said not to apply."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from euchre.analysis.bench import bench_games, bench_presets, lean_refusal
from euchre.cli.arena import add_bench_command, main
from euchre.engine.rules import PRESETS, Rules

TINY = ["--deals", "3", "--games", "1", "--repeat", "1"]


def _bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The bench command as ``euchre`` builds it (:func:`add_bench_command`)."""
    parser = argparse.ArgumentParser(prog="euchre")
    add_bench_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["bench", *argv])
    status: int = args.func(args)
    return status, capsys.readouterr().out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bench_measures_every_preset(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    rules = Rules.preset(preset)
    status, out = _bench(capsys, "--rules", preset, *TINY, "--json")
    assert status == 0
    data: dict[str, Any] = json.loads(out)
    assert (data["rules"], data["form"], data["players"]) == (preset, rules.form, rules.players)
    assert data["hands_per_sec"] > 0 and data["game_hands_per_sec"] > 0
    assert data["copy_us"] > 0
    lean = rules.form == "four_handed" and rules.deck in (24, 28, 32)
    assert (data["lean_hands_per_sec"] is not None) == lean
    assert (data["lean_note"] is None) == lean
    if not lean:
        assert data["lean_note"].startswith("not measured: the lean path plays four-handed")
    if data["games_unfinished"]:
        assert data["games_per_sec"] is None and "did not end within" in data["games_note"]
    else:
        assert data["games_per_sec"] > 0 and data["games_note"] is None
    status, out = _bench(capsys, "--rules", preset, *TINY)
    assert status == 0
    assert out.startswith(f"rules: {preset} ({rules.form_name}, {rules.players} players)\n")
    assert "lean play-out path: " in out and "one state copy: " in out


def test_bench_without_rules_keeps_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _bench(capsys, *TINY, "--json")
    assert status == 0
    data = json.loads(out)
    for key in ("hands_per_sec", "games_per_sec", "standard_hands_per_sec", "lean_hands_per_sec",
                "copy_us", "deals_per_game"):
        assert data[key] > 0
    assert "rules" not in data


def test_bench_stops_random_hasenpfeffer_games_that_never_end() -> None:
    games, deals, unfinished = bench_games(20, seed=0, rules=Rules.preset("hasenpfeffer"),
                                           max_deals=30)
    assert games == 20 and 0 < unfinished < 20
    assert deals <= 20 * 30
    assert bench_games(5, seed=0, rules=Rules.preset("napoleon"), max_deals=30)[2] == 0


def test_bench_lean_path_applies_to_four_handed_euchre_without_the_benny() -> None:
    applies = {name for name, rules in PRESETS.items() if lean_refusal(rules) is None}
    assert applies == {"standard", "tournament", "openspiel", "canadian"}


def test_bench_presets_times_every_preset_against_standard(
        capsys: pytest.CaptureFixture[str]) -> None:
    table: dict[str, Any] = bench_presets(deals=2, repeat=2)
    rows = table["presets"]
    assert list(rows) == list(PRESETS)
    assert rows["standard"]["ratio_to_standard"] == 1.0
    for row in rows.values():
        assert row["deals_per_sec"] > 0 and len(row["runs"]) == 2
        assert row["ratio_to_standard"] > 0
    status, out = _bench(capsys, "--presets", "--deals", "2", "--repeat", "1")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["preset", "form", "players", "deals/s", "to", "standard"]
    assert [line.split()[0] for line in lines[1:-2]] == list(PRESETS)
    assert lines[-1].startswith("(this installation: ")


def test_bench_bot_plays_under_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _bench(capsys, "--bot", "random", "--rules", "napoleon", "--decisions", "30",
                         "--json")
    assert status == 0 and json.loads(out)["decisions"] == 30


def test_bench_on_its_own_refuses_an_unknown_preset_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--rules", "bogus"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("euchre bench: argument --rules: unknown preset 'bogus'")
    assert main(["bench", "--bot", "nobody"]) == 1
    assert capsys.readouterr().err.startswith("euchre: unknown bot 'nobody'")
    assert main(["bench", "--rules", "two-handed", *TINY]) == 0
    assert capsys.readouterr().out.startswith("rules: two-handed")


def test_euchre_bench_rules_runs_through_the_euchre_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.cli.main import main as euchre_main

    assert euchre_main(["bench", "--rules", "napoleon", *TINY, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "napoleon"

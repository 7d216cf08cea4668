"""The chance of winning from every score (``euchre.players.win_chance``) and the script
that makes its table (``scripts/win_table.py``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from euchre.engine.rules import Rules
from euchre.players.win_chance import (
    TABLE_TARGET,
    deal_distribution,
    deals_next,
    rules_key,
    solve,
    win_chance,
)
from helpers.paths import ROOT

KEYS = {"standard": Rules(), "tournament": Rules.preset("tournament"),
        "two-handed": Rules.preset("two-handed")}
SCORES = range(TABLE_TARGET)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("win_table", ROOT / "scripts" / "win_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("key", KEYS)
def test_each_preset_has_its_own_measured_entry(key: str) -> None:
    assert rules_key(KEYS[key]) == key
    dealer, other = deal_distribution(KEYS[key])
    assert 0.99 <= sum(dealer.values()) + sum(other.values()) <= 1.0
    # the dealer's side scores more often than the other side
    assert sum(dealer.values()) > sum(other.values())
    if key == "two-handed":  # nobody goes alone
        assert set(dealer) | set(other) <= {1, 2}
    if key == "tournament":  # the dealer is stuck: no deal is thrown in
        assert sum(dealer.values()) + sum(other.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("key", KEYS)
def test_the_shipped_table_is_the_dp_of_the_shipped_chances(key: str) -> None:
    # the data file is not edited by hand: the table is solved from the counts beside it
    rules = KEYS[key]
    we, they = solve(TABLE_TARGET, *deal_distribution(rules))
    for mine in SCORES:
        for theirs in SCORES:
            assert win_chance(rules, mine, theirs, True) == pytest.approx(
                we[mine][theirs], abs=6e-7)
            assert win_chance(rules, mine, theirs, False) == pytest.approx(
                they[mine][theirs], abs=6e-7)


@pytest.mark.parametrize("key", KEYS)
def test_one_sides_chance_is_the_others_complement(key: str) -> None:
    # the side with a dealing next wins when the one with b, not dealing, loses: an
    # identity of the programme (exact but for rounding), not a symmetry of the data
    we, they = solve(TABLE_TARGET, *deal_distribution(KEYS[key]))
    for a in SCORES:
        for b in SCORES:
            assert we[a][b] + they[b][a] == pytest.approx(1.0, abs=1e-12)
            shipped = win_chance(KEYS[key], a, b, True) + win_chance(KEYS[key], b, a, False)
            assert shipped == pytest.approx(1.0, abs=1.2e-6)
    # so at an equal score the two sides' chances are 1/2 only on average
    assert we[5][5] > 0.5 > they[5][5]


@pytest.mark.parametrize("key", KEYS)
def test_more_points_never_lower_the_chance(key: str) -> None:
    rules = KEYS[key]
    for deal in (True, False):
        for mine in range(TABLE_TARGET + 1):
            for theirs in range(TABLE_TARGET):
                chance = win_chance(rules, mine, theirs, deal)
                assert 0.0 <= chance <= 1.0
                assert win_chance(rules, mine + 1, theirs, deal) >= chance
                assert win_chance(rules, mine, theirs + 1, deal) <= chance


@pytest.mark.parametrize("key", KEYS)
def test_the_dealers_side_has_the_edge_at_the_start(key: str) -> None:
    rules = KEYS[key]
    assert win_chance(rules, 0, 0, True) > 0.5 > win_chance(rules, 0, 0, False)


def test_the_scores_at_the_target_have_won_or_lost() -> None:
    rules = Rules()
    assert win_chance(rules, 10, 9, False) == win_chance(rules, 12, 0, True) == 1.0
    assert win_chance(rules, 9, 10, True) == win_chance(rules, 0, 13, False) == 0.0


def test_another_target_is_solved_from_the_measured_chances() -> None:
    rules = Rules(target=5)
    dealer, other = deal_distribution(rules)
    we, they = solve(5, dealer, other)
    assert win_chance(rules, 2, 3, True) == we[2][3]
    assert win_chance(rules, 2, 3, False) == they[2][3]
    assert win_chance(rules, 0, 0, True) != win_chance(Rules(), 0, 0, True)
    # to 1 point the first deal that scores ends it: a sum of a geometric series of
    # thrown-in deals, the dealer changing at each
    first = Rules(target=1)
    made, lost = sum(dealer.values()), sum(other.values())
    void = 1.0 - made - lost
    assert win_chance(first, 0, 0, True) == pytest.approx(
        (made + void * lost) / (1 - void * void), abs=1e-12)


def test_a_game_of_deals_has_no_chance_of_winning() -> None:
    with pytest.raises(ValueError, match="needs a game to a target score"):
        win_chance(Rules(target=0, deals=3), 0, 0, True)
    with pytest.raises(ValueError, match="four- and two-handed"):
        win_chance(Rules.preset("three-handed"), 0, 0, True)
    with pytest.raises(ValueError, match="0 or more"):
        win_chance(Rules(), -2, 0, True)


def test_the_deal_passes_to_the_other_side() -> None:
    four, two = Rules(), Rules.preset("two-handed")
    assert [deals_next(four, dealer, 0) for dealer in range(4)] == [False, True, False, True]
    assert [deals_next(two, dealer, 1) for dealer in range(2)] == [True, False]


def test_solve_by_hand() -> None:
    script = _script()
    # to 1 point: the dealer's side 0.6, the other 0.3, thrown in 0.1, and the deal
    # passes: x = 0.6 + 0.1 y, y = 0.3 + 0.1 x, so x = 0.63 / 0.99 = 7/11
    we, they = script.solve(1, {1: 0.6}, {1: 0.3})
    assert we[0][0] == pytest.approx(7 / 11, abs=1e-15)
    assert they[0][0] == pytest.approx(0.3 + 0.7 / 11, abs=1e-15)
    # to 2 points, no throw-in: 0.6 * P(1-0, they deal) + 0.4 * P(0-1, they deal),
    # with P(1-0, they deal) = 0.6 * 0.6 + 0.4 and P(0-1, they deal) = 0.4 * 0.6
    we, _ = script.solve(2, {1: 0.6}, {1: 0.4})
    assert we[0][0] == pytest.approx(0.6 * 0.76 + 0.4 * 0.24, abs=1e-15)
    # the dealer's side 2 points (a game to 2 ends) or the other side 1, half each: we
    # win at once, or they reach 1, deal and miss their 2, and we deal at 1-1 and make 2
    we, they = script.solve(2, {2: 0.5}, {1: 0.5})
    assert we[0][0] == pytest.approx(0.5 + 0.5 * 0.5 * 0.5, abs=1e-15)
    with pytest.raises(ValueError):
        script.solve(10, {1: 0.7}, {1: 0.4})


def test_the_script_measures_writes_and_checks(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    out = tmp_path / "chances.json"
    run = script.main(["--deals", "24", "--seed", "3", "--jobs", "1", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "dealer side scores" in printed and "P(win) at 0-0" in printed
    data = json.loads(out.read_text())
    entry = data["entries"]["standard"]
    assert data["format"] == 1 and entry == run["entry"]
    assert (entry["bot"], entry["seed"], entry["deals"]) == ("basic", 3, 24)
    counts = entry["counts"]
    assert sum(counts["dealer"].values()) + sum(counts["other"].values()) \
        + counts["thrown_in"] == 24
    assert len(entry["table"]["we_deal"]) == len(entry["table"]["they_deal"][9]) == 10
    # another preset is added beside it, the first kept
    script.main(["--rules", "two-handed", "--deals", "4", "--jobs", "1", "--out", str(out)])
    assert sorted(json.loads(out.read_text())["entries"]) == ["standard", "two-handed"]
    # each deal depends on the seed and its number only, not on how the run is cut up
    whole = script.play_deals("basic", "standard", 3, 0, 24)
    parts = [script.play_deals("basic", "standard", 3, a, a + 8) for a in (0, 8, 16)]
    assert whole == {k: sum(p.get(k, 0) for p in parts) for k in whole}
    assert {k: v for k, v in whole.items() if v} == {k: v for k, v in run["tally"].items() if v}
    checked = script.main(["--check", "2", "--seed", "5", "--jobs", "1", "--states", "2"])
    rows = checked["check"]
    assert rows[0]["score"] == [0, 0] and rows[0]["games"] == 2
    assert rows[0]["predicted"] == win_chance(Rules(), 0, 0, True)
    assert all(r["ci95"][0] <= r["observed"] <= r["ci95"][1] for r in rows)

"""The measurement scripts in ``scripts/`` (tiny runs)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from euchre.players.registry import BOTS
from helpers.paths import ROOT

SCRIPTS = ROOT / "scripts"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_variant_match_plays_expert_with_changed_settings(tmp_path: Path) -> None:
    script = _load("variant_match")
    try:
        out = script.main(['{"samples": 2, "bid_samples": 2}', "random", "--deals", "2",
                           "--seed", "4", "--record", str(tmp_path)])
    finally:
        BOTS.pop("variant", None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "deal-000001a.json", "deal-000001b.json", "deal-000002a.json", "deal-000002b.json"]
    assert out["kwargs"] == {"samples": 2, "bid_samples": 2}
    low, mean, high = out["points_per_deal"][1], out["points_per_deal"][0], \
        out["points_per_deal"][2]
    assert low <= mean <= high
    assert out["game_win_rate"] is None


@pytest.mark.parametrize("kwargs", ["[1]", "{bad", '{"no_such_option": 1}'])
def test_variant_match_refuses_bad_settings(kwargs: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("variant_match")
    with pytest.raises(SystemExit) as exit_info:
        script.main([kwargs, "basic", "--deals", "1"])
    assert exit_info.value.code == 2
    assert "KWARGS must be a JSON object" in capsys.readouterr().err
    assert "variant" not in BOTS


def test_variant_match_changes_basic_settings_with_bot_basic(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("variant_match")
    try:
        same = script.main(["{}", "basic", "--bot", "basic", "--deals", "30", "--seed", "2"])
        changed = script.main(['{"draw_first": false, "order": 6.0}', "basic", "--bot",
                               "basic", "--deals", "30", "--seed", "2"])
    finally:
        BOTS.pop("variant", None)
    assert same["bot"] == "basic" and same["points_per_deal"][0] == 0.0  # basic vs itself
    assert changed["kwargs"] == {"draw_first": False, "order": 6.0}
    assert changed["points_per_deal"][0] != 0.0  # a stricter order-up threshold shows
    with pytest.raises(SystemExit) as exit_info:
        script.main(['{"samples": 2}', "basic", "--bot", "basic", "--deals", "1"])
    assert exit_info.value.code == 2
    assert "KWARGS must be a JSON object of BasicSettings fields" in capsys.readouterr().err


def test_dealer_jack_counts_the_dealers_passes() -> None:
    script = _load("dealer_jack")
    # basic at the dealer's seat too: it decides by the same rules every time
    first = script.main("basic", 6, 2)
    assert first["dealer_jack_decisions"] == 6
    assert 0 <= first["passed"] <= 6
    assert first == script.main("basic", 6, 2)


def test_divergence_credits_each_pair_to_its_first_differing_decision(
        tmp_path: Path) -> None:
    from euchre.analysis.arena import run_match
    from euchre.engine.rules import Rules

    script = _load("divergence")
    result = run_match(["basic", "random"], Rules(), deals=12, duplicate=True, seed=3,
                       record=tmp_path)
    table = script.analyse(tmp_path)
    assert (table["a"], table["b"], table["pairs"]) == ("basic", "random", 12)
    assert table["points_per_deal"] == pytest.approx(
        result.to_dict()["points_per_deal"]["mean"])  # type: ignore[index]
    rows = table["rows"]
    assert sum(row["pairs"] for row in rows) + table["never_parted"] == 12
    assert sum(row["points_per_deal"] for row in rows) == pytest.approx(
        table["points_per_deal"])
    # random and basic part in the bidding of nearly every deal: round one comes first
    assert rows[0]["decision"].startswith("bid1")
    for row in rows:
        assert sum(c["pairs"] for c in row["choices"].values()) == row["pairs"]


def test_divergence_refuses_what_is_not_a_duplicate_match_of_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.analysis.arena import run_match
    from euchre.engine.rules import Rules

    script = _load("divergence")
    with pytest.raises(SystemExit) as exit_info:
        script.main([str(tmp_path / "missing")])
    assert exit_info.value.code == 2
    assert "is not a directory" in capsys.readouterr().err
    with pytest.raises(script.DivergenceError, match="no duplicate deal records"):
        script.analyse(tmp_path)
    games = tmp_path / "games"
    run_match(["basic", "random"], Rules(), games=1, duplicate=True, seed=1,
              record=games)
    for path in games.iterdir():
        path.rename(path.with_name(path.name.replace("game-", "deal-")))
    with pytest.raises(script.DivergenceError, match="a record of whole games"):
        script.analyse(games)
    deals = tmp_path / "deals"
    run_match(["basic", "random"], Rules(), deals=1, duplicate=True, seed=1, record=deals)
    (deals / "deal-000001b.json").write_text("{broken")
    with pytest.raises(script.DivergenceError, match=r"deal-000001b\.json"):
        script.analyse(deals)
    (deals / "deal-000001b.json").unlink()
    with pytest.raises(script.DivergenceError, match="no swapped play"):
        script.analyse(deals)


def test_divergence_compares_two_matches_on_the_same_deals_pair_by_pair(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.analysis.arena import run_match
    from euchre.engine.rules import Rules

    script = _load("divergence")
    runs = {}
    for name, bots, seed in [("base", ["basic", "random"], 5), ("again", ["basic", "random"], 5),
                             ("other", ["pimc", "random"], 5), ("seed", ["basic", "random"], 6),
                             ("versus", ["basic", "pimc"], 5)]:
        runs[name] = run_match(bots, Rules(), deals=3, duplicate=True, seed=seed,
                               record=tmp_path / name).to_dict()
    same = script.paired_difference(tmp_path / "again", tmp_path / "base")
    assert same == {"pairs": 3, "differing": 0, "difference_per_deal": 0.0,
                    "ci95": [0.0, 0.0]}
    changed = script.paired_difference(tmp_path / "other", tmp_path / "base")
    means = [runs[k]["points_per_deal"]["mean"] for k in ("other", "base")]  # type: ignore[index]
    assert changed["difference_per_deal"] == pytest.approx(means[0] - means[1])
    table = script.main([str(tmp_path / "other"), "--base", str(tmp_path / "base")])
    assert table["against_base"] == changed
    assert "3 pairs in common" in capsys.readouterr().out
    with pytest.raises(script.DivergenceError, match="the same --seed"):
        script.paired_difference(tmp_path / "seed", tmp_path / "base")
    with pytest.raises(script.DivergenceError, match="against different bots"):
        script.paired_difference(tmp_path / "versus", tmp_path / "base")


def test_bid_regret_compares_choices_with_a_larger_sample_reference(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("bid_regret")
    rows = script.main(["2", "32", "0,16", "--seed", "2", "--repeats", "2",
                        "--bid-samples", "4"])
    assert [row["max_bid_samples"] for row in rows] == [None, 16]
    assert rows[0]["decisions"] == rows[1]["decisions"] >= 2
    for row in rows:
        assert 0.0 <= row["differ"] <= 1.0
        assert row["mean_regret"] >= 0.0
    assert (rows[0]["mean_samples"], rows[0]["most_samples"]) == (4, 4)
    assert rows[1]["most_samples"] in (4, 8, 16)
    with pytest.raises(SystemExit):
        script.main(["1", "16", "x"])
    assert "CAPS must be whole numbers" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        script.main(["0", "16", "0"])
    assert "must be positive" in capsys.readouterr().err


def test_ceiling_oracle_samples_the_true_deal_in_the_phases_it_sees() -> None:
    script = _load("ceiling")
    from euchre.engine.game import Game

    game = Game(seed=5)
    view = game.view(game.to_act)
    truth = tuple(game.hand_mask(s) for s in range(4))
    script._TABLE[:] = [game]
    try:
        assert script.Oracle(seed=1, sees="all").sample(view, 9) == [truth]
        assert script.Oracle(seed=1, sees="bidding").sample(view, 9) == [truth]
        fair = script.Oracle(seed=1, sees="play").sample(view, 9)
    finally:
        script._TABLE.clear()
    assert len(fair) == 9 and all(h[view.seat] == truth[view.seat] for h in fair)
    assert any(h != truth for h in fair)


def test_ceiling_without_sight_is_the_arenas_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    script = _load("ceiling")
    from euchre.analysis import arena
    from euchre.analysis.arena import run_match
    from euchre.engine.rules import Rules
    from euchre.players.expert import ExpertPlayer

    # without its time limit, a safety valve a busy machine can reach: the same seed
    # gives the same decisions however loaded the machine
    monkeypatch.setitem(BOTS, "expert", lambda seed: ExpertPlayer(seed=seed, time_limit=None))

    try:
        blind = script.main(["random", "--deals", "1", "--seed", "4", "--sees", "none"])
        seeing = script.main(["random", "--deals", "1", "--seed", "4"])
    finally:
        BOTS.pop("oracle", None)
    assert arena.play_game is script.play_game  # type: ignore[attr-defined]
    match = run_match(["expert", "random"], Rules(), deals=1, duplicate=True, seed=4)
    assert blind["points_per_deal"][0] == round(match.net.mean, 3)
    assert blind["point_share"] == match.point_share
    assert seeing["sees"] == "all" and seeing["game_win_rate"] is None


def test_alone_check_finishes_both_contracts_with_one_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("alone_check")
    script.main(["Jh Jd Ah Kh Qh", "9h", "--calls", "pass,pass,pass", "--bot", "basic",
                 "--deals", "4"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    # every trump but the upcard: a march either way, 4 alone and 2 with the partner
    assert last == ("4 deals, basic at every seat: pick up +2.000 ± 0.000, "
                    "pick up alone +4.000 ± 0.000")


def test_loner_defence_pairs_two_defences_on_the_same_loners() -> None:
    script = _load("loner_defence")
    same = script.main(["basic", "basic", "--deals", "40", "--alone-losers", "2.5", "--json"])
    assert same["loners"] > 0  # weak loners allowed: about half the deals
    assert same["difference"] == 0.0 and same["differing"] == 0
    worse = script.main(["basic", "random", "--deals", "40", "--alone-losers", "2.5",
                         "--json"])
    assert worse["loners"] == same["loners"] and worse["a_points"] == same["a_points"]
    # defenders who play at random let the loner take more
    assert worse["b_points"] > worse["a_points"]


def test_loner_defence_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("loner_defence")
    with pytest.raises(SystemExit) as exit_info:
        script.main(["basic", "nobody"])
    assert exit_info.value.code == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def _arena_json(tmp_path: Path, bots: list[str], seed: int, **options: object) -> Path:
    from euchre.analysis.arena import run_match
    from euchre.engine.rules import Rules
    result = run_match(bots, Rules(), seed=seed, duplicate=True, **options)  # type: ignore[arg-type]
    path = tmp_path / f"{'-'.join(bots)}-{seed}.json"
    path.write_text(json.dumps(result.to_dict()), encoding="utf-8")
    return path


def test_pool_matches_adds_up_pieces_played_with_other_seeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("pool_matches")
    files = [_arena_json(tmp_path, ["basic", "random"], seed, games=3) for seed in (1, 2)]
    pieces = [json.loads(f.read_text()) for f in files]
    assert script.main([*map(str, files), "--json"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["deals"] == sum(p["deals"] for p in pieces)
    assert pooled["units"] == 6 and pooled["seeds"] == [1, 2]
    # the pooled points per deal are those of every deal together
    net = sum(p["points_per_deal"]["mean"] * p["deals"] for p in pieces) / pooled["deals"]
    assert pooled["points_per_deal"]["mean"] == pytest.approx(net)
    low, high = pooled["points_per_deal"]["ci95_low"], pooled["points_per_deal"]["ci95_high"]
    assert low < pooled["points_per_deal"]["mean"] < high
    wins = sum(p["game_win_rate"] * 3 for p in pieces) / 6
    assert pooled["game_win_rate"] == pytest.approx(wins)
    assert pooled["seats"][0]["calls"] == sum(p["seats"][0]["calls"] for p in pieces)
    assert script.main([str(files[0])]) == 0
    assert "1 piece (seeds 1), 3 pairs of games" in capsys.readouterr().out


def test_pool_matches_refuses_pieces_that_do_not_belong_together(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _load("pool_matches")
    one = _arena_json(tmp_path, ["basic", "random"], 1, deals=4)
    other = _arena_json(tmp_path, ["random", "basic"], 2, deals=4)
    games = _arena_json(tmp_path, ["basic", "random"], 3, games=1)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    faulty = tmp_path / "faulty.json"
    faulty.write_text(json.dumps({**json.loads(one.read_text()), "faults": [{"seat": 1}]}))
    for files, message in (([one, other], "differs from seed 1 in 'bots'"),
                           ([one, games], "in 'mode'"),
                           ([one, one], "seed 1 is given twice"),
                           ([broken], "broken.json: not a readable JSON file"),
                           ([faulty], "1 fault(s)")):
        assert script.main([str(f) for f in files]) == 2
        assert message in capsys.readouterr().err

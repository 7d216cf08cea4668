"""The arena: deterministic, duplicate, honest intervals, and it survives broken bots."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from euchre.analysis.arena import Fault, MatchResult, confidence_interval, lineup, run_match
from euchre.cli.arena import add_commands
from euchre.engine.rules import Rules
from euchre.errors import EuchreError
from euchre.players.registry import BOTS, available_bots, make_player
from helpers.paths import ROOT

EXAMPLE_BOT = ROOT / "examples" / "simple_bot.py"
EXAMPLE = f"ext:{sys.executable} {EXAMPLE_BOT}"
STRONG = "basic" if "basic" in available_bots() else EXAMPLE


def _deterministic(result: MatchResult) -> dict[str, Any]:
    data = result.to_dict()
    del data["seconds"]
    return data


def test_arena_is_deterministic_for_a_seed_with_one_or_two_processes() -> None:
    kwargs: dict[str, Any] = {"deals": 120, "duplicate": True, "seed": 7}
    first = run_match(["random", "random"], Rules(), **kwargs)
    again = run_match(["random", "random"], Rules(), **kwargs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = run_match(["random", "random"], Rules(), executor=pool, **kwargs)
    assert _deterministic(first) == _deterministic(again) == _deterministic(parallel)
    other = run_match(["random", "random"], Rules(), **{**kwargs, "seed": 8})
    assert _deterministic(other) != _deterministic(first)


def test_duplicate_pairs_deal_the_same_cards_with_the_sides_swapped(tmp_path: Path) -> None:
    from euchre.records.record import load

    run_match(["random", STRONG], Rules(), deals=3, duplicate=True, seed=2,
              record=tmp_path / "a")
    run_match([STRONG, STRONG], Rules(), deals=3, duplicate=False, seed=2,
              record=tmp_path / "b")
    for index in range(1, 4):
        first = load(tmp_path / "a" / f"deal-{index:06d}a.json")
        second = load(tmp_path / "a" / f"deal-{index:06d}b.json")
        other_matchup = load(tmp_path / "b" / f"deal-{index:06d}.json")
        assert first.deals[0].deal == second.deals[0].deal == other_matchup.deals[0].deal
        assert first.deals[0].deal.dealer == (index - 1) % 4
        assert first.metadata["players"] == ["random", STRONG, "random", STRONG]
        assert second.metadata["players"] == [STRONG, "random", STRONG, "random"]
        first.replay()
        second.replay()


def test_games_in_duplicate_share_their_deal_sequence(tmp_path: Path) -> None:
    from euchre.records.record import load

    run_match(["random", STRONG], Rules(target=5), games=2, duplicate=True, seed=3,
              record=tmp_path)
    first = load(tmp_path / "game-000001a.json")
    second = load(tmp_path / "game-000001b.json")
    shared = min(len(first.deals), len(second.deals))
    assert shared >= 1
    assert [d.deal for d in first.deals[:shared]] == [d.deal for d in second.deals[:shared]]


def test_headline_quotes_the_match_in_brief() -> None:
    games = run_match(["random", STRONG], Rules(target=5), games=3, seed=2)
    line = games.headline()
    assert line["points_per_deal"] == [round(games.net.mean, 3), round(games.net.low or 0, 3),
                                       round(games.net.high or 0, 3)]
    assert line["point_share"] == games.point_share
    assert line["game_win_rate"] == games.to_dict()["game_win_rate"]
    one = run_match(["random", "random"], Rules(), deals=1, seed=2).headline()
    mean_low_high = one["points_per_deal"]
    assert isinstance(mean_low_high, list) and mean_low_high[1:] == [None, None]
    assert one["game_win_rate"] is None


def test_random_against_random_has_an_interval_around_zero() -> None:
    result = run_match(["random", "random"], Rules(), deals=400, duplicate=True, seed=11)
    low, high = result.net.low, result.net.high
    assert low is not None and high is not None
    assert low < 0 < high
    assert high - low < 0.4
    assert result.net.n == 400
    assert 0.4 < (result.point_share or 0) < 0.6


def test_a_stronger_bot_wins_with_an_interval_above_zero() -> None:
    result = run_match([STRONG, "random"], Rules(), deals=60, duplicate=True, seed=1)
    assert result.net.low is not None and result.net.low > 0
    assert (result.point_share or 0) > 0.6


def test_json_has_the_documented_keys() -> None:
    data: dict[str, Any] = run_match(["random", "random"], Rules(), games=4, seed=5).to_dict()
    for key in ("points_per_deal", "point_share", "game_win_rate", "sides", "seats",
                "faults", "thrown_in", "deals", "plays", "bots", "rules", "seed"):
        assert key in data
    assert set(data["points_per_deal"]) >= {"mean", "ci95_low", "ci95_high"}
    assert 0 <= data["game_win_rate"] <= 1
    assert json.loads(json.dumps(data)) == data
    deals_only = run_match(["random", "random"], Rules(), deals=4, seed=5).to_dict()
    assert deals_only["game_win_rate"] is None


def test_per_seat_statistics_add_up() -> None:
    result = run_match(["random", "random", STRONG, "random"], Rules(), deals=200,
                       duplicate=True, seed=4)
    seats = result.seats
    assert result.deals == 400 and result.plays == 400
    assert sum(s.calls for s in seats) + result.thrown_in == result.deals
    assert sum(s.dealt for s in seats) == result.deals
    assert all(s.deals == result.deals for s in seats)
    for s in seats:
        assert s.made + s.marched + s.euchred == s.calls
        assert s.alone_marched <= s.alone_won <= s.alone
    data: dict[str, Any] = result.to_dict()
    assert data["sides"][0]["points"] + data["sides"][1]["points"] == sum(result.points)
    assert data["sides"][0]["net_per_deal"] == pytest.approx(
        (result.points[0] - result.points[1]) / result.deals)


def test_games_mode_counts_wins_and_deals() -> None:
    result = run_match([STRONG, "random"], Rules(), games=6, duplicate=True, seed=2)
    assert result.plays == 12
    assert result.games_won is not None and sum(result.games_won) == 12
    assert result.game_win is not None and result.game_win.mean == result.games_won[0] / 12
    assert result.deals >= 12 * 5


def test_two_handed_arena_takes_exactly_two_bots() -> None:
    rules = Rules.preset("two-handed")
    result = run_match([STRONG, "random"], rules, deals=40, duplicate=True, seed=3)
    assert len(result.seats) == 2
    assert result.deals == 80
    assert sum(s.calls for s in result.seats) + result.thrown_in == 80
    sides: Any = result.to_dict()["sides"]
    assert sides[0]["side"] == "A"
    games = run_match(["random", "random"], rules, games=2, seed=3)
    assert games.plays == 2
    with pytest.raises(EuchreError, match="exactly two bots"):
        lineup(["random", "random", "random", "random"], rules)


def test_lineups_are_checked() -> None:
    assert lineup(["random", "random"], Rules()) == ("random",) * 4
    with pytest.raises(EuchreError, match=r"two bots .* or four"):
        lineup(["random"] * 3, Rules())
    with pytest.raises(EuchreError, match="unknown bot 'nope': choose one of random"):
        run_match(["nope", "random"], Rules(), deals=1)
    with pytest.raises(EuchreError, match="give one"):
        run_match(["random", "random"], Rules())


def test_registry_makes_every_available_bot() -> None:
    assert available_bots()[0] == "random"
    assert set(available_bots()) <= set(BOTS)
    for name in available_bots():
        player = make_player(name, seed=1)
        assert callable(player.choose)
    with pytest.raises(EuchreError, match="needs a command"):
        make_player("ext:", seed=1)


def test_the_example_external_bot_plays_a_match_legally() -> None:
    faults: list[Fault] = []
    result = run_match([EXAMPLE, "random"], Rules(), deals=6, duplicate=True, seed=1,
                       on_fault=faults.append)
    assert faults == [] and result.faults == ()
    assert result.deals == 12
    assert sum(result.points) > 0


def _bot(tmp_path: Path, name: str, decide: str) -> str:
    """A tiny external bot: ``decide`` is an expression of ``n`` (the decision count)
    and ``legal``, run before answering (it may exit or sleep)."""
    path = tmp_path / name
    path.write_text(
        "import json, sys, time\n"
        "n = 0\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] != 'decide':\n"
        "        continue\n"
        "    n += 1\n"
        "    legal = message['legal']\n"
        f"    print({decide}, flush=True)\n"
    )
    return f"ext:{sys.executable} {path}"


def test_faulty_bots_are_replaced_and_the_match_finishes(tmp_path: Path) -> None:
    crash = _bot(tmp_path, "crash.py", "legal[0] if n < 3 else sys.exit(2)")
    garbage = _bot(tmp_path, "garbage.py", "'hello'")
    slow = _bot(tmp_path, "slow.py", "legal[0] if n < 4 else time.sleep(30)")
    illegal = _bot(tmp_path, "illegal.py", "'play:9c' if n > 1 else legal[0]")
    seen: list[Fault] = []
    result = run_match([crash, garbage, slow, illegal], Rules(), deals=2, seed=1,
                       time_limit=0.5, on_fault=seen.append)
    assert result.deals == 2
    assert list(result.faults) == seen
    kinds = {(f.slot, f.kind) for f in result.faults}
    assert (1, "garbage") in kinds and (3, "illegal") in kinds
    assert {f.slot for f in result.faults} >= {1, 3}
    for fault in result.faults:
        assert fault.replacement in ("basic", "random")
        assert fault.reason
    assert [s.faults for s in result.seats] == [
        sum(f.slot == slot for f in result.faults) for slot in range(4)]
    data: dict[str, Any] = result.to_dict()
    assert data["faults"][0]["slot"] in "ABCD"


def test_crashes_and_timeouts_are_reported(tmp_path: Path) -> None:
    crash = _bot(tmp_path, "crash.py", "legal[0] if n < 2 else sys.exit(2)")
    slow = _bot(tmp_path, "slow.py", "legal[0] if n < 2 else time.sleep(30)")
    rules = Rules.preset("two-handed")
    result = run_match([crash, slow], rules, deals=1, seed=6, time_limit=0.5)
    kinds = {(f.slot, f.kind) for f in result.faults}
    assert kinds == {(0, "crash"), (1, "timeout")}
    assert result.deals == 1


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="euchre")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    status: int = args.func(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_arena_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "arena", STRONG, "random", "--deals", "20", "--duplicate",
                          "--no-progress")
    assert status == 0
    assert "95% CI" in out and "A+C" in out and "thrown in" in out
    assert "20 duplicate pairs of deals" in out


def test_an_option_whose_extra_is_missing_is_refused_before_any_work(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    if importlib.util.find_spec("numpy") is not None:
        import euchre.envs.batch  # imported already: only the check up front can refuse

        monkeypatch.setattr(euchre.envs.batch, "bench_batch",
                            lambda *a, **k: started.append(a))
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy: ImportError
    from euchre.cli.main import main

    assert main(["bench", "--batch", "4", "--steps", "2"]) == 1
    assert capsys.readouterr().err == ("euchre: --batch needs numpy, which is not "
                                       "installed: pip install 'euchre[rl]'\n")
    assert started == []


def test_arena_command_json_and_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "arena", "random", "random", "--games", "3", "--game-deals",
                          "2", "--stick-the-dealer", "--json", "--seed", "4")
    assert status == 0
    data = json.loads(out)
    assert data["rules"]["deals"] == 2 and data["rules"]["stick_the_dealer"] is True
    assert data["deals"] == 6 and data["mode"] == "games"
    assert data["game_win_rate"] is not None


def test_arena_command_reports_faults_on_stderr(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    garbage = _bot(tmp_path, "garbage.py", "'hello'")
    status, out, err = _cli(capsys, "arena", garbage, "random", "--rules", "two-handed",
                            "--deals", "1", "--no-progress")
    assert status == 0
    assert "arena: fault: A" in err and "plays its seat for the rest of that game" in err
    assert "faults: 1" in out


def test_bot_command_serves_over_the_protocol(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from euchre.engine.game import Game
    from euchre.protocol import from_protocol, to_protocol, view_to_dict

    game = Game(seed=8)
    message = {"type": "decide", "view": view_to_dict(game.view(game.to_act)),
               "legal": [to_protocol(a) for a in game.legal_actions()]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(message) + "\n"))
    status, out, _ = _cli(capsys, "bot", "random", "--seed", "2")
    assert status == 0
    assert from_protocol(out) in game.legal_actions()


def test_confidence_interval_of_equal_weights_is_the_mean_s() -> None:
    ci = confidence_interval([0.0] * 50 + [2.0] * 50, [1.0] * 100)
    assert ci.mean == 1.0
    assert ci.low is not None and ci.high is not None
    assert ci.high - 1.0 == pytest.approx(1.984 * (1.0050378 / 10), rel=1e-3)
    assert confidence_interval([3.0], [1.0]).low is None


def test_a_built_in_bot_served_by_euchre_bot_plays_through_the_arena() -> None:
    served = f"ext:{sys.executable} -m euchre bot {STRONG if STRONG == 'basic' else 'random'}"
    result = run_match([served, "random"], Rules(), deals=4, duplicate=True, seed=2)
    assert result.faults == ()
    assert result.deals == 8


def test_a_bot_served_over_the_protocol_plays_exactly_as_itself() -> None:
    served = (f"ext:{sys.executable} -c \"import sys; from euchre.protocol import serve; "
              "from euchre.players.basic import BasicPlayer; "
              "serve(BasicPlayer(seed={seed}), sys.stdin, sys.stdout)\"")
    others = ["random", STRONG, "random"]
    through_pipes = _deterministic(run_match([served, *others], Rules(), deals=6,
                                             duplicate=True, seed=3))
    direct = _deterministic(run_match(["basic", *others], Rules(), deals=6, duplicate=True,
                                      seed=3))
    for data in (through_pipes, direct):
        data["bots"] = data["sides"][0]["bots"] = None
        for seat in data["seats"]:
            seat["bot"] = None
    assert through_pipes == direct


def test_progress_line_is_drawn_on_a_terminal_only() -> None:
    import io

    from euchre.cli.arena import ProgressLine

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = ProgressLine(screen, "deals", enabled=True)
    run_match(["random", "random"], Rules(), deals=20, seed=1, progress=progress)
    progress.clear()
    assert "\rarena [" in screen.getvalue() and "20/20 deals" in screen.getvalue()
    assert screen.getvalue().endswith("\r")
    plain = io.StringIO()
    ProgressLine(plain, "deals", enabled=True)(1, 2)
    assert plain.getvalue() == ""


# -- the same results as before, progress from the start, Ctrl-C keeps what finished ---


_SERVED_RANDOM = (f"ext:{sys.executable} -c \"import sys; "
                  "from euchre.protocol import serve; "
                  "from euchre.players import RandomPlayer; "
                  "serve(RandomPlayer(seed={seed}), sys.stdin, sys.stdout)\"")


@pytest.mark.parametrize(
    ("bots", "kwargs", "points"),
    [
        (["random", "random"], {"deals": 40, "duplicate": True, "seed": 1}, (71, 85)),
        (["random", "random"], {"games": 4, "duplicate": True, "seed": 1}, (51, 71)),
        # a program's {seed} is that of the first unit of its chunk: the chunks are pinned
        ([_SERVED_RANDOM, "random"], {"deals": 40, "duplicate": True, "seed": 3}, (62, 69)),
    ],
)
def test_a_seed_gives_the_results_it_always_gave(bots: list[str], kwargs: dict[str, Any],
                                                 points: tuple[int, int]) -> None:
    inline = run_match(bots, Rules(), **kwargs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = run_match(bots, Rules(), executor=pool, **kwargs)
    assert inline.points == points and inline.faults == ()
    assert _deterministic(parallel) == _deterministic(inline)


def _progress_calls(**kwargs: Any) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []
    run_match(progress=lambda done, total: calls.append((done, total)), **kwargs)
    return calls


def test_progress_starts_at_zero_and_counts_every_unit_up_to_the_total() -> None:
    inline = _progress_calls(specs=["random", "random"], rules=Rules(), deals=30,
                             duplicate=True, seed=2)
    assert inline == [(done, 30) for done in range(31)]
    external = _progress_calls(specs=[EXAMPLE, "random"], rules=Rules(), deals=24, seed=2)
    assert external == [(done, 24) for done in range(25)]  # not a chunk at a time
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = _progress_calls(specs=["random", "random"], rules=Rules(), games=12, seed=2,
                                 executor=pool)
    assert pooled[0] == (0, 12) and pooled[-1] == (12, 12)
    assert [done for done, _ in pooled] == sorted(done for done, _ in pooled)


def test_a_pool_gets_small_tasks_unless_a_program_keeps_its_chunk() -> None:
    from euchre.analysis.arena import _chunk_size

    assert _chunk_size(1000, external=False) == 1
    assert _chunk_size(10_000, external=False) == 10
    assert _chunk_size(1_000_000, external=False) == 50
    assert _chunk_size(1000, external=True) == 50
    assert _chunk_size(16, external=True) == 2


def test_progress_line_is_drawn_at_once_with_the_time_left_once_known() -> None:
    import io

    from euchre.cli.arena import ProgressLine

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    now = [100.0]
    screen = Terminal()
    progress = ProgressLine(screen, "pairs of deals", enabled=True, clock=lambda: now[0])
    progress(0, 40)
    assert screen.getvalue() == "\rarena [" + "." * 30 + "] 0/40 pairs of deals, 0 s"
    now[0] += 10
    progress(10, 40)
    assert screen.getvalue().endswith("] 10/40 pairs of deals, 10 s, 30 s left")
    now[0] += 0.01
    progress(11, 40)  # too soon to redraw
    assert "11/40" not in screen.getvalue()
    progress(40, 40)  # the end is always drawn
    assert "40/40 pairs of deals, 10 s, 0 s left" in screen.getvalue()
    progress.clear()
    assert screen.getvalue().endswith("\r")


def _interrupt_after(count: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done == count:
            raise KeyboardInterrupt

    return progress


def test_ctrl_c_stops_a_match_with_the_result_of_what_finished(tmp_path: Path) -> None:
    from euchre.analysis.arena import MatchInterrupted

    kwargs: dict[str, Any] = {"duplicate": True, "seed": 4}
    with pytest.raises(MatchInterrupted) as stop:
        run_match(["random", STRONG], Rules(), deals=10, record=tmp_path,
                  progress=_interrupt_after(3), **kwargs)
    result = stop.value.result
    assert isinstance(stop.value, KeyboardInterrupt)
    assert result.interrupted and (result.finished, result.count) == (3, 10)
    assert result.to_dict()["interrupted"] is True and result.to_dict()["finished"] == 3
    first_three = run_match(["random", STRONG], Rules(), deals=3, **kwargs)
    assert not first_three.interrupted
    assert (result.points, result.net, result.seats) == (
        first_three.points, first_three.net, first_three.seats)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"deal-{i:06d}{half}.json" for i in (1, 2, 3) for half in "ab"]
    with pytest.raises(MatchInterrupted) as before_any:
        run_match(["random", "random"], Rules(), games=2, progress=_interrupt_after(0))
    assert before_any.value.result.finished == 0 and before_any.value.result.plays == 0


def test_ctrl_c_in_the_arena_command_prints_what_finished_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import euchre.analysis.arena

    play_unit = euchre.analysis.arena._play_unit

    def interrupted_at_the_fifth(job: Any, index: int, programs: Any) -> Any:
        if index == 4:
            raise KeyboardInterrupt
        return play_unit(job, index, programs)

    monkeypatch.setattr(euchre.analysis.arena, "_play_unit", interrupted_at_the_fifth)
    status, out, err = _cli(capsys, "arena", "random", "random", "--deals", "10",
                            "--duplicate", "--json", "--record", str(tmp_path / "runs"))
    data = json.loads(out)
    assert status == 130
    assert (data["interrupted"], data["finished"], data["count"], data["plays"]) == (
        True, 4, 10, 8)
    assert err.strip() == "euchre: interrupted after 4 of 10 pairs of deals"
    assert len(list((tmp_path / "runs").iterdir())) == 8
    status, out, _ = _cli(capsys, "arena", "random", "random", "--games", "6", "--no-progress")
    assert status == 130
    assert out.startswith("4 of 6 games (interrupted; 4 games, ")


def test_a_bot_that_cannot_start_stops_the_match_before_it_begins(tmp_path: Path) -> None:
    seen: list[Fault] = []
    with pytest.raises(EuchreError, match=r"^bot ext:no-such-program-here cannot be started: "
                                          r"No such file or directory$"):
        run_match(["ext:no-such-program-here", "random"], Rules(), deals=40,
                  on_fault=seen.append)
    quits = _bot(tmp_path, "quits.py", "sys.exit('no model file')")
    with pytest.raises(EuchreError, match=r"cannot be started: it ended its output \(exit "
                                          r"status 1\); its last error output: 'no model file'"):
        run_match([quits, "random"], Rules(), deals=40, on_fault=seen.append)
    assert seen == []


def _shape(line: str) -> str:
    """A line without its figures: numbers become ``#``, runs of spaces one."""
    import re

    return " ".join(re.sub(r"[+-]?\d+(?:\.\d+)?", "#", line).split())


def test_the_sample_output_in_docs_arena_md_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import re
    import shlex

    from euchre.cli.main import main

    doc = (ROOT / "docs" / "arena.md").read_text()
    section = doc[doc.index("## The results"):]
    found = re.search(r"```sh\n(euchre arena [^\n]*)\n```\n\n```text\n(.*?)```", section,
                      re.DOTALL)
    assert found is not None
    command, sample = found.group(1), found.group(2).splitlines()
    assert "--seed" in command
    assert main(shlex.split(command)[1:]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(sample)
    for got, shown in zip(printed, sample, strict=True):
        if shown.startswith(("side ", "seat ")):  # the column titles, exactly
            assert got == shown
        else:
            assert _shape(got) == _shape(shown)

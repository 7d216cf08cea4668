"""The adapters that let the arena play outside bots (``benchmarks/``): OpenSpiel's ISMCTS
on OpenSpiel's ``euchre`` (the ``openspiel`` extra) and euchre-cli 0.7.0's computer (its
own virtual environment, ``benchmarks/setup_outside_bots.sh``)."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from types import ModuleType
from typing import Any, Final

import pytest

from euchre.analysis.arena import run_match
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from helpers.paths import ROOT

BENCHMARKS: Final = ROOT / "benchmarks"
CLI_PYTHON: Final = BENCHMARKS / ".venv-euchre-cli" / "bin" / "python"
CLI_SKIP: Final = ("euchre-cli is not set up (its own venv): run "
                   "benchmarks/setup_outside_bots.sh")
"""The reason the euchre-cli tests skip where its environment is missing (CI makes none)."""


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ismcts_bot() -> ModuleType:
    pytest.importorskip("pyspiel")
    return _load("ismcts_bot")


def _short_game(rules: Rules) -> Rules:
    """A game of two deals under ``rules`` (a test's whole game)."""
    return rules.replace(target=0, deals=2)


# -- OpenSpiel's ISMCTS ---------------------------------------------------------------------


def test_ismcts_plays_only_under_rules_openspiels_euchre_shares(ismcts_bot: Any) -> None:
    assert ismcts_bot.rules_mismatch(Rules.preset("tournament")) == []
    assert ismcts_bot.rules_mismatch(Rules.preset("openspiel")) == []
    found = ismcts_bot.rules_mismatch(Rules.preset("standard"))
    assert [f.split("=")[0] for f in found] == [
        "dealer_must_take_upcard", "stick_the_dealer", "lone_defender", "maker_partner_alone",
        "loner_lead", "lone_defender_scoring"]


def test_ismcts_states_hold_exactly_what_the_seat_knows(ismcts_bot: Any) -> None:
    """At every decision of random deals, each state the adapter builds from the seat's
    view has the seat's OpenSpiel information state and legal actions in the real deal
    (OpenSpiel's own ``euchre`` dealt the same cards), while the hidden cards vary."""
    import pyspiel

    from helpers.openspiel_ids import os_action, os_card

    rules = Rules.preset("tournament")
    game_os = pyspiel.load_game("euchre")
    rng = random.Random(3)
    states = varied = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        deal = game.deals[-1]
        true = game_os.new_initial_state()
        true.apply_action(deal.dealer)
        hands = [list(hand) for hand in deal.hands]
        for k in range(20):
            true.apply_action(os_card(hands[(deal.dealer + k) % 4].pop()))
        true.apply_action(os_card(deal.upcard))
        while not game.results:
            seat = game.to_act
            view = game.view(seat)
            legal = game.legal_actions()
            assert sorted(ismcts_bot.openspiel_action(a, deal.upcard) for a in legal) == \
                sorted(true.legal_actions())
            cons = ismcts_bot.constraints(view)
            built = [ismcts_bot.openspiel_state(game_os, view, hands, rng)
                     for hands in ismcts_bot.sample_hands(cons, rng, 4)]
            for state in built:
                assert state.information_state_string(seat) == true.information_state_string(seat)
                assert state.legal_actions() == true.legal_actions()
                states += 1
            varied += len({str(state) for state in built}) > 1
            action = rng.choice(legal)
            assert ismcts_bot.our_action(os_action(action, deal.upcard), view) == action
            true.apply_action(os_action(action, deal.upcard))
            game.apply(action)
    assert states > 1000 and varied > 100


def test_ismcts_keys_tell_apart_the_round_two_calls_openspiels_string_merges(
        ismcts_bot: Any) -> None:
    """OpenSpiel's string writes the dealer's left's round-two call as "Pick up!" whatever
    the suit: the search's keys add the bidding, so its nodes do not mix trumps."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("euchre")

    def called(suit_action: int) -> Any:
        state = game.new_initial_state()
        state.apply_action(0)  # North deals
        for card in range(21):  # the last card, the ace of clubs, is the upcard
            state.apply_action(card)
        for _ in range(4):
            state.apply_action(ismcts_bot.OS_PASS)
        state.apply_action(suit_action)  # East names a suit
        return state

    hearts, spades = called(ismcts_bot.OS_SUIT + 2), called(ismcts_bot.OS_SUIT + 3)
    assert hearts.information_state_string(2) == spades.information_state_string(2)
    bot = ismcts_bot.KeyedIsmcts(game, mcts.RandomRolloutEvaluator(1), 2.0, 10)
    assert bot.get_state_key(hearts) != bot.get_state_key(spades)
    assert bot.get_state_key(hearts)[2] == (24, 24, 24, 24, 27)


def test_ismcts_adapter_plays_a_short_game_through_the_arena(ismcts_bot: Any) -> None:
    spec = (f"ext:{sys.executable} {BENCHMARKS / 'ismcts_bot.py'} --simulations 20 "
            "--seed {seed}")
    result = run_match([spec, "basic"], _short_game(Rules.preset("tournament")), games=1,
                       seed=2, time_limit=30)
    assert result.finished == 1 and result.faults == ()  # no fallback bot played


def test_ismcts_adapter_refuses_other_rules_before_the_match(ismcts_bot: Any) -> None:
    from euchre.errors import EuchreError

    spec = f"ext:{sys.executable} {BENCHMARKS / 'ismcts_bot.py'} --simulations 5"
    with pytest.raises(EuchreError, match="OpenSpiel's euchre does not play these rules"):
        run_match([spec, "basic"], _short_game(Rules()), games=1, time_limit=30)


# -- euchre-cli 0.7.0 -----------------------------------------------------------------------


def _cli_ready() -> bool:
    if not CLI_PYTHON.exists():
        return False
    done = subprocess.run([str(CLI_PYTHON), "-I", "-c", "import euchre.abstract"],
                          capture_output=True, check=False)
    return done.returncode == 0


needs_cli = pytest.mark.skipif(not _cli_ready(), reason=CLI_SKIP)


@needs_cli
@pytest.mark.parametrize("rules", [
    Rules(going_alone=False, lone_defender=False, maker_partner_alone=False),  # its game
    Rules(),  # it never goes alone: `stay`
    Rules.preset("tournament"),  # must take the upcard, stick the dealer
], ids=["no-alone", "standard", "tournament"])
def test_euchre_cli_adapter_plays_a_short_game_through_the_arena(rules: Rules) -> None:
    spec = f"ext:{CLI_PYTHON} {BENCHMARKS / 'euchre_cli_bot.py'} --seed {{seed}}"
    result = run_match([spec, "basic"], _short_game(rules), games=2, duplicate=True, seed=5)
    assert result.finished == 2 and result.faults == ()


def _decide(view: dict[str, Any], legal: list[str]) -> str:
    return json.dumps({"type": "decide", "view": view, "legal": legal})


@needs_cli
def test_euchre_cli_adapter_maps_the_decisions_its_computer_lacks() -> None:
    base = {"seat": 3, "dealer": 3, "rules": {"form": "four_handed", "deck": 24},
            "trick": [], "trump": None}
    six_trumps = {**base, "phase": "exchange", "hand": ["Jh", "Jd", "Ah", "Kh", "Qh"],
                  "upcard": "9h"}
    stuck = {**base, "phase": "bid2", "hand": ["9d", "Td", "Ks", "Ac", "Qc"], "upcard": "9h"}
    all_turned = {**base, "seat": 1, "phase": "bid2", "hand": ["Tc", "Jc", "Qc", "Kc", "Ac"],
                  "upcard": "9c"}
    discards = [f"discard:{c}" for c in ["Jh", "Jd", "Ah", "Kh", "Qh"]]
    lines = [
        json.dumps({"type": "game_start", "version": 1, "seat": 3}),
        _decide(six_trumps, [*discards, "discard:9h"]),  # it lays the upcard away
        _decide(six_trumps, discards),  # the dealer must keep it: its lowest other card
        _decide(stuck, ["call:c", "call:d", "call:s"]),  # stuck: two clubs outweigh two diamonds
        _decide(stuck, ["pass", "call:c", "call:d", "call:s"]),  # not three of a suit: pass
        _decide(all_turned, ["pass", "call:d", "call:h", "call:s"]),
        _decide({**six_trumps, "phase": "alone"}, ["stay", "alone"]),  # never alone
    ]
    done = subprocess.run([str(CLI_PYTHON), str(BENCHMARKS / "euchre_cli_bot.py")],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["discard:9h", "discard:Qh", "call:c", "pass", "pass",
                                   "stay"]


def test_the_runner_prints_the_arena_command_it_runs() -> None:
    runner = _load("outside_bots")
    args = runner.argparse.Namespace(
        bot="euchre-cli", opponent="expert", games=10, seed=1, jobs=2, simulations=1000,
        time_limit=10.0, rules_flags=None, pure=True)
    command, env = runner.arena_command(args, None)
    assert env == {}
    assert runner.shell_join(command[command.index("arena"):]) == (
        "arena expert 'ext:benchmarks/.venv-euchre-cli/bin/python benchmarks/euchre_cli_bot.py "
        "--seed {seed}' --games 10 --duplicate --seed 1 --jobs 2 --time-limit 10 "
        "--no-going-alone --no-lone-defender --no-maker-partner-alone --json")

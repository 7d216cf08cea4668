"""The external-bot protocol: action strings, views as JSON, both sides of the pipe."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre.actions import ALONE, CALL, DISCARD, ORDER, PASS, PLAY, STAY, Action
from euchre.cards import cards_of, deck_mask
from euchre.errors import ActionError, EuchreError
from euchre.game import Game
from euchre.players import RandomPlayer, play_game
from euchre.protocol import (
    BotFault,
    ExternalPlayer,
    from_protocol,
    result_from_dict,
    result_to_dict,
    serve,
    to_protocol,
    view_from_dict,
    view_to_dict,
)
from euchre.rules import Rules

EVERY_ACTION: list[Action] = [
    PASS, ORDER, ALONE, STAY,
    *CALL,
    *(DISCARD[c] for c in cards_of(deck_mask(32) | deck_mask(25))),
    *(PLAY[c] for c in cards_of(deck_mask(32) | deck_mask(25))),
]

SERVE_RANDOM = (
    f"{sys.executable} -c \"import sys; from euchre.protocol import serve; "
    "from euchre.players import RandomPlayer; serve(RandomPlayer(1), sys.stdin, sys.stdout)\""
)


def test_protocol_strings_round_trip_for_every_action() -> None:
    for action in EVERY_ACTION:
        text = to_protocol(action)
        assert " " not in text
        assert from_protocol(text) == action
        assert from_protocol(text.upper()) == action


def test_protocol_strings_are_the_documented_ones() -> None:
    assert [to_protocol(a) for a in (PASS, ORDER, ALONE, STAY)] == [
        "pass", "accept", "alone", "stay"]
    assert to_protocol(CALL[2]) == "call:h"
    assert to_protocol(DISCARD[2]) == "discard:9c"
    assert to_protocol(PLAY[12]) == "play:Jd"
    assert from_protocol(" play:10d \n") == PLAY[11]


@pytest.mark.parametrize("text", ["", "order", "play Jd", "play:", "play:X", "call:z", "discard",
                                  "accept:h", "alone:1", "hello"])
def test_from_protocol_refuses_what_is_not_an_action_string(text: str) -> None:
    with pytest.raises(ActionError, match="protocol action"):
        from_protocol(text)


@pytest.mark.parametrize("preset", ["standard", "two-handed", "tournament"])
def test_views_survive_json_at_every_decision(preset: str) -> None:
    rules = Rules.preset(preset).replace(deck=25) if preset == "standard" else Rules.preset(preset)
    rng = random.Random(4)
    for seed in range(6):
        game = Game(rules, seed=seed)
        while not game.is_over():
            view = game.view(game.to_act)
            data = json.loads(json.dumps(view_to_dict(view)))
            assert view_from_dict(data) == view
            if view.phase == "play":
                assert data["tricks"][-1] == data["trick"]
                assert len(data["tricks"]) == len(view.tricks) + 1
            else:
                assert len(data["tricks"]) == len(view.tricks)
            game.apply(rng.choice(game.legal_actions()))
        for result in game.results:
            assert result_from_dict(json.loads(json.dumps(result_to_dict(result)))) == result


def test_view_calls_use_protocol_strings() -> None:
    game = Game(seed=9)
    game.apply(PASS)
    game.apply(ORDER)
    data: dict[str, Any] = view_to_dict(game.view(0))
    assert data["calls"][-1][1] == "accept"
    assert data["phase"] == "exchange"


def test_view_from_dict_refuses_a_broken_view() -> None:
    with pytest.raises(EuchreError, match="not a protocol view"):
        view_from_dict({"phase": "bid1"})


def test_served_random_bot_answers_legally_through_a_whole_game() -> None:
    player = RandomPlayer(seed=3)
    game = Game(seed=21)
    start = {"type": "game_start", "version": 1, "seat": 0, "rules": game.rules.to_dict(),
             "score": [0, 0]}
    out = io.StringIO()
    assert serve(player, io.StringIO(json.dumps(start) + "\n"), out) == 0
    assert out.getvalue() == ""
    decisions = 0
    while not game.is_over():
        seat = game.to_act
        legal = game.legal_actions()
        deals = len(game.results)
        message = {"type": "decide", "view": view_to_dict(game.view(seat)),
                   "legal": [to_protocol(a) for a in legal]}
        out = io.StringIO()
        assert serve(player, io.StringIO(json.dumps(message) + "\n"), out) == 1
        answer = out.getvalue()
        assert answer.endswith("\n") and answer.count("\n") == 1
        action = from_protocol(answer)
        assert action in legal
        game.apply(action)
        decisions += 1
        if len(game.results) > deals:
            end = {"type": "deal_end", "result": result_to_dict(game.results[-1]),
                   "view": view_to_dict(game.view(0))}
            assert serve(player, io.StringIO(json.dumps(end) + "\n"), io.StringIO()) == 0
    final = {"type": "game_end", "score": list(game.score), "winner": game.winner(),
             "view": view_to_dict(game.view(0)), "future_field": 1}
    unknown = {"type": "something_new"}
    text = json.dumps(final) + "\n\n" + json.dumps(unknown) + "\n"
    assert serve(player, io.StringIO(text), io.StringIO()) == 0
    assert decisions > 20


def test_serve_refuses_bad_json_with_a_clear_error() -> None:
    with pytest.raises(ActionError, match="bad JSON"):
        serve(RandomPlayer(0), io.StringIO("{nope\n"), io.StringIO())


def test_external_player_plays_a_whole_game_legally() -> None:
    with ExternalPlayer(SERVE_RANDOM, time_limit=10.0) as bot:
        game = play_game(Game(Rules.preset("two-handed"), seed=5), [bot, RandomPlayer(2)])
    assert game.is_over()
    assert max(game.score) >= 10


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("import json, sys, time\n" + body)
    return f"{sys.executable} {path}"


def _first_decision_fault(command: str, time_limit: float = 5.0) -> BotFault:
    player = ExternalPlayer(command, time_limit=time_limit, startup_grace=5.0)
    game = Game(seed=1)
    try:
        with pytest.raises(BotFault) as info:
            for _ in range(4):
                view = game.view(game.to_act)
                action = player.choose(view, game.legal_actions())
                game.apply(action)
        return info.value
    finally:
        player.close()


def test_a_crashing_bot_is_a_crash_fault_naming_its_exit_and_error(tmp_path: Path) -> None:
    command = _script(tmp_path, "crash.py",
                      "for line in sys.stdin:\n"
                      "    if json.loads(line)['type'] == 'decide':\n"
                      "        print('boom', file=sys.stderr); sys.exit(3)\n")
    fault = _first_decision_fault(command)
    assert fault.kind == "crash"
    assert "exit status 3" in fault.reason and "boom" in fault.reason


def test_a_garbage_answer_is_a_garbage_fault(tmp_path: Path) -> None:
    command = _script(tmp_path, "garbage.py", "for line in sys.stdin:\n"
                                              "    print('hello there', flush=True)\n")
    fault = _first_decision_fault(command)
    assert fault.kind == "garbage"
    assert "hello there" in fault.reason


def test_an_illegal_answer_is_an_illegal_fault(tmp_path: Path) -> None:
    command = _script(tmp_path, "illegal.py",
                      "for line in sys.stdin:\n"
                      "    if json.loads(line)['type'] == 'decide':\n"
                      "        print('# thinking', flush=True)\n"
                      "        print('play:Jd', flush=True)\n")
    fault = _first_decision_fault(command)
    assert fault.kind == "illegal"
    assert "not legal" in fault.reason and "accept" in fault.reason


def test_a_slow_bot_is_a_timeout_fault_after_the_startup_grace(tmp_path: Path) -> None:
    command = _script(tmp_path, "slow.py",
                      "n = 0\n"
                      "for line in sys.stdin:\n"
                      "    message = json.loads(line)\n"
                      "    if message['type'] == 'decide':\n"
                      "        n += 1\n"
                      "        if n == 2: time.sleep(30)\n"
                      "        print(message['legal'][0], flush=True)\n")
    fault = _first_decision_fault(command, time_limit=0.3)
    assert fault.kind == "timeout"
    assert "0.3 s" in fault.reason


def test_a_program_that_cannot_start_is_a_crash_fault() -> None:
    player = ExternalPlayer("/nonexistent/bot --fast")
    with pytest.raises(BotFault, match="could not be started"):
        game = Game(seed=1)
        player.choose(game.view(game.to_act), game.legal_actions())


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(EuchreError, match="needs a command"):
        ExternalPlayer("  ")

"""The external-bot protocol: action strings, views as JSON, both sides of the pipe."""

from __future__ import annotations

import copy
import functools
import importlib.util
import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.cli.main import main as cli_main
from euchre.engine.actions import ALONE, CALL, DISCARD, ORDER, PASS, PLAY, STAY, Action
from euchre.engine.cards import (
    BENNY,
    card_name,
    card_suit,
    cards_of,
    deck_mask,
    suit_char,
    suit_name,
)
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import ActionError, EuchreError
from euchre.players import RandomPlayer, play_game
from euchre.players.basic import BasicPlayer
from euchre.protocol import (
    BotFault,
    ExternalPlayer,
    ProtocolError,
    bid_text,
    from_protocol,
    result_from_dict,
    result_to_dict,
    serve,
    to_protocol,
    view_from_dict,
    view_to_dict,
)
from euchre.protocol.bot import PHASE_WORDS, read_decision
from euchre.protocol.codec import ACTIONS_HELP
from helpers.fuzzing import Draw, fuzz, json_values, mutate
from helpers.paths import ROOT

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


@pytest.mark.parametrize("rules", [
    Rules(), Rules.preset("two-handed"), Rules.preset("tournament"), Rules().replace(deck=32),
    Rules().replace(deck=25, loner_lead="left_of_dealer"),
    Rules().replace(lone_defender=False, maker_partner_alone=False, stick_the_dealer=True),
], ids=lambda rules: rules.preset_name() or f"deck{rules.deck}")
def test_every_seats_view_of_real_games_is_read(rules: Rules) -> None:
    rng = random.Random(7)
    for seed in range(2):
        game = Game(rules, seed=seed)
        while True:
            for seat in range(rules.players):
                view = game.view(seat)
                assert view_from_dict(json.loads(json.dumps(view_to_dict(view)))) == view
            if game.is_over():
                break
            legal = game.legal_actions()
            message = {"type": "decide", "view": view_to_dict(game.view(game.to_act)),
                       "legal": [to_protocol(a) for a in legal]}
            assert read_decision(json.loads(json.dumps(message))) == (game.view(game.to_act), legal)
            game.apply(ALONE if ALONE in legal and rng.random() < 0.4 else rng.choice(legal))


def test_view_calls_use_protocol_strings() -> None:
    game = Game(seed=9)
    game.apply(PASS)
    game.apply(ORDER)
    data: dict[str, Any] = view_to_dict(game.view(0))
    assert data["calls"][-1][1] == "accept"
    assert data["phase"] == "exchange"


def test_view_from_dict_refuses_a_broken_view() -> None:
    with pytest.raises(ProtocolError, match=r"^view\.seat: missing$"):
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


# -- the bot's side: messages it cannot read -------------------------------------------

Json = Any


def _messages(rules: Rules, seed: int, player: Any = None) -> list[dict[str, Any]]:
    """The messages of a whole game of random players (or ``player`` at every seat),
    as the engine writes them to the seat to act (``decide``) and to seat 0 (the
    others)."""
    game = Game(rules, seed=seed)
    player = player or RandomPlayer(seed)
    out: list[dict[str, Any]] = [{"type": "game_start", "version": 1, "seat": 0,
                                  "rules": rules.to_dict(), "score": [0, 0]}]
    while not game.is_over():
        seat = game.to_act
        legal = game.legal_actions()
        deals = len(game.results)
        out.append({"type": "decide", "view": view_to_dict(game.view(seat)),
                    "legal": [to_protocol(a) for a in legal]})
        game.apply(player.choose(game.view(seat), legal))
        if len(game.results) > deals:
            out.append({"type": "deal_end", "result": result_to_dict(game.results[-1]),
                        "view": view_to_dict(game.view(0))})
    out.append({"type": "game_end", "score": list(game.score), "winner": game.winner(),
                "view": view_to_dict(game.view(0))})
    read: list[dict[str, Any]] = json.loads(json.dumps(out))  # as the bot reads them
    return read


_MESSAGES = [
    *_messages(Rules(), 2, BasicPlayer()),
    *_messages(Rules(), 3),
    *_messages(Rules.preset("two-handed").replace(target=5), 4),
    *_messages(Rules().replace(deck=25, target=5), 5),
]
_DECIDES = [m for m in _MESSAGES if m["type"] == "decide"]
_NOTICES = [m for m in _MESSAGES if m["type"] != "decide"]
_REPORT = re.compile(r"euchre bot: message \d+( \((game_start|deal_end|game_end)\))?: \S.*")
_FATAL = re.compile(r"message \d+ \(decide\): \S.*")


def _serve(text: str, player: Any = None) -> tuple[list[str], list[str], str | None]:
    """Serve ``text`` to ``basic``: its answers, its lines on standard error and the
    :class:`ProtocolError` that stopped it, checked to be the documented outcomes."""
    out, err = io.StringIO(), io.StringIO()
    failure = None
    try:
        serve(player or BasicPlayer(), io.StringIO(text), out, err)
    except ProtocolError as error:
        failure = str(error)
    reported = err.getvalue().splitlines()
    assert err.getvalue() == "".join(f"{line}\n" for line in reported)
    for line in reported:
        assert _REPORT.fullmatch(line), line
        assert len(line) <= 320 and "Traceback" not in line
    if failure is not None:
        assert _FATAL.fullmatch(failure), failure
        assert "\n" not in failure and len(failure) <= 300
        assert "the bot failed" not in failure, failure  # the view was read, the bot broke
    messages = sum(1 for line in text.split("\n") if line.strip())
    assert len(reported) + (failure is not None) <= messages
    return out.getvalue().splitlines(), reported, failure


def _line(message: Json) -> str:
    return json.dumps(message) + "\n"


def test_every_real_message_is_read_and_every_decide_answered() -> None:
    for message in _MESSAGES:
        answers, reported, failure = _serve(_line(message))
        assert (reported, failure) == ([], None), message
        if message["type"] == "decide":
            assert len(answers) == 1 and answers[0] in message["legal"]


def _play_decide() -> dict[str, Any]:
    """A real decide during play, with a trick in progress and two cards to choose."""
    return copy.deepcopy(next(
        m for m in _DECIDES
        if m["view"]["phase"] == "play" and m["view"]["trick"] and len(m["legal"]) > 1
        and not m["view"]["alone"] and m["view"]["rules"] == Rules().to_dict()))


def _first(phase: str) -> dict[str, Any]:
    return copy.deepcopy(next(m for m in _DECIDES if m["view"]["phase"] == phase))


def _with(message: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """``message`` with the place ``path`` (``view.hand.0``) set, or deleted when
    ``value`` is ``...``."""
    *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    target: Any = message
    for key in parents:
        target = target[key]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return message


BAD_DECIDES: list[tuple[str, object, str]] = [
    ("view", ..., "no view: a decide carries the view of the seat to act"),
    ("view", [], "view: must be an object, not []"),
    ("view.seat", 7, "view.seat: must be a seat from 0 to 3, not 7"),
    ("view.seat", "0", 'view.seat: must be a seat from 0 to 3, not "0"'),
    ("view.seat", ..., "view.seat: missing"),
    ("view.dealer", True, "view.dealer: must be a seat from 0 to 3, not true"),
    ("view.phase", "foo", 'view.phase: must be one of bid1, exchange, bid2, alone, play, '
                          'over, not "foo"'),
    ("view.phase", "over", "view.phase: is over: nothing is decided once the game is over"),
    ("view.phase", "bid1", "view.trump: is "),
    ("view.hand.0", "Zz", 'view.hand[0]: "Zz" is not a card: a card is a rank'),
    ("view.hand.0", "X", 'view.hand[0]: "X" is not a card'),
    ("view.hand.0", 9, "view.hand[0]: must be a card such as \"Jd\", not 9"),
    ("view.hand.0", "7c", "view.hand[0]: 7c is not in the 24-card deck of these rules"),
    ("view.hand", "Jd", 'view.hand: must be a list, not "Jd"'),
    ("view.hand", ["9c", "Tc", "Jc", "Qc", "Kc", "Ac"], "view.hand: has 6 entries; at most 5"),
    ("view.hand", [], "view.hand: holds 0 cards, but the seat to act holds "),
    ("view.upcard", ..., "view.upcard: missing"),
    ("view.upcard", "B", "view.upcard: B is not in the 24-card deck"),
    ("view.rules", {"players": 9},
     "view.rules: players: four-handed partnership Euchre has 4 players, not 9"),
    ("view.rules", {"players": 3}, "view.seat: must be a seat from 0 to 2, not 3"),
    ("view.rules", [4], "view.rules: must be an object of rules options, not [4]"),
    ("view.rules.deck", "many", "view.rules: deck: must be a whole number"),
    ("view.trump", None, "view.trump: missing: trump and the maker are given together"),
    ("view.maker", None, "view.maker: missing: trump and the maker are given together"),
    ("view.trump", "x", 'view.trump: must be a suit, one of "c", "d", "h", "s", not "x"'),
    ("view.maker", 9, "view.maker: must be a seat from 0 to 3, not 9"),
    ("view.to_act", 9, "view.to_act: must be a seat from 0 to 3, not 9"),
    ("view.score", [1], "view.score: must be two whole numbers, as [0, 0], not [1]"),
    ("view.score.1", 2.5, "view.score[1]: must be a whole number, not 2.5"),
    ("view.tricks_won", [3, 3], "view.tricks_won: [3, 3]: a deal has five tricks"),
    ("view.tricks_won.0", 6, "view.tricks_won[0]: must be from 0 to 5, not 6"),
    ("view.calls", [[0, "play:Jd"]], "view.calls[0][1]: play:Jd is not a call"),
    ("view.calls", [[0]], "view.calls[0]: must be a pair [seat, action], not [0]"),
    ("view.calls", [[0, "order"]], 'view.calls[0][1]: "order" is not an action string'),
    ("view.alone", [0, 0], "view.alone[1]: seat 0 is listed twice"),
    ("view.alone", [1, 3], "view.alone[1]: seat 3's partner goes alone already"),
    ("view.sitting_out", [1], "view.sitting_out[0]: seat 1 sits out only when its partner"),
    ("view.tricks", [[[0, "Jd", 1]]], "view.tricks[0][0]: must be a pair [seat, card]"),
    ("view.tricks", [[["0", "Jd"]]], 'view.tricks[0][0][0]: must be a seat from 0 to 3, not "0"'),
    ("view.tricks", [[[0, "Zz"]]], 'view.tricks[0][0][1]: "Zz" is not a card'),
    ("view.tricks", [[], []], "view.tricks[0]: a finished trick holds cards"),
    ("view.tricks", "[]", 'view.tricks: must be a list, not "[]"'),
    ("view.tricks", [[[1, "9c"], [2, "Tc"], [3, "Jc"], [0, "Qc"]]], "view.tricks[0]: the "
     "trick in progress (the last entry) has 4 cards; 4 make a finished trick"),
    ("view.tricks", [[[1, "9c"], [1, "Tc"]]], "view.tricks[0][1][0]: seat 1 plays twice"),
    ("legal", ..., "no legal: a decide lists the legal actions"),
    ("legal", "play:9c", 'legal: must be a list, not "play:9c"'),
    ("legal", [], "legal: is empty: a decide lists at least one action"),
    ("legal", [5], 'legal[0]: 5 is not an action string (the protocol\'s actions are'),
    ("legal", ["hello"], 'legal[0]: "hello" is not an action string'),
    ("legal", ["pass"], "legal[0]: pass is not an action of phase play (play:CARD)"),
    ("legal", ["play:As", "play:Ks", "play:Qs", "play:Js", "play:Ts", "play:9s", "play:Ah",
               "play:Kh", "play:Qh", "play:Jh", "play:Th", "play:9h"],
     "but the bot does not hold"),
]


@pytest.mark.parametrize(("path", "value", "expected"), BAD_DECIDES)
def test_a_broken_decide_is_one_line_naming_what_is_wrong(path: str, value: object,
                                                          expected: str) -> None:
    message = _with(_play_decide(), path, value)
    answers, reported, failure = _serve("\n" + _line({"type": "hello"}) + _line(message)
                                        + _line(_play_decide()))
    assert answers == [] and reported == []
    assert failure is not None and failure.startswith("message 2 (decide): ")
    assert expected in failure


@pytest.mark.parametrize(("phase", "legal", "expected"), [
    ("bid1", ["pass", "call:h"], "legal[1]: call:h is not an action of phase bid1 (pass or "
                                 "accept)"),
    ("bid2", ["accept"], "legal[0]: accept is not an action of phase bid2"),
    ("alone", ["pass"], "legal[0]: pass is not an action of phase alone (alone or stay)"),
    ("exchange", ["discard:Ac", "discard:Ad", "discard:Ah", "discard:As"],
     "but the bot does not hold"),
])
def test_a_legal_action_must_fit_the_phase(phase: str, legal: list[str], expected: str) -> None:
    message = _first(phase)
    message["legal"] = legal
    _, _, failure = _serve(_line(message))
    assert failure is not None and failure.startswith("message 1 (decide): ")
    assert expected in failure


def _state(rules: Rules, seed: int, done: Callable[[Game], bool],
           choose: Callable[[list[Action]], Action] = lambda legal: legal[0]) -> Game:
    """A game of ``rules`` played by ``choose`` (the first legal action: a pass where
    there is one) until ``done``."""
    game = Game(rules, seed=seed)
    while not done(game):
        game.apply(choose(game.legal_actions()))
    return game


def _benny_named() -> Game:
    """A British deal with the Benny turned up, trump named: the dealer's exchange."""
    rules = Rules(deck=25, benny_upcard="dealer_names")
    seed = next(s for s in range(500) if Game(rules, seed=s).upcard == BENNY)
    return _state(rules, seed, lambda g: g.phase == "exchange")


def _round_two(rules: Rules) -> Game:
    return _state(rules, 1, lambda g: g.phase == "bid2")


NAPOLEON = Rules.preset("napoleon").replace(nap_all_pass="dealer_bids_one")

REFUSED: list[tuple[str, Callable[[], Game], Callable[[Game], str], str]] = [
    ("turned down", lambda: _round_two(Rules()),
     lambda g: f"call:{suit_char(card_suit(g.upcard))}",
     "{suit} was turned down"),
    ("no no-trump", lambda: _round_two(Rules()), lambda g: "call:n",
     "these rules have no no-trump call"),
    ("stuck dealer", lambda: _state(Rules(stick_the_dealer=True), 1,
                                    lambda g: g.phase == "bid2" and g.to_act == g.dealer),
     lambda g: "pass", "the dealer is stuck (stick_the_dealer) and must name a suit"),
    ("napoleon's dealer", lambda: _state(NAPOLEON, 1, lambda g: g.to_act == g.dealer),
     lambda g: "pass", "every other player passed: the dealer must bid"),
    ("a bid too high", lambda: Game(NAPOLEON, seed=1), lambda g: "bid:wellington",
     "these rules allow no bid:wellington"),
    ("a bid too low", lambda: _state(NAPOLEON, 1, lambda g: g.bid is not None,
                                     lambda legal: legal[-2]),
     lambda g: "bid:2", "these rules allow no bid:2 over bid:{bid}"),
    ("a declaration", lambda: Game(Rules(farmers=True), seed=1), lambda g: "under:9c,Tc,Jd",
     "the hand or the rules do not allow it, or a hand has swapped already"),
    ("the upcard kept", lambda: _state(Rules(dealer_must_take_upcard=True), 1,
                                       lambda g: g.phase == "exchange", lambda legal: legal[-1]),
     lambda g: f"discard:{card_name(g.upcard)}",
     "the dealer must take the upcard (dealer_must_take_upcard)"),
    ("the Benny kept", _benny_named, lambda g: "discard:B",
     "the dealer who named trump must keep the Benny"),
]
"""An action refused in each way a listed action can be (besides the wrong phase, a
card the bot does not hold, and the suit led, above): the state, the action, the words."""


@pytest.mark.parametrize(("name", "state", "extra", "why"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_listed_action_that_is_not_legal_is_refused_with_the_engines_reason(
        name: str, state: Callable[[], Game], extra: Callable[[Game], str], why: str) -> None:
    game = state()
    legal = [to_protocol(a) for a in game.legal_actions()]
    action = extra(game)
    assert action not in legal
    message = {"type": "decide", "view": view_to_dict(game.view(game.to_act)),
               "legal": [*legal, action]}
    with pytest.raises(ProtocolError) as info:
        read_decision(message)
    words = why.format(suit=suit_name(card_suit(game.upcard)) if game.upcard >= 0 else "",
                       bid=bid_text(game.bid) if game.bid is not None else "")
    assert str(info.value) == (f"legal[{len(legal)}]: {action} is not legal now: {words} "
                               f"(legal: {', '.join(legal)})")


def test_the_words_of_each_phase_are_its_kinds_of_action() -> None:
    assert PHASE_WORDS == {
        "benny": "call:SUIT",
        "declare": "pass, farmer:CARDS, under:CARDS or throw_in",
        "bid1": "pass or accept",
        "bid2": "pass or call:SUIT",
        "exchange": "discard:CARD",
        "alone": "alone or stay",
        "best": "best or decline",
        "give": "give:CARD",
        "discard": "discard:CARD",
        "bid": "pass or bid:N",
        "trump": "call:SUIT",
        "play": "play:CARD",
    }
    assert ACTIONS_HELP == (
        "the protocol's actions are pass, accept, call:SUIT, discard:CARD, alone, stay, "
        "play:CARD, bid:N, farmer:CARDS, under:CARDS, throw_in, best, decline, give:CARD")


def test_views_that_contradict_themselves_are_refused() -> None:
    cases: list[tuple[dict[str, Any], str]] = []
    bid1 = _first("bid1")
    cases.append((_with(_first("bid1"), "view.hand.0", bid1["view"]["upcard"]),
                  "view.hand: holds the upcard"))
    cases.append((_with(_first("bid1"), "view.hand.1", bid1["view"]["hand"][0]),
                  f"view.hand[1]: {bid1['view']['hand'][0]} is also at view.hand[0]"))
    cases.append((_with(_first("bid1"), "view.to_act", (bid1["view"]["seat"] + 1) % 4),
                  "view.to_act: is "))
    cases.append((_with(_first("bid1"), "view.tricks", [[[1, "9c"]]]),
                  "view.tricks: no trick is played in phase bid1"))
    exchange = _first("exchange")
    cases.append((_with(exchange, "view.seat", (exchange["view"]["dealer"] + 1) % 4),
                  "view.to_act: is "))
    play = _play_decide()
    cases.append((_with(_play_decide(), "view.trump", ...), "view.trump: missing: trump and"))
    cases.append((_with(_with(_play_decide(), "view.trump", ...), "view.maker", ...),
                  "view.trump: missing: trump is fixed in phase play"))
    seat = play["view"]["seat"]
    cases.append((_with(_play_decide(), "view.tricks.0", [[seat, "B"]]),
                  "view.tricks[0][0][1]: B is not in the 24-card deck"))
    for message, expected in cases:
        _, _, failure = _serve(_line(message))
        assert failure is not None and expected in failure, (failure, expected)


def _bid_view(**fields: object) -> dict[str, Any]:
    """A hand-written view: seat 0 first to bid, seat 3 dealing, the ace of hearts up."""
    return {"seat": 0, "dealer": 3, "phase": "bid1", "hand": ["9c", "Tc", "Jc", "Qc", "Kc"],
            "upcard": "Ah", **fields}


_PASSES = [[0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]
_STAYS = [[0, "stay"], [2, "stay"], [1, "stay"], [3, "stay"]]


def _play_view(**fields: object) -> dict[str, Any]:
    """A hand-written view of the second trick: seat 0 named spades in round two, won
    the first trick with the ace, and leads again."""
    return {"seat": 0, "dealer": 3, "phase": "play", "hand": ["Qs", "9d", "Td", "Qd"],
            "upcard": "Ah", "calls": [*_PASSES, [0, "call:s"], *_STAYS], "trump": "s",
            "maker": 0, "tricks": [[[0, "As"], [1, "Kh"], [2, "9s"], [3, "Ts"]], []],
            "tricks_won": [1, 0], **fields}


@pytest.mark.parametrize(("view", "expected"), [
    (_bid_view(dealer=0), "view.to_act: is 0, but seat 1 acts next (after 0 calls)"),
    (_bid_view(calls=[[1, "pass"]]), "view.calls[0][0]: is seat 1, but seat 0 bids next"),
    (_bid_view(calls=[[0, "call:h"]]), "view.calls[0][1]: call:h is not a bid of round 1 now"),
    (_bid_view(phase="bid2"), "view.phase: is bid2, but after these calls it is bid1"),
    (_bid_view(phase="bid2", calls=[*_PASSES, [0, "call:h"]]),
     "view.calls[4][1]: call:h is not a bid of round 2 now"),
    (_bid_view(phase="bid2", rules={"stick_the_dealer": True},
               calls=[*_PASSES, *_PASSES]), "view.calls[7][1]: pass is not a bid of round 2"),
    (_bid_view(phase="bid2", calls=[*_PASSES, *_PASSES]),
     "view.calls: every seat passed twice: that deal is over (thrown in)"),
    (_bid_view(seat=3, phase="exchange", calls=[[0, "accept"]], trump="s", maker=0),
     "view.trump: is s and maker is 0, but the calls fixed h by seat 0"),
    (_bid_view(phase="alone", calls=[[0, "accept"], [0, "stay"], [1, "stay"]], trump="h",
               maker=0),
     "view.calls[2][0]: is seat 1, but seat 2 is asked next whether to go alone"),
    (_bid_view(phase="alone", calls=[[0, "accept"], [0, "pass"]], trump="h", maker=0),
     "view.calls[1][1]: pass is not an answer to whether to go alone"),
    (_bid_view(phase="play", calls=[[0, "accept"], *_STAYS, [0, "pass"]], trump="h",
               maker=0), "view.calls[5]: comes after the last call of a deal"),
    (_bid_view(phase="alone", calls=[[0, "accept"], [0, "alone"]], trump="h", maker=0,
               to_act=1), "view.alone: is [], but the calls have [0] alone"),
    (_bid_view(discard="9h"), "view.discard: is shown only to the dealer"),
    (_bid_view(hand=["Ah", "Tc", "Jc", "Qc", "Kc"]), "view.hand: holds the upcard Ah"),
    (_play_view(tricks=[[[1, "Kh"]]], tricks_won=[0, 0], hand=["As", "Qs", "9d", "Td", "Qd"]),
     "view.tricks[0][0][0]: is seat 1, but seat 0 leads it"),
    (_play_view(tricks_won=[0, 1]),
     "view.tricks_won: is [0, 1], but the tricks shown were taken 1 and 0"),
    (_play_view(to_act=1), "view.to_act: is 1, but seat 0 plays next"),
    (_play_view(to_act=2, hand=["Qs", "9d", "Td"],
                tricks=[[[0, "As"], [1, "Kh"], [2, "9s"], [3, "Ts"]], [[0, "Qd"], [1, "Js"]]]),
     "view.tricks[1][1][1]: seat 1 plays Js after showing out of spades in tricks[0]"),
    (_play_view(tricks=[[[0, "As"], [1, "Kh"], [2, "9s"]], []]),
     "view.tricks[0]: has 3 cards, but a finished trick has one from each of the 4 players"),
    (_play_view(tricks=[[[0, "As"], [1, "Ah"], [2, "9s"], [3, "Ts"]], []]),
     "view.tricks[0][1][1]: seat 1 plays the upcard Ah, which only the dealer picks up"),
    (_play_view(alone=[0], sitting_out=[]),
     "view.sitting_out: is [], but the partners of the lone players [0] sit out: [2]"),
])
def test_a_view_must_be_one_a_real_game_could_show(view: dict[str, Any], expected: str) -> None:
    with pytest.raises(ProtocolError) as info:
        view_from_dict(view)
    assert str(info.value).startswith(expected)


def _real_view(rules: Rules, phase: str) -> dict[str, Any]:
    """The view of the first seat to act in ``phase`` in a random game of ``rules``."""
    for seed in range(200):
        game, rng = Game(rules, seed=seed), random.Random(seed)
        while not game.is_over():
            if game.phase == phase:
                return view_to_dict(game.view(game.to_act))
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no game of 200 reached {phase}")


@pytest.mark.parametrize(("rules", "phase", "call", "expected"), [
    (Rules.preset("hasenpfeffer"), "trump", "call:s", "{maker}, but the maker, seat {to_act}, "
                                                      "names trump"),
    (Rules.preset("hasenpfeffer"), "trump", "pass", "pass is not naming trump (call:SUIT)"),
    (Rules.preset("british"), "benny", "call:s", "{maker}, but the dealer, seat {to_act}, "
                                                 "names trump for the Benny"),
    (Rules.preset("british"), "benny", "accept", "accept is not naming trump (call:SUIT)"),
    (Rules(farmers=True), "declare", "pass", "{maker}, but seat {to_act} declares next"),
    (Rules(partners_best="loner"), "best", "best", "{maker}, but seat {to_act} calls for best "
                                                   "next (or declines)"),
])
def test_a_call_out_of_turn_or_of_the_wrong_kind_is_named(rules: Rules, phase: str, call: str,
                                                          expected: str) -> None:
    """The call the seat to act makes next, made by another seat (``{maker}`` in
    ``expected``) or of a kind its phase does not take (from the seat to act)."""
    view = _real_view(rules, phase)
    to_act, k = view["to_act"], len(view["calls"])
    wrong_seat = "{maker}" in expected
    caller = (to_act + 1) % rules.players if wrong_seat else to_act
    view["calls"] = [*view["calls"], [caller, call]]
    with pytest.raises(ProtocolError) as info:
        view_from_dict(view)
    at = f"view.calls[{k}][{0 if wrong_seat else 1}]: "
    words = expected.format(maker=f"is seat {caller}", to_act=to_act)
    assert str(info.value).startswith(at + words), str(info.value)


def test_hand_written_views_that_a_real_game_could_show_are_read() -> None:
    assert view_from_dict(_bid_view()).to_act == 0
    view = view_from_dict(_play_view())
    assert view.trick == () and view.tricks_won == (1, 0) and view.sitting_out == ()
    alone = view_from_dict(_bid_view(phase="alone", calls=[[0, "accept"], [0, "alone"]],
                                     trump="h", maker=0, alone=[0], to_act=1))
    assert alone.sitting_out == (2,)  # left out: the partners of the lone players
    message: dict[str, Any] = {"type": "decide", "view": _play_view(),
                               "legal": ["play:Qs", "play:9d", "play:Td", "play:Qd"]}
    answers, reported, failure = _serve(_line(message))
    assert answers[0] in message["legal"] and (reported, failure) == ([], None)
    message["legal"] = message["legal"][:3]
    _, _, failure = _serve(_line(message))
    assert failure == ("message 1 (decide): legal: leaves out play:Qd, which the rules allow "
                       "now (legal lists every legal action)")
    message["view"] = _play_view(seat=1, to_act=1, hand=["9h", "Th", "Qh", "Kd"],
                                 tricks=[[[0, "As"], [1, "Kh"], [2, "9s"], [3, "Ts"]],
                                         [[0, "Qd"]]])
    message["legal"] = ["play:Kd", "play:9h"]
    _, _, failure = _serve(_line(message))
    assert failure == ("message 1 (decide): legal[1]: play:9h is not legal now: the bot must "
                       "follow diamonds (legal: play:Kd)")


BAD_NOTICES: list[tuple[str, str]] = [
    ("hello", "message 1: not JSON (Expecting value: line 1 column 1 (char 0))"),
    ("[" * 100000, "message 1: not JSON ("),
    ('{"type": "decide", "view": {"seat": 1' + "1" * 5000 + "}}",
     "message 1: not JSON (Exceeds the limit"),
    ("[1, 2]", "message 1: not a JSON object but [1, 2]"),
    ('"decide"', 'message 1: not a JSON object but "decide"'),
    ("{}", 'message 1: no "type": a message is an object such as'),
    ('{"type": 5}', 'message 1: "type" must be a string, not 5'),
    ('{"type": "game_start", "version": 2, "seat": 0}',
     "message 1 (game_start): version: is 2, but this bot speaks version 1"),
    ('{"type": "game_start", "version": 1, "seat": 5}',
     "message 1 (game_start): seat: must be a seat from 0 to 3, not 5"),
    ('{"type": "game_start", "version": 1, "seat": 0, "rules": {"colour": "red"}}',
     "message 1 (game_start): rules: unknown option 'colour'"),
    ('{"type": "deal_end", "result": {}}',
     "message 1 (deal_end): no view: a deal_end carries the seat's view of the game"),
    ('{"type": "game_end", "view": 3}', "message 1 (game_end): view: must be an object, not 3"),
]


@pytest.mark.parametrize(("text", "expected"), BAD_NOTICES)
def test_a_message_that_is_no_decide_is_reported_and_skipped(text: str, expected: str) -> None:
    answers, reported, failure = _serve(text + "\n" + _line(_play_decide()))
    assert len(reported) == 1 and reported[0].startswith(f"euchre bot: {expected}")
    assert failure is None and len(answers) == 1


def test_a_broken_deal_end_or_game_end_is_reported_and_skipped() -> None:
    end = next(m for m in _NOTICES if m["type"] == "deal_end" and m["result"]["trump"])
    last = next(m for m in _NOTICES if m["type"] == "game_end")
    cases = [
        (_with(copy.deepcopy(end), "result", ...), "no result: a deal_end carries the result"),
        (_with(copy.deepcopy(end), "result", "made"), "result: must be an object, not \"made\""),
        (_with(copy.deepcopy(end), "result.tricks", [3, 4]),
         "result.tricks: [3, 4]: a deal has five tricks"),
        (_with(copy.deepcopy(end), "result.maker", ...), "result.maker: missing"),
        (_with(copy.deepcopy(end), "result.team", None), "result.team: must be null exactly"),
        (_with(copy.deepcopy(end), "result.points", -1), "result.points: must be at least 0"),
        (_with(copy.deepcopy(end), "result.dealer", 4), "result.dealer: must be a seat"),
        (_with(copy.deepcopy(end), "view.hand", [1]), "view.hand[0]: must be a card"),
        (_with(copy.deepcopy(last), "winner", 2), "winner: must be from 0 to 1, not 2"),
        (_with(copy.deepcopy(last), "score", "10-4"), "score: must be two whole numbers"),
    ]
    for message, expected in cases:
        answers, reported, failure = _serve(_line(message) + _line(_play_decide()))
        assert len(reported) == 1 and expected in reported[0], (reported, expected)
        assert failure is None and len(answers) == 1


class _Broken(RandomPlayer):
    def choose(self, view: Any, legal: Any) -> Action:
        raise KeyError("oops")

    def deal_over(self, view: Any, result: Any) -> None:
        raise IndexError("list index out of range")


def test_a_bot_that_fails_is_one_line_too() -> None:
    end = next(m for m in _NOTICES if m["type"] == "deal_end")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(ProtocolError) as info:
        serve(_Broken(0), io.StringIO(_line(end) + _line(_play_decide())), out, err)
    assert err.getvalue() == ("euchre bot: message 1 (deal_end): the bot failed on it: "
                              "IndexError: list index out of range\n")
    assert str(info.value) == "message 2 (decide): the bot failed on it: KeyError: 'oops'"
    assert out.getvalue() == ""


# -- fuzzing the bot's side, as the record readers are fuzzed --------------------------

_WORDS = st.sampled_from(
    ["Jd", "Zz", "X", "B", "7c", "10h", "9c", "As", "bid1", "exchange", "bid2", "alone",
     "play", "over", "foo", "pass", "accept", "call:h", "call:z", "discard:9c", "play:Jd",
     "play:X", "stay", "order", "h", "s", "decide", "deal_end", "game_end", "game_start"]
)
JSON = json_values(
    _WORDS,
    ["type", "view", "legal", "result", "seat", "rules", "phase", "hand", "upcard", "calls",
     "trump", "maker", "alone", "sitting_out", "discard", "tricks", "trick", "to_act",
     "dealer", "score", "tricks_won", "version", "winner", "players", "deck"],
    ints=(-2, 8), floats=st.floats(), text=5, key_text=4, max_size=5, max_leaves=25,
)
FUZZ = fuzz(200)


def _mutate(data: Json, draw: Draw, steps: int = 1) -> Json:
    """Replace, delete or duplicate one to ``steps`` places of a JSON tree."""
    return mutate(data, draw, JSON, steps=steps, words=_WORDS, numbers=st.integers(-1, 7))


@FUZZ
@given(st.text(max_size=200))
def test_bot_fuzz_random_text(text: str) -> None:
    _serve(text)


@FUZZ
@given(JSON, JSON, st.sampled_from(["decide", "deal_end", "game_end", "game_start"]))
def test_bot_fuzz_random_json(value: Json, other: Json, kind: str) -> None:
    _serve(_line(value))
    _serve(_line({"type": kind, "view": value, "legal": other, "result": other}))
    if isinstance(value, dict):
        _serve(_line({**value, "type": kind}))


@FUZZ
@given(st.data())
def test_bot_fuzz_mutated_messages(data: st.DataObject) -> None:
    message = copy.deepcopy(data.draw(st.sampled_from(_MESSAGES)))
    message = _mutate(message, data.draw, steps=3)
    answers, _, failure = _serve(_line(message) + _line(_play_decide()))
    is_decide = isinstance(message, dict) and message.get("type") == "decide"
    if failure is None:  # the real decide after it is answered too
        assert len(answers) == 1 + is_decide
        if is_decide:
            assert answers[0] in message["legal"]  # a decide still read is answered legally
    else:  # only a decide stops the bot
        assert is_decide and answers == [] and failure.startswith("message 1 (decide): ")


@FUZZ
@given(st.data())
def test_bot_fuzz_mutated_decides_answer_legally_or_stop(data: st.DataObject) -> None:
    message = copy.deepcopy(data.draw(st.sampled_from(_DECIDES)))
    message = _mutate(message, data.draw, steps=2)
    answers, reported, failure = _serve(_line(message))
    if failure is None and isinstance(message, dict) and message.get("type") == "decide":
        assert reported == [] and len(answers) == 1 and answers[0] in message["legal"]
    else:
        assert answers == []


# -- euchre bot on the command line ----------------------------------------------------


def _run_bot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             text: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = cli_main(["bot", "basic"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("text", "status", "expected"), [
    ('{"type": "decide"}\n', 1, "euchre bot: message 1 (decide): no view: a decide "
                                "carries the view of the seat to act\n"),
    ('{"type": "decide", "view": []}\n', 1,
     "euchre bot: message 1 (decide): view: must be an object, not []\n"),
    ("{nope\n", 0, "euchre bot: message 1: not JSON (Expecting property name enclosed in "
                   "double quotes: line 1 column 2 (char 1))\n"),
    ('{"type": "deal_end", "view": {"seat": 0}, "result": {}}\n', 0,
     "euchre bot: message 1 (deal_end): view.phase: missing\n"),
])
def test_euchre_bot_prints_one_line_and_no_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        text: str, status: int, expected: str) -> None:
    assert _run_bot(monkeypatch, capsys, text) == (status, "", expected)


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_euchre_bot_fuzz_prints_one_line_a_message(data: st.DataObject) -> None:
    message = copy.deepcopy(data.draw(st.sampled_from(_MESSAGES)))
    message = _mutate(message, data.draw)
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(_line(message)), io.StringIO(), io.StringIO()
    try:
        status = cli_main(["bot", "basic"])
        out, err = sys.stdout.getvalue(), sys.stderr.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    lines = err.splitlines()
    assert "Traceback" not in err and len(lines) <= 1 and err == "".join(f"{x}\n" for x in lines)
    is_decide = isinstance(message, dict) and message.get("type") == "decide"
    if status == 1:  # a decide it cannot answer: one line, no answer
        assert is_decide and out == "" and lines[0].startswith("euchre bot: message 1 (decide): ")
    else:
        assert status == 0
        assert len(out.splitlines()) == (1 if is_decide else 0)
        assert not lines or (not is_decide and _REPORT.fullmatch(lines[0]))


def test_euchre_bot_documented_lines(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    doc = DOC.read_text(encoding="utf-8").split("## Messages a bot cannot read", 1)[1]
    block = doc.split("```text\n", 1)[1].split("```", 1)[0]
    start = next(m for m in _MESSAGES if m["type"] == "game_start")
    end = next(m for m in _NOTICES if m["type"] == "deal_end" and m["result"]["trump"])
    bad_end = _with(copy.deepcopy(end), "result.tricks", [3, 4])
    bad = _with(_play_decide(), "view.seat", 7)
    text = "hello\n" + _line(start) + _line(bad_end) + _line(bad) + _line(_play_decide())
    assert _run_bot(monkeypatch, capsys, text) == (1, "", block)


def test_euchre_bot_as_a_program_reads_bytes_that_are_not_utf8() -> None:
    bad = _with(_play_decide(), "view.hand.0", "Zz")
    text = b"\xff\xfe{}\n" + _line(_play_decide()).encode() + _line(bad).encode()
    done = subprocess.run([sys.executable, "-m", "euchre", "bot", "basic"], input=text,
                          capture_output=True, timeout=60, check=False)
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err
    assert err.splitlines()[0].startswith("euchre bot: message 1: not JSON (")
    assert err.splitlines()[1].startswith('euchre bot: message 3 (decide): view.hand[0]: "Zz"')
    assert len(err.splitlines()) == 2
    assert len(done.stdout.decode().splitlines()) == 1


# -- the example session of docs/protocol.md -------------------------------------------

DOC = ROOT / "docs" / "protocol.md"


def _example_script() -> ModuleType:
    path = ROOT / "scripts" / "protocol_example.py"
    spec = importlib.util.spec_from_file_location("protocol_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _transcript() -> tuple[str, ...]:
    return tuple(_example_script().transcript())


def test_the_docs_example_session_is_what_the_engine_and_bot_write() -> None:
    script = _example_script()
    shown = script.doc_example(DOC.read_text(encoding="utf-8"))
    assert shown is not None, "docs/protocol.md has lost its example block's marker"
    assert shown == "\n".join(script.shorten(list(_transcript()))) + "\n", (
        "the example session of docs/protocol.md is not what the engine and `euchre bot "
        "basic` write now: run `.venv/bin/python scripts/protocol_example.py --write` and "
        "check the paragraph under it")


def test_the_docs_example_session_is_as_its_paragraph_says() -> None:
    assert _example_script().SEED == 57 and "(seed 57, standard rules)" in DOC.read_text()
    received = [json.loads(line[2:]) for line in _transcript() if line.startswith("> ")]
    decides = [m for m in received if m["type"] == "decide"]
    first_play = next(m["view"] for m in decides if m["view"]["phase"] == "play")
    dealer, maker = first_play["dealer"], first_play["maker"]
    assert (dealer, maker, first_play["trump"]) == (2, 1, "h")
    calls = first_play["calls"]
    bids = [seat for seat, action in calls if action in ("pass", "accept")
            or action.startswith("call:")]
    assert bids == [(dealer + 1 + i) % 4 for i in range(len(bids))]  # from the dealer's left
    assert calls[len(bids) - 1] == [maker, "call:h"] and len(bids) == 7
    asked = [seat for seat, action in calls if action in ("alone", "stay")]
    defenders = [s for s in ((dealer + i) % 4 for i in range(1, 5)) if (s - maker) % 2]
    assert asked == [maker, (maker + 2) % 4, *defenders] == [1, 3, 0, 2]
    assert all(action == "stay" for seat, action in calls[len(bids):])
    assert first_play["tricks"] == [[[3, "As"]]] and (dealer + 1) % 4 == 3
    assert [m["legal"] for m in decides if m["view"] is first_play] == [["play:Qs"]]
    assert received[0]["type"] == "game_start" and received[-1]["type"] == "game_end"

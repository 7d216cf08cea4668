"""The external-bot protocol in every form of the game: views and results as JSON,
every action string, an external program playing each form, and the faults of
answers and messages that do not fit the new phases (docs/protocol.md)."""

from __future__ import annotations

import copy
import functools
import importlib.util
import io
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BID_WORDS,
    CALL,
    DECLINE,
    GIVE,
    MISERE,
    NO_TRUMP,
    THROW_IN_HAND,
    Action,
    Declare,
    parse_action,
)
from euchre.engine.cards import card_suit, cards_of, deck_mask, parse_card, suit_char
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.view import PlayerView
from euchre.errors import ActionError
from euchre.players import Player, RandomPlayer, play_game
from euchre.protocol import (
    BotFault,
    ExternalPlayer,
    ProtocolError,
    from_protocol,
    result_from_dict,
    result_to_dict,
    serve,
    to_protocol,
    view_from_dict,
    view_to_dict,
)
from euchre.protocol.bot import read_decision
from helpers.fuzzing import fuzz, json_values, mutate
from helpers.paths import ROOT

EXAMPLE_BOT = ROOT / "examples" / "simple_bot.py"

HOUSE_RULES: dict[str, Rules] = {
    "no-trump": Rules(no_trump=True, stick_the_dealer=True),
    "declarations": Rules(farmers=True, go_under=True, throw_in="no_ace_no_face"),
    "tokens": Rules(four_trick_tokens=True, fast_break=True, canadian=True),
    "best-receive-first": Rules(deck=25, benny_upcard="hearts", partners_best="loner",
                                partners_best_order="receive_first"),
    "three-handed-british": Rules(players=3, deck=25, benny_upcard="dealer_names",
                                  farmers=True, go_under=True, no_trump=True),
    "hasenpfeffer-auction": Rules(form="hasenpfeffer", hasen_bidding="auction",
                                  widow="bidder_takes"),
    "napoleon-3": Rules(form="napoleon", players=3, misere=True, nap_min_bid=1,
                        nap_all_pass="throw_in"),
    "napoleon-7": Rules(form="napoleon", players=7, misere=True, wellington=True,
                        blucher=True, nap_values="low", misere_loss_points=6),
}
"""Rules beyond the presets whose options bring phases or fields of their own."""

EVERY_RULES: dict[str, Rules] = {**PRESETS, **HOUSE_RULES}


def _choose(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action that goes alone and calls for best often (their phases
    are rare otherwise)."""
    for eager in (ALONE, BEST):
        if eager in legal and rng.random() < 0.6:
            return eager
    return rng.choice(legal)


def _moments(rules: Rules, seed: int, deals: int = 3) -> Iterator[Game]:
    """Every moment of a random game's first ``deals`` deals (a throw-in counts)."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over() and len(game.results) < deals:
        yield game
        game.apply(_choose(rng, game.legal_actions()))
    yield game


def _json(data: object) -> Any:
    return json.loads(json.dumps(data))


def _first(rules: Rules, phase: str, seeds: int = 60) -> Game:
    """A game at the first moment of ``phase`` found under ``rules`` (a copy: the search
    goes on with the original)."""
    for seed in range(seeds):
        for game in _moments(rules, seed):
            if game.phase.value == phase:
                return game.copy()
    raise AssertionError(f"no {phase} phase met")


def _decide(game: Game) -> Any:
    return _json({"type": "decide", "view": view_to_dict(game.view(game.to_act)),
                  "legal": [to_protocol(a) for a in game.legal_actions()]})


@pytest.mark.parametrize("name", list(EVERY_RULES))
def test_forms_every_view_result_and_action_round_trips(name: str) -> None:
    rules = EVERY_RULES[name]
    phases: set[str] = set()
    for seed in range(3):
        for game in _moments(rules, seed):
            for seat in range(rules.players):
                view = game.view(seat)
                assert view_from_dict(_json(view_to_dict(view))) == view
            if game.is_over():
                break
            phases.add(game.phase.value)
            legal = game.legal_actions()
            texts = [to_protocol(a) for a in legal]
            assert all(" " not in t for t in texts)
            assert [from_protocol(t) for t in texts] == legal
            message = _json({"type": "decide", "view": view_to_dict(game.view(game.to_act)),
                             "legal": texts})
            assert read_decision(message) == (game.view(game.to_act), legal)
        for result in game.results:
            assert result_from_dict(_json(result_to_dict(result)), rules=rules) == result
    assert "play" in phases


@pytest.mark.parametrize(("name", "phase"), [
    ("british", "benny"), ("three-handed-british", "benny"), ("declarations", "declare"),
    ("railroad", "best"), ("railroad", "give"), ("railroad-1887", "discard"),
    ("best-receive-first", "give"), ("hasenpfeffer", "bid"), ("hasenpfeffer", "trump"),
    ("hasenpfeffer-auction", "discard"), ("napoleon-full", "bid"), ("napoleon-7", "play"),
])
def test_forms_each_new_phase_round_trips_for_every_seat(name: str, phase: str) -> None:
    game = _first(EVERY_RULES[name], phase)
    for seat in range(game.rules.players):
        view = game.view(seat)
        assert view_from_dict(_json(view_to_dict(view))) == view
    assert read_decision(_decide(game)) == (game.view(game.to_act), game.legal_actions())


def _named_cards(data: object) -> Iterator[tuple[str, str]]:
    """Every card named in a view's JSON, with the field it is in."""
    assert isinstance(data, dict)
    for field in ("hand", "laid_away"):
        for c in data.get(field) or []:
            yield field, c
    for field in ("upcard", "discard"):
        if data.get(field):
            yield field, data[field]
    for trick in data["tricks"]:
        for _, c in trick:
            yield "tricks", c
    for _, c in data.get("shown") or []:
        yield "shown", c
    for _, _, c in data.get("given") or []:
        yield "given", c


@pytest.mark.parametrize("name", list(EVERY_RULES))
def test_forms_a_view_leaks_no_hidden_card(name: str) -> None:
    """Every card a seat's JSON names is its own, public, or passed to or by it: never
    a card another seat holds unseen, nor the kitty, Napoleon's unseen cards or
    Hasenpfeffer's widow, nor another seat's cards laid away."""
    rules = EVERY_RULES[name]
    for seed in range(3):
        for game in _moments(rules, seed):
            hidden_kitty = game.kitty_mask()
            laid = {c: s for s, c in game.laid_away}
            public = {c for _, c in game.shown}
            for seat in range(rules.players):
                data = _json(view_to_dict(game.view(seat)))
                mine = game.hand_mask(seat)
                for field, text in _named_cards(data):
                    c = parse_card(text)
                    if field in ("shown", "tricks", "upcard") or c in public:
                        continue
                    passed = any(c == g and seat in (a, b) for a, b, g in game.given)
                    assert mine >> c & 1 or laid.get(c) == seat or passed or (
                        field == "discard" and seat == game.dealer), (name, seat, field, text)
                    assert not hidden_kitty >> c & 1 or field == "discard", (name, field, text)
                if game.phase.value == "benny" and seat == game.dealer:
                    assert data["hand"] == []  # trump is named blind
                assert set(data) <= {
                    "seat", "dealer", "deal", "score", "target", "rules", "phase", "to_act",
                    "hand", "upcard", "calls", "trump", "maker", "alone", "sitting_out",
                    "discard", "tricks", "trick", "tricks_won", "shown", "laid_away", "given",
                    "bid", "tokens"}


def _every_action_of(rules: Rules) -> list[Action]:
    cards = cards_of(deck_mask(rules.deck))
    return [*CALL, *(BID[v] for v in BID), BEST, DECLINE, THROW_IN_HAND,
            *(GIVE[c] for c in cards), Declare("farmer", tuple(cards[:3])),
            Declare("under", tuple(cards[-3:]))]


@pytest.mark.parametrize("rules", [Rules(), Rules.preset("napoleon")], ids=["24", "52"])
def test_forms_every_new_action_string_round_trips_in_any_case(rules: Rules) -> None:
    for action in _every_action_of(rules):
        text = to_protocol(action)
        assert " " not in text
        assert from_protocol(text) == action == from_protocol(text.upper())


def test_forms_the_documented_action_strings() -> None:
    named = {v: f"bid:{w}" for v, w in BID_WORDS.items()}
    assert [to_protocol(BID[v]) for v in named] == list(named.values())
    assert to_protocol(BID[4]) == "bid:4" and to_protocol(CALL[NO_TRUMP]) == "call:n"
    assert to_protocol(parse_action("farmer Tc 9d 9c")) == "farmer:9c,Tc,9d"
    assert to_protocol(parse_action("under Ks 9d Ah")) == "under:9d,Ah,Ks"
    assert [to_protocol(a) for a in (BEST, DECLINE, THROW_IN_HAND)] == [
        "best", "decline", "throw_in"]
    assert to_protocol(GIVE[7]) == "give:Ac"
    assert from_protocol("farmer: 9c 9d Tc") == parse_action("farmer 9c 9d Tc")
    assert from_protocol("Bid:Misere") == BID[MISERE] and from_protocol("call:N") == CALL[4]


@pytest.mark.parametrize("text", ["bid:0", "bid:7", "bid:", "bid:many", "farmer:9c,9d",
                                  "under:9c,9c,Td", "throw in", "give:", "best:1",
                                  "farmer:9c,9d,X"])
def test_forms_malformed_new_action_strings_are_refused(text: str) -> None:
    with pytest.raises(ActionError, match=f"^unknown protocol action {text!r}: "):
        from_protocol(text)


# -- an external program plays every form ------------------------------------------------


@pytest.mark.parametrize("name", list(EVERY_RULES))
def test_forms_the_example_bot_plays_each_form_through_the_protocol(name: str) -> None:
    rules = EVERY_RULES[name].replace(target=0, deals=3)
    command = f"{sys.executable} {EXAMPLE_BOT}"
    with ExternalPlayer(command, time_limit=10.0) as bot:
        players: list[Player] = [bot, *(RandomPlayer(seed) for seed in range(1, rules.players))]
        game = play_game(Game(rules, seed=11), players)
    assert game.is_over() and len(game.results) == 3


def test_forms_a_served_bot_answers_every_form_through_serve() -> None:
    for name, rules in EVERY_RULES.items():
        game = Game(rules.replace(target=0, deals=2), seed=5)
        player = RandomPlayer(seed=2)
        while not game.is_over():
            legal = game.legal_actions()
            message = {"type": "decide", "view": view_to_dict(game.view(game.to_act)),
                       "legal": [to_protocol(a) for a in legal]}
            out = io.StringIO()
            assert serve(player, io.StringIO(json.dumps(message) + "\n"), out) == 1, name
            game.apply(from_protocol(out.getvalue()))


# -- faults in the new phases ------------------------------------------------------------


NEW_PHASES: list[tuple[str, str]] = [
    ("napoleon", "bid"), ("hasenpfeffer", "bid"), ("hasenpfeffer", "trump"),
    ("hasenpfeffer-auction", "discard"), ("railroad", "best"), ("railroad", "give"),
    ("declarations", "declare"), ("british", "benny"), ("no-trump", "bid2"),
]


_NEVER_LEGAL: Final = ("bid:blucher", "play:2c", "throw_in", "call:n", "decline", "pass")


@pytest.mark.parametrize(("name", "phase"), NEW_PHASES)
def test_forms_illegal_and_garbage_answers_are_faults(tmp_path: Path, name: str,
                                                      phase: str) -> None:
    game = _first(EVERY_RULES[name], phase)
    view, legal = game.view(game.to_act), game.legal_actions()
    illegal = next(t for t in _NEVER_LEGAL if from_protocol(t) not in legal)
    for answer, kind in (("give:Zz", "garbage"), ("bid:7", "garbage"), (illegal, "illegal")):
        script = tmp_path / "bot.py"
        script.write_text("import sys, json\nfor line in sys.stdin:\n"
                          "    if json.loads(line)['type'] == 'decide':\n"
                          f"        print({answer!r}, flush=True)\n")
        with ExternalPlayer(f"{sys.executable} {script}", time_limit=10.0) as bot, \
                pytest.raises(BotFault) as info:
            bot.choose(view, legal)
        assert info.value.kind == kind, (answer, info.value)
        assert "\n" not in str(info.value) and repr(answer) in str(info.value)
        if kind == "illegal":
            shown = ", ".join(to_protocol(a) for a in legal)
            assert info.value.reason.endswith(f"which is not legal now (legal: {shown})")


def _failure(message: dict[str, Any]) -> str:
    with pytest.raises(ProtocolError) as info:
        serve(RandomPlayer(1), io.StringIO(json.dumps(message) + "\n"), io.StringIO())
    text = str(info.value)
    assert text.startswith("message 1 (decide): ") and "\n" not in text
    return text


def test_forms_napoleon_trump_is_unset_until_the_first_lead() -> None:
    game = _first(Rules.preset("napoleon"), "play")  # no misère: a suit is led
    message = _decide(game)
    assert message["view"]["trump"] is None and message["view"]["upcard"] is None
    assert message["view"]["maker"] == game.to_act and "bid" in message["view"]
    wrong = copy.deepcopy(message)
    wrong["view"]["trump"] = "h"
    assert "view.trump: is h, but no card is led yet: the first card led makes trump" \
        in _failure(wrong)
    game.apply(game.legal_actions()[0])
    led = game.current_trick[0][1]
    message = _decide(game)
    assert message["view"]["trump"] == suit_char(card_suit(led))
    other = next(s for s in "cdhs" if s != message["view"]["trump"])
    message["view"]["trump"] = other
    assert "made" in _failure(message)


@pytest.mark.parametrize(("name", "phase", "path", "value", "expected"), [
    ("napoleon", "bid", "view.upcard", "As", "view.upcard: must be null: Napoleon (Nap) turns "
                                             "no card up"),
    ("napoleon", "bid", "view.score", [0, 0], "view.score: must be five whole numbers"),
    ("napoleon", "bid", "view.seat", 5, "view.seat: must be a seat from 0 to 4, not 5"),
    ("napoleon", "bid", "view.phase", "bid1", "view.phase: must be one of bid, play, over"),
    ("napoleon", "bid", "view.hand.0", "B", "is not in the 52-card deck"),
    ("napoleon", "play", "view.bid", "blucher", "view.bid: is blucher, but the calls make it"),
    ("napoleon", "play", "view.bid", "six", "view.bid: must be a bid, one of 1, 2"),
    ("hasenpfeffer", "play", "view.tricks_won", [7, 0], "view.tricks_won[0]: must be from 0 "
                                                        "to 6, not 7"),
    ("hasenpfeffer", "trump", "view.calls", [], "view.phase: is trump, but after these calls "
                                                "it is bid"),
    ("hasenpfeffer", "play", "view.trump", "n", 'view.trump: must be a suit, one of "c", '),
    ("three-handed", "bid1", "view.tricks_won", [0, 0], "view.tricks_won: must be three whole "
                                                        "numbers, as [0, 0, 0]"),
    ("three-handed", "bid1", "view.alone", [1], "view.alone: nobody may go alone"),
    ("railroad", "give", "view.sitting_out", [], "view.sitting_out: is [], but the partners"),
    ("tokens", "bid1", "view.tokens", [4, 0], "view.tokens[0]: must be from 0 to 3, not 4"),
    ("standard", "bid1", "view.tokens", [1, 0], "view.tokens: four-trick tokens are not"),
    ("three-handed", "bid1", "view.given", [[0, 1, "Ah"]], "view.given[0]: seat 0 passes a "
                                                          "card only to its partner, not to "
                                                          "seat 1"),
    ("standard", "bid1", "view.shown", [[0, "Ah"]], "view.shown[0]: Ah of seat 0, but no "
                                                    "call shows it"),
    ("standard", "bid1", "view.bid", "3", "view.bid: must be null: four-handed partnership "
                                          "Euchre has no bidding for tricks"),
])
def test_forms_a_view_that_does_not_fit_its_form_is_one_clear_line(
        name: str, phase: str, path: str, value: object, expected: str) -> None:
    message = _decide(_first(EVERY_RULES[name], phase))
    *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    target: Any = message
    for key in parents:
        target = target[key]
    target[last] = value
    assert expected in _failure(message)


def test_forms_given_cards_are_seen_by_giver_and_receiver_only() -> None:
    game = _first(EVERY_RULES["railroad"], "give")
    giver = game.to_act
    game.apply(game.legal_actions()[0])
    (g, receiver, card), = game.given
    assert g == giver
    for seat in range(4):
        data = view_to_dict(game.view(seat))
        assert ("given" in data) == (seat in (giver, receiver))
        if seat in (giver, receiver):
            assert view_from_dict(_json(data)).given == ((giver, receiver, card),)
    view: PlayerView = game.view(giver)
    outsider = next(s for s in range(4) if s not in (giver, receiver))
    data = _json(view_to_dict(view))
    data["seat"] = outsider
    with pytest.raises(ProtocolError, match=r"view\.given\[0\]: seat .* sees only the cards"):
        view_from_dict(data)


def test_forms_declarations_throw_in_ends_the_deal_and_farmers_show_their_cards() -> None:
    game = _first(EVERY_RULES["declarations"], "declare")
    message = _decide(game)
    first = game.to_act
    message["view"]["calls"] = [[first, "throw_in"]]
    assert "view.calls[0][1]: throw_in voids the deal" in _failure(message)
    message["view"]["calls"] = [[first, "farmer:9c,9d,Tc"]]
    message["view"]["to_act"] = game.rules.seating.next_seat[first]
    assert "view.shown[0]: the calls show 9c of seat" in _failure(message)


DOC = ROOT / "docs" / "protocol.md"


def _doc_examples() -> list[tuple[str, list[str]]]:
    """The form examples of docs/protocol.md: the preset named by each block's marker
    and the block's lines."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"<!-- form example: ([\w-]+) -->\n```text\n(.*?)```", text, re.S)
    return [(name, block.splitlines()) for name, block in found]


def test_forms_the_docs_examples_are_real_decisions_and_answers() -> None:
    examples = _doc_examples()
    assert {name for name, _ in examples} >= {"three-handed", "hasenpfeffer", "napoleon",
                                              "railroad", "british"}
    spec = importlib.util.spec_from_file_location("simple_bot", EXAMPLE_BOT)
    assert spec is not None and spec.loader is not None
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    for name, lines in examples:
        rules = json.dumps(Rules.preset(name).to_dict(), separators=(",", ":"))
        assert len(lines) % 2 == 0 and lines
        for sent, answer in zip(lines[::2], lines[1::2], strict=True):
            assert sent.startswith("> ") and answer.startswith("< ")
            message = json.loads(sent[2:].replace('"rules":{...}', f'"rules":{rules}'))
            view, legal = read_decision(message)
            assert view.rules == Rules.preset(name)
            assert from_protocol(answer[2:]) in legal
            assert bot.decide(message["view"], message["legal"]) == answer[2:]


# -- fuzzing the new forms' messages -----------------------------------------------------

_FUZZ_WORDS = st.sampled_from(
    ["Jd", "2c", "B", "X", "Zz", "bid", "trump", "benny", "declare", "best", "give",
     "discard", "play", "bid:3", "bid:nap", "bid:9", "call:n", "give:Ah", "best", "decline",
     "farmer:9c,9d,Tc", "throw_in", "n", "nap", "misere", "3", "napoleon", "hasenpfeffer"])
_FUZZ_JSON = json_values(
    _FUZZ_WORDS,
    ["view", "legal", "seat", "rules", "phase", "hand", "upcard", "calls", "trump", "maker",
     "bid", "shown", "laid_away", "given", "tokens", "tricks", "to_act", "dealer", "score",
     "tricks_won", "players", "form"],
    ints=(-2, 8), text=4, key_text=4, max_size=5, max_leaves=20)


@functools.cache
def _fuzz_decides() -> list[Any]:
    """Real decides of the new phases, to mutate (found once, on first use)."""
    out = []
    for name, phase in [*NEW_PHASES, ("napoleon-7", "play"), ("hasenpfeffer-auction", "bid")]:
        out.append(_decide(_first(EVERY_RULES[name], phase)))
    return out


@fuzz(150)
@given(st.data())
def test_forms_fuzz_mutated_decides_answer_legally_or_stop_with_one_line(
        data: st.DataObject) -> None:
    message = copy.deepcopy(data.draw(st.sampled_from(_fuzz_decides())))
    message = mutate(message, data.draw, _FUZZ_JSON, steps=2, words=_FUZZ_WORDS,
                     numbers=st.integers(-1, 7))
    out, err = io.StringIO(), io.StringIO()
    try:
        serve(RandomPlayer(3), io.StringIO(json.dumps(message) + "\n"), out, err)
    except ProtocolError as error:
        text = str(error)
        assert text.startswith("message 1 (decide): ") and "\n" not in text, text
        assert "the bot failed" not in text, text  # a view read is one the bot can play
        assert out.getvalue() == ""
        return
    answers = out.getvalue().splitlines()
    if isinstance(message, dict) and message.get("type") == "decide":
        assert len(answers) == 1 and answers[0] in message["legal"]

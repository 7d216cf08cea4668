"""The native JSON game record: round trips, replay, checking, and hostile input."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cli.replay import replay as replay_file
from euchre.engine.actions import PASS, PLAY, THROW_IN_HAND, Action, Play
from euchre.engine.cards import UNKNOWN, card_name, cards_of, suit_name
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import APPLIES, Rules
from euchre.engine.rules import PRESETS as PRESET_RULES
from euchre.errors import RecordError
from euchre.records.egn import dumps_egn, egn_refusal, loads_egn
from euchre.records.files import read_record, write_record
from euchre.records.record import (
    FORMAT,
    VERSION,
    GameResult,
    Record,
    RecordedDeal,
    ReplayError,
    dump,
    dumps,
    game_after_end,
    load,
    loads,
)
from euchre.table.data_folder import APP, resume_game, save_game, save_record
from helpers.egnspec import egn_deals
from helpers.fuzzing import fuzz, json_values, mutate, read_or_none
from helpers.paths import ROOT
from helpers.randomplay import play_random

PRESETS = ("standard", "two-handed", "tournament", "openspiel")
EGN_PASSING = Rules(maker_partner_alone=False, lone_defender=False,
                    loner_lead="left_of_dealer")
"""Four-handed rules EGN says exactly, without stick-the-dealer: deals everybody passes
are thrown in."""

Json = Any
"""JSON data as :func:`json.loads` gives it: tests index it freely."""


def random_record(preset: str = "standard", seed: int = 1) -> Record:
    game = play_random(Rules.preset(preset), seed)
    return Record.from_game(game, {"title": f"{preset} {seed}", "players": ["a", "b", "c", "d"]})


def record_data(record: Record) -> Json:
    return json.loads(dumps(record))


def deal_data(data: Json, index: int) -> Json:
    return data["deals"][index]


def load_error(data: object) -> str:
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data))
    return str(info.value)


# -- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_record_round_trip_of_random_games(preset: str, seed: int) -> None:
    game = play_random(Rules.preset(preset), seed)
    record = Record.from_game(game, {"title": "t", "event": "club night", "players": ["a"] * 4})
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text
    record.check()
    again.check()
    replayed = again.replay()
    assert replayed.score == game.score
    assert replayed.winner() == game.winner()
    assert replayed.history == game.history
    assert replayed.results == game.results


@pytest.mark.parametrize("preset", PRESETS)
def test_record_of_a_game_in_progress_replays_to_the_same_state(preset: str) -> None:
    game = play_random(Rules.preset(preset), seed=11, stop_after=12)
    assert not game.is_over()
    record = loads(dumps(Record.from_game(game)))
    record.check()
    replayed = record.replay()
    assert replayed.history == game.history
    assert replayed.deals == game.deals
    assert replayed.score == game.score
    assert (replayed.phase, replayed.to_act) == (game.phase, game.to_act)
    assert replayed.hand_mask(game.to_act) == game.hand_mask(game.to_act)


def test_record_json_top_level_is_the_documented_shape() -> None:
    data = record_data(random_record())
    assert list(data) == [
        "format", "version", "metadata", "rules", "start_score", "deals", "result"
    ]
    assert data["format"] == FORMAT
    assert data["version"] == VERSION
    assert data["rules"] == Rules().to_dict()
    first = deal_data(data, 0)
    assert list(first)[:5] == ["dealer", "hands", "upcard", "kitty", "actions"]
    assert first["result"] is not None
    result = data["result"]
    assert isinstance(result, dict)
    assert set(result) == {"score", "winner"}


def test_record_text_is_stable_and_pretty() -> None:
    text = dumps(random_record("tournament", 4))
    assert text.endswith("}\n")
    assert all(len(line) <= 100 for line in text.splitlines())
    assert dumps(loads(text)) == text
    assert '"hands": [\n' in text


def test_record_from_a_game_that_starts_over_has_no_deals() -> None:
    game = Game(Rules(), seed=1, score=(10, 3))
    record = Record.from_game(game)
    assert record.deals == ()
    assert record.first_dealer is None
    assert loads(dumps(record)) == record
    record.check()
    assert record.result == GameResult((10, 3), 0)


def test_record_keeps_a_start_score_mid_game() -> None:
    game = Game(Rules(), seed=9, score=(8, 9))
    rng = random.Random(9)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    record = loads(dumps(Record.from_game(game)))
    assert record.start_score == (8, 9)
    assert record.replay().score == game.score
    record.check()


def test_record_states_walk_the_game() -> None:
    record = random_record("two-handed", 5)
    states = list(record)
    assert len(states) == 1 + sum(len(d.actions) for d in record.deals)
    assert states[-1].score == record.replay().score
    assert states[0].history == ((),)


def test_record_with_unknown_cards_round_trips() -> None:
    game = Game(Rules(), seed=2)
    dealt = game.deals[0]
    hidden = tuple(
        hand if seat == dealt.dealer else (UNKNOWN,) * 5 for seat, hand in enumerate(dealt.hands)
    )
    deal = Deal(dealt.dealer, hidden, dealt.upcard, (UNKNOWN,) * 3)
    record = Record(rules=Rules(), deals=(RecordedDeal(deal, ()),))
    text = dumps(record)
    assert '"X"' in text
    assert loads(text) == record


# -- replay and check errors -------------------------------------------------------------


def altered_play(record: Record, first: int = 0) -> tuple[Record, str]:
    """The record with one play (in deal ``first`` or later, from 0) changed to a card
    that does not follow suit, and the message expected from the replay."""
    for state, (i, j, _) in zip(
        record.states(),
        ((i, j, a) for i, d in enumerate(record.deals) for j, a in enumerate(d.actions)),
        strict=False,
    ):
        if i < first or state.phase is not Phase.PLAY or not state.current_trick:
            continue
        follow = state.legal_play_mask()
        others = state.hand_mask(state.to_act) & ~follow
        if not others or follow == state.hand_mask(state.to_act):
            continue
        bad = cards_of(others)[0]
        actions = list(record.deals[i].actions)
        actions[j] = PLAY[bad]
        number = sum(1 for a in actions[: j + 1] if isinstance(a, Play))
        led = state.trump
        assert led is not None
        first_card = state.current_trick[0][1]
        from euchre.engine.cards import effective_suit

        led = effective_suit(first_card, led)
        deals = list(record.deals)
        deals[i] = replace(deals[i], actions=tuple(actions))
        expected = (
            f"deal {i + 1}, play {number}: {card_name(bad)} is not legal "
            f"(must follow {suit_name(led)})"
        )
        return replace(record, deals=tuple(deals)), expected
    raise AssertionError("no play could be altered")


@pytest.mark.parametrize("preset", ["standard", "two-handed"])
def test_record_replay_names_the_illegal_play(preset: str) -> None:
    record, expected = altered_play(random_record(preset, 3))
    with pytest.raises(RecordError) as info:
        record.replay()
    message = str(info.value)
    assert message.startswith(expected), message
    assert re.match(r"deal \d+, play \d+: \w\w is not legal \(must follow \w+\)", message)
    assert "the legal actions are: play" in message
    error = info.value
    assert isinstance(error, ReplayError)
    assert error.label.startswith("play ")
    # the text form says the same, through loads
    with pytest.raises(RecordError, match=re.escape(expected)):
        loads(dumps(record)).check()


def test_record_replay_labels_bids_discards_and_alone() -> None:
    record = random_record("standard", 5)
    first = record.deals[0]
    bad: tuple[Action, ...] = (PLAY[first.deal.hands[0][0]], *first.actions[1:])
    broken = replace(record, deals=(replace(first, actions=bad), *record.deals[1:]))
    with pytest.raises(RecordError, match=r"^deal 1, play 1: \w\w is not legal \(seat \d must"):
        broken.replay()


def test_record_check_names_a_wrong_deal_result() -> None:
    record = random_record("standard", 6)
    data = record_data(record)
    index = next(i for i, d in enumerate(record.deals) if d.result and d.result.team is not None)
    result = deal_data(data, index)["result"]
    assert isinstance(result, dict)
    team, points = result["team"], result["points"]
    assert isinstance(team, int) and isinstance(points, int)
    result["team"], result["points"] = 1 - team, points + 1
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).check()
    assert str(info.value) == (
        f"deal {index + 1}: the record says team {1 - team} scored {points + 1}, "
        f"the replay gives team {team} {points}"
    )


def test_record_check_warns_of_a_wrong_final_score() -> None:
    record = random_record("standard", 7)
    data = record_data(record)
    data["result"] = {"score": [3, 4], "winner": None}
    claimed = loads(json.dumps(data))
    game = claimed.check()  # the stored final score is a claim: the replay's is kept
    assert game.score == record.replay().score
    assert [str(w) for w in claimed.check_all().warnings] == [
        f"the record says the final score is 3-4, the replay gives "
        f"{game.score[0]}-{game.score[1]} (the replay's score is kept)"
    ]
    assert claimed.replay_all().warnings == claimed.check_all().warnings
    data["result"] = {"score": list(game.score), "winner": 1 - (game.winner() or 0)}
    wrong_winner = loads(json.dumps(data)).check_all().warnings
    assert [str(w) for w in wrong_winner] == [
        f"the record says team {1 - (game.winner() or 0)} won, "
        f"the replay gives team {game.winner() or 0} won"
    ]
    assert [w.deal_index for w in wrong_winner] == [None]
    assert record.check_all().warnings == ()


def test_record_check_names_other_wrong_result_fields() -> None:
    record = random_record("standard", 8)
    data = record_data(record)
    result = deal_data(data, 0)["result"]
    assert isinstance(result, dict)
    tricks = result["tricks"]
    assert isinstance(tricks, list)
    result["tricks"] = [tricks[1], tricks[0]] if tricks[0] != tricks[1] else [9, 9]
    with pytest.raises(RecordError, match=r"^deal 1: the record says the tricks were"):
        loads(json.dumps(data)).check()


def test_record_refuses_actions_after_the_deal_is_over() -> None:
    data = record_data(random_record("standard", 2))
    first = deal_data(data, 0)
    actions = first["actions"]
    second = deal_data(data, 1)
    extra = second["actions"]
    assert isinstance(actions, list) and isinstance(extra, list)
    first["actions"] = [*actions, extra[0]]
    with pytest.raises(RecordError, match=r"^deal 1, \w+ \d+: .* comes after the deal is over"):
        loads(json.dumps(data)).replay()


def test_record_refuses_an_unfinished_deal_followed_by_another() -> None:
    data = record_data(random_record("standard", 2))
    first = deal_data(data, 0)
    actions = first["actions"]
    assert isinstance(actions, list)
    first["actions"] = actions[:-1]
    first.pop("result")
    with pytest.raises(RecordError, match=r"^deal 1: the record stops before the deal is over"):
        loads(json.dumps(data)).replay()


def test_record_dealt_after_the_game_is_over_replays_with_a_warning() -> None:
    record = random_record("standard", 2)
    last = record.deals[-1].deal
    n = record.rules.players
    following = Deal((last.dealer + 1) % n, ((UNKNOWN,) * 5,) * n, last.upcard, (UNKNOWN,) * 3)
    longer = replace(record, deals=(*record.deals, RecordedDeal(following)))
    replayed = longer.replay_all()
    count = len(record.deals)
    score = record.replay().score
    team = "North-South" if score[0] > score[1] else "East-West"
    assert [str(w) for w in replayed.warnings] == [
        f"deal {count + 1}: dealt after {team} reached 10 (the game was over after deal "
        f"{count}, at {score[0]}-{score[1]}); it is checked but does not count"
    ]
    assert [w.deal_index for w in replayed.warnings] == [count]
    assert replayed.end == count and replayed.game.score == score
    assert replayed.after is not None and not replayed.after.is_over()
    assert longer.replay().history == record.replay().history
    assert loads(dumps(longer)).check_all().warnings == replayed.warnings


def record_going_on(preset: str, seed: int, extra: int) -> tuple[Record, int]:
    """The record of a finished game followed by ``extra`` deals played after its end
    (as real records sometimes are), and the number of deals of the game itself."""
    game = play_random(Rules.preset(preset), seed)
    record = Record.from_game(game, {"players": ["Ann", "Bo", "Cy", "Di"][: game.rules.players]})
    n = game.rules.players
    more = Game(game.rules.replace(target=0, deals=extra), seed=seed + 1000,
                first_dealer=(record.deals[-1].deal.dealer + 1) % n, score=game.score)
    rng = random.Random(seed)
    while not more.is_over():
        more.apply(rng.choice(more.legal_actions()))
    later = tuple(
        RecordedDeal(deal, actions, result)
        for deal, actions, result in zip(more.deals, more.history, more.results, strict=True)
    )
    return replace(record, deals=(*record.deals, *later)), len(record.deals)


@pytest.mark.parametrize("preset", ["standard", "two-handed", "openspiel"])
def test_record_going_on_after_the_end_replays_every_deal_with_a_warning(preset: str) -> None:
    record, end = record_going_on(preset, 3, extra=2)
    game = play_random(Rules.preset(preset), 3)
    replayed = record.check_all()
    assert replayed.end == end and replayed.game.is_over()
    assert replayed.game.score == game.score and replayed.game.winner() == game.winner()
    assert replayed.results == tuple(d.result for d in record.deals)
    assert replayed.score == record.deals[-1].result.score  # type: ignore[union-attr]
    score = f"{game.score[0]}-{game.score[1]}"
    if preset == "openspiel":
        why = "the game's 1 deal"
    else:
        winner = game.winner()
        assert winner is not None
        names = ["North-South", "East-West"] if preset == "standard" else ["South", "North"]
        why = f"{names[winner]} reached 10"
    assert [str(w) for w in replayed.warnings] == [
        f"deal {end + 1}: played after {why} (the game was over after deal {end}, at {score}); "
        f"deals {end + 1} to {end + 2} are checked but do not count"
    ]
    assert record.check().history == game.history  # the game as its rules count it
    again = loads(dumps(record))
    assert again == record and again.check_all().warnings == replayed.warnings
    states = list(record.states())
    assert len(states) == 1 + sum(len(d.actions) for d in record.deals)
    assert states[-1].score == replayed.score


def test_record_an_illegal_card_after_the_end_is_still_an_error() -> None:
    record, end = record_going_on("standard", 4, extra=2)
    broken, expected = altered_play(record, first=end)
    assert expected.startswith(f"deal {end + 1}, ") or expected.startswith(f"deal {end + 2}, ")
    with pytest.raises(ReplayError, match=re.escape(expected)):
        broken.replay_all()
    with pytest.raises(ReplayError, match=re.escape(expected)):
        list(broken.states())


def test_record_replay_cli_marks_the_deals_after_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    record, end = record_going_on("two-handed", 5, extra=2)
    path = tmp_path / "longer.json"
    dump(record, path)
    warning = str(record.replay_all().warnings[0])
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"warning: {warning}"]
    lines = out.splitlines()
    over = next(k for k, line in enumerate(lines) if line.startswith("Game over"))
    assert lines[over + 1].startswith("(the record goes on after the end of the game: 2 more deals")
    assert lines[over + 2].startswith(f"Deal {end + 1} (after the end): ")
    assert any(line.startswith(f"Deal {end + 2} (after the end): ") for line in lines)
    assert sum(line.startswith("Game over") for line in lines) == 1
    assert lines[-1].startswith("(the record ends here; score ")
    assert main(["replay", "--check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"warning: {warning}"]
    assert out.startswith(f"ok: {end + 2} deals, every action legal, final score ")
    assert f"(the game ended after deal {end}; the deals after it" in out
    for target in ("again.json", "again.egn"):
        assert main(["convert", str(path), str(tmp_path / target)]) == 0
        out, err = capsys.readouterr()
        assert err.splitlines() == [f"warning: {warning}"]
        back = read_record(tmp_path / target)
        # EGN has no kitty: its reader works it out from the hands, in the deck's order
        assert back.deals == (record.deals if target.endswith(".json") else egn_deals(record))
        assert back.replay_all().warnings == record.replay_all().warnings


# -- reading errors ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def valid() -> Json:
    return record_data(random_record("standard", 1))


def test_record_loads_refuses_bad_json() -> None:
    with pytest.raises(RecordError, match=r"^not JSON: .* line 1 column"):
        loads("{not json")
    with pytest.raises(RecordError, match="not a euchre record"):
        loads("[1, 2]")
    with pytest.raises(RecordError, match="nests too deeply"):
        loads("[" * 100_000 + "]" * 100_000)


def test_record_loads_refuses_the_wrong_format_or_version(valid: Json) -> None:
    data = copy.deepcopy(valid)
    data["version"] = 2
    assert "version 2 is not supported" in load_error(data)
    data["version"] = True
    assert "version true is not supported" in load_error(data)
    data = copy.deepcopy(valid)
    data["format"] = "chess"
    assert "not a euchre record" in load_error(data)
    assert "looks like EGN" in load_error({"fileType": "Euchre Game Notation"})


def test_record_loads_names_an_unknown_card(valid: Json) -> None:
    data = copy.deepcopy(valid)
    hand = deal_data(data, 2)["hands"]
    assert isinstance(hand, list) and isinstance(hand[1], list)
    hand[1][3] = "Zx"
    assert load_error(data).startswith("deals[2].hands[1][3]: unknown card 'Zx'")


def test_record_loads_names_a_card_dealt_twice(valid: Json) -> None:
    data = copy.deepcopy(valid)
    hands = deal_data(data, 0)["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list) and isinstance(hands[1], list)
    hands[1][2] = hands[0][0]
    message = load_error(data)
    assert message.startswith("deals[0].hands[1][2]: ")
    assert "dealt twice (also at deals[0].hands[0][0])" in message


def test_record_loads_names_an_unknown_option(valid: Json) -> None:
    data = copy.deepcopy(valid)
    rules = data["rules"]
    assert isinstance(rules, dict)
    rules["colour"] = "red"
    assert load_error(data).startswith("rules: unknown option 'colour'")
    rules.pop("colour")
    rules["deals"] = [1]
    assert load_error(data) == "rules: deals: must be a number, true or false, or text, not a list"
    rules["deals"] = None
    assert load_error(data).startswith("rules: deals: must be")
    rules["deals"] = 0
    rules["players"] = 9
    assert load_error(data) == "rules: players: four-handed partnership Euchre has 4 players, not 9"


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("start_score",), [1], "start_score: must be a list of two numbers"),
        (("start_score",), [-1, 0], "start_score[0]: must be from 0, not -1"),
        (("metadata",), [], "metadata: must be a JSON object, not a list"),
        (("deals",), {}, "deals: must be a list, not an object"),
        (("deals", 0, "dealer"), "0", "deals[0].dealer: must be a whole number, not '0'"),
        (("deals", 0, "dealer"), True, "deals[0].dealer: must be a whole number, not true"),
        (("deals", 0, "upcard"), "X", "deals[0].upcard: the upcard must be known"),
        (("deals", 0, "upcard"), 7, "deals[0].upcard: must be a string, not 7"),
        (("deals", 0, "kitty"), ["X"], "deals[0].kitty: the kitty holds 3 cards besides"),
        (("deals", 0, "hands", 1), ["X"], "deals[0].hands[1]: a hand holds 5 cards, not 1"),
        (("deals", 0, "hands", 1, 0), "7c", "deals[0].hands[1][0]: 7c is not a card of the 24"),
        (("deals", 0, "actions", 1), "bid", "deals[0].actions[1]: unknown action 'bid'"),
        (("deals", 0, "actions", 1), None, "deals[0].actions[1]: must be a string, not null"),
        (("deals", 0, "result", "trump"), "x", "deals[0].result.trump: must be one of c d h s"),
        (("deals", 0, "result", "team"), 2, "deals[0].result.team: must be from 0 to 1, not 2"),
        (("deals", 0, "extras"), 3, "deals[0].extras: must be a JSON object"),
        (("result", "winner"), "0", "result.winner: must be a whole number, not '0'"),
        (("surprise",), 1, "the record: unknown field 'surprise'"),
        (("deals", 0, "hand"), [], "deals[0]: unknown field 'hand'"),
    ],
)
def test_record_loads_says_where_a_problem_is(
    valid: Json, path: tuple[str | int, ...], value: object, expected: str
) -> None:
    data = copy.deepcopy(valid)
    node: Json = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    message = load_error(data)
    assert message.startswith(expected), message


def test_record_loads_checks_the_rotation_of_the_deal(valid: Json) -> None:
    data = copy.deepcopy(valid)
    first = deal_data(data, 0)["dealer"]
    deal_data(data, 1)["dealer"] = first
    assert load_error(data).startswith(
        f"deals[1].dealer: deal 2 is dealt by seat {first}, but the deal passes to seat"
    )


def test_record_loads_names_a_missing_field(valid: Json) -> None:
    data = copy.deepcopy(valid)
    deal_data(data, 0).pop("upcard")
    assert load_error(data) == "deals[0]: the field 'upcard' is missing"


def test_record_refuses_metadata_that_is_not_json() -> None:
    with pytest.raises(RecordError, match=r"metadata.when: set is not JSON data"):
        Record(metadata={"when": {1, 2}})
    with pytest.raises(RecordError, match=r"metadata.x: nan is not a JSON number"):
        loads(json.dumps({"format": FORMAT, "version": 1, "rules": {}, "deals": []}).replace(
            '"rules"', '"metadata": {"x": NaN}, "rules"'
        ))


# -- thrown-in deals: who deals next ----------------------------------------------------


def play_throwing_in(rules: Rules, seed: int, limit: int = 1500) -> Game:
    """A game of random legal actions (``limit`` at most: Hasenpfeffer's scores may sink
    for ever) in which every throw-in hand is thrown in, and most calls are passes."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over():
            break
        actions = game.legal_actions()
        if THROW_IN_HAND in actions:
            game.apply(THROW_IN_HAND)
        elif PASS in actions and rng.random() < 0.6:
            game.apply(PASS)
        else:
            game.apply(rng.choice(actions))
    return game


THROW_IN_CASES: dict[str, Rules] = {
    **{f"{name} throw_in": rules.replace(throw_in="no_ace_no_face")
       for name, rules in PRESET_RULES.items() if rules.form in APPLIES["throw_in"]},
    "32 cards throw_in": Rules(deck=32, throw_in="no_ace_no_face"),
    "hasenpfeffer": Rules.preset("hasenpfeffer"),
    **{f"{name} nap_all_pass=throw_in": rules.replace(nap_all_pass="throw_in")
       for name, rules in PRESET_RULES.items() if rules.form == "napoleon"},
}
"""Rules under which deals are thrown in: by a throw-in hand (``throw_in``, every form
that takes it, each preset of those forms), or by everybody passing (Hasenpfeffer's
Benny in the widow, Napoleon's ``nap_all_pass``; and, in the other cases too, two
rounds of passes without stick-the-dealer)."""


@pytest.mark.parametrize("name", list(THROW_IN_CASES))
def test_record_round_trip_of_games_with_thrown_in_deals(name: str) -> None:
    rules = THROW_IN_CASES[name]
    hands = rules.throw_in != "none"
    need = 1 if rules.deals == 1 else 3  # games with deals thrown in (openspiel: one deal)
    thrown = hand_games = 0
    for seed in range(400):
        game = play_throwing_in(rules, seed)
        record = Record.from_game(game, {"title": f"{name} {seed}"})
        text = dumps(record)
        again = loads(text)
        assert again == record
        assert dumps(again) == text
        replayed = again.check()
        assert replayed.deals == game.deals
        assert replayed.history == game.history
        assert replayed.results == game.results
        assert (replayed.score, replayed.winner()) == (game.score, game.winner())
        dealers = [deal.dealer for deal in game.deals]
        for k, (actions, result) in enumerate(zip(game.history, game.results, strict=False)):
            if k + 1 < len(dealers):  # the rule the record checks is the game's
                same = THROW_IN_HAND in actions
                assert (dealers[k + 1] == dealers[k]) == same
                assert result.thrown_in or not same
        thrown += any(result.thrown_in for result in game.results)
        hand_games += any(THROW_IN_HAND in actions for actions in game.history)
        if seed >= 10 and thrown >= need and (hand_games >= need or not hands):
            break
    assert thrown >= need
    assert hand_games >= need or not hands
    # EGN has neither throw-in hands nor these forms (test_egn_forms.py): refused in one
    # line; deals everybody passed under rules it has: next test
    refusal = egn_refusal(rules)
    assert refusal is not None
    with pytest.raises(RecordError, match=f"^{re.escape(refusal)}$"):
        dumps_egn(record)


@pytest.mark.parametrize("rules", [EGN_PASSING, Rules(form="two_handed")],
                         ids=["four-handed", "two-handed"])
def test_record_egn_round_trip_of_games_with_deals_everybody_passed(rules: Rules) -> None:
    games = 0
    for seed in range(1, 40):
        game = play_throwing_in(rules, seed)  # only the maker goes alone under these rules
        if not any(result.thrown_in for result in game.results):
            continue
        games += 1
        record = loads(dumps(Record.from_game(game)))
        back = loads_egn(dumps_egn(record))
        assert back.deals == egn_deals(record)
        replayed = back.check()
        assert replayed.history == game.history
        assert (replayed.score, replayed.winner()) == (game.score, game.winner())
        if games == 3:
            break
    assert games == 3


def test_record_rotation_of_the_deal_after_a_throw_in_hand() -> None:
    rules = Rules(deck=32, throw_in="no_ace_no_face")
    game = next(g for seed in range(100) if (g := play_throwing_in(rules, seed)).results
                and any(THROW_IN_HAND in actions for actions in g.history[:-1]))
    data = record_data(Record.from_game(game))
    k = next(k for k, actions in enumerate(game.history) if THROW_IN_HAND in actions)
    dealer = game.deals[k].dealer
    assert deal_data(data, k + 1)["dealer"] == dealer  # the same dealer deals again
    deal_data(data, k + 1)["dealer"] = (dealer + 1) % 4
    assert load_error(data).startswith(
        f"deals[{k + 1}].dealer: deal {k + 2} is dealt by seat {(dealer + 1) % 4}, but deal "
        f"{k + 1} was thrown in by a throw-in hand, so seat {dealer} deals again"
    )
    # a deal everybody passed passes the deal on, whatever the rules
    passed = next(g for seed in range(100) if (g := play_throwing_in(rules, seed)).results
                  and any(r.thrown_in and THROW_IN_HAND not in a
                          for r, a in zip(g.results, g.history[:-1], strict=False)))
    data = record_data(Record.from_game(passed))
    k = next(k for k, (r, a) in enumerate(zip(passed.results, passed.history, strict=False))
             if r.thrown_in and THROW_IN_HAND not in a)
    dealer = passed.deals[k].dealer
    assert deal_data(data, k + 1)["dealer"] == (dealer + 1) % 4
    deal_data(data, k + 1)["dealer"] = dealer
    assert load_error(data).startswith(
        f"deals[{k + 1}].dealer: deal {k + 2} is dealt by seat {dealer}, but the deal passes "
        f"to seat {(dealer + 1) % 4}"
    )


# -- four-trick tokens at the start -------------------------------------------------------

TOKENS = Rules(four_trick_tokens=True)


def game_with_tokens(seed: int = 4, actions: int | None = None) -> Game:
    """A game of random legal actions started at 2-5 with three tokens a side: with seed
    4 a fourth token scores a point."""
    return play_random(TOKENS, seed, actions, score=(2, 5), tokens=(3, 3))


def test_record_round_trip_of_a_game_starting_with_tokens(tmp_path: Path) -> None:
    game = game_with_tokens()
    record = Record.from_game(game)
    assert record.start_tokens == (3, 3)
    data = record_data(record)
    assert list(data) == [
        "format", "version", "metadata", "rules", "start_score", "start_tokens", "deals",
        "result",
    ]
    assert data["start_tokens"] == [3, 3]
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text
    replayed = again.check()
    assert (replayed.score, replayed.tokens) == (game.score, game.tokens)
    assert replayed.start_tokens == (3, 3)
    without = replace(record, start_tokens=()).replay()
    assert without.score != game.score  # the tokens count: a fourth scored a point
    # the deals after the end go on with the tokens, as the score
    assert game_after_end(game, [game.deals[0]]).tokens == game.tokens
    # euchre replay narrates the same game
    path = tmp_path / "tokens.json"
    dump(record, path)
    lines: list[str] = []
    replay_file(path, write=lines.append)
    assert lines[-1].endswith(f"{game.score[0]}-{game.score[1]}")


def test_record_without_tokens_writes_none() -> None:
    game = Game(TOKENS, seed=2, score=(1, 1), tokens=(0, 0))
    record = Record.from_game(game)
    assert record.start_tokens == ()
    assert "start_tokens" not in record_data(record)
    assert Record(rules=TOKENS, start_tokens=(0, 0)) == Record(rules=TOKENS)
    assert loads(dumps(record)).replay().tokens == (0, 0)


@pytest.mark.parametrize(
    ("value", "four_trick_tokens", "expected"),
    [
        ([4, 0], True,
         "start_tokens: each side holds 0 to 3 four-trick tokens (a fourth scores a point), not 4"),
        ([1, 0], False,
         "start_tokens: these rules have no four-trick tokens (four_trick_tokens is off)"),
        ([1], True, "start_tokens: must be a list of two numbers (team 0, team 1)"),
        ([-1, 0], True, "start_tokens[0]: must be from 0, not -1"),
        ([True, 0], True, "start_tokens[0]: must be a whole number, not true"),
        ("3", True, "start_tokens: must be a list, not '3'"),
    ],
)
def test_record_bad_start_tokens_are_one_record_error(
    value: object, four_trick_tokens: bool, expected: str
) -> None:
    data = record_data(Record.from_game(game_with_tokens(actions=10)))
    data["rules"]["four_trick_tokens"] = four_trick_tokens
    data["start_tokens"] = value
    assert load_error(data) == expected


def test_record_built_with_bad_start_tokens_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^start_tokens: these rules have no four-trick "
                                          r"tokens \(four_trick_tokens is off\)$"):
        Record(start_tokens=(1, 0))
    with pytest.raises(RecordError, match=r"^start_tokens: one number per side, 2 numbers, "
                                          r"not 3$"):
        Record(rules=TOKENS, start_tokens=(1, 0, 0))
    with pytest.raises(RecordError, match=r"^start_tokens: must be a tuple, not a list$"):
        Record(rules=TOKENS, start_tokens=[1, 0])  # type: ignore[arg-type]


@pytest.mark.parametrize("seeded", [True, False], ids=["from the seed", "from the deals"])
def test_record_saved_and_resumed_keeps_the_start_tokens(tmp_path: Path, seeded: bool) -> None:
    original = game_with_tokens(actions=30)
    assert not original.is_over()
    path = tmp_path / "g.json"
    if seeded:
        save_game(original, {"app": APP}, path)
    else:
        save_record(Record.from_game(original, {"app": APP}), path)
    assert record_data(load(path))["start_tokens"] == [3, 3]
    resumed, _ = resume_game(path)
    assert resumed.start_tokens == (3, 3)
    assert (resumed.history, resumed.score, resumed.tokens) == (
        original.history, original.score, original.tokens)
    for game in (original, resumed):
        rng = random.Random(8)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
    if seeded:  # the same deals to come: played on the same way, they end the same way
        assert (resumed.score, resumed.tokens) == (original.score, original.tokens)
    finished = loads(dumps(Record.from_game(resumed)))
    assert finished.start_tokens == (3, 3)
    assert finished.check().score == resumed.score


def test_record_starting_with_tokens_is_refused_by_egn(tmp_path: Path) -> None:
    record = Record.from_game(game_with_tokens())
    message = ("start_tokens=[3, 3]: EGN has no field for the four-trick tokens a game "
               "starts with (its initialScore gives only the score)")
    with pytest.raises(RecordError) as info:
        dumps_egn(record)
    assert str(info.value) == message
    with pytest.raises(RecordError, match=re.escape(message)):
        write_record(record, tmp_path / "game.egn")
    assert not (tmp_path / "game.egn").exists()
    # without tokens at the start, the same rules are written
    plain = Record.from_game(Game(TOKENS, seed=4, score=(2, 5)))
    assert loads_egn(dumps_egn(plain)).rules.four_trick_tokens


# -- files -------------------------------------------------------------------------------


def test_record_files_by_extension(tmp_path: Path) -> None:
    record = random_record("two-handed", 2)
    native = tmp_path / "game.json"
    write_record(record, native)
    assert read_record(native) == record
    assert load(native) == record
    dump(record, tmp_path / "other.json")
    assert (tmp_path / "other.json").read_text(encoding="utf-8") == dumps(record)
    egn = tmp_path / "game.EGN"
    write_record(record, egn)
    assert egn.read_text(encoding="utf-8").startswith('{\n  "fileType": "Euchre Game Notation"')
    back = read_record(egn)
    assert back.deals == egn_deals(record)
    assert back.rules == record.rules


def test_record_files_fail_with_record_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"missing\.json: cannot read the file \(No such file"):
        read_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match=r"cannot read the file"):
        read_record(tmp_path / "missing.egn")
    with pytest.raises(RecordError, match=r"unknown record file type '\.txt'"):
        read_record(tmp_path / "game.txt")
    with pytest.raises(RecordError, match=r"unknown record file type '\(no extension\)'"):
        write_record(random_record(), tmp_path / "game")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(RecordError, match=r"folder\.json: cannot read the file"):
        read_record(folder)
    with pytest.raises(RecordError, match=r"folder\.json: cannot write the file"):
        write_record(random_record(), folder)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match=r"binary\.json: not UTF-8 text"):
        read_record(binary)


# -- fuzzing -----------------------------------------------------------------------------

_WORDS = st.sampled_from(
    ["X", "Jd", "B", "9c", "Ah", "pass", "play Jd", "play 9c", "play Ah", "order", "call h",
     "call s", "alone", "stay", "discard X", "discard 9c", "h"]
) | st.integers(0, 3)
JSON = json_values(
    _WORDS,
    ["format", "version", "rules", "deals", "dealer", "hands", "upcard", "kitty", "actions",
     "result", "score", "winner", "metadata", "start_score", "start_tokens", "extras",
     "team"],
    ints=(-3, 40), floats=st.floats(allow_nan=False), text=6, key_text=5, max_size=5,
    max_leaves=25,
)
FUZZ = fuzz(120)


def only_record_errors(text: str) -> None:
    """Reading (and replaying, when it reads) raises nothing but RecordError."""
    record = read_or_none(loads, text)
    if record is None:
        return
    assert loads(dumps(record)) == record
    with contextlib.suppress(RecordError):
        record.check()


@FUZZ
@given(st.text(max_size=200))
def test_record_fuzz_random_text(text: str) -> None:
    only_record_errors(text)


@FUZZ
@given(JSON)
def test_record_fuzz_random_json(value: object) -> None:
    only_record_errors(json.dumps(value))
    only_record_errors(json.dumps({"format": FORMAT, "version": 1, "deals": value}))


_SMALL: Json = record_data(
    Record.from_game(play_random(Rules.preset("two-handed"), seed=3, stop_after=60))
)


@FUZZ
@given(st.data())
def test_record_fuzz_mutated_records(data: st.DataObject) -> None:
    value = copy.deepcopy(_SMALL)
    mutate(value, data.draw, JSON, steps=3, words=_WORDS)
    only_record_errors(json.dumps(value))


_ACTION_WORDS = st.sampled_from(
    ["pass", "order", "call c", "call d", "call h", "call s", "alone", "stay", "discard X",
     "play X", "play B"]
) | st.builds(
    lambda verb, c: f"{verb} {card_name(c)}", st.sampled_from(["play", "discard"]),
    st.integers(0, 31).filter(lambda c: c & 7 >= 2),
)


@FUZZ
@given(st.data())
def test_record_fuzz_altered_actions_replay_or_fail_cleanly(data: st.DataObject) -> None:
    value = copy.deepcopy(_SMALL)
    for _ in range(data.draw(st.integers(1, 4))):
        deal = data.draw(st.sampled_from(value["deals"]))
        actions = deal["actions"]
        if actions and data.draw(st.booleans()):
            actions[data.draw(st.integers(0, len(actions) - 1))] = data.draw(_ACTION_WORDS)
        else:
            actions.insert(data.draw(st.integers(0, len(actions))), data.draw(_ACTION_WORDS))
    record = loads(json.dumps(value))
    try:
        game = record.replay()
    except ReplayError as error:
        assert re.match(r"deal \d+, (bid|play|alone|discard)( \d+)?: ", str(error))
        return
    except RecordError:
        return
    assert len(record.replay_all().results) >= len(record.deals) - 1
    assert game.is_over() or len(game.results) >= len(record.deals) - 1


DOC = ROOT / "docs" / "record-format.md"


def test_record_format_doc_example_reads_and_checks() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    record = loads(block)
    game = record.check()
    assert game.score == (0, 2) and game.winner() == 1
    assert dumps(record) == block

"""Every published version of EGN reads, in the shape of the newest: 1.0's snake_case
fields, its 1-based phases and display settings, and later 1.x versions with a note."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cli.main import main
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.egn import egn_ruleset, from_egn, load_egn, loads_egn, rules_from_egn, to_egn
from euchre.records.egn_versions import (
    EGN_VERSIONS,
    NEWEST_EGN_VERSION,
    egn_version,
    replay_note,
    upgrade_egn,
    version_note,
)
from euchre.records.files import read_record
from euchre.records.record import Record
from helpers.fuzzing import fuzz, json_values, read_or_none, replace_deep
from helpers.paths import EGN_DATA
from helpers.randomplay import play_random

Json = Any

EGN_RULES = Rules(
    stick_the_dealer=True, maker_partner_alone=False, lone_defender=False,
    loner_lead="left_of_dealer",
)


def annotated_game(seed: int, rules: Rules = EGN_RULES) -> Json:
    """A current EGN game with annotations and an alternative line on its first deal."""
    record = Record.from_game(play_random(rules, seed), {"title": f"seed {seed}",
                                                         "gameId": f"g-{seed}"})
    first = dataclasses.replace(record.deals[0], extras={
        "callAnnotations": {"0": ["[?] a thin order"]},
        "playAnnotations": {"2": ["[!] the only card"], "5": ["two", "notes"]},
        "alternativeLines": [{"branchIndex": 1, "phases": [
            {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"], "isAlone": False},
            {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["9c"]]}]}],
    })
    return to_egn(dataclasses.replace(record, deals=(first, *record.deals[1:])))


_SNAKE = {
    "playerCards": "player_cards", "cardExchanges": "card_exchanges",
    "initialState": "initial_state", "upCard": "up_card", "isAlone": "is_alone",
    "aloneDefender": "alone_defender", "phaseNumber": "phase_number",
    "alternativeLines": "alternative_lines", "branchIndex": "branch_index",
    "initialScore": "initial_score", "gameId": "matchId",
    "callAnnotations": "calls_annotations", "playAnnotations": "tricks_annotations",
}


def downgrade(data: Json, version: str = "1.0.0") -> Json:
    """A current EGN game written the way EGN 1.0 files are: snake_case fields, phases
    numbered from 1, a one-note annotation as a plain string, the trick phase repeating
    isAlone, alternative lines as biddingPhase / trickPlayPhase."""

    def snake(value: Json) -> Json:
        if isinstance(value, list):
            return [snake(item) for item in value]
        if not isinstance(value, dict):
            return value
        out = {}
        for key, item in value.items():
            if key in ("callAnnotations", "playAnnotations"):
                item = {k: v[0] if len(v) == 1 else v for k, v in item.items()}
            out[_SNAKE.get(key, key)] = snake(item)
        return out

    old = snake(copy.deepcopy(data))
    old["version"] = version
    for deal in old["deals"]:
        phases = deal["phases"]
        for phase in phases:
            phase["phase_number"] += 1
        if len(phases) == 2:
            phases[1]["is_alone"] = phases[0]["is_alone"]
        for line in deal.get("alternative_lines", []):
            for phase in line.pop("phases"):
                name = "biddingPhase" if phase["type"] == "EUCHRE_BIDDING" else "trickPlayPhase"
                line[name] = phase
    return old


def same_game(a: Record, b: Record) -> None:
    assert a.deals == b.deals
    assert [d.extras for d in a.deals] == [d.extras for d in b.deals]
    assert (a.rules, a.start_score, a.result) == (b.rules, b.start_score, b.result)
    drop = ("egnVersion",)
    assert {k: v for k, v in a.metadata.items() if k not in drop} == {
        k: v for k, v in b.metadata.items() if k not in drop
    }


# -- the versions ------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.2", "1.2.1", "1.3", "1.4", "1.4.7", "1.5", "1.6"])
def test_egn_versions_1_2_to_1_6_read_a_current_file_as_it_is(version: str) -> None:
    data = annotated_game(1)
    current = from_egn(data)
    data["version"] = version
    upgraded = upgrade_egn(data)
    assert upgraded.data == data and not upgraded.renamed
    assert not upgraded.is_older and not upgraded.is_newer
    record = from_egn(data)
    same_game(record, current)
    assert record.metadata["egnVersion"] == version
    assert version_note(version) is None


@pytest.mark.parametrize("version", ["1.0.0", "1.0", "1", "1.1.0", "1.1"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_egn_1_0_and_1_1_files_read_as_the_same_game(version: str, seed: int) -> None:
    data = annotated_game(seed)
    old = downgrade(data, version)
    assert "initial_state" in old["deals"][0] and "matchId" in old["metadata"]
    record = from_egn(old)
    same_game(record, from_egn(data))
    assert record.metadata["egnVersion"] == version
    assert record.metadata["gameId"] == f"g-{seed}"
    assert version_note(version) == f"EGN version {version} (an older version: read as 1.6)"
    upgraded = upgrade_egn(old)
    assert upgraded.is_older and upgraded.renamed
    new: Json = upgraded.data
    for deal in new["deals"]:  # the one thing kept that egn-upgrade drops
        if len(deal["phases"]) == 2:
            del deal["phases"][1]["isAlone"]
    assert new["deals"] == data["deals"]


def test_egn_lone_defender_game_in_1_1_shape_with_alone_defender_among_the_tricks() -> None:
    rules = EGN_RULES.replace(lone_defender=True, lone_defender_scoring="flat_4")
    for seed in range(1, 300):
        try:
            data: Json = to_egn(Record.from_game(play_random(rules, seed)))
        except RecordError:  # a lone defender against a maker not alone: not EGN
            continue
        if any("aloneDefender" in d["phases"][0] for d in data["deals"]):
            break
    else:  # pragma: no cover - the seeds above hold one
        pytest.fail("no lone defender in 300 games")
    old = copy.deepcopy(data)
    old["version"] = "1.1.0"
    for deal in old["deals"]:
        if "aloneDefender" in deal["phases"][0] and len(deal["phases"]) == 2:
            deal["phases"][1]["aloneDefender"] = deal["phases"][0].pop("aloneDefender")
            deal["phases"][1]["type"] = "TRICK_PLAY_PHASE"
    same_game(from_egn(old), from_egn(data))
    deal = next(d for d in old["deals"] if d["phases"][1].get("aloneDefender") is not None)
    deal["phases"][0]["aloneDefender"] = (deal["phases"][1]["aloneDefender"] + 2) % 4
    with pytest.raises(RecordError, match=r"phases\[1\]\.aloneDefender: .* but the bidding"):
        from_egn(old)


def test_egn_newer_1_x_versions_are_read_with_a_note_and_others_refused() -> None:
    data = annotated_game(2)
    data["version"] = "1.9"
    record = from_egn(data)
    assert record.metadata["egnVersion"] == "1.9"
    assert upgrade_egn(data).is_newer
    assert version_note("1.9") == (
        "EGN version 1.9 (newer than 1.6, the newest this reader knows: read as 1.6)"
    )
    for bad in ("2.0", "1.x", "", "1.2.3.4", 1.4, None, True):
        data["version"] = bad
        with pytest.raises(RecordError, match=r"^version: EGN version .* is not supported"):
            from_egn(data)
    assert EGN_VERSIONS[-1] == NEWEST_EGN_VERSION == "1.6"
    assert [egn_version(v) for v in EGN_VERSIONS] == [(1, k) for k in range(7)]


def test_egn_short_calls_p_and_o_of_1_6_read_as_pass_and_order() -> None:
    data = annotated_game(3)
    short = copy.deepcopy(data)
    short["version"] = "1.6"
    for deal in short["deals"]:
        calls = deal["phases"][0]["calls"]
        calls[:] = [{"Pass": "p", "Order": "o"}.get(c, c) for c in calls]
    same_game(from_egn(short), from_egn(data))


def test_egn_a_field_under_both_its_names_is_refused() -> None:
    data = annotated_game(1)
    data["deals"][0]["initialState"]["player_cards"] = []
    data["deals"][0]["initialState"]["playerCards"] = []
    with pytest.raises(RecordError, match=(
        r"deals\[0\]\.initialState: both 'playerCards' and 'player_cards' are given"
    )):
        from_egn(data)
    data = annotated_game(1)
    data["metadata"]["matchId"] = "m"
    with pytest.raises(RecordError, match=r"metadata: both 'gameId' and 'matchId'"):
        from_egn(data)


def test_egn_upgrade_leaves_its_input_alone_and_changes_nothing_twice() -> None:
    old = downgrade(annotated_game(2))
    before = copy.deepcopy(old)
    once = upgrade_egn(old)
    assert old == before
    twice = upgrade_egn(once.data)
    assert twice.data == once.data and not twice.renamed


def test_egn_errors_in_an_old_file_say_the_names_are_the_newest() -> None:
    old = downgrade(annotated_game(1))
    old["deals"][0]["initial_state"]["dealer"] = 7
    with pytest.raises(RecordError) as info:
        from_egn(old)
    assert str(info.value) == (
        "deals[0].initialState.dealer: must be from 0 to 3, not 7 "
        "(an EGN 1.0.0 file, read as 1.6: fields are named as in 1.6)"
    )


def test_egn_deeply_nested_json_is_one_clear_error() -> None:
    deep: Json = []
    for _ in range(5000):
        deep = [deep]
    data = {"fileType": "Euchre Game Notation", "version": "1.0.0", "deals": deep}
    with pytest.raises(RecordError, match="nests too deeply"):
        from_egn(data)


# -- num_deals ---------------------------------------------------------------------------


def test_egn_num_deals_is_a_game_of_that_many_deals_both_ways() -> None:
    rules = rules_from_egn({"num_deals": 6, "std": True})
    assert (rules.deals, rules.target) == (6, 0)
    assert egn_ruleset(rules)["num_deals"] == 6
    assert "winning_score" not in egn_ruleset(rules)
    data: Json = to_egn(Record.from_game(play_random(EGN_RULES.replace(target=0, deals=4), 5)))
    assert data["metadata"]["ruleset"]["num_deals"] == 4
    back = from_egn(data)
    assert len(back.deals) == 4 and back.rules.deals == 4
    old = copy.deepcopy(data)
    old["version"] = "1.1.0"
    old["metadata"]["ruleset"]["max_deals"] = old["metadata"]["ruleset"].pop("num_deals")
    assert from_egn(old).rules == back.rules
    with pytest.raises(RecordError, match="both winning_score and num_deals"):
        rules_from_egn({"num_deals": 3, "winning_score": 10})


# -- the real 1.0.0 files ----------------------------------------------------------------


def test_egn_real_1_0_file_with_the_web_tools_display_settings_replays() -> None:
    path = EGN_DATA / "test_timingsLayouts.egn"
    raw = json.loads(path.read_text(encoding="utf-8"))
    upgraded: Json = upgrade_egn(raw).data
    assert {"timings", "views", "viewSwitches", "videoUrl"} <= set(raw)
    assert set(upgraded) == {"fileType", "version", "metadata", "deals"}
    assert [p["phaseNumber"] for p in upgraded["deals"][0]["phases"]] == [0, 1]
    record = load_egn(path)
    assert record.metadata["egnVersion"] == "1.0.0"
    assert record.metadata["title"] == "Three Trump is a Must Go"
    game = record.check()
    assert game.score == (0, 2)
    assert [str(a) for a in record.deals[0].actions[:6]] == [
        "pass", "pass", "pass", "pass", "call s", "stay"
    ]


def test_egn_real_1_0_annotated_file_upgrades_and_its_bad_play_is_named() -> None:
    path = EGN_DATA / "test_annotated.egn"
    upgraded: Json = upgrade_egn(json.loads(path.read_text(encoding="utf-8"))).data
    first, second = upgraded["deals"]
    assert first["initialState"]["playerCards"] == [[], [], [], []]
    assert first["initialState"]["kitty"] == ["Kc", "Jc", "Jh"]
    assert first["phases"][0]["callAnnotations"] == {"4": ["not sure about this order"]}
    assert [p["phaseNumber"] for p in first["phases"]] == [0, 1]
    line = first["alternativeLines"][0]["phases"][0]
    assert line["playAnnotations"] == {"0": ["better line"]} and line["phaseNumber"] == 1
    assert second["initialState"]["playerCards"][1] == ["Qd", "Qc", "Kc", "Kh", "Ks"]
    # the file is a converter's test: its first deal gives the dealer's upcard to seat 3
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert "deals[0].initialState: seat 3 plays Qs, the upcard" in str(info.value)
    assert str(info.value).endswith("(an EGN 1.0.0 file, read as 1.6: fields are named as in 1.6)")
    assert str(info.value).startswith(str(path))


# -- the command -------------------------------------------------------------------------


def test_egn_replay_says_the_version_of_an_old_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(EGN_DATA / "test_timingsLayouts.egn")
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "EGN version 1.0.0 (an older version: read as 1.6)"
    assert out[1].startswith("Seats, clockwise: South ")
    assert out[2].startswith("Deal 1: ")
    assert main(["replay", "--check", path]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "EGN version 1.0.0 (an older version: read as 1.6)",
        "ok: 1 deal, every action legal, final score 0-2",
        # the file gives no hands, only the cards played
        "not checked, for want of the hands:",
        "- that each seat was dealt the cards it plays, in deal 1: the record gives no "
        "hands there, only the cards played, so each hand is taken from its seat's plays "
        "(revokes, trick winners, points and the score are checked against them)",
    ]
    native = tmp_path / "old.json"
    assert main(["convert", path, str(native)]) == 0
    assert read_record(native).metadata["egnVersion"] == "1.0.0"
    assert replay_note(native, read_record(native).metadata) is None
    capsys.readouterr()
    assert main(["replay", str(native)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Deal 1: ")  # after the seats
    current = tmp_path / "current.egn"
    assert main(["convert", str(native), str(current)]) == 0
    capsys.readouterr()
    assert main(["replay", str(current)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Deal 1: ")  # after the seats
    assert json.loads(current.read_text())["version"] == "1.6"  # the newest, always


# -- fuzzing -----------------------------------------------------------------------------

_WORDS = st.sampled_from(
    ["X", "Jd", "9h", "Pass", "Order", "p", "o", "s", "EUCHRE_BIDDING", "TRICK_PLAY",
     "TRICK_PLAY_PHASE", "Euchre Game Notation", "1.0.0", "1.1", "LEFT_OF_DEALER"]
)
JSON = json_values(
    _WORDS,
    ["initial_state", "up_card", "player_cards", "is_alone", "phase_number", "phases",
     "calls", "tricks", "type", "dealer", "kitty", "initialLead", "aloneDefender",
     "alone_defender", "calls_annotations", "tricks_annotations", "alternative_lines",
     "biddingPhase", "trickPlayPhase", "branch_index", "timings", "views", "matchId",
     "max_deals", "ruleset", "initial_score", "deals", "metadata"],
)
FUZZ = fuzz(150)


def only_record_errors(text: str) -> None:
    record = read_or_none(loads_egn, text)
    if record is not None:
        record.check()


@FUZZ
@given(JSON, st.sampled_from(["1.0.0", "1.1", "1.6", "1.9"]))
def test_egn_versions_fuzz_old_shapes(value: Json, version: str) -> None:
    only_record_errors(json.dumps(
        {"fileType": "Euchre Game Notation", "version": version, "deals": value}
    ))
    only_record_errors(json.dumps(
        {"file_type": "Euchre Game Notation", "version": version, "metadata": value}
    ))


@FUZZ
@given(st.data())
def test_egn_versions_fuzz_mutated_old_games(data: st.DataObject) -> None:
    old = downgrade(annotated_game(data.draw(st.integers(1, 3))))
    replace_deep(old, data.draw, JSON, steps=6)
    only_record_errors(json.dumps(old))

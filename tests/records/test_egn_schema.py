"""Every EGN file the project writes conforms to the newest published EGN version: only
the fields of EGN's own schema (``tests/egnspec.py``, from the EGN project's
``schemas/egn-schema-v1.json`` and changelog), none under a version that lacks it. The
kitty, which EGN dropped in 1.2, is not written: reading works it out from the hands
where the file gives them all, and old files that give a kitty still read."""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest

from euchre.engine.cards import UNKNOWN, CardSet, card_name, deck_mask
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.egn import EGN_VERSION, dumps_egn, from_egn, load_egn, loads_egn, rules_from_egn
from euchre.records.egn_versions import NEWEST_EGN_VERSION
from euchre.records.record import HANDS_FROM_PLAYS, Record
from helpers.egnspec import (
    EGN_BIDDING,
    EGN_INITIAL_STATE,
    EGN_METADATA,
    egn_deals,
    egn_problems,
    play_for_egn,
)
from helpers.paths import EGN_DATA

Json = Any


EGN_RULES = rules_from_egn({})
"""The rules of EGN's defaults, which it says exactly."""

WRITTEN_RULES = {
    "egn": EGN_RULES,
    "standard (EGN's nearest)": Rules(),
    "two-handed": Rules.preset("two-handed").replace(stick_the_dealer=True),
    "32 cards and the joker": EGN_RULES.replace(deck=33),
    "a number of deals": EGN_RULES.replace(target=0, deals=5),
    "defend alone": EGN_RULES.replace(lone_defender=True, lone_defender_needs_loner=True,
                                      lone_defender_scoring="flat_4"),
    "house rules": EGN_RULES.replace(no_trump=True, four_trick_tokens=True, canadian=True,
                                     fast_break=True),
}
"""Rules of the games written (every form and flag is also written, and checked, by
``tests/records/test_egn_forms.py``)."""

METADATA: dict[str, dict[str, Json]] = {
    "euchre play": {"title": "You against the bots", "date": "2026-07-01T20:15:03",
                    "players": ["You", "Hana", "Ned", "Ada"],
                    "bots": ["human", "basic", "basic", "expert"], "app": "euchre play",
                    "seed": 7, "human_seat": 0, "practice": False},
    "arena": {"players": ["basic"] * 4, "event": "euchre arena",
              "arena": {"seed": 1, "mode": "games", "index": 0, "half": 0, "play": 0,
                        "slots": ["A", "B", "A", "B"]}},
    "a club night": {"title": "Final", "description": "Table 2", "event": "Club night",
                     "date": "2026-07-01", "gameId": "g-7", "teamNames": ["Us", "Them"]},
    "nothing": {},
}
"""The metadata the project's faces record (the terminal, the arena, a person)."""


def written(record: Record) -> Json:
    return json.loads(dumps_egn(record))


# -- the checker -------------------------------------------------------------------------


def test_egn_checker_finds_what_the_writer_wrote_before() -> None:
    # the writer's files used to say version 1.4, carry a kitty, teamNames (1.6's) and
    # "X" for an unknown card: each breaks EGN's schema
    game = play_for_egn(EGN_RULES, 1)
    data = written(Record.from_game(game, {"teamNames": ["Us", "Them"]}))
    assert egn_problems(data) == []
    old = copy.deepcopy(data)
    old["version"] = "1.4"
    first = old["deals"][0]["initialState"]
    first["kitty"] = [card_name(c) for c in game.deals[0].kitty]
    first["playerCards"][0][0] = "X"
    assert egn_problems(old) == [
        "deals[0].initialState.kitty: not a field of EGN",
        "deals[0].initialState.playerCards[0][0]: 'X' is not an EGN card",
        "teamNames: written under EGN 1.4, but added in 1.6",
    ]
    old["metadata"]["players"][1] = {"name": "Bo", "level": "basic"}
    old["deals"][0]["phases"][1]["initialLead"] = 1
    problems = egn_problems(old)
    assert "metadata.players[1].level: not a field of EGN" in problems
    assert "deals[0].phases[1].initialLead: not a field of EGN" in problems


def test_egn_field_lists_are_those_of_the_newest_version() -> None:
    assert EGN_VERSION == NEWEST_EGN_VERSION == "1.6"
    assert "kitty" not in EGN_INITIAL_STATE and "initialLead" not in EGN_BIDDING
    assert {"teamNames", "finalScore"} <= EGN_METADATA


# -- every file written ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(WRITTEN_RULES))
@pytest.mark.parametrize("face", list(METADATA))
def test_egn_every_file_written_conforms(name: str, face: str) -> None:
    rules = WRITTEN_RULES[name]
    record = Record.from_game(play_for_egn(rules, 3), METADATA[face])
    data = written(record)
    assert data["version"] == "1.6"
    assert egn_problems(data) == []
    for deal in data["deals"]:
        assert set(deal["initialState"]) == {"dealer", "upCard", "playerCards"}
    back = loads_egn(json.dumps(data))
    assert [d.deal for d in back.deals] == [d.deal for d in egn_deals(record)]
    assert back.replay_all().results == record.replay_all().results


def test_egn_a_record_that_stops_partway_writes_a_conforming_file() -> None:
    record = Record.from_game(play_for_egn(EGN_RULES, 2, stop_after=37))
    assert record.deals[-1].result is None
    assert egn_problems(written(record)) == []


def test_egn_unknown_cards_are_written_as_egn_writes_them() -> None:
    # a record whose hands hold unknown cards (a lone player's partner's, the dealer's
    # discard laid away unseen) not marked as taken from the plays, as a native record
    # converted from EGN before: its playerCards say "Xx", EGN's unknown card ("X" alone
    # is none)
    record = load_egn(EGN_DATA / "VWEC_Finals.egn")
    bare = dataclasses.replace(record, deals=tuple(
        dataclasses.replace(d, extras={k: v for k, v in d.extras.items()
                                       if k != HANDS_FROM_PLAYS})
        for d in record.deals))
    data = written(bare)
    assert egn_problems(data) == []
    cards = [c for d in data["deals"] for hand in d["initialState"]["playerCards"]
             for c in hand]
    assert "Xx" in cards and "X" not in cards
    assert [d.deal.hands for d in from_egn(data).deals] == [d.deal.hands for d in record.deals]


def test_egn_a_date_egn_cannot_hold_goes_in_the_description() -> None:
    record = Record.from_game(play_for_egn(EGN_RULES, 5),
                              {"date": "Friday night", "description": "Table 2"})
    meta = written(record)["metadata"]
    assert "date" not in meta and meta["description"] == "Table 2\ndate: Friday night"
    for date in ("2026-07-01", "2026-07-01T20:15", "2026-07-01 20:15:03.5",
                 "2026-07-21T03:47:33.103Z", ""):
        record = Record.from_game(play_for_egn(EGN_RULES, 5), {"date": date})
        assert written(record)["metadata"]["date"] == date


# -- the kitty ---------------------------------------------------------------------------


def test_egn_kitty_is_not_written_and_read_back_from_the_hands() -> None:
    record = Record.from_game(play_for_egn(EGN_RULES, 6))
    data = written(record)
    for deal, recorded in zip(data["deals"], record.deals, strict=True):
        assert "kitty" not in deal["initialState"]
        rest = CardSet(deck_mask(24)) - {
            recorded.deal.upcard, *(c for hand in recorded.deal.hands for c in hand)}
        assert set(rest) == set(recorded.deal.kitty)
    back = from_egn(data)
    for mine, theirs in zip(record.deals, back.deals, strict=True):
        assert theirs.deal.kitty == tuple(sorted(mine.deal.kitty))  # the deck's order
        assert HANDS_FROM_PLAYS not in theirs.extras


def test_egn_old_files_that_give_a_kitty_still_read() -> None:
    record = Record.from_game(play_for_egn(EGN_RULES, 6))
    data = written(record)
    old = copy.deepcopy(data)
    old["version"] = "1.0.0"
    for deal, recorded in zip(old["deals"], record.deals, strict=True):
        deal["initialState"]["kitty"] = [card_name(c) for c in recorded.deal.kitty]
    back = from_egn(old)
    assert back.deals == record.deals  # the kitty as given, in its order
    # without the hands, the kitty given is kept
    for deal in old["deals"]:
        del deal["initialState"]["playerCards"]
    assert [d.deal.kitty for d in from_egn(old).deals] == [d.deal.kitty for d in record.deals]
    # a kitty given that the hands contradict is named
    bad = copy.deepcopy(data)
    bad["deals"][0]["initialState"]["kitty"] = [
        card_name(c) for c in (record.deals[0].deal.hands[1][0], *record.deals[0].deal.kitty[1:])]
    with pytest.raises(RecordError, match=r"^deals\[0\]: the cards do not add up: .* is dealt "
                                          r"twice"):
        from_egn(bad)
    # written again, a known kitty the hands do not give is not kept (EGN has no kitty)
    again = from_egn(json.loads(dumps_egn(from_egn(old))))
    assert all(d.deal.kitty == (UNKNOWN,) * 3 for d in again.deals)


def test_egn_a_reviewed_record_written_with_its_notes_conforms() -> None:
    # the reviewer's notes and better lines (euchre review --out game.egn)
    from euchre.analysis.review import review_record
    from euchre.analysis.review_notes import annotate

    record = load_egn(EGN_DATA / "Quite_the_Hustle_Annotated.egn")
    annotated = annotate(review_record(record, budget=3, seed=0))
    data = written(annotated)
    assert any("alternativeLines" in deal for deal in data["deals"])
    assert egn_problems(data) == []

"""EGN import and export: the published games replay legally and survive a round trip."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.engine.actions import ALONE, DISCARD, ORDER, STAY, Discard
from euchre.engine.cards import UNKNOWN, CardSet, card_name, deck_mask, parse_card
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.egn import (
    DEFAULT_PLAYERS,
    dump_egn,
    dumps_egn,
    egn_rules_note,
    egn_ruleset,
    from_egn,
    load_egn,
    loads_egn,
    rules_from_egn,
    to_egn,
)
from euchre.records.files import read_record
from euchre.records.record import GameResult, Record, dumps, loads
from helpers.egnspec import egn_deals, egn_problems, without_kitty
from helpers.fuzzing import fuzz, json_values, mutate, read_or_none
from helpers.paths import EGN_DATA, ROOT, SHARED_EGN

Json = Any
"""JSON data as :func:`json.loads` gives it: tests index it freely."""

EGN_FILES = list(SHARED_EGN)
egn_files = pytest.mark.parametrize("path", EGN_FILES, ids=[p.stem for p in EGN_FILES])

FINAL_SCORES = {
    "Custom_Scenario": (0, 1),
    "Epic_Comeback": (11, 9),
    "Me_and_Bears": (10, 9),
    "Quite_the_Hustle_Annotated": (10, 7),
    "Six_Points_in_Two_Hands": (10, 9),
    "VWEC_Finals": (8, 10),
    "VWEC_Finals_Annotated": (8, 10),
}
"""Final scores of the published games, as their players reported them (the finals
ended 8-10; Six Points in Two Hands went from 4-9 to 10-9 with a loner march and a
march)."""

EGN_RULES = Rules(
    stick_the_dealer=True,
    maker_partner_alone=False,
    lone_defender=False,
    loner_lead="left_of_dealer",
)
"""Rules that EGN can express (those of the published games)."""


def egn_data(path: Path) -> Json:
    return json.loads(path.read_text(encoding="utf-8"))


def play_random(rules: Rules, seed: int, *, expressible: bool = True) -> Game:
    """A game of random legal actions; ``expressible``: only those going alone that EGN
    can say (the maker, or a defender against a lone maker)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        actions = game.legal_actions()
        if expressible and game.phase is Phase.ALONE and not egn_may_go_alone(game):
            actions = [STAY]
        game.apply(rng.choice(actions))
    return game


def egn_may_go_alone(game: Game) -> bool:
    """Whether the seat asked may go alone in a game EGN can express, whatever the
    tricks: the maker; a defender against a lone maker where a lone defender's euchre
    scores 4 (``flat_4``, as in EGN)."""
    seat, maker = game.to_act, game.maker
    assert maker is not None
    if seat == maker:
        return True
    return (
        (seat - maker) % 2 == 1
        and maker in game.alone
        and game.rules.lone_defender_scoring == "flat_4"
    )


def one_deal(
    calls: list[str],
    tricks: list[list[str]] | None = None,
    *,
    dealer: int = 0,
    upcard: str = "Jc",
    ruleset: dict[str, object] | None = None,
    **bidding: object,
) -> Json:
    """A one-deal EGN game."""
    phases: list[object] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, **bidding}]
    if tricks is not None:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {
        "fileType": "Euchre Game Notation",
        "version": "1.4",
        "metadata": {
            "players": list(DEFAULT_PLAYERS),
            "initialScore": [0, 0],
            "ruleset": ruleset if ruleset is not None else {"std": False},
        },
        "deals": [
            {"dealNumber": 0, "initialState": {"dealer": dealer, "upCard": upcard},
             "phases": phases}
        ],
    }


def egn_error(data: object) -> str:
    with pytest.raises(RecordError) as info:
        from_egn(data)
    return str(info.value)


# The tricks of Custom_Scenario.egn (dealer 0, spades named by seat 1, lead seat 1).
CUSTOM_TRICKS = [
    ["9h", "Jh", "9s", "Ah"],
    ["Js", "As", "9c", "Tc"],
    ["Td", "Jd", "Qd", "Kd"],
    ["Ad", "9d", "Th", "Qc"],
    ["Ac", "Qs", "Kh", "Kc"],
]


# -- the published games -----------------------------------------------------------------


@egn_files
def test_egn_published_games_replay_with_every_card_legal(path: Path) -> None:
    record = load_egn(path)
    game = Game(record.rules, deals=[d.deal for d in record.deals], score=record.start_score)
    for recorded in record.deals:
        for action in recorded.actions:
            assert action in game.legal_actions()
            game.apply(action)
    assert game.score == FINAL_SCORES[path.stem]
    assert record.replay().score == game.score
    assert record.result is not None and record.result.score == game.score
    record.check()
    if max(game.score) >= record.rules.target:
        assert game.is_over() and record.result.winner == game.winner()


def without_version(record: Record) -> Record:
    """The record less the EGN version its file was (written again, it is the newest)."""
    return replace(record, metadata={k: v for k, v in record.metadata.items()
                                     if k != "egnVersion"})


@egn_files
def test_egn_export_then_import_gives_the_same_game(path: Path) -> None:
    record = load_egn(path)
    written = dumps_egn(record)
    assert egn_problems(json.loads(written)) == []
    again = loads_egn(written)
    assert without_version(again) == without_version(record)
    assert again.metadata["egnVersion"] == "1.6"
    assert again.deals == record.deals
    assert dumps_egn(again) == written
    # and through the native format as well
    assert loads(dumps(record)) == record


@egn_files
def test_egn_published_games_keep_unknown_cards_unknown(path: Path) -> None:
    record = load_egn(path)
    results = record.replay().results
    given = [d["initialState"].get("playerCards") for d in egn_data(path)["deals"]]
    for recorded, result, hands in zip(record.deals, results, given, strict=True):
        deal = recorded.deal
        if hands and all(len(hand) == 5 for hand in hands):  # every hand given: the rest
            rest = CardSet(deck_mask(24)) - {deal.upcard, *(c for h in deal.hands for c in h)}
            assert deal.kitty == tuple(sorted(rest))
            continue
        assert deal.kitty == (UNKNOWN,) * 3  # taken from the plays: nothing deduced
        for seat, hand in enumerate(deal.hands):
            if (seat + 2) % 4 in result.alone:
                assert hand == (UNKNOWN,) * 5  # the partner of a loner shows nothing
            elif seat == deal.dealer and DISCARD[UNKNOWN] in recorded.actions:
                assert hand.count(UNKNOWN) == 1  # the card laid away unseen
            else:
                assert UNKNOWN not in hand


def test_egn_loner_partner_has_five_unknown_cards() -> None:
    record = load_egn(EGN_DATA / "Six_Points_in_Two_Hands.egn")
    first = record.deals[0]
    assert [str(a) for a in first.actions[:7]] == [
        "pass", "pass", "pass", "pass", "pass", "call h", "alone"
    ]
    assert first.deal.hands[0] == (UNKNOWN,) * 5
    assert first.result is not None and first.result.alone == (2,)
    assert first.result.points == 4


def test_egn_record_starting_mid_game_ends_with_the_right_score() -> None:
    record = load_egn(EGN_DATA / "Six_Points_in_Two_Hands.egn")
    assert record.start_score == (4, 9)
    assert [r.score for r in record.replay().results] == [(8, 9), (10, 9)]
    assert record.replay().winner() == 0
    epic = load_egn(EGN_DATA / "Epic_Comeback.egn")
    assert epic.start_score == (0, 7)
    assert epic.replay().score == (11, 9)


def test_egn_player_cards_give_the_hands() -> None:
    record = load_egn(EGN_DATA / "Custom_Scenario.egn")
    data = egn_data(EGN_DATA / "Custom_Scenario.egn")
    given = data["deals"][0]["initialState"]["playerCards"]
    hands = record.deals[0].deal.hands
    assert [[card_name(c) for c in hand] for hand in hands] == given
    assert record.metadata["title"] == "Custom Scenario"
    assert record.rules.stick_the_dealer and record.rules.loner_lead == "left_of_dealer"


def test_egn_keeps_annotations_and_alternative_lines() -> None:
    path = EGN_DATA / "VWEC_Finals_Annotated.egn"
    record = load_egn(path)
    assert any("callAnnotations" in d.extras for d in record.deals)
    assert any("playAnnotations" in d.extras for d in record.deals)
    assert any("alternativeLines" in d.extras for d in record.deals)
    written = json.loads(dumps_egn(record))
    original = egn_data(path)
    for mine, theirs in zip(written["deals"], original["deals"], strict=True):
        assert mine.get("alternativeLines") == theirs.get("alternativeLines")
        for a, b in zip(mine["phases"], theirs["phases"], strict=True):
            assert a.get("callAnnotations") == b.get("callAnnotations")
            assert a.get("playAnnotations") == b.get("playAnnotations")
            assert a.get("calls") == b.get("calls")
            assert a.get("tricks") == b.get("tricks")


# -- the dealer's exchange ---------------------------------------------------------------


def test_egn_discard_given_known_or_unknown() -> None:
    record = load_egn(EGN_DATA / "Me_and_Bears.egn")
    discards = [a for d in record.deals for a in d.actions if isinstance(a, Discard)]
    assert DISCARD[parse_card("Qc")] in discards
    assert DISCARD[parse_card("Tc")] in discards
    assert DISCARD[UNKNOWN] in discards
    # the dealer took the upcard, discard not given: one card of the dealer's stays unknown
    second = record.deals[0]
    assert DISCARD[UNKNOWN] in second.actions
    assert second.deal.hands[second.deal.dealer].count(UNKNOWN) == 1


def bare_deal(record: Record, index: int) -> Json:
    """Deal ``index`` of a record as a one-deal EGN game, without playerCards, kitty and
    discard: only what a transcript of the table shows."""
    data: Json = to_egn(record)
    deals = data["deals"]
    assert isinstance(deals, list)
    deal = deals[index]
    deal["initialState"].pop("playerCards", None)
    deal["initialState"].pop("kitty", None)
    deal["phases"][0].pop("discard", None)
    deal["dealNumber"] = 0
    data["deals"] = [deal]
    metadata = data["metadata"]
    assert isinstance(metadata, dict)
    metadata.pop("finalScore")
    return data


def find_exchange(upcard_laid_away: bool) -> tuple[Record, int]:
    """A game and deal where the dealer laid away the upcard (or took it)."""
    for seed in range(1, 100):
        record = Record.from_game(play_random(EGN_RULES, seed))
        for index, recorded in enumerate(record.deals):
            for action in recorded.actions:
                if isinstance(action, Discard) and (
                    (action.card == recorded.deal.upcard) == upcard_laid_away
                ):
                    return record, index
    raise AssertionError("no such deal")


def test_egn_dealer_who_never_plays_the_upcard_discarded_it() -> None:
    record, index = find_exchange(upcard_laid_away=True)
    upcard = record.deals[index].deal.upcard
    back = from_egn(bare_deal(record, index)).deals[0]
    assert DISCARD[upcard] in back.actions
    assert back.actions == record.deals[index].actions
    dealer = back.deal.dealer
    assert UNKNOWN not in back.deal.hands[dealer]


def test_egn_dealer_who_took_the_upcard_discarded_an_unknown_card() -> None:
    record, index = find_exchange(upcard_laid_away=False)
    original = record.deals[index]
    back = from_egn(bare_deal(record, index)).deals[0]
    assert DISCARD[UNKNOWN] in back.actions
    assert [a for a in back.actions if not isinstance(a, Discard)] == [
        a for a in original.actions if not isinstance(a, Discard)
    ]
    hand = back.deal.hands[back.deal.dealer]
    assert hand.count(UNKNOWN) == 1
    assert original.deal.upcard not in hand
    # with the discard written, the dealer's hand is whole again
    discard = next(a for a in original.actions if isinstance(a, Discard))
    data = bare_deal(record, index)
    data["deals"][0]["phases"][0]["discard"] = str(discard).split()[1]
    again = from_egn(data).deals[0]
    assert discard in again.actions
    assert sorted(again.deal.hands[again.deal.dealer]) == sorted(
        original.deal.hands[original.deal.dealer]
    )


# -- rules -------------------------------------------------------------------------------


def test_egn_ruleset_flags_map_to_rules() -> None:
    assert rules_from_egn({}) == Rules(
        stick_the_dealer=True, lone_defender=False, maker_partner_alone=False,
        loner_lead="left_of_dealer",
    )
    rules = rules_from_egn({
        "std": False, "min_rank": 7, "winning_score": 11, "loner_lead": "LEFT_OF_LONER",
        "loner_march_score": 5, "loner_euchred_score": 3, "defend_alone": True,
    })
    assert (rules.deck, rules.target, rules.deals, rules.stick_the_dealer) == (32, 11, 0, False)
    assert (rules.loner_march_points, rules.loner_euchred_points) == (5, 3)
    assert rules.lone_defender and rules.lone_defender_scoring == "flat_4"
    assert rules.lone_defender_needs_loner and not rules.canadian
    assert rules_from_egn({"canadian": True}).canadian
    assert not rules.maker_partner_alone and not rules.dealer_must_take_upcard
    assert rules.loner_lead == "left_of_loner"
    assert rules_from_egn({"joker": True}).deck == 25
    assert [rules_from_egn({"min_rank": r}).deck for r in (9, 8, 7)] == [24, 28, 32]
    assert [rules_from_egn({"min_rank": r, "joker": True}).deck for r in (9, 8, 7)] == [
        25, 29, 33]
    for deck in (24, 25, 28, 29, 32, 33):  # forms §13 and §19.13: every deck both ways
        assert rules_from_egn(egn_ruleset(Rules(deck=deck))).deck == deck
    counted = rules_from_egn({"num_deals": 8})
    assert (counted.target, counted.deals) == (0, 8)
    two = rules_from_egn({"num_players": 2})
    assert two.players == 2 and not two.going_alone and not two.lone_defender


@pytest.mark.parametrize(
    ("flag", "option", "value"),
    [("farmers", "farmers", True), ("partners_best", "partners_best", "loner"),
     ("go_under", "go_under", True), ("allow_no_trump", "no_trump", True),
     ("four_trick_tokens", "four_trick_tokens", True)],
)
def test_egn_house_rule_flags_set_their_options(flag: str, option: str, value: object) -> None:
    assert getattr(rules_from_egn({flag: True}), option) == value
    assert rules_from_egn({flag: False}) == rules_from_egn({})


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ({"num_players": 3}, "3 players is not supported"),
        ({"min_rank": 6}, r"must be 9 \(24 cards\), 8 \(28\) or 7 \(32\), not 6"),
        ({"winning_score": 5, "num_deals": 4}, "both winning_score and num_deals"),
        ({"winning_score": 0}, "winning_score or num_deals must end the game"),
        ({"std": "yes"}, "metadata.ruleset.std: must be true or false"),
        ({"loner_lead": "LEFT"}, "must be LEFT_OF_DEALER or LEFT_OF_LONER"),
        ({"colour": 1}, "unknown EGN ruleset flag 'colour'"),
        ({"num_players": 2, "defend_alone": True}, "lone_defender: two-handed Euchre does not"),
    ],
)
def test_egn_bad_rulesets_are_refused(ruleset: dict[str, object], expected: str) -> None:
    with pytest.raises(RecordError, match=expected):
        rules_from_egn(ruleset)


# -- export and import of engine games ---------------------------------------------------

ROUND_TRIP_RULES = {
    "egn": EGN_RULES,
    "stick-off-loner-lead": EGN_RULES.replace(stick_the_dealer=False, loner_lead="left_of_loner"),
    "defend-alone": EGN_RULES.replace(lone_defender=True, lone_defender_needs_loner=True,
                                      lone_defender_scoring="flat_4"),
    "two-handed": Rules.preset("two-handed").replace(stick_the_dealer=True),
    "32-cards": EGN_RULES.replace(deck=32, loner_march_points=5),
    "joker": EGN_RULES.replace(deck=25, target=0, deals=6),
}


@pytest.mark.parametrize("name", list(ROUND_TRIP_RULES))
@pytest.mark.parametrize("seed", [1, 2])
def test_egn_export_then_import_of_engine_games(name: str, seed: int) -> None:
    game = play_random(ROUND_TRIP_RULES[name], seed)
    record = Record.from_game(game, {"title": name, "event": "not in EGN"})
    written = dumps_egn(record)
    assert egn_problems(json.loads(written)) == []
    back = loads_egn(written)
    assert back.rules == record.rules
    assert back.start_score == record.start_score
    assert back.deals == egn_deals(record)
    assert back.result == record.result
    assert back.metadata["title"] == name
    names = ["South", "West", "North", "East"] if game.rules.players == 4 else ["South", "North"]
    assert back.metadata["players"] == names


NEAREST = {
    "standard": (Rules(), ["maker_partner_alone=True (no maker's partner went alone)",
                           "lone_defender_scoring='by_tricks' (no lone defender took 3 or 4"]),
    "tournament": (Rules.preset("tournament"), ["dealer_must_take_upcard=True"]),
    "openspiel": (Rules.preset("openspiel"),
                  ["dealer_must_take_upcard=True", "lone_defender_scoring='flat_4' (nobody"]),
    "dealt-one-by-one": (EGN_RULES.replace(deal_pattern="1"), ["deal_pattern='1'"]),
    "nobody-alone": (EGN_RULES.replace(going_alone=False, lone_defender=False),
                     ["going_alone=False (nobody went alone)"]),
}
"""Rules EGN has no flag for, and what the note of a game written under them says."""


def same_game(mine: Record, theirs: Record) -> None:
    """The same game: the same deals, decisions (but the ``stay`` answers to going-alone
    questions one set of rules asks and the other does not) and results."""
    assert [d.deal for d in theirs.deals] == [d.deal for d in egn_deals(mine)]
    assert [[a for a in d.actions if a != STAY] for d in theirs.deals] == [
        [a for a in d.actions if a != STAY] for d in mine.deals
    ]
    ours, read = mine.replay_all(), theirs.replay_all()
    assert read.results == ours.results
    assert (read.score, read.game.winner()) == (ours.score, ours.game.winner())
    assert theirs.start_score == mine.start_score


@pytest.mark.parametrize("name", list(NEAREST))
@pytest.mark.parametrize("seed", [1, 2])
def test_egn_export_writes_the_nearest_rules_when_no_deal_used_what_they_leave_out(
    name: str, seed: int
) -> None:
    rules, expected = NEAREST[name]
    record = Record.from_game(play_random(rules, seed), {"title": name})
    note = egn_rules_note(rules)
    assert note is not None
    assert note.startswith("written with EGN's nearest rules; no deal used what they leave out: ")
    assert "\n" not in note
    for text in expected:
        assert text in note
    back = loads_egn(dumps_egn(record))
    assert back.rules == rules_from_egn(egn_ruleset(rules)) != rules
    # native -> EGN -> native replays the same game
    same_game(record, loads(dumps(back)))
    assert back.metadata["title"] == name


def test_egn_exact_rules_have_no_note() -> None:
    for rules in ROUND_TRIP_RULES.values():
        assert egn_rules_note(rules) is None
        assert rules_from_egn(egn_ruleset(rules)) == rules


def offending_game(rules: Rules, seed: int, offends: Callable[[Game], bool]) -> tuple[Game, int]:
    """A game played as EGN can express it but for one seat, the first for which
    ``offends`` holds when asked to go alone, which goes alone; it stops after that deal.
    Returns the game and that deal's index."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    offended: int | None = None
    while not game.is_over() and (offended is None or len(game.results) <= offended):
        actions = game.legal_actions()
        if game.phase is Phase.ALONE:
            if offended is None and offends(game):
                offended = game.deal_number
                actions = [ALONE]
            elif not egn_may_go_alone(game):
                actions = [STAY]
        game.apply(rng.choice(actions))
    assert offended is not None, "no chance to go alone"
    return game, offended


def _partner(game: Game) -> bool:
    return game.maker is not None and game.to_act == (game.maker + 2) % 4


def _defender_against_partners(game: Game) -> bool:
    return game.maker is not None and (game.to_act - game.maker) % 2 == 1 and (
        game.maker not in game.alone
    )


def _defender_against_a_loner(game: Game) -> bool:
    return game.maker is not None and (game.to_act - game.maker) % 2 == 1 and (
        game.maker in game.alone
    )


@pytest.mark.parametrize(
    ("offends", "expected"),
    [
        (_partner, "the maker's partner went alone, which EGN cannot express (its isAlone"),
        (_defender_against_partners,
         "a defender went alone against a maker who did not, which EGN cannot express"),
    ],
)
def test_egn_export_refuses_the_deal_where_someone_went_alone_as_egn_cannot_say(
    offends: Callable[[Game], bool], expected: str
) -> None:
    for seed in (1, 2, 3):
        game, index = offending_game(Rules(), seed, offends)
        with pytest.raises(RecordError) as info:
            dumps_egn(Record.from_game(game))
        assert str(info.value).startswith(f"deal {index + 1}: {expected}")
        # the same game up to the deal before converts, with the note
        before = Record.from_game(game)
        kept = replace(before, deals=before.deals[:index], result=None)
        same_game(kept, loads_egn(dumps_egn(kept)))


def test_egn_export_refuses_a_lone_defender_taking_three_or_four_tricks_by_tricks() -> None:
    refused = written = 0
    for seed in range(1, 80):
        game, index = offending_game(Rules(), seed, _defender_against_a_loner)
        result = game.results[index]
        assert result.maker is not None
        taken = result.tricks[1 - result.maker % 2]
        record = Record.from_game(game)
        if taken in (3, 4):
            with pytest.raises(RecordError) as info:
                dumps_egn(record)
            assert str(info.value) == (
                f"deal {index + 1}: the lone defender's side took {taken} tricks, 2 points "
                "under lone_defender_scoring='by_tricks', which EGN cannot express "
                "(its defend_alone scores 4)"
            )
            refused += 1
        else:  # 4 points for five tricks, or the makers scoring: the same under flat_4
            same_game(record, loads_egn(dumps_egn(record)))
            written += 1
    assert refused and written


def test_egn_round_trip_keeps_a_lone_defender() -> None:
    rules = ROUND_TRIP_RULES["defend-alone"]
    for seed in range(1, 200):
        game = play_random(rules, seed)
        if any(r.maker is not None and any((s - r.maker) % 2 for s in r.alone)
               for r in game.results):
            break
    else:
        pytest.fail("no random game had a lone defender")
    record = Record.from_game(game)
    data: Json = to_egn(record)
    assert any("aloneDefender" in d["phases"][0] for d in data["deals"])
    assert from_egn(data).deals == egn_deals(record)


def test_egn_export_refuses_what_would_read_back_differently() -> None:
    game = Game(EGN_RULES, seed=3)
    while game.phase.value != "alone":
        game.apply(game.legal_actions()[-1])
    # a deal stopped before the going-alone answer: EGN would answer 'stay' for it
    record = Record.from_game(game)
    with pytest.raises(RecordError, match=r"deal 1: EGN cannot express its actions exactly"):
        dumps_egn(record)


def test_egn_files(tmp_path: Path) -> None:
    record = Record.from_game(play_random(EGN_RULES, 4))
    path = tmp_path / "game.egn"
    dump_egn(record, path)
    assert load_egn(path).deals == egn_deals(record)
    with pytest.raises(RecordError, match="cannot read the file"):
        load_egn(tmp_path / "nothing.egn")


# -- records that go on after the end ----------------------------------------------------


def going_on(path: Path) -> Json:
    """A published game with its last deal played once more after the end (turned one
    seat on, so that it is dealt by the next dealer): a record that does not stop where
    the rules say."""
    data = egn_data(path)
    deals = data["deals"]
    again = copy.deepcopy(deals[-1])
    again["dealNumber"] = len(deals)
    again["initialState"]["dealer"] = (again["initialState"]["dealer"] + 1) % 4
    deals.append(again)
    data["metadata"].pop("finalScore", None)
    return data


def test_egn_record_going_on_after_the_end_reads_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    data = going_on(EGN_DATA / "Six_Points_in_Two_Hands.egn")
    record = from_egn(data)
    replayed = record.check_all()
    expected = (
        "deal 3: played after North-South reached 10 (the game was over after deal 2, "
        "at 10-9); it is checked but does not count"
    )
    assert [str(w) for w in replayed.warnings] == [expected]
    assert replayed.game.score == (10, 9) and replayed.game.winner() == 0
    assert replayed.score == (10, 11)  # the march played again, by the other side
    assert record.result == GameResult((10, 11), 0)
    assert all(d.result is not None for d in record.deals)
    # both ways through the formats
    assert without_version(loads_egn(dumps_egn(record))) == without_version(record)
    assert loads(dumps(record)).check_all().warnings == replayed.warnings
    path = tmp_path / "longer.egn"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == f"warning: {expected}\n"
    assert out.startswith("ok: 3 deals, every action legal, final score 10-9 (the game ended")
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == f"warning: {expected}\n"
    assert "Game over: North-South win 10-9\n(the record goes on after the end" in out
    assert "\nDeal 3 (after the end): " in out
    assert main(["convert", str(path), str(tmp_path / "longer.json")]) == 0
    out, err = capsys.readouterr()
    assert err == f"warning: {expected}\n"
    assert read_record(tmp_path / "longer.json") == record


def test_egn_final_score_after_the_end_or_at_it_both_agree() -> None:
    data = going_on(EGN_DATA / "Six_Points_in_Two_Hands.egn")
    for final in ([10, 9], [10, 11]):
        data["metadata"]["finalScore"] = final
        assert len(from_egn(data).check_all().warnings) == 1  # only the deal after the end
    data["metadata"]["finalScore"] = [11, 9]
    assert [str(w) for w in from_egn(data).check_all().warnings][1] == (
        "the record says the final score is 11-9, the replay gives 10-11 "
        "(the replay's score is kept)"
    )


# -- records of `euchre play` ------------------------------------------------------------


def played_at_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> Path:
    """The file `euchre play` saves for a game (default rules, hints for the person's
    moves), as the terminal's session writes it."""
    from euchre.table.data_folder import ENV_VAR
    from euchre.tui.session import GameSession, PlayConfig

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    config = PlayConfig(partner="basic", opponents="basic", hint_bot="basic", seed=seed,
                        speed=0)
    session = GameSession.start(config)
    while not session.game.is_over():
        if session.human_to_act():
            session.apply(session.hint().choice)
        elif session.frozen is not None:
            session.continue_play()
        else:
            session.apply(session.bot_choice())
    assert session.path is not None and session.game.rules == Rules.preset("standard")
    return session.path


def test_egn_a_game_played_with_euchre_play_converts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    saved = played_at_the_terminal(tmp_path, monkeypatch, seed=5)
    egn = tmp_path / "game.egn"
    assert main(["convert", str(saved), str(egn)]) == 0
    out, err = capsys.readouterr()
    assert err == (
        "note: written with EGN's nearest rules; no deal used what they leave out: "
        "maker_partner_alone=True (no maker's partner went alone), "
        "lone_defender_scoring='by_tricks' (no lone defender took 3 or 4 tricks), "
        "lone_defender_needs_loner=False (no defender went alone against a maker who did "
        "not)\n"
    )
    assert out.startswith(f"wrote {egn} (")
    native = read_record(saved)
    written: Json = json.loads(egn.read_text(encoding="utf-8"))
    meta = written["metadata"]
    assert meta["title"] == native.metadata["title"] == "You against the bots"
    assert meta["date"] == native.metadata["date"]
    assert meta["description"] == f"app: euchre play; seed: {native.metadata['seed']}"
    names = native.metadata["players"]
    assert isinstance(names, list)
    assert meta["players"][0] == names[0] == "You"
    # each bot a player of its own (its name its id), its level beside it
    assert meta["players"][1] == {
        "id": names[1], "name": names[1],
        "playerIds": [{"id": names[1], "source": "euchre"},
                      {"id": "basic", "source": "euchre bot"}],
    }
    assert egn_problems(written) == []
    # native -> EGN -> native replays the same game, with the same players and bots
    back = tmp_path / "back.json"
    assert main(["convert", str(egn), str(back)]) == 0
    capsys.readouterr()
    same_game(native, read_record(back))
    assert read_record(back).metadata["players"] == names
    assert read_record(back).metadata["bots"] == native.metadata["bots"]
    assert main(["replay", "--check", str(back)]) == 0
    assert capsys.readouterr().err == ""


def test_egn_metadata_keeps_the_event_where_egn_has_a_field() -> None:
    record = Record.from_game(play_random(EGN_RULES, 3), {
        "title": "Final", "description": "Table 2", "event": "Club night", "date": "2026-07-01",
        "gameId": "g-7", "teamNames": ["Us", "Them"], "seed": 3, "status": "finished",
    })
    meta = json.loads(dumps_egn(record))["metadata"]
    assert meta["description"] == "Table 2\nevent: Club night; seed: 3"
    assert (meta["title"], meta["date"], meta["gameId"]) == ("Final", "2026-07-01", "g-7")
    assert meta["teamNames"] == ["Us", "Them"]
    assert "status" not in meta and "event" not in meta
    back = loads_egn(dumps_egn(record))
    assert back.metadata["description"] == "Table 2\nevent: Club night; seed: 3"
    assert loads_egn(dumps_egn(back)).metadata == back.metadata


# -- reading errors ----------------------------------------------------------------------


def test_egn_card_notation() -> None:
    record = Record.from_game(play_random(EGN_RULES, 6))
    data: Json = to_egn(record)
    results = record.replay().results
    seen = set()
    for deal, result in zip(data["deals"], results, strict=True):
        if result.trump is None:
            continue
        right = "J" + "cdhs"[result.trump]
        left = "J" + "cdhs"[3 - result.trump]
        for trick in deal["phases"][1]["tricks"]:
            for k, text in enumerate(trick):
                new = {right: "R", left: "L"}.get(text, "N" + text[1] if text[0] == "9" else text)
                seen.add(new if len(new) == 1 else new[0])
                trick[k] = new
    assert {"R", "L", "N"} <= seen
    assert from_egn(data).deals == egn_deals(record)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Zz", "unknown EGN card 'Zz'"),
        ("9", "unknown EGN card '9'"),
        ("10h", "unknown EGN card '10h'"),
        ("9t", "generic suits (t, n, g) are not supported"),
        ("X", "a trick with an unknown card 'X' cannot be replayed"),
        ("Xh", "a trick with an unknown card 'X' cannot be replayed"),
        ("7h", "7h is not a card of the 24-card deck"),
        ("B", "B is not a card of the 24-card deck"),
    ],
)
def test_egn_bad_cards_in_tricks(text: str, expected: str) -> None:
    tricks = copy.deepcopy(CUSTOM_TRICKS)
    tricks[2][1] = text
    message = egn_error(one_deal(["Pass"] * 4 + ["s"], tricks, isAlone=False))
    assert message.startswith("deals[0].phases[1].tricks[2][1]: "), message
    assert expected in message


def test_egn_names_an_illegal_play() -> None:
    tricks = copy.deepcopy(CUSTOM_TRICKS)
    tricks[0][1], tricks[1][3] = tricks[1][3], tricks[0][1]
    message = egn_error(one_deal(["Pass"] * 4 + ["s"], tricks, isAlone=False))
    assert message.startswith(
        "deals[0].phases[1].tricks[0][1] (deal 1, play 2): Tc is not legal (must follow hearts)"
    )


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"calls": ["Pass", "h"]}, "calls[1]: 'h' is not a round-one call"),
        ({"calls": ["Pass"] * 4 + ["Order"]}, "calls[4]: 'Order' is not a round-two call"),
        ({"calls": ["Pass"] * 4 + ["c"]}, "clubs was turned down and can't be named"),
        ({"calls": ["Pass"] * 4 + ["n"]}, "no-trump ('n') is not supported"),
        ({"calls": ["Pass"] * 4 + ["s", "Pass"]}, "'Pass' comes after the bidding ended"),
        ({"calls": [1]}, "calls[0]: must be a string, not 1"),
        ({"isAlone": "no"}, "isAlone: must be true or false"),
        ({"aloneDefender": 2}, "aloneDefender: seat 2 may not defend alone"),
        ({"aloneDefender": 1}, "aloneDefender: seat 1 is not a defender"),
        ({"aloneDefender": 7}, "aloneDefender: must be from -1 to 3, not 7"),
        ({"discard": "9c"}, "discard: given, but nobody accepted the upcard"),
        ({"cardExchanges": [{"receiver": 1, "cards": []}]}, "card exchanges"),
        ({"bid": 1}, "unknown field 'bid'"),
    ],
)
def test_egn_bidding_problems_are_named(change: dict[str, object], expected: str) -> None:
    data = one_deal(["Pass"] * 4 + ["s"], copy.deepcopy(CUSTOM_TRICKS), isAlone=False)
    data["deals"][0]["phases"][0].update(change)
    message = egn_error(data)
    assert message.startswith("deals[0].phases[0]"), message
    assert expected in message


def test_egn_stuck_dealer_must_name_a_suit() -> None:
    message = egn_error(one_deal(["Pass"] * 8, ruleset={"std": True}))
    assert message.startswith("deals[0].phases[0].calls[7]: pass is not legal now (bid2)")
    assert "the dealer is stuck" in message
    record = from_egn(one_deal(["Pass"] * 8, ruleset={"std": False}))
    assert record.deals[0].result is not None and record.deals[0].result.thrown_in


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([], "the EGN file: must be a JSON object"),
        ({"fileType": "PGN"}, 'fileType: an EGN file has "fileType": "Euchre Game Notation"'),
        ({"format": "euchre-record"}, "this looks like a native record"),
        ({"fileType": "Euchre Game Notation", "version": "2.0"}, "EGN version '2.0' is not"),
        ({"fileType": "Euchre Game Notation", "version": 1.4}, "EGN version 1.4 is not"),
    ],
)
def test_egn_refuses_what_is_not_egn(data: object, expected: str) -> None:
    assert expected in egn_error(data)


def test_egn_structure_problems_are_named() -> None:
    base = one_deal(["Pass"] * 4 + ["s"], copy.deepcopy(CUSTOM_TRICKS), isAlone=False)
    cases: list[tuple[str, object, str]] = [
        ("dealer", 4, "deals[0].initialState.dealer: must be from 0 to 3, not 4"),
        ("upCard", "X", "deals[0].initialState.upCard: the upcard must be known"),
        ("upCard", "R", "deals[0].initialState.upCard: 'R' (a bower) needs a trump suit"),
        ("upCard", "Jh", "seat 2 plays Jh, the upcard, but it was turned down"),
        ("kitty", ["9c"], "deals[0].initialState.kitty: the kitty holds 3 cards"),
        ("kitty", ["Ac", "X", "X"], "the cards do not add up"),
        ("playerCards", [["Ac"]], "playerCards: 4 hands, not 1"),
    ]
    for key, value, expected in cases:
        data = copy.deepcopy(base)
        data["deals"][0]["initialState"][key] = value
        message = egn_error(data)
        assert expected in message, (key, message)
    data = copy.deepcopy(base)
    data["deals"][0]["phases"][1]["tricks"][4] = ["Ac", "Qs"]
    record = from_egn(data)  # a deal may stop partway, as the last one
    assert record.deals[0].result is None
    data["deals"].append(copy.deepcopy(data["deals"][0]))
    assert "the deal stops before its end" in egn_error(data)
    data = copy.deepcopy(base)
    data["deals"][0]["phases"][1]["tricks"][1] = ["Js", "As", "9c"]
    assert "deals[0].phases[1].tricks[1]: a trick has 4 cards here, not 3" in egn_error(data)
    data = copy.deepcopy(base)
    data["deals"] = ["CgQIARAC"]
    assert "condensed (binary-encoded) deals are not supported" in egn_error(data)
    data = copy.deepcopy(base)
    data["metadata"]["finalScore"] = [5, 0]
    claimed = from_egn(data)  # another program's claim: a warning, not an error
    assert claimed.result is not None and claimed.result.score == (5, 0)
    score = claimed.replay().score
    assert [str(w) for w in claimed.check_all().warnings] == [
        f"the record says the final score is 5-0, the replay gives {score[0]}-{score[1]} "
        "(the replay's score is kept)"
    ]
    assert loads_egn(dumps_egn(claimed)).result == claimed.result
    data = copy.deepcopy(base)
    data["deals"][0]["phases"][1]["initialLead"] = 2
    assert "initialLead: the record says seat 2 leads first, but under" in egn_error(data)
    data["deals"][0]["phases"][1]["initialLead"] = 1
    assert from_egn(data).deals == from_egn(base).deals


def test_egn_alone_call_and_player_objects() -> None:
    for seed in range(1, 200):
        record = Record.from_game(play_random(EGN_RULES, seed))
        found = [
            i for i, (d, r) in enumerate(zip(record.deals, record.replay().results, strict=False))
            if r.alone and ORDER in d.actions
        ]
        if found:
            break
    else:
        pytest.fail("no random game had a loner after an order")
    index = found[0]
    data = bare_deal(record, index)
    bidding = data["deals"][0]["phases"][0]
    bidding["calls"] = ["Alone" if c == "Order" else c for c in bidding["calls"]]
    bidding["isAlone"] = False  # 'Alone' says it already
    data["metadata"]["players"] = [{"name": "Ann"}, "Bo", "Cy", {"name": "Di", "id": "7"}]
    back = from_egn(data)
    original = record.deals[index]
    assert [a for a in back.deals[0].actions if not isinstance(a, Discard)] == [
        a for a in original.actions if not isinstance(a, Discard)
    ]
    assert ALONE in back.deals[0].actions
    result = back.deals[0].result
    assert result is not None and result.maker is not None
    partner = (result.maker + 2) % 4
    assert back.deals[0].deal.hands[partner] == (UNKNOWN,) * 5
    assert back.metadata["players"] == ["Ann", "Bo", "Cy", "Di"]


# -- fuzzing -----------------------------------------------------------------------------

_WORDS = st.sampled_from(
    ["X", "Jd", "B", "R", "L", "Nc", "Pass", "Order", "Alone", "h", "s", "EUCHRE_BIDDING",
     "TRICK_PLAY", "Euchre Game Notation", "1.4", "LEFT_OF_LONER"]
)
JSON = json_values(
    _WORDS,
    ["fileType", "version", "metadata", "deals", "ruleset", "initialScore", "dealer", "upCard",
     "phases", "calls", "tricks", "type", "isAlone", "aloneDefender", "discard", "kitty",
     "playerCards", "initialState", "std", "defend_alone", "num_players"],
    ints=(-2, 12), text=5, key_text=4, max_size=5, max_leaves=25,
)
FUZZ = fuzz(100)


def only_record_errors(text: str) -> None:
    record = read_or_none(loads_egn, text)
    if record is None:
        return
    record.check()
    written = dumps_egn(record)
    assert egn_problems(json.loads(written)) == []
    again = read_or_none(loads_egn, written)
    if again is not None:  # the same, but a kitty the hands do not give (EGN has none)
        assert without_kitty(again.deals) == without_kitty(record.deals)


@FUZZ
@given(st.text(max_size=200))
def test_egn_fuzz_random_text(text: str) -> None:
    only_record_errors(text)


@FUZZ
@given(JSON)
def test_egn_fuzz_random_json(value: object) -> None:
    only_record_errors(json.dumps(value))
    only_record_errors(json.dumps(
        {"fileType": "Euchre Game Notation", "version": "1.4", "deals": value}
    ))


_BASES = [
    one_deal(["Pass"] * 4 + ["s"], CUSTOM_TRICKS, isAlone=False),
    to_egn(Record.from_game(play_random(ROUND_TRIP_RULES["defend-alone"], 5))),
]


@FUZZ
@given(st.data())
def test_egn_fuzz_mutated_files(data: st.DataObject) -> None:
    value = copy.deepcopy(data.draw(st.sampled_from(_BASES)))
    mutate(value, data.draw, JSON | _WORDS, steps=3, copies=False)
    only_record_errors(json.dumps(value))


def test_egn_doc_example_reads_as_described() -> None:
    doc = ROOT / "docs" / "record-format.md"
    block = doc.read_text(encoding="utf-8").split("```json\n")[2].split("```", 1)[0]
    data = one_deal([], ruleset={"std": True, "num_deals": 1})
    data["deals"] = [json.loads(block)]
    record = from_egn(data)
    hands = [" ".join(card_name(c) for c in hand) for hand in record.deals[0].deal.hands]
    assert hands == ["X X X X X", "Ts Tc Ah Qs Kh", "Ks Kd 9h Th Ac", "Jh 9d Qd Qh X"]
    actions = " ".join(str(a) for a in record.deals[0].actions)
    assert actions.startswith("pass pass order discard X alone play Ts play Ks")

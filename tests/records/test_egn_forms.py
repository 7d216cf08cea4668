"""EGN and the forms and house rules (RULES-forms §20): every ruleset flag read and
written both ways, the card exchanges and the no-trump call in the deals, and a refusal
in one line for what EGN cannot say."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from euchre.engine.actions import (
    ALONE,
    BEST,
    CALL,
    STAY,
    Action,
    Best,
    Call,
    Declare,
    Discard,
    Give,
)
from euchre.engine.cards import NINE, NO_TRUMP, TEN, card_name, card_rank, parse_card
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.errors import RecordError
from euchre.records.egn import (
    DEFAULT_PLAYERS,
    dumps_egn,
    egn_refusal,
    egn_rules_note,
    egn_ruleset,
    from_egn,
    loads_egn,
    rules_from_egn,
    to_egn,
)
from euchre.records.record import Record, dumps
from helpers.egnspec import egn_deals, egn_problems
from helpers.paths import SHARED_EGN

Json = Any
"""JSON data as :func:`json.loads` gives it: tests index it freely."""

EGN_FILES = list(SHARED_EGN)

EGN_BASE = Rules(
    stick_the_dealer=True, maker_partner_alone=False, lone_defender=False,
    loner_lead="left_of_dealer",
)
"""Four-handed rules EGN says exactly (those of its defaults)."""
DEFEND_ALONE = EGN_BASE.replace(
    lone_defender=True, lone_defender_needs_loner=True, lone_defender_scoring="flat_4"
)
"""EGN's ``defend_alone`` (§20)."""
TWO_HANDED = Rules(form="two_handed", stick_the_dealer=True)
SWAP_REFUSAL = "gave up for the kitty cannot be told from the cards it plays"


def play_random(rules: Rules, seed: int, prefer: Callable[[Action], bool] | None = None
                ) -> Game:
    """A random game in which only those go alone that EGN can say: the maker, and a
    defender against a lone maker under ``defend_alone``'s scoring; an action
    ``prefer`` holds for is taken whenever it is legal."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        actions = game.legal_actions()
        if prefer is not None and any(prefer(a) for a in actions):
            actions = [a for a in actions if prefer(a)]
        if game.phase is Phase.ALONE:
            seat, maker = game.to_act, game.maker
            assert maker is not None
            defends = (rules.lone_defender_scoring == "flat_4" and maker in game.alone
                       and not rules.seating.same_team(seat, maker))
            if seat != maker and not defends:
                actions = [STAY]
        game.apply(rng.choice(actions))
    return game


def swapper_sat_out(record: Record, deal: int) -> bool:
    """Whether, in deal ``deal`` (from 1), the seat that swapped with the kitty sat out
    (its partner went alone): then the cards it gave up are never seen again."""
    recorded = record.deals[deal - 1]
    game = Game(record.rules, deals=[recorded.deal], first_dealer=recorded.deal.dealer)
    swapper = None
    for action in recorded.actions:
        if isinstance(action, Declare):
            swapper = game.to_act
        game.apply(action)
        if game.phase is Phase.PLAY or game.results:
            break
    return swapper is not None and swapper in game.sitting_out


def round_trips(rules: Rules, seeds: range, *, exact: bool = True,
                prefer: Callable[[Action], bool] | None = None) -> list[Record]:
    """Write each random game to EGN and read it back: the same rules, deals and
    results, replaying with validation to the same scores. A refusal must be the one
    EGN cannot avoid: a seat that swapped with the kitty sat out. Returns the records
    written."""
    written = []
    for seed in seeds:
        record = Record.from_game(play_random(rules, seed, prefer), {"title": f"seed {seed}"})
        try:
            text = dumps_egn(record)
        except RecordError as error:
            message = str(error)
            assert SWAP_REFUSAL in message, message
            assert "\n" not in message
            deal = int(message.split(":")[0].removeprefix("deal "))
            assert swapper_sat_out(record, deal), message
            continue
        assert egn_problems(json.loads(text)) == []  # every form writes EGN's own fields
        back = loads_egn(text)
        if exact:
            assert back.rules == rules
            assert back.deals == egn_deals(record)
        ours, theirs = record.check_all(), back.check_all()
        assert theirs.results == ours.results
        assert (theirs.score, theirs.game.winner()) == (ours.score, ours.game.winner())
        assert back.result == record.result
        written.append(record)
    assert len(written) >= len(seeds) // 2, f"only {len(written)} of {len(seeds)} written"
    return written


def egn_of(record: Record) -> Json:
    return json.loads(dumps_egn(record))


def bidding_phases(data: Json) -> list[Json]:
    return [deal["phases"][0] for deal in data["deals"] if deal["phases"]]


def actions_of(records: list[Record], kind: type) -> list[Any]:
    return [a for r in records for d in r.deals for a in d.actions if isinstance(a, kind)]


# -- farmers and go_under ----------------------------------------------------------------


def test_egn_flag_farmers_round_trip() -> None:
    rules = EGN_BASE.replace(farmers=True)
    assert egn_ruleset(rules)["farmers"] is True and rules_from_egn({"farmers": True}) == rules
    written = round_trips(rules, range(1, 13))
    declared = actions_of(written, Declare)
    assert declared and all(d.what == "farmer" for d in declared)


def test_egn_flag_farmers_swap_is_one_card_exchange_of_the_kitty_cards_taken() -> None:
    rules = EGN_BASE.replace(farmers=True)
    record = round_trips(rules, range(1, 13))[0]
    data = egn_of(record)
    swaps = [(i, e) for i, phase in enumerate(bidding_phases(data))
             for e in phase.get("cardExchanges", [])]
    assert swaps
    for i, entry in swaps:
        assert set(entry) == {"receiver", "cards"}  # no sender: the kitty gives
        kitty = [card_name(c) for c in record.deals[i].deal.kitty]
        assert entry["cards"] == kitty[:3]
        # the farmer's dealt hand held the 9s and 10s it gave up
        hand = data["deals"][i]["initialState"]["playerCards"][entry["receiver"]]
        declared = next(a for a in record.deals[i].actions if isinstance(a, Declare))
        assert {card_name(c) for c in declared.cards} <= set(hand)
        assert all(card_rank(c) in (NINE, TEN) for c in declared.cards)


def test_egn_flag_go_under_round_trip() -> None:
    rules = EGN_BASE.replace(go_under=True)
    assert rules_from_egn({"go_under": True}) == rules
    written = round_trips(rules, range(1, 13))
    assert any(d.what == "under" for d in actions_of(written, Declare))


def test_egn_flag_farmers_and_go_under_two_handed_round_trip() -> None:
    rules = TWO_HANDED.replace(farmers=True, go_under=True)
    assert rules_from_egn(egn_ruleset(rules)) == rules
    seeds = range(1, 13)
    written = []
    for seed in seeds:
        record = Record.from_game(play_random(rules, seed))
        try:
            text = dumps_egn(record)
        except RecordError as error:  # the one refusal with both flags (below)
            assert "which EGN would read back as a farmer's hand" in str(error)
            continue
        assert egn_problems(json.loads(text)) == []
        written.append(loads_egn(text))
        assert written[-1].deals == egn_deals(record) and written[-1].rules == rules
    assert len(written) >= len(seeds) // 2
    assert actions_of([r for r in written], Declare)


def test_egn_flag_go_under_with_three_nines_and_tens_under_farmers_is_refused() -> None:
    # with both flags EGN's exchange does not say which declaration was made: the reader
    # takes a farmer's hand, so going under with three 9s and 10s cannot be written
    rules = EGN_BASE.replace(farmers=True, go_under=True)
    for seed in range(1, 60):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        chosen: int | None = None  # the deal, once a hand went under so
        while not game.is_over() and (chosen is None or len(game.results) < chosen):
            actions = game.legal_actions()
            unders: list[Action] = [
                a for a in actions if isinstance(a, Declare) and a.what == "under"
                and all(card_rank(c) in (NINE, TEN) for c in a.cards)]
            if unders and chosen is None:
                chosen = len(game.deals)
                actions = unders
            elif game.phase is Phase.ALONE:
                actions = [STAY]
            game.apply(rng.choice(actions))
        if chosen is None:
            continue
        deal = chosen
        with pytest.raises(RecordError) as info:
            dumps_egn(Record.from_game(game))
        assert str(info.value).startswith(f"deal {deal}: seat ")
        assert "went under giving up three 9s and 10s, which EGN would read back as a " \
               "farmer's hand" in str(info.value)
        return
    pytest.fail("no hand could go under with three 9s and 10s")


def test_egn_flag_farmers_refused_when_the_farmer_sits_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    rules = EGN_BASE.replace(farmers=True)
    for seed in range(1, 80):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        farmer: int | None = None  # a farmer with more than three 9s and 10s
        deal = 0  # its deal, from 1
        while not game.is_over() and (farmer is None or len(game.results) < deal):
            actions = game.legal_actions()
            if game.phase is Phase.DECLARE and farmer is None:
                declares: list[Action] = [a for a in actions if isinstance(a, Declare)]
                if declares and len([c for c in game.hand(game.to_act)
                                     if card_rank(c) in (NINE, TEN)]) > 3:
                    farmer, deal = game.to_act, len(game.deals)
                    actions = declares
            elif game.phase is Phase.ALONE:
                partner = (game.to_act + 2) % 4
                actions = [ALONE] if game.to_act == game.maker and partner == farmer else [STAY]
            game.apply(rng.choice(actions))
        if farmer is None or (farmer + 2) % 4 not in game.results[deal - 1].alone:
            continue
        record = Record.from_game(game)
        with pytest.raises(RecordError) as info:
            dumps_egn(record)
        message = str(info.value)
        assert message == (
            f"deal {deal}: the three cards seat {farmer} gave up for the kitty cannot be "
            "told from the cards it plays (it sits out, or the record stops first), and "
            "EGN's cardExchanges names only the kitty cards taken"
        )
        # through the command line: one line, exit status 1, nothing written
        native = tmp_path / "game.json"
        native.write_text(dumps(record), encoding="utf-8")
        target = tmp_path / "game.egn"
        assert main(["convert", str(native), str(target)]) == 1
        out, err = capsys.readouterr()
        assert err == f"euchre: {message}\n" and out == ""
        assert not target.exists()
        # the deals before it convert
        kept = replace(record, deals=record.deals[: deal - 1], result=None)
        assert loads_egn(dumps_egn(kept)).deals == egn_deals(kept)
        return
    pytest.fail("no farmer's partner went alone")


def farmer_deal(**bidding: object) -> Json:
    """A one-deal EGN game in which South (seat 0) holds three 9s and 10s and swaps them
    for the kitty (Ah Kh Qs); dealer East, South orders up hearts and is euchred."""
    phase: dict[str, object] = {
        "phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "isAlone": False,
        "discard": "9d",
        "cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh", "Qs"]}],
    }
    phase.update(bidding)
    return {
        "fileType": "Euchre Game Notation", "version": "1.4",
        "metadata": {"players": list(DEFAULT_PLAYERS), "initialScore": [0, 0],
                     "ruleset": {"farmers": True}},
        "deals": [{
            "dealNumber": 0,
            "initialState": {
                "dealer": 3, "upCard": "Jh",
                "playerCards": [["9c", "Tc", "9s", "Ac", "Kc"], ["Th", "9h", "Ad", "Kd", "Qd"],
                                ["Js", "Ks", "As", "Qc", "Jc"], ["Ts", "Td", "9d", "Jd", "Qh"]],
            },
            "phases": [phase, {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
                ["Ah", "Th", "Js", "Jh"], ["Jd", "Kh", "9h", "Ks"],
                ["Ts", "Qs", "Ad", "As"], ["Qc", "Qh", "Ac", "Kd"],
                ["Td", "Kc", "Qd", "Jc"],
            ]}],
        }],
    }


def test_egn_flag_farmers_reads_a_written_swap() -> None:
    record = from_egn(farmer_deal())
    actions = record.deals[0].actions
    assert actions[0] == Declare("farmer", tuple(parse_card(c) for c in ("9c", "Tc", "9s")))
    assert [str(a) for a in actions[1:7]] == ["pass", "pass", "pass", "order", "discard 9d",
                                              "stay"]
    assert record.deals[0].deal.kitty[:3] == tuple(parse_card(c) for c in ("Ah", "Kh", "Qs"))
    result = record.deals[0].result
    assert result is not None
    assert (result.maker, result.tricks, result.team, result.points) == (0, (1, 4), 1, 2)
    # and written back the same, as EGN's schema allows
    data = json.loads(dumps_egn(record))
    assert egn_problems(data) == []
    assert data["deals"][0]["phases"][0]["cardExchanges"] == [
        {"receiver": 0, "cards": ["Ah", "Kh", "Qs"]}]
    assert loads_egn(dumps_egn(record)).deals == egn_deals(record)


@pytest.mark.parametrize(
    ("bidding", "expected"),
    [
        ({"cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh"]}]},
         "cardExchanges[0].cards: the three kitty cards taken, not 2 cards"),
        ({"cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh", "X"]}]},
         "cardExchanges[0].cards[2]: a card exchanged must be known"),
        ({"cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh", "Qs"]},
                            {"receiver": 1, "cards": ["Ah", "Kh", "Qs"]}]},
         "cardExchanges[1]: a second exchange with the kitty in one deal"),
        ({"cardExchanges": [{"sender": 2, "receiver": 0, "cards": ["Ah"]}]},
         "cardExchanges[0]: card exchanges between partners (a sender) need the "
         "partners_best flag"),
        ({"cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh", "Qs"], "from": 1}]},
         "cardExchanges[0]: unknown field 'from'"),
        ({"cardExchanges": [{"receiver": 0, "cards": ["Ah", "Kh", "Qd"]}]},
         "cardExchanges[0].cards: Qd is taken from the kitty, but"),
    ],
)
def test_egn_flag_farmers_bad_exchanges_are_named(bidding: dict[str, object],
                                                  expected: str) -> None:
    data = farmer_deal(**bidding)
    data["deals"][0]["initialState"]["kitty"] = ["Ah", "Kh", "Qs"]
    with pytest.raises(RecordError) as info:
        from_egn(data)
    assert str(info.value).startswith("deals[0].phases[0]")
    assert expected in str(info.value)


def test_egn_flag_farmers_exchange_needs_the_flag() -> None:
    data = farmer_deal()
    data["metadata"]["ruleset"] = {}
    with pytest.raises(RecordError, match=r"need the farmers or go_under flag"):
        from_egn(data)
    # under go_under alone South's hand (a king) could not swap
    data["metadata"]["ruleset"] = {"go_under": True}
    with pytest.raises(RecordError) as info:
        from_egn(data)
    assert str(info.value).startswith(
        "deals[0].phases[0].cardExchanges[0]: seat 0's cards do not add up")


# -- partners_best -----------------------------------------------------------------------


def test_egn_flag_partners_best_round_trip() -> None:
    rules = EGN_BASE.replace(partners_best="loner", partners_best_order="receive_first")
    read = rules_from_egn({"partners_best": True})
    assert (read.partners_best, read.partners_best_order) == ("loner", "receive_first")
    assert read == rules and egn_rules_note(rules) is None
    written = round_trips(rules, range(1, 9))
    assert len(written) == 8  # a call for best is always written
    assert any(b.call for b in actions_of(written, Best))
    for record in written:
        for i, phase in enumerate(bidding_phases(egn_of(record))):
            for entry in phase.get("cardExchanges", []):
                # one card, from the lone maker's partner to the lone maker
                assert entry["receiver"] == record.deals[i].result.maker  # type: ignore[union-attr]
                assert entry["sender"] == (entry["receiver"] + 2) % 4
                assert len(entry["cards"]) == 1


def test_egn_flag_partners_best_discard_first_is_written_receive_first() -> None:
    # EGN's call for best: the partner passes the card, "the loner then discards"; a
    # lone player who discarded first could have discarded the same card after, so the
    # game is written with EGN's order and a note
    rules = EGN_BASE.replace(partners_best="loner")
    note = egn_rules_note(rules)
    assert note is not None and "partners_best_order='discard_first' (a lone player who " \
        "discarded before receiving the partner's card could discard the same card after " \
        "it)" in note
    written = round_trips(rules, range(1, 9), exact=False)
    assert len(written) == 8
    for record in written:
        back = loads_egn(dumps_egn(record))
        assert back.rules == rules.replace(partners_best_order="receive_first")
        assert [d.deal for d in back.deals] == [d.deal for d in egn_deals(record)]
        for mine, theirs in zip(record.deals, back.deals, strict=True):
            swapped = list(mine.actions)
            for j in range(len(swapped) - 1):
                if isinstance(swapped[j], Discard) and isinstance(swapped[j + 1], Give):
                    swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
            assert list(theirs.actions) == swapped


def test_egn_flag_partners_best_loner_and_defender_read_from_the_alone_defender() -> None:
    rules = DEFEND_ALONE.replace(partners_best="loner_and_defender",
                                 partners_best_order="receive_first")
    defended = 0
    for record in round_trips(rules, range(1, 9), exact=False, prefer=lambda a: a == BEST):
        back = loads_egn(dumps_egn(record))
        data = egn_of(record)
        to_defender = any(
            e.get("receiver") == phase.get("aloneDefender")
            for phase in bidding_phases(data) for e in phase.get("cardExchanges", [])
        )
        assert back.rules.partners_best == (
            "loner_and_defender" if to_defender else "loner")
        if to_defender:
            defended += 1
            assert back.rules == rules and back.deals == egn_deals(record)
    assert defended


def test_egn_flag_partners_best_to_the_alone_defender_needs_defend_alone() -> None:
    rules = DEFEND_ALONE.replace(partners_best="loner_and_defender",
                                 partners_best_order="receive_first")
    record = next(r for r in round_trips(rules, range(1, 9), exact=False,
                                         prefer=lambda a: a == BEST)
                  if r.rules == loads_egn(dumps_egn(r)).rules)
    data = egn_of(record)
    data["metadata"]["ruleset"]["defend_alone"] = False
    with pytest.raises(RecordError) as info:
        from_egn(data)
    assert ".cardExchanges: partners_best: 'loner_and_defender' lets a lone defender " \
           "call: it needs lone_defender=true" in str(info.value)


def test_egn_flag_partners_best_bad_exchanges_are_named() -> None:
    rules = EGN_BASE.replace(partners_best="loner", partners_best_order="receive_first")
    record = round_trips(rules, range(1, 9))[0]
    data = egn_of(record)
    index, phase = next((i, p) for i, p in enumerate(bidding_phases(data))
                        if p.get("cardExchanges"))
    entry = phase["cardExchanges"][0]
    for change, expected in (
        ({"sender": (entry["sender"] + 1) % 4}, "sender: must be seat"),
        ({"receiver": (entry["receiver"] + 1) % 4, "sender": (entry["receiver"] + 3) % 4},
         "may not call for its partner's best card here (only a lone maker may)"),
        ({"cards": ["Ah", "Kh"]}, "the one card passed, not 2 cards"),
    ):
        broken = copy.deepcopy(data)
        bidding = [d for d in broken["deals"] if d["phases"]][index]["phases"][0]
        bidding["cardExchanges"][0].update(change)
        with pytest.raises(RecordError) as info:
            from_egn(broken)
        assert f"deals[{index}].phases[0].cardExchanges[0]" in str(info.value)
        assert expected in str(info.value)


# -- allow_no_trump, four_trick_tokens ---------------------------------------------------


def test_egn_flag_allow_no_trump_round_trip() -> None:
    rules = EGN_BASE.replace(no_trump=True)
    assert rules_from_egn({"allow_no_trump": True}) == rules
    assert egn_ruleset(rules)["allow_no_trump"] is True
    written = round_trips(rules, range(1, 9), prefer=lambda a: a == CALL[NO_TRUMP])
    assert any(c.suit == NO_TRUMP for c in actions_of(written, Call))
    calls = [c for r in written for p in bidding_phases(egn_of(r)) for c in p["calls"]]
    assert "n" in calls


def test_egn_flag_allow_no_trump_two_handed_round_trip() -> None:
    round_trips(TWO_HANDED.replace(no_trump=True, deck=25), range(1, 7))


def test_egn_flag_allow_no_trump_is_needed_for_the_call_n() -> None:
    data = farmer_deal()
    data["metadata"]["ruleset"] = {}
    bidding = data["deals"][0]["phases"][0]
    del bidding["cardExchanges"], bidding["discard"]
    bidding["calls"] = ["Pass"] * 4 + ["n"]
    with pytest.raises(RecordError, match=r"without the allow_no_trump flag"):
        from_egn(data)


def test_egn_flag_four_trick_tokens_round_trip() -> None:
    rules = EGN_BASE.replace(four_trick_tokens=True)
    assert rules_from_egn({"four_trick_tokens": True}) == rules
    written = round_trips(rules, range(1, 9))
    tokens = [r.replay().tokens for r in written]
    assert any(any(t) for t in tokens)
    assert [loads_egn(dumps_egn(r)).replay().tokens for r in written] == tokens
    with pytest.raises(RecordError, match="four_trick_tokens: two-handed Euchre does not"):
        rules_from_egn({"four_trick_tokens": True, "num_players": 2})


# -- num_players, joker and min_rank, defend_alone ---------------------------------------


def test_egn_flag_num_players_two_and_four() -> None:
    assert rules_from_egn({"num_players": 2}) == TWO_HANDED
    assert egn_ruleset(TWO_HANDED)["num_players"] == 2
    assert "num_players" not in egn_ruleset(EGN_BASE)
    round_trips(TWO_HANDED, range(1, 5))


def test_egn_flag_num_players_three_is_refused_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    with pytest.raises(RecordError) as info:
        rules_from_egn({"num_players": 3})
    assert str(info.value) == (
        "metadata.ruleset.num_players: 3 players is not supported: three-handed Euchre "
        "scores each player, and EGN keeps two scores (initialScore, finalScore) (only 4 or 2)"
    )
    record = Record.from_game(play_random(Rules.preset("three-handed"), 1))
    expected = ("EGN records four- and two-handed Euchre only, not three-handed (cutthroat) "
                "Euchre (EGN keeps two scores, one per partnership)")
    assert egn_refusal(record.rules) == expected
    with pytest.raises(RecordError, match=r"^EGN records four- and two-handed Euchre only"):
        to_egn(record)
    native = tmp_path / "three.json"
    native.write_text(dumps(record), encoding="utf-8")
    assert main(["convert", str(native), str(tmp_path / "three.egn")]) == 1
    assert capsys.readouterr().err == f"euchre: {expected}\n"
    # an EGN file that says three players: refused on reading, in one line
    data = farmer_deal()
    data["metadata"]["ruleset"] = {"num_players": 3}
    egn = tmp_path / "three.egn"
    egn.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(egn)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"euchre: {egn}: metadata.ruleset.num_players: 3 players is not "
                          "supported")
    assert err.count("\n") == 1 and out == ""


@pytest.mark.parametrize("deck", [24, 25, 28, 29, 32, 33])
@pytest.mark.parametrize("form", ["four_handed", "two_handed"])
def test_egn_flag_joker_and_min_rank_every_deck_round_trip(deck: int, form: str) -> None:
    rules = (EGN_BASE if form == "four_handed" else TWO_HANDED).replace(deck=deck)
    flags = egn_ruleset(rules)
    assert flags.get("joker", False) is (deck % 2 == 1)
    assert flags.get("min_rank", 9) == {24: 9, 28: 8, 32: 7}[deck - deck % 2]
    assert rules_from_egn(flags) == rules
    round_trips(rules, range(1, 3))


@pytest.mark.parametrize("min_rank", [6, 2, 10])
def test_egn_flag_min_rank_without_a_deck_is_refused(min_rank: int) -> None:
    with pytest.raises(RecordError, match=f"must be 9 \\(24 cards\\), 8 \\(28\\) or 7 "
                                          f"\\(32\\), not {min_rank}"):
        rules_from_egn({"min_rank": min_rank})


def test_egn_flag_defend_alone_as_section_20_says() -> None:
    on = rules_from_egn({"defend_alone": True})
    assert (on.lone_defender, on.lone_defender_needs_loner, on.lone_defender_scoring) == (
        True, True, "flat_4")
    assert not rules_from_egn({"defend_alone": False}).lone_defender
    assert egn_ruleset(DEFEND_ALONE)["defend_alone"] is True
    assert egn_ruleset(EGN_BASE)["defend_alone"] is False
    written = round_trips(DEFEND_ALONE, range(1, 7))
    assert any(a == ALONE for r in written for d in r.deals for a in d.actions)


# -- what EGN cannot say -----------------------------------------------------------------

REFUSED = {
    "benny_upcard": (Rules(deck=25, benny_upcard="hearts"),
                     "benny_upcard='hearts': EGN has no flag for what a Benny upcard does"),
    "throw_in": (EGN_BASE.replace(throw_in="no_ace_no_face"),
                 "throw_in='no_ace_no_face': EGN has no flag for throw-in hands, and no call "
                 "or card exchange to write the declaration in"),
    "hasenpfeffer": (Rules.preset("hasenpfeffer"),
                     "EGN records four- and two-handed Euchre only, not Hasenpfeffer"),
    "napoleon": (Rules.preset("napoleon"),
                 "EGN records four- and two-handed Euchre only, not Napoleon (Nap)"),
    "railroad": (Rules.preset("railroad"), "benny_upcard='hearts': EGN has no flag"),
    "british": (Rules.preset("british"), "benny_upcard='dealer_names': EGN has no flag"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_egn_no_flag_options_and_forms_are_refused_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    rules, expected = REFUSED[name]
    refusal = egn_refusal(rules)
    assert refusal is not None and refusal.startswith(expected) and "\n" not in refusal
    game = Game(rules, seed=1)
    rng = random.Random(1)
    for _ in range(40):  # a few decisions are enough: the rules are refused
        game.apply(rng.choice(game.legal_actions()))
    record = Record.from_game(game)
    with pytest.raises(RecordError) as info:
        dumps_egn(record)
    assert str(info.value) == refusal
    native = tmp_path / "game.json"
    native.write_text(dumps(record), encoding="utf-8")
    assert main(["convert", str(native), str(tmp_path / "game.egn")]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"euchre: {refusal}\n")


def test_egn_laps_and_slam_write_the_one_game_with_a_note() -> None:
    # laps and slam score a match; a record holds one game, which EGN says exactly
    rules = EGN_BASE.replace(laps=True, slam=True)
    note = egn_rules_note(rules)
    assert note is not None
    assert "laps=True (laps score a match of games" in note and "slam=True" in note
    record = Record.from_game(play_random(rules, 3))
    back = loads_egn(dumps_egn(record))
    assert back.rules == rules.replace(laps=False, slam=False)
    assert back.replay().score == record.replay().score


def test_egn_export_refuses_a_record_stopping_in_the_declarations() -> None:
    game = Game(EGN_BASE.replace(go_under=True), seed=2)
    game.apply(game.legal_actions()[0])  # the first seat passes; three are still asked
    with pytest.raises(RecordError, match=r"^deal 1: EGN cannot express its actions exactly "
                                          r"\(the record stops among the declarations"):
        dumps_egn(Record.from_game(game))


def test_egn_flag_farmers_go_under_allow_no_trump_on_the_published_games() -> None:
    # the published games read with the flags of rules that ask each seat first (the
    # declarations) or allow another call: nobody swapped, so every seat passed, and
    # the game is the same
    for path in EGN_FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        plain = from_egn(data)
        flagged = copy.deepcopy(data)
        flagged["metadata"].setdefault("ruleset", {}).update(
            {"allow_no_trump": True, "farmers": True, "go_under": True})
        again = from_egn(flagged)
        assert again.rules == plain.rules.replace(no_trump=True, farmers=True, go_under=True)
        for mine, theirs in zip(plain.deals, again.deals, strict=True):
            passes = 4 if mine.actions else 0
            assert [str(a) for a in theirs.actions[:passes]] == ["pass"] * passes
            assert theirs.actions[passes:] == mine.actions
            assert theirs.result == mine.result
        assert loads_egn(dumps_egn(again)).deals == again.deals


def test_egn_flag_partners_best_converts_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre.cli.main import main

    rules = EGN_BASE.replace(partners_best="loner", farmers=True)  # discard first
    record = next(r for r in (Record.from_game(play_random(rules, seed, lambda a: a == BEST))
                              for seed in range(1, 20))
                  if not _refused(r))
    native = tmp_path / "game.json"
    native.write_text(dumps(record), encoding="utf-8")
    egn = tmp_path / "game.egn"
    assert main(["convert", str(native), str(egn)]) == 0
    out, err = capsys.readouterr()
    assert err == f"note: {egn_rules_note(rules)}\n" and "partners_best_order" in err
    assert out == f"wrote {egn} ({len(record.deals)} deals)\n"
    data = json.loads(egn.read_text(encoding="utf-8"))
    assert egn_problems(data) == []
    flags = data["metadata"]["ruleset"]
    assert flags["partners_best"] is True and flags["farmers"] is True
    back = tmp_path / "back.json"
    assert main(["convert", str(egn), str(back)]) == 0
    assert main(["replay", "--check", str(back)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and f"final score {'-'.join(map(str, record.replay().score))}" in out


def _refused(record: Record) -> bool:
    try:
        dumps_egn(record)
    except RecordError:
        return True
    return False

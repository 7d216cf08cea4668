"""Records that carry only the plays: EGN 1.0 files of a league week give empty
``player_cards`` and a kitty of empty strings, the hands never recorded, only the calls
and the cards played. They read, each hand taken from its seat's plays; everything the
plays allow is checked (a revoke, the cards falling to the wrong seats, the points and
the score), and ``euchre replay`` says what could not be checked for want of the hands.
Converted, they keep the hands unknown: EGN again gives no hands and no kitty, the
native record marks the hands taken from the plays."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from euchre.cli.main import main
from euchre.engine.cards import UNKNOWN, card_name
from euchre.errors import RecordError
from euchre.records.egn import from_egn, load_egn, to_egn
from euchre.records.files import read_record
from euchre.records.record import HANDS_FROM_PLAYS, Record, load
from helpers.egnspec import egn_problems

Json = Any

# One deal, dealt by South (seat 0), hands as dealt:
#   South Qs Ts Jd Ah Kh   West As Ks Ac Kd 9c   North Js Qc Tc Ad 9d   East Jc Kc Qd Td Th
# the 9 of spades turned up, the kitty 9h Jh Qh. West orders it up and South, taking it,
# lays away the king of hearts unseen. West leads; North takes the first two tricks, East
# the third, South the fourth with the 9 of spades, West the last: West is euchred, and
# North-South score 2.
TRICKS = [
    ["As", "Js", "Jc", "Qs"],  # West, North, East, South: North wins (the right bower)
    ["Ad", "Qd", "Jd", "Kd"],  # North, East, South, West: North
    ["9d", "Td", "Ah", "9c"],  # North, East, South, West: East
    ["Kc", "9s", "Ac", "Qc"],  # East, South, West, North: South trumps in
    ["Ts", "Ks", "Tc", "Th"],  # South, West, North, East: West
]
PLAYS = {0: ["Qs", "Jd", "Ah", "9s", "Ts"], 1: ["As", "Kd", "9c", "Ac", "Ks"],
         2: ["Js", "Ad", "9d", "Qc", "Tc"], 3: ["Jc", "Qd", "Td", "Kc", "Th"]}
NOTE = ("- that each seat was dealt the cards it plays, in deal 1: the record gives no hands "
        "there, only the cards played, so each hand is taken from its seat's plays "
        "(revokes, trick winners, points and the score are checked against them)")


def league_file(tricks: list[list[str]] | None = None, kitty: int = 4, **meta: Json) -> Json:
    """The deal as an EGN 1.0 file of a league week writes it: snake_case fields, phases
    numbered from 1, ``initialLead``, no hands (``player_cards`` empty) and a kitty of
    empty strings (four, as those files have it; ``kitty`` of them)."""
    return {
        "fileType": "Euchre Game Notation",
        "version": "1.0.0",
        "metadata": {"title": "League week 3, table 2", "description": "", "date": "",
                     "players": ["Ann", "Bo", "Cy", "Di"], "initialScore": [0, 0],
                     "ruleset": {"std": True, "canadian": False,
                                 "loner_lead": "LEFT_OF_DEALER"}, **meta},
        "deals": [{
            "dealNumber": 0,
            "initial_state": {"dealer": 0, "up_card": "9s", "kitty": [""] * kitty,
                              "player_cards": [[], [], [], []]},
            "phases": [
                {"phase_number": 1, "type": "EUCHRE_BIDDING", "calls": ["Order"],
                 "is_alone": False},
                {"phase_number": 2, "type": "TRICK_PLAY", "initialLead": 1,
                 "tricks": copy.deepcopy(TRICKS if tricks is None else tricks)},
            ],
        }],
    }


def write(tmp_path: Path, data: Json, name: str = "week3.egn") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def error_of(data: Json) -> str:
    with pytest.raises(RecordError) as info:
        from_egn(data)
    return str(info.value)


# -- reading -----------------------------------------------------------------------------


@pytest.mark.parametrize("kitty", [4, 3, 0])
def test_plays_only_each_hand_is_the_cards_its_seat_plays(kitty: int) -> None:
    record = from_egn(league_file(kitty=kitty))
    deal = record.deals[0].deal
    for seat, cards in PLAYS.items():
        hand = [card_name(c) for c in deal.hands[seat] if c != UNKNOWN]
        if seat == 0:  # the dealer: less the upcard it took, and its discard unknown
            assert sorted(hand) == sorted(c for c in cards if c != "9s")
            assert deal.hands[0].count(UNKNOWN) == 1
        else:
            assert sorted(hand) == sorted(cards)
    assert deal.kitty == (UNKNOWN,) * 3  # not recorded, and nothing is deduced
    assert record.deals[0].extras[HANDS_FROM_PLAYS] == [0, 1, 2, 3]
    result = record.deals[0].result
    assert result is not None
    assert (result.maker, result.tricks, result.team, result.points) == (1, (3, 2), 0, 2)
    assert record.replay().score == (2, 0)


def test_plays_only_a_seat_given_its_hand_is_no_longer_taken_from_its_plays() -> None:
    data = league_file()
    data["deals"][0]["initial_state"]["player_cards"][2] = PLAYS[2]
    record = from_egn(data)
    assert record.deals[0].extras[HANDS_FROM_PLAYS] == [0, 1, 3]


# -- euchre replay -----------------------------------------------------------------------


def test_plays_only_a_clean_game_replays_and_says_what_could_not_be_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write(tmp_path, league_file()))
    status, out, err = run(capsys, "replay", "--check", path)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "EGN version 1.0.0 (an older version: read as 1.6)",
        "ok: 1 deal, every action legal, final score 2-0",
        "not checked, for want of the hands:",
        NOTE,
    ]
    status, out, err = run(capsys, "replay", path)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[1].startswith("Seats, clockwise: South Ann, West Bo")
    assert lines[-2:] == ["not checked, for want of the hands:", NOTE]


def test_plays_only_a_record_stopping_mid_deal_names_the_revokes_it_cannot_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # after three tricks South (the 9 of spades and a card unseen left) and West (two
    # cards unseen) did not follow diamonds: they may have held one
    path = str(write(tmp_path, league_file(TRICKS[:3])))
    status, out, _ = run(capsys, "replay", "--check", path)
    assert status == 0
    assert out.splitlines()[-3:] == [
        NOTE,
        "- that seat 0 held no diamonds when it played Ah (deal 1, trick 3: 1 card of "
        "its hand unknown)",
        "- that seat 1 held no diamonds when it played 9c (deal 1, trick 3: 2 cards of "
        "its hand unknown)",
    ]


def test_plays_only_a_revoke_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # East plays the 10 of hearts on the diamonds of the second trick, and the queen of
    # diamonds in the last (no trick changes hands): it held diamonds, so it revoked
    tricks = copy.deepcopy(TRICKS)
    tricks[1][1], tricks[4][3] = tricks[4][3], tricks[1][1]
    expected = (
        "deals[0].phases[1].tricks[1][1] (deal 1, play 6): Th is not legal (must follow "
        "diamonds): a revoke: seat 3 held Td (it plays it at tricks[2][1]) and Qd (it "
        "plays it at tricks[4][3])"
    )
    message = error_of(league_file(tricks))
    assert message == (
        f"{expected} (an EGN 1.0.0 file, read as 1.6: fields are named as in 1.6)"
    )
    path = write(tmp_path, league_file(tricks))
    for command in (["replay"], ["replay", "--check"], ["convert"]):
        extra = [str(tmp_path / "out.json")] if command == ["convert"] else []
        status, out, err = run(capsys, *command, str(path), *extra)
        assert (status, out) == (1, "")
        assert err.startswith(f"euchre: {path}: {expected}") and err.count("\n") == 1
        assert "Traceback" not in err
    assert not (tmp_path / "out.json").exists()


def test_plays_only_a_wrong_trick_winner_is_caught() -> None:
    # EGN writes no trick's winner: the next trick is led by it. The fourth trick written
    # from North, as if North had won the third (East did): its cards fall one seat off,
    # and West would play the 9 of spades, the upcard only South took
    tricks = copy.deepcopy(TRICKS)
    tricks[3] = ["Qc", "Kc", "9s", "Ac"]
    assert error_of(league_file(tricks)).startswith(
        "deals[0].initialState: seat 1 plays 9s, the upcard, but only the dealer can take it"
    )
    # the first trick's leader, which EGN 1.0 writes (initialLead), is checked
    data = league_file()
    data["deals"][0]["phases"][1]["initialLead"] = 2
    assert error_of(data).startswith(
        "deals[0].phases[1].initialLead: the record says seat 2 leads first, but under "
        "these rules seat 1 does"
    )


def test_plays_only_a_wrong_score_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write(tmp_path, league_file(finalScore=[0, 2])))
    status, out, err = run(capsys, "replay", "--check", path)
    assert status == 0 and "final score 2-0" in out
    assert err == ("warning: the record says the final score is 0-2, the replay gives 2-0 "
                   "(the replay's score is kept)\n")


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("tricks", [2, 3], "deal 1: the record says the tricks were 2-3, the replay gives 3-2"),
        ("points", 1, "deal 1: the record says team 0 scored 1, the replay gives team 0 2"),
        ("team", 1, "deal 1: the record says team 1 scored 2, the replay gives team 0 2"),
        ("score", [1, 0], "deal 1: the record says the score after it is 1-0, the replay "
                          "gives 2-0"),
    ],
)
def test_plays_only_converted_wrong_tricks_points_or_score_are_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: Json, expected: str
) -> None:
    native = tmp_path / "week3.json"
    assert run(capsys, "convert", str(write(tmp_path, league_file())), str(native))[0] == 0
    data = json.loads(native.read_text(encoding="utf-8"))
    data["deals"][0]["result"][field] = value
    native.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", "--check", str(native))
    assert (status, out) == (1, "")
    assert err == f"euchre: {expected}\n"


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["deals"][0]["initial_state"].update(kitty=["", "Ah"]),
         "deals[0].initialState.kitty: the kitty holds 3 cards besides the upcard, not 2"),
        (lambda d: d["deals"][0]["initial_state"].update(kitty=["", "Ah", ""]),
         "deals[0]: the cards do not add up: deal.hands[0][2]: Ah is dealt twice (also at "
         "deal.kitty[1])"),
        (lambda d: d["deals"][0]["initial_state"].update(up_card=""),
         "deals[0].initialState.upCard: the upcard must be known"),
        (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(1, ""),
         "deals[0].phases[1].tricks[0][1]: a trick with an unknown card"),
        (lambda d: d["deals"][0]["initial_state"].update(kitty=["", 7]),
         "deals[0].initialState.kitty[1]: must be a string, not 7"),
    ],
)
def test_plays_only_bad_input_is_one_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, expected: str
) -> None:
    data = league_file()
    change(data)
    path = write(tmp_path, data)
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (1, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"euchre: {path}: {expected}"), err


# -- euchre convert ----------------------------------------------------------------------


def test_plays_only_converted_to_egn_invents_no_hands_and_no_kitty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(tmp_path, league_file())
    target = tmp_path / "week3-current.egn"
    status, out, err = run(capsys, "convert", str(source), str(target))
    assert (status, err) == (0, "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["version"] == "1.6" and egn_problems(data) == []
    assert data["deals"][0]["initialState"] == {"dealer": 0, "upCard": "9s"}
    assert "discard" not in data["deals"][0]["phases"][0]  # laid away unseen: not known
    again = load_egn(target)
    original = load_egn(source)
    assert again.deals == original.deals
    # and it still says what could not be checked
    status, out, _ = run(capsys, "replay", "--check", str(target))
    assert status == 0 and out.splitlines()[-2:] == ["not checked, for want of the hands:", NOTE]


def test_plays_only_converted_to_native_marks_the_hands_taken_from_the_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(tmp_path, league_file())
    native = tmp_path / "week3.json"
    assert run(capsys, "convert", str(source), str(native)) == (0, f"wrote {native} (1 deal)\n",
                                                                "")
    data = json.loads(native.read_text(encoding="utf-8"))
    deal = data["deals"][0]
    assert deal["extras"] == {HANDS_FROM_PLAYS: [0, 1, 2, 3]}
    assert deal["kitty"] == ["X", "X", "X"]
    assert deal["hands"][0].count("X") == 1  # the dealer's discard, never seen
    record = load(native)
    assert record == read_record(source)
    status, out, _ = run(capsys, "replay", "--check", str(native))
    assert status == 0 and out.splitlines()[-2:] == ["not checked, for want of the hands:", NOTE]
    # written as EGN from the native record: still no hands
    egn = to_egn(record)
    assert "playerCards" not in egn["deals"][0]["initialState"]  # type: ignore[index]


def test_plays_only_a_native_record_with_a_bad_mark_is_refused(tmp_path: Path) -> None:
    record = from_egn(league_file())
    data = json.loads(json.dumps(record.to_dict()))
    for bad, expected in (([0, 0], "seat 0 is given twice"), ([4], "must be from 0 to 3"),
                          ("all", "must be a list")):
        data["deals"][0]["extras"][HANDS_FROM_PLAYS] = bad
        with pytest.raises(RecordError) as info:
            Record.from_dict(data)
        assert str(info.value).startswith(f"deals[0].extras.{HANDS_FROM_PLAYS}")
        assert expected in str(info.value)

"""Actions: every action's text and repr round-trip; lenient parsing; typed errors."""

from __future__ import annotations

import dataclasses

import pytest

from euchre.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    Call,
    Discard,
    GoAlone,
    Order,
    Pass,
    Play,
    parse_action,
)
from euchre.engine.cards import BENNY, HEARTS, NUM_CARD_CODES, UNKNOWN, parse_card, parse_suit
from euchre.errors import ActionError, EuchreError

EVERY_ACTION: list[Action] = [
    PASS, ORDER, ALONE, STAY, *CALL, *DISCARD, *PLAY,
]
REPR_NAMES: dict[str, object] = {
    "Pass": Pass, "Order": Order, "GoAlone": GoAlone, "Call": Call, "Discard": Discard,
    "Play": Play, "parse_card": parse_card, "parse_suit": parse_suit,
}


def test_every_action_is_listed() -> None:
    # 4 words, 5 calls (no-trump too), 53 cards and the unknown card to discard or play
    assert len(EVERY_ACTION) == 4 + 5 + 2 * (NUM_CARD_CODES + 1)
    assert len(set(EVERY_ACTION)) == len(EVERY_ACTION)
    assert len({str(a) for a in EVERY_ACTION}) == len(EVERY_ACTION)


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_action_text_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(str(action).upper()) == action
    assert parse_action(f"  {action}  ") is action  # the shared instance


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_action_repr_round_trips(action: Action) -> None:
    assert eval(repr(action), REPR_NAMES) == action


def test_shared_instances_and_equality() -> None:
    assert Play(parse_card("Jd")) == PLAY[parse_card("Jd")]
    assert Discard(BENNY) == DISCARD[BENNY] and DISCARD[-1] == Discard(UNKNOWN)
    assert GoAlone(True) == ALONE and GoAlone(False) == STAY and ALONE != STAY
    assert Call(HEARTS) == CALL[HEARTS]
    assert Pass() == PASS and Order() == ORDER
    different: list[tuple[Action, Action]] = [
        (PASS, ORDER), (Play(parse_card("Jd")), Discard(parse_card("Jd"))), (CALL[0], PASS)
    ]
    for a, b in different:
        assert a != b
    assert len({Pass.kind, Order.kind, Discard.kind, Call.kind, GoAlone.kind, Play.kind}) == 6


def test_actions_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PLAY[3].card = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ALONE.alone = False  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", PASS),
        ("P", PASS),
        ("Pass", PASS),
        ("order", ORDER),
        ("order up", ORDER),
        ("Order  Up", ORDER),
        ("accept", ORDER),
        ("assist", ORDER),
        ("pick up", ORDER),
        ("pickup", ORDER),
        ("alone", ALONE),
        ("go alone", ALONE),
        ("stay", STAY),
        ("not alone", STAY),
        ("call h", CALL[HEARTS]),
        ("call ♥", CALL[HEARTS]),
        ("call hearts", CALL[HEARTS]),
        ("name Hearts", CALL[HEARTS]),
        ("discard 10C", DISCARD[parse_card("Tc")]),
        ("discard x", DISCARD[UNKNOWN]),
        ("discard b", DISCARD[BENNY]),
        ("play Jd", PLAY[parse_card("Jd")]),
        ("PLAY 10♦", PLAY[parse_card("Td")]),
        ("Jd", PLAY[parse_card("Jd")]),  # a card alone means playing it
        ("10♠", PLAY[parse_card("Ts")]),
        ("B", PLAY[BENNY]),
    ],
)
def test_parse_action_is_lenient(text: str, expected: Action) -> None:
    assert parse_action(text) is expected


@pytest.mark.parametrize(
    "text",
    ["", "  ", "bid 7", "play", "play 1h", "play Jd Jd", "call", "call x", "call h d",
     "discard", "discard Zz", "order down", "alone please", "jd play", "name"],
)
def test_parse_action_errors_are_action_errors(text: str) -> None:
    with pytest.raises(ActionError, match="unknown action") as info:
        parse_action(text)
    assert isinstance(info.value, EuchreError) and isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)

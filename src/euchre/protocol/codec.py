"""The protocol's codec: actions as protocol strings, views and results as JSON.

Every action has one protocol string, without a space (:func:`to_protocol`,
:func:`from_protocol`); a view and a deal's result travel as the JSON objects
``docs/protocol.md`` describes (:func:`view_to_dict`, :func:`result_to_dict`, and back
with :func:`~euchre.protocol.views.view_from_dict` and :func:`result_from_dict`).
:data:`ACTION_GRAMMAR` says what the strings of each kind of action look like, for
the messages that list them.

>>> from euchre.engine.actions import parse_action
>>> [to_protocol(parse_action(t)) for t in ("order", "call h", "discard 9c", "play Jd")]
['accept', 'call:h', 'discard:9c', 'play:Jd']
>>> from_protocol("call:s")
Call(suit=parse_suit('s'))
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BID_WORDS,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN,
    THROW_IN_HAND,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    Discard,
    Give,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.engine.cards import NO_TRUMP_CHAR, UNKNOWN, card_name, parse_card, parse_suit, suit_char
from euchre.engine.deal import DealResult
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import ActionError, EuchreError
from euchre.protocol.fields import (
    counted,
    fail,
    read_field,
    read_numbers,
    read_seat,
    read_seats,
    read_suit,
    read_whole,
    show,
)

__all__ = [
    "ACTIONS_HELP",
    "ACTION_GRAMMAR",
    "BID_TEXT",
    "PROTOCOL_VERSION",
    "BotFault",
    "bid_text",
    "either",
    "from_protocol",
    "read_action",
    "read_bid",
    "result_from_dict",
    "result_to_dict",
    "to_protocol",
    "view_to_dict",
]

PROTOCOL_VERSION: Final = 1
"""Sent in ``game_start``; raised only when a message changes incompatibly."""


class BotFault(EuchreError):
    """An external bot failed: it crashed, answered something illegal, or timed out.

    ``kind`` is one of ``crash``, ``timeout``, ``illegal``, ``garbage`` (an answer that
    is not an action string); ``reason`` says what happened, and the message names the
    bot's ``command`` too.
    """

    def __init__(self, kind: str, reason: str, command: str | None = None) -> None:
        super().__init__(reason if command is None else f"bot {command!r} {reason}")
        self.kind = kind
        self.reason = reason
        self.command = command


# -- action strings ---------------------------------------------------------------------

ACTION_GRAMMAR: Final[dict[type[Action], tuple[str, ...]]] = {
    Pass: ("pass",),
    Order: ("accept",),
    Call: ("call:SUIT",),
    Discard: ("discard:CARD",),
    GoAlone: ("alone", "stay"),
    Play: ("play:CARD",),
    Bid: ("bid:N",),
    Declare: ("farmer:CARDS", "under:CARDS", "throw_in"),
    Best: ("best", "decline"),
    Give: ("give:CARD",),
}
"""The protocol strings of each kind of action, an argument by its name in capitals
(``call:SUIT``): what the messages listing the actions (of a phase, of the protocol)
say."""


def either(words: Sequence[str]) -> str:
    """Words as a choice: ``'pass or accept'``, ``'pass, farmer:CARDS or throw_in'``.

    >>> either(["pass"]), either(["a", "b", "c"])
    ('pass', 'a, b or c')
    """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


ACTIONS_HELP: Final = "the protocol's actions are " + ", ".join(
    word for words in ACTION_GRAMMAR.values() for word in words)
"""Every kind of protocol string, for a message about one that is not."""
BID_TEXT: Final = {**{str(v): v for v in range(1, 7)}, **{w: v for v, w in BID_WORDS.items()}}
"""The argument of each ``bid:`` string: a number of tricks or a named bid."""


def bid_text(value: int) -> str:
    """The protocol's word for a bid value: ``'3'``, ``'nap'``, ``'misere'``.

    >>> from euchre.engine.actions import NAP
    >>> bid_text(3), bid_text(NAP)
    ('3', 'nap')
    """
    return BID_WORDS.get(value, str(value))


def to_protocol(action: Action) -> str:
    """The protocol string of an action: ``pass``, ``accept``, ``call:h``, ``call:n``
    (no-trump), ``discard:9c``, ``alone``, ``stay``, ``play:Jd``, ``bid:3``, ``bid:nap``,
    ``farmer:9c,9d,Th``, ``under:9c,Tc,Jd``, ``throw_in``, ``best``, ``decline``,
    ``give:Ah``. None holds a space.

    >>> from euchre.engine.actions import ALONE, BID, NAP, parse_action
    >>> to_protocol(ALONE), to_protocol(BID[NAP]), to_protocol(parse_action("farmer 9c Th 9d"))
    ('alone', 'bid:nap', 'farmer:9c,9d,Th')
    """
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Order):
        return "accept"
    if isinstance(action, Call):
        return f"call:{suit_char(action.suit)}"
    if isinstance(action, Discard):
        return f"discard:{card_name(action.card)}"
    if isinstance(action, GoAlone):
        return "alone" if action.alone else "stay"
    if isinstance(action, Play):
        return f"play:{card_name(action.card)}"
    if isinstance(action, Bid):
        return f"bid:{bid_text(action.value)}"
    if isinstance(action, Declare):
        if action.what == THROW_IN:
            return "throw_in"
        return f"{action.what}:{','.join(card_name(c) for c in action.cards)}"
    if isinstance(action, Best):
        return "best" if action.call else "decline"
    if isinstance(action, Give):
        return f"give:{card_name(action.card)}"
    raise ActionError(f"{action!r} has no protocol string")


_WORDS: Final[dict[str, Action]] = {
    to_protocol(action): action
    for action in (PASS, ORDER, ALONE, STAY, BEST, DECLINE, THROW_IN_HAND)
}
"""The protocol strings without an argument, and their actions."""


def from_protocol(text: str) -> Action:
    """Parse a protocol action string (keywords in any case, cards and suits leniently;
    the three cards of ``farmer:`` and ``under:`` apart by commas or spaces).

    >>> from_protocol("play:10d")
    Play(card=parse_card('Td'))
    >>> from_protocol("BID:Nap"), from_protocol("under:9c, Tc, Jd")
    (Bid(value=21), parse_action('under 9c Tc Jd'))
    >>> from_protocol("order")
    Traceback (most recent call last):
    ...
    euchre.errors.ActionError: unknown protocol action 'order': the protocol's actions are ...
    """
    if not isinstance(text, str):
        raise ActionError(f"a protocol action is a string, not {show(text)}")
    word, colon, arg = text.strip().partition(":")
    key = word.strip().lower()
    value = arg.strip().lower()
    try:
        if not colon and key in _WORDS:
            return _WORDS[key]
        if colon and key == "call":
            return CALL[NO_TRUMP] if value == NO_TRUMP_CHAR else CALL[parse_suit(arg)]
        if colon and key in ("discard", "play", "give"):
            c = parse_card(arg)
            if c != UNKNOWN:
                return {"play": PLAY, "discard": DISCARD, "give": GIVE}[key][c]
        if colon and key == "bid" and value in BID_TEXT:
            return BID[BID_TEXT[value]]
        if colon and key in (FARMER, GO_UNDER):
            cards = tuple(parse_card(c) for c in arg.replace(",", " ").split())
            if len(cards) == 3 and UNKNOWN not in cards:
                return Declare(key, cards)
    except EuchreError as error:
        raise ActionError(f"unknown protocol action {text!r}: {error}") from None
    raise ActionError(f"unknown protocol action {text!r}: {ACTIONS_HELP}")


def read_action(value: object, where: str) -> Action:
    """An action string of a message (:func:`from_protocol`)."""
    if isinstance(value, str) and len(value) <= 24:
        with contextlib.suppress(ActionError):
            return from_protocol(value)
    fail(where, f"{show(value)} is not an action string ({ACTIONS_HELP})")


def read_bid(value: object, where: str) -> int:
    """A bid of a message (``"3"``, ``"nap"``) as its value."""
    if isinstance(value, str) and value.strip().lower() in BID_TEXT:
        return BID_TEXT[value.strip().lower()]
    fail(where, f"must be a bid, one of {', '.join(BID_TEXT)}, not {show(value)}")


# -- views and results as JSON ----------------------------------------------------------


def view_to_dict(view: PlayerView) -> dict[str, object]:
    """The ``view`` object of a message: :meth:`PlayerView.to_dict` with protocol
    action strings in ``calls``, and ``tricks`` holding the finished tricks followed,
    during ``play``, by the trick in progress (empty when the seat to act leads)."""
    data = view.to_dict()
    data["calls"] = [[seat, to_protocol(action)] for seat, action in view.calls]
    if view.phase == "play":
        tricks = data["tricks"]
        assert isinstance(tricks, list)
        tricks.append(data["trick"])
    return data


def result_to_dict(result: DealResult) -> dict[str, object]:
    """The ``result`` object of ``deal_end``: :meth:`DealResult.to_dict` plus the
    ``dealer`` and a ``verdict`` for people, the winning ``bid`` as the protocol writes
    it (``"3"``, ``"nap"``)."""
    data: dict[str, object] = {"dealer": result.dealer, **result.to_dict(),
                               "verdict": result.verdict}
    if result.bid is not None:
        data["bid"] = bid_text(result.bid)
    return data


def result_from_dict(data: Mapping[str, Any], players: int = 4,
                     where: str = "result", rules: Rules | None = None) -> DealResult:
    """Rebuild a :class:`DealResult` from the ``result`` object of ``deal_end``
    (``rules``: those of the game, for the seats, sides and tricks; without them,
    ``players`` four-handed or two-handed). ``verdict`` is not read.

    Raises :class:`~euchre.protocol.fields.ProtocolError` naming the field that is not
    one of a result.

    >>> result_from_dict({"trump": "h", "maker": 1, "tricks": [1, 4], "points": 1,
    ...                   "team": 1, "score": [0, 1]}).verdict
    'made'
    >>> nap = result_from_dict({"trump": "s", "maker": 0, "tricks": [3, 1, 1, 0, 0],
    ...     "points": 3, "team": None, "gains": [12, -3, -3, -3, -3], "bid": "3",
    ...     "score": [12, -3, -3, -3, -3]}, rules=Rules.preset("napoleon"))
    >>> nap.bid, nap.verdict
    (3, 'made')
    """
    if rules is None:
        rules = Rules() if players == 4 else Rules(players=players)
    players = rules.players
    sides = rules.seating.team_count
    size = rules.hand_size
    if not isinstance(data, Mapping):
        fail(where, f"must be an object, not {show(data)}")
    no_trump = rules.no_trump or rules.form == "napoleon"
    raw_trump, raw_maker, raw_team = data.get("trump"), data.get("maker"), data.get("team")
    trump = None if raw_trump is None else read_suit(raw_trump, f"{where}.trump", no_trump)
    maker = None if raw_maker is None else read_seat(raw_maker, f"{where}.maker", players)
    team = None if raw_team is None else read_whole(raw_team, f"{where}.team", 0, sides - 1)
    if (trump is None) != (maker is None):
        fail(f"{where}.{'maker' if maker is None else 'trump'}",
             "missing: trump and the maker are given together (both null: thrown in)")
    raw_gains = data.get("gains")
    gains = () if raw_gains is None else read_numbers(raw_gains, f"{where}.gains", sides)
    if gains and team is not None:
        fail(f"{where}.gains", "is given only when no one side scored alone (team null)")
    if trump is None and team is not None:
        fail(f"{where}.team", "must be null exactly when the deal was thrown in (trump null)")
    if trump is not None and team is None and not gains and not rules.fast_break:
        fail(f"{where}.team", "must be null exactly when the deal was thrown in (trump null)"
             if not rules.has_upcard else
             "must be null exactly when the deal was thrown in (trump null), or when more "
             "than one side scored (then gains says what each gained)")
    tricks = read_numbers(read_field(data, "tricks", where, [0] * sides), f"{where}.tricks", sides,
                          0, size)
    if sum(tricks) > size:
        fail(f"{where}.tricks", f"{list(tricks)}: a deal has {counted(size, 'trick')}")
    raw_bid = data.get("bid")
    return DealResult(
        dealer=read_seat(read_field(data, "dealer", where, 0), f"{where}.dealer", players),
        trump=trump,
        maker=maker,
        alone=read_seats(data.get("alone"), f"{where}.alone", players),
        tricks=tricks,
        points=read_whole(read_field(data, "points", where, 0), f"{where}.points", 0),
        team=team,
        score=read_numbers(read_field(data, "score", where, [0] * sides), f"{where}.score", sides),
        gains=gains,
        bid=None if raw_bid is None else read_bid(raw_bid, f"{where}.bid"),
    )

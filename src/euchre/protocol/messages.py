"""The external-bot protocol: bots in any language, one JSON object a line.

Like UCI for chess or GTP for go, a bot is a program that reads messages on standard
input and answers on standard output. The engine writes one JSON object per line; the
bot answers only ``decide`` messages, with one line holding one of the legal action
strings (``docs/protocol.md`` specifies every message and field).

* :class:`ExternalPlayer` is the engine's side: a :class:`~euchre.players.Player` that
  runs a program, enforces a time limit on each decision, and raises :class:`BotFault`
  when the program crashes, answers something illegal or takes too long.
* :func:`serve` is the bot's side, so every built-in bot can be served over the same
  protocol (``euchre bot basic``).

Action strings:

>>> from euchre.engine.actions import parse_action
>>> [to_protocol(parse_action(t)) for t in ("order", "call h", "discard 9c", "play Jd")]
['accept', 'call:h', 'discard:9c', 'play:Jd']
>>> from_protocol("call:s")
Call(suit=parse_suit('s'))
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import IO, Any, Final, NoReturn

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
    MISERE,
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
from euchre.engine.cards import (
    BENNY,
    HEARTS,
    NINE,
    NO_TRUMP_CHAR,
    TEN,
    TRUMP_ORDERS,
    UNKNOWN,
    CardSet,
    card_name,
    card_rank,
    card_suit,
    cards_of,
    deck_has_benny,
    deck_mask,
    parse_card,
    parse_suit,
    suit_char,
    suit_name,
    trick_winner_index,
)
from euchre.engine.deal import DealResult
from euchre.engine.game import FLOWS, allowed_bids, qualifies
from euchre.engine.player import Player
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import ActionError, CardError, EuchreError, RulesError

__all__ = [
    "PROTOCOL_VERSION",
    "BotFault",
    "ExternalPlayer",
    "ProtocolError",
    "bid_text",
    "from_protocol",
    "result_from_dict",
    "result_to_dict",
    "serve",
    "to_protocol",
    "view_from_dict",
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

_WORDS: Final[dict[str, Action]] = {
    "pass": PASS, "accept": ORDER, "alone": ALONE, "stay": STAY, "best": BEST,
    "decline": DECLINE, "throw_in": THROW_IN_HAND,
}
_HELP: Final = (
    "the protocol's actions are pass, accept, call:SUIT, discard:CARD, alone, stay, play:CARD, "
    "bid:N, farmer:CARDS, under:CARDS, throw_in, best, decline, give:CARD"
)
_BID_TEXT: Final = {**{str(v): v for v in range(1, 7)}, **{w: v for v, w in BID_WORDS.items()}}
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
        raise ActionError(f"a protocol action is a string, not {_show(text)}")
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
        if colon and key == "bid" and value in _BID_TEXT:
            return BID[_BID_TEXT[value]]
        if colon and key in (FARMER, GO_UNDER):
            cards = tuple(parse_card(c) for c in arg.replace(",", " ").split())
            if len(cards) == 3 and UNKNOWN not in cards:
                return Declare(key, cards)
    except EuchreError as error:
        raise ActionError(f"unknown protocol action {text!r}: {error}") from None
    raise ActionError(f"unknown protocol action {text!r}: {_HELP}")


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


class ProtocolError(EuchreError, ValueError):
    """A protocol message, or a part of one, that cannot be read; the message says
    where (``view.hand[2]``) and what is wrong."""


_CALL_KINDS: Final = (Pass, Order, Call, GoAlone, Declare, Bid, Best)
"""The actions a view's ``calls`` may hold (a give and a discard are face down)."""
_PHASE_ACTIONS: Final[dict[str, tuple[type, ...]]] = {
    "benny": (Call,),
    "declare": (Pass, Declare),
    "bid1": (Pass, Order),
    "bid2": (Pass, Call),
    "exchange": (Discard,),
    "alone": (GoAlone,),
    "best": (Best,),
    "give": (Give,),
    "discard": (Discard,),
    "bid": (Pass, Bid),
    "trump": (Call,),
    "play": (Play,),
}
_PHASE_WORDS: Final = {
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
_BEFORE_EXCHANGE: Final = ("benny", "declare", "bid1", "bid2", "exchange")
"""Euchre's phases in which nobody has picked up the upcard yet."""
_AFTER_EXCHANGE: Final = ("alone", "best", "give", "discard", "play")
_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven")
_MISSING: Final = object()


def _phases(rules: Rules) -> tuple[str, ...]:
    """The phases a view may be in under ``rules``, in the order of a deal (``over``
    last): the form's flow (:data:`euchre.engine.game.FLOWS`) less the phases whose rule is
    off, with the give and discard steps after ``best``.

    >>> _phases(Rules())
    ('bid1', 'exchange', 'bid2', 'alone', 'play', 'over')
    >>> _phases(Rules.preset("napoleon"))
    ('bid', 'play', 'over')
    """
    out: list[str] = []
    for step in FLOWS[rules.form]:
        phase = step.value
        if phase == "benny" and not _benny_named(rules):
            continue
        if phase == "declare" and not _declaring(rules):
            continue
        if phase == "alone" and not rules.going_alone:
            continue
        if phase == "discard" and rules.widow != "bidder_takes":
            continue
        if phase == "best":
            if rules.partners_best != "none":
                out.extend(("best", "give", "discard"))
            continue
        out.append(phase)
    return (*out, "over")


def _benny_named(rules: Rules) -> bool:
    """Whether the dealer names trump when the Benny is turned up (British)."""
    return deck_has_benny(rules.deck) and rules.benny_upcard == "dealer_names"


def _declaring(rules: Rules) -> bool:
    """Whether the rules have pre-bid declarations (farmer's hands, going under,
    throw-in hands)."""
    return rules.farmers or rules.go_under or rules.throw_in != "none"


def _turned_down(rules: Rules, upcard: int) -> int:
    """The suit round one offers and round two may not name (-1: none, when a Benny
    turned up skips round one or the dealer names trump for it), as the engine has it."""
    if upcard != BENNY:
        return card_suit(upcard)
    return HEARTS if rules.benny_upcard == "hearts" else -1


def _show(value: object) -> str:
    """A value as a short line of JSON, for messages."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fail(where: str, why: str) -> NoReturn:
    raise ProtocolError(f"{where}: {why}")


def _field(data: Mapping[str, Any], name: str, where: str, default: object = _MISSING) -> Any:
    """``data[name]``; a missing (or null) field takes ``default``, or is an error."""
    value = data.get(name)
    if value is None:
        if default is _MISSING:
            _fail(f"{where}.{name}" if where else name, "missing")
        return default
    return value


def _whole(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        _fail(where, f"must be a whole number, not {_show(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        _fail(where, f"must be {bounds}, not {value}")
    return value


def _seat(value: object, where: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        _fail(where, f"must be a seat from 0 to {players - 1}, not {_show(value)}")
    return value


def _items(value: object, where: str, most: int | None = None) -> list[Any]:
    """A JSON list (null or missing: empty) of at most ``most`` entries."""
    if value is None:
        return []
    if not isinstance(value, list):
        _fail(where, f"must be a list, not {_show(value)}")
    if most is not None and len(value) > most:
        _fail(where, f"has {len(value)} entries; at most {most} are possible")
    return value


def _numbers(value: object, where: str, count: int, low: int | None = None,
             high: int | None = None) -> tuple[int, ...]:
    """One whole number per scoring side, as ``[side 0, side 1, ...]``."""
    if not isinstance(value, list) or len(value) != count:
        _fail(where, f"must be {_NUMBER_WORDS[count]} whole numbers, as {[0] * count}, "
                     f"not {_show(value)}")
    return tuple(_whole(v, f"{where}[{i}]", low, high) for i, v in enumerate(value))


def _pair(value: object, where: str, what: str, size: int = 2) -> list[Any]:
    if not isinstance(value, list) or len(value) != size:
        _fail(where, f"must be a {'pair' if size == 2 else 'triple'} {what}, not {_show(value)}")
    return value


def _card(value: object, where: str, rules: Rules) -> int:
    """A card of the deck in use (never ``X``, the unknown card of records)."""
    if not isinstance(value, str):
        _fail(where, f"must be a card such as \"Jd\", not {_show(value)}")
    c = None
    if len(value) <= 8:
        with contextlib.suppress(CardError):
            c = parse_card(value)
    if c is None or c == UNKNOWN:
        ranks = "2 to 9, T J Q K A" if rules.deck == 52 else "9 T J Q K A, 7 8"
        _fail(where, f"{_show(value)} is not a card: a card is a rank ({ranks}) and "
                     "a suit (c d h s), or B for the Benny")
    if not deck_mask(rules.deck) >> c & 1:
        _fail(where, f"{card_name(c)} is not in the {rules.deck}-card deck of these rules")
    return c


def _suit(value: object, where: str, no_trump: bool = False) -> int:
    """A suit letter; ``n`` (no trump) too where ``no_trump``."""
    if isinstance(value, str) and len(value) <= 8:
        if no_trump and value.strip().lower() == NO_TRUMP_CHAR:
            return NO_TRUMP
        with contextlib.suppress(CardError):
            return parse_suit(value)
    letters = '"c", "d", "h", "s"' + (', "n" (no trump)' if no_trump else "")
    _fail(where, f"must be a suit, one of {letters}, not {_show(value)}")


def _action(value: object, where: str) -> Action:
    if isinstance(value, str) and len(value) <= 24:
        with contextlib.suppress(ActionError):
            return from_protocol(value)
    _fail(where, f"{_show(value)} is not an action string ({_HELP})")


def _bid_value(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() in _BID_TEXT:
        return _BID_TEXT[value.strip().lower()]
    _fail(where, f"must be a bid, one of {', '.join(_BID_TEXT)}, not {_show(value)}")


def _seats(value: object, where: str, players: int) -> tuple[int, ...]:
    """Distinct seats."""
    seats: list[int] = []
    for i, item in enumerate(_items(value, where, players)):
        seat = _seat(item, f"{where}[{i}]", players)
        if seat in seats:
            _fail(f"{where}[{i}]", f"seat {seat} is listed twice")
        seats.append(seat)
    return tuple(seats)


def _rules(value: object, where: str) -> Rules:
    if value is None:
        return Rules()
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        _fail(where, f"must be an object of rules options, not {_show(value)}")
    # Every message of a game carries the same rules: read them once. The key holds the
    # types too, so that 1 is not taken for true.
    key = tuple((name, type(option), option) for name, option in value.items())
    try:
        return _RULES_SEEN[key]
    except (KeyError, TypeError):  # new, or a value that is not hashable (refused below)
        pass
    try:
        rules = Rules.from_dict(value)
    except RulesError as error:
        _fail(where, str(error))
    if len(_RULES_SEEN) < 64:
        _RULES_SEEN[key] = rules
    return rules


_RULES_SEEN: dict[tuple[tuple[str, type, object], ...], Rules] = {}


def _count(number: int, what: str) -> str:
    """``'five tricks'``, ``'one trick'``."""
    word = _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)
    return f"{word} {what}{'' if number == 1 else 's'}"


def _listed(values: Sequence[object]) -> str:
    """``'1 and 0'``, ``'1, 0 and 2'``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def view_from_dict(data: Mapping[str, Any], where: str = "view") -> PlayerView:
    """Rebuild a :class:`PlayerView` from the ``view`` object of a message.

    Missing fields take neutral values (no calls, no tricks, nobody alone). Anything
    that is not a view a real game could show raises :class:`ProtocolError` naming the
    field (``where`` starts its path): a field of the wrong type, a seat or card out of
    range, a card twice, calls out of turn, a phase, trump, maker, bid or ``to_act``
    that does not follow from the calls, tricks not played in turn or against a void
    shown (``docs/protocol.md`` lists the checks). ``trick`` is not read: it repeats the
    last entry of ``tricks``. Every form of the game is read (three to seven seats,
    six-card hands, no upcard, no-trump, Napoleon's trump made by the first lead).

    >>> from euchre.engine.game import Game
    >>> game = Game(seed=2)
    >>> view = game.view(game.to_act)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> nap = Game(Rules.preset("napoleon"), seed=2)
    >>> view_from_dict(view_to_dict(nap.view(3))) == nap.view(3)
    True
    >>> view_from_dict({"seat": 7, "phase": "bid1", "upcard": "Jd"})
    Traceback (most recent call last):
    ...
    euchre.protocol.messages.ProtocolError: view.seat: must be a seat from 0 to 3, not 7
    """
    if not isinstance(data, Mapping):
        _fail(where, f"must be an object, not {_show(data)}")
    rules = _rules(data.get("rules"), f"{where}.rules")
    n = rules.players
    seating = rules.seating
    sides = seating.team_count
    size = rules.hand_size
    euchre = rules.has_upcard
    phases = _phases(rules)
    phase = _field(data, "phase", where)
    if phase not in phases:
        _fail(f"{where}.phase", f"must be one of {', '.join(phases)}, not {_show(phase)}")
    seat = _seat(_field(data, "seat", where), f"{where}.seat", n)
    to_act = _field(data, "to_act", where, seat)
    if not (phase == "over" and type(to_act) is int and to_act == -1):  # nobody acts
        to_act = _seat(to_act, f"{where}.to_act", n)
    dealer = _seat(_field(data, "dealer", where, 0), f"{where}.dealer", n)
    deal_number = _whole(_field(data, "deal", where, 0), f"{where}.deal", 0)
    score = _numbers(_field(data, "score", where, [0] * sides), f"{where}.score", sides)
    won = _numbers(_field(data, "tricks_won", where, [0] * sides), f"{where}.tricks_won",
                   sides, 0, size)
    if sum(won) > size:
        _fail(f"{where}.tricks_won", f"{list(won)}: a deal has {_count(size, 'trick')}")
    tokens = _numbers(_field(data, "tokens", where, [0] * sides), f"{where}.tokens", sides,
                      0, 3)
    if any(tokens) and not rules.four_trick_tokens:
        _fail(f"{where}.tokens", "four-trick tokens are not in these rules (four_trick_tokens)")
    if euchre:
        upcard = _card(_field(data, "upcard", where), f"{where}.upcard", rules)
    elif data.get("upcard") is not None:
        _fail(f"{where}.upcard", f"must be null: {rules.form_name} turns no card up")
    else:
        upcard = UNKNOWN
    seen: dict[int, str] = {}

    def card_at(value: object, at: str) -> int:
        c = _card(value, at, rules)
        if c in seen:
            _fail(at, f"{card_name(c)} is also at {seen[c]}")
        seen[c] = at
        return c

    extra = rules.widow == "bidder_takes" or (  # the widow, or a best card, held a moment
        rules.partners_best != "none" and rules.partners_best_order == "receive_first")
    hand = [card_at(c, f"{where}.hand[{i}]")
            for i, c in enumerate(_items(data.get("hand"), f"{where}.hand", size + extra))]
    calls: list[tuple[int, Action]] = []
    for i, item in enumerate(_items(data.get("calls"), f"{where}.calls")):
        at = f"{where}.calls[{i}]"
        who, text = _pair(item, at, "[seat, action]")
        action = _action(text, f"{at}[1]")
        if not isinstance(action, _CALL_KINDS):
            _fail(f"{at}[1]", f"{text} is not a call (pass, accept, call:SUIT, alone, stay, "
                              "bid:N, farmer:CARDS, under:CARDS, best, decline)")
        calls.append((_seat(who, f"{at}[0]", n), action))
    no_trump = rules.no_trump or rules.form == "napoleon"
    raw_trump, raw_maker = data.get("trump"), data.get("maker")
    trump = None if raw_trump is None else _suit(raw_trump, f"{where}.trump", no_trump)
    maker = None if raw_maker is None else _seat(raw_maker, f"{where}.maker", n)
    raw_bid = data.get("bid")
    bid = None if raw_bid is None else _bid_value(raw_bid, f"{where}.bid")
    if euchre:
        if (trump is None) != (maker is None):
            _fail(f"{where}.{'maker' if maker is None else 'trump'}",
                  "missing: trump and the maker are given together, once trump is fixed")
        if bid is not None:
            _fail(f"{where}.bid", f"must be null: {rules.form_name} has no bidding for tricks")
    else:
        if (bid is None) != (maker is None):
            _fail(f"{where}.{'maker' if maker is None else 'bid'}",
                  "missing: the bid and the maker (the highest bidder) are given together")
        if trump is not None and maker is None:
            _fail(f"{where}.maker", "missing: trump is named by the maker")
    alone = _seats(data.get("alone"), f"{where}.alone", n)
    if alone and not rules.going_alone:
        _fail(f"{where}.alone", "nobody may go alone under these rules")
    for i, s in enumerate(alone):
        if seating.partner(s) in alone[:i]:
            _fail(f"{where}.alone[{i}]", f"seat {s}'s partner goes alone already")
    partners = seating.sitting_out(alone)
    out = _seats(_field(data, "sitting_out", where, list(partners)), f"{where}.sitting_out", n)
    for i, s in enumerate(out):
        if seating.partner(s) not in alone:
            _fail(f"{where}.sitting_out[{i}]",
                  f"seat {s} sits out only when its partner goes alone")
    if len(out) != len(partners):
        _fail(f"{where}.sitting_out", f"is {list(out)}, but the partners of the lone players "
                                      f"{list(alone)} sit out: {list(partners)}")
    raw_discard = data.get("discard")
    if isinstance(raw_discard, str) and raw_discard.strip().upper() == "X":
        discard: int | None = UNKNOWN  # a card a record does not show
    else:
        discard = None if raw_discard is None else _card(raw_discard, f"{where}.discard", rules)
    if discard is not None and not euchre:
        _fail(f"{where}.discard", f"must be null: {rules.form_name} has no dealer's exchange")
    tricks: list[tuple[tuple[int, int], ...]] = []
    raw_tricks = _items(data.get("tricks"), f"{where}.tricks",
                        size + 1 if phase == "play" else size)
    for k, raw in enumerate(raw_tricks):
        at = f"{where}.tricks[{k}]"
        plays: list[tuple[int, int]] = []
        for j, item in enumerate(_items(raw, at, n)):
            who, c = _pair(item, f"{at}[{j}]", "[seat, card]")
            s = _seat(who, f"{at}[{j}][0]", n)
            if s in out:
                _fail(f"{at}[{j}][0]", f"seat {s} sits out this deal")
            if any(s == other for other, _ in plays):
                _fail(f"{at}[{j}][0]", f"seat {s} plays twice to one trick")
            plays.append((s, card_at(c, f"{at}[{j}][1]")))
        tricks.append(tuple(plays))
    current: tuple[tuple[int, int], ...] = ()
    if phase == "play" and tricks:
        current = tricks.pop()
        if len(current) >= n - len(out):
            _fail(f"{where}.tricks[{len(tricks)}]",
                  f"the trick in progress (the last entry) has {len(current)} cards; "
                  f"{n - len(out)} make a finished trick")
    for k, trick in enumerate(tricks):
        if not trick:
            _fail(f"{where}.tricks[{k}]", "a finished trick holds cards")
    if len(tricks) > (size - 1 if phase == "play" else size):
        _fail(f"{where}.tricks", f"{len(tricks)} finished tricks in phase {phase}; a deal "
                                 f"has {_count(size, 'trick')[:-1]}")
    laid_away = tuple(card_at(c, f"{where}.laid_away[{i}]") for i, c in
                      enumerate(_items(data.get("laid_away"), f"{where}.laid_away", 2)))
    shown = _read_shown(data, where, rules)
    given = _read_given(data, where, rules, seat)
    if discard is not None and discard in seen:
        _fail(f"{where}.discard", f"{card_name(discard)} is also at {seen[discard]}")
    if euchre:
        _check_upcard(where, rules, phase, seat, dealer, upcard, hand, calls, tricks, current,
                      trump, discard)
    if phase not in ("play", "over") and tricks:
        _fail(f"{where}.tricks", f"no trick is played in phase {phase}")
    if phase != "over":
        _Calls(where, rules, dealer, upcard, calls, phase, to_act).check(
            trump, maker, bid, alone, shown, bool(current or tricks))
    if phase == "play":
        assert maker is not None
        _check_play(where, rules, dealer, maker, trump, alone, (*tricks, current),
                    hand, seat, to_act, won, bid)
    return PlayerView(
        seat=seat,
        rules=rules,
        phase=phase,
        to_act=to_act,
        dealer=dealer,
        deal_number=deal_number,
        score=score,
        hand=CardSet.from_cards(hand),
        upcard=upcard,
        calls=tuple(calls),
        trump=trump,
        maker=maker,
        alone=alone,
        sitting_out=out,
        discard=discard,
        tricks=tuple(tricks),
        trick=current,
        tricks_won=won,
        shown=shown,
        laid_away=laid_away,
        given=given,
        bid=bid,
        tokens=tokens,
    )


def _read_shown(data: Mapping[str, Any], where: str, rules: Rules
                ) -> tuple[tuple[int, int], ...]:
    """``shown``: ``[seat, card]`` pairs, each card once (a shown card may be in a hand
    or a trick too: it was shown, not given up)."""
    at = f"{where}.shown"
    shown: list[tuple[int, int]] = []
    for i, item in enumerate(_items(data.get("shown"), at, rules.hand_size * rules.players)):
        who, raw = _pair(item, f"{at}[{i}]", "[seat, card]")
        s = _seat(who, f"{at}[{i}][0]", rules.players)
        c = _card(raw, f"{at}[{i}][1]", rules)
        if any(c == other for _, other in shown):
            _fail(f"{at}[{i}][1]", f"{card_name(c)} is shown twice")
        shown.append((s, c))
    return tuple(shown)


def _read_given(data: Mapping[str, Any], where: str, rules: Rules, seat: int
                ) -> tuple[tuple[int, int, int], ...]:
    """``given``: ``[giver, receiver, card]``, only passes this seat made or took."""
    at = f"{where}.given"
    given: list[tuple[int, int, int]] = []
    for i, item in enumerate(_items(data.get("given"), at, 2)):
        giver, receiver, raw = _pair(item, f"{at}[{i}]", "[giver, receiver, card]", 3)
        g = _seat(giver, f"{at}[{i}][0]", rules.players)
        r = _seat(receiver, f"{at}[{i}][1]", rules.players)
        if rules.seating.partner(g) != r:
            _fail(f"{at}[{i}]", f"seat {g} passes a card only to its partner, not to seat {r}")
        if seat not in (g, r):
            _fail(f"{at}[{i}]", f"seat {seat} sees only the cards it gave or received, not a "
                                f"pass from seat {g} to seat {r}")
        given.append((g, r, _card(raw, f"{at}[{i}][2]", rules)))
    return tuple(given)


def _check_upcard(where: str, rules: Rules, phase: str, seat: int, dealer: int, upcard: int,
                  hand: Sequence[int], calls: Sequence[tuple[int, Action]],
                  tricks: Sequence[tuple[tuple[int, int], ...]],
                  current: tuple[tuple[int, int], ...], trump: int | None,
                  discard: int | None) -> None:
    """Where Euchre's upcard and the dealer's discard may be, and trump by the phase."""
    if phase in _AFTER_EXCHANGE and trump is None:
        _fail(f"{where}.trump", f"missing: trump is fixed in phase {phase}")
    if phase in ("bid1", "bid2") and trump is not None:
        _fail(f"{where}.trump", f"is {suit_char(trump)}, but trump is not fixed in phase {phase}")
    if phase in _BEFORE_EXCHANGE and upcard in hand:
        _fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which no hand holds "
                               f"in phase {phase}")
    taken = any(isinstance(action, Order) for _, action in calls) or (
        upcard == BENNY and _benny_named(rules) and bool(calls))
    holders = {dealer} if taken else set()
    partner = rules.seating.partner(dealer)
    if taken and partner is not None and any(s == partner and a == BEST for s, a in calls):
        holders.add(partner)  # the dealer may give the upcard to a lone partner who called
    if upcard in hand and seat not in holders:
        _fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which only the dealer "
                               "picks up, once its suit is accepted")
    for k, trick in enumerate((*tricks, current)):
        for j, (s, c) in enumerate(trick):
            if c == upcard and s not in holders:
                _fail(f"{where}.tricks[{k}][{j}][1]",
                      f"seat {s} plays the upcard {card_name(c)}, which only the dealer picks "
                      "up, once its suit is accepted")
    if discard is not None and phase != "over" and not (
            seat == dealer and taken and phase in _AFTER_EXCHANGE):
        _fail(f"{where}.discard", "is shown only to the dealer, once it has taken the upcard "
                                  "and laid away a card (null otherwise)")
    if phase == "bid1" and upcard == BENNY and _turned_down(rules, upcard) < 0:
        _fail(f"{where}.upcard", "the Benny turned up skips round one (phase bid1)"
              if rules.benny_upcard == "skip_round_one" else
              "the Benny turned up: the dealer names trump (phase benny), there is no round one")
    if phase == "benny" and upcard != BENNY:
        _fail(f"{where}.phase", f"is benny, but the upcard is {card_name(upcard)}, not the Benny")


class _Calls:
    """A walk through a view's calls in the engine's order (``docs/rules.md``),
    checking that they are a real bidding, in turn, and that the phase, ``to_act``
    (outside ``play``), trump, the maker, the bid, the lone players and the shown cards
    follow from them."""

    def __init__(self, where: str, rules: Rules, dealer: int, upcard: int,
                 calls: Sequence[tuple[int, Action]], phase: str, to_act: int) -> None:
        self.where, self.rules, self.dealer, self.upcard = where, rules, dealer, upcard
        self.calls, self.phase, self.to_act = calls, phase, to_act
        self.at = f"{where}.calls"
        self.k = 0
        self.seating = rules.seating
        self.trump: int | None = None
        self.maker: int | None = None
        self.bid: int | None = None
        self.alone: list[int] = []
        self.shown: list[tuple[int, tuple[int, ...], bool]] = []
        """The cards the calls show, in order: ``(seat, cards, whole hand)``; going under
        shows the whole hand, the three cards swapped among them."""

    def done(self) -> bool:
        return self.k == len(self.calls)

    def next(self) -> tuple[int, Action]:
        call = self.calls[self.k]
        self.k += 1
        return call

    def stop(self, expected: str, seat: int) -> None:
        """The calls end here, with ``seat`` to act in phase ``expected``."""
        if self.phase != expected:
            _fail(f"{self.where}.phase", f"is {self.phase}, but after these calls it is "
                                         f"{expected}")
        if expected != "play" and self.to_act != seat:
            _fail(f"{self.where}.to_act", f"is {self.to_act}, but seat {seat} acts next "
                                          f"(after {len(self.calls)} calls)")

    def check(self, trump: int | None, maker: int | None, bid: int | None,
              alone: tuple[int, ...], shown: tuple[tuple[int, int], ...], led: bool) -> None:
        """Walk the calls and compare what they fix with the view's fields (``led``:
        a card has been played this deal)."""
        if self.rules.has_upcard:
            self._euchre()
        else:
            self._bidding()
        where = self.where
        if self.rules.form == "napoleon" and self.phase == "play" and self.trump is None:
            if led:
                pass  # the first lead made trump: _check_play compares it
            elif trump is not None:
                _fail(f"{where}.trump", f"is {suit_char(trump)}, but no card is led yet: the "
                                        "first card led makes trump")
        if not (self.rules.form == "napoleon" and self.phase == "play" and led) and (
                trump, maker) != (self.trump, self.maker):
            if self.trump is None and self.maker is None:
                _fail(f"{where}.trump" if trump is not None else f"{where}.maker",
                      f"is {suit_char(trump) if trump is not None else maker}, but no call "
                      "has fixed it")
            shown_trump = "null" if trump is None else suit_char(trump)
            fixed = (f"fix no trump yet, and seat {self.maker} is the maker"
                     if self.trump is None else
                     f"fixed {suit_char(self.trump)} by seat {self.maker}")
            _fail(f"{where}.trump", f"is {shown_trump} and maker is {maker}, but the calls "
                                    f"{fixed}")
        if bid != self.bid:
            _fail(f"{where}.bid", f"is {'null' if bid is None else bid_text(bid)}, but the "
                                  f"calls make it "
                                  f"{'null' if self.bid is None else bid_text(self.bid)}")
        if sorted(alone) != sorted(self.alone):
            _fail(f"{where}.alone", f"is {list(alone)}, but the calls have {self.alone} alone")
        self._compare_shown(shown)

    def _compare_shown(self, shown: tuple[tuple[int, int], ...]) -> None:
        at = f"{self.where}.shown"
        i = 0
        for seat, cards, whole in self.shown:
            count = self.rules.hand_size if whole else len(cards)
            group = shown[i:i + count]
            what = (f"seat {seat}'s whole hand, {' '.join(card_name(c) for c in cards)} among "
                    "it" if whole else ' '.join(f"{card_name(c)} of seat {seat}" for c in cards))
            held = [c for _, c in group]
            if (len(group) < count or any(s != seat for s, _ in group)
                    or not set(cards) <= set(held) or (not whole and held != list(cards))
                    or held != sorted(held)):
                _fail(f"{at}[{i}]", f"the calls show {what} here, in order")
            i += count
        if i < len(shown):
            _fail(f"{at}[{i}]", f"{card_name(shown[i][1])} of seat {shown[i][0]}, but no call "
                                "shows it")

    # -- Euchre: benny, declare, bid1, exchange, bid2, alone, best -----------------------

    def _euchre(self) -> None:
        rules, dealer, at = self.rules, self.dealer, self.at
        turned = _turned_down(rules, self.upcard)
        ordered = False
        if self.upcard == BENNY and _benny_named(rules):
            if self.done():
                self.stop("benny", dealer)
                return
            who, action = self.next()
            if who != dealer:
                _fail(f"{at}[0][0]", f"is seat {who}, but the dealer, seat {dealer}, names "
                                     "trump for the Benny")
            if not isinstance(action, Call) or action.suit == NO_TRUMP:
                _fail(f"{at}[0][1]", f"{to_protocol(action)} is not naming trump (call:SUIT)")
            self.trump, self.maker, ordered = action.suit, dealer, True
        if _declaring(rules) and not self._declarations():
            return
        if self.trump is None:
            ordered = self._rounds(turned)
            if self.trump is None:
                return
        if ordered and self.done() and self.phase == "exchange":
            self.stop("exchange", dealer)
            return
        if rules.going_alone and not self._going_alone():
            return
        if rules.partners_best != "none" and self.alone and not self._best():
            return
        if not self.done():
            _fail(f"{at}[{self.k}]", "comes after the last call of a deal")
        self.stop("play", -1)

    def _declarations(self) -> bool:
        """The pre-bid declarations, each seat once; False when the calls stop in them."""
        rules, at = self.rules, self.at
        swapped = False
        for seat in self.seating.order_after(self.dealer):
            if self.done():
                self.stop("declare", seat)
                return False
            k = self.k
            who, action = self.next()
            if who != seat:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} declares next")
            if isinstance(action, Pass):
                continue
            if not isinstance(action, Declare):
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a declaration (pass, "
                                       "farmer:CARDS, under:CARDS, throw_in)")
            if action.what == THROW_IN:
                _fail(f"{at}[{k}][1]", "throw_in voids the deal: the same dealer deals again, "
                                       "and no view of the voided deal is sent")
            allowed = rules.farmers if action.what == FARMER else rules.go_under
            if not allowed or swapped:
                why = ("these rules do not have it" if not allowed else
                       "a hand has swapped with the kitty already this deal")
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a declaration now: {why}")
            swapped = True
            self.shown.append((seat, action.cards, action.what == GO_UNDER))
        return True

    def _rounds(self, turned: int) -> bool:
        """Rounds one and two; whether the upcard's suit was accepted (the dealer then
        exchanges)."""
        rules, at, dealer = self.rules, self.at, self.dealer
        for rnd in (1, 2):
            if rnd == 1 and turned < 0:
                continue  # the Benny turned up: round one is skipped
            for seat in self.seating.order_after(dealer):
                if self.done():
                    self.stop(f"bid{rnd}", seat)
                    return False
                k = self.k
                who, action = self.next()
                if who != seat:
                    _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} bids next")
                if isinstance(action, Pass) and not (
                        rnd == 2 and seat == dealer and rules.stick_the_dealer):
                    continue
                if rnd == 1 and isinstance(action, Order):
                    self.trump, self.maker = turned, seat
                    return True
                if rnd == 2 and isinstance(action, Call) and action.suit != turned and (
                        action.suit != NO_TRUMP or rules.no_trump):
                    self.trump, self.maker = action.suit, seat
                    return False
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a bid of round {rnd} now")
        _fail(at, "every seat passed twice: that deal is over (thrown in)")

    def _going_alone(self) -> bool:
        """The going-alone questions; False when the calls stop in them."""
        rules, seating, at = self.rules, self.seating, self.at
        maker = self.maker
        assert maker is not None
        queue = list(seating.alone_order(self.dealer, maker, rules.maker_partner_alone,
                                         rules.lone_defender))
        ordered_up = any(isinstance(a, Order) for _, a in self.calls)
        if rules.canadian and ordered_up and seating.partner(self.dealer) == maker:
            queue.remove(maker)  # the Canadian loner goes alone unasked
            self.alone.append(maker)
        for seat in queue:
            if seating.partner(seat) in self.alone:
                continue
            if rules.lone_defender_needs_loner and not seating.same_team(seat, maker) and (
                    not any(seating.same_team(a, maker) for a in self.alone)):
                continue
            if self.done():
                self.stop("alone", seat)
                return False
            k = self.k
            who, action = self.next()
            if who != seat:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} is asked next whether "
                                       "to go alone")
            if not isinstance(action, GoAlone):
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not an answer to whether to "
                                       "go alone (alone or stay)")
            if action.alone:
                self.alone.append(seat)
        return True

    def _best(self) -> bool:
        """Calls for partner's best, and the give and discard that follow one; False
        when the deal stops in them."""
        rules, seating, at = self.rules, self.seating, self.at
        maker = self.maker
        callers = [s for s in self.alone if seating.same_team(s, maker)]  # type: ignore[arg-type]
        if rules.partners_best == "loner_and_defender":
            callers += [s for s in self.alone if not seating.same_team(s, maker)]  # type: ignore[arg-type]
        for caller in callers:
            if self.done():
                self.stop("best", caller)
                return False
            k = self.k
            who, action = self.next()
            if who != caller:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {caller} calls for best "
                                       "next (or declines)")
            if not isinstance(action, Best):
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not an answer to a call for "
                                       "best (best or decline)")
            if action.call and self.done() and self.phase in ("give", "discard"):
                partner = seating.partner(caller)
                assert partner is not None
                self.stop(self.phase, partner if self.phase == "give" else caller)
                return False
        return True

    # -- Hasenpfeffer and Napoleon: bid, trump, discard ----------------------------------

    def _bidding(self) -> None:
        rules, at, n = self.rules, self.at, self.rules.players
        nap = rules.form == "napoleon"
        auction = rules.form == "hasenpfeffer" and rules.hasen_bidding == "auction"
        seat = self.seating.next_seat[self.dealer]
        passes = calls = 0
        while True:
            top = self.bid
            if auction:
                finished = top == 6 or (top is not None and passes == n - 1) or (
                    top is None and passes == n)
            else:
                finished = calls == n
            if finished:
                break
            if self.done():
                self.stop("bid", seat)
                return
            k = self.k
            who, action = self.next()
            if who != seat:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} bids next")
            stuck = (nap and rules.nap_all_pass == "dealer_bids_one" and seat == self.dealer
                     and top is None)
            if isinstance(action, Pass) and not stuck:
                passes += 1
            elif isinstance(action, Bid) and action.value in allowed_bids(
                    rules, -1 if top is None else top, stuck):
                self.bid, self.maker, passes = action.value, seat, 0
            else:
                why = ("every other player passed: the dealer must bid" if stuck else
                       "a bid is higher than the one before, and allowed by these rules")
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a bid now: {why}")
            calls += 1
            seat = self.seating.next_seat[seat]
        if self.bid is None:
            if nap or self.done():
                _fail(at, "every seat passed: that deal is over (thrown in)")
            k = self.k
            who, action = self.next()  # Hasenpfeffer: the Benny's holder must bid three
            if action != BID[3]:
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)}, but when every seat passes "
                                       "the holder of the Benny bids 3")
            self.bid, self.maker = 3, who
            self.shown.append((who, (BENNY,), False))
        maker = self.maker
        assert maker is not None
        if nap:
            if self.bid == MISERE:
                self.trump = NO_TRUMP
        else:
            if self.done():
                self.stop("trump", maker)
                return
            k = self.k
            who, action = self.next()
            if who != maker:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but the maker, seat {maker}, names "
                                       "trump")
            if not isinstance(action, Call) or action.suit == NO_TRUMP:
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not naming trump (call:SUIT)")
            self.trump = action.suit
            if rules.widow == "bidder_takes" and self.done() and self.phase == "discard":
                self.stop("discard", maker)
                return
        if not self.done():
            _fail(f"{at}[{self.k}]", "comes after the last call of a deal")
        self.stop("play", -1)


def _check_play(where: str, rules: Rules, dealer: int, maker: int, trump: int | None,
                alone: tuple[int, ...], tricks: tuple[tuple[tuple[int, int], ...], ...],
                hand: list[int], seat: int, to_act: int, won: tuple[int, ...],
                bid: int | None) -> None:
    """Check that the tricks (the last one in progress) are a play of a real deal:
    each led by the winner of the one before (the first as the rules say: the maker
    where there is no upcard), played clockwise past the seats sitting out, nobody
    playing a suit it has shown out of, ``tricks_won`` their count and ``to_act`` the
    seat to play next; that Napoleon's trump is the suit of the first card led; and that
    the hand holds no suit its seat has shown out of."""
    seating = rules.seating
    order = rules.trump_order
    first = tricks[0][0][1] if tricks[0] else None
    if rules.form == "napoleon" and bid != MISERE:
        shown = "null" if trump is None else suit_char(trump)
        if first is None and trump is not None:
            _fail(f"{where}.trump", f"is {shown}, but no card is led yet: the first card led "
                                    "makes trump")
        if first is not None and trump != card_suit(first):
            _fail(f"{where}.trump", f"is {shown}, but the first card led, {card_name(first)}, "
                                    f"made {suit_name(card_suit(first))} trump")
    key = NO_TRUMP if trump is None else trump
    eff = TRUMP_ORDERS[order].effective[key]
    out = seating.out_mask(alone)
    active = seating.players - out.bit_count()
    if rules.has_upcard:
        leader = seating.first_leader(dealer, maker, alone, rules.loner_lead)
    else:
        leader = maker  # the maker leads (Hasenpfeffer, Napoleon)
    void: dict[int, dict[int, int]] = {s: {} for s in seating.seats}  # suit: trick shown out
    taken = [0] * seating.team_count
    after = seating.next_table(out)

    for k, trick in enumerate(tricks):
        at = f"{where}.tricks[{k}]"
        if k < len(tricks) - 1 and len(trick) != active:
            _fail(at, f"has {len(trick)} cards, but a finished trick has one from each of "
                      f"the {active} players")
        expect = leader
        for j, (s, c) in enumerate(trick):
            if s != expect:
                how = f"seat {leader} leads it" if j == 0 else f"seat {expect} plays next"
                _fail(f"{at}[{j}][0]", f"is seat {s}, but {how}")
            if eff[c] in void[s]:
                _fail(f"{at}[{j}][1]", f"seat {s} plays {card_name(c)} after showing out of "
                                       f"{suit_name(eff[c])} in tricks[{void[s][eff[c]]}]")
            if eff[c] != eff[trick[0][1]]:
                void[s].setdefault(eff[trick[0][1]], k)
            expect = after[s]
        if k < len(tricks) - 1:
            leader = trick[trick_winner_index([c for _, c in trick], key, order=order)][0]
            taken[seating.team(leader)] += 1
    if list(won) != taken:
        _fail(f"{where}.tricks_won", f"is {list(won)}, but the tricks shown were taken "
                                     f"{_listed(taken)}")
    playing = after[tricks[-1][-1][0]] if tricks[-1] else leader
    if to_act != playing:
        _fail(f"{where}.to_act", f"is {to_act}, but seat {playing} plays next")
    for i, c in enumerate(hand):
        if eff[c] in void[seat]:
            _fail(f"{where}.hand[{i}]", f"{card_name(c)}, but seat {seat} showed out of "
                                        f"{suit_name(eff[c])} in tricks[{void[seat][eff[c]]}]")


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

    Raises :class:`ProtocolError` naming the field that is not one of a result.

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
        _fail(where, f"must be an object, not {_show(data)}")
    no_trump = rules.no_trump or rules.form == "napoleon"
    raw_trump, raw_maker, raw_team = data.get("trump"), data.get("maker"), data.get("team")
    trump = None if raw_trump is None else _suit(raw_trump, f"{where}.trump", no_trump)
    maker = None if raw_maker is None else _seat(raw_maker, f"{where}.maker", players)
    team = None if raw_team is None else _whole(raw_team, f"{where}.team", 0, sides - 1)
    if (trump is None) != (maker is None):
        _fail(f"{where}.{'maker' if maker is None else 'trump'}",
              "missing: trump and the maker are given together (both null: thrown in)")
    raw_gains = data.get("gains")
    gains = () if raw_gains is None else _numbers(raw_gains, f"{where}.gains", sides)
    if gains and team is not None:
        _fail(f"{where}.gains", "is given only when no one side scored alone (team null)")
    if trump is None and team is not None:
        _fail(f"{where}.team", "must be null exactly when the deal was thrown in (trump null)")
    if trump is not None and team is None and not gains and not rules.fast_break:
        _fail(f"{where}.team", "must be null exactly when the deal was thrown in (trump null)"
              if not rules.has_upcard else
              "must be null exactly when the deal was thrown in (trump null), or when more "
              "than one side scored (then gains says what each gained)")
    tricks = _numbers(_field(data, "tricks", where, [0] * sides), f"{where}.tricks", sides,
                      0, size)
    if sum(tricks) > size:
        _fail(f"{where}.tricks", f"{list(tricks)}: a deal has {_count(size, 'trick')}")
    raw_bid = data.get("bid")
    return DealResult(
        dealer=_seat(_field(data, "dealer", where, 0), f"{where}.dealer", players),
        trump=trump,
        maker=maker,
        alone=_seats(data.get("alone"), f"{where}.alone", players),
        tricks=tricks,
        points=_whole(_field(data, "points", where, 0), f"{where}.points", 0),
        team=team,
        score=_numbers(_field(data, "score", where, [0] * sides), f"{where}.score", sides),
        gains=gains,
        bid=None if raw_bid is None else _bid_value(raw_bid, f"{where}.bid"),
    )


# -- the engine's side: a program as a player ------------------------------------------

_EOF: Final = None
_NOT_STARTED: Final = "could not be started: "


class ExternalPlayer:
    """A player that is a program speaking the protocol (any language).

    The program is started on first use (``shlex``-split ``command``, pipes, text mode)
    and sent ``game_start`` before the first message of each game, ``decide`` for each
    decision of its seat, ``deal_end`` and ``game_end``. Each decision must be answered
    within ``time_limit`` seconds (the first decision after a start also gets
    ``startup_grace`` seconds for the program to load). A crash, an end of output, an
    answer that is not a legal action string, or a late answer raises :class:`BotFault`
    and stops the program; the next game starts it again.

    Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, command: str, time_limit: float = 10.0, startup_grace: float = 5.0) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise EuchreError("an external bot needs a command, as in 'ext:python bot.py'")
        self.time_limit = time_limit
        self.startup_grace = startup_grace
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._stderr_reader: threading.Thread | None = None
        self._in_game = False
        self._fresh = False

    # -- process -----------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[str]:
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as error:
            reason = _NOT_STARTED + (error.strerror or str(error))
            raise BotFault("crash", reason, self.command) from None
        lines: queue.Queue[str | None] = queue.Queue()
        tail: deque[str] = deque(maxlen=20)
        self._lines, self._stderr = lines, tail
        assert proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=_pump, args=(proc.stdout, lines.put, True), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=_pump, args=(proc.stderr, tail.append, False), daemon=True)
        self._stderr_reader.start()
        self._proc = proc
        self._fresh = True
        return proc

    def preflight(self, view: PlayerView, legal: Sequence[Action]) -> str | None:
        """Start the program and put ``view``'s decision to it, as the first of a game,
        then stop it: ``None`` if it answered anything at all (whether the answer is
        legal is a match's business), else why it cannot play, for "cannot be started:
        ...": the system's reason it could not be run (``No such file or directory``),
        or ``it ended its output (exit status 2); ...``, or ``it did not answer within
        15 s`` (the first decision's time, the startup grace included)."""
        try:
            self.choose(view, legal)
        except BotFault as fault:
            if fault.kind not in ("crash", "timeout"):
                return None
            if fault.reason.startswith(_NOT_STARTED):
                return fault.reason[len(_NOT_STARTED):]
            return f"it {fault.reason}"
        finally:
            self.close()
        return None

    def close(self) -> None:
        """Close the program's input, give it a moment to exit, then kill it."""
        proc, self._proc = self._proc, None
        self._in_game = False
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=2.0)

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _crash_reason(self, what: str) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = proc.wait(timeout=0.2)
        if code is not None and self._stderr_reader is not None:
            self._stderr_reader.join(timeout=0.5)  # its last words may still be in the pipe
        said = f"; its last error output: {self._stderr[-1].strip()!r}" if self._stderr else ""
        status = "" if code is None else f" (exit status {code})"
        return f"{what}{status}{said}"

    def _fault(self, kind: str, reason: str) -> BotFault:
        fault = BotFault(kind, reason, self.command)
        self.close()
        return fault

    def _send(self, message: dict[str, object]) -> None:
        proc = self._proc or self._start()
        assert proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            raise self._fault("crash", self._crash_reason("stopped reading its input")) from None

    def _begin(self, view: PlayerView) -> None:
        if not self._in_game:
            self._in_game = True
            self._send({
                "type": "game_start",
                "version": PROTOCOL_VERSION,
                "seat": view.seat,
                "rules": view.rules.to_dict(),
                "score": list(view.score),
            })

    def _answer(self) -> str:
        limit = self.time_limit + (self.startup_grace if self._fresh else 0.0)
        self._fresh = False
        deadline = time.monotonic() + limit
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(remaining, 0.0))
            except queue.Empty:
                raise self._fault("timeout", f"did not answer within {limit:g} s") from None
            if line is _EOF:
                raise self._fault("crash", self._crash_reason("ended its output"))
            text = line.strip()
            if text and not text.startswith("#"):
                return text

    # -- the player protocol -----------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Send ``decide`` and wait for a legal answer (or raise :class:`BotFault`)."""
        self._begin(view)
        while True:  # lines left from an announcement are not answers
            try:
                if self._lines.get_nowait() is _EOF:
                    raise self._fault("crash", self._crash_reason("ended its output"))
            except queue.Empty:
                break
        self._send({
            "type": "decide",
            "view": view_to_dict(view),
            "legal": [to_protocol(a) for a in legal],
        })
        text = self._answer()
        try:
            action = from_protocol(text)
        except ActionError:
            raise self._fault("garbage", f"answered {text[:80]!r}, not an action string") from None
        if action not in legal:
            shown = ", ".join(to_protocol(a) for a in legal)
            raise self._fault("illegal", f"answered {text!r}, which is not legal now "
                                         f"(legal: {shown})")
        return action

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        """Send ``deal_end`` (no answer expected)."""
        self._begin(view)
        self._send({"type": "deal_end", "result": result_to_dict(result),
                    "view": view_to_dict(view)})

    def game_over(self, view: PlayerView) -> None:
        """Send ``game_end`` (no answer expected); the next message starts a new game."""
        self._begin(view)
        top = max(view.score)
        leaders = [side for side, points in enumerate(view.score) if points == top]
        winner = leaders[0] if len(leaders) == 1 else None
        self._send({"type": "game_end", "score": list(view.score), "winner": winner,
                    "view": view_to_dict(view)})
        self._in_game = False


def _pump(stream: IO[str], put: Callable[[Any], object], mark_end: bool) -> None:
    """Copy a pipe's lines to ``put`` until it ends, then ``put(None)`` if ``mark_end``,
    and close it (the pipe is this thread's alone: closing never waits on a read)."""
    try:
        for line in stream:
            put(line)
    except (OSError, ValueError):
        pass
    finally:
        if mark_end:
            put(_EOF)
        with contextlib.suppress(OSError):
            stream.close()


# -- the bot's side ---------------------------------------------------------------------

_LONGEST: Final = 300
"""Characters of a reported line at most (a message may be any size)."""


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _LONGEST else line[: _LONGEST - 3] + "..."


def _report(stream: IO[str], text: str) -> None:
    stream.write(f"euchre bot: {_one_line(text)}\n")
    stream.flush()


def _message(line: str) -> dict[str, Any]:
    """One line as a message: a JSON object with a string ``type``."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"not JSON ({error})") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"not a JSON object but {_show(message)}")
    kind = message.get("type")
    if kind is None:
        raise ProtocolError('no "type": a message is an object such as {"type": "decide", ...}')
    if not isinstance(kind, str):
        raise ProtocolError(f"\"type\" must be a string, not {_show(kind)}")
    return message


def _decision(message: Mapping[str, Any]) -> tuple[PlayerView, list[Action]]:
    """The view and legal actions of a ``decide``, checked against each other."""
    if message.get("view") is None:
        raise ProtocolError("no view: a decide carries the view of the seat to act")
    view = view_from_dict(message["view"])
    phase, seat = view.phase, view.seat
    if phase == "over":
        _fail("view.phase", "is over: nothing is decided once the game is over")
    if view.to_act != seat:
        _fail("view.to_act", f"is {view.to_act}, but a decide goes to the seat to act "
                             f"(view.seat is {seat})")
    if seat in view.sitting_out and phase != "give":  # the lone player's partner gives
        _fail("view.sitting_out", f"holds the bot's own seat {seat}, which has nothing to decide")
    _check_hand_size(view)
    if phase == "exchange" and seat != view.dealer:
        _fail("view.seat", f"is {seat}, but the exchange is the dealer's "
                           f"(view.dealer is {view.dealer})")
    if any(s == seat for s, _ in view.trick):
        _fail("view.tricks", f"seat {seat} has played to the trick in progress already")
    raw = message.get("legal")
    if raw is None:
        raise ProtocolError("no legal: a decide lists the legal actions")
    items = _items(raw, "legal")
    if not items:
        _fail("legal", "is empty: a decide lists at least one action")
    held = view.hand.mask | (1 << view.upcard if phase == "exchange" else 0)
    allowed = _legal_now(view)
    legal: list[Action] = []
    for i, text in enumerate(items):
        action = _action(text, f"legal[{i}]")
        if not isinstance(action, _PHASE_ACTIONS[phase]):
            _fail(f"legal[{i}]", f"{text} is not an action of phase {phase} "
                                 f"({_PHASE_WORDS[phase]})")
        if isinstance(action, Discard | Play | Give) and not held >> action.card & 1:
            _fail(f"legal[{i}]", f"{text}, but the bot does not hold {card_name(action.card)}")
        if action not in allowed:
            shown = ", ".join(to_protocol(a) for a in allowed)
            _fail(f"legal[{i}]", f"{text} is not legal now: {_why_not(view, action)} "
                                 f"(legal: {shown})")
        if action in legal:
            _fail(f"legal[{i}]", f"{text} is listed twice")
        legal.append(action)
    missing = [to_protocol(a) for a in allowed if a not in legal]
    if missing:
        _fail("legal", f"leaves out {', '.join(missing)}, which the rules allow now "
                       "(legal lists every legal action)")
    return view, legal


def _check_hand_size(view: PlayerView) -> None:
    """The seat to act holds the cards dealt, less those it played, laid away and gave,
    plus those it received and the widow it took (none while it names trump blind for
    a Benny upcard)."""
    seat, rules = view.seat, view.rules
    if view.phase == "benny":
        if view.hand:
            _fail("view.hand", f"holds {len(view.hand)} cards, but the dealer names trump for "
                               "the Benny before looking at the hand (none)")
        return
    played = sum(1 for trick in (*view.tricks, view.trick) for s, _ in trick if s == seat)
    gave = sum(1 for g, _, _ in view.given if g == seat)
    got = sum(1 for _, r, _ in view.given if r == seat)
    widow = int(rules.form == "hasenpfeffer" and rules.widow == "bidder_takes"
                and seat == view.maker and view.phase in ("discard", "play"))
    size = rules.hand_size
    expected = size - played - len(view.laid_away) - gave + got + widow
    if len(view.hand) != expected:
        parts = [f"{size}, less the {played} it has played"]
        parts += [f"less {len(view.laid_away)} laid away"] if view.laid_away else []
        parts += ["less the card it gave"] if gave else []
        parts += ["and the card it received"] if got else []
        parts += ["and the widow"] if widow else []
        _fail("view.hand", f"holds {len(view.hand)} cards, but the seat to act holds "
                           f"{expected} ({', '.join(parts)})")


_NINE_TEN: Final = frozenset({NINE, TEN})


def _legal_now(view: PlayerView) -> list[Action]:
    """The legal actions of the seat to act in ``view``, as the engine finds them."""
    phase, rules, up = view.phase, view.rules, view.upcard
    if phase == "bid1":
        return [PASS, ORDER]
    if phase == "alone":
        return [STAY, ALONE]
    if phase == "best":
        return [DECLINE, BEST]
    if phase in ("benny", "trump"):
        return [CALL[s] for s in range(4)]
    if phase == "give":
        return [GIVE[c] for c in view.hand]
    if phase == "discard":
        return [DISCARD[c] for c in view.hand]
    if phase == "bid2":
        turned = _turned_down(rules, up)
        stuck = rules.stick_the_dealer and view.seat == view.dealer
        suits = range(5 if rules.no_trump else 4)
        return [*([] if stuck else [PASS]), *(CALL[s] for s in suits if s != turned)]
    if phase == "exchange":
        options = view.hand.mask | 1 << up
        if rules.dealer_must_take_upcard or (up == BENNY and _benny_named(rules)):
            options &= ~(1 << up)
        return [DISCARD[c] for c in cards_of(options)]
    if phase == "declare":
        return [PASS, *_declarations(view)]
    if phase == "bid":
        stuck = (rules.form == "napoleon" and rules.nap_all_pass == "dealer_bids_one"
                 and view.seat == view.dealer and view.bid is None)
        bids = allowed_bids(rules, -1 if view.bid is None else view.bid, stuck)
        return [*([] if stuck else [PASS]), *(BID[v] for v in bids)]
    order = TRUMP_ORDERS[rules.trump_order]
    eff = order.effective[NO_TRUMP if view.trump is None else view.trump]
    cards = list(view.hand)
    if view.trick:
        led = eff[view.trick[0][1]]
        cards = [c for c in cards if eff[c] == led] or cards
    return [PLAY[c] for c in cards]


def _declarations(view: PlayerView) -> list[Action]:
    """The declarations the seat to act may make (only one hand swaps with the kitty in
    a deal)."""
    rules, hand, mask = view.rules, list(view.hand), view.hand.mask
    swapped = any(isinstance(a, Declare) and a.what != THROW_IN for _, a in view.calls)
    out: list[Action] = []
    if not swapped:
        if rules.farmers and qualifies(FARMER, mask):
            low = [c for c in hand if card_rank(c) in _NINE_TEN]
            out.extend(Declare(FARMER, three) for three in combinations(low, 3))
        if rules.go_under and qualifies(GO_UNDER, mask):
            out.extend(Declare(GO_UNDER, three) for three in combinations(hand, 3))
    if rules.throw_in != "none" and qualifies(THROW_IN, mask):
        out.append(THROW_IN_HAND)
    return out


def _why_not(view: PlayerView, action: Action) -> str:
    """Why an action of the phase, with a card the seat holds, is not legal now."""
    rules = view.rules
    if isinstance(action, Play) and view.trick:
        eff = TRUMP_ORDERS[rules.trump_order].effective[
            NO_TRUMP if view.trump is None else view.trump]
        return f"the bot must follow {suit_name(eff[view.trick[0][1]])}"
    if isinstance(action, Call):
        if action.suit == NO_TRUMP:
            return "these rules have no no-trump call"
        return f"{suit_name(action.suit)} was turned down"
    if isinstance(action, Pass):
        if view.phase == "bid":
            return "every other player passed: the dealer must bid"
        return "the dealer is stuck (stick_the_dealer) and must name a suit"
    if isinstance(action, Bid):
        over = "" if view.bid is None else f" over bid:{bid_text(view.bid)}"
        return f"these rules allow no bid:{bid_text(action.value)}{over}"
    if isinstance(action, Declare):
        return "the hand or the rules do not allow it, or a hand has swapped already"
    if (isinstance(action, Discard) and action.card == view.upcard == BENNY
            and _benny_named(rules)):
        return "the dealer who named trump must keep the Benny"
    return "the dealer must take the upcard (dealer_must_take_upcard)"


def _notice(player: Player, kind: str, message: Mapping[str, Any]) -> Callable[[], None] | None:
    """Check a ``game_start``, ``deal_end`` or ``game_end``; the call that tells the
    player of it (``None`` for ``game_start``: players are not told)."""
    if kind == "game_start":
        version = _whole(_field(message, "version", ""), "version")
        if version != PROTOCOL_VERSION:
            _fail("version", f"is {version}, but this bot speaks version {PROTOCOL_VERSION}")
        rules = _rules(message.get("rules"), "rules")
        _seat(_field(message, "seat", ""), "seat", rules.players)
        sides = rules.seating.team_count
        _numbers(_field(message, "score", "", [0] * sides), "score", sides)
        return None
    if message.get("view") is None:
        raise ProtocolError(f"no view: a {kind} carries the seat's view of the game")
    view = view_from_dict(message["view"])
    sides = view.rules.seating.team_count
    if kind == "game_end":
        _numbers(_field(message, "score", "", [0] * sides), "score", sides)
        if message.get("winner") is not None:
            _whole(message["winner"], "winner", 0, sides - 1)
        return lambda: player.game_over(view)
    if message.get("result") is None:
        raise ProtocolError("no result: a deal_end carries the result of the deal")
    result = result_from_dict(message["result"], rules=view.rules)
    return lambda: player.deal_over(view, result)


def serve(player: Player, stdin: IO[str], stdout: IO[str], stderr: IO[str] | None = None
          ) -> int:
    """Answer protocol messages from ``stdin`` with ``player``'s decisions on ``stdout``.

    Returns the number of decisions made once ``stdin`` ends. Messages of unknown
    types are ignored. A message that cannot be read is reported as one line on
    ``stderr`` (default: :data:`sys.stderr`), ``euchre bot: message N: what is wrong``,
    and skipped. A ``decide`` that cannot be answered (it cannot be read, or the
    player fails on it) raises :class:`ProtocolError` with such a line instead: no
    answer would be right, and an engine waiting for one learns at once that the bot
    has stopped (``euchre bot`` prints it and exits with status 1).

    >>> import io, json
    >>> from euchre.engine.game import Game
    >>> from euchre.players import RandomPlayer
    >>> game = Game(seed=1)
    >>> view = game.view(game.to_act)
    >>> message = {"type": "decide", "view": view_to_dict(view), "legal": ["pass", "accept"]}
    >>> out = io.StringIO()
    >>> serve(RandomPlayer(seed=0), io.StringIO(json.dumps(message) + "\\n"), out)
    1
    >>> out.getvalue() in ("pass\\n", "accept\\n")
    True
    >>> serve(RandomPlayer(seed=0), io.StringIO('{"type": "deal_end"}\\n'), out, sys.stdout)
    euchre bot: message 1 (deal_end): no view: a deal_end carries the seat's view of the game
    0
    """
    errors = sys.stderr if stderr is None else stderr
    decisions = number = 0
    for line in stdin:
        if not line.strip():
            continue
        number += 1
        try:
            message = _message(line)
        except ProtocolError as error:
            _report(errors, f"message {number}: {error}")
            continue
        kind = message["type"]
        if kind == "decide":
            where = f"message {number} (decide)"
            try:
                view, legal = _decision(message)
            except ProtocolError as error:
                raise ProtocolError(_one_line(f"{where}: {error}")) from None
            try:
                action = player.choose(view, legal)
            except Exception as error:  # the final guard: one line, never a traceback
                raise ProtocolError(_one_line(
                    f"{where}: the bot failed on it: {type(error).__name__}: {error}"
                )) from None
            if action not in legal:
                raise ProtocolError(f"{where}: the bot chose {action}, which is not in legal")
            stdout.write(to_protocol(action) + "\n")
            stdout.flush()
            decisions += 1
        elif kind in ("game_start", "deal_end", "game_end"):
            where = f"message {number} ({kind})"
            try:
                tell = _notice(player, kind, message)
            except ProtocolError as error:
                _report(errors, f"{where}: {error}")
                continue
            if tell is not None:
                try:
                    tell()
                except Exception as error:  # the final guard: one line, and go on
                    _report(errors, f"{where}: the bot failed on it: "
                                    f"{type(error).__name__}: {error}")
    return decisions

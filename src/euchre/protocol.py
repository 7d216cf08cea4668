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

>>> from euchre.actions import parse_action
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
from typing import IO, Any, Final, NoReturn

from euchre.actions import (
    ALONE,
    CALL,
    DISCARD,
    NO_TRUMP,
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
)
from euchre.cards import (
    BENNY,
    EFFECTIVE_SUIT,
    SUIT_CHARS,
    SUIT_NAMES,
    UNKNOWN,
    CardSet,
    card_name,
    card_suit,
    cards_of,
    deck_mask,
    parse_card,
    parse_suit,
    trick_winner_index,
)
from euchre.deal import DealResult
from euchre.errors import ActionError, CardError, EuchreError, RulesError
from euchre.players import Player
from euchre.rules import Rules, face_refusal
from euchre.view import PlayerView

__all__ = [
    "PROTOCOL_VERSION",
    "BotFault",
    "ExternalPlayer",
    "ProtocolError",
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

_WORDS: Final[dict[str, Action]] = {"pass": PASS, "accept": ORDER, "alone": ALONE, "stay": STAY}
_HELP: Final = (
    "the protocol's actions are pass, accept, call:SUIT, discard:CARD, alone, stay, play:CARD"
)


def to_protocol(action: Action) -> str:
    """The protocol string of an action: ``pass``, ``accept``, ``call:h``, ``discard:9c``,
    ``alone``, ``stay``, ``play:Jd``.

    >>> from euchre.actions import ALONE
    >>> to_protocol(ALONE)
    'alone'
    """
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Order):
        return "accept"
    if isinstance(action, Call):
        return f"call:{(SUIT_CHARS + 'n')[action.suit]}"
    if isinstance(action, Discard):
        return f"discard:{card_name(action.card)}"
    if isinstance(action, GoAlone):
        return "alone" if action.alone else "stay"
    if isinstance(action, Play):
        return f"play:{card_name(action.card)}"
    raise ActionError(f"{action!r} has no protocol string")


def from_protocol(text: str) -> Action:
    """Parse a protocol action string (keywords in any case, cards and suits leniently).

    >>> from_protocol("play:10d")
    Play(card=parse_card('Td'))
    >>> from_protocol("order")
    Traceback (most recent call last):
    ...
    euchre.errors.ActionError: unknown protocol action 'order': the protocol's actions are ...
    """
    if not isinstance(text, str):
        raise ActionError(f"a protocol action is a string, not {_show(text)}")
    word, colon, arg = text.strip().partition(":")
    key = word.strip().lower()
    try:
        if not colon and key in _WORDS:
            return _WORDS[key]
        if colon and key == "call":
            return CALL[NO_TRUMP] if arg.strip().lower() == "n" else CALL[parse_suit(arg)]
        if colon and key in ("discard", "play"):
            c = parse_card(arg)
            if c != UNKNOWN:
                return PLAY[c] if key == "play" else DISCARD[c]
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


_PHASES: Final = ("bid1", "exchange", "bid2", "alone", "play", "over")
_TRUMP_PHASES: Final = ("exchange", "alone", "play")
"""Phases that come after trump is fixed (a view in them names trump and the maker)."""
_CALL_KINDS: Final = (Pass, Order, Call, GoAlone)
_PHASE_ACTIONS: Final[dict[str, tuple[type, ...]]] = {
    "bid1": (Pass, Order),
    "bid2": (Pass, Call),
    "exchange": (Discard,),
    "alone": (GoAlone,),
    "play": (Play,),
}
_PHASE_WORDS: Final = {
    "bid1": "pass or accept",
    "bid2": "pass or call:SUIT",
    "exchange": "discard:CARD",
    "alone": "alone or stay",
    "play": "play:CARD",
}
_MISSING: Final = object()


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


def _two(value: object, where: str, low: int | None = None, high: int | None = None
         ) -> tuple[int, int]:
    """A pair of whole numbers, as ``[team 0, team 1]``."""
    if not isinstance(value, list) or len(value) != 2:
        _fail(where, f"must be two whole numbers, as [0, 0], not {_show(value)}")
    return (_whole(value[0], f"{where}[0]", low, high), _whole(value[1], f"{where}[1]", low, high))


def _pair(value: object, where: str, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        _fail(where, f"must be a pair {what}, not {_show(value)}")
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
        _fail(where, f"{_show(value)} is not a card: a card is a rank (9 T J Q K A, 7 8) and "
                     "a suit (c d h s), or B for the Benny")
    if not deck_mask(rules.deck) >> c & 1:
        _fail(where, f"{card_name(c)} is not in the {rules.deck}-card deck of these rules")
    return c


def _suit(value: object, where: str) -> int:
    if isinstance(value, str) and len(value) <= 8:
        with contextlib.suppress(CardError):
            return parse_suit(value)
    _fail(where, f"must be a suit, one of \"c\", \"d\", \"h\", \"s\", not {_show(value)}")


def _action(value: object, where: str) -> Action:
    if isinstance(value, str) and len(value) <= 20:
        with contextlib.suppress(ActionError):
            return from_protocol(value)
    _fail(where, f"{_show(value)} is not an action string ({_HELP})")


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
    refusal = face_refusal(rules)
    if refusal:
        _fail(where, refusal)
    if len(_RULES_SEEN) < 64:
        _RULES_SEEN[key] = rules
    return rules


_RULES_SEEN: dict[tuple[tuple[str, type, object], ...], Rules] = {}


def view_from_dict(data: Mapping[str, Any], where: str = "view") -> PlayerView:
    """Rebuild a :class:`PlayerView` from the ``view`` object of a message.

    Missing fields take neutral values (no calls, no tricks, nobody alone). Anything
    that is not a view a real game could show raises :class:`ProtocolError` naming the
    field (``where`` starts its path): a field of the wrong type, a seat or card out of
    range, a card twice, calls out of turn, a phase, trump, maker or ``to_act`` that
    does not follow from the calls, tricks not played in turn or against a void shown
    (``docs/protocol.md`` lists the checks). ``trick`` is not read: it repeats the last
    entry of ``tricks``.

    >>> from euchre.game import Game
    >>> game = Game(seed=2)
    >>> view = game.view(game.to_act)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> view_from_dict({"seat": 7, "phase": "bid1", "upcard": "Jd"})
    Traceback (most recent call last):
    ...
    euchre.protocol.ProtocolError: view.seat: must be a seat from 0 to 3, not 7
    """
    if not isinstance(data, Mapping):
        _fail(where, f"must be an object, not {_show(data)}")
    rules = _rules(data.get("rules"), f"{where}.rules")
    n = rules.players
    phase = _field(data, "phase", where)
    if phase not in _PHASES:
        _fail(f"{where}.phase", f"must be one of {', '.join(_PHASES)}, not {_show(phase)}")
    seat = _seat(_field(data, "seat", where), f"{where}.seat", n)
    to_act = _field(data, "to_act", where, seat)
    if not (phase == "over" and type(to_act) is int and to_act == -1):  # nobody acts
        to_act = _seat(to_act, f"{where}.to_act", n)
    dealer = _seat(_field(data, "dealer", where, 0), f"{where}.dealer", n)
    deal_number = _whole(_field(data, "deal", where, 0), f"{where}.deal", 0)
    score = _two(_field(data, "score", where, [0, 0]), f"{where}.score")
    won = _two(_field(data, "tricks_won", where, [0, 0]), f"{where}.tricks_won", 0, 5)
    if sum(won) > 5:
        _fail(f"{where}.tricks_won", f"{list(won)}: a deal has five tricks")
    upcard = _card(_field(data, "upcard", where), f"{where}.upcard", rules)
    seen: dict[int, str] = {}

    def card_at(value: object, at: str) -> int:
        c = _card(value, at, rules)
        if c in seen:
            _fail(at, f"{card_name(c)} is also at {seen[c]}")
        seen[c] = at
        return c

    hand = [card_at(c, f"{where}.hand[{i}]")
            for i, c in enumerate(_items(data.get("hand"), f"{where}.hand", 5))]
    calls: list[tuple[int, Action]] = []
    for i, item in enumerate(_items(data.get("calls"), f"{where}.calls")):
        at = f"{where}.calls[{i}]"
        who, text = _pair(item, at, "[seat, action]")
        action = _action(text, f"{at}[1]")
        if not isinstance(action, _CALL_KINDS):
            _fail(f"{at}[1]", f"{text} is not a call (pass, accept, call:SUIT, alone, stay)")
        calls.append((_seat(who, f"{at}[0]", n), action))
    raw_trump, raw_maker = data.get("trump"), data.get("maker")
    trump = None if raw_trump is None else _suit(raw_trump, f"{where}.trump")
    maker = None if raw_maker is None else _seat(raw_maker, f"{where}.maker", n)
    if (trump is None) != (maker is None):
        _fail(f"{where}.{'maker' if maker is None else 'trump'}",
              "missing: trump and the maker are given together, once trump is fixed")
    alone = _seats(data.get("alone"), f"{where}.alone", n)
    if alone and not rules.going_alone:
        _fail(f"{where}.alone", "nobody may go alone under these rules")
    seating = rules.seating
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
    tricks: list[tuple[tuple[int, int], ...]] = []
    raw_tricks = _items(data.get("tricks"), f"{where}.tricks", 6 if phase == "play" else 5)
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
    if len(tricks) > (4 if phase == "play" else 5):
        _fail(f"{where}.tricks", f"{len(tricks)} finished tricks in phase {phase}; a deal "
                                 "has five")
    if discard is not None and discard in seen:
        _fail(f"{where}.discard", f"{card_name(discard)} is also at {seen[discard]}")
    if phase in _TRUMP_PHASES and trump is None:
        _fail(f"{where}.trump", f"missing: trump is fixed in phase {phase}")
    if phase in ("bid1", "bid2") and trump is not None:
        _fail(f"{where}.trump", f"is {SUIT_CHARS[trump]}, but trump is not fixed in phase {phase}")
    if phase in ("bid1", "bid2", "exchange") and upcard in hand:
        _fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which no hand holds "
                               f"in phase {phase}")
    accepted = any(isinstance(action, Order) for _, action in calls)
    if upcard in hand and not (accepted and seat == dealer):
        _fail(f"{where}.hand", f"holds the upcard {card_name(upcard)}, which only the dealer "
                               "picks up, once its suit is accepted")
    for k, trick in enumerate((*tricks, current)):
        for j, (s, c) in enumerate(trick):
            if c == upcard and not (accepted and s == dealer):
                _fail(f"{where}.tricks[{k}][{j}][1]",
                      f"seat {s} plays the upcard {card_name(c)}, which only the dealer picks "
                      "up, once its suit is accepted")
    if discard is not None and phase != "over" and not (
            seat == dealer and accepted and phase in ("alone", "play")):
        _fail(f"{where}.discard", "is shown only to the dealer, once it has taken the upcard "
                                  "and laid away a card (null otherwise)")
    if phase == "bid1" and upcard == BENNY:
        _fail(f"{where}.upcard", "the Benny turned up skips round one (phase bid1)")
    if phase not in ("play", "over") and tricks:
        _fail(f"{where}.tricks", f"no trick is played in phase {phase}")
    if phase != "over":
        _check_calls(where, rules, dealer, upcard, calls, phase, trump, maker, alone, to_act)
    if phase == "play":
        assert trump is not None and maker is not None
        _check_play(where, rules, dealer, maker, trump, alone, (*tricks, current),
                    hand, seat, to_act, won)
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
        tokens=_two(_field(data, "tokens", where, [0, 0]), f"{where}.tokens", 0, 3),
    )


def _check_calls(where: str, rules: Rules, dealer: int, upcard: int,
                 calls: Sequence[tuple[int, Action]], phase: str, trump: int | None,
                 maker: int | None, alone: tuple[int, ...], to_act: int) -> None:
    """Check that the calls are a bidding of a real deal, in turn, and that the phase,
    ``to_act`` (outside ``play``), trump, the maker and the lone players follow from
    them (the engine's order, as ``docs/rules.md`` says)."""
    seating = rules.seating
    at = f"{where}.calls"
    turned = -1 if upcard == BENNY else card_suit(upcard)
    k = 0

    def stop(expected: str, seat: int) -> None:
        """The calls end here, with ``seat`` to act in phase ``expected``."""
        if phase != expected:
            _fail(f"{where}.phase", f"is {phase}, but after these calls it is {expected}")
        if phase != "play" and to_act != seat:
            _fail(f"{where}.to_act", f"is {to_act}, but seat {seat} acts next "
                                     f"(after {len(calls)} calls)")

    fixed: tuple[int, int] | None = None
    for rnd in (1, 2):
        if rnd == 1 and turned < 0:
            continue  # the Benny turned up: round one is skipped
        for seat in seating.order_after(dealer):
            if k == len(calls):
                if trump is not None:
                    _fail(f"{where}.trump", f"is {SUIT_CHARS[trump]}, but no call has fixed it")
                stop(f"bid{rnd}", seat)
                return
            who, action = calls[k]
            if who != seat:
                _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} bids next")
            if isinstance(action, Pass) and not (
                    rnd == 2 and seat == dealer and rules.stick_the_dealer):
                k += 1
                continue
            if rnd == 1 and isinstance(action, Order):
                fixed = (turned, seat)
            elif rnd == 2 and isinstance(action, Call) and action.suit != turned:
                fixed = (action.suit, seat)
            else:
                _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not a bid of round {rnd} "
                                       "now")
            k += 1
            break
        if fixed is not None:
            break
    if fixed is None:
        _fail(at, "every seat passed twice: that deal is over (thrown in)")
    if (trump, maker) != fixed:
        shown = "null" if trump is None else SUIT_CHARS[trump]
        _fail(f"{where}.trump", f"is {shown} and maker is {maker}, but the calls fixed "
                                f"{SUIT_CHARS[fixed[0]]} by seat {fixed[1]}")
    if k == len(calls) and calls[-1][1] == ORDER and phase == "exchange":
        stop("exchange", dealer)
        return
    queue: tuple[int, ...] = ()
    if rules.going_alone:
        queue = seating.alone_order(dealer, fixed[1], maker_partner=rules.maker_partner_alone,
                                    defenders=rules.lone_defender)
    went: list[int] = []
    for seat in queue:
        if seating.partner(seat) in went:
            continue
        if k == len(calls):
            if sorted(alone) != sorted(went):
                _fail(f"{where}.alone", f"is {list(alone)}, but the calls have {went} alone")
            stop("alone", seat)
            return
        who, action = calls[k]
        if who != seat:
            _fail(f"{at}[{k}][0]", f"is seat {who}, but seat {seat} is asked next whether "
                                   "to go alone")
        if not isinstance(action, GoAlone):
            _fail(f"{at}[{k}][1]", f"{to_protocol(action)} is not an answer to whether to "
                                   "go alone (alone or stay)")
        if action.alone:
            went.append(seat)
        k += 1
    if k < len(calls):
        _fail(f"{at}[{k}]", "comes after the last call of a deal")
    if sorted(alone) != sorted(went):
        _fail(f"{where}.alone", f"is {list(alone)}, but the calls have {went} alone")
    stop("play", -1)


def _check_play(where: str, rules: Rules, dealer: int, maker: int, trump: int,
                alone: tuple[int, ...], tricks: tuple[tuple[tuple[int, int], ...], ...],
                hand: list[int], seat: int, to_act: int, won: tuple[int, int]) -> None:
    """Check that the tricks (the last one in progress) are a play of a real deal:
    each led by the winner of the one before (the first as the rules say), played
    clockwise past the seats sitting out, nobody playing a suit it has shown out of,
    ``tricks_won`` their count and ``to_act`` the seat to play next; and that the hand
    holds no suit its seat has shown out of."""
    seating = rules.seating
    out = seating.out_mask(alone)
    active = seating.players - out.bit_count()
    eff = EFFECTIVE_SUIT[trump]
    leader = seating.first_leader(dealer, maker, alone, rules.loner_lead)
    void: dict[int, dict[int, int]] = {s: {} for s in seating.seats}  # suit: trick shown out
    taken = [0, 0]
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
                                       f"{SUIT_NAMES[eff[c]]} in tricks[{void[s][eff[c]]}]")
            if eff[c] != eff[trick[0][1]]:
                void[s].setdefault(eff[trick[0][1]], k)
            expect = after[s]
        if k < len(tricks) - 1:
            leader = trick[trick_winner_index([c for _, c in trick], trump)][0]
            taken[seating.team(leader)] += 1
    if list(won) != taken:
        _fail(f"{where}.tricks_won", f"is {list(won)}, but the tricks shown were taken "
                                     f"{taken[0]} and {taken[1]}")
    playing = after[tricks[-1][-1][0]] if tricks[-1] else leader
    if to_act != playing:
        _fail(f"{where}.to_act", f"is {to_act}, but seat {playing} plays next")
    for i, c in enumerate(hand):
        if eff[c] in void[seat]:
            _fail(f"{where}.hand[{i}]", f"{card_name(c)}, but seat {seat} showed out of "
                                        f"{SUIT_NAMES[eff[c]]} in tricks[{void[seat][eff[c]]}]")


def result_to_dict(result: DealResult) -> dict[str, object]:
    """The ``result`` object of ``deal_end``: :meth:`DealResult.to_dict` plus the
    ``dealer`` and a ``verdict`` for people."""
    return {"dealer": result.dealer, **result.to_dict(), "verdict": result.verdict}


def result_from_dict(data: Mapping[str, Any], players: int = 4,
                     where: str = "result") -> DealResult:
    """Rebuild a :class:`DealResult` from the ``result`` object of ``deal_end``
    (``players`` in the game: the range of the seats). ``verdict`` is not read.

    Raises :class:`ProtocolError` naming the field that is not one of a result.

    >>> result_from_dict({"trump": "h", "maker": 1, "tricks": [1, 4], "points": 1,
    ...                   "team": 1, "score": [0, 1]}).verdict
    'made'
    """
    if not isinstance(data, Mapping):
        _fail(where, f"must be an object, not {_show(data)}")
    raw_trump, raw_maker, raw_team = data.get("trump"), data.get("maker"), data.get("team")
    trump = None if raw_trump is None else _suit(raw_trump, f"{where}.trump")
    maker = None if raw_maker is None else _seat(raw_maker, f"{where}.maker", players)
    team = None if raw_team is None else _whole(raw_team, f"{where}.team", 0, 1)
    if (trump is None) != (maker is None):
        _fail(f"{where}.{'maker' if maker is None else 'trump'}",
              "missing: trump and the maker are given together (both null: thrown in)")
    if (trump is None) != (team is None):
        _fail(f"{where}.team", "must be null exactly when the deal was thrown in (trump null)")
    tricks = _two(_field(data, "tricks", where, [0, 0]), f"{where}.tricks", 0, 5)
    if sum(tricks) > 5:
        _fail(f"{where}.tricks", f"{list(tricks)}: a deal has five tricks")
    return DealResult(
        dealer=_seat(_field(data, "dealer", where, 0), f"{where}.dealer", players),
        trump=trump,
        maker=maker,
        alone=_seats(data.get("alone"), f"{where}.alone", players),
        tricks=tricks,
        points=_whole(_field(data, "points", where, 0), f"{where}.points", 0),
        team=team,
        score=_two(_field(data, "score", where, [0, 0]), f"{where}.score"),
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
        winner = None if view.score[0] == view.score[1] else int(view.score[1] > view.score[0])
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
    if seat in view.sitting_out:
        _fail("view.sitting_out", f"holds the bot's own seat {seat}, which has nothing to decide")
    played = sum(1 for trick in (*view.tricks, view.trick) for s, _ in trick if s == seat)
    if len(view.hand) != 5 - played:
        _fail("view.hand", f"holds {len(view.hand)} cards, but the seat to act holds "
                           f"{5 - played} (5, less the {played} it has played)")
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
        if isinstance(action, Discard | Play) and not held >> action.card & 1:
            _fail(f"legal[{i}]", f"{text}, but the bot does not hold {card_name(action.card)}")
        if action not in allowed:
            shown = ", ".join(to_protocol(a) for a in allowed)
            _fail(f"legal[{i}]", f"{text} is not legal now: {_why_not(view, action)} "
                                 f"(legal: {shown})")
        legal.append(action)
    missing = [to_protocol(a) for a in allowed if a not in legal]
    if missing:
        _fail("legal", f"leaves out {', '.join(missing)}, which the rules allow now "
                       "(legal lists every legal action)")
    return view, legal


def _legal_now(view: PlayerView) -> list[Action]:
    """The legal actions of the seat to act in ``view``, as the engine finds them."""
    phase, rules, up = view.phase, view.rules, view.upcard
    if phase == "bid1":
        return [PASS, ORDER]
    if phase == "alone":
        return [STAY, ALONE]
    if phase == "bid2":
        turned = -1 if up == BENNY else card_suit(up)
        stuck = rules.stick_the_dealer and view.seat == view.dealer
        return [*([] if stuck else [PASS]), *(CALL[s] for s in range(4) if s != turned)]
    if phase == "exchange":
        options = view.hand.mask | 1 << up
        if rules.dealer_must_take_upcard:
            options &= ~(1 << up)
        return [DISCARD[c] for c in cards_of(options)]
    assert view.trump is not None
    eff = EFFECTIVE_SUIT[view.trump]
    cards = list(view.hand)
    if view.trick:
        led = eff[view.trick[0][1]]
        cards = [c for c in cards if eff[c] == led] or cards
    return [PLAY[c] for c in cards]


def _why_not(view: PlayerView, action: Action) -> str:
    """Why an action of the phase, with a card the seat holds, is not legal now."""
    if isinstance(action, Play) and view.trick and view.trump is not None:
        return f"the bot must follow {SUIT_NAMES[EFFECTIVE_SUIT[view.trump][view.trick[0][1]]]}"
    if isinstance(action, Call):
        return f"{SUIT_NAMES[action.suit]} was turned down"
    if isinstance(action, Pass):
        return "the dealer is stuck (stick_the_dealer) and must name a suit"
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
        _two(_field(message, "score", "", [0, 0]), "score")
        return None
    if message.get("view") is None:
        raise ProtocolError(f"no view: a {kind} carries the seat's view of the game")
    view = view_from_dict(message["view"])
    if kind == "game_end":
        _two(_field(message, "score", "", [0, 0]), "score")
        if message.get("winner") is not None:
            _whole(message["winner"], "winner", 0, 1)
        return lambda: player.game_over(view)
    if message.get("result") is None:
        raise ProtocolError("no result: a deal_end carries the result of the deal")
    result = result_from_dict(message["result"], view.rules.players)
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
    >>> from euchre.game import Game
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

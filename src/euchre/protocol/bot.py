"""The bot's side of the protocol: any :class:`~euchre.engine.player.Player` as a program.

:func:`serve` reads the messages of a host on standard input and answers each
``decide`` with the player's choice, so every built-in bot can be served over the
protocol (``euchre bot basic``). Before the player sees a ``decide``,
:func:`read_decision` checks it: the view must be one a real game could show
(:func:`~euchre.protocol.views.view_from_dict`), and its ``legal`` exactly the actions
the engine allows that view's seat now (:func:`euchre.engine.legal.legal_actions`),
each refused one named with the engine's reason (:func:`euchre.engine.legal.refusal`).

>>> PHASE_WORDS["bid2"], PHASE_WORDS["declare"]
('pass or call:SUIT', 'pass, farmer:CARDS, under:CARDS or throw_in')
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any, Final

from euchre.engine.actions import Action, Bid, Call, Declare, Discard, Give, Play
from euchre.engine.cards import BENNY, card_name, suit_name
from euchre.engine.legal import PHASE_ACTIONS, led_suit, legal_actions, names_benny, refusal
from euchre.engine.player import Player
from euchre.engine.view import PlayerView
from euchre.errors import Reason
from euchre.protocol.codec import (
    ACTION_GRAMMAR,
    PROTOCOL_VERSION,
    bid_text,
    either,
    read_action,
    result_from_dict,
    to_protocol,
)
from euchre.protocol.fields import (
    ProtocolError,
    fail,
    read_field,
    read_items,
    read_numbers,
    read_rules,
    read_seat,
    read_whole,
    show,
)
from euchre.protocol.views import view_from_dict

__all__ = ["PHASE_WORDS", "read_decision", "serve"]

PHASE_WORDS: Final = {
    phase: either([word for kind in kinds for word in ACTION_GRAMMAR[kind]])
    for phase, kinds in PHASE_ACTIONS.items() if kinds
}
"""What each phase's decision is in protocol strings, for the message refusing an
action of another phase: the grammar (:data:`~euchre.protocol.codec.ACTION_GRAMMAR`) of
the kinds of action the phase takes (:data:`euchre.engine.legal.PHASE_ACTIONS`)."""


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
        raise ProtocolError(f"not a JSON object but {show(message)}")
    kind = message.get("type")
    if kind is None:
        raise ProtocolError('no "type": a message is an object such as {"type": "decide", ...}')
    if not isinstance(kind, str):
        raise ProtocolError(f"\"type\" must be a string, not {show(kind)}")
    return message


def read_decision(message: Mapping[str, Any]) -> tuple[PlayerView, list[Action]]:
    """The view and legal actions of a ``decide`` message, checked against each other:
    the view is of the seat to act, and ``legal`` lists each action the engine allows it
    now (:func:`~euchre.engine.legal.legal_actions`) once, and nothing else. Raises
    :class:`~euchre.protocol.fields.ProtocolError` naming what is wrong, a refused action
    with the engine's reason (:func:`~euchre.engine.legal.refusal`).

    >>> from euchre.engine.game import Game
    >>> from euchre.protocol.codec import view_to_dict
    >>> game = Game(seed=1)
    >>> view = view_to_dict(game.view(game.to_act))
    >>> read_decision({"type": "decide", "view": view, "legal": ["pass", "accept"]})[1]
    [Pass(), Order()]
    >>> read_decision({"type": "decide", "view": view, "legal": ["pass", "call:h"]})
    Traceback (most recent call last):
    ...
    euchre.protocol.fields.ProtocolError: legal[1]: call:h is not an action of phase bid1 ...
    """
    if message.get("view") is None:
        raise ProtocolError("no view: a decide carries the view of the seat to act")
    view = view_from_dict(message["view"])
    phase, seat = view.phase, view.seat
    if phase == "over":
        fail("view.phase", "is over: nothing is decided once the game is over")
    if view.to_act != seat:
        fail("view.to_act", f"is {view.to_act}, but a decide goes to the seat to act "
                            f"(view.seat is {seat})")
    if seat in view.sitting_out and phase != "give":  # the lone player's partner gives
        fail("view.sitting_out", f"holds the bot's own seat {seat}, which has nothing to decide")
    _check_hand_size(view)
    if phase == "exchange" and seat != view.dealer:
        fail("view.seat", f"is {seat}, but the exchange is the dealer's "
                          f"(view.dealer is {view.dealer})")
    if any(s == seat for s, _ in view.trick):
        fail("view.tricks", f"seat {seat} has played to the trick in progress already")
    raw = message.get("legal")
    if raw is None:
        raise ProtocolError("no legal: a decide lists the legal actions")
    items = read_items(raw, "legal")
    if not items:
        fail("legal", "is empty: a decide lists at least one action")
    allowed = legal_actions(view)
    legal: list[Action] = []
    for i, text in enumerate(items):
        action = read_action(text, f"legal[{i}]")
        if action not in allowed:
            reason = refusal(view, action)
            if reason is Reason.WRONG_DECISION:
                fail(f"legal[{i}]", f"{text} is not an action of phase {phase} "
                                    f"({PHASE_WORDS[phase]})")
            if reason in (Reason.NOT_HELD, Reason.NO_UNKNOWN_CARD):
                assert isinstance(action, Discard | Play | Give)
                fail(f"legal[{i}]", f"{text}, but the bot does not hold "
                                    f"{card_name(action.card)}")
            shown = ", ".join(to_protocol(a) for a in allowed)
            fail(f"legal[{i}]", f"{text} is not legal now: {_why_not(view, action, reason)} "
                                f"(legal: {shown})")
        if action in legal:
            fail(f"legal[{i}]", f"{text} is listed twice")
        legal.append(action)
    missing = [to_protocol(a) for a in allowed if a not in legal]
    if missing:
        fail("legal", f"leaves out {', '.join(missing)}, which the rules allow now "
                      "(legal lists every legal action)")
    return view, legal


def _check_hand_size(view: PlayerView) -> None:
    """The seat to act holds the cards dealt, less those it played, laid away and gave,
    plus those it received and the widow it took (none while it names trump blind for
    a Benny upcard)."""
    seat, rules = view.seat, view.rules
    if view.phase == "benny":
        if view.hand:
            fail("view.hand", f"holds {len(view.hand)} cards, but the dealer names trump for "
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
        fail("view.hand", f"holds {len(view.hand)} cards, but the seat to act holds "
                          f"{expected} ({', '.join(parts)})")


def _why_not(view: PlayerView, action: Action, reason: Reason | None) -> str:
    """Why the bot may not take ``action``, of the phase and with a card it holds, in
    the protocol's words for the engine's ``reason``."""
    if reason is Reason.MUST_FOLLOW:
        led = led_suit(view)
        assert led is not None
        return f"the bot must follow {suit_name(led)}"
    if reason is Reason.TURNED_DOWN:
        assert isinstance(action, Call)
        return f"{suit_name(action.suit)} was turned down"
    if reason is Reason.DEALER_STUCK:
        if view.phase == "bid":
            return "every other player passed: the dealer must bid"
        return "the dealer is stuck (stick_the_dealer) and must name a suit"
    if isinstance(action, Call):  # Reason.NOT_ALLOWED: the only call refused so
        return "these rules have no no-trump call"
    if isinstance(action, Bid):
        over = "" if view.bid is None else f" over bid:{bid_text(view.bid)}"
        return f"these rules allow no bid:{bid_text(action.value)}{over}"
    if isinstance(action, Declare):
        return "the hand or the rules do not allow it, or a hand has swapped already"
    if (isinstance(action, Discard) and action.card == view.upcard == BENNY
            and names_benny(view.rules)):
        return "the dealer who named trump must keep the Benny"
    return "the dealer must take the upcard (dealer_must_take_upcard)"


def _notice(player: Player, kind: str, message: Mapping[str, Any]) -> Callable[[], None] | None:
    """Check a ``game_start``, ``deal_end`` or ``game_end``; the call that tells the
    player of it (``None`` for ``game_start``: players are not told)."""
    if kind == "game_start":
        version = read_whole(read_field(message, "version", ""), "version")
        if version != PROTOCOL_VERSION:
            fail("version", f"is {version}, but this bot speaks version {PROTOCOL_VERSION}")
        rules = read_rules(message.get("rules"), "rules")
        read_seat(read_field(message, "seat", ""), "seat", rules.players)
        sides = rules.seating.team_count
        read_numbers(read_field(message, "score", "", [0] * sides), "score", sides)
        return None
    if message.get("view") is None:
        raise ProtocolError(f"no view: a {kind} carries the seat's view of the game")
    view = view_from_dict(message["view"])
    sides = view.rules.seating.team_count
    if kind == "game_end":
        read_numbers(read_field(message, "score", "", [0] * sides), "score", sides)
        if message.get("winner") is not None:
            read_whole(message["winner"], "winner", 0, sides - 1)
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
    >>> from euchre.protocol.codec import view_to_dict
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
                view, legal = read_decision(message)
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

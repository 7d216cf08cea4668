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
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Final

from euchre.actions import (
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
)
from euchre.cards import SUIT_CHARS, UNKNOWN, CardSet, card_name, parse_card, parse_suit
from euchre.deal import DealResult
from euchre.errors import ActionError, EuchreError
from euchre.players import Player
from euchre.rules import Rules
from euchre.view import PlayerView

__all__ = [
    "PROTOCOL_VERSION",
    "BotFault",
    "ExternalPlayer",
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
        return f"call:{SUIT_CHARS[action.suit]}"
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
    word, colon, arg = text.strip().partition(":")
    key = word.strip().lower()
    try:
        if not colon and key in _WORDS:
            return _WORDS[key]
        if colon and key == "call":
            return CALL[parse_suit(arg)]
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


def _cards(items: object) -> tuple[int, ...]:
    return tuple(parse_card(str(c)) for c in _list(items))


def _list(items: object) -> list[Any]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise ActionError(f"expected a list, not {items!r}")
    return items


def _trick(items: object) -> tuple[tuple[int, int], ...]:
    return tuple((int(seat), parse_card(str(c))) for seat, c in _list(items))


def view_from_dict(data: Mapping[str, Any]) -> PlayerView:
    """Rebuild a :class:`PlayerView` from the ``view`` object of a message.

    Missing fields take neutral values (no calls, no tricks), so a hand-written view
    with ``seat``, ``rules``, ``phase``, ``hand`` and ``upcard`` is enough for most bots.

    >>> from euchre.game import Game
    >>> game = Game(seed=2)
    >>> view = game.view(game.to_act)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    """
    try:
        rules = Rules.from_dict(data.get("rules") or {})
        phase = str(data["phase"])
        tricks = [_trick(t) for t in _list(data.get("tricks"))]
        current: tuple[tuple[int, int], ...] = ()
        if phase == "play" and tricks:
            current = tricks.pop()
        trump = data.get("trump")
        discard = data.get("discard")
        score = _list(data.get("score", [0, 0]))
        won = _list(data.get("tricks_won", [0, 0]))
        return PlayerView(
            seat=int(data["seat"]),
            rules=rules,
            phase=phase,
            to_act=int(data.get("to_act", data["seat"])),
            dealer=int(data.get("dealer", 0)),
            deal_number=int(data.get("deal", 0)),
            score=(int(score[0]), int(score[1])),
            hand=CardSet.from_cards(_cards(data.get("hand"))),
            upcard=parse_card(str(data["upcard"])),
            calls=tuple(
                (int(seat), from_protocol(str(text))) for seat, text in _list(data.get("calls"))
            ),
            trump=None if trump is None else parse_suit(str(trump)),
            maker=None if data.get("maker") is None else int(data["maker"]),
            alone=tuple(int(s) for s in _list(data.get("alone"))),
            sitting_out=tuple(int(s) for s in _list(data.get("sitting_out"))),
            discard=None if discard is None else parse_card(str(discard)),
            tricks=tuple(tricks),
            trick=current,
            tricks_won=(int(won[0]), int(won[1])),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, EuchreError):
            raise
        raise ActionError(f"not a protocol view: {type(error).__name__}: {error}") from None


def result_to_dict(result: DealResult) -> dict[str, object]:
    """The ``result`` object of ``deal_end``: :meth:`DealResult.to_dict` plus the
    ``dealer`` and a ``verdict`` for people."""
    return {"dealer": result.dealer, **result.to_dict(), "verdict": result.verdict}


def result_from_dict(data: Mapping[str, Any]) -> DealResult:
    """Rebuild a :class:`DealResult` from the ``result`` object of ``deal_end``."""
    trump = data.get("trump")
    tricks = _list(data.get("tricks", [0, 0]))
    score = _list(data.get("score", [0, 0]))
    return DealResult(
        dealer=int(data.get("dealer", 0)),
        trump=None if trump is None else parse_suit(str(trump)),
        maker=None if data.get("maker") is None else int(data["maker"]),
        alone=tuple(int(s) for s in _list(data.get("alone"))),
        tricks=(int(tricks[0]), int(tricks[1])),
        points=int(data.get("points", 0)),
        team=None if data.get("team") is None else int(data["team"]),
        score=(int(score[0]), int(score[1])),
    )


# -- the engine's side: a program as a player ------------------------------------------

_EOF: Final = None


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
            raise BotFault("crash", f"could not be started: {error}", self.command) from None
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


def serve(player: Player, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer protocol messages from ``stdin`` with ``player``'s decisions on ``stdout``.

    Returns the number of decisions made once ``stdin`` ends. Messages of unknown
    types are ignored; a malformed message raises :class:`~euchre.errors.EuchreError`.

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
    """
    decisions = 0
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            raise ActionError(f"not a protocol message (bad JSON: {error})") from None
        if not isinstance(message, dict):
            raise ActionError("not a protocol message: expected a JSON object")
        kind = message.get("type")
        if kind == "decide":
            view = view_from_dict(message["view"])
            legal = [from_protocol(str(text)) for text in _list(message.get("legal"))]
            if not legal:
                raise ActionError("a decide message must list the legal actions")
            stdout.write(to_protocol(player.choose(view, legal)) + "\n")
            stdout.flush()
            decisions += 1
        elif kind == "deal_end" and "view" in message:
            player.deal_over(view_from_dict(message["view"]),
                             result_from_dict(message.get("result") or {}))
        elif kind == "game_end" and "view" in message:
            player.game_over(view_from_dict(message["view"]))
    return decisions

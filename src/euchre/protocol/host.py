"""The host's side of the protocol: a bot program as a player.

:class:`ExternalPlayer` is a :class:`~euchre.engine.player.Player` that runs a program
speaking the protocol (any language), sends it the messages of each game and reads its
answers, with a time limit on each decision; it raises
:class:`~euchre.protocol.codec.BotFault` when the program crashes, answers something
that is not a legal action string, or takes too long. The arena plays an ``ext:`` bot
with it.
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
from collections.abc import Callable, Sequence
from typing import IO, Any, Final

from euchre.engine.actions import Action
from euchre.engine.deal import DealResult
from euchre.engine.view import PlayerView
from euchre.errors import ActionError, EuchreError
from euchre.protocol.codec import (
    PROTOCOL_VERSION,
    BotFault,
    from_protocol,
    result_to_dict,
    to_protocol,
    view_to_dict,
)

__all__ = ["ExternalPlayer"]

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

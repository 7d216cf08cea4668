"""The pace of the table: the time between the bots' moves (which space cuts short and
``+`` and ``-`` change), the moment the last trick of a deal stays in sight before the
summary covers it, and, at pace 0, the trick just taken that waits for a key.

:class:`Pacer` keeps these for :class:`~euchre.tui.table_screen.TableScreen`; the pace
itself is kept by the table model (:attr:`euchre.table.model.Table.pace`), which times a
bot's move by it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from rich.text import Text

from euchre.engine.actions import Action
from euchre.engine.game import Phase
from euchre.table.model import Snapshot
from euchre.tui.session import GameSession, action_text
from euchre.tui.widgets import PACES

__all__ = ["Pacer"]


class Pacer:
    """The timing of a game's moves on the screen: how long a bot's move waits, what
    hurries it, and which trick waits to be seen."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._skip = asyncio.Event()
        self._seen_trick = (-1, -1)
        """The deal and trick count of the last trick the person went on from."""

    @property
    def pace(self) -> float:
        """Seconds between the bots' moves: the table's pace."""
        return self.session.model.pace

    @pace.setter
    def pace(self, pace: float) -> None:
        self.session.model.pace = pace

    def faster(self) -> float:
        """The pace one step faster than now (``+``)."""
        return max((p for p in PACES if p < self.pace), default=0.0)

    def slower(self) -> float:
        """The pace one step slower than now (``-``)."""
        return min((p for p in PACES if p > self.pace), default=PACES[-1])

    def hurry(self) -> None:
        """Cut short the wait before the bot's move now on its way (space)."""
        self._skip.set()

    def summary_delay(self) -> float:
        """Seconds the last trick of a deal stays in sight before the summary covers it
        (none at pace 0, where the person goes on by a key)."""
        return min(self.pace * 2, 3.0) if self.pace > 0 else 0.0

    # -- a trick waiting to be seen (pace 0) ---------------------------------------------

    def trick_to_see(self, state: Snapshot) -> bool:
        """Whether a trick just taken must wait for a key: at pace 0 nothing else keeps
        it in sight, unless the person is to lead (it stays until they do)."""
        s = self.session
        if self.pace > 0 or state.phase != Phase.PLAY or state.trick:
            return False
        # no trick on the table: trick_number counts the tricks taken
        if not state.last_trick or (state.deal_number, state.trick_number) == self._seen_trick:
            return False
        return not (s.human_to_act() and s.forced() is None)

    def saw_trick(self, state: Snapshot) -> None:
        """The person went on from the trick that waited on ``state``."""
        self._seen_trick = (state.deal_number, state.trick_number)

    def forget_seen(self) -> None:
        """A move was taken back: the tricks after it are to be seen again."""
        self._seen_trick = (-1, -1)

    # -- a move --------------------------------------------------------------------------

    async def next_move(self, forced: Action | None, *, log: Callable[[Text], None],
                        unseen: Callable[[], bool]) -> Action | None:
        """The move to make after the pace's delay: the bot's to act (asked on a thread)
        or the person's ``forced`` card; ``None`` when the seat has no bot. A bot that
        fails plays the first legal move, and ``log`` says so. The delay counts from
        the asking, and :meth:`hurry` cuts it short; the move waits as long as
        ``unseen()`` (nothing moves unseen)."""
        s = self.session
        state = s.table()
        delay = s.model.bot_delay()
        started = time.monotonic()
        self._skip.clear()
        action = forced
        if action is None:
            seat = state.to_act
            bot = s.bots[seat]
            try:
                if bot is None:
                    return None
                action = await asyncio.to_thread(s.ask_bot, bot, seat)
            except Exception as error:  # a broken bot must not end the game
                action = s.legal()[0]
                log(Text(f"{s.seat_label(seat)}'s bot failed ({error}); "
                         f"it plays {action_text(action)}", style="red"))
        remaining = delay - (time.monotonic() - started)
        if remaining > 0 and not self._skip.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._skip.wait(), remaining)
        while unseen():
            await asyncio.sleep(0.1)  # nothing moves unseen
        return action

"""Driving the terminal game headless in the tests: a script run against an app by
Textual's pilot, and waiting for what the script expects to see.

A plain module the TUI tests import (``from tuihelp import ...``); pytest puts tests/ on
the path.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from euchre.tui.app import EuchreApp
from euchre.tui.table_screen import TableScreen

Script = Callable[[Pilot[None], EuchreApp], Awaitable[None]]

SIZE = (100, 32)


def run(app: EuchreApp, script: Script, size: tuple[int, int] = SIZE) -> None:
    """Run ``script`` against the app, headless, in a terminal of ``size``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot, app)

    asyncio.run(main())


async def wait_for(
    pilot: Pilot[None], test: Callable[[], bool], timeout: float = 20.0, *,
    see_tricks: bool = False,
) -> None:
    """Wait until ``test()`` holds; with ``see_tricks``, going on from each trick that
    waits to be seen."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "waited in vain"
        if see_tricks:
            screen = pilot.app.screen
            if isinstance(screen, TableScreen) and getattr(screen, "waiting", False):
                await pilot.press("space")
        await pilot.pause(0.01)

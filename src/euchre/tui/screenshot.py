"""Regenerate ``docs/screenshot.svg``: the table mid-game, exported by Textual.

Run ``python -m euchre.tui.screenshot [OUTPUT] [PRESET]`` from the repository root
(``PRESET``: any of ``euchre rules``, ``standard`` by default: ``napoleon`` shows a
table of five). The game is fixed (seed, ``basic`` bots, the person playing the hints
of ``basic``), so the picture only changes when the table's look, the engine or the
``basic`` bot changes.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

__all__ = ["SEED", "SIZE", "main", "take_screenshot"]

SEED: Final = 21
SIZE: Final = (100, 32)


async def take_screenshot(size: tuple[int, int] = SIZE, seed: int = SEED,
                          preset: str = "standard") -> str:
    """The SVG of a table of ``preset`` in the second deal or later, at the person's turn
    with two cards or more on the table and a hint shown."""
    from euchre.engine.game import Phase
    from euchre.engine.rules import Rules
    from euchre.tui.app import EuchreApp
    from euchre.tui.deal_summary import DealSummaryScreen
    from euchre.tui.game_over import GameOverScreen
    from euchre.tui.session import PlayConfig
    from euchre.tui.table_screen import TableScreen

    config = PlayConfig(rules=Rules.preset(preset), seed=seed, partner="basic",
                        opponents="basic", hint_bot="basic", name="You", speed=0.0)
    app = EuchreApp(config, setup=False, save=False)
    async with app.run_test(size=size) as pilot:
        for _ in range(5000):
            await pilot.pause(0.01)
            screen = app.screen
            if isinstance(screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, GameOverScreen):
                raise RuntimeError("the game ended before the moment of the screenshot")
            if not isinstance(screen, TableScreen):
                continue
            if screen.waiting:  # a trick taken, shown until a key goes on
                await pilot.press("enter")
                continue
            session = screen.session
            if not session.human_to_act() or session.forced() is not None:
                continue
            state = session.table()
            if (state.phase == Phase.PLAY and state.deal_number >= 1
                    and len(state.trick) >= 2):
                await pilot.press("question_mark")
                for _ in range(200):
                    await pilot.pause(0.01)
                    if screen.hint_line.plain.startswith("Hint"):
                        break
                return app.export_screenshot(title="euchre play")
            # the hint's choice, as a click on it would choose it (a bid's number key
            # bids that many tricks; a declaration's cards come with it)
            screen.choose(session.hint().choice, picked=True)
    raise RuntimeError("the moment of the screenshot never came")


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshot to ``argv[0]`` (default ``docs/screenshot.svg``) of a game
    of the preset ``argv[1]`` (default ``standard``)."""
    from euchre.errors import EuchreError

    args = list(sys.argv[1:] if argv is None else argv)
    output = Path(args[0] if args else "docs/screenshot.svg")
    preset = args[1] if len(args) > 1 else "standard"
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("EUCHRE_DATA_DIR", folder)
        try:
            svg = asyncio.run(take_screenshot(preset=preset))
        except EuchreError as error:  # an unknown preset: one line
            print(f"screenshot: {error}", file=sys.stderr)
            return 2
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(svg, encoding="utf-8")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

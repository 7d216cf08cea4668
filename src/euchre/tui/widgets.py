"""What the screens of the terminal table share: sizes, the pace's steps, the clickable
slots of the bottom row, a bot's seat box, the app as the screens see it
(:class:`TableApp`) and :func:`screen_text` for the tests.

No screen lives here: :mod:`euchre.tui.table_screen` and the others import this module,
never the other way round.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, Final, Protocol, runtime_checkable

from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import App
from textual.message import Message
from textual.widgets import Static

from euchre.players import Player
from euchre.tui.session import GameSession, PlayConfig

__all__ = [
    "DIALOG_FRAME",
    "DIALOG_WIDTH",
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "PACES",
    "SIDE_WIDTH",
    "WIDE",
    "CardButton",
    "ChoiceButton",
    "SeatBox",
    "TableApp",
    "dialog_room",
    "pace_text",
    "screen_text",
]

MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24
WIDE: Final = 110
"""From this many columns on, the history panel runs down the right of the table."""
SIDE_WIDTH: Final = 32
"""The columns of the history panel (``#side`` in the CSS)."""
PACES: Final = (0.0, 0.1, 0.25, 0.5, 0.8, 1.2, 1.8, 2.5)
"""Seconds between the bots' moves that ``+`` and ``-`` step through."""
DIALOG_WIDTH: Final = 70
"""The columns of a dialog (``#dialog`` in the CSS), when the screen has them."""
DIALOG_FRAME: Final = (6, 9)
"""The columns and rows of a dialog that its text does not get: the thick border and
the padding; in rows also the margins and the line of keys under the text, with its
margin (``#dialog`` and ``#summary-keys`` in the CSS)."""


def screen_text(app: App[Any]) -> str:
    """The text of the app's screen as plain lines (what a person reads), for tests."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens
    )
    console.print(update)
    return console.export_text()


def dialog_room(app: App[Any], *texts: Text) -> tuple[int, int]:
    """The width of a dialog's text on the app's screen, and the rows left under
    ``texts`` (wrapped to that width) before the dialog would run off the screen.

    >>> app = App[None]()
    >>> dialog_room(app, Text("one line"), Text("two\\nlines"))
    (64, 13)
    """
    width, height = app.size
    columns, rows = DIALOG_FRAME
    inner = max(1, min(DIALOG_WIDTH, width) - columns)
    used = sum(len(text.wrap(app.console, inner)) for text in texts)
    return inner, height - rows - used


def pace_text(pace: float) -> str:
    """The pace between the bots' moves in words: ``instant``, ``0.8 s``.

    >>> pace_text(0.0), pace_text(0.8)
    ('instant', '0.8 s')
    """
    return "instant" if pace <= 0 else f"{pace:g} s"


@runtime_checkable
class TableApp(Protocol):
    """The app as its screens use it (:class:`~euchre.tui.app.EuchreApp` is one): a
    screen asks it for a new game, a resumed one or the help, without importing it."""

    config: PlayConfig
    """The config of the game on the table, or of the next one."""
    factory: Callable[[str, int], Player]
    """Makes the bots: a bot's spec and seed to a player."""

    def new_game(self, config: PlayConfig, replace: bool = False) -> None:
        """Start a new game under ``config``."""

    def open_session(self, session: GameSession, replace: bool = False) -> None:
        """Show the table of ``session``."""

    def action_help(self) -> None:
        """Open (or close) the help."""


# -- small widgets -------------------------------------------------------------------------


class _SlotButton(Static):
    """A clickable slot of the bottom row; a click posts ``Clicked(index)``."""

    class Clicked(Message):
        """The slot ``index`` was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs: str) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.index = index

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.index))


class CardButton(_SlotButton):
    """One card of the person's hand; a click chooses it."""

    class Clicked(_SlotButton.Clicked):
        """The card in slot ``index`` was clicked."""


class ChoiceButton(_SlotButton):
    """One choice of a bid (pass, order up, call a suit, go alone...); a click chooses it."""

    class Clicked(_SlotButton.Clicked):
        """The choice in slot ``index`` was clicked."""


class SeatBox(Static):
    """A bot's seat: name, cards left, calls, dealer and maker marks."""

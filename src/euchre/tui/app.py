"""The terminal table: ``euchre play`` as a full-screen Textual app.

The app is a thin face on :class:`~euchre.tui.session.GameSession`: it draws the
session's :class:`~euchre.tui.session.Snapshot`, turns keys and clicks into actions,
and paces the bots' moves. The session and the engine decide everything else.

Screens, one module each: :class:`~euchre.tui.setup_screen.SetupScreen` (rules, bots,
name, seed, pace), :class:`~euchre.tui.table_screen.TableScreen` (the game),
:class:`~euchre.tui.deal_summary.DealSummaryScreen` (after each deal) and
:class:`~euchre.tui.game_over.GameOverScreen`; what they share is in
:mod:`euchre.tui.widgets`, their CSS in :mod:`euchre.tui.css`. This module holds
:class:`EuchreApp` and :func:`run_app`, and re-exports the screens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import LineFilter, Monochrome, NoColor

from euchre.players import Player
from euchre.players.registry import make_player
from euchre.tui.css import TABLE_CSS
from euchre.tui.deal_summary import DealSummaryScreen
from euchre.tui.game_over import GameOverScreen
from euchre.tui.help import HelpScreen
from euchre.tui.session import GameSession, PlayConfig
from euchre.tui.setup_screen import SetupScreen
from euchre.tui.style import NO_COLOR_CSS, no_color_wanted
from euchre.tui.table_screen import TableScreen
from euchre.tui.widgets import MIN_HEIGHT, MIN_WIDTH, PACES, WIDE, screen_text

__all__ = [
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "PACES",
    "WIDE",
    "DealSummaryScreen",
    "EuchreApp",
    "GameOverScreen",
    "SetupScreen",
    "TableScreen",
    "run_app",
    "screen_text",
]


class EuchreApp(App[None]):
    """``euchre play``: a game of Euchre against bots in the terminal."""

    TITLE = "Euchre"
    CSS = TABLE_CSS + NO_COLOR_CSS
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "save_quit", "Quit", show=False, priority=True),
        Binding("ctrl+q", "save_quit", "Quit", show=False, priority=True),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        config: PlayConfig | None = None,
        *,
        session: GameSession | None = None,
        setup: bool = True,
        save: bool = True,
        preset: str = "standard",
        factory: Callable[[str, int], Player] = make_player,
        unfinished: Path | None = None,
    ) -> None:
        super().__init__()
        self.config = (config or PlayConfig()).resolved()
        self.session = session
        self.setup = setup
        self.save = save
        self.preset = preset
        self.factory = factory
        self.unfinished = unfinished
        self.exit_message = ""
        self.no_color = no_color_wanted()
        """``NO_COLOR`` is set and not empty: no colour at all (Textual's own test is
        whether it is set; see :meth:`get_line_filters`)."""
        self._no_color = NoColor()

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters, with colour taken out entirely under ``NO_COLOR`` (bold,
        underline and reverse stay), rather than Textual's shades of grey."""
        filters = [f for f in super().get_line_filters()
                   if not isinstance(f, (Monochrome, NoColor))]
        if self.no_color:
            filters.append(self._no_color)
        return filters

    def action_help(self) -> None:
        """Open the help (how to play) for the game on the table, or the one the start
        screen would deal; the help's own key closes it."""
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return
        keys: list[tuple[str, list[BindingType]]] = [
            ("Keys at the table", TableScreen.BINDINGS),
            ("After a deal", DealSummaryScreen.BINDINGS),
            ("At the end of the game", GameOverScreen.BINDINGS),
            ("Keys everywhere", self.BINDINGS),
        ]
        table = self.table
        screen = self.screen
        if isinstance(screen, SetupScreen) or table is None:
            config = self.config
            if isinstance(screen, SetupScreen):
                keys.insert(0, ("Keys on the start screen", SetupScreen.BINDINGS))
                config = screen.current()
            self.push_screen(HelpScreen(config.rules, practice=config.practice, keys=keys))
            return
        session = table.session
        self.push_screen(HelpScreen(session.rules, trump=session.table().trump,
                                    practice=session.practice, keys=keys))

    def on_mount(self) -> None:
        if self.session is not None:
            self.open_session(self.session)
        elif self.setup:
            self.push_screen(SetupScreen(self.config, self.preset, self.unfinished))
        else:
            self.new_game(self.config)

    def new_game(self, config: PlayConfig, replace: bool = False) -> None:
        """Start a new game under ``config``."""
        self.config = config
        self.open_session(GameSession.start(config, save=self.save, factory=self.factory),
                          replace=replace)

    def open_session(self, session: GameSession, replace: bool = False) -> None:
        """Show the table of ``session``."""
        self.session = session
        pace = self.config.speed
        screen = TableScreen(session, pace)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    @property
    def table(self) -> TableScreen | None:
        """The table screen, if it is showing (under any dialog)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def action_save_quit(self) -> None:
        """Quit; the game is saved after every action already."""
        session = self.session
        if session is not None and session.path is not None:
            session.save()
            self.exit_message = session.exit_text()
        self.exit()


def run_app(app: EuchreApp) -> str:
    """Run the app and return the line to print when it has closed."""
    with contextlib.suppress(KeyboardInterrupt):
        app.run()
    session = app.session
    if not app.exit_message and session is not None and session.path is not None:
        return session.exit_text()
    return app.exit_message



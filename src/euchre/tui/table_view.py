"""The table's widgets and what they show: :class:`TableView`, the screen that
:class:`~euchre.tui.table_screen.TableScreen` plays the game on.

The view lays out the widgets, keeps what the person sees besides the session's table
(the choices offered and the cursor among them, the prompt, a notice, a hint, the cards
picked for a declaration) and redraws it all from the session's table, fitted to the
terminal. It knows nothing of turns, bots or keys: the pictures are
:mod:`euchre.tui.table_draw`'s, the lines of words :mod:`euchre.tui.table_lines`'s and the
choices :mod:`euchre.tui.table_choices`'.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from euchre.engine.actions import Action
from euchre.engine.cards import Card
from euchre.table.model import Snapshot
from euchre.tui.session import GameSession
from euchre.tui.table_choices import offered, your_prompt
from euchre.tui.table_draw import (
    CHOICE_SLOTS,
    HAND_SLOTS,
    TOP_SLOTS,
    center_picture,
    draw_choices,
    draw_hand,
    draw_seat,
    you_line,
)
from euchre.tui.table_draw import private_line as private_line_of
from euchre.tui.table_lines import message_lines, status_lines, too_small_text
from euchre.tui.widgets import (
    MIN_HEIGHT,
    MIN_WIDTH,
    SIDE_WIDTH,
    WIDE,
    CardButton,
    ChoiceButton,
    SeatBox,
)

__all__ = ["TableView"]


class TableView(Screen[None]):
    """The table's widgets, drawn from the session's table: the seats, the centre, the
    hand and the choices, the status and message lines, the history."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.options: list[Action] = []
        self.options_are_cards = False
        self.cursor = 0
        self.prompt: Text = Text("")
        self.notice: Text = Text("")
        self.hint_line: Text = Text("")
        self.show_last = False
        self.too_small = False
        self._decision = -1
        self.picking = ""
        """A declaration whose three cards the person is picking (``farmer`` or
        ``under``), or empty."""
        self.picked: list[Card] = []
        """The cards picked so far for :attr:`picking`."""

    @property
    def pace(self) -> float:
        """Seconds between the bots' moves: the table's pace."""
        return self.session.model.pace

    @pace.setter
    def pace(self, pace: float) -> None:
        self.session.model.pace = pace

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="status")
                with Horizontal(id="top-row"):
                    yield SeatBox(id="seat-top", classes="seat")
                    for i in range(1, TOP_SLOTS + 1):
                        yield SeatBox(id=f"seat-top-{i}", classes="seat top-many")
                with Horizontal(id="middle-row"):
                    yield SeatBox(id="seat-left", classes="seat")
                    yield Static(id="center")
                    yield SeatBox(id="seat-right", classes="seat")
                yield Static(id="you")
                with Horizontal(id="hand"):
                    for i in range(HAND_SLOTS):
                        yield CardButton(i, id=f"card-{i}")
                with Horizontal(id="choices"):
                    for i in range(CHOICE_SLOTS):
                        yield ChoiceButton(i, id=f"choice-{i}")
                yield Static(id="message")
            with Vertical(id="side"):
                yield Static(Text("History", style="bold"), id="side-title")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=400, min_width=20)
        yield Static(id="too-small")
        yield Footer(compact=True)  # every key of the table fits in 80 columns

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)
        self.draw()  # the top and bottom lines fit themselves to the width

    def check_size(self, width: int, height: int) -> None:
        """Whether the terminal, ``width`` by ``height``, is too small for the table:
        then the screen says so instead of showing it."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.too_small = small
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(too_small_text(width, height))

    # -- drawing -----------------------------------------------------------------------

    def draw(self) -> Snapshot:
        """Redraw everything from the session's table; return the table drawn."""
        s = self.session
        state = s.table()
        self._set_options(state)
        width = self._width()
        self.query_one("#status", Static).update(status_lines(s, state, self.pace, width))
        for seat in state.seats:
            if seat.position != "bottom":
                draw_seat(self.query_one(f"#seat-{seat.position}", SeatBox), s, seat, state)
        center = center_picture(s, state, show_last=self.show_last)
        self.query_one("#center", Static).update(center)
        self.query_one("#you", Static).update(you_line(s, state, width))
        hand = [self.query_one(f"#card-{i}", CardButton) for i in range(HAND_SLOTS)]
        draw_hand(hand, s, state, are_cards=self.options_are_cards, cursor=self.cursor,
                  picking=self.picking, picked=self.picked)
        choices = [self.query_one(f"#choice-{i}", ChoiceButton) for i in range(CHOICE_SLOTS)]
        draw_choices(choices, s, state, [] if self.options_are_cards else self.options,
                     self.cursor)
        self.draw_message()
        return state

    def _set_options(self, state: Snapshot) -> None:
        """The choices offered now, and the cursor among them: on the first legal choice
        of a new decision."""
        legal = state.legal
        decision = self.session.version if legal else -1
        if self.picking and (state.phase != "declare" or not legal):
            self.picking, self.picked = "", []
        self.options, self.options_are_cards = offered(state, self.picking)
        if decision != self._decision:
            self._decision = decision
            chosen = [i for i, a in enumerate(self.options) if a in legal]
            self.cursor = chosen[0] if chosen else 0
        self.cursor = min(self.cursor, max(len(self.options) - 1, 0))

    def _width(self) -> int:
        """The columns inside the padding of the table's main column (the history panel
        takes :data:`SIDE_WIDTH` of a wide terminal)."""
        width = self.app.size.width
        if width >= WIDE:
            width -= SIDE_WIDTH
        return max(width - 2, 1)

    def draw_message(self) -> None:
        """Draw the prompt, a notice and a hint in the three lines under the hand."""
        message = message_lines(self.prompt, self.notice, self.hint_line, self._width(),
                                self.app.console)
        self.query_one("#message", Static).update(message)

    def your_prompt(self, state: Snapshot) -> Text:
        """The prompt of the person's turn at ``state``, for the choices offered."""
        return your_prompt(self.session, state, self.options, are_cards=self.options_are_cards,
                           picking=self.picking, picked=self.picked)

    def prompt_again(self) -> None:
        """Say the prompt of the person's turn again (the picking of cards changed it)."""
        self.prompt = self.your_prompt(self.session.table())
        self.draw_message()

    def private_line(self) -> Text:
        """What only the person knows of this deal, from their own view: the card they
        laid away, the card passed face down to or by them."""
        return private_line_of(self.session)

    def log_line(self, line: str | Text) -> None:
        """Add a line to the history panel."""
        self.query_one("#log", RichLog).write(line)

    def say(self, text: str | Text, style: str = "") -> None:
        """Show a notice under the prompt."""
        self.notice = text if isinstance(text, Text) else Text(text, style=style)
        self.draw_message()

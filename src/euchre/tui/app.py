"""The terminal table: ``euchre play`` as a full-screen Textual app.

The app is a thin face on :class:`~euchre.tui.session.GameSession`: it draws the
session's :class:`~euchre.tui.session.TableState`, turns keys and clicks into actions,
and paces the bots' moves. The session and the engine decide everything else.

Screens: :class:`SetupScreen` (rules, bots, name, seed, pace), :class:`TableScreen`
(the game), :class:`DealSummaryScreen` (after each deal) and :class:`GameOverScreen`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from rich.console import Console
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.filter import LineFilter, Monochrome, NoColor
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, RichLog, Select, Static

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
    GoAlone,
    Order,
    Pass,
)
from euchre.cards import Card
from euchre.deal import DealResult
from euchre.errors import EuchreError, RulesError
from euchre.game import Phase
from euchre.narrate import agree, conjugate
from euchre.players.registry import available_bots, make_player
from euchre.rules import PRESET_HELP, PRESETS, Rules
from euchre.text import plural
from euchre.tui.help import HelpScreen
from euchre.tui.session import (
    HUMAN,
    GameSession,
    Hint,
    PlayConfig,
    PlayerFactory,
    SeatState,
    TableState,
    action_text,
)
from euchre.tui.style import (
    NO_COLOR_CSS,
    SYMBOLS,
    TRUMP_MARK,
    card_back,
    card_face,
    card_text,
    no_color_wanted,
    suit_style,
    suit_text,
)
from euchre.view import PlayerView

__all__ = [
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "PACES",
    "DealSummaryScreen",
    "EuchreApp",
    "GameOverScreen",
    "SetupScreen",
    "TableScreen",
    "run_app",
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
_SUIT_KEYS: Final = {"c": 0, "d": 1, "h": 2, "s": 3}
_HAND_SLOTS: Final = 6
_MESSAGE_LINES: Final = 3
"""The lines under the hand (``#message`` in the CSS): prompt, notice, hint."""
_CHOICE_SLOTS: Final = 5


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


def _fit(variants: Sequence[Text], width: int) -> Text:
    """The first of ``variants`` (longest first) that fits in ``width`` columns; when none
    does, the last one cut short with an ellipsis. Never wraps."""
    text = next((t for t in variants if t.cell_len <= width), variants[-1]).copy()
    text.truncate(width, overflow="ellipsis")
    text.no_wrap = True
    return text


def _pace_text(pace: float) -> str:
    return "instant" if pace <= 0 else f"{pace:g} s"


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


# -- the table -----------------------------------------------------------------------------


class TableScreen(Screen[None]):
    """The game table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "hint", "Hint", key_display="?"),
        Binding("l", "last_trick", "Last trick"),
        Binding("space", "hurry", "Hurry", key_display="space"),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
        Binding("minus,underscore", "slower", "Slower", key_display="-"),
        Binding("z", "undo", "Undo"),
        Binding("r", "app.help", "Help"),
        Binding("q", "app.save_quit", "Save & quit"),
        Binding("left", "cursor(-1)", "Move", show=False),
        Binding("right", "cursor(1)", "Move", show=False),
        Binding("up", "cursor(-1)", "Move", show=False),
        Binding("down", "cursor(1)", "Move", show=False),
        Binding("enter", "choose", "Choose", show=False),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
        *[Binding(k, f"letter('{k}')", show=False) for k in "pocdhsanu"],
    ]

    def __init__(self, session: GameSession, pace: float) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self.options: list[Action] = []
        self.options_are_cards = False
        self.cursor = 0
        self.prompt: Text = Text("")
        self.notice: Text = Text("")
        self.hint_line: Text = Text("")
        self.show_last = False
        self.too_small = False
        self._skip = asyncio.Event()
        self._decision = -1
        self._busy = False
        """A modal is open (a deal summary or the end of the game)."""
        self.waiting = False
        """A finished trick waits for Enter or space before the play goes on (pace 0)."""
        self._seen_trick = (-1, -1)
        """The deal and trick count of the last trick the person went on from."""

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="status")
                with Center(id="top-row"):
                    yield SeatBox(id="seat-top", classes="seat")
                with Horizontal(id="middle-row"):
                    yield SeatBox(id="seat-left", classes="seat")
                    yield Static(id="center")
                    yield SeatBox(id="seat-right", classes="seat")
                yield Static(id="you")
                with Horizontal(id="hand"):
                    for i in range(_HAND_SLOTS):
                        yield CardButton(i, id=f"card-{i}")
                with Horizontal(id="choices"):
                    for i in range(_CHOICE_SLOTS):
                        yield ChoiceButton(i, id=f"choice-{i}")
                yield Static(id="message")
            with Vertical(id="side"):
                yield Static(Text("History", style="bold"), id="side-title")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=400, min_width=20)
        yield Static(id="too-small")
        yield Footer(compact=True)  # every key of the table fits in 80 columns

    def on_mount(self) -> None:
        if self.session.players_count == 2:
            self.query_one("#seat-left").display = False
            self.query_one("#seat-right").display = False
        log = self.query_one("#log", RichLog)
        game = self.session.game
        log.write(Text(f"Seed {self.session.config.seed} · {self._rules_text()}", style="dim"))
        for line in self.session.seats_lines():
            log.write(Text(line, style="dim"))
        if self.session.practice:
            log.write(Text("Practice game: z takes back your last card or bid; not counted "
                           "in your statistics.", style="dim"))
        if game.results:
            log.write(Text(f"Resumed at {self._score_text()}", style="dim"))
        self._check_size(self.app.size.width, self.app.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)
        self.draw()  # the top and bottom lines fit themselves to the width

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.too_small = small
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                Text.assemble(
                    ("The table needs more room.\n\n", "bold"),
                    f"Make the terminal at least {MIN_WIDTH}x{MIN_HEIGHT} "
                    f"(it is {width}x{height} now).\n",
                    ("The game is saved and waits; q saves and quits.", "dim"),
                )
            )

    # -- words -------------------------------------------------------------------------

    def _rules_text(self) -> str:
        rules = self.session.rules
        name = rules.preset_name() or "custom rules"
        goal = plural(rules.deals, "deal") if rules.deals else f"game to {rules.target}"
        return f"{name}, {goal}"

    def _score_text(self) -> str:
        s = self.session
        score = s.game.score
        return f"{s.team_name(0)} {score[0]} · {s.team_name(1)} {score[1]}"

    # -- drawing -----------------------------------------------------------------------

    def draw(self) -> None:
        """Redraw everything from the session's table."""
        state = self.session.table()
        self._set_options(state)
        self._draw_status(state)
        for seat in state.seats:
            if seat.position != "bottom":
                self._draw_seat(seat, state)
        self._draw_center(state)
        self._draw_you(state)
        self._draw_hand(state)
        self._draw_choices(state)
        self._draw_message()

    def _set_options(self, state: TableState) -> None:
        phase = state.phase
        decision = self.session.version if state.legal else -1
        if phase == "play":
            options: list[Action] = [PLAY[c] for c in state.hand]
        elif phase == "exchange" and state.legal:
            options = [DISCARD[c] for c in state.hand]
        elif phase == "bid1":
            options = [PASS, ORDER]
        elif phase == "bid2":
            options = [PASS, *(CALL[s] for s in range(4))]
        elif phase == "alone":
            options = [STAY, ALONE]
        else:
            options = []
        self.options_are_cards = phase in ("play", "exchange")
        if not state.legal:
            options = [] if not self.options_are_cards else options
        self.options = options
        if decision != self._decision:
            self._decision = decision
            legal = [i for i, a in enumerate(options) if a in state.legal]
            self.cursor = legal[0] if legal else 0
        self.cursor = min(self.cursor, max(len(options) - 1, 0))

    def _width(self) -> int:
        """The columns inside the padding of the table's main column (the history panel
        takes :data:`SIDE_WIDTH` of a wide terminal)."""
        width = self.app.size.width
        if width >= WIDE:
            width -= SIDE_WIDTH
        return max(width - 2, 1)

    def _draw_status(self, state: TableState) -> None:
        s = self.session
        deal = f"Deal {state.deal_number + 1}"
        if state.deals_limit:
            deal += f" of {state.deals_limit}"
        head = Text.assemble((deal, "bold"), f" · {agree(s.seat_label(state.dealer), 'deals')}")
        # longest first: then no one sitting out, trump in short, no one alone (the seats
        # say ALONE)
        line1 = [head.copy() for _ in range(4)]
        if state.trump is not None and state.maker is not None:
            maker = s.seat_label(state.maker)
            for i, line in enumerate(line1):
                line.append(" · Trump ")
                line.append_text(suit_text(state.trump, long=i < 2))
                line.append(f" called by {maker}" if i < 2 else f" by {maker}")
            lone = [seat.name for seat in state.seats if seat.alone]
            if lone:
                for line in line1[:3]:
                    line.append(f" · {', '.join(lone)} alone", style="bold #ffaf00")
                out = [seat.name for seat in state.seats if seat.sitting_out]
                if out:
                    verb = "sit out" if len(out) > 1 else conjugate(out[0], "sits out")
                    line1[0].append(f" ({', '.join(out)} {verb})")
        elif state.phase in ("bid1", "bid2"):
            for line in line1:
                line.append(" · Bidding, round " + ("one" if state.phase == "bid1" else "two"))
        goal = plural(state.deals_limit, "deal") if state.deals_limit else f"to {state.target}"
        us, them = s.team_name(0), s.team_name(1)
        score = Text.assemble(
            ("Score ", "dim"),
            (f"{us} {state.score[0]}", "bold #5fd75f"),
            " · ",
            (f"{them} {state.score[1]}", "bold #ff875f"),
        )
        tricks = Text.assemble(
            ("   Tricks ", "dim"), f"{us} {state.tricks_won[0]} · {them} {state.tricks_won[1]}"
        )
        short_tricks = Text.assemble(
            ("   Tricks ", "dim"), f"{state.tricks_won[0]}-{state.tricks_won[1]}"
        )
        pace = Text.assemble(("   Pace ", "dim"), _pace_text(self.pace))
        target = Text(f" ({goal})", style="dim")
        line2 = [
            Text.assemble(score, target, tricks, pace),
            Text.assemble(score, target, tricks),
            Text.assemble(score, target, short_tricks),
            Text.assemble(score, short_tricks),
        ]
        width = self._width()
        lines = Text("\n").join([_fit(line1, width), _fit(line2, width)])
        lines.no_wrap = True
        self.query_one("#status", Static).update(lines)

    def _seat_badges(self, seat: SeatState, state: TableState) -> Text:
        parts: list[Text] = []
        if seat.dealer:
            parts.append(Text("dealer", style="bold #87afff"))
        if seat.maker and state.trump is not None:
            parts.append(Text.assemble(("maker ", "bold"), suit_text(state.trump)))
        if seat.alone:
            parts.append(Text("ALONE", style="bold #ffaf00"))
        if seat.sitting_out:
            parts.append(Text("sits out", style="dim"))
        if seat.to_act:
            if seat.seat == HUMAN:
                parts.append(Text("your turn", style="bold #ffd75f"))
            else:
                parts.append(Text("to play" if state.phase == "play" else "thinking…",
                                  style="italic #ffd75f"))
        return Text(" · ").join(parts)

    def _calls_text(self, seat: SeatState) -> Text:
        out = Text()
        for i, call in enumerate(seat.calls):
            if i:
                out.append(" · ", style="dim")
            style = "dim" if call in ("pass", "stays") else "bold"
            for ch in call:
                if ch in SYMBOLS:
                    out.append(ch, style=suit_style(SYMBOLS.index(ch)))
                else:
                    out.append(ch, style=style)
        return out

    def _draw_seat(self, seat: SeatState, state: TableState) -> None:
        box = self.query_one(f"#seat-{seat.position}", SeatBox)
        role = {"partner": "partner", "opponent": "opponent"}.get(seat.role, "")
        box.border_title = f"{seat.name} ({seat.bot})"
        box.border_subtitle = f"{seat.place} · {role}"
        if seat.sitting_out:
            cards = Text("(hand face down)", style="dim")
        elif seat.cards:
            cards = Text.assemble(card_back(seat.cards), (f" {seat.cards}", "dim"))
        else:
            cards = Text("no cards left", style="dim")
        lines = [
            cards,
            self._seat_badges(seat, state),
            self._calls_text(seat),
        ]
        box.update(Text("\n").join(lines))
        box.set_class(seat.to_act, "-to-act")
        box.set_class(seat.sitting_out, "-out")

    def _draw_center(self, state: TableState) -> None:
        center = self.query_one("#center", Static)
        if self.show_last:
            center.update(self._trick_picture(state, state.last_trick, state.last_winner,
                                              title="Last trick"))
            return
        if state.phase in ("bid1", "bid2", "exchange") or (
            state.phase == "alone" and not state.trick
        ) or (state.phase == "done" and state.trump is None):
            center.update(self._bidding_picture(state))
            return
        winner = state.trick_winner
        if state.trick:
            title = f"Trick {state.trick_number}"
        else:
            title = f"Trick {state.trick_number + 1}" if state.trick_number < 5 else "Trick"
        picture = self._trick_picture(state, state.trick, winner, title=title)
        if not state.trick and state.last_trick and state.phase == "play":
            # the trick just taken stays in sight until the next lead
            picture = self._trick_picture(state, state.last_trick, state.last_winner,
                                          title=f"Trick {state.trick_number}")
        center.update(picture)

    def _bidding_picture(self, state: TableState) -> Text:
        s = self.session
        up = state.upcard
        lines: list[Text] = []
        if state.upcard_state == "up":
            lines.append(Text("Turned up", style="dim"))
            lines.append(card_text(up, width=5))
        elif state.upcard_state == "down":
            lines.append(Text("Turned down", style="dim"))
            lines.append(card_text(up, dim=True, width=5))
        else:
            dealer = s.seat_label(state.dealer)
            lines.append(Text(f"Picked up by {dealer}", style="dim"))
            lines.append(card_text(up, width=5))
        lines.append(Text.assemble(("kitty ", "dim"), card_back(state.kitty)))
        lines.append(Text(""))
        if state.phase == "bid1":
            lines.append(Text.assemble("Round one: order up ", suit_text(up >> 3, long=True),
                                       "?") if up < 32 else Text("Round one"))
        elif state.phase == "bid2":
            lines.append(Text("Round two: name a trump suit"))
        elif state.phase == "exchange":
            if state.dealer == HUMAN:
                lines.append(Text("Your exchange: lay a card away"))
            else:
                lines.append(Text(f"{s.seat_label(state.dealer)} lays a card away"))
        elif state.phase == "alone":
            lines.append(Text("Going alone?"))
        elif state.phase == "done":
            lines.append(Text("Everybody passed: thrown in", style="bold"))
        return Text("\n", justify="center").join(lines)

    def _trick_picture(
        self,
        state: TableState,
        trick: tuple[tuple[int, Card], ...],
        winner: int | None,
        *,
        title: str,
    ) -> Text:
        s = self.session
        played = dict(trick)
        positions = {seat.position: seat for seat in state.seats}

        def slot(position: str) -> Text:
            seat = positions.get(position)
            if seat is None:
                return Text(" " * 5)
            if seat.seat in played:
                return card_text(played[seat.seat], mark=seat.seat == winner, width=5)
            if seat.sitting_out:
                return Text("     ")
            return Text("  ·  ", style="dim")

        gap = Text(" " * 9)
        lines: list[Text] = []
        head = Text(title, style="dim")
        if state.trump is not None:
            head = Text.assemble((f"{title} · trump ", "dim"), suit_text(state.trump))
        lines.append(head)
        lines.append(slot("top"))
        if state.players == 4:
            lines.append(Text.assemble(slot("left"), gap, slot("right")))
        else:
            lines.append(Text(""))
        lines.append(slot("bottom"))
        if not trick:
            lines.append(Text("No trick yet" if title == "Last trick" else "", style="dim"))
        elif winner is not None:
            lines.append(Text(agree(s.seat_label(winner), "takes it"), style="bold #ffd75f"))
        else:
            lines.append(Text(f"{s.seat_label(trick[0][0])} led", style="dim"))
        return Text("\n", justify="center").join(lines)

    def _trick_line(self, trick: tuple[tuple[int, Card], ...], winner: int | None) -> Text:
        """A trick on one line: ``North K♠  East A♦  You 9♠  West Q♠ → East``."""
        line = Text()
        for seat, c in trick:
            line.append(f"{self.session.seat_label(seat)} ")
            line.append_text(card_text(c, mark=seat == winner))
            line.append("  ")
        if winner is not None:
            line.append(f"→ {self.session.seat_label(winner)}", style="bold")
        return line

    def _draw_you(self, state: TableState) -> None:
        seat = state.seats[HUMAN]
        variants = []
        for place in (" (South)", ""):
            line = Text.assemble(("▶ " if seat.to_act else "  ", "bold #ffd75f"),
                                 (seat.name, "bold"), place)
            badges = self._seat_badges(seat, state)
            if badges.plain:
                line.append(" · ")
                line.append_text(badges)
            if seat.calls:
                line.append(" · ")
                line.append_text(self._calls_text(seat))
            variants.append(line)
        self.query_one("#you", Static).update(_fit(variants, self._width()))

    def _draw_hand(self, state: TableState) -> None:
        cards = list(state.hand)
        choosing = self.options_are_cards and bool(state.legal)
        for i in range(_HAND_SLOTS):
            widget = self.query_one(f"#card-{i}", CardButton)
            if i >= len(cards):
                widget.display = False
                continue
            c = cards[i]
            widget.display = True
            legal = c in state.legal_cards
            label = Text(card_face(c), style=_ink(c))
            below = Text(str(i + 1), style="#707070")
            if c == state.new_card:
                below = Text(f"{i + 1} up", style="#707070")
            elif c in state.hand_trumps:  # a trump shows by more than its colour
                label.stylize("underline")
                below = Text(f"{i + 1} {TRUMP_MARK}", style="#707070")
            widget.update(Text("\n").join([label, below]))
            widget.set_class(choosing and legal, "-legal")
            widget.set_class(choosing and not legal, "-illegal")
            widget.set_class(choosing and i == self.cursor, "-cursor")

    def _draw_choices(self, state: TableState) -> None:
        choices = [] if self.options_are_cards else self.options
        for i in range(_CHOICE_SLOTS):
            widget = self.query_one(f"#choice-{i}", ChoiceButton)
            if i >= len(choices):
                widget.display = False
                continue
            action = choices[i]
            widget.display = True
            widget.update(self._choice_label(action, state))
            legal = action in state.legal
            widget.set_class(not legal, "-illegal")
            widget.set_class(i == self.cursor, "-cursor")

    def _choice_label(self, action: Action, state: TableState) -> Text:
        if isinstance(action, Pass):
            return Text.assemble(("p", "bold underline"), " Pass")
        if isinstance(action, Order):
            verb = self.session.order_word().capitalize()
            return Text.assemble(("o", "bold underline"), f" {verb} ",
                                 suit_text(state.upcard >> 3))
        if isinstance(action, Call):
            return Text.assemble(("cdhs"[action.suit], "bold underline"), " ",
                                 suit_text(action.suit, long=True))
        if isinstance(action, GoAlone):
            if action.alone:
                return Text.assemble(("a", "bold underline"),
                                     f" {self.session.alone_word().capitalize()}")
            return Text.assemble(("n", "bold underline"), " Play with partner")
        return Text(action_text(action))

    def _draw_message(self) -> None:
        """The prompt, a notice and a hint in the three lines under the hand: the prompt
        and the notice one line each, the hint wrapped into what is left (two lines when
        there is no notice); nothing is cut but with an ellipsis."""
        width = self._width()
        lines = [_fit([self.prompt], width)]
        if self.notice.plain:
            lines.append(_fit([self.notice], width))
        if self.hint_line.plain:
            room = _MESSAGE_LINES - len(lines)
            wrapped = list(self.hint_line.wrap(self.app.console, width))
            if len(wrapped) > room:
                wrapped = [*wrapped[: room - 1], _fit([Text(" ").join(wrapped[room - 1:])],
                                                       width)]
            lines.extend(wrapped)
        while len(lines) < _MESSAGE_LINES:
            lines.append(Text(""))
        message = Text("\n").join(lines)
        message.no_wrap = True
        self.query_one("#message", Static).update(message)

    def log_line(self, line: str | Text) -> None:
        """Add a line to the history panel."""
        self.query_one("#log", RichLog).write(line)

    def say(self, text: str | Text, style: str = "") -> None:
        """Show a notice under the prompt."""
        self.notice = text if isinstance(text, Text) else Text(text, style=style)
        self._draw_message()

    # -- the flow of the game ----------------------------------------------------------

    def advance(self) -> None:
        """After any change: redraw, then wait for the person, a bot, or a summary."""
        s = self.session
        self.draw()
        if self._busy:
            return
        if s.save_error:
            self.say(f"Could not save the game: {s.save_error}", "bold red")
        if s.frozen is not None:
            self._busy = True
            self.prompt = Text("The deal is over.", style="bold")
            self._draw_message()
            result = s.frozen.result
            last = self.session.table()
            trick = self._trick_line(last.last_trick, last.last_winner) if last.last_trick else None

            def summary() -> None:
                self.app.push_screen(DealSummaryScreen(s, result, trick), self._summary_closed)

            # the last trick stays in sight a moment before the summary covers it
            if self.pace > 0:
                self.set_timer(min(self.pace * 2, 3.0), summary)
            else:
                summary()
            return
        if s.game.is_over():
            self._busy = True
            self.prompt = Text("Game over.", style="bold")
            self._draw_message()
            self.app.push_screen(GameOverScreen(s), self._game_over_closed)
            return
        self.waiting = self._trick_to_see()
        if self.waiting:
            game = s.game
            winner = s.table().last_winner
            taken = agree(s.seat_label(winner if winner is not None else game.to_act), "takes")
            self.prompt = Text.assemble((f"{taken} trick {len(game.tricks)}. ", "bold"),
                                        ("Enter or space: on to the next trick.", "dim"))
            self._draw_message()
            return
        if s.human_to_act():
            forced = s.forced()
            if forced is not None:
                self.prompt = Text(f"Your only legal card, {action_text(forced)[5:]}, "
                                   "is played for you.", style="bold")
                self._draw_message()
                self.run_turn(s.version, forced)
                return
            self.prompt = self._your_prompt()
            self._draw_message()
        else:
            name = s.seat_label(s.game.to_act)
            self.prompt = Text(f"{name} is thinking…", style="dim")
            self._draw_message()
            self.run_turn(s.version, None)

    def _trick_to_see(self) -> bool:
        """Whether a trick just taken must wait for a key: at pace 0 nothing else keeps
        it in sight, unless the person is to lead (it stays until they do)."""
        s = self.session
        game = s.game
        if self.pace > 0 or game.phase is not Phase.PLAY or game.current_trick:
            return False
        if not game.tricks or (game.deal_number, len(game.tricks)) == self._seen_trick:
            return False
        return not (s.human_to_act() and s.forced() is None)

    def _say_go_on(self) -> None:
        self.say("Enter or space goes on to the next trick.", "dim")

    def go_on(self) -> None:
        """Go on from a trick waiting to be seen (Enter or space)."""
        if self.waiting:
            self.waiting = False
            self._seen_trick = (self.session.game.deal_number, len(self.session.game.tricks))
            self.advance()

    def _your_prompt(self) -> Text:
        s = self.session
        phase = s.game.phase
        state_upcard = s.game.upcard
        cards = len(self.options) if self.options_are_cards else 0
        keys = "1" if cards == 1 else f"1-{cards}"
        if phase is Phase.PLAY:
            text = Text.assemble(("Your turn: ", "bold #ffd75f"),
                                 f"play a card: {keys}, ←/→ and Enter, or click it.")
        elif phase is Phase.EXCHANGE:
            text = Text.assemble(("You pick up ", "bold #ffd75f"), card_text(state_upcard),
                                 f": choose a card to discard ({keys}, or click).")
        elif phase is Phase.BID1:
            text = Text.assemble(("Your bid: ", "bold #ffd75f"),
                                 f"p pass or o {s.order_word()} ",
                                 suit_text(state_upcard >> 3), " (or ←/→ Enter, click).")
        elif phase is Phase.BID2:
            text = Text.assemble(("Your bid: ", "bold #ffd75f"),
                                 "p pass, or name trump: c ♣  d ♦  h ♥  s ♠.")
        elif phase is Phase.ALONE:
            alone = s.alone_word()
            text = Text.assemble((f"{alone.capitalize()}? ", "bold #ffd75f"),
                                 f"n play with your partner, a {alone} (partner sits out).")
        else:
            text = Text("")
        return text

    @work(exclusive=True, group="turn")
    async def run_turn(self, version: int, forced: Action | None) -> None:
        """A bot's move (or the person's forced card), shown after the pace's delay."""
        s = self.session
        game = s.game
        after_trick = game.phase is Phase.PLAY and not game.current_trick and bool(game.tricks)
        delay = self.pace * (2.0 if after_trick else 1.0)
        started = time.monotonic()
        self._skip.clear()
        action = forced
        if action is None:
            seat = game.to_act
            bot = s.bots[seat]
            try:
                if bot is None:
                    return
                action = await asyncio.to_thread(s.ask_bot, bot, seat)
            except Exception as error:  # a broken bot must not end the game
                action = s.legal()[0]
                self.log_line(Text(f"{s.seat_label(seat)}'s bot failed ({error}); "
                              f"it plays {action_text(action)}", style="red"))
        remaining = delay - (time.monotonic() - started)
        if remaining > 0 and not self._skip.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._skip.wait(), remaining)
        while self.too_small or isinstance(self.app.screen, HelpScreen):
            await asyncio.sleep(0.1)  # nothing moves unseen
        if s.version != version or s.frozen is not None or self._busy:
            return
        self._apply(action)

    def _apply(self, action: Action) -> None:
        s = self.session
        step = s.apply(action)
        for line in s.describe(step):
            style = "bold" if step.result is not None and line == s.describe(step)[-1] else ""
            self.log_line(Text(line, style=style))
        self.show_last = False
        self.hint_line = Text("")
        self.notice = Text("")
        self.advance()

    def _summary_closed(self, _: None) -> None:
        self._busy = False
        self.session.continue_play()
        game = self.session.game
        if not game.is_over():
            dealer = self.session.seat_label(game.dealer)
            self.log_line(Text(f"Deal {game.deal_number + 1}: {agree(dealer, 'deals')}",
                               style="dim"))
        self.advance()

    def _game_over_closed(self, choice: str | None) -> None:
        self._busy = False
        app = self.app
        if choice == "new" and isinstance(app, EuchreApp):
            app.new_game(dataclasses.replace(self.session.config, seed=None), replace=True)
        else:
            app.exit()

    # -- the person's input ------------------------------------------------------------

    def choose(self, action: Action) -> None:
        """The person picks ``action``: apply it, or say why it is refused."""
        s = self.session
        if self.too_small or self._busy:
            return
        if self.waiting:
            self._say_go_on()
            return
        if not s.human_to_act():
            self._not_your_turn()
            return
        if s.forced() is not None:
            return
        reason = s.refusal(action)
        if reason is not None:
            self.say(Text.assemble(("✗ ", "bold red"), (reason, "bold red")))
            return
        self._apply(action)

    def _not_your_turn(self) -> None:
        s = self.session
        if s.game.is_over():
            return
        name = s.seat_label(s.game.to_act)
        self.say(f"Wait for {name} (space hurries the bots).", "dim")

    def action_number(self, number: int) -> None:
        index = number - 1
        if self.waiting:
            self._say_go_on()
            return
        if not self.session.human_to_act():
            self._not_your_turn()
            return
        if 0 <= index < len(self.options):
            self.cursor = index
            self.choose(self.options[index])
        else:
            self.say(f"There is no choice {number}.", "dim")

    def action_letter(self, key: str) -> None:
        s = self.session
        if self.waiting:
            self._say_go_on()
            return
        if not s.human_to_act():
            self._not_your_turn()
            return
        phase = s.game.phase
        action: Action | None = None
        if key == "p" and phase in (Phase.BID1, Phase.BID2):
            action = PASS
        elif key in "ou" and phase is Phase.BID1:
            action = ORDER
        elif key in _SUIT_KEYS and phase is Phase.BID2:
            action = CALL[_SUIT_KEYS[key]]
        elif key == "a" and phase is Phase.ALONE:
            action = ALONE
        elif key in "ns" and phase is Phase.ALONE:
            action = STAY
        if action is None:
            self.say("That key does nothing now: the line above says what does.", "dim")
            return
        if action in self.options:
            self.cursor = self.options.index(action)
        self.choose(action)

    def action_cursor(self, step: int) -> None:
        if not self.options or not self.session.human_to_act():
            return
        self.cursor = (self.cursor + step) % len(self.options)
        self.draw()

    def action_choose(self) -> None:
        if self.waiting:
            self.go_on()
            return
        if not self.session.human_to_act():
            self._not_your_turn()
            return
        if self.options:
            self.choose(self.options[self.cursor])

    def on_card_button_clicked(self, message: CardButton.Clicked) -> None:
        if self.options_are_cards and message.index < len(self.options):
            self.cursor = message.index
            self.choose(self.options[message.index])

    def on_choice_button_clicked(self, message: ChoiceButton.Clicked) -> None:
        if not self.options_are_cards and message.index < len(self.options):
            self.cursor = message.index
            self.choose(self.options[message.index])

    def action_undo(self) -> None:
        """Take back the person's last card or bid (a practice game only), with the bots'
        moves after it; in a game that counts, say that undo is off."""
        s = self.session
        if self.too_small or self._busy:
            return
        reason = s.undo_refusal()
        if reason is not None:
            self.say(reason, "dim")
            return
        self.workers.cancel_group(self, "turn")  # a bot's move in the game taken back
        taken = s.undo()
        self._seen_trick = (-1, -1)  # the tricks after it are to be seen again
        self.show_last = False
        self.hint_line = Text("")
        self.notice = Text("")
        self.log_line(Text(f"↶ {s.seat_label(HUMAN)} took back: {action_text(taken)}",
                           style="italic"))
        self.advance()
        self.say(f"Taken back: {action_text(taken)}. Practice game: not counted in your "
                 "statistics.", "dim")

    def action_hurry(self) -> None:
        if self.waiting:
            self.go_on()
            return
        self._skip.set()

    def action_faster(self) -> None:
        self._set_pace(max((p for p in PACES if p < self.pace), default=0.0))

    def action_slower(self) -> None:
        self._set_pace(min((p for p in PACES if p > self.pace), default=PACES[-1]))

    def _set_pace(self, pace: float) -> None:
        self.pace = pace
        app = self.app
        if isinstance(app, EuchreApp):
            app.config = dataclasses.replace(app.config, speed=pace)
        self.say(f"Pace: {_pace_text(pace)} between moves.", "dim")
        self.draw()

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        state = self.session.table()
        if self.show_last and not state.last_trick:
            self.say("No trick has been taken yet in this deal.", "dim")
        self.draw()

    def action_hint(self) -> None:
        s = self.session
        if not s.human_to_act():
            self.say("A hint is for your turn.", "dim")
            return
        self.hint_line = Text(f"Asking {s.config.hint_bot} for a hint…", style="dim italic")
        self._draw_message()
        self.hint_worker(s.version, s.hint_request())

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, version: int, request: tuple[PlayerView, list[Action]]) -> None:
        """Ask the hint bot in a thread (a searching bot may take a moment)."""
        try:
            hint = self.session.hint(request)
        except Exception as error:  # a broken bot must not end the game
            self.app.call_from_thread(self._show_hint_error, str(error), version)
            return
        self.app.call_from_thread(self._show_hint, hint, version)

    def _show_hint_error(self, error: str, version: int) -> None:
        if version == self.session.version:
            self.hint_line = Text(f"No hint: the bot failed ({error}).", style="red")
            self._draw_message()

    def _show_hint(self, hint: Hint, version: int) -> None:
        if version != self.session.version:
            return
        s = self.session
        line = Text.assemble(("Hint ", "bold #5fafff"), (f"({hint.bot}): ", "dim"),
                             (s.action_words(hint.choice), "bold"))
        if hint.values:
            line.append("   expected points: " + s.options_words(hint.values), style="#afafaf")
        elif hint.note:
            line.append(f"   ({hint.note})", style="dim")
        self.hint_line = line
        self.notice = Text("")  # the hint is the news now, and may take two lines
        if hint.choice in self.options:
            self.cursor = self.options.index(hint.choice)
        self.draw()


def _ink(c: Card) -> str:
    suit = c >> 3 if 0 <= c < 32 else -1
    if suit in (1, 2):
        return "bold #c8102e"
    if c == 32:
        return "bold #7a1fa2"
    return "bold #101010"


# -- between deals ---------------------------------------------------------------------------


class DealSummaryScreen(ModalScreen[None]):
    """What a deal came to; any of Enter, space or Escape goes on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Next deal"),
        Binding("space", "close", "Next deal", show=False),
        Binding("escape", "close", "Next deal", show=False),
        Binding("q", "app.save_quit", "Save & quit"),
    ]

    def __init__(
        self, session: GameSession, result: DealResult, last_trick: Text | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.result = result
        self.last_trick = last_trick

    def compose(self) -> ComposeResult:
        keys = "Enter: the end of the game" if self.session.game.is_over() else "Enter: next deal"
        with Vertical(id="dialog"):
            yield Static(self._text(), id="summary")
            yield Static(Text(keys, style="dim"), id="summary-keys")

    def _text(self) -> Text:
        s = self.session
        r = self.result
        number = len(s.game.results)
        lines = [Text(f"Deal {number} is over", style="bold")]
        if r.thrown_in:
            lines.append(Text("Everybody passed twice: the deal is thrown in."))
        else:
            assert r.maker is not None and r.trump is not None and r.team is not None
            call = Text.assemble(f"{s.seat_label(r.maker)} called ", suit_text(r.trump, True))
            if r.alone:
                call.append(" · alone: " + ", ".join(s.seat_label(x) for x in r.alone),
                            style="bold #ffaf00")
            lines.append(call)
            us, them = s.team_name(0), s.team_name(1)
            lines.append(Text(f"Tricks: {us} {r.tricks[0]} · {them} {r.tricks[1]}"))
            good = r.team == HUMAN % 2
            lines.append(Text.assemble(
                (s.verdict_text(r), "bold"),
                (f"  {s.team_name(r.team)} +{r.points}", "bold #5fd75f" if good else
                 "bold #ff875f"),
            ))
        lines.append(Text(f"Score: {s.team_name(0)} {r.score[0]} · "
                          f"{s.team_name(1)} {r.score[1]}", style="bold"))
        if self.last_trick is not None:
            lines.append(Text.assemble(("Last trick: ", "dim"), self.last_trick))
        return Text("\n").join(lines)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[str]):
    """The end of the game: the winner, the score, where the record is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("q", "quit", "Quit"),
        Binding("escape", "quit", "Quit", show=False),
        Binding("enter", "quit", "Quit", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self._text(), id="game-over")
            yield Static(Text("n: new game   q: quit", style="dim"), id="game-over-keys")

    def _text(self) -> Text:
        s = self.session
        game = s.game
        winner = game.winner()
        score = game.score
        if winner is None:
            head = Text("The game is a tie.", style="bold")
        elif winner == HUMAN % 2:
            partner = "" if s.players_count == 2 else f" and {s.seat_label(2)}"
            head = Text(f"You{partner} win!", style="bold #5fd75f")
        elif s.players_count == 2:
            head = Text(f"{s.seat_label(1)} wins.", style="bold #ff875f")
        else:
            head = Text(f"{s.seat_label(1)} and {s.seat_label(3)} win.", style="bold #ff875f")
        lines = [
            Text("Game over", style="bold"),
            head,
            Text(f"Final score: {s.team_name(0)} {score[0]} · {s.team_name(1)} {score[1]}"),
            Text(f"{plural(len(game.results), 'deal')} played."),
        ]
        if s.path is not None:
            from euchre.invocation import command

            lines.append(Text(f"Record saved to {s.path}", style="dim"))
            lines.append(Text(f"Watch it again: {command('replay', s.path)}", style="dim"))
            lines.append(Text(f"Your statistics: {command('stats')}", style="dim"))
        if s.save_error:
            lines.append(Text(f"Could not save: {s.save_error}", style="red"))
        if s.stats_error:
            lines.append(Text(f"Could not keep the statistics: {s.stats_error}", style="red"))
        return Text("\n").join(lines)

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit(self) -> None:
        self.dismiss("quit")


# -- the start screen ------------------------------------------------------------------------


class OnOff(Checkbox):
    """A checkbox whose mark says its state without colour: ``▐X▌`` on, ``▐ ▌`` off (a
    plain checkbox shows the X either way, only dimmer when off)."""

    def __init__(self, label: str, value: bool, **kwargs: Any) -> None:
        super().__init__(label, value, **kwargs)
        self._mark()

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "


class SetupScreen(Screen[None]):
    """Rules, bots, name, seed and pace before the first deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.save_quit", "Quit"),
        Binding("ctrl+s", "start", "Deal"),
        Binding("f1", "app.help", "How to play"),
    ]

    def __init__(self, config: PlayConfig, preset: str, unfinished: Path | None) -> None:
        super().__init__()
        self.config = config
        self.preset = preset if preset in PRESETS else "standard"
        self.unfinished = unfinished

    def compose(self) -> ComposeResult:
        c = self.config
        rules = c.rules
        bots = available_bots()
        choices = [(name, name) for name in bots]
        paces = sorted({*PACES, c.speed})
        with VerticalScroll(id="setup"):
            yield Static(
                Text.assemble(
                    ("♠ ", "bold"), ("♥ ", f"bold {_RED}"), ("Euchre", "bold"),
                    (" ♣", "bold"), (" ♦", f"bold {_RED}"),
                    ("\nYou sit at the bottom; your partner sits across, the opponents "
                     "left and right. First side to the target wins.", "dim"),
                ),
                id="setup-title",
            )
            with Grid(id="setup-grid"):
                yield Label("Rules")
                yield Select([(f"{name}", name) for name in PRESETS], value=self.preset,
                             allow_blank=False, id="preset", compact=True)
                yield Label("Game to")
                yield Input(str(rules.target) if rules.target else "", id="target",
                            type="integer", compact=True, placeholder="points")
                yield Label("Partner")
                yield Select(choices, value=c.partner, allow_blank=False, id="partner",
                             compact=True)
                yield Label("Opponents")
                yield Select(choices, value=c.opponents, allow_blank=False, id="opponents",
                             compact=True)
                yield Label("Your name")
                yield Input(c.name, id="name", compact=True, max_length=20)
                yield Label("Seed")
                yield Input("" if c.seed is None else str(c.seed), id="seed", type="integer",
                            compact=True, placeholder="random")
                yield Label("Pace")
                yield Select([(_pace_text(p), p) for p in paces], value=c.speed,
                             allow_blank=False, id="pace", compact=True)
                yield Label("Hints by")
                yield Select(choices, value=c.hint_bot, allow_blank=False, id="hint-bot",
                             compact=True)
                yield OnOff("Stick the dealer", rules.stick_the_dealer, id="stick",
                            compact=True)
                yield OnOff("Dealer must pick up", rules.dealer_must_take_upcard,
                            id="must-take", compact=True)
                yield OnOff("Practice: allows undo, not counted in statistics",
                            c.practice, id="practice", compact=True)
            yield Static(self._preset_note(self.preset), id="setup-note")
            with Horizontal(id="setup-buttons"):
                yield Button("Deal the cards", id="start", variant="success", compact=True)
                if self.unfinished is not None:
                    yield Button("Resume saved game", id="resume", variant="primary",
                                 compact=True)
                yield Button("How to play", id="help", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()
        self._sync_players()

    def _preset_note(self, preset: str) -> Text:
        return Text(f"{preset}: {PRESET_HELP.get(preset, '')}", style="dim")

    def _sync_players(self) -> None:
        two = self._preset() == "two-handed"
        self.query_one("#partner", Select).disabled = two

    def _preset(self) -> str:
        value = self.query_one("#preset", Select).value
        return value if isinstance(value, str) else "standard"

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "preset":
            return
        preset = self._preset()
        rules = self._base_rules(preset)
        self.query_one("#stick", Checkbox).value = rules.stick_the_dealer
        self.query_one("#must-take", Checkbox).value = rules.dealer_must_take_upcard
        self.query_one("#target", Input).value = str(rules.target) if rules.target else ""
        self.query_one("#setup-note", Static).update(self._preset_note(preset))
        self._sync_players()

    def _base_rules(self, preset: str) -> Rules:
        if preset == self.preset:
            return self.config.rules
        return Rules.preset(preset)

    def build(self) -> PlayConfig:
        """The config the screen shows (raises :class:`~euchre.errors.EuchreError`)."""
        preset = self._preset()
        rules = self._base_rules(preset)
        changes: dict[str, object] = {
            "stick_the_dealer": self.query_one("#stick", Checkbox).value,
            "dealer_must_take_upcard": self.query_one("#must-take", Checkbox).value,
        }
        target = self.query_one("#target", Input).value.strip()
        if target:
            try:
                points = int(target)
            except ValueError:
                raise RulesError(f"game to: a number of points, not {target!r}") from None
            if points != rules.target:
                changes.update(target=points, deals=0)
        rules = rules.replace(**changes)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise EuchreError(f"seed: a whole number, not {seed_text!r}") from None

        def picked(widget_id: str, default: str) -> str:
            value = self.query_one(widget_id, Select).value
            return value if isinstance(value, str) else default

        pace = self.query_one("#pace", Select).value
        return dataclasses.replace(
            self.config,
            rules=rules,
            partner=picked("#partner", self.config.partner),
            opponents=picked("#opponents", self.config.opponents),
            hint_bot=picked("#hint-bot", self.config.hint_bot),
            name=self.query_one("#name", Input).value,
            seed=seed,
            speed=float(pace) if isinstance(pace, (int, float)) else self.config.speed,
            practice=self.query_one("#practice", Checkbox).value,
        ).resolved()

    def current(self) -> PlayConfig:
        """The config the screen shows, as far as it is valid (for the help)."""
        try:
            return self.build()
        except EuchreError:
            rules = self._base_rules(self._preset())
            practice = self.query_one("#practice", Checkbox).value
            return dataclasses.replace(self.config, rules=rules, practice=practice)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "resume":
            app = self.app
            if isinstance(app, EuchreApp) and self.unfinished is not None:
                try:
                    app.open_session(GameSession.resume(self.unfinished, factory=app.factory),
                                     replace=True)
                except EuchreError as error:
                    self._error(str(error))
        elif event.button.id == "help":
            app = self.app
            if isinstance(app, EuchreApp):
                app.action_help()
        elif event.button.id == "quit":
            self.app.exit()

    def action_start(self) -> None:
        app = self.app
        try:
            config = self.build()
            if isinstance(app, EuchreApp):
                app.new_game(config, replace=True)
        except EuchreError as error:
            self._error(str(error))

    def _error(self, message: str) -> None:
        self.query_one("#setup-note", Static).update(Text(message, style="bold red"))


_RED: Final = "#e0203a"

_CSS: Final = """
Screen { background: #101418; }
TableScreen { layout: vertical; }
#body { height: 1fr; }
#main { width: 1fr; }
#side { width: 32; border-left: solid #30363d; padding: 0 1; }
TableScreen.-narrow #side { display: none; }
#side-title { height: 1; }
#log { height: 1fr; background: #101418; scrollbar-size-vertical: 1; }
#status { height: 2; background: #1c2430; padding: 0 1; }
#top-row { height: 5; }
#seat-top { width: 40; }
#middle-row { height: 1fr; min-height: 7; }
.seat { height: 100%; border: round #3c4654; padding: 0 1; border-title-color: #c9d1d9;
        border-subtitle-color: #6e7681; }
#seat-left, #seat-right { width: 22; }
.seat.-to-act { border: heavy #ffd75f; border-title-color: #ffd75f; }
.seat.-out { color: #6e7681; }
#center { width: 1fr; height: 100%; background: #0d4a2f; border: round #2f7a55;
          content-align: center middle; text-align: center; }
#you { height: 1; padding: 0 1; background: #161b22; }
#hand { height: 4; padding: 0 1; }
CardButton { width: 7; height: 4; margin-right: 1; background: #f4f1e8; color: #101010;
             border: round #9a9a9a; content-align: center middle; text-align: center; }
CardButton.-legal { border: round #2e8b57; }
CardButton.-illegal { background: #4a4a4a; border: round #5a5a5a; }
CardButton.-cursor { border: heavy #ffaf00; background: #fff4c2; }
CardButton:hover { border: heavy #5fafff; }
#choices { height: 1; padding: 0 1; }
ChoiceButton { width: auto; height: 1; padding: 0 1; margin-right: 1; background: #2d333b; }
ChoiceButton.-illegal { color: #6e7681; background: #1c2128; }
ChoiceButton.-cursor { background: #ffaf00; color: #101010; }
ChoiceButton:hover { background: #5fafff; color: #101010; }
#message { height: 3; padding: 0 1; }
#too-small { display: none; }
TableScreen.-too-small #body { display: none; }
TableScreen.-too-small Footer { display: none; }
TableScreen.-too-small #too-small { display: block; height: 1fr; content-align: center middle;
                                    text-align: center; }
ModalScreen { align: center middle; background: #000000 40%; }
#dialog { width: 70; height: auto; max-width: 100%; border: thick #ffd75f;
          background: #1c2430; padding: 1 2; margin: 2 0 1 0; }
DealSummaryScreen.-wide #dialog, GameOverScreen.-wide #dialog { margin-right: 32; }
#summary-keys, #game-over-keys { margin-top: 1; }
#setup { padding: 0 2; }
#setup-title { margin: 1 0; }
#setup-grid { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1; grid-gutter: 1 2;
              height: auto; }
#setup-grid Checkbox { column-span: 2; }
#setup-grid #practice { column-span: 4; }
#setup-note { margin: 1 0; height: auto; }
#setup-buttons { height: 1; }
#setup-buttons Button { margin-right: 2; }
"""


# -- the app -----------------------------------------------------------------------------------


class EuchreApp(App[None]):
    """``euchre play``: a game of Euchre against bots in the terminal."""

    TITLE = "Euchre"
    CSS = _CSS + NO_COLOR_CSS
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
        factory: PlayerFactory = make_player,
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



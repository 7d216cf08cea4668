"""The game table: the seats, the trick or the bidding, the person's hand and choices,
the status lines and the history, with the keys and the pacing of the bots' moves.

:class:`TableScreen` draws only from the session's table
(:meth:`~euchre.tui.session.GameSession.table`, a
:class:`~euchre.tui.session.TableState`) and the session's words for it; it hands the
person's choices to the session, asks the bots through it, and opens
:class:`~euchre.tui.deal_summary.DealSummaryScreen` after each deal and
:class:`~euchre.tui.game_over.GameOverScreen` at the end. After each deal it has the
person's decisions reviewed on a worker thread, one deal at a time
(:mod:`euchre.tui.decisions`), and hands each review to the dialogs as it comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Sequence
from typing import ClassVar, Final

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static
from textual.worker import get_current_worker

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BLUCHER,
    CALL,
    DECLINE,
    DISCARD,
    FARMER,
    GIVE,
    GO_UNDER,
    MISERE,
    NAP,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN_HAND,
    WELLINGTON,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    Discard,
    Give,
    GoAlone,
    Order,
    Pass,
)
from euchre.engine.cards import SUIT_CHARS, SUITS, Card, card_suit, suit_char, trump_mask
from euchre.engine.game import Phase
from euchre.engine.view import PlayerView
from euchre.records.record import Record
from euchre.table.narrate import agree, conjugate
from euchre.text import plural
from euchre.tui.deal_summary import DealSummaryScreen
from euchre.tui.decisions import DealReview, ReviewStopped, record_of, review_deal
from euchre.tui.game_over import GameOverScreen
from euchre.tui.help import HelpScreen
from euchre.tui.session import (
    HUMAN,
    GameSession,
    Hint,
    SeatState,
    TableState,
    action_text,
)
from euchre.tui.style import (
    SYMBOLS,
    TRUMP_MARK,
    card_back,
    card_face,
    card_ink,
    card_text,
    suit_style,
    suit_text,
)
from euchre.tui.widgets import (
    MIN_HEIGHT,
    MIN_WIDTH,
    PACES,
    SIDE_WIDTH,
    WIDE,
    CardButton,
    ChoiceButton,
    SeatBox,
    TableApp,
    pace_text,
)

__all__ = ["TableScreen"]

_SUIT_KEYS: Final = {key: suit for suit, key in zip(SUITS, SUIT_CHARS, strict=True)}
_HAND_SLOTS: Final = 7
"""The most cards a hand holds: six in Hasenpfeffer, and the widow while laying away."""
_MESSAGE_LINES: Final = 3
"""The lines under the hand (``#message`` in the CSS): prompt, notice, hint."""
_CHOICE_SLOTS: Final = 9
"""The most choices at once: Napoleon's pass and its seven bids."""
_TOP_SLOTS: Final = 4
"""The seat boxes along the top of a table of five to seven (``#seat-top-1`` on)."""
_BID_KEYS: Final = {"m": MISERE, "n": NAP, "w": WELLINGTON, "b": BLUCHER}
"""Napoleon's named bids by key (the numbers bid tricks)."""
_CALL_PHASES: Final = (Phase.BID2, Phase.BENNY, Phase.TRUMP)
"""The phases where a suit key names trump."""
_TABLE_PHASES: Final = frozenset({"bid1", "bid2", "exchange", "benny", "declare", "bid", "trump",
                                  "best", "give", "discard"})
"""The phases drawn as the bidding (no trick on the table yet)."""


_PHASE_WORDS: Final = {
    "bid1": "Bidding, round one",
    "bid2": "Bidding, round two",
    "benny": "The Benny is up: the dealer names trump",
    "declare": "Declarations",
    "bid": "Bidding",
    "trump": "The maker names trump",
}
"""The status line's words for a phase before trump is known."""


def _fit(variants: Sequence[Text], width: int) -> Text:
    """The first of ``variants`` (longest first) that fits in ``width`` columns; when none
    does, the last one cut short with an ellipsis. Never wraps."""
    text = next((t for t in variants if t.cell_len <= width), variants[-1]).copy()
    text.truncate(width, overflow="ellipsis")
    text.no_wrap = True
    return text



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
        Binding("escape", "cancel_pick", "Back", show=False),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
        *[Binding(k, f"letter('{k}')", show=False) for k in "pocdhsanubfgtmw"],
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
        self.picking = ""
        """A declaration whose three cards the person is picking (``farmer`` or
        ``under``), or empty."""
        self.picked: list[Card] = []
        """The cards picked so far for :attr:`picking`."""
        self._review_queue: list[tuple[int, Record]] = []
        """Deals waiting for the review of the person's decisions, and their records."""
        self._reviewing = False
        """A review is running on its worker thread."""

    # -- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="status")
                with Horizontal(id="top-row"):
                    yield SeatBox(id="seat-top", classes="seat")
                    for i in range(1, _TOP_SLOTS + 1):
                        yield SeatBox(id=f"seat-top-{i}", classes="seat top-many")
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
        state = self.session.table()
        used = {f"seat-{seat.position}" for seat in state.seats if seat.position != "bottom"}
        for box in self.query(SeatBox):
            box.display = box.id in used
        top = self.query_one("#top-row")
        top.display = any(box.id in used for box in top.query(SeatBox))  # not three-handed
        log = self.query_one("#log", RichLog)
        log.write(Text(f"Seed {self.session.config.seed} · {self._rules_text()}", style="dim"))
        for line in self.session.seats_lines():
            log.write(Text(line, style="dim"))
        if self.session.practice:
            log.write(Text("Practice game: z takes back your last card or bid; not counted "
                           "in your statistics.", style="dim"))
        if state.results:
            log.write(Text(f"Resumed at {self._score_text(state)}", style="dim"))
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

    def _score_text(self, state: TableState) -> str:
        s = self.session
        return " · ".join(f"{s.team_name(t)} {p}" for t, p in enumerate(state.score))

    def _trump_words(self, state: TableState, *, long: bool) -> Text:
        """Trump in words: a suit, no trump, or (Napoleon before the first card) the
        first lead to come."""
        if state.trump is None:
            return Text("the first lead's suit" if long else "first lead")
        if state.trump == NO_TRUMP:
            return Text("no trump" if long else "NT", style="bold")
        return suit_text(state.trump, long=long)

    # -- drawing -----------------------------------------------------------------------

    def draw(self) -> TableState:
        """Redraw everything from the session's table; return the table drawn."""
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
        return state

    def _set_options(self, state: TableState) -> None:
        phase = state.phase
        decision = self.session.version if state.legal else -1
        legal = state.legal
        if self.picking and (phase != "declare" or not legal):
            self.picking, self.picked = "", []
        if phase == "play":
            options: list[Action] = [PLAY[c] for c in state.hand]
        elif phase in ("exchange", "discard") and legal:
            options = [DISCARD[c] for c in state.hand]
        elif phase == "give" and legal:
            options = [GIVE[c] for c in state.hand]
        elif phase == "declare" and self.picking:
            options = [PLAY[c] for c in state.hand]  # cards to pick, not to play
        elif phase == "bid1":
            options = [PASS, ORDER]
        elif phase in ("bid2", "benny", "trump"):
            calls: list[Action] = [CALL[s] for s in SUITS]
            if CALL[NO_TRUMP] in legal:
                calls.append(CALL[NO_TRUMP])
            options = [PASS, *calls] if phase == "bid2" else calls
        elif phase == "alone":
            options = [STAY, ALONE]
        elif phase == "best":
            options = [DECLINE, BEST]
        elif phase in ("declare", "bid"):
            options = []
            for action in legal:  # one choice for each kind of declaration
                kind = action.what if isinstance(action, Declare) else None
                if kind is None or all(getattr(o, "what", None) != kind for o in options):
                    options.append(action)
        else:
            options = []
        self.options_are_cards = phase in ("play", "exchange", "discard", "give") or bool(
            self.picking)
        if not legal:
            options = [] if not self.options_are_cards else options
        self.options = options
        if decision != self._decision:
            self._decision = decision
            chosen = [i for i, a in enumerate(options) if a in legal]
            self.cursor = chosen[0] if chosen else 0
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
        view = s.view()
        if view.bid is not None and state.maker is not None and state.phase != "bid":
            bid = s.bid_words(view.bid)
            for i, line in enumerate(line1):
                line.append(f" · {s.seat_label(state.maker)} bid " if i < 2 else " · Bid ")
                line.append(bid, style="bold")
                if state.trump is not None or state.phase in ("play", "done"):
                    line.append(" · Trump ")
                    line.append_text(self._trump_words(state, long=i < 2))
        elif state.trump is not None and state.maker is not None:
            maker = s.seat_label(state.maker)
            for i, line in enumerate(line1):
                line.append(" · Trump ")
                line.append_text(self._trump_words(state, long=i < 2))
                line.append(f" called by {maker}" if i < 2 else f" by {maker}")
            lone = [seat.name for seat in state.seats if seat.alone]
            if lone:
                for line in line1[:3]:
                    line.append(f" · {', '.join(lone)} alone", style="bold #ffaf00")
                out = [seat.name for seat in state.seats if seat.sitting_out]
                if out:
                    verb = "sit out" if len(out) > 1 else conjugate(out[0], "sits out")
                    line1[0].append(f" ({', '.join(out)} {verb})")
        elif state.phase in _PHASE_WORDS:
            for line in line1:
                line.append(f" · {_PHASE_WORDS[state.phase]}")
                if state.phase == "bid" and view.bid is not None and view.maker is not None:
                    line.append(f" (high: {s.seat_label(view.maker)}, "
                                f"{s.bid_words(view.bid)})")
        goal = plural(state.deals_limit, "deal") if state.deals_limit else f"to {state.target}"
        sides = range(len(state.score))
        mine = state.team
        score = Text("Score ", style="dim")
        for t in sides:
            if t:
                score.append(" · ")
            score.append(f"{s.team_name(t)} {state.score[t]}",
                         "bold #5fd75f" if t == mine else "bold #ff875f")
            if view.rules.four_trick_tokens:
                held = view.tokens[t] if view.tokens else 0
                score.append(f" ({plural(held, 'token')})", "dim")
        tricks = Text.assemble(("   Tricks ", "dim"), " · ".join(
            f"{s.team_name(t)} {state.tricks_won[t]}" for t in sides))
        short_tricks = Text.assemble(("   Tricks ", "dim"), "-".join(
            str(state.tricks_won[t]) for t in sides))
        pace = Text.assemble(("   Pace ", "dim"), pace_text(self.pace))
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
        bid = self.session.view().bid
        if seat.maker and bid is not None:  # the status line says the bid
            parts.append(Text("bidder" if state.phase == "bid" else "maker", style="bold"))
        elif seat.maker and state.trump is not None:
            parts.append(Text.assemble(("maker ", "bold"), suit_text(state.trump)))
        if seat.alone:
            parts.append(Text("ALONE", style="bold #ffaf00"))
        if seat.sitting_out:
            parts.append(Text("sits out", style="dim"))
        if seat.to_act:
            if seat.role == "you":
                parts.append(Text("your turn", style="bold #ffd75f"))
            else:
                parts.append(Text("to play" if state.phase == "play" else "thinking…",
                                  style="italic #ffd75f"))
        return Text(" · ").join(parts)

    def _calls_text(self, seat: SeatState) -> Text:
        out = Text()
        calls = list(seat.calls)
        if len(calls) > 3:  # a long auction: the passes before the last call go unsaid
            calls = [a for a in calls[:-1] if not isinstance(a, Pass)] + calls[-1:]
        for i, action in enumerate(calls):
            if i:
                out.append(" · ", style="dim")
            call = self.session.call_words(seat.seat, action)
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
        # where each plays for themselves, everyone is an opponent: the place says enough
        alone = self.session.rules.seating.partner_of[seat.seat] is None
        solo = alone and state.players > 2
        box.border_subtitle = seat.place if solo else f"{seat.place} · {role}"
        if seat.sitting_out:
            cards = Text("(hand face down)", style="dim")
        elif seat.cards:
            cards = Text.assemble(card_back(seat.cards), (f" {seat.cards}", "dim"))
        else:
            cards = Text("no cards left", style="dim")
        shown = [c for s, c in self.session.view().shown if s == seat.seat]
        if shown:  # a rule made the seat show these: everyone saw them
            cards = Text.assemble(("showed ", "dim"), *[
                Text.assemble(card_text(c), " ") for c in shown])
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
        if state.phase in _TABLE_PHASES or (
            state.phase == "alone" and not state.trick
        ) or (state.phase == "done" and state.trump is None and not state.trick):
            center.update(self._bidding_picture(state))
            return
        winner = state.trick_winner
        if state.trick:
            title = f"Trick {state.trick_number}"
        else:
            last = self.session.rules.hand_size
            title = f"Trick {state.trick_number + 1}" if state.trick_number < last else "Trick"
        picture = self._trick_picture(state, state.trick, winner, title=title)
        if not state.trick and state.last_trick and state.phase == "play":
            # the trick just taken stays in sight until the next lead
            picture = self._trick_picture(state, state.last_trick, state.last_winner,
                                          title=f"Trick {state.trick_number}")
        center.update(picture)

    def _bidding_picture(self, state: TableState) -> Text:
        s = self.session
        rules = s.rules
        up = state.upcard
        lines: list[Text] = []
        if not rules.has_upcard:
            kitty = rules.kitty_size
            if rules.form == "hasenpfeffer":
                lines.append(Text.assemble(("widow ", "dim"), card_back(kitty)))
            else:
                lines.append(Text(f"{plural(kitty, 'card')} set aside unseen", style="dim"))
        elif state.upcard_state == "up" or state.phase in ("benny", "declare"):
            lines.append(Text("Turned up", style="dim"))
            lines.append(card_text(up, width=5))
        elif state.upcard_state == "down":
            lines.append(Text("Turned down", style="dim"))
            lines.append(card_text(up, dim=True, width=5))
        else:
            dealer = s.seat_label(state.dealer)
            lines.append(Text(f"Picked up by {dealer}", style="dim"))
            lines.append(card_text(up, width=5))
        if rules.has_upcard:
            lines.append(Text.assemble(("kitty ", "dim"), card_back(state.kitty)))
        lines.append(Text(""))
        you = _you(state).seat
        phase = state.phase
        view = s.view()
        if phase == "bid1":
            suit = card_suit(up)
            lines.append(Text.assemble("Round one: order up ", suit_text(suit, long=True),
                                       "?") if suit >= 0 else Text("Round one"))
        elif phase == "bid2":
            lines.append(Text("Round two: name a trump suit"))
        elif phase == "exchange":
            if state.dealer == you:
                lines.append(Text("Your exchange: lay a card away"))
            else:
                lines.append(Text(f"{s.seat_label(state.dealer)} lays a card away"))
        elif phase == "alone":
            lines.append(Text("Going alone?"))
        elif phase == "benny":
            lines.append(Text(f"{s.seat_label(state.dealer)} names trump, unseen hand"))
        elif phase == "declare":
            lines.append(Text("Declarations before the bidding"))
        elif phase == "bid":
            if view.bid is None or view.maker is None:
                lines.append(Text("Bidding: no bid yet"))
            else:
                lines.append(Text(f"High bid: {s.seat_label(view.maker)}, "
                                  f"{s.bid_words(view.bid)}"))
        elif phase == "trump" and view.maker is not None:
            lines.append(Text(f"{s.seat_label(view.maker)} bid {s.bid_words(view.bid or 0)} "
                              "and names trump" if view.bid else
                              f"{s.seat_label(view.maker)} names trump"))
        elif phase == "best":
            lines.append(Text(f"{s.seat_label(state.to_act)}: call for the partner's best?"))
        elif phase == "give":
            lines.append(Text(f"{s.seat_label(state.to_act)} passes a card face down"))
        elif phase == "discard":
            lines.append(Text(f"{s.seat_label(state.to_act)} lays a card away"))
        elif phase == "done":
            held = s.frozen
            thrown = held is not None and held.action == THROW_IN_HAND
            lines.append(Text(f"{s.seat_label(held.seat)} threw the hand in" if thrown and held
                              else "Everybody passed: thrown in", style="bold"))
        private = self.private_line()
        if private.plain:
            lines.append(private)
        return Text("\n", justify="center").join(lines)

    def private_line(self) -> Text:
        """What only the person knows of this deal, from their own view: the card they
        laid away, the card passed face down to or by them."""
        s = self.session
        view = s.view()
        parts: list[Text] = []
        for c in view.laid_away:
            parts.append(Text.assemble(("you laid away ", "dim"), card_text(c)))
        for giver, receiver, c in view.given:
            if giver == HUMAN:
                parts.append(Text.assemble(("you passed ", "dim"), card_text(c),
                                           (f" to {s.seat_label(receiver)}", "dim")))
            else:
                parts.append(Text.assemble((f"{s.seat_label(giver)} passed you ", "dim"),
                                           card_text(c)))
        return Text(" · ").join(parts)

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
            head = Text.assemble((f"{title} · trump ", "dim"),
                                 self._trump_words(state, long=False))
        lines.append(head)
        tops = [p for p in ("top", *(f"top-{i}" for i in range(1, _TOP_SLOTS + 1)))
                if p in positions]
        # the top row as wide as the row of the left and right seats below it
        spacing = Text(" " * {2: 9, 3: 2}.get(len(tops), 1))
        lines.append(spacing.join([slot(p) for p in tops]) if tops else Text(""))
        if "left" in positions:
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
        private = self.private_line()
        if private.plain:
            lines.append(private)
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
        seat = _you(state)
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
        legal_cards = set(state.legal_cards) | {
            a.card for a in state.legal if isinstance(a, (Discard, Give))}
        if self.picking:
            legal_cards = {c for a in state.legal if isinstance(a, Declare)
                           and a.what == self.picking for c in a.cards}
        # the trumps in the form's own order (Napoleon's has no left bower)
        trumps: frozenset[Card] = frozenset()
        if state.trump is not None:
            mask = trump_mask(state.trump, order=self.session.rules.trump_order)
            trumps = frozenset(c for c in cards if c >= 0 and mask >> c & 1)
        for i in range(_HAND_SLOTS):
            widget = self.query_one(f"#card-{i}", CardButton)
            if i >= len(cards):
                widget.display = False
                continue
            c = cards[i]
            widget.display = True
            legal = c in legal_cards
            label = Text(card_face(c), style=f"bold {card_ink(c)}")
            below = Text(str(i + 1), style="#707070")
            if c == state.new_card:
                below = Text(f"{i + 1} up", style="#707070")
            elif c in trumps:  # a trump shows by more than its colour
                label.stylize("underline")
                below = Text(f"{i + 1} {TRUMP_MARK}", style="#707070")
            widget.update(Text("\n").join([label, below]))
            widget.set_class(choosing and legal, "-legal")
            widget.set_class(choosing and not legal, "-illegal")
            cursor = c in self.picked if self.picking else i == self.cursor
            widget.set_class(choosing and cursor, "-cursor")

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
                                 suit_text(card_suit(state.upcard)))
        if isinstance(action, Call):
            if action.suit == NO_TRUMP:
                return Text.assemble(("n", "bold underline"), " No trump")
            return Text.assemble((suit_char(action.suit), "bold underline"), " ",
                                 suit_text(action.suit, long=True))
        if isinstance(action, GoAlone):
            if action.alone:
                return Text.assemble(("a", "bold underline"),
                                     f" {self.session.alone_word().capitalize()}")
            return Text.assemble(("n", "bold underline"), " Play with partner")
        if isinstance(action, Bid):
            key = self._bid_key(action.value)
            if not self.session.napoleon:  # Hasenpfeffer: the key is the number of tricks
                return Text.assemble((key, "bold underline"),
                                     " trick" if action.value == 1 else " tricks")
            words = self.session.bid_words(action.value)
            return Text.assemble((key, "bold underline"), f" {words[:1].upper()}{words[1:]}")
        if isinstance(action, Best):
            return (Text.assemble(("b", "bold underline"), " Call for best") if action.call
                    else Text.assemble(("d", "bold underline"), " Decline"))
        if isinstance(action, Declare):
            key, words = {FARMER: ("f", " Farmer's hand"), GO_UNDER: ("g", " Go under"),
                          "throw in": ("t", " Throw in")}[action.what]
            return Text.assemble((key, "bold underline"), words)
        return Text(self.session.action_words(action))

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
        state = self.draw()
        if self._busy:
            return
        if s.save_error:
            self.say(f"Could not save the game: {s.save_error}", "bold red")
        if s.frozen is not None:
            self._busy = True
            self.prompt = Text("The deal is over.", style="bold")
            self._draw_message()
            result = s.frozen.result
            trick = (self._trick_line(state.last_trick, state.last_winner)
                     if state.last_trick else None)
            self._ask_review()

            def summary() -> None:
                self.app.push_screen(DealSummaryScreen(s, result, trick), self._summary_closed)

            # the last trick stays in sight a moment before the summary covers it
            if self.pace > 0:
                self.set_timer(min(self.pace * 2, 3.0), summary)
            else:
                summary()
            return
        if state.game_over:
            self._busy = True
            self.prompt = Text("Game over.", style="bold")
            self._draw_message()
            self.app.push_screen(GameOverScreen(s, reviewing=self.reviewing),
                                 self._game_over_closed)
            return
        self.waiting = self._trick_to_see(state)
        if self.waiting:
            winner = state.last_winner
            taken = agree(s.seat_label(winner if winner is not None else state.to_act), "takes")
            # no trick is on the table while one waits to be seen: trick_number counts the
            # tricks taken
            self.prompt = Text.assemble((f"{taken} trick {state.trick_number}. ", "bold"),
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
            self.prompt = self._your_prompt(state)
            self._draw_message()
        else:
            name = s.seat_label(state.to_act)
            self.prompt = Text(f"{name} is thinking…", style="dim")
            self._draw_message()
            self.run_turn(s.version, None)

    def _trick_to_see(self, state: TableState) -> bool:
        """Whether a trick just taken must wait for a key: at pace 0 nothing else keeps
        it in sight, unless the person is to lead (it stays until they do)."""
        s = self.session
        if self.pace > 0 or state.phase != Phase.PLAY or state.trick:
            return False
        # no trick on the table: trick_number counts the tricks taken
        if not state.last_trick or (state.deal_number, state.trick_number) == self._seen_trick:
            return False
        return not (s.human_to_act() and s.forced() is None)

    def _say_go_on(self) -> None:
        self.say("Enter or space goes on to the next trick.", "dim")

    def go_on(self) -> None:
        """Go on from a trick waiting to be seen (Enter or space)."""
        if self.waiting:
            self.waiting = False
            state = self.session.table()  # as it was when the trick began to wait
            self._seen_trick = (state.deal_number, state.trick_number)
            self.advance()

    def _your_prompt(self, state: TableState) -> Text:
        s = self.session
        phase = state.phase
        upcard = state.upcard
        cards = len(self.options) if self.options_are_cards else 0
        keys = "1" if cards == 1 else f"1-{cards}"
        if phase == Phase.PLAY:
            text = Text.assemble(("Your turn: ", "bold #ffd75f"),
                                 f"play a card: {keys}, ←/→ and Enter, or click it.")
        elif phase == Phase.EXCHANGE:
            text = Text.assemble(("You pick up ", "bold #ffd75f"), card_text(upcard),
                                 f": choose a card to discard ({keys}, or click).")
        elif phase == Phase.BID1:
            text = Text.assemble(("Your bid: ", "bold #ffd75f"),
                                 f"p pass or o {s.order_word()} ",
                                 suit_text(card_suit(upcard)), " (or ←/→ Enter, click).")
        elif phase in _CALL_PHASES:
            head = {Phase.BID2: "Your bid: ", Phase.BENNY: "The Benny is up, name trump "
                    "before you look: ", Phase.TRUMP: "You won the bid, name trump: "}[
                        Phase(phase)]
            suits = "c ♣  d ♦  h ♥  s ♠" + ("  n no-trump" if CALL[NO_TRUMP] in state.legal
                                            else "")
            text = Text.assemble((head, "bold #ffd75f"),
                                 "p pass, or name trump: " if phase == Phase.BID2 else "",
                                 f"{suits}.")
        elif phase == Phase.ALONE:
            alone = s.alone_word()
            text = Text.assemble((f"{alone.capitalize()}? ", "bold #ffd75f"),
                                 f"n play with your partner, a {alone} (partner sits out).")
        elif phase == Phase.BEST:
            text = Text.assemble(("Call for your partner's best card? ", "bold #ffd75f"),
                                 "b call for best, d decline.")
        elif phase == Phase.GIVE:
            text = Text.assemble(("Your partner is alone: ", "bold #ffd75f"),
                                 f"pass a card face down ({keys}, or click).")
        elif phase == Phase.DISCARD:
            text = Text.assemble(("Lay a card away face down: ", "bold #ffd75f"),
                                 f"{keys}, ←/→ and Enter, or click.")
        elif phase == Phase.DECLARE and self.picking:
            what = "farmer's hand" if self.picking == FARMER else "cards to go under with"
            picked = " ".join(card_face(c) for c in self.picked) or "none yet"
            text = Text.assemble((f"Pick the three {what}: ", "bold #ffd75f"),
                                 f"1-{len(state.hand)} (picked: {picked}); Esc: back.")
        elif phase == Phase.DECLARE:
            keys_of = {FARMER: "f farmer's hand", GO_UNDER: "g go under", "throw in": "t throw in"}
            said = [keys_of[a.what] for a in self.options if isinstance(a, Declare)]
            text = Text.assemble(("Declare? ", "bold #ffd75f"), ", ".join(["p pass", *said]),
                                 " (or ←/→ Enter, click).")
        elif phase == Phase.BID:
            values = [a.value for a in self.options if isinstance(a, Bid)]
            if s.napoleon:
                bids = [f"{self._bid_key(v)} {s.bid_words(v)}" for v in values]
            else:  # Hasenpfeffer: the key is the number of tricks
                span = str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}"
                bids = [f"{span} the tricks you bid"] if values else []
            text = Text.assemble(("Your bid: ", "bold #ffd75f"),
                                 ", ".join((["p pass"] if PASS in state.legal else []) + bids),
                                 ".")
        else:
            text = Text("")
        return text

    @staticmethod
    def _bid_key(value: int) -> str:
        """The key of a bid: its number of tricks, or Napoleon's letter (m, n, w, b)."""
        return next((k for k, v in _BID_KEYS.items() if v == value), str(value))

    @work(exclusive=True, group="turn")
    async def run_turn(self, version: int, forced: Action | None) -> None:
        """A bot's move (or the person's forced card), shown after the pace's delay."""
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
        state = self.session.table()
        if not state.game_over:
            dealer = self.session.seat_label(state.dealer)
            self.log_line(Text(f"Deal {state.deal_number + 1}: {agree(dealer, 'deals')}",
                               style="dim"))
        self.advance()

    def _game_over_closed(self, choice: str | None) -> None:
        self._busy = False
        app = self.app
        if choice == "new" and isinstance(app, TableApp):
            app.new_game(dataclasses.replace(self.session.config, seed=None), replace=True)
        else:
            app.exit()

    # -- the person's input ------------------------------------------------------------

    def choose(self, action: Action, *, picked: bool = False) -> None:
        """The person picks ``action``: apply it, or say why it is refused. A farmer's
        hand or going under, unless ``picked`` (its three cards chosen), first asks which
        three cards when there is more than one way."""
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
        if isinstance(action, Declare) and action.cards and not picked:
            combos = [a for a in s.legal() if isinstance(a, Declare) and a.what == action.what]
            if len(combos) > 1:  # which three cards: the person picks them
                self.picking, self.picked = action.what, []
                self.draw()
                self.prompt = self._your_prompt(s.table())
                self._draw_message()
                return
            action = combos[0] if combos else action
        reason = s.refusal(action)
        if reason is not None:
            self.say(Text.assemble(("✗ ", "bold red"), (reason, "bold red")))
            return
        self._apply(action)

    def _not_your_turn(self) -> None:
        s = self.session
        state = s.table()
        if state.game_over:
            return
        seat = state.next_to_act
        name = s.seat_label(seat)
        self.say(f"Wait for {name} (space hurries the bots).", "dim")

    def action_number(self, number: int) -> None:
        index = number - 1
        if self.waiting:
            self._say_go_on()
            return
        if not self.session.human_to_act():
            self._not_your_turn()
            return
        if self.picking:
            self._pick(index)
            return
        if self.session.table().phase == Phase.BID:  # a number bids that many tricks
            bid = BID.get(number)
            if bid is None or bid not in self.options:
                self.say(f"You can not bid {number} now: the line above says what you can.",
                         "dim")
                return
            self.cursor = self.options.index(bid)
            self.choose(bid)
            return
        if 0 <= index < len(self.options):
            self.cursor = index
            self.choose(self.options[index])
        else:
            self.say(f"There is no choice {number}.", "dim")

    def _pick(self, index: int) -> None:
        """Pick (or unpick) the card in slot ``index`` for the declaration being made;
        the third card makes it."""
        hand = self.session.table().hand
        if not 0 <= index < len(hand):
            self.say(f"There is no card {index + 1}.", "dim")
            return
        c = hand[index]
        if c in self.picked:
            self.picked.remove(c)
        else:
            self.picked.append(c)
        if len(self.picked) < 3:
            self.draw()
            self.prompt = self._your_prompt(self.session.table())
            self._draw_message()
            return
        action = Declare(self.picking, tuple(self.picked))
        self.picked = []
        if action not in self.session.legal():
            self.draw()
            self.say(Text("✗ Those three cards can not be declared: pick again.", "bold red"))
            self.prompt = self._your_prompt(self.session.table())
            self._draw_message()
            return
        self.picking = ""
        self.choose(action, picked=True)

    def action_cancel_pick(self) -> None:
        """Leave the picking of a declaration's cards (Esc)."""
        if self.picking:
            self.picking, self.picked = "", []
            self.advance()

    def action_letter(self, key: str) -> None:
        s = self.session
        if self.waiting:
            self._say_go_on()
            return
        if not s.human_to_act():
            self._not_your_turn()
            return
        phase = s.table().phase
        legal = s.legal()
        action: Action | None = None
        if self.picking:
            if key == "p":
                self.action_cancel_pick()
            else:
                self.say("Pick three cards with their numbers, or Esc to go back.", "dim")
            return
        if key == "p" and phase in (Phase.BID1, Phase.BID2, Phase.DECLARE, Phase.BID):
            action = PASS
        elif key in "ou" and phase == Phase.BID1:
            action = ORDER
        elif key in _SUIT_KEYS and phase in _CALL_PHASES:
            action = CALL[_SUIT_KEYS[key]]
        elif key == "n" and phase in _CALL_PHASES:
            action = CALL[NO_TRUMP]
        elif key == "a" and phase == Phase.ALONE:
            action = ALONE
        elif key in "ns" and phase == Phase.ALONE:
            action = STAY
        elif key == "b" and phase == Phase.BEST:
            action = BEST
        elif key == "d" and phase == Phase.BEST:
            action = DECLINE
        elif key in "fg" and phase == Phase.DECLARE:
            what = FARMER if key == "f" else GO_UNDER
            action = next((a for a in self.options
                           if isinstance(a, Declare) and a.what == what), None)
            if action is None:
                self.say("Your hand is not one for that declaration.", "dim")
                return
        elif key == "t" and phase == Phase.DECLARE:
            action = THROW_IN_HAND
        elif key in _BID_KEYS and phase == Phase.BID and s.napoleon:
            action = BID[_BID_KEYS[key]]
            if action not in legal:
                self.say(f"You can not bid {s.bid_words(_BID_KEYS[key])} now.", "dim")
                return
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

    @property
    def pace(self) -> float:
        """Seconds between the bots' moves: the table's pace."""
        return self.session.model.pace

    @pace.setter
    def pace(self, pace: float) -> None:
        self.session.model.pace = pace

    def _set_pace(self, pace: float) -> None:
        self.pace = pace
        app = self.app
        if isinstance(app, TableApp):
            app.config = dataclasses.replace(app.config, speed=pace)
        self.say(f"Pace: {pace_text(pace)} between moves.", "dim")
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

    # -- the review of the person's decisions ------------------------------------------

    class Reviewed(Message):
        """The review of a deal's decisions came back from its worker thread."""

        def __init__(self, review: DealReview, record: Record) -> None:
            super().__init__()
            self.review = review
            self.record = record

    @property
    def reviewing(self) -> bool:
        """Whether a review is running or waiting to run."""
        return self._reviewing or bool(self._review_queue)

    def _ask_review(self) -> None:
        """Have the deal just finished reviewed (when the game's setting says so): on a
        worker thread, after the deals before it; nothing waits for it."""
        s = self.session
        if not s.config.review:
            return
        deal = len(s.game.results) - 1
        if deal < 0:
            return
        for stale in [d for d in s.reviews if d >= deal]:  # a deal taken back, played again
            del s.reviews[stale]
        try:
            record = record_of(s.game)
        except Exception as error:  # the review must never stop the game
            s.reviews[deal] = DealReview(deal, error=str(error) or type(error).__name__)
            return
        self._review_queue.append((deal, record))
        self._next_review()

    def _next_review(self) -> None:
        if self._reviewing or not self._review_queue:
            return
        deal, record = self._review_queue.pop(0)
        self._reviewing = True
        config = self.session.config
        self.review_worker(deal, record, self.session.people, config.review_budget,
                           config.seed or 0)

    @work(thread=True, group="review", exit_on_error=False)
    def review_worker(self, deal: int, record: Record, seats: tuple[int, ...], budget: int,
                      seed: int) -> None:
        """Review deal ``deal`` of ``record`` for ``seats`` in a thread; called off
        between two decisions when the screen goes (the game closes or a new one
        starts)."""
        worker = get_current_worker()
        try:
            review = review_deal(record, deal, seats=seats, budget=budget, seed=seed,
                                 stop=lambda: worker.is_cancelled)
        except ReviewStopped:
            return
        except Exception as error:  # the review must never stop the game
            review = DealReview(deal, error=str(error) or type(error).__name__)
        if not worker.is_cancelled:
            self.post_message(self.Reviewed(review, record))

    def on_table_screen_reviewed(self, message: Reviewed) -> None:
        """Keep a deal's review (unless the deal was taken back and played again since)
        and show it in the dialogs open; then start the next one."""
        self._reviewing = False
        s = self.session
        review = message.review
        game = s.game
        deal = review.deal
        recorded = message.record.deals[deal].actions
        if deal < len(game.history) and tuple(game.history[deal]) == tuple(recorded):
            s.reviews[deal] = review
            for screen in self.app.screen_stack:
                if isinstance(screen, DealSummaryScreen) and screen.deal == deal:
                    screen.show_review(review)
        self._next_review()
        for screen in self.app.screen_stack:
            if isinstance(screen, GameOverScreen):
                screen.show_chart(reviewing=self.reviewing)


def _you(state: TableState) -> SeatState:
    """The person's seat."""
    return next(seat for seat in state.seats if seat.role == "you")

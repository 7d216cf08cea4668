"""The dialog after each deal: who called what, the tricks, the points and the score,
and the person's costly decisions.

:class:`DealSummaryScreen` draws from the session's table
(:meth:`~euchre.tui.session.GameSession.table`) and the deal's
:class:`~euchre.engine.deal.DealResult`; any of Enter, space, Escape or a click goes on. When
the game reviews the person's decisions (:attr:`~euchre.tui.session.PlayConfig.review`),
"Your decisions" says "reviewing…" until the table screen hands it the deal's
:class:`~euchre.tui.decisions.DealReview` (:meth:`DealSummaryScreen.show_review`); the
dialog never waits for it.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from euchre.engine.actions import THROW_IN_HAND
from euchre.engine.deal import DealResult
from euchre.tui.decisions import SHOWN, DealReview
from euchre.tui.session import GameSession
from euchre.tui.style import suit_text
from euchre.tui.widgets import dialog_room

__all__ = ["LABEL_STYLES", "DealSummaryScreen"]

LABEL_STYLES: Final = {"[??]": "bold #ff5f5f", "[?]": "bold #ff875f", "[?!]": "bold #ffd75f"}
"""How the labels of costly decisions stand out (the label's text says it without colour)."""


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
        self.deal = len(session.game.results) - 1
        """The deal's index in the game (0 for the first)."""
        self.review: DealReview | None = session.reviews.get(self.deal)
        """The review of the person's decisions in the deal, once it has come."""

    def compose(self) -> ComposeResult:
        over = self.session.table().game_over
        keys = "Enter: the end of the game" if over else "Enter: next deal"
        with Vertical(id="dialog"):
            yield Static(self._text(), id="summary")
            if self.session.config.review:
                yield Static(self._review_text(), id="review")
            yield Static(Text(keys, style="dim"), id="summary-keys")

    def show_review(self, review: DealReview) -> None:
        """The review of the deal's decisions has come: show it."""
        self.review = review
        self._draw_review()

    def on_resize(self, event: events.Resize) -> None:
        self._draw_review()

    def _draw_review(self) -> None:
        if self.session.config.review and self.is_mounted:
            self.query_one("#review", Static).update(self._review_text())

    def _review_text(self) -> Text:
        """"Your decisions": reviewing, or the costly ones (as many as the screen has
        room for, up to :data:`~euchre.tui.decisions.SHOWN`), or why there is none."""
        head = Text("Your decisions", style="bold")
        review = self.review
        if review is None:
            head.append(": reviewing…", style="dim italic")
            return head
        if review.error is not None:
            return Text("\n").join([head, Text(review.lines()[0], style="dim")])
        width, room = dialog_room(self.app, self._text())
        room -= 1  # the margin over "Your decisions"
        costly = review.costly()
        lines: list[Text] = []
        for shown in range(min(SHOWN, len(costly)) or 1, 0, -1):  # as many as fit
            words = review.lines(shown)
            listed = min(shown, len(costly))  # the decisions; then a dim line or none
            lines = [_labelled(line) for line in words[:listed]]
            lines += [Text(line, style="dim") for line in words[listed:]]
            rows = 1 + sum(len(line.wrap(self.app.console, width)) for line in lines)
            if rows <= room:
                break
        return Text("\n").join([head, *lines])

    def _text(self) -> Text:
        s = self.session
        r = self.result
        state = s.table()
        number = len(state.results)
        sides = range(len(r.score))
        lines = [Text(f"Deal {number} is over", style="bold")]
        if r.thrown_in or r.maker is None:
            held = s.frozen
            if held is not None and held.action == THROW_IN_HAND:
                lines.append(Text(f"{s.seat_label(held.seat)} threw in a hand of no ace and "
                                  "no face card: the deal is void."))
            else:
                twice = " twice" if s.rules.has_upcard else ""  # Euchre bids in two rounds
                lines.append(Text(f"Everybody passed{twice}: the deal is thrown in."))
        else:
            if r.bid is not None:
                call = Text(f"{s.seat_label(r.maker)} bid {s.bid_words(r.bid)}")
                if r.trump is not None:
                    call.append(" · trump ")
                    call.append_text(suit_text(r.trump, True))
            else:
                call = Text.assemble(f"{s.seat_label(r.maker)} called ",
                                     suit_text(r.trump or 0, True))
            if r.alone:
                call.append(" · alone: " + ", ".join(s.seat_label(x) for x in r.alone),
                            style="bold #ffaf00")
            lines.append(call)
            lines.append(Text("Tricks: " + " · ".join(
                f"{s.team_name(t)} {r.tricks[t]}" for t in sides)))
            verdict = Text.assemble((s.verdict_text(r), "bold"))
            for t in sides:  # every side that gained or lost
                if r.gains[t]:
                    good = (r.gains[t] > 0) == (t == state.team)
                    verdict.append(f"  {s.team_name(t)} {r.gains[t]:+d}",
                                   "bold #5fd75f" if good else "bold #ff875f")
            lines.append(verdict)
        lines.append(Text("Score: " + " · ".join(
            f"{s.team_name(t)} {r.score[t]}" for t in sides), style="bold"))
        if self.last_trick is not None:
            lines.append(Text.assemble(("Last trick: ", "dim"), self.last_trick))
        return Text("\n").join(lines)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(None)


def _labelled(line: str) -> Text:
    """A costly decision's line, its label standing out."""
    text = Text(line)
    for label, style in LABEL_STYLES.items():
        text.highlight_words([f" {label} "], style)
    return text

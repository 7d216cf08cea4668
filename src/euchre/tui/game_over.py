"""The dialog at the end of the game: the winner, the final score, where the record is,
and the chance of winning over the game.

:class:`GameOverScreen` draws from the session's table
(:meth:`~euchre.tui.session.GameSession.table`) and its save and statistics errors;
``n`` starts a new game, ``q`` quits. Where the game reviewed the person's decisions
(:attr:`~euchre.tui.session.PlayConfig.review`) and its rules have a target, a chart
(:func:`~euchre.table.winchart.text_chart`) draws their side's chance of winning after each
of their decisions, as the review judged it (:func:`~euchre.tui.decisions.win_series`),
with a tick where each deal starts; it fills in as the last reviews come
(:meth:`GameOverScreen.show_chart`), and is left out where there is nothing to draw or
no room for it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from euchre.engine.scoring import settlement
from euchre.table.winchart import text_chart
from euchre.text import plural
from euchre.tui.decisions import chart_caption, win_series
from euchre.tui.session import GameSession
from euchre.tui.widgets import dialog_room

__all__ = ["GameOverScreen"]


class GameOverScreen(ModalScreen[str]):
    """The end of the game: the winner, the score, where the record is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("q", "quit", "Quit"),
        Binding("escape", "quit", "Quit", show=False),
        Binding("enter", "quit", "Quit", show=False),
    ]

    def __init__(self, session: GameSession, *, reviewing: bool = False) -> None:
        super().__init__()
        self.session = session
        self.reviewing = reviewing
        """Reviews of the game's deals are still to come (the chart fills in)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self._text(), id="game-over")
            chart = self._chart_text()
            if chart is not None:
                yield Static(chart, id="win-chart")
            yield Static(Text("n: new game   q: quit", style="dim"), id="game-over-keys")

    def on_resize(self, event: events.Resize) -> None:
        self._draw_chart()

    def show_chart(self, *, reviewing: bool) -> None:
        """Another review has come (``reviewing``: more are to come): draw the chart
        again."""
        self.reviewing = reviewing
        self._draw_chart()

    def _draw_chart(self) -> None:
        """Draw the chart again (it comes, goes, or changes with the reviews and the
        screen's height)."""
        if not self.is_mounted:
            return
        chart = self._chart_text()
        shown = self.query("#win-chart")
        if chart is None:
            shown.remove()
        elif shown:
            shown.first(Static).update(chart)
        else:
            self.query_one("#dialog").mount(Static(chart, id="win-chart"),
                                            before="#game-over-keys")

    def _chart_text(self) -> Text | None:
        """The chart of the side's chance of winning, as high as the screen has room
        for (at most eight lines of columns, at least three); ``None``: no chart."""
        s = self.session
        if not s.config.review or s.rules.target <= 0:
            return None
        reviews = s.reviews
        if any(d.unit != "win" for review in reviews.values() for d in review.decisions):
            return None  # the review counts points in this form: no chance of winning
        values, marks = win_series(reviews)
        width, room = dialog_room(self.app, self._text())
        room -= 1  # the margin over the chart
        if not values:
            if self.reviewing and room >= 1:
                return Text("Your chance to win over the game: reviewing…", style="dim italic")
            return None
        caption = Text(chart_caption(values), style="bold")
        # the caption, the bottom axis and the line that more are coming
        lines = len(caption.wrap(self.app.console, width)) + 1 + int(self.reviewing)
        height = min(8, room - lines)
        if height < 3:
            return None
        chart = Text("\n").join([caption, *(Text(line, style="#5fafff") for line in
                                            text_chart(values, width=width - 6,
                                                       height=height, marks=marks))])
        if self.reviewing:
            chart.append("\n")
            chart.append("More deals are being reviewed…", style="dim italic")
        return chart

    def _text(self) -> Text:
        s = self.session
        state = s.table()
        winner = state.winner
        score = state.score
        partners = [seat.name for seat in state.seats if seat.role == "partner"]
        opponents = [seat.name for seat in state.seats if seat.role == "opponent"]
        if winner is None:
            head = Text("The game is a tie.", style="bold")
        elif winner == state.team:
            partner = "".join(f" and {name}" for name in partners)
            head = Text(f"You{partner} win!", style="bold #5fd75f")
        elif s.rules.seating.partner_of[0] is None:  # each for themselves: one winner
            head = Text(f"{s.team_name(winner)} wins.", style="bold #ff875f")
        elif len(opponents) == 1:
            head = Text(f"{opponents[0]} wins.", style="bold #ff875f")
        else:
            head = Text(f"{' and '.join(opponents)} win.", style="bold #ff875f")
        lines = [Text("Game over", style="bold"), head]
        if len(score) == 2:
            lines.append(Text(f"Final score: {s.team_name(0)} {score[0]} · "
                              f"{s.team_name(1)} {score[1]}"))
        else:  # a score a player: a table of them, the winner first
            lines.append(Text("Final score:"))
            stakes = settlement(score) if s.napoleon else None
            for t in sorted(range(len(score)), key=lambda t: -score[t]):
                line = Text(f"  {s.team_name(t):<12} {score[t]:>4}",
                            style="bold" if t == winner else "")
                if stakes is not None:
                    line.append(f"   stakes {stakes[t]:+d}",
                                style="#5fd75f" if stakes[t] > 0 else "#ff875f")
                lines.append(line)
            if stakes is not None:
                lines.append(Text("Stakes: each player's points against every other "
                                  "player's, settled one against one.", style="dim"))
        lines.append(Text(f"{plural(len(state.results), 'deal')} played."))
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

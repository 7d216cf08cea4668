"""The dialog after each deal: who called what, the tricks, the points and the score.

:class:`DealSummaryScreen` draws from the session's table
(:meth:`~euchre.tui.session.GameSession.table`) and the deal's
:class:`~euchre.deal.DealResult`; any of Enter, space, Escape or a click goes on.
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

from euchre.deal import DealResult
from euchre.tui.session import GameSession
from euchre.tui.style import suit_text

__all__ = ["DealSummaryScreen"]


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
        over = self.session.table().game_over
        keys = "Enter: the end of the game" if over else "Enter: next deal"
        with Vertical(id="dialog"):
            yield Static(self._text(), id="summary")
            yield Static(Text(keys, style="dim"), id="summary-keys")

    def _text(self) -> Text:
        s = self.session
        r = self.result
        state = s.table()
        number = len(state.results)
        lines = [Text(f"Deal {number} is over", style="bold")]
        if r.thrown_in:
            lines.append(Text("Everybody passed twice: the deal is thrown in."))
        else:
            assert r.maker is not None and r.trump is not None
            call = Text.assemble(f"{s.seat_label(r.maker)} called ", suit_text(r.trump, True))
            if r.alone:
                call.append(" · alone: " + ", ".join(s.seat_label(x) for x in r.alone),
                            style="bold #ffaf00")
            lines.append(call)
            us, them = s.team_name(0), s.team_name(1)
            lines.append(Text(f"Tricks: {us} {r.tricks[0]} · {them} {r.tricks[1]}"))
            if r.team is None:  # a fast break
                lines.append(Text.assemble((s.verdict_text(r), "bold")))
            else:
                good = r.team == state.team
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

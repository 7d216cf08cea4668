"""The dialog at the end of the game: the winner, the final score, where the record is.

:class:`GameOverScreen` draws from the session's table
(:meth:`~euchre.tui.session.GameSession.table`) and its save and statistics errors;
``n`` starts a new game, ``q`` quits.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from euchre.scoring import settlement
from euchre.text import plural
from euchre.tui.session import GameSession

__all__ = ["GameOverScreen"]


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

"""The start screen: rules, bots, name, seed and pace before the first deal.

:class:`SetupScreen` edits a :class:`~euchre.tui.session.PlayConfig` and asks the app
(:class:`~euchre.tui.widgets.TableApp`) to deal, to resume the unfinished game or to
show the help; :class:`OnOff` is its checkbox that says on or off without colour.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from euchre.engine.rules import PRESET_HELP, PRESETS, Rules
from euchre.errors import EuchreError, RulesError
from euchre.players.registry import available_bots
from euchre.tui.session import GameSession, PlayConfig
from euchre.tui.style import RED
from euchre.tui.widgets import PACES, TableApp, pace_text

__all__ = ["OnOff", "SetupScreen"]

_NAPOLEON_PLAYERS = (2, 3, 4, 5, 6, 7)
"""The table sizes Napoleon is played at (the one form where the start screen asks)."""


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
                    ("♠ ", "bold"), ("♥ ", f"bold {RED}"), ("Euchre", "bold"),
                    (" ♣", "bold"), (" ♦", f"bold {RED}"),
                    ("\nYou sit at the bottom; the others round the table, left to right. "
                     "The rules' note below says the form.", "dim"),
                ),
                id="setup-title",
            )
            with Grid(id="setup-grid"):
                yield Label("Rules")
                yield Select([(f"{name}", name) for name in PRESETS],
                             value=self.preset,
                             allow_blank=False, id="preset", compact=True)
                yield Label("Game to")
                yield Input(str(rules.target) if rules.target else "", id="target",
                            type="integer", compact=True, placeholder="points")
                # one cell: the partner's bot, or in Napoleon (no partners) the players
                yield Label("Partner", id="partner-label")
                yield Select(choices, value=c.partner, allow_blank=False, id="partner",
                             compact=True)
                yield Select([(str(n), n) for n in _NAPOLEON_PLAYERS], value=(
                    rules.players if rules.form == "napoleon" else 5), allow_blank=False,
                    id="players", compact=True)
                yield Label("Opponents")
                yield Select(choices, value=c.opponents, allow_blank=False, id="opponents",
                             compact=True)
                yield Label("Your name")
                yield Input(c.name, id="name", compact=True, max_length=20)
                yield Label("Seed")
                yield Input("" if c.seed is None else str(c.seed), id="seed", type="integer",
                            compact=True, placeholder="random")
                yield Label("Pace")
                yield Select([(pace_text(p), p) for p in paces], value=c.speed,
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
        """No partner to pick when the rules on the screen have no partnerships, a number
        of players to pick only in Napoleon, and no upcard options without an upcard."""
        rules = self._base_rules(self._preset())
        napoleon = rules.form == "napoleon"
        partner = self.query_one("#partner", Select)
        partner.disabled = rules.seating.partner_of[0] is None
        partner.display = not napoleon
        self.query_one("#players", Select).display = napoleon
        self.query_one("#partner-label", Label).update("Players" if napoleon else "Partner")
        for box in ("#stick", "#must-take"):
            self.query_one(box, Checkbox).disabled = not rules.has_upcard

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
        changes: dict[str, object] = {}
        if rules.has_upcard:  # the upcard's options: Euchre's forms only
            changes.update(stick_the_dealer=self.query_one("#stick", Checkbox).value,
                           dealer_must_take_upcard=self.query_one("#must-take", Checkbox).value)
        players = self.query_one("#players", Select).value
        if rules.form == "napoleon" and isinstance(players, int):
            changes["players"] = players
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
            if isinstance(app, TableApp) and self.unfinished is not None:
                try:
                    # the review after each deal is the command's setting, not the record's
                    changes = {"review": self.config.review,
                               "review_budget": self.config.review_budget}
                    app.open_session(GameSession.resume(self.unfinished, changes,
                                                        factory=app.factory), replace=True)
                except EuchreError as error:
                    self._error(str(error))
        elif event.button.id == "help":
            app = self.app
            if isinstance(app, TableApp):
                app.action_help()
        elif event.button.id == "quit":
            self.app.exit()

    def action_start(self) -> None:
        app = self.app
        try:
            config = self.build()
            if isinstance(app, TableApp):
                app.new_game(config, replace=True)
        except EuchreError as error:
            self._error(str(error))

    def _error(self, message: str) -> None:
        self.query_one("#setup-note", Static).update(Text(message, style="bold red"))

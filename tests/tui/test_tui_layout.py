"""The table's layout at 80x24, 100x30 and 160x48, in every phase of a game.

At each size one game is played with the keyboard, headless, with scripted bots that
bring every phase about in three deals: round one and the dealer's exchange, both sides
going alone (the longest top line), a trick waiting to be seen, round two, defending
alone, a deal thrown in, every deal's summary and the end of the game. At each of those
moments the rendered screen must show the score, the dealer, trump and every card of the
hand, with every panel inside the screen and none overlapping another. The start screen
is checked at the three sizes too (resizing one app: a resize costs more than a start).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, RichLog, Static

from euchre.engine.actions import ALONE, PASS, STAY, Action, Call, Discard
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, Player
from euchre.players.registry import make_player
from euchre.table.data_folder import ENV_VAR
from euchre.table.narrate import agree
from euchre.tui.app import (
    WIDE,
    DealSummaryScreen,
    EuchreApp,
    GameOverScreen,
    SetupScreen,
    TableScreen,
    screen_text,
)
from euchre.tui.session import GameSession, PlayConfig
from euchre.tui.style import SYMBOLS, card_face

SIZES = ((80, 24), (100, 30), (160, 48))
PANELS = ("#status", "#seat-top", "#seat-left", "#center", "#seat-right", "#you", "#hand",
          "#choices", "#message", "#side", "Footer")
"""The table's panels: each inside the screen, none overlapping another."""
FITTED = ("#seat-top", "#seat-left", "#seat-right", "#center", "#status", "#you",
          "#message")
"""Panels whose whole text must fit inside them (nothing cut off at the bottom)."""


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))


class Scripted(BasePlayer):
    """Passes and stays, except: West defends alone in the first deal; the dealer calls
    the first suit it may in round two of the second deal."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.phase == "bid2" and view.deal_number == 1 and view.seat == view.dealer:
            return next(a for a in legal if isinstance(a, Call))
        if view.phase == "alone" and view.deal_number == 0 and ALONE in legal:
            return ALONE
        for action in legal:
            if action in (PASS, STAY):
                return action
        return legal[0]


class Evaluator(BasePlayer):
    """A hint bot with a number for every option (the hint line's longest form)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        return {action: -i / 3 for i, action in enumerate(legal)}


def factory(name: str, seed: int) -> Player:
    if name == "random":
        return Evaluator()
    if name == "basic":
        return Scripted()
    return make_player(name, seed)


def dealt_by_you(rules: Rules) -> int:
    return next(s for s in range(1000) if Game(rules, seed=s).dealer == 0)


RULES = Rules(target=0, deals=3)
CONFIG = PlayConfig(rules=RULES, seed=dealt_by_you(RULES), partner="basic",
                    opponents="basic", hint_bot="random", speed=0)


def run(app: EuchreApp, script: Callable[[Pilot[None]], Awaitable[None]],
        size: tuple[int, int] = SIZES[0]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


# -- reading the screen ----------------------------------------------------------------------


def region_text(lines: list[str], region: Region) -> str:
    """The text the screen shows inside ``region``, one line per row."""
    rows = lines[region.y: region.bottom]
    return "\n".join(row[region.x: region.right] for row in rows)


def shown(widget: Widget) -> bool:
    return widget.display and all(w.display for w in widget.ancestors if isinstance(w, Widget))


def check_fits(widget: Static, app: EuchreApp, where: str) -> None:
    """The widget's text, wrapped to its width, fits its height."""
    content = widget.content
    assert isinstance(content, Text), where
    box = widget.content_region
    if content.no_wrap:
        rows = content.split("\n")
        assert all(row.cell_len <= box.width for row in rows), where
    else:
        rows = content.wrap(app.console, box.width)
    assert len(rows) <= box.height, f"{where}: {len(rows)} lines in {box.height}: {content.plain}"


def check_inside_and_apart(regions: dict[str, Region], size: tuple[int, int],
                           where: str) -> None:
    screen = Region(0, 0, *size)
    for name, region in regions.items():
        assert region.area > 0, f"{where}: {name} is not shown"
        assert screen.contains_region(region), f"{where}: {name} {region} is off the screen"
    names = sorted(regions)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not regions[a].overlaps(regions[b]), (
                f"{where}: {a} {regions[a]} overlaps {b} {regions[b]}")


def check_table(app: EuchreApp, size: tuple[int, int], where: str) -> None:
    """Everything a player needs is on the screen, in panels that keep apart."""
    screen = app.table
    assert screen is not None
    session = screen.session
    state = session.table()
    lines = screen_text(app).split("\n")
    regions = {}
    for selector in PANELS:
        widget = screen.query_one(selector)
        if shown(widget):
            regions[selector] = widget.region
    assert ("#side" in regions) == (size[0] >= WIDE), where
    check_inside_and_apart(regions, size, where)
    for selector in FITTED:
        widget = screen.query_one(selector, Static)
        if shown(widget):
            check_fits(widget, app, f"{where} {selector}")
    status = region_text(lines, regions["#status"])
    us, them = session.team_name(0), session.team_name(1)
    assert f"Score {us} {state.score[0]} · {them} {state.score[1]}" in status, where
    assert agree(session.seat_label(state.dealer), "deals") in status, where
    if state.trump is not None:
        assert f"Trump {SYMBOLS[state.trump]}" in status, where
    hand = region_text(lines, regions["#hand"])
    for card in state.hand:
        assert card_face(card) in hand, f"{where}: {card_face(card)} is not in sight"
    for seat in state.seats:
        if seat.position != "bottom":
            assert seat.name in region_text(lines, regions[f"#seat-{seat.position}"]), where


def check_dialog(app: EuchreApp, size: tuple[int, int], where: str) -> None:
    """A summary or the end of the game: all of it in sight, clear of the top lines,
    the history and the keys."""
    dialog = app.screen.query_one("#dialog")
    table = app.table
    assert table is not None
    keep_clear = {name: table.query_one(name).region for name in ("#status", "#side", "Footer")
                  if shown(table.query_one(name))}
    check_inside_and_apart({"#dialog": dialog.region, **keep_clear}, size, where)
    for widget in dialog.query(Static):
        check_fits(widget, app, where)
    text = region_text(screen_text(app).split("\n"), dialog.region)
    session = table.session
    score = session.game.results[-1].score
    assert (f"Score: {session.team_name(0)} {score[0]} · {session.team_name(1)} {score[1]}"
            in text or f"Final score: {session.team_name(0)} {score[0]}" in text), where


# -- the game --------------------------------------------------------------------------------


async def settle(pilot: Pilot[None], app: EuchreApp) -> str:
    """Wait for the next moment the person sees, and name it."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        await pilot.pause(0.005)
        screen = app.screen
        if isinstance(screen, DealSummaryScreen):
            return "summary"
        if isinstance(screen, GameOverScreen):
            return "game over"
        if isinstance(screen, TableScreen):
            if screen.waiting:
                return "trick taken"
            session = screen.session
            if session.human_to_act() and session.forced() is None:
                game = session.game
                lone = "alone " if game.alone else ""
                return f"{lone}{game.phase.value}"
    raise AssertionError("the game did not come back to the person")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_phase_fits(size: tuple[int, int]) -> None:
    app = EuchreApp(CONFIG, setup=False, save=True, factory=factory)
    seen: list[str] = []

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(300):
            moment = await settle(pilot, app)
            session = app.session
            assert session is not None
            deal = len(session.game.results) + (0 if moment in ("summary", "game over") else 1)
            where = f"deal {deal}, {moment}"
            if where not in seen:
                seen.append(where)
                await pilot.pause()
                check = check_dialog if moment in ("summary", "game over") else check_table
                check(app, size, f"{where} at {size[0]}x{size[1]}")
                text = screen_text(app)
                for words in WORDS.get(where, ()):
                    assert words in text, (where, words)
                if moment == "summary" and size == SIZES[1]:
                    # the narrowest table with the history panel: the summary keeps off it
                    await pilot.resize_terminal(WIDE, size[1])
                    await pilot.pause()
                    check_dialog(app, (WIDE, size[1]), f"{where} at {WIDE}x{size[1]}")
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
            if moment == "game over":
                assert app.table is not None
                history = "\n".join(line.text for line in app.table.query_one(RichLog).lines)
                assert "You pick up " in history and "You go alone!" in history
                assert not THIRD_PERSON.search(history), THIRD_PERSON.search(history)
                return
            if moment == "exchange":
                await hint_fits(pilot, app, size)
            if moment == "trick taken" or (moment == "play" and deal > 1):
                finish_the_deal(app)  # the rest of the play looks the same: save the time
                continue
            key = {"bid1": "o" if deal == 1 else "p", "bid2": "p",
                   "alone": "a" if deal == 1 else "n"}.get(moment, "enter")
            await pilot.press(key)
        raise AssertionError("the game did not end")

    run(app, script, size)
    assert seen[:4] == ["deal 1, bid1", "deal 1, exchange", "deal 1, alone",
                        "deal 1, alone play"], seen
    for moment in ("deal 1, trick taken", "deal 1, summary", "deal 2, bid2",
                   "deal 2, alone", "deal 2, play", "deal 3, bid2", "deal 3, summary",
                   "deal 3, game over"):
        assert moment in seen, (moment, seen)
    assert app.session is not None
    first = app.session.game.results[0]
    assert sorted(first.alone) == [0, 1]  # both sides alone: the longest top line
    assert app.session.game.results[2].thrown_in


WORDS = {
    "deal 1, bid1": ("o Pick up", "p pass or o pick up"),
    "deal 1, alone": ("a Go alone", "Go alone? n play with your partner, a go alone"),
    "deal 1, summary": ("Enter: next deal",),
    "deal 2, bid1": ("o Order up", "p pass or o order up"),
    "deal 3, bid1": ("o Assist", "p pass or o assist"),
    "deal 2, alone": ("a Defend alone", "Defend alone? n play with your partner"),
    "deal 3, summary": ("Everybody passed twice", "Enter: the end of the game"),
    "deal 3, game over": ("3 deals played.", "Record saved to", "Watch it again:"),
}
"""What the screen says at some of those moments (the words of the person's seat)."""
THIRD_PERSON = re.compile(r"\bYou:? (passes|deals|plays|takes|picks|orders|discards|goes|"
                          r"defends|stays|sits)\b")


def finish_the_deal(app: EuchreApp) -> None:
    """Play the deal out without the screen (nothing is pending: the person has the
    move, or a trick waits), then let the table show what came of it."""
    screen = app.table
    assert screen is not None
    session = screen.session
    while session.frozen is None:
        session.apply(session.legal()[0] if session.human_to_act() else session.bot_choice())
    screen.advance()


async def hint_fits(pilot: Pilot[None], app: EuchreApp, size: tuple[int, int]) -> None:
    """The hint with a number for each of six discards is all in sight."""
    screen = app.table
    assert screen is not None
    await pilot.press("question_mark")
    deadline = time.monotonic() + 10
    while not screen.hint_line.plain.startswith("Hint"):
        assert time.monotonic() < deadline
        await pilot.pause(0.01)
    await pilot.pause()
    check_table(app, size, f"exchange with a hint at {size[0]}x{size[1]}")
    message = region_text(screen_text(app).split("\n"), screen.query_one("#message").region)
    state = screen.session.table()
    assert len(state.hand) == 6
    assert "expected points" in message and "…" not in message
    for card in state.hand:
        assert f"{card_face(card)} " in message.split("expected points")[1]


@pytest.mark.parametrize("preset", ["standard", "two-handed"])
def test_long_names_still_show_score_dealer_and_trump_at_80x24(preset: str) -> None:
    rules = Rules.preset(preset).replace(target=0, deals=3)
    config = PlayConfig(rules=rules, seed=dealt_by_you(rules), partner="basic",
                        opponents="basic", hint_bot="basic", speed=0,
                        name="Alexandra Christophe")
    session = GameSession.start(config, save=False, factory=factory)
    while not session.human_to_act():
        session.apply(session.bot_choice())
    session.apply(session.legal()[-1])  # the dealer picks up
    session.apply(next(a for a in session.legal() if isinstance(a, Discard)))
    if ALONE in session.legal():
        session.apply(ALONE)
    app = EuchreApp(config, session=session, factory=factory)

    async def script(pilot: Pilot[None]) -> None:
        moment = await settle(pilot, app)
        assert moment == ("alone play" if preset == "standard" else "play")
        await pilot.pause()
        check_table(app, SIZES[0], f"a long name at 80x24, {preset}")
        status = region_text(screen_text(app).split("\n"),
                             app.screen.query_one("#status").region)
        assert "Alexandra Christophe deals" in status and "Trump" in status

    run(app, script)


def test_start_screen_fits_and_its_checkboxes_show_on_and_off() -> None:
    app = EuchreApp(CONFIG, setup=True, save=False, factory=factory)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        stick = screen.query_one("#stick", Checkbox)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            where = f"start screen at {size[0]}x{size[1]}"
            widgets = [w for w in screen.query("#setup-grid > *, #setup-buttons Button")
                       if shown(w)]
            check_inside_and_apart({f"{w.id or type(w).__name__} {i}": w.region
                                    for i, w in enumerate(widgets)}, size, where)
            text = screen_text(app)
            for box in screen.query(Checkbox):
                label = str(box.label)
                mark = "▐X▌" if box.value else "▐ ▌"
                assert f"{mark} {label}" in text, (where, label)
        assert not stick.value
        stick.toggle()
        await pilot.pause()
        assert "▐X▌ Stick the dealer" in screen_text(app)
        assert "▐ ▌ Dealer must pick up" in screen_text(app)

    run(app, script)

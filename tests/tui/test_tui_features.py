"""What a Euchre player expects at the terminal table: a help that tells the rules in
force and every key, names for the bots, and a table without colour under NO_COLOR
that still shows the suits and trump.
"""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Select

import helpers.tuihelp as tuihelp
from euchre.engine.cards import cards_of, deck_mask, sort_cards, trump_mask
from euchre.engine.game import Phase, score_deal
from euchre.engine.rules import PRESETS, SEAT_NAMES, Rules
from euchre.table.data_folder import ENV_VAR
from euchre.tui.app import (
    DealSummaryScreen,
    EuchreApp,
    GameOverScreen,
    SetupScreen,
    TableScreen,
    screen_text,
)
from euchre.tui.help import HelpScreen, help_text, key_name, key_rows, key_words
from euchre.tui.session import TABLE_NAMES, GameSession, PlayConfig, table_names
from euchre.tui.style import TRUMP_MARK, card_face, card_text, no_color_wanted
from helpers.tuihelp import run

FAST = PlayConfig(partner="basic", opponents="basic", hint_bot="basic", speed=0)
SCREENS = (TableScreen, SetupScreen, DealSummaryScreen, GameOverScreen, HelpScreen, EuchreApp)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


wait_for = functools.partial(tuihelp.wait_for, see_tricks=True)
"""Wait until ``test()`` holds, going on from each trick that waits to be seen."""


def persons_turn(app: EuchreApp) -> bool:
    screen = app.screen
    if isinstance(screen, DealSummaryScreen):
        return False
    s = app.session
    return s is not None and s.human_to_act() and s.forced() is None


def styled_screen(app: EuchreApp) -> str:
    """The screen as the terminal gets it, with its escape codes."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text(styles=True)


_COLOUR = re.compile(r"^(3[0-79]|4[0-79]|9[0-7]|10[0-7]|[34]8)$")


def colour_codes(ansi: str) -> set[str]:
    """The SGR parameters that set a colour other than the terminal's default."""
    found = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", ansi):
        parts = params.split(";")
        i = 0
        while i < len(parts):
            p = parts[i]
            if p in ("38", "48"):
                found.add(";".join(parts[i:i + (5 if parts[i + 1] == "2" else 3)]))
                i += 5 if parts[i + 1] == "2" else 3
                continue
            if _COLOUR.match(p) and p not in ("39", "49"):
                found.add(p)
            i += 1
    return found


# -- the help ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_help_tells_the_rules_of_every_preset(preset: str) -> None:
    rules = PRESETS[preset]
    text = help_text(rules).plain
    assert f"These are the {preset} rules" in text
    assert ("Stick the dealer" in text) == rules.stick_the_dealer
    assert ("must pick up the upcard" in text) == rules.dealer_must_take_upcard
    assert ("Nobody goes alone" in text) == (not rules.going_alone)
    assert ("a defender may go alone too" in text) == rules.lone_defender
    assert ("Two players" in text) == (rules.players == 2)
    if rules.deals:
        assert f"The game is {rules.deals} deal" in text
    else:
        assert f"to {rules.target} points wins" in text
    if rules.trump_order == "plain":  # Napoleon: no bowers, every suit in one order
        assert "No bowers: every suit, trump too, ranks A K Q J 10 9 8 7 6 5 4 3 2" in text
        assert "right bower" not in text
        return
    for trump in range(4):  # the order of the trumps, for each suit, bowers first
        order = " ".join(card_face(c) for c in
                         sort_cards(cards_of(deck_mask(rules.deck) & trump_mask(trump)), trump))
        assert order in text
    assert "right bower" in text and "left bower" in text


def test_help_names_the_changed_options_and_scores_by_the_engines_table() -> None:
    rules = Rules(deck=32, stick_the_dealer=True, loner_march_points=5, target=7)
    text = help_text(rules, trump=2).plain
    assert "Custom rules: the standard rules, but:" in text
    for words in ("deck: 32", "stick the dealer: yes", "loner march points: 5", "target: 7"):
        assert words in text
    assert "Trump now: ♥ hearts, high to low: J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥" in text
    assert "a lone maker takes all 5: 5 points" in text
    assert score_deal(rules, 5, lone_maker=True, lone_defender=False) == (True, 5)
    assert "the first side to 7 points wins" in text.lower()
    benny = help_text(Rules(deck=25)).plain
    assert "Benny" in benny and "round one is skipped" in benny


def test_every_key_of_every_screen_has_words_and_is_in_the_help() -> None:
    for screen in SCREENS:
        for binding in Binding.make_bindings(screen.BINDINGS):
            assert key_words(binding), f"{screen.__name__}: {binding.key} has no words"
    text = help_text(Rules(), keys=[("Keys at the table", TableScreen.BINDINGS)]).plain
    for keys, words in key_rows(TableScreen.BINDINGS):
        assert re.search(rf"^  {re.escape(keys)} +{re.escape(words)}$", text, re.MULTILINE)
    assert key_name("question_mark") == "?" and key_name("ctrl+q") == "Ctrl+Q"
    rows = dict((w, k) for k, w in key_rows(TableScreen.BINDINGS))
    assert rows[key_words(Binding("1", "number(1)"))] == "1-9"


def test_help_opens_at_the_table_pauses_the_bots_and_any_key_closes_it() -> None:
    app = EuchreApp(FAST, setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: app.table is not None)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        session = app.session
        assert session is not None
        version = session.version
        text = screen_text(app)
        assert "How to play" in text and "The game" in text
        await pilot.pause(0.3)
        assert session.version == version  # nothing moves behind the help
        await pilot.press("down", "pagedown")
        assert isinstance(app.screen, HelpScreen)  # the arrows scroll
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "r Help" in screen_text(app) and "z Undo" in screen_text(app)

    run(app, script, size=(80, 24))


def test_help_from_the_start_screen_follows_its_settings() -> None:
    app = EuchreApp(FAST, setup=True)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert "How to play" in screen_text(app)
        app.screen.query_one("#preset", Select).value = "two-handed"
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.content.rules.players == 2
        assert "Keys on the start screen" in help_text(
            help_screen.content.rules, keys=help_screen.content.keys).plain
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))

    run(app, script)


# -- names ---------------------------------------------------------------------------------------


def test_bots_get_friendly_names_from_the_seed() -> None:
    for seed in range(40):
        names = table_names(seed, 4, person="Ada")
        assert len(set(names)) == 3 and set(names) <= set(TABLE_NAMES) and "Ada" not in names
        assert names == table_names(seed, 4, person="Ada")
        assert not set(names) & set(SEAT_NAMES[4])
    assert len({tuple(table_names(seed, 4)) for seed in range(40)}) > 20
    session = GameSession.start(PlayConfig(seed=3, partner="basic", opponents="random",
                                           hint_bot="basic"), save=False)
    west = session.names[1]
    assert west == table_names(3, 4)[0]
    assert session.display_name(1) == f"{west} (random)" and session.display_name(0) == "You"
    assert session.metadata["players"] == session.names
    assert session.seats_lines()[:2] == ["South: You", f"West: {west} (random)"]
    assert session.seats_lines()[2].endswith("(basic), partner")


def test_the_table_history_and_summary_use_the_names() -> None:
    app = EuchreApp(PlayConfig(seed=4, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0), setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: persons_turn(app))
        session = app.session
        assert session is not None
        text = screen_text(app)
        for seat in range(1, 4):
            assert session.display_name(seat) in text  # on the seat's frame
        assert "West · opponent" in text and "North · partner" in text
        assert f"West: {session.display_name(1)}" in text  # in the history
        while not isinstance(app.screen, DealSummaryScreen):
            await wait_for(pilot, lambda: persons_turn(app) or
                           isinstance(app.screen, DealSummaryScreen))
            if persons_turn(app):
                await pilot.press("enter")
        result = session.game.results[-1]
        if result.maker is not None:
            assert session.seat_label(result.maker) in screen_text(app)

    run(app, script, size=(160, 40))


# -- no colour -------------------------------------------------------------------------------------


def test_no_color_is_set_when_not_empty() -> None:
    assert no_color_wanted({"NO_COLOR": "1"}) and no_color_wanted({"NO_COLOR": "yes"})
    assert not no_color_wanted({"NO_COLOR": ""}) and not no_color_wanted({})


def test_without_colour_suits_and_trump_still_show(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = EuchreApp(PlayConfig(seed=2, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0), setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        assert app.no_color
        session = app.session
        for _ in range(200):  # on to a trick with a trump in the person's hand
            await wait_for(pilot, lambda: persons_turn(app) or
                           isinstance(app.screen, (DealSummaryScreen, GameOverScreen)))
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            session = app.session
            assert session is not None
            if session.game.phase is Phase.PLAY and session.table().hand_trumps:
                break
            await pilot.press("enter")
        assert session is not None
        ansi = styled_screen(app)
        assert not colour_codes(ansi), colour_codes(ansi)
        text = screen_text(app)
        state = session.table()
        assert state.trump is not None
        assert "Trump " + "♣♦♥♠"[state.trump] in text
        for c in state.hand:
            assert card_face(c) in text
        assert re.search(rf"\b\d {TRUMP_MARK}\b", text)  # the mark under a trump
        assert re.search(r"\x1b\[[0-9;]*\b4\b[0-9;]*m", ansi)  # ... and it is underlined
        assert re.search(r"\x1b\[[0-9;]*\b7\b[0-9;]*m", ansi)  # the cursor is reversed

    run(app, script)


def test_with_colour_the_table_has_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if not set (no-color.org)
    app = EuchreApp(FAST, setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: persons_turn(app))
        assert not app.no_color and colour_codes(styled_screen(app))

    run(app, script)


def test_the_winning_card_is_underlined_not_only_gold() -> None:
    marked = card_text(8 * 2 + 4, mark=True)
    assert "underline" in str(marked.style) or any(
        "underline" in str(span.style) for span in marked.spans)

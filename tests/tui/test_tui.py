"""The terminal game: Textual's pilot plays whole games with the keyboard and the mouse.

Every app runs headless with fast bots and pace 0; the data folder is a temporary one.
"""

from __future__ import annotations

import argparse
import functools
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

import helpers.tuihelp as tuihelp
from euchre.cli.play import add_play_commands, cmd_play, cmd_stats
from euchre.engine.actions import ORDER, PASS, STAY, Action, Discard, Play
from euchre.engine.cards import SUIT_CHARS, effective_suit, sort_cards, suit_name
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError, Reason
from euchre.players import BasePlayer, Player
from euchre.players.registry import make_player
from euchre.table.data_folder import ENV_VAR, StatsDB, find_unfinished, games_dir
from euchre.table.model import Refusal
from euchre.table.wording import refusal_text
from euchre.tui.app import (
    DealSummaryScreen,
    EuchreApp,
    GameOverScreen,
    SetupScreen,
    TableScreen,
    screen_text,
)
from euchre.tui.session import GameSession, PlayConfig, Step, table_names
from helpers.tuihelp import SIZE, run

FAST = PlayConfig(partner="basic", opponents="basic", hint_bot="basic", speed=0.0)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def table(app: EuchreApp) -> TableScreen:
    screen = app.table
    assert screen is not None
    return screen


async def settle(pilot: Pilot[None], app: EuchreApp, timeout: float = 20.0) -> None:
    """Wait until the person has a choice to make (or a trick waits for Enter), a dialog
    is open, or the app left; then let the screen catch up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(0.005)
        screen = app.screen
        if isinstance(screen, (DealSummaryScreen, GameOverScreen, SetupScreen)):
            await pilot.pause()
            return
        if isinstance(screen, TableScreen):
            session = screen.session
            if screen.waiting or (session.human_to_act() and session.forced() is None):
                await pilot.pause()
                return
    raise AssertionError("the game did not come back to the person")


wait_for = functools.partial(tuihelp.wait_for, timeout=10.0)
"""Wait until ``test()`` holds."""


async def press_for(pilot: Pilot[None], app: EuchreApp, action: Action) -> None:
    """Choose ``action`` with its number key."""
    screen = table(app)
    await pilot.press(str(screen.options.index(action) + 1))


async def play_out(
    pilot: Pilot[None],
    app: EuchreApp,
    choose: Callable[[Pilot[None], TableScreen], Awaitable[None]] | None = None,
    deals: int = 1000,
) -> None:
    """Play on until the game is over (or ``deals`` deal summaries were closed)."""
    closed = 0
    for _ in range(3000):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return
        if isinstance(screen, DealSummaryScreen):
            await pilot.press("enter")
            closed += 1
            if closed >= deals:
                return
            continue
        if choose is None or table(app).waiting:
            await pilot.press("enter")  # the cursor starts on the first legal choice
        else:
            await choose(pilot, table(app))
    raise AssertionError("the game did not end")


class Passer(BasePlayer):
    """Passes and stays whenever it may; otherwise plays its first legal action."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action in (PASS, STAY):
                return action
        return legal[0]


def passers(name: str, seed: int) -> Player:
    return Passer()


class Evaluator(BasePlayer):
    """A hint bot with numbers: the value of option i is i / 2."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[-1]

    def evaluate(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        return {action: i / 2 for i, action in enumerate(legal)}


def phase(game: Game) -> Phase:
    """The game's phase now (a call, so that type checkers do not keep an old one)."""
    return game.phase


def seed_dealt_by(seat: int, rules: Rules | None = None) -> int:
    return next(s for s in range(1000) if Game(rules, seed=s).dealer == seat)


# -- the session, without a screen -----------------------------------------------------------


def test_a_refusal_is_worded_for_the_person_from_the_engines_code() -> None:
    def words(code: Reason, **about: int) -> str:
        return refusal_text(Refusal(code, "the engine's words", 0, **about), phase="play")

    assert words(Reason.MUST_FOLLOW, suit=2) == "You must follow hearts."
    assert words(Reason.DEALER_STUCK) == "You are stuck and must name a suit."
    assert words(Reason.MUST_TAKE_UPCARD) == "You must take the upcard."
    assert words(Reason.WRONG_DECISION) == "You must play a card."
    assert words(Reason.TURNED_DOWN, suit=0) == "Clubs was turned down and can't be named."


def test_session_sorts_the_hand_trump_first_and_refuses_with_the_engines_reason() -> None:
    session = GameSession.start(FAST, save=False)
    seen_refusal = False
    while not session.game.is_over() and not seen_refusal:
        state = session.table()
        if session.human_to_act() and session.game.phase is Phase.PLAY:
            assert list(state.hand) == sort_cards(state.hand, session.game.trump)
            illegal = [c for c in state.hand if c not in state.legal_cards]
            if illegal:
                led = session.game.current_trick[0][1]
                trump = session.game.trump
                assert trump is not None
                reason = session.refusal(Play(illegal[0]))
                assert reason == f"You must follow {suit_name(effective_suit(led, trump))}."
                with pytest.raises(EuchreError):
                    session.apply(Play(illegal[0]))
                seen_refusal = True
        if session.human_to_act():
            session.apply(session.legal()[0])
        elif session.frozen is not None:
            session.continue_play()
        else:
            session.apply(session.bot_choice())
    assert seen_refusal


def test_a_dealer_who_must_take_the_upcard_is_told_so() -> None:
    rules = Rules.preset("tournament")
    config = PlayConfig(rules=rules, seed=seed_dealt_by(0, rules), partner="basic",
                        opponents="basic", hint_bot="basic", speed=0)
    session = GameSession.start(config, save=False, factory=passers)
    while not session.human_to_act():
        session.apply(session.bot_choice())
    session.apply(ORDER)
    state = session.table()
    upcard = session.game.upcard
    assert state.new_card == upcard and upcard not in state.legal_cards
    assert session.refusal(Discard(upcard)) == "You must take the upcard."


def test_hint_gives_numbers_when_the_bot_has_them() -> None:
    def factory(name: str, seed: int) -> Player:
        return Evaluator() if name == "random" else make_player(name, seed)

    config = PlayConfig(partner="basic", opponents="basic", hint_bot="random", speed=0)
    session = GameSession.start(config, save=False, factory=factory)
    while not session.human_to_act():
        session.apply(session.bot_choice())
    hint = session.hint()
    legal = session.legal()
    assert hint.choice == legal[-1]
    assert hint.values is not None and hint.values[0] == (legal[-1], (len(legal) - 1) / 2)
    plain = GameSession.start(FAST, save=False)
    while not plain.human_to_act():
        plain.apply(plain.bot_choice())
    basic = plain.hint()
    assert basic.values is None and basic.choice in plain.legal()


# -- the app ---------------------------------------------------------------------------------


def test_start_screen_sets_up_a_two_handed_game(_data_folder: Path) -> None:
    app = EuchreApp(FAST, setup=True)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "Deal the cards" in text and "Stick the dealer" in text
        app.screen.query_one("#preset", Select).value = "two-handed"
        await pilot.pause()
        app.screen.query_one("#target", Input).value = "3"
        app.screen.query_one("#seed", Input).value = "12"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.table is not None)
        await settle(pilot, app)
        session = table(app).session
        assert session.rules.players == 2 and session.rules.target == 3
        assert session.game.seed == 12
        text = screen_text(app)
        assert "Deal 1" in text and "North" in text and "West" not in text

    run(app, script)
    assert list(games_dir().glob("*.json"))


def test_start_screen_refuses_bad_settings() -> None:
    app = EuchreApp(FAST, setup=True)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await pilot.pause()
        app.screen.query_one("#seed", Input).value = "x"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "seed: a whole number" in screen_text(app)
        await pilot.press("enter")  # the start button has the focus
        # still refused; then a good seed starts the game
        app.screen.query_one("#seed", Input).value = "4"
        await pilot.pause(0.3)  # a button ignores a click while it shows the last press
        await pilot.click("#start")
        await wait_for(pilot, lambda: app.table is not None)
        assert table(app).session.game.seed == 4

    run(app, script)


def test_bidding_exchange_and_going_alone_with_keys() -> None:
    config = PlayConfig(seed=seed_dealt_by(0), speed=0, partner="basic", opponents="basic",
                        hint_bot="basic")
    app = EuchreApp(config, setup=False, factory=passers)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        screen = table(app)
        game = screen.session.game
        assert phase(game) is Phase.BID1 and game.dealer == 0
        text = screen_text(app)
        assert "Pick up" in text and "Turned up" in text and "pass" in text
        upcard = game.upcard
        await pilot.press("o")
        await settle(pilot, app)
        assert phase(game) is Phase.EXCHANGE
        state = screen.session.table()
        assert len(state.hand) == 6 and state.new_card == upcard
        assert "choose a card to discard" in screen_text(app)
        # the hand is sorted with trump first now
        assert list(state.hand) == sort_cards(state.hand, game.trump)
        discard = next(c for c in reversed(state.hand) if c != upcard)
        await press_for(pilot, app, Discard(discard))
        await settle(pilot, app)
        assert phase(game) is Phase.ALONE and upcard in game.hand(0)
        assert "Go alone" in screen_text(app)
        await pilot.press("a")
        await settle(pilot, app)
        assert game.alone == (0,) and game.sitting_out == (2,)
        text = screen_text(app)
        assert "ALONE" in text and "sits out" in text
        await play_out(pilot, app, deals=1)
        result = game.results[0]
        assert result.alone == (0,) and result.maker == 0

    run(app, script)


def test_round_two_refuses_the_turned_down_suit_and_stuck_dealer_must_call() -> None:
    rules = Rules(stick_the_dealer=True)
    config = PlayConfig(rules=rules, seed=seed_dealt_by(0, rules), speed=0,
                        partner="basic", opponents="basic", hint_bot="basic")
    app = EuchreApp(config, setup=False, factory=passers)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        game = table(app).session.game
        await pilot.press("p")
        await settle(pilot, app)
        assert phase(game) is Phase.BID2
        text = screen_text(app)
        assert "Turned down" in text and "name a trump suit" in text
        await pilot.press("p")
        await pilot.pause()
        assert "You are stuck and must name a suit." in screen_text(app)
        turned = game.upcard >> 3
        await pilot.press(SUIT_CHARS[turned])
        await pilot.pause()
        assert f"{suit_name(turned).capitalize()} was turned down" in screen_text(app)
        assert phase(game) is Phase.BID2
        other = (turned + 1) % 4
        await pilot.press(SUIT_CHARS[other])
        await settle(pilot, app)
        assert game.trump == other and game.maker == 0
        assert "called by You" in screen_text(app)

    run(app, script)


def test_illegal_card_is_refused_with_the_reason_and_a_click_plays() -> None:
    app = EuchreApp(PlayConfig(seed=3, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0), setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        refused = clicked = False
        for _ in range(400):
            await settle(pilot, app)
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            assert not isinstance(app.screen, GameOverScreen)
            screen = table(app)
            if screen.waiting:
                await pilot.press("enter")
                continue
            session = screen.session
            state = session.table()
            if session.game.phase is Phase.PLAY:
                illegal = [i for i, c in enumerate(state.hand) if c not in state.legal_cards]
                if illegal and not refused:
                    version = session.version
                    await pilot.press(str(illegal[0] + 1))
                    await pilot.pause()
                    assert "You must follow" in screen_text(app)
                    assert session.version == version
                    refused = True
                legal = [i for i, c in enumerate(state.hand) if c in state.legal_cards]
                if refused and not clicked:
                    version = session.version
                    await pilot.click(f"#card-{legal[-1]}")
                    await pilot.pause()
                    assert session.version > version
                    clicked = True
                    return
            await pilot.press("enter")
        raise AssertionError("no illegal card came up")

    run(app, script)


def test_hint_key_shows_the_choice_with_or_without_numbers() -> None:
    def factory(name: str, seed: int) -> Player:
        return Evaluator() if name == "random" else make_player(name, seed)

    for hint_bot, expected in (("basic", "gives no numbers"), ("random", "+0.50")):
        config = PlayConfig(seed=5, partner="basic", opponents="basic", hint_bot=hint_bot,
                            speed=0)
        app = EuchreApp(config, setup=False, factory=factory)

        async def script(pilot: Pilot[None], app: EuchreApp, expected: str = expected) -> None:
            await settle(pilot, app)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: table(app).hint_line.plain.startswith("Hint"))
            text = screen_text(app)
            assert "Hint" in text and expected in text

        run(app, script)


def test_a_whole_game_to_three_is_saved_and_counted(
    _data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = PlayConfig(rules=Rules(target=3), seed=8, partner="basic", opponents="basic",
                        hint_bot="basic", speed=0)
    app = EuchreApp(config, setup=False)

    finished: list[GameSession] = []

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await play_out(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Game over" in text and "Final score" in text and "Record saved" in text
        finished.append(table(app).session)
        await pilot.press("n")  # a new game, same settings
        await wait_for(pilot, lambda: app.table is not None and app.session is not finished[0])
        await settle(pilot, app)
        assert "Deal 1" in screen_text(app)
        await pilot.press("q")

    run(app, script)
    session = finished[0]
    assert session.game.is_over()
    assert session.path is not None
    data = json.loads(session.path.read_text())
    assert data["metadata"]["status"] == "finished"
    assert data["metadata"]["players"] == ["You", *table_names(8, 4)]
    assert max(data["result"]["score"]) >= 3
    assert find_unfinished() not in (None, session.path)  # the new game, left unfinished
    summary = StatsDB().summary()
    assert summary.games == 1 and summary.wins == int(session.game.winner() == 0)
    assert cmd_stats(argparse.Namespace(rules=None, json=False)) == 0
    out = capsys.readouterr().out
    assert "Games played" in out and str(_data_folder) in out


def test_a_whole_two_handed_game_with_random_bots() -> None:
    config = PlayConfig(rules=Rules.preset("two-handed").replace(target=3), seed=2,
                        partner="random", opponents="random", hint_bot="random", speed=0)
    app = EuchreApp(config, setup=False)

    async def choose(pilot: Pilot[None], screen: TableScreen) -> None:
        legal = screen.session.legal()
        await pilot.press(str(screen.options.index(legal[-1]) + 1))

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await play_out(pilot, app, choose)
        assert "Game over" in screen_text(app)

    run(app, script, size=(80, 24))
    assert app.session is not None and app.session.game.is_over()


def test_quit_saves_and_resume_goes_on(_data_folder: Path) -> None:
    config = PlayConfig(seed=44, partner="basic", opponents="basic", hint_bot="basic",
                        speed=0, name="Ann")
    first = EuchreApp(config, setup=False)

    async def leave(pilot: Pilot[None], app: EuchreApp) -> None:
        for _ in range(6):
            await settle(pilot, app)
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
            else:
                await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("q")

    run(first, leave)
    assert "euchre play --resume" in first.exit_message
    session = first.session
    assert session is not None and session.path is not None
    path = find_unfinished()
    assert path == session.path
    history = session.game.history
    resumed = GameSession.resume(path)
    assert resumed.game.history == history
    assert resumed.names[0] == "Ann" and resumed.bot_names[1] == "basic"
    second = EuchreApp(config, session=resumed)

    async def go_on(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        assert "Ann" in screen_text(app)
        await play_out(pilot, app, deals=1)
        await pilot.press("ctrl+c")

    run(second, go_on)
    third = EuchreApp(config, setup=True, unfinished=find_unfinished())

    async def from_the_start_screen(pilot: Pilot[None], app: EuchreApp) -> None:
        await pilot.pause()
        assert "Resume saved game" in screen_text(app)
        await pilot.click("#resume")
        await wait_for(pilot, lambda: app.table is not None)
        assert table(app).session.path == path
        await pilot.press("q")

    run(third, from_the_start_screen)
    again = GameSession.resume(path)
    before = [a for deal in history for a in deal]
    after = [a for deal in again.game.history for a in deal]
    assert len(again.game.results) > len(session.game.results)
    assert after[: len(before)] == before


def test_small_terminal_odd_keys_last_trick_and_pace() -> None:
    app = EuchreApp(PlayConfig(seed=6, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0), setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        screen = table(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "at least 80x24" in screen_text(app)
        for key in ("x", "z", "f5", "tab", "escape", "9", "ctrl+x", "enter", "1", "l"):
            await pilot.press(key)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "at least 80x24" not in screen_text(app)
        for key in ("x", "f5", "tab", "9", "ctrl+x", "shift+tab", "o", "c"):
            await pilot.press(key)
            await pilot.pause()
        # on to the person's turn in the play, after a trick
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            if screen.session.game.tricks:
                break
            await pilot.press("enter")
        await pilot.press("l")
        assert "Last trick" in screen_text(app)
        await pilot.press("l")
        await pilot.press("minus")
        assert "Pace 0.1 s" in screen_text(app)
        await pilot.press("plus")
        assert "Pace instant" in screen_text(app)
        await pilot.press("space")
        await pilot.press("ctrl+c")

    run(app, script)
    assert app.session is not None and app.session.path is not None
    assert "--resume" in app.exit_message


def test_screenshot_script_writes_an_svg(tmp_path: Path) -> None:
    from euchre.tui.screenshot import main

    out = tmp_path / "shot.svg"
    assert main([str(out)]) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and "Deal" in svg


def test_play_command_options_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="euchre")
    add_play_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "--partner", "basic", "--opponents", "random",
                              "--target", "5", "--speed", "0", "--no-setup", "--name", "Ann"])
    assert args.partner == "basic" and args.rule_target == "5" and args.no_setup
    with pytest.raises(EuchreError, match="needs a terminal"):
        cmd_play(args)
    with pytest.raises(EuchreError, match="unknown bot"):
        cmd_play(parser.parse_args(["play", "--partner", "grandmaster"]))
    with pytest.raises(EuchreError, match="no unfinished game"):
        cmd_play(parser.parse_args(["play", "--resume"]))
    with pytest.raises(SystemExit):  # refused by the option's type (0 to 10 seconds)
        parser.parse_args(["play", "--speed", "-1"])
    assert cmd_stats(parser.parse_args(["stats"])) == 0
    assert "No finished games yet" in capsys.readouterr().out


def test_bots_move_at_the_pace_and_space_hurries_them() -> None:
    # the slowest pace a person may set: without space, no bot would move in this test
    config = PlayConfig(seed=seed_dealt_by(0), partner="basic", opponents="basic",
                        hint_bot="basic", speed=10)
    app = EuchreApp(config, setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        session = table(app).session
        await pilot.pause(0.3)
        assert session.version == 0  # West takes its time
        west = session.seat_label(1)
        assert "Pace 10 s" in screen_text(app) and f"{west} is thinking" in screen_text(app)
        for expected in (1, 2):
            await pilot.press("space")
            # a hurried bot moves at once; unhurried, it would wait the whole 10 s
            deadline = time.monotonic() + 8
            while session.version < expected:
                assert time.monotonic() < deadline, "space did not hurry the bot"
                await pilot.pause(0.01)
        await pilot.press("minus")  # slower: the slowest pace
        assert "Pace 2.5 s" in screen_text(app)
        await pilot.press("q")

    run(app, script)


def test_at_pace_0_every_trick_taken_stays_until_a_key_and_a_key_shows_one_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = EuchreApp(PlayConfig(seed=3, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0), setup=False)
    taken: list[int] = []

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        session = table(app).session
        apply = session.apply

        def counting(action: Action) -> Step:
            step = apply(action)
            if step.trick is not None:
                taken.append(session.version)
            return step

        monkeypatch.setattr(session, "apply", counting)
        waits = 0
        while not isinstance(app.screen, DealSummaryScreen):
            if table(app).waiting:
                waits += 1
                text = screen_text(app)
                assert f"Trick {len(session.game.tricks)}" in text and "takes it" in text
                assert f"trick {len(session.game.tricks)}. Enter or space" in text
                await pilot.press("1")  # not a key that goes on
                await pilot.pause()
                assert table(app).waiting and "Enter or space goes on" in screen_text(app)
            elif session.game.phase is Phase.PLAY:
                cards = len(session.table().hand)
                assert f"play a card: 1-{cards}," in screen_text(app)
            before = len(taken)
            await pilot.press("enter")
            await settle(pilot, app)
            assert len(taken) - before <= 1, "one key showed more than one trick"
        assert waits >= 2

    run(app, script)
    assert len(taken) == 5

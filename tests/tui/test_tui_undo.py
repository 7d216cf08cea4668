"""Undo in the terminal game: a practice game takes back the person's last card or bid
(the bots' moves after it too), keeps a record that replays, and is never counted; a
game that counts refuses undo and says why.

The session is driven without a screen, and one pilot test presses the keys.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from euchre.engine.actions import Action
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import EuchreError
from euchre.records.files import read_record
from euchre.table.data_folder import ENV_VAR, StatsDB, resume_game, stats_path
from euchre.tui.app import DealSummaryScreen, EuchreApp, GameOverScreen, TableScreen, screen_text
from euchre.tui.session import GameSession, PlayConfig
from helpers.tuihelp import run

PRACTICE = PlayConfig(partner="basic", opponents="basic", hint_bot="basic", speed=0,
                      practice=True)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def flat(game: Game) -> list[Action]:
    return [a for deal in game.history for a in deal]


def to_person(session: GameSession) -> None:
    """Let the bots play until the person has a choice (or the game is over)."""
    while not session.game.is_over():
        if session.frozen is not None:
            session.continue_play()
        elif session.human_to_act():
            if len(session.legal()) > 1:
                return
            session.apply(session.legal()[0])
        else:
            session.apply(session.bot_choice())


def test_undo_takes_back_the_last_decision_and_the_bots_moves_after_it() -> None:
    session = GameSession.start(PRACTICE, save=True)
    for _ in range(20):  # on to a decision of the person's that the bots answer
        to_person(session)
        before = flat(session.game)
        hand = session.game.hand(0)
        choice = session.legal()[-1]
        session.apply(choice)
        to_person(session)
        if len(flat(session.game)) > len(before) + 1:
            break
    assert len(flat(session.game)) > len(before) + 1  # the bots moved after the person
    version = session.version
    assert session.undo_refusal() is None
    assert session.undo() == choice
    assert flat(session.game) == before and session.game.hand(0) == hand
    assert session.human_to_act() and session.version > version
    assert session.frozen is None
    # the bots decide again from here, and the game goes on
    session.apply(session.legal()[0])
    to_person(session)
    assert not session.game.is_over() or session.game.winner() is not None


def test_the_saved_record_is_the_game_taken_back_and_replays_legally() -> None:
    session = GameSession.start(PRACTICE, save=True)
    to_person(session)
    before = flat(session.game)
    session.apply(session.legal()[0])
    to_person(session)
    session.undo()
    assert session.path is not None
    game, metadata = resume_game(session.path)  # replays every action through the engine
    assert flat(game) == before
    assert metadata["practice"] is True and metadata["undos"] == 1
    record = read_record(session.path)
    assert record.metadata["players"] == session.names
    resumed = GameSession.resume(session.path)
    assert resumed.practice and resumed.names == session.names
    assert flat(resumed.game) == before


def test_undo_goes_back_decision_by_decision_across_deals_to_the_first() -> None:
    session = GameSession.start(
        PlayConfig(rules=Rules(target=3), seed=11, partner="basic", opponents="basic",
                   hint_bot="basic", speed=0, practice=True),
        save=False,
    )
    decisions: list[tuple[list[Action], Action]] = []
    while not session.game.is_over():
        to_person(session)
        if session.game.is_over():
            break
        decisions.append((flat(session.game), session.legal()[-1]))
        session.apply(session.legal()[-1])
    assert len(session.game.results) >= 2 and len(decisions) > 3
    for history, choice in reversed(decisions):
        assert session.undo() == choice  # forced cards are not decisions: never stopped at
        assert flat(session.game) == history
        assert session.human_to_act() and len(session.legal()) > 1
    assert session.game.score == (0, 0) and not session.game.results
    assert session.undo_refusal() == "There is no card or bid of yours to take back yet."
    with pytest.raises(EuchreError, match="no card or bid"):
        session.undo()


def test_undo_is_off_in_a_game_that_counts() -> None:
    session = GameSession.start(PlayConfig(partner="basic", opponents="basic",
                                           hint_bot="basic", speed=0), save=False)
    to_person(session)
    session.apply(session.legal()[0])
    to_person(session)
    history = flat(session.game)
    reason = session.undo_refusal()
    assert reason is not None and "undo is off in games that count for statistics" in (
        reason.lower())
    with pytest.raises(EuchreError, match="count for statistics"):
        session.undo()
    assert flat(session.game) == history


def test_a_practice_game_is_not_counted_and_a_counting_one_is() -> None:
    for practice in (True, False):
        session = GameSession.start(
            PlayConfig(rules=Rules(target=2), seed=5, partner="basic", opponents="basic",
                       hint_bot="basic", speed=0, practice=practice),
            save=True,
        )
        while not session.game.is_over():
            to_person(session)
            if not session.game.is_over():
                session.apply(session.legal()[0])
        if practice:
            assert not stats_path().exists() or StatsDB().summary().games == 0
    assert StatsDB().summary().games == 1


def test_resume_with_practice_turns_a_game_into_practice() -> None:
    session = GameSession.start(PlayConfig(partner="basic", opponents="basic",
                                           hint_bot="basic", speed=0), save=True)
    to_person(session)
    session.apply(session.legal()[0])
    assert session.path is not None and not session.practice
    assert not GameSession.resume(session.path).practice
    again = GameSession.resume(session.path, {"practice": True})
    assert again.practice and again.undo_refusal() is not None  # nothing since it opened
    to_person(again)
    again.apply(again.legal()[0])
    assert again.undo_refusal() is None


# -- the keys ----------------------------------------------------------------------------------


async def settle(pilot: Pilot[None], app: EuchreApp, timeout: float = 20.0) -> None:
    """Wait until the person has a choice to make (closing deal summaries on the way)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(0.005)
        screen = app.screen
        if isinstance(screen, DealSummaryScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, GameOverScreen):
            return
        if isinstance(screen, TableScreen):
            if getattr(screen, "waiting", False):  # a trick waits to be seen
                await pilot.press("space")
                continue
            s = screen.session
            if s.human_to_act() and s.forced() is None:
                return
    raise AssertionError("the game did not come back to the person")


SIZE = (160, 40)


def test_the_undo_key_takes_back_a_card_in_practice_and_is_refused_otherwise() -> None:
    app = EuchreApp(PlayConfig(seed=9, partner="basic", opponents="basic", hint_bot="basic",
                               speed=0, practice=True), setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        session = app.session
        assert session is not None
        assert "Practice game" in screen_text(app)  # in the history
        before = flat(session.game)
        await pilot.press("enter")
        await settle(pilot, app)
        assert flat(session.game) != before
        await pilot.press("z")
        await pilot.pause()
        assert flat(session.game) == before and session.human_to_act()
        text = screen_text(app)
        assert "Taken back" in text and "not counted" in text

    run(app, script, SIZE)

    counting = EuchreApp(PlayConfig(seed=9, partner="basic", opponents="basic",
                                    hint_bot="basic", speed=0), setup=False)

    async def refused(pilot: Pilot[None], app: EuchreApp) -> None:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        session = app.session
        assert session is not None
        history = flat(session.game)
        await pilot.press("z")
        await pilot.pause()
        assert "Undo is off in games that count for statistics" in screen_text(app)
        assert flat(session.game) == history

    run(counting, refused, SIZE)

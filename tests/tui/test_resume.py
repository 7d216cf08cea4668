"""Resuming and saving as the person meets them.

``euchre play --resume`` goes on only with an unfinished game the terminal saved, and
refuses anything else with one line that says how to watch the record instead; opening
a file never changes it. A save that fails says what is wrong in one line, the record
goes somewhere else, and the game goes on. Every command the program prints works as
printed, from where the person stands.
"""

from __future__ import annotations

import argparse
import dataclasses
import errno
import os
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from euchre.analysis.arena import run_match
from euchre.cli.main import main
from euchre.cli.play import add_play_commands, cmd_play, cmd_stats
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.errors import EuchreError, RecordError
from euchre.table.data_folder import (
    ENV_VAR,
    SaveError,
    find_unfinished,
    games_dir,
    save_record,
    write_problem,
)
from euchre.tui.app import EuchreApp, GameOverScreen, SetupScreen, TableScreen, screen_text
from euchre.tui.session import GameSession, PlayConfig
from helpers.paths import EGN_DATA
from helpers.tuihelp import run, wait_for

FAST = PlayConfig(partner="basic", opponents="basic", hint_bot="basic", speed=0.0)


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    # spare folders for failed saves go under tmp_path, not the machine's /tmp
    spare = tmp_path / "tmp"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare))
    return folder


@pytest.fixture
def program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The program as a person would type it, started from a folder that is not on the
    ``PATH`` (and whose name has a space, so it must be quoted)."""
    launcher = tmp_path / "my tools" / "euchre"
    monkeypatch.setattr(sys, "argv", [str(launcher)])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    return shlex.quote(str(launcher))


def advance(session: GameSession, stop: Callable[[GameSession], bool]) -> None:
    """Play on (the person takes their first legal choice) until ``stop(session)``."""
    for _ in range(5000):
        if session.frozen is not None:
            session.continue_play()
        if stop(session):
            return
        if session.human_to_act():
            session.apply(session.legal()[0])
        else:
            session.apply(session.bot_choice())
    raise AssertionError("stop never held")


def persons_bid(session: GameSession) -> bool:
    """The person bids (a real choice: the app plays nothing for them) in deal 2."""
    game = session.game
    return session.human_to_act() and game.deal_number >= 1 and game.phase is Phase.BID1


def bots_turn(session: GameSession) -> bool:
    """A bot is to act in deal 2 (the person has acted before)."""
    game = session.game
    return session.frozen is None and game.deal_number >= 1 and game.to_act != 0


def step(session: GameSession) -> None:
    """One action, by whoever is to act."""
    if session.frozen is not None:
        session.continue_play()
    session.apply(session.legal()[0] if session.human_to_act() else session.bot_choice())


def saved_game(stop: Callable[[GameSession], bool], seed: int = 5) -> GameSession:
    session = GameSession.start(dataclasses.replace(FAST, seed=seed))
    advance(session, stop)
    assert session.path is not None and session.save_error is None
    return session


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def finished_game() -> GameSession:
    session = GameSession.start(dataclasses.replace(FAST, rules=Rules(target=1), seed=3))
    advance(session, lambda s: s.game.is_over())
    return session


def play_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="euchre")
    add_play_commands(parser.add_subparsers(dest="command"))
    return parser


# -- what is refused ---------------------------------------------------------------------


def test_an_arena_record_is_refused_in_one_line_and_left_as_it_was(
    tmp_path: Path, program: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "arena"
    run_match(["random", "random"], Rules(target=3), games=1, seed=4, record=folder)
    (path,) = folder.iterdir()
    before = snapshot(path)
    with pytest.raises(EuchreError) as refused:
        GameSession.resume(path)
    message = str(refused.value)
    assert message == (
        f"{path} was not saved by 'euchre play' (it is an arena record); "
        f"watch it with: {program} replay {path}"
    )
    assert main(["play", "--resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"euchre: {message}\n"
    assert snapshot(path) == before
    assert list(folder.iterdir()) == [path]


def test_a_record_of_another_program_is_refused(tmp_path: Path) -> None:
    game = Game(seed=2)
    path = tmp_path / "plain.json"
    from euchre.records.record import Record

    save_record(Record.from_game(game, {"app": "my trainer"}), path)
    before = snapshot(path)
    with pytest.raises(EuchreError, match=r"not saved by 'euchre play' \(it was saved by "
                                          r"'my trainer'\); watch it with: .* replay "):
        GameSession.resume(path)
    assert snapshot(path) == before
    save_record(Record.from_game(game), path)
    with pytest.raises(EuchreError, match="no mark of the terminal game"):
        GameSession.resume(path)


def test_a_finished_game_is_refused_with_its_result(program: str) -> None:
    session = finished_game()
    path = session.path
    assert path is not None
    game = session.game
    winner = game.winner()
    assert winner is not None
    side = " and ".join(session.names[s] for s in range(winner, 4, 2))
    before = snapshot(path)
    with pytest.raises(EuchreError) as refused:
        GameSession.resume(path)
    assert str(refused.value) == (
        f"{path} is finished (won {game.score[winner]}-{game.score[1 - winner]} by {side}); "
        f"watch it with: {program} replay {path}"
    )
    with pytest.raises(EuchreError, match="is finished"):
        cmd_play(play_parser().parse_args(["play", "--resume", str(path)]))
    assert snapshot(path) == before


def test_broken_missing_and_egn_files_are_refused_in_one_line(
    tmp_path: Path, program: str
) -> None:
    session = saved_game(persons_bid)
    assert session.path is not None
    egn = tmp_path / "game.egn"
    egn.write_bytes((EGN_DATA / "test_annotated.egn").read_bytes())
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "euchre-record", "version"')
    folder = tmp_path / "folder.json"
    folder.mkdir()
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    cases = {
        egn: f"{egn} was not saved by 'euchre play' (it is an EGN record); "
             f"watch it with: {program} replay {egn}",
        broken: f"{broken}: not JSON",
        tmp_path / "missing.json": "cannot read the file (No such file or directory)",
        folder: "cannot read the file",
        text: "unknown record file type",
    }
    for path, expected in cases.items():
        before = snapshot(path) if path.is_file() else None
        with pytest.raises(EuchreError) as refused:
            GameSession.resume(path)
        message = str(refused.value)
        assert expected in message and "\n" not in message, message
        if before is not None:
            assert snapshot(path) == before
    assert not (tmp_path / "missing.json").exists()


def test_a_terminal_record_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    session = saved_game(persons_bid)
    assert session.path is not None
    text = session.path.read_text()
    bad = tmp_path / "bad.json"
    # the first recorded action of the first deal becomes one that is never legal then
    bad.write_text(text.replace('"actions": ["', '"actions": ["discard 9c", "', 1))
    with pytest.raises(RecordError, match=rf"^{bad}: deal \d+, discard: 9c is not legal"):
        GameSession.resume(bad)


def test_find_unfinished_and_the_start_screen_offer_only_terminal_games(
    program: str,
) -> None:
    assert cmd_stats(argparse.Namespace(rules=None, json=False)) == 0
    folder = games_dir()
    run_match(["random", "random"], Rules(target=3), games=1, seed=4, record=folder)
    with pytest.raises(EuchreError) as refused:
        cmd_play(play_parser().parse_args(["play", "--resume"]))
    assert str(refused.value) == (
        f"there is no unfinished game to resume in {folder}: start one with: {program} play"
    )
    mine = saved_game(persons_bid)
    finished_game()  # newer, and finished
    assert find_unfinished() == mine.path


# -- opening writes nothing ----------------------------------------------------------------


def test_opening_writes_nothing_until_the_person_moves() -> None:
    session = saved_game(bots_turn)
    path = session.path
    assert path is not None
    before = snapshot(path)
    resumed = GameSession.resume(path, {"partner": "random", "name": "Bea"})
    assert resumed.game.history == session.game.history
    resumed.save()
    assert snapshot(path) == before
    # the bots move on; still nothing is written
    while not resumed.human_to_act():
        if resumed.frozen is not None:
            resumed.continue_play()
            continue
        resumed.apply(resumed.bot_choice())
    resumed.save()
    assert snapshot(path) == before
    assert "Resume it with:" in resumed.exit_text()
    # the person's move writes the game, with everything the bots did before it
    resumed.apply(resumed.legal()[0])
    assert path.read_bytes() != before[0]
    again = GameSession.resume(path)
    assert again.game.history == resumed.game.history
    assert again.names[0] == "Bea" and again.bot_names[2] == "random"


def test_opening_in_the_app_and_quitting_without_a_move_leaves_the_file(
    program: str,
) -> None:
    session = saved_game(persons_bid)
    path = session.path
    assert path is not None
    time.sleep(0.01)
    before = snapshot(path)
    app = EuchreApp(FAST, session=GameSession.resume(path))

    async def open_and_quit(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.2)
        await pilot.press("q")

    run(app, open_and_quit)
    assert snapshot(path) == before
    assert app.exit_message == (
        f"Game saved to {path}\nResume it with: {program} play --resume"
    )
    # the same from the start screen's offer
    offer = EuchreApp(FAST, setup=True, unfinished=find_unfinished())

    async def from_the_offer(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.click("#resume")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.2)
        await pilot.press("q")

    run(offer, from_the_offer)
    assert offer.session is not None and offer.session.path == path
    assert snapshot(path) == before


# -- printed commands work as printed ----------------------------------------------------


def test_printed_commands_name_the_program_as_it_was_started(
    program: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cmd_stats(argparse.Namespace(rules=None, json=False)) == 0
    assert f"Play one with: {program} play\n" in capsys.readouterr().out
    session = saved_game(persons_bid)
    assert session.exit_text().endswith(f"Resume it with: {program} play --resume")
    newer = saved_game(persons_bid, seed=6)
    assert session.path is not None and newer.path is not None
    os.utime(session.path, (1, 1))
    # not the newest unfinished game any more: the command names its file
    assert find_unfinished() == newer.path
    session.apply(session.legal()[0])
    os.utime(session.path, (1, 1))
    assert session.exit_text().endswith(
        f"Resume it with: {program} play --resume {session.path}"
    )
    done = finished_game()
    text = GameOverScreen(done)._text().plain
    assert f"Watch it again: {program} replay {done.path}" in text
    assert f"Your statistics: {program} stats" in text
    assert done.exit_text() == (
        f"Game record: {done.path}\nWatch it again: {program} replay {done.path}"
    )


def test_the_printed_replay_command_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    launcher = Path(sys.executable).parent / "euchre"
    if not launcher.exists():
        pytest.skip("the euchre launcher is not installed beside this Python")
    monkeypatch.setattr(sys, "argv", [str(launcher)])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    done = finished_game()
    with pytest.raises(EuchreError) as refused:
        GameSession.resume(done.path or Path())
    printed = str(refused.value).split("watch it with: ", 1)[1]
    assert printed.split()[0] != "euchre"  # not on the PATH: the launcher's path
    result = subprocess.run(printed, shell=True, capture_output=True, text=True,
                            env=dict(os.environ), timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "Deal 1" in result.stdout or "deal 1" in result.stdout.lower()


# -- failed saves: the reason, and the game goes on ----------------------------------------


def test_a_file_where_the_games_folder_should_be(
    _data_folder: Path, tmp_path: Path, program: str
) -> None:
    _data_folder.mkdir()
    (_data_folder / "games").write_text("not a folder")
    session = GameSession.start(dataclasses.replace(FAST, seed=7))
    error = session.save_error
    assert error is not None
    spare = session.path
    assert spare is not None and spare.parent.parent == tmp_path / "tmp"
    assert error == (
        f"{_data_folder / 'games'} is not a folder (it is a file); "
        f"the game is saved to {spare} instead"
    )
    assert "File exists" not in error
    advance(session, persons_bid)
    assert session.path == spare and session.save_error == error  # it keeps saying so
    assert GameSession.resume(spare).game.history == session.game.history
    assert session.exit_text() == (
        f"Game saved to {spare}, because {_data_folder / 'games'} is not a folder (it is a "
        f"file)\nResume it with: {program} play --resume {spare}"
    )
    assert (_data_folder / "games").read_text() == "not a folder"


def test_a_file_where_the_data_folder_should_be(_data_folder: Path) -> None:
    _data_folder.write_text("")
    session = GameSession.start(dataclasses.replace(FAST, rules=Rules(target=1), seed=3))
    assert session.save_error is not None
    assert session.save_error.startswith(f"{_data_folder} is not a folder (it is a file); ")
    advance(session, lambda s: s.game.is_over())
    assert session.stats_error == (
        f"cannot create the data folder: {_data_folder} is not a folder (it is a file); "
        f"set {ENV_VAR} to a folder you can write"
    )


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (errno.EACCES, "no permission to write in {folder}"),
        (errno.EPERM, "no permission to write in {folder}"),
        (errno.ENOSPC, "the disk holding {folder} is full"),
        (errno.EDQUOT, "the disk holding {folder} is full"),
        (errno.EROFS, "{folder} is on a read-only disk"),
    ],
)
def test_each_failure_says_what_is_wrong_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, code: int, reason: str, program: str
) -> None:
    session = saved_game(persons_bid)
    path = session.path
    assert path is not None
    folder = path.parent
    good = path.read_bytes()
    real = tempfile.mkstemp
    everywhere = False

    def failing(
        suffix: str | None = None, prefix: str | None = None, dir: str | None = None,
        text: bool = False,
    ) -> tuple[int, str]:
        if everywhere or Path(str(dir)) == folder:
            raise OSError(code, os.strerror(code))
        return real(suffix, prefix, dir, text)

    monkeypatch.setattr(tempfile, "mkstemp", failing)
    # the spare folder fails as well: the game goes on unsaved, and says so
    everywhere = True
    session.apply(session.legal()[0])
    problem = reason.format(folder=folder)
    assert session.save_error is not None
    assert session.save_error.startswith(problem)
    assert session.save_error.endswith("the game goes on, and the next move tries again")
    assert path.read_bytes() == good and session.path == path
    assert session.exit_text() == f"Could not save the game: {session.save_error}"
    # the spare folder works: the record goes there, and the person is told where
    everywhere = False
    step(session)
    spare = session.path
    assert spare is not None and spare.parent != folder and spare.name == path.name
    assert session.save_error == f"{problem}; the game is saved to {spare} instead"
    step(session)
    assert session.path == spare
    assert session.save_error == f"{problem}; the game is saved to {spare} instead"
    assert GameSession.resume(spare).game.history == session.game.history
    assert f"{program} play --resume {session.path}" in session.exit_text()
    assert path.read_bytes() == good  # the old record is whole


def test_the_table_says_why_a_save_failed_and_play_goes_on(_data_folder: Path) -> None:
    _data_folder.mkdir()
    (_data_folder / "games").write_text("")
    app = EuchreApp(FAST, setup=False)

    async def script(pilot: Pilot[None], app: EuchreApp) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        await wait_for(pilot, lambda: "is not a folder" in screen_text(app))
        text = screen_text(app)
        assert "File exists" not in text
        await pilot.press("q")

    run(app, script, size=(250, 32))  # wide enough for the long paths of the test's folders
    assert app.session is not None and app.session.path is not None
    assert app.exit_message.startswith(
        f"Game saved to {app.session.path}, because {_data_folder / 'games'} is not a folder"
    )


def test_save_record_names_what_is_wrong(tmp_path: Path) -> None:
    from euchre.records.record import Record

    record = Record.from_game(Game(seed=1))
    folder_in_the_way = tmp_path / "g.json"
    folder_in_the_way.mkdir()
    with pytest.raises(SaveError) as failed:
        save_record(record, folder_in_the_way)
    assert failed.value.problem == f"{folder_in_the_way} is a folder, not a file"
    (tmp_path / "file").write_text("")
    with pytest.raises(SaveError) as failed:
        save_record(record, tmp_path / "file" / "deeper" / "g.json")
    assert failed.value.problem == f"{tmp_path / 'file'} is not a folder (it is a file)"
    assert str(failed.value).startswith(f"cannot save {tmp_path / 'file' / 'deeper'}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "g.json", "tmp"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may write anywhere")
def test_a_folder_without_permission(tmp_path: Path) -> None:
    from euchre.records.record import Record

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(SaveError) as failed:
            save_record(Record.from_game(Game(seed=1)), locked / "g.json")
    finally:
        locked.chmod(0o700)
    assert failed.value.problem == f"no permission to write in {locked}"


def test_write_problem_names_the_place_a_write_meets(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    target = games / "a.json"
    assert write_problem(OSError(errno.EROFS, "x"), target) == f"{games} is on a read-only disk"
    # a folder still to be made: the reason names the one that is there
    deeper = games / "new" / "a.json"
    assert write_problem(PermissionError(errno.EACCES, "x"), deeper) == (
        f"no permission to write in {games}"
    )
    assert write_problem(OSError(errno.ENAMETOOLONG, "x"), target).startswith(
        "the name is too long")
    assert write_problem(OSError(errno.EIO, "Input/output error"), target) == (
        f"cannot write {target} (Input/output error)"
    )
    (tmp_path / "link").symlink_to(tmp_path / "nowhere")
    assert write_problem(FileExistsError(errno.EEXIST, "x"), tmp_path / "link",
                         folder=True) == f"{tmp_path / 'link'} is a broken link, not a folder"

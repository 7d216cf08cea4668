"""The player's data folder: saved games and personal statistics.

Everything ``euchre play`` keeps lives in one folder, :func:`data_dir`:
``platformdirs.user_data_dir("euchre")`` (for example ``~/.local/share/euchre`` on
Linux), or the folder named by the environment variable ``EUCHRE_DATA_DIR``.

* ``games/`` holds one native record (``.json``, see ``docs/record-format.md``) per
  game, rewritten atomically after every action, so a crash or Ctrl+C loses nothing;
  ``euchre replay FILE`` shows one, ``euchre play --resume`` goes on with the newest
  unfinished one (:func:`resume_game`). Only records the terminal saved (metadata
  ``"app": "euchre play"``, :data:`APP`) can be resumed; opening one writes nothing.
* ``stats.sqlite3`` holds one row per finished game (:class:`StatsDB`), summed up by
  ``euchre stats``.

>>> from euchre.engine.game import Game
>>> game = Game(seed=4)
>>> while not game.is_over():
...     _ = game.apply(game.legal_actions()[-1])
>>> stats = game_stats(game, seat=0)
>>> stats.games, stats.deals == len(game.results)
(1, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from euchre.engine.game import Game
from euchre.engine.rules import SEAT_NAMES
from euchre.errors import EuchreError, RecordError
from euchre.invocation import command
from euchre.records.files import read_record
from euchre.records.record import Record, dumps

__all__ = [
    "APP",
    "ENV_VAR",
    "GameStats",
    "SaveError",
    "StatsDB",
    "data_dir",
    "find_unfinished",
    "format_stats",
    "game_stats",
    "games_dir",
    "new_game_path",
    "resume_game",
    "save_game",
    "save_record",
    "saved_games",
    "stats_path",
    "write_problem",
]

ENV_VAR: Final = "EUCHRE_DATA_DIR"
"""The environment variable that overrides the data folder."""

APP: Final = "euchre play"
"""``metadata["app"]`` of the records the terminal game saves: the only ones it resumes."""

STATUS_PLAYING: Final = "playing"
STATUS_FINISHED: Final = "finished"


# -- places ------------------------------------------------------------------------------


def data_dir(create: bool = True) -> Path:
    """The folder of saved games and statistics (``$EUCHRE_DATA_DIR`` if set)."""
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        path = Path(override).expanduser()
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("euchre", appauthor=False))
    if create:
        _make_folder(path, "the data folder")
    return path


def games_dir(create: bool = True) -> Path:
    """The folder of saved game records."""
    path = data_dir(create) / "games"
    if create:
        _make_folder(path, "the folder of saved games")
    return path


def _make_folder(path: Path, what: str) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EuchreError(
            f"cannot create {what}: {write_problem(error, path, folder=True)}; "
            f"set {ENV_VAR} to a folder you can write"
        ) from None


def write_problem(error: OSError, path: Path, *, folder: bool = False) -> str:
    """What stopped a write to ``path`` (a file, or a folder when ``folder``), in words.

    >>> import errno
    >>> write_problem(OSError(errno.ENOSPC, "No space left on device"), Path("/"))
    'the disk holding / is full'
    """
    where = _nearest(path if folder else path.parent)
    if where.is_symlink() and not where.exists():
        return f"{where} is a broken link, not a folder"
    if where.exists() and not where.is_dir():
        return f"{where} is not a folder (it is a file)"
    code = error.errno
    if isinstance(error, IsADirectoryError) or code == errno.EISDIR:
        return f"{path} is a folder, not a file"
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"the disk holding {where} is full"
    if code == errno.EROFS:
        return f"{where} is on a read-only disk"
    if isinstance(error, PermissionError) or code in (errno.EACCES, errno.EPERM):
        return f"no permission to write in {where}"
    if code == errno.ENAMETOOLONG:
        return f"the name is too long for this system: {path}"
    return f"cannot write {path} ({error.strerror or type(error).__name__})"


def _nearest(folder: Path) -> Path:
    """``folder``, or the nearest of its parents that is there (what a write meets)."""
    for place in (folder, *folder.parents):
        try:
            if place.exists() or place.is_symlink():
                return place
        except OSError:
            return place
    return folder


def stats_path() -> Path:
    """The SQLite file of personal statistics."""
    return data_dir() / "stats.sqlite3"


def new_game_path(seed: int, when: datetime | None = None) -> Path:
    """A new, unused file name for a game record: ``games/2024-05-01_20-15-03_s42.json``.

    The folder is made when it can be; when it can not, the first save says why.
    """
    stamp = (when or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    folder = games_dir(create=False)
    with contextlib.suppress(EuchreError):
        games_dir()
    base = f"{stamp}_s{seed % 1_000_000}"
    path = folder / f"{base}.json"
    number = 2
    while path.exists():
        path = folder / f"{base}_{number}.json"
        number += 1
    return path


# -- saving ------------------------------------------------------------------------------


class SaveError(RecordError):
    """A record that could not be written; :attr:`problem` says why, in words."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"cannot save {path}: {problem}")
        self.path = path
        self.problem = problem


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write a record atomically: to a temporary file in the same folder, then renamed
    over ``path``, so the file is always either the old record or the new one.

    Raises :class:`SaveError` with the reason (a file where the folder should be, no
    permission, a full or read-only disk); the old file is then untouched.
    """
    target = Path(path)
    text = dumps(record)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise SaveError(target, write_problem(error, target)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise SaveError(target, write_problem(error, target)) from None
        raise


def save_game(
    game: Game, metadata: Mapping[str, object], path: str | os.PathLike[str]
) -> Record:
    """Save the game so far to ``path`` (atomically) and return its record.

    ``metadata["status"]`` is set to ``finished`` once the game is over, ``playing``
    before; ``metadata["seed"]`` to the game's seed, which :func:`resume_game` needs.
    The terminal game passes ``metadata["app"] = APP``, which marks the records it may
    resume.
    """
    data = dict(metadata)
    data["seed"] = game.seed
    data["status"] = STATUS_FINISHED if game.is_over() else STATUS_PLAYING
    record = Record.from_game(game, data)
    save_record(record, path)
    return record


# -- resuming ----------------------------------------------------------------------------


def _is_unfinished(path: Path) -> bool:
    """Whether ``path`` looks like an unfinished game of the terminal (without replaying
    it: :func:`resume_game` checks the rest)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(data, dict):
        return False
    metadata = data.get("metadata")
    result = data.get("result")
    if not isinstance(metadata, dict) or metadata.get("app") != APP:
        return False
    if metadata.get("status") != STATUS_PLAYING:
        return False
    return not (isinstance(result, dict) and result.get("winner") is not None)


def saved_games(folder: Path | None = None) -> list[Path]:
    """The saved records, newest first."""
    where = folder or games_dir(create=False)
    if not where.is_dir():
        return []
    files = [p for p in where.glob("*.json") if p.is_file()]

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=lambda p: (mtime(p), p.name), reverse=True)


def find_unfinished(folder: Path | None = None) -> Path | None:
    """The newest game the terminal saved and left unfinished, if any."""
    for path in saved_games(folder):
        if _is_unfinished(path):
            return path
    return None


def resume_game(path: str | os.PathLike[str]) -> tuple[Game, dict[str, object]]:
    """The game of a saved record at the point it stopped, and the record's metadata.

    Only an unfinished game that the terminal saved (``metadata["app"] == APP``) goes
    on; anything else (a missing or broken file, an EGN file, an arena record, a
    finished game) raises :class:`~euchre.errors.EuchreError` with one line that says
    why and how to watch the record instead. The file is only read.

    The game is dealt again from the seed stored in the metadata and every recorded
    action is applied, so the deals still to come are the ones the game would have
    dealt. A record without a seed (or whose deals do not come from it) is replayed
    from its own deals, and later deals are random.
    """
    name = os.fspath(path)
    watch = f"watch it with: {command('replay', name)}"
    if Path(name).suffix.lower() == ".egn" and Path(name).is_file():
        raise EuchreError(f"{name} was not saved by {APP!r} (it is an EGN record); {watch}")
    record = read_record(path)
    metadata = dict(record.metadata)
    if metadata.get("app") != APP:
        raise EuchreError(f"{name} was not saved by {APP!r} ({_origin(metadata)}); {watch}")
    try:
        end = record.replay()
    except RecordError as error:
        raise RecordError(f"{name}: {error}") from None
    if end.is_over():
        raise EuchreError(f"{name} is finished ({_outcome(end, metadata)}); {watch}")
    seed = metadata.get("seed")
    game: Game | None = None
    if isinstance(seed, int) and not isinstance(seed, bool):
        game = _replay_from_seed(record, seed)
    if game is None:
        fresh = (seed if isinstance(seed, int) else 0) ^ 0x5EED
        game = Game(
            record.rules,
            seed=fresh,
            deals=[recorded.deal for recorded in record.deals],
            score=record.start_score,
            tokens=record.start_tokens or None,
        )
        for recorded in record.deals:
            for action in recorded.actions:
                game.apply(action)
        metadata["seed"] = fresh
    return game, metadata


def _origin(metadata: Mapping[str, object]) -> str:
    """Where a record not saved by the terminal comes from, as far as it says."""
    app = metadata.get("app")
    event = metadata.get("event")
    if event == "euchre arena":
        return "it is an arena record"
    if isinstance(app, str) and app:
        return f"it was saved by {app!r}"
    if isinstance(event, str) and event:
        return f"it is a record of {event!r}"
    return "it has no mark of the terminal game"


def _outcome(game: Game, metadata: Mapping[str, object]) -> str:
    """``won 10-7 by Ann and North``, ``a tie at 5-5``."""
    score = game.score
    winner = game.winner()
    if winner is None:
        return f"a tie at {score[0]}-{score[1]}"
    n = game.rules.players
    names = metadata.get("players")
    if not (isinstance(names, list) and len(names) == n and all(
        isinstance(x, str) and x for x in names
    )):
        names = list(SEAT_NAMES[n])
    side = " and ".join(str(names[s]) for s in game.rules.seating.seats_of(winner))
    return f"won {score[winner]}-{score[1 - winner]} by {side}"


def _replay_from_seed(record: Record, seed: int) -> Game | None:
    first = record.first_dealer
    game = Game(record.rules, seed=seed, score=record.start_score,
                tokens=record.start_tokens or None)
    if first is not None and game.dealer != first:
        return None
    try:
        for i, recorded in enumerate(record.deals):
            if game.is_over() or game.deals[i] != recorded.deal:
                return None
            for action in recorded.actions:
                game.apply(action)
    except (EuchreError, IndexError):
        return None
    return game


# -- statistics --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStats:
    """One seat's numbers over some games (one game, or the sum of many)."""

    games: int = 0
    wins: int = 0
    deals: int = 0
    points_for: int = 0
    points_against: int = 0
    calls: int = 0
    """Deals in which this seat chose trump."""
    calls_made: int = 0
    """... and its side took three tricks or more."""
    side_calls: int = 0
    """Deals in which this seat's side (this seat or its partner) chose trump."""
    marches: int = 0
    """Deals in which this seat's side made trump and took all five tricks."""
    defences: int = 0
    """Deals in which the other side chose trump."""
    euchres: int = 0
    """Deals in which the other side made trump and this seat's side euchred them."""
    euchred: int = 0
    """Deals in which this seat's side made trump and was euchred."""
    loners: int = 0
    """Deals in which this seat went alone."""
    loners_made: int = 0
    loner_marches: int = 0

    def __add__(self, other: GameStats) -> GameStats:
        return GameStats(
            *(getattr(self, f.name) + getattr(other, f.name) for f in dataclasses.fields(self))
        )

    @property
    def make_rate(self) -> float | None:
        """Share of this seat's calls its side made (``None`` without calls)."""
        return self.calls_made / self.calls if self.calls else None

    @property
    def win_rate(self) -> float | None:
        """Share of games won."""
        return self.wins / self.games if self.games else None


def game_stats(game: Game, seat: int = 0) -> GameStats:
    """The numbers of ``seat`` in one game (finished or not: ``wins`` needs it over)."""
    team_of = game.rules.seating.team_of
    team = team_of[seat]
    deals = calls = calls_made = side_calls = marches = defences = euchres = euchred = 0
    loners = loners_made = loner_marches = 0
    points_for = points_against = 0
    for result in game.results:
        deals += 1
        if result.team is not None:
            if result.team == team:
                points_for += result.points
            else:
                points_against += result.points
        if result.maker is None:
            continue
        maker_team = team_of[result.maker]
        taken = result.tricks[maker_team]
        made = taken >= 3
        if result.maker == seat:
            calls += 1
            calls_made += made
        if maker_team == team:
            side_calls += 1
            marches += taken == 5
            euchred += not made
        else:
            defences += 1
            euchres += not made
        if seat in result.alone:
            loners += 1
            mine = result.tricks[team]
            loners_made += mine >= 3
            loner_marches += mine == 5
    winner = game.winner()
    return GameStats(
        games=1,
        wins=int(winner == team),
        deals=deals,
        points_for=points_for,
        points_against=points_against,
        calls=calls,
        calls_made=calls_made,
        side_calls=side_calls,
        marches=marches,
        defences=defences,
        euchres=euchres,
        euchred=euchred,
        loners=loners,
        loners_made=loners_made,
        loner_marches=loner_marches,
    )


_FIELDS: Final = tuple(f.name for f in dataclasses.fields(GameStats))


class StatsDB:
    """Personal statistics in SQLite: one row per finished game, keyed by its record.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> db = StatsDB(folder / "stats.sqlite3")
    >>> db.add_game("g1", GameStats(games=1, wins=1, deals=4), rules="standard")
    >>> db.add_game("g1", GameStats(games=1, wins=1, deals=4), rules="standard")  # same game
    >>> db.summary().wins, db.summary().deals
    (1, 4)
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else stats_path()

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            connection = sqlite3.connect(self.path, timeout=5.0)
        except sqlite3.Error as error:
            raise EuchreError(f"{self.path}: cannot open the statistics ({error})") from None
        try:
            with connection:
                columns = ", ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in _FIELDS)
                connection.execute(
                    "CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, "
                    f"finished TEXT NOT NULL, rules TEXT NOT NULL, {columns})"
                )
                yield connection
        except sqlite3.Error as error:
            raise EuchreError(f"{self.path}: statistics error ({error})") from None
        finally:
            connection.close()

    def add_game(self, key: str, stats: GameStats, rules: str = "", when: str = "") -> None:
        """Record one finished game (again under the same ``key``: replaced, not added)."""
        names = ", ".join(_FIELDS)
        marks = ", ".join("?" for _ in _FIELDS)
        values = [getattr(stats, name) for name in _FIELDS]
        with self._connect() as connection:
            connection.execute(
                f"INSERT OR REPLACE INTO games (key, finished, rules, {names}) "
                f"VALUES (?, ?, ?, {marks})",
                [key, when or datetime.now().isoformat(timespec="seconds"), rules, *values],
            )

    def summary(self, rules: str | None = None) -> GameStats:
        """The sum over every recorded game (or those of one rules preset)."""
        sums = ", ".join(f"COALESCE(SUM({name}), 0)" for name in _FIELDS)
        query = f"SELECT {sums} FROM games"
        params: list[str] = []
        if rules is not None:
            query += " WHERE rules = ?"
            params.append(rules)
        with self._connect() as connection:
            row = connection.execute(query, params).fetchone()
        return GameStats(*(int(value) for value in row))

    def by_rules(self) -> dict[str, GameStats]:
        """The sums per rules name."""
        with self._connect() as connection:
            names = [row[0] for row in connection.execute(
                "SELECT DISTINCT rules FROM games ORDER BY rules")]
        return {name: self.summary(name) for name in names}


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def stats_rows(stats: GameStats) -> list[tuple[str, str, str]]:
    """The lines of a statistics table: ``(what, count, rate)``."""
    return [
        ("Games played", str(stats.games), ""),
        ("Games won", str(stats.wins), _percent(stats.wins, stats.games)),
        ("Deals played", str(stats.deals), ""),
        ("Points for / against", f"{stats.points_for} / {stats.points_against}", ""),
        ("Trump you called", str(stats.calls), _percent(stats.calls, stats.deals)),
        ("... and made", str(stats.calls_made), _percent(stats.calls_made, stats.calls)),
        ("Your side called trump", str(stats.side_calls), ""),
        ("... and was euchred", str(stats.euchred), _percent(stats.euchred, stats.side_calls)),
        ("... and marched", str(stats.marches), _percent(stats.marches, stats.side_calls)),
        ("They called trump", str(stats.defences), ""),
        ("... and you euchred them", str(stats.euchres), _percent(stats.euchres, stats.defences)),
        ("You went alone", str(stats.loners), ""),
        ("... and made it", str(stats.loners_made), _percent(stats.loners_made, stats.loners)),
        ("... with all five tricks", str(stats.loner_marches),
         _percent(stats.loner_marches, stats.loners)),
    ]


def format_stats(stats: GameStats) -> str:
    """Plain text of the statistics table.

    >>> print(format_stats(GameStats(games=2, wins=1)).splitlines()[1])
    Games won                         1   50%
    """
    lines = [f"{what:<26} {count:>8} {rate:>5}".rstrip() for what, count, rate in
             stats_rows(stats)]
    return "\n".join(lines)

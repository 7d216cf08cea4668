"""Euchre Match Notation (EMN): several EGN games of one match, and its standings.

An EMN file (``.emn``, JSON, from EGN 1.4 on) holds a registry of players, each with a
master id (``p-01``), optional teams, the match's format (``BEST_OF_N``,
``PROGRESSIVE``...), and its games, each an EGN game embedded whole (``gameData``) with
the master ids of the four players by seat (``playersOverride``; seats 0 and 2 are one
side, 1 and 3 the other). A player may sit in different seats, or with different
partners, from game to game; the standings follow the players. See
``docs/record-format.md`` for the fields and the standings.

Reading checks the match (ids unique and known, four different players in each game)
and reads every game as :mod:`euchre.records.egn` does, replaying it; each becomes a
:class:`~euchre.records.record.Record` whose ``metadata["players"]`` are the master names.

>>> from euchre.records.egn import rules_from_egn, to_egn
>>> from euchre.engine.game import Game
>>> from euchre.records.record import Record
>>> game = Game(rules_from_egn({"num_deals": 2}), seed=1)
>>> while not game.is_over():
...     _ = game.apply(game.legal_actions()[-1])
>>> game.score
(0, 6)
>>> match = from_emn({"fileType": "Euchre Match Notation", "version": "1.2",
...     "metadata": {"players": [{"id": f"p{k}", "name": n} for k, n in enumerate("ABCD")]},
...     "games": [{"gameIndex": 0, "playersOverride": ["p0", "p1", "p2", "p3"],
...                "gameData": to_egn(Record.from_game(game))}]})
>>> match.games[0].record.metadata["players"]
['A', 'B', 'C', 'D']
>>> standings = match.standings()
>>> standings.metric, [(row.name, row.score) for row in standings.players]
('points', [('B', 6), ('D', 6), ('A', 0), ('C', 0)])
>>> standings.leaders
('p1', 'p3')
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from euchre.errors import RecordError
from euchre.records.egn import from_egn, to_egn
from euchre.records.files import write_record
from euchre.records.jsondata import (
    PathLike,
    as_int,
    as_list,
    as_object,
    as_string,
    describe,
    format_json,
    known_keys,
    parse_json,
    read_text,
    require,
)
from euchre.records.record import Record
from euchre.text import plural

__all__ = [
    "EMN_FILE_TYPE",
    "EMN_VERSIONS",
    "MATCH_FORMATS",
    "Match",
    "MatchGame",
    "MatchPlayer",
    "MatchTeam",
    "Standing",
    "Standings",
    "combine",
    "convert_match",
    "dumps_emn",
    "emn_version",
    "from_emn",
    "game_line",
    "game_paths",
    "load_emn",
    "loads_emn",
    "match_line",
    "standings_lines",
]

EMN_FILE_TYPE: Final = "Euchre Match Notation"
"""The ``fileType`` of an EMN file."""
EMN_VERSIONS: Final = ("1.0", "1.1", "1.2")
"""The EMN versions published (1.0 named ``playersOverride`` ``players``); later 1.x
versions are read as 1.2."""
MATCH_FORMATS: Final = (
    "BEST_OF_N",
    "PROGRESSIVE",
    "ROUND_ROBIN",
    "FIXED_GAMES",
    "TARGET_SCORE",
    "ELIMINATION",
    "SWISS",
    "TIMED",
    "SINGLE_GAME",
    "CUSTOM",
)
"""The ``matchFormat.type`` values EMN defines."""

Metric = Literal["games won", "points"]
"""What the standings count (see :class:`Standings`)."""
Status = Literal["COMPLETED", "IN_PROGRESS"]
"""Whether a match is over, in EMN's words."""

_STATUSES: Final = ("COMPLETED", "IN_PROGRESS", "FORFEIT", "DRAW")
_META_STRINGS: Final = ("matchId", "title", "description", "date")
_SEATS: Final = 4


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """A player of the match's registry: the master id and the name."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class MatchTeam:
    """A team of the match: its id, name and the master ids of its players."""

    id: str
    name: str
    player_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: its ``gameIndex``, who sat where, and the game itself."""

    index: int
    seats: tuple[str, str, str, str]
    """The master ids of the players by seat (0 and 2 one side, 1 and 3 the other)."""
    record: Record
    score: tuple[int, ...]
    """The game's score as its rules count it (side 0, side 1), from the replay."""
    winner: int | None
    """The winning side (0: seats 0 and 2), ``None`` while the game is not over or after
    a tie."""
    finished: bool
    """Whether the game reached its end (its target, or its number of deals)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: a player (or team), and what it has won.

    ``score`` is the match's measure: games won, or points (see :class:`Standings`).
    """

    id: str
    name: str
    games: int
    won: int
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class Standings:
    """A match's standings, players and teams best first.

    ``metric`` is ``"points"`` for a ``PROGRESSIVE`` match or one whose every game is a
    fixed number of deals (each player counts the points of the side it sat on), and
    ``"games won"`` otherwise. ``leaders`` are the players with the best score (none
    while nobody has scored). ``status`` is ``COMPLETED`` or ``IN_PROGRESS`` where the
    format says when a match ends, else ``None``.
    """

    metric: Metric
    players: tuple[Standing, ...]
    teams: tuple[Standing, ...]
    leaders: tuple[str, ...]
    status: Status | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """A match read from EMN: its players, teams, format and games."""

    metadata: dict[str, object]
    """``matchId``, ``title``, ``description``, ``date`` as the file gives them."""
    version: str
    players: tuple[MatchPlayer, ...]
    teams: tuple[MatchTeam, ...] = ()
    format: str | None = None
    target: int | None = None
    games: tuple[MatchGame, ...] = ()
    result: dict[str, object] | None = None
    """The file's own ``metadata.result`` (``status``, ``winner``, ``scores``), checked
    by :meth:`check`."""

    def name(self, player_id: str) -> str:
        """The name of a player of the registry."""
        return next(p.name for p in self.players if p.id == player_id)

    def standings(self) -> Standings:
        """The standings over every game (see :class:`Standings`)."""
        return _standings(self)

    def check(self) -> Standings:
        """Check every game (:meth:`~euchre.records.record.Record.check`) and the file's own
        ``result`` against the standings, and return the standings.

        Raises :class:`~euchre.errors.RecordError` naming the first disagreement.
        """
        for k, game in enumerate(self.games):
            try:
                game.record.check()
            except RecordError as error:
                raise RecordError(f"games[{k}] (game {k + 1}): {error}") from None
        standings = self.standings()
        _check_result(self, standings)
        return standings


# -- reading -----------------------------------------------------------------------------


def loads_emn(text: str | bytes) -> Match:
    """Read a match from EMN text (every game is replayed: every card must be legal)."""
    return from_emn(parse_json(text))


def load_emn(path: PathLike) -> Match:
    """Read an EMN file; errors name the file."""
    name = os.fspath(path)
    try:
        return loads_emn(read_text(path))
    except RecordError as error:
        if str(error).startswith(name):
            raise
        raise RecordError(f"{name}: {error}") from None


def from_emn(data: object) -> Match:
    """A match from EMN data (as :func:`json.loads` returns it); every game is replayed.

    Every problem raises :class:`~euchre.errors.RecordError` naming where it is.
    """
    top = as_object(data, "the EMN file")
    if top.get("fileType") != EMN_FILE_TYPE:
        hint = ""
        if top.get("fileType") == "Euchre Game Notation":
            hint = " (this is one EGN game: name it .egn)"
        elif "format" in top:
            hint = " (this looks like a native record: name it .json)"
        raise RecordError(f'fileType: an EMN file has "fileType": "{EMN_FILE_TYPE}"{hint}')
    version = top.get("version")
    emn_version(version)
    assert isinstance(version, str)
    known_keys(top, ("fileType", "version", "metadata", "games"), "the EMN file")
    meta = as_object(require(top, "metadata", "the EMN file"), "metadata")
    known_keys(
        meta,
        (*_META_STRINGS, "players", "teams", "matchFormat", "result"),
        "metadata",
    )
    metadata: dict[str, object] = {
        key: as_string(meta[key], f"metadata.{key}") for key in _META_STRINGS if key in meta
    }
    players = _players(require(meta, "players", "metadata"), "metadata.players")
    ids = {p.id for p in players}
    teams = _teams(meta.get("teams", []), ids, "metadata.teams")
    kind, target = _format(meta.get("matchFormat"), "metadata.matchFormat")
    result = _result(meta["result"], "metadata.result") if "result" in meta else None
    games = _games(require(top, "games", "the EMN file"), players, metadata, "games")
    return Match(
        metadata=metadata,
        version=version,
        players=players,
        teams=teams,
        format=kind,
        target=target,
        games=games,
        result=result,
    )


def emn_version(value: object) -> tuple[int, int]:
    """The (major, minor) of an EMN ``version``; :class:`~euchre.errors.RecordError`
    when it is not a 1.x version.

    >>> emn_version("1.1"), emn_version("1.2.0")
    ((1, 1), (1, 2))
    """
    parts = value.split(".") if isinstance(value, str) else []
    if not (1 <= len(parts) <= 3 and parts[0] == "1" and all(p.isdigit() for p in parts)):
        raise RecordError(
            f"version: EMN version {describe(value)} is not supported (versions "
            f"{EMN_VERSIONS[0]} to {EMN_VERSIONS[-1]} are, and later 1.x versions are read "
            f"as {EMN_VERSIONS[-1]})"
        )
    return (1, int(parts[1]) if len(parts) > 1 else 0)


def _players(value: object, where: str) -> tuple[MatchPlayer, ...]:
    items = as_list(value, where)
    if not items:
        raise RecordError(f"{where}: a match has players: the list is empty")
    players = []
    seen: dict[str, str] = {}
    for k, item in enumerate(items):
        place = f"{where}[{k}]"
        data = as_object(item, place)
        known_keys(data, ("id", "name", "playerIds"), place)
        pid = as_string(require(data, "id", place), f"{place}.id")
        name = as_string(require(data, "name", place), f"{place}.name")
        if pid in seen:
            raise RecordError(f"{place}.id: {pid!r} is given twice (also {seen[pid]})")
        seen[pid] = place
        if "playerIds" in data:
            _external_ids(data["playerIds"], f"{place}.playerIds")
        players.append(MatchPlayer(pid, name))
    return tuple(players)


def _external_ids(value: object, where: str) -> None:
    for k, item in enumerate(as_list(value, where)):
        place = f"{where}[{k}]"
        data = as_object(item, place)
        known_keys(data, ("id", "source"), place)
        for key in ("id", "source"):
            as_string(require(data, key, place), f"{place}.{key}")


def _teams(value: object, ids: set[str], where: str) -> tuple[MatchTeam, ...]:
    teams = []
    seen: dict[str, str] = {}
    for k, item in enumerate(as_list(value, where)):
        place = f"{where}[{k}]"
        data = as_object(item, place)
        known_keys(data, ("id", "name", "playerIds", "color"), place)
        tid = as_string(require(data, "id", place), f"{place}.id")
        name = as_string(require(data, "name", place), f"{place}.name")
        if tid in seen:
            raise RecordError(f"{place}.id: {tid!r} is given twice (also {seen[tid]})")
        seen[tid] = place
        if "color" in data:
            as_string(data["color"], f"{place}.color")
        members = []
        for j, raw in enumerate(as_list(data.get("playerIds", []), f"{place}.playerIds")):
            pid = as_string(raw, f"{place}.playerIds[{j}]")
            if pid not in ids:
                raise RecordError(
                    f"{place}.playerIds[{j}]: {pid!r} is not a player of metadata.players"
                )
            members.append(pid)
        teams.append(MatchTeam(tid, name, tuple(members)))
    return tuple(teams)


def _format(value: object, where: str) -> tuple[str | None, int | None]:
    if value is None:
        return None, None
    data = as_object(value, where)
    known_keys(data, ("type", "target"), where)
    kind = as_string(require(data, "type", where), f"{where}.type")
    if kind not in MATCH_FORMATS:
        raise RecordError(
            f"{where}.type: unknown match format {kind!r} (the formats are "
            f"{', '.join(MATCH_FORMATS)})"
        )
    target = as_int(data["target"], f"{where}.target", 1) if "target" in data else None
    return kind, target


def _result(value: object, where: str) -> dict[str, object]:
    data = as_object(value, where)
    known_keys(data, ("status", "winner", "scores"), where)
    if "status" in data and data["status"] not in _STATUSES:
        raise RecordError(
            f"{where}.status: must be one of {', '.join(_STATUSES)}, not {describe(data['status'])}"
        )
    if "winner" in data:
        for k, item in enumerate(as_list(data["winner"], f"{where}.winner")):
            as_string(item, f"{where}.winner[{k}]")
    if "scores" in data:
        for key, score in as_object(data["scores"], f"{where}.scores").items():
            if isinstance(score, bool) or not isinstance(score, int | float) or not (
                math.isfinite(score)
            ):
                raise RecordError(f"{where}.scores.{key}: must be a number, not {describe(score)}")
    return data


def _games(
    value: object,
    players: tuple[MatchPlayer, ...],
    metadata: dict[str, object],
    where: str,
) -> tuple[MatchGame, ...]:
    names = {p.id: p.name for p in players}
    games = []
    indexes: dict[int, str] = {}
    for k, item in enumerate(as_list(value, where)):
        place = f"{where}[{k}]"
        data = as_object(item, place)
        if "players" in data and "playersOverride" not in data:
            data = {("playersOverride" if key == "players" else key): v
                    for key, v in data.items()}  # EMN 1.0's name
        known_keys(data, ("gameIndex", "playersOverride", "gameData"), place)
        index = as_int(require(data, "gameIndex", place), f"{place}.gameIndex", 0)
        if index in indexes:
            raise RecordError(
                f"{place}.gameIndex: {index} is given twice (also {indexes[index]})"
            )
        indexes[index] = place
        seats = _seats(require(data, "playersOverride", place), names, f"{place}.playersOverride")
        raw = require(data, "gameData", place)
        if not isinstance(raw, dict):
            raise RecordError(
                f"{place}.gameData: must be a JSON object (an EGN game, embedded whole), "
                f"not {describe(raw)}"
            )
        record = _game_record(raw, f"{place}.gameData")
        if record.rules.players != _SEATS:
            raise RecordError(
                f"{place}.gameData: an EMN match is four-handed, this game has "
                f"{record.rules.players} players"
            )
        game_metadata = dict(record.metadata)
        game_metadata["players"] = [names[pid] for pid in seats]
        game_metadata["playerIds"] = list(seats)
        game_metadata["gameIndex"] = index
        if "title" in metadata:
            game_metadata["match"] = metadata["title"]
        game = record.replay()  # as its rules count it (deals after its end do not)
        games.append(MatchGame(index, seats, dataclasses.replace(record, metadata=game_metadata),
                               game.score, game.winner(), game.is_over()))
    return tuple(games)


def _seats(value: object, names: dict[str, str], where: str) -> tuple[str, str, str, str]:
    items = as_list(value, where)
    if len(items) != _SEATS:
        raise RecordError(f"{where}: four players, by seat, not {len(items)}")
    seats: list[str] = []
    for k, item in enumerate(items):
        pid = as_string(item, f"{where}[{k}]")
        if pid not in names:
            raise RecordError(f"{where}[{k}]: {pid!r} is not a player of metadata.players")
        if pid in seats:
            raise RecordError(
                f"{where}[{k}]: {pid!r} sits twice in one game (also seat {seats.index(pid)})"
            )
        seats.append(pid)
    return (seats[0], seats[1], seats[2], seats[3])


def _game_record(data: dict[str, object], where: str) -> Record:
    """One embedded EGN game; its errors are placed inside the match."""
    try:
        return from_egn(data)
    except RecordError as error:
        message = str(error).replace("(also deals[", f"(also {where}.deals[")
        if message.startswith("the EGN file"):
            raise RecordError(where + message[len("the EGN file"):]) from None
        glue = "." if message.startswith(("deals", "metadata", "fileType", "version")) else ": "
        raise RecordError(f"{where}{glue}{message}") from None


# -- standings ---------------------------------------------------------------------------


def _standings(match: Match) -> Standings:
    by_points = match.format == "PROGRESSIVE" or (
        bool(match.games) and all(g.record.rules.deals > 0 for g in match.games)
    )
    metric: Metric = "points" if by_points else "games won"
    games = dict.fromkeys((p.id for p in match.players), 0)
    won = dict(games)
    points = dict(games)
    for game in match.games:
        team_of = game.record.rules.seating.team_of
        for seat, pid in enumerate(game.seats):
            games[pid] += 1
            points[pid] += game.score[team_of[seat]]
            if game.winner == team_of[seat]:
                won[pid] += 1
    rows = [
        Standing(p.id, p.name, games[p.id], won[p.id], points[p.id],
                 points[p.id] if by_points else won[p.id])
        for p in match.players
    ]
    team_rows = []
    for team in match.teams:
        members = set(team.player_ids)
        t_games = t_won = t_points = 0
        for game in match.games:
            team_of = game.record.rules.seating.team_of
            sides = {team_of[seat] for seat, pid in enumerate(game.seats) if pid in members}
            if sides:
                t_games += 1
            t_points += sum(game.score[side] for side in sides)
            t_won += sum(1 for side in sides if game.winner == side)
        team_rows.append(Standing(team.id, team.name, t_games, t_won, t_points,
                                  t_points if by_points else t_won))
    best = max((row.score for row in rows), default=0)
    leaders = tuple(row.id for row in rows if row.score == best) if best > 0 else ()
    return Standings(
        metric=metric,
        players=tuple(sorted(rows, key=lambda r: -r.score)),
        teams=tuple(sorted(team_rows, key=lambda r: -r.score)),
        leaders=leaders,
        status=_status(match, best),
    )


def _status(match: Match, best: int) -> Status | None:
    """Whether the match is over, where its format says when that is."""
    target = match.target
    finished = sum(1 for g in match.games if g.finished)
    if target is None:
        return None
    if match.format == "BEST_OF_N":
        over = best >= target // 2 + 1 or finished >= target
    elif match.format == "TARGET_SCORE":
        over = best >= target
    elif match.format in ("FIXED_GAMES", "PROGRESSIVE"):
        over = finished >= target
    else:
        return None
    return "COMPLETED" if over else "IN_PROGRESS"


def _check_result(match: Match, standings: Standings) -> None:
    stored = match.result
    if stored is None:
        return
    scores = {row.id: row.score for row in (*standings.players, *standings.teams)}
    given = stored.get("scores")
    if isinstance(given, dict):
        for key, value in given.items():
            if key not in scores:
                raise RecordError(
                    f"metadata.result.scores.{key}: not a player or team of the match"
                )
            if value != scores[key]:
                raise RecordError(
                    f"metadata.result.scores.{key}: the file says {value}, the games give "
                    f"{scores[key]} ({standings.metric})"
                )
    winner = stored.get("winner")
    player_ids = {p.id for p in match.players}
    # a winner may also be a team's key: only a list of players is compared
    if not isinstance(winner, list) or not winner or not set(winner) <= player_ids:
        return
    if set(winner) != set(standings.leaders):
        mine = ", ".join(standings.leaders) or "nobody yet"
        raise RecordError(
            f"metadata.result.winner: the file says {', '.join(map(str, winner))}, "
            f"the games give {mine}"
        )


# -- writing -----------------------------------------------------------------------------


def combine(records: list[Record], *, format: str | None = None, target: int | None = None,
            title: str | None = None) -> Match:
    """A match of ``records``, four-handed games in the order given: each player (a
    name of a record's ``metadata["players"]``, by seat) gets a master id, ``p-01``
    on, in the order they first sit down; ``format`` and ``target`` are the match's
    (``PROGRESSIVE`` and the games of the evening, say). Every game is replayed."""
    if format is not None and format not in MATCH_FORMATS:
        raise RecordError(f"a match format is one of {', '.join(MATCH_FORMATS)}, not "
                          f"{format!r}")
    if not records:
        raise RecordError("a match has at least one game")
    ids: dict[str, str] = {}
    games = []
    for k, record in enumerate(records):
        names = record.metadata.get("players")
        if record.rules.players != _SEATS or not isinstance(names, list) or len(
                names) != _SEATS or len(set(map(str, names))) != _SEATS:
            raise RecordError(f"game {k + 1}: an EMN game is four-handed, with four "
                              f"different players named by seat")
        for name in map(str, names):
            ids.setdefault(name, f"p-{len(ids) + 1:02d}")
        seats = tuple(ids[str(n)] for n in names)
        try:
            data = to_egn(record)
        except RecordError as error:
            raise RecordError(f"game {k + 1}: {error}") from None
        games.append({"gameIndex": k, "playersOverride": list(seats), "gameData": data})
    metadata: dict[str, object] = {
        "players": [{"id": pid, "name": name} for name, pid in ids.items()]}
    if title is not None:
        metadata["title"] = title
    if format is not None:
        metadata["matchFormat"] = _match_format(format, target)
    match = from_emn({"fileType": EMN_FILE_TYPE, "version": EMN_VERSIONS[-1],
                      "metadata": metadata, "games": games})
    return dataclasses.replace(match, result=_result_of(match))


def _match_format(format: str, target: int | None) -> dict[str, object]:
    """``metadata.matchFormat``: the type, and the target where there is one."""
    return {"type": format} | ({} if target is None else {"target": target})


def _result_of(match: Match) -> dict[str, object]:
    """The match's ``metadata.result``, as its standings give it."""
    standings = match.standings()
    result: dict[str, object] = {
        "scores": {row.id: row.score for row in standings.players},
        "winner": list(standings.leaders)}
    if standings.status is not None:
        result["status"] = standings.status
    return result


def dumps_emn(match: Match) -> str:
    """``match`` as EMN text: its registry, format, result and every game as EGN.

    >>> from euchre.engine.game import Game
    >>> from euchre.records.egn import rules_from_egn
    >>> game = Game(rules_from_egn({"num_deals": 1}), seed=3)
    >>> while not game.is_over():
    ...     _ = game.apply(game.legal_actions()[0])
    >>> record = Record.from_game(game, {"players": ["Ann", "Bo", "Cy", "Di"]})
    >>> again = loads_emn(dumps_emn(combine([record], format="PROGRESSIVE", target=1)))
    >>> again.format, [p.name for p in again.players], again.check().status
    ('PROGRESSIVE', ['Ann', 'Bo', 'Cy', 'Di'], 'COMPLETED')
    """
    metadata: dict[str, object] = {
        key: value for key, value in match.metadata.items() if key in _META_STRINGS}
    metadata["players"] = [{"id": p.id, "name": p.name} for p in match.players]
    if match.teams:
        metadata["teams"] = [{"id": t.id, "name": t.name, "playerIds": list(t.player_ids)}
                             for t in match.teams]
    if match.format is not None:
        metadata["matchFormat"] = _match_format(match.format, match.target)
    if match.result is not None:
        metadata["result"] = match.result
    games = [{"gameIndex": g.index, "playersOverride": list(g.seats),
              "gameData": to_egn(g.record)} for g in match.games]
    return format_json({"fileType": EMN_FILE_TYPE, "version": EMN_VERSIONS[-1],
                        "metadata": metadata, "games": games}) + "\n"


# -- the command's faces -----------------------------------------------------------------


def _side(match: Match, game: MatchGame, side: int) -> str:
    return " and ".join(match.name(pid) for pid in game.seats[side::2])


def standings_lines(match: Match, standings: Standings) -> list[str]:
    """The standings as lines of text."""
    lines = [f"Standings ({standings.metric}):"]
    width = max((len(row.name) for row in (*standings.players, *standings.teams)), default=0)
    for place, row in enumerate(standings.players, 1):
        lines.append(
            f"  {place}. {row.name:<{width}}  {row.score:>3}   "
            f"({row.won} won of {plural(row.games, 'game')}, {plural(row.points, 'point')})"
        )
    if standings.teams:
        lines.append(f"Teams ({standings.metric}):")
        for place, row in enumerate(standings.teams, 1):
            lines.append(f"  {place}. {row.name:<{width}}  {row.score:>3}")
    leaders = standings.leaders
    if leaders:
        verb = "win" if standings.status == "COMPLETED" else "lead"
        names = " and ".join(match.name(pid) for pid in leaders)
        lines.append(f"{names} {verb if len(leaders) > 1 else verb + 's'}" + {
            "COMPLETED": ": the match is over",
            "IN_PROGRESS": ": the match is not over",
            None: " (the match's format does not say when it ends)",
        }[standings.status])
    return lines


def match_line(match: Match) -> str:
    title = match.metadata.get("title")
    form = ""
    if match.format:
        target = f", target {match.target}" if match.target is not None else ""
        form = f" ({match.format}{target})"
    return f"{title or 'A match'}: {plural(len(match.games), 'game')}{form}"


def game_line(match: Match, k: int, game: MatchGame) -> str:
    title = game.record.metadata.get("title")
    named = f" ({title})" if isinstance(title, str) and title else ""
    score = game.score
    sides = f"{_side(match, game, 0)} {score[0]}, {_side(match, game, 1)} {score[1]}"
    if game.winner is not None:
        end = f": {_side(match, game, game.winner)} win"
    elif game.finished:
        end = ": a tie"
    else:
        end = " (not finished)"
    deals = plural(len(game.record.deals), "deal")
    return f"Game {k + 1} of {len(match.games)}{named}: {sides} after {deals}{end}"


def game_paths(match_path: PathLike, output: PathLike, count: int) -> list[Path]:
    """Where ``euchre convert MATCH.emn OUTPUT`` writes the games: ``OUT.json`` gives
    ``OUT-1.json``, ``OUT-2.json``...; ``OUT.egn`` the same as EGN; an existing folder
    gives ``FOLDER/MATCH-1.json``... (``MATCH`` the match file's name).

    >>> [str(p) for p in game_paths("w5.emn", "out/week5.egn", 2)]
    ['out/week5-1.egn', 'out/week5-2.egn']
    """
    out = Path(output)
    if out.is_dir():
        base, suffix = out / Path(match_path).stem, ".json"
    elif out.suffix.lower() in (".json", ".egn"):
        base, suffix = out.with_suffix(""), out.suffix
    else:
        raise RecordError(
            f"{os.fspath(output)}: a match converts to one record per game: name the "
            "output OUT.json (OUT-1.json, OUT-2.json...), OUT.egn, or an existing folder"
        )
    return [base.with_name(f"{base.name}-{k}{suffix}") for k in range(1, count + 1)]


def convert_match(path: PathLike, output: PathLike,
                  write: Callable[[str], None] = print) -> list[Path]:
    """What ``euchre convert MATCH.emn OUTPUT`` does: write one record per game (see
    :func:`game_paths`), each with the master names as its players."""
    match = load_emn(path)
    paths = game_paths(path, output, len(match.games))
    for game, target in zip(match.games, paths, strict=True):
        write_record(game.record, target)
        write(f"wrote {target} ({plural(len(game.record.deals), 'deal')})")
    return paths
